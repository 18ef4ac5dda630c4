"""The studies: one per open measurement of 附录四 五、遗留事项 (each quoting the author's question), and a
generic one.  Every game adds the common figures (winners, secondary wins, length); each study adds what
its question asks.  Figures read the referee's record (everything), decisions never do (see view.py)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.studies.games import Record, play
from ruleproof.studies.stats import Aggregate
from ruleproof.studies.study import Metric, Question


def frozen(d: Mapping[str, str]) -> Mapping[str, str]:
    """A read-only mapping for a class attribute."""
    return MappingProxyType(dict(d))


COMMON: tuple[Metric, ...] = (
    Metric("win.humans", "人类胜率", "humans win"),
    Metric("win.xenos", "异形胜率", "xenos win"),
    Metric("win.alien", "外星人主胜率", "alien wins (primary)"),
    Metric("win.draw", "平局率", "draw"),
    Metric("secondary", "外星人逃亡次胜率", "alien escape (secondary win)"),
    Metric("nights", "对局长度（夜）", "game length (nights)", "nights", plot=False),
)


class FanhangluStudy:
    """A study of 返航录: defaults, question, metrics; :meth:`observe` adds the study's own figures."""

    name: ClassVar[str] = "generic"
    title: ClassVar[tuple[str, str]] = (
        "通用：各阵营胜率与对局长度",
        "generic: win rates per faction, game length",
    )
    question: ClassVar[Question] = Question(
        "1.2.3", "判定顺序", "各阵营的胜率与对局长度", "win rates per faction and game length"
    )
    metrics: ClassVar[tuple[Metric, ...]] = COMMON
    histograms: ClassVar[tuple[str, ...]] = ("nights",)
    defaults: ClassVar[Mapping[str, str]] = frozen({})
    policies: ClassVar[Mapping[str, str]] = frozen({"*": "reasonable"})
    sweep: ClassVar[tuple[str, tuple[str, ...]] | None] = None
    track: ClassVar[bool] = False
    answers: ClassVar[tuple[str, ...]] = ()
    """The metrics the study's question asks about: :meth:`conclude` puts each in words per sweep value,
    with its interval, and says whether the intervals of the first and the last value are apart."""

    def play(self, ctx: Any, game_seed: int, agg: Aggregate) -> None:
        g, rec = play(ctx.setup, game_seed)
        r = g.result
        winner = r.winner if r is not None else "none"
        for side in ("humans", "xenos", "alien", "draw"):
            agg.rate(f"win.{side}").add(winner == side)
        agg.rate("secondary").add(bool(r and r.secondary))
        agg.hist("nights").add(g.night)
        self.observe(g, rec, agg)

    def observe(self, g: Game, rec: Record, agg: Aggregate) -> None:
        """The study's own figures."""

    def conclude(
        self, results: Mapping[str, Mapping[str, Any]], settings: Mapping[str, str], lang: str
    ) -> list[str]:
        out = []
        for value, m in results.items():
            head = f"{value}：" if value and lang != "en" else (f"{value}: " if value else "")
            w = {k: m[k]["estimate"] for k in ("win.humans", "win.xenos", "win.alien", "secondary")}
            n = m["nights"]
            if lang == "en":
                out.append(
                    f"{head}humans win {pct(w['win.humans'])}, xenos {pct(w['win.xenos'])}, the alien "
                    f"{pct(w['win.alien'])} (escapes {pct(w['secondary'])}); median length {n['estimate']} nights."
                )
            else:
                out.append(
                    f"{head}人类胜 {pct(w['win.humans'])}，异形胜 {pct(w['win.xenos'])}，外星人主胜 "
                    f"{pct(w['win.alien'])}（逃亡次胜 {pct(w['secondary'])}）；对局长度中位数 {n['estimate']} 夜。"
                )
        return out + [compare(results, key, lang) for key in self.answers]


def pct(x: object) -> str:
    return f"{100 * x:.1f}%" if isinstance(x, float | int) else "—"


def figure(s: Mapping[str, Any], lang: str) -> str:
    """One metric's estimate with its 95 % interval and N, as a sentence shows it."""
    if s["estimate"] is None:
        return f"— (N={s['n']})"
    rate = s.get("kind") == "rate"
    show = pct if rate else str
    ci = f" [{show(s['ci95'][0])}, {show(s['ci95'][1])}]" if s["ci95"] else ""
    med = ("median " if lang == "en" else "中位数 ") if s.get("kind") == "median" else ""
    return f"{med}{show(s['estimate'])}{ci}, N={s['n']}"


