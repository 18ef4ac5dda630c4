"""The lint's indexes and fast paths answer exactly what the scans they replace answered."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hypothesis import example, given
from hypothesis import strategies as st

from ruleproof.lint.context import LintContext, is_descendant, normalize_item
from ruleproof.lint.frames import common_run
from ruleproof.text import Document


def _common_run_by_scan(a: str, b: str) -> int:
    best = 0
    for i in range(len(a)):
        for j in range(len(b)):
            k = 0
            while i + k < len(a) and j + k < len(b) and a[i + k] == b[j + k]:
                k += 1
            best = max(best, k)
    return best


@given(st.text(alphabet="子弹存量发ab", max_size=10), st.text(alphabet="子弹存量发ab", max_size=10))
def test_common_run_is_the_longest_common_substring(a: str, b: str) -> None:
    assert common_run(a, b) == _common_run_by_scan(a, b)


def test_scope_index_matches_the_scan_on_the_real_text(fanhanglu: Document) -> None:
    """FactTable.in_scope (indexed by clause family) against the scan over every unit it replaced, for
    every clause of 返航录 and every item a fact is in."""
    table = LintContext(fanhanglu).facts
    scopes = [(c.id, None) for c in fanhanglu] + sorted(
        {(f.unit, f.item) for f in table.all() if f.item is not None}
    )
    assert len(scopes) > 300
    for clause, item in scopes:
        scanned = [
            f
            for unit_id, facts in table.by_unit.items()
            if unit_id == clause or (item is None and is_descendant(unit_id, clause))
            for f in facts
            if item is None
            or unit_id != clause
            or (f.item is not None and normalize_item(f.item) == normalize_item(item))
        ]
        assert [id(f) for f in table.in_scope(clause, item)] == [id(f) for f in scanned], (clause, item)


def test_forget_memos_empties_the_process_wide_memos(fanhanglu: Document) -> None:
    """The benchmarks time a first lint of the text: after ``forget_memos`` no memo of a previous lint
    is left to answer from."""
    from ruleproof.lint import citetext, forget_memos, run_lint

    run_lint(fanhanglu)
    assert citetext.bigrams.cache_info().currsize > 0 and citetext.SQUASHED
    forget_memos()
    assert citetext.bigrams.cache_info().currsize == 0 and not citetext.SQUASHED
    assert citetext.related.cache_info().currsize == 0


def test_per_lint_memos_live_on_the_lint_objects(fanhanglu: Document) -> None:
    """A per-lint memo is built once per lint object and kept on it (lint.memo): a second context of the
    same text builds its own, and no module of the lint keeps a table keyed by the lint's objects besides."""
    import sys
    import weakref

    import ruleproof.lint
    from ruleproof.lint import orders
    from ruleproof.lint.memo import Memos, per_lint

    class Owner:
        def __init__(self) -> None:
            self.memos: Memos = {}

    built: list[Owner] = []

    @per_lint
    def build(owner: Owner) -> list[Owner]:
        built.append(owner)
        return [owner]

    one, two = Owner(), Owner()
    assert build(one) is build(one) and build(two) == [two] and built == [one, two]
    first, second = LintContext(fanhanglu), LintContext(fanhanglu)
    tables = orders.extract_order_tables(first)
    assert tables and orders.extract_order_tables(first) is tables
    assert orders.extract_order_tables(second) is not tables
    modules = [m for name, m in sys.modules.items() if name.startswith(ruleproof.lint.__name__ + ".")]
    assert len(modules) > 40
    for module in modules:
        for name, value in vars(module).items():
            assert not isinstance(value, weakref.WeakKeyDictionary), (module.__name__, name)


def _find_loose_by_pattern(text: str, quote: str) -> tuple[int, int] | None:
    import re

    m = re.compile(r"\s*".join(re.escape(ch) for ch in quote if not ch.isspace())).search(text)
    return (m.start(), m.end()) if m else None


@given(st.text(alphabet="子弹 存\u3000量\n发", max_size=14), st.text(alphabet="子弹 存量\t发", max_size=5))
def test_find_loose_finds_what_the_whitespace_pattern_finds(text: str, quote: str) -> None:
    from ruleproof.lint.context import find_loose

    assert find_loose(text, quote) == _find_loose_by_pattern(text, quote)


@given(
    st.text(alphabet="步骤1.5 ab跳过结\n算", max_size=16),
    st.sampled_from(["1", "1.5", "11", "5a"]),
    st.integers(min_value=0, max_value=6),
)
def test_step_head_finds_what_the_row_label_pattern_finds(text: str, key: str, pos: int) -> None:
    import re

    from ruleproof.lint.citetext import step_head

    k = re.escape(key)
    m = re.compile(rf"(?:(?<![\d.步骤 ])(?<!步骤)|(?<=步骤{k})){k}(?![\d.ab])\s*(?=[\u4e00-\u9fff])").search(
        text, pos
    )
    assert step_head(text, key, pos) == ((m.start(), m.end()) if m else None)


