"""What templates draw with: fonts, icons and images, found by name or path.

Fonts come from the project's fonts/ folder, then the user's own font folders,
then the system's (fontconfig where it is installed; PRINTKIT_FONT_DIRS, when
set, names the folders read instead of your own and the system's); "Noto Sans", "Noto Serif"
and "Noto Sans Mono" (printkit's own, also the CSS generic families) are always
there, and a family found nowhere is drawn in the nearest of them, said in the
run summary. Every font is embedded (subset) in the PDF by ReportLab. Icons are SVG or PNG files in the project's icons/
folder, named in text as `:name:`. Images are PNG or JPEG files, by path.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections import namedtuple
from functools import lru_cache
from pathlib import Path
import hashlib
import itertools

from printkit.engine import fonts as engine_fonts, rl
from printkit.engine.text import ICON  # noqa: F401  (the setter's `:name:`, asked by the templates' checks)
from printkit.base.files import shown
from printkit.errors import UsageError, did_you_mean
from printkit.base.resources import resource_dir
from printkit.engine.fonts import ttfont

MIN_DPI = 300
FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
ICON_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")  # in the order an icon name is looked up
MAX_FONT_FILES = 20000  # a font folder is read up to this many files (a runaway tree stays bounded)

#: printkit's own faces, by family: (bold, italic) -> registered name. Latin only
#: (fonts/, scripts/subset_fonts.py); other characters fall back to fonts that have them.
SHIPPED = {
    "noto sans": {(False, False): engine_fonts.SANS, (True, False): engine_fonts.SANS_BOLD, (False, True): engine_fonts.SANS_ITALIC, (True, True): engine_fonts.SANS_BOLD_ITALIC},
    "noto serif": {(False, False): engine_fonts.SERIF, (True, False): engine_fonts.SERIF_BOLD, (False, True): engine_fonts.SERIF_ITALIC, (True, True): engine_fonts.SERIF_BOLD_ITALIC},
    "noto sans mono": {(False, False): engine_fonts.MONO, (True, False): engine_fonts.MONO_BOLD, (False, True): engine_fonts.MONO, (True, True): engine_fonts.MONO_BOLD},
}
SHIPPED_NAMES = {"noto sans": "Noto Sans", "noto serif": "Noto Serif", "noto sans mono": "Noto Sans Mono"}
#: CSS generic families -> (shipped family, forced bold, forced italic); docs/own-deck.md lists them
GENERIC = {
    "sans-serif": ("noto sans", False, False),
    "sans": ("noto sans", False, False),
    "system-ui": ("noto sans", False, False),
    "ui-sans-serif": ("noto sans", False, False),
    "ui-rounded": ("noto sans", False, False),
    "serif": ("noto serif", False, False),
    "ui-serif": ("noto serif", False, False),
    "math": ("noto serif", False, False),
    "monospace": ("noto sans mono", False, False),
    "ui-monospace": ("noto sans mono", False, False),
    "cursive": ("noto serif", False, True),  # handwriting: the slanted serif is the nearest printkit ships
    "fantasy": ("noto sans", True, False),  # display type: bold sans
}
#: words in a family name that say which shipped face is nearest to a missing font
_SERIF_HINTS = ("serif", "roman", "times", "garamond", "georgia", "palatino", "baskerville", "bodoni", "cambria",
                "caslon", "century", "didot", "minion", "book", "antiqua", "bookman", "charter", "constantia",
                "cormorant", "crimson", "merriweather", "lora", "playfair", "libre", "literata", "slab", "rockwell",
                "schoolbook", "perpetua", "goudy", "sabon", "jenson", "old style", "trajan", "cinzel")
_MONO_HINTS = ("mono", "courier", "consol", "code", "typewriter", "terminal", "fixed", "menlo", "inconsolata", "hack")
_NOT_SERIF = ("sans",)


#: Folders read in place of your own font folders and the system's fonts (fontconfig
#: is not asked either), separated as PATH is (":", ";" on Windows); set but empty:
#: none. The same fonts on every machine: a build, a CI run or the test suite that
#: must not depend on what the machine has installed (docs/own-deck.md).
FONT_DIRS_ENV = "PRINTKIT_FONT_DIRS"


def font_dirs_override() -> tuple[Path, ...] | None:
    """The folders PRINTKIT_FONT_DIRS names, or None when it is not set; a name
    that is not a folder is a usage error (a typo would silently drop every font)."""
    value = os.environ.get(FONT_DIRS_ENV)
    if value is None:
        return None
    dirs = tuple(Path(p).expanduser() for p in value.split(os.pathsep) if p.strip())
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"{FONT_DIRS_ENV}: {d} is not a folder")
    return dirs


def user_font_dirs() -> list[Path]:
    if font_dirs_override() is not None:
        return []
    home = Path.home()
    dirs = [home / ".fonts", home / ".local/share/fonts", home / "Library/Fonts"]
    if sys.platform.startswith("win"):
        local = os.environ.get("LOCALAPPDATA")
        if local:
            dirs.append(Path(local) / "Microsoft/Windows/Fonts")
    return [d for d in dirs if d.is_dir()]


def system_font_dirs() -> list[Path]:
    """The standard system font folders (read when fontconfig is not there)."""
    if sys.platform.startswith("win"):
        dirs = [Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts"]
    elif sys.platform == "darwin":
        dirs = [Path("/Library/Fonts"), Path("/System/Library/Fonts"), Path("/System/Library/Fonts/Supplemental"), Path("/Network/Library/Fonts")]
    else:
        dirs = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts")]
    return [d for d in dirs if d.is_dir()]


class FontFace(namedtuple("FontFace", "family bold italic path index name weight", defaults=(0, "", 400))):
    """A font file's face: family (lower case), bold, italic, path, index (the
    face in a .ttc collection), name (the family as the font spells it), weight
    (CSS: 400 regular, 700 bold). A named tuple: immutable, and cheap to define
    (a frozen dataclass costs ~0.9 ms at every start)."""

    __slots__ = ()

    def distance(self, bold: bool, italic: bool) -> int:
        """How far this face is from the style asked for (italic first, then weight)."""
        return (self.italic != italic) * 1000 + abs(self.weight - (700 if bold else 400))


def _os2_style(face) -> tuple[int, bool] | None:
    """(CSS weight, italic) from a font's OS/2 table: its weight class and italic bit."""
    try:
        data = face.reference_table("OS/2").data
        weight = int.from_bytes(data[4:6], "big")
        selection = int.from_bytes(data[62:64], "big")
    except Exception:
        return None
    if len(data) < 64 or not 1 <= weight <= 1000:
        return None
    return weight, bool(selection & 1)


