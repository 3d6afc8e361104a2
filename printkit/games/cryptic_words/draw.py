"""Drawing Cryptic Words: letter cards, forms, tokens and dice, reference card,
decode puzzles. The only module of the game that imports the print engine."""

from __future__ import annotations

from printkit.engine import draw as d, fonts, text as typeset
from printkit.engine.cards import CardArt, draw_deck
from printkit.engine.qr import QUIET, draw_qr, qr_matrix
from printkit.engine.tokens import TokenGroup, draw_token_groups
from printkit.engine.units import MM, PRINTER_MARGIN
from printkit.games.cryptic_words import GAME, rules
from printkit.i18n import for_model, text
from printkit.component import command_for

BAND = "blue"
# Each die face has its own colour on cards and dice alike; the pips always
# carry the value, so the colour is a help, never the only sign.
FACE_COLORS = {1: "orange", 2: "sky", 3: "green", 4: "yellow", 5: "blue", 6: "vermillion"}
PIPS = d.PIPS
BLACK = (0, 0, 0)
GREY = (0.35, 0.35, 0.35)


def _rgb(ink, name: str) -> tuple[float, float, float]:
    return (1, 1, 1) if ink.text_on(name) == "white" else (0, 0, 0)


# -- small pictures -----------------------------------------------------------------------

def die(c, ink, x: float, y: float, size: float, value: int, *, colored: bool = True) -> None:
    """A die face, bottom left at (x, y): coloured by value, pips in the colour
    that reads on it."""
    color = FACE_COLORS[value] if colored else "white"
    c.saveState()
    c.setLineWidth(max(0.5, size * 0.04))
    c.setStrokeColorRGB(0, 0, 0)
    ink.fill(c, color)
    c.roundRect(x, y, size, size, size * 0.18, stroke=1, fill=1)
    c.setFillColorRGB(*((1, 1, 1) if colored and ink.text_on(color, large=False) == "white" else (0, 0, 0)))
    r = size * 0.095
    for px, py in PIPS[value]:
        c.circle(x + px * size, y + py * size, r, stroke=0, fill=1)
    c.restoreState()


def padlock(c, cx: float, cy: float, size: float, *, body=(0, 0, 0), hole=(1, 1, 1)) -> None:
    """A padlock symbol centred at (cx, cy), `size` tall."""
    c.saveState()
    bw, bh = size * 0.72, size * 0.52
    bx, by = cx - bw / 2, cy - size / 2
    c.setStrokeColorRGB(*body)
    c.setLineWidth(size * 0.11)
    r = bw * 0.32
    top = by + bh
    p = c.beginPath()
    p.moveTo(cx - r, top)
    p.lineTo(cx - r, top + size * 0.2)
    p.arcTo(cx - r, top + size * 0.2 - r, cx + r, top + size * 0.2 + r, startAng=180, extent=-180)
    p.lineTo(cx + r, top)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColorRGB(*body)
    c.roundRect(bx, by, bw, bh, size * 0.08, stroke=0, fill=1)
    c.setFillColorRGB(*hole)
    c.circle(cx, by + bh * 0.6, size * 0.07, stroke=0, fill=1)
    c.rect(cx - size * 0.03, by + bh * 0.2, size * 0.06, bh * 0.38, stroke=0, fill=1)
    c.restoreState()


def cross(c, x: float, y: float, w: float, h: float, *, width: float = 1.6) -> None:
    c.saveState()
    c.setLineWidth(width)
    c.setLineCap(1)
    c.line(x, y, x + w, y + h)
    c.line(x, y + h, x + w, y)
    c.restoreState()


def number_text(c, text: str, cx: float, base: float, size: float, color=BLACK) -> None:
    """A card number, underlined so a turned 6 or 9 (16, 19, 61...) reads right."""
    c.setFillColorRGB(*color)
    c.setStrokeColorRGB(*color)
    typeset.label(c, cx, base, text, font=fonts.SANS_BOLD, size=size, align="center")
    half = fonts.text_width(text, fonts.SANS_BOLD, size) / 2
    c.setLineWidth(max(0.6, size * 0.06))
    c.line(cx - half, base - size * 0.12, cx + half, base - size * 0.12)


def fit_label(c, x: float, y: float, text: str, font: str, size: float, width: float) -> None:
    """One line from x on the baseline y, at `size` or smaller where it would run past `width`."""
    typeset.label(c, x, y, text, font=font, size=fonts.fit_size(text, font, size, width))


# -- the letter cards ------------------------------------------------------------------------

