"""Text in any script: a run of text becomes segments, each in one font, in
the order they are drawn left to right (the text setter, engine/text.py,
measures every run through here and draws the segments it gives).

- A character the text's font lacks is drawn in a font that has it: the
  project's fonts/, the user's font folders, then the system's (FontBook.fallback;
  fontconfig's order of preference where it is installed). A character no font
  has is refused before anything is drawn (`missing`), never drawn as an empty box.
- Right-to-left text (Hebrew, Arabic...) is put in display order by the Unicode
  bidirectional algorithm (python-bidi), then every run that needs it (joined
  scripts, combining marks, Indic scripts) is shaped by HarfBuzz (uharfbuzz):
  the glyphs, their order and their offsets are HarfBuzz's, as Inkscape (Pango)
  draws them. Glyphs no character maps to (an Arabic letter's joined forms, a
  ligature) are written under private codes whose ToUnicode entry is the text
  they stand for, so the PDF's text still reads back.
- Plain text (Latin, Greek, Cyrillic, CJK...) all in its font is one segment
  drawn as before, byte for byte.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

import unicodedata
from functools import lru_cache
from typing import NamedTuple
from pathlib import Path


#: bidi classes that make a run need the bidirectional algorithm and shaping
_BIDI_COMPLEX = frozenset({"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI", "NSM", "BN"})
#: scripts whose letters change shape or place with their neighbours (beyond Latin's combining marks)
_COMPLEX_RANGES = (
    (0x0590, 0x08FF),  # Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic
    (0x0900, 0x0DFF),  # Indic
    (0x0E00, 0x0FFF),  # Thai, Lao, Tibetan
    (0x1000, 0x109F),  # Myanmar
    (0x1100, 0x11FF),  # Hangul jamo
    (0x1780, 0x17FF),  # Khmer
    (0x1800, 0x18AF),  # Mongolian
    (0x200B, 0x200F),  # zero-width joiners, marks
    (0x2066, 0x2069),  # isolates
    (0xA8E0, 0xA8FF),  # Devanagari extended
    (0xFB1D, 0xFDFF),  # Hebrew and Arabic presentation forms
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFE70, 0xFEFF),  # Arabic presentation forms B
    (0x1F3FB, 0x1F3FF),  # emoji skin tones
    (0xE0100, 0xE01EF),  # variation selectors supplement
)
_FEATURES = {"kern": True, "liga": True}


def needs_shaping(ch: str) -> bool:
    o = ord(ch)
    if o < 0x0300:
        return False
    for lo, hi in _COMPLEX_RANGES:
        if lo <= o <= hi:
            return True
    return unicodedata.combining(ch) != 0 or unicodedata.bidirectional(ch) in _BIDI_COMPLEX


def _ignorable(ch: str) -> bool:
    """Characters drawn as nothing: format controls (ZWJ, bidi marks), variation selectors."""
    return unicodedata.category(ch) == "Cf" or 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Mc", "Me") or _ignorable(ch)


class Seg(NamedTuple):
    font: str  # registered ReportLab font name
    text: str  # a str, or ReportLab's ShapedStr (glyph codes with HarfBuzz's positions)
    advance: float  # width in 1/1000 of the size


def _font(name: str):
    from reportlab.pdfbase.pdfmetrics import getFont

    return getFont(name)


def _cmap(name: str) -> dict:
    return _font(name).face.charToGlyph


@lru_cache(maxsize=256)
def _chars(font: str) -> frozenset:
    """The characters `font` has, as a set of strings (a quick subset test for plain text)."""
    return frozenset(chr(u) for u in _cmap(font) if u < 0xE000 or u > 0xF8FF)


def has_char(font: str, ch: str) -> bool:
    return ord(ch) in _cmap(font)


def has_all(font: str, text: str) -> bool:
    """True when `font` has every character of `text` (line breaks and spaces aside)."""
    return set(text) - set("\n\r\t ") <= _chars(font)


def missing(text: str, font: str, book) -> list[str]:
    """The characters of `text` that neither `font` nor any fallback font has
    (spaces, line breaks and invisible format characters never count)."""
    out = []
    cmap = _cmap(font)
    for ch in dict.fromkeys(text):
        if ord(ch) in cmap or ch.isspace() or _ignorable(ch) or unicodedata.category(ch) == "Cc":
            continue
        if book is None or book.fallback(ch, font) is None:
            out.append(ch)
    return out


def base_rtl(text: str) -> bool:
    """True when a paragraph's first strong character is right-to-left."""
    return first_strong(text) == "rtl"


