"""The forum-werewolf rules family shared by [165]原神 (``genshin165``) and 随机配置法 4.1 (``random41``).

Not a book: no text, no registry entry.  Both books' rooms import it for the parts their texts agree on,
and hand it their own tables where they differ:

* :mod:`.model` — the words of the family as typed data citing clauses: skill tags ([强制] [限定] [指定]
  [翻牌], count skills [X]), timing tags, damage kinds, statuses (negative / non-negative, what each one
  blocks or cancels), ordered tables (a phase's sub-steps, an exit list, a win priority), and
  ``Cited`` — anything quoting the clause it comes from;
* :mod:`.kernels` — the resolution kernels written once over :mod:`ruleproof.kernel.algebra`, so the
  engine (Python ints) and the verifier (Z3 terms) run the same function: a hit against the defences
  held, the 「踢球」 redirection chain, the vote tally, win determination, 漏洞 vs 秩序;
* :mod:`.engine` — the game machinery on :mod:`ruleproof.runtime` both books share: seats with real and
  surface identity, statuses with durations, the exit queue with chains, votes and the sheriff, kill
  inheritance, win determination.

Where one book's rule differs (沉默 blocks [杀人] in 原神, not in 随机配置法; 漏洞/秩序 exist only in
随机配置法; the win priorities), the difference is a field of the book's table, never an ``if book``.
"""
