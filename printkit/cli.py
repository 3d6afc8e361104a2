"""The command line: `printkit VERB GAME [options]`, thin over the game table.

Heavy imports (ReportLab, the word lists) happen only when a command runs, so
`printkit --help` stays fast.
"""

from __future__ import annotations

import re
import sys
import types
import os
import threading

import click

from printkit import __version__
from printkit.app.options import choices, defaults, finite_number, make_request, reason, shown
from printkit.errors import PrintkitError, RulesError, UsageError
from click.core import ParameterSource

VERBS = {
    "deck": "Card decks, fronts and backs (your own: deck --data FILE --front FILE).",
    "sheet": "Player and score sheets.",
    "form": "Tracking and decoding forms.",
    "card": "Key and reference cards.",
    "tokens": "Token and piece sheets.",
    "reference": "Reference cards: the rules in short.",
    "board": "Boards.",
    "puzzle": "Seeded puzzle sheets with answer keys.",
}
SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


# -- shared options ---------------------------------------------------------------

class FiniteFloat(click.ParamType):
    """A finite number in [lo, hi]: nan, inf and out-of-range refused in one line."""

    name = "number"

    def __init__(self, lo: float, hi: float, unit: str = "") -> None:
        self.lo, self.hi, self.unit = lo, hi, unit

    def convert(self, value, param, ctx):
        return finite_number(value, param.opts[-1] if param else "value", self.lo, self.hi, self.unit)

    def get_metavar(self, param, ctx=None) -> str:
        return f"{self.lo:g}..{self.hi:g}"


class CardSize(click.ParamType):
    """A card size: a preset's name or WIDTHxHEIGHT with a unit (59.3x88.9mm, 2.5x3.5in)."""

    name = "size"

    def convert(self, value, param, ctx):
        from printkit.engine.units import CARD_SIZE_HELP, card_size_name

        try:
            return card_size_name(value)
        except KeyError:
            self.fail(f"'{value}' is not a card size: {CARD_SIZE_HELP}", param, ctx)

    def get_metavar(self, param, ctx=None) -> str:
        return "NAME|WxHmm"


class WholeRange(click.IntRange):
    """A whole number in [min, max]; anything else refused in one line that names
    the option and the range (click's own message omits the range for '1e3')."""

    name = "whole number"

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            from printkit.app.options import shown

            option = param.opts[-1] if param else "value"
            lo = "" if self.min is None else f" from {self.min}"
            hi = "" if self.max is None else f" to {self.max}"
            raise UsageError(f"{option} must be a whole number{lo}{hi}, not '{shown(value, 40)}'") from None


