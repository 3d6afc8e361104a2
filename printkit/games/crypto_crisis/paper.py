"""Drawing the paper kit: what two players need to play Crypto Crisis with no
computer. The method page (encrypt by hand, with the shift helper), the
submission form that folds shut, the large colourable boards, blank hint
slips, and the worksheet."""

from __future__ import annotations


from printkit.engine import draw as d
from printkit.engine import text as typeset
from printkit.engine import fonts
from printkit.engine.units import MM
from printkit.games.crypto_crisis.draw import (
    COLOUR_WORD,
    _,
    _mix_label,
    no_shift,
    slip_label,
    slip_time,
    BLACK,
    GREY,
    LIGHT,
    MARGIN,
    MARK_TEXT,
    arrow,
    blank_grid,
    cover_flap,
    found_lines,
    swatch,
)
from printkit.games.crypto_crisis.alphabet import DROPPED, drawing, page_lang, shown
from printkit.games.crypto_crisis.codes import ARROWS, colour_codes, mark_codes, shift_legend, shifts_text
from printkit.games.crypto_crisis.grid import COLOURS, MARKS, MIXES, MOVES, SHIFT_NAMES, SIDE, UNMIX, shift_cell
from printkit.i18n import N_



@drawing
def render_sheet(doc, model: dict) -> None:
    no = {"no_letters": model["no_letters"]} if "no_letters" in model else {}  # another language's grid lacks other letters than Z
    if "method" in model:
        method_page(doc, {**model["method"], **no})
    if "form" in model:
        form_page(doc, {**model["form"], **no})
    if "boards" in model:
        boards_page(doc, model["boards"])
    if "slips" in model:
        slips_page(doc, model["slips"])
    if "worksheet" in model:
        worksheet_page(doc, model["worksheet"])


# -- the method page ---------------------------------------------------------------------------

def step_of(letter: str, move: str) -> str:
    """Where a tile on `letter` goes with one shift (wrapping around)."""
    dr, dc = MOVES[move]
    return shown()[shift_cell(shown().index(letter), dr, dc)]


def helper_cell(c, x: float, y: float, s: float, letter: str) -> None:
    """One cell of the shift helper: the letter, and at each edge the letter
    its tile moves to with a shift that way."""
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.6)
    c.rect(x, y, s, s, stroke=1, fill=0)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x + s / 2, y + s / 2 - s * 0.12, letter, font=fonts.SANS_BOLD, size=s * 0.34, align="center")
    size = max(8.0, s * 0.13)
    a = size * 0.9
    spots = {
        "U": (x + s / 2, y + s - size * 0.95, "h"),
        "D": (x + s / 2, y + size * 0.45, "h"),
        "L": (x + size * 0.75, y + s / 2, "v"),
        "R": (x + s - size * 0.75, y + s / 2, "v"),
    }
    for move, (cx, cy, way) in spots.items():
        dest = step_of(letter, move)
        c.setFillColorRGB(0.2, 0.2, 0.2)
        if way == "h":  # arrow then letter, side by side
            arrow(c, cx - a * 0.55, cy + size * 0.33, a, move)
            typeset.label(c, cx + a * 0.1, cy, dest, font=fonts.SANS_BOLD, size=size)
        else:  # arrow above the letter
            arrow(c, cx, cy + size * 0.55, a, move)
            typeset.label(c, cx, cy - size * 0.75, dest, font=fonts.SANS_BOLD, size=size, align="center")


def shift_helper(c, x: float, y: float, side: float) -> None:
    s = side / SIDE
    for i, letter in enumerate(shown()):
        r, col = divmod(i, SIDE)
        helper_cell(c, x + col * s, y + side - (r + 1) * s, s, letter)
    c.setLineWidth(1.4)
    c.rect(x, y, side, side, stroke=1, fill=0)


def codes_said() -> dict[str, str]:
    """The codes a sentence names, by placeholder: {shifts} (the arrows and their
    names), {blue} {yellow} {red} and {underline} {italic} {strike} (codes.py)."""
    return {"shifts": shift_legend(), **colour_codes(), **mark_codes()}


def no_letters() -> str:
    """What the page's grid lacks, as the paper says it: "no Z", "no J, Q, X or Y"."""
    dropped = DROPPED.get(page_lang(), "Z")
    if len(dropped) == 1:
        return _("no {letter}").format(letter=dropped)
    return _("no {letters} or {last}").format(letters=", ".join(dropped[:-1]), last=dropped[-1])


