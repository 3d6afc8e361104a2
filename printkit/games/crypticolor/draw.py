"""Drawing Crypticolor: Key Card, Crypticard, Decoder, cube tokens, puzzles.

The only Crypticolor module that imports the print engine. Every picture is drawn
from the rules module's data (alphabet, shapes, cubes), never redrawn by hand.
"""

from __future__ import annotations

import math

from printkit.engine import draw as d
from printkit.engine import text as typeset
from printkit.engine import fonts
from printkit.engine.qr import draw_qr
from printkit.engine.rl import page_size
from printkit.engine.tokens import TokenGroup, draw_token_groups
from printkit.engine.units import MM, PRINTER_MARGIN
from printkit.games.crypticolor import generate, rules
from printkit.i18n import N_, colon, for_model, number, signed, text

_EN = text("en")


def _token_side(label: str, side: float) -> float:
    """A cube token's side: `side`, or wider where a language's word on it would
    otherwise shrink under the 7 pt read in play (cube_face fits it to 92% of the side)."""
    return max(side, fonts.text_width(label, fonts.SANS_BOLD, 7.0) / 0.92)


def _tr(_, value: str) -> str:
    """`value` (a model's word, marked N_ where it is defined) in the language of `_`."""
    return _(value)

MARGIN = 12 * MM
FOOT = (PRINTER_MARGIN + 4) * MM  # keep clear of the small print
FILL = "ink"  # filled cells: near black in every ink mode
GREY = (0.45, 0.45, 0.45)
TITLE = "CRYPTICOLOR"
# the words printed on cube tokens and beside them (N_: in the catalogues, translated where drawn)
_CUBE_WORDS = (N_("LINE"), N_("CORNER"), N_("ANGLE"), N_("CURVE"), N_("HIT"), N_("MISS"), N_("line"), N_("corner"), N_("angle"), N_("curve"), N_("hit"), N_("miss"),
               N_("Yellow"), N_("Orange"), N_("Purple"), N_("Pink"), N_("Green"), N_("Black"), N_("yellow"), N_("orange"), N_("purple"), N_("pink"), N_("green"), N_("black"),
               N_("Easy"), N_("Medium"), N_("Hard"), N_("easy"), N_("medium"), N_("hard"))


# -- grids ------------------------------------------------------------------------

