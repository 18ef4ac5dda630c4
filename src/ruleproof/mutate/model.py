"""Mutants: revision-like edits of a rulebook text, each with its manifest entry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Edit:
    """Replace columns ``col``…``end`` of source line ``line`` (1-based, normalised text) by ``text``."""

    line: int
    col: int
    end: int
    text: str


@dataclass(frozen=True)
class MutationClass:
    key: str
    zh: str
    en: str


CLASSES: tuple[MutationClass, ...] = (
    MutationClass("number", "改动一处数值（权威条款或其一处复述）", "change a number in one place (owner or a restatement)"),
    MutationClass("cite", "把条款∕项的引用改指另一个实有的条款∕项", "retarget a clause or item citation to another existing one"),
    MutationClass("namespace", "把批次∕步骤∕登记项引用改指另一个实有编号", "retarget a batch / step / registry citation"),
    MutationClass("item-label", "删除或重复一个项号", "drop or duplicate an item label"),
    MutationClass("gate", "从十关核验行中删去一关", "drop a gate from a ten-gate line"),
    MutationClass("label", "新增一个未登记的例外标注", "add an unregistered exception label"),
    MutationClass("revert", "回退一处修订记录声称已作的修改", "revert a change the revision log claims"),
    MutationClass("truncate", "截断条款或项（句中、引用后、名词后、右括号前）", "truncate a clause or item"),
    MutationClass("duplicate", "重复一句", "duplicate a sentence"),
    MutationClass("split-id", "把条款号拆开（「4.8. 2」）", "split a clause id across a space"),
)  # fmt: skip
CLASS_KEYS = tuple(c.key for c in CLASSES)


@dataclass(frozen=True)
class Mutant:
    id: str  # "number-003"
    klass: str
    clause: str  # the clause (or appendix) the edit is in
    line: int
    before: str  # the edited passage as it was
    after: str  # and as it is now
    note: str  # what kind of edit, in a few words (zh)
    edits: tuple[Edit, ...] = field(default=())

    def manifest(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "class": self.klass,
            "clause": self.clause,
            "line": self.line,
            "before": self.before,
            "after": self.after,
            "note": self.note,
        }


def apply_edits(lines: list[str], edits: tuple[Edit, ...]) -> list[str]:
    """``lines`` with the edits made (right to left within a line, so columns stay valid)."""
    out = list(lines)
    for e in sorted(edits, key=lambda e: (e.line, e.col), reverse=True):
        text = out[e.line - 1]
        out[e.line - 1] = text[: e.col] + e.text + text[e.end :]
    return out
