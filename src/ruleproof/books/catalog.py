"""The books ruleproof knows, each with what it has.  Adding a book = one entry here + one folder per
top-level folder (specs/, invariants/, counterexamples/, tests/): see docs/contributing.md."""

from __future__ import annotations

from ruleproof.books.profile import BookProfile, LintProfile

CATALOG: tuple[BookProfile, ...] = (
    BookProfile(
        "fanhanglu",
        "返航录三阵营对抗规则",
        "v1preview1.0",
        filename="fanhanglu-v1preview1.0.txt",
        recognise=("返航录",),
        reading="dotted",
        lint=LintProfile(book_families=frozenset({"exceptions", "gates"})),
        spec="ruleproof.specs.fanhanglu.book:SPEC",
        engine="ruleproof.specs.fanhanglu.engine.runner:ENGINE",
        invariants="ruleproof.invariants.fanhanglu:INVARIANTS",
        drift="ruleproof.specs.fanhanglu.drift:quotes",
        appendix="ruleproof.specs.fanhanglu.appendix:PROFILE",
        readings="ruleproof.invariants.fanhanglu.readings:all_readings",
        vectors="tests/fanhanglu/vectors",
        counterexamples="counterexamples/fanhanglu",
    ),
    BookProfile(
        "genshin165",
        "[165]原神——正式规则贴",
        "165",
        filename="genshin165.txt",
        recognise=("[165]原神",),
        reading="sectioned",
        config="ruleproof.specs.genshin165.cli:CONFIG",
    ),
    BookProfile(
        "jiejie140",
        "[140]乘风破浪的姐姐2",
        "140",
        filename="jiejie140.txt",
        recognise=("乘风破浪的姐姐",),
        reading="sectioned",
    ),
    BookProfile(
        "botc-m124",
        "[M124]巫师3（血染钟楼）",
        "M124",
        filename="botc-m124.txt",
        recognise=("[M124]巫师3", "血染钟楼"),
        reading="sectioned",
        spec="ruleproof.specs.botc_m124.book:SPEC",
        drift="ruleproof.specs.botc_m124.drift:quotes",
        config="ruleproof.specs.botc_m124.cli:CONFIG",
        engine="ruleproof.specs.botc_m124.engine.runner:ENGINE",
        invariants="ruleproof.invariants.botc_m124:INVARIANTS",
        vectors="tests/botc_m124/vectors",
        counterexamples="counterexamples/botc_m124",
    ),
    BookProfile(
        "random41",
        "狼人游戏随机配置法（细节规则）",
        "4.1",
        filename="random-config-4.1.txt",
        recognise=("随机配置法",),
        reading="sectioned",
        config="ruleproof.specs.random41.cli:CONFIG",
    ),
)