def _shared_options(component) -> list[click.Option]:
    cfg, pick = defaults(), choices()
    opts = [
        click.Option(["-o", "--output"], type=click.Path(), help=f"PDF (or with --format png/tabletop, folder) to write; - for standard output [default: {cfg.get('output')}/<game>-<component>.pdf, -png/, -tabletop/, -SHOP.pdf or -SHOP/]."),
        click.Option(["--paper"], type=click.Choice(pick['paper'], case_sensitive=False), default=cfg.get("paper"), show_default=True, help="Paper size."),
        click.Option(["--ink"], type=click.Choice(pick['ink']), default=cfg.get("ink"), show_default=True, help="color, saver (no large fills) or mono."),
        click.Option(["--json", "as_json"], is_flag=True, help="Print the component's model (solution included) as JSON instead of a PDF."),
        click.Option(["--format", "fmt"], type=click.Choice(["pdf", "png", "tabletop"]), default="pdf", show_default=True, help="pdf; png: a folder of PNGs (each card, each page); tabletop (decks): 10x7 sheets and a Tabletop Simulator saved object (docs/tabletop.md)."),
        click.Option(["--dpi"], type=WholeRange(36, 1200), default=150, show_default=True, help="Resolution of --format png."),
        click.Option(["--words"], type=click.Path(dir_okay=False), help="Add your own word list (one word a line) to the acceptance list."),
    ] + _prepress_options(cfg) + [_jobs_option(cfg), _lang_option(cfg)]
    if "cards" in component.uses:
        opts += [
            click.Option(["--card-size"], type=CardSize(), default=cfg.get("card_size"), show_default=True, help=f"Card size: {', '.join(pick['card_size'])}, or any WIDTHxHEIGHT in mm, cm or in (59.3x88.9mm, 2.5x3.5in)."),
            click.Option(["--bleed"], type=FiniteFloat(0, 6, "mm"), default=cfg.get("bleed"), show_default=True, help="Bleed in mm (art past the trim line)."),
            click.Option(["--duplex"], type=click.Choice(pick['duplex']), default=cfg.get("duplex"), show_default=True, help="Backs pages for two-sided printing: flip on the long or short edge, or none."),
            click.Option(["--layout"], type=click.Choice(pick['layout']), default="sheet", show_default=True, help="sheet (n-up with crop marks), fold (gutter fold) or single (print shop: one card a page)."),
            click.Option(["--order"], type=click.Choice(pick['order']), default="interleaved", show_default=True, help="Page order of --layout single: front, back, front, back... or all fronts then all backs."),
            click.Option(["--back-offset"], default=cfg.get("back_offset"), show_default=True, metavar="X,Y", help="Shift backs by X,Y mm, each -20..20 (read off `printkit calibrate`)."),
            click.Option(["--copies"], type=WholeRange(1, 1000), default=1, show_default=True, help="Copies of the deck."),
            _shop_option(),
        ]
    if "seed" in component.uses:
        opts.append(click.Option(["--seed"], default="1", show_default=True, help="Seed string: the same seed gives the same component."))
    if "count" in component.uses:
        opts.append(click.Option(["--count"], type=WholeRange(1, 10000), default=1, show_default=True, help="How many to make."))
    for p in component.params:
        opts.append(_param_option(p))
    return opts


def _prepress_options(cfg) -> list[click.Option]:
    """--color, --pdfx, --output-intent: every verb and `kit` take them."""
    pick = choices()
    return [
        click.Option(["--color", "color"], type=click.Choice(pick['color']), default=cfg.get("color"), show_default=True, help="rgb, or cmyk for a print shop: every colour CMYK, black text on the K plate only, at most 300% ink."),
        click.Option(["--pdfx"], is_flag=True, help="Write PDF/X-1a:2001 (implies --color cmyk): output intent, TrimBox on every page, fonts embedded, no transparency."),
        click.Option(["--output-intent"], type=click.Choice(pick['output_intent']), default=None, help="Printing condition named in the PDF/X file [default: fogra39 for a4/a3, swop for letter/tabloid]."),
    ]


def _jobs_option(cfg) -> click.Option:
    return click.Option(["--jobs"], type=WholeRange(1, 256), default=None, help=f"Processes to use (many puzzles, kits, PNGs); the output is the same at any number [default: {cfg.get('jobs')}: every processor this run may use, or jobs in printkit.toml].")


def _lang_option(cfg) -> click.Option:
    from printkit.lang import CODES

    return click.Option(["--lang"], type=click.Choice(CODES, case_sensitive=False), default=cfg.get("lang"), show_default=True, help="Language of the words, cards and rules: English, German, French, Spanish or Dutch (lang in printkit.toml).")


def _shop_option() -> click.Option:
    return click.Option(["--shop"], type=click.Choice(choices()["shop"]), default=None, help="Print-shop preset: card size, bleed, layout, file type and colour as that shop asks (docs/print-shops.md).")


def _game_params(component) -> list[str]:
    """The names of a component's own parameters among its options."""
    return [p.name for p in component.params] + [n for n in ("seed", "count") if n in component.uses]


def _request(kw: dict, params=(), **how):
    """The run request (printkit/request.py) from this command's values: the
    one place the command line's words become typed fields."""
    return make_request(kw, _typed(), params, progress=progress_bar, **how)