def card_front(card: dict):
    number = card["number"]
    entries = sorted(card["entries"], key=lambda e: e["face"])

    def face(c, art: CardArt) -> None:
        w, h, s, ink = art.w, art.h, art.safe, art.ink
        art.paint(c, "white")
        band = max(9 * MM, h * 0.17)
        l, b, r, t = art.bleed
        ink.fill(c, BAND, large=True)
        c.rect(-l, h - band, w + l + r, band + t, stroke=0, fill=1)
        light = _rgb(ink, BAND)
        # the digits' tops (about 0.44 size above the band's middle) stay 3 mm inside the trim
        size = min(band * 0.62, w * 0.3, (band / 2 - s - 0.2 * MM) / 0.44)
        number_text(c, str(number), w / 2, h - band + (band - size * 0.72) / 2 + size * 0.08, size, light)
        brand = max(7.0, band * 0.16)
        c.setFillColorRGB(*light)
        top = h - s - max(band * 0.16, brand * 0.75)  # capitals' tops 3 mm inside the trim
        typeset.label(c, s, top, "CRYPTIC", font=fonts.SANS_BOLD, size=brand)
        typeset.label(c, w - s, top, "WORDS", font=fonts.SANS_BOLD, size=brand, align="right")
        # the foot: the number again, turned, for the player across the table
        foot = max(5.5 * MM, h * 0.075)
        c.saveState()
        c.translate(w / 2, s + foot / 2)
        c.rotate(180)
        number_text(c, str(number), 0, -foot * 0.28, foot * 0.62, GREY)
        c.restoreState()
        top, bottom = h - band - 1.5 * MM, s + foot
        rh = (top - bottom) / len(entries)
        dsz = min(rh * 0.78, w * 0.26)
        for k, item in enumerate(entries):
            y = top - (k + 1) * rh
            if k % 2 == 0:
                ink.fill(c, "light")
                c.rect(s * 0.5, y, w - s, rh, stroke=0, fill=1)
            die(c, ink, s + 0.5 * MM, y + (rh - dsz) / 2, dsz, item["face"])
            x0 = s + dsz + 2 * MM
            avail = w - s - x0
            text = item["entry"]
            tsize = fonts.fit_size(text, fonts.SANS_BOLD, rh * 0.82, avail - 2 * MM)
            c.setFillColorRGB(0, 0, 0)
            typeset.label(c, x0 + avail / 2, y + rh / 2 - tsize * 0.36, text, font=fonts.SANS_BOLD, size=tsize, align="center")
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.setLineWidth(0.4)
        c.line(s * 0.5, top, w - s * 0.5, top)
        c.line(s * 0.5, bottom, w - s * 0.5, bottom)

    return face


def card_back(c, art: CardArt) -> None:
    """The shared back: the same after a half turn, so a turned card never shows."""
    w, h, ink = art.w, art.h, art.ink
    art.paint(c, BAND)
    light = _rgb(ink, BAND)
    l, b, r, t = art.bleed
    c.setFillColorRGB(*light)
    step = 6 * MM
    # a field of small dots, centred so a half turn maps it onto itself
    nx, ny = int((w + l + r) / step / 2) + 1, int((h + b + t) / step / 2) + 1
    for i in range(-nx, nx + 1):
        for j in range(-ny, ny + 1):
            if (i + j) % 2 == 0:
                c.circle(w / 2 + i * step, h / 2 + j * step, 0.45 * MM, stroke=0, fill=1)
    c.setStrokeColorRGB(*light)
    c.setLineWidth(1.5)
    c.roundRect(art.safe, art.safe, w - 2 * art.safe, h - 2 * art.safe, 3 * MM, stroke=1, fill=0)
    side = min(w, h) * 0.46
    ink.fill(c, "white")
    c.setStrokeColorRGB(0, 0, 0)
    c.roundRect(w / 2 - side / 2, h / 2 - side / 2, side, side, side * 0.15, stroke=1, fill=1)
    padlock(c, w / 2, h / 2, side * 0.62)
    for turn in (0, 180):
        c.saveState()
        c.translate(w / 2, h / 2)
        c.rotate(turn)
        size = fonts.fit_size("CRYPTIC WORDS", fonts.SANS_BOLD, 12, w - 2 * art.safe - 8 * MM)
        base = side / 2 + (h / 2 - side / 2 - art.safe) / 2 - size * 0.35
        tw = fonts.text_width("CRYPTIC WORDS", fonts.SANS_BOLD, size)
        ink.fill(c, BAND, large=True)
        c.rect(-tw / 2 - 2 * MM, base - size * 0.45, tw + 4 * MM, size * 1.5, stroke=0, fill=1)
        c.setFillColorRGB(*light)
        typeset.label(c, 0, base, "CRYPTIC WORDS", font=fonts.SANS_BOLD, size=size, align="center")
        c.restoreState()


def player_aids(_=text("en")) -> list:
    """What fills the last deck sheet's empty slots: the turn, the doubles, the
    rounds and scoring, one card of each per player when there is room.
    `_` is the gettext function of the deck's language."""
    from printkit.engine.aids import Aid

    turn = Aid(_("A TURN"), (
        (_("1. Roll both dice."), _("A double? Do its action instead (see DOUBLES), then each may guess once.")),
        (_("2. Set each die"), _("between two facing cards: its face picks one code on each card.")),
        (_("3. Your code?"), _("Call MATCH: your opponent padlocks it. Not yours: it gets a tracker (X).")),
        (_("4. Guess:"), _("each player may guess the other's word once. Wrong: your turn ends.")),
    ), color=BAND)
    doubles = Aid(_("DOUBLES"), tuple(
        (f"{v}-{v} {_(title)}.", short) for v, (title, _action), short in zip(sorted(rules.DOUBLES), (rules.DOUBLES[v] for v in sorted(rules.DOUBLES)), (
            _("FIRST marker on that card; move it far left."),
            _("LAST marker on that card; move it far right."),
            _("Padlock that entry; move its card far left."),
            _("Padlock that entry; move its card far right."),
            _("Circle the length on your form."),
            _("Lay the cards in the called order."),
        ))
    ) + ((_("Done already?"), _("Choose another action.")),), color="purple")
    rounds = Aid(_("ROUNDS & SCORE"), (
        (_("Deal"), _("4-5-6-6-6 cards over five rounds (or 4-5-5-6-6).")),
        (_("Your word:"), _("3 to 8 letters, one entry from each card you use; write its codes on your form.")),
        (_("Score"), _("the letters of a word you guess. Then your opponent rolls twice a turn.")),
        (_("After 5 rounds"), _("the highest total wins; tied, play one more round.")),
    ), color="green")
    return [turn, doubles, rounds]


def render_deck(doc, model: dict) -> None:
    from printkit.engine.aids import fill_deck

    _ = for_model(model)
    fronts, backs, _slots = fill_deck(doc.options, [card_front(card) for card in model["cards"]], card_back, player_aids(_), _("PLAYER AID"))
    draw_deck(doc, fronts, backs)


# -- half-page parts (forms, reference cards, puzzles) ------------------------------------------

