"""The one small interface every game fills in.

A game is a name, a title and a table of components. A component is one printable
thing (a deck, a sheet, a board, a puzzle...). It declares its own parameters as
data, builds a plain-data model from them, checks that model with pure rule
functions, and draws it into a document the print engine gives it. The CLI and the
kit builder use this table alike; neither knows any game.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

from typing import Any, Callable, Iterable, NamedTuple

from printkit.rules import Violation


def lazy(module: str, function: str) -> Callable:
    """A function imported on first call: keeps drawing code (and ReportLab) out
    of a game's import, so `printkit --help` and the game table stay cheap."""

    def call(*args, **kwargs):
        import importlib

        return getattr(importlib.import_module(module), function)(*args, **kwargs)

    call.__name__ = function
    call.__qualname__ = f"lazy({module}.{function})"
    return call


class Param(NamedTuple):
    """A component's own option, declared as data (the CLI makes a flag of it)."""

    name: str  # python name, e.g. "variant"; the flag is --variant
    help: str
    default: Any = None
    type: type = str
    choices: tuple[str, ...] | None = None
    multiple: bool = False
    flag: bool = False  # a boolean switch (--stats)
    min: int | None = None
    max: int | None = None


class Component(NamedTuple):  # immutable; comp._replace(...) gives a changed copy
    game: str
    name: str  # "deck", "sheet", "puzzle"... also the CLI verb
    title: str
    help: str
    # params -> model (plain JSON-able data). `params` holds every declared Param by
    # name, plus "seed" (str) when "seed" is in `uses` and "count" (int) when
    # "count" is. The model should keep the parameters that reprint it under
    # "params" (they make the reprint command and the metadata). Semantic
    # problems are left to `checks` (exit 1); unreadable options raise UsageError.
    build: Callable[[dict], dict]
    checks: tuple[Callable[[dict], Iterable[Violation]], ...]
    render: Callable[[Any, dict], None]  # (document, model) -> pages
    params: tuple[Param, ...] = ()
    uses: frozenset[str] = frozenset()  # shared options that matter: "cards", "seed", "count"
    duplex: bool = False  # True when the PDF has backs pages to print two-sided
    notes: str = ""  # how to print, cut and fold it
    report: Callable[[dict], str] | None = None  # extra text for the summary (e.g. --stats)
    # A component that holds a secret (an encrypted board) writes two files:
    # `render` draws the one for the opponent, `keeper` the one its owner keeps
    # (<name>-keeper.pdf), and `public(model)` gives the model as the shared
    # file may describe itself (metadata, small print): no secret in it.
    keeper: Callable[[Any, dict], None] | None = None
    keeper_notes: str = ""
    public: Callable[[dict], dict] | None = None

    @property
    def output_name(self) -> str:
        return f"{self.game}-{self.name}.pdf"


def keeper_path(path):
    """Where a two-file component writes its owner's file, beside `path`."""
    from pathlib import Path

    path = Path(path)
    return path.with_name(f"{path.stem}-keeper{path.suffix}")


class KitPart(NamedTuple):
    component: str
    params: dict = {}  # read only: never changed in place
    copies: int = 1
    note: str = ""


class Game(NamedTuple):  # immutable; game._replace(...) gives a changed copy
    name: str
    title: str
    blurb: str
    players: str
    components: dict[str, Component]
    kit: tuple[KitPart, ...] = ()
    rules_template: str = ""  # file in templates/, rendered with `game` (this object)
    # what a table needs beyond the printed paper, as (item, what for) pairs such as
    # ("Pencils", "one each"): listed on the kit's print guide, gathered in index.pdf
    supplies: tuple[tuple[str, str], ...] = ()
    # a game made from the user's project file (printkit.custom): the command that
    # reprints its kit, and the project file; "" for the built-in games
    command: str = ""
    project: str = ""
    # the languages (printkit/lang.py codes) this game is printed in: --lang refuses another
    languages: tuple[str, ...] = ("en",)
    # what the rules page must say of a language (letters dropped, values, pools):
    # facts(lang code) -> a dict for the rules template (`game.facts(code)`); None: nothing
    facts: Callable[[str], dict] | None = None

    def component(self, name: str) -> Component:
        return self.components[name]

    def rules_text(self, lang: str = "en") -> str:
        """The rules summary's markup: rules_template (templates/) rendered with
        this game, in `lang` (its {% trans %} blocks from the language's catalogue)."""
        from printkit.engine.text import render_template
        from printkit.i18n import ntext, text
        from printkit.lang import language

        return render_template(self.rules_template, gettext=text(lang), ngettext=ntext(lang), game=self, lang=language(lang))


def check_language(game, lang: str) -> None:
    """UsageError unless `game` is printed in `lang`."""
    if lang not in game.languages:
        from printkit.errors import UsageError
        from printkit.lang import language

        have = ", ".join(game.languages)
        raise UsageError(f"--lang {lang}: {game.title} is not printed in {language(lang).name} yet (it is in: {have})")


def default_params(component, seed: str = "1") -> dict:
    """The parameters a component is built with when none is given."""
    params = {p.name: (() if p.multiple and p.default is None else p.default) for p in component.params}
    if "seed" in component.uses:
        params["seed"] = seed
    if "count" in component.uses:
        params["count"] = 1
    return params


def command_for(component, model: dict, opts) -> str:
    """The exact command that prints this component again."""
    import shlex

    # own games (printkit/custom) name their command: `printkit deck --data ...`, `printkit make GAME.toml --only NAME`
    words = shlex.split(model["command"]) if model.get("command") else ["printkit", component.name, component.game]
    for key, value in sorted((model.get("params") or {}).items()):
        flag = "--" + key.replace("_", "-")
        if value is None or value is False or value == () or value == []:
            continue
        if value is True:
            words.append(flag)
        elif isinstance(value, (list, tuple)):
            for v in value:
                words += [flag, str(v)]
        else:
            words += [flag, str(value)]
    words += opts.args() if "cards" in component.uses else _page_args(opts)
    return shlex.join(words)


def _page_args(opts) -> list[str]:
    out = ["--paper", opts.paper]
    if opts.ink != "color":
        out += ["--ink", opts.ink]
    return out + opts.prepress_args()
