"""Drawing Crypto Crisis pages: the merged board, hint slips, answer keys,
puzzle sheets, the submission form and the worksheet. The only module of this
game that imports the print engine."""

from __future__ import annotations

import unicodedata

from printkit.engine import draw as d, fonts, text as typeset
from printkit.engine.qr import draw_qr
from printkit.engine.units import MM
from printkit.games.crypto_crisis.alphabet import drawing, page_lang, shown
from printkit.games.crypto_crisis.codes import ARROWS, colour_code, colour_codes, legend, mark_code, shifts_text
from printkit.games.crypto_crisis.grid import COLOURS, MARKS, MIXES, SHIFT_NAMES, SIDE, UNMIX
from printkit.i18n import N_, listed, ptext, text


def _(message: str) -> str:
    """`message` in the language of the page being drawn (set by alphabet.drawing)."""
    return text(page_lang())(message)


def pgettext(context: str, message: str) -> str:
    """`message` in the page's language as it reads in `context` ("none" of a shift)."""
    return ptext(page_lang())(context, message)


def no_shift() -> str:
    """What a hint or answer shows for a shift that is not there: "none"."""
    return pgettext("shift", "none")


# the grid's colour, mix and shift words as the pages print them (translated with _ there)
COLOUR_WORDS = (N_("blue"), N_("yellow"), N_("red"), N_("green"), N_("purple"), N_("orange"), N_("black"))
SHIFT_WORDS = (N_("up"), N_("down"), N_("left"), N_("right"))
#: "the blue word" as a sentence names it
COLOUR_WORD = {"blue": N_("blue word"), "yellow": N_("yellow word"), "red": N_("red word")}
#: a slip that has no shift of a colour, by the slip's title
NO_SHIFT = {"first shifts": N_("{colour}: no first shift"), "second shifts": N_("{colour}: no second shift"), "third shifts": N_("{colour}: no third shift")}


def colon(name: str, value: str) -> str:
    """"name: value" as the page's language writes it (French: a narrow no-break space before the colon)."""
    # TRANSLATORS: a label and what it says, on Crypto Crisis legends and keys ("easy: no hint needed"); French puts U+202F before the colon
    return _("{name}: {value}").format(name=name, value=value)


def _mix_label(mix: str, sep: str = " = ") -> str:
    """A mix as its legend names it: "green = blue + yellow" ("black = blue + yellow + red");
    `sep` ": " is the language's colon (`colon`)."""
    parts = UNMIX[mix]
    if len(parts) == 1:
        return _(mix)
    mixed = " + ".join(_(p) for p in parts)
    return colon(_(mix), mixed) if sep == ": " else f"{_(mix)}{sep}{mixed}"

# Tile colours (Okabe-Ito names, see engine/ink.py); every tile also carries a code.
FILL = {
    "none": "white",
    "blue": "blue",
    "yellow": "yellow",
    "red": "vermillion",
    "green": "green",
    "purple": "purple",
    "orange": "orange",
    "black": "black",
}
MARK_TEXT = {"underline": N_("underlined"), "italic": N_("in italics"), "strike": N_("struck through")}
MARGIN = 12 * MM
QR_MASK = 0  # puzzle IDs' QR codes use one mask pattern, no search (tests decode them all)
BLACK = (0, 0, 0)
GREY = (0.35, 0.35, 0.35)
LIGHT = (0.55, 0.55, 0.55)  # pencil-work letters on blank grids


def code_of(mix: str) -> str:
    """A tile's colour code in the page's language: "B+Y" (English), "B+J" (French)."""
    codes = colour_codes()
    return "+".join(codes[c] for c in UNMIX.get(mix, ()))


def _rgb(name: str) -> tuple[float, float, float]:
    return (1.0, 1.0, 1.0) if name == "white" else BLACK


# -- one tile, one board ----------------------------------------------------------------------

def tile_geometry(s: float) -> dict:
    """Where a tile's parts go, relative to its bottom left (pt): the tests use
    this to look for the marks on a rendered page."""
    size = s * 0.52
    base = s * 0.34
    bar = max(1.2, s * 0.045)
    return {
        "size": size,
        "base": base,
        "bar": bar,
        "underline": (s * 0.17, s * 0.83, base - size * 0.13),  # x0, x1, y centre
        "strike": (s * 0.12, s * 0.88, base + size * 0.36),
    }


def draw_tile(c, ink, x: float, y: float, s: float, letter: str, mix: str, marks: list[str], *, code: bool = True) -> None:
    """A merged-board tile: its colour, its letter (white on black), its marks
    drawn all at once (underline, italic, strike), and its colour code."""
    fill = FILL.get(mix, "white")
    ink.fill(c, fill, large=True)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(max(0.5, s * 0.012))
    c.rect(x, y, s, s, stroke=1, fill=1)
    fg = _rgb(ink.text_on(fill, large=True))
    g = tile_geometry(s)
    font = fonts.SANS_BOLD_ITALIC if "italic" in marks else fonts.SANS_BOLD
    size = g["size"]
    if code and mix != "none" and _accent_above(letter):
        size = _under_badge(s, letter, font, size, g["base"], code_of(mix))
    c.setFillColorRGB(*fg)
    typeset.label(c, x + s / 2, y + g["base"], letter, font=font, size=size, align="center")
    c.setStrokeColorRGB(*fg)
    c.setLineWidth(g["bar"])
    c.setLineCap(0)
    for mark in ("underline", "strike"):
        if mark in marks:
            x0, x1, yy = g[mark]
            c.line(x + x0, y + yy, x + x1, y + yy)
    if code and mix != "none":
        _code_badge(c, x + s * 0.05, y + s * 0.95, s, code_of(mix), top=True)
    if marks:
        _mark_badge(c, x + s * 0.95, y + s * 0.05, s, marks)


def _accent_above(letter: str) -> bool:
    """A capital with a mark above it (Ä, É, Ñ), taller than the plain capitals."""
    base = unicodedata.normalize("NFD", letter)
    return letter.isupper() and len(base) > 1 and any(unicodedata.combining(ch) == 230 for ch in base[1:])


def _badge_size(s: float) -> float:
    return max(7.0, s * 0.14)