def grid(c, ink, x: float, y: float, cell: float, filled=(), *, numbers: bool = True, fill_color=FILL, line: float = 0.6, number_size: float | None = None, frame: float = 1.2) -> None:
    """A 5x5 grid with its bottom left at (x, y); `filled` cells are painted.

    Numbers sit in the top left of each cell (grey on empty cells, white on
    filled ones) so a cube or a pencil mark in the middle leaves them readable."""
    filled = set(filled)
    size = rules.SIZE * cell
    c.saveState()
    ink.fill(c, fill_color)
    for n in sorted(filled):
        r, col = rules.rc(n)
        c.rect(x + col * cell, y + size - (r + 1) * cell, cell, cell, stroke=0, fill=1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(line)
    for k in range(1, rules.SIZE):
        c.line(x + k * cell, y, x + k * cell, y + size)
        c.line(x, y + k * cell, x + size, y + k * cell)
    c.setLineWidth(frame)
    c.rect(x, y, size, size, stroke=1, fill=0)
    if numbers:
        ns = number_size or max(7.0, min(9.0, cell * 0.32))  # 7 pt: read during play
        on, off = [], []  # white on filled cells, grey on empty ones: one text object each
        for n in range(1, rules.CELLS + 1):
            r, col = rules.rc(n)
            (on if n in filled else off).append((x + col * cell + ns * 0.25, y + size - r * cell - ns * 0.95, str(n)))
        typeset.labels(c, off, fonts.SANS, ns, GREY)
        typeset.labels(c, on, fonts.SANS, ns, (1, 1, 1))
    c.restoreState()


def shown_grid(c, ink, x: float, y: float, cell: float, hits, misses) -> None:
    """A puzzle picture as probes left it: hits filled, misses crossed, every other
    cell shaded grey (not shown: it may be either)."""
    size = rules.SIZE * cell
    hits, misses = set(hits), set(misses)
    c.saveState()
    for n in range(1, rules.CELLS + 1):
        r, col = rules.rc(n)
        cx, cy = x + col * cell, y + size - (r + 1) * cell
        if n in hits:
            ink.fill(c, FILL)
            c.rect(cx, cy, cell, cell, stroke=0, fill=1)
        elif n in misses:
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(1.1)
            k = cell * 0.28
            c.line(cx + k, cy + k, cx + cell - k, cy + cell - k)
            c.line(cx + k, cy + cell - k, cx + cell - k, cy + k)
        else:
            c.setFillColorRGB(0.82, 0.82, 0.82)
            c.rect(cx, cy, cell, cell, stroke=0, fill=1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    for k in range(1, rules.SIZE):
        c.line(x + k * cell, y, x + k * cell, y + size)
        c.line(x, y + k * cell, x + size, y + k * cell)
    c.setLineWidth(1.2)
    c.rect(x, y, size, size, stroke=1, fill=0)
    c.restoreState()


def _layout(n: int, width: float, height: float, cols_range, per_cols, label_h: float, gap: float) -> tuple[int, float]:
    """Pick the column count that makes the biggest cells for n items in a box.
    `per_cols(cols)` is how many grid cells wide one item is. Returns (cols, cell)."""
    best = (cols_range[0], 0.0)
    for cols in cols_range:
        rows = math.ceil(n / cols)
        cell_w = (width - (cols - 1) * gap) / cols / per_cols(cols)
        cell_h = (height - rows * (label_h + gap)) / rows / rules.SIZE
        cell = min(cell_w, cell_h)
        if cell > best[1]:
            best = (cols, cell)
    return best


def _letter_label(c, letter: str, x: float, y: float, w: float, size: float) -> None:
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, x + w / 2, y, letter, font=fonts.SANS_BOLD, size=size, align="center")


# -- Key Card ---------------------------------------------------------------------

def render_card(doc, model: dict) -> None:
    alphabet = [(e["letter"], e["cells"]) for e in model["alphabet"]]
    if not model.get("turned_only"):
        _card_page(doc, alphabet)
    if model.get("rotations"):
        _turned_pages(doc, alphabet)


def _card_page(doc, alphabet) -> None:
    c = doc.new_page()
    W, H = doc.size
    _ = doc.gettext
    top = d.header(doc, _("{title}  ·  Key Card").format(title=TITLE), _("Each letter is a picture on the 5×5 grid. Cells are numbered 1–25 row by row from the top left."), margin=MARGIN)
    bottom = FOOT + 9 * MM
    label_h, gap = 7 * MM, 4 * MM
    cols, cell = _layout(len(alphabet), W - 2 * MARGIN, top - bottom, range(4, 8), lambda _: rules.SIZE, label_h, gap)
    cell = min(cell, 8 * MM)
    rows = math.ceil(len(alphabet) / cols)
    gw = rules.SIZE * cell
    pitch_x = (W - 2 * MARGIN - gw) / (cols - 1) if cols > 1 else 0
    pitch_y = label_h + gw + gap
    for k, (letter, cells) in enumerate(alphabet):
        r, col = divmod(k, cols)
        x = MARGIN + col * pitch_x
        y = top - r * pitch_y - label_h - gw
        _letter_label(c, letter, x, y + gw + 1.6 * MM, gw, 13)
        grid(c, doc.ink, x, y, cell, cells)
    y = top - rows * pitch_y
    typeset.paragraph(c, _("To encode a letter, fill in the same cells on your Crypticard. A right letter guess scores 2 points for each cell of its picture still empty on your Decoder (not yet covered by a cube): guess early, score more."), MARGIN, max(y, bottom), W - 2 * MARGIN, size=8.5, color=(0.2, 0.2, 0.2))


def _turned_pages(doc, alphabet) -> None:
    """Every letter's three turned pictures, for the Rotations variant (the upright
    ones are on the first page)."""
    W, H = doc.size
    label_w, gap, head_h, col_gap = 9 * MM, 3.5 * MM, 6 * MM, 8 * MM
    turns = rules.TURNS[1:]
    per_page = 14
    for start in range(0, len(alphabet), per_page):
        chunk = alphabet[start : start + per_page]
        c = doc.new_page()
        _ = doc.gettext
        top = d.header(doc, _("{title}  ·  Key Card: turned pictures").format(title=TITLE), _("Rotations variant: a letter may be encoded turned clockwise by a quarter, a half or three quarters. The cell numbers stay put."), margin=MARGIN)
        bottom = FOOT + 2 * MM
        cols = 2
        col_w = (W - 2 * MARGIN - col_gap) / cols
        rows = math.ceil(per_page / cols)
        row_h = (top - head_h - bottom) / rows
        cell = min((col_w - label_w - len(turns) * gap) / len(turns) / rules.SIZE, (row_h - gap) / rules.SIZE, 6 * MM)
        gw = rules.SIZE * cell
        for col in range(cols):
            x0 = MARGIN + col * (col_w + col_gap)
            c.setFillColorRGB(0, 0, 0)
            for j, t in enumerate(turns):
                gx = x0 + label_w + j * (gw + gap)
                typeset.label(c, gx + gw / 2, top - head_h + 1.8 * MM, _tr(_, rules.TURN_NAMES[t]), font=fonts.SANS_BOLD, size=8, align="center")
        for k, (letter, cells) in enumerate(chunk):
            col, r = divmod(k, rows)
            x0 = MARGIN + col * (col_w + col_gap)
            y = top - head_h - r * row_h - (row_h - gw) / 2 - gw
            c.setFillColorRGB(0, 0, 0)
            typeset.label(c, x0 + label_w / 2 - 1 * MM, y + gw / 2 - 5.5, letter, font=fonts.SANS_BOLD, size=16, align="center")
            for j, t in enumerate(turns):
                gx = x0 + label_w + j * (gw + gap)
                grid(c, doc.ink, gx, y, cell, rules.turn(cells, t), number_size=7.0)


# -- Crypticard and score sheet ---------------------------------------------------

def _letter_boxes(c, x: float, y: float, box: float, letters: str | None, n: int = 5, *, gap: float = 1.2 * MM, size: float = 15) -> float:
    d.boxes(c, x, y, n, box, gap=gap)
    if letters:
        for k, ch in enumerate(letters):
            typeset.label_in_box(c, ch, x + k * (box + gap), y, box, box, font=fonts.SANS_BOLD, size=size)
    return x + n * (box + gap) - gap


def render_sheet(doc, model: dict) -> None:
    c = doc.new_page()
    W, H = doc.size
    ink = doc.ink
    word, letters, grids = model.get("word"), model.get("scramble"), model.get("grids") or []
    _ = doc.gettext
    sub = _("Your secret half: fold it down on the dashed line, printed sides together; open it towards you.")
    if model.get("rotations"):
        sub = _("Rotations variant. ") + sub
    y = d.header(doc, _("{title}  ·  Crypticard").format(title=TITLE), sub, margin=MARGIN)
    # code word and scrambled letters
    box = 10 * MM
    y -= 2 * MM
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, MARGIN, y - 8, _("CODE WORD"), font=fonts.SANS_BOLD, size=9)
    half = (W - 2 * MARGIN) / 2
    typeset.label(c, MARGIN + half, y - 8, _("SCRAMBLED LETTERS"), font=fonts.SANS_BOLD, size=9)
    by = y - 11 - box
    _letter_boxes(c, MARGIN, by, box, word)
    _letter_boxes(c, MARGIN + half, by, box, letters)
    y = by - 5 * MM
    # the five grids
    typeset.label(c, MARGIN, y - 8, _("ENCIPHERED LETTERS"), font=fonts.SANS_BOLD, size=9)
    c.setFillColorRGB(*GREY)
    typeset.label(c, W - MARGIN, y - 8, _("fill in each scrambled letter's cells from the Key Card") + (_(" (turned if you like)") if model.get("rotations") else ""), font=fonts.SANS, size=7.5, align="right")
    y -= 13
    gap = 4 * MM
    cell = min(7 * MM, (W - 2 * MARGIN - 4 * gap) / 5 / rules.SIZE)
    gw = rules.SIZE * cell
    pitch = (W - 2 * MARGIN - gw) / 4
    lb = 7 * MM
    for k in range(5):
        x = MARGIN + k * pitch
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, x, y - lb + 1.8 * MM, str(k + 1), font=fonts.SANS_BOLD, size=14)
        typeset.label(c, x + gw - lb - 1.5 * MM, y - lb + 2.6 * MM, _("letter"), font=fonts.SANS, size=7.5, align="right")
        c.setLineWidth(0.8)
        c.rect(x + gw - lb, y - lb, lb, lb, stroke=1, fill=0)
        gy = y - lb - 1.5 * MM - gw
        if k < len(grids):
            typeset.label_in_box(c, grids[k]["letter"], x + gw - lb, y - lb, lb, lb, font=fonts.SANS_BOLD, size=13)
            if model.get("rotations"):
                c.setFillColorRGB(*GREY)
                typeset.label(c, x + gw / 2, gy - 3.6 * MM, _tr(_, rules.TURN_NAMES[grids[k]["turn"]]), font=fonts.SANS, size=7.5, align="center")
        grid(c, ink, x, gy, cell, grids[k]["cells"] if k < len(grids) else ())
    y = y - lb - 1.5 * MM - gw - (7 if model.get("rotations") else 5) * MM
    # notes: whatever room the score sheet leaves
    score_h = 10 * MM + 8 * MM * (len(rules.SCORE_ROWS) + 1) + 36 * MM
    notes_h = max(15 * MM, y - 11 - 6 * MM - score_h - FOOT)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, MARGIN, y - 8, _("NOTES"), font=fonts.SANS_BOLD, size=9)
    c.setLineWidth(0.6)
    c.rect(MARGIN, y - 11 - notes_h, W - 2 * MARGIN, notes_h, stroke=1, fill=0)
    y = y - 11 - notes_h - 5 * MM
    # fold line
    c.saveState()
    c.setDash(4, 3)
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    c.line(PRINTER_MARGIN * MM + 2 * MM, y, W - PRINTER_MARGIN * MM - 2 * MM, y)
    c.restoreState()
    c.setFillColorRGB(*GREY)
    typeset.label(c, W / 2, y + 1.5 * MM, _("fold here: the Crypticard above stays yours"), font=fonts.SANS_ITALIC, size=7, align="center")
    y -= 5 * MM
    _score_sheet(doc, c, y)