def halves(doc) -> list[tuple[float, float, float, float]]:
    """Two boxes (x, y, w, h) on a portrait page, top and bottom, clear of the
    printer's margin and of the cut line between them."""
    W, H = doc.size
    m = (PRINTER_MARGIN + 5) * MM
    gap = 5 * MM
    hh = (H - 2 * m - 2 * gap) / 2
    return [(m, H / 2 + gap, W - 2 * m, hh), (m, m, W - 2 * m, hh)]


def cut_line(c, doc, label: str = "cut") -> None:
    W, H = doc.size
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.5)
    c.setDash(4, 3)
    x0, x1 = (PRINTER_MARGIN + 1) * MM, W - (PRINTER_MARGIN + 1) * MM
    c.line(x0, H / 2, x1, H / 2)
    c.setDash()
    c.setFillColorRGB(0.45, 0.45, 0.45)
    tw = fonts.text_width(label, fonts.SANS, 6)
    c.setFillColorRGB(1, 1, 1)
    c.rect(W / 2 - tw / 2 - 2, H / 2 - 4, tw + 4, 8, stroke=0, fill=1)
    c.setFillColorRGB(0.45, 0.45, 0.45)
    typeset.label(c, W / 2, H / 2 - 2, label, font=fonts.SANS, size=6, align="center")
    c.restoreState()


def qr_block(c, text: str, x: float, y: float, module_mm: float = 0.55, min_side: float = 22 * MM) -> float:
    """Draw a QR code with its bottom left at (x, y); returns its side."""
    n = len(qr_matrix(text))
    side = max(min_side, (n + 2 * QUIET) * module_mm * MM)
    draw_qr(c, text, x, y, side)
    return side


def qr_side(text: str, module_mm: float = 0.55, min_side: float = 22 * MM) -> float:
    return max(min_side, (len(qr_matrix(text)) + 2 * QUIET) * module_mm * MM)


def circled_numbers(c, x: float, y: float, values, r: float, gap: float) -> float:
    """A row of small circles with numbers (to circle one); returns the x after."""
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    for v in values:
        cx = x + r
        c.circle(cx, y, r, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, cx, y - r * 0.42, str(v), font=fonts.SANS, size=r * 1.15, align="center")
        x += 2 * r + gap
    return x


# -- the tracking & decoding form ---------------------------------------------------------------

def form_command(model: dict, opts) -> str:
    """What the form's QR code holds: the web address given (--qr-url), else the
    form's own ID, which a phone shows as text and `printkit form cryptic-words
    --id` reprints."""
    if model.get("qr_url"):
        return model["qr_url"]
    return model.get("id") or rules.form_id(model["variant"])


def render_form(doc, model: dict) -> None:
    qr_text = form_command(model, doc.options)
    _ = for_model(model)
    c = doc.new_page()
    for box in halves(doc):
        _form(c, doc, model, box, qr_text, _)
    cut_line(c, doc, _("cut here: one form per player"))


