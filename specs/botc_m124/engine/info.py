"""Information skills (获得信息): the true answers, every answer, and the storyteller's pick.

「[醉酒]/[中毒]：在该状态下，角色的技能如果是获得信息的技能，则可能获得错误的信息，也可能获得正确的」;
「[迷乱]：……则一定获得错误的信息，该状态的效果优先于其他状态」.  So a sober seat's answer is one of the true
ones, an impaired seat's any, a confused seat's a false one — each picked by the storyteller
(``g.choose(skill, options)``, the vector's choice stream).  Answers are strings: ``"3"``, ``"是"``,
``"2,7:washerwoman"`` (two seats and a role), ``"1,4,9"`` (seats).  获知 effects are always true.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from ruleproof.specs.botc_m124.engine import interference
from ruleproof.specs.botc_m124.engine.model import EVIL, GOOD, Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, ROLES, Kind

YES, NO = "是", "否"


def registered_role(g: Any, q: Player, viewer: Player) -> str:
    """提线木偶 「被善良角色视为村民x，即使提线木偶已经死亡」."""
    if q.role == "marionette" and viewer.faction == GOOD and q.believed:
        return str(q.believed)
    return str(q.role)


def evil_views(g: Any, q: Player) -> list[bool]:
    """How ``q`` may register for alignment: 隐士 「可能被视为一个邪恶角色」 either way."""
    if q.role == "recluse" and g.holds(q, "recluse.hermit"):
        return [q.faction == EVIL, True]
    return [q.faction == EVIL]


def give(
    g: Any,
    p: Player,
    key: str,
    truth: list[str],
    every: Callable[[], list[str]],
    *,
    payload: dict[str, Any] | None = None,
    label: str | None = None,
    accept: Callable[[str, str], str | None] | None = None,
    is_true: Callable[[str], bool | None] | None = None,
) -> str:
    """The storyteller answers: sober → a true answer; 醉酒/中毒 → any; 迷乱 → a false one.

    ``label``: the skill the seat is told it used (追忆者's ??? answers under its own name).  ``accept``
    opens the answer beyond the listed ones (a proposition, a word): ``accept(state, pick)`` returns why a
    pick is refused in ``state`` (``sober`` / ``impaired`` / ``confused``), None when it may be given;
    ``is_true`` judges such a pick (None: the engine cannot tell)."""
    name = label or g.answer_as or key
    confused = g.has(p.n, "迷乱")
    state = "confused" if confused else ("impaired" if g.impaired(p.n) else "sober")
    if confused:
        options = [x for x in every() if x not in set(truth)] or truth
    elif state == "impaired":
        options = every()
    else:
        options = truth
    if not options:
        options = ["-"]
    role = name.split(".")[0]
    pick = str(
        g.choose(
            name,
            sorted(dict.fromkeys(options)),
            clause=ROLE_BY_KEY[role].clause if role in ROLE_BY_KEY else "技能",
            accept=(lambda x: accept(state, str(x))) if accept is not None else None,
        )
    )
    data = {"skill": name, "value": pick, **(payload or {})}
    g.private(p.n, "info", data)
    true = is_true(pick) if is_true is not None else pick in truth
    g.log(
        "info_truth",
        {"seat": p.n, "skill": name, "true": true, "confused": confused, "impaired": state != "sober"},
    )
    if true is False and (confused or interference.by_other(g, p.n, None)):
        interference.thwarted(g, p.n, name, "false_info")
    return pick


def pair(a: int, b: int, role: str | None = None) -> str:
    x, y = sorted((a, b))
    return f"{x},{y}" + (f":{role}" if role else "")


def _kind_pairs(g: Any, p: Player, kind: Kind) -> tuple[list[str], Callable[[], list[str]]]:
    seats = [q for q in g.players if q.n != p.n]
    truth = [
        pair(q.n, o.n, registered_role(g, q, p))
        for q in seats
        for o in seats
        if o.n != q.n and ROLE_BY_KEY[registered_role(g, q, p)].kind is kind
    ]
    roles = [r.key for r in ROLES if r.kind is kind]

    def every() -> list[str]:
        return [pair(a.n, b.n, r) for a, b in itertools.combinations(seats, 2) for r in roles]

    return truth, every


def first_night_pair(g: Any, p: Player, key: str, kind: Kind) -> None:
    truth, every = _kind_pairs(g, p, kind)
    if kind is Kind.OUTSIDER and not any(ROLE_BY_KEY[q.role].kind is Kind.OUTSIDER for q in g.players):
        truth = ["none"]  # 「或本局没有外来者」
    give(g, p, key, truth, lambda: [*every(), "none"] if kind is Kind.OUTSIDER else every())


def counts(n: int) -> Callable[[], list[str]]:
    return lambda: [str(i) for i in range(n + 1)]


def chef(g: Any, p: Player, key: str) -> None:
    size = len(g.players)
    options: set[str] = set()
    views = [evil_views(g, q) for q in g.players]
    for combo in itertools.product(*views):
        options.add(str(sum(combo[i] and combo[(i + 1) % size] for i in range(size))))
    give(g, p, key, sorted(options), counts(size))


def clockmaker(g: Any, p: Player, key: str) -> None:
    size = len(g.players)
    demons = [q.n for q in g.players if g.is_demon(q)]
    minions = [q.n for q in g.players if ROLE_BY_KEY[q.role].kind is Kind.MINION]
    d = min(min((a - b) % size, (b - a) % size) for a in demons for b in minions) if demons and minions else 0
    give(g, p, key, [str(d)], counts(size // 2))


def noble(g: Any, p: Player, key: str) -> None:
    seats = [q for q in g.players if q.n != p.n]
    triples = list(itertools.combinations(seats, 3))
    truth = [
        ",".join(str(q.n) for q in t)
        for t in triples
        if any(sum(v) == 1 for v in itertools.product(*(evil_views(g, q) for q in t)))
    ]
    give(g, p, key, truth, lambda: [",".join(str(q.n) for q in t) for t in triples])


def empath(g: Any, p: Player, key: str) -> None:
    near = g.neighbours(p.n, g.alive_pred)
    views = [evil_views(g, g.players[x - 1]) for x in near]
    truth = sorted({str(sum(c)) for c in itertools.product(*views)})
    give(g, p, key, truth, counts(2))


def yes_no(g: Any, p: Player, key: str, truth: bool, payload: dict[str, Any] | None = None) -> str:
    return give(g, p, key, [YES if truth else NO], lambda: [YES, NO], payload=payload)


def fortuneteller(g: Any, p: Player, key: str, targets: tuple[int, ...]) -> None:
    hit = any(g.is_demon(g.players[t - 1]) or t in g.marks("宿敌") for t in targets)
    yes_no(g, p, key, hit, {"targets": list(targets)})


def seats_answer(g: Any, p: Player, key: str, truth: list[int], exclude: int | None = None) -> str:
    every = [q.n for q in g.players if q.n != exclude]
    return give(g, p, key, [str(x) for x in truth], lambda: [str(x) for x in every])


def role_answer(g: Any, p: Player, key: str, role: str, payload: dict[str, Any]) -> str:
    return give(g, p, key, [role], lambda: [r.key for r in ROLES], payload=payload)


def sage(g: Any, t: Player, source: Player) -> None:
    others = [q.n for q in g.players if q.n != source.n]
    truth = [pair(source.n, o) for o in others]
    every = [pair(a, b) for a, b in itertools.combinations([q.n for q in g.players], 2)]
    give(g, t, "sage.info", truth, lambda: every)


def ravenkeeper(g: Any, t: Player) -> None:
    target = int(g.choose("ravenkeeper.target", [q.n for q in g.players], clause="守鸦人"))
    q = g.players[target - 1]
    role_answer(g, t, "ravenkeeper.info", registered_role(g, q, t), {"target": target})


def dreamer(g: Any, p: Player, key: str, target: int) -> None:
    q = g.players[target - 1]
    role = registered_role(g, q, p)
    good = [r.key for r in ROLES if r.good]
    evil = [r.key for r in ROLES if not r.good]
    truth = [f"{role}/{e}" for e in evil] if ROLE_BY_KEY[role].good else [f"{gd}/{role}" for gd in good]
    give(g, p, key, truth, lambda: [f"{a}/{b}" for a in good for b in evil], payload={"target": target})


__all__ = [
    "NO",
    "YES",
    "chef",
    "clockmaker",
    "dreamer",
    "empath",
    "evil_views",
    "first_night_pair",
    "fortuneteller",
    "give",
    "noble",
    "pair",
    "ravenkeeper",
    "registered_role",
    "role_answer",
    "sage",
    "seats_answer",
    "yes_no",
]
