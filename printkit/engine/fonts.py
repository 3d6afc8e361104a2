"""Fonts: free TTF files from fonts/, embedded and subset in every PDF."""

from __future__ import annotations

import hashlib
import struct

from printkit.base.resources import resource_dir
from printkit.engine import rl

SANS = "PKSans"
SANS_BOLD = "PKSans-Bold"
SANS_ITALIC = "PKSans-Italic"
SANS_BOLD_ITALIC = "PKSans-BoldItalic"
# for your own games' templates (the CSS generic families serif and monospace)
SERIF = "PKSerif"
SERIF_BOLD = "PKSerif-Bold"
SERIF_ITALIC = "PKSerif-Italic"
SERIF_BOLD_ITALIC = "PKSerif-BoldItalic"
MONO = "PKMono"
MONO_BOLD = "PKMono-Bold"
# the four arrows Noto Sans lacks, from DejaVu Sans (fonts/DejaVu-LICENSE.txt; scripts/subset_fonts.py arrows)
ARROWS = "PKArrows"
ARROWS_BOLD = "PKArrows-Bold"

_FILES = {
    SANS: "NotoSans-Regular.ttf",
    SANS_BOLD: "NotoSans-Bold.ttf",
    SANS_ITALIC: "NotoSans-Italic.ttf",
    SANS_BOLD_ITALIC: "NotoSans-BoldItalic.ttf",
    SERIF: "NotoSerif-Regular.ttf",
    SERIF_BOLD: "NotoSerif-Bold.ttf",
    SERIF_ITALIC: "NotoSerif-Italic.ttf",
    SERIF_BOLD_ITALIC: "NotoSerif-BoldItalic.ttf",
    MONO: "NotoSansMono-Regular.ttf",
    MONO_BOLD: "NotoSansMono-Bold.ttf",
    ARROWS: "PKArrows-Regular.ttf",
    ARROWS_BOLD: "PKArrows-Bold.ttf",
}
_registered = False

#: characters the Noto Sans faces lack: the four arrows (Crypto Crisis's shift
#: codes). Text holding them is set in runs, the arrows in PKArrows of the same
#: weight (`runs`; Noto Sans Mono has arrows too, but a third of an em long);
#: any other text is set exactly as it was.
ARROW_CHARS = frozenset("\u2190\u2191\u2192\u2193")
_ARROWS_OF = {SANS: ARROWS, SANS_ITALIC: ARROWS, SANS_BOLD: ARROWS_BOLD, SANS_BOLD_ITALIC: ARROWS_BOLD}


def arrow_face(font: str) -> str:
    """The face `font`'s arrows are set in (PKArrows of its weight), else `font`."""
    return _ARROWS_OF.get(font, font)


def runs(text: str, font: str, spaces_follow: bool = False) -> list[tuple[str, str]]:
    """`text` as (run, face) pieces: the arrows in PKArrows of `font`'s weight,
    the rest in `font` (one piece when there are none). `spaces_follow`: a
    space right after an arrow stays in the arrow's face (running text, as the
    rules pages set it)."""
    arrows = _ARROWS_OF.get(font)
    if arrows is None or not ARROW_CHARS.intersection(text):
        return [(text, font)]
    out: list[tuple[str, str]] = []
    for ch in text:
        face = arrows if ch in ARROW_CHARS or (spaces_follow and ch == " " and out and out[-1][1] == arrows) else font
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + ch, face)
        else:
            out.append((ch, face))
    return out


def register_fonts() -> None:
    """Make the shipped faces known to ReportLab, once per process.

    Nothing is read yet: a face's TTF file is parsed the first time a drawing
    call or a width measure asks ReportLab for it by name (ReportLab's
    getFont falls back to findFontAndRegister for a name it does not hold,
    and that is where the face is registered). A deck set in two faces
    loads two files, not four.
    """
    global _registered
    if _registered:
        return
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    def load(name):
        filename = _FILES.get(name)
        if filename is None:
            return None
        # asciiReadable=0: a subset holds the glyphs the document uses, not all 95
        # printable ASCII ones besides (text still extracts: each subset has a ToUnicode map)
        font = _tagged_font_class()(name, str(resource_dir("fonts") / filename), asciiReadable=0)
        pdfmetrics.registerFont(font)
        return font

    rl.install_font_finder(load)
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD_ITALIC)
    _registered = True