def _typed() -> frozenset:
    """Names of the options typed on the command line (not defaults or printkit.toml)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return frozenset()
    return frozenset(n for n in ctx.params if ctx.get_parameter_source(n) == click.core.ParameterSource.COMMANDLINE)


def _param_option(p) -> click.Option:
    flag = "--" + p.name.replace("_", "-")
    if p.flag:
        return click.Option([flag, p.name], is_flag=True, help=p.help)
    if p.choices:
        kind = click.Choice(list(p.choices))
    elif p.type is int:
        kind = WholeRange(p.min, p.max)
    else:
        kind = click.STRING
    default = p.default
    if p.name == "qr_url":  # printkit.toml may set it for every form
        default = defaults().get("qr_url") or None
    return click.Option([flag, p.name], type=kind, default=default, multiple=p.multiple, show_default=default not in (None, ()), help=p.help)


# -- running a component -------------------------------------------------------------

class ComponentCommand(click.Command):
    def __init__(self, component) -> None:
        self.component = component
        super().__init__(
            name=component.game,
            params=_shared_options(component),
            callback=self._run,
            help=f"{component.title}. {component.help}",
            short_help=component.title,
            context_settings=SETTINGS,
        )

    def _run(self, **kw) -> None:
        from printkit.app.jobs import make_component

        _check_id_options(self.component, kw)
        make_component(self.component, _request(kw, _game_params(self.component)), _echo)


def _check_id_options(component, kw: dict) -> None:
    """`--id` names one whole puzzle (or form): an empty ID, or an option that
    would choose another one (--seed, --count, --difficulty, --hand...), is refused
    instead of being silently ignored."""
    if "id" not in kw or kw["id"] is None:
        return
    if not str(kw["id"]).strip():
        raise UsageError("--id is empty: give the ID printed on the puzzle, or leave --id out")

    ctx = click.get_current_context()
    chooses = ["seed", "count"] + [p.name for p in component.params if p.name != "id" and (p.choices or p.flag)]
    for name in chooses:
        if name in kw and ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"--id names the whole {component.name} already: leave out {flag} (its settings are part of the ID)")


class VerbGroup(click.Group):
    """`printkit VERB GAME`: one subcommand per game that has this component."""

    def _table(self) -> dict:
        from printkit.games import all_games

        return {name: g.components[self.name] for name, g in all_games().items() if self.name in g.components}

    def list_commands(self, ctx):
        return list(self._table())

    def get_command(self, ctx, name):
        from printkit.games import find_game

        game = find_game(name)  # imports that one game only
        comp = game.components.get(self.name) if game else None
        return ComponentCommand(comp) if comp else None

    def resolve_command(self, ctx, args):
        name = args[0] if args else ""
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            games = ", ".join(self.list_commands(ctx)) or "none yet"
            raise click.UsageError(f"'{self.name}' has no game '{name}' (games with a {self.name}: {games})")
        return super().resolve_command(ctx, args)


class Verbs(click.Group):
    """`printkit VERB ...`. Your own deck, `deck --data FILE ...` (an option where
    a game name would go), is the deck verb's command "--data": its words go
    straight to it. Parsed by the deck group first, each of them would be tried
    as an option of the group (click makes a did-you-mean error of each unknown
    one, importing difflib, and the group then passes all of them on)."""

    def resolve_command(self, ctx, args):
        if args[:1] == ["deck"] and args[1:2] and args[1].startswith("-") and any(a.split("=")[0] == "--data" for a in args[1:]):
            return "deck --data", own_deck_command(), args[1:]
        return super().resolve_command(ctx, args)


@click.group(cls=Verbs, context_settings=SETTINGS)
@click.version_option(__version__, "--version", prog_name="printkit")
def cli() -> None:
    """printkit: print-and-play PDFs for small cipher and word games.

    \b
    printkit VERB GAME [options]   e.g. printkit deck cryptex --paper letter
    printkit kit all               every game's kit into output/
    printkit list                  games, components and options
    printkit validate FILE...      check component JSON files against the rules
    printkit schema GAME COMPONENT the JSON Schema of a component file
    printkit new NAME              a small working project to start your own game from
    printkit make GAME.toml        your own game from a project file (docs/own-deck.md)
    printkit deck --data cards.csv --front front.svg   one deck of your own
    printkit serve GAME.toml       live preview in the browser as you edit
    """


for _verb, _help in VERBS.items():
    cli.add_command(VerbGroup(name=_verb, help=_help, short_help=_help, context_settings=SETTINGS))


class KitGroup(VerbGroup):
    def _table(self) -> dict:
        from printkit.games import all_games

        return {name: g for name, g in all_games().items() if g.kit}

    def get_command(self, ctx, name):
        from printkit.games import find_game

        if name == "all":
            return _kit_command("all", list(self._table().values()), "Every game's kit into output/, and index.pdf.")
        game = find_game(name)
        if game is not None and game.kit:
            return _kit_command(name, [game], f"The whole {game.title} kit in one PDF.")
        return None

    def list_commands(self, ctx):
        return ["all", *self._table()]


def _kit_command(name: str, games: list, help_text: str) -> click.Command:
    cfg, pick = defaults(), choices()

    def run(**kw) -> None:
        from printkit.app.jobs import make_kits

        make_kits(name, games, _request(kw, ("seed", "qr_url"), kit=True), _echo)

    return click.Command(
        name=name,
        callback=run,
        help=help_text,
        context_settings=SETTINGS,
        params=[
            click.Option(["-o", "--output"], type=click.Path(), help="Folder to write into [default: output/]; for one game, a path ending in .pdf is the kit file itself."),
            click.Option(["--paper"], type=click.Choice(pick['paper'], case_sensitive=False), default=cfg.get("paper"), show_default=True),
            click.Option(["--ink"], type=click.Choice(pick['ink']), default=cfg.get("ink"), show_default=True),
            click.Option(["--seed"], default="1", show_default=True, help="Seed for the kit's generated parts."),
            click.Option(["--qr-url"], default=cfg.get("qr_url") or None, metavar="URL", help="Web address for the QR codes of forms that take one (Cryptic Words) [default: the form's ID, or qr_url in printkit.toml]."),
            *_prepress_options(cfg),
            _jobs_option(cfg),
            _lang_option(cfg),
        ],
    )


# -- your own games: printkit make GAME.toml, printkit deck --data ... -------------------

_CARDS = types.SimpleNamespace(uses=frozenset({"cards"}), params=())


def _own_options(extra: list[click.Option], drop=("words",)) -> list[click.Parameter]:
    svg_dpi = click.Option(["--svg-dpi"], type=FiniteFloat(50, 1200), default=None, help="Resolution of SVG templates sized in unit-less pixels [default: 96 px/in, or 300 dpi when the pixels match the card there].")
    return [*extra, *(o for o in _shared_options(_CARDS) if o.name not in (*drop, "lang")), svg_dpi]


class _LazyCommand(click.Command):
    """Options built when the command is used (printkit.toml read per run)."""

    def __init__(self, name, build_params, **kw) -> None:
        self._build_params = build_params
        super().__init__(name, params=[], **kw)

    def get_params(self, ctx):
        # built once a run: click asks twice (the parser, then the values), and the
        # options take a few ms to build; ctx.meta is one invocation's own
        key = ("printkit-params", id(self))
        if key not in ctx.meta:
            ctx.meta[key] = self._build_params()
        self.params = ctx.meta[key]
        return super().get_params(ctx)


def _strict_option() -> click.Option:
    return click.Option(["--strict/--no-strict"], default=None, help="Refuse (exit 1) what would otherwise print with a warning: a font found nowhere (drawn in printkit's nearest face), ink in the safe zone or over the trim, generated bleed, an image under 300 dpi [default: only with --shop or --pdfx].")


def FETCH_OPTION() -> click.Option:
    return click.Option(["--fetch"], is_flag=True, help="Fetch the web addresses the project file names as data (a published sheet); without it they are refused (docs/security.md).")


def make_command() -> click.Command:
    def params():
        return _own_options(
            [
                click.Argument(["project"], type=click.Path(dir_okay=False)),
                click.Option(["--only"], metavar="PART", help="Write one part of the project (a deck, tokens, board or page name) instead of the whole kit."),
                _strict_option(),
                FETCH_OPTION(),
                click.Option(["--cards"], metavar="LIST", help="Only these cards of the deck, numbered from 1 in its order (qty repeats counted), e.g. 3,7-9."),
            ]
        )

    def run(project, only, fetch=False, **kw) -> None:
        from printkit.app.own import allow_fetch, make_project

        allow_fetch(fetch)
        make_project(project, _request(kw), _echo, only=only)

    return _LazyCommand(
        "make",
        params,
        callback=run,
        help="Your own game from a project file (GAME.toml): cover, contents, print guide and every deck, token sheet, board and page in one PDF. See docs/own-deck.md.",
        short_help="Your own game's kit from a project file (GAME.toml).",
        context_settings=SETTINGS,
    )


def own_deck_command() -> click.Command:
    def params():
        return _own_options(
            [
                click.Option(["--data"], required=True, help="Card data: .csv, .tsv, .xlsx, .ods, .xls or .json (one row per card; a qty column repeats a row), or the http(s) address of a sheet published as CSV."),
                click.Option(["--front"], required=True, multiple=True, type=click.Path(), help="Front template: .svg with {{ column }} placeholders, or a layout .toml. Several (repeat --front, or a folder of them): each row's 'template' column names its own."),
                click.Option(["--back"], multiple=True, type=click.Path(), help="Back template (shared; with placeholders, one back per row; several or a folder: the 'back_template' column chooses) [default: plain]."),
                click.Option(["--template-column"], default="template", show_default=True, metavar="NAME", help="The column naming each row's front template (with several fronts)."),
                click.Option(["--back-template-column"], default="back_template", show_default=True, metavar="NAME", help="The column naming each row's back template (with several backs)."),
                click.Option(["--sheet"], help="Sheet of a spreadsheet file [default: the first]."),
                _strict_option(),
                click.Option(["--cards"], metavar="LIST", help="Only these cards of the deck, numbered from 1 in its order (qty repeats counted), e.g. 3,7-9."),
            ]
        )

    def run(data, front, back, sheet, template_column, back_template_column, **kw) -> None:
        from printkit.app.own import own_deck

        own_deck(data, list(front), list(back) or None, sheet, _request(kw), _echo, template_column, back_template_column)

    return _LazyCommand(
        "--data",
        params,
        callback=run,
        help="One deck of your own from a data file and templates, without a project file. Fonts and icons are looked for in fonts/ and icons/ beside the front template.",
        context_settings=SETTINGS,
    )


def serve_command() -> click.Command:
    def params():
        return _own_options(
            [
                click.Argument(["project"], required=False, type=click.Path(dir_okay=False)),
                click.Option(["--data"], help="Card data of one deck without a project file (as for deck --data)."),
                click.Option(["--front"], multiple=True, type=click.Path(), help="Front template(s) of that deck."),
                click.Option(["--back"], multiple=True, type=click.Path(), help="Back template(s) of that deck [default: plain]."),
                click.Option(["--template-column"], default="template", show_default=True, metavar="NAME", help="The column naming each row's front template (with several fronts)."),
                click.Option(["--back-template-column"], default="back_template", show_default=True, metavar="NAME", help="The column naming each row's back template (with several backs)."),
                click.Option(["--sheet"], help="Sheet of a spreadsheet file [default: the first]."),
                click.Option(["--port"], type=WholeRange(0, 65535), default=0, help="Port to listen on, on 127.0.0.1 [default: a free one]."),
                click.Option(["--open", "open_browser"], is_flag=True, help="Open the page in the web browser."),
            ],
            drop=("words", "output", "as_json", "fmt", "dpi"),
        )

    def run(project, data, front, back, template_column, back_template_column, sheet, port, open_browser, **kw) -> None:
        from printkit.app.live import Source
        from printkit.serve import serve

        if project and (data or front or back):
            raise UsageError("serve: give a project file, or --data and --front, not both")
        if not project and not (data and front):
            raise UsageError("serve: give a project file (printkit serve game.toml), or --data cards.csv --front front.svg")
        source = Source(project, data, list(front), list(back), sheet, template_column, back_template_column)
        serve(source, _request(kw), _echo, port, open_browser)

    return _LazyCommand(
        "serve",
        params,
        callback=run,
        help="A live preview in the web browser: every card of your own game (or of one deck), redrawn as you save its files; the validator's findings beside each card. Listens on 127.0.0.1 only; Ctrl-C stops it.",
        short_help="Live preview of your own game in the browser.",
        context_settings=SETTINGS,
    )


cli.add_command(make_command())
cli.add_command(serve_command())
cli.add_command(KitGroup(name="kit", help="A game's whole kit in one PDF: cover, rules, print guide, every part.", short_help="Whole kits ('kit all' for every game).", context_settings=SETTINGS))


@cli.command("validate", context_settings=SETTINGS)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--words", type=click.Path(dir_okay=False), help="Add your own word list to the acceptance list.")
@click.option("--strict", is_flag=True, default=False, help="Your own game: a warning (a font found nowhere, ink in the safe zone or over the trim, generated bleed, an image under 300 dpi) fails it too.")
@click.option("--fetch", is_flag=True, help="Fetch the web addresses a project file names as data (a published sheet); without it they are refused.")
def validate_cmd(files, words, strict, fetch) -> None:
    """Check component JSON files (as `--json` prints them), or your own game's
    project file (GAME.toml), against the rules: errors and warnings apart."""
    from printkit.app.check import validate_files
    from printkit.app.own import allow_fetch

    allow_fetch(fetch)

    validate_files(files, _echo, words, strict=strict)


@cli.command("new", context_settings=SETTINGS)
@click.argument("name", type=click.Path())
def new_cmd(name) -> None:
    """A small working project to start from, in a new folder NAME: game.toml,
    cards.csv, a front and a back SVG as Inkscape writes them, an icon and a rules
    page, each commented with where the docs explain it (docs/own-deck.md).
    Refuses a NAME that exists."""
    from printkit.app.own import new_project

    new_project(name, _echo)


@cli.command("schema", context_settings=SETTINGS)
@click.argument("game")
@click.argument("component")
def schema_cmd(game, component) -> None:
    """The JSON Schema of a component file (what `--json` writes and `validate` reads)."""
    from printkit.app.jobs import schema_text

    click.echo(schema_text(game, component))


@cli.command("calibrate", context_settings=SETTINGS)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="PDF to write, - for standard output [default: output/calibrate.pdf].")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "tabloid"], case_sensitive=False), default=None, help="Paper size [default: a4 or printkit.toml].")
@click.option("--duplex", type=click.Choice(["long", "short"]), default=None, help="Flip edge [default: long or printkit.toml].")
@click.option("--back-offset", default=None, metavar="X,Y", help="Offset to test (mm) [default: 0,0 or printkit.toml].")
def calibrate_cmd(output, paper, duplex, back_offset) -> None:
    """A two-sided test sheet to measure how far backs land from fronts.

    Print it two-sided, hold it to a window and read the scales on the back
    where the front's bars land: that reading is your --back-offset X,Y.
    """
    from printkit.app.jobs import calibrate

    calibrate(_echo, output, paper, duplex, back_offset)


@cli.command("preview", context_settings=SETTINGS)
@click.argument("pdf", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(file_okay=False), help="Folder for the PNGs [default: FILE-preview/ beside the PDF].")
@click.option("--dpi", type=WholeRange(36, 1200), default=100, show_default=True)
@click.option("--pages", default=None, help="Pages to render, e.g. 1,3-5 [default: all].")
def preview_cmd(pdf, output, dpi, pages) -> None:
    """PNG previews of a PDF's pages (any PDF, printkit's or not)."""
    from printkit.app.jobs import preview

    preview(pdf, _echo, output, dpi, pages)


@cli.command("list", context_settings=SETTINGS)
def list_cmd() -> None:
    """Games, their components, and the options each takes."""
    from printkit.games import all_games

    for game in all_games().values():
        click.echo(f"{game.name}: {game.title} ({game.players})")
        for comp in game.components.values():
            own = " ".join(f"--{p.name.replace('_', '-')}" for p in comp.params)
            shared = []
            if "cards" in comp.uses:
                shared.append("card options")
            if "seed" in comp.uses:
                shared.append("--seed")
            if "count" in comp.uses:
                shared.append("--count")
            extra = ", ".join(x for x in [own, *shared] if x)
            click.echo(f"  printkit {comp.name:<9} {game.name:<15} {comp.title}" + (f"  [{extra}]" if extra else ""))
        if game.kit:
            click.echo(f"  printkit {'kit':<9} {game.name:<15} the whole kit")
    click.echo("")
    click.echo("Shared options: -o/--output, --paper a4|letter|a3|tabloid, --ink color|saver|mono, --color rgb|cmyk, --pdfx, --output-intent, --json, --words FILE")
    click.echo("Card options: --card-size, --bleed MM, --duplex long|short|none, --layout sheet|fold|single, --order, --back-offset X,Y, --copies N, --shop NAME")
    click.echo("")
    click.echo("Defaults (the command line wins over printkit.toml, which wins over built-in):")
    cfg = defaults()
    for key in cfg.values:
        click.echo(f"  {key:<12} {str(cfg.get(key)):<10} from {cfg.sources[key]}")


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP, handled like Ctrl-C (temporary files removed)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_interrupted(signum, frame):
    raise Interrupted(signum)


def _install_signal_handlers() -> dict:
    import signal

    if threading.current_thread() is not threading.main_thread():
        return {}
    saved = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            saved[sig] = signal.signal(sig, _raise_interrupted)
    return saved


#: control characters a cell or title may hold (escape sequences set the window title, write
#: the clipboard, clear the screen): shown as \uXXXX, never sent to the terminal
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _echo(message=None, *args, **kwargs) -> None:
    """A line for the terminal, with every control character a project's value
    may carry (a file name, a cell, a title) shown as its code, \\u001b, never
    sent as is: an escape sequence in a downloaded project's cell would
    otherwise set the terminal's title or clipboard (OSC 52), clear the screen,
    or hide a refusal behind a carriage return. Line breaks and tabs stay;
    the escape is JSON's own, so --json output still reads back the same."""
    click.echo(_terminal(message) if isinstance(message, str) else message, *args, **kwargs)  # click.echo's own arguments