@given(
    st.text(alphabet="巡逻开枪∕与二选一\n.", max_size=12), st.sampled_from(["巡逻∕开枪", "开枪", "与", "\n"])
)
def test_ends_near_finds_what_the_tail_pattern_finds(text: str, chain: str) -> None:
    import re

    from ruleproof.lint.enumerations import _ends_near

    found = re.search(rf"{re.escape(chain)}[\u4e00-\u9fff]{{0,4}}$", text) is not None
    assert _ends_near(text, chain) == found


@given(
    st.lists(st.text(alphabet="子弹子存\n", max_size=12), max_size=4),
    st.lists(
        st.tuples(st.sampled_from(["子", "子弹", "弹子", "子子", "存弹", "弹\n子", ""]), st.integers(0, 6)),
        max_size=8,
    ),
)
def test_bounded_counts_answer_what_str_count_answers(texts: list[str], asks: list[tuple[str, int]]) -> None:
    """The vocabulary's word counts, read only in the texts that have every character of the word, asked
    thresholds and exact counts in any order, answer as ``str.count`` does on the texts joined by line
    breaks."""
    from ruleproof.lint.vocab import _Counts

    body = "\n".join(texts)
    counts = _Counts(texts)
    for word, k in asks:
        assert counts.at_least(word, k) == (body.count(word) >= k)
        if k % 2:
            assert counts[word] == body.count(word)


def _unclosed_tail_by_scan(text: str) -> int | None:
    from ruleproof.lint.hygiene import CLOSERS, PAIRS

    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        if ch in PAIRS:
            stack.append((ch, i))
        elif ch in CLOSERS:
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == CLOSERS[ch]:
                    del stack[k:]
                    break
    return stack[-1][1] if stack else None


@given(st.text(alphabet="（）()「」〔〕【】《》『』a子\\]^-", max_size=20))
def test_unclosed_tail_reads_the_brackets_as_the_character_scan_did(text: str) -> None:
    from ruleproof.lint.hygiene import unclosed_tail

    assert unclosed_tail(text) == _unclosed_tail_by_scan(text)


def test_vocabulary_df_is_the_double_loop_on_the_real_text(fanhanglu: Document) -> None:
    """Document frequencies, read by first character, equal the loop over every text and term — values
    and order."""
    vocab = LintContext(fanhanglu).vocabulary
    logs = {a.name for a in fanhanglu.appendices if "修订记录" in a.title}
    texts = [f"{c.title}。{c.text}" for c in fanhanglu] + [
        a.text for a in fanhanglu.appendices if a.name not in logs
    ]
    expected: dict[str, int] = {}
    for text in texts:
        for t in vocab.sources:
            if t in text:
                expected[t] = expected.get(t, 0) + 1
    assert len(expected) > 300
    assert list(vocab.df.items()) == list(expected.items())


_SCAN_ALPHABET = "0123456789..①②③之二(（)）与、 批次步骤共三项发+-~A"