def _under_badge(s: float, letter: str, font: str, size: float, base: float, code: str) -> float:
    """The letter's size, smaller when at `size` its accent would reach into the
    tile's colour-code badge (top left): its accent then stays clear below."""
    b = _badge_size(s)
    badge_right = s * 0.05 + fonts.text_width(code, fonts.SANS_BOLD, b) + b * 0.6
    badge_bottom = s * 0.95 - b * 1.25
    if badge_right <= s / 2 - fonts.text_width(letter, font, size) / 2:
        return size  # the badge ends left of the letter
    accent_top = 0.98  # an accented capital's top, in em above the baseline
    return max(min(7.0, size), min(size, (badge_bottom - 0.5 - base) / accent_top))


def _code_badge(c, x: float, y: float, s: float, text: str, *, top: bool) -> None:
    """A small white label with the tile's colour code (reads in grayscale)."""
    size = _badge_size(s)
    w = fonts.text_width(text, fonts.SANS_BOLD, size) + size * 0.6
    h = size * 1.25
    by = y - h if top else y
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.5)
    c.roundRect(x, by, w, h, h * 0.3, stroke=1, fill=1)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x + size * 0.3, by + h / 2 - size * 0.36, text, font=fonts.SANS_BOLD, size=size)


def _mark_badge(c, right: float, y: float, s: float, marks: list[str]) -> None:
    """The tile's marks spelled small in the bottom right, each code (codes.mark_code:
    English u, i, s) drawn in its own style: underlined, italic, struck."""
    size = max(7.0, s * 0.13)
    step = size * 0.9
    n = len(marks)
    w = n * step + size * 0.4
    h = size * 1.25
    x = right - w
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, h * 0.3, stroke=1, fill=1)
    c.setFillColorRGB(*BLACK)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(max(0.5, size * 0.08))
    base = y + h / 2 - size * 0.3
    for k, mark in enumerate(marks):
        cx = x + size * 0.2 + step * (k + 0.5)
        glyph = mark_code(mark)
        face = fonts.SANS_BOLD_ITALIC if mark == "italic" else fonts.SANS_BOLD
        typeset.label(c, cx, base, glyph, font=face, size=size, align="center")
        half = step * 0.38
        if mark == "underline":
            c.line(cx - half, base - size * 0.12, cx + half, base - size * 0.12)
        elif mark == "strike":
            c.line(cx - half, base + size * 0.27, cx + half, base + size * 0.27)


def draw_board(c, ink, x: float, y: float, side: float, cells: list[dict], *, code: bool = True) -> None:
    """The merged board, bottom left at (x, y); row 0 (A-E) at the top."""
    s = side / SIDE
    plain = []  # white, unmarked tiles: drawn together (one path, one text object)
    for i, cell in enumerate(cells):
        r, col = divmod(i, SIDE)
        tx, ty = x + col * s, y + side - (r + 1) * s
        if cell["mix"] == "none" and not cell["marks"]:
            plain.append((tx, ty, cell["letter"]))
        else:
            draw_tile(c, ink, tx, ty, s, cell["letter"], cell["mix"], cell["marks"], code=code)
    if plain:
        g = tile_geometry(s)
        c.setStrokeColorRGB(*BLACK)
        c.setLineWidth(max(0.5, s * 0.012))
        p = c.beginPath()
        for tx, ty, _letter in plain:
            p.rect(tx, ty, s, s)
        c.drawPath(p, stroke=1, fill=0)
        typeset.labels(c, [(tx + s / 2, ty + g["base"], letter) for tx, ty, letter in plain], fonts.SANS_BOLD, g["size"], BLACK, align="center")
    c.setLineWidth(max(1.0, s * 0.03))
    c.setStrokeColorRGB(*BLACK)
    c.rect(x, y, side, side, stroke=1, fill=0)


def word_board(c, ink, x: float, y: float, side: float, colour: str, tiles: list[str]) -> None:
    """One colour's board on its own: its tiles where its shifts left them."""
    cells = []
    for i in range(SIDE * SIDE):
        on = shown()[i] in tiles
        first = on and tiles.index(shown()[i]) < 2
        cells.append({"letter": shown()[i], "mix": colour if on else "none", "marks": [MARKS[colour]] if first else []})
    draw_board(c, ink, x, y, side, cells)


# -- arrows (the font has none) ----------------------------------------------------------------

def arrow(c, cx: float, cy: float, size: float, direction: str) -> None:
    """A solid arrow pointing up, down, left or right (U, D, L, R)."""
    angle = {"R": 0, "U": 90, "L": 180, "D": 270}[direction]
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    h = size / 2
    p = c.beginPath()
    p.moveTo(-h, -h * 0.22)
    p.lineTo(h * 0.15, -h * 0.22)
    p.lineTo(h * 0.15, -h * 0.62)
    p.lineTo(h, 0)
    p.lineTo(h * 0.15, h * 0.62)
    p.lineTo(h * 0.15, h * 0.22)
    p.lineTo(-h, h * 0.22)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def swatch(c, ink, x: float, y: float, s: float, mix: str, w: float | None = None) -> None:
    """A small colour square (or a w-wide box) with its code in it."""
    fill = FILL[mix]
    w = w or s
    ink.fill(c, fill, large=True)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.6)
    c.rect(x, y, w, s, stroke=1, fill=1)
    text = code_of(mix)
    if text:
        fg = _rgb(ink.text_on(fill, large=True))
        typeset.label_in_box(c, text, x, y, w, s, font=fonts.SANS_BOLD, size=s * 0.5, pad=s * 0.08, color=fg)


# -- the legend ---------------------------------------------------------------------------------

LEGEND_H = 44 * MM  # height draw_legend needs


