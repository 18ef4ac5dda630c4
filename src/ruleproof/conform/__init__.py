"""The conformance kit: another engine replays the vectors over a line-oriented JSON protocol
(:mod:`~ruleproof.conform.protocol`), ``ruleproof conform`` checks its replies
(:mod:`~ruleproof.conform.runner`, :mod:`~ruleproof.conform.report`), and ruleproof's own engines answer
through the reference adapter (:mod:`~ruleproof.conform.reference`).  docs/conformance.md."""