def _matches(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


@given(st.text(alphabet=_SCAN_ALPHABET, max_size=40))
def test_patterns_led_by_their_first_characters_match_as_the_look_behind_ones(text: str) -> None:
    """The whole-text scanners are written to start with their possible first characters (so ``re`` skips
    to them): the same matches as the patterns led by a look-behind that they replace."""
    from ruleproof.lint import citetext, facts, topics
    from ruleproof.lint.context import CLAUSE_ID, FREE_CLAUSE_ID

    glued = re.compile(rf"(?<![\d.]){CLAUSE_ID}")
    assert _matches(re.compile(FREE_CLAUSE_ID), text) == _matches(glued, text)
    for fast in (citetext.CITATION, topics._SAME_ID, topics._SAME_ITEM, topics._CITATION_ID):
        slow = re.compile(fast.pattern.replace(FREE_CLAUSE_ID, rf"(?<![\d.]){CLAUSE_ID}"))
        assert _matches(fast, text) == _matches(slow, text)
    for fast in (facts._QTY, facts._CN_QTY):
        slow = re.compile(re.sub(r"^\(\?=\[[^\]]*\]\)", "", fast.pattern))
        assert slow.pattern != fast.pattern
        assert _matches(fast, text) == _matches(slow, text)


def test_family_texts_are_squashed_as_their_clauses_joined(fanhanglu: Document) -> None:
    """A clause's family text (and a cited place with its ancestors' titles) is squashed by joining its
    parts' squashed texts: the same as squashing the whole text."""
    from ruleproof.lint import forget_memos
    from ruleproof.lint.citetext import LOOSE, squash
    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import Ref, RefKind

    forget_memos()
    topics = Topics(LintContext(fanhanglu))
    for c in fanhanglu:
        text = topics.places.clause_text(c.id)
        assert squash(text) == LOOSE.sub("", text), c.id
    refs = [r for r in fanhanglu.refs() if r.kind is RefKind.CLAUSE and not r.target_item]
    assert len(refs) > 100
    for ref in refs:
        place = topics.target(ref)[0]
        if place is not None:
            assert squash(place.text) == LOOSE.sub("", place.text), ref.raw
            assert topics.cited_text(ref) == LOOSE.sub("", place.text), ref.raw
    assert isinstance(refs[0], Ref)


def _scan_by_first_character(terms: list[str], text: str) -> list[tuple[int, int, str]]:
    """The vocabulary's scan as it was: at each position every term with that first character, longest
    first; the first that the text prints there is taken and the scan goes on after it."""
    by_first: dict[str, list[str]] = {}
    for term in sorted(terms, key=len, reverse=True):
        by_first.setdefault(term[0], []).append(term)
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(text):
        found = next((t for t in by_first.get(text[i], ()) if text.startswith(t, i)), None)
        if found is None:
            i += 1
            continue
        out.append((i, i + len(found), found))
        i += len(found)
    return out


_TERM_ALPHABET = "子弹存储上限额外a"


@given(
    st.lists(st.text(alphabet=_TERM_ALPHABET, min_size=1, max_size=5), max_size=12, unique=True),
    st.text(alphabet=_TERM_ALPHABET + "。", max_size=40),
)
def test_vocabulary_scan_by_two_characters_finds_what_the_first_character_scan_found(
    terms: list[str], text: str
) -> None:
    """The scan keyed by a term's first two characters (one-character terms apart) finds the same terms at
    the same places, and ``prefixes`` lists the same terms in the same order (longest first)."""
    from ruleproof.lint.vocab import Vocabulary

    vocab = Vocabulary({t: {"extra"} for t in terms}, {}, 1)
    assert [(h.start, h.end, h.term) for h in vocab.scan(text)] == _scan_by_first_character(terms, text)
    ordered = sorted(terms, key=len, reverse=True)
    for i in range(len(text) + 1):
        expected = [t for t in ordered if t[0] == text[i : i + 1] and text.startswith(t, i)]
        assert vocab.prefixes(text, i) == expected


def _cores_by_pairs(terms: set[str], body: str) -> set[str]:
    """The shared words as the comparison of every two terms found them (before the ending index)."""
    from ruleproof.lint.vocab import _EMPTY, _FUNCTION, MIN_LEN

    out: set[str] = set()
    for x in terms:
        for y in terms - {x}:
            best = next((x[:k] for k in range(len(x) - 1, MIN_LEN - 1, -1) if y.endswith(x[:k])), "")
            named = best and best not in _EMPTY and best[0] not in _FUNCTION and best[-1] not in _FUNCTION
            if named and body.count(best) >= 3:
                out.add(best)
    return out


@given(
    st.sets(st.text(alphabet="子弹存储上限额外不的", min_size=2, max_size=7), max_size=25),
    st.text(alphabet="子弹存储上限额外不的", max_size=300),
)
def test_cores_by_endings_are_the_cores_of_every_two_terms(terms: set[str], body: str) -> None:
    from ruleproof.lint.vocab import _cores

    assert _cores(terms, body) == _cores_by_pairs(terms, body)


def test_cores_by_endings_on_the_real_text(fanhanglu: Document) -> None:
    from ruleproof.lint.vocab import _cores

    vocab = LintContext(fanhanglu).vocabulary
    titles = {t for t, sources in vocab.sources.items() if any(s.startswith("title:") for s in sources)}
    body = "\n".join(f"{c.title}。{c.text}" for c in fanhanglu)
    found = _cores(titles, body)
    assert len(found) > 20
    assert found == _cores_by_pairs(titles, body)


_LEAD_ALPHABET = "0123456789..A第一二三十项关档选发次 夜"


@given(st.text(alphabet=_LEAD_ALPHABET, max_size=40))
def test_number_scanners_led_by_their_first_character_match_as_the_look_behind_ones(text: str) -> None:
    """facts.CITE, frames._NUMBER and frames._CN_COUNT start with their first character and look behind
    from there: the same matches as the patterns led by the look-behind."""
    from ruleproof.lint import facts, frames
    from ruleproof.lint.context import CLAUSE_ID

    slow = {
        facts.CITE: rf"(?<![\d.])({CLAUSE_ID})(?![\d])",
        frames._NUMBER: rf"(?<![\d.A-Za-z])(?P<n>\d+(?:\.\d+)?)\s*(?P<u>{frames._MEASURE_RE})(?![\d.])",
        frames._CN_COUNT: r"(?<![第一二三四五六七八九十])(?P<n>[二三四五六七八九十])(?P<u>选一|项|种|类|档|关)",
    }
    for fast, pattern in slow.items():
        assert fast.pattern != pattern
        assert _matches(fast, text) == _matches(re.compile(pattern), text)


@given(st.text(alphabet="子弹存储上限a。\n ", max_size=14))
def test_cjk_tail_is_what_the_tail_pattern_matches(text: str) -> None:
    """hygiene._cjk_tail reads a piece's last CJK characters from its end: what the search of the anchored
    pattern it replaces matched (a final line break included)."""
    from ruleproof.lint.hygiene import _CJK_TAIL, _cjk_tail

    m = _CJK_TAIL.search(text)
    assert _cjk_tail(text) == (m.group(0) if m else None)


@given(
    st.lists(st.text(alphabet="子弹ab\n", max_size=8), max_size=4),
    st.sets(st.integers(0, 3)),
    st.text(alphabet="子弹ab\n", min_size=1, max_size=3),
)
def test_twice_outside_is_a_count_of_two_or_more(texts: list[str], skip: set[int], word: str) -> None:
    """vocab._Counts.twice_outside stops at the second occurrence: the answer of ``str.count``
    (non-overlapping) ≥ 2 on the texts but the skipped ones, joined by line breaks."""
    from ruleproof.lint.vocab import _Counts

    rest = "\n".join(t for i, t in enumerate(texts) if i not in skip)
    assert _Counts(texts).twice_outside(word, frozenset(skip)) == (rest.count(word) >= 2)


@given(
    st.lists(st.text(alphabet="子弹存", max_size=4), max_size=90),
    st.text(alphabet="子弹存", min_size=1, max_size=3),
)
@example(["子弹", "存"] * 45, "子")  # > 64 texts hold it: the bits read as binary digits
@example(["子弹"] * 80, "弹子")
def test_holding_texts_are_the_texts_with_every_character(texts: list[str], word: str) -> None:
    """vocab.CharIndex.holding (bits of an index, read one by one or as binary digits), as _Counts asks it: the texts that
    have every character of the word, in order."""
    from ruleproof.lint.vocab import _Counts

    assert _Counts(texts).holding(word) == [i for i, t in enumerate(texts) if set(word) <= set(t)]


def test_vocabulary_df_is_the_count_text_by_text(fanhanglu: Document) -> None:
    """The vocabulary's document frequencies, read in the texts that have every character of a term,
    are the plain double loop's (every term in every text), in its order."""
    from ruleproof.lint.vocab import LOG_TITLE_WORDS, build_vocabulary

    vocab = build_vocabulary(fanhanglu)
    logs = {a.name for a in fanhanglu.appendices if any(w in a.title for w in LOG_TITLE_WORDS)}
    texts = [f"{c.title}。{c.text}" for c in fanhanglu] + [
        a.text for a in fanhanglu.appendices if a.name not in logs
    ]
    df: dict[str, int] = {}
    for text in texts:
        for t in vocab.sources:
            if t in text:
                df[t] = df.get(t, 0) + 1
    assert len(texts) == vocab.units
    assert list(vocab.df.items()) == list(df.items())


def _phrases_by_scan(window: str, owned: list[tuple[str, str, None]]) -> list[tuple[str, str, None]]:
    """The owned phrases a window prints, as the scan of every piece of the window found them."""
    from ruleproof.lint.citeowners import MIN_PHRASE, _index

    index = _index(owned)
    found: dict[int, tuple[str, str, None]] = {}
    for i in range(len(window) - MIN_PHRASE + 1):
        for entry in index.get(window[i : i + MIN_PHRASE], ()):
            if id(entry) not in found and window.startswith(entry[1], i):
                found[id(entry)] = entry
    return list(found.values())


@given(
    st.lists(st.text(alphabet="子弹存储a", min_size=2, max_size=4), max_size=8),
    st.text(alphabet="子弹存储a。", max_size=30),
)
def test_owned_phrases_found_by_their_starts_as_by_the_scan(phrases: list[str], window: str) -> None:
    """citeowners._phrases_in finds the places a phrase may start by str.find: the same phrases, in the
    same order, as the lookup of every piece of the window."""
    from ruleproof.lint.citeowners import _index, _phrases_in

    owned = [(f"1.{k}", p, None) for k, p in enumerate(phrases)]
    assert _phrases_in(window, _index(owned)) == _phrases_by_scan(window, owned)


_PREFILTER_PIECES = [
    "死亡",
    "公告",
    "（",
    "(",
    "批次",
    "⑥",
    "〇",
    "步骤",
    "8",
    ".",
    "1",
    "之后",
    "前",
    "先于",
    "三",
    "选",
    "择",
    "一",
    " ",
]


_ALL_MATCH = "死亡公告（批次⑥ 死亡（批次⑥ 步骤8之后 先于步骤8 三选一"


@example(_ALL_MATCH)
@given(st.lists(st.sampled_from(_PREFILTER_PIECES), max_size=14).map("".join))
def test_scans_skipped_without_their_word_find_nothing_there(text: str) -> None:
    """A whole-text scan is skipped on a text that lacks a word every match prints (「（批次」「批次」「步骤」「选∕择」):
    every match of each pattern prints its word."""
    from ruleproof.lint import (
        batch_words,
        citetext,
        enumerations,
        restatements,
        step_heads,
        step_topics,
    )

    required = [
        (citetext.NAMED_BATCH, (citetext.BATCH_NAMED,)),
        (step_heads._STEP, ("步骤",)),
        (restatements._STEP_AT, ("步骤",)),
        (batch_words._NAMED, ("批次",)),
        (step_topics._STEP_EVENT, ("步骤",)),
        (step_topics._TIME_BEFORE, ("步骤",)),
        (step_topics._TIME_AFTER_STEP, ("步骤",)),
        (enumerations._CHOICE, ("选", "择")),
    ]
    for pattern, words in required:
        found = list(pattern.finditer(text))
        assert found or text != _ALL_MATCH, pattern.pattern  # (the example holds a match of each)
        for m in found:
            assert any(w in m.group(0) for w in words), (pattern.pattern, m.group(0))


@example("1.2、4.4∕4.4.6 与 4.4.60、14.4.6 4.4.6.1", "4.4.6")
@given(st.text(alphabet="0123456789.、∕， 与", max_size=30), st.sampled_from(["4.4", "4.4.6", "2.1"]))
def test_a_section_citation_prints_its_id(text: str, cid: str) -> None:
    """gates._named scans only the units that print the section's id: every match of its citation does."""
    from ruleproof.lint.gates import citation_of

    for m in citation_of(cid).finditer(text):
        assert cid in m.group(0)


_REFERENCE_ALPHABET = "0123456789..①②⑳(（)）ab 批次判定步骤§〇、之"


@example("依4.4.6③与2.8.9(12)、批次⑥ 判定① 步骤 0.5b § 2.1 14.4.6 .4.4 4..4")
@given(st.text(alphabet=_REFERENCE_ALPHABET, max_size=40))
def test_reference_led_by_its_first_character_matches_as_the_alternation(text: str) -> None:
    """citetext.REFERENCE starts with the character every match starts with (``re`` skips to the candidates):
    the same matches, substitutions, splits and anchored matches as the alternation it replaces."""
    from ruleproof.lint import citetext

    slow = re.compile(rf"{citetext.CITATION.pattern}|(?:批次|判定|步骤)\s*[〇①-⑳\d.ab]+|§\s*[\d.]+")
    fast = citetext.REFERENCE
    assert _matches(fast, text) == _matches(slow, text)
    assert fast.sub("。", text) == slow.sub("。", text)
    assert fast.split(text) == slow.split(text)
    for pos in range(len(text) + 1):
        a, b = fast.match(text, pos), slow.match(text, pos)
        assert (a and a.span()) == (b and b.span())


def test_memoised_places_and_titles_are_what_they_were_built_from(fanhanglu: Document) -> None:
    """family q's per-text indexes answer what the walks they replace answered: the titles under each clause
    (every clause ``c.id == cid or c.id.startswith(cid + ".")``), a clause's items as places (a copy each
    time: a caller may change its list), and ``safe_key``."""
    from ruleproof.lint.citetext import squash
    from ruleproof.lint.context import safe_key
    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import clause_key

    topics = Topics(LintContext(fanhanglu))
    ids = [c.id for c in fanhanglu]
    for cid in {*ids, *(i.rpartition(".")[0] for i in ids)}:
        walked = "。".join(c.title for c in fanhanglu if c.id == cid or c.id.startswith(cid + "."))
        assert topics.family_titles(cid) == squash(walked), cid
        first = topics.places.items(cid)
        first.clear()
        again = topics.places.items(cid)
        clause = fanhanglu.clauses.get(cid)
        assert [p.name for p in again] == [
            f"{cid}{it.label}"
            for it in (clause.items if clause else [])
            if not topics.places._in_gate_line(cid, it.offset)
        ]
        try:
            expected: tuple[int, ...] = clause_key(cid)
        except ValueError:
            expected = ()
        assert safe_key(cid) == expected
    assert sum(len(topics.places.items(c)) for c in ids) > 100


_LED_ALPHABET = "0123456789..．aA①(（)）「 子弹步骤白天投票进入→当夜。"


@example(
    "1.2.3 12.4 .5.6 a1.2 A.1.2 3 . 4 12.子 ．1.2 步骤3（子弹） 1步骤2 .步骤4 白天子→当夜步骤 1 进入当夜步骤2"
)
@given(st.text(alphabet=_LED_ALPHABET, max_size=40))
def test_scanners_led_by_a_character_class_match_as_the_patterns_they_replace(text: str) -> None:
    """Scanners rewritten so that ``re`` can skip to their first characters (a look-behind moved after the first
    character, a run ``[…]+`` written ``[…][…]*``, a literal before its look-behind, a choice spread over what
    follows it): the same matches and groups as the patterns they replace, on any text."""
    from ruleproof.lint import citetext, hygiene, layout, step_topics
    from ruleproof.text import headings, items, refs
    from ruleproof.text.markers import CIRCLED_CLASS

    cjk = r"[\u4e00-\u9fff]"
    night = step_topics._NIGHT_ENTRY[0].pattern.split(")", 1)[1]  # (what follows the day words, unchanged)
    replaced = [
        (citetext.CJK_RUN, rf"{cjk}+"),
        (layout._SPACE, r"\s+"),
        (layout._ID_CHARS, r"\d{1,2}(?:\s*\.\s*\d{1,2}){1,3}"),
        (headings.ID_RE, r"(?<![0-9.．A-Za-z])(\d{1,2}(?:\.\d{1,2}){1,3})(?![0-9]|\.\d)"),
        (refs._LOOSE_ID_RE, r"(?<![0-9.．A-Za-z])(\d{1,2}(?: ?\. ?\d{1,2}){1,3})(?![0-9]|\.\d)"),
        (items._SERIAL_RE, rf"(?<![0-9.．A-Za-z])(\d{{1,3}})\.(?=[\u4e00-\u9fff「（〔【{CIRCLED_CLASS}])"),
        (
            hygiene._HEADER_RUN,
            rf"(?<!{cjk}){cjk}{{1,6}}(?: [\u4e00-\u9fff（）()]{{1,8}}){{1,4}}(?!{cjk})",
        ),
        (
            step_topics._STEP_EVENT,
            r"(?<![\d.])步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])\s*(?:（(?=[\u4e00-\u9fff]{2,8}）))?",
        ),
        (step_topics._NIGHT_ENTRY[0], rf"(?:进入|(?:白天|昼|投票|驱逐|讨论)[^。；;→]{{0,12}}→){night}"),
    ]
    for fast, slow in replaced:
        assert fast.pattern != slow
        assert _matches(fast, text) == _matches(re.compile(slow), text), slow
    # each is one whose first characters ``re`` can skip to (a literal prefix or a character set)
    from re import _compiler, _parser  # type: ignore[attr-defined]

    for fast, _slow in replaced:
        parsed = _parser.parse(fast.pattern, fast.flags)
        prefix = _compiler._get_literal_prefix(parsed, fast.flags)[0]
        assert prefix or _compiler._get_charset_prefix(parsed, fast.flags), fast.pattern


_MARK_ALPHABET = "①②⑳㊿(（)）12345 0之二例外一两十、。）关核验项：:选择于早步骤"


@example("①之二（12）(50)之三例外 ⑳之二例 一、二项：① 三选一 十二关核验 早于步骤 1 步骤2之后 。十一、子")
@given(st.text(alphabet=_MARK_ALPHABET, max_size=40))
def test_marker_and_numeral_scanners_led_by_one_class_match_as_before(text: str) -> None:
    """Item markers (the circled numeral taken by a look-behind after the first character), chapter numerals,
    counts 「三项」「12 选 1」, checklist lines and steps after a time word, rewritten so that ``re`` skips to their
    first characters: the same matches and groups — found, matched and fully matched — as the patterns they
    replace."""
    from ruleproof.lint import citegloss, citetext, enumerations, gatelines, step_topics
    from ruleproof.text import headings, markers
    from ruleproof.text.markers import CIRCLED_CLASS

    num = r"[一二两三四五六七八九十]|\d{1,2}"
    replaced = [
        (
            markers.MARKER_RE,
            rf"(?:(?P<circ>[{CIRCLED_CLASS}])|[(（](?P<par>[1-4]\d|50)[)）])(?:之(?P<var>[二三四五])(?!例外))?",
        ),
        (
            headings._CHAPTER_RE,
            r"(?:(?<=^)|(?<=[。）】」〕]))([一二三四五六七八九十]{1,2})、(?=[\u4e00-\u9fff])",
        ),
        (enumerations._CHOICE, rf"(?P<n>{num})\s*(?:者)?\s*(?:选|择)\s*[一1](?![选择])"),
        (
            enumerations._LABELLED,
            rf"(?P<n>{num})\s*(?P<unit>项|类|种|条|点|款|档|层|级)\s*[）)]?\s*[：:]\s*(?P<first>①|[（(]a[）)])",
        ),
        (gatelines.LINE_RE, r"[一二三四五六七八九十]{1,3}关核验"),
        (
            step_topics._TIME_AFTER_STEP,
            r"(?<![早晚先后]于)步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])\s*(?:结算|完成|结束)*\s*(?P<w>之前|之后|前|后)",
        ),
        (
            citegloss._ID_LIST,
            r"\d{1,2}(?:\.\d{1,2}){1,3}(?:[ \u3000]*、[ \u3000]*\d{1,2}(?:\.\d{1,2}){1,3})+",
        ),
    ]
    for fast, slow_pattern in replaced:
        slow = re.compile(slow_pattern)
        assert fast.pattern != slow.pattern
        assert _matches(fast, text) == _matches(slow, text), slow_pattern
        for pos in range(len(text) + 1):
            a, b = fast.match(text, pos), slow.match(text, pos)
            assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), slow_pattern
        a, b = fast.fullmatch(text), slow.fullmatch(text)
        assert (a and a.groups()) == (b and b.groups())
    from re import _compiler, _parser  # type: ignore[attr-defined]

    for fast in (*(f for f, _slow in replaced), citetext.REFERENCE):
        parsed = _parser.parse(fast.pattern, fast.flags)
        prefix = _compiler._get_literal_prefix(parsed, fast.flags)[0]
        assert prefix or _compiler._get_charset_prefix(parsed, fast.flags), fast.pattern
    for label in ("①", "⑳之二", "（12）", "(50)之三", "①之例外"):
        m = markers.MARKER_RE.fullmatch(label) or markers.MARKER_RE.match(label)
        assert m is not None and m.group("circ", "par", "var") == re.match(replaced[0][1], label).group(  # type: ignore[union-attr]
            "circ", "par", "var"
        )