def draw_legend(c, ink, x: float, top: float, width: float) -> float:
    """The colour wheel and the marks, so the board reads without colour.
    Returns the y below it."""
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, top - 9, _("Colours (the code on a tile names the words on it)"), font=fonts.SANS_BOLD, size=9)
    mixes = [m for m in MIXES.values() if m != "none"]
    s = 7 * MM
    sw = 12 * MM
    col_w = width / 4
    y = top - 12
    for k, mix in enumerate(mixes):
        cx = x + (k % 4) * col_w
        cy = y - (k // 4 + 1) * (s + 1.5 * MM)
        swatch(c, ink, cx, cy, s, mix, sw)
        label = _mix_label(mix)
        typeset.label_in_box(c, label, cx + sw + 1 * MM, cy, col_w - sw - 2 * MM, s, size=8, align="left", pad=0.5 * MM)
    y -= 2 * (s + 1.5 * MM) + 3 * MM
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, y - 9, _("Marks (on the tiles of each word's first two letters; the small label spells them)"), font=fonts.SANS_BOLD, size=9)
    y -= 12
    mw = width / 3
    t = 12 * MM
    for k, colour in enumerate(COLOURS):
        cx = x + k * mw
        ty = y - t
        draw_tile(c, ink, cx, ty, t, "A", colour, [MARKS[colour]], code=False)
        typeset.label_in_box(c, _("{colour_word}: {mark} (label {label})").format(colour_word=_(COLOUR_WORD[colour]), mark=_(MARK_TEXT[MARKS[colour]]), label=mark_code(MARKS[colour])), cx + t + 1.5 * MM, ty, mw - t - 2 * MM, t, size=8.5, align="left", pad=0.5 * MM)
    return y - t - 1 * MM


# -- hint slips ----------------------------------------------------------------------------------

def _hint_rows(slip: dict) -> list[tuple[str, str | None]]:
    return [(colour, slip["shifts"].get(colour)) for colour in COLOURS if colour in slip["shifts"]]


COVER_W, COVER_H = 140 * MM, 70 * MM  # the pattern's tile: flaps show part of it
COVER_FORM = "CCCoverPattern"


def _define_cover(c) -> None:
    """A dense letter-and-hatch pattern, drawn once per document as a PDF form:
    printed on the flap that folds over a hint, it hides the hint's show-through."""
    from printkit.rng import Rng

    rng = Rng("crypto-crisis-cover")
    c.beginForm(COVER_FORM, 0, 0, COVER_W, COVER_H)
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.5)
    step = 2.2 * MM
    p = c.beginPath()
    k = -COVER_H
    while k < COVER_W + COVER_H:
        p.moveTo(k, 0)
        p.lineTo(k + COVER_H, COVER_H)
        p.moveTo(k + COVER_H, 0)
        p.lineTo(k, COVER_H)
        k += step
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColorRGB(0.15, 0.15, 0.15)
    # decoys that look like what they hide: the shift letters and words, as big
    # and bold as on the hint, in every direction (seen through the paper, a
    # hint's "D down" drowns among them)
    codes = colour_codes()
    decoys = (*ARROWS.values(), codes["blue"], codes["yellow"], _("up"), _("down"), _("left"), _("right"))  # what the hints print, in their language
    # all in one text object (typeset.turned_labels): each decoy centred on its
    # place and turned a quarter turn or none (cosine and sine 0 and +-1)
    turns = ((1, 0), (0, 1), (-1, 0), (0, -1))
    items = []
    for _k in range(int(COVER_W * COVER_H / (9 * MM * 9 * MM)) * 3):
        size = 9 if rng.below(2) else 13
        x, y = rng.random() * COVER_W, rng.random() * COVER_H
        cos, sin = turns[rng.below(4)]
        items.append((x, y, rng.choice(decoys), size, cos, sin))
    typeset.turned_labels(c, items, fonts.SANS_BOLD)
    c.setFont(fonts.SANS_BOLD, items[-1][3])  # the canvas's font as the old letter-by-letter drawing left it
    c.endForm()


def once(c, key: str, draw) -> None:
    """Draw what `draw(c)` draws, as a PDF form made the first time `key` is
    asked for in this document and placed again after that (page furniture
    that repeats on every sheet: drawn once, stored once)."""
    forms = c.__dict__.setdefault("_cc_forms", {})
    name = forms.get(key)
    if name is None:
        name = forms[key] = f"CCStatic{len(forms)}"
        c.beginForm(name)
        draw(c)
        c.endForm()
    c.doForm(name)


def flap_pattern(c, x: float, y: float, w: float, h: float, key) -> None:
    """The patterned flap at (x, y, w, h): the pattern, placed from its form at
    an offset that depends on `key` so flaps differ."""
    if not getattr(c, "_cc_cover_defined", False):
        _define_cover(c)
        c._cc_cover_defined = True
    from printkit.rng import Rng

    rng = Rng("crypto-crisis-flap", key)
    ox = rng.random() * max(0.0, COVER_W - w)
    oy = rng.random() * max(0.0, COVER_H - h)
    c.saveState()
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)
    nx = int(w // COVER_W) + 1
    ny = int(h // COVER_H) + 1
    for i in range(nx):
        for j in range(ny):
            c.saveState()
            c.translate(x - ox + i * COVER_W, y - oy + j * COVER_H)
            c.doForm(COVER_FORM)
            c.restoreState()
    c.restoreState()


def flap_tag(c, x: float, y: float, w: float, h: float) -> None:
    """The flap's label and its dotted fold line (drawn over the pattern). The
    label sits at the flap's top edge: folded over, its white ground lands above
    the first hint row, never on a hint (where it would let it show through)."""
    tag = _("fold over the hint")
    size = 7.5
    tw = fonts.text_width(tag, fonts.SANS_BOLD, size) + 2 * MM
    mid = y + h - 1 * MM - 2.4 * MM
    c.setFillColorRGB(1, 1, 1)
    c.rect(x + w / 2 - tw / 2, mid - 2.4 * MM, tw, 4.8 * MM, stroke=0, fill=1)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x + w / 2, mid - size * 0.36, tag, font=fonts.SANS_BOLD, size=size, align="center")
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.8)
    c.setDash(2, 2)
    c.line(x, y, x, y + h)
    c.setDash()


def cover_flap(c, x: float, y: float, w: float, h: float, key) -> None:
    """A whole flap: pattern, label, fold line."""
    flap_pattern(c, x, y, w, h, key)
    flap_tag(c, x, y, w, h)


def hint_strip(c, ink, x: float, y: float, w: float, h: float, slip: dict, key: str, *, label_frac: float = 0.28) -> None:
    """One hint slip as a strip of three panels: the label (stays outside), the
    hint, and a patterned flap that folds over the hint along the dotted line."""
    strip_hint(c, ink, x, y, w, h, slip, key, label_frac=label_frac)
    strip_frame(c, ink, x, y, w, h, slip, label_frac=label_frac)