def _score_sheet(doc, c, top: float) -> None:
    _ = doc.gettext
    W, H = doc.size
    # the heading, and its explanation after it (further right when a translated heading is longer)
    typeset.label_row(c, [(_("SCORE SHEET"), fonts.SANS_BOLD, 14, (0, 0, 0), None),
                    (_("Your points for each of your opponent's five letters."), fonts.SANS, 8.5, (0.25, 0.25, 0.25), 34 * MM)],
                MARGIN, top - 14, W - 2 * MARGIN, gap=3 * MM, min_size=7)
    y = top - 20
    width = W - 2 * MARGIN
    first = 50 * MM
    col = (width - first) / 5
    row_h = min(8 * MM, (y - FOOT - 36 * MM) / (len(rules.SCORE_ROWS) + 1))
    rows = [[_("POINTS"), *[_("LETTER {n}").format(n=k) for k in range(1, 6)]]]
    rows += [[f"{_(label)}  {pts}".strip(), "", "", "", "", ""] for label, pts in rules.SCORE_ROWS]
    bottom = d.table(c, MARGIN, y, [first] + [col] * 5, rows, row_h=row_h, size=9, bold_first_col=True)
    c.setLineWidth(1.4)
    sub_top = y - (len(rules.SCORE_ROWS) - 1) * row_h  # top of the SUBTOTAL row
    c.line(MARGIN, sub_top, MARGIN + width, sub_top)
    # total
    tb = bottom - 3 * MM - 11 * MM
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, W - MARGIN - col - 3 * MM, tb + 3.6 * MM, _("TOTAL"), font=fonts.SANS_BOLD, size=13, align="right")
    c.setLineWidth(1.4)
    c.rect(W - MARGIN - col, tb, col, 11 * MM, stroke=1, fill=0)
    foot = _("* LETTER GUESS: guess a letter right and score {right} points for each cell of its picture still empty on your Decoder "
             "(not yet under a cube); a wrong letter or word guess scores {wrong}, also in this row. A shape scores when all three of its cells are filled in the letter.").format(right=rules.LETTER_GUESS_POINTS, wrong=number(rules.WRONG_GUESS_POINTS))
    typeset.paragraph(c, foot, MARGIN, tb + 11 * MM, width - col - 30 * MM, size=7.5, color=(0.2, 0.2, 0.2))
    # the opponent's word, once deciphered and unscrambled
    y = tb - 6 * MM
    box, box_gap = 9 * MM, 1.2 * MM
    room = W - 2 * MARGIN - 5 * (box + box_gap) - 3 * MM  # what the five boxes leave the label
    end = typeset.label_row(c, [(_("OPPONENT'S CODE WORD"), fonts.SANS_BOLD, 9, (0, 0, 0), None)], MARGIN, y - 8, room, min_size=7)
    _letter_boxes(c, max(MARGIN + 48 * MM, end + 3 * MM), y - 10 * MM + 1 * MM, box, None, gap=box_gap)


