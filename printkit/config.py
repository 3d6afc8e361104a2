"""Defaults from printkit.toml: the working directory's, else the user's
(~/.config/printkit/printkit.toml, or $XDG_CONFIG_HOME/printkit/printkit.toml).

The command line always wins over the file; the file wins over printkit's own
defaults. `printkit list` shows where each default came from.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

import os
from typing import NamedTuple
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
    "qr_url": "",
    "jobs": "auto",
    "lang": "en",
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
    "qr_url": "web address for the QR code of forms (Cryptic Words); default: the form's ID",
    "jobs": "processes a run may use: a whole number, or \"auto\" for every processor it may run on",
    "lang": "language of the five games' words, cards and rules: en, de, fr, es or nl",
}


class Defaults(NamedTuple):
    values: dict
    sources: dict  # key -> "built-in" or the file's path

    def get(self, key: str):
        return self.values[key]


def config_paths() -> list[Path]:
    home = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(home):  # unset, empty or relative: the XDG rule is to ignore it
        home = str(Path.home() / ".config")
    return [Path.cwd() / "printkit.toml", Path(home) / "printkit" / "printkit.toml"]


def _shown(value) -> str:
    """A config value for a message, cut short (a 10 MB value is not echoed whole)."""
    from printkit.base.files import shown

    return shown(repr(value), 40)


def _number(value) -> float | None:
    """A finite TOML number, else None (bool, nan, inf, strings refused)."""
    import math

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _check(path: Path, key: str, value):
    from printkit.engine.units import CARDS, COLORS, DUPLEX, INKS, PAPERS

    allowed = {"paper": PAPERS, "card_size": CARDS, "ink": INKS, "duplex": DUPLEX, "color": COLORS}
    if key == "card_size":
        from printkit.engine.units import CARD_SIZE_HELP, card_size_name

        try:
            return card_size_name(value) if isinstance(value, str) else card_size_name("?")
        except KeyError:
            raise UsageError(f"{path}: card_size = {_shown(value)} is not a card size: {CARD_SIZE_HELP}") from None
    if key in allowed:
        if not isinstance(value, str) or value.lower() not in allowed[key]:
            raise UsageError(f"{path}: {key} = {_shown(value)} is not one of {', '.join(allowed[key])}")
        return value.lower()
    if key == "back_offset":
        limit = 20
        if isinstance(value, str):
            value = value.split(",")
            value = [_number(_float_or_none(v)) for v in value] if len(value) == 2 else None
        elif isinstance(value, list) and len(value) == 2:
            value = [_number(v) for v in value]
        else:
            value = None
        if value is None or any(v is None or abs(v) > limit for v in value):
            raise UsageError(f"{path}: back_offset must be \"X,Y\" or [X, Y], each a number of mm from -{limit} to {limit}")
        return f"{value[0] + 0.0:g},{value[1] + 0.0:g}"
    if key == "bleed":
        number = _number(value)
        if number is None or not 0 <= number <= 6:
            raise UsageError(f"{path}: bleed = {_shown(value)} must be a number of mm from 0 to 6")
        return number
    if key == "qr_url":
        if not isinstance(value, str):
            raise UsageError(f"{path}: qr_url must be a web address in quotes")
        return value  # the form's rules check it (http:// or https://)
    if key == "jobs":
        if isinstance(value, str) and value.strip().lower() == "auto":
            return "auto"
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 256:
            raise UsageError(f"{path}: jobs = {_shown(value)} must be a whole number from 1 to 256, or \"auto\"")
        return value
    if key == "lang":
        from printkit.lang import CODES

        if not isinstance(value, str) or value.strip().lower() not in CODES:
            raise UsageError(f"{path}: lang = {_shown(value)} is not one of {', '.join(CODES)}")
        return value.strip().lower()
    if key == "output":
        if not isinstance(value, str) or not value.strip():
            raise UsageError(f"{path}: output must be a folder name (a string), not {_shown(value)}")
        if "\0" in value:
            raise UsageError(f"{path}: output = {_shown(value)}: a path cannot hold a NUL byte")
        return value
    raise AssertionError(key)


def _cut(exc) -> str:
    from printkit.base.files import shown

    return shown(exc, 120)


def _float_or_none(text: str):
    try:
        return float(text.strip())
    except ValueError:
        return None


def load_defaults() -> Defaults:
    values, sources = dict(BUILTIN), {k: "built-in" for k in BUILTIN}
    for path in config_paths():
        try:
            if not path.is_file():
                continue
        except OSError as exc:  # XDG_CONFIG_HOME naming a path too long to look at, say
            from printkit.base.files import shown

            via = " (XDG_CONFIG_HOME)" if os.environ.get("XDG_CONFIG_HOME") and str(path).startswith(os.environ["XDG_CONFIG_HOME"]) else ""
            raise UsageError(f"{shown(str(path), 60)}{via}: cannot look for settings there ({exc.strerror or exc.__class__.__name__})") from None
        import tomllib  # only when there is a file to read (2-3 ms a run otherwise)

        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"{path}: cannot read it ({exc.__class__.__name__})") from None
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{path}: not valid TOML ({_cut(exc)})") from None
        except (ValueError, RecursionError) as exc:  # a 5,000-digit number, arrays nested 10,000 deep
            raise UsageError(f"{path}: cannot read it ({exc.__class__.__name__}: {_cut(exc)})") from None
        data = data.get("printkit", data)
        if not isinstance(data, dict):
            raise UsageError(f"{path}: [printkit] must be a table of settings, not {_shown(data)}")
        for raw_key, value in data.items():
            key = raw_key.replace("-", "_")
            if key not in KEYS:
                raise UsageError(f"{path}: unknown setting {_shown(raw_key)} (settings: {', '.join(KEYS)})")
            values[key] = _check(path, key, value)
            sources[key] = str(path)
        break  # the first file found wins as a whole
    return Defaults(values, sources)
