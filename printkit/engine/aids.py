"""Player-aid cards: the slots a deck leaves empty on its last sheet, put to use.

A deck of 20 or 30 cards rarely fills its last sheet. Rather than print empty
slots, a game can hand `fill_deck` some aid cards (a rules reminder, a score
reference): they take the empty slots of the last sheet only, so the sheet
count stays what the deck alone needs. Aids get their own back (a plain band
with a label), so they are never shuffled into the deck by mistake.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, NamedTuple, Sequence

from printkit.engine import fonts, text as typeset
from printkit.engine.text import lines as wrap_lines
from printkit.engine.forms import reused
from printkit.engine.units import MM, PrintOptions

AID_TEXT = 7.5  # pt: read during play (the standard asks 7 at least)


class Aid(NamedTuple):
    title: str
    rows: tuple[tuple[str, str], ...]  # (bold lead, text); either may be ""
    color: str = "blue"  # an ink name for the title band


def spare_slots(opts: PrintOptions, n_cards: int) -> int:
    """How many slots the last sheet of an n-card deck leaves empty (0 for
    print-shop single cards and for several copies, where nothing is wasted or
    aids would be copied too)."""
    from printkit.engine.cards import plan_fold, plan_sheet

    if opts.layout == "single" or opts.copies != 1 or n_cards <= 0:
        return 0
    per = plan_sheet(opts).per_page if opts.layout == "sheet" else plan_fold(opts).per_page
    return (-n_cards) % per


def fill_deck(opts: PrintOptions, fronts: list, back, aids: Sequence[Aid], label: str) -> tuple[list, object, int]:
    """(fronts, backs, aids added): the deck's fronts plus aids, cycled, in the
    last sheet's empty slots; backs is the deck's own back when nothing is added,
    else a list with the aid back behind each aid."""
    w, h = (v * MM for v in opts.card_mm)
    aids = [aid for aid in aids if aid_fits(aid, w, h, opts.safe * MM)]  # small cards: only what fits
    n = spare_slots(opts, len(fronts)) if aids else 0
    if not n:
        return list(fronts), back, 0
    full = opts.bleed * MM  # as cards.py's placer draws a shared back (fold included)
    faces = {}  # one face a distinct aid; an aid shown twice or more is drawn once as a form
    for k in range(n):
        faces.setdefault(aids[k % len(aids)], []).append(k)
    drawn = {aid: reused(aid_front(aid), full) if len(ks) > 1 else aid_front(aid) for aid, ks in faces.items()}
    added = [drawn[aids[k % len(aids)]] for k in range(n)]
    # the deck's back is no longer the only back: keep it (and each aid back) one form, placed per card
    deck_back = reused(back, full, margin=0.0)
    aid_backs = {color: reused(aid_back(label, color), full, margin=0.0) for color in sorted({aids[k % len(aids)].color for k in range(n)})}
    backs = [deck_back] * len(fronts) + [aid_backs[aids[k % len(aids)].color] for k in range(n)]
    return list(fronts) + added, backs, n


@lru_cache(maxsize=64)
def _layout(aid: Aid, width: float, height: float) -> tuple[float, list[list[tuple[str, str]]]]:
    """The largest text size (>= AID_TEXT) at which the rows fit, and each row's
    lines as (font, text) pairs."""
    size = 11.0
    while True:
        lead_gap = size * 0.45
        rows = []
        total = 0.0
        for lead, text in aid.rows:
            lines: list[tuple[str, str]] = []
            if lead:
                lines += [(fonts.SANS_BOLD, ln) for ln in wrap_lines(lead, fonts.SANS_BOLD, size, width)]
            if text:
                lines += [(fonts.SANS, ln) for ln in wrap_lines(text, fonts.SANS, size, width)]
            rows.append(lines)
            total += len(lines) * size * 1.22 + lead_gap
        if total <= height or size <= AID_TEXT:
            return size, rows
        size = max(AID_TEXT, size - 0.25)


def _geometry(aid: Aid, w: float, h: float, s: float) -> tuple[float, float, float, float]:
    """(band height, text width, text top, room for the rows) on a w x h card."""
    band = max(10 * MM, h * 0.13)  # the title (up to 13 pt) keeps 3 mm clear of the trim
    top = h - band - 2.5 * MM
    return band, w - 2 * s - 1.5 * MM, top, top - s - 1 * MM


def aid_fits(aid: Aid, w: float, h: float, s: float) -> bool:
    """Whether the aid's title and rows fit a w x h card (safe zone s) at
    AID_TEXT or larger; an aid that does not is left off that card size rather
    than printed running off the card."""
    _, inner, _, room = _geometry(aid, w, h, s)
    size, rows = _layout(aid, inner, room)
    used = sum(len(lines) * size * 1.22 + size * 0.45 for lines in rows)
    title = fonts.fit_size(aid.title, fonts.SANS_BOLD, 13, w - 2 * s - 2 * MM, min_size=AID_TEXT)
    return used <= room + 0.01 and fonts.text_width(aid.title, fonts.SANS_BOLD, title) <= w - 2 * s


def aid_front(aid: Aid) -> Callable:
    def face(c, art) -> None:
        w, h, s, ink = art.w, art.h, art.safe, art.ink
        art.paint(c, "white")
        band, inner, top, room = _geometry(aid, w, h, s)
        l, b, r, t = art.bleed
        ink.fill(c, aid.color, large=True)
        c.rect(-l, h - band, w + l + r, band + t, stroke=0, fill=1)
        fg = (1, 1, 1) if ink.text_on(aid.color, large=True) == "white" else (0, 0, 0)
        size = fonts.fit_size(aid.title, fonts.SANS_BOLD, 13, w - 2 * s - 2 * MM, min_size=AID_TEXT)
        c.setFillColorRGB(*fg)
        typeset.label(c, w / 2, h - band / 2 - size * 0.35, aid.title, font=fonts.SANS_BOLD, size=size, align="center")
        size, rows = _layout(aid, inner, room)
        y = top
        c.setFillColorRGB(0, 0, 0)
        for lines in rows:
            for font, text in lines:
                y -= size * 1.22
                typeset.label(c, s + 0.75 * MM, y + size * 0.22, text, font=font, size=size)
            y -= size * 0.45

    return face


def aid_back(label: str, color: str) -> Callable:
    def face(c, art) -> None:
        w, h, ink = art.w, art.h, art.ink
        art.paint(c, color)
        fg = (1, 1, 1) if ink.text_on(color, large=True) == "white" else (0, 0, 0)
        for turn in (0, 180):  # reads the same either way up
            c.saveState()
            c.translate(w / 2, h / 2)
            c.rotate(turn)
            size = fonts.fit_size(label, fonts.SANS_BOLD, 12, w - 2 * art.safe - 6 * MM, min_size=AID_TEXT)
            c.setFillColorRGB(*fg)
            typeset.label(c, 0, -h * 0.22, label, font=fonts.SANS_BOLD, size=size, align="center")
            c.restoreState()

    return face
