"""Hypothesis: any text cut and reassembled from the real books is either read (and linted) or rejected
with BadInput — never another exception; and moving role sections around changes no role's id."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruleproof.books import BOOKS, Source
from ruleproof.errors import BadInput
from ruleproof.lint import run_lint
from ruleproof.text import read_document

LINES = [
    ln
    for key in ("genshin165", "jiejie140", "botc-m124", "random41")
    for ln in BOOKS[key].read_bytes().decode("utf-8").split("\n")
]
BOTC = BOOKS["botc-m124"].read_bytes().decode("utf-8")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(LINES), min_size=0, max_size=80))
def test_reassembled_text_is_read_or_rejected(lines: list[str]) -> None:
    source = Source("fuzz.txt", "\n".join(lines).encode("utf-8"))
    try:
        doc = read_document(source)
    except BadInput:
        return
    findings = run_lint(doc)
    assert all(f.line is None or 0 < f.line <= len(doc.lines) for f in findings)
    assert len({c.id for c in doc}) == len(doc.clauses)


def _role_blocks() -> tuple[str, list[str], str]:
    """血染钟楼's Townsfolk section cut into its role blocks (a role's name line and its skill lines)."""
    start, end = BOTC.index("洗衣妇\n"), BOTC.index("外来者：")
    head, body, tail = BOTC[:start], BOTC[start:end], BOTC[end:]
    names = [
        "洗衣妇",
        "图书管理员",
        "调查员",
        "厨师",
        "钟表匠",
        "贵族",
        "小精灵",
        "赏金猎人",
        "共情者",
        "数学家",
    ]
    cuts = [body.index(f"\n\n{n}\n") + 2 if i else 0 for i, n in enumerate(names)] + [
        body.index("\n\n冒险家\n") + 2
    ]
    blocks = [body[a:b] for a, b in itertools.pairwise(cuts)]
    return head, blocks, body[cuts[-1] :] + tail


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(list(range(10))))
def test_role_ids_do_not_depend_on_order(order: list[int]) -> None:
    head, blocks, tail = _role_blocks()
    text = head + "".join(blocks[i] for i in order) + tail
    doc = read_document(Source("botc.txt", text.encode("utf-8")))
    assert {c.id for c in doc if c.role} == {
        c.id for c in read_document(Source("b.txt", BOTC.encode())) if c.role
    }