def _form(c, doc, model: dict, box, qr_text: str, _=text("en")) -> None:
    x, y, w, h = box
    ink = doc.ink
    top = y + h
    side = qr_side(qr_text)
    # header: title, instructions, name; QR code at the right
    qr_block(c, qr_text, x + w - side, top - side)
    tx_w = w - side - 4 * MM
    c.setFillColorRGB(0, 0, 0)
    title = _("TRACKING & DECODING FORM")
    fit_label(c, x, top - 14, title, fonts.SANS_BOLD, 15, tx_w)
    sub = _("Cryptic Words · fold on the dashed line, printed sides together, and open it towards you: your codes stay hidden")
    fit_label(c, x, top - 25, sub, fonts.SANS_ITALIC, 8.5, tx_w)
    name, opponent = _("Name"), _("Opponent")
    typeset.label(c, x, top - 40, name, font=fonts.SANS, size=9)
    c.setLineWidth(0.6)
    name_w = fonts.text_width(name, fonts.SANS, 9) + 2 * MM
    opp_w = fonts.text_width(opponent, fonts.SANS, 9) + 2 * MM
    half = tx_w / 2
    c.line(x + name_w, top - 41, x + half - 4 * MM, top - 41)
    typeset.label(c, x + half, top - 40, opponent, font=fonts.SANS, size=9)
    c.line(x + half + opp_w, top - 41, x + tx_w, top - 41)
    if model.get("qr_url"):
        more, how = _("More forms: scan the code for"), qr_text
    else:
        ident = model.get("id") or rules.form_id(model["variant"])
        more, how = _("The code holds this form's ID, {id}. More forms:").format(id=ident), f"printkit form cryptic-words --id {ident}"
    c.setFillColorRGB(*GREY)
    fit_label(c, x, top - side + 9, more, fonts.SANS, 7, tx_w)
    fit_label(c, x, top - side + 1.5, how, fonts.SANS, 7, tx_w)
    # the table
    rounds = model["rounds"]
    head_h = 6 * MM
    total_h = 9 * MM
    table_top = top - side - 2 * MM
    row_h = (table_top - head_h - total_h - y) / len(rounds)
    col_round = 19 * MM
    col_score = 17 * MM
    fold_gap = 5 * MM
    rest = w - col_round - col_score - fold_gap
    col_you = rest * 0.6
    col_opp = rest - col_you
    xs = [x, x + col_round, x + col_round + col_you, x + col_round + col_you + fold_gap, x + w - col_score, x + w]
    # column heads
    ink.fill(c, "light")
    c.rect(x, table_top - head_h, w, head_h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    heads = [(_("Round"), xs[0], col_round), (_("Your word: length (circle one) and card-letter codes"), xs[1], col_you), (_("Opponent: length and known letters"), xs[3], col_opp), (_("Score"), xs[4], col_score)]
    for label, hx, hw in heads:
        typeset.label_in_box(c, label, hx, table_top - head_h, hw, head_h, font=fonts.SANS_BOLD, size=7.5)
    lengths = model["lengths"]
    for k, n in enumerate(rounds):
        ry = table_top - head_h - (k + 1) * row_h
        # round cell
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, xs[0] + col_round / 2, ry + row_h * 0.55, _("Round {n}").format(n=k + 1), font=fonts.SANS_BOLD, size=10, align="center")
        typeset.label(c, xs[0] + col_round / 2, ry + row_h * 0.55 - 11, _("{n} cards").format(n=n), font=fonts.SANS, size=8, align="center")
        # your word: lengths, then one code box per card dealt
        r = min(2.3 * MM, row_h * 0.13)
        line1 = ry + row_h - r - 1.8 * MM
        typeset.label(c, xs[1] + 1.5 * MM, line1 - 2.5, _("letters"), font=fonts.SANS, size=7)
        circled_numbers(c, xs[1] + 12 * MM, line1, lengths, r, 1.2 * MM)
        code_w = (col_you - 3 * MM - 5 * 1.2 * MM) / 6
        code_h = min(row_h * 0.42, 8 * MM)
        for j in range(n):
            bx = xs[1] + 1.5 * MM + j * (code_w + 1.2 * MM)
            c.setLineWidth(0.6)
            c.setStrokeColorRGB(0, 0, 0)
            c.rect(bx, ry + 1.5 * MM, code_w, code_h, stroke=1, fill=0)
            c.setFillColorRGB(0.6, 0.6, 0.6)
            typeset.label(c, bx + code_w * 0.42, ry + 1.5 * MM + code_h / 2 - 3, "–", font=fonts.SANS, size=8, align="center")
        # opponent: lengths and letters
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, xs[3] + 1.5 * MM, line1 - 2.5, _("letters"), font=fonts.SANS, size=7)
        circled_numbers(c, xs[3] + 12 * MM, line1, lengths, r, 0.8 * MM)
        lw = (col_opp - 3 * MM - 5 * 1 * MM) / 6
        for j in range(6):
            bx = xs[3] + 1.5 * MM + j * (lw + 1 * MM)
            c.setLineWidth(0.6)
            c.rect(bx, ry + 1.5 * MM, lw, code_h, stroke=1, fill=0)
    # total row
    ty = table_top - head_h - len(rounds) * row_h - total_h
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, xs[4] - 2 * MM, ty + total_h / 2 - 3.5, _("Total"), font=fonts.SANS_BOLD, size=10, align="right")
    deal = "-".join(map(str, rounds))
    typeset.label(c, x + 1.5 * MM, ty + total_h / 2 - 2.5, _("Deal {deal} · a word guessed right scores its letters · a tie: play one more round").format(deal=deal), font=fonts.SANS, size=7)
    c.setLineWidth(1.2)
    c.rect(xs[4], ty, col_score, total_h, stroke=1, fill=0)
    # grid
    c.setLineWidth(0.7)
    c.setStrokeColorRGB(0, 0, 0)
    bottom = table_top - head_h - len(rounds) * row_h
    for k in range(len(rounds) + 2):
        yy = table_top - k * row_h if k == 0 else table_top - head_h - (k - 1) * row_h
        c.line(x, yy, xs[2], yy)
        c.line(xs[3], yy, x + w, yy)
    for xx in (xs[0], xs[1], xs[2], xs[3], xs[4], xs[5]):
        c.line(xx, table_top, xx, bottom)
    # the fold: a dashed line in the gap between your side and the opponent's
    fx = xs[2] + fold_gap / 2
    c.saveState()
    c.setDash(3, 2)
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.line(fx, table_top + 1 * MM, fx, bottom - 1 * MM)
    c.restoreState()
    c.saveState()
    c.translate(fx, (table_top + bottom) / 2)
    c.rotate(90)
    # TRANSLATORS: the tracking form's fold line (a valley fold: the printed halves face each other)
    fold = _("fold: print inside")
    tw = fonts.text_width(fold, fonts.SANS, 6)
    c.setFillColorRGB(1, 1, 1)
    c.rect(-tw / 2 - 1, -3.5, tw + 2, 7, stroke=0, fill=1)
    c.setFillColorRGB(*GREY)
    typeset.label(c, 0, -2, fold, font=fonts.SANS, size=6, align="center")
    c.restoreState()


# -- tokens and dice ----------------------------------------------------------------------------

def _padlock_token(c, art) -> None:
    art_fill(c, art, "orange")
    size = min(art.w, art.h)
    padlock(c, art.w / 2, art.h / 2, size * 0.6)


def _tracker_token(c, art) -> None:
    art_fill(c, art, "sky")
    m = min(art.w, art.h) * 0.3
    c.setStrokeColorRGB(0, 0, 0)
    cross(c, m, m, art.w - 2 * m, art.h - 2 * m, width=min(art.w, art.h) * 0.1)


def arrow(c, x: float, y: float, size: float, left: bool) -> None:
    """A filled triangle pointing left or right, its box's bottom left at (x, y)."""
    p = c.beginPath()
    if left:
        p.moveTo(x + size, y); p.lineTo(x, y + size / 2); p.lineTo(x + size, y + size)
    else:
        p.moveTo(x, y); p.lineTo(x + size, y + size / 2); p.lineTo(x, y + size)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def labelled_arrow(c, label: str, cx: float, cy: float, width: float, height: float, left: bool, color) -> None:
    """'<| FIRST' or 'LAST |>' centred in a box."""
    a = height * 0.62
    gap = height * 0.25
    size = fonts.fit_size(label, fonts.SANS_BOLD, height * 0.75, width - a - gap - 2)
    tw = fonts.text_width(label, fonts.SANS_BOLD, size)
    total = a + gap + tw
    x0 = cx - total / 2
    c.setFillColorRGB(*color)
    if left:
        arrow(c, x0, cy - a / 2, a, True)
        typeset.label(c, x0 + a + gap, cy - size * 0.36, label, font=fonts.SANS_BOLD, size=size)
    else:
        typeset.label(c, x0, cy - size * 0.36, label, font=fonts.SANS_BOLD, size=size)
        arrow(c, x0 + tw + gap, cy - a / 2, a, False)


