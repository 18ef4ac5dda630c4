"""Order extraction (check f) on small synthetic rulebooks: captions, row labels, class pairs, lead-ins,
qualified names, negations — each positive and negative (tests/lint/books.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import networkx as nx

from ruleproof.findings import Finding
from ruleproof.lint import run_lint
from ruleproof.lint.context import LintContext
from ruleproof.lint.orders import extract_order_tables
from tests.conftest import doc_from_text
from tests.lint.books import edit

LAYERS = "层序为「保护→巡逻→护甲」，类内依明文。"
GLOSSARY = "层序依 2.1 为「保护→巡逻→护甲」。"
GENERAL = "各批次只声明相对默认的差量。"
VICTORY = "按下列顺序取最先命中者："


def tables(text: str) -> dict[str, nx.DiGraph[str]]:
    return {k: t.graph for k, t in extract_order_tables(LintContext(doc_from_text(text))).items()}


def orders(text: str) -> list[Finding]:
    return [f for f in run_lint(doc_from_text(text)) if f.check in ("order-conflict", "order-cycle")]


# ------------------------------------------------------------------------ item marker and caption


CAPTION = "①现行层序·伤害侧【唯一权威源】保护→巡逻→护甲，类内依明文。"


def test_a_chain_after_an_item_marker_and_a_caption_is_read() -> None:
    g = tables(edit((LAYERS, CAPTION)))["2.1"]
    assert g.has_edge("保护", "巡逻") and g.has_edge("巡逻", "护甲")
    assert not any(n.startswith(("①", "现行")) for n in g)
    assert orders(edit((LAYERS, CAPTION))) == []
    # so a restatement that contradicts it is caught
    swapped = edit((LAYERS, CAPTION), (GLOSSARY, "层序依 2.1 为「巡逻→保护→护甲」。"))
    assert {(f.check, f.clause) for f in orders(swapped)} == {("order-conflict", "附录一")}


def test_labels_on_every_element_stay_and_a_trailing_label_goes() -> None:
    g = tables(edit((GENERAL, "白天流程：〇留言→①自由讨论→②投票。")))["2.2"]
    assert set(g.nodes) == {"〇留言", "①自由讨论", "②投票"}
    g = tables(edit((LAYERS, "层序为「保护→巡逻→护甲【定案】」。")))["2.1"]
    assert set(g.nodes) == {"保护", "巡逻", "护甲"}
    # a name that is all label keeps it
    g = tables(edit((GENERAL, "流程为投票→【额度到账】→私聊。")))["2.2"]
    assert "【额度到账】" in g


# ------------------------------------------------------------------------------- row labels


def test_a_row_preceding_a_list_of_rows() -> None:
    text = edit((VICTORY, VICTORY + "〇全局平局⸺平局优先于①②；"))
    g = tables(text)["1.2"]
    assert g.has_edge("〇", "①") and g.has_edge("〇", "②") and g.has_edge("①", "②")
    assert orders(text) == []


def test_a_denied_precedence_states_no_order() -> None:
    g = tables(edit((VICTORY, VICTORY + "〇全局平局⸺平局亦不优先于①②；")))["1.2"]
    assert "〇" not in g


def test_a_row_contradicting_the_list_is_a_finding() -> None:
    text = edit(("②异形清场胜利", "②异形清场胜利，本条优先于①"))
    assert tables(text)["1.2"].has_edge("②", "①")
    assert {(f.check, f.clause) for f in orders(text)} == {("order-conflict", "1.2")}


def test_labels_after_a_clause_id_cite_that_clause() -> None:
    # 「1.3②」 is not row ② of 1.2
    g = tables(edit(("②异形清场胜利", "②异形清场胜利，依 1.3②优先于①")))["1.2"]
    assert not g.has_edge("②", "①")


# ------------------------------------------------------------------------------ class groups

CLASSES = "层序为「全额减免→时限类〔保护、巡逻〕→存续类〔护甲〕」，类内依明文。"


def test_a_pair_of_classes_orders_their_members() -> None:
    agree = edit((LAYERS, CLASSES), (GENERAL, "时限类〔保护、巡逻〕先于存续类〔护甲〕。"))
    g = tables(agree)["2.1"]
    assert any(s.clause == "2.2" for s in extract_sources(agree, "2.1", "巡逻", "护甲"))
    assert g.has_edge("时限类", "存续类")
    assert orders(agree) == []
    swapped = edit((LAYERS, CLASSES), (GENERAL, SWAPPED_CLASSES))
    found = orders(swapped)
    assert {f.clause for f in found if f.check == "order-conflict"} == {"2.2"}
    # and the cycle 保护→巡逻→护甲 that 2.2 closes with the glossary
    assert [f.quote for f in found if f.check == "order-cycle"] == ["保护→巡逻→护甲→保护"]


SWAPPED_CLASSES = "存续类〔护甲〕先于时限类〔保护、巡逻〕。"


# the cycle findings of a text read from stdin, printed: what each hash order is compared by
CYCLES = """import sys
from ruleproof.books import Source
from ruleproof.lint import run_lint
from ruleproof.text import read_document
doc = read_document(Source("synthetic.txt", sys.stdin.buffer.read()))
print([(f.clause, f.line, f.quote) for f in run_lint(doc) if f.check == "order-cycle"])
"""


def test_cycles_do_not_depend_on_hash_order() -> None:
    """networkx starts a cycle at a node that depends on set order; the finding must not.  Four hash
    orders: three child processes (fixed seeds) and this one (its own seed); a child reads the text on
    stdin and imports the lint alone, not this test module."""
    text = edit((LAYERS, CLASSES), (GENERAL, SWAPPED_CLASSES))
    outs = {
        subprocess.run(
            [sys.executable, "-c", CYCLES],
            input=text.encode("utf-8"),
            env={**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONIOENCODING": "utf-8"},
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8")
        for seed in range(3)
    }
    mine = [(f.clause, f.line, f.quote) for f in orders(text) if f.check == "order-cycle"]
    assert outs == {f"{mine!r}\n"} and [quote for _, _, quote in mine] == ["保护→巡逻→护甲→保护"]


def extract_sources(text: str, key: str, a: str, b: str) -> list[object]:
    return list(extract_order_tables(LintContext(doc_from_text(text)))[key].sources(a, b))


# ------------------------------------------------------------------------------- lead-ins

LEAD = "层序依 2.1（唯一权威源），下表为对该权威源之重述，不另立口径。"


def test_a_lead_in_files_the_chain_under_its_source() -> None:
    text = edit((GENERAL, LEAD + "巡逻→保护→护甲。"))
    assert "2.2" not in tables(text)
    assert {(f.check, f.clause) for f in orders(text)} == {("order-conflict", "2.2")}


def test_a_lead_in_of_another_item_does_not() -> None:
    text = edit((GENERAL, "①" + LEAD + "②巡逻→保护→护甲。"))
    assert tables(text)["2.2"].has_edge("巡逻", "保护")
    assert orders(text) == []


# --------------------------------------------------------------------------- qualified names

FULL = "层序为「保镖保护→警长巡逻→工匠护甲」，类内依明文。"
NO_GLOSSARY = (GLOSSARY, "层序见 2.1。")


def test_a_short_name_reaches_the_one_node_it_ends() -> None:
    text = edit((LAYERS, FULL), (GENERAL, "护甲先于保护。"), NO_GLOSSARY)
    assert tables(text)["2.1"].has_edge("工匠护甲", "保镖保护")
    assert orders(text)
    # two nodes end with 护甲: the short name is ambiguous and matches neither
    ambiguous = edit(
        (LAYERS, "层序为「保镖保护→警长巡逻→工匠护甲→速成护甲」。"), (GENERAL, "护甲先于保护。"), NO_GLOSSARY
    )
    assert orders(ambiguous) == []


# ------------------------------------------------------------------------------------ steps


def test_a_denied_step_order_is_no_order() -> None:
    assert {f.check for f in orders(edit((GENERAL, "步骤 3 早于步骤 2。")))} == {"order-conflict"}
    assert orders(edit((GENERAL, "步骤 3 不得早于步骤 2。"))) == []
    assert orders(edit((GENERAL, "步骤 3 并非早于步骤 2。"))) == []