_FC_WEIGHTS = ((0, 100), (40, 200), (50, 300), (80, 400), (100, 500), (180, 600), (200, 700), (205, 800), (210, 900), (215, 950))


def _css_weight(fc: float) -> int:
    """fontconfig's weight scale (80 regular, 200 bold) as a CSS weight."""
    for (a, ca), (b, cb) in zip(_FC_WEIGHTS, _FC_WEIGHTS[1:]):
        if fc <= b:
            return round(ca + (cb - ca) * max(0.0, fc - a) / (b - a))
    return 950


@lru_cache(maxsize=None)
def _file_faces(path: Path) -> tuple[FontFace, ...]:
    """The faces of one font file that ReportLab can embed (TrueType outlines),
    each under its family names (legacy and typographic) and its file name."""
    import uharfbuzz as hb

    try:
        blob = hb.Blob.from_file_path(str(path))
        count = max(1, hb.Face(blob, 0).count) if path.suffix.lower() == ".ttc" else 1
    except Exception:
        return ()
    faces = []
    for index in range(min(count, 64)):
        try:
            face = hb.Face(blob, index)
            if "glyf" not in face.table_tags:  # CFF outlines: ReportLab cannot embed them
                continue
            names = [face.get_name(hb.OTNameIdPredefined.TYPOGRAPHIC_FAMILY), face.get_name(hb.OTNameIdPredefined.FONT_FAMILY)]
            style_name = face.get_name(hb.OTNameIdPredefined.FONT_SUBFAMILY) or ""
        except Exception:
            continue
        names = [n for n in dict.fromkeys(names) if n]
        style = _os2_style(face)
        if style is None:
            b, i = _style(style_name, path.stem)
            style = (700 if b else 400, i)
        weight, italic = style
        for n in names:
            faces.append(FontFace(n.lower(), weight >= 600, italic, path, index, n, weight))
        if index == 0:
            faces.append(FontFace(path.stem.lower(), weight >= 600, italic, path, index, names[0] if names else path.stem, weight))
    return tuple(faces)


def _style(style: str, name: str) -> tuple[bool, bool]:
    s = (style + " " + name).lower()
    return ("bold" in s or "black" in s or "heavy" in s, "italic" in s or "oblique" in s)


def unreadable_why(path: Path, exc: BaseException | None = None) -> str:
    """Why a font file is left out, for the run summary: its name and, for a file
    whose tables do not hold together, what is wrong (engine_fonts.check_face)."""
    detail = str(exc) if isinstance(exc, engine_fonts.FontError) else ""
    return f"{Path(path).name} cannot be read as a font" + (f": {detail}" if detail else "")


#: font files of a scanned folder that are left out: folder -> ((path, why), ...)
_UNREADABLE: dict[str, tuple] = {}


def _readable_font(path: Path, folder: str) -> str | None:
    """None for a regular font file within the size limit (in a project's fonts
    folder, one in that folder itself, not a link out of it: your own and the
    system's folders are yours); else why it is left out ("cannot be read as a font: ...")."""
    from printkit.custom import safety

    if safety.inside(folder, safety.allowed()) and not safety.inside(path, [folder]):
        return "a link out of the project folder"
    try:
        safety.regular(path, "font", safety.LIMITS["IMAGE_BYTES"])
    except Exception as exc:
        text = str(exc)
        return f"cannot be read as a font: {text.split(': ', 1)[1] if ': ' in text else text}"
    return None