def test_per_lint_scope_title_and_section_memos_answer_the_scans_they_replace(fanhanglu: Document) -> None:
    """restatements' clauses titled with a subject and sections' title terms, and revisions' units within a
    log row's scopes — memoised per lint — against the pass over every clause or unit each call made."""
    from ruleproof.lint import restatements, revisions
    from ruleproof.lint.vocab import title_terms

    ctx = LintContext(fanhanglu)
    subjects = sorted({f.subject for f in ctx.facts.all() if f.subject})
    assert len(subjects) > 50
    for subject in subjects:
        titled = [c.id for c in fanhanglu if subject in c.title]
        outermost = [o for o in titled if not any(is_descendant(o, p) for p in titled if p != o)]
        assert restatements._titled(ctx, subject) == outermost
        assert restatements._titled(ctx, subject) == outermost  # (the memo's answer, asked again)
    sections = {t for c in fanhanglu if c.id.count(".") == 1 for t in title_terms(c.title)}
    assert sections and restatements._section_terms(ctx) == sections
    logs = [u for u in ctx.appendix_units if u.id in ctx.log_appendices]
    scopes = sorted(
        {sc for log in logs for claim in revisions.presence_claims(ctx, log) for sc in claim.scopes}
        | {
            sc
            for log in logs
            for claim in revisions.claims(ctx, log)
            if claim.scope is not None
            for sc in (claim.scope, *claim.more)
        }
    )
    assert len(scopes) > 20
    for k in range(len(scopes)):
        asked = scopes[k : k + 2]
        within = {u.id for u in ctx.units() if any(revisions._within(u, sc) for sc in asked)}
        assert revisions._within_any(ctx, asked) == within


