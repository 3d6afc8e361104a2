"""Your own games' jobs: a project file's kit or one of its parts
(`make GAME.toml`), one deck from a data file and templates (`deck --data`),
and checking a project file (`validate GAME.toml`)."""

from __future__ import annotations

from pathlib import Path
import os
import re

from printkit.app.jobs import check_image_target, make_component, select_cards, target_name
from printkit.app.options import check_fit, defaults, use_jobs
from printkit.base.resources import package_file
from printkit.errors import RulesError, UsageError


def allow_fetch(on: bool) -> None:
    """--fetch: the web addresses a project file names as data are fetched (else refused)."""
    from printkit.custom import safety

    safety.allow_network(on)


def make_project(project: str, request, echo, only=None) -> None:
    """The project's kit in one PDF, or (`only`) one part of it, or PNG folders or
    JSON, as the run request asks; RulesError (nothing written) when any check
    fails. `request.cards` ('3,7-9'): only those cards of the deck `only` names
    (or of the project's one deck). A --shop preset's card size counts as given
    (templates drawn for another size are refused), and fonts found nowhere and
    craft warnings are errors when the print options are strict."""
    from printkit.base.progress import reporting

    with use_jobs(request.jobs), reporting(request.progress):
        _make_project(project, request, echo, only)


def _make_project(project: str, request, echo, only) -> None:
    from printkit import build
    from printkit.custom import check_game, load_project

    shop, target, cards, strict = request.shop, request.target, request.cards, request.print.strict
    fmt = target.format
    check_image_target(request)
    game = load_project(project, card_size=request.print.card_size if request.size_given else None, strict=strict, svg_dpi=request.svg_dpi)
    decks = [n for n, c in game.components.items() if "cards" in c.uses]
    if cards and only is None and len(decks) == 1:
        only = decks[0]
    if cards and (only is None or only not in decks):
        raise UsageError(f"--cards picks cards of one deck: add --only DECK (decks: {', '.join(decks) or 'none'})")
    # a print shop's file (--shop, --layout single) and a tabletop deck hold the decks
    # alone: only the decks are checked, and the run names the parts left out
    target_words = f"--shop {shop.key}" if shop is not None else "--format tabletop" if fmt == "tabletop" else "--layout single" if fmt == "pdf" and request.print.layout == "single" else None
    if only is not None:
        if only not in game.components:
            raise UsageError(f"--only {only}: {project} has no part '{only}' (parts: {', '.join(game.components)})")
        if target_words and only not in decks:
            raise UsageError(f"--only {only}: {target_words} takes decks, and '{only}' is not one (decks: {', '.join(decks) or 'none'})")
        game = only_part(game, only)
    left_out = []
    if target_words and only is None:
        if not decks:
            raise UsageError(f"{target_words} takes decks; {project} has none (print its parts without {target_words})")
        left_out = [(n, c.title) for n, c in game.components.items() if n not in decks]
        game = game._replace(components={n: game.components[n] for n in decks}, kit=tuple(p for p in game.kit if p.component in decks))
    first_deck = next((c for c in game.components.values() if "cards" in c.uses), None)
    if not request.size_given and first_deck is not None:
        request = request.with_print(card_size=first_deck.render.__self__.card_size)
    opts = request.print
    if fmt == "pdf" and not target.json:
        check_fit(opts, deck_sizes(game))  # a card larger than the paper: one line saying what holds it
    models, found = check_game(game, (lambda m: select_cards(m, cards)) if cards else None)
    errors, warnings = build.split(found, opts.strict)
    if errors:
        raise RulesError(errors)
    if target.json:
        import json

        echo(json.dumps(models, indent=2, ensure_ascii=False))
        return
    folder = Path(defaults().get("output"))
    # the name each target writes when no -o is given: the project's, or (--only) the part's
    stem = Path(game.components[only].output_name).stem if only is not None else game.name
    _write_project(game, models, request, only, project, echo, folder, stem)
    if left_out:
        names = ", ".join(title for _, title in left_out)
        echo(f"  {target_words}: written for the decks alone; left out, and not checked: {names} "
             f"(print them without {target_words}, e.g. printkit make {project} --only {left_out[0][0]})")
    for line in build.warning_lines(warnings):
        echo(line)


