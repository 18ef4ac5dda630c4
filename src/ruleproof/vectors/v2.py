"""What ``ruleproof-vector/2`` adds to /1, and the checks of its shape.

/2 is a superset of /1: the same shape and the same meaning, plus words for what an engine author could not
state before (docs/vectors.md, "Version 2"):

* ``feedback_count`` / ``events_count`` — how many messages (events) match a pattern: exactly N;
* ``feedback_exact`` — a seat's private messages in the window, exactly these and in this order;
* ``events_ordered`` — events that happen in this order (a subsequence of the window);
* ``views`` — what a seat sees of the state at a checkpoint (its private view: the infection-mark lists,
  the team channel…), each key the book's (``Vocabulary.view_fields``); ``null`` = not visible to it;
* ``ledger`` — entries of the initiator ledger (the system's record of every executed action by its
  initiator's true identity) in the window;
* ``menus`` — with ``"at": "night N step S"`` instead of ``after``: the options each seat is offered at the
  decision of that step (skills, selectable and greyed targets, the values of enumerated fields);
* ``readings`` (top level) and ``under`` (an expectation) — one vector, several readings of the book's
  interpretation switches: the vector is replayed once per entry of ``readings`` and an expectation with
  ``under`` holds only in the runs whose readings include it.

A vector declares the lowest version whose words it uses (:func:`needed_format`); a /1 vector using a /2
word is malformed, so a runner written for /1 refuses what it could not check.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from ruleproof.errors import BadInput

FORMAT_1 = "ruleproof-vector/1"
FORMAT_2 = "ruleproof-vector/2"
AT_RE = re.compile(r"^(night|day) (\d+) step (\S+)$")
MENU_KEYS = frozenset({"at", "menus", "under", "note"})
MENU_ENTRY_KEYS = frozenset({"targets", "greyed", "options"})
LEDGER_KEYS = frozenset({"night", "step", "initiator", "role", "skill", "targets"})


def _bad(where: str, zh: str, en: str) -> BadInput:
    from ruleproof.vectors.format import bad_at as bad

    return bad(where, zh, en)


def v2_words(raw: Mapping[str, Any]) -> list[str]:
    """The /2 words a vector uses (top-level and expectation keys), sorted."""
    from ruleproof.vectors.format import V2_EXPECT_KEYS, V2_TOP_KEYS

    used = {k for k in raw if k in V2_TOP_KEYS}
    for e in raw.get("expect", ()) if isinstance(raw.get("expect"), list) else ():
        if isinstance(e, dict):
            used |= {k for k in e if k in V2_EXPECT_KEYS}
            if "at" in e:
                used.add("at")
    return sorted(used)


def needed_format(raw: Mapping[str, Any]) -> str:
    """The lowest version of the format whose words ``raw`` uses."""
    return FORMAT_2 if v2_words(raw) else FORMAT_1


def check_format(raw: Mapping[str, Any], where: str) -> None:
    """``format`` is a known version, and a /1 vector uses no /2 word."""
    from ruleproof.vectors.format import FORMATS

    fmt = raw.get("format")
    if fmt not in FORMATS:
        raise _bad(
            where, f"format 须为 {' 或 '.join(FORMATS)}", f"format must be one of {', '.join(FORMATS)}"
        )
    used = v2_words(raw)
    if fmt == FORMAT_1 and used:
        raise _bad(
            where,
            f"用到 {FORMAT_2} 的字段 {used}：format 须声明为 {FORMAT_2}",
            f"uses {FORMAT_2} keys {used}: declare format {FORMAT_2}",
        )


def _seat_key(where: str, key: Any) -> None:
    if not isinstance(key, str) or not key.isdigit():
        raise _bad(where, f"键须为座位编号：{key}", f"keys are seat numbers: {key}")


def _pattern(where: str, item: Any) -> None:
    if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
        raise _bad(where, "须为含 kind 的对象", "must be an object with a kind")


def _count(where: str, item: Any) -> None:
    if not isinstance(item, dict) or set(item) != {"match", "count"}:
        raise _bad(where, '须为 {"match": {...}, "count": N}', 'must be {"match": {...}, "count": N}')
    _pattern(f"{where}.match", item["match"])
    n = item["count"]
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise _bad(f"{where}.count", "count 须为非负整数", "count must be a non-negative integer")


def _per_seat_list(where: str, value: Any, check: Any) -> None:
    if not isinstance(value, dict):
        raise _bad(where, "须为 座位→列表 的对象", "must map seats to lists")
    for seat, items in value.items():
        _seat_key(f"{where}.{seat}", seat)
        if not isinstance(items, list):
            raise _bad(f"{where}.{seat}", "须为列表", "must be a list")
        for j, item in enumerate(items):
            check(f"{where}.{seat}[{j}]", item)


def check_expectation(where: str, e: Mapping[str, Any], view_fields: frozenset[str] | None) -> None:
    """The shape of the /2 keys of one expectation (``view_fields``: the book's view keys, None: any)."""
    if "under" in e:
        under = e["under"]
        if not isinstance(under, dict) or not under or not all(isinstance(v, str) for v in under.values()):
            raise _bad(f"{where}.under", "under 须为 开关→解读 的非空对象", "under maps switches to readings")
    if "feedback_count" in e:
        _per_seat_list(f"{where}.feedback_count", e["feedback_count"], _count)
    if "feedback_exact" in e:
        _per_seat_list(f"{where}.feedback_exact", e["feedback_exact"], _pattern)
    for key, check in (("events_count", _count), ("events_ordered", _pattern)):
        if key in e:
            if not isinstance(e[key], list) or not e[key]:
                raise _bad(f"{where}.{key}", f"{key} 须为非空列表", f"{key} must be a non-empty list")
            for j, item in enumerate(e[key]):
                check(f"{where}.{key}[{j}]", item)
    if "views" in e:
        views = e["views"]
        if not isinstance(views, dict) or not views:
            raise _bad(f"{where}.views", "views 须为 座位→视图 的对象", "views maps seats to views")
        for seat, view in views.items():
            _seat_key(f"{where}.views.{seat}", seat)
            if not isinstance(view, dict):
                raise _bad(f"{where}.views.{seat}", "视图须为对象", "a view is an object")
            unknown = sorted(set(view) - view_fields) if view_fields is not None else []
            if unknown:
                raise _bad(
                    f"{where}.views.{seat}",
                    f"未知视图字段 {unknown}（见 ruleproof vocab）",
                    f"unknown view fields {unknown} (see ruleproof vocab)",
                )
    if "ledger" in e:
        ledger = e["ledger"]
        if not isinstance(ledger, list) or not ledger:
            raise _bad(f"{where}.ledger", "ledger 须为非空列表", "ledger must be a non-empty list")
        for j, item in enumerate(ledger):
            if not isinstance(item, dict) or not set(item) <= LEDGER_KEYS or not item:
                raise _bad(
                    f"{where}.ledger[{j}]",
                    f"账目须为含 {sorted(LEDGER_KEYS)} 中若干键的对象",
                    f"a ledger entry is an object with some of {sorted(LEDGER_KEYS)}",
                )


def check_menu_expectation(where: str, e: Mapping[str, Any], day_steps: bool) -> None:
    """``{"at": "night N step S", "menus": {seat: {skill: null | {targets, greyed, options}}}}``."""
    unknown = sorted(set(e) - MENU_KEYS)
    if unknown or "menus" not in e:
        raise _bad(
            where,
            f"菜单检查点仅含 at、menus（与 under、note）：{unknown}",
            f"a menu checkpoint holds at and menus (and under, note): {unknown}",
        )
    m = AT_RE.match(e["at"]) if isinstance(e["at"], str) else None
    if m is None or (m.group(1) == "day" and not day_steps):
        raise _bad(f"{where}.at", "at 须为 'night N step S'", "at must be 'night N step S'")
    menus = e["menus"]
    if not isinstance(menus, dict) or not menus:
        raise _bad(f"{where}.menus", "menus 须为 座位→菜单 的对象", "menus maps seats to menus")
    for seat, menu in menus.items():
        _seat_key(f"{where}.menus.{seat}", seat)
        if not isinstance(menu, dict) or not menu:
            raise _bad(f"{where}.menus.{seat}", "菜单须为 技能→选项 的对象", "a menu maps skills to options")
        for skill, entry in menu.items():
            w = f"{where}.menus.{seat}.{skill}"
            if entry is None:
                continue
            if not isinstance(entry, dict) or not set(entry) <= MENU_ENTRY_KEYS:
                raise _bad(
                    w,
                    "技能选项须为 null 或含 targets∕greyed∕options 的对象",
                    "a skill's options are null or an object of targets / greyed / options",
                )
            for key in ("targets", "greyed"):
                v = entry.get(key, [])
                if not isinstance(v, list) or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in v
                ):
                    raise _bad(f"{w}.{key}", f"{key} 须为编号列表", f"{key} must be a list of seats")
            options = entry.get("options", {})
            if not isinstance(options, dict) or not all(isinstance(v, list) for v in options.values()):
                raise _bad(
                    f"{w}.options", "options 须为 字段→取值列表", "options maps fields to lists of values"
                )


