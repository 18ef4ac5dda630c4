"""``ruleproof conform --engine CMD [VECTORS…]`` — run another engine on the test vectors.

The engine is started as ``CMD`` (split as a shell would, not run by a shell) and spoken to over the
line-oriented JSON protocol ``ruleproof-conform/1`` (docs/conformance.md); every vector is fed to it and its
replies are checked with the same checks ``replay`` uses.  Every vector is reported (``ok`` / ``FAIL`` with
each mismatch and the vector's clause ids / ``ERROR``), then a summary.  Without VECTORS: every bundled
book's hand-checked vectors and counterexamples.  ``--format json`` / ``junit`` for machines; ``--output``
writes the report to a file.  Exit 0 when every vector passes, 1 when some failed or the engine errored on some, 2 when the
engine cannot be started or does not speak the protocol (one line), or some vector is malformed (every
vector still reported).
"""

from __future__ import annotations

import argparse
import shlex

from ruleproof.cli.cmd_replay import expand, load
from ruleproof.cli.i18n import t
from ruleproof.conform import report
from ruleproof.conform.runner import DEFAULT_TIMEOUT, Conformance, EngineProcess
from ruleproof.errors import BadInput
from ruleproof.fsutil import atomic_write_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "conform",
        help=t("用测试向量检验另一个引擎（一致性测试）", "run another engine on the test vectors"),
        description=t("用测试向量检验另一个引擎（一致性测试）", __doc__ or ""),
    )
    p.add_argument(
        "--engine",
        required=True,
        metavar="CMD",
        help=t(
            "被测引擎的命令行（协议经 stdin/stdout）", "the engine's command line (protocol on stdin/stdout)"
        ),
    )
    p.add_argument(
        "vectors",
        nargs="*",
        metavar="VECTOR",
        help=t("向量文件或目录（默认：整个语料库）", "vector files or directories (default: the corpus)"),
    )
    p.add_argument("--format", choices=("text", "json", "junit"), default="text")
    p.add_argument(
        "--output",
        metavar="FILE",
        help=t("把报告写入此文件而非标准输出", "write the report here instead of stdout"),
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=t("每个用例的时限（秒，默认 60）", "seconds per case (default 60)"),
    )
    p.set_defaults(func=run)


def default_vectors() -> list[str]:
    from ruleproof.vectors.corpus import corpus_sources

    return [str(p) for p in corpus_sources()]  # files: sub-folders (readings/) included


def run(args: argparse.Namespace) -> int:
    argv = shlex.split(args.engine)
    if not argv:
        raise BadInput("--engine 为空", "--engine is empty")
    paths = expand(args.vectors or default_vectors())
    engine = EngineProcess(argv, timeout=args.timeout)
    reports = Conformance(engine, load).run(paths)
    info = engine.info
    if args.format == "json":
        out = report.json_report(reports, info)
    elif args.format == "junit":
        out = report.junit(reports, info)
    else:
        out = report.text(reports, info, args.lang)
    if args.output:
        atomic_write_text(args.output, out)  # the one writer: a folder / full disk is one line, exit 2
        if args.format != "text":
            print(report.text(reports, info, args.lang).splitlines()[-1])
    else:
        print(out, end="")
    if any(r.malformed for r in reports):
        return 2  # a vector that cannot be read or is malformed: bad input, as for replay
    return 0 if all(r.status == "pass" for r in reports) else 1
