"""The runtime's data: seats, actions, events, the action ledger, the outcome, and the errors a game raises.

Nothing here knows a book.  A book's engine subclasses :class:`Seat` and :class:`Action` to add its own
fields (with ``__slots__``, so attribute access stays as fast as the base's).

Rounds are numbered from 1; in ``ruleproof-vector/1`` a round's halves are called ``night N`` and
``day N`` whatever the book calls its periods (返航录: night then day; a day-first book such as
[165]原神 plays ``day N`` before ``night N`` of the same round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from ruleproof.errors import UserError

SYSTEM = 0
"""The seat number of the system player: the storyteller, the director, the referee's random draws.  Its
decisions come from the policy like everybody's (:meth:`ruleproof.runtime.game.BaseGame.choose`)."""


class IllegalAction(UserError):
    """An action the rules forbid; names the clause.  Exit status 2 on the command line."""

    def __init__(
        self,
        clause: str,
        zh: str,
        en: str,
        *,
        night: int | None = None,
        actor: int | None = None,
        skill: str = "",
    ) -> None:
        where_zh = f"第 {night} 夜 " if night is not None else ""
        where_en = f"night {night}: " if night is not None else ""
        who_zh = f"{actor} 号 " if actor is not None else ""
        who_en = f"player {actor} " if actor is not None else ""
        super().__init__(
            f"非法行动（{clause}）：{where_zh}{who_zh}{skill} — {zh}",
            f"illegal action ({clause}): {where_en}{who_en}{skill} — {en}",
        )
        self.clause = clause
        self.night = night
        self.actor = actor
        self.skill = skill


class NotImplementedRule(UserError):
    """A seat variant, role or skill of the text that the book's engine does not implement yet."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """One submitted decision: who, which skill, on whom.  ``step`` picks one window of a skill that has
    several; ``at`` is the moment of a real-time decision (minutes since the round's period opened, or
    any number the book orders by) — a stream step resolves its actions in ``at`` order."""

    __slots__ = ("actor", "at", "skill", "step", "targets")

    def __init__(
        self,
        actor: int,
        skill: str,
        targets: tuple[int, ...] = (),
        *,
        step: str | None = None,
        at: int | None = None,
    ) -> None:
        self.actor = actor
        self.skill = skill
        self.targets = targets
        self.step = step
        self.at = at

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"actor": self.actor, "skill": self.skill}
        if self.targets:
            out["targets"] = list(self.targets)
        if self.step is not None:
            out["step"] = self.step
        if self.at is not None:
            out["at"] = self.at
        return out

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"{type(self).__name__}({self.to_json()})"


class Event(NamedTuple):
    """Something that happened.  ``audience`` is ``public`` (everybody sees it), ``private`` (feedback to
    the seats in ``to``) or ``system`` (the referee's log, visible to nobody in the game).  ``night`` is the
    round number, ``step`` the step key (or the period's key, or ``setup``)."""

    night: int
    step: str
    kind: str
    audience: str
    to: tuple[int, ...]
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "night": self.night,
            "step": self.step,
            "kind": self.kind,
            "audience": self.audience,
        }
        if self.to:
            out["to"] = list(self.to)
        out["data"] = self.data
        return out


class LedgerEntry(NamedTuple):
    """One executed action, by its initiator: the round, the step, the initiator's number and true role at
    that moment (a disguise does not change it), the skill and its targets.  System-only."""

    night: int
    step: str
    initiator: int
    true_role: str
    skill: str
    targets: tuple[int, ...]


@mypyc_attr(allow_interpreted_subclasses=True)
class Seat:
    """One player at the table.  ``role`` is the role whose skills the seat uses now, ``true_role`` the one
    it truly holds (they differ under a transform or a drunk's belief), ``faction`` its alignment — kept
    apart from the role, since several books change one without the other.  ``out`` says how the seat
    left the game (``dead``, ``exiled``, … — the book's words) or is None."""

    __slots__ = ("alive", "faction", "n", "out", "role", "true_role")

    def __init__(self, n: int, role: str, faction: str) -> None:
        self.n = n
        self.role = role
        self.true_role = role
        self.faction = faction
        self.alive = True
        self.out: str | None = None


@mypyc_attr(allow_interpreted_subclasses=True)
class Result:
    """How the game ended: the winning side (or ``draw``), the round and the node at which it was decided,
    the row of the book's victory table that decided it and its reason, and any seats with a secondary win
    (kept whatever happens afterwards)."""

    __slots__ = ("night", "node", "reason", "row", "secondary", "winner")

    def __init__(
        self, winner: str, night: int, node: str, row: str, reason: str, secondary: Sequence[int] = ()
    ) -> None:
        self.winner = winner
        self.night = night
        self.node = node
        self.row = row
        self.reason = reason
        self.secondary = list(secondary)

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "night": self.night,
            "node": self.node,
            "row": self.row,
            "reason": self.reason,
            "secondary": self.secondary,
        }


__all__ = [
    "SYSTEM",
    "Action",
    "Event",
    "IllegalAction",
    "LedgerEntry",
    "NotImplementedRule",
    "Result",
    "Seat",
]
