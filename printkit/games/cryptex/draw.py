"""Drawing the Cryptex deck and player sheet (imports the print engine)."""

from __future__ import annotations

import math

from printkit.engine import draw as d, fonts, text as typeset
from printkit.engine.cards import CardArt, draw_deck
from printkit.engine.forms import reused
from printkit.engine.units import MM
from printkit.games.cryptex.rules import final_score, JOKER, JOKER_LIMIT, model_lang
from printkit.i18n import N_, colon, for_model, number, signed, text

_EN = text("en")

FACE = "blue"
BRASS = "orange"


def _number_badge(c, art: CardArt, x: float, y: float, number: int, r: float) -> None:
    art.ink.fill(c, "white")
    art.ink.stroke(c, BRASS)
    c.setLineWidth(1.2)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    size = fonts.fit_size(str(number), fonts.SANS_BOLD, r * 1.25, r * 1.6)
    typeset.label(c, x, y - size * 0.36, str(number), font=fonts.SANS_BOLD, size=size, align="center")
    # underline: a turned 6 must not read as 9
    half = fonts.text_width(str(number), fonts.SANS_BOLD, size) / 2
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(x - half, y - size * 0.45, x + half, y - size * 0.45)


def _joker(c, cx: float, cy: float, size: float, ink) -> None:
    ink.fill(c, "yellow")
    ink.stroke(c, "black")
    c.setLineWidth(0.8)
    d.star(c, cx, cy, size * 0.62, size * 0.36, points=8, fill=True, stroke=True)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, cx, cy - size * 0.22, JOKER, font=fonts.SANS_BOLD, size=size * 0.62, align="center")


def _frame(c, art: CardArt) -> None:
    """What every front shares: the face colour, the title, the end caps and the
    five white wheels (the numbers and symbols go on top)."""
    w, h, s, ink = art.w, art.h, art.safe, art.ink
    art.paint(c, FACE)
    text_col = ink.text_on(FACE)
    c.setFillColorRGB(*((1, 1, 1) if text_col == "white" else (0, 0, 0)))
    typeset.label(c, w / 2, h - s - 8.5, "CRYPTEX", font=fonts.SANS_BOLD, size=9, align="center")
    x0, tile_w, tile_h, tops = _wheels(art)
    top, bottom, cap = tops[0] + tile_h, tops[-1], 4 * MM
    ink.fill(c, BRASS)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.8)
    c.roundRect(x0 - cap - 1 * MM, bottom - 1.5 * MM, cap, top - bottom + 3 * MM, 1.5 * MM, stroke=1, fill=1)
    c.roundRect(x0 + tile_w + 1 * MM, bottom - 1.5 * MM, cap, top - bottom + 3 * MM, 1.5 * MM, stroke=1, fill=1)
    for y in tops:
        ink.fill(c, "white")
        c.setStrokeColorRGB(0, 0, 0)
        c.roundRect(x0, y, tile_w, tile_h, 2 * MM, stroke=1, fill=1)


def _wheels(art: CardArt) -> tuple[float, float, float, list[float]]:
    """(left x, width, height, bottom y of each wheel, top first) of the five wheels."""
    w, h, s = art.w, art.h, art.safe
    r = 4.2 * MM
    top, bottom = h - s - 2 * r - 2.5 * MM, s + 2 * r + 2.5 * MM
    gap = 1.3 * MM
    tile_h = (top - bottom - 4 * gap) / 5
    tile_w = min(32 * MM, w - 2 * s - 2 * (4 * MM + 1 * MM) - 1.0)  # the end caps stay 3 mm inside the trim on small cards
    return (w - tile_w) / 2, tile_w, tile_h, [top - (k + 1) * tile_h - k * gap for k in range(5)]


def front(card: dict, frame=_frame):
    """A card's front: `frame` (the shared part: `reused(_frame, ...)` places
    it as one PDF form), then the card's numbers and symbols over it."""
    number, symbols = card["number"], card["symbols"]

    def face(c, art: CardArt) -> None:
        w, h, s, ink = art.w, art.h, art.safe, art.ink
        frame(c, art)
        r = 4.2 * MM
        _number_badge(c, art, s + r + 0.6, h - s - r - 0.6, number, r)  # the ring's outer edge 3 mm inside the trim
        c.saveState()
        c.translate(w, 0)
        c.rotate(180)
        c.translate(0, -h)
        _number_badge(c, art, s + r + 0.6, h - s - r - 0.6, number, r)  # the ring's outer edge 3 mm inside the trim
        c.restoreState()
        _, _, tile_h, tops = _wheels(art)
        for y, sym in zip(tops, symbols):
            if sym == JOKER:
                _joker(c, w / 2, y + tile_h / 2, tile_h, ink)
            else:
                size = tile_h * 0.95
                c.setFillColorRGB(0, 0, 0)
                typeset.label(c, w / 2, y + tile_h / 2 - size * 0.36, sym, font=fonts.SANS_BOLD, size=size, align="center")

    return face


