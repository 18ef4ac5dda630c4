"""The runtime's own rules, on minimal games built here: the decision snapshot, capability read at it,
the system player's choices, the ledger and ``resolving``, and what a book must declare."""

from __future__ import annotations

from typing import Any

import pytest

from ruleproof.runtime import (
    Action,
    BaseGame,
    IllegalAction,
    PassPolicy,
    Phase,
    Ruleset,
    ScriptPolicy,
    Seat,
    SkillImpl,
    SkillInfo,
    Statuses,
    Until,
)

STEP = Phase("night", "night", ("s",))
RULES: Ruleset[Any, Seat, Action] = Ruleset("mini", (STEP,), {"seat": "M1", "out": "M2", "skill": "M3"})
RULES.declare(
    [
        SkillInfo("free", ("s",), frozenset({"a"}), "M4"),
        SkillInfo("act", ("s",), frozenset({"a"}), "M5"),
    ]
)


class Mini(BaseGame[Seat]):
    """Three seats; seat 2 starts blocked; ``free`` (by seat 1) unblocks it in the same step."""

    rules = RULES

    def __init__(self, policy: Any, *, snapshot: bool) -> None:
        super().__init__([Seat(n, "a", "x") for n in (1, 2, 3)], policy, stop_after=("night", 1))
        self.blocked = {2}
        self.snapshot = snapshot
        self.order, self.pos = [1, 2, 3], {1: 0, 2: 1, 3: 2}
        self.seen_resolving: list[str] = []

    def capable(self, pl: Seat, skill: str) -> bool:
        return pl.alive and pl.n not in self.blocked

    def incapacity(self, pl: Seat) -> str:
        return "blocked" if pl.n in self.blocked else "out"

    def capability_at_snapshot(self) -> bool:
        return self.snapshot


@RULES.skill
class Free(SkillImpl[Mini, Seat, Action]):
    key = "free"

    def resolve(self, g: Mini, p: Seat, a: Action) -> None:
        g.seen_resolving.append(g.resolving)
        g.blocked.discard(a.targets[0])


@RULES.skill
class Act(SkillImpl[Mini, Seat, Action]):
    key = "act"

    def resolve(self, g: Mini, p: Seat, a: Action) -> None:
        g.seen_resolving.append(g.resolving)
        g.log("acted", {"by": p.n})


def script(*actions: Action) -> ScriptPolicy:
    return ScriptPolicy({1: list(actions)}, {}, {}, step_of={"free": "s", "act": "s"})


@pytest.mark.parametrize("snapshot", [False, True])
def test_capability_at_the_decision_snapshot(snapshot: bool) -> None:
    g = Mini(script(Action(1, "free", (2,)), Action(2, "act")), snapshot=snapshot)
    g.run()
    acted = [e.data["by"] for e in g.events if e.kind == "acted"]
    skipped = [e.data for e in g.events if e.kind == "not_executed"]
    if snapshot:  # unable when the step's decisions were taken: stays unable though freed before its turn
        assert acted == [] and skipped == [
            {"actor": 2, "skill": "act", "reason": "blocked", "snapshot": True}
        ]
    else:  # capability read at its turn only
        assert acted == [2] and skipped == []
    assert [e.skill for e in g.ledger] == (["free"] if snapshot else ["free", "act"])
    assert g.seen_resolving == (["free"] if snapshot else ["free", "act"]) and g.resolving == ""


def test_every_check_runs_before_any_resolution() -> None:
    """A bad action later in the step stops the step before anything resolved (one snapshot)."""
    g = Mini(script(Action(1, "free", (2,)), Action(3, "act", (9,))), snapshot=False)
    with pytest.raises(IllegalAction) as err:
        g.run()
    assert err.value.clause == "M1" and g.blocked == {2} and g.ledger == []


def test_duplicate_and_unknown_skills_name_their_clauses() -> None:
    with pytest.raises(IllegalAction) as err:
        Mini(script(Action(1, "act"), Action(1, "act")), snapshot=False).run()
    assert err.value.clause == "M5"

    class Submits(PassPolicy):  # a policy that submits whatever it is given (a bot, another engine)
        def actions(self, g: Any, step: str) -> list[Action]:
            return [Action(1, "fly")]

    with pytest.raises(IllegalAction) as err:
        Mini(Submits(), snapshot=False).run()
    assert err.value.clause == "M3"


def test_a_system_choice_defaults_checks_and_logs() -> None:
    g = Mini(PassPolicy(), snapshot=False)
    g.night = 1
    assert g.choose("who", [3, 1], clause="M9", default=1) == 1
    assert g.events[-1].data == {"key": "who", "pick": 1} and g.events[-1].audience == "system"

    class Picky(PassPolicy):
        def choose(self, g: Any, key: str, options: Any) -> Any:
            return 7

    with pytest.raises(IllegalAction) as err:
        Mini(Picky(), snapshot=False).choose("who", [3, 1], clause="M9")
    assert err.value.clause == "M9" and err.value.actor == 0


def test_statuses_end_at_their_edge() -> None:
    st = Statuses(("a", "b", "c"))
    st.add(1, "x", source=0, until=Until(1, "b", "start"))
    st.add(2, "y", source=0, until=Until(1, "b", "end"))
    st.add(3, "z", source=0)

    class Log:
        def __init__(self) -> None:
            self.lines: list[tuple[str, dict[str, Any]]] = []

        def log(self, kind: str, data: dict[str, Any]) -> None:
            self.lines.append((kind, data))

    log = Log()
    assert st.expire(log, 1, "a", "end") == []
    assert [s.name for s in st.expire(log, 1, "b", "start")] == ["x"]
    assert [s.name for s in st.expire(log, 1, "b", "end")] == ["y"]
    assert st.has(3, "z") and not st.has(1, "x") and len(log.lines) == 2
    with pytest.raises(ValueError):
        st.add(1, "w", source=0, until=Until(1, "nowhere"))
    with pytest.raises(ValueError):
        st.add(1, "w", source=0, until=Until(1, "a", "middle"))


def test_a_ruleset_must_name_the_clauses_it_enforces() -> None:
    with pytest.raises(ValueError, match="clauses"):
        Ruleset("bad", (STEP,), {"seat": "1"})
    with pytest.raises(ValueError):
        RULES.hook("s", "during")