METHOD_STEPS = (
    (N_("Choose"), N_("Three English words of 5 letters, all different, {no_letters}: blue, yellow, red. "
               "Give each up to three shifts ({shifts}). Write them on your submission form, out of sight.")),
    (N_("Move"), N_("For each letter of a word, put a finger on its cell in the shift helper and follow the word's shifts one by one: "
             "the small letter by each arrow is where the tile goes (the board wraps around). The order of the shifts does not "
             "change where a tile ends. Write the five cells you land on in the form's 'tiles' boxes; the first two keep the word's mark.")),
    (N_("Merge"), N_("On a colourable board, for each word tick its colour box ({blue}, {yellow} or {red}) in its five tile cells, and its mark box "
              "({underline}, {italic} or {strike}) in the cells of its first two tiles. Then colour each ticked cell by the mix below; the ticks alone "
              "are enough if you have no pencils.")),
    (N_("Hints"), N_("Fill in a set of hint slips: circle each word's first shift on the 15:00 slip, its second on 30:00, its third on "
              "sudden death ('none' where it has no more). Fold each flap shut.")),
    (N_("Swap"), N_("Check each word again with the helper (or swap with a friend who checks without looking at the words). "
                       "Give your opponent the board and your folded slips; keep your form folded until the game ends.")),
)


def method_page(doc, method: dict) -> None:
    ink = doc.ink
    W, H = doc.size
    c = doc.new_page()
    top = d.header(doc, _("CRYPTO CRISIS  ·  encrypt by hand"),
                   _("No computer needed: about ten minutes a player, each out of the other's sight."))
    width = W - 2 * MARGIN
    y = top - 1 * MM
    lw = 30 * MM
    for k, (head, text) in enumerate(METHOD_STEPS, 1):
        text = _(text).replace("{no_letters}", no_letters())
        for key, value in codes_said().items():
            text = text.replace("{" + key + "}", value)
        c.setFillColorRGB(*BLACK)
        typeset.label(c, MARGIN, y - 9.5, f"{k}. {_(head)}", font=fonts.SANS_BOLD, size=9.5)
        y = min(y - 12, typeset.paragraph(c, text, MARGIN + lw, y, width - lw, size=9)) - 1.5 * MM
    # the helper on the left, the example beside it, the colour wheel under both
    col_w = 50 * MM
    mix_h = 2 * (7 * MM + 1.5 * MM) + 8 * MM
    side = min(width - col_w - 6 * MM, y - 7 * MM - MARGIN - mix_h - 4 * MM)
    hy = y - 7 * MM - side
    c.setFillColorRGB(*BLACK)
    typeset.label(c, MARGIN, y - 10, _("Shift helper: where a tile goes with one shift"), font=fonts.SANS_BOLD, size=10)
    shift_helper(c, MARGIN, hy, side)
    rx = MARGIN + side + 6 * MM
    rw = W - MARGIN - rx
    ry = _worked_example(c, ink, rx, y - 4 * MM, rw, method["example"]) - 4 * MM
    marks = " · ".join(_("{code}: {colour_word}, {mark}").format(code=mark_codes()[MARKS[col]], colour_word=_(COLOUR_WORD[col]), mark=_(MARK_TEXT[MARKS[col]])) for col in COLOURS)
    typeset.paragraph(c, _("Marks: {marks}. On a black cell write the marks in white, or circle them.").format(marks=marks), rx, ry, rw, size=8.5)
    _mix_table(c, ink, MARGIN, hy - 4 * MM, width)