@lru_cache(maxsize=64)
def _scan(folder: str) -> tuple[FontFace, ...]:
    """The faces of the font files in `folder`; the files left out (not regular,
    too large, not a font printkit can embed) in _UNREADABLE[folder]."""
    faces: list[FontFace] = []
    left_out: list[tuple[Path, str]] = []
    n = 0
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if not name.lower().endswith(FONT_SUFFIXES):
                continue
            n += 1
            if n > MAX_FONT_FILES:
                _UNREADABLE[folder] = tuple(left_out)
                return tuple(faces)
            path = Path(root) / name
            why = _readable_font(path, folder)
            if why is None:
                found = _file_faces(path)
                if not found:  # a PostScript-outline (CFF) .otf beside its .ttf is usual: not named
                    why = _no_faces_why(path)
                faces.extend(found)
            if why:
                left_out.append((path, why))
    _UNREADABLE[folder] = tuple(left_out)
    return tuple(faces)


def _no_faces_why(path: Path) -> str | None:
    """Why a font file gave no face printkit can embed (None: a font with
    PostScript outlines, which printkit does not embed, and leaves out unnamed)."""
    import uharfbuzz as hb

    try:
        face = hb.Face(hb.Blob.from_file_path(str(path)), 0)
        tags = set(face.table_tags)
    except Exception:
        tags = set()
    if "CFF " in tags or "CFF2" in tags:
        return None
    return "cannot be read as a font: " + ("not a TrueType font" if not tags else "it has no glyph outlines ('glyf')")


def _run(args: list[str]) -> str | None:
    import subprocess

    try:
        proc = subprocess.run(args, capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    return proc.stdout.decode("utf-8", "replace")


_FC_FORMAT = "%{file}\t%{index}\t%{family}\t%{weight}\t%{slant}\t%{fontformat}\n"


def _fc_faces(text: str) -> list[FontFace]:
    """fontconfig's listing (fc-list / fc-match -s with _FC_FORMAT) as faces
    ReportLab can embed: TrueType outlines, no variable-font named instances."""
    faces = []
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) != 6 or parts[5] != "TrueType":
            continue
        file, index, families, weight, slant, _ = parts
        try:
            index_n = int(index)
            w = _css_weight(float(weight) if not weight.startswith("[") else 80.0)  # a variable font: its default (regular) instance
            italic = float(slant) >= 100
        except ValueError:
            continue
        if index_n >= 0x10000:  # a named instance of a variable font: ReportLab draws only the default
            continue
        path = Path(file)
        if path.suffix.lower() not in FONT_SUFFIXES:
            continue
        for fam in families.split(","):
            if fam.strip():
                faces.append(FontFace(fam.strip().lower(), w >= 600, italic, path, index_n, fam.strip(), w))
    return faces


def system_faces() -> tuple[FontFace, ...]:
    """Every font the system has: fontconfig's list (fc-list) where it is
    installed, else the standard Windows, macOS or Linux folders; with
    PRINTKIT_FONT_DIRS set, the fonts in the folders it names."""
    return _system_faces(font_dirs_override())


@lru_cache(maxsize=8)
def _system_faces(override: tuple[Path, ...] | None) -> tuple[FontFace, ...]:
    if override is not None:
        return tuple(f for d in override for f in _scan(str(d)))
    if shutil.which("fc-list"):
        out = _run(["fc-list", "--format", _FC_FORMAT])
        if out is not None:
            faces = sorted(_fc_faces(out), key=lambda f: (str(f.path), f.index, f.family))
            return tuple(faces)
    faces = []
    for d in system_font_dirs():
        faces.extend(_scan(str(d)))
    return tuple(faces)


@lru_cache(maxsize=4096)
def face_chars(path: Path, index: int = 0) -> frozenset:
    """The characters a font file's face has (its cmap)."""
    import uharfbuzz as hb

    try:
        return frozenset(hb.Face(hb.Blob.from_file_path(str(path)), index).unicodes)
    except Exception:
        return frozenset()


#: fonts made with another's letter widths, so text wraps and fits as with the original
#: (fontconfig's metric aliases, which Inkscape and LibreOffice follow): used, and named
#: as a substitution, when the family asked for is missing but one of these is installed
METRIC_ALIASES = {
    "arial": ("Liberation Sans", "Arimo"),
    "helvetica": ("Liberation Sans", "Arimo"),
    "times new roman": ("Liberation Serif", "Tinos"),
    "times": ("Liberation Serif", "Tinos"),
    "courier new": ("Liberation Mono", "Cousine"),
    "courier": ("Liberation Mono", "Cousine"),
    "nimbus mono": ("Liberation Mono", "Cousine"),  # URW's Courier (CFF outlines, not embeddable)
    "nimbus mono ps": ("Liberation Mono", "Cousine"),
    "nimbus mono l": ("Liberation Mono", "Cousine"),
    "nimbus sans": ("Liberation Sans", "Arimo"),  # URW's Helvetica
    "nimbus sans l": ("Liberation Sans", "Arimo"),
    "nimbus roman": ("Liberation Serif", "Tinos"),  # URW's Times
    "nimbus roman no9 l": ("Liberation Serif", "Tinos"),
    "calibri": ("Carlito",),
    "cambria": ("Caladea",),
}


