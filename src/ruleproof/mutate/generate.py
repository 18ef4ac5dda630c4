"""Revision-like mutants of a rulebook text, one generator per class.

The generators read the text through the reader (clauses, items, references, spans) and their own
simple patterns — never through the lint: a mutant is an edit an author could make, chosen without
knowing what the checks look for.  Every generator lists its candidates in text order and the
caller samples them with a seeded :class:`random.Random`, so the same seed gives the same mutants.

Line count is kept: a deletion empties part of a line but never removes a line break, so every
untouched line keeps its number.

Classes (see :data:`ruleproof.mutate.model.CLASSES`):

* ``number`` — a number that the text states in more than one place (the same value and unit after
  the same words elsewhere) is changed in one place: an integer by one, a decimal by its last digit's
  step, a range at one end, a count in words by one, or (one in six) its unit;
* ``cite`` — a clause or item citation points at a sibling that exists (the nearest other clause
  under the same parent, or the next item of the same clause);
* ``namespace`` — 批次X, 步骤X or a registry entry 2.8.9(N) points at a neighbouring existing one;
* ``item-label`` — a middle item's label is deleted, or an item is relabelled as the one before;
* ``gate`` — one gate (label and text) is deleted from a 「十关核验」 line;
* ``label`` — 〔通则 X 之例外〕 is appended to a sentence of a clause the registry never names;
* ``revert`` — a change the revision log records as 「X」改为「Y」 (or 「N 件 → M 件」) is undone in
  the body: one Y becomes X again;
* ``truncate`` — an item or clause loses its end: cut mid-sentence, right after a citation, right
  after a word of the titles, or right before a closing bracket;
* ``duplicate`` — a sentence is printed twice;
* ``split-id`` — a cited clause id gets a space after one of its dots (「4.8. 2」).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ruleproof.lint.context import CLAUSE_ID as _CLAUSE_ID  # the clause-id pattern, not a check
from ruleproof.mutate.model import CLASS_KEYS, Edit, Mutant
from ruleproof.text.markers import CIRCLED, MARKER_RE, ORDINAL_TO_CIRCLED
from ruleproof.text.model import Document, RefKind, Span
from ruleproof.text.sentences import sentences

LOG_WORDS = ("修订记录", "修改记录", "修订日志", "版本沿革")
_UNITS = "发次票夜只层档人名分件份瓶刀点秒颗项类种"
_NUMBER = re.compile(rf"(?<![\d.A-Za-z])(?P<n>\d+(?:\.\d+)?)(?P<sp>\s*)(?P<u>昼夜|[{_UNITS}])(?![\d.])")
_CN_COUNT = re.compile(r"(?P<n>[二三四五六七八九十])(?P<u>选一|项|种|类)")
_CN = "一二三四五六七八九十"
_OTHER_UNIT = {"发": "次", "次": "夜", "夜": "次", "票": "人", "只": "名", "名": "只", "人": "名", "件": "份", "份": "件", "层": "次", "分": "次", "档": "级"}  # fmt: skip
_CJK2 = re.compile(r"[\u4e00-\u9fff]{2}")
# context words too common to say which fact a number belongs to
_COMMON = frozenset(
    ("全局", "每夜", "上限", "至多", "至少", "最多", "当夜", "初始", "累计", "每人", "每次", "每名")
)


@dataclass(frozen=True)
class Unit:
    """A clause body or an appendix, with its spans: offsets map back to (line, column)."""

    id: str
    title: str
    spans: tuple[Span, ...]
    is_clause: bool

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.spans)

    def at(self, offset: int) -> tuple[int, int]:
        """(line, column) of character ``offset`` of :attr:`text`."""
        pos = 0
        for s in self.spans:
            if offset < pos + len(s.text):
                return s.line, s.col + offset - pos
            pos += len(s.text)
        last = self.spans[-1]
        return last.line, last.col + len(last.text)

    def replace(self, start: int, end: int, new: str) -> tuple[Edit, ...]:
        """Edits replacing ``text[start:end]`` by ``new`` (the replacement goes on the first line; the
        rest of a multi-line passage is emptied, its line breaks kept)."""
        touched: list[tuple[Span, int, int]] = []  # spans whose text the passage covers, with columns
        at: tuple[Span, int] | None = None  # where an insertion goes (the first span that holds start)
        pos = 0
        for s in self.spans:
            lo, hi = pos, pos + len(s.text)
            pos = hi
            if at is None and lo <= start <= hi:
                at = (s, start - lo)
            a, b = max(start, lo), min(end, hi)
            if a < b:
                touched.append((s, a - lo, b - lo))
        if not touched:
            if at is None:
                return ()
            span, col = at
            return (Edit(span.line, span.col + col, span.col + col, new),)
        return tuple(
            Edit(s.line, s.col + a, s.col + b, new if k == 0 else "") for k, (s, a, b) in enumerate(touched)
        )


def units(doc: Document) -> list[Unit]:
    out = [Unit(c.id, c.title, tuple(c.spans), True) for c in doc if c.spans]
    out += [Unit(a.name, a.title, tuple(a.spans), False) for a in doc.appendices if a.spans]
    return out


def _is_log(u: Unit) -> bool:
    return not u.is_clause and any(w in u.title for w in LOG_WORDS)


def body_units(doc: Document) -> list[Unit]:
    """The units an edit may touch: everything but the revision log (history, not rules)."""
    return [u for u in units(doc) if not _is_log(u)]


@dataclass(frozen=True)
class Candidate:
    klass: str
    unit: Unit
    start: int
    end: int
    new: str
    note: str


def _mutant(c: Candidate, n: int) -> Mutant:
    text = c.unit.text
    edits = c.unit.replace(c.start, c.end, c.new)
    line = edits[0].line if edits else c.unit.at(c.start)[0]
    lo, hi = max(0, c.start - 12), min(len(text), c.end + 12)
    before = text[lo:hi]
    after = text[lo : c.start] + c.new + text[c.end : hi]
    return Mutant(
        id=f"{c.klass}-{n:03d}",
        klass=c.klass,
        clause=c.unit.id,
        line=line,
        before=before,
        after=after,
        note=c.note,
        edits=edits,
    )


# ------------------------------------------------------------------------------------- number


def _bump(raw: str, rng: random.Random) -> str:
    if "." in raw:
        whole, frac = raw.split(".")
        step = 10 ** len(frac)
        value = int(whole) * step + int(frac)
        value += rng.choice((1, 2, 5)) * (1 if value < 2 * step or rng.random() < 0.6 else -1)
        return f"{value // step}.{value % step:0{len(frac)}d}"
    n = int(raw)
    return str(n + 1 if n < 2 or rng.random() < 0.6 else n - 1)


def _context(text: str, start: int) -> set[str]:
    head = text[max(0, start - 10) : start]
    return {head[i : i + 2] for i in range(len(head) - 1) if _CJK2.fullmatch(head[i : i + 2])} - _COMMON


NUMBER_NOTIONS = ("restated", "loose")
"""What makes a number "stated in more than one place" (``--numbers``).

