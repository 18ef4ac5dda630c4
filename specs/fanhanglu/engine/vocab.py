"""The vocabulary vectors may use, generated from the spec: roles, seats, skills, night steps, batches,
state fields, feedback kinds, death sources, interpretation switches, tunable parameters.

``ruleproof vocab --json`` prints :func:`vocabulary`; docs/vectors.md embeds :func:`markdown` between
markers (a test keeps it current).
"""

from __future__ import annotations

from typing import Any

from ruleproof.specs.fanhanglu import BATCHES, BOOK_ID, NIGHT_STEPS, PARAMS, ROLES, SEATS, SKILLS, SWITCHES
from ruleproof.specs.fanhanglu.vocab import DEATH_SOURCES, FEEDBACK_KINDS, STATE_FIELDS, VIEW_FIELDS
from ruleproof.vectors.format import FORMAT, FORMATS, RUN_MODES


def vocabulary() -> dict[str, Any]:
    from ruleproof.specs.fanhanglu.engine.runner import VOCABULARY

    return {
        "format": FORMAT,
        "formats": list(FORMATS),
        "book": BOOK_ID,
        "roles": [
            {
                "key": r.key,
                "zh": r.zh,
                "faction": r.faction,
                "seat": r.seat,
                "count": r.count,
                "clause": r.clause,
                "implemented": r.implemented,
                **({"derived_from": r.derived_from} if r.derived_from else {}),
                **({"planned": r.issue} if r.issue else {}),
            }
            for r in ROLES
        ],
        "seats": [
            {"key": s.key, "zh": s.zh, "variants": list(s.variants), "clause": s.clause} for s in SEATS
        ],
        "skills": [
            {
                "key": s.key,
                "zh": s.zh,
                "roles": list(s.roles),
                "step": s.step,
                **({"windows": list(s.windows)} if s.windows else {}),
                "slot": s.slot.value,
                "targets": s.targets,
                "fields": list(s.params),
                "blocked_by": list(s.blocked),
                "clause": s.clause,
                "implemented": s.implemented,
                **({"planned": s.issue} if s.issue else {}),
            }
            for s in SKILLS
        ],
        "night_steps": [
            {"key": s.key, "zh": s.zh, "clause": s.clause, "kind": s.kind.value} for s in NIGHT_STEPS
        ],
        "batches": [
            {
                "key": b.key,
                "symbol": b.symbol,
                "zh": b.zh,
                "when": b.when,
                "rule": b.rule.value,
                "clause": b.clause,
            }
            for b in BATCHES
        ],
        "state_fields": [
            {"key": f.key, "scope": f.scope, "type": f.type, "zh": f.zh, "clause": f.clause}
            for f in STATE_FIELDS
        ],
        "feedback_kinds": [
            {"key": f.key, "zh": f.zh, "clause": f.clause, "fields": list(f.fields)} for f in FEEDBACK_KINDS
        ],
        "view_fields": [{"key": f.key, "zh": f.zh, "clause": f.clause, "who": f.who} for f in VIEW_FIELDS],
        "death_sources": [{"key": k, "zh": zh} for k, zh in DEATH_SOURCES],
        "interpretation_switches": [
            {
                "key": s.key,
                "zh": s.title,
                "readings": list(s.choices),
                "default": s.default,
                "clauses": list(s.clauses),
            }
            for s in SWITCHES
        ],
        "params": [
            {"key": p.key, "default": p.display(), "unit": p.unit.value, "clause": p.clause}
            for p in PARAMS
            if p.tunable
        ],
        "expectation_keys": VOCABULARY.expectation_keys(),
        "checkpoints": ["night N start", "night N step S", "night N", "day N"],
        "run_modes": list(RUN_MODES),
    }


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return out


def markdown() -> str:
    """The vocabulary as markdown tables (embedded in docs/vectors.md)."""
    v = vocabulary()
    lines: list[str] = []
    lines += ["### Roles", ""]
    lines += _table(
        ["key", "中文", "faction", "seat", "count", "clause", "status"],
        [
            [
                r["key"],
                r["zh"],
                r["faction"],
                r["seat"] or "",
                str(r["count"]),
                r["clause"],
                "implemented" if r["implemented"] else f"not yet ({r['planned']})",
            ]
            for r in v["roles"]
        ],
    )
    lines += ["", "### Seats (1.1.1)", ""]
    lines += _table(
        ["key", "中文", "variants (first = default)"],
        [[s["key"], s["zh"], ", ".join(s["variants"])] for s in v["seats"]],
    )
    lines += ["", "### Skills", ""]
    lines += _table(
        ["key", "中文", "roles", "step", "slot", "targets", "fields", "clause", "status"],
        [
            [
                s["key"],
                s["zh"],
                ", ".join(s["roles"]) if len(s["roles"]) < 6 else "(many)",
                s["step"] + (f" (or {'∕'.join(s['windows'])}: `step`)" if "windows" in s else ""),
                s["slot"],
                s["targets"],
                ", ".join(s["fields"]),
                s["clause"],
                "implemented" if s["implemented"] else f"not yet ({s['planned']})",
            ]
            for s in v["skills"]
        ],
    )
    lines += ["", "### Night steps (2.1.1)", ""]
    lines += _table(["key", "中文", "clause"], [[s["key"], s["zh"], s["clause"]] for s in v["night_steps"]])
    lines += ["", "### Batches (2.1.6, 2.1.7)", ""]
    lines += _table(
        ["key", "symbol", "content", "when", "publication rule"],
        [[b["key"], b["symbol"], b["zh"], b["when"], b["rule"]] for b in v["batches"]],
    )
    lines += ["", "### State fields", ""]
    lines += _table(
        ["key", "scope", "type", "中文", "clause"],
        [[f["key"], f["scope"], f["type"], f["zh"], f["clause"]] for f in v["state_fields"]],
    )
    lines += ["", "### Private feedback kinds", ""]
    lines += _table(
        ["kind", "中文", "fields", "clause"],
        [[f["key"], f["zh"], ", ".join(f["fields"]), f["clause"]] for f in v["feedback_kinds"]],
    )
    lines += ["", "### Private views (`views`, ruleproof-vector/2)", ""]
    lines += _table(
        ["key", "中文", "who", "clause"],
        [[f["key"], f["zh"], f["who"], f["clause"]] for f in v["view_fields"]],
    )
    lines += ["", "### Death sources (2.8.4, 4.10.6)", ""]
    lines += _table(["key", "中文"], [[d["key"], d["zh"]] for d in v["death_sources"]])
    lines += ["", "### Interpretation switches", ""]
    lines += _table(
        ["key", "中文", "readings", "default", "clauses"],
        [
            [s["key"], s["zh"], ", ".join(s["readings"]), s["default"], ", ".join(s["clauses"])]
            for s in v["interpretation_switches"]
        ],
    )
    lines += ["", "### Tunable parameters", ""]
    lines += _table(
        ["key", "default", "unit", "clause"],
        [[p["key"], p["default"], p["unit"], p["clause"]] for p in v["params"]],
    )
    return "\n".join(lines) + "\n"


def interpretations_markdown() -> str:
    """The interpretation switches as prose (embedded in docs/interpretations.md)."""
    from ruleproof.specs.fanhanglu.interpretations import SWITCHES as ALL_SWITCHES
    from ruleproof.specs.model import switches_markdown

    return switches_markdown(ALL_SWITCHES)
