"""A study's outputs: ``result.json`` (per sweep value and metric: estimate, 95 % interval, N), a report
(``report.md``) saying in plain words what the numbers answer and under which policy, and plots
(matplotlib, PNG and SVG): the metrics per sweep value with their intervals, and histograms.

Same seed, same bytes: the JSON holds no time or path, SVGs are written without a date and with a fixed
id salt.  Files are written whole or not at all (a temporary file renamed into place).
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ruleproof.books import BookProfile
from ruleproof.errors import UserError
from ruleproof.fsutil import atomic_write_files, make_folder
from ruleproof.jsonout import dumps
from ruleproof.studies.stats import Hist, summary
from ruleproof.studies.study import Metric, Study, StudyResult

FORMAT = "ruleproof-study/1"


def question_line(book: BookProfile, quote: str) -> int | None:
    """The line of the book's text where ``quote`` stands (spaces ignored, radicals normalized), or None
    when a revision no longer says it."""
    from ruleproof.text.decode import decode
    from ruleproof.text.normalize import normalize

    text, _ = decode(book.read_bytes(), book.filename or book.key)
    want = "".join(quote.split())
    for i, line in enumerate(normalize(text).split("\n"), start=1):
        if want in "".join(line.split()):
            return i
    return None


def build(
    result: StudyResult, study: Study, book: BookProfile, policies: Mapping[str, tuple[str, str]]
) -> dict[str, Any]:
    """The JSON document of a finished study."""
    q = study.question
    metrics: dict[str, Metric] = {m.key: m for m in study.metrics}
    results: dict[str, Any] = {}
    for value, agg in result.aggregates.items():
        out: dict[str, Any] = {}
        for key, m in metrics.items():
            acc = agg.acc.get(key)
            s = summary(acc) if acc is not None else {"estimate": None, "ci95": None, "n": 0}
            out[key] = {"zh": m.zh, "en": m.en, "unit": m.unit, **s}
        results[value] = {"context": result.contexts.get(value, {}), "games": agg.games, "metrics": out}
    summaries = {v: r["metrics"] for v, r in results.items()}
    settings = dict(result.config.settings)
    return {
        "format": FORMAT,
        "book": book.book_id,
        "study": study.name,
        "title": {"zh": study.title[0], "en": study.title[1]},
        "question": {
            "clause": q.clause,
            "line": question_line(book, q.quote),
            "quote": q.quote,
            "zh": q.zh,
            "en": q.en,
        },
        "seed": result.seed,
        "games": result.games,
        "game_seeds": f"{result.seed} × 10^9 + i, i = 0 … {result.games - 1} (the same for every sweep value)",
        "config": result.config.to_json(),
        "sweep": {"key": result.sweep_key, "values": list(result.aggregates)} if result.sweep_key else None,
        "policies": {
            name: {"zh": zh, "en": en} for name, (zh, en) in sorted(policies.items()) if _used(name, results)
        },
        "results": results,
        "conclusion": {
            "zh": study.conclude(summaries, settings, "zh"),
            "en": study.conclude(summaries, settings, "en"),
        },
    }


def _used(name: str, results: Mapping[str, Any]) -> bool:
    return any(name in r["context"].get("policies", {}).values() for r in results.values())


# ── text ─────────────────────────────────────────────────────────────────────────────────────


def fmt(x: object, unit: str) -> str:
    if x is None:
        return "—"
    if unit == "share" and isinstance(x, float | int):
        return f"{100 * x:.1f}%"
    return f"{x:g}" if isinstance(x, float | int) else str(x)


def table(doc: Mapping[str, Any], lang: str) -> list[str]:
    """One markdown table: a row per metric, a column per sweep value (estimate [95 % CI], N)."""
    en = lang == "en"
    values = list(doc["results"])
    head = ["metric" if en else "指标"] + [v or ("value" if en else "结果") for v in values]
    rows = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    first = doc["results"][values[0]]["metrics"]
    for key, m in first.items():
        cells = [m["en"] if en else m["zh"]]
        for v in values:
            s = doc["results"][v]["metrics"][key]
            ci = s["ci95"]
            ci_s = f" [{fmt(ci[0], s['unit'])}, {fmt(ci[1], s['unit'])}]" if ci else ""
            label = (
                "median "
                if s.get("kind") == "median" and en
                else ("中位数 " if s.get("kind") == "median" else "")
            )
            cells.append(f"{label}{fmt(s['estimate'], s['unit'])}{ci_s}, N={s['n']}")
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def markdown(doc: Mapping[str, Any], plots: Sequence[str], lang: str) -> str:
    en = lang == "en"
    q = doc["question"]
    title = doc["title"]["en" if en else "zh"]
    where = f"{q['clause']}, line {q['line']}" if en else f"{q['clause']}，第 {q['line']} 行"
    lines = [f"# {doc['study']}: {title}", ""]
    lines.append(f"> 「{q['quote']}」 ({where})" if q["line"] else f"> 「{q['quote']}」 ({q['clause']})")
    lines += ["", (f"**Question.** {q['en']}" if en else f"**问题。** {q['zh']}"), ""]
    lines.append(
        f"**Answer** ({doc['games']} games per value, seed {doc['seed']}):"
        if en
        else f"**回答**（每个取值 {doc['games']} 局，种子 {doc['seed']}）："
    )
    lines += [""] + [f"- {s}" for s in doc["conclusion"]["en" if en else "zh"]] + [""]
    lines += [*table(doc, lang), ""]
    lines.append("**Policies** (who → policy):" if en else "**策略**（对象 → 策略）：")
    first = next(iter(doc["results"].values()))["context"]
    for who, name in first.get("policies", {}).items():
        p = doc["policies"].get(name, {})
        lines.append(f"- `{who}` → `{name}`: {p.get('en' if en else 'zh', '')}")
    if doc["sweep"]:
        k = doc["sweep"]["key"]
        lines.append(
            f"\nSwept: `{k}` over {doc['sweep']['values']}."
            if en
            else f"\n扫描：`{k}` 取 {doc['sweep']['values']}。"
        )
    lines.append("")
    lines += [f"![{p}]({p})" for p in plots if p.endswith(".png")]
    return "\n".join(lines) + "\n"


def docs_section(folder: Path, names: Sequence[str]) -> str:
    """The generated part of docs/studies.md: per study its question, answer, table and plots, read from
    ``folder/<name>/result.json`` (written by ``ruleproof study NAME --out folder/NAME``)."""
    import json

    parts = []
    for name in names:
        doc = json.loads((folder / name / "result.json").read_text(encoding="utf-8"))
        q = doc["question"]
        parts.append(f"### `{name}` — {doc['title']['zh']}（{doc['title']['en']}）\n")
        where = f"{q['clause']}，第 {q['line']} 行" if q["line"] else q["clause"]
        parts.append(f"> 「{q['quote']}」（{where}）\n")
        parts.append(f"问题：{q['zh']}  \nQuestion: {q['en']}\n")
        sweep = f"，扫描 `{doc['sweep']['key']}`" if doc["sweep"] else ""
        parts.append(
            f"`ruleproof study {name} --games {doc['games']} --seed {doc['seed']}`"
            f"（每个取值 {doc['games']} 局{sweep}）：\n"
        )
        parts += [f"- {s}" for s in doc["conclusion"]["zh"]]
        parts += [f"- {s}" for s in doc["conclusion"]["en"]]
        parts.append("")
        parts += table(doc, "zh")
        pol = next(iter(doc["results"].values()))["context"]["policies"]
        parts.append("\n策略 policies: " + "，".join(f"`{who}` → `{p}`" for who, p in pol.items()) + "\n")
        pngs = sorted(p.name for p in (folder / name).glob("*.png"))
        parts += [f"![{name} {p}]({folder.name}/{name}/{p})" for p in pngs]
        parts.append("")
    return "\n".join(parts) + "\n"


# ── plots ────────────────────────────────────────────────────────────────────────────────────

_CJK_FONTS = ("Noto Sans CJK SC", "Noto Serif CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "SimHei")


def _setup_matplotlib(lang: str) -> tuple[Any, str]:
    """matplotlib with the Agg backend; Chinese labels when a CJK font is installed, else English."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager

    plt.rcParams["svg.hashsalt"] = "ruleproof"
    plt.rcParams["axes.unicode_minus"] = False
    if lang != "en":
        names = {f.name for f in font_manager.fontManager.ttflist}
        found = [f for f in _CJK_FONTS if f in names]
        if found:
            plt.rcParams["font.family"] = [found[0], "DejaVu Sans"]
            return plt, "zh"
    return plt, "en"