def subset_tag(font_digest: bytes, codes) -> str:
    """The six capital letters before '+' in a subset font's name, from what
    the subset holds: the font file (its digest) and the characters at each
    code. Same subset, same tag; any other subset, almost surely another tag
    (26**6 = 3e8 values), so PDFs merged by a print shop never see two
    different fonts under one name."""
    h = hashlib.sha256(font_digest)
    h.update(",".join(str(c) for c in codes).encode("ascii"))
    n = int.from_bytes(h.digest()[:8], "big")
    letters = []
    for _ in range(6):
        n, r = divmod(n, 26)
        letters.append(chr(ord("A") + r))
    return "".join(letters)


_TAGGED = None


#: the name records an embedded subset keeps: copyright, family, style, full and
#: PostScript names (a PDF reads none of them; the rest, licence text included,
#: stays in the font files shipped with fonts/OFL.txt)
SUBSET_NAME_IDS = (0, 1, 2, 4, 6)


def small_name_table(data: bytes) -> bytes:
    """A TrueType 'name' table cut down to the SUBSET_NAME_IDS records: about
    1.4 KB less in every embedded subset, nothing a renderer uses."""
    try:
        count, start = struct.unpack(">HH", data[2:6])
        records, strings = [], b""
        for k in range(count):
            pid, enc, lang, nid, length, offset = struct.unpack(">6H", data[6 + 12 * k:18 + 12 * k])
            if nid in SUBSET_NAME_IDS:
                records.append(struct.pack(">6H", pid, enc, lang, nid, length, len(strings)))
                strings += data[start + offset:start + offset + length]
    except struct.error:  # a table shorter than its own count: copy it as it is
        return data
    return struct.pack(">3H", 0, len(records), 6 + 12 * len(records)) + b"".join(records) + strings


class FontError(ValueError):
    """A font file whose tables do not hold together (what is wrong, in a few words)."""


def ttfont(name: str, path: str, **kw):
    """A TrueType font for ReportLab whose subsets are named by their content
    (use it for any font printkit embeds, so merged files keep fonts apart),
    checked as it is loaded (check_face): FontError for a file ReportLab would
    read now and fail on later, when the PDF is written."""
    try:
        font = _tagged_font_class()(name, path, **kw)
    except FontError:
        raise
    except Exception as exc:  # ReportLab's TTFError, struct errors, an index past a table...
        raise FontError(parse_failure(exc)) from None
    check_face(font.face)
    return font


def parse_failure(exc: Exception) -> str:
    """What ReportLab's failure to parse a font file says, in a few words (no path)."""
    text = str(exc)
    if "postscript outlines" in text.lower():
        return "it has PostScript (CFF) outlines, which printkit cannot embed"
    if "not a recognized truetype" in text.lower() or "can't read version" in text.lower():
        return "not a TrueType font"
    return "its tables cannot be read"


#: the fixed-size tables a subset copies and edits (ReportLab's makeSubset), with the bytes each needs
_NEEDED = {"head": 54, "hhea": 36, "maxp": 6, "post": 16, "loca": 2, "glyf": 0, "hmtx": 0, "cmap": 4}