def back(c, art: CardArt) -> None:
    """The shared back: the same after a half turn, so flips never show."""
    w, h, ink = art.w, art.h, art.ink
    art.paint(c, FACE)
    light = (1, 1, 1) if ink.text_on(FACE) == "white" else (0, 0, 0)
    c.setStrokeColorRGB(*light)
    c.setLineWidth(0.4)
    step = 5 * MM
    l, b, r, t = art.bleed
    for k in range(-30, 31):
        x = w / 2 + k * step
        c.line(x - h, -b - 1, x + h, h + t + 1)
        c.line(x + h, -b - 1, x - h, h + t + 1)
    c.setLineWidth(2)
    c.roundRect(art.safe, art.safe, w - 2 * art.safe, h - 2 * art.safe, 3 * MM, stroke=1, fill=0)
    cx, cy = w / 2, h / 2
    ink.fill(c, FACE)
    c.circle(cx, cy, 20 * MM, stroke=1, fill=1)
    ink.fill(c, BRASS)
    c.setLineWidth(1)
    c.setStrokeColorRGB(0, 0, 0)
    c.circle(cx, cy, 16 * MM, stroke=1, fill=1)
    for k in range(12):
        a = k * math.pi / 6
        c.line(cx + 12 * MM * math.cos(a), cy + 12 * MM * math.sin(a), cx + 16 * MM * math.cos(a), cy + 16 * MM * math.sin(a))
    ink.fill(c, "white")
    c.circle(cx, cy, 11.5 * MM, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, cx, cy - 8, "?", font=fonts.SANS_BOLD, size=22, align="center")
    for turn in (0, 180):
        c.saveState()
        c.translate(cx, cy)
        c.rotate(turn)
        c.setFillColorRGB(*light)
        typeset.label(c, 0, 25 * MM, "CRYPTEX", font=fonts.SANS_BOLD, size=13, align="center")
        c.restoreState()


def player_aids(_=_EN) -> list:
    """What fills the last deck sheet's empty slots: a scoring card for each of
    up to six players, then a round-and-jokers card."""
    from printkit.engine.aids import Aid

    scoring = Aid(_("SCORING"), (
        (_("After round 20:"), _("each started, unfinished cryptex −1 per empty box.")),
        (_("After round 40:"), _("a word nobody else made +2 per letter; a word another player made +1 per letter; not a word −2 per letter.")),
        (_("Unfinished:"), _("−3 per empty box. Untouched: 0.")),
        (_("Each unused joker:"), "+4."),
        (_("Ties:"), _("longest completed cryptex, then fewer jokers used, then fewer vowels.")),
    ), color="blue")
    a_round = Aid(_("A ROUND"), (
        (_("Turn up a card."), _("Everyone picks one of its five symbols at once.")),
        (_("Write it"), _("in the leftmost empty box of any cryptex.")),
        (_("A '?'"), _("is any letter: cross out a joker box (at most 4).")),
        (_("After 20 cards:"), _("half-game penalty, reshuffle, 20 more.")),
        (_("Alone:"), _("rate your score on the sheet's solo table.")),
    ), color="orange")
    return [scoring] * 6 + [a_round]


def render_deck(doc, model: dict) -> None:
    from printkit.engine.aids import fill_deck

    frame = reused(_frame, doc.options.bleed * MM)  # what every front shares, drawn once
    fronts = [front(card, frame) for card in model["cards"]]
    if doc.options.copies > 1:  # each front is printed again: draw it once, place it per copy
        fronts = [reused(f, doc.options.bleed * MM) for f in fronts]
    # spare slots of the last sheet (one copy only) take the player aids
    _ = for_model(model)
    fronts, backs, _slots = fill_deck(doc.options, fronts, back, player_aids(_), _("PLAYER AID"))
    draw_deck(doc, fronts, backs)


# -- the player sheet --------------------------------------------------------------------

