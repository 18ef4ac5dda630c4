"""The verdict cache keyed by the question itself (:func:`ruleproof.smt.cache.question`): a text that asks
the same solver questions reads their answers — the same verdicts an uncached run gives — and a text that
changes a formula asks a new question."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ruleproof.books import Source, load_source
from ruleproof.invariants.fanhanglu import INVARIANT_BY_NAME
from ruleproof.smt import cache, formula, ts, verify_all
from ruleproof.smt.invariant import FormulaInvariant, SystemInvariant
from ruleproof.smt.ts import Options
from ruleproof.specs.fanhanglu import load_spec
from ruleproof.text import Document, read_document
from ruleproof.text.normalize import normalize

OPTS = Options(depth=2)
NAMES = ("detective_pool", "faction_seats_constant")  # one transition system, one one-shot formula


def _text(old: str, new: str) -> Document:
    text = normalize(load_source(None).data.decode("utf-8"))
    assert text.count(old) == 1, old
    return read_document(Source("edited.txt", text.replace(old, new).encode("utf-8")))


def _solved(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The solver procedures actually run from now on (not read from the cache), by name."""
    calls: list[str] = []
    for module, name in ((ts, "check_system"), (ts, "live_search"), (formula, "decide_formula")):
        real = getattr(module, name)

        def counted(*args: Any, _real: Any = real, _name: str = name) -> Any:
            calls.append(_name)
            return _real(*args)

        monkeypatch.setattr(module, name, counted)
    return calls


def _verify(doc: Document) -> dict[str, Any]:
    report = verify_all(load_spec(), doc, options=OPTS, invariants=[INVARIANT_BY_NAME[n] for n in NAMES])
    out: dict[str, Any] = report.to_json(timing=False)
    return out


def test_an_edit_no_question_reads_is_answered_from_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fanhanglu: Document
) -> None:
    monkeypatch.setenv("RULEPROOF_CACHE", str(tmp_path / "cache"))
    calls = _solved(monkeypatch)
    _verify(fanhanglu)
    assert {"check_system", "live_search", "decide_formula"} <= set(calls)  # a cold cache: solved
    calls.clear()
    edited = _text(
        "事后追溯", "事后查证"
    )  # a sentence neither theorem reads: another text, the same questions
    hit = _verify(edited)
    assert calls == []  # every question read from the cache
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    assert hit == _verify(edited)  # exactly the verdicts the same questions give uncached
    assert calls  # (and that run did solve)


def test_a_changed_formula_is_a_new_question(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fanhanglu: Document
) -> None:
    inv = INVARIANT_BY_NAME["occupancy_at_most_two"]
    assert isinstance(inv, SystemInvariant)
    claims = inv.read_claims(fanhanglu)
    stated = ts.fingerprint(inv.system(load_spec(), claims), 6)
    assert stated == ts.fingerprint(inv.system(load_spec(), claims), 6)  # the same question, the same text
    assert stated != ts.fingerprint(inv.system(load_spec({"xeno.direction_capacity": 1}), claims), 6)
    assert stated != ts.fingerprint(inv.system(load_spec(), claims), 5)  # cost terms of one more night
    seats = INVARIANT_BY_NAME["faction_seats_constant"]
    assert isinstance(seats, FormulaInvariant)
    f = seats.formula(load_spec(), seats.read_claims(fanhanglu))
    assert formula.fingerprint(f) != formula.fingerprint(
        seats.formula(load_spec(), seats.read_claims(_text("人类 11、异形 3", "人类 12、异形 3")))
    )