@given(st.text(alphabet="12. \u3000\n.a", max_size=16))
def test_a_text_without_a_blank_beside_a_dot_has_no_split_id(text: str) -> None:
    """layout._split skips a text where no blank stands next to a dot: no id it reads there holds one."""
    from ruleproof.lint.layout import _ID_CHARS, _SPACED_DOT

    spaced = [m.group(0) for m in _ID_CHARS.finditer(text) if " " in m.group(0) or "\u3000" in m.group(0)]
    assert _SPACED_DOT.search(text) is not None or not spaced
    assert (_SPACED_DOT.search(text) is not None) == (re.search(r"\.\s|\s\.", text) is not None)


@given(st.text(alphabet="子弹a 　（(〔\n", max_size=14), st.integers(0, 14), st.integers(0, 14))
def test_cjk_tail_is_the_search_for_a_run_ending_the_stretch(text: str, lo: int, hi: int) -> None:
    """citetext.cjk_tail (read backwards) finds what ``[\\u4e00-\\u9fff]+$`` searched in the stretch finds."""
    from ruleproof.lint.citetext import cjk_tail

    m = re.compile(r"[\u4e00-\u9fff]+$").search(text, lo, hi)
    assert cjk_tail(text, lo, hi) == (m.span() if m is not None else None)