def first_strong(text: str) -> str | None:
    """The direction of `text`'s first strong character: "rtl", "ltr", or None
    when it has none (digits, spaces, punctuation only)."""
    for ch in text:
        d = unicodedata.bidirectional(ch)
        if d == "L":
            return "ltr"
        if d in ("R", "AL"):
            return "rtl"
    return None


#: runs longer than this are shaped afresh each time, not kept (see text.KEPT_CHARS)
KEPT_CHARS = 4096


def segments(text: str, font: str, book=None, rtl: bool = False, kern: bool = False) -> tuple[Seg, ...]:
    """`_segments`, remembered for runs up to KEPT_CHARS long that need more
    than their own font's advance widths: plain text its font has (a label, a
    page's ID, a cell) is measured afresh, as `_segments` measures it, so one-off
    texts do not fill the memo (a run of puzzle sheets grew by 3.7 KB a sheet)."""
    if not kern and not rtl and text and max(text) < "\u0300" and set(text) <= _chars(font):
        return _segments.__wrapped__(text, font, book, rtl, kern)  # its second branch: one segment, no lookup kept
    if len(text) <= KEPT_CHARS:
        return _segments(text, font, book, rtl, kern)
    # a long run is kept among the last few only: a card's text is measured at each size it is
    # tried at, then drawn, each time the same segments (a cell of 9,000 combining marks was
    # shaped 16 times a card: 200 such cards ran make past a minute of CPU)
    key = (text, font, book, rtl, kern)
    found = _RECENT.get(key)
    if found is None:
        found = _segments.__wrapped__(text, font, book, rtl, kern)
        if len(_RECENT) >= 4:
            del _RECENT[next(iter(_RECENT))]
        _RECENT[key] = found
    return found


_RECENT: dict = {}  # the last long runs shaped (segments), oldest first


