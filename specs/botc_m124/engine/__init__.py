"""The [M124] 血染钟楼 reference engine on the generic runtime (:mod:`ruleproof.runtime`): the round as
data (an opening night with its own slot order, later nights of five phases, the day as a real-time
stream), seats with role, alignment and held skills kept apart, statuses and marks with durations
anchored to 拂晓 / 黄昏 and the suspension rule, death judgments, nominations, votes, the execution rule,
the win rules and their overrides, and every storyteller choice as an explicit input."""
