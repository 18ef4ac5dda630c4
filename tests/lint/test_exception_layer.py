"""exception-target-not-general names where the text defines its general layer, on the real 返航录 text.

The check judges a 〔通则 X 之例外〕 label by the layer the text lists (「通则层＝…」, 「… 同属通则层」); the
sentences that list it are part of the finding's evidence, so the finding names them as related places
(an edit of the list is caught *at* the list, and the author is sent there).
"""

from __future__ import annotations

from ruleproof.lint import exceptions
from tests.lint.edited import edited, family_of, mutated, unedited, unedited_context

CHECK = "exception-target-not-general"
FAMILY = family_of(CHECK)


def test_the_layer_is_read_with_the_places_that_define_it() -> None:
    defined = exceptions.general_layer_defined(unedited_context())
    assert defined is not None
    layer, where = defined
    assert {"2.1", "2.8", "2.8.16"} <= set(layer)
    ctx = unedited_context()
    for cid, line in where:  # each place is a clause of the text, at a line that prints a layer sentence
        assert ctx.exists(cid)
        assert "通则层" in ctx.doc.lines[line - 1]


def test_each_finding_names_the_layer_definitions() -> None:
    defined = exceptions.general_layer_defined(unedited_context())
    assert defined is not None
    reported = [f for f in unedited(FAMILY) if f.check == CHECK]
    assert reported, "the real text labels non-general clauses as 通则 (4.4.7③, 6.8.6②)"
    for f in reported:
        assert {c for c, _line in f.related} == {c for c, _line in defined[1]} - {f.clause}
        assert all(c in f.message for c, _line in defined[1] if c != f.clause)


def test_a_member_dropped_from_the_layer_is_reported_at_the_list() -> None:
    """An edit of the layer list (3.3 → 3.2) makes 〔通则3.3.1②之例外〕 name a clause outside the layer: the
    new finding is located at the labelling clause and names the edited list as related."""
    before = {f.fingerprint() for f in unedited(FAMILY)}
    doc = edited(("2.9资源生产通则、3.3感染", "2.9资源生产通则、3.2感染"))
    after = [
        f
        for f in mutated(("2.9资源生产通则、3.3感染", "2.9资源生产通则、3.2感染"), family=FAMILY)
        if f.fingerprint() not in before
    ]
    new = [f for f in after if f.check == CHECK]
    assert new and all(f.extra["target"].startswith("3.3") for f in new)
    line = next(i for i, text in enumerate(doc.lines, 1) if "、3.2感染" in text)
    for f in new:
        assert any(line_no == line for _c, line_no in f.related), f.related