def check_face(face) -> None:
    """FontError unless what ReportLab reads of a TrueType face when it writes a
    PDF holds together: every table inside the file, every glyph's location
    inside the glyph data and in order, every composite glyph's parts glyphs the
    font has, every character mapped to a glyph it has. ReportLab reads a face's
    glyphs only when it writes the subset, so a font whose `loca` points past its
    end loads, measures text and fails at the end of the run; this finds that
    when the font is loaded (by `validate` as by `make`). One pass over the glyph
    headers: milliseconds for a Latin font, some 0.1 s for 65,000 glyphs."""
    data = rl.face_bytes(face)
    size = len(data)
    for tag, rec in face.table.items():
        if rec["offset"] + rec["length"] > size:
            raise FontError(f"its '{tag.strip()}' table runs past the end of the file")
    for tag, least in _NEEDED.items():
        if tag not in face.table:
            raise FontError(f"it has no '{tag}' table")
        if face.table[tag]["length"] < least:
            raise FontError(f"its '{tag}' table is cut short")
    start, length = face.table["glyf"]["offset"], face.table["glyf"]["length"]
    pos = face.glyphPos
    count = len(pos) - 1
    if count < 1:
        raise FontError("it has no glyphs")
    if len(face.hmetrics) < count:
        raise FontError("its glyph widths ('hmtx') stop before its glyphs do")
    unpack_short = struct.Struct(">h").unpack_from
    unpack_pair = struct.Struct(">HH").unpack_from
    for g in range(count):
        a, b = pos[g], pos[g + 1]
        if b < a:
            raise FontError(f"its glyph locations ('loca') run backwards at glyph {g}")
        if b > length:
            raise FontError(f"glyph {g} lies past the end of its glyph data ('loca' points past 'glyf')")
        if a == b:
            continue
        if b - a < 10:
            raise FontError(f"glyph {g} is cut short")
        if unpack_short(data, start + a)[0] >= 0:
            continue
        at, end, flags = start + a + 10, start + b, 0x20  # a composite glyph: its parts
        while flags & 0x20:  # MORE_COMPONENTS
            if at + 4 > end:
                raise FontError(f"composite glyph {g} is cut short")
            flags, part = unpack_pair(data, at)
            if part >= count:
                raise FontError(f"composite glyph {g} is made of glyph {part}, which the font does not have")
            at += 4 + (4 if flags & 0x01 else 2) + (2 if flags & 0x08 else 4 if flags & 0x40 else 8 if flags & 0x80 else 0)
            if at > end:
                raise FontError(f"composite glyph {g} is cut short")
    for code, g in face.charToGlyph.items():
        if g >= count:
            raise FontError(f"its character map sends U+{code:04X} to glyph {g}, which the font does not have")
    try:  # what the PDF writer does, on a few characters: the tables it copies and edits
        face.makeSubset(sorted(face.charToGlyph)[:32])
    except Exception:
        raise FontError("its tables cannot be cut into a subset") from None