# -- cubes ------------------------------------------------------------------------

def _pictogram(c, form, x: float, y: float, side: float, color=(0, 0, 0), gap_frac: float = 0.12) -> None:
    """A shape's three cells inside a 3x3 box of side `side`, bottom left (x, y)."""
    h = max(r for r, _ in form) + 1
    w = max(cc for _, cc in form) + 1
    cell = side / 3
    ox = x + (3 - w) * cell / 2
    oy = y + side - (3 - h) * cell / 2
    g = cell * gap_frac
    c.setFillColorRGB(*color)
    for r, cc in form:
        c.rect(ox + cc * cell + g / 2, oy - (r + 1) * cell + g / 2, cell - g, cell - g, stroke=0, fill=1)


def _sign(c, sign: str, cx: float, cy: float, size: float, color) -> None:
    """'+' or '-' drawn as bars (the font has no minus sign)."""
    c.setFillColorRGB(*color)
    t = size * 0.22
    c.rect(cx - size / 2, cy - t / 2, size, t, stroke=0, fill=1)
    if sign == "+":
        c.rect(cx - t / 2, cy - size / 2, t, size, stroke=0, fill=1)


def cube_face(kind: str, label_min: float = 0.0, _=_EN):
    """A cube token's face; `label_min` keeps its word readable where it is read in play."""
    cube = rules.CUBE_BY_KIND[kind]

    def face(c, art) -> None:
        w, h, ink = art.w, art.h, art.ink
        ink.fill(c, cube["hex"], large=True)
        c.rect(0, 0, w, h, stroke=0, fill=1)
        fg = (1, 1, 1) if ink.text_on(cube["hex"], large=True) == "white" else (0, 0, 0)
        side = min(w, h) * 0.5
        cy = h * 0.6
        if kind in rules.SHAPES:
            _pictogram(c, rules.SHAPES[kind]["cells"], w / 2 - side / 2, cy - side / 2, side, fg)
        else:
            _sign(c, cube["sign"], w / 2, cy, side * 0.9, fg)
        label = _(kind.upper())
        size = fonts.fit_size(label, fonts.SANS_BOLD, max(label_min, min(w, h) * 0.17), w * 0.92)
        c.setFillColorRGB(*fg)
        typeset.label(c, w / 2, h * 0.1, label, font=fonts.SANS_BOLD, size=size, align="center")

    return face