def _marker(label: str, color: str, left: bool):
    def face(c, art) -> None:
        art_fill(c, art, color)
        labelled_arrow(c, label, art.w / 2, art.h / 2, art.w - 3 * MM, art.h * 0.6, left, _rgb(art.ink, color))

    return face


def art_fill(c, art, color: str) -> None:
    art.ink.fill(c, color, large=True)
    c.rect(0, 0, art.w, art.h, stroke=0, fill=1)


def render_tokens(doc, model: dict) -> None:
    _ = for_model(model)
    counts = model["counts"]
    low = {"y": None}

    def tracked(face):
        """The face, noting how low on the page the tokens reach (the engine
        moves the origin to each token's bottom left before drawing it)."""
        def draw(c, art) -> None:
            matrix = getattr(c, "_currentMatrix", None)
            if matrix is not None:
                low["y"] = matrix[5] if low["y"] is None else min(low["y"], matrix[5])
            face(c, art)

        return draw

    groups = [
        TokenGroup(_("Padlocks: lock a matched letter"), [_padlock_token] * counts["padlock"], (13, 13), "circle"),
        TokenGroup(_("Trackers: cross out a letter that is not in the word ({n} a player)").format(n=counts["tracker"] // 2), [_tracker_token] * counts["tracker"], (12, 12), "circle"),
        TokenGroup(_("FIRST markers, for double 1-1 (3-3 padlocks the first letter instead)"), [_marker(_("FIRST"), "green", True)] * counts["first"], (32, 12), "square"),
        TokenGroup(_("LAST markers, for double 2-2 (4-4 padlocks the last letter instead)"), [tracked(_marker(_("LAST"), "purple", False))] * counts["last"], (32, 12), "square"),
    ]
    pages = doc.pages
    draw_token_groups(doc, groups, page_title=_("Cryptic Words · tokens"))
    # the dice go under the tokens when they fit there (one sheet of card stock)
    top = low["y"] - 8 * MM if low["y"] is not None and doc.pages == pages + 1 else None
    _dice_page(doc, model, top)


DICE_HEAD = 18 * MM  # the dice title and tips
DICE_FOOT = 10 * MM  # the "Die 1" labels


def _dice_face(doc, model: dict, avail: float) -> float:
    W, _H = doc.size
    m = (PRINTER_MARGIN + 5) * MM
    n = len(model["dice"])
    return min(22 * MM, (W - 2 * m) / (n * 3 + 1.2 * n), (avail - DICE_HEAD - DICE_FOOT) / 4.3)


def _dice_page(doc, model: dict, top: float | None = None) -> None:
    """The dice nets: under the tokens from `top` down when they fit there
    at a good size, else on a page of their own."""
    W, H = doc.size
    m = (PRINTER_MARGIN + 5) * MM
    if top is None or _dice_face(doc, model, top - m) < 18 * MM:
        doc.new_page()
        top = H - m
    c = doc.c
    _ = for_model(model)
    face = _dice_face(doc, model, top - m)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, m, top - 14, _("Cryptic Words · two dice to fold"), font=fonts.SANS_BOLD, size=14)
    tips = _("Cut along the solid outline, fold every dotted line (the grey tabs too) and glue the tabs inside. Opposite faces add up to 7.")
    typeset.paragraph(c, tips, m, top - 22, W - 2 * m, size=9)
    dice = model["dice"]
    net_w = 3 * face
    gap = (W - 2 * m - len(dice) * net_w) / len(dice)
    net_top = top - DICE_HEAD
    for k, net in enumerate(dice):
        x0 = m + gap / 2 + k * (net_w + gap)
        _net(c, doc.ink, x0, net_top, face, net["faces"])
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, x0 + net_w / 2, net_top - 4 * face - 0.28 * face - 5 * MM, _("Die {n}").format(n=k + 1), font=fonts.SANS_BOLD, size=10, align="center")