def _worked_example(c, ink, x: float, top: float, w: float, ex: dict) -> float:
    """The rulebook's red word traced through the helper, letter by letter."""
    word, shifts = ex["word"], ex["shifts"]
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, top - 10, _("Example"), font=fonts.SANS_BOLD, size=10)
    y = typeset.paragraph(c, _("{colour} {word}, shifts {shifts} ({names}):").format(colour=_(ex["colour"]), word=word, shifts=shifts_text(shifts, " "), names=", ".join(_(SHIFT_NAMES[s]) for s in shifts)),
                    x, top - 13, w, size=8.5) - 1 * MM
    row = 6.5 * MM
    step = w / (len(shifts) + 1)
    for k, letter in enumerate(word):
        y -= row
        cx = x
        here = letter
        c.setFillColorRGB(*BLACK)
        typeset.label(c, cx, y + 1.5 * MM, here, font=fonts.SANS_BOLD, size=11)
        for s in shifts:
            c.setFillColorRGB(*GREY)
            arrow(c, cx + step * 0.5, y + 2.8 * MM, 3.2 * MM, s)
            here = step_of(here, s)
            cx += step
            c.setFillColorRGB(*BLACK)
            typeset.label(c, cx, y + 1.5 * MM, here, font=fonts.SANS_BOLD, size=11)
        if k < 2:  # this tile carries the mark
            c.setStrokeColorRGB(*BLACK)
            c.setLineWidth(1.1)
            tw = fonts.text_width(here, fonts.SANS_BOLD, 11)
            c.line(cx - 0.5, y + 1.5 * MM + 3.6, cx + tw + 0.5, y + 1.5 * MM + 3.6)
    y -= 2 * MM
    return typeset.paragraph(c, _("Tiles: {tiles}; {first} and {second} are {mark} (the first two letters' tiles), as in the rulebook.").format(
        tiles=" ".join(ex["tiles"]), first=ex["tiles"][0], second=ex["tiles"][1], mark=_(MARK_TEXT[ex["mark"]])), x, y, w, size=8.5)