def _strip_parts(x: float, w: float, label_frac: float) -> tuple[float, float, float]:
    label_w = w * label_frac
    hint_w = (w - label_w) / 2  # the flap must cover the hint
    return label_w, hint_w, x + label_w + hint_w


def slip_label(slip: dict) -> str:
    """A slip's title and when it opens: "first shifts: open at 15:00"."""
    if slip["time"][0].isdigit():
        return _("{title}: open at {time}").format(title=_(slip["title"]), time=slip["time"])
    return _("{title}: open in sudden death").format(title=_(slip["title"]))


def slip_time(slip: dict) -> str:
    """When a slip opens, as its label shows it large: "15:00", "sudden death"."""
    return slip["time"] if slip["time"][0].isdigit() else _(slip["time"])


def strip_frame(c, ink, x: float, y: float, w: float, h: float, slip: dict, *, label_frac: float = 0.28, swatches: bool = True) -> None:
    """What a hint strip shows whatever its hint: the cut outline, the label
    panel (time and title), the fold line and the flap's tag (and the colour
    swatches of a tall strip's rows, unless the hint is coded and draws its
    own)."""
    label_w, hint_w, fx = _strip_parts(x, w, label_frac)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.8)
    c.setDash()
    c.rect(x, y, w, h, stroke=1, fill=0)
    pad = 2.5 * MM
    typeset.label_in_box(c, slip_time(slip), x, y + h * 0.45, label_w, h * 0.45, font=fonts.SANS_BOLD, size=min(24, h * 0.42))
    typeset.label_in_box(c, slip_label(slip), x, y + h * 0.12, label_w, h * 0.3, size=8, pad=pad)
    c.setLineWidth(0.4)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.line(x + label_w, y + 1.5 * MM, x + label_w, y + h - 1.5 * MM)
    if h >= 30 * MM and swatches:  # the colour swatches of a tall strip's rows
        rows = [c_ for c_ in COLOURS if c_ in slip.get("shifts", dict.fromkeys(COLOURS))]
        row_h = (h - 2 * pad) / max(1, len(rows))
        for k, colour in enumerate(rows):
            ry = y + h - pad - (k + 1) * row_h
            _hint_entry(c, ink, x + label_w + pad, ry, hint_w - 2 * pad, row_h, colour, None, slip["title"], wide=True, parts="swatch")
    flap_tag(c, fx, y, hint_w, h)


def strip_hint(c, ink, x: float, y: float, w: float, h: float, slip: dict, key: str, *, label_frac: float = 0.28, coded: bool = False) -> None:
    """What differs from strip to strip: the hint itself and the flap's pattern.
    `coded` (the solo hint page, printed where a player sees it before folding):
    each row shows its colour and a number, and the flap a key of this strip's
    numbers (hint_code), so the glance that finds the fold line reads no shift.
    Words and arrows turned or mirrored still read at a glance: four words, four
    arrows. The rows sit in the hint panel's half by the fold, under the flap's
    pattern once folded; the key's white box in the flap's outer half, which
    folds onto the empty half (nothing shows through it)."""
    label_w, hint_w, fx = _strip_parts(x, w, label_frac)
    pad = 2.5 * MM
    hx = x + label_w
    rows = _hint_rows(slip)
    if coded:
        code = hint_code(key)
        row_h = (h - 2 * pad) / max(1, len(rows))
        half = hint_w / 2
        for k, (colour, shift) in enumerate(rows):
            ry = y + h - pad - (k + 1) * row_h
            _coded_entry(c, ink, hx + half, ry, half - pad, row_h, colour, code[shift or ""])
        flap_pattern(c, fx, y, hint_w, h, key)
        _code_key(c, fx + half, y + pad, half - pad, h - 2 * pad - 5 * MM, code)
        return
    if h >= 30 * MM:
        row_h = (h - 2 * pad) / max(1, len(rows))
        for k, (colour, shift) in enumerate(rows):
            ry = y + h - pad - (k + 1) * row_h
            _hint_entry(c, ink, hx + pad, ry, hint_w - 2 * pad, row_h, colour, shift, slip["title"], wide=True, parts="hint")
    else:
        col = (hint_w - 2 * pad) / max(1, len(rows))
        for k, (colour, shift) in enumerate(rows):
            ex = hx + pad + k * col
            _hint_entry(c, ink, ex + 1.5 * MM, y + pad, col - 3 * MM, h - 2 * pad, colour, shift, slip["title"], wide=False)
            if k:
                c.setStrokeColorRGB(0.6, 0.6, 0.6)
                c.setLineWidth(0.4)
                c.line(ex, y + 3 * MM, ex, y + h - 3 * MM)
    flap_pattern(c, fx, y, hint_w, h, key)


#: what a coded hint's number can stand for: the four shifts and "none" ("")
CODED = ("U", "D", "L", "R", "")


def hint_code(key: str) -> dict[str, str]:
    """A strip's numbers: five different digits 1-9 for up, down, left, right and
    none ("" the key), drawn from the strip's key (the same key, the same numbers)."""
    from printkit.rng import Rng

    digits = Rng("crypto-crisis-hint-code", key).shuffle(list("123456789"))
    return dict(zip(CODED, digits))


def _coded_entry(c, ink, x: float, y: float, w: float, h: float, colour: str, digit: str) -> None:
    """A coded hint row: the colour's swatch, then its number, large."""
    s = min(h * 0.8, 8 * MM)
    swatch(c, ink, x, y + (h - s) / 2, s, colour)
    typeset.label_in_box(c, digit, x + s + 2 * MM, y, min(w - s - 2 * MM, 12 * MM), h, font=fonts.SANS_BOLD, size=min(20, h * 0.7), align="left", pad=0)