def check_readings(raw: Mapping[str, Any], where: str) -> None:
    """``readings``: a non-empty list of switch → reading objects; every switch an ``under`` names is read
    in every run (in its entry, or in ``interpretation``), so each run knows whether it applies."""
    base = raw.get("interpretation", {})
    if not isinstance(base, dict):
        base = {}
    if "readings" in raw:
        readings = raw["readings"]
        if (
            not isinstance(readings, list)
            or not readings
            or not all(
                isinstance(r, dict) and r and all(isinstance(v, str) for v in r.values()) for r in readings
            )
        ):
            raise _bad(
                f"{where}.readings",
                "readings 须为非空列表，每项为 开关→解读 的非空对象",
                "readings is a non-empty list of switch → reading objects",
            )
        merged = [{**base, **r} for r in readings]
    else:
        merged = [dict(base)] if isinstance(base, dict) else [{}]
    expect = raw.get("expect", ())
    for run in merged:
        if (
            isinstance(expect, list)
            and expect
            and not any(
                not isinstance(e, dict)
                or not isinstance(e.get("under"), dict)
                or all(run.get(k) == v for k, v in e["under"].items())
                for e in expect
            )
        ):
            raise _bad(
                f"{where}.readings",
                f"解读 {run_label(run)} 下无任何期望",
                f"no expectation applies under the readings {run_label(run)}",
            )
    for i, e in enumerate(expect if isinstance(expect, list) else ()):
        if not isinstance(e, dict) or not isinstance(e.get("under"), dict):
            continue
        for switch in e["under"]:
            if any(switch not in run for run in merged):
                raise _bad(
                    f"{where}.expect[{i}].under",
                    f"under 所用开关 {switch} 须于 readings 每项（或 interpretation）中指明",
                    f"the switch {switch} of under must be read in every entry of readings (or interpretation)",
                )