def nearest_shipped(family: str) -> str:
    """The shipped family nearest to a missing one, by the words in its name."""
    f = family.lower()
    if any(h in f for h in _MONO_HINTS):
        return "noto sans mono"
    if any(h in f for h in _SERIF_HINTS) and not any(h in f.replace("serif", "") for h in _NOT_SERIF):
        return "noto serif"
    return "noto sans"


def shipped_label(family: str, bold: bool, italic: bool) -> str:
    """'Noto Sans Bold', 'Noto Serif Italic'... (Noto Sans Mono has no italic)."""
    if family == "noto sans mono":
        italic = False
    style = " ".join(w for w, on in (("Bold", bold), ("Italic", italic)) if on)
    return f"{SHIPPED_NAMES[family]} {style}".strip()


class Resolved(namedtuple("Resolved", "font found label family bold italic why", defaults=(False, False, ""))):
    """A family looked up: font (the registered ReportLab font name), found
    (False: found nowhere, `font` is the nearest shipped face), label (what it
    is drawn in, for the run summary: "Noto Sans Bold"), family (the family
    asked for, the first of a CSS list), bold, italic, why (a family whose file
    is there but cannot be used: why)."""

    __slots__ = ()


def families_of(value: str | None) -> list[str]:
    """A CSS font-family list ("'Open Sans', Arial, sans-serif") as names."""
    out = []
    for part in (value or "").split(","):
        name = part.strip().strip("'\"").strip()
        if name:
            out.append(name)
    return out