def render_tokens(doc, model: dict) -> None:
    _ = doc.gettext
    groups = []
    for cube in model["cubes"]:
        kind = cube["kind"]
        what = _tr(_, rules.SHAPES[kind]["title"].lower() if kind in rules.SHAPES else kind)
        title = colon(_, _tr(_, cube['color'].capitalize()), f"{what}, {signed(cube['points'])}")
        dark = doc.ink.text_on(cube["hex"], large=True) == "white"  # black cuts would vanish in a dark block: white ones
        groups.append(TokenGroup(title, [cube_face(kind, _=_)] * cube["count"], (16.0, 16.0), "square", (1.0, 1.0, 1.0) if dark else None))
    draw_token_groups(doc, groups, page_title=_("{title}  ·  cube tokens (one set)").format(title=TITLE))


# -- Decoder ----------------------------------------------------------------------

def render_board(doc, model: dict) -> None:
    c = doc.new_page()
    W, H = doc.size
    ink = doc.ink
    _ = doc.gettext
    y = d.header(doc, _("{title}  ·  Decoder").format(title=TITLE), _("Probe your opponent's letter: name cells or shapes, mark the answers with cubes."), margin=MARGIN)
    # which letter is being decoded
    cy = y - 6 * MM
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, MARGIN, cy - 3.5, _("DECODING LETTER"), font=fonts.SANS_BOLD, size=10)
    for k in range(5):
        cx = MARGIN + 42 * MM + k * 9 * MM
        c.setLineWidth(0.8)
        c.circle(cx, cy, 3.3 * MM, stroke=1, fill=0)
        typeset.label(c, cx, cy - 3.5, str(k + 1), font=fonts.SANS_BOLD, size=10, align="center")
    typeset.label(c, W - MARGIN - 11 * MM, cy - 3, _("Your guess for this letter:"), font=fonts.SANS, size=9, align="right")
    c.rect(W - MARGIN - 9 * MM, cy - 4.5 * MM, 9 * MM, 9 * MM, stroke=1, fill=0)
    y = cy - 8 * MM
    legend_h = 122 * MM  # shapes, single cells and the how-to below the grid
    cell = min(24 * MM, (y - FOOT - legend_h) / rules.SIZE, (W - 2 * MARGIN) / rules.SIZE)
    gw = rules.SIZE * cell
    gx = (W - gw) / 2
    grid(c, ink, gx, y - gw, cell, (), number_size=8, line=0.8, frame=2)
    y -= gw + 5 * MM
    # the four shapes
    shapes = model["shapes"]
    col_w = (W - 2 * MARGIN) / len(shapes)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, MARGIN, y - 11, _("SHAPES: three cells each, one whole turn (= {n} guesses)").format(n=model["guesses_per_turn"]), font=fonts.SANS_BOLD, size=11)
    y -= 16
    top = y
    for k, shape in enumerate(shapes):
        x = MARGIN + k * col_w
        yy = top
        tok = _token_side(_tr(_, shape["name"].upper()), 12 * MM)
        c.saveState()
        c.translate(x, yy - tok)
        cube_face(shape["name"], label_min=7, _=_)(c, _Art(tok, tok, ink))
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0, 0, 0)
        c.rect(0, 0, tok, tok, stroke=1, fill=0)
        c.restoreState()
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, x + tok + 2.5 * MM, yy - 4.5 * MM, f"{_tr(_, shape['title'])}  +{shape['points']}", font=fonts.SANS_BOLD, size=12)
        typeset.label(c, x + tok + 2.5 * MM, yy - 9 * MM, _("3 {color} cubes").format(color=_tr(_, shape["color"])), font=fonts.SANS, size=8)
        yy -= tok + 3 * MM
        # the reference drawing on a 3x3 patch of board
        mc = 6 * MM
        _mini_board(c, ink, x, yy - 3 * mc, mc, shape["cells"], shape["hex"])
        yy -= 3 * mc + 2 * MM
        explain = _tr(_, shape["explain"])
        yy = typeset.paragraph(c, explain[0].upper() + explain[1:] + ".", x, yy, col_w - 4 * MM, size=7.5, color=(0.15, 0.15, 0.15)) - 1.5 * MM
        n = len(shape["variants"])
        # wrapped in its column: a longer translation takes a second line, not the next column
        caption = _("All {n} ways it can sit ({places} places):").format(n=n, places=shape["placements"])
        yy = typeset.paragraph(c, caption, x, yy, col_w - 4 * MM, size=7, leading=8, color=(0.25, 0.25, 0.25)) - 0.5
        vs = 2.8 * MM
        per_row = max(1, int((col_w - 4 * MM) // (3 * vs + 2 * MM)))
        for j, form in enumerate(shape["variants"]):
            r, q = divmod(j, per_row)
            vx = x + q * (3 * vs + 2 * MM)
            vy = yy - (r + 1) * (3 * vs + 2 * MM) + 2 * MM
            _mini_board(c, ink, vx, vy, vs, form, shape["hex"], line=0.3)
    y = top - 74 * MM
    # single cells and letter guesses
    y = _singles(c, ink, model, y)
    how = _("On your turn you have {n} guesses. Name a single cell: your opponent answers hit or miss and you mark it with a green or black cube. "
            "Or name a shape and its three cells (this uses the whole turn): if all three are filled in the letter it scores and you cover them with that shape's cubes; "
            "if not, your opponent answers each cell as a hit (+1) or a miss (−1), as single cells score. Guess the letter whenever you like.").format(n=model["guesses_per_turn"])
    typeset.paragraph(c, how, MARGIN, y - 2 * MM, W - 2 * MARGIN, size=8.5, color=(0.15, 0.15, 0.15))


class _Art:
    """What a cube face is told when drawn outside a token sheet."""

    def __init__(self, w: float, h: float, ink) -> None:
        self.w, self.h, self.ink, self.shape, self.index = w, h, ink, "square", 0


def _mini_board(c, ink, x: float, y: float, cell: float, form, hexcolor: str, line: float = 0.5) -> None:
    """A 3x3 patch of board with the shape's cells in its cube colour, each also
    marked with a black dot so it reads in grey."""
    side = 3 * cell
    c.setLineWidth(line)
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    for k in range(4):
        c.line(x + k * cell, y, x + k * cell, y + side)
        c.line(x, y + k * cell, x + side, y + k * cell)
    for r, col in form:
        ink.fill(c, hexcolor)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(line + 0.3)
        c.rect(x + col * cell, y + side - (r + 1) * cell, cell, cell, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.circle(x + col * cell + cell / 2, y + side - (r + 0.5) * cell, cell * 0.16, stroke=0, fill=1)


def _singles(c, ink, model: dict, y: float) -> float:
    _ = for_model(model)
    W = page_size(c)[0]
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, MARGIN, y - 11, _("SINGLE CELLS AND GUESSES"), font=fonts.SANS_BOLD, size=11)
    y -= 16
    tok = max(_token_side(_tr(_, single["kind"].upper()), 10 * MM) for single in model["singles"])
    x = MARGIN
    for single in model["singles"]:
        c.saveState()
        c.translate(x, y - tok)
        cube_face(single["kind"], label_min=7, _=_)(c, _Art(tok, tok, ink))
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0, 0, 0)
        c.rect(0, 0, tok, tok, stroke=1, fill=0)
        c.restoreState()
        pts = signed(single["points"])
        what = _("a filled cell") if single["kind"] == "hit" else _("an empty cell")
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, x + tok + 2 * MM, y - 4 * MM, f"{_tr(_, single['title'])}  {pts}", font=fonts.SANS_BOLD, size=10)
        typeset.label(c, x + tok + 2 * MM, y - 8 * MM, _("1 {color} cube on {what}").format(color=_tr(_, single["color"]), what=what), font=fonts.SANS, size=7.5)
        x += 54 * MM
    typeset.label(c, x, y - 4 * MM, _("LETTER GUESS  +{n} per cell of the letter").format(n=model["letter_guess"]), font=fonts.SANS_BOLD, size=10)
    typeset.label(c, x, y - 8 * MM, _("still empty here, if right; a wrong letter or word {n}").format(n=number(model["wrong_guess"])), font=fonts.SANS, size=7.5)
    return y - tok - 3 * MM