@given(st.text(alphabet="子弹a 　（(〔\n\x1c", max_size=50), st.integers(0, 50))
@example("a" + "子" * 45 + " （", 48)
def test_glued_phrase_is_the_search_it_replaces(text: str, at: int) -> None:
    """citeparallel.glued_phrase (read backwards from the citation) finds what the pattern
    ``[\\u4e00-\\u9fff]+(?=[\\s（(〔]*$)`` searched before the citation finds."""
    from ruleproof.lint.citeparallel import GLUED_SPAN, glued_phrase

    m = re.compile(r"[\u4e00-\u9fff]+(?=[\s（(〔]*$)").search(text, max(0, at - GLUED_SPAN), at)
    assert glued_phrase(text, at) == (m.group(0) if m is not None else "")


@given(st.text(alphabet="子弹a 　（\n", max_size=24), st.integers(0, 26))
@example("子" * 20 + "（", 21)
@example("a" + "子" * 16 + "\n（", 19)
def test_label_tail_is_the_search_it_replaces(text: str, at: int) -> None:
    """citegloss._label_tail (read backwards) finds what ``[\\u4e00-\\u9fff]{2,16}$`` searched in the 17
    characters before ``at`` finds."""
    from ruleproof.lint.citegloss import _label_tail

    m = re.compile(r"[\u4e00-\u9fff]{2,16}$").search(text, max(0, at - 17), at - 1)
    assert _label_tail(text, at) == (m.group(0) if m is not None else None)