def _code_key(c, x: float, y: float, w: float, h: float, code: dict[str, str]) -> None:
    """The strip's key on its flap, in a white box: "7 ↑ up" ... "5 none"."""
    lines = [f"{code[shift]}  {ARROWS[shift]} {_(SHIFT_NAMES[shift])}" if shift else f"{code[shift]}  {no_shift()}" for shift in CODED]
    size = min(8.5, h / (len(lines) * 1.25 + 0.6))
    box_h = len(lines) * size * 1.25 + size * 0.9
    box_w = min(w, max(fonts.text_width(line, fonts.SANS_BOLD, size) for line in lines) + 4 * MM)
    bx, by = x + (w - box_w) / 2, y + (h - box_h) / 2
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.6)
    c.rect(bx, by, box_w, box_h, stroke=1, fill=1)
    for k, line in enumerate(lines):
        typeset.label_in_box(c, line, bx + 2 * MM, by + box_h - size * 0.45 - (k + 1) * size * 1.25, box_w - 4 * MM, size * 1.25, font=fonts.SANS_BOLD, size=size, align="left", pad=0)


def _hint_entry(c, ink, x: float, y: float, w: float, h: float, colour: str, shift: str | None, title: str, *, wide: bool, parts: str = "swatch hint") -> None:
    s = min(h * 0.8, 8 * MM) if wide else min(h * 0.6, 6.5 * MM)
    gap = 1.5 * MM if wide else 1 * MM
    sy = y + (h - s) / 2
    if "swatch" in parts:
        swatch(c, ink, x, sy, s, colour)
    if "hint" not in parts:
        return
    tx = x + s + gap
    if shift is None:
        no = NO_SHIFT.get(title)
        text = (_(no).format(colour=_(colour)) if no else f"{colour}: no {title[:-1]}") if wide else no_shift()
        typeset.label_in_box(c, text, tx, y, w - s - gap, h, size=min(11, h * 0.5), align="left", pad=0)
        return
    a = s * 0.85
    c.setFillColorRGB(*BLACK)
    arrow(c, tx + a / 2, y + h / 2, a, shift)
    label = f"{ARROWS[shift]} {_(SHIFT_NAMES[shift])}" if wide else ARROWS[shift]
    typeset.label_in_box(c, label, tx + a + gap, y, w - s - a - 2 * gap, h, font=fonts.SANS_BOLD, size=min(14, h * 0.55), align="left", pad=0)


def slip_instructions(c, x: float, top: float, width: float) -> float:
    text = _("Cut out each strip on the solid line. Fold the patterned flap over the hint along the dotted "
             "line and tape it shut, so the time shows and the hint does not. Open each at its time; "
             "the shifts are the ones made on the original tiles, in the order they were made.")
    return typeset.paragraph(c, text, x, top, width, size=8.5)


# -- pages: the player's own board --------------------------------------------------------------

HEADER_H = 17 * MM  # what d.header takes with a subtitle
GUESS_H = 14 * MM


def board_layout(page: tuple[float, float]) -> tuple[float, float, float]:
    """(x, y, side) of the merged board on the board page (pt)."""
    W, H = page
    side = min(W - 2 * MARGIN, H - 2 * MARGIN - HEADER_H - LEGEND_H - GUESS_H - 6 * MM, 200 * MM)
    return (W - side) / 2, H - MARGIN - HEADER_H - side, side


@drawing
def render_board(doc, model: dict) -> None:
    """The opponent's file: the merged board alone, with the legend and a place
    to note each word found and when. Nothing on it names a word or shift."""
    ink = doc.ink
    W, H = doc.size
    c = doc.new_page()
    d.header(doc, _("CRYPTO CRISIS  ·  encrypted board {code}").format(code=model["code"]),
             _("Three 5-letter words, shifted and merged. Crack them: one guess every 30 seconds."))
    x, y, side = board_layout(doc.size)
    draw_board(c, ink, x, y, side, model["cells"])
    bottom = draw_legend(c, ink, MARGIN, y - 3 * MM, W - 2 * MARGIN)
    found_lines(c, ink, MARGIN, bottom - 2 * MM, W - 2 * MARGIN)


@drawing
def render_keeper(doc, model: dict) -> None:
    """The keeper's file: the hint slips and the answer key (never sent)."""
    ink = doc.ink
    W, H = doc.size
    code = model["code"]
    # 1. the hint slips
    c = doc.new_page()
    top = d.header(doc, _("CRYPTO CRISIS  ·  hint slips for board {code}").format(code=code),
                   _("Yours to keep: cut, fold shut, and hand over (or read out) each slip at its time."))
    top = slip_instructions(c, MARGIN, top - 2 * MM, W - 2 * MARGIN) - 4 * MM
    strip_h = min(60 * MM, (top - MARGIN - 8 * MM) / 3 - 4 * MM)
    for k, slip in enumerate(model["hints"]):
        sy = top - (k + 1) * strip_h - k * 6 * MM
        hint_strip(c, ink, MARGIN, sy, W - 2 * MARGIN, strip_h, slip, f"board-{k}")
    # 2. the answer key
    c = doc.new_page()
    how = {"random": _("random words from seed {seed}").format(seed=repr((model.get("params") or {}).get("seed"))),
           "example": _("the rulebook's example"), "words": _("your own words")}.get(model.get("source"), "")
    top = d.header(doc, _("CRYPTO CRISIS  ·  answer key for board {code}").format(code=code),
                   _("Keep this page hidden from your opponent ({how}).").format(how=how))
    top = _answer_table(c, ink, MARGIN, top - 3 * MM, W - 2 * MARGIN, model["words"])
    top = typeset.paragraph(c, legend(), MARGIN, top - 2 * MM, W - 2 * MARGIN, size=8)  # every code on the page, spelled out
    # each colour's board alone and the merged board, two by two, as large as
    # the page allows under the table with room for the solver note
    gap, label_h, note_h = 10 * MM, 7 * MM, 30 * MM
    top -= 4 * MM
    small = min(85 * MM, (W - 2 * MARGIN - gap) / 2, (top - MARGIN - note_h - 2 * label_h - 6 * MM) / 2)
    x0 = (W - 2 * small - gap) / 2
    labels = [_("{colour} alone").format(colour=_(w["colour"])) for w in model["words"]] + [_("merged (what your opponent sees)")]
    for k, label in enumerate(labels[:4]):
        bx = x0 + (k % 2) * (small + gap)
        by = top - (k // 2 + 1) * (label_h + small) - (k // 2) * 3 * MM
        typeset.label_in_box(c, label, bx, by + small, small, label_h, font=fonts.SANS_BOLD, size=10)
        if k < len(model["words"][:3]):
            w = model["words"][k]
            word_board(c, ink, bx, by, small, w["colour"], w["tiles"])
        else:
            draw_board(c, ink, bx, by, small, model["cells"])
    y = top - 2 * (label_h + small) - 3 * MM - 6 * MM
    _solver_note(c, MARGIN, y, W - 2 * MARGIN, model)


def found_lines(c, ink, x: float, top: float, width: float, tie: bool = True) -> float:
    """One line per colour for the word found and the time it was found (the
    tie-break of a two-player game; `tie` False on a solo sheet, which has
    none). Returns the y below."""
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, top - 9, _("Words you found, and when (the time breaks a tie)") if tie else _("Words you found, and when"), font=fonts.SANS_BOLD, size=9)
    col = width / 3
    y = top - 12 - 8 * MM
    for k, colour in enumerate(COLOURS):
        cx = x + k * col
        swatch(c, ink, cx, y, 7 * MM, colour)
        c.setLineWidth(0.6)
        c.setStrokeColorRGB(*BLACK)
        c.line(cx + 9 * MM, y, cx + col - 22 * MM, y)
        c.setFillColorRGB(*BLACK)
        typeset.label(c, cx + col - 20 * MM, y + 1 * MM, _("at"), font=fonts.SANS, size=9)
        c.line(cx + col - 16 * MM, y, cx + col - 4 * MM, y)
        c.setFillColorRGB(*GREY)
        typeset.label(c, cx + col - 10 * MM, y - 3 * MM, "mm:ss", font=fonts.SANS, size=7, align="center")
    return y - 5 * MM


