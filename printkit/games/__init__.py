"""The games: one module or package per game, each exposing `GAME`.

Games are found by scanning this package, so adding a game touches nothing else.
Game modules must stay cheap to import (no drawing libraries at import time).
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from printkit.component import Game
from printkit.errors import UsageError


@lru_cache(maxsize=1)
def all_games() -> dict[str, Game]:
    import pkgutil

    games: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.name] = game
    return dict(sorted(games.items()))


def find_game(name: str) -> Game | None:
    """One game by its name, importing only that game's package."""
    module_name = name.replace("-", "_")
    if not module_name.isidentifier() or module_name.startswith("_"):
        return None
    full = f"{__name__}.{module_name}"
    try:
        module = importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name == full:  # no such game (a missing dependency inside one is a bug, raised)
            return None
        raise
    game = getattr(module, "GAME", None)
    return game if isinstance(game, Game) and game.name == name else None


def get_game(name: str) -> Game:
    game = find_game(name)
    if game is None:
        raise UsageError(f"unknown game '{name}' (games: {', '.join(all_games())})")
    return game