class FontBook:
    """Font families by name: resolve(family, bold, italic) -> a registered ReportLab font name.

    A family is looked for in the project's fonts/ folder, then the user's font
    folders, then the system's (fontconfig, else the standard folders). A CSS
    generic family (serif, sans-serif, monospace, cursive, fantasy) is a face
    printkit ships. A family found nowhere is drawn in the nearest shipped face
    (bold and italic kept): `lookup` says so, and the template names it in the
    run summary (`note`); in strict mode that is an error (OWN-FONT)."""

    def __init__(self, folders: list[Path], strict: bool = False) -> None:
        self.folders = [Path(f) for f in folders if Path(f).is_dir()]
        self.strict = strict
        self._cache: dict[tuple, Resolved] = {}
        self._notes: dict[str, tuple] = {}  # run-summary sentence -> (place, Resolved)
        self._noted: set = set()
        self._fallbacks: dict[tuple, str | None] = {}
        self._fallback_fonts: dict[tuple, list] = {}

    # -- families ------------------------------------------------------------------
    def lookup(self, family: str | None, bold: bool = False, italic: bool = False) -> Resolved:
        hit = self._cache.get((family, bold, italic))  # as asked (every text asks again, per card)
        if hit is None:
            key = ((family or "").strip().lower(), bool(bold), bool(italic))
            hit = self._cache.get(key)
            if hit is None:
                hit = self._cache[key] = self._lookup(family, bold, italic)
            self._cache[(family, bold, italic)] = hit
        return hit

    def resolve(self, family: str | None, bold: bool = False, italic: bool = False) -> str:
        return self.lookup(family, bold, italic).font

    def known(self, family: str | None) -> bool:
        return self.lookup(family).found

    def _lookup(self, family: str | None, bold: bool, italic: bool) -> Resolved:
        engine_fonts.register_fonts()
        names = families_of(family) or ["Noto Sans"]
        for name in names:
            low = name.lower()
            if low in GENERIC:
                fam, b, i = GENERIC[low]
                return Resolved(SHIPPED[fam][bold or b, italic or i], True, shipped_label(fam, bold or b, italic or i), name, bold, italic)
            if low in SHIPPED or low in ("notosans", "noto sans regular"):
                fam = low if low in SHIPPED else "noto sans"
                return Resolved(SHIPPED[fam][bold, italic], True, shipped_label(fam, bold, italic), name, bold, italic)
            face = self._find(low, bold, italic)
            if face is not None:
                try:
                    return Resolved(_register(face.path, face.index), True, face.name, name, bold, italic)
                except Exception as exc:  # a damaged file: as if absent, and said so
                    why = unreadable_why(face.path, exc)
                    fam = nearest_shipped(name)
                    return Resolved(SHIPPED[fam][bold, italic], False, shipped_label(fam, bold, italic), name, bold, italic, why)
        for alias in METRIC_ALIASES.get(names[0].strip().lower(), ()):  # a free font with the same widths (fontconfig's own aliases)
            face = self._find(alias.lower(), bold, italic)
            if face is not None:
                try:
                    return Resolved(_register(face.path, face.index), False, face.name, names[0], bold, italic)
                except Exception:
                    continue
        fam = nearest_shipped(names[0])
        return Resolved(SHIPPED[fam][bold, italic], False, shipped_label(fam, bold, italic), names[0], bold, italic)

    def _find(self, family: str, bold: bool, italic: bool) -> FontFace | None:
        for faces in self._sources():
            match = [f for f in faces if f.family == family]
            if match:
                return min(match, key=lambda f: f.distance(bold, italic))
        return None

    def _sources(self):
        for folder in self.folders:
            yield self._scan_mine(folder)
        for folder in user_font_dirs():
            yield _scan(str(folder))
        yield system_faces()

    def _scan_mine(self, folder: Path) -> tuple[FontFace, ...]:
        """A project fonts folder's faces; each file in it left out is named in the run summary."""
        faces = _scan(str(folder))
        for path, why in _UNREADABLE.get(str(folder), ()):
            try:
                label = f"{folder.name}/{path.relative_to(folder).as_posix()}"
            except ValueError:
                label = path.name
            sentence = f"{label}: {why}; left out"
            if sentence not in self._notes:
                self._notes[sentence] = (label, why)
        return faces

    # -- the run summary -----------------------------------------------------------
    def note(self, place: str, r: Resolved) -> None:
        """Remember that `place` asked for a family found nowhere."""
        if not r.found and (place, r) not in self._noted:
            self._noted.add((place, r))
            style = " ".join(w for w, on in (("bold", r.bold), ("italic", r.italic)) if on)
            why = f" ({r.why})" if r.why else ""
            self._notes.setdefault(f"{place}: {shown(r.family, 60)}{' ' + style if style else ''} not found{why}, drawn in {r.label}", (place, r))

    def notes(self) -> list[str]:
        return list(self._notes)

    def strict_violations(self) -> list:
        """Strict mode: each substitution as an OWN-FONT violation."""
        from printkit.rules import Violation

        if not self.strict:
            return []
        return [Violation("OWN-FONT", place, f"{r}; left out (without --strict, a warning)") if isinstance(r, str)
                else Violation("OWN-FONT", place, f"font '{shown(r.family, 60)}' is not in the project's fonts/ folder, your fonts or the system's{' (' + r.why + ')' if r.why else ''} (without --strict it is drawn in {r.label})")
                for place, r in self._notes.values()]

    # -- characters a font lacks ---------------------------------------------------
    def fallback(self, ch: str, font: str, emoji: bool = False) -> str | None:
        """A registered font that has `ch`, for text set in `font` that lacks it:
        the project's fonts, the user's, then the system's (in fontconfig's order
        of preference for `font`'s family and style where fontconfig is there).
        A character shown as an emoji (`emoji`) is looked for in fontconfig's
        "emoji" family first, as Pango (Inkscape) does. None when no font has it."""
        key = (ch, font, emoji)
        if key in self._fallbacks:
            return self._fallbacks[key]
        code = ord(ch)
        found = None
        faces = self._fallback_faces(font)
        if emoji:
            faces = itertools.chain(_emoji_faces(), faces)
        for face in faces:
            if code in face_chars(face.path, face.index):
                try:
                    found = _register(face.path, face.index)
                except Exception:  # a damaged file: the next font that has it
                    continue
                if found in SHIPPED_FONTS and not _has_code(found, code):  # a file ReportLab took for a shipped face
                    found = None
                    continue
                break
        self._fallbacks[key] = found
        return found

    def _fallback_faces(self, font: str):
        family, bold, italic = _font_style(font)
        mine = [f for folder in self.folders for f in self._scan_mine(folder)] + [f for folder in user_font_dirs() for f in _scan(str(folder))]
        seen = set()
        for group in (mine, _system_fallbacks(family, bold, italic)):
            # same style first within each group
            for f in sorted(group, key=lambda f: f.distance(bold, italic)) if group is mine else group:
                if (f.path, f.index) not in seen:
                    seen.add((f.path, f.index))
                    yield f


def _font_style(font: str) -> tuple[str, bool, bool]:
    """(family, bold, italic) of a registered font name, for choosing fallbacks."""
    for fam, faces in SHIPPED.items():
        for (b, i), name in faces.items():
            if name == font:
                return SHIPPED_NAMES[fam], b, i
    info = _REGISTERED_FACES.get(font)
    if info is not None:
        return info
    return "Noto Sans", False, False


def _emoji_faces() -> tuple[FontFace, ...]:
    """fontconfig's "emoji" family (its generic alias: colour emoji fonts,
    Symbola...), the faces that family names itself only. Without fontconfig
    (or with PRINTKIT_FONT_DIRS), as fontconfig chooses it: the face that has
    the most pictographs (its emoji language's best cover); () if none has any."""
    return _emoji_faces_in(font_dirs_override())