def _marked_word(c, x: float, y: float, size: float, word: str, mark: str | None) -> float:
    """The word with its first two letters marked; returns its width."""
    cx = x
    for k, ch in enumerate(word):
        font = fonts.SANS_BOLD_ITALIC if (k < 2 and mark == "italic") else fonts.SANS_BOLD
        c.setFillColorRGB(*BLACK)
        typeset.label(c, cx, y, ch, font=font, size=size)
        w = fonts.text_width(ch, font, size)
        if k < 2 and mark in ("underline", "strike"):
            c.setStrokeColorRGB(*BLACK)
            c.setLineWidth(size * 0.07)
            ly = y - size * 0.12 if mark == "underline" else y + size * 0.33
            c.line(cx - 0.5, ly, cx + w + 0.5, ly)
        cx += w + size * 0.08
    return cx - x


def _answer_table(c, ink, x: float, top: float, width: float, words: list[dict]) -> float:
    heads = [_("colour"), _("word"), _("shifts, in order"), _("net"), _("tiles after shifting")]
    widths = [0.16, 0.22, 0.22, 0.14, 0.26]
    row_h = 12 * MM
    c.setFillColorRGB(0.88, 0.88, 0.88)
    c.rect(x, top - 7 * MM, width, 7 * MM, stroke=0, fill=1)
    cx = x
    for head, fw in zip(heads, widths):
        typeset.label_in_box(c, head, cx, top - 7 * MM, fw * width, 7 * MM, font=fonts.SANS_BOLD, size=9, align="left")
        cx += fw * width
    y = top - 7 * MM
    for w in words:
        y -= row_h
        cx = x
        swatch(c, ink, cx + 1.5 * MM, y + 2.5 * MM, 7 * MM, w["colour"])
        typeset.label_in_box(c, _(w["colour"]), cx + 9 * MM, y, widths[0] * width - 9 * MM, row_h, size=10, align="left", pad=1 * MM)
        cx += widths[0] * width
        _marked_word(c, cx + 1.5 * MM, y + row_h / 2 - 5, 15, w["word"], w.get("mark"))
        cx += widths[1] * width
        shifts = w["shifts"]
        if shifts:  # the arrows, as text (codes.py): what the slips and the legend below say
            typeset.label_in_box(c, shifts_text(shifts, " "), cx, y, widths[2] * width, row_h, font=fonts.SANS_BOLD, size=16, align="left")
        else:
            typeset.label_in_box(c, no_shift(), cx, y, widths[2] * width, row_h, size=10, align="left")
        cx += widths[2] * width
        typeset.label_in_box(c, shifts_text(w["net"]) or no_shift(), cx, y, widths[3] * width, row_h, font=fonts.SANS_BOLD, size=11, align="left")
        cx += widths[3] * width
        typeset.label_in_box(c, " ".join(w["tiles"]), cx, y, widths[4] * width, row_h, size=11, align="left")
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.6)
    for k in range(len(words) + 2):  # the top, under the heads, under each row
        yy = top - 7 * MM - (k - 1) * row_h if k else top
        c.line(x, yy, x + width, yy)
    return y


def _solver_note(c, x: float, top: float, width: float, model: dict) -> float:
    solved = model.get("solver") or {}
    lines = []
    for w in model["words"]:
        fits = (solved.get("all") or {}).get(w["colour"], [])
        first = (solved.get("none") or {}).get(w["colour"], [])
        others = [f"{word} ({shifts_text(net) or _('no shift')})" for word, net in fits if word != w["word"]]
        colour = _(w["colour"])
        if others:
            lines.append(_("Careful: with every shift revealed, the {colour} tiles also spell {words}: your opponent could not tell them apart.").format(colour=colour, words=", ".join(others)))
        elif len(first) == 1:
            lines.append(_("{Colour}: one answer once all shifts are out; before any hint, {n} word fits the {colour} tiles.").format(Colour=colour.capitalize(), colour=colour, n=len(first)))
        else:
            lines.append(_("{Colour}: one answer once all shifts are out; before any hint, {n} words fit the {colour} tiles.").format(Colour=colour.capitalize(), colour=colour, n=len(first)))
    y = top
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, y - 10, _("Solver check (against the acceptance list)"), font=fonts.SANS_BOLD, size=10)
    y -= 14
    for line in lines:
        y = typeset.paragraph(c, line, x, y, width, size=9) - 2
    return y


# -- pages: puzzles --------------------------------------------------------------------------------

