"""Checking files before anything is printed: component JSON files (as --json
writes them) and your own games' project files."""

from __future__ import annotations

from printkit.app.jobs import add_words
from printkit.errors import RulesError
from printkit.app.options import check_fit, defaults


def validate_files(names, echo, words=None, strict: bool = False) -> None:
    """Check component JSON files (as --json writes them) and project files
    (GAME.toml); report each; RulesError when any fails."""
    from printkit import build

    add_words(words)
    bad = 0
    for name in names:
        if name.lower().endswith(".toml"):
            bad += not validate_project(name, echo, strict)
            continue
        component, model = build.load_json(name)
        found = build.check_file(component, model)
        if found:
            bad += 1
            for v in found:
                echo(f"{name}: {v}")
        else:
            echo(f"{name}: ok ({component.game} {component.name})")
    if bad:
        raise RulesError([])


def validate_project(name: str, echo, strict: bool = False) -> bool:
    """Check a project file; report each error, then each warning (craft
    advice: fonts found nowhere and drawn in a shipped face, ink in the safe
    zone, what a default print would generate). True when no error; with
    `strict` warnings are errors too (fonts: OWN-FONT)."""
    from printkit import build
    from printkit.custom import check_game, font_notes, load_project, print_warnings

    game = load_project(name, strict=strict)
    _check_paper(game)
    models, found = check_game(game)
    found += print_warnings(game, float(defaults().get("bleed")))
    errors, warnings = build.split(found)

    def one_line(text, limit: int = 400) -> str:  # as make says it: one line, a huge value cut short
        text = " ".join(str(text).split())
        return text if len(text) <= limit else text[: limit - 3] + "..."

    for v in errors:  # each error on its own line (the full report; make groups a row's copies)
        echo(f"{name}: error: {one_line(v)}")
    # the same warning on many cards is one line naming the first and how many more, as make says it
    for line in build.grouped(warnings):
        echo(f"{name}: warning: {one_line(line)}")
    notes = font_notes(game)
    for note in notes:
        echo(f"{name}: warning: {note}")
    from printkit.custom.project import counted

    n = sum(counted(v) for v in warnings) + len(notes)
    warnings = warnings + notes
    if not errors and strict and warnings:  # the verdict says why it fails: no "ok" over an exit 1
        echo(f"{name}: error: --strict: the {n} warning{'s' if n != 1 else ''} above count{'' if n != 1 else 's'} as errors")
    elif not errors:
        cards = sum(len(m.get("cards", [])) for m in models.values() if "deck" in m)
        extra = f", {n} warning{'s' if n != 1 else ''}" if warnings else ""
        echo(f"{name}: ok ({game.title}: {len(models)} parts, {cards} cards{extra})")
    return not errors and not (strict and warnings)


def _check_paper(game) -> None:
    """A deck whose cards do not fit the default paper (printkit.toml's, else A4)
    in the default layout is refused as `make` would refuse it (exit 2)."""
    from printkit.app.own import deck_sizes
    from printkit.engine.units import PrintOptions

    cfg = defaults()
    check_fit(PrintOptions(paper=str(cfg.get("paper")).lower(), bleed=float(cfg.get("bleed"))), deck_sizes(game))
