"""Benchmark: how many injected bugs does ``ruleproof verify`` itself catch?  Prints figures; never fails.

    python ci/bench_verify_mutants.py [--jobs 2] [--only NAME]… [--json]

Each *mutant* is one deliberate bug — in a kernel (shared by the engine and the models), a spec table, a
parameter, the engine's glue, or the rulebook text — applied in a fresh process.  ``verify`` runs on it
(every invariant, every reading, the verdict cache off) and its *verdict fingerprint* — per invariant and
reading: the status, the failed conjuncts, whether the engine confirms the counterexample — is compared
with the unmutated one.  A bug is *caught* when the fingerprint changes.  *Refactors* (changes that keep the
rules) are mutants too, expected to change nothing.  Differential tests are a second net and are not run
here: this measures the verifier alone.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

os.environ["RULEPROOF_CACHE"] = "off"


@dataclass(frozen=True)
class Mutant:
    name: str
    kind: str  # kernel / table / param / engine / text / refactor
    what: str
    patch: Callable[[], None] | None = None  # applied in the worker before verifying
    overrides: tuple[tuple[str, int], ...] = ()
    edits: tuple[tuple[str, str], ...] = ()  # (old, new) on the normalized text, each printed once
    expect_change: bool = True


# ── patching helpers (in the worker process only) ─────────────────────────────────────────────────


def everywhere(old: Any, new: Any) -> None:
    """Replace every module-level reference to ``old`` (a kernel imported by name into many modules, a
    table) and every registration of it (hooks) by ``new``."""
    for mod in list(sys.modules.values()):
        if mod is None or not getattr(mod, "__name__", "").startswith("ruleproof"):
            continue
        for name, value in list(vars(mod).items()):
            if value is old:
                setattr(mod, name, new)
    from ruleproof.specs.fanhanglu.engine import registry

    for hooks in registry.HOOKS.values():
        hooks[:] = [new if h is old else h for h in hooks]
    registry.ARRIVAL_HOOKS[:] = [new if h is old else h for h in registry.ARRIVAL_HOOKS]
    registry.DYING_HOOKS[:] = [new if h is old else h for h in registry.DYING_HOOKS]


def kernel(name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Callable[[], None]:
    def patch() -> None:
        from ruleproof.specs.fanhanglu import kernels

        old = getattr(kernels, name)
        everywhere(old, make(old))

    return patch


def table(module: str, name: str, make: Callable[[Any], Any]) -> Callable[[], None]:
    def patch() -> None:
        import importlib

        mod = importlib.import_module(module)
        old = getattr(mod, name)
        everywhere(old, make(old))

    return patch


def method(
    path: str, name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> Callable[[], None]:
    """Replace ``name`` on the class ``path`` (``module:Class``) or the function ``module:name``."""

    def patch() -> None:
        import importlib

        module, _, cls = path.partition(":")
        mod = importlib.import_module(module)
        if cls:
            klass = getattr(mod, cls)
            setattr(klass, name, make(getattr(klass, name)))
        else:
            old = getattr(mod, name)
            everywhere(old, make(old))

    return patch


# ── the mutants ──────────────────────────────────────────────────────────────────────────────────


def _no_cap(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, stock, amount, cap, capped: old(alg, stock, amount, cap, alg.bool_(False))


def _double_bounty(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, kills, per_kill: old(alg, kills, per_kill + 1)


def _dying_not_inert(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(alg: Any, s: Any, order: Any) -> Any:
        return old(alg, s._replace(dying=alg.bool_(False)), order)

    return f


def _dying_stays(old: Callable[..., Any]) -> Callable[..., Any]:
    # the dying are neither killed nor released: they stay dying past step 9 (an earlier version kept the
    # kernel's «after» — the living minus the dying — and so changed nothing: an equivalent mutant)
    def f(alg: Any, alive: Any, dying: Any) -> Any:
        nobody = tuple(alg.bool_(False) for _ in alive)
        return tuple(alive), nobody, tuple(alg.and_(a, d) for a, d in zip(alive, dying, strict=True))

    return f


def _no_slot_check(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(alg: Any, counts: Any, source: Any, target: Any, capacity: Any, *rest: Any, **kw: Any) -> Any:
        return old(alg, counts, source, target, alg.lit(99), *rest, **kw)

    return f


def _no_release(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, counts, source, released: tuple(counts)


def _no_floor(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, net, delta: alg.add(net, delta)


def _tiers_not_sticky(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(alg: Any, net: Any, fired: Any, thresholds: Any, bonuses: Any) -> Any:
        _, bonus = old(alg, net, fired, thresholds, bonuses)
        return tuple(alg.le(t, net) for t in thresholds), bonus

    return f


def _always_published(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, rule, quantity, zero=True, carried=None: alg.bool_(True)


def _alien_wins_without_alien(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(alg: Any, order: Any, humans: Any, xenos: Any, alien: Any, *rest: Any) -> Any:
        return old(alg, order, humans, xenos, alg.add(alien, alg.lit(1)), *rest)

    return f


def _no_cap_points(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, total, points, cap: alg.add(total, points)


def _exile_off_by_one(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, tally, min_votes: old(alg, tally, alg.sub(min_votes, alg.lit(1)))


def _always_offered(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, counts, target, capacity, takes_slot=True: alg.bool_(True)


def _poison_on_dying(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, dying, safe_room, poisoned: old(alg, alg.bool_(False), safe_room, poisoned)


def _quota_plus_one(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, targets, held: old(alg, targets, alg.add(held, alg.lit(1)))


def _escape_always(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, order, humans, xenos, countdown, void: alg.bool_(True)


def _crew_scores_as_xeno(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, xeno, plain_crew, values: old(alg, alg.or_(xeno, plain_crew), plain_crew, values)


def _process_never_done(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda alg, progress, nights: (alg.add(progress, alg.lit(1)), alg.bool_(False))


def _refactor_le(old: Callable[..., Any]) -> Callable[..., Any]:
    # quota_allows written with ¬(held < targets) instead of targets ≤ held: the same rule
    return lambda alg, targets, held: alg.and_(alg.le(alg.lit(1), targets), alg.not_(alg.lt(held, targets)))


def _refactor_arrivals(old: Callable[..., Any]) -> Callable[..., Any]:
    # bullet_arrivals folding with an explicit index instead of iterating: the same arrivals
    def f(alg: Any, stock: Any, amounts: Any, cap: Any, capped: Any) -> Any:
        from ruleproof.specs.fanhanglu.kernels import bullet_arrival

        steps = []
        for n in range(len(amounts)):
            stock, voided = bullet_arrival(alg, stock, amounts[n], cap, capped)
            steps.append((stock, voided))
        return stock, tuple(steps)

    return f


def _drop(key: str) -> Callable[[Any], Any]:
    return lambda rows: tuple(r for r in rows if r.key != key)


def _swap_steps(rows: Any) -> Any:
    keys = [r.key for r in rows]
    i, j = keys.index("5"), keys.index("7")
    out = list(rows)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def _batch_rule(key: str, rule: str) -> Callable[[Any], Any]:
    def f(rows: Any) -> Any:
        from ruleproof.specs.model import PublishRule

        return tuple(replace(r, rule=PublishRule(rule)) if r.key == key else r for r in rows)

    return f


def _layers_swapped(order: Any) -> Any:
    layers = list(order.layers)
    keys = [x.key for x in layers]
    i, j = keys.index("protection"), keys.index("armor")
    layers[i], layers[j] = layers[j], layers[i]
    return replace(order, layers=tuple(layers))


def _skill_step(key: str, step: str) -> Callable[[Any], Any]:
    def f(skills: Any) -> Any:
        out = dict(skills)
        out[key] = replace(out[key], step=step)
        return out

    return f


def _faction(key: str, faction: str) -> Callable[[Any], Any]:
    def f(roles: Any) -> Any:
        out = dict(roles)
        out[key] = replace(out[key], faction=faction)
        return out

    return f


def _bounty_humans(old: Any) -> Any:
    return ("humans", "xenos", "alien")


# engine glue (no shared kernel on the path: caught only if verify replays what it finds on the engine)


def _publish_all(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(self: Any, key: str, quantity: Any, content: Any) -> bool:
        from ruleproof.specs.fanhanglu.engine.model import Event

        data = {"batch": key, **content}
        self.events.append(Event(self.night, self.step, "batch", "public", (), data))
        return True

    return f


def _evolve_ignores_fizzle(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(self: Any, g: Any, p: Any, a: Any) -> None:
        from ruleproof.specs.fanhanglu.engine.game import DIRECTION_KEYS

        idx = DIRECTION_KEYS.index(a.direction)
        g.occupancy[idx] += 1
        p.direction, p.evolved_night, p.direction_night = a.direction, g.night, g.night
        g.evolutions += 1

    return f


def _no_night5_extra(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(g: Any) -> None:
        saved = g.p
        g.p = lambda k: 99 if k == "extra_bullet.night" else saved(k)
        try:
            old(g)
        finally:
            g.p = saved

    return f


def _escape_refused_always(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(g: Any, p: Any) -> None:
        g.log("escape_refused", {"player": p.n})

    return f


def _announce_dropped(old: Callable[..., Any]) -> Callable[..., Any]:
    def f(self: Any, g: Any, p: Any, a: Any) -> None:
        return None

    return f


def _annul_ignored(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda g, p: None


def _kill_value_flat(old: Callable[..., Any]) -> Callable[..., Any]:
    return lambda g, target: g.p("escape.kill_crew")


KERNELS = "ruleproof.specs.fanhanglu.kernels"
MUTANTS: tuple[Mutant, ...] = (
    # kernels (run by the engine and the models alike)
    Mutant("bullet_arrival_no_cap", "kernel", "the cap never applies", kernel("bullet_arrival", _no_cap)),
    Mutant(
        "bounty_recovery_double",
        "kernel",
        "one bullet too many per kill",
        kernel("bounty_recovery", _double_bounty),
    ),
    Mutant(
        "damage_dying_not_inert",
        "kernel",
        "a dying target's layers absorb damage",
        kernel("damage_point", _dying_not_inert),
    ),
    Mutant(
        "settle_deaths_keeps_dying",
        "kernel",
        "step 9 leaves the dying dying",
        kernel("settle_deaths", _dying_stays),
    ),
    Mutant(
        "occupancy_no_slot_check",
        "kernel",
        "a full direction admits more",
        kernel("occupancy_move", _no_slot_check),
    ),
    Mutant(
        "occupancy_no_release",
        "kernel",
        "death and exile keep the slot",
        kernel("occupancy_release", _no_release),
    ),
    Mutant("net_damage_no_floor", "kernel", "repairs store credit", kernel("net_damage_apply", _no_floor)),
    Mutant(
        "shutdown_tiers_roll_back",
        "kernel",
        "a tier un-fires when net damage falls",
        kernel("shutdown_tiers", _tiers_not_sticky),
    ),
    Mutant(
        "batch_always_published",
        "kernel",
        "zero batches are published",
        kernel("batch_published", _always_published),
    ),
    Mutant(
        "victory_counts_a_ghost_alien",
        "kernel",
        "the alien counted alive when gone",
        kernel("victory", _alien_wins_without_alien),
    ),
    Mutant(
        "capped_add_uncapped",
        "kernel",
        "exile and silence points uncapped",
        kernel("capped_add", _no_cap_points),
    ),
    Mutant(
        "exile_threshold_off_by_one", "kernel", "2 votes exile", kernel("exile_outcome", _exile_off_by_one)
    ),
    Mutant(
        "direction_always_offered",
        "kernel",
        "a full direction is offered at 5.1",
        kernel("direction_offered", _always_offered),
    ),
    Mutant(
        "poison_lands_on_dying",
        "kernel",
        "poison lands on a dying target",
        kernel("poison_application", _poison_on_dying),
    ),
    Mutant(
        "quota_allows_one_more",
        "kernel",
        "one target more than the quota",
        kernel("quota_allows", _quota_plus_one),
    ),
    Mutant(
        "escape_always_allowed",
        "kernel",
        "6.9.5's restriction gone",
        kernel("escape_allowed", _escape_always),
    ),
    Mutant(
        "kill_points_crew_as_xeno",
        "kernel",
        "crew kills score as xenos",
        kernel("kill_points", _crew_scores_as_xeno),
    ),
    Mutant(
        "process_never_completes",
        "kernel",
        "a 2.9 process never completes",
        kernel("process_advance", _process_never_done),
    ),
    # spec tables
    Mutant(
        "step_table_drops_3.5",
        "table",
        "step 3.5 deleted from 2.1.1",
        table("ruleproof.specs.fanhanglu.tables", "NIGHT_STEPS", _drop("3.5")),
    ),
    Mutant(
        "step_table_swaps_5_7",
        "table",
        "steps 5 and 7 swapped",
        table("ruleproof.specs.fanhanglu.tables", "NIGHT_STEPS", _swap_steps),
    ),
    Mutant(
        "batch3_always_published",
        "table",
        "batch ③'s rule ALWAYS",
        table("ruleproof.specs.fanhanglu.tables", "BATCHES", _batch_rule("3", "always")),
    ),
    Mutant(
        "batch_list_drops_11",
        "table",
        "batch ⑪ dropped",
        table("ruleproof.specs.fanhanglu.tables", "BATCHES", _drop("11")),
    ),
    Mutant(
        "layers_armor_before_protection",
        "table",
        "armor before protection",
        table("ruleproof.specs.fanhanglu.tables", "DAMAGE_ORDER", _layers_swapped),
    ),
    Mutant(
        "shoot_after_settlement",
        "table",
        "the shot moved to step 10",
        table("ruleproof.specs.fanhanglu.roles", "SKILL_BY_KEY", _skill_step("shoot", "10")),
    ),
    Mutant(
        "rescue_before_immunity",
        "table",
        "the rescue moved to step 0.5",
        table("ruleproof.specs.fanhanglu.roles", "SKILL_BY_KEY", _skill_step("rescue", "0.5")),
    ),
    Mutant(
        "armed_crew_joins_xenos",
        "table",
        "a job change switches faction",
        table("ruleproof.specs.fanhanglu.roles", "ROLE_BY_KEY", _faction("armed_crew", "xenos")),
    ),
    Mutant(
        "bounty_pays_for_humans",
        "table",
        "a killed human pays a bounty",
        table("ruleproof.specs.fanhanglu.tables", "BOUNTY_FACTIONS", _bounty_humans),
    ),
    # parameters (reforms)
    Mutant("cap_3", "param", "sheriff.bullet_cap=3", overrides=(("sheriff.bullet_cap", 3),)),
    Mutant(
        "bullets_per_kill_2",
        "param",
        "bounty.bullets_per_kill=2",
        overrides=(("bounty.bullets_per_kill", 2),),
    ),
    Mutant("exile_min_votes_2", "param", "vote.exile_min_votes=2", overrides=(("vote.exile_min_votes", 2),)),
    Mutant(
        "direction_capacity_3",
        "param",
        "xeno.direction_capacity=3",
        overrides=(("xeno.direction_capacity", 3),),
    ),
    Mutant("threshold_5", "param", "escape.threshold=5", overrides=(("escape.threshold", 500),)),
    Mutant(
        "armed_two_bullets", "param", "armed.initial_bullets=2", overrides=(("armed.initial_bullets", 2),)
    ),
    # engine glue (no kernel on the path)
    Mutant(
        "engine_publishes_everything",
        "engine",
        "Game.publish never withholds",
        method("ruleproof.specs.fanhanglu.engine.game:Game", "publish", _publish_all),
    ),
    Mutant(
        "engine_evolve_no_fizzle",
        "engine",
        "evolutions ignore the slot taken before",
        method("ruleproof.specs.fanhanglu.engine.skills.aliens:Evolve", "resolve", _evolve_ignores_fizzle),
    ),
    Mutant(
        "engine_no_night5_extra",
        "engine",
        "the arrival hook skips the night-5 bullet",
        method("ruleproof.specs.fanhanglu.engine.skills.police", "_bullets", _no_night5_extra),
    ),
    Mutant(
        "engine_escape_refused",
        "engine",
        "every escape refused",
        method("ruleproof.specs.fanhanglu.engine.skills.escape", "try_escape", _escape_refused_always),
    ),
    Mutant(
        "engine_announcement_dropped",
        "engine",
        "the detective's announcement does nothing",
        method(
            "ruleproof.specs.fanhanglu.engine.skills.investigation:DetectiveAnnounce",
            "resolve",
            _announce_dropped,
        ),
    ),
    Mutant(
        "engine_annul_ignored",
        "engine",
        "the annul reading does nothing",
        method("ruleproof.specs.fanhanglu.engine.skills.common", "_annul_process", _annul_ignored),
    ),
    Mutant(
        "engine_kill_value_flat",
        "engine",
        "every kill scores as ordinary crew",
        method("ruleproof.specs.fanhanglu.engine.skills.escape", "kill_value", _kill_value_flat),
    ),
    # rulebook text edits
    Mutant(
        "text_cap_rule_3",
        "text",
        "「存量一律不得超过3发」 (the rule, not the theorem)",
        edits=(("存量一律不得超过2发", "存量一律不得超过3发"),),
    ),
    Mutant(
        "text_batches_2345",
        "text",
        "2.1.7 「②③④⑤同制」",
        edits=(("不发布即意味着该夜为 0，②③⑤同制", "不发布即意味着该夜为 0，②③④⑤同制"),),
    ),
    Mutant(
        "text_occupancy_3",
        "text",
        "1.5.1 「至多 3 只」",
        edits=(("每方向至多 2 只存活异形同时占用", "每方向至多 3 只存活异形同时占用"),),
    ),
    Mutant(
        "text_few_alive_4",
        "text",
        "附录四 「存活 ≤4 名」",
        edits=(("存活 ≤3 名时可得票数至多 2 票", "存活 ≤4 名时可得票数至多 2 票"),),
    ),
    Mutant(
        "text_peace_cap_5",
        "text",
        "6.9.1⑩ 「上限为 5 分」",
        edits=(("④⑤二项之合计上限为 6 分", "④⑤二项之合计上限为 5 分"),),
    ),
    Mutant(
        "text_dying_ends_8",
        "text",
        "4.10.4 「步骤 8前必定终结」",
        edits=(("濒死状态于当夜步骤 9前必定终结", "濒死状态于当夜步骤 8前必定终结"),),
    ),
    Mutant(
        "text_humans_10",
        "text",
        "2.3.0② 「人类 10」",
        edits=(("营席位人数恒定⸺人类 11", "营席位人数恒定⸺人类 10"),),
    ),
    Mutant(
        "text_announce_step_3",
        "text",
        "4.7.6 「步骤 3 结算后」",
        edits=(("公告在步骤 2 结算后立即发布", "公告在步骤 3 结算后立即发布"),),
    ),
    # refactors: the same rules, written otherwise — nothing may change
    Mutant(
        "refactor_quota_allows",
        "refactor",
        "quota_allows as ¬(held < targets)",
        kernel("quota_allows", _refactor_le),
        expect_change=False,
    ),
    Mutant(
        "refactor_bullet_arrivals",
        "refactor",
        "bullet_arrivals with an index loop",
        kernel("bullet_arrivals", _refactor_arrivals),
        expect_change=False,
    ),
    Mutant(
        "refactor_text_spaces",
        "refactor",
        "spaces around the 4.4.6 theorem's numbers",
        edits=(("警长的子弹存量设上限 2 发", "警长的子弹存量设上限2发"),),
        expect_change=False,
    ),
)


# ── running ──────────────────────────────────────────────────────────────────────────────────────


def fingerprint(m: Mutant | None) -> dict[str, Any]:
    """Verify with ``m`` applied (None: the unmutated baseline); the verdicts that matter, and the time."""
    from ruleproof.books import Source, load_source
    from ruleproof.smt import Options, verify_all
    from ruleproof.specs.fanhanglu import load_spec
    from ruleproof.text import read_document
    from ruleproof.text.normalize import normalize

    start = time.perf_counter()
    text = normalize(load_source(None).data.decode("utf-8"))
    if m is not None:
        for old, new in m.edits:
            if text.count(old) != 1:
                return {"error": f"edit not applicable: {old!r} printed {text.count(old)} times"}
            text = text.replace(old, new)
        if m.patch is not None:
            m.patch()
    doc = read_document(Source("mutant.txt", text.encode("utf-8")))
    report = verify_all(load_spec(dict(m.overrides) if m else {}), doc, options=Options())
    out: dict[str, Any] = {}
    for inv in report.invariants:
        for rr in inv.readings:
            r = rr.checked.result
            engine = rr.checked.details.get("engine")
            out[f"{inv.invariant.name} {sorted(rr.readings.items())}"] = [
                r.status.value,
                sorted(r.trace.failed) if r.trace else [],
                None if engine is None else (engine.get("replays"), engine.get("shows_violation")),
            ]
    return {"verdicts": out, "seconds": time.perf_counter() - start}


def _run(name: str | None) -> tuple[str, dict[str, Any]]:
    m = next(x for x in MUTANTS if x.name == name) if name else None
    try:
        return (name or "baseline"), fingerprint(m)
    except Exception as exc:  # a mutant that crashes the verifier is noticed too (never a silent pass)
        return (name or "baseline"), {"error": f"{type(exc).__name__}: {exc}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    chosen = [m for m in MUTANTS if not args.only or m.name in args.only]
    start = time.perf_counter()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.jobs, maxtasksperchild=1) as pool:
        results = dict(pool.map(_run, [None, *(m.name for m in chosen)], chunksize=1))
    base = results.pop("baseline")
    rows = []
    for m in chosen:
        got = results[m.name]
        # a mutant that crashes the verifier is reported apart: a crash is noticed, but it is not a verdict
        changed = "error" not in got and got["verdicts"] != base["verdicts"]
        diff = (
            []
            if "error" in got
            else sorted(k for k in base["verdicts"] if got["verdicts"].get(k) != base["verdicts"][k])
        )
        rows.append(
            {
                "name": m.name,
                "kind": m.kind,
                "what": m.what,
                "expected": m.expect_change,
                "changed": changed,
                "error": got.get("error"),
                "diff": diff[:4],
                "seconds": got.get("seconds"),
            }
        )
    bugs = [r for r in rows if r["expected"]]
    refactors = [r for r in rows if not r["expected"]]
    caught = [r for r in bugs if r["changed"]]
    crashed = [r for r in rows if r["error"]]
    kept = [r for r in refactors if not r["changed"]]
    if args.json:
        print(
            json.dumps(
                {
                    "rows": rows,
                    "caught": len(caught),
                    "bugs": len(bugs),
                    "refactors_kept": len(kept),
                    "refactors": len(refactors),
                },
                ensure_ascii=False,
                indent=1,
            )
        )
        return
    for r in rows:
        mark = (
            ("caught" if r["changed"] else "MISSED")
            if r["expected"]
            else ("kept" if not r["changed"] else "CHANGED")
        )
        first = (r["error"] or (r["diff"][0] if r["diff"] else "")) if r["changed"] else ""
        print(f"{r['kind']:8} {r['name']:34} {mark:7} {first[:90]}")
    by_kind: dict[str, list[int]] = {}
    for r in bugs:
        by_kind.setdefault(r["kind"], [0, 0])
        by_kind[r["kind"]][0] += r["changed"]
        by_kind[r["kind"]][1] += 1
    print(" · ".join(f"{k} {c}/{n}" for k, (c, n) in by_kind.items()))
    print(
        f"caught by verify: {len(caught)}/{len(bugs)} ({100 * len(caught) / max(1, len(bugs)):.0f} %); "
        f"refactors unchanged: {len(kept)}/{len(refactors)}; crashed {len(crashed)}; "
        f"{time.perf_counter() - start:.0f} s wall, {args.jobs} jobs"
    )


if __name__ == "__main__":
    main()