@lru_cache(maxsize=2048)
def _segments(text: str, font: str, book=None, rtl: bool = False, kern: bool = False) -> tuple[Seg, ...]:
    """`text` (one line's run, logical order) as segments in display order, left
    to right. `kern`: every run shaped by HarfBuzz, kerning and ligatures too, as
    Inkscape (Pango) sets text (an editor's text boxes); else plain text is set
    from the font's advance widths alone, as printkit always has."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if rtl and not kern and text and not any(needs_shaping(ch) for ch in text) and any(unicodedata.bidirectional(ch) != "L" for ch in text):
        faces = _fonts_for(text, font, book)
        if all(has_char(f, ch) for f, ch in zip(faces, text)):  # (an arrow, set in PKArrows by the plain path, stays there)
            return _plain_rtl(text, faces)
    if not kern and (not text or (max(text) < "\u0300" and set(text) <= _chars(font))):  # plain text its font has: as it always was
        return (Seg(font, text, stringWidth(text, font, 1000)),)
    if not text:
        return (Seg(font, text, 0.0),)
    cmap = _cmap(font)
    if not kern and all(ord(ch) in cmap for ch in text) and not any(needs_shaping(ch) for ch in text):
        return (Seg(font, text, stringWidth(text, font, 1000)),)
    fonts = _fonts_for(text, font, book)
    if not kern and not any(needs_shaping(ch) for ch in text):  # only characters from other fonts: left to right, unshaped
        out = []
        for start, end, f in _runs(fonts, [0] * len(text)):
            piece = text[start:end]
            out.append(Seg(f, piece, stringWidth(piece, f, 1000)))
        return tuple(out)
    levels = _levels(text, rtl)
    runs = _visual(_runs(fonts, levels), levels)
    return tuple(_shape(text, start, end, f, levels[start] % 2 == 1, kern) for start, end, f in runs)


def _plain_rtl(text: str, faces: list[str]) -> tuple[Seg, ...]:
    """Text that needs no shaping (Latin words, digits, spaces; each character
    in its face, `faces`) in a right-to-left paragraph, in display order: its
    level runs (the bidirectional algorithm) laid right to left, a run at an
    odd level (spaces, punctuation between right-to-left neighbours, a space
    that ends the run) reversed, its brackets mirrored; so "abc " shows its
    space on the left, where the text before it in the paragraph continues.
    Each run unshaped, with its advance widths (the same width as left to right)."""
    from bidi.mirror import MIRRORED
    from reportlab.pdfbase.pdfmetrics import stringWidth

    levels = _levels(text, True)
    out = []
    for start, end, f in _visual(_runs(faces, levels), levels):
        piece = "".join(MIRRORED.get(ch, ch) for ch in reversed(text[start:end])) if levels[start] % 2 else text[start:end]  # brackets mirrored, as HarfBuzz does
        out.append(Seg(f, piece, stringWidth(piece, f, 1000)))
    return tuple(out)


def width(text: str, font: str, size: float, book=None, rtl: bool = False, kern: bool = False) -> float:
    segs = segments(text, font, book, rtl, kern)
    if len(segs) == 1 and segs[0].font == font and type(segs[0].text) is str:
        from printkit.engine.fonts import text_width

        return text_width(text, font, size)  # the plain case: exactly the width it always had
    return sum(s.advance for s in segs) * size / 1000


def _fonts_for(text: str, font: str, book) -> list[str]:
    """The font each character is drawn in: `font` where it has it; a combining
    mark or joiner stays with the character before it where that font has it;
    else the first fallback that has it (else `font`: refused earlier by `missing`)."""
    cmap = _cmap(font)
    out: list[str] = []
    for n, ch in enumerate(text):
        prev = out[-1] if out else None
        if prev is not None and prev != font and (_is_mark(ch) or ch.isspace()) and has_char(prev, ch):
            f = prev
        elif ord(ch) in cmap:
            f = font
        elif _ignorable(ch) or ch.isspace():
            f = prev or font
        elif book is not None and emoji_presented(ch, text[n + 1] if n + 1 < len(text) else ""):
            f = book.fallback(ch, font, emoji=True) or font
        else:
            f = (book.fallback(ch, font) if book is not None else None) or font
        out.append(f)
    return out


#: Pictographs drawn as emoji by default (Unicode's Emoji_Presentation, by block:
#: emoticons, transport, the supplemental pictographs; most of Misc Symbols and
#: Pictographs): Pango sets them in fontconfig's "emoji" family first.
_EMOJI_BLOCKS = ((0x1F300, 0x1F5FF), (0x1F600, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F900, 0x1F9FF), (0x1FA70, 0x1FAFF))


def emoji_presented(ch: str, after: str = "") -> bool:
    """A character shown as an emoji: followed by U+FE0F (emoji presentation),
    or a pictograph that is one by default (not when U+FE0E follows)."""
    if after == "\ufe0e":
        return False
    if after == "\ufe0f":
        return True
    cp = ord(ch)
    return any(a <= cp <= b for a, b in _EMOJI_BLOCKS)


def _levels(text: str, rtl: bool) -> list[int]:
    """Each character's bidi embedding level (python-bidi's implementation of
    the Unicode bidirectional algorithm), the paragraph's base direction given."""
    if not rtl and not any(unicodedata.bidirectional(ch) in ("R", "AL", "AN", "RLE", "RLO", "RLI") for ch in text):
        return [0] * len(text)
    from bidi import algorithm as A

    keep = [i for i, ch in enumerate(text) if unicodedata.bidirectional(ch) not in A.X9_REMOVED]
    storage = A.get_empty_storage()
    storage["base_level"] = 1 if rtl else 0
    storage["base_dir"] = "R" if rtl else "L"
    A.get_embedding_levels("".join(text[i] for i in keep), storage)
    A.explicit_embed_and_overrides(storage)
    A.resolve_weak_types(storage)
    A.resolve_neutral_types(storage, False)
    A.resolve_implicit_levels(storage, False)
    got = [c["level"] for c in storage["chars"]]
    levels = [1 if rtl else 0] * len(text)
    if len(got) == len(keep):
        for i, lv in zip(keep, got):
            levels[i] = lv
        last = levels[0]
        kept = set(keep)
        for i in range(len(text)):  # removed controls take their neighbour's level
            if i in kept:
                last = levels[i]
            else:
                levels[i] = last
    return levels


def _runs(fonts: list[str], levels: list[int]) -> list[tuple[int, int, str]]:
    """Maximal spans of one font and one level: (start, end, font)."""
    out = []
    start = 0
    for i in range(1, len(fonts) + 1):
        if i == len(fonts) or fonts[i] != fonts[start] or levels[i] != levels[start]:
            out.append((start, i, fonts[start]))
            start = i
    return out