def _terminal(text) -> str:
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", str(text))


def _say(text: str, limit: int = 300) -> None:
    """One line on standard error, cut short if a value made it huge."""
    text = _terminal(" ".join(str(text).split()))  # control characters shown as their codes, then cut short
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    click.echo(f"printkit: {text}", err=True)


def _tune_gc() -> None:
    """Collect cyclic garbage less often than Python's default (a young-object
    pass every 700 new containers, an older one every 10 of those). A run builds
    large structures that live until it ends (word indexes, solver tries, the PDF
    objects) and makes almost no cycles: at the defaults `kit all` spends ~35 ms
    re-scanning them in ~180 collections, at these ~17 ms, with the same peak
    memory (300 Crypto Crisis sheets leave a few hundred cyclic objects either way)."""
    import gc

    gc.set_threshold(5000, 50, 100)


def _leave_to_the_os() -> None:
    """The command is done and the process ends next: what it still holds is
    set aside from the cyclic collector (gc.freeze), so the interpreter's last
    collection at exit does not walk every object the run and its imports made
    (about 15% of a 40-card deck's CPU time: bench/bench_own.py). The memory
    goes back to the OS with the process; files are closed by then (written
    atomically, app.jobs), and exit handlers still run."""
    import gc

    gc.freeze()