NEED_TEXT = {
    0: N_("no hint needed (one common word fits each colour from the start)"),
    1: N_("needs 1 hint (the first shifts, at 15:00, leave one common word per colour)"),
    2: N_("needs 2 hints (a colour stays open until the second shifts, at 30:00)"),
    3: N_("needs all 3 hints (a colour stays open until sudden death)"),
}


def grade_text(p: dict) -> str:
    need = max((p.get("hints_needed") or {"": 0}).values())
    return colon(_(p["difficulty"]), _(NEED_TEXT[need]))


def puzzle_layout(page: tuple[float, float]) -> dict:
    """Where the parts of a puzzle page go (pt), top to bottom: header, board
    (with the QR code and legend beside it), found lines, working grids;
    everything inside a 10 mm margin. The hint strips have a page of their own."""
    W, H = page
    m = 10 * MM
    head = 21 * MM
    side = min(W - 2 * m - 52 * MM, H - 2 * m - head - 80 * MM, 170 * MM)
    y = H - m - head - side
    return {"m": m, "board": (m, y, side), "qr": 30 * MM, "found_top": y - 3 * MM}


@drawing
def render_puzzles(doc, model: dict) -> None:
    from printkit.base.progress import each

    puzzles = model["puzzles"]
    for p in each(puzzles, "drawing puzzle sheets"):  # each puzzle's sheet and hint page
        _sheet_and_hints(doc, p)
    _answer_keys(doc, puzzles)


def _sheet_and_hints(doc, p: dict) -> None:
    _puzzle_page(doc, p)
    _hint_page(doc, p)


def _puzzle_page(doc, p: dict) -> None:
    ink = doc.ink
    W, H = doc.size
    c = doc.new_page()
    L = puzzle_layout(doc.size)
    m = L["m"]
    x, y, side = L["board"]
    colx = x + side + 6 * MM
    colw = W - m - colx
    qr = min(L["qr"], colw)

    def furniture(c) -> None:
        """Everything but the puzzle: the same on every sheet, stored once."""
        c.setFillColorRGB(*BLACK)
        typeset.label(c, m, H - m - 18, _("CRYPTO CRISIS  ·  solo puzzle"), font=fonts.SANS_BOLD, size=18)
        c.setFillColorRGB(*GREY)
        typeset.label(c, m, H - m - 31, _("Three common words are hidden on this board. Find them; the hint strips are on the next page."), font=fonts.SANS, size=9)
        c.setStrokeColorRGB(*BLACK)
        c.setLineWidth(1)
        c.line(m, H - m - 54, W - m, H - m - 54)
        _side_legend(c, ink, colx, y + side - qr - 9 * MM, colw)
        below = found_lines(c, ink, m, L["found_top"], W - 2 * m, tie=False)
        solve = _(SOLVE_TEXT)
        how_h = len(typeset.lines(solve, fonts.SANS, 8.5, W - 2 * m)) * 8.5 * 1.3 + 4 * MM
        gs = min(below - m - 4 * MM - how_h, (W - 2 * m - 3 * 6 * MM) / 4)
        top_how = below - 2 * MM
        if gs >= 25 * MM:
            for k in range(4):
                blank_grid(c, m + k * (gs + 6 * MM), below - 2 * MM - gs, gs)
            top_how = below - 2 * MM - gs - 4 * MM
        typeset.paragraph(c, solve, m, top_how, W - 2 * m, size=8.5)

    once(c, "puzzle-page", furniture)
    c.setFillColorRGB(*BLACK)
    title = _("Puzzle {id}").format(id=p["id"])
    typeset.label(c, m, H - m - 46, title, font=fonts.SANS_BOLD, size=11)
    gx = m + fonts.text_width(title, fonts.SANS_BOLD, 11) + 4 * MM
    typeset.label_in_box(c, grade_text(p), gx, H - m - 50, W - m - gx, 12, size=9, align="left", pad=0)
    draw_board(c, ink, x, y, side, p["cells"])
    draw_qr(c, p["id"], W - m - qr, y + side - qr, qr, mask=QR_MASK)
    typeset.label_in_box(c, p["id"], W - m - qr - 2 * MM, y + side - qr - 6 * MM, qr + 2 * MM, 5 * MM, font=fonts.SANS_BOLD, size=8)


SOLVE_TEXT = N_("How to solve: each colour hides one 5-letter word with five different letters (mixed cells count for each of "
              "their colours). Its five tiles were shifted together one to three times (up, down, left or right, wrapping around "
              "the edges). The colour's mark shows which two letters come first, in either order; the other three follow in any "
              "order. Undo the shifts: on a grid above, move every tile of one colour back the same way and read the letters; with "
              "no hint yet, try each direction. The kit's encrypt-by-hand page has a shift helper that works backwards too. A guess "
              "is any common English word.")

HINT_PAGE_TEXT = N_("Each hint is a number, and the key on its flap says which shift it stands for, so a glance at this page reads no shift. "
                  "Fold the whole page along the dotted line (it is the same on all three strips), so the patterned column lies over the hints, "
                  "and tape it; then cut the strips apart through both layers. Open the 15:00 strip after a quarter of an hour, the 30:00 strip "
                  "after half an hour, the last one at 45:00, and look each number up in the key beside it. Shifts are listed in the order they "
                  "were made on the original tiles.")


