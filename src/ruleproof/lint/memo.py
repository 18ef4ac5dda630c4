"""Per-lint memos: what a rule reads once from the whole text and asks again for every citation.

One facility for every such memo of the lint: :func:`per_lint` turns a function of one lint's object — the
:class:`~ruleproof.lint.context.LintContext`, or family q's reader of it
(:class:`~ruleproof.lint.topics.Topics`) — into one that builds its value once per object and keeps it in
the object's ``memos`` table.  The memo lives and dies with the lint: no process-wide table keyed by
the lint's objects, nothing for :func:`ruleproof.lint.forget_memos` to empty, and a second lint of an edited
text (``mutate``) never answers from the first one's memo.

A memo of many answers (one per clause, per phrase …) is a :class:`PerLintTable`: its
:meth:`~PerLintTable.get_or_build` answers the value kept for a key in the lint's object, built on the first
question::

    _HEADS: PerLintTable[Topics, str, frozenset[str]] = PerLintTable()
    ...
    return _HEADS.get_or_build(topics, cid, lambda: _read_heads(topics, cid))

(called with the lint's object, the table answers that object's ``dict`` itself, for a caller that fills it
otherwise).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import Generic, Protocol, TypeVar

# a per-lint object's table of memos: the builder function → what it built for that object
Memos = dict[Callable[..., object], object]


class Memoising(Protocol):
    """An object of one lint that keeps that lint's memos (:func:`per_lint`)."""

    memos: Memos


_Owner = TypeVar("_Owner", bound=Memoising)
_Value = TypeVar("_Value")
_Key = TypeVar("_Key")


def per_lint(build: Callable[[_Owner], _Value]) -> Callable[[_Owner], _Value]:
    """``build(owner)`` computed on the first call for ``owner`` and answered from ``owner.memos`` after."""

    def memoised(owner: _Owner) -> _Value:
        memos = owner.memos
        try:
            return memos[build]  # type: ignore[return-value]  # (what ``build`` built; no cast: this is hot)
        except KeyError:
            value = memos[build] = build(owner)
            return value

    update_wrapper(memoised, build)
    return memoised


class PerLintTable(Generic[_Owner, _Key, _Value]):
    """A memo of many answers kept per lint object: ``table(owner)`` is the ``dict`` this table keeps for
    ``owner`` (empty at first; the caller fills it), in ``owner.memos`` under the table itself."""

    __slots__ = ()

    def __call__(self, owner: _Owner) -> dict[_Key, _Value]:
        memos = owner.memos
        try:
            return memos[self]  # type: ignore[return-value]  # (the dict kept under this table; no cast: hot)
        except KeyError:
            table: dict[_Key, _Value] = {}
            memos[self] = table
            return table

    def get_or_build(self, owner: _Owner, key: _Key, build: Callable[[], _Value]) -> _Value:
        """The value this table keeps for ``key`` in ``owner``: ``build()`` on the first question (a value
        of None is kept too), the same object after."""
        try:
            return owner.memos[self][key]  # type: ignore[index,no-any-return]  # (this table's dict; hot)
        except KeyError:
            value = self(owner)[key] = build()
            return value