def _net(c, ink, x0: float, top: float, s: float, faces: list[int]) -> None:
    """A cross net: a column of four faces with one face either side of the
    second. One glue tab on each of the 7 seams that close when it is folded:
    the side faces meet the top, third and last faces; the last meets the top."""
    cells = {(1, r): faces[r] for r in range(4)}
    cells[(0, 1)] = faces[4]
    cells[(2, 1)] = faces[5]
    tab = s * 0.28
    c.saveState()
    # glue tabs (drawn first, under the faces): 7 seams
    tabs = [
        ((0, 1), "up"), ((0, 1), "down"), ((0, 1), "left"),
        ((2, 1), "up"), ((2, 1), "down"),
        ((1, 3), "right"), ((1, 3), "down"),
    ]
    ink.fill(c, "light")
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    for (cx, r), side in tabs:
        fx, fy = x0 + cx * s, top - (r + 1) * s
        p = c.beginPath()
        ins = s * 0.18
        if side == "up":
            p.moveTo(fx, fy + s); p.lineTo(fx + ins, fy + s + tab); p.lineTo(fx + s - ins, fy + s + tab); p.lineTo(fx + s, fy + s)
        elif side == "down":
            p.moveTo(fx, fy); p.lineTo(fx + ins, fy - tab); p.lineTo(fx + s - ins, fy - tab); p.lineTo(fx + s, fy)
        elif side == "left":
            p.moveTo(fx, fy); p.lineTo(fx - tab, fy + ins); p.lineTo(fx - tab, fy + s - ins); p.lineTo(fx, fy + s)
        else:
            p.moveTo(fx + s, fy); p.lineTo(fx + s + tab, fy + ins); p.lineTo(fx + s + tab, fy + s - ins); p.lineTo(fx + s, fy + s)
        c.drawPath(p, stroke=1, fill=1)
    for (cx, r), value in sorted(cells.items()):
        fx, fy = x0 + cx * s, top - (r + 1) * s
        ink.fill(c, FACE_COLORS[value])
        c.rect(fx, fy, s, s, stroke=0, fill=1)
        c.setFillColorRGB(*((1, 1, 1) if ink.text_on(FACE_COLORS[value], large=False) == "white" else (0, 0, 0)))
        for px, py in PIPS[value]:
            c.circle(fx + px * s, fy + py * s, s * 0.09, stroke=0, fill=1)
    # outline solid, folds dotted: between two faces and where a tab meets its face
    tabbed = set(tabs)
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(0, 0, 0)
    for (cx, r) in cells:
        fx, fy = x0 + cx * s, top - (r + 1) * s
        for (ax, ay, bx, by, nb, side) in ((fx, fy, fx + s, fy, (cx, r + 1), "down"), (fx, fy + s, fx + s, fy + s, (cx, r - 1), "up"), (fx, fy, fx, fy + s, (cx - 1, r), "left"), (fx + s, fy, fx + s, fy + s, (cx + 1, r), "right")):
            c.setDash(2, 2) if nb in cells or ((cx, r), side) in tabbed else c.setDash()
            c.line(ax, ay, bx, by)
    c.setDash()
    c.restoreState()


# -- the reference card ------------------------------------------------------------------------

def render_reference(doc, model: dict) -> None:
    _ = for_model(model)
    c = doc.new_page()
    for box in halves(doc):
        _reference(c, doc, model, box, _)
    cut_line(c, doc, _("cut here: one card per player"))


def _reference(c, doc, model: dict, box, _=text("en")) -> None:
    x, y, w, h = box
    top = y + h
    c.setLineWidth(1)
    c.setStrokeColorRGB(0, 0, 0)
    c.roundRect(x, y, w, h, 3 * MM, stroke=1, fill=0)
    pad = 4 * MM
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, x + pad, top - pad - 12, _("CRYPTIC WORDS · reference"), font=fonts.SANS_BOLD, size=14)
    left_w = w * 0.38
    steps = [f"{k}. {_(step)}" for k, step in enumerate(model["turn"], 1)]
    notes = [(_(title), _(text)) for title, text in model["notes"]]
    remember = _("Remember: the cards in front of you hide your opponent's word; your codes are for the cards in front of your opponent.")

    def left_height(b: float) -> float:  # the left column's height at body size b (the layout below, measured)
        tw = left_w - pad
        h = 22 + 15 + sum(typeset.paragraph_height(t, tw, size=b) + 2.5 for t in steps)
        h += sum(3 + 13 + typeset.paragraph_height(t, tw, size=b) + 2.5 for _t, t in notes)
        return h + 2 + typeset.paragraph_height(remember, tw, font=fonts.SANS_ITALIC, size=b - 0.5)

    # a longer translation sets the column a little smaller (not below 7 pt) rather than run out of the card
    b = 8.0
    while b > 7.5 and left_height(b) > h - 1.5 * pad:
        b -= 0.25
    ly = top - pad - 22
    typeset.label(c, x + pad, ly - 10, _("Your turn in short"), font=fonts.SANS_BOLD, size=10)
    ly -= 15
    for step in steps:
        ly = typeset.paragraph(c, step, x + pad, ly, left_w - pad, size=b) - 2.5
    for title, text in notes:
        ly -= 3
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, x + pad, ly - 10, title, font=fonts.SANS_BOLD, size=10)
        ly = typeset.paragraph(c, text, x + pad, ly - 13, left_w - pad, size=b) - 2.5
    ly -= 2
    typeset.paragraph(c, remember, x + pad, ly, left_w - pad, font=fonts.SANS_ITALIC, size=b - 0.5)
    # doubles
    rx = x + left_w + 3 * MM
    rw = w - left_w - 3 * MM - pad
    c.setFillColorRGB(0, 0, 0)
    doubles = _("Doubles: both players do the action, then each may guess once")
    fit_label(c, rx, top - pad - 32, doubles, fonts.SANS_BOLD, 10, rw)
    rows = model["doubles"]
    avail = top - pad - 38 - (y + pad + 2.5 * MM)  # room under the rows for the note
    rh = avail / len(rows)
    dsz = min(rh * 0.55, 8 * MM)
    for k, row in enumerate(rows):
        ry = top - pad - 38 - (k + 1) * rh
        if k % 2 == 0:
            doc.ink.fill(c, "light")
            c.rect(rx - 1 * MM, ry, rw + 1 * MM, rh, stroke=0, fill=1)
        die(c, doc.ink, rx, ry + (rh - dsz) / 2, dsz, row["roll"])
        die(c, doc.ink, rx + dsz + 1 * MM, ry + (rh - dsz) / 2, dsz, row["roll"])
        tx = rx + 2 * dsz + 4 * MM
        tw = rw - (tx - rx) - 1.5 * MM
        # the title and the action, as one block centred in the row
        size = 8.2
        action = _(row["action"])
        lines = typeset.lines(action, fonts.SANS, size, tw)
        while size > 7 and (len(lines) * size * 1.18 + 13 > rh - 3 * MM):
            size -= 0.2
            lines = typeset.lines(action, fonts.SANS, size, tw)
        block = 11 + 1.5 + len(lines) * size * 1.18
        btop = ry + (rh + block) / 2
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, tx, btop - 8.5, f"{row['roll']}-{row['roll']}  {_(row['title'])}", font=fonts.SANS_BOLD, size=9)
        typeset.paragraph(c, action, tx, btop - 12.5, tw, size=size, leading=size * 1.18)
    c.setFillColorRGB(*GREY)
    typeset.label(c, rx, y + pad - 1, _("An action already done? Pick any other double for both of you."), font=fonts.SANS, size=7)