def test_clause_squashes_share_the_body_squash(fanhanglu: Document) -> None:
    """citetext.squash_titled (a title's squash and the memoised body's, joined) is the squash of the title
    and body joined, as citesubject._clause_texts and clause_text's parts squashed them before."""
    from ruleproof.lint import forget_memos
    from ruleproof.lint.citesubject import _clause_texts
    from ruleproof.lint.citetext import LOOSE, squash_titled
    from ruleproof.lint.topics import Topics

    forget_memos()
    topics = Topics(LintContext(fanhanglu))
    for c in fanhanglu:
        assert squash_titled(c.title, c.text) == LOOSE.sub("", f"{c.title}。{c.text}"), c.id
    assert _clause_texts(topics) == tuple(
        LOOSE.sub("", c.title + "".join(s.text for s in c.spans)) for c in fanhanglu.clauses.values()
    )


def _units_saying_by_joined_find(term: str, texts: list[str], most: int) -> int:
    """citeowners._units_saying as it was: the units joined by NUL, one search per unit that says it."""
    from bisect import bisect_right
    from itertools import accumulate

    joined = "\x00".join(texts)
    starts = list(accumulate((len(t) + 1 for t in texts[:-1]), initial=0))
    seen, pos = 0, joined.find(term)
    while pos >= 0 and seen <= most:
        seen += 1
        k = bisect_right(starts, pos)
        pos = joined.find(term, starts[k]) if k < len(starts) else -1
    return seen


