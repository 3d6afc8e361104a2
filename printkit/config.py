"""Defaults from printkit.toml: the working directory's, else the user's
(~/.config/printkit/printkit.toml, or $XDG_CONFIG_HOME/printkit/printkit.toml).

The command line always wins over the file; the file wins over printkit's own
defaults. `printkit list` shows where each default came from.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import UsageError

BUILTIN = {
    "paper": "a4",
    "card_size": "poker",
    "ink": "color",
    "back_offset": "0,0",
    "output": "output",
    "duplex": "long",
    "bleed": 3.0,
    "color": "rgb",
}
KEYS = {
    "paper": "paper size",
    "card_size": "card size (also card-size)",
    "ink": "ink mode",
    "back_offset": "back offset X,Y in mm (also back-offset, or [X, Y])",
    "output": "output folder",
    "duplex": "long, short or none",
    "bleed": "bleed in mm",
    "color": "rgb or cmyk",
}


@dataclass(frozen=True)
class Defaults:
    values: dict
    sources: dict  # key -> "built-in" or the file's path

    def get(self, key: str):
        return self.values[key]


def config_paths() -> list[Path]:
    home = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return [Path.cwd() / "printkit.toml", Path(home) / "printkit" / "printkit.toml"]


def _check(path: Path, key: str, value):
    from printkit.engine.units import CARDS, COLORS, DUPLEX, INKS, PAPERS

    allowed = {"paper": PAPERS, "card_size": CARDS, "ink": INKS, "duplex": DUPLEX, "color": COLORS}
    if key in allowed:
        if not isinstance(value, str) or value.lower() not in allowed[key]:
            raise UsageError(f"{path}: {key} = {value!r} is not one of {', '.join(allowed[key])}")
        return value.lower()
    if key == "back_offset":
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
            return f"{value[0]:g},{value[1]:g}"
        if isinstance(value, str):
            return value
        raise UsageError(f"{path}: back_offset must be \"X,Y\" or [X, Y] in mm")
    if key == "bleed":
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 6:
            raise UsageError(f"{path}: bleed = {value!r} must be a number of mm from 0 to 6")
        return float(value)
    if key == "output":
        if not isinstance(value, str) or not value:
            raise UsageError(f"{path}: output must be a folder name")
        return value
    raise AssertionError(key)


def load_defaults() -> Defaults:
    values, sources = dict(BUILTIN), {k: "built-in" for k in BUILTIN}
    for path in config_paths():
        if not path.is_file():
            continue
        import tomllib  # only when there is a file to read (2-3 ms a run otherwise)

        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"{path}: cannot read it ({exc.__class__.__name__})") from None
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{path}: not valid TOML ({exc})") from None
        data = data.get("printkit", data)
        for raw_key, value in data.items():
            key = raw_key.replace("-", "_")
            if key not in KEYS:
                raise UsageError(f"{path}: unknown setting '{raw_key}' (settings: {', '.join(KEYS)})")
            values[key] = _check(path, key, value)
            sources[key] = str(path)
        break  # the first file found wins as a whole
    return Defaults(values, sources)