def _tagged_font_class():
    """ReportLab's TTFont with content-derived subset tags.

    ReportLab names subset n of every font `AAAAAA+Name`, `AAAAAB+Name`...
    (ttfonts.SUBSETN), so every file's first subset of NotoSans-Regular is
    `AAAAAA+NotoSans-Regular` whatever glyphs it holds; merged PDFs then share
    one name for different fonts. This subclass writes the same objects as
    TTFont.addObjects but names each subset by `subset_tag`.
    """
    global _TAGGED
    if _TAGGED is not None:
        return _TAGGED
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap

    class TaggedTTFont(TTFont):
        _digest: bytes | None = None

        def __init__(self, *args, **kw) -> None:
            super().__init__(*args, **kw)
            face = self.face
            whole = face.get_table

            def get_table(tag, _whole=whole):  # what ReportLab copies into each subset
                data = _whole(tag)
                return small_name_table(data) if tag == "name" else data

            face.get_table = get_table

        def splitString(self, text, doc, encoding="utf-8"):
            """ReportLab's split of `text` into (subset, codes) runs, remembered
            per document: a character's code never changes once assigned, so a
            text seen before splits the same (grid numbers, labels, digits)."""
            state = self.state.get(doc)
            memo = getattr(state, "_pk_split", None)
            if memo is not None:
                hit = memo.get(text)
                if hit is not None:
                    return hit
            runs = TTFont.splitString(self, text, doc, encoding)
            state = self.state[doc]
            if memo is None or len(memo) > 1024:  # texts seen once (IDs, page numbers) do not pile up
                memo = state._pk_split = {}
            memo[text] = runs
            return runs

        def font_digest(self) -> bytes:
            if self._digest is None:
                self._digest = hashlib.sha256(rl.face_bytes(self.face)).digest()
            return self._digest

        def addObjects(self, doc) -> None:
            state = rl.assign_font_state(self, doc)
            state.frozen = 1
            face = self.face
            for n, subset in enumerate(state.subsets):
                internal = self.getSubsetInternalName(n, doc)[1:]
                tag = subset_tag(self.font_digest(), subset).encode("ascii")
                base = b"".join((tag, b"+", face.name, face.subfontNameX)).decode("pdfdoc")
                font = pdfdoc.PDFTrueTypeFont()
                font.__Comment__ = f"Font {self.fontName} subset {n}"
                font.Name = internal
                font.BaseFont = base
                font.FirstChar = 0
                font.LastChar = len(subset) - 1
                font.Widths = pdfdoc.PDFArray([face.getCharWidth(u) for u in subset])
                cmap = pdfdoc.PDFStream()
                actual = self.__dict__.get("pk_actual_text") or {}
                if any(u in actual or u > 0xFFFF for u in subset):  # shaped glyphs, or characters beyond the BMP
                    cmap.content = to_unicode_cmap(base, subset, actual)
                else:
                    cmap.content = makeToUnicodeCMap(base, subset)
                if doc.compression:
                    cmap.filters = [pdfdoc.PDFZCompress]
                font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base)
                font.FontDescriptor = face.addSubsetObjects(doc, base, subset)
                doc.Reference(font, internal)
                doc.idToObject["BasicFonts"].dict[internal] = font
            del self.state[doc]

    _TAGGED = TaggedTTFont
    return _TAGGED


def to_unicode_cmap(base: str, subset, actual: dict) -> str:
    """A subset's ToUnicode CMap where some codes are glyphs no character maps
    to (shaped text: a joined Arabic letter, a ligature): each reads back as the
    text it stands for (`actual`: private code -> text; "" for a glyph that adds
    nothing, left out). Characters beyond the BMP are written as UTF-16 pairs."""
    entries = []
    for i, u in enumerate(subset):
        text = actual.get(u, chr(u)) if u in actual else chr(u)
        if text:
            entries.append("<%02X> <%s>" % (i, text.encode("utf-16-be").hex().upper()))
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap", "/CIDSystemInfo",
             f"<< /Registry ({base})", f"/Ordering ({base})", "/Supplement 0", ">> def", f"/CMapName /{base} def",
             "/CMapType 2 def", "1 begincodespacerange", "<00> <%02X>" % (len(subset) - 1), "endcodespacerange"]
    for k in range(0, len(entries), 100):  # at most 100 entries a block
        chunk = entries[k:k + 100]
        lines += [f"{len(chunk)} beginbfchar", *chunk, "endbfchar"]
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)


from printkit.engine.rl import text_width as _rl_width  # noqa: E402 (ReportLab's widths, remembered: the adapter's)


def text_width(text: str, font: str, size: float, spaces_follow: bool = False) -> float:
    """`text`'s advance width in pt, the arrows measured in PKArrows (`runs`)."""
    pieces = runs(text, font, spaces_follow)
    if len(pieces) == 1 and pieces[0][1] == font:
        return _rl_width(text, font, size)
    return sum(_rl_width(t, f, size) for t, f in pieces)


def fit_size(text: str, font: str, size: float, max_width: float, min_size: float = 4.0) -> float:
    """The largest size <= `size` at which `text` fits in `max_width`."""
    w = text_width(text, font, size)
    if w <= max_width or w == 0:
        return size
    return max(min_size, size * max_width / w)