def compare(results: Mapping[str, Mapping[str, Any]], key: str, lang: str) -> str:
    """A metric per sweep value in words; with two values or more, whether the 95 % intervals of each value
    and the next are apart (a difference the games show) or overlap (none shown at this N)."""
    en = lang == "en"
    cells = [(v, m[key]) for v, m in results.items()]
    name = cells[0][1]["en" if en else "zh"]
    colon = ": " if en else "："
    parts = [f"{v}{colon}{figure(s, lang)}" if v else figure(s, lang) for v, s in cells]
    line = f"{name}: {'; '.join(parts)}" if en else f"{name}：{'；'.join(parts)}"
    said = []
    for (first, a), (last, b) in itertools.pairwise(cells):  # each value against the next
        if not (a["ci95"] and b["ci95"]):
            continue
        apart = a["ci95"][1] < b["ci95"][0] or b["ci95"][1] < a["ci95"][0]
        if en:
            said.append(f"{first} → {last}: intervals {'apart' if apart else 'overlap'}")
        else:
            said.append(f"{first} → {last}：区间{'不重叠' if apart else '重叠'}")
    if said:
        line += (
            f" — {'; '.join(said)} (apart: a difference the games show; overlap: none shown at this N)"
            if en
            else f"——{'；'.join(said)}（不重叠：差异为实测所见；重叠：此样本量下未见差异）"
        )
    return line + ("." if en else "。")


def alien_out(g: Game, rec: Record) -> str | None:
    return g.players[rec.alien - 1].out if rec.alien else None


def _within(ci: Sequence[float] | None, lo: float, hi: float) -> int:
    """0: the interval lies inside [lo, hi]; 1: it lies outside; 2: it straddles a bound (or there is none)."""
    if not ci:
        return 2
    if lo <= ci[0] and ci[1] <= hi:
        return 0
    if ci[1] < lo or ci[0] > hi:
        return 1
    return 2


