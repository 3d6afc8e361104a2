"""The command line: `printkit VERB GAME [options]`, thin over the game table.

Heavy imports (ReportLab, the word lists) happen only when a command runs, so
`printkit --help` stays fast.
"""

from __future__ import annotations

import json
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
    opts = _prepress_options(cfg) + [
        click.Option(["-o", "--output"], type=click.Path(dir_okay=False), help=f"PDF to write [default: {cfg.get('output')}/<game>-<component>.pdf]."),
        click.Option(["--paper"], type=click.Choice(list(PAPERS), case_sensitive=False), default=cfg.get("paper"), show_default=True, help="Paper size."),
        click.Option(["--ink"], type=click.Choice(INKS), default=cfg.get("ink"), show_default=True, help="color, saver (no large fills) or mono."),
        click.Option(["--json", "as_json"], is_flag=True, help="Print the component's model (solution included) as JSON instead of a PDF."),
        click.Option(["--format", "fmt"], type=click.Choice(["pdf", "png"]), default="pdf", show_default=True, help="pdf, or png: a folder of PNGs (each card, each page; decks also get 10x7 tabletop sheets)."),
        click.Option(["--dpi"], type=click.IntRange(36, 1200), default=150, show_default=True, help="Resolution of --format png."),
        click.Option(["--words"], type=click.Path(dir_okay=False), help="Add your own word list (one word a line) to the acceptance list."),
    ]
    if "cards" in component.uses:
        opts += [
            click.Option(["--card-size"], type=click.Choice(list(CARDS)), default=cfg.get("card_size"), show_default=True, help="Card size."),
            click.Option(["--bleed"], type=click.FloatRange(0, 6), default=cfg.get("bleed"), show_default=True, help="Bleed in mm (art past the trim line)."),
            click.Option(["--duplex"], type=click.Choice(DUPLEX), default=cfg.get("duplex"), show_default=True, help="Backs pages for two-sided printing: flip on the long or short edge, or none."),
            click.Option(["--layout"], type=click.Choice(LAYOUTS), default="sheet", show_default=True, help="sheet (n-up with crop marks), fold (gutter fold) or single (print shop: one card a page)."),
            click.Option(["--order"], type=click.Choice(ORDERS), default="interleaved", show_default=True, help="Page order of --layout single: front, back, front, back... or all fronts then all backs."),
            click.Option(["--back-offset"], default=cfg.get("back_offset"), show_default=True, metavar="X,Y", help="Shift backs by X,Y mm (read off `printkit calibrate`)."),
            click.Option(["--copies"], type=click.IntRange(1, 1000), default=1, show_default=True, help="Copies of the deck."),
            _shop_option(),
        ]
    if "seed" in component.uses:
        opts.append(click.Option(["--seed"], default="1", show_default=True, help="Seed string: the same seed gives the same component."))
    if "count" in component.uses:
        opts.append(click.Option(["--count"], type=click.IntRange(1, 10000), default=1, show_default=True, help="How many to make."))
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
        kind = click.IntRange(p.min, p.max)
    else:
        kind = click.STRING
    return click.Option([flag, p.name], type=kind, default=p.default, multiple=p.multiple, show_default=p.default not in (None, ()), help=p.help)


def _back_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset must be X,Y in mm (e.g. 0.5,-1), not '{text}'") from None
    if abs(x) > 20 or abs(y) > 20:
        raise UsageError(f"--back-offset {text}: offsets beyond 20 mm are not a misalignment")
    return (x, y)