def _begin_run() -> None:
    """A new run: app.jobs.begin_run forgets what a run before it in this process
    left (the files it committed, its number of processes). When the engine
    modules holding those are not loaded there is nothing to forget, and the
    jobs layer (pathlib and the rest) is not imported for `printkit --help`."""
    if "printkit.base.files" in sys.modules or "printkit.base.workers" in sys.modules:
        from printkit.app.jobs import begin_run

        begin_run()


def main(argv: list[str] | None = None) -> None:
    """Entry point: one line per error; exit 0 written, 1 rules broken, 2 bad usage,
    input or environment, 128+N interrupted by signal N (130 for Ctrl-C)."""
    import signal

    if argv is None:  # the process's own command line (console script, python -m printkit)
        _tune_gc()
    _begin_run()
    saved = _install_signal_handlers()
    try:
        _main(argv)
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: temporary files are already gone
        from printkit.app.jobs import committed

        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        done = committed()
        _say("interrupted, " + (f"only these were written (complete): {', '.join(done)}" if done else "nothing written"))
        sys.exit(128 + int(signum))
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)
        if argv is None:  # the process's own command line: it ends here
            _leave_to_the_os()


def progress_bar(items, label: str):
    """How the command line shows a long run's progress (base/progress.py): a
    bar on stderr. Handed to the run in its request (`_request`)."""
    with click.progressbar(items, label=_terminal(label), file=sys.stderr) as bar:
        yield from bar