def _mix_table(c, ink, x: float, top: float, w: float) -> float:
    """The colour wheel as the cells' ticks give it, in two rows."""
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, top - 10, _("Colour a cell by its ticks (the colour wheel)"), font=fonts.SANS_BOLD, size=10)
    y = top - 14
    s = 7 * MM
    sw = 14 * MM
    col = w / 4
    mixes = [m for m in MIXES.values() if m != "none"]
    for k, mix in enumerate(mixes):
        cx = x + (k % 4) * col
        cy = y - (k // 4 + 1) * (s + 1.5 * MM)
        swatch(c, ink, cx, cy, s, mix, sw)
        parts = UNMIX[mix]
        label = _("black = all three") if len(parts) == 3 else _mix_label(mix)
        typeset.label_in_box(c, label, cx + sw + 1.5 * MM, cy, col - sw - 2 * MM, s, size=8.5, align="left", pad=0)
    return y - 2 * (s + 1.5 * MM)


# -- the submission form: folds shut ------------------------------------------------------------

def form_page(doc, form: dict) -> None:
    ink = doc.ink
    W, H = doc.size
    c = doc.new_page()
    n = form["copies"]
    half = (H - 2 * MARGIN) / n
    for k in range(n):
        top = H - MARGIN - k * half - (5 * MM if k else 0)  # clear of the cut line above
        one_form(c, ink, MARGIN, top, W - 2 * MARGIN, half - 7 * MM, form)
        if k < n - 1:
            cut = H - MARGIN - (k + 1) * half
            cut_here(c, cut, W)


def cut_here(c, y: float, W: float) -> None:
    """A dashed grey line across the page at `y`, labelled "cut here"."""
    c.setStrokeColorRGB(0.4, 0.4, 0.4)
    c.setLineWidth(0.6)
    c.setDash(4, 3)
    c.line(5.5 * MM, y, W - 5.5 * MM, y)
    c.setDash()
    c.setFillColorRGB(0.4, 0.4, 0.4)
    typeset.label(c, MARGIN, y + 1.5 * MM, _("cut here"), font=fonts.SANS, size=7)


FOLD_TEXT = N_("fold along this line, printed sides together, and keep folded: your words stay hidden until the game ends")


def one_form(c, ink, x: float, top: float, w: float, h: float, form: dict) -> None:
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x, top - 15, _("CRYPTO CRISIS  ·  submission form"), font=fonts.SANS_BOLD, size=15)
    typeset.label(c, x, top - 29, _("Player ______________________   Opponent ______________________   Date __________"), font=fonts.SANS, size=9)
    # the outside: the race record (the tie-break), in sight during the game
    y = top - 36
    typeset.label(c, x, y - 9, _("Your opponent's words you found, and when (mm:ss on the game clock; the earlier time wins a tie)"), font=fonts.SANS_BOLD, size=9)
    found_y = y - 12 - 8 * MM
    col = w / 3
    for k, colour in enumerate(COLOURS):
        cx = x + k * col
        swatch(c, ink, cx, found_y, 7 * MM, colour)
        c.setStrokeColorRGB(*BLACK)
        c.setLineWidth(0.6)
        c.line(cx + 9 * MM, found_y, cx + col - 22 * MM, found_y)
        c.setFillColorRGB(*BLACK)
        typeset.label(c, cx + col - 20 * MM, found_y + 1 * MM, _("at"), font=fonts.SANS, size=9)
        c.line(cx + col - 16 * MM, found_y, cx + col - 4 * MM, found_y)
    # the fold: everything under it is secret
    fold = found_y - 8 * MM
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.9)
    c.setDash(6, 3)
    c.line(x, fold, x + w, fold)
    c.setDash()
    fold_text = _(FOLD_TEXT)
    tw = fonts.text_width(fold_text, fonts.SANS_BOLD, 8) + 3 * MM
    c.setFillColorRGB(1, 1, 1)
    c.rect(x + (w - tw) / 2, fold - 2.2 * MM, tw, 4.4 * MM, stroke=0, fill=1)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x + w / 2, fold - 1 * MM, fold_text, font=fonts.SANS_BOLD, size=8, align="center")
    # the inside: the words, their shifts, where their tiles land
    rule = _("Each word: 5 letters, all different, {no_letters}, an English word; one per colour. "
             "Up to {n} shifts each: {shifts}. Tiles: where the word's letters land (the method page).").format(n=form["shift_boxes"], no_letters=no_letters(), shifts=shift_legend())
    y = typeset.paragraph(c, rule, x, fold - 4 * MM, w, size=8) - 2 * MM
    box = 8.5 * MM
    word_x = x + 30 * MM
    shift_x = word_x + 5 * box + 6 * MM
    tiles_x = shift_x + form["shift_boxes"] * (box + 1.5 * MM) + 6 * MM
    c.setFillColorRGB(*BLACK)
    typeset.label(c, word_x, y - 8, _("word (first two: the mark)"), font=fonts.SANS_BOLD, size=8)
    typeset.label(c, shift_x, y - 8, _("shifts, in order"), font=fonts.SANS_BOLD, size=8)
    typeset.label(c, tiles_x, y - 8, _("tiles after shifting (first two: the mark)"), font=fonts.SANS_BOLD, size=8)
    room = y - 11 - (top - h)
    row_h = max(12 * MM, min(17 * MM, room / len(form["rows"])))
    y -= 11
    for row in form["rows"]:
        y -= row_h
        colour = row["colour"]
        by = y + (row_h - box) / 2
        swatch(c, ink, x, by, box, colour)
        c.setFillColorRGB(*BLACK)
        typeset.label(c, x + box + 2 * MM, by + box - 10, _(colour), font=fonts.SANS_BOLD, size=10)
        typeset.label(c, x + box + 2 * MM, by + 1.2 * MM, _(MARK_TEXT[row["mark"]]), font=fonts.SANS, size=7)
        d.boxes(c, word_x, by, 5, box)
        for j in range(2):
            _box_mark(c, word_x + j * box, by, box, row["mark"])
        d.boxes(c, shift_x, by, form["shift_boxes"], box, gap=1.5 * MM)
        d.boxes(c, tiles_x, by, 5, box)
        for j in range(2):
            _box_mark(c, tiles_x + j * box, by, box, row["mark"])


def _box_mark(c, x: float, y: float, s: float, mark: str) -> None:
    """A light reminder of the mark inside a letter box."""
    c.setStrokeColorRGB(*LIGHT)
    c.setLineWidth(1)
    if mark == "underline":
        c.line(x + s * 0.2, y + s * 0.14, x + s * 0.8, y + s * 0.14)
    elif mark == "strike":
        c.line(x + s * 0.15, y + s * 0.5, x + s * 0.85, y + s * 0.5)
    else:  # a slant in the corner: write this letter in italics
        c.line(x + s * 0.72, y + s * 0.1, x + s * 0.88, y + s * 0.34)


# -- the colourable boards ----------------------------------------------------------------------

def board_cell_size(page: tuple[float, float], copies: int) -> float:
    """Cell side (pt) of a colourable board: as large as the page allows, up to 26 mm."""
    W, H = page
    part = (H - 2 * MARGIN) / copies
    side = min(W - 2 * MARGIN - 50 * MM, part - 34 * MM)
    return min(26 * MM, side / SIDE)