# -- puzzles ----------------------------------------------------------------------

def render_puzzle(doc, model: dict) -> None:
    puzzles = model["puzzles"]
    W, H = doc.size
    total = len(puzzles)
    start = 0
    while start < total:
        c = doc.new_page()
        _ = doc.gettext
        top = d.header(doc, _("{title}  ·  puzzles").format(title=TITLE), _("Black = hit, X = miss, grey = not shown. Find the letter each picture fits; unscrambled, the five make one word. Keys at the end."), margin=MARGIN)
        per_page, cell = _puzzle_layout(W, top - FOOT)
        block = (top - FOOT) / per_page
        shown = puzzles[start : start + per_page]
        for k, puzzle in enumerate(shown):
            _puzzle_block(doc, c, puzzle, start + k + 1, total, top - k * block, block, cell, last=(k == per_page - 1 or start + k == total - 1))
        if len(shown) < per_page:  # room left on the last page: somewhere to work
            _working_space(c, top - len(shown) * block - 2 * MM, W, _)
        start += per_page
    _answer_pages(doc, puzzles)


def _working_space(c, top: float, W: float, _=_EN) -> None:
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, MARGIN, top - 10, _("WORKING"), font=fonts.SANS_BOLD, size=10)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    typeset.label(c, MARGIN + 20 * MM, top - 10, _("try the letters in different orders here"), font=fonts.SANS, size=8)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.6)
    bottom = FOOT + 3 * MM  # clear of the small print
    c.rect(MARGIN, bottom, W - 2 * MARGIN, top - 14 - bottom, stroke=1, fill=0)


