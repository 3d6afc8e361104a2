"""The command-line side of your own games: `printkit make GAME.toml`,
`printkit deck --data cards.csv --front front.svg`, and `printkit validate GAME.toml`.

Commands are built when they run (like the game verbs) so printkit.toml
defaults are read per run and `printkit --help` stays cheap.
"""

from __future__ import annotations

import types
from pathlib import Path

import click

from printkit.errors import RulesError, UsageError

_CARDS = types.SimpleNamespace(uses=frozenset({"cards"}), params=())


def _options(extra: list[click.Option], drop=("words",)) -> list[click.Parameter]:
    from printkit import cli

    return [*extra, *(o for o in cli._shared_options(_CARDS) if o.name not in drop)]


def _explicit(name: str) -> bool:
    ctx = click.get_current_context()
    return ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE


class _LazyCommand(click.Command):
    """Options built when the command is used (printkit.toml read per run)."""

    def __init__(self, name, build_params, **kw) -> None:
        self._build_params = build_params
        super().__init__(name, params=[], **kw)

    def get_params(self, ctx):
        self.params = self._build_params()
        return super().get_params(ctx)


# -- printkit make GAME.toml ---------------------------------------------------------

def make_command() -> click.Command:
    from printkit.cli import SETTINGS

    def params():
        return _options(
            [
                click.Argument(["project"], type=click.Path(dir_okay=False)),
                click.Option(["--only"], metavar="PART", help="Write one part of the project (a deck, tokens, board or page name) instead of the whole kit."),
            ]
        )

    return _LazyCommand(
        "make",
        params,
        callback=_run_make,
        help="Your own game from a project file (GAME.toml): cover, contents, print guide and every deck, token sheet, board and page in one PDF. See docs/own-deck.md.",
        short_help="Your own game's kit from a project file (GAME.toml).",
        context_settings=SETTINGS,
    )


def _run_make(project, only, **kw) -> None:
    from printkit import build, cli
    from printkit.custom import check_game, load_project
    from printkit.engine.document import Document
    from printkit.kit import draw_kit

    # a --shop preset sets card size, bleed, layout, format... as for a deck; its card
    # size then counts as given (templates drawn for another size are refused)
    shop = cli._apply_shop(kw) if kw.get("shop") else None
    size_given = _explicit("card_size") or (shop is not None and "card_size" in shop.options)
    output = kw.pop("output", None)
    as_json = kw.pop("as_json", False)
    fmt, dpi = kw.pop("fmt", "pdf"), kw.pop("dpi", 150)
    game = load_project(project, card_size=kw["card_size"] if size_given else None)
    if only is not None:
        if only not in game.components:
            raise UsageError(f"--only {only}: {project} has no part '{only}' (parts: {', '.join(game.components)})")
        game = _only(game, only)
    first_deck = next((c for c in game.components.values() if "cards" in c.uses), None)
    if not size_given and first_deck is not None:
        kw["card_size"] = first_deck.render.__self__.card_size
    opts = cli.print_options(kw, shop)
    models, found = check_game(game)
    if found:
        raise RulesError(found)
    if as_json:
        import json

        click.echo(json.dumps(models, indent=2, ensure_ascii=False))
        return
    folder = Path(cli.defaults().get("output"))
    if fmt == "png":
        out = Path(output) if output else folder / f"{game.name}-kit"
        for name, comp in game.components.items():
            if shop is not None and shop.pixels and "cards" in comp.uses:  # the shop's own pixel size, with its bleed
                click.echo(build.write_shop_pngs(comp, models[name], opts, out / name, dpi, shop))
            else:
                click.echo(build.write_pngs(comp, models[name], opts, out / name, dpi))
        return
    if only is not None:
        comp = game.components[only]
        out = Path(output) if output else folder / comp.output_name
        click.echo(build.write_component(comp, models[only], opts, out).summary())
        return
    out = Path(output) if output else folder / f"{game.name}-kit.pdf"
    command = f"{game.command} {' '.join(opts.args())}"
    doc = Document(opts, title=f"{game.title}: print-and-play kit", subject=f"game={game.name}; component=kit", keywords=[f"game:{game.name}", "component:kit", f"command:{command}"], command=command)
    parts = draw_kit(doc, game)
    size = doc.save(out)
    guide = next((page for title, page in doc.bookmarks if title == "How to print"), 2)
    click.echo(f"wrote {out}: {doc.pages} pages, {size / 1024:.0f} KB. Page {guide} says how to print it.")
    for p in parts:
        pages = f"{p.first}" if p.first == p.last else f"{p.first}-{p.last}"
        click.echo(f"  {p.title}: pages {pages}" + (f", two-sided ({p.two_sided} edge)" if p.two_sided else ""))
    for note in dict.fromkeys(doc.notes):
        click.echo(f"  {note}")


def _only(game, name):
    from printkit.component import KitPart

    return game._replace(components={name: game.components[name]}, kit=(KitPart(name),))


# -- printkit deck --data cards.csv --front front.svg ------------------------------------

def own_deck_command() -> click.Command:
    from printkit.cli import SETTINGS

    def params():
        return _options(
            [
                click.Option(["--data"], required=True, type=click.Path(dir_okay=False), help="Card data: .csv, .xlsx or .json (one row per card; a qty column repeats a row)."),
                click.Option(["--front"], required=True, type=click.Path(dir_okay=False), help="Front template: .svg with {{ column }} placeholders, or a layout .toml."),
                click.Option(["--back"], type=click.Path(dir_okay=False), help="Back template (shared; with placeholders, one back per row) [default: plain]."),
                click.Option(["--sheet"], help="Sheet of an .xlsx file [default: the first]."),
            ]
        )

    return _LazyCommand(
        "--data",
        params,
        callback=_run_deck,
        help="One deck of your own from a data file and templates, without a project file. Fonts and icons are looked for in fonts/ and icons/ beside the front template.",
        context_settings=SETTINGS,
    )


def _run_deck(data, front, back, sheet, **kw) -> None:
    from printkit import cli
    from printkit.custom import single_deck_game

    cli._apply_shop(kw)  # a --shop preset picks the card size the deck is built for
    game = single_deck_game(data, front, back, sheet, kw["card_size"])
    cli.run_component(game.components["deck"], kw)


# -- printkit validate GAME.toml -----------------------------------------------------------

def validate_project(name: str, echo=click.echo) -> bool:
    """Check a project file; print each violation. True when it passes."""
    from printkit.custom import check_game, load_project

    game = load_project(name)
    models, found = check_game(game)
    for v in found:
        echo(f"{name}: {v}")
    if not found:
        cards = sum(len(m.get("cards", [])) for m in models.values() if "deck" in m)
        echo(f"{name}: ok ({game.title}: {len(models)} parts, {cards} cards)")
    return not found