``loose`` (the first generator): the same value and unit elsewhere with a two-character word in
common among the ten characters before each — 「抵挡 1 次感染」 in 3.3.8 and in 4.8.1 although one is
the temporary doctor's rule and the other the bodyguard's, 「每夜至多 1 次」 anywhere.  Most such
numbers are two different quantities that happen to be equal: changing one leaves nothing wrong to
find, so a miss there says nothing of the checks.

``restated`` (the default): the same value and unit elsewhere, and either a word of at least three
characters in common right before both (「子弹存储上限 2发」 / 「存储上限 2发」, 「连续 4 夜」 after
「疫苗抗体」), or a two-character word in common and a citation that joins the two sentences (one cites
the other's clause, or both cite one clause: 「（自步骤 0.5 起，6.1.2）」) — and a position (「第 2 夜」)
is restated only by a position, an amount only by an amount: 「再补第 2 夜即可完成」 follows from 「常规
2 夜 1 件」 but does not say it again.  Read from the text alone — never from the lint's fact table or
links."""


def _grams(text: str, n: int) -> set[str]:
    cjk = "".join(_CJK_RUNS.findall(text))
    return {cjk[i : i + n] for i in range(len(cjk) - n + 1)}


_CJK_RUNS = re.compile(r"[\u4e00-\u9fff]+")


def _tail(text: str, at: int) -> str:
    """The words right before a number, within its sentence part: at most six characters of them."""
    lo = at
    while lo > 0 and at - lo < 12 and text[lo - 1] not in "。；，、：（）「」⸺|｜":
        lo -= 1
    words = "".join(_CJK_RUNS.findall(text[lo:at]))
    return words[-6:]


def _sentence_cites(text: str, at: int) -> set[str]:
    lo = max(text.rfind("。", 0, at), text.rfind("；", 0, at)) + 1
    ends = [i for i in (text.find("。", at), text.find("；", at)) if i >= 0]
    hi = min(ends) if ends else len(text)
    return {m.group("id") for m in _ID_AT.finditer(text, lo, hi)}


def _position(text: str, at: int) -> bool:
    """「第 2 夜」: the number says which one, not how many."""
    return text[max(0, at - 3) : at].rstrip().endswith("第")


def _restated(
    a: tuple[Unit, re.Match[str], set[str]], b: tuple[Unit, re.Match[str], set[str]], doc: Document
) -> bool:
    (ua, ma, ca), (ub, mb, cb) = a, b
    if ua is ub and abs(ma.start() - mb.start()) < 40:
        return False  # one statement, not two
    ta, tb = ua.text, ub.text
    if _position(ta, ma.start()) != _position(tb, mb.start()):
        return False  # 「再补第 2 夜即可完成」 is a position, 「常规 2 夜 1 件」 an amount: related, not restated
    head_a = _tail(ta, ma.start())
    head_b = _tail(tb, mb.start())
    if (_grams(head_a, 3) & _grams(head_b, 3)) - _COMMON3:
        return True
    if not ca & cb:
        return False
    cites_a, cites_b = _sentence_cites(ta, ma.start()), _sentence_cites(tb, mb.start())

    def names(unit: Unit, cited: set[str]) -> bool:
        return any(unit.id == c or unit.id.startswith(c + ".") for c in cited if c in doc.clauses)

    return names(ub, cites_a) or names(ua, cites_b) or bool(cites_a & cites_b & set(doc.clauses))


# three-character runs too common to say which quantity a number is (「每夜至」「全局限」)
_COMMON3 = frozenset(("每夜至", "夜至多", "全局限", "全局仅", "局仅此", "仅此一", "上限为", "至多为"))


def numbers(doc: Document, rng: random.Random, notion: str = "restated") -> Iterator[Candidate]:
    """Numbers the text states more than once (:data:`NUMBER_NOTIONS` says what that means)."""
    occurrences: dict[tuple[str, str], list[tuple[Unit, re.Match[str], set[str]]]] = defaultdict(list)
    for u in body_units(doc):
        text = u.text
        for m in _NUMBER.finditer(text):
            if (
                re.match(r"\s*[.．]", text[m.end("n") : m.end("n") + 2])
                or text[m.end() : m.end() + 1] == "动"
            ):
                continue
            occurrences[(m.group("n"), m.group("u"))].append((u, m, _context(text, m.start())))
        for m in _CN_COUNT.finditer(text):
            occurrences[(m.group("n"), m.group("u"))].append((u, m, _context(text, m.start())))
    for (_value, unit), occ in occurrences.items():
        for u, m, ctx in occ:
            if notion == "loose":
                if not any(v is not u and ctx & c for v, _m, c in occ):
                    continue
            elif not any(o[1] is not m and _restated((u, m, ctx), o, doc) for o in occ):
                continue
            raw = m.group("n")
            if raw in _CN:
                new = _CN[min(_CN.index(raw) + 1, len(_CN) - 1)] if raw != "十" else "九"
                yield Candidate("number", u, m.start("n"), m.end("n"), new, f"数目 {raw} → {new}")
                continue
            if rng.random() < 1 / 6 and unit in _OTHER_UNIT:
                other = _OTHER_UNIT[unit]
                yield Candidate("number", u, m.start("u"), m.end("u"), other, f"单位 {unit} → {other}")
                continue
            new = _bump(raw, rng)
            yield Candidate("number", u, m.start("n"), m.end("n"), new, f"数值 {raw}{unit} → {new}{unit}")


# --------------------------------------------------------------------------------------- cite

_ID_AT = re.compile(rf"(?<![\d.])(?P<id>{_CLAUSE_ID})(?![\d])")


def siblings(doc: Document, cid: str) -> list[str]:
    parent, _, last = cid.rpartition(".")
    if not parent:
        return []
    sibs = [c for c in doc.clauses if c.rpartition(".")[0] == parent and c != cid]
    return sorted(sibs, key=lambda c: (abs(int(c.rpartition(".")[2]) - int(last)), c))


def citations(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    """Clause and item citations retargeted to a sibling that exists."""
    refs_by_line: dict[tuple[str, int], set[str]] = defaultdict(set)
    for ref in doc.refs():
        if ref.kind in (RefKind.CLAUSE, RefKind.ITEM) and ref.context != "tag" and not ref.quoted:
            where = ref.clause or ref.context.removeprefix("appendix:")
            refs_by_line[(where, ref.line)].add(ref.target_clause or "")
    for u in body_units(doc):
        text = u.text
        for m in _ID_AT.finditer(text):
            cid = m.group("id")
            line, _ = u.at(m.start())
            if cid not in doc.clauses or cid not in refs_by_line.get((u.id, line), set()):
                continue
            if u.is_clause and (u.id == cid or u.id.startswith(cid + ".") or cid.startswith(u.id + ".")):
                continue
            mk = MARKER_RE.match(text, m.end())
            clause = doc.clauses[cid]
            if mk and mk.group("circ") and not mk.group("var") and len(clause.items) >= 2:
                labels = [it.label for it in clause.items if it.variant is None and it.label in CIRCLED]
                if mk.group(0) in labels:
                    k = labels.index(mk.group(0))
                    other = labels[k + 1] if k + 1 < len(labels) else labels[k - 1]
                    yield Candidate(
                        "cite", u, mk.start(), mk.end(), other, f"项引用 {cid}{mk.group(0)} → {cid}{other}"
                    )
                    continue
            sibs = siblings(doc, cid)
            if not sibs:
                continue
            new = sibs[0] if rng.random() < 0.7 or len(sibs) == 1 else sibs[1]
            yield Candidate("cite", u, m.start(), m.end(), new, f"条款引用 {cid} → {new}")


# ---------------------------------------------------------------------------------- namespace

_BATCH = re.compile(rf"批次\s*(?P<l>[〇{''.join(CIRCLED)}])")
_STEP = re.compile(r"步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![0-9.])")
_REGISTRY_AT = re.compile(rf"(?P<id>{_CLAUSE_ID})(?P<l>[(（](?:[1-4]\d)[)）]|[①-⑳])")


def step_sort(k: str) -> tuple[float, str]:
    m = re.match(r"\d+(?:\.\d+)?", k)
    return (float(m.group(0)) if m else 0.0, k)


def namespaces(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    batches = sorted({r.target_item for r in doc.refs() if r.kind is RefKind.BATCH and r.target_item})
    steps = sorted(
        {r.target_item for r in doc.refs() if r.kind is RefKind.NIGHT_STEP and r.target_item}, key=step_sort
    )
    registry = next((c for c in doc if "登记册" in c.title), None)
    reg_labels = sorted({r.target_item for r in doc.refs() if r.kind is RefKind.REGISTRY and r.target_item})
    for u in body_units(doc):
        text = u.text
        for m in _BATCH.finditer(text):
            label = m.group("l")
            if label not in batches or len(batches) < 2:
                continue
            k = batches.index(label)
            other = (
                batches[k + 1] if k + 1 < len(batches) and (k == 0 or rng.random() < 0.5) else batches[k - 1]
            )
            yield Candidate("namespace", u, m.start("l"), m.end("l"), other, f"批次{label} → 批次{other}")
        for m in _STEP.finditer(text):
            key = m.group("k")
            if key not in steps or len(steps) < 2:
                continue
            k = steps.index(key)
            other = steps[k + 1] if k + 1 < len(steps) and (k == 0 or rng.random() < 0.5) else steps[k - 1]
            yield Candidate("namespace", u, m.start("k"), m.end("k"), other, f"步骤 {key} → 步骤 {other}")
        if registry is None or u.id == registry.id:
            continue
        for m in _REGISTRY_AT.finditer(text):
            if m.group("id") != registry.id:
                continue
            label = m.group("l").replace("（", "(").replace("）", ")")
            if label not in reg_labels or len(reg_labels) < 2:
                continue
            ordinal = CIRCLED[label] if label in CIRCLED else int(label.strip("()"))
            target = ordinal + (1 if rng.random() < 0.5 else -1) or 2
            new = ORDINAL_TO_CIRCLED[target] if target <= 20 else f"({target})"
            if (
                new.replace("(", "").replace(")", "") not in {x.strip("()") for x in reg_labels}
                and new not in reg_labels
            ):
                continue
            yield Candidate("namespace", u, m.start("l"), m.end("l"), new, f"登记项 {label} → {new}")


# --------------------------------------------------------------------------------- item-label


def item_labels(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    for c in doc:
        plain = [it for it in c.items if it.variant is None and it.label in CIRCLED]
        if len(plain) < 3 or "十关" in c.title:
            continue
        u = Unit(c.id, c.title, tuple(c.spans), True)
        text = u.text
        for k, it in enumerate(plain):
            if "＝" in text[it.offset : it.offset + 8]:
                continue  # a ten-gate line's gate, not an item
            if 0 < k < len(plain) - 1 and rng.random() < 0.5:
                yield Candidate(
                    "item-label", u, it.offset, it.offset + len(it.label), "", f"删除项号 {it.label}"
                )
            elif k > 0:
                prev = plain[k - 1].label
                yield Candidate(
                    "item-label",
                    u,
                    it.offset,
                    it.offset + len(it.label),
                    prev,
                    f"项号 {it.label} 重复为 {prev}",
                )


# --------------------------------------------------------------------------------------- gate

_GATE = re.compile(r"[①②③④⑤⑥⑦⑧⑨⑩](?:之二)?")


def gates(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    for u in body_units(doc):
        text = u.text
        for m in re.finditer(r"十关核验[^①]{0,30}(?=①)", text):
            start = m.end()
            seq: list[re.Match[str]] = []
            for g in _GATE.finditer(text, start, min(len(text), start + 700)):
                if text[g.start() - 1 : g.start()].isdigit():
                    continue  # 「2.8.1①」 cites an item
                if not seq or _gate_key(g.group(0)) > _gate_key(seq[-1].group(0)):
                    seq.append(g)
            if len(seq) < 4:
                continue
            for k in range(1, len(seq) - 1):
                g, nxt = seq[k], seq[k + 1]
                yield Candidate("gate", u, g.start(), nxt.start(), "", f"删去第 {g.group(0)} 关")


def _gate_key(label: str) -> tuple[int, int]:
    return (CIRCLED[label[0]], 1 if label.endswith("之二") else 0)


# -------------------------------------------------------------------------------------- label


def labels(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    registry = next((c for c in doc if "登记册" in c.title), None)
    named = set(re.findall(_CLAUSE_ID, registry.text)) if registry else set()
    general = sorted({t.target_clause for t in doc.tags() if t.kind == "例外" and t.target_clause})
    if not general:
        general = [c for c in doc.clauses if c.startswith("2.")]
    for c in doc:
        if c.id.split(".")[0] in ("0", "1", "2") or c.id in named or any(t.kind == "例外" for t in c.tags):
            continue
        if "十关核验" in c.title:
            continue  # a ten-gate line summarises the labels of its clause; it carries none itself
        if any(c.id.startswith(n + ".") or n.startswith(c.id + ".") for n in named):
            continue
        u = Unit(c.id, c.title, tuple(c.spans), True)
        text = u.text
        gate_at = text.find("十关核验")
        ends = [m.start() for m in re.finditer("。", text) if gate_at < 0 or m.start() < gate_at]
        if not ends:
            continue
        at = ends[rng.randrange(len(ends))]
        g = general[rng.randrange(len(general))]
        yield Candidate("label", u, at, at, f"〔通则 {g} 之例外〕", f"新增未登记标注〔通则 {g} 之例外〕")


# ------------------------------------------------------------------------------------- revert

_CLAIM = re.compile(
    r"「(?P<old>[^「」]{2,30})」\s*(?:\d+\s*处\s*)?(?:改为|改成|更正为|统一为|→|->)\s*「(?P<new>[^「」]{2,30})」"
)
_NUM_CLAIM = re.compile(
    rf"(?P<noun>[\u4e00-\u9fff]{{2,8}})\s*(?P<a>\d+(?:\.\d+)?)\s*(?P<u>[{_UNITS}])\s*(?:→|->|改为)\s*(?P<b>\d+(?:\.\d+)?)\s*(?P=u)"
)


def reverts(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    all_units = units(doc)
    logs = [u for u in all_units if _is_log(u)]
    body = [u for u in all_units if not _is_log(u)]
    seen: set[tuple[str, int]] = set()
    for log in logs:
        for m in _CLAIM.finditer(log.text):
            old, new = m.group("old"), m.group("new")
            if old in new or new in old:
                continue
            hits = [(u, u.text.find(new)) for u in body if new in u.text and old not in u.text]
            for u, at in hits:
                if (u.id, at) in seen:
                    continue
                seen.add((u.id, at))
                yield Candidate("revert", u, at, at + len(new), old, f"回退「{new}」为「{old}」")
        for m in _NUM_CLAIM.finditer(log.text):
            noun, a, b, unit = m.group("noun")[-4:], m.group("a"), m.group("b"), m.group("u")
            pattern = re.compile(
                rf"{re.escape(noun)}[^。；，]{{0,6}}?(?<![\d.])(?P<v>{re.escape(b)})\s*{unit}"
            )
            for u in body:
                for pm in pattern.finditer(u.text):
                    key = (u.id, pm.start("v"))
                    if key in seen:
                        continue
                    seen.add(key)
                    yield Candidate(
                        "revert", u, pm.start("v"), pm.end("v"), a, f"回退{noun} {b}{unit} 为 {a}{unit}"
                    )


# ----------------------------------------------------------------------------------- truncate

_TITLE_WORD = re.compile(r"[\u4e00-\u9fff]{2,6}")


def _pieces(doc: Document) -> Iterator[tuple[Unit, int, int]]:
    for c in doc:
        if not c.spans:
            continue
        u = Unit(c.id, c.title, tuple(c.spans), True)
        text = u.text
        bounds = sorted({0, *(it.offset for it in c.items), len(text)})
        for lo, hi in itertools.pairwise(bounds):
            if hi - lo >= 24:
                yield u, lo, hi


def truncations(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    words = sorted({w for c in doc for w in _TITLE_WORD.findall(c.title)}, key=lambda w: (-len(w), w))
    for u, lo, hi in _pieces(doc):
        text = u.text
        piece = text[lo:hi]
        kind = rng.choice(("mid", "cite", "noun", "bracket"))
        cut: int | None = None
        if kind == "cite":
            ids = [m.end() for m in _ID_AT.finditer(piece) if 6 < m.end() < len(piece.rstrip()) - 4]
            cut = ids[rng.randrange(len(ids))] if ids else None
        elif kind == "noun":
            spots = [
                i + len(w)
                for w in words
                for i in [piece.find(w, 6)]
                if i >= 0 and i + len(w) < len(piece.rstrip()) - 4 and piece[i + len(w)] not in "。；，、）」"
            ]
            cut = spots[rng.randrange(len(spots))] if spots else None
        elif kind == "bracket":
            closes = [
                m.start() for m in re.finditer("[）」〕]", piece) if 6 < m.start() < len(piece.rstrip()) - 2
            ]
            cut = closes[rng.randrange(len(closes))] if closes else None
        if cut is None:
            kind = "mid"
            ends = [m.end() for m in re.finditer("[。；]", piece)]
            starts = [0, *ends]
            spans = [(a, b) for a, b in zip(starts, ends, strict=False) if b - a >= 12]
            if not spans:
                continue
            a, b = spans[rng.randrange(len(spans))]
            cut = rng.randrange(a + 4, b - 4)
        end = len(piece.rstrip())
        if cut >= end:
            continue
        notes = {"mid": "句中截断", "cite": "引用后截断", "noun": "名词后截断", "bracket": "右括号前截断"}
        yield Candidate("truncate", u, lo + cut, lo + end, "", notes[kind])


# ---------------------------------------------------------------------------------- duplicate


def duplicates(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    for u in body_units(doc):
        clause = doc.clauses.get(u.id) if u.is_clause else None
        cuts = [it.offset for it in clause.items] if clause else []
        for s in sentences(u.text, cuts):
            body = re.sub(rf"^[{''.join(CIRCLED)}]\s*", "", s.text)
            if len(body) < 12 or not body.endswith("。") or "十关核验" in body:
                continue
            yield Candidate("duplicate", u, s.end, s.end, body, "重复一句")


# ----------------------------------------------------------------------------------- split-id


# before a number that is a step or a quantity, not a clause id: 「步骤 0.5」「+1.5」「−1.0~1.5」
_NOT_AN_ID_BEFORE = re.compile(r"(?:步骤|[+＋−\-~～〜])\s*$")


def split_ids(doc: Document, rng: random.Random) -> Iterator[Candidate]:
    """Clause ids split by a space.  A number that reads like a cited id but is a step (「步骤 0.5」) or a
    signed or ranged quantity (「+2.5」「−1.0~1.5」) is no clause id: splitting it breaks a number, an
    edit of another kind (the first generator made such mutants, 5 % of its candidates)."""
    cited = {r.target_clause for r in doc.refs() if r.target_clause}
    for u in body_units(doc):
        text = u.text
        for m in _ID_AT.finditer(text):
            cid = m.group("id")
            if cid not in doc.clauses or cid not in cited:
                continue
            if _NOT_AN_ID_BEFORE.search(text, max(0, m.start() - 4), m.start()):
                continue
            dots = [m.start() + i for i, ch in enumerate(cid) if ch == "."]
            at = dots[rng.randrange(len(dots))]
            if rng.random() < 0.75:
                yield Candidate(
                    "split-id",
                    u,
                    at + 1,
                    at + 1,
                    " ",
                    f"拆开条款号 {cid} → {cid[: at + 1 - m.start()]} {cid[at + 1 - m.start() :]}",
                )
            else:
                yield Candidate(
                    "split-id",
                    u,
                    at,
                    at,
                    " ",
                    f"拆开条款号 {cid} → {cid[: at - m.start()]} {cid[at - m.start() :]}",
                )


GENERATORS: dict[str, Callable[[Document, random.Random], Iterator[Candidate]]] = {
    "number": numbers,
    "cite": citations,
    "namespace": namespaces,
    "item-label": item_labels,
    "gate": gates,
    "label": labels,
    "revert": reverts,
    "truncate": truncations,
    "duplicate": duplicates,
    "split-id": split_ids,
}
assert tuple(GENERATORS) == CLASS_KEYS


def _candidates(doc: Document, klass: str, rng: random.Random, numbers_notion: str) -> list[Candidate]:
    if klass == "number":
        return list(numbers(doc, rng, numbers_notion))
    return list(GENERATORS[klass](doc, rng))


def candidate_counts(
    doc: Document, *, seed: int, classes: tuple[str, ...] = CLASS_KEYS, numbers_notion: str = "restated"
) -> dict[str, int]:
    """How many edits of each class the text offers (the population the mutants are sampled from)."""
    return {k: len(_candidates(doc, k, random.Random(f"{seed}:{k}"), numbers_notion)) for k in classes}


def generate(
    doc: Document,
    *,
    seed: int,
    count: int,
    classes: tuple[str, ...] = CLASS_KEYS,
    numbers_notion: str = "restated",
) -> list[Mutant]:
    """Up to ``count`` mutants of each class (fewer when the text offers fewer candidates)."""
    out: list[Mutant] = []
    for klass in classes:
        rng = random.Random(f"{seed}:{klass}")
        candidates = _candidates(doc, klass, rng, numbers_notion)
        picked = rng.sample(range(len(candidates)), min(count, len(candidates)))
        for n, k in enumerate(sorted(picked), start=1):
            out.append(_mutant(candidates[k], n))
    return out