QR_SIDE = 22 * MM
GRID_GAP = 5 * MM
LETTER_BOX = 8 * MM
BLOCK_FIXED = 40 + 2 * MM + LETTER_BOX + 3 * MM + QR_SIDE + 3 * MM  # all but the grids


def _puzzle_layout(W: float, usable: float) -> tuple[int, float]:
    """Three puzzles a page when their grids keep cells of 5.6 mm or more, else two
    (or one); returns (puzzles per page, cell size)."""
    widest = min(6.6 * MM, (W - 2 * MARGIN - 4 * GRID_GAP) / 5 / rules.SIZE)
    for per_page in (3, 2, 1):
        cell = min(widest, (usable / per_page - BLOCK_FIXED) / rules.SIZE)
        if cell >= 5.6 * MM or per_page == 1:
            return per_page, cell
    raise AssertionError("unreachable")


def _puzzle_block(doc, c, puzzle: dict, number: int, total: int, top: float, height: float, cell: float, last: bool) -> None:
    _ = doc.gettext
    W, H = doc.size
    ink = doc.ink
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, MARGIN, top - 14, _("Puzzle {n} of {total}").format(n=number, total=total) if total > 1 else _("Puzzle {n}").format(n=number), font=fonts.SANS_BOLD, size=13)
    typeset.label(c, W - MARGIN, top - 14, puzzle["id"], font=fonts.SANS_BOLD, size=10, align="right")
    c.setFillColorRGB(0.25, 0.25, 0.25)
    open_ = rules.reasoning(puzzle["grids"], puzzle["rotations"])["ambiguous"]
    asks = _("each picture fits one letter") if not open_ else (_("{n} pictures fit several letters (the word decides)") if open_ > 1 else _("{n} picture fits several letters (the word decides)")).format(n=open_)
    grade = _("{grade}: {asks}; {shown} of 125 cells shown. ").format(grade=_tr(_, puzzle["difficulty"].capitalize()), asks=asks, shown=puzzle["shown"])
    note = grade + (_("Rotations: a picture may be turned (see the Key Card's turned pictures).")
                    if puzzle["rotations"] else _("Every picture is upright, as on the Key Card."))
    # a long grade line shrinks a little, never past the margin
    typeset.label(c, MARGIN, top - 24, note, font=fonts.SANS, size=fonts.fit_size(note, fonts.SANS, 8, W - 2 * MARGIN))
    y = top - 28
    gw = rules.SIZE * cell
    pitch = (W - 2 * MARGIN - gw) / 4
    lb = LETTER_BOX
    for k, g in enumerate(puzzle["grids"]):
        x = MARGIN + k * pitch
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, x, y - 9, str(k + 1), font=fonts.SANS_BOLD, size=11)
        gy = y - 12 - gw
        shown_grid(c, ink, x, gy, cell, g["hits"], g["misses"])
        typeset.label(c, x + gw / 2 - lb / 2 - 1.5 * MM, gy - 2 * MM - lb / 2 - 2.5, _("letter"), font=fonts.SANS, size=7.5, align="right")
        c.setLineWidth(0.8)
        c.setStrokeColorRGB(0, 0, 0)
        c.rect(x + gw / 2 - lb / 2, gy - 2 * MM - lb, lb, lb, stroke=1, fill=0)
    y = y - 12 - gw - 2 * MM - lb - 3 * MM
    c.setFillColorRGB(0, 0, 0)
    label = _("CODE WORD")
    typeset.label(c, MARGIN, y - 6 * MM, label, font=fonts.SANS_BOLD, size=10)
    # the boxes start after the label, however long the language makes it (PALABRA CLAVE)
    _letter_boxes(c, MARGIN + max(26 * MM, fonts.text_width(label, fonts.SANS_BOLD, 10) + 1.5 * MM), y - 10 * MM, 10 * MM, None)
    cmd = generate.regenerate_command(puzzle["id"])
    qx = W - MARGIN - QR_SIDE
    qy = y - QR_SIDE
    draw_qr(c, cmd, qx, qy, QR_SIDE)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    typeset.label(c, qx - 1 * MM, qy + 7 * MM, _("reprint this puzzle:"), font=fonts.SANS, size=6.5, align="right")
    typeset.label(c, qx - 1 * MM, qy + 3.5 * MM, cmd, font=fonts.SANS, size=6.5, align="right")
    if not last:  # a rule between puzzles
        c.setLineWidth(0.4)
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.line(MARGIN, top - height + 1.5 * MM, W - MARGIN, top - height + 1.5 * MM)


