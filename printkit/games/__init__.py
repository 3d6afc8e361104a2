"""The games: one module or package per game, each exposing `GAME`.

Games are found by scanning this package, so adding a game touches nothing else.
Game modules must stay cheap to import (no drawing libraries at import time).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from printkit.component import Game
from printkit.errors import UsageError


@lru_cache(maxsize=1)
def all_games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.name] = game
    return dict(sorted(games.items()))


def get_game(name: str) -> Game:
    games = all_games()
    if name not in games:
        raise UsageError(f"unknown game '{name}' (games: {', '.join(games)})")
    return games[name]
