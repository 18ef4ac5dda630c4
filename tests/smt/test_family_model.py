"""A family's model kept per process (:func:`ruleproof.smt.invariant.family_model`): kept under what a
``verify`` job is keyed by — a spec whose parameters (an edited text stating another value), readings or
data differ is another model — and the verdicts and every solver question's key are the same with and
without it.  The dying invariant's model (:func:`ruleproof.invariants.fanhanglu.dying.kept_dying_system`) is kept
the same way, under the step its text says dying ends by as well."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ruleproof.books import Source
from ruleproof.invariants.fanhanglu import INVARIANT_BY_NAME, INVARIANTS
from ruleproof.smt import cache, invariant, ts
from ruleproof.smt.invariant import FamilyInvariant
from ruleproof.smt.verify import plan_verify, verify_all
from ruleproof.specs.fanhanglu import load_spec
from ruleproof.text import Document, read_document

CAP = (
    "存量一律不得超过2发"  # 4.4.6, the phrase ``sheriff.bullet_cap`` is read from (the bullet family's model)
)


def _edited(doc: Document, old: str, new: str) -> Document:
    text = "\n".join(doc.lines)
    assert text.count(old) == 1
    return read_document(Source(name="edited.txt", data=text.replace(old, new).encode()))


def _noted(doc: Document) -> Document:
    """The text with a sentence appended: another text hash, every rule and claim as before."""
    return read_document(Source(name="noted.txt", data=("\n".join(doc.lines) + "\n附注。\n").encode()))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("RULEPROOF_CACHE", str(tmp_path / "verdicts"))
    monkeypatch.setattr(invariant, "_MODELS", type(invariant._MODELS)())  # this test's models only
    yield tmp_path / "verdicts"


def _models(doc: Document) -> dict[tuple[str, tuple[tuple[str, str], ...]], ts.TransitionSystem]:
    """The model of each family theorem in each reading, as a ``verify`` job of ``doc`` takes it."""
    plan = plan_verify(load_spec(), doc)
    data = cache.data_of(plan.spec)
    out = {}
    for inv, _n, combo, variant in plan.cases:
        if isinstance(inv, FamilyInvariant):
            with cache.by_question(), cache.spec_data(data):
                kept = inv.system(variant, inv.read_claims(doc)).kept
            assert kept is not None
            out[inv.name, tuple(sorted(combo.items()))] = kept.model
    return out


def test_a_model_is_kept_per_family_reading_and_spec(folder: Path, fanhanglu: Document) -> None:
    base = _models(fanhanglu)
    families = {type(INVARIANT_BY_NAME[name]).model for name, _c in base}
    assert len(families) == 4  # bullets, batches, escape, occupancy
    for (name, combo), model in base.items():  # one model per family and reading, shared by its theorems
        for (other, combo2), model2 in base.items():
            same = (
                type(INVARIANT_BY_NAME[name]).model is type(INVARIANT_BY_NAME[other]).model
                and combo == combo2
            )
            assert (model is model2) == same, (name, combo, other, combo2)
    # another text stating the same rules (a note appended): the same models
    assert _models(_noted(fanhanglu)) == base and all(
        m is base[k] for k, m in _models(_noted(fanhanglu)).items()
    )
    # an edited text stating another cap: a parameter of every job's spec, so every model is another
    edited = _models(_edited(fanhanglu, CAP, CAP.replace("2", "3")))
    assert edited.keys() == base.keys()
    assert all(edited[k] is not base[k] for k in base)
    # each kept model is the one its job's spec builds: the edited text's cap 3, not the bundled 2
    inv = INVARIANT_BY_NAME["sheriff_bullet_cap"]
    assert isinstance(inv, FamilyInvariant)
    reading = (("bounty.count_basis", load_spec().interpretation["bounty.count_basis"]),)
    for models, cap in ((base, 2), (edited, 3)):
        built = inv.model(load_spec({"sheriff.bullet_cap": cap}))
        assert ts.fingerprint(models["sheriff_bullet_cap", reading], 1) == ts.fingerprint(built, 1)


def test_a_patched_spec_table_or_no_cache_is_another_model(
    folder: Path, fanhanglu: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ruleproof.specs.fanhanglu import tables

    base = _models(fanhanglu)
    monkeypatch.setattr(tables, "BOUNTY_FACTIONS", ("humans", "xenos", "alien"))  # the spec's data hash
    assert all(m is not base[k] for k, m in _models(fanhanglu).items())
    monkeypatch.undo()
    monkeypatch.setenv("RULEPROOF_CACHE", "off")  # no questions kept: built anew, nothing kept with it
    inv = INVARIANT_BY_NAME["escape_peace_route"]
    assert isinstance(inv, FamilyInvariant)
    with cache.by_question(), cache.spec_data(cache.data_of(load_spec())):
        assert inv.system(load_spec()).kept is None


CHOSEN = ("bullet_conservation", "armed_crew_at_most_one")


def _run(doc: Document, folder: Path, names: tuple[str, ...], depth: int) -> tuple[str, set[str]]:
    from ruleproof.smt.ts import Options

    invs = [INVARIANT_BY_NAME[n] for n in names]
    report = verify_all(load_spec(), doc, options=Options(depth=depth), invariants=invs)
    keys = {p.name for p in folder.rglob("*.pickle")}
    return json.dumps(report.to_json(timing=False), sort_keys=True, ensure_ascii=False), keys


def _plain(kind: object, spec: Any, build: Callable[[], ts.TransitionSystem]) -> ts.TransitionSystem:
    return build()


def _compare(
    fanhanglu: Document,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    names: tuple[str, ...],
    depth: int,
    models: int,
    edited: bool,
) -> None:
    """The same verdicts and the same solver questions (every key the cache folder holds: each question's
    key is its fingerprint) with the model kept and built anew, on the text, then on a text that states
    the same rules (the jobs' keys miss, their questions are read) and (``edited``) on one that states another
    cap (another spec: other models, new questions)."""
    runs: dict[str, list[tuple[str, set[str]]]] = {}
    from ruleproof.invariants.fanhanglu import dying

    for mode, model_of in (("kept", invariant.kept_model), ("anew", _plain)):
        where = tmp_path / mode
        monkeypatch.setenv("RULEPROOF_CACHE", str(where))
        monkeypatch.setattr(invariant, "_MODELS", type(invariant._MODELS)())
        monkeypatch.setattr(invariant, "kept_model", model_of)  # (``family_model`` calls it)
        monkeypatch.setattr(dying, "kept_model", model_of)
        texts = [fanhanglu, _noted(fanhanglu)]
        texts += [_edited(fanhanglu, CAP, CAP.replace("2", "3"))] if edited else []
        runs[mode] = [_run(doc, where, names, depth) for doc in texts]
        if mode == "kept":  # one per family and reading, for each spec
            assert len(invariant._MODELS) == models * (1 + edited)
    assert runs["kept"] == runs["anew"]
    (first, k1), (noted, k2), *rest = runs["kept"]
    jobs = len(plan_verify(load_spec(), fanhanglu, invariants=[INVARIANT_BY_NAME[n] for n in names]).cases)
    assert noted == first and len(k2 - k1) == jobs  # the new text's jobs only: every question was read
    for other, k3 in rest:
        assert other != first and k3 > k2


def test_verdicts_and_questions_are_the_same_with_the_model_kept(
    fanhanglu: Document, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two theorems of the bullet family in both readings, one night: two models, each shared."""
    _compare(fanhanglu, tmp_path, monkeypatch, names=CHOSEN, depth=1, models=2, edited=False)


@pytest.mark.heavy
def test_every_family_theorem_is_the_same_with_the_model_kept(
    fanhanglu: Document, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every theorem of the four families in every reading, two nights, and the edited text (CI's heavy job)."""
    names = tuple(i.name for i in INVARIANTS if isinstance(i, FamilyInvariant))
    _compare(fanhanglu, tmp_path, monkeypatch, names=names, depth=2, models=2 + 4 + 1 + 2, edited=True)


ENDS = (
    "步骤 9前必定终结"  # 4.10.4, the step ``no_cross_night_dying``'s model watches from (its claim ``ends``)
)


def _dying_models(doc: Document) -> dict[tuple[str, tuple[tuple[str, str], ...]], ts.TransitionSystem]:
    """The model of each dying theorem in each reading, as a ``verify`` job of ``doc`` takes it."""
    plan = plan_verify(load_spec(), doc, invariants=[INVARIANT_BY_NAME[n] for n in DYING])
    data = cache.data_of(plan.spec)
    out = {}
    for inv, _n, combo, variant in plan.cases:
        with cache.by_question(), cache.spec_data(data):
            kept = inv.system(variant, inv.read_claims(doc)).kept
        assert kept is not None
        out[inv.name, tuple(sorted(combo.items()))] = kept.model
    return out


DYING = ("no_cross_night_dying", "dying_leaves_no_trace")


def test_the_dying_model_is_kept_with_the_step_its_text_says_dying_ends_by(
    folder: Path, fanhanglu: Document
) -> None:
    """The two dying theorems build one model (:func:`dying_system`) shaped by a claim, not only by the spec:
    kept under the claim's step as well, so the text's step 9 shares one model per reading between them and
    with a text stating the same rules, and a text stating step 10 keeps another (the one step 10 builds)."""
    from ruleproof.invariants.fanhanglu.dying import dying_system

    base = _dying_models(fanhanglu)
    by_reading: dict[tuple[tuple[str, str], ...], set[int]] = {}
    for (_name, combo), model in base.items():
        by_reading.setdefault(
            tuple(sorted(load_spec().interpretation.items() | dict(combo).items())), set()
        ).add(id(model))
    assert all(len(ids) == 1 for ids in by_reading.values())  # one model per reading, both theorems
    assert len(base) == 10 and len(set(map(id, base.values()))) == len(by_reading) == 9  # (8 + 2, one shared)
    noted = _dying_models(_noted(fanhanglu))
    assert noted.keys() == base.keys() and all(m is base[k] for k, m in noted.items())
    edited = _dying_models(_edited(fanhanglu, ENDS, ENDS.replace("9", "10")))
    assert edited.keys() == base.keys()
    for (name, combo), model in edited.items():
        assert (model is base[name, combo]) == (name == "dying_leaves_no_trace"), name
    spec = load_spec()
    (default,) = [
        c for n, c in edited if n == "no_cross_night_dying" and all(spec.reading(k) == v for k, v in c)
    ]
    built = dying_system(spec, ends="10")
    assert ts.fingerprint(edited["no_cross_night_dying", default], 1) == ts.fingerprint(built, 1)
    assert ts.fingerprint(built, 1) != ts.fingerprint(dying_system(spec), 1)


@pytest.mark.heavy
def test_both_dying_theorems_are_the_same_with_the_model_kept(
    fanhanglu: Document, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two dying theorems in every reading, two nights, and the edited text (CI's heavy job): 9 models."""
    _compare(fanhanglu, tmp_path, monkeypatch, names=DYING, depth=2, models=9, edited=True)