def _main(argv: list[str] | None) -> None:
    try:
        cli.main(args=argv, prog_name="printkit", standalone_mode=False)
    except RulesError as exc:
        from printkit.build import grouped

        lines = grouped(exc.violations, same_row=True)  # the copies of one row (qty) are one line
        for line in lines:
            _say(line, limit=400)  # a huge value in a violation is cut short
        if exc.violations:
            click.echo(f"printkit: refused: {len(lines)} rule violation(s), nothing written", err=True)
        sys.exit(1)
    except PrintkitError as exc:
        _say(f"error: {exc}")
        sys.exit(exc.exit_code)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "", err=False)
        sys.exit(0)
    except click.ClickException as exc:
        import re

        # a huge value echoed back is cut short, so the option and range stay in view
        _say("error: " + re.sub(r"'([^']{40})[^']{4,}'", r"'\1...'", exc.format_message()))
        sys.exit(2)
    except click.exceptions.Abort as exc:  # click's form of Ctrl-C (and of our SIGTERM/SIGHUP)
        raise (exc.__context__ if isinstance(exc.__context__, KeyboardInterrupt) else KeyboardInterrupt()) from None
    except BrokenPipeError:  # `printkit ... | head`: the reader left
        try:  # no second BrokenPipeError when Python flushes standard output at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        sys.exit(2)
    except OSError as exc:  # the environment: disk full, permissions, a vanished folder
        name = str(getattr(exc, "filename", "") or "")
        hidden = os.path.basename(name).startswith(".") and ".part" in name  # never a temporary name
        where = f" {shown(name)}" if name and not hidden else ""
        _say(f"error: cannot complete the job{where}: {reason(exc)}")
        sys.exit(2)
    except MemoryError:
        _say("error: not enough memory for this job (try fewer pages, a lower --dpi or a smaller --count)")
        sys.exit(2)
    except RecursionError:
        _say("error: input nested too deeply to read")
        sys.exit(2)
    except Exception as exc:  # a bug: still one line, never a traceback
        _say(f"internal error: {exc.__class__.__name__}: {exc} (set PRINTKIT_DEBUG=1 for details)")
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        sys.exit(3)