def _write_project(game, models, request, only, project, echo, folder, stem) -> None:
    from printkit import build
    from printkit.engine.document import Document
    from printkit.base.files import StagedFolder
    from printkit.kit import draw_kit

    opts, shop, fmt = request.print, request.shop, request.target.format
    output = Path(request.target.path) if request.target.path else None
    parts = list(game.components.items())
    if fmt in ("png", "tabletop"):
        out = output or folder / target_name(stem, fmt, shop)
        one = only is not None or (shop is not None and len(parts) == 1)  # one part: its files in the folder itself
        with StagedFolder(out) as staged:
            for name, comp in parts:
                sub = "" if one else f"{name}/"
                if fmt == "tabletop":
                    echo(build.tabletop_into(comp, models[name], request, staged, Path(comp.output_name).stem))
                elif shop is not None and shop.pixels:  # the shop's own pixel size, with its bleed
                    echo(build.shop_pngs_into(comp, models[name], request, staged, sub))
                else:
                    echo(build.pngs_into(comp, models[name], request, staged, sub))
        return
    if only is not None:
        comp = game.components[only]
        out = output or folder / target_name(stem, fmt, shop, ".pdf")
        echo(build.write_component(comp, models[only], request, out).summary())
        return
    if opts.layout == "single":  # a print shop's file: card-size pages only, never the kit's paper-size ones
        out = output or folder / (target_name(stem, fmt, shop, ".pdf") if shop is not None else f"{stem}-cards.pdf")
        for name, comp in parts:
            target = out if len(parts) == 1 else out.with_name(f"{out.stem}-{name}{out.suffix}")
            echo(build.write_component(comp, models[name], request, target).summary())
        if shop is None:
            echo("  --layout single: the print shop's file holds the cards alone (one a page, at card size); the kit's cover and print guide are not in it: print those without --layout single")
        return
    out = output or folder / f"{stem}-kit.pdf"
    command = f"{game.command} {' '.join(opts.args())}"
    doc = Document(opts, title=f"{game.title}: print-and-play kit", subject=f"game={game.name}; component=kit", keywords=[f"game:{game.name}", "component:kit", f"command:{command}"], command=command)
    drawn = draw_kit(doc, game)
    size = doc.save(out)
    guide = next((page for title, page in doc.bookmarks if title == "How to print"), 2)
    echo(f"wrote {out}: {doc.pages} pages, {size / 1024:.0f} KB. Page {guide} says how to print it.")
    for p in drawn:
        pages = f"page {p.first}" if p.first == p.last else f"pages {p.first}-{p.last}"
        echo(f"  {p.title}: {pages}" + (f", two-sided ({p.two_sided} edge)" if p.two_sided else ""))
    for note in dict.fromkeys(doc.notes):
        echo(f"  {note}")


def deck_sizes(game) -> dict:
    """{deck name: card size} of a project's decks (each deck may have its own)."""
    return {name: comp.render.__self__.card_size for name, comp in game.components.items() if "cards" in comp.uses}


def only_part(game, name):
    """The game cut down to one of its parts."""
    from printkit.component import KitPart

    return game._replace(components={name: game.components[name]}, kit=(KitPart(name),))


def own_deck(data, front, back, sheet, request, echo, template_column: str = "template", back_template_column: str = "back_template") -> None:
    """One deck from a data file (or address) and templates (one, or several
    chosen per row by a column), written as `make_component` writes a game's deck."""
    from printkit.custom import single_deck_game

    game = single_deck_game(data, front, back, sheet, request.print.card_size, template_column, back_template_column, request.print.strict, request.svg_dpi)
    make_component(game.components["deck"], request, echo)


STARTER_FILES = ("game.toml", "cards.csv", "front.svg", "back.svg", "icons/star.svg", "rules.md")


def new_project(folder: str, echo) -> None:
    """`printkit new NAME`: a small working project in a new folder NAME (a
    deck of 12 cards from a CSV, a front and a back drawn as Inkscape writes
    SVG, an icon, a rules page), which `validate` calls ok and `make` prints.
    An existing NAME is refused (exit 2), never overwritten; the folder appears
    whole or not at all."""
    from xml.sax.saxutils import escape

    from printkit.base.files import StagedFolder, shown

    path = Path(folder)
    if not str(folder).strip() or path.name in ("", ".", ".."):
        raise UsageError(f"new: '{shown(folder, 40)}' is not a folder name: give the new project's folder, e.g. printkit new my-game")
    if os.path.lexists(path):
        raise UsageError(f"new: {shown(folder)} already exists: printkit new writes a new folder and never overwrites one; choose another name")
    name = re.sub(r"[^a-z0-9]+", "-", path.name.lower()).strip("-")
    if not name:
        raise UsageError(f"new: '{shown(path.name, 40)}' has no letter or digit to name the game by: choose a name such as my-game")
    title = " ".join(w.capitalize() for w in name.split("-"))
    source = package_file("starter")
    with StagedFolder(path) as out:
        os.mkdir(out.part / "icons")
        for rel in STARTER_FILES:
            text = source.joinpath(*rel.split("/")).read_text(encoding="utf-8")
            safe = escape(title) if rel.endswith(".svg") else title.replace('"', "'")
            out.add(rel, text.replace("@TITLE@", safe).replace("@NAME@", name).encode("utf-8"))
    toml = path / "game.toml"
    echo(f"wrote {path}/: a project to start from ({', '.join(STARTER_FILES)}): 12 cards, their front and back, a rules page.")
    echo(f"  next: printkit validate {toml}   then: printkit make {toml}   or: printkit serve {toml}   (docs/own-deck.md)")