@lru_cache(maxsize=8)
def _emoji_faces_in(override: tuple[Path, ...] | None) -> tuple[FontFace, ...]:
    if override is None and shutil.which("fc-match"):
        out = _run(["fc-match", "-s", "--format", _FC_FORMAT, "emoji"])
        if out is None:
            return ()
        faces = list(_fc_faces(out))
        return tuple(faces[:1])  # the alias's first choice; past it is the ordinary sorted list
    best, most = None, 0
    for f in _system_faces(override):
        n = sum(1 for c in face_chars(f.path, f.index) if 0x1F300 <= c <= 0x1FAFF)
        if n > most:
            best, most = f, n
    return (best,) if best is not None else ()


def _system_fallbacks(family: str, bold: bool, italic: bool) -> tuple[FontFace, ...]:
    """System faces in the order a fallback is chosen: fontconfig's sorted
    match for the family and style (what Pango and Inkscape use), else (and
    with PRINTKIT_FONT_DIRS) every system face, same style first, then by path."""
    return _system_fallbacks_in(family, bold, italic, font_dirs_override())


@lru_cache(maxsize=64)
def _system_fallbacks_in(family: str, bold: bool, italic: bool, override: tuple[Path, ...] | None) -> tuple[FontFace, ...]:
    if override is None and shutil.which("fc-match"):
        pattern = f"{family}:weight={200 if bold else 80}:slant={100 if italic else 0}"
        out = _run(["fc-match", "-s", "--format", _FC_FORMAT, pattern])
        if out is not None:
            seen: dict = {}
            for f in _fc_faces(out):
                seen.setdefault((f.path, f.index), f)
            return tuple(seen.values())
    faces = sorted(_system_faces(override), key=lambda f: (f.distance(bold, italic), str(f.path), f.index))
    seen = {}
    for f in faces:
        seen.setdefault((f.path, f.index), f)
    return tuple(seen.values())


SHIPPED_FONTS = frozenset(name for faces in SHIPPED.values() for name in faces.values())


def _has_code(font: str, code: int) -> bool:
    from reportlab.pdfbase.pdfmetrics import getFont

    return code in getFont(font).face.charToGlyph


_REGISTERED_FACES: dict[str, tuple[str, bool, bool]] = {}
_REGISTERED_PATHS: dict[str, tuple[Path, int]] = {}


@lru_cache(maxsize=None)
def _register(path: Path, index: int = 0) -> str:
    """Register a font file (its face `index` in a collection) with ReportLab
    under a name of its own.

    ReportLab keeps one font object per PostScript name: a second file with
    the same name (a user's copy of Noto Sans) would take over printkit's own
    face for every later document. Such a file is printkit's face, used as is."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFontFile

    try:
        face = TTFontFile(str(path), validate=0, subfontIndex=index).name
    except Exception as exc:  # truncated, not TrueType: said as ttfont would say it
        raise engine_fonts.FontError(engine_fonts.parse_failure(exc)) from None
    face = face.decode("latin-1") if isinstance(face, bytes) else str(face)
    for engine_name, filename in engine_fonts._FILES.items():
        if Path(filename).stem == face and Path(path).read_bytes() == (resource_dir("fonts") / filename).read_bytes():
            return engine_name
    base = "PKU-" + re.sub(r"[^A-Za-z0-9-]", "", path.stem)[:40] + (f"-{index}" if index else "")
    name, n = base, 1
    while name in _REGISTERED_PATHS and _REGISTERED_PATHS[name] != (Path(path), index):
        n += 1
        name = f"{base}-{n}"
    if name not in pdfmetrics.getRegisteredFontNames():
        font = ttfont(name, str(path), subfontIndex=index)  # subsets named by content
        if rl.known_face(face) or any(Path(f).stem == face for f in engine_fonts._FILES.values()):
            # another file with this PostScript name (the system's full Noto Sans beside printkit's
            # Latin subset): ReportLab's registerFont would hand out one object for both, so this
            # one is entered under its own name only
            rl.enter_font(name, font)
        else:
            pdfmetrics.registerFont(font)
    _REGISTERED_PATHS[name] = (Path(path), index)
    faces = [f for f in _file_faces(Path(path)) if f.index == index]
    if faces:
        _REGISTERED_FACES[name] = (faces[0].name, faces[0].bold, faces[0].italic)
    return name


# -- icons ------------------------------------------------------------------------

class Icons:
    """`:name:` in text draws icons/name.svg (or .png) at the text's size."""

    def __init__(self, folders: list[Path]) -> None:
        self.folders = [Path(f) for f in folders]

    def path(self, name: str) -> Path | None:
        found = self.__dict__.setdefault("_found", {})  # every card's text asks again: looked up once
        if name not in found:
            found[name] = self._path(name)
        return found[name]

    def _path(self, name: str) -> Path | None:
        from printkit.custom import safety

        for folder in self.folders:
            for ext in ICON_SUFFIXES:
                p = folder / f"{name}{ext}"
                if p.is_file():  # an icon name from a data cell stays in the icons folder
                    found = safety.confine(p, [folder], "the icon", named=f"{name}{ext}")
                    # checked as make reads it, for validate as for make: what an SVG shows (through
                    # the gate), a picture in a format printkit reads (an EPS is a program)
                    if ext == ".svg":
                        safety.check_svg_refs(found, safety.allowed() or [folder])
                    else:
                        safety.load_picture(found, f"{folder.name}/{name}{ext}", decode=False)
                    return found
        return None

    def names(self) -> list[str]:
        out = set()
        for folder in self.folders:
            if folder.is_dir():
                out |= {p.stem for p in folder.iterdir() if p.suffix.lower() in ICON_SUFFIXES}
        return sorted(out)

    def drawer(self, ink=None, book=None):
        """The setter's `icon` for text drawn with these icons (engine/text.draw_line):
        draws icon `name` as a size x size square whose bottom left is (x, y);
        `book`: the FontBook an SVG icon's own text is set in."""

        def icon(c, name: str, x: float, y: float, size: float) -> None:
            path = self.path(name)
            if path is not None:
                draw_picture(c, path, x, y, size, size, ink=ink, book=book)

        return icon

    def missing(self, name: str, colons: bool = True) -> str:
        """What a finding says of an icon name that has no file."""
        shown = f":{name}:" if colons else name
        return f"no icon '{shown}': add icons/{name}.svg or .png {did_you_mean(name, self.names(), 'icons')}"


