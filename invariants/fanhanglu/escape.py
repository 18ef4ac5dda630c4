"""The escape corollaries of 6.9, as the text states them.

* ``escape_peace_route`` — 6.9.1⑩ 「推论·和平路线不成立：④⑤二项之合计上限为 6 分，不足门槛，故纯以沉默与跟票
  而不出手者恒不可达标」: an alien that never attacks scores at most the sentence's 6 points from exile votes
  and silences, below the threshold.
* ``escape_needs_both_factions`` — 6.9.5④ 「外星人不得击杀至异形全灭或人类全灭，否则无从逃亡；故其积分构成必然
  同时取自两方」: every escape that takes place was scored on humans *and* on xenos.  The first half is the
  restriction 6.9.5① itself (checked by the kernel ``escape_allowed``); the 「故」 does not follow from it —
  an alien can reach the threshold on humans alone and still leave both factions alive.
* ``kill_points_as_written`` — 6.9.1①〔唯一权威源〕 「致死型·击杀分：普通船员 1.5 分；转职者及一切有职业者 2.0 分；
  异形 2.5 分」: each kill scores the value the sentence writes for its target's kind (the kernel
  ``kill_points`` with the spec's values, which the engine's ``kill_value`` calls, against the text's table).

Abstraction: the classic alien's score night by night — its kills by the target's kind (ordinary crew, job
holder, xeno: kernel ``kill_points``; at most its knives a night, 1, or 2 once awakened, 6.2), its ambush with
silence (6.1.2: its night's action instead of a kill, the target a human or a xeno), its vote for the player
exiled that day (6.9.1④, kernel ``capped_add`` for both capped items), eligibility after step 9 (6.9.2①),
the escape by day before the votes or in a night window instead of its action (6.9.3), refused when it would
hand humans or xenos the win (6.9.5, kernel ``escape_allowed`` over the spec's victory order).  The living
counts fall by its kills, by an exile, and freely by everybody else's doing.  Dying assists and retro
points are left out: they need another player's act on the same target, and an alien that scores without
them is what both sentences talk about (the peace route has none by definition; for the both-factions
claim they can only add points).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import PY, Algebra, count_true, one_if, sum_i
from ruleproof.smt.invariant import Claims, FamilyInvariant, NotConcretizable, bundled_claims
from ruleproof.smt.ts import Cover, Inputs, Prop, State, Trace, TransitionSystem, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import capped_add, escape_allowed, kill_points
from ruleproof.specs.fanhanglu.tables import VICTORY_ORDER

from . import scenario as sc
from .util import between, implies

KINDS = ("crew", "job", "xeno")  # the kill values of 6.9.1①
# 6.9.1① as the text writes it (its slots are KINDS)
KILL_TABLE = ClaimPattern(
    "kill", "6.9.1", "致死型·击杀分：普通船员{crew}分；转职者及一切有职业者{job}分；异形{xeno}分"
)
STATE = (
    *ints("n", "h", "crew", "x", "kH", "kX", "eH", "eX", "sH", "sX", "score"),
    # the night's kills by the alien of each kind of 6.9.1① and the points each kind's kills scored
    *ints(*(f"k_{k}" for k in KINDS), *(f"p_{k}" for k in KINDS)),
    *bools("eligible", "escaped", "peace", "gone"),
)
INPUTS = (
    *ints(
        "kc", "kj", "kx", "oc", "oj", "ox", "ex"
    ),  # kills by the alien / others' kills per kind; exiled kind
    *bools("amb", "silx", "vote", "escn", "escd", "cd"),
)


def escape_system(spec: Spec) -> TransitionSystem:
    p = spec.p
    values = [p("escape.kill_crew"), p("escape.kill_job"), p("escape.kill_xeno")]
    humans, crew0, xenos = p("players.humans"), p("players.crew"), p("players.xenos")
    total = p("players.total")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        zero = ("kH", "kX", "eH", "eX", "sH", "sX", "score", *(f"{v}_{k}" for v in "kp" for k in KINDS))
        return a.and_(
            a.eq(s["n"], a.lit(1)),
            a.eq(s["h"], a.lit(humans)),
            a.eq(s["crew"], a.lit(crew0)),
            a.eq(s["x"], a.lit(xenos)),
            *(a.eq(s[v], a.lit(0)) for v in zero),
            a.not_(s["eligible"]),
            a.not_(s["escaped"]),
            s["peace"],
            a.not_(s["gone"]),
        )

    def night(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        lit = a.lit
        kills = [i["kc"], i["kj"], i["kx"]]
        others = [i["oc"], i["oj"], i["ox"]]
        # 6.9.1①: the kill points by kind (kernel kill_points on the kind's flags)
        pts = [
            kill_points(a, a.bool_(k == "xeno"), a.bool_(k == "crew"), [lit(v) for v in values])
            for k in KINDS
        ]
        by_kind = [_times(a, kills[n], pts[n]) for n in range(len(KINDS))]
        fromH = sum_i(a, by_kind[:2])
        fromX = by_kind[2]
        # 6.9.1⑤ silence, capped (kernel capped_add on the item's total)
        s_total = a.add(s["sH"], s["sX"])
        silence = a.ite_i(i["amb"], lit(p("escape.silence")), lit(0))
        s_new = capped_add(a, s_total, silence, lit(p("escape.silence_cap")))
        s_gain = a.sub(s_new, s_total)
        sH = a.add(s["sH"], a.ite_i(i["silx"], lit(0), s_gain))
        sX = a.add(s["sX"], a.ite_i(i["silx"], s_gain, lit(0)))
        # the night's deaths (step 9)
        crew = a.sub(a.sub(s["crew"], kills[0]), others[0])
        h = a.sub(a.sub(a.sub(s["h"], kills[0]), kills[1]), a.add(others[0], others[1]))
        x = a.sub(a.sub(s["x"], kills[2]), others[2])
        kH, kX = a.add(s["kH"], fromH), a.add(s["kX"], fromX)
        score9 = sum_i(a, (kH, kX, s["eH"], s["eX"], sH, sX))
        eligible = a.or_(s["eligible"], a.le(lit(p("escape.threshold")), score9))  # 6.9.2① after step 9
        void = a.bool_(False)
        countdown = a.ite_i(i["cd"], lit(1), lit(0))
        # 6.9.3: a night window (instead of its action, with last night's eligibility) or by day (before votes)
        night_ok = a.and_(i["escn"], escape_allowed(a, VICTORY_ORDER, s["h"], s["x"], countdown, void))
        day_ok = a.and_(i["escd"], escape_allowed(a, VICTORY_ORDER, h, x, countdown, void))
        escaped = a.or_(night_ok, day_ok)
        # 6.9.1④ the day's exile: a vote for the exiled scores 0.5, capped
        e_total = a.add(s["eH"], s["eX"])
        scored = a.and_(i["vote"], a.not_(escaped))
        e_new = capped_add(
            a, e_total, a.ite_i(scored, lit(p("escape.exile_vote")), lit(0)), lit(p("escape.exile_cap"))
        )
        e_gain = a.sub(e_new, e_total)
        xeno_out = a.eq(i["ex"], lit(3))
        eH = a.add(s["eH"], a.ite_i(xeno_out, lit(0), e_gain))
        eX = a.add(s["eX"], a.ite_i(xeno_out, e_gain, lit(0)))
        out = {
            "n": a.add(s["n"], lit(1)),
            "h": a.sub(h, one_if(a, a.or_(a.eq(i["ex"], lit(1)), a.eq(i["ex"], lit(2))))),
            "crew": a.sub(crew, one_if(a, a.eq(i["ex"], lit(1)))),
            "x": a.sub(x, one_if(a, xeno_out)),
            "kH": kH,
            "kX": kX,
            "eH": eH,
            "eX": eX,
            "sH": sH,
            "sX": sX,
            "score": sum_i(a, (kH, kX, eH, eX, sH, sX)),
            "eligible": eligible,
            "escaped": escaped,
            "peace": a.and_(s["peace"], a.eq(sum_i(a, kills), lit(0))),
            "gone": a.or_(s["gone"], escaped),
            **{f"k_{k}": kills[n] for n, k in enumerate(KINDS)},
            **{f"p_{k}": by_kind[n] for n, k in enumerate(KINDS)},
        }
        return out

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        lit = a.lit
        kills = sum_i(a, (i["kc"], i["kj"], i["kx"]))
        alive = a.add(a.add(s["h"], s["x"]), lit(1))
        awake = a.or_(a.le(lit(p("alien.awaken_night")), s["n"]), a.le(alive, lit(p("alien.awaken_alive"))))
        knives = a.ite_i(awake, lit(p("alien.knives_awakened")), lit(p("alien.knives")))
        t = night(a, s, i)
        return a.and_(
            a.not_(s["gone"]),
            *(a.le(lit(0), i[v]) for v in ("kc", "kj", "kx", "oc", "oj", "ox")),
            a.le(kills, knives),
            # 6.5④: ambush, kill (and escape in a night window) are the night's one action
            implies(a, i["amb"], a.eq(kills, lit(0))),
            implies(a, i["escn"], a.and_(a.eq(kills, lit(0)), a.not_(i["amb"]), s["eligible"])),
            implies(a, i["escd"], t["eligible"]),
            a.not_(a.and_(i["escn"], i["escd"])),
            implies(a, i["silx"], i["amb"]),
            implies(a, a.and_(i["amb"], i["silx"]), a.lt(lit(0), s["x"])),
            implies(a, a.and_(i["amb"], a.not_(i["silx"])), a.lt(lit(0), s["h"])),
            # kills and other deaths among the living of each kind
            a.le(a.add(i["kc"], i["oc"]), s["crew"]),
            a.le(a.add(i["kj"], i["oj"]), a.sub(s["h"], s["crew"])),
            a.le(a.add(i["kx"], i["ox"]), s["x"]),
            # the day's exile: 0 nobody, 1 a crew member, 2 a job holder, 3 a xeno (among the living after
            # the night); the alien scores only for its own vote for the exiled
            between(a, 0, i["ex"], 3),
            implies(a, a.eq(i["ex"], lit(1)), a.lt(lit(0), t["crew"])),
            implies(a, a.eq(i["ex"], lit(2)), a.lt(t["crew"], t["h"])),
            implies(a, a.eq(i["ex"], lit(3)), a.lt(lit(0), t["x"])),
            implies(a, i["vote"], a.not_(a.eq(i["ex"], lit(0)))),
            a.le(alive, lit(total)),
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        return night(a, s, i)

    def costs(a: Algebra[Any, Any], states: Sequence[State], ins: Sequence[Inputs]) -> list[Any]:
        deaths = [i[v] for i in ins for v in ("oc", "oj", "ox")]
        acts = [a.add(sum_i(a, (i["kc"], i["kj"], i["kx"])), one_if(a, i["amb"])) for i in ins]
        return [
            sum_i(a, deaths),  # nobody else's kills
            count_true(a, (a.not_(a.eq(i["ex"], a.lit(0))) for i in ins)),  # fewest exiles
            sum_i(a, acts),
            sum_i(a, (i["kx"] for i in ins)),
        ]

    covers = (
        Cover(
            "kill_crew",
            "6.9.1",
            "击杀普通船员",
            "the alien kills ordinary crew",
            lambda a, s, i: a.lt(a.lit(0), i["kc"]),
        ),
        Cover(
            "kill_job",
            "6.9.1",
            "击杀有职业者",
            "the alien kills a job holder",
            lambda a, s, i: a.lt(a.lit(0), i["kj"]),
        ),
        Cover(
            "kill_xeno",
            "6.9.1",
            "击杀异形",
            "the alien kills a xeno",
            lambda a, s, i: a.lt(a.lit(0), i["kx"]),
        ),
        Cover("silence", "6.9.1", "蛰伏沉默", "an ambush with silence", lambda a, s, i: i["amb"]),
        Cover("exile_vote", "6.9.1", "投给被驱逐者", "a vote for the exiled", lambda a, s, i: i["vote"]),
        Cover(
            "escape_day",
            "6.9.3",
            "白天逃亡",
            "an escape by day",
            lambda a, s, i: a.and_(i["escd"], night(a, s, i)["escaped"]),
        ),
        Cover(
            "escape_night",
            "6.9.3",
            "夜间窗口逃亡",
            "an escape in a night window",
            lambda a, s, i: a.and_(i["escn"], night(a, s, i)["escaped"]),
        ),
        Cover(
            "escape_refused",
            "6.9.5",
            "逃亡因送胜而不成立",
            "an escape refused for handing a win",
            lambda a, s, i: a.and_(a.or_(i["escn"], i["escd"]), a.not_(night(a, s, i)["escaped"])),
        ),
    )
    lemmas = (
        Prop("score_sum", "6.9.1", "积分为各项之和", "the score is the sum of its items", _score_sum),
        Prop(
            "caps",
            "6.9.1",
            "④⑤各项不超上限",
            "items ④⑤ within their caps",
            _caps(p("escape.exile_cap"), p("escape.silence_cap")),
        ),
        Prop(
            "peace_no_kills",
            "6.9.1",
            "未出手者无击杀分",
            "no kill points without kills",
            lambda a, s: implies(a, s["peace"], a.and_(a.eq(s["kH"], a.lit(0)), a.eq(s["kX"], a.lit(0)))),
        ),
        Prop(
            "nonneg",
            "6.9.1",
            "各项非负",
            "items are not negative",
            lambda a, s: a.and_(*(a.le(a.lit(0), s[v]) for v in ("kH", "kX", "eH", "eX", "sH", "sX"))),
        ),
    )
    return TransitionSystem("escape", STATE, INPUTS, init, guard, step, (), lemmas, costs, covers=covers)


def _times(a: Algebra[Any, Any], count: Any, value: Any) -> Any:
    """count × value for a count of 0..2 (the alien's knives a night): no products of two terms in the algebra."""
    return a.ite_i(
        a.eq(count, a.lit(0)), a.lit(0), a.ite_i(a.eq(count, a.lit(1)), value, a.add(value, value))
    )


def _score_sum(a: Algebra[Any, Any], s: State) -> Any:
    return a.eq(s["score"], sum_i(a, (s[v] for v in ("kH", "kX", "eH", "eX", "sH", "sX"))))


def _caps(exile_cap: int, silence_cap: int) -> Any:
    return lambda a, s: a.and_(
        a.le(a.add(s["eH"], s["eX"]), a.lit(exile_cap)), a.le(a.add(s["sH"], s["sX"]), a.lit(silence_cap))
    )


# ── the theorems ─────────────────────────────────────────────────────────────────────────────


class _Escape(FamilyInvariant[Spec]):
    abstraction = "the classic alien's score items night by night; its kills, silences, votes, escape"

    def model(self, spec: Spec) -> TransitionSystem:
        return escape_system(spec)

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        return _scenario(spec, trace)

    def playable(self, spec: Spec) -> Any:
        return _playable

    def monitor(self, outcome: Outcome) -> set[str]:
        return _monitor(outcome)


class EscapePeaceRoute(_Escape):
    name = "escape_peace_route"
    title = "和平路线不成立：不出手者之④⑤合计至多 6 分，不足门槛，恒不可达标"
    title_en = "no peaceful route: without attacking, items ④⑤ give at most 6 points, below the threshold"
    cites = ("6.9.1",)
    params = (
        "escape.exile_cap",
        "escape.silence_cap",
        "escape.threshold",
        "escape.exile_vote",
        "escape.silence",
    )
    claims = (ClaimPattern("peace", "6.9.1", "④⑤二项之合计上限为{cap}分，不足门槛"),)

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        cap = claims["peace"].centi("cap")
        threshold = spec.p("escape.threshold")
        return (
            Prop(
                "peace_within_cap",
                "6.9.1",
                f"不出手者之④⑤合计 ≤ {cap / 100:g} 分",
                f"without attacking, items ④⑤ total at most {cap / 100:g}",
                lambda a, s: implies(a, s["peace"], a.le(_items45(a, s), a.lit(cap))),
            ),
            Prop(
                "peace_below_threshold",
                "6.9.1",
                "不出手者恒不可达标",
                "without attacking the threshold is never reached",
                lambda a, s: implies(a, s["peace"], a.lt(s["score"], a.lit(threshold))),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        cap = claims["peace"].centi("cap")
        return (
            Prop(
                "peace_at_cap",
                "6.9.1",
                "不出手而④⑤均达上限",
                "both capped items full without attacking",
                lambda a, s: a.and_(s["peace"], a.eq(_items45(a, s), a.lit(cap))),
            ),
        )


class EscapeNeedsBothFactions(_Escape):
    name = "escape_needs_both_factions"
    title = "逃亡者之积分构成必然同时取自两方（6.9.5④ 推论）"
    title_en = "an alien that escapes has scored on both humans and xenos (6.9.5④)"
    cites = ("6.9.5", "6.9.1", "6.9.3")
    params = ("escape.kill_crew", "escape.kill_job", "escape.kill_xeno", "escape.threshold")
    claims = (ClaimPattern("both", "6.9.5", "故其积分构成必然同时取自两方"),)

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (
            Prop(
                "scored_on_both",
                "6.9.5",
                "逃亡者之积分同时取自人类与异形",
                "the escaped alien scored on humans and on xenos",
                lambda a, s: implies(
                    a, s["escaped"], a.and_(a.lt(a.lit(0), _fromH(a, s)), a.lt(a.lit(0), _fromX(a, s)))
                ),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (Prop("escaped", "6.9.3", "外星人逃亡成功", "the alien escapes", lambda a, s: s["escaped"]),)


class KillPointsAsWritten(_Escape):
    """6.9.1① 〔唯一权威源〕 as the text writes it: each kill the alien makes scores the sentence's value for the
    target's kind — checked against the kernel ``kill_points`` (which the engine's ``kill_value`` calls) with
    the spec's values, on the model's kills of every kind."""

    name = "kill_points_as_written"
    title = "每次击杀之得分依 6.9.1① 所写之值（普通船员∕转职者及有职业者∕异形）"
    title_en = "each kill scores 6.9.1①'s value for its target: ordinary crew, job holder, xeno"
    cites = ("6.9.1",)
    params = ("escape.kill_crew", "escape.kill_job", "escape.kill_xeno")
    claims = (KILL_TABLE,)

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        stated = stated_kill_points(claims)
        return tuple(
            Prop(
                f"kill_{kind}",
                "6.9.1",
                f"每击杀一名{KIND_ZH[kind]}计 {stated[kind] / 100:g} 分",
                f"each kill of a {KIND_EN[kind]} scores {stated[kind] / 100:g}",
                _kill_prop(kind, stated[kind]),
            )
            for kind in KINDS
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return tuple(
            Prop(
                f"kills_{kind}",
                "6.9.1",
                f"外星人击杀{KIND_ZH[kind]}",
                f"the alien kills a {KIND_EN[kind]}",
                _kills_kind(kind),
            )
            for kind in KINDS
        )

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        return _points_scenario(spec, trace)

    def playable(self, spec: Spec) -> Any:
        return _points_playable

    def monitor(self, outcome: Outcome) -> set[str]:
        return _points_monitor(outcome, stated_kill_points(bundled_claims(self)))


KIND_ZH = {"crew": "普通船员", "job": "转职者或有职业者", "xeno": "异形"}
KIND_EN = {"crew": "ordinary crew member", "job": "job holder", "xeno": "xeno"}


def stated_kill_points(claims: Claims) -> dict[str, int]:
    """6.9.1①'s values in hundredths, by kind."""
    return {kind: claims["kill"].centi(kind) for kind in KINDS}


def _kill_prop(kind: str, value: int) -> Any:
    return lambda a, s: a.eq(s[f"p_{kind}"], _times(a, s[f"k_{kind}"], a.lit(value)))


def _kills_kind(kind: str) -> Any:
    return lambda a, s: a.lt(a.lit(0), s[f"k_{kind}"])


def _items45(a: Algebra[Any, Any], s: State) -> Any:
    return sum_i(a, (s["eH"], s["eX"], s["sH"], s["sX"]))


def _fromH(a: Algebra[Any, Any], s: State) -> Any:
    return sum_i(a, (s["kH"], s["eH"], s["sH"]))


def _fromX(a: Algebra[Any, Any], s: State) -> Any:
    return sum_i(a, (s["kX"], s["eX"], s["sX"]))


# ── counterexample → vector ─────────────────────────────────────────────────────────────────

JOBS = (5, 6, 7, 8, 9, 10, 11)  # the standard table's job holders; 1–4 ordinary crew, 12–14 xenos


def _playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    """What :func:`_scenario` scripts: nobody else kills, exiles are crew members or xenos voted out by the
    alien and two xenos (or three), no night-window escape."""
    return a.and_(
        *(a.eq(i[v], a.lit(0)) for v in ("oc", "oj", "ox")),
        a.not_(a.eq(i["ex"], a.lit(2))),
        implies(a, a.not_(a.eq(i["ex"], a.lit(0))), i["vote"]),
        a.not_(i["escn"]),
        i["cd"],
    )


def _scenario(spec: Spec, trace: Trace) -> dict[str, Any]:
    """The alien (15) kills job holders (5–11 in order), ordinary crew (1–4) and xenos (14, 13, 12), silences
    by ambush, and votes with the living xenos (at least 3 votes) for the player exiled; it escapes by day."""
    crew, jobs, xenos = list(sc.CREW), list(JOBS), [14, 13, 12]
    script: list[dict[str, Any]] = []
    escaped_on = None
    for t, (s, i) in enumerate(zip(trace.states, trace.inputs, strict=False), start=1):
        if not _playable(PY, s, i):
            raise NotConcretizable(f"night {t}: other players' kills, a job holder exiled or a night escape")
        acts: list[dict[str, Any]] = []
        if i["amb"]:
            target = xenos[0] if i["silx"] else (crew + jobs)[0]
            acts.append({"actor": sc.ALIEN, "skill": "ambush", "targets": [target], "silence": True})
        victims = [crew.pop(0) for _ in range(int(i["kc"]))] + [jobs.pop(0) for _ in range(int(i["kj"]))]
        victims += [xenos.pop(0) for _ in range(int(i["kx"]))]
        if victims:
            acts.append({"actor": sc.ALIEN, "skill": "alien_kill", "targets": victims})
        if acts:
            script.append(sc.night(t, *acts))
        if i["escd"]:
            script.append({"day": t, "actions": [{"actor": sc.ALIEN, "skill": "escape"}]})
            escaped_on = t
            break
        if i["ex"]:
            if int(i["ex"]) == 3:
                target = xenos.pop(0)
                voters = [*xenos[:2], sc.ALIEN]
            else:
                target = crew.pop(0)
                voters = [*xenos[:2], sc.ALIEN]
            if len(voters) < 3:
                raise NotConcretizable(f"day {t}: not enough voters to exile")
            script.append({"day": t, "votes": {str(v): target for v in voters}})
    if escaped_on is None:
        raise NotConcretizable("the trace ends without an escape by day")
    last = trace.states[-1]
    expect: list[dict[str, Any]] = [
        {"after": f"day {escaped_on}", "state": {"secondary": [sc.ALIEN]}},
        {
            "after": f"day {escaped_on}",
            "events": [{"kind": "escape", "player": sc.ALIEN}],
        },
    ]
    where = "人类" if int(last["kX"]) + int(last["eX"]) + int(last["sX"]) == 0 else "异形"
    return sc.vector(
        spec,
        ident="escape_needs_both_factions",
        title=f"逃亡之积分只取自{where}一方：第 {escaped_on} 日逃亡成功",
        description=(
            "由验证器生成的最小反例：外星人不击杀至任何一方全灭（6.9.5① 之限制照常成立），"
            f"其积分却全部取自{where}，仍达门槛并逃亡成功——6.9.5④「故其积分构成必然同时取自两方」不成立。"
        ),
        cites=["6.9.5", "6.9.1", "6.9.3"],
        script=script,
        expect=expect,
    )


def _monitor(outcome: Outcome) -> set[str]:
    """On an engine run: the alien that escaped, and the factions of the targets its points came from (its
    effective outputs, the players exiled on its votes, the players it silenced)."""
    faction = {
        n + 1: "xenos" if r == "xeno" else ("alien" if "alien" in r else "humans")
        for n, r in enumerate(outcome.roles)
    }
    failed: set[str] = set()
    for e in outcome.events:
        if e.kind != "escape":
            continue
        alien = e.data["player"]
        sources: set[str] = set()
        for o in outcome.events:
            if o.kind == "effective_output" and o.data["initiator"] == alien:
                sources.add(faction[o.data["target"]])
            if o.kind == "vote_result" and o.data["exiled"] is not None:
                sources.add(faction[o.data["exiled"]])  # an over-approximation: only if it voted
            if o.kind == "silenced" and o.data.get("by") == alien:
                sources.add(faction[o.data["player"]])
        if not {"humans", "xenos"} <= sources:
            failed.add("scored_on_both")
    return failed


def _points_playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    """What :func:`_points_scenario` scripts: the alien's kills only — nobody else kills, no exile, no ambush,
    no escape."""
    return a.and_(
        *(a.eq(i[v], a.lit(0)) for v in ("oc", "oj", "ox", "ex")),
        *(a.not_(i[v]) for v in ("amb", "vote", "escn", "escd")),
    )


def _points_scenario(spec: Spec, trace: Trace) -> dict[str, Any]:
    """The alien (15) kills, night by night, the trace's ordinary crew (1–4), job holders (5–11 in order) and
    xenos (14, 13, 12); the expectation is each kill's points as the model scores them."""
    pools = {"crew": list(sc.CREW), "job": list(JOBS), "xeno": [14, 13, 12]}
    script: list[dict[str, Any]] = []
    expect: list[dict[str, Any]] = []
    for t, (s, i) in enumerate(zip(trace.states, trace.inputs, strict=False), start=1):
        if not _points_playable(PY, s, i):
            raise NotConcretizable(f"night {t}: other players' kills, an exile, an ambush or an escape")
        after = trace.states[t]
        victims: list[int] = []
        for kind in KINDS:
            count = int(i["k" + kind[0]])  # the inputs kc, kj, kx
            if count > len(pools[kind]):
                raise NotConcretizable(f"night {t}: more {kind} kills than players of that kind")
            for _ in range(count):
                victims.append(pools[kind].pop(0))
                each = int(after[f"p_{kind}"]) // count
                event = {"kind": "escape_points", "player": sc.ALIEN, "points": each / 100, "for": "lethal"}
                expect.append({"after": f"night {t}", "events": [event]})
        if victims:
            script.append(sc.night(t, {"actor": sc.ALIEN, "skill": "alien_kill", "targets": victims}))
    last = trace.states[-1]
    shown = "、".join(f"{KIND_ZH[k]} {int(last[f'p_{k}']) / 100:g} 分" for k in KINDS if int(last[f"k_{k}"]))
    return sc.vector(
        spec,
        ident="kill_points_as_written",
        title=f"击杀分与 6.9.1① 之表不符：第 {len(trace.inputs)} 夜{shown}",
        description=(
            f"由验证器生成的最小反例：外星人于第 {len(trace.inputs)} 夜击杀，所得击杀分（{shown}）与 6.9.1① "
            "「普通船员 1.5 分；转职者及一切有职业者 2.0 分；异形 2.5 分」所写之值不符。"
        ),
        cites=["6.9.1", "4.10.0"],
        script=script,
        expect=expect,
    )


def _points_monitor(outcome: Outcome, stated: dict[str, int]) -> set[str]:
    """On an engine run: every lethal-tier settlement of an alien's (``effective_output`` followed by its
    ``escape_points``) scores 6.9.1①'s value for the target's kind, read off the night's last snapshot (the
    target's true role and faction); under ``escape.tier_scope=per_pair`` only a pair's first settlement is
    compared (a later one adds the difference)."""
    aliens = {n + 1 for n, r in enumerate(outcome.roles) if "alien" in r}
    last: dict[int, dict[str, Any]] = {}
    for label, snap in outcome.trace:
        if label.startswith("night "):
            last[int(label.split()[1])] = snap
    failed: set[str] = set()
    settled: set[tuple[int, int]] = set()
    events = outcome.events
    for n, e in enumerate(events):
        if e.kind != "effective_output" or e.data["initiator"] not in aliens:
            continue
        pair = (e.data["initiator"], e.data["target"])
        first = pair not in settled
        settled.add(pair)
        seen = last.get(e.night)
        if e.data["tier"] != "lethal" or seen is None or not first:
            continue
        target = seen["players"][str(pair[1])]
        kind = "xeno" if target["faction"] == "xenos" else ("crew" if target["role"] == "crew" else "job")
        nxt = events[n + 1] if n + 1 < len(events) else None
        scored = 0
        if nxt is not None and nxt.kind == "escape_points" and nxt.data["player"] == pair[0]:
            scored = round(nxt.data["points"] * 100)
        if scored != stated[kind]:
            failed.add(f"kill_{kind}")
    return failed


ESCAPE_PEACE_ROUTE = EscapePeaceRoute()
ESCAPE_NEEDS_BOTH_FACTIONS = EscapeNeedsBothFactions()
KILL_POINTS_AS_WRITTEN = KillPointsAsWritten()