def test_nothing_is_kept_outside_a_verification(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fanhanglu: Document
) -> None:
    """A caller of ``ts.check`` outside ``verify`` (a test with a patched solver) neither reads nor writes."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULEPROOF_CACHE", str(folder))
    inv = INVARIANT_BY_NAME["detective_pool"]
    assert isinstance(inv, SystemInvariant)
    system = inv.system(load_spec(), inv.read_claims(fanhanglu))
    calls = _solved(monkeypatch)
    ts.check(system, OPTS)
    assert calls == ["check_system"] and not folder.exists()
    with cache.by_question():
        first = ts.check(system, OPTS)
        again = ts.check(system, OPTS)
    assert calls == ["check_system", "check_system"] and first == again and any(folder.rglob("*.pickle"))


# ── one answer for every depth it holds at ─────────────────────────────────────────────────────────


def test_a_run_that_concluded_answers_the_runs_of_other_depths(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fanhanglu: Document
) -> None:
    """``check``'s 4 nights and ``verify``'s 6 ask the same questions up to the night a run concludes: a proof
    or a (minimized) violation found at night t is read back by a run of any depth ≥ t — the very result an
    uncached run of that depth gives — and a shallower run, which cannot conclude there, solves anew."""
    monkeypatch.setenv("RULEPROOF_CACHE", str(tmp_path / "cache"))
    calls = _solved(monkeypatch)
    for name, spec in (
        ("detective_pool", load_spec()),  # proved by induction
        ("bullet_conservation", load_spec({"bounty.bullets_per_kill": 2})),  # violated, minimized
    ):
        inv = INVARIANT_BY_NAME[name]
        assert isinstance(inv, SystemInvariant)
        system = inv.system(spec, inv.read_claims(fanhanglu))
        with cache.by_question():
            first = ts.check(system, Options(depth=3))
        assert first.status in (ts.Status.PROVED, ts.Status.VIOLATED) and first.depth <= 2, name
        calls.clear()
        with cache.by_question():
            read = [ts.check(system, Options(depth=d)) for d in (first.depth, 5)]
        assert calls == [], name  # read, not solved
        monkeypatch.setenv("RULEPROOF_CACHE", "off")
        assert read == [ts.check(system, Options(depth=d)) for d in (first.depth, 5)], name
        monkeypatch.setenv("RULEPROOF_CACHE", str(tmp_path / "cache"))
        if first.depth:
            calls.clear()
            with cache.by_question():
                shallow = ts.check(system, Options(depth=first.depth - 1))
            assert calls == ["check_system"] and shallow.status is ts.Status.HOLDS, name


Event = tuple[str, str, int | None]  # a witness's kind, what its query answers, the night it first does


def _searched(events: list[Event], depth: int) -> ts.LiveSearch:
    """What :func:`ts.live_search`'s loop finds when witness ``i``'s query answers ``events[i]`` (reached or
    unknown from its night on, unreached before; never when the night is None), past the initial states."""
    out = [ts.Witness("init", "init", "", "", "", ts.Live.REACHED, 0)]
    out += [
        ts.Witness(kind, f"w{i}", "", "", "", ts.Live.UNREACHED) for i, (kind, _a, _n) in enumerate(events)
    ]
    search = ts.LiveSearch(out)
    for t in range(max(depth, ts.LIVENESS_DEPTH) + 1):
        for i, (_kind, answer, night) in enumerate(events, 1):
            if out[i].status is ts.Live.UNREACHED and night == t:
                if answer == "sat":
                    out[i].status, out[i].depth = ts.Live.REACHED, t
                else:
                    out[i].status = ts.Live.UNKNOWN
                    search.unknown_at[i] = t
        alive = all(w.status is not ts.Live.UNREACHED for w in out if w.kind != "outcome")
        complete = all(w.status is not ts.Live.UNREACHED for w in out)
        search.end = t
        if alive and (complete or t >= depth):
            break
    return search


@given(
    events=st.lists(
        st.tuples(
            st.sampled_from(["cover", "premise", "outcome"]),
            st.sampled_from(["sat", "sat", "unknown"]),
            st.one_of(st.none(), st.integers(0, 12)),
        ),
        max_size=5,
    ),
    depths=st.tuples(st.integers(1, 10), st.integers(1, 10)),
)
def test_a_liveness_search_answers_every_depth_that_stops_no_later(
    events: list[Event], depths: tuple[int, int]
) -> None:
    """:meth:`ts.LiveSearch.at` against the search loop's own rule: a search kept at one depth answers another
    exactly when the other stops no later (up to there both sent the same queries), and then with what the
    other finds — a witness the kept search reached (or found unknown) after that night unreached."""
    kept, other = depths
    search, wanted = _searched(events, kept), _searched(events, other)
    assert search.end is not None and wanted.end is not None
    got = search.at(other)
    if wanted.end <= search.end:
        assert got == wanted.witnesses
    else:
        assert got is None