def render_sheet(doc, model: dict) -> None:
    _ = for_model(model)
    c = doc.new_page()
    W, H = doc.size
    m = 12 * MM
    y = d.header(doc, _("CRYPTEX  ·  player sheet"), _("Name ____________________    Date __________    Players ____"))
    lengths = model["lengths"]
    row_gap = 2.2 * MM
    # everything under the cryptexes (jokers, rounds, scoring and adding-up tables) takes
    # about BELOW; the rows get what is left, so the sheet fits A4 and Letter alike
    below = 12 + 30 + 16 + 16 * MM + 8 * 5.6 * MM + 4 * MM + 5 * 6.4 * MM + 14 * MM
    fit_h = (y - 12 - below - 2 * MM) / (len(lengths) + 0.8) - row_gap
    box = min(11 * MM, (W - 2 * m - 62 * MM) / max(lengths), fit_h)
    # column heads
    c.setFillColorRGB(0, 0, 0)
    x_half = W - m - 36 * MM
    x_final = W - m - 17 * MM
    typeset.label(c, x_half + 8 * MM, y - 8, _("half-game"), font=fonts.SANS_BOLD, size=8, align="center")
    typeset.label(c, x_final + 8.5 * MM, y - 8, _("final"), font=fonts.SANS_BOLD, size=8, align="center")
    y -= 12
    for k, n in enumerate(lengths, 1):
        top = y - (k - 1) * (box + row_gap)
        by = top - box
        typeset.label_in_box(c, f"{k}", m, by, 7 * MM, box, font=fonts.SANS_BOLD, size=11)
        typeset.label_in_box(c, _("{n} letters").format(n=n), m + 7 * MM, by, 16 * MM, box, size=7, color=(0.3, 0.3, 0.3))
        d.boxes(c, m + 24 * MM, by, n, box)
        c.setLineWidth(0.6)
        c.rect(x_half, by, 16 * MM, box, stroke=1, fill=0)
        c.rect(x_final, by, 17 * MM, box, stroke=1, fill=0)
    y = y - len(lengths) * (box + row_gap)
    _column_totals(c, x_half, x_final, y, box * 0.8, _=_)
    y -= box * 0.8 + 2 * MM
    # jokers and rounds
    typeset.label(c, m, y - 10, _("Jokers"), font=fonts.SANS_BOLD, size=10)
    jb = 9 * MM
    # the caption, then the joker boxes after it (further right when a translation is longer)
    room = W - 2 * m - model["jokers"] * (jb + 3 * MM) - 3 * MM
    end = typeset.label_row(c, [(_("Cross one out each time you use a '?'. At most {n}.").format(n=model["jokers"]), fonts.SANS, 8, (0, 0, 0), None)],
                      m, y - 20, room, min_size=7)
    jx0 = max(m + 80 * MM, end + 3 * MM)
    for k in range(model["jokers"]):
        jx = jx0 + k * (jb + 3 * MM)
        c.setLineWidth(0.8)
        c.rect(jx, y - 22, jb, jb, stroke=1, fill=0)
        doc.ink.fill(c, "light")
        d.star(c, jx + jb / 2, y - 22 + jb / 2, jb * 0.35, jb * 0.2, points=8, fill=True, stroke=False)
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, jx + jb / 2, y - 22 + jb / 2 - 3.2, "?", font=fonts.SANS_BOLD, size=9, align="center")
    y -= 30
    typeset.label(c, m, y - 10, _("Rounds (tick one per card; reshuffle after {n})").format(n=model["rounds"] // 2), font=fonts.SANS_BOLD, size=10)
    rb = (W - 2 * m) / (model["rounds"] // 2)
    for half in range(2):
        for k in range(model["rounds"] // 2):
            rx, ry = m + k * rb, y - 16 - (half + 1) * 5.5 * MM
            c.setLineWidth(0.5)
            c.rect(rx, ry, rb, 5.5 * MM, stroke=1, fill=0)
            c.setFillColorRGB(0.4, 0.4, 0.4)
            typeset.label(c, rx + rb / 2, ry + 1.6 * MM, str(half * 20 + k + 1), font=fonts.SANS, size=7, align="center")
    c.setFillColorRGB(0, 0, 0)
    y -= 16 + 11 * MM + 5 * MM
    # scoring table (left) and ratings / tie-break (right)
    col_w = (W - 2 * m - 8 * MM) / 2
    rows = [
        [_("Final scoring"), _("points")],
        [_("Half-game: each started, unfinished cryptex"), _("−1 per empty box")],
        [_("Completed, not in your dictionary"), _("−2 per letter")],
        [_("Completed word nobody else made"), _("+2 per letter")],
        [_("Completed word another player made"), _("+1 per letter")],
        [_("Unfinished at the end"), _("−3 per empty box")],
        [_("Untouched cryptex"), "0"],
        [_("Each unused joker"), "+4"],
    ]
    bottom = d.table(c, m, y, [col_w * 0.64, col_w * 0.36], rows, row_h=5.6 * MM, size=8)
    score_summary(c, m, bottom - 4 * MM, col_w, model["jokers"], _=_)
    xr = m + col_w + 8 * MM
    ratings = [[_("Solo score"), _("rating")]] + [[_range(lo, hi, _), _(title)] for lo, hi, title in ((r["from"], r["to"], r["title"]) for r in model["solo_ratings"])]
    rb_y = d.table(c, xr, y, [col_w * 0.34, col_w * 0.66], ratings, row_h=5.4 * MM, size=8)
    typeset.label(c, xr, rb_y - 5 * MM, _("Ties"), font=fonts.SANS_BOLD, size=9)
    ty = rb_y - 6 * MM
    for k, line in enumerate(model["tiebreak"], 1):
        ty = typeset.paragraph(c, f"{k}. {_(line)}", xr, ty, col_w, size=7.5) - 1


SUMMARY_ROWS = (
    N_("Half-game column total (after round 20)"),
    N_("Final column total (after round 40)"),
    N_("Unused jokers:  ____  x 4"),
    N_("TOTAL"),
)


def _column_totals(c, x_half: float, x_final: float, top: float, h: float, w_half: float = 16 * MM, w_final: float = 17 * MM, _=_EN) -> None:
    """A box under each score column for its total, labelled."""
    c.setLineWidth(1.2)
    c.setStrokeColorRGB(0, 0, 0)
    c.rect(x_half, top - h, w_half, h, stroke=1, fill=0)
    c.rect(x_final, top - h, w_final, h, stroke=1, fill=0)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, x_half - 2 * MM, top - h / 2 - 3, _("column totals"), font=fonts.SANS_BOLD, size=8, align="right")


def score_summary(c, x: float, top: float, width: float, jokers: int, _=_EN) -> float:
    """The sum every Cryptex sheet ends with (player and solo alike): both column
    totals, the unused jokers at +4 each, the total."""
    rows = [[_("Adding up"), _("points")]] + [[_(label), ""] for label in SUMMARY_ROWS]
    bottom = d.table(c, x, top, [width * 0.7, width * 0.3], rows, row_h=6.4 * MM, size=8.5)
    c.setLineWidth(1.6)
    c.rect(x + width * 0.7, bottom, width * 0.3, 6.4 * MM, stroke=1, fill=0)
    return bottom


def _range(lo, hi, _=_EN) -> str:
    if lo is None:
        return _("below {n}").format(n=hi + 1)
    if hi is None:
        return _("{n} or more").format(n=lo)
    return f"{lo} - {hi}"


# -- solo challenges ---------------------------------------------------------------------

def _cryptex_rows(c, x: float, top: float, lengths, box: float, filled=None, gap: float = 1.6 * MM, columns: float | None = None) -> float:
    """The cryptexes; `columns` (an x) adds the half-game and final score boxes there."""
    for k, n in enumerate(lengths):
        by = top - (k + 1) * box - k * gap
        typeset.label_in_box(c, str(k + 1), x, by, 7 * MM, box, font=fonts.SANS_BOLD, size=10)
        d.boxes(c, x + 8 * MM, by, n, box)
        if columns is not None:
            c.setLineWidth(0.6)
            c.rect(columns, by, 14 * MM, box, stroke=1, fill=0)
            c.rect(columns + 15 * MM, by, 14 * MM, box, stroke=1, fill=0)
        if filled:
            for i, ch in enumerate(filled[k]):
                typeset.label_in_box(c, ch, x + 8 * MM + i * box, by, box, box, font=fonts.SANS_BOLD, size=box * 0.7, pad=0)
    return top - len(lengths) * (box + gap)


def render_puzzle(doc, model: dict) -> None:
    from printkit.engine.qr import draw_qr

    _ = for_model(model)
    cards = model["cards"]
    for p in model["puzzles"]:
        doc.small_print = _("cryptex solo challenge · ID {id}").format(id=p["id"])
        c = doc.new_page()
        W, H = doc.size
        m = 12 * MM
        y = d.header(doc, _("CRYPTEX  ·  solo challenge"), _("ID {id}    Par {par}: can you beat it?").format(id=p["id"], par=p["par"]))
        qr = 24 * MM
        draw_qr(c, f"printkit puzzle cryptex --id {p['id']}", W - m - qr, H - m - qr + 2 * MM, qr)
        y = min(y, H - m - qr - 1 * MM)
        y = typeset.paragraph(c, _("Play the 40 rounds in this order instead of drawing cards: take one symbol from each round's card "
                        "and write it in the leftmost empty box of a cryptex (note which one). After round 20 take the half-game "
                        "penalty; score at the end as usual, with no other players (every word is yours alone)."), m, y - 1 * MM, W - 2 * m - qr - 4 * MM, size=8.5)
        # rounds table, two columns of 20
        row_h = 5.6 * MM
        col_w = (W - 2 * m - 6 * MM) / 2
        widths = [9 * MM, 11 * MM] + [8 * MM] * 5 + [col_w - 20 * MM - 40 * MM]
        top = y - 3 * MM
        for half in range(2):
            x = m + half * (col_w + 6 * MM)
            rows = [[_("rd"), _("card"), "", "", "", "", "", _("cryptex")]]
            for r in range(20):
                rnd = half * 20 + r + 1
                num = p["order"][rnd - 1]
                rows.append([str(rnd), str(num), *cards[str(num)], ""])
            d.table(c, x, top, widths, rows, row_h=row_h, size=8.5, aligns=["center"] * 8)
        y = top - 21 * row_h - 5 * MM
        typeset.label(c, m, y, _("Your cryptexes"), font=fonts.SANS_BOLD, size=9)
        cols_x = m + 8 * MM + max(model["lengths"]) * 6.5 * MM + 3 * MM
        typeset.label(c, cols_x + 7 * MM, y, _("half-game"), font=fonts.SANS_BOLD, size=7, align="center")
        typeset.label(c, cols_x + 22 * MM, y, _("final"), font=fonts.SANS_BOLD, size=7, align="center")
        rows_bottom = _cryptex_rows(c, m, y - 2 * MM, model["lengths"], 6.5 * MM, columns=cols_x)
        _column_totals(c, cols_x, cols_x + 15 * MM, rows_bottom, 5.5 * MM, 14 * MM, 14 * MM, _=_)
        sx = cols_x + 36 * MM
        sw = W - m - sx
        typeset.label(c, sx, y, _("Score"), font=fonts.SANS_BOLD, size=9)
        sb = score_summary(c, sx, y - 2 * MM, sw, JOKER_LIMIT, _=_)
        jy = sb - 8 * MM
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, sx, jy, _("Jokers (cross one out per '?'):"), font=fonts.SANS, size=8.5)
        d.boxes(c, sx, jy - 9 * MM, 4, 6 * MM, gap=2 * MM)
        typeset.paragraph(c, _("Half-game: −1 per empty box of each started cryptex. Final: a word +2 per letter, not a word −2 per letter, unfinished −3 per empty box, untouched 0."),
                    sx, jy - 11 * MM, sw, size=7.5, color=(0.2, 0.2, 0.2))
    for p in model["puzzles"]:
        _answer_key(doc, model, p)


def _answer_key(doc, model: dict, p: dict) -> None:
    from printkit.games.cryptex.solo import _is_word

    _ = for_model(model)
    doc.small_print = _("cryptex solo challenge · answer key · ID {id}").format(id=p["id"])
    c = doc.new_page()
    W, H = doc.size
    m = 12 * MM
    y = d.header(doc, _("CRYPTEX  ·  answer key"), _("ID {id}    how a computer played it: par {par}").format(id=p["id"], par=p["par"]))
    bottom = _cryptex_rows(c, m, y - 2 * MM, model["lengths"], 7.5 * MM, filled=p["cryptexes"])
    total, lines = final_score(p["cryptexes"], model["lengths"], p["jokers_used"], [], _is_word(model_lang(model)))
    rows = [[_("cryptex"), _("points")]] + [[colon(_, str(ln.cryptex), ln.letters or "–") if ln.cryptex else _("unused jokers: +4 × {n}").format(n=ln.points // 4), signed(ln.points)] for ln in lines]
    rows += [[_("half-game penalty"), signed(p["half_penalty"])], [_("TOTAL (par)"), number(total + p["half_penalty"])]]
    d.table(c, W / 2 + 10 * MM, y - 2 * MM, [50 * MM, 22 * MM], rows, row_h=6 * MM, size=8.5)
    y = min(bottom, y - 2 * MM - len(rows) * 6 * MM) - 6 * MM
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, m, y, _("Round by round (round: letter → cryptex; * = joker)"), font=fonts.SANS_BOLD, size=9)
    cell_w = (W - 2 * m) / 5
    for k, (rnd, sym, letter, row) in enumerate(p["moves"]):
        col, line = k // 8, k % 8
        typeset.label(c, m + col * cell_w, y - 14 - line * 12, colon(_, f"{rnd:>2}", f"{letter}{'*' if sym == '?' else ''} → {row}"), font=fonts.SANS, size=9)