# -- decode puzzles -------------------------------------------------------------------------------

def render_puzzles(doc, model: dict) -> None:
    comp = GAME.components["puzzle"]
    puzzles = model["puzzles"]
    _ = for_model(model)
    for start in range(0, len(puzzles), 2):
        c = doc.new_page()
        boxes = halves(doc)
        for k, puzzle in enumerate(puzzles[start : start + 2]):
            cmd = command_for(comp, {"params": {"id": puzzle["id"]}}, doc.options)
            _puzzle(c, doc, puzzle, start + k + 1, boxes[k], cmd, _)
        if len(puzzles) - start > 1:
            cut_line(c, doc, _("cut here"))
        else:  # a lone puzzle: room to work under it
            _working_space(c, boxes[1], _)
    _answers(doc, puzzles, _)


def _working_space(c, box, _=text("en")) -> None:
    """Faint ruled lines to try letters and words on."""
    x, y, w, h = box
    c.saveState()
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.6)
    c.roundRect(x, y, w, h, 3 * MM, stroke=1, fill=0)
    c.setFillColorRGB(*GREY)
    head = _("Working space")
    typeset.label(c, x + 4 * MM, y + h - 4 * MM - 8, head, font=fonts.SANS_BOLD, size=9)
    typeset.label(c, x + 4 * MM + fonts.text_width(head, fonts.SANS_BOLD, 9) + 3 * MM, y + h - 4 * MM - 8,
                  _("list the letters you know, try them in order, cross out what cannot fit"), font=fonts.SANS, size=8)
    c.setStrokeColorRGB(0.8, 0.8, 0.8)
    c.setLineWidth(0.4)
    step = 9 * MM
    ly = y + h - 4 * MM - 8 - step
    while ly > y + 4 * MM:
        c.line(x + 4 * MM, ly, x + w - 4 * MM, ly)
        ly -= step
    c.restoreState()


def _puzzle(c, doc, puzzle: dict, number: int, box, cmd: str, _=text("en")) -> None:
    x, y, w, h = box
    top = y + h
    ink = doc.ink
    side = qr_side(cmd, min_side=20 * MM)
    qr_block(c, cmd, x + w - side, top - side, min_side=20 * MM)
    tw = w - side - 4 * MM
    c.setFillColorRGB(0, 0, 0)
    title = _("Decode puzzle {n}").format(n=number)
    fit_label(c, x, top - 14, title, fonts.SANS_BOLD, 15, tw)
    typeset.label(c, x, top - 27, f"ID {puzzle['id']}", font=fonts.SANS_BOLD, size=9)
    rule = _(
        "Your opponent hid a word in these {n} cards: one entry per card, in any order, "
        "and any of them may stay unused. Padlocks are matches, crosses are not in the word. "
        "Exactly one English word fits everything. Which is it?"
    ).format(n=len(puzzle["hand"]))
    below = typeset.paragraph(c, rule, x, top - 31, tw, size=8)
    # a rule that runs longer than the QR code (a translation's third line) pushes the reprint line and the hand down
    low = min(top - side, below - 8)
    c.setFillColorRGB(*GREY)
    again = _("Scan to print it again: {command}").format(command=cmd)
    fit_label(c, x, low + 1, again, fonts.SANS, 6, tw)
    clues = puzzle["clues"]
    # the hand
    hand = puzzle["hand"]
    gap = 3 * MM
    cw = min(30 * MM, (w - gap * 5) / 6)
    ch = cw * 1.42
    row_w = len(hand) * cw + (len(hand) - 1) * gap
    hx = x + (w - row_w) / 2
    tag_h = 6.5 * MM
    hy = low - 3 * MM - tag_h - ch
    matched = {rules.parse_code(v) for v in clues.get("matches", [])}
    for key in ("first_code", "last_code"):
        if clues.get(key):
            matched.add(rules.parse_code(clues[key]))
    crossed = {rules.parse_code(v) for v in clues.get("crossed", [])}
    # markers only for 1-1 and 2-2; 3-3 and 4-4 padlock the entry (and move the card) instead
    first = clues.get("first_card")
    last = clues.get("last_card")
    for k, card in enumerate(hand):
        cx = hx + k * (cw + gap)
        _mini_card(c, ink, card, cx, hy, cw, ch, matched, crossed)
        tag = "FIRST" if card["number"] == first else "LAST" if card["number"] == last else None
        if tag:
            color = "green" if tag == "FIRST" else "purple"
            label = _(tag)
            ink.fill(c, color)
            c.roundRect(cx + cw * 0.12, hy + ch + 1 * MM, cw * 0.76, tag_h - 1.2 * MM, 1 * MM, stroke=0, fill=1)
            th = tag_h - 1.2 * MM
            labelled_arrow(c, label, cx + cw / 2, hy + ch + 1 * MM + th / 2, cw * 0.7, th * 0.8, tag == "FIRST", _rgb(ink, color))
    # what is known, in words
    lines = []
    if clues.get("matches"):
        lines.append(_("Padlocked (in the word): {codes}.").format(codes=", ".join(clues["matches"])))
    if clues.get("crossed"):
        lines.append(_("Crossed out (not in the word): {codes}.").format(codes=", ".join(clues["crossed"])))
    if clues.get("first_card") is not None:
        lines.append(_("1-1 rolled: the word starts on card {n}.").format(n=clues["first_card"]))
    if clues.get("last_card") is not None:
        lines.append(_("2-2 rolled: the word ends on card {n}.").format(n=clues["last_card"]))
    if clues.get("first_code"):
        lines.append(_("3-3 rolled: the first letter(s) are {code}.").format(code=clues["first_code"]))
    if clues.get("last_code"):
        lines.append(_("4-4 rolled: the last letter(s) are {code}.").format(code=clues["last_code"]))
    if clues.get("length") is not None:
        lines.append(_("5-5 rolled: the word has {n} letters.").format(n=clues["length"]))
    if clues.get("order"):
        lines.append(_("6-6 rolled: the cards lie in the hider's order, unused cards slipped in anywhere: {order}.").format(order=" ".join(map(str, clues["order"]))))
    # the answer line
    n = clues.get("length") or 8
    bs = 7.5 * MM
    ay = y + 1 * MM
    ty = hy - 3 * MM
    # as large as the room down to the answer line allows (a longer translation shrinks, not overprints)
    size = typeset.fit_paragraphs(lines, w, ty - (ay + bs + 1 * MM), size=8.5, min_size=7, gap=1.5)
    for line in lines:
        ty = typeset.paragraph(c, line, x, ty, w, size=size) - 1.5
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, x, ay + bs / 2 - 3, _("Word:"), font=fonts.SANS_BOLD, size=9)
    d.boxes(c, x + 14 * MM, ay, n, bs, gap=1 * MM)
    typeset.label(c, x + 14 * MM + n * (bs + 1 * MM) + 3 * MM, ay + bs / 2 - 2.5, _("Codes: ____________________________"), font=fonts.SANS, size=7.5)


