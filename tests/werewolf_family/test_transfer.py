"""The family's skill transfer (获取技能) and faction following, on [165]原神's roles: a copy takes the identity's
own skills only, [开局] skills only with 「刷新至初始」, a count skill held twice gains uses, a leased skill ends
at its step's edge, a follower changes with its leader until something else changes it."""

from __future__ import annotations

from ruleproof.runtime import PassPolicy, Until
from ruleproof.specs.genshin165.book import SPEC
from ruleproof.specs.genshin165.engine.game import Game

SEATS = ["预言家", "女巫", "丘比特", "猎人", "骑士", "黑狼王", "赤狼", "混血儿"]


def game() -> Game:
    return Game(SPEC.load(), SEATS, PassPolicy(), seed=1)


def test_acquire_takes_the_identity_and_not_second_hand_skills() -> None:
    g = game()
    witch, knight = g.seat(2), g.seat(5)
    g.grant(witch, "通灵", origin="黑商", role="通灵师", uses=1)  # a gift: second-hand
    names = g.acquire(knight, witch.role, origin="顺从", source=witch)
    assert set(names) == {"毒药", "救药", "灵通"}
    assert "通灵" not in knight.skills
    assert knight.skills["毒药"].origin == "顺从" and knight.skills["毒药"].uses == 1


def test_start_skills_only_with_refresh() -> None:
    g = game()
    hunter = g.seat(4)
    assert g.acquire(hunter, "丘比特", origin="x", refresh=False) == []
    assert g.acquire(hunter, "丘比特", origin="x") == ["丘比特之箭"]


def test_a_count_skill_held_twice_gains_uses() -> None:
    g = game()
    witch = g.seat(2)
    g.grant(witch, "毒药", origin="实验", role="女巫", uses=1)
    assert witch.skills["毒药"].uses == 2 and witch.skills["毒药"].origin == "own"


def test_a_lease_ends_at_its_edge() -> None:
    g = game()
    knight = g.seat(5)
    g.grant(knight, "预言", origin="变脸", role="预言家", until=Until(1, "dusk.4", "end"))
    g.night = 1
    g._end_leases("dusk.3", "end")
    assert knight.holds("预言")
    g._end_leases("dusk.4", "end")
    assert "预言" not in knight.skills
    assert any(e.kind == "skill_ended" for e in g.events)


def test_following_a_faction_until_changed_otherwise() -> None:
    g = game()
    mixed, wolf, seer = g.seat(8), g.seat(6), g.seat(1)
    g.set_faction(mixed, wolf.faction, why="认亲", follow=(wolf.n, "same"))
    g.set_faction(wolf, "黑情侣", why="情侣")
    assert mixed.faction == "黑情侣"
    g.set_faction(mixed, "村民", why="other")  # 在自己被其他手段改变阵营后，该效果失效
    g.set_faction(wolf, "狼人", why="情侣")
    assert mixed.faction == "村民" and mixed.follow is None
    g.set_faction(seer, "村民", why="noop")
    assert seer.faction == "村民"


def test_revival_returns_a_char() -> None:
    g = game()
    seer = g.seat(1)
    seer.alive = False
    seer.out = "killed"
    g.revive(seer, by=2, skill="复活")
    assert seer.alive and not seer.out