def print_options(kw: dict, shop=None):
    from printkit.engine.units import PrintOptions

    shop = shop or _apply_shop(kw)
    kw.pop("shop", None)
    args = dict(paper=kw.pop("paper", "a4").lower(), ink=kw.pop("ink", "color"), **_prepress(kw))
    if shop is not None:
        args.update(shop=shop.key, pdfx_version=shop.pdfx_version)
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
    words = kw.pop("words", None)
    if words:
        from printkit import words as wordlists

        wordlists.add_user_words(words)
    opts = print_options(kw, shop)
    params = {k: v for k, v in kw.items()}
    model = build.build_checked(component, params)
    if as_json:
        click.echo(json.dumps(model, indent=2, ensure_ascii=False))
        return
    out = Path(output) if output else Path(defaults().get("output")) / component.output_name
    if fmt == "png":
        folder = Path(output) if output else out.with_suffix("")
        if shop is not None and shop.pixels:
            click.echo(build.write_shop_pngs(component, model, opts, folder, dpi, shop))
        else:
            click.echo(build.write_pngs(component, model, opts, folder, dpi))
        return
    result = build.write_component(component, model, opts, out)
    click.echo(result.summary())
    if shop is not None:
        from printkit.engine.shops import describe

        click.echo(describe(shop))
    if component.report:
        click.echo(component.report(model))


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
        run_component(self.component, kw)


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

    def run(output, paper, ink, seed, **prepress) -> None:
        from printkit import kit
        from printkit.engine.units import PrintOptions

        opts = PrintOptions(paper=paper.lower(), ink=ink, card_size=cfg.get("card_size"), back_offset=_back_offset(cfg.get("back_offset")), duplex=cfg.get("duplex"), bleed=cfg.get("bleed"), **_prepress(prepress))
        folder = Path(output) if output else Path(cfg.get("output"))
        kit.build_kits(games, opts, folder, seed=seed, all_games=(name == "all"))

    return click.Command(
        name=name,
        callback=run,
        help=help_text,
        context_settings=SETTINGS,
        params=[
            click.Option(["-o", "--output"], type=click.Path(file_okay=False), help="Folder to write into [default: output/]."),
            click.Option(["--paper"], type=click.Choice(list(PAPERS), case_sensitive=False), default=cfg.get("paper"), show_default=True),
            click.Option(["--ink"], type=click.Choice(INKS), default=cfg.get("ink"), show_default=True),
            click.Option(["--seed"], default="1", show_default=True, help="Seed for the kit's generated parts."),
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
        found = build.check(component, model)
        if found:
            bad += 1
            for v in found:
                click.echo(f"{name}: {v}")
        else:
            click.echo(f"{name}: ok ({component.game} {component.name})")
    if bad:
        raise RulesError([])


@cli.command("calibrate", context_settings=SETTINGS)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="PDF to write [default: output/calibrate.pdf].")
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
    out = Path(output) if output else Path(cfg.get("output")) / "calibrate.pdf"
    size = doc.save(out)
    click.echo(f"wrote {out}: {doc.pages} pages, {size / 1024:.0f} KB. Print two-sided at 100%, flip on the {duplex} edge; read the back's scales against a window.")


@cli.command("preview", context_settings=SETTINGS)
@click.argument("pdf", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(file_okay=False), help="Folder for the PNGs [default: FILE-preview/ beside the PDF].")
@click.option("--dpi", type=click.IntRange(36, 1200), default=100, show_default=True)
@click.option("--pages", default=None, help="Pages to render, e.g. 1,3-5 [default: all].")
def preview_cmd(pdf, output, dpi, pages) -> None:
    """PNG previews of a PDF's pages (any PDF, printkit's or not)."""
    from printkit.engine.raster import png_bytes, render_pages, write_folder

    src = Path(pdf)
    if not src.is_file():
        raise UsageError(f"{pdf}: no such file")
    wanted = _page_list(pages) if pages else None
    try:
        images = render_pages(str(src), dpi, wanted)
    except IndexError as exc:
        raise UsageError(f"--pages {pages}: {exc}") from None
    except Exception as exc:  # pdfium's error for a file that is not a PDF
        raise UsageError(f"{pdf}: not a PDF it can read ({exc.__class__.__name__})") from None
    folder = Path(output) if output else src.with_name(src.stem + "-preview")
    numbers = wanted if wanted is not None else list(range(len(images)))
    write_folder(folder, {f"page-{n + 1:03d}.png": png_bytes(img, dpi) for n, img in zip(numbers, images)})
    click.echo(f"wrote {len(images)} PNG page{'s' if len(images) != 1 else ''} at {dpi} dpi into {folder}/")


def _page_list(text: str) -> list[int]:
    out: list[int] = []
    try:
        for part in text.split(","):
            if "-" in part:
                a, b = (int(v) for v in part.split("-"))
                out += list(range(a - 1, b))
            else:
                out.append(int(part) - 1)
    except ValueError:
        raise UsageError(f"--pages must look like 1,3-5, not '{text}'") from None
    if any(n < 0 for n in out):
        raise UsageError(f"--pages {text}: pages count from 1")
    return out


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


def main(argv: list[str] | None = None) -> None:
    """Entry point: one line per error, exit 0 ok / 1 rules violated / 2 bad input."""
    try:
        cli.main(args=argv, prog_name="printkit", standalone_mode=False)
    except RulesError as exc:
        for v in exc.violations:
            click.echo(f"printkit: {v}", err=True)
        if exc.violations:
            click.echo(f"printkit: refused: {len(exc.violations)} rule violation(s), nothing written", err=True)
        sys.exit(1)
    except PrintkitError as exc:
        click.echo(f"printkit: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "", err=False)
        sys.exit(0)
    except click.ClickException as exc:
        msg = " ".join(exc.format_message().split())
        click.echo(f"printkit: error: {msg}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:  # click's form of Ctrl-C
        click.echo("printkit: interrupted, nothing written", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("printkit: interrupted, nothing written", err=True)
        sys.exit(1)
    except BrokenPipeError:
        sys.exit(1)
    except Exception as exc:  # a bug: still one line, never a traceback
        click.echo(f"printkit: internal error: {exc.__class__.__name__}: {exc} (set PRINTKIT_DEBUG=1 for details)", err=True)
        import os

        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        sys.exit(1)