def plots(doc: Mapping[str, Any], study: Study, lang: str) -> dict[str, bytes]:
    """The plots: file name → bytes (PNG and SVG of each)."""
    plt, lang = _setup_matplotlib(lang)
    en = lang == "en"
    names: dict[str, bytes] = {}
    values = list(doc["results"])
    labels = [v or ("current rules" if en else "现行规则") for v in values]
    share = [m for m in study.metrics if m.plot and m.unit == "share"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    if doc["sweep"]:
        for m in share:
            ests, lo, hi = [], [], []
            for v in values:
                s = doc["results"][v]["metrics"][m.key]
                e = s["estimate"]
                ci = s["ci95"] or [e, e]
                ests.append(e if e is not None else float("nan"))
                lo.append((e - ci[0]) if e is not None else 0.0)
                hi.append((ci[1] - e) if e is not None else 0.0)
            ax.errorbar(labels, ests, yerr=[lo, hi], marker="o", capsize=4, label=m.en if en else m.zh)
        ax.set_xlabel(doc["sweep"]["key"])
    else:
        s_all = doc["results"][values[0]]["metrics"]
        keys = [m for m in share if s_all[m.key]["estimate"] is not None]
        ests = [s_all[m.key]["estimate"] for m in keys]
        lo = [e - (s_all[m.key]["ci95"] or [e, e])[0] for m, e in zip(keys, ests, strict=True)]
        hi = [(s_all[m.key]["ci95"] or [e, e])[1] - e for m, e in zip(keys, ests, strict=True)]
        ax.barh([m.en if en else m.zh for m in keys], ests, xerr=[lo, hi], capsize=4, color="#4c72b0")
        ax.invert_yaxis()
    ax.set_ylim(0, 1) if doc["sweep"] else ax.set_xlim(0, 1)
    title = doc["title"]["en" if en else "zh"]
    ax.set_title(f"{title}  (N={doc['games']}, 95% CI)")
    if doc["sweep"]:
        ax.legend(fontsize=8, loc="best")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    names |= _save(fig, "summary")
    plt.close(fig)
    for key in study.histograms:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        metric = next(m for m in study.metrics if m.key == key)
        drawn = False
        width = 0.8 / max(1, len(values))
        for i, v in enumerate(values):
            s = doc["results"][v]["metrics"][key]
            counts = Hist({int(k): c for k, c in (s.get("histogram") or {}).items()})
            total = counts.n
            if not total:
                continue
            xs = sorted(counts.counts)
            ys = [counts.counts[x] / total for x in xs]
            ax.bar([x + (i - (len(values) - 1) / 2) * width for x in xs], ys, width=width, label=labels[i])
            med = s["estimate"]
            if med is not None:
                ax.axvline(
                    med,
                    color="black" if len(values) == 1 else f"C{i}",
                    linestyle="--",
                    linewidth=1.5,
                    zorder=5,
                )
            drawn = True
        if not drawn:
            plt.close(fig)
            continue
        ax.set_xlabel(metric.en if en else metric.zh)
        ax.set_ylabel("share of observations" if en else "占比")
        ax.set_title(f"{metric.en if en else metric.zh}  ({'dashed: median' if en else '虚线：中位数'})")
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        names |= _save(fig, f"hist-{key}")
        plt.close(fig)
    return names


def _save(fig: Any, stem: str) -> dict[str, bytes]:
    out = {}
    for ext, meta in (("png", {"Software": None}), ("svg", {"Date": None, "Creator": None})):
        buf = io.BytesIO()
        fig.savefig(buf, format=ext, metadata=meta, dpi=110)
        out[f"{stem}.{ext}"] = buf.getvalue()
    return out


def prepare_out(path: Path) -> Path:
    """The output folder, created if needed (before any game is played); one clear line, exit 2, when it
    cannot be or cannot be written."""
    folder = make_folder(path)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UserError(f"输出目录不可写：{path}", f"the output folder is not writable: {path}")
    return folder


def write_all(doc: Mapping[str, Any], study: Study, out: Path, lang: str) -> list[str]:
    """result.json, the plots, report.md (Chinese) and report.en.md — all made first, then written as
    one set (:func:`ruleproof.fsutil.atomic_write_files`: a target in the way is one line and nothing is
    written, never a result without its reports)."""
    images = plots(doc, study, lang)
    files = {"result.json": dumps(doc).encode("utf-8"), **images}
    files["report.md"] = markdown(doc, list(images), "zh").encode("utf-8")
    files["report.en.md"] = markdown(doc, list(images), "en").encode("utf-8")
    atomic_write_files(out, files)
    return list(files)


def rewrite(folder: Path, study: Study, lang: str) -> list[str]:
    """Write a study folder anew from its ``result.json``: the conclusion recomputed from the summaries (a
    changed wording of ``conclude`` without replaying the games), then the plots and reports as
    :func:`write_all` writes them — the bytes a fresh run with the same seed would write."""
    import json

    doc = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    summaries = {v: r["metrics"] for v, r in doc["results"].items()}
    settings = doc["config"]["settings"]
    doc["conclusion"] = {
        "zh": study.conclude(summaries, settings, "zh"),
        "en": study.conclude(summaries, settings, "en"),
    }
    return write_all(doc, study, folder, lang)


__all__ = [
    "FORMAT",
    "build",
    "docs_section",
    "markdown",
    "plots",
    "prepare_out",
    "question_line",
    "rewrite",
    "table",
    "write_all",
]