def _hint_page(doc, p: dict) -> None:
    """The puzzle's three hint strips, on a page of their own (out of sight
    while you cut the board page or work on it)."""
    ink = doc.ink
    W, H = doc.size
    c = doc.new_page()
    top = H - MARGIN
    # the layout d.header would give, with the title (the only changing part) drawn apart
    y = top - 22 - 12 - 8
    text_top = y - 2 * MM
    how = _(HINT_PAGE_TEXT)
    lines = len(typeset.lines(how, fonts.SANS, 9, W - 2 * MARGIN))
    strips_top = text_top - lines * 9 * 1.3 - 4 * MM
    h = min(55 * MM, (strips_top - MARGIN - 8 * MM) / 3 - 5 * MM)
    ys = [strips_top - (k + 1) * h - k * 6 * MM for k in range(3)]
    # alone there is no sudden death: the last strip opens at 45:00
    hints = [{**slip, "time": "45:00"} if not slip["time"][0].isdigit() else slip for slip in p["hints"]]
    for k, slip in enumerate(hints):
        strip_hint(c, ink, MARGIN, ys[k], W - 2 * MARGIN, h, slip, f"{p['id']}-{k}", coded=True)

    def furniture(c) -> None:
        c.setFillColorRGB(0.25, 0.25, 0.25)
        typeset.label(c, MARGIN, top - 22 - 9, _("Your hints, for later: read the lines below, fold the page shut, then cut the strips apart."), font=fonts.SANS, size=9)
        c.setLineWidth(1)
        c.setStrokeColorRGB(*BLACK)
        c.line(MARGIN, top - 22 - 12 - 3, W - MARGIN, top - 22 - 12 - 3)
        typeset.paragraph(c, how, MARGIN, text_top, W - 2 * MARGIN, size=9)
        for k, slip in enumerate(hints):
            strip_frame(c, ink, MARGIN, ys[k], W - 2 * MARGIN, h, slip, swatches=False)

    once(c, "hint-page", furniture)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, MARGIN, top - 18, _("CRYPTO CRISIS  ·  hint strips for {id}").format(id=p["id"]), font=fonts.SANS_BOLD, size=18)


def _side_legend(c, ink, x: float, top: float, width: float) -> None:
    """The colour codes and marks, in a narrow column beside a puzzle board."""
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, top - 9, _("Colours"), font=fonts.SANS_BOLD, size=8.5)
    y = top - 12
    s = 5.5 * MM
    # wide enough for the black tile's code at the swatch's type size (B+Y+R; Spanish A+M+R is wider)
    sw = max(9 * MM, fonts.text_width(code_of("black"), fonts.SANS_BOLD, s * 0.5) + s * 0.16 + 0.2 * MM)
    for mix in [m for m in MIXES.values() if m != "none"]:
        y -= s + 1.2 * MM
        swatch(c, ink, x, y, s, mix, sw)
        label = _mix_label(mix, ": ")
        typeset.label_in_box(c, label, x + sw + 1 * MM, y, width - sw - 1 * MM, s, size=7.5, align="left", pad=0.3 * MM)
    y -= 4 * MM
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, y - 9, _("Marks (letters 1–2)"), font=fonts.SANS_BOLD, size=8.5)
    y -= 12
    for colour in COLOURS:
        y -= 8 * MM + 1.2 * MM
        draw_tile(c, ink, x, y, 8 * MM, "A", colour, [MARKS[colour]], code=False)
        typeset.label_in_box(c, colon(_(colour), f"{_(MARK_TEXT[MARKS[colour]])} ({mark_code(MARKS[colour])})"), x + 9 * MM, y, width - 9 * MM, 8 * MM, size=7.5, align="left", pad=0.3 * MM)


def _answer_keys(doc, puzzles: list[dict]) -> None:
    """Answer keys at the end, each on a page of its own: checking one puzzle
    shows no other puzzle's words."""
    for p in puzzles:
        _key_page(doc, p)


def _key_page(doc, p: dict) -> None:
    c = doc.new_page()
    W, _H = doc.size
    m = 12 * MM
    y = d.header(doc, _("CRYPTO CRISIS  ·  answer key for {id}").format(id=p["id"]), _("This page holds this puzzle's answers only. "
                 "After 'net': the shifts added up (the board wraps: 3 up = 2 down).")) - 2 * MM
    y = typeset.paragraph(c, legend(), m, y, W - 2 * m, size=8) - 2 * MM  # every code on the page, spelled out
    _key_block(c, doc.ink, m, y, W - 2 * m, 58 * MM, p)


def _key_block(c, ink, x: float, top: float, w: float, h: float, p: dict) -> None:
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.5)
    c.rect(x, top - h, w, h, stroke=1, fill=0)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x + 2 * MM, top - 5 * MM, f"{p['id']}  ({_(p['difficulty'])})", font=fonts.SANS_BOLD, size=10)
    y = top - 8 * MM
    row_h = 9 * MM
    for wd in p["words"]:
        y -= row_h
        swatch(c, ink, x + 2 * MM, y + 1.5 * MM, 6 * MM, wd["colour"])
        _marked_word(c, x + 10 * MM, y + 3 * MM, 13, wd["word"], wd.get("mark"))
        sx = x + 40 * MM
        typeset.label_in_box(c, _("{shifts}  net {net}").format(shifts=shifts_text(wd["shifts"]), net=shifts_text(wd["net"]) or no_shift()), sx + 1 * MM, y, w - (sx - x) - 2 * MM, row_h, size=8, align="left", pad=0.5 * MM)
    # the common words that also fitted, stage by stage (what a person may have tried)
    notes = []
    cand = p.get("candidates") or {}
    answers = {x_["word"] for x_ in p["words"]}
    for stage, when in (("none", _("before any hint")), ("first", _("after 15:00")), ("second", _("after 30:00"))):
        for colour in COLOURS:
            others = [wd for wd, _n in (cand.get(stage) or {}).get(colour, []) if wd not in answers]
            if others:
                shown = ", ".join(others[:4]) + (_(" and {n} more").format(n=len(others) - 4) if len(others) > 4 else "")
                notes.append(_("{colour} {when}: also {words}").format(colour=_(colour), when=when, words=shown))
    text = _("Common words that also fit: {notes}").format(notes=listed(_, notes)) if notes else _("Common words that also fit: none; each colour had one word from the start.")
    typeset.paragraph(c, text, x + 2 * MM, y - 1 * MM, w - 4 * MM, size=7.5)


def blank_grid(c, x: float, y: float, side: float) -> None:
    """An A-Y grid with its letters in light grey, to work on in pencil."""
    s = side / SIDE
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    for i in range(SIDE * SIDE):
        rr, cc = divmod(i, SIDE)
        tx, ty = x + cc * s, y + side - (rr + 1) * s
        c.rect(tx, ty, s, s, stroke=1, fill=0)
        c.setFillColorRGB(*LIGHT)
        typeset.label(c, tx + s / 2, ty + s / 2 - s * 0.15, shown()[i], font=fonts.SANS, size=s * 0.42, align="center")
    c.setLineWidth(1.2)
    c.setStrokeColorRGB(*BLACK)
    c.rect(x, y, side, side, stroke=1, fill=0)