def colourable_cell(c, x: float, y: float, s: float, letter: str) -> None:
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.8)
    c.rect(x, y, s, s, stroke=1, fill=0)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x + s / 2, y + s * 0.36, letter, font=fonts.SANS_BOLD, size=s * 0.4, align="center")
    b = min(4.2 * MM, s * 0.2)
    gap = (s - 3 * b) / 4
    c.setLineWidth(0.5)
    colours, marks = colour_codes(), mark_codes()
    for row, labels in ((y + s - b - gap * 0.6, [(colours[col], "") for col in COLOURS]), (y + gap * 0.6, [(marks[MARKS[col]], MARKS[col]) for col in COLOURS])):
        for k, (label, mark) in enumerate(labels):
            bx = x + gap + k * (b + gap)
            c.setStrokeColorRGB(0.35, 0.35, 0.35)
            c.rect(bx, row, b, b, stroke=1, fill=0)
            c.setFillColorRGB(*LIGHT)
            font = fonts.SANS_BOLD_ITALIC if mark == "italic" else fonts.SANS_BOLD
            typeset.label(c, bx + b / 2, row + b / 2 - 2.5, label, font=font, size=7, align="center")


def boards_page(doc, boards: dict) -> None:
    ink = doc.ink
    W, H = doc.size
    c = doc.new_page()
    n = boards["copies"]
    part = (H - 2 * MARGIN) / n
    s = board_cell_size(doc.size, n)
    side = s * SIDE
    for k in range(n):
        top = H - MARGIN - k * part - (4 * MM if k else 0)
        # the title, and the names line after it (further right when a translated title is longer)
        typeset.label_row(c, [(_("CRYPTO CRISIS  ·  merged board"), fonts.SANS_BOLD, 12, BLACK, None),
                        (_("by ____________________  for ____________________"), fonts.SANS, 9, BLACK, 72 * MM)],
                    MARGIN, top - 12, W - 2 * MARGIN, gap=4 * MM, min_size=7)
        by = top - 17 - side
        for i, letter in enumerate(shown()):
            r, col = divmod(i, SIDE)
            colourable_cell(c, MARGIN + col * s, by + side - (r + 1) * s, s, letter)
        c.setLineWidth(1.5)
        c.rect(MARGIN, by, side, side, stroke=1, fill=0)
        _board_legend(c, ink, MARGIN + side + 5 * MM, top - 17, W - 2 * MARGIN - side - 5 * MM)
        found_lines(c, ink, MARGIN, by - 1.5 * MM, W - 2 * MARGIN)
        if k < n - 1:
            cut = H - MARGIN - (k + 1) * part
            cut_here(c, cut, W)


def _board_legend(c, ink, x: float, top: float, w: float) -> None:
    y = typeset.paragraph(c, _("The one who encrypts ticks: {blue}, {yellow}, {red} for the words whose tiles sit on a cell; {underline}, {italic}, {strike} for the marks "
                         "(first two tiles of the blue, yellow, red word). Then colours:").format(**codes_said()), x, top, w, size=8) - 1.5 * MM
    s = 5.5 * MM
    sw = 11 * MM
    for mix in [m for m in MIXES.values() if m != "none"]:
        y -= s + 1 * MM
        swatch(c, ink, x, y, s, mix, sw)
        typeset.label_in_box(c, _(mix), x + sw + 1.5 * MM, y, w - sw - 1.5 * MM, s, size=8, align="left", pad=0)
    typeset.paragraph(c, _("The player solving it sees only this sheet; copy it onto a worksheet to try shifts. The shift helper works "
                     "backwards too: to undo a shift, step the opposite way."), x, y - 2 * MM, w, size=8)


# -- blank hint slips ----------------------------------------------------------------------------

def slips_page(doc, slips: dict) -> None:
    ink = doc.ink
    W, H = doc.size
    c = doc.new_page()
    top = d.header(doc, _("CRYPTO CRISIS  ·  hint slips"), _("Two sets: one per player. Fill in your own set out of sight."))
    text = _("On each slip circle, for each colour, the shift it reveals: 15:00 each word's first shift, 30:00 its second, "
            "sudden death its third; 'none' if the word has no more. Cut on the solid lines, fold the patterned flap over along "
             "the dotted line and tape it shut. Give your set to your opponent, who opens a slip only at its time.")
    top = typeset.paragraph(c, text, MARGIN, top - 1 * MM, W - 2 * MARGIN, size=8.5) - 3 * MM
    per = slips["slips"]
    count = slips["sets"] * len(per)
    gap = 3 * MM
    h = min(42 * MM, (top - MARGIN - 3 * MM - (count - 1) * gap) / count)
    k = 0
    for _set in range(slips["sets"]):
        for slip in per:
            y = top - (k + 1) * h - k * gap
            blank_slip(c, ink, MARGIN, y, W - 2 * MARGIN, h, slip, k)
            k += 1


