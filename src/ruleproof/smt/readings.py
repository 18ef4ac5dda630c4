"""What an interpretation switch costs in play: the minimal scenario on which its readings differ.

For a switch, a small transition system is written once over the kernel algebra with the reading baked in
(as every model is); its *observations* are the state variables named ``o_*`` — what a player or the
referee sees (a death, a published batch, a private message, a stock, whether an action was legal).
:func:`product` runs the two readings side by side on the same inputs (self-composition): the property
"both readings accept the same inputs and show the same observations" is checked like any invariant by
:func:`ruleproof.smt.ts.check` — BMC from the start, one night at a time, then minimized:

* ``violated`` — the minimal scenario that distinguishes the readings (fewest nights, then the model's
  costs); it is written as one vector per reading, each pinning its reading, with the same script;
* ``proved`` — the readings can never be told apart (k-induction closed): harmless for good, in the model;
* ``holds-to-depth`` — harmless up to that many nights;
* ``unknown`` — the solver gave no answer.

A model over-approximates what the engine can do, so "harmless up to k" is a sound claim; a distinguishing
trace the scenario builder cannot play is searched again under its ``playable`` guard (the shortest
scenario a scripted game plays), and both vectors are replayed on the engine — the verdict says whether
the engine shows the difference the model predicts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ruleproof.kernel.algebra import Algebra
from ruleproof.smt.ts import Inputs, Prop, State, TransitionSystem, Var, bools

Guard = Callable[[Algebra[Any, Any], State, Inputs], Any]


def observations(ts: TransitionSystem) -> list[Var]:
    """The observable state variables of a reading's model: those named ``o_*``."""
    return [v for v in ts.state if v.name.startswith("o_")]


def product(
    a_ts: TransitionSystem, b_ts: TransitionSystem, playable: Guard | None = None
) -> TransitionSystem:
    """Reading A and reading B side by side on shared inputs.  State: ``a.*``, ``b.*`` and the legality of
    the last night in each (``la`` / ``lb``); a night is taken when either reading accepts its inputs (so a
    scenario one reading forbids is found); the property ``same`` fails as soon as the legality or an
    observation differs.  ``playable`` (the scenario builder's guard, over reading A's state) restricts the
    inputs further."""
    obs = [v.name for v in observations(a_ts)]
    if obs != [v.name for v in observations(b_ts)] or not obs:
        raise ValueError(f"{a_ts.name}: both readings need the same observations (o_*)")
    if [v.name for v in a_ts.inputs] != [v.name for v in b_ts.inputs]:
        raise ValueError(f"{a_ts.name}: both readings need the same inputs")
    state = (
        *(replace(v, name=f"a.{v.name}") for v in a_ts.state),
        *(replace(v, name=f"b.{v.name}") for v in b_ts.state),
        *bools("la", "lb"),
    )

    def side(s: State, prefix: str) -> dict[str, Any]:
        return {k[len(prefix) :]: v for k, v in s.items() if k.startswith(prefix)}

    sorts0 = {v.name: v.sort for v in a_ts.state}

    def init(alg: Algebra[Any, Any], s: State) -> Any:
        # the same game starts in both readings: every free initial value is shared
        same0 = [_equal(alg, s[f"a.{k}"], s[f"b.{k}"], sort.value == "bool") for k, sort in sorts0.items()]
        return alg.and_(
            a_ts.init(alg, side(s, "a.")), b_ts.init(alg, side(s, "b.")), s["la"], s["lb"], *same0
        )

    def guard(alg: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        ok = alg.or_(a_ts.guard(alg, side(s, "a."), i), b_ts.guard(alg, side(s, "b."), i))
        # a night only follows nights both readings took (the first difference ends the scenario)
        both = alg.and_(s["la"], s["lb"])
        extra = playable(alg, side(s, "a."), i) if playable is not None else alg.bool_(True)
        return alg.and_(ok, both, extra)

    def step(alg: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        sa, sb = side(s, "a."), side(s, "b.")
        la, lb = a_ts.guard(alg, sa, i), b_ts.guard(alg, sb, i)
        na, nb = a_ts.step(alg, sa, i), b_ts.step(alg, sb, i)
        out = {f"a.{k}": _keep(alg, la, v, sa[k]) for k, v in na.items()}
        out.update({f"b.{k}": _keep(alg, lb, v, sb[k]) for k, v in nb.items()})
        out["la"], out["lb"] = la, lb
        return out

    sorts = {v.name: v.sort for v in a_ts.state}

    def same(alg: Algebra[Any, Any], s: State) -> Any:
        eqs = [_equal(alg, s[f"a.{o}"], s[f"b.{o}"], sorts[o].value == "bool") for o in obs]
        return alg.and_(_equal(alg, s["la"], s["lb"], True), *eqs)

    costs = None
    if a_ts.costs is not None:
        a_costs = a_ts.costs

        def costs(alg: Algebra[Any, Any], states: Sequence[State], ins: Sequence[Inputs]) -> list[Any]:
            return a_costs(alg, [side(s, "a.") for s in states], ins)

    prop = Prop("same", "", "两种解读之可观测结果相同", "both readings look the same", same)
    return TransitionSystem(f"{a_ts.name}×2", state, a_ts.inputs, init, guard, step, (prop,), costs=costs)


def _keep(alg: Algebra[Any, Any], legal: Any, new: Any, old: Any) -> Any:
    """The next value when the night was legal in this reading, else the old one (the reading stops)."""
    if isinstance(new, bool) or _is_bool(new):
        return alg.ite_b(legal, new, old)
    return alg.ite_i(legal, new, old)


def _is_bool(x: Any) -> bool:
    import z3

    return isinstance(x, z3.BoolRef)


def _equal(alg: Algebra[Any, Any], x: Any, y: Any, boolean: bool) -> Any:
    return alg.ite_b(x, y, alg.not_(y)) if boolean else alg.eq(x, y)


def split(states: Sequence[Mapping[str, Any]], prefix: str) -> list[dict[str, Any]]:
    """One reading's states out of a product trace."""
    return [{k[len(prefix) :]: v for k, v in s.items() if k.startswith(prefix)} for s in states]


@dataclass
class Divergence:
    """Where the readings first differ: the night, and each reading's legality and observations there."""

    night: int
    legal: tuple[bool, bool]
    observed: tuple[dict[str, Any], dict[str, Any]]

    def differing(self) -> list[str]:
        a, b = self.observed
        out = [k for k in a if a[k] != b[k]]
        return (["legal"] if self.legal[0] != self.legal[1] else []) + out


__all__ = ["Divergence", "observations", "product", "split"]