def runs(raw: Mapping[str, Any]) -> list[tuple[dict[str, str], dict[str, Any], list[int]]]:
    """The replays a vector asks for: per entry of ``readings`` (or once), the readings of the run, the
    vector as that run sees it — ``interpretation`` merged with the entry, ``readings`` dropped, and only
    the expectations whose ``under`` the run's readings satisfy (``under`` dropped) — and the index in the
    vector of each expectation kept."""
    base = dict(raw.get("interpretation", {}))
    entries = raw.get("readings") or [{}]
    out = []
    for entry in entries:
        reading = {**base, **entry}
        vec = copy.deepcopy(dict(raw))
        vec.pop("readings", None)
        if reading or "interpretation" in raw:
            vec["interpretation"] = reading
        kept, indices = [], []
        for i, e in enumerate(vec["expect"]):
            under = e.pop("under", None) if isinstance(e, dict) else None
            if under is None or all(reading.get(k) == v for k, v in under.items()):
                kept.append(e)
                indices.append(i)
        vec["expect"] = kept
        out.append(({k: v for k, v in entry.items()}, vec, indices))
    return out


def run_label(reading: Mapping[str, str]) -> str:
    """``switch=reading,…`` — how a report names one run of a vector with ``readings`` ("" for the only
    run of a vector without)."""
    return ",".join(f"{k}={v}" for k, v in sorted(reading.items()))


__all__ = [
    "AT_RE",
    "FORMAT_1",
    "FORMAT_2",
    "LEDGER_KEYS",
    "check_expectation",
    "check_format",
    "check_menu_expectation",
    "check_readings",
    "needed_format",
    "run_label",
    "runs",
    "v2_words",
]
