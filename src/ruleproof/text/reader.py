"""Source bytes → :class:`~ruleproof.text.model.Document`."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ruleproof.books import Source
from ruleproof.errors import BadInput
from ruleproof.text.decode import decode
from ruleproof.text.headings import (
    AppendixMark,
    Candidate,
    ChapterMark,
    Placed,
    find_appendices,
    find_candidates,
    find_chapters,
    place_headings,
)
from ruleproof.text.items import extract_items, extract_tags, number_marks, numbered_run
from ruleproof.text.markers import MARKER_RE, parse_marker
from ruleproof.text.model import (
    Appendix,
    Chapter,
    Clause,
    Document,
    Heading,
    Missing,
    Noise,
    Ref,
    RefKind,
    Span,
    clause_key,
)
from ruleproof.text.names import Resolver, build_names, is_changelog, link, name_missing, scan_name_refs
from ruleproof.text.normalize import normalize
from ruleproof.text.profiles import reading_profile
from ruleproof.text.refs import Owners, find_owners, scan_refs
from ruleproof.text.sections import read_sections
from ruleproof.text.skilldefs import colon_convention

MIN_CLAUSES = 3


@dataclass(frozen=True)
class _Cut:
    """A point in the text where a region starts: a clause heading, a chapter or an appendix."""

    line: int  # 1-based
    col: int
    body_line: int
    body_col: int
    kind: str  # "clause" | "chapter" | "appendix"
    ref: object


def read_document(source: Source, shape: str | None = None) -> Document:
    """The clause tree of a text.  ``shape`` ("dotted" / "sectioned") overrides the book's reading
    profile; an unknown text is read as dotted when it numbers its clauses 4.4.6, else by its headings."""
    text, _encoding = decode(source.data, source.name)
    lines = normalize(text).split("\n")
    book = source.name.removeprefix("bundled:") if source.name.startswith("bundled:") else None
    want = shape or reading_profile(book).shape
    if want in ("dotted", "auto"):
        doc = _read_dotted(source, lines)
        if doc is not None:
            doc.book = book
            return doc
    if want in ("sectioned", "auto"):
        sectioned = _read_sectioned(source, lines)
        if sectioned is not None:
            sectioned.book = book
            return sectioned
    raise BadInput(
        f"{source.name}：既找不到条款编号（如「4.4.6 子弹存储上限」），也找不到章节标题（如「胜负判定」「【村民阵营】」"
        "「一、基础规则」），这不像是一份规则书",
        f"{source.name}: neither numbered clauses (such as '4.4.6 …') nor section headings (such as "
        "'胜负判定', '【村民阵营】', '一、…') found; this does not look like a rulebook",
    )


def _read_sectioned(source: Source, lines: list[str]) -> Document | None:
    found = read_sections(lines)
    if found is None:
        return None
    clauses = {c.id: c for c in found.clauses}
    # The thread title (「[165]原神——正式规则贴」) has a signature's shape but is printed once, while a post
    # signature (「[165]导演A」) recurs: the title is the first line that is neither chrome nor a recurring
    # signature.
    printed = Counter(ln.strip() for ln in lines)
    furniture = set(found.chrome) | {i for i in found.signatures if printed[lines[i - 1].strip()] > 1}
    doc = Document(
        name=source.name,
        title=next((ln.strip() for i, ln in enumerate(lines, 1) if ln.strip() and i not in furniture), ""),
        lines=lines,
        clauses=clauses,
        preamble=found.preamble,
        noise=found.noise
        + [Noise("post-signature", lines[i - 1].strip(), i, None) for i in found.signatures],
        shape="sectioned",
    )
    doc.names = build_names(clauses, colon_convention(lines))
    resolver = Resolver(doc.names)
    for clause in clauses.values():
        context = "changelog" if is_changelog(clause, clauses) else "body"
        clause.refs = link(scan_name_refs(clause, doc.names, context, resolver), resolver)
    doc.missing = name_missing(doc.refs(), resolver)
    return doc


def _read_dotted(source: Source, lines: list[str]) -> Document | None:
    appendix_marks = find_appendices(lines)
    region_end = appendix_marks[0].line if appendix_marks else len(lines)
    candidates = find_candidates(lines, region_end)
    # the line holding the first appendix heading may start with clause text: keep candidates before it
    if appendix_marks:
        first = appendix_marks[0]
        candidates = [c for c in candidates if (c.line, c.col) < (first.line, first.col)]
    duplicate_headings: list[Candidate] = []
    placed = place_headings(candidates, duplicate_headings)
    if len({p.cand.id for p in placed}) < MIN_CLAUSES:
        return None
    chain_ids = [p.cand.id for p in placed]
    chapters = _chapters_in_order(find_chapters(lines, region_end), placed)

    cuts: list[_Cut] = []
    for p in placed:
        c = p.cand
        cuts.append(_Cut(c.line, c.col, c.title_end[0], c.title_end[1], "clause", p))
    for ch in chapters:
        cuts.append(_Cut(ch.line, ch.col, ch.line, ch.col, "chapter", ch))
    for ap in appendix_marks:
        cuts.append(_Cut(ap.line, ap.col, ap.line, ap.title_end_col, "appendix", ap))
    cuts.sort(key=lambda c: (c.line, c.col))

    clauses: dict[str, Clause] = {}
    appendices: list[Appendix] = []
    preamble: list[Span] = []
    first_cut = cuts[0] if cuts else None
    if first_cut is not None:
        preamble = _spans(lines, (1, 0), (first_cut.line, first_cut.col))

    for n, cut in enumerate(cuts):
        stop = (cuts[n + 1].line, cuts[n + 1].col) if n + 1 < len(cuts) else (len(lines) + 1, 0)
        body = _spans(lines, (cut.body_line, cut.body_col), stop)
        if cut.kind == "clause":
            assert isinstance(cut.ref, Placed)
            cand = cut.ref.cand
            heading = Heading(
                line=cand.line,
                col=cand.col,
                title=cand.title,
                raw=lines[cand.line - 1][cand.col : cand.title_col] + cand.title,
            )
            clause = clauses.get(cand.id)
            if clause is None:
                clause = Clause(
                    id=cand.id,
                    title=cand.title,
                    line=cand.line,
                    displaced=cut.ref.role == "displaced",
                    fused=not cand.line_start,
                )
                clauses[cand.id] = clause
            clause.headings.append(heading)
            clause.spans.extend(body)
        elif cut.kind == "appendix":
            assert isinstance(cut.ref, AppendixMark)
            appendices.append(Appendix(cut.ref.name, cut.ref.title, cut.ref.line, body))
        # chapter headings and the chapter's intro text belong to no clause

    ordered = dict(sorted(clauses.items(), key=lambda kv: clause_key(kv[0])))
    del chain_ids
    doc = Document(
        name=source.name,
        title=next((ln.strip() for ln in lines if ln.strip()), ""),
        lines=lines,
        clauses=ordered,
        chapters=[Chapter(ch.number, ch.title, ch.line) for ch in chapters],
        appendices=appendices,
        preamble=preamble,
    )
    for clause in doc.clauses.values():
        clause.items = extract_items(clause)
        clause.tags = extract_tags(clause)
    owners = find_owners({cid: c.title for cid, c in doc.clauses.items()})
    _attach_refs(doc, owners)
    doc.noise = _find_noise(doc) + [
        Noise("duplicate-heading", f"{c.id} {c.title}", c.line, c.id) for c in duplicate_headings
    ]
    doc.missing = _find_missing(doc, owners)
    return doc


def _chapters_in_order(marks: list[ChapterMark], placed: list[Placed]) -> list[ChapterMark]:
    """Keep chapter marks whose number matches the clause that follows them (「一、」 before 1.1)."""
    out: list[ChapterMark] = []
    for mark in marks:
        nxt = next((p.cand for p in placed if (p.cand.line, p.cand.col) > (mark.line, mark.col)), None)
        if nxt is None or int(nxt.id.split(".")[0]) != mark.number:
            continue
        if out and mark.number <= out[-1].number:
            continue
        out.append(mark)
    return out


def _spans(lines: list[str], start: tuple[int, int], stop: tuple[int, int]) -> list[Span]:
    """Non-blank pieces of lines from (line, col) up to (line, col), 1-based lines."""
    out: list[Span] = []
    line, col = start
    while (line, col) < stop and line <= len(lines):
        text = lines[line - 1]
        end = stop[1] if line == stop[0] else len(text)
        piece = text[col:end]
        if piece.strip():
            out.append(Span(line, col, piece))
        line, col = line + 1, 0
    return out


def _attach_refs(doc: Document, owners: Owners) -> None:
    def exists(cid: str) -> bool:
        return cid in doc.clauses

    for clause in doc.clauses.values():
        clause.refs = scan_refs(
            clause.text,
            breaks=clause.line_breaks(),
            item_offsets=frozenset(it.offset for it in clause.items),
            line_of=clause.line_of_offset,
            item_of=clause.item_at,
            clause=clause.id,
            context="body",
            owners=owners,
            exists=exists,
        )
        # the clause a tag names is a reference too (〔通则 2.8.2 之例外〕)
        for tag in clause.tags:
            if tag.target_clause and not tag.mention:
                clause.refs.append(
                    Ref(
                        kind=RefKind.ITEM if tag.target_item else RefKind.CLAUSE,
                        raw=tag.raw,
                        line=tag.line,
                        clause=clause.id,
                        item=tag.item,
                        target_clause=tag.target_clause,
                        target_item=tag.target_item,
                        context="tag",
                    )
                )
    for appendix in doc.appendices:
        appendix.refs = scan_refs(
            appendix.text,
            breaks=appendix.line_breaks(),
            line_of=appendix.line_of_offset,
            item_of=lambda off: None,
            clause=None,
            context=f"appendix:{appendix.name}",
            owners=owners,
            exists=exists,
        )


def _find_noise(doc: Document) -> list[Noise]:
    """Export serial numbers such as 「31.」「183.」 left in clause bodies (no normative meaning)."""
    out: list[Noise] = []
    for clause in doc.clauses.values():
        marks = number_marks(clause.text)
        run = numbered_run(marks)
        authored = {mk.pos for mk in run} if run and run[0].number == 1 else set()
        for mk in marks:
            if mk.pos not in authored:
                raw = clause.text[mk.pos : mk.end]
                out.append(Noise("serial", raw, clause.line_of_offset(mk.pos), clause.id))
    return out


def _has_item(doc: Document, clause_id: str, label: str) -> bool:
    clause = doc.clauses.get(clause_id)
    if clause is None:
        return False
    m = MARKER_RE.fullmatch(label)
    if m is None:
        return label in clause.text
    ordinal, variant, _ = parse_marker(m)
    return clause.item_by_ordinal(ordinal, variant) is not None


def _absent_reason(doc: Document, target: str) -> str:
    """「clause-absent」, or 「defined-inline」 when the id only appears inside its parent's body as a
    run-in entry (「共十类：7.2.8 接种告知（…）」) rather than as a heading."""
    parent = doc.clauses.get(target.rsplit(".", 1)[0])
    if parent is not None and re.search(re.escape(target) + r"\s*[\u4e00-\u9fff]", parent.text):
        return "defined-inline"
    return "clause-absent"


def _find_missing(doc: Document, owners: Owners) -> list[Missing]:
    out: list[Missing] = []
    for ref in doc.refs():
        target = ref.target_clause
        if ref.kind in (RefKind.CLAUSE, RefKind.ITEM, RefKind.REGISTRY):
            if target is None:
                continue
            if "." not in target:  # §0: a whole chapter
                if not any(cid.startswith(target + ".") for cid in doc.clauses):
                    out.append(Missing(ref, "clause-absent"))
                continue
            if target not in doc.clauses:
                out.append(Missing(ref, _absent_reason(doc, target)))
            elif ref.target_item is not None and not _has_item(doc, target, ref.target_item):
                reason = "registry-entry-absent" if ref.kind is RefKind.REGISTRY else "item-absent"
                out.append(Missing(ref, reason))
        elif ref.kind in (RefKind.VICTORY_ROW, RefKind.GATE):
            if target is None:
                out.append(Missing(ref, "namespace-owner-absent"))
            elif ref.target_item is not None and not _has_item(doc, target, ref.target_item):
                out.append(Missing(ref, "item-absent"))
        elif ref.kind is RefKind.BATCH:
            if target is None:
                out.append(Missing(ref, "namespace-owner-absent"))
            elif ref.target_item is not None and ref.target_item not in doc.clauses[target].text:
                out.append(Missing(ref, "item-absent"))
        # night steps are checked against the spec's step list, not here
    return out