def _answer_pages(doc, puzzles) -> None:
    """The answers: a table, then each puzzle's five whole pictures (the cells it
    did not show, filled in), so a solver can check every letter, not only the word."""
    W, H = doc.size
    row_h = 7 * MM
    widths = [58 * MM, 38 * MM, 52 * MM, W - 2 * MARGIN - 148 * MM]
    cell = 4.2 * MM
    gw = rules.SIZE * cell
    block = 9 * MM + gw + 3 * MM  # one puzzle's pictures
    for p in puzzles:  # each puzzle's answer on a page of its own: checking one shows no other
        c = doc.new_page()
        _ = doc.gettext
        top = d.header(doc, _("{title}  ·  answer key for {id}").format(title=TITLE, id=p["id"]), _("This puzzle's answer only: the letters in picture order (and turns), "
                       "the code word, then every picture whole."), margin=MARGIN)
        sol = p["solution"]
        turns = " ".join(f"{t * 90}°" for t in sol["turns"]) if p["rotations"] else _("upright")
        rows = [[_("Puzzle"), _("Pictures 1–5 read"), _("Turns"), _("Code word")], [f"{p['id']} ({_tr(_, p['difficulty'])})", " ".join(sol["letters"]), turns, sol["word"]]]
        y = d.table(c, MARGIN, top, widths, rows, row_h=row_h, size=9) - 5 * MM
        pitch = (W - 2 * MARGIN - gw) / 4
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, MARGIN, y - 9, colon(_, p['id'], sol['word']), font=fonts.SANS_BOLD, size=9)
        gy = y - 12 - gw
        for j, (letter, cells) in enumerate(zip(sol["letters"], sol["cells"])):
            x = MARGIN + j * pitch
            grid(doc.c, doc.ink, x, gy, cell, cells, numbers=False)
            c.setFillColorRGB(0, 0, 0)
            typeset.label(c, x + gw + 2 * MM, gy + gw / 2 - 4, letter, font=fonts.SANS_BOLD, size=11)
