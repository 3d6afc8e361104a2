"""Checking files before anything is printed: component JSON files (as --json
writes them) and your own games' project files."""

from __future__ import annotations

from printkit.app.jobs import add_words
from printkit.errors import RulesError


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
    """Check a project file; report each violation, then each warning (a font
    found nowhere, drawn in a shipped face). True when it passes.
    `strict`: such a font is an error (OWN-FONT)."""
    from printkit.custom import check_game, font_notes, load_project

    game = load_project(name, strict=strict)
    models, found = check_game(game)
    for v in found:
        echo(f"{name}: {v}")
    for note in font_notes(game):
        echo(f"{name}: warning: {note}")
    if not found:
        cards = sum(len(m.get("cards", [])) for m in models.values() if "deck" in m)
        echo(f"{name}: ok ({game.title}: {len(models)} parts, {cards} cards)")
    return not found