def _mini_card(c, ink, card: dict, x: float, y: float, w: float, h: float, matched, crossed) -> None:
    band = h * 0.16
    c.saveState()
    ink.fill(c, "white")
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.8)
    c.roundRect(x, y, w, h, 2 * MM, stroke=1, fill=1)
    p = c.beginPath()
    p.roundRect(x, y, w, h, 2 * MM)
    c.clipPath(p, stroke=0, fill=0)
    ink.fill(c, BAND, large=True)
    c.rect(x, y + h - band, w, band, stroke=0, fill=1)
    c.restoreState()
    number_text(c, str(card["number"]), x + w / 2, y + h - band + band * 0.27, band * 0.62, _rgb(ink, BAND))
    entries = sorted(card["entries"], key=lambda e: e["face"])
    rh = (h - band - 2 * MM) / len(entries)
    dsz = min(rh * 0.74, w * 0.26)
    for k, item in enumerate(entries):
        ry = y + h - band - 1 * MM - (k + 1) * rh
        die(c, ink, x + 1.5 * MM, ry + (rh - dsz) / 2, dsz, item["face"])
        code = (card["number"], item["entry"])
        tx = x + 1.5 * MM + dsz + (w - 3 * MM - dsz) * 0.42
        size = rh * 0.72
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, tx, ry + rh / 2 - size * 0.36, item["entry"], font=fonts.SANS_BOLD, size=size, align="center")
        mark_x = x + w - 1.5 * MM - rh * 0.8
        if code in matched:
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(1.1)
            tw = fonts.text_width(item["entry"], fonts.SANS_BOLD, size)
            c.roundRect(tx - tw / 2 - 1 * MM, ry + 0.4, tw + 2 * MM, rh - 0.8, 1 * MM, stroke=1, fill=0)
            ink.fill(c, "orange")
            c.circle(mark_x + rh * 0.4, ry + rh / 2, rh * 0.45, stroke=0, fill=1)
            padlock(c, mark_x + rh * 0.4, ry + rh / 2, rh * 0.62)
        elif code in crossed:
            c.setStrokeColorRGB(*ink.rgb("vermillion"))
            tw = fonts.text_width(item["entry"], fonts.SANS_BOLD, size)
            cross(c, tx - tw / 2 - 0.8 * MM, ry + 0.8, tw + 1.6 * MM, rh - 1.6, width=0.7)  # thin: the letter stays readable
            c.setStrokeColorRGB(0, 0, 0)
            cross(c, mark_x + rh * 0.15, ry + rh * 0.2, rh * 0.55, rh * 0.6, width=1.0)


def _answers(doc, puzzles: list[dict], _=text("en")) -> None:
    """The answers, and for each puzzle why no other word fits: every clue with
    the words that would fit without it (from puzzle.explain, by search)."""
    from printkit.games.cryptic_words.puzzle import explain

    W, H = doc.size
    m = (PRINTER_MARGIN + 7) * MM
    bottom = m + 4 * MM

    def page(title: str, p: dict):
        doc.new_page()
        return d.header(doc, title, _("Cryptic Words decode puzzle {id}: this page holds its answer only. Under it: what each clue rules out.").format(id=p["id"]), margin=m)

    for k, p in enumerate(puzzles, 1):  # each answer on a page of its own: checking one shows no other
        y = page(_("Answer key: puzzle {n}").format(n=k), p)
        reasons = explain(p)
        c = doc.c
        c.setFillColorRGB(0, 0, 0)
        head = _("Puzzle {n}: {word}").format(n=k, word=p["solution"]["word"])
        typeset.label(c, m, y - 11, head, font=fonts.SANS_BOLD, size=11)
        typeset.label(c, m + fonts.text_width(head, fonts.SANS_BOLD, 11) + 4 * MM, y - 11, _("codes {codes}  ·  ID {id}").format(codes="  ".join(p["solution"]["codes"]), id=p["id"]), font=fonts.SANS, size=9)
        y -= 15
        for clue, others in reasons:
            if y < bottom + 10 * MM:
                y = page(_("Answer key: puzzle {n} (continued)").format(n=k), p)
            line = _("{clue} rules out {words}.").format(clue=clue, words=", ".join(others))
            y = typeset.paragraph(doc.c, "• " + line, m + 3 * MM, y, W - 2 * m - 3 * MM, size=8.5, color=(0.15, 0.15, 0.15)) - 0.5
