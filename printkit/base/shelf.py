"""A read-only list kept on disk: the puzzles of a large --count run.

`printkit puzzle GAME --count 10000` makes every puzzle, checks every one, then
draws them (sheets first, answer keys after): each puzzle is read three times,
far apart. Held in memory, 10,000 puzzle models cost hundreds of megabytes. A
Shelf writes each item as it is added (pickled, so it comes back exactly as it
went in: tuples stay tuples, number keys stay numbers) to an unnamed temporary
file, which is gone when the Shelf is, or when the process dies, and keeps only
where each one starts. Reading gives a fresh copy, one item at a time.

Where no temporary file can be made, the pickled items are kept in memory.

Rules see a Shelf as a list (printkit.rules.is_list); `--json` writes it as
one, an item at a time (json_pieces).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Iterable, Iterator
import os

_PROTOCOL = 5  # pickle, array and tempfile are imported on first use (a Shelf is made only by large runs)


class ReadOnlyList:
    """A base for sequences read where the JSON form has a list (a Shelf):
    printkit.rules.is_list takes them for lists."""

    __slots__ = ()


class Shelf(ReadOnlyList, Sequence):
    def __init__(self, items: Iterable[Any] = ()) -> None:
        from array import array

        self._file = None
        self._memory: list[bytes] | None = None
        self._starts = array("q", [0])  # item k is bytes starts[k]:starts[k + 1] of the file
        for item in items:
            self.append(item)
        if self._file is not None:
            # written through now: a worker process forked from here reads the
            # file itself, and must find nothing of it left in this buffer
            self._file.flush()

    def append(self, item: Any) -> None:
        import pickle

        data = pickle.dumps(item, protocol=_PROTOCOL)
        if self._file is None and self._memory is None:
            import tempfile

            try:
                self._file = tempfile.TemporaryFile(prefix="printkit-shelf-")
            except OSError:
                self._memory = []
        if self._memory is not None:
            self._memory.append(data)
        else:
            end = self._starts[-1]
            self._file.seek(end)
            self._file.write(data)
        self._starts.append(self._starts[-1] + len(data))

    def __len__(self) -> int:
        return len(self._starts) - 1

    def _load(self, k: int) -> Any:
        import pickle

        if self._memory is not None:
            return pickle.loads(self._memory[k])

        at, size = self._starts[k], self._starts[k + 1] - self._starts[k]
        self._file.flush()
        # a positional read: worker processes forked from this one share the
        # file's position, so nothing here moves it
        if hasattr(os, "pread"):
            data = os.pread(self._file.fileno(), size, at)
        else:
            self._file.seek(at)
            data = self._file.read(size)
        if len(data) != size:
            raise OSError(f"puzzle shelf: read {len(data)} of {size} bytes")
        return pickle.loads(data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._load(k) for k in range(*index.indices(len(self)))]
        n = len(self)
        k = index.__index__()
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("Shelf index out of range")
        return self._load(k)

    def __iter__(self) -> Iterator[Any]:
        for k in range(len(self)):
            yield self._load(k)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (Shelf, list)) or len(other) != len(self):
            return False
        return all(a == b for a, b in zip(self, other))

    __hash__ = None  # like a list

    def __repr__(self) -> str:
        return f"<Shelf of {len(self)} item{'s' if len(self) != 1 else ''}{' in memory' if self._memory is not None else ''}>"

    def close(self) -> None:
        """Drop the file now (it goes anyway when the Shelf is collected)."""
        if self._file is not None:
            self._file.close()


def json_pieces(value: Any, size: int = 1 << 16) -> Iterator[str]:
    """The text of json.dumps(value, indent=2, ensure_ascii=False), in pieces of
    about `size` characters: a Shelf in it is written as the list it holds, one
    item at a time, so neither the items nor the text sit whole in memory."""
    import json

    def default(o):
        if isinstance(o, Shelf):
            return _Walked(o)
        raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")

    # indent is set, so this is json's pure-Python encoder, which walks a list
    # with len() and iteration only (the C encoder, used without indent, would read
    # the empty list underneath _Walked instead)
    encoder = json.JSONEncoder(indent=2, ensure_ascii=False, default=default)
    held: list[str] = []
    n = 0
    for chunk in encoder.iterencode(value):
        held.append(chunk)
        n += len(chunk)
        if n >= size:
            yield "".join(held)
            held, n = [], 0
    if held:
        yield "".join(held)


class _Walked(list):
    """A Shelf as json_pieces' encoder sees it: a list whose length and items
    are the Shelf's, read as they are written (nothing is stored in the list)."""

    def __init__(self, shelf: Shelf) -> None:
        super().__init__()
        self._shelf = shelf

    def __len__(self) -> int:
        return len(self._shelf)

    def __bool__(self) -> bool:
        return len(self._shelf) > 0

    def __iter__(self) -> Iterator[Any]:
        return iter(self._shelf)
