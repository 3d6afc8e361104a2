"""What a user asked for, as one typed object: a run request.

A front end (the command line, `serve`) reads its own words into a `Request`
once (`app.options.make_request`); from there down to the writer every layer
reads the field it needs and nobody takes pieces out of a dictionary. The
fields are apart by what they are for:

- `print`: how any component goes on paper (`engine.units.PrintOptions`);
- `target`: where the result goes and in what form (`Target`);
- `lang`: the language of the words, cards and rules (a code of `lang.py`;
  English is one of them, "en");
- `params`: the game's own parameters (its `Param`s, `seed`, `count`), exactly
  as the component's `build` receives them;
- what the run may use: `words` (a user's word list), `jobs` (processes),
  `progress` (how the front end shows a long run, base/progress.py);
- what picks among the built parts: `cards` ('3,7-9' of a deck).
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

# NamedTuples, not frozen dataclasses: as unchangeable and as typed, and about a
# tenth of the cost to define (a dataclass writes and compiles its methods when
# its module is imported: ~1 ms each here, plus the dataclasses module).


class Target(NamedTuple):
    """Where a run's result goes: `path` a file or folder (None: the default
    name in printkit.toml's output folder, "-": standard output); `format`
    pdf, png (a folder of PNGs) or tabletop; `json`: the model as JSON instead
    of a drawing; `dpi`: the resolution of the PNG formats."""

    path: str | None = None
    format: str = "pdf"
    dpi: int = 150
    json: bool = False

    @property
    def stdout(self) -> bool:
        return self.path == "-"

    @property
    def images(self) -> bool:
        """A folder of pictures (png, tabletop), not one PDF."""
        return self.format in ("png", "tabletop")


class Request(NamedTuple):
    print: Any  # engine.units.PrintOptions
    target: Target = Target()
    lang: str = "en"
    params: Mapping[str, Any] = MappingProxyType({})
    words: str | None = None
    jobs: int | str | None = None
    cards: str | None = None
    #: your own games: the resolution of SVG templates sized in unit-less pixels
    svg_dpi: float | None = None
    #: the card size was chosen (typed, or by a --shop preset), not a default:
    #: your own templates drawn for another size are then refused
    size_given: bool = False
    #: options the user typed (for the messages that name them)
    typed: frozenset = frozenset()
    progress: Callable | None = None

    @property
    def shop(self):
        """The print-shop preset the print options came from, or None."""
        if not self.print.shop:
            return None
        from printkit.engine.shops import SHOPS

        return SHOPS[self.print.shop]

    def with_print(self, **changes) -> "Request":
        """The same request with some print options changed."""
        return self._replace(print=self.print._replace(**changes))
