"""The command line: `printkit VERB GAME [options]`, thin over the game table.

Heavy imports (ReportLab, the word lists) happen only when a command runs, so
`printkit --help` stays fast.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit import __version__
from printkit.errors import PrintkitError, RulesError, UsageError

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
        number = finite_number(value, param.opts[-1] if param else "value", self.lo, self.hi, self.unit)
        return number

    def get_metavar(self, param, ctx=None) -> str:
        return f"{self.lo:g}..{self.hi:g}"


class WholeRange(click.IntRange):
    """A whole number in [min, max]; anything else refused in one line that names
    the option and the range (click's own message omits the range for '1e3')."""

    name = "whole number"

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            from printkit.engine.files import shown

            option = param.opts[-1] if param else "value"
            lo = "" if self.min is None else f" from {self.min}"
            hi = "" if self.max is None else f" to {self.max}"
            raise UsageError(f"{option} must be a whole number{lo}{hi}, not '{shown(value, 40)}'") from None


def finite_number(value, option: str, lo: float, hi: float, unit: str = "") -> float:
    """`value` as a finite float in [lo, hi], else UsageError naming `option` and the range."""
    import math

    from printkit.engine.files import shown

    unit_text = f" {unit}" if unit else ""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = None
    if number is None or not math.isfinite(number) or not lo <= number <= hi:
        raise UsageError(f"{option} must be a number from {lo:g} to {hi:g}{unit_text}, not '{shown(value, 40)}'")
    return number

_DEFAULTS = None


def defaults():
    """printkit.toml defaults (loaded once, when a command is first built)."""
    global _DEFAULTS
    if _DEFAULTS is None:
        from printkit.config import load_defaults

        _DEFAULTS = load_defaults()
    return _DEFAULTS


def _shared_options(component) -> list[click.Option]:
    from printkit.engine.units import CARDS, DUPLEX, INKS, LAYOUTS, ORDERS, PAPERS

    cfg = defaults()
    opts = [
        click.Option(["-o", "--output"], type=click.Path(), help=f"PDF (or with --format png, folder) to write; - for standard output [default: {cfg.get('output')}/<game>-<component>.pdf]."),
        click.Option(["--paper"], type=click.Choice(list(PAPERS), case_sensitive=False), default=cfg.get("paper"), show_default=True, help="Paper size."),
        click.Option(["--ink"], type=click.Choice(INKS), default=cfg.get("ink"), show_default=True, help="color, saver (no large fills) or mono."),
        click.Option(["--json", "as_json"], is_flag=True, help="Print the component's model (solution included) as JSON instead of a PDF."),
        click.Option(["--format", "fmt"], type=click.Choice(["pdf", "png"]), default="pdf", show_default=True, help="pdf, or png: a folder of PNGs (each card, each page; decks also get 10x7 tabletop sheets)."),
        click.Option(["--dpi"], type=WholeRange(36, 1200), default=150, show_default=True, help="Resolution of --format png."),
        click.Option(["--words"], type=click.Path(dir_okay=False), help="Add your own word list (one word a line) to the acceptance list."),
    ] + _prepress_options(cfg)
    if "cards" in component.uses:
        opts += [
            click.Option(["--card-size"], type=click.Choice(list(CARDS)), default=cfg.get("card_size"), show_default=True, help="Card size."),
            click.Option(["--bleed"], type=FiniteFloat(0, 6, "mm"), default=cfg.get("bleed"), show_default=True, help="Bleed in mm (art past the trim line)."),
            click.Option(["--duplex"], type=click.Choice(DUPLEX), default=cfg.get("duplex"), show_default=True, help="Backs pages for two-sided printing: flip on the long or short edge, or none."),
            click.Option(["--layout"], type=click.Choice(LAYOUTS), default="sheet", show_default=True, help="sheet (n-up with crop marks), fold (gutter fold) or single (print shop: one card a page)."),
            click.Option(["--order"], type=click.Choice(ORDERS), default="interleaved", show_default=True, help="Page order of --layout single: front, back, front, back... or all fronts then all backs."),
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
    from printkit.engine.units import COLORS, OUTPUT_INTENTS

    return [
        click.Option(["--color", "color"], type=click.Choice(COLORS), default=cfg.get("color"), show_default=True, help="rgb, or cmyk for a print shop: every colour CMYK, black text on the K plate only, at most 300% ink."),
        click.Option(["--pdfx"], is_flag=True, help="Write PDF/X-1a:2001 (implies --color cmyk): output intent, TrimBox on every page, fonts embedded, no transparency."),
        click.Option(["--output-intent"], type=click.Choice(OUTPUT_INTENTS), default=None, help="Printing condition named in the PDF/X file [default: fogra39 for a4/a3, swop for letter/tabloid]."),
    ]


def _shop_option() -> click.Option:
    from printkit.engine.shops import SHOPS

    return click.Option(["--shop"], type=click.Choice(list(SHOPS)), default=None, help="Print-shop preset: card size, bleed, layout, file type and colour as that shop asks (docs/print-shops.md).")


def _apply_shop(kw: dict):
    """Put a --shop preset's options into `kw`; refuse an option typed on the
    command line that contradicts it. Returns the preset (or None)."""
    from printkit.engine.shops import FLAGS, SHOPS

    name = kw.get("shop")
    if not name:
        return None
    shop = SHOPS[name]
    if shop.options.get("fmt") == "png" and "fmt" not in kw:
        raise UsageError(f"--shop {name} takes one PNG a card: use it with a deck (printkit deck ...), not a whole kit")
    ctx = click.get_current_context(silent=True)
    for key, value in shop.options.items():
        if key not in kw:
            continue
        typed = ctx is not None and ctx.get_parameter_source(key) == click.core.ParameterSource.COMMANDLINE
        same = abs(kw[key] - value) < 1e-9 if isinstance(value, float) and isinstance(kw[key], (int, float)) else kw[key] == value
        if typed and not same:
            shown = "" if value is True else f" {value:g}" if isinstance(value, float) else f" {value}"
            raise UsageError(f"--shop {name} sets {FLAGS[key]}{shown if value is not False else ' off'}; leave {FLAGS[key]} out, or drop --shop")
        kw[key] = value
    return shop


def _prepress(kw: dict) -> dict:
    """Take the colour options out of `kw` as PrintOptions fields."""
    color, pdfx, intent = kw.pop("color", "rgb"), kw.pop("pdfx", False), kw.pop("output_intent", None)
    if intent and not pdfx:
        raise UsageError("--output-intent names the printing condition of a PDF/X file: add --pdfx")
    return dict(color="cmyk" if pdfx else color, pdfx=bool(pdfx), output_intent=intent or "")


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


BACK_OFFSET_MAX = 20.0  # mm: beyond that it is not a misalignment


def _back_offset(text: str) -> tuple[float, float]:
    from printkit.engine.files import shown

    parts = str(text).split(",")
    if len(parts) != 2:
        raise UsageError(f"--back-offset must be X,Y in mm (e.g. 0.5,-1), each from -{BACK_OFFSET_MAX:g} to {BACK_OFFSET_MAX:g}, not '{shown(text, 40)}'")
    try:
        x, y = (finite_number(v.strip(), "--back-offset", -BACK_OFFSET_MAX, BACK_OFFSET_MAX) for v in parts)
    except UsageError:
        raise UsageError(f"--back-offset X,Y: each must be a number of mm from -{BACK_OFFSET_MAX:g} to {BACK_OFFSET_MAX:g}, not '{shown(text, 40)}'") from None
    return (x + 0.0, y + 0.0)  # no -0 in the recorded command


def print_options(kw: dict, shop=None):
    from printkit.engine.units import SAFE, PrintOptions

    shop = shop or _apply_shop(kw)
    kw.pop("shop", None)
    args = dict(paper=kw.pop("paper", "a4").lower(), ink=kw.pop("ink", "color"), **_prepress(kw))
    if shop is not None:
        args.update(shop=shop.key, pdfx_version=shop.pdfx_version, max_ink=shop.max_ink, safe=max(shop.safe_mm, SAFE))
    if "card_size" in kw:
        args.update(
            card_size=kw.pop("card_size"),
            bleed=kw.pop("bleed"),
            duplex=kw.pop("duplex"),
            layout=kw.pop("layout"),
            back_offset=_back_offset(kw.pop("back_offset")),
            copies=kw.pop("copies"),
            order=kw.pop("order"),
        )
    return PrintOptions(**args)


# -- running a component -------------------------------------------------------------

def run_component(component, kw: dict) -> None:
    from printkit import build

    output = kw.pop("output", None)
    as_json = kw.pop("as_json", False)
    shop = _apply_shop(kw)  # before --format is read: a preset may set it
    fmt, dpi = kw.pop("fmt", "pdf"), kw.pop("dpi", 150)
    if fmt == "png" and output == "-":
        raise UsageError("-o -: --format png writes a folder, not standard output")
    if fmt == "png" and kw.get("copies", 1) != 1:
        raise UsageError("--copies: --format png writes each card once (copies are for printing)")
    words = kw.pop("words", None)
    if words:
        from printkit import words as wordlists

        wordlists.add_user_words(words)
    opts = print_options(kw, shop)
    params = {k: v for k, v in kw.items()}
    model = build.build_checked(component, params)
    if as_json:
        from printkit.shelf import json_pieces  # json.dumps(model, indent=2, ensure_ascii=False), piece by piece

        if output and output != "-":  # -o names the JSON file (as validate reads it)
            from printkit.engine import files

            def write(sink) -> None:
                for piece in json_pieces(model):
                    sink.write(piece.encode("utf-8"))
                sink.write(b"\n")

            files.commit_one(files.stage_with(output, write))
            click.echo(f"wrote {output}: the {component.title} as JSON (printkit validate {output} checks it)")
        else:
            for piece in json_pieces(model):
                click.echo(piece, nl=False)
            click.echo()
        return
    to_stdout = output == "-"
    out = Path(output) if output else Path(defaults().get("output")) / component.output_name
    if fmt == "png":
        folder = Path(output) if output else out.with_suffix("")
        if shop is not None and shop.pixels:
            click.echo(build.write_shop_pngs(component, model, opts, folder, dpi, shop))
        else:
            click.echo(build.write_pngs(component, model, opts, folder, dpi))
        return
    result = build.write_component(component, model, opts, "-" if to_stdout else out)
    click.echo(result.summary(), err=to_stdout)  # with -o -, standard output is the PDF
    if shop is not None:
        from printkit.engine.shops import describe

        click.echo(describe(shop), err=to_stdout)
    if component.report:
        click.echo(component.report(model), err=to_stdout)


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
        _check_id_options(self.component, kw)
        run_component(self.component, kw)


def _check_id_options(component, kw: dict) -> None:
    """`--id` names one whole puzzle (or form): an empty ID, or an option that
    would choose another one (--seed, --count, --difficulty, --hand...), is refused
    instead of being silently ignored."""
    if "id" not in kw or kw["id"] is None:
        return
    if not str(kw["id"]).strip():
        raise UsageError("--id is empty: give the ID printed on the puzzle, or leave --id out")
    from click.core import ParameterSource

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
        if self.name == "deck" and name.startswith("-") and any(a.split("=")[0] == "--data" for a in args):
            from printkit.custom.commands import own_deck_command

            return "--data", own_deck_command(), args  # your own deck: no game name
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            games = ", ".join(self.list_commands(ctx)) or "none yet"
            raise click.UsageError(f"'{self.name}' has no game '{name}' (games with a {self.name}: {games})")
        return super().resolve_command(ctx, args)


@click.group(context_settings=SETTINGS)
@click.version_option(__version__, "--version", prog_name="printkit")
def cli() -> None:
    """printkit: print-and-play PDFs for small cipher and word games.

    \b
    printkit VERB GAME [options]   e.g. printkit deck cryptex --paper letter
    printkit kit all               every game's kit into output/
    printkit list                  games, components and options
    printkit validate FILE...      check component JSON files against the rules
    printkit schema GAME COMPONENT the JSON Schema of a component file
    printkit make GAME.toml        your own game from a project file (docs/own-deck.md)
    printkit deck --data cards.csv --front front.svg   one deck of your own
    """


for _verb, _help in VERBS.items():
    # deck also takes --data/--front (your own deck) where a game name would go
    _settings = {**SETTINGS, "ignore_unknown_options": True} if _verb == "deck" else SETTINGS
    cli.add_command(VerbGroup(name=_verb, help=_help, short_help=_help, context_settings=_settings))


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
    from printkit.engine.units import INKS, PAPERS

    cfg = defaults()

    def run(output, paper, ink, seed, qr_url, **prepress) -> None:
        from printkit import kit
        from printkit.engine.units import PrintOptions

        if output == "-":
            raise UsageError("-o -: a kit is written into a folder, not standard output")

        opts = PrintOptions(paper=paper.lower(), ink=ink, card_size=cfg.get("card_size"), back_offset=_back_offset(cfg.get("back_offset")), duplex=cfg.get("duplex"), bleed=cfg.get("bleed"), **_prepress(prepress))
        folder, file = Path(output) if output else Path(cfg.get("output")), None
        # -o FILE.pdf writes the one kit to that file; any other -o is the folder to write into
        if output and output.lower().endswith(".pdf") and not Path(output).is_dir():
            if name == "all":
                raise UsageError(f"-o {output}: 'kit all' writes a file per game and index.pdf; give -o a folder")
            folder, file = Path(output).parent, Path(output)
        kit.build_kits(games, opts, folder, seed=seed, all_games=(name == "all"), file=file, overrides={"qr_url": qr_url or None})

    return click.Command(
        name=name,
        callback=run,
        help=help_text,
        context_settings=SETTINGS,
        params=[
            click.Option(["-o", "--output"], type=click.Path(), help="Folder to write into [default: output/]; for one game, a path ending in .pdf is the kit file itself."),
            click.Option(["--paper"], type=click.Choice(list(PAPERS), case_sensitive=False), default=cfg.get("paper"), show_default=True),
            click.Option(["--ink"], type=click.Choice(INKS), default=cfg.get("ink"), show_default=True),
            click.Option(["--seed"], default="1", show_default=True, help="Seed for the kit's generated parts."),
            click.Option(["--qr-url"], default=cfg.get("qr_url") or None, metavar="URL", help="Web address for the QR codes of forms that take one (Cryptic Words) [default: the form's ID, or qr_url in printkit.toml]."),
            *_prepress_options(cfg),
        ],
    )


def _add_own_game_commands() -> None:
    from printkit.custom.commands import make_command

    cli.add_command(make_command())


_add_own_game_commands()
cli.add_command(KitGroup(name="kit", help="A game's whole kit in one PDF: cover, rules, print guide, every part.", short_help="Whole kits ('kit all' for every game).", context_settings=SETTINGS))


@cli.command("validate", context_settings=SETTINGS)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--words", type=click.Path(dir_okay=False), help="Add your own word list to the acceptance list.")
def validate_cmd(files, words) -> None:
    """Check component JSON files (as `--json` prints them), or your own game's
    project file (GAME.toml), against the rules."""
    from printkit import build

    if words:
        from printkit import words as wordlists

        wordlists.add_user_words(words)
    bad = 0
    for name in files:
        if name.lower().endswith(".toml"):
            from printkit.custom.commands import validate_project

            bad += not validate_project(name)
            continue
        component, model = build.load_json(name)
        found = build.check_file(component, model)
        if found:
            bad += 1
            for v in found:
                click.echo(f"{name}: {v}")
        else:
            click.echo(f"{name}: ok ({component.game} {component.name})")
    if bad:
        raise RulesError([])


@cli.command("schema", context_settings=SETTINGS)
@click.argument("game")
@click.argument("component")
def schema_cmd(game, component) -> None:
    """The JSON Schema of a component file (what `--json` writes and `validate` reads)."""
    from printkit.games import all_games, find_game
    from printkit.schema import load_schema

    found = find_game(game)
    if found is None:
        raise UsageError(f"no game '{game}' (games: {', '.join(all_games())})")
    if component not in found.components:
        raise UsageError(f"{game} has no component '{component}' (components: {', '.join(found.components)})")
    schema = load_schema(found.name, component)
    if schema is None:
        raise UsageError(f"{game} {component}: no schema shipped for it")
    import json

    click.echo(json.dumps(schema, indent=2, sort_keys=True))


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
    from printkit.engine.calibrate import draw_calibration
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    cfg = defaults()
    duplex = duplex or (cfg.get("duplex") if cfg.get("duplex") != "none" else "long")
    opts = PrintOptions(paper=(paper or cfg.get("paper")).lower(), duplex=duplex, back_offset=_back_offset(back_offset or cfg.get("back_offset")))
    cmd = " ".join(["printkit", "calibrate", "--paper", opts.paper, "--duplex", duplex, "--back-offset", f"{opts.back_offset[0]:g},{opts.back_offset[1]:g}"])
    doc = Document(opts, title="printkit duplex calibration", subject="component=calibrate", keywords=[f"command:{cmd}"], command=cmd)
    doc.small_print = "duplex calibration"
    draw_calibration(doc, duplex)
    out = output if output == "-" else Path(output) if output else Path(cfg.get("output")) / "calibrate.pdf"
    size = doc.save(out)
    click.echo(f"wrote {'the PDF to standard output' if out == '-' else out}: {doc.pages} pages, {size / 1024:.0f} KB. Print two-sided at 100%, flip on the {duplex} edge; read the back's scales against a window.", err=out == "-")


@cli.command("preview", context_settings=SETTINGS)
@click.argument("pdf", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(file_okay=False), help="Folder for the PNGs [default: FILE-preview/ beside the PDF].")
@click.option("--dpi", type=WholeRange(36, 1200), default=100, show_default=True)
@click.option("--pages", default=None, help="Pages to render, e.g. 1,3-5 [default: all].")
def preview_cmd(pdf, output, dpi, pages) -> None:
    """PNG previews of a PDF's pages (any PDF, printkit's or not)."""
    from printkit.engine.files import StagedFolder, check_path, shown
    from printkit.engine.raster import check_pixels, iter_pages, open_pdf

    src = Path(check_path(pdf))
    if not src.is_file():
        raise UsageError(f"{shown(pdf)}: " + ("not a regular file" if src.exists() else "no such file"))
    try:
        doc = open_pdf(str(src))
    except Exception as exc:  # pdfium's error for a file that is not a PDF
        raise UsageError(f"{shown(pdf)}: not a PDF it can read ({exc.__class__.__name__})") from None
    try:
        total = len(doc)
        ranges = _page_ranges(pages, total) if pages else [(0, total)]
        count = sum(b - a for a, b in ranges)
        for a, b in ranges:  # every page's size, without rendering it
            for i in range(a, b):
                check_pixels(doc.get_page_size(i), dpi, f"page {i + 1}")
        folder = Path(output) if output else src.with_name(src.stem + "-preview")
        wanted = (i for a, b in ranges for i in range(a, b))
        with StagedFolder(folder) as out:
            for i, img in iter_pages(doc, dpi, wanted):
                out.add_png(f"page-{i + 1:03d}.png", img, dpi)
    finally:
        doc.close()
    click.echo(f"wrote {count} PNG page{'s' if count != 1 else ''} at {dpi} dpi into {folder}/")


def _page_ranges(text: str, total: int) -> list[tuple[int, int]]:
    """`1,3-5` as 0-based half-open ranges, each checked against the PDF's
    `total` pages before anything is expanded."""
    from printkit.engine.files import shown

    out: list[tuple[int, int]] = []
    for part in text.split(","):
        try:
            if "-" in part:
                a, b = (int(v) for v in part.split("-"))
            else:
                a = b = int(part)
        except ValueError:
            raise UsageError(f"--pages must look like 1,3-5, not '{shown(text, 40)}'") from None
        if a < 1 or b < 1:
            raise UsageError(f"--pages {shown(text, 40)}: pages count from 1")
        if a > b:
            raise UsageError(f"--pages {shown(part, 40)}: a range runs from the lower page to the higher")
        if b > total:
            raise UsageError(f"--pages {shown(text, 40)}: page {shown(b, 20)} is not in the PDF ({total} page{'s' if total != 1 else ''})")
        out.append((a - 1, b))
    merged: list[tuple[int, int]] = []  # sorted, overlaps joined: each page once
    for a, b in sorted(out):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


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
    import threading

    if threading.current_thread() is not threading.main_thread():
        return {}
    saved = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            saved[sig] = signal.signal(sig, _raise_interrupted)
    return saved


def _say(text: str, limit: int = 300) -> None:
    """One line on standard error, cut short if a value made it huge."""
    text = " ".join(str(text).split())
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


def main(argv: list[str] | None = None) -> None:
    """Entry point: one line per error; exit 0 written, 1 rules broken, 2 bad usage,
    input or environment, 128+N interrupted by signal N (130 for Ctrl-C)."""
    import signal

    from printkit.engine import files

    if argv is None:  # the process's own command line (console script, python -m printkit)
        _tune_gc()
    files.COMMITTED.clear()
    saved = _install_signal_handlers()
    try:
        _main(argv)
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: temporary files are already gone
        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        done = files.COMMITTED
        _say("interrupted, " + (f"only these were written (complete): {', '.join(done)}" if done else "nothing written"))
        sys.exit(128 + int(signum))
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def _main(argv: list[str] | None) -> None:
    import os

    from printkit.engine.files import reason, shown

    try:
        cli.main(args=argv, prog_name="printkit", standalone_mode=False)
    except RulesError as exc:
        for v in exc.violations:
            _say(str(v), limit=400)  # a huge value in a violation is cut short
        if exc.violations:
            click.echo(f"printkit: refused: {len(exc.violations)} rule violation(s), nothing written", err=True)
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
