"""Replaying ``ruleproof-vector/1`` vectors on the 返航录 engine: the runtime's replay machinery
(:mod:`ruleproof.runtime.replay`) with this book's words — :data:`VOCABULARY` (its action fields, item keys,
seat sets, batches, clause ids) and :class:`FanhangluEngine` (setup 1.1 / 1.1.1, the skill checks of a
script, the draw offers of 1.5.3, batches, trace points).  :func:`run_vector` → :class:`Outcome`, then
:func:`check_expectations` → the list of mismatches (empty when every expectation holds).

An illegal action raises :class:`IllegalAction` (naming the clause) unless the vector itself expects it
with ``{"illegal": {"clause": …}}``.  Outcomes carry the event log, the batches, the private feedback,
the result and state snapshots — at every checkpoint an expectation names, and with ``trace=True`` at
every night start, after every step 0.6 (the stock held before shooting), after every step 9, at every
night end and after every day (for invariant checkers, issue 5).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from ruleproof.errors import BadInput, UserError
from ruleproof.runtime.game import BaseGame, Observer
from ruleproof.runtime.policy import Policy
from ruleproof.runtime.replay import BookEngine, Mismatch, Miss, Outcome, matches
from ruleproof.specs.fanhanglu import BOOK_ID, Spec, load_spec, to_internal
from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Event, IllegalAction, NotImplementedRule
from ruleproof.specs.fanhanglu.engine.policy import RandomPolicy, ScriptPolicy
from ruleproof.specs.fanhanglu.engine.registry import RULES
from ruleproof.specs.fanhanglu.engine.setup import random_roles, validate_roles
from ruleproof.specs.fanhanglu.roles import SKILL_BY_KEY, skill_steps
from ruleproof.specs.fanhanglu.vocab import FIELD_BY_KEY, VIEW_BY_KEY
from ruleproof.vectors.format import (
    ActionSpec,
    Vector,
    Vocabulary,
    bool_field,
    centi,
    object_field,
    optional_int_field,
    str_field,
    str_list_field,
)


def _draw(where: str, item: Mapping[str, Any]) -> tuple[int, dict[int, bool]] | None:
    """1.5.3: the wall clock (minutes since the game started) and the draw votes of that day."""
    if "clock" not in item and "draw_votes" not in item:
        return None
    clock = item.get("clock")
    if isinstance(clock, bool) or not isinstance(clock, int):
        raise BadInput(f"{where}：clock 须为整数", f"{where}: clock must be an integer")
    votes = item.get("draw_votes", {})
    if not isinstance(votes, dict) or not all(
        str(k).isdigit() and isinstance(v, bool) for k, v in votes.items()
    ):
        raise BadInput(
            f"{where}：draw_votes 须为 编号→true∕false", f"{where}: draw_votes maps voter → true / false"
        )
    return clock, {int(k): v for k, v in votes.items()}


VOCABULARY = Vocabulary(
    action_fields={
        "amount": centi,
        "direction": str_field,
        "identities": str_list_field("identities"),
        "product": str_field,
        "silence": bool_field,
        "strong": bool_field,
        "accept": optional_int_field("accept"),
        "corpse": optional_int_field("corpse"),
        "kinds": str_list_field("kinds"),
        "sessions": str_list_field("sessions"),
        "content": str_list_field(
            "content",
            "content 须为字符串列表（每组一段）",
            "content must be a list of strings (one per pair)",
        ),
    },
    item_keys={
        "night": ("night", "order", "actions", "meeting_votes", "note"),
        "day": ("day", "votes", "actions", "clock", "draw_votes", "note"),
    },
    vote_items={"night": {"meeting_votes": "meeting_vote"}, "day": {"votes": "vote"}},
    item_parser={"day": _draw},
    seat_sets={"dead": "out", "exiled": "out", "alive": "flag", "dying": "flag"},
    expect_keys=frozenset({"batches"}),
    expect_parsers={"batches": object_field("batches")},
    clause_re=re.compile(r"^(\d+(\.\d+)*|附录[一二三四])$"),
    view_fields=frozenset(VIEW_BY_KEY),
)


def to_action(a: ActionSpec) -> Action:
    f = a.fields
    return Action(
        a.actor,
        a.skill,
        a.targets,
        amount=f.get("amount"),
        direction=f.get("direction"),
        identities=f.get("identities", ()),
        product=f.get("product"),
        silence=f.get("silence", False),
        strong=f.get("strong", False),
        accept=f.get("accept"),
        corpse=f.get("corpse"),
        kinds=f.get("kinds", ()),
        step=a.step,
        sessions=f.get("sessions", ()),
        content=f.get("content", ()),
    )


def spec_for(vec: Vector) -> Spec:
    overrides = {k: to_internal(k, v) for k, v in vec.raw.get("params", {}).items()}
    return load_spec(overrides=overrides, interpretation=vec.raw.get("interpretation", {}))


def _check_skills(vec: Vector) -> None:
    """Every scripted skill exists, is implemented, and acts in its part of the script: night skills in
    night items, day skills (votes, reports, investigations, escape) in day items."""
    for n, acts, day in [(n, a, False) for n, a in sorted(vec.nights.items())] + [
        (n, a, True) for n, a in sorted(vec.days.items())
    ]:
        for a in acts:
            sdef = SKILL_BY_KEY.get(a.skill)
            if sdef is None:
                raise BadInput(
                    f"{vec.path}：第 {n} 夜未知技能 {a.skill}（见 ruleproof vocab）",
                    f"{vec.path}: night {n}: unknown skill {a.skill}",
                )
            if not sdef.implemented:
                raise NotImplementedRule(
                    f"技能 {a.skill}（{sdef.zh}，{sdef.clause}）尚未实现（{sdef.issue}）",
                    f"skill {a.skill} ({sdef.clause}) is not implemented yet ({sdef.issue})",
                )
            if a.step is not None and (day or a.step not in skill_steps(sdef)):
                steps = "∕".join(skill_steps(sdef)) if not day and sdef.windows else sdef.step
                raise BadInput(
                    f"{vec.path}：第 {n} 夜 {a.skill} 之 step 须为其可执行之步骤（{steps}）",
                    f"{vec.path}: night {n}: the step of {a.skill} must be one of its steps ({steps})",
                )
            if (sdef.step == "day") != day:
                where = ("day", "白天") if sdef.step == "day" else ("night", "夜间")
                raise BadInput(
                    f"{vec.path}：{a.skill} 于{where[1]}行动，须写在 {where[0]} 项",
                    f"{vec.path}: {a.skill} acts by {where[0]}; use a {where[0]} item",
                )


class FanhangluEngine(BookEngine):
    """The 返航录 reference engine as the vector runner sees it."""

    book_id = BOOK_ID
    vocabulary = VOCABULARY
    rules = RULES
    trace_points = frozenset({"arrival", "0.6", "9", "day"})
    trace_labels: ClassVar[Mapping[str, str]] = {"arrival": "night {n} start", "0.6": "night {n} step 0.6"}
    factions = (("humans", "人类", "humans"), ("xenos", "异形", "xenos"), ("alien", "外星人", "alien"))
    secondary_label = ("外星人逃亡次胜", "alien escape secondary wins")  # 6.9, 1.2.5

    def spec_for(self, vec: Vector) -> Spec:
        return spec_for(vec)

    def roles_for(self, spec: Any, vec: Vector) -> list[str]:
        return validate_roles(spec, vec.raw["setup"]["players"])

    def check_script(self, vec: Vector) -> None:
        _check_skills(vec)

    def to_action(self, a: ActionSpec) -> Action:
        return to_action(a)

    def script_policy(self, vec: Vector, fallback: Policy | None, last: int) -> ScriptPolicy:
        return ScriptPolicy(
            {n: [to_action(a) for a in acts] for n, acts in vec.nights.items()},
            {n: [to_action(a) for a in acts] for n, acts in vec.days.items()},
            vec.orders,
            draws={n: extra for (half, n), extra in vec.extras.items() if half == "day"},
            fallback=fallback,
            last=last,
        )

    def random_policy(self, seed: int) -> RandomPolicy:
        return RandomPolicy(seed)

    def new_game(
        self,
        spec: Any,
        roles: list[str],
        policy: Policy,
        *,
        seed: int,
        observer: Observer | None,
        stop_after: tuple[str, int] | None,
    ) -> BaseGame[Any]:
        return Game(spec, roles, policy, seed=seed, observer=observer, stop_after=stop_after)

    def load_spec(self) -> Spec:
        return load_spec()

    def random_roles(self, seed: int) -> list[str]:
        return random_roles(seed)

    def render(self, events: Sequence[Event], lang: str, *, private: bool, system: bool) -> list[str]:
        from ruleproof.specs.fanhanglu.engine.render import render

        return list(render(events, lang, private=private, system=system))

    def vocabulary_json(self) -> dict[str, Any]:
        from ruleproof.specs.fanhanglu.engine.vocab import vocabulary

        return vocabulary()

    def vocabulary_markdown(self) -> str:
        from ruleproof.specs.fanhanglu.engine.vocab import markdown

        return markdown()

    def state_scope(self, key: str) -> str | None:
        fdef = FIELD_BY_KEY.get(key)
        return fdef.scope if fdef is not None else None

    def check_extra(
        self, i: int, label: str, e: Mapping[str, Any], window: Sequence[Event], miss: Miss
    ) -> None:
        """``batches``: what the batches published up to the checkpoint carried (null: not published)."""
        for bkey, bval in e.get("batches", {}).items():
            published = [ev for ev in window if ev.kind == "batch" and ev.data["batch"] == str(bkey)]
            if bval is None:
                if published:
                    miss(i, label, f"batch {bkey}", None, published[0].data)
            elif not published:
                miss(i, label, f"batch {bkey}", bval, "not published")
            elif not matches(bval, {k: v for k, v in published[0].data.items() if k != "batch"}):
                miss(i, label, f"batch {bkey}", bval, published[0].data)


ENGINE = FanhangluEngine()


def run_vector(vector: Vector | Mapping[str, Any] | str | Path, *, trace: bool = False) -> Outcome:
    """Run a vector's script on the engine."""
    return ENGINE.run_vector(vector, trace=trace)


def check_expectations(vector: Vector, outcome: Outcome) -> list[Mismatch]:
    """Every expectation of ``vector`` against ``outcome``; returns the mismatches in order."""
    return ENGINE.check_expectations(vector, outcome)


def replay(path: str | Path) -> tuple[Vector, Outcome, list[Mismatch]]:
    return ENGINE.replay(path)


__all__ = [
    "ENGINE",
    "VOCABULARY",
    "FanhangluEngine",
    "IllegalAction",
    "Mismatch",
    "NotImplementedRule",
    "Outcome",
    "UserError",
    "check_expectations",
    "matches",
    "replay",
    "run_vector",
]