def blank_slip(c, ink, x: float, y: float, w: float, h: float, slip: dict, key: int) -> None:
    label_w = w * 0.24
    hint_w = (w - label_w) / 2
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.8)
    c.rect(x, y, w, h, stroke=1, fill=0)
    typeset.label_in_box(c, slip_time(slip), x, y + h * 0.5, label_w, h * 0.42, font=fonts.SANS_BOLD, size=min(20, h * 0.36))
    typeset.label_in_box(c, slip_label(slip), x, y + h * 0.3, label_w, h * 0.2, size=7.5, pad=1.5 * MM)
    c.setFillColorRGB(*BLACK)
    typeset.label(c, x + 2.5 * MM, y + 2.5 * MM, _("from ______________"), font=fonts.SANS, size=8)
    c.setStrokeColorRGB(*LIGHT)
    c.setLineWidth(0.4)
    c.line(x + label_w, y + 1.5 * MM, x + label_w, y + h - 1.5 * MM)
    # the hint panel: circle one per colour
    pad = 2 * MM
    row_h = (h - 2 * pad) / len(COLOURS)
    hx = x + label_w + pad
    for k, colour in enumerate(COLOURS):
        ry = y + h - pad - (k + 1) * row_h
        sw = min(row_h * 0.8, 6 * MM)
        swatch(c, ink, hx, ry + (row_h - sw) / 2, sw, colour)
        opts = ["U", "D", "L", "R", "none"]
        ox = hx + sw + 2 * MM
        step = (hint_w - 2 * pad - sw - 2 * MM) / len(opts)
        for opt in opts:
            cx = ox + step / 2
            c.setFillColorRGB(*BLACK)
            if opt == "none":
                typeset.label(c, cx, ry + row_h / 2 - 2.8, no_shift(), font=fonts.SANS, size=8, align="center")
            else:  # the shift's code: its arrow (codes.py), to circle
                size = min(row_h * 0.7, 13)
                typeset.label(c, cx, ry + row_h / 2 - size * 0.35, ARROWS[opt], font=fonts.SANS_BOLD, size=size, align="center")
            ox += step
    fx = x + label_w + hint_w
    cover_flap(c, fx, y, hint_w, h, key)


# -- the worksheet -------------------------------------------------------------------------------

def worksheet_layout(page: tuple[float, float], grids: int) -> tuple[int, int, float, float]:
    """(columns, rows, grid side, gap) for the worksheet page."""
    W, H = page
    cols = 3
    rows = -(-grids // cols)
    gap = 7 * MM
    usable_h = H - 2 * MARGIN - 22 * MM
    side = min((W - 2 * MARGIN - (cols - 1) * gap) / cols, (usable_h - rows * 5 * MM - (rows - 1) * gap) / rows)
    return cols, rows, side, gap


def worksheet_page(doc, sheet: dict) -> None:
    W, H = doc.size
    c = doc.new_page()
    top = d.header(doc, _("CRYPTO CRISIS  ·  worksheet"), _("Blank {span} grids: copy tiles, try shifts, cross out letters. Pencil and paper are allowed.").format(span=f"{shown()[0]}-{shown()[-1]}"))
    cols, rows, side, gap = worksheet_layout(doc.size, sheet["grids"])
    total_w = cols * side + (cols - 1) * gap
    x0 = (W - total_w) / 2
    for k in range(sheet["grids"]):
        r, col = divmod(k, cols)
        gx = x0 + col * (side + gap)
        gy = top - 5 * MM - (r + 1) * side - r * (gap + 5 * MM)
        c.setFillColorRGB(*GREY)
        typeset.label(c, gx, gy + side + 1.5 * MM, _("shifts: ______________"), font=fonts.SANS, size=7)
        blank_grid(c, gx, gy, side)
