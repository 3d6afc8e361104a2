"""Your own game: decks, token sheets, boards and text pages from a project file,
data files (CSV, XLSX, ODS, XLS, JSON, a published CSV address) and templates (SVG or a TOML layout).

The project becomes the same Game/Component objects the built-in games use
(printkit/component.py), so the print engine, the build and the kit code serve
it unchanged; printkit/engine never imports this package.
"""

from __future__ import annotations



def load_project(path, card_size: str | None = None, strict: bool = False, svg_dpi: float | None = None):
    from printkit.custom.project import load_project as _load

    return _load(path, card_size, strict, svg_dpi)


def single_deck_game(data, front, back=None, sheet=None, card_size: str = "poker", template_column: str = "template", back_template_column: str = "back_template", strict: bool = False, svg_dpi: float | None = None):
    from printkit.custom.project import single_deck_game as _single

    return _single(data, front, back, sheet, card_size, template_column, back_template_column, strict, svg_dpi)


def check_game(game, select=None) -> tuple[dict, list]:
    """Build every component of a project and run its checks before anything is
    drawn. Returns ({component name: model}, violations); raises UsageError for
    files that cannot be read. `select(model) -> model` cuts each deck down
    (to some cards) before it is checked."""
    from printkit.component import default_params
    from printkit.rules import JSON_FORMAT, run_checks

    from printkit.custom import safety
    from printkit.custom.project import shipped_glyphs

    models, found = {}, []
    copies = {part.component: part.copies for part in game.kit}
    total = 0
    for what, text in (("title", game.title), ("blurb", game.blurb), ("players", game.players)):  # the cover's text
        found += shipped_glyphs(text or "", f"[game] {what}")
    for name, comp in game.components.items():
        found += shipped_glyphs(comp.title, f"{name}: title")
        model = {"format": JSON_FORMAT, "game": game.name, "component": name, **comp.build(default_params(comp))}
        if select is not None and "cards" in comp.uses:
            model = select(model)
        models[name] = model
        total += len(model.get("cards") or []) * copies.get(name, 1)
        if total > safety.LIMITS["CARDS"]:  # every deck and token sheet, with its copies: bounded time
            raise safety.LimitError(f"{game.name}: over {safety.LIMITS['CARDS']:,} cards and tokens to print (with copies), printkit's limit")
        found += [v._replace(place=f"{name}: {v.place}") for v in run_checks(model, comp.checks)]
    return models, found


def font_notes(game) -> list[str]:
    """The run-summary sentences of a project's fonts found nowhere (drawn in a
    shipped face), once each, as far as its checks and drawing have seen them."""
    out: dict = {}
    for comp in game.components.values():
        ctx = getattr(getattr(comp.render, "__self__", None), "ctx", None)
        if ctx is not None:
            out.update(dict.fromkeys(ctx.fonts.notes()))
    return list(out)


def print_warnings(game, bleed: float) -> list:
    """What a print with `bleed` mm of bleed would warn about beyond the checks:
    art drawn without (enough) bleed, whose bleed printkit generates."""
    out = []
    for name, comp in game.components.items():
        spec = getattr(comp.render, "__self__", None)
        if spec is not None and hasattr(spec, "bleed_warnings"):
            out += [v._replace(place=f"{name}: {v.place}") for v in spec.bleed_warnings(bleed)]
    return out


def reset_caches() -> None:
    """Forget what was read from files by path (SVG art, image sizes, font
    folders): a live preview calls it after a project file changed."""
    from printkit.custom import assets

    assets.load_svg_drawing.cache_clear()
    assets.image_pixels.cache_clear()
    assets._scan.cache_clear()