# -- images -----------------------------------------------------------------------

@lru_cache(maxsize=4096)
def image_pixels(path: Path) -> tuple[int, int] | None:
    """Pixel size of a PNG/JPEG (reads the header only); None if it is not one."""
    from printkit.custom import safety

    try:
        with safety.open_image(path, path) as im:  # a regular file, within the pixel limit
            if im.format not in ("PNG", "JPEG"):
                return None
            return im.size
    except UsageError:
        raise
    except Exception:
        return None


def plain_image(path: Path) -> bool:
    """Whether a PNG/JPEG shows no detail: every pixel the same colour, or every
    pixel fully transparent (Social Rules' 60 px transparent.png where a game mode
    is off). Such a picture prints the same at any resolution, so too few pixels
    is no fault of it. Asked only of pictures under the resolution printkit wants."""
    st = path.stat()
    return _plain(str(path), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=256)
def _plain(name: str, _mtime: int, _size: int) -> bool:
    from printkit.custom import safety

    path = Path(name)
    try:
        with safety.open_image(path, path) as im:  # a regular file, within the pixel limit
            bands = im.convert("RGBA").getextrema()
    except UsageError:
        raise
    except Exception:
        return False
    if bands[3][1] == 0:  # nothing shows
        return True
    return all(lo == hi for lo, hi in bands)


def drawn_mm(pixels: tuple[int, int], w_mm: float, h_mm: float, fit: str = "stretch") -> tuple[float, float]:
    """The size a picture prints at in a w x h mm box, as draw_picture draws it:
    contain scales it to fit inside (one side shorter than the box), cover to
    fill it (the overflow clipped), stretch to the box."""
    pw, ph = pixels
    if fit in ("contain", "cover") and pw > 0 and ph > 0:
        s = (min if fit == "contain" else max)(w_mm / pw, h_mm / ph)
        return (pw * s, ph * s)
    return (w_mm, h_mm)


def dpi_at(pixels: tuple[int, int], w_mm: float, h_mm: float, fit: str = "stretch") -> float:
    """Effective resolution of an image drawn in a w x h mm box with `fit`, at
    the size it really prints (the lower of the two axes): a 632 x 300 px
    picture contained in a 50 mm square prints 50 x 24 mm, 321 dpi, not the
    152 dpi the box's height would say."""
    dw, dh = drawn_mm(pixels, w_mm, h_mm, fit)
    return min(pixels[0] / (dw / 25.4), pixels[1] / (dh / 25.4))


# -- drawing helpers shared by the template kinds ---------------------------------

def forms(c) -> dict:
    """Per-canvas cache of PDF forms (icons, images, static template art)."""
    d = getattr(c, "_pk_custom_forms", None)
    if d is None:
        d = {}
        c._pk_custom_forms = d
    return d


def draw_picture(c, path: Path, x: float, y: float, w: float, h: float, fit: str = "contain", ink=None, align=(0.5, 0.5), book=None) -> None:
    """An SVG (as vectors) or PNG/JPEG file in the box (x, y, w, h), pt, in the
    ink mode; align: where a picture that does not fill the box (or overflows
    it) sits, 0 to 1 of the room left from the left and from the bottom. `book`:
    the project's FontBook, the faces an SVG picture's text is set in and falls
    back to (as a template's own text is)."""
    cache = forms(c)
    key = ("pic", str(path))
    if key not in cache:
        cache[key] = _make_picture_form(c, path, len(cache), ink, book)
    name, pw, ph = cache[key]
    _place_form(c, name, pw, ph, x, y, w, h, fit, align)