def test_units_and_clauses_saying_a_word_by_the_index_as_by_the_scan(fanhanglu: Document) -> None:
    """citeowners._units_saying and citesubject._clauses_saying read only the texts the vocabulary's
    character index names: the same counts as the scans of every unit they replace, on 返航录 (whose
    vocabulary lists as many texts as the units, so the shared index is the one read), for every quoted
    phrase and title word, and with an index of the squashed texts themselves."""
    from ruleproof.lint import forget_memos
    from ruleproof.lint.citeowners import _QUOTED, _units_saying
    from ruleproof.lint.citesubject import _clause_texts, _clauses_saying, title_words
    from ruleproof.lint.citetext import squash
    from ruleproof.lint.topics import Topics
    from ruleproof.lint.vocab import CharIndex

    forget_memos()
    topics = Topics(LintContext(fanhanglu))
    units = list(topics.ctx.units_outside_log())
    texts = [squash(u.text) for u in units]
    vocab_index = topics.vocab.index
    assert vocab_index is not None and topics.vocab.units == len(texts)
    own = CharIndex(texts)
    terms = {squash(m.group(1)) for u in units for m in _QUOTED.finditer(u.text)} - {""}
    assert len(terms) > 200
    for most in (3, 24):
        for term in terms:
            want = _units_saying_by_joined_find(term, texts, most)
            assert _units_saying(term, texts, vocab_index, most) == want, term
            assert _units_saying(term, texts, own, most) == want, term
    clause_texts = _clause_texts(topics)
    words = {w for c in fanhanglu for w in title_words(topics, c.id)} | terms
    assert len(words) > 500
    for word in words:
        assert _clauses_saying(topics, word, clause_texts) == sum(word in t for t in clause_texts), word


@given(st.text(alphabet="于在自早晚当该夜步骤骤 \u3000\n12.ab", max_size=40))
@example("早于 当夜 步骤 1")
@example("于步骤步骤 2 在该夜步骤 3a")
@example("自 \u3000该夜\n步骤 1.2 于当夜步骤12")
def test_step_mentions_are_what_the_step_pattern_finds(text: str) -> None:
    """step_heads.step_mentions (matches tried only around each 「步骤」) yields what _STEP.finditer yields:
    the same spans and groups."""
    from ruleproof.lint.step_heads import _STEP, step_mentions

    def found(ms: Iterator[re.Match[str]]) -> list[tuple[tuple[int, int], dict[str, str | None]]]:
        return [(m.span(), m.groupdict()) for m in ms]

    assert found(step_mentions(text)) == found(_STEP.finditer(text))


def _longest_run_by_two_pointers(a: str, b: str) -> str:
    """``frames.longest_run`` as it was: the run's start moved forward until the run ending at each end is
    said, the first longest kept."""
    best, lo = "", 0
    for hi in range(1, len(a) + 1):
        while lo < hi and a[lo:hi] not in b:
            lo += 1
        if hi - lo > len(best):
            best = a[lo:hi]
    return best


@given(st.text(alphabet="子弹存量发ab", max_size=12), st.text(alphabet="子弹存量发ab", max_size=16))
@example("弹存子弹存量", "子弹存量")
@example("ab", "")
@example("", "ab")
def test_longest_run_is_the_two_pointer_run(a: str, b: str) -> None:
    from ruleproof.lint.frames import longest_run

    assert longest_run.__wrapped__(a, b) == _longest_run_by_two_pointers(a, b)


def test_citations_are_located_from_their_line_as_from_the_unit_start(fanhanglu: Document) -> None:
    """``Topics._place_refs`` starts each citation's search at its line's start (spans whose lines never go
    back): the same offset as the search from the unit's start, for every citation of 返航录."""
    from ruleproof.lint.topics import Topics

    ctx = LintContext(fanhanglu)
    topics = Topics(ctx)
    located = 0
    for unit in ctx.units():
        text = unit.text
        want: dict[int, int] = {}
        next_at: dict[tuple[int, str], int] = {}
        for ref in ctx.refs_by_unit.get(unit.id, []):
            lo = next_at.get((ref.line, ref.raw), 0)
            while (at := text.find(ref.raw, lo)) >= 0:
                end = at + len(ref.raw)
                glued = (
                    text[end : end + 1].isdigit()
                    or (text[end : end + 1] == "." and text[end + 1 : end + 2].isdigit())
                    or (at > 0 and (text[at - 1].isdigit() or text[at - 1] == "."))
                )
                if not glued and unit.line_of(at) == ref.line:
                    want[id(ref)] = at
                    next_at[(ref.line, ref.raw)] = at + 1
                    break
                lo = at + 1
        assert topics._place_refs(unit) == want
        located += len(want)
    assert located > 1500


@given(st.text(alphabet="濒死不跨夜ab", max_size=6), st.text(alphabet="濒死不跨夜ab", max_size=12))
@example("濒死不跨夜", "濒死…不跨夜")
@example("不跨夜", "不跨…夜")
def test_a_term_is_present_as_the_split_test_says(term: str, squashed: str) -> None:
    """``Topics.present`` returns early for a term of three characters or fewer (no split of it leaves two
    words of two characters): the answer of the generator over every split."""
    from ruleproof.lint.topics import Topics

    by_splits = term in squashed or any(
        term[:k] in squashed and term[k:] in squashed for k in range(2, len(term) - 1)
    )
    assert Topics.present(None, term, squashed) is by_splits  # type: ignore[arg-type]  # (reads no state)
