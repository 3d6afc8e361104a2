"""Progress of a long run, told to whoever asked for it.

Code deep in a run (a puzzle generator making 10,000 puzzles) wraps what it
walks through in `each(items, label)`; it does not know who is watching. The
front end that started the run says how to show it with `reporting(bar)`: the
command line hands in a bar on stderr, `serve` and library callers hand in
nothing and nothing is shown. A reporter is `bar(items, label)`, an iterable
giving the same items in the same order; it is only asked for runs of at least
`threshold` items.
"""

from __future__ import annotations

import contextlib
from typing import Callable, Iterable, Iterator

Reporter = Callable[[Iterable, str], Iterable]

_REPORTER: Reporter | None = None


@contextlib.contextmanager
def reporting(bar: Reporter | None) -> Iterator[None]:
    """`with reporting(bar):` the run inside reports its progress to `bar`
    (None: to nobody)."""
    global _REPORTER
    before, _REPORTER = _REPORTER, bar
    try:
        yield
    finally:
        _REPORTER = before


def each(items, label: str, threshold: int = 20):
    """The items, in order, reported to the run's reporter when there are at
    least `threshold` of them. A sized sequence (a Shelf of puzzles) is read as
    it goes, not copied."""
    if _REPORTER is None:
        yield from items
        return
    if not hasattr(items, "__len__"):
        items = list(items)
    if len(items) < threshold:
        yield from items
        return
    yield from _REPORTER(items, label)