def draw_data_picture(c, href: str, where, x: float, y: float, w: float, h: float, fit: str = "contain", ink=None, align=(0.5, 0.5)) -> bool:
    """A PNG/JPEG embedded in the SVG as a data: address (what Inkscape writes
    for an embedded picture) in the box, as draw_picture; read once a PDF.
    False when it is no picture Pillow reads as PNG or JPEG (nothing drawn)."""
    cache = forms(c)
    key = ("data", hashlib.sha256(href.encode("utf-8", "surrogatepass")).hexdigest())
    if key not in cache:
        from printkit.custom import safety

        im = safety.data_uri_image(href, where)
        if im is None:
            cache[key] = (None, 0.0, 0.0)
        else:
            cache[key] = _make_picture_form(c, im, len(cache), ink)
    name, pw, ph = cache[key]
    if name is None:
        return False
    _place_form(c, name, pw, ph, x, y, w, h, fit, align)
    return True


def _place_form(c, name: str, pw: float, ph: float, x: float, y: float, w: float, h: float, fit: str, align=(0.5, 0.5)) -> None:
    if pw <= 0 or ph <= 0:
        return
    sx, sy = w / pw, h / ph
    if fit == "contain":
        sx = sy = min(sx, sy)
    elif fit == "cover":
        sx = sy = max(sx, sy)
    dx, dy = x + (w - pw * sx) * align[0], y + (h - ph * sy) * align[1]
    c.saveState()
    if fit == "cover":
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
    c.translate(dx, dy)
    c.scale(sx, sy)
    c.doForm(name)
    c.restoreState()


def _make_picture_form(c, path, n: int, ink=None, book=None):
    name = f"PKPic{n}"
    if not isinstance(path, (str, Path)):  # a decoded picture (PIL image): an embedded data: address
        from reportlab.lib.utils import ImageReader

        im = path
        pw, ph = float(im.size[0]), float(im.size[1])
        if ink is not None and ink.mode == "mono":
            im = im.convert("LA" if "A" in im.getbands() else "L")
        c.beginForm(name, 0, 0, pw, ph)
        c.drawImage(ImageReader(im), 0, 0, pw, ph, mask="auto")
        c.endForm()
        return name, pw, ph
    if path.suffix.lower() == ".svg":
        art = load_svg_drawing(path, book)
        pw, ph = art.width, art.height
        c.beginForm(name, 0, 0, pw, ph)
        art.draw(c, ink)
        c.endForm()
    else:
        px = image_pixels(path)
        if px is None:  # another format: drawn from what the gate decoded, never opened again by name
            from printkit.custom import safety

            return _make_picture_form(c, safety.load_picture(path), n, ink)
        pw, ph = float(px[0]), float(px[1])
        c.beginForm(name, 0, 0, pw, ph)
        if ink is not None and ink.mode == "mono":
            from PIL import Image
            from reportlab.lib.utils import ImageReader

            with Image.open(path) as im:
                grey = im.convert("LA" if "A" in im.getbands() else "L")
            c.drawImage(ImageReader(grey), 0, 0, pw, ph, mask="auto")
        else:
            c.drawImage(str(path), 0, 0, pw, ph, mask="auto")
        c.endForm()
    return name, pw, ph


def resolved_svg(path: Path):
    """An SVG picture's tree, read and resolved by the gate (safety.resolve_svg):
    what it shows is checked and copied in, nothing is left for a renderer to read."""
    from printkit.custom import safety

    root = safety.parse_svg(safety.read_bytes(path, "SVG file"), path)
    return safety.resolve_svg(root, Path(path).parent, safety.allowed() or [Path(path).resolve().parent], path)


@lru_cache(maxsize=256)
def load_svg_drawing(path: Path, book=None):
    """An SVG file compiled by printkit's drawer (svgart.to_drawing, as a
    template's art is drawn), read once, from the tree the gate resolved; its
    text in `book`'s faces (a FontBook), else printkit's sans alone."""
    from printkit.custom.svgart import to_drawing

    root = resolved_svg(path)
    try:
        return to_drawing(root, str(path), None, book)
    except UsageError as exc:  # a limit of the drawer or a number it cannot use: one line, exit 2, naming the picture
        if Path(path).name in str(exc):
            raise
        raise type(exc)(f"{Path(path).name}: this SVG picture cannot be drawn: {exc}") from None
    except (ValueError, ArithmeticError) as exc:  # a number the drawer cannot use (a font-size of 1e30: svgart's lengths raise ValueError): one line, not exit 3; a bug stays exit 3
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        raise UsageError(f"{Path(path).name}: this SVG picture cannot be drawn: {str(exc)[:120] or 'no reason given'}") from None