def _visual(runs: list[tuple[int, int, str]], levels: list[int]) -> list[tuple[int, int, str]]:
    """Runs in display order (rule L2: from the highest level down to the lowest
    odd one, reverse every sequence of runs at that level or above)."""
    if not runs:
        return runs
    lv = [levels[r[0]] for r in runs]
    order = list(range(len(runs)))
    top = max(lv)
    low = min(v for v in lv if v % 2 == 1) if any(v % 2 for v in lv) else top + 1
    for level in range(top, low - 1, -1):
        i = 0
        while i < len(order):
            if lv[order[i]] >= level:
                j = i
                while j < len(order) and lv[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return [runs[k] for k in order]


@lru_cache(maxsize=256)
def _hb_font(name: str, kern: bool = False):
    ttf = _font(name)
    font = ttf.hbFont(10)  # also sets the font up to take glyphs no character maps to
    twin = _kerning_twin(name) if kern else None
    return twin if twin is not None else font


def _kerning_twin(name: str):
    """HarfBuzz's font for a face's kerning twin: the same glyphs with their
    kerning (GPOS), in a `kerning/` folder beside the face (printkit ships one
    for its Noto Sans, whose drawn files stay without it); None when there is
    none or its glyphs are not the face's own."""
    import uharfbuzz as hb

    try:
        path = Path(_font(name).face.filename)
        twin = path.parent / "kerning" / path.name
        if not twin.is_file():
            return None
        face, own = hb.Face(hb.Blob.from_file_path(str(twin))), hb.Face(hb.Blob.from_file_path(str(path)))
        if face.glyph_count != own.glyph_count or face.unicodes != own.unicodes:
            return None
        font = hb.Font(face)
        font.ptem = 10
        return font
    except Exception:
        return None


def _shape(text: str, start: int, end: int, font: str, rtl: bool, kern: bool = False) -> Seg:
    import uharfbuzz as hb
    from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

    ttf = _font(font)
    hbf = _hb_font(font, kern)
    buf = hb.Buffer()
    buf.cluster_level = hb.BufferClusterLevel.MONOTONE_CHARACTERS
    buf.flags = hb.BufferFlags.REMOVE_DEFAULT_IGNORABLES
    buf.add_codepoints([ord(ch) for ch in text], start, end - start)  # the whole line as context: joins across runs
    buf.direction = "rtl" if rtl else "ltr"
    buf.guess_segment_properties()
    hb.shape(hbf, buf, _FEATURES)
    infos, positions = buf.glyph_infos, buf.glyph_positions
    starts = sorted({i.cluster for i in infos})
    span = {c: text[c:(starts[k + 1] if k + 1 < len(starts) else end)] for k, c in enumerate(starts)}
    face = ttf.face
    actual = ttf.__dict__.setdefault("pk_actual_text", {})  # private code -> its text, for ToUnicode (engine/fonts.py)
    # each glyph's code: a character of its cluster that maps to it, else a private code
    # whose text is what its cluster's directly mapped glyphs leave over (a joined
    # letter, a ligature, a reordered vowel sign read back once, not twice)
    codes: list = []
    left = {c: list(t) for c, t in span.items()}
    for info in infos:
        gid, cl = info.codepoint, info.cluster
        hit = next((ch for ch in left[cl] if face.charToGlyph.get(ord(ch)) == gid), None)
        if hit is not None:
            left[cl].remove(hit)
        codes.append(ord(hit) if hit is not None else None)
    chars, data = [], []
    total = 0.0
    for info, pos, u in zip(infos, positions, codes):
        gid, cl = info.codepoint, info.cluster
        if u is None:
            u = ttf.hbAddPrivate(hbf.glyph_to_string(gid), gid, ttf.pdfScale(hbf.get_glyph_h_advance(gid)))
            if u not in actual:
                actual[u] = "".join(left[cl])
            left[cl] = []
        adv = ttf.pdfScale(pos.x_advance)
        total += adv
        chars.append(chr(u))
        data.append(ShapeData(cl, adv, ttf.pdfScale(pos.y_advance), ttf.pdfScale(pos.x_offset), ttf.pdfScale(pos.y_offset), face.charWidths.get(u, adv)))
    return Seg(font, ShapedStr("".join(chars), shapeData=data), total)