class Threshold(FanhangluStudy):
    name = "threshold"
    title = ("逃亡门槛 10 之实测", "the escape threshold 10, measured")
    question = Question(
        "附录四",
        "须观测达标夜数分布（目标中位数 7―10 夜）",
        "达标夜数分布（目标中位数 7–10 夜）、达标后被票出局占比、染血目击者存活数（推估 2–3 名）、逃亡成功率；"
        "初估激进打法约 1.28 分∕夜、第 7 夜达标",
        "the night the alien reaches the threshold (target median 7–10), the share exiled after reaching it, "
        "bloodstain witnesses alive (estimated 2–3), the escape success rate; estimated 1.28 points a night "
        "for aggressive play, reaching it on night 7",
    )
    metrics = (
        *COMMON,
        Metric("reached", "外星人达标率", "the alien reaches the threshold"),
        Metric("nights_to_threshold", "达标之夜", "night the threshold is reached", "nights", plot=False),
        Metric("exiled_after_reaching", "达标后被票出局占比", "exiled after reaching it"),
        Metric(
            "witnesses_alive",
            "达标时染血目击者存活数",
            "bloodstain witnesses alive at reaching",
            "count",
            False,
        ),
        Metric("escaped_after_reaching", "达标后逃亡成功率", "escapes after reaching it"),
        Metric(
            "refused_after_reaching", "达标后逃亡被拒（6.9.5）", "an escape refused after reaching it (6.9.5)"
        ),
        Metric("primary_after_reaching", "达标后外星人主胜", "the alien wins outright after reaching it"),
        Metric("points_per_night", "达标时每夜积分", "points per night at reaching", "points", False),
    )
    histograms = ("nights_to_threshold", "nights")
    target_median: ClassVar[tuple[int, int]] = (7, 10)
    """The author's target for the median night of reaching the threshold (附录四: 「目标中位数 7―10 夜」)."""
    author_estimates: ClassVar[tuple[str, str]] = ("1.28", "2–3")
    """The author's estimates the answer is set against (附录四): points a night for aggressive play
    (「约 1.28 分∕夜」) and bloodstain witnesses alive (「推估 2―3 名」)."""
    defaults = frozen({"seat.alien": "alien"})
    policies = frozen({"*": "reasonable", "alien": "aggressive"})
    track = True

    def observe(self, g: Game, rec: Record, agg: Aggregate) -> None:
        reached = rec.eligible_night > 0
        agg.rate("reached").add(reached)
        if not reached:
            return
        agg.hist("nights_to_threshold").add(rec.eligible_night)
        out = alien_out(g, rec)
        agg.rate("exiled_after_reaching").add(out == "exiled")
        agg.rate("escaped_after_reaching").add(out == "escaped")
        agg.rate("refused_after_reaching").add(any(e.kind == "escape_refused" for e in g.events))
        agg.rate("primary_after_reaching").add(g.result is not None and g.result.winner == "alien")
        agg.mean("witnesses_alive").add(rec.witnesses_at_eligible)
        agg.mean("points_per_night", scale=100).add(rec.eligible_score // rec.eligible_night)

    def conclude(
        self, results: Mapping[str, Mapping[str, Any]], settings: Mapping[str, str], lang: str
    ) -> list[str]:
        out = []
        est_ppn, est_wit = self.author_estimates
        for value, m in results.items():
            head = f"{value}：" if value and lang != "en" else (f"{value}: " if value else "")
            med = m["nights_to_threshold"]["estimate"]
            ci = m["nights_to_threshold"]["ci95"]
            lo, hi = self.target_median
            verdict = _within(ci, lo, hi)
            ppn = m["points_per_night"]["estimate"]
            if lang == "en":
                out.append(
                    f"{head}the alien reaches the threshold in {pct(m['reached']['estimate'])} of games; median night "
                    f"{med} (95 % CI {ci}), {('inside', 'outside', 'not decided at this N against')[verdict]} the "
                    f"{lo}–{hi} target; {ppn} points a night (the author estimated {est_ppn}); "
                    f"after reaching it {pct(m['exiled_after_reaching']['estimate'])} are exiled and "
                    f"{pct(m['escaped_after_reaching']['estimate'])} escape ({pct(m['refused_after_reaching']['estimate'])} "
                    f"see an escape refused by 6.9.5, {pct(m['primary_after_reaching']['estimate'])} win outright); "
                    f"{m['witnesses_alive']['estimate']} bloodstain witnesses alive on average (estimated {est_wit})."
                )
            else:
                out.append(
                    f"{head}外星人达标率 {pct(m['reached']['estimate'])}；达标之夜中位数 {med}（95% 区间 {ci}），"
                    f"{('在', '不在', '此样本量下未能判定是否在')[verdict]}目标 {lo}–{hi} 夜之内；每夜 {ppn} 分（作者初估 {est_ppn}）；达标后被票出局 "
                    f"{pct(m['exiled_after_reaching']['estimate'])}、逃亡成功 {pct(m['escaped_after_reaching']['estimate'])}"
                    f"（逃亡曾被 6.9.5 拒绝 {pct(m['refused_after_reaching']['estimate'])}，外星人主胜 "
                    f"{pct(m['primary_after_reaching']['estimate'])}）；"
                    f"达标时染血目击者平均存活 {m['witnesses_alive']['estimate']} 名（作者推估 {est_wit}）。"
                )
        return out


class Secondary(FanhangluStudy):
    name = "secondary"
    title = ("次胜率：外星人平衡之核心指标", "the secondary-win rate as the alien's core balance metric")
    question = Question(
        "附录四",
        "建议先定次胜率目标区间，再据此反调门槛与分值",
        "先定次胜率目标区间，再据此反调门槛与分值",
        "set a target interval for the secondary-win rate, then tune the threshold and the scores",
    )
    metrics = COMMON
    defaults = frozen({"seat.alien": "alien"})
    policies = frozen({"*": "reasonable", "alien": "aggressive"})
    sweep = ("escape.threshold", ("6", "8", "10", "12", "14"))

    def conclude(
        self, results: Mapping[str, Mapping[str, Any]], settings: Mapping[str, str], lang: str
    ) -> list[str]:
        from ruleproof.specs.fanhanglu.studies import parse_target

        rates = {v: m["secondary"] for v, m in results.items()}
        line = "，".join(f"{v or '—'}：{pct(s['estimate'])}" for v, s in rates.items())
        line_en = ", ".join(f"{v or '—'}: {pct(s['estimate'])}" for v, s in rates.items())
        out = [f"Secondary-win rate per value: {line_en}." if lang == "en" else f"各取值之次胜率：{line}。"]
        if "target" in settings:
            lo, hi = parse_target(settings["target"])
            hits = [v for v, s in rates.items() if s["ci95"] and lo <= s["estimate"] <= hi]
            if lang == "en":
                out.append(
                    f"Values whose estimate lies in the target {lo:.2f}–{hi:.2f}: {', '.join(hits) or 'none'}."
                )
            else:
                out.append(f"估计值落在目标区间 {lo:.2f}–{hi:.2f} 内的取值：{'、'.join(hits) or '无'}。")
        return out


class DeathRow(Threshold):
    name = "deathrow"
    title = ("死囚变体之逃亡路径", "the death-row variant's escape path")
    question = Question(
        "附录四",
        "死囚变体之逃亡路径",
        "死囚不持蛰伏，故无沉默分；其变形∕复生皆服务于存活攒分，路径可行但速率未实测",
        "the death-row alien has no silence points; its transforms and revivals serve survival while scoring — "
        "the path is feasible but its rate is unmeasured",
    )
    defaults = frozen({})
    sweep = ("seat.alien", ("alien", "death_row_alien"))


class Poisoner(FanhangluStudy):
    name = "poisoner"
    title = ("毒师局专项胜率", "win rates of poisoner games")
    question = Question(
        "附录四",
        "毒师局专项胜率模拟（毒药不被保护类拦截的实际强度）",
        "毒师局专项胜率（毒药不被保护类拦截的实际强度）",
        "win rates of poisoner games (the real strength of a poison that protection does not stop)",
    )
    metrics = (
        *COMMON,
        Metric("poison_deaths", "每局毒死人数", "poison deaths per game", "count", False),
        Metric("poison_on_enemies", "毒药落在异形∕外星人之占比", "poisons landing on xenos / the alien"),
    )
    sweep = ("seat.rescue", ("rescue_doctor", "poisoner"))
    answers = ("win.humans", "poison_deaths", "poison_on_enemies")

    def observe(self, g: Game, rec: Record, agg: Aggregate) -> None:
        deaths = sum(1 for e in g.events if e.kind == "death" and "poison" in e.data.get("report", ()))
        agg.mean("poison_deaths").add(deaths)
        for e in g.events:
            if e.kind == "poison" and e.data.get("result") == "lands":
                t = g.players[e.data["target"] - 1]
                agg.rate("poison_on_enemies").add(t.faction != "humans")


class Craftsman(FanhangluStudy):
    name = "craftsman"
    title = ("工匠加强（第七批）之实测", "the craftsman buff (batch 7), measured")
    question = Question(
        "附录四",
        "工匠加强（第七批）之实测",
        "①速成护甲之囤积率（铸成后滞留库存之夜数中位数）；②分配后有效防护夜数（第 1~3 夜实际挡下伤害∕感染之次数，"
        "改前为 2 夜窗口、改后为 3 夜）；③工匠出局时库存浪费率；④与保镖之对比胜率（同席位，见 defender）",
        "① how long quick armor stays in stock (median nights); ② blocks in nights 1–3 after distribution "
        "(a 2-night window before the change, 3 after); ③ stock wasted when the craftsman leaves; ④ win rate "
        "against the bodyguard in the same seat (study defender)",
    )
    metrics = (
        *COMMON,
        Metric("quick_dwell", "速成护甲滞留库存夜数", "nights quick armor stays in stock", "nights", False),
        Metric(
            "blocks_per_piece",
            "每件速成护甲于有效期内挡下次数",
            "blocks per quick piece while valid",
            "count",
            False,
        ),
        Metric("piece_blocked", "速成护甲至少挡下一次之占比", "quick pieces that blocked at least once"),
        Metric("wasted_at_exit", "工匠出局时库存非空之占比", "craftsman exits with stock left"),
        Metric("wasted_pieces", "工匠出局时浪费件数", "pieces lost at the craftsman's exit", "count", False),
    )
    histograms = ("quick_dwell", "nights")
    defaults = frozen({"seat.defender": "craftsman"})
    policies = frozen({"*": "reasonable", "craftsman": "distribute"})
    sweep = ("craftsman.quick_valid_nights", ("2", "3"))
    track = True
    answers = ("quick_dwell", "blocks_per_piece", "piece_blocked", "wasted_at_exit", "win.humans")

    def observe(self, g: Game, rec: Record, agg: Aggregate) -> None:
        for d in rec.dwell:
            agg.hist("quick_dwell").add(d)
        if rec.craftsman_exit_stock is not None:
            agg.rate("wasted_at_exit").add(rec.craftsman_exit_stock > 0)
            agg.mean("wasted_pieces").add(rec.craftsman_exit_stock)
        worn: list[tuple[int, int, int]] = []  # (holder, first night, last night)
        blocks: dict[int, list[int]] = {}
        for e in g.events:
            if e.kind == "armor_worn" and e.data.get("quick"):
                worn.append((e.to[0], e.night, int(e.data.get("until") or e.night)))
            elif e.kind in ("hit", "infect") and e.data.get("result") == "armor":
                blocks.setdefault(e.data["target"], []).append(e.night)
        for holder, first, last in worn:
            n = sum(1 for night in blocks.get(holder, ()) if first <= night <= last)
            agg.mean("blocks_per_piece").add(n)
            agg.rate("piece_blocked").add(n > 0)


class Defender(FanhangluStudy):
    name = "defender"
    title = ("工匠与保镖之对比胜率（同席位）", "craftsman vs bodyguard in the same seat")
    question = Question(
        "附录四",
        "与保镖之对比胜率（同席位）",
        "与保镖之对比胜率（同席位）",
        "the win rate against the bodyguard in the same seat",
    )
    metrics = (
        *COMMON,
        Metric("defender_survives", "防御席位存活至终局", "the defender seat survives to the end"),
    )
    policies = frozen({"*": "reasonable", "craftsman": "distribute"})
    sweep = ("seat.defender", ("bodyguard", "craftsman"))
    answers = ("win.humans", "defender_survives")

    def observe(self, g: Game, rec: Record, agg: Aggregate) -> None:
        holder = next((p for p in g.players if p.true_role in ("bodyguard", "craftsman")), None)
        if holder is not None:
            agg.rate("defender_survives").add(holder.alive)


class Fizzle(FanhangluStudy):
    name = "fizzle"
    title = ("分配落空之频次", "how often an armor distribution fizzles")
    question = Question(
        "附录四",
        "分配落空时之库存归属",
        "囤积可行后「已持有者不得再被分配、该份依 2.5 落空」之频次上升，其份额是否返还库存须实测后定",
        "once hoarding pays, pieces handed to a player who already wears armor fizzle more often; whether "
        "they return to the stock is to be decided after measuring",
    )
    metrics = (
        *COMMON,
        Metric("fizzle_per_piece", "每件分配落空率", "fizzle rate per piece handed out"),
        Metric("game_with_fizzle", "出现落空之对局占比", "games with a fizzle"),
    )
    defaults = frozen({"seat.defender": "craftsman"})
    policies = frozen({"*": "reasonable", "craftsman": "hoard"})
    sweep = ("policy.craftsman", ("random", "distribute", "hoard"))
    answers = ("fizzle_per_piece", "game_with_fizzle")

    def observe(self, g: Game, rec: Record, agg: Aggregate) -> None:
        fizzles = sum(1 for e in g.events if e.kind == "fizzle" and e.data.get("skill") == "distribute_armor")
        pieces = sum(len(x.targets) for x in g.ledger if x.skill == "distribute_armor")
        agg.rate("game_with_fizzle").add(fizzles > 0)
        pr = agg.rate("fizzle_per_piece")
        pr.hits += fizzles
        pr.n += pieces


class Endgame(FanhangluStudy):
    name = "endgame"
    title = ("驱逐门槛 3 票之残局死角", "the 3-vote exile threshold's endgame blind spot")
    question = Question(
        "附录四",
        "驱逐门槛 3 票之",
        "存活 ≤3 名时驱逐永远不可能成立，3 人残局仅能靠夜间结算推进（观察项）",
        "with at most 3 alive no exile can pass; a 3-player endgame moves only by night settlement (watch item)",
    )
    metrics = (
        *COMMON,
        Metric("reaches_three", "对局进入 ≤3 人残局之占比", "games reaching at most 3 alive"),
        Metric("nights_at_three", "≤3 人残局持续夜数", "nights spent with at most 3 alive", "nights", False),
        Metric("exile_at_three", "≤3 人时发生驱逐（应为 0）", "exiles with at most 3 alive (should be 0)"),
    )
    histograms = ("nights_at_three", "nights")
    track = True
    answers = ("reaches_three", "nights_at_three", "exile_at_three", "win.draw")

    def observe(self, g: Game, rec: Record, agg: Aggregate) -> None:
        reached = rec.first_three_night > 0
        agg.rate("reaches_three").add(reached)
        if not reached:
            return
        agg.hist("nights_at_three").add(g.night - rec.first_three_night)
        exiled = any(
            e.kind == "vote_result"
            and e.data.get("exiled") is not None
            and (e.night > rec.first_three_night or (e.night == rec.first_three_night and e.step == "day"))
            for e in g.events
        )
        agg.rate("exile_at_three").add(exiled)


STUDY_LIST: Sequence[FanhangluStudy] = (
    FanhangluStudy(),
    Threshold(),
    Secondary(),
    DeathRow(),
    Poisoner(),
    Craftsman(),
    Defender(),
    Fizzle(),
    Endgame(),
)

__all__ = ["COMMON", "STUDY_LIST", "FanhangluStudy"]
