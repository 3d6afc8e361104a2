"""Drawing Scryptic: the board (one page or tiled), token pools, racks, the
reference card and the score sheet. The only Scryptic module importing the engine."""

from __future__ import annotations

import contextvars as _cv
import re as _re
from functools import wraps as _wraps

from printkit.engine import draw as d, fonts, text as typeset
from printkit.engine.tiles import draw_tiled, plan_tiles
from printkit.engine.tokens import TokenGroup, draw_token_groups
from printkit.engine.units import MM, PAPERS
from printkit.games.scryptic import rules as R
from printkit.i18n import N_, colon, listed, ptext, text

from printkit.games.scryptic.model import FILLED
from printkit.lang import language

_LANG: _cv.ContextVar[str] = _cv.ContextVar("scryptic_lang", default="en")


def _(message: str) -> str:
    """`message` in the language of the page being drawn (set by `in_language`)."""
    return text(_LANG.get())(message)


def _pt(context: str, message: str) -> str:
    """`message` as it reads in `context`, in the page's language."""
    return ptext(_LANG.get())(context, message)


def pgettext(context: str, message: str) -> str:  # the name Babel extracts
    return message


_MODIFIER_HEAD = pgettext("modifier table", "for")  # whom a modifier helps: attack, defence or both (a narrow column)

#: the board's terrain presets (board.PRESETS) as the board's title names them
TERRAIN_NAMES = {
    "mix": pgettext("terrain", "mix"),
    "open": pgettext("terrain", "open"),
    "woods": pgettext("terrain", "woods"),
    "lakes": pgettext("terrain", "lakes"),
    "highlands": pgettext("terrain", "highlands"),
    "frozen": pgettext("terrain", "frozen"),
}


def in_language(render):
    """A render function whose words are in its model's language."""

    @_wraps(render)
    def wrapped(doc, model, *args, **kwargs):
        token = _LANG.set(R.model_lang(model) if isinstance(model, dict) else "en")
        try:
            return render(doc, model, *args, **kwargs)
        finally:
            _LANG.reset(token)

    return wrapped


def said(sentence: str) -> str:
    """A model's sentence in the page's language, its figures kept (model.FILLED)."""
    hit = FILLED.get(sentence)
    if hit is None:
        return _(sentence)
    message, values = hit
    return _(message).format(**{k: _(v) if isinstance(v, str) else v for k, v in values.items()})


def figures(text: str) -> str:
    """Worked figures as the page's language writes them: a decimal comma (×1,5) but in English."""
    return _re.sub(r"(\d)\.(\d)", rf"\1{language(_LANG.get()).decimal}\2", text)


#: the terrain names, the strength modifiers' reasons (rules.Strength.explain) and the roles, as printed
WORDS = (N_("plains"), N_("forest"), N_("water"), N_("mountain"), N_("ice"), N_("crossing water"), N_("attacking meaning"),
         N_("on a city"), N_("supply broken"), N_("defending meaning"), N_("sneaking meaning"), N_("fire"), N_("attack"), N_("defence"))


def working(text: str) -> str:
    """A strength's working ('7 × 1.5 (attacking meaning) = 10.5, down to 10') in the page's language."""
    text = _re.sub(r"\(mountain (\d+/\d+)\)", lambda m: f"({_('mountain')} {m.group(1)})", text)
    text = _re.sub(r"\(([a-z ]+)\)", lambda m: f"({_(m.group(1))})", text)
    text = _re.sub(r", down to (\d+)$", lambda m: _(", down to {n}").format(n=m.group(1)), text)
    return figures(text)


#: the forest example's steps (model.compute_forest) as patterns, and their messages
FOREST_STEPS = (
    (r"score (?P<sums>\S+) = (?P<score>\d+)", N_("score {sums} = {score}")),
    (r"forest (?P<cells>\d+) cells × density (?P<density>\d+) = (?P<total>\d+)", N_("forest {cells} cells × density {density} = {total}")),
    (r"(?P<power>\d+) beats (?P<density>\d+): placed, and its (?P<cells>\d+) forest cells become plains", N_("{power} beats {density}: placed, and its {cells} forest cells become plains")),
    (r"(?P<power>\d+) does not beat (?P<density>\d+): it may not be placed there", N_("{power} does not beat {density}: it may not be placed there")),
)


def forest_step(step: str) -> str:
    for pattern, message in FOREST_STEPS:
        m = _re.fullmatch(pattern, step)
        if m:
            return _(message).format(**m.groupdict())
    return working(step)

# Each terrain: a fill and a vector pattern, so it reads in grey as well as colour.
FILL = {
    R.PLAINS: "#F6F0C4",
    R.FOREST: "#8CCBA9",
    R.WATER: "#7CC2EC",
    R.MOUNTAIN: "#E3AC7F",
    R.ICE: "#EAF6FC",
}
PATTERN = {
    R.PLAINS: "#8C8A3C",
    R.FOREST: "#005A40",
    R.WATER: "#0B4F7C",
    R.MOUNTAIN: "#6B3A10",
    R.ICE: "#3A86B4",
}
METAL = {"gold": "#E69F00", "silver": "#C8CDD2", "pewter": "#8A9196"}
MARK = {"gold": "1", "silver": "2", "pewter": ""}
ONE_PAGE = ("a3", "tabloid")
GRID_LINE = 0.45


# -- terrain pictures ---------------------------------------------------------------------------

def paint_terrain(c, ink, t: str, x: float, y: float, s: float) -> None:
    """One cell of terrain, bottom left at (x, y), side s (pt)."""
    ink.fill(c, FILL[t], large=True)
    c.rect(x, y, s, s, stroke=0, fill=1)
    ink.stroke(c, PATTERN[t])
    ink.fill(c, PATTERN[t])
    c.setLineCap(1)
    c.setLineJoin(1)
    if t == R.PLAINS:
        c.setLineWidth(max(0.4, s * 0.012))
        for fx, fy in ((0.28, 0.3), (0.7, 0.62), (0.3, 0.74), (0.74, 0.2)):
            px, py = x + fx * s, y + fy * s
            c.line(px, py, px - 0.06 * s, py + 0.09 * s)
            c.line(px, py, px, py + 0.11 * s)
            c.line(px, py, px + 0.06 * s, py + 0.09 * s)
    elif t == R.FOREST:
        c.setLineWidth(max(0.4, s * 0.015))
        for fx, fy, k in ((0.3, 0.55, 0.3), (0.7, 0.55, 0.3), (0.5, 0.14, 0.3)):
            bx, by, w = x + fx * s, y + fy * s, k * s
            p = c.beginPath()
            p.moveTo(bx - w / 2, by + 0.07 * s)
            p.lineTo(bx + w / 2, by + 0.07 * s)
            p.lineTo(bx, by + 0.07 * s + w)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
            c.line(bx, by, bx, by + 0.07 * s)
    elif t == R.WATER:
        c.setLineWidth(max(0.45, s * 0.018))
        amp = 0.06 * s
        for fy in (0.25, 0.5, 0.75):
            yy = y + fy * s
            p = c.beginPath()
            x0 = x + 0.1 * s
            p.moveTo(x0, yy)
            seg = 0.2 * s
            for k in range(4):
                xa = x0 + k * seg
                sign = 1 if k % 2 == 0 else -1
                p.curveTo(xa + seg * 0.35, yy + sign * amp, xa + seg * 0.65, yy + sign * amp, xa + seg, yy)
            c.drawPath(p, stroke=1, fill=0)
    elif t == R.MOUNTAIN:
        c.setLineWidth(max(0.45, s * 0.018))
        for bx, bw, bh in ((0.36, 0.52, 0.62), (0.68, 0.4, 0.42)):
            left, right, base = x + (bx - bw / 2) * s, x + (bx + bw / 2) * s, y + 0.14 * s
            top = (x + bx * s, base + bh * s)
            ink.fill(c, "white")
            p = c.beginPath()
            p.moveTo(left, base)
            p.lineTo(*top)
            p.lineTo(right, base)
            p.close()
            c.drawPath(p, stroke=1, fill=0)
            # a snow cap: the top quarter of the peak
            k = 0.3
            cap = c.beginPath()
            cap.moveTo(top[0] - (top[0] - left) * k, top[1] - (top[1] - base) * k)
            cap.lineTo(*top)
            cap.lineTo(top[0] + (right - top[0]) * k, top[1] - (top[1] - base) * k)
            cap.close()
            c.drawPath(cap, stroke=1, fill=1)
    elif t == R.ICE:
        c.setLineWidth(max(0.35, s * 0.012))
        step = 0.25 * s
        for k in range(1, 4):
            o = k * step
            c.line(x + o, y, x, y + o)  # one way ...
            c.line(x + s - o, y + s, x + s, y + s - o)
            c.line(x + s - o, y, x + s, y + o)  # ... and the other
            c.line(x + o, y + s, x, y + s - o)
        c.line(x + s, y, x, y + s)
        c.line(x, y, x + s, y + s)


def paint_city(c, ink, owner: str, x: float, y: float, s: float) -> None:
    """A metal city tile: gold, silver or pewter, with a tower and the player's number."""
    ink.fill(c, METAL[owner], large=True)
    c.rect(x, y, s, s, stroke=0, fill=1)
    b = 0.08 * s
    c.setLineWidth(max(0.5, s * 0.025))
    c.setStrokeColorRGB(1, 1, 1)
    c.line(x + b, y + b, x + b, y + s - b)
    c.line(x + b, y + s - b, x + s - b, y + s - b)
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.line(x + s - b, y + s - b, x + s - b, y + b)
    c.line(x + s - b, y + b, x + b, y + b)
    # the tower
    tw, th = 0.46 * s, 0.42 * s
    tx, ty = x + (s - tw) / 2, y + 0.2 * s
    ink.fill(c, "ink")
    p = c.beginPath()
    p.moveTo(tx, ty)
    p.lineTo(tx, ty + th)
    merlon = tw / 5
    for k in range(5):
        up = k % 2 == 0
        xx = tx + k * merlon
        if up:
            p.lineTo(xx, ty + th + 0.1 * s)
            p.lineTo(xx + merlon, ty + th + 0.1 * s)
        p.lineTo(xx + merlon, ty + th)
    p.lineTo(tx + tw, ty)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    mark = MARK[owner]
    if mark and 0.3 * s < 7:  # too small to read: the colour says whose it is
        return
    if mark:
        size = 0.3 * s
        c.setFillColorRGB(1, 1, 1)
        typeset.label(c, x + s / 2, ty + th * 0.5 - size * 0.36, mark, font=fonts.SANS_BOLD, size=size, align="center")
    else:
        c.setFillColorRGB(1, 1, 1)
        dw = tw * 0.34
        c.rect(x + (s - dw) / 2, ty, dw, th * 0.45, stroke=0, fill=1)
        c.circle(x + s / 2, ty + th * 0.45, dw / 2, stroke=0, fill=1)


# -- the board drawing ----------------------------------------------------------------------

def _clear_of(centre: float, half: float, lo: float, hi: float, seams) -> float:
    """A label's centre moved along its cell (lo-hi) so it keeps `half` clear of
    every seam (the cut line of a tiled board), where the cell has room."""
    for s in seams:
        if abs(centre - s) < half:
            after, before = s + half, s - half
            if after + half <= hi:
                centre = after
            elif before - half >= lo:
                centre = before
    return centre


def board_drawing(model: dict, ink, paper: str | None = None, seams: tuple = ((), ())):
    """(side in mm, draw function) for the whole board with its coordinate band,
    its cells as large as `paper` allows (rules.board_cell_mm). `seams`: the
    vertical and horizontal cut lines of a tiled board (mm, drawing space); the
    coordinate labels keep clear of them."""
    n = model["size"]
    grid = model["terrain"]
    cell = R.board_cell_mm(n, paper) * MM
    edge = R.EDGE_MM * MM
    side = R.board_mm(n, paper)
    cities = {R.parse_cell(city["cell"], n): city["owner"] for city in model["cities"]}

    def draw(c) -> None:
        total = side * MM
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, total, total, stroke=0, fill=1)
        for r in range(n):
            for col in range(n):
                x, y = edge + col * cell, edge + (n - 1 - r) * cell
                owner = cities.get((r, col))
                if owner:
                    paint_city(c, ink, owner, x, y, cell)
                else:
                    paint_terrain(c, ink, grid[r][col], x, y, cell)
        c.setStrokeColorRGB(0.15, 0.15, 0.15)
        c.setLineWidth(GRID_LINE)
        c.setDash()
        for k in range(n + 1):
            c.line(edge + k * cell, edge, edge + k * cell, edge + n * cell)
            c.line(edge, edge + k * cell, edge + n * cell, edge + k * cell)
        c.setLineWidth(1.4)
        c.rect(edge, edge, n * cell, n * cell, stroke=1, fill=0)
        c.setLineWidth(0.5)
        c.rect(0.25, 0.25, total - 0.5, total - 0.5, stroke=1, fill=0)
        size = min(9.0, edge * 0.62)
        c.setFillColorRGB(0, 0, 0)
        sx = [v * MM for v in seams[0]]
        sy = [v * MM for v in seams[1]]
        for k in range(n):
            half = fonts.text_width(R.COLUMNS[k], fonts.SANS_BOLD, size) / 2 + 1.2 * MM
            cx = _clear_of(edge + (k + 0.5) * cell, half, edge + k * cell, edge + (k + 1) * cell, sx)
            typeset.label(c, cx, edge / 2 - size * 0.36, R.COLUMNS[k], font=fonts.SANS_BOLD, size=size, align="center")
            typeset.label(c, cx, total - edge / 2 - size * 0.36, R.COLUMNS[k], font=fonts.SANS_BOLD, size=size, align="center")
            lo = edge + (n - 1 - k) * cell
            cy = _clear_of(lo + 0.5 * cell, size * 0.5 + 1.2 * MM, lo, lo + cell, sy)
            typeset.label(c, edge / 2, cy - size * 0.36, str(k + 1), font=fonts.SANS_BOLD, size=size, align="center")
            typeset.label(c, total - edge / 2, cy - size * 0.36, str(k + 1), font=fonts.SANS_BOLD, size=size, align="center")
        c.restoreState()

    return side, draw


TITLE_PT = 15
SEATS = N_("Player 2 (silver) sits at the top edge, player 1 (gold) at the bottom.")


def one_page_layout(page_mm: tuple[float, float], side: float) -> dict:
    """Where things go on a one-page board (mm from the bottom left): the board
    centred across, the title at the top, a legend under the board for gold and one
    turned to face silver above it, the spare height shared out between them."""
    pw, ph = page_mm
    leg = legend_height(side) / MM
    top_margin, bottom_margin, title_h = 8.0, 11.0, 13.0
    spare = ph - top_margin - title_h - bottom_margin - side - 2 * leg
    both = spare >= 9.0  # room for silver's legend too
    if not both:
        spare += leg
    gap = max(0.0, spare / (4 if both else 3))
    gold_legend = bottom_margin + gap  # bottom of gold's legend
    board_y = gold_legend + leg + gap
    silver_legend = board_y + side + gap if both else None
    return {"origin": ((pw - side) / 2, board_y), "gold_legend": gold_legend, "silver_legend": silver_legend, "legend_h": leg, "title_y": ph - top_margin - 9.0}


def one_page_origin(page_mm: tuple[float, float], side: float) -> tuple[float, float]:
    """Bottom left (mm) of the board on a one-page print."""
    return one_page_layout(page_mm, side)["origin"]


@in_language
def render_board(doc, model: dict) -> None:
    paper = doc.options.paper
    n = model["size"]
    p = model.get("params", {})
    terrain = p.get("terrain", "mix")
    title = _("Scryptic board no. {seed} · {n}x{n} · {terrain}").format(n=n, seed=p.get("seed", "?"), terrain=_pt("terrain", TERRAIN_NAMES.get(terrain, terrain)))
    side = R.board_mm(n, paper)
    plan = None if paper in ONE_PAGE else plan_tiles(side, side, PAPERS[paper], hug_seams=True)
    seams = ((), ()) if plan is None else (sorted({t.cut_x for t in plan.tiles if t.cut_x is not None}), sorted({t.cut_y for t in plan.tiles if t.cut_y is not None}))
    side, draw = board_drawing(model, doc.ink, paper, seams)
    if plan is None or plan.pages == 1:
        # A3/Tabloid, or a small board that fits one A4/Letter page: one page with
        # the seats and a legend for each player (a one-tile "row 1 / col 1" page would have neither)
        c = doc.new_page()
        pw, ph = PAPERS[paper]
        lay = one_page_layout((pw, ph), side)
        ox, oy = lay["origin"]
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, ox * MM, lay["title_y"] * MM, title, font=fonts.SANS_BOLD, size=TITLE_PT)
        room = side * MM - fonts.text_width(title, fonts.SANS_BOLD, TITLE_PT) - 6 * MM
        seats = _(SEATS)
        if fonts.text_width(seats, fonts.SANS, 8.5) <= room:
            typeset.label(c, (ox + side) * MM, lay["title_y"] * MM, seats, font=fonts.SANS, size=8.5, align="right")
        else:  # a narrow board: the seats go under the title
            typeset.label(c, ox * MM, (lay["title_y"] - 5) * MM, seats, font=fonts.SANS, size=8.5)
        c.saveState()
        c.translate(ox * MM, oy * MM)
        draw(c)
        c.restoreState()
        top = (lay["gold_legend"] + lay["legend_h"]) * MM
        legend(c, doc.ink, ox * MM, top, side * MM)
        if lay["silver_legend"] is not None:  # turned to face the player at the top edge
            c.saveState()
            c.translate((ox + side) * MM, lay["silver_legend"] * MM)
            c.rotate(180)
            legend(c, doc.ink, 0, 0, side * MM)
            c.restoreState()
    else:
        draw_tiled(doc, plan, draw, title=title, side_art=lambda c, x, y, w, h: legend_column(c, doc.ink, x, y, w, h))


CITY = N_("city")  # the terrain table's last row

LEGEND = [
    (R.PLAINS, N_("plains"), N_("open ground")),
    (R.FOREST, N_("forest"), N_("density 2 a cell")),
    (R.WATER, N_("water"), N_("cross it, ends on land; attack ×0.6")),
    (R.MOUNTAIN, N_("mountain"), "×(2M+O)/(M+O)"),
    (R.ICE, N_("ice"), N_("bears 1-dot letters only")),
    ("gold", N_("gold city"), N_("player 1 starts here")),
    ("silver", N_("silver city"), N_("player 2 starts here")),
    ("pewter", N_("pewter city"), N_("nobody's yet; capture +40")),
]
assert R.FOREST_DENSITY == 2 and R.CAPTURE_BONUS == 40  # as the legend's notes say
LEGEND_NAME_PT = 9.0
LEGEND_NOTE_PT = 7.5
LEGEND_SWATCH = 11 * MM
LEGEND_ROW = LEGEND_SWATCH + 4 * MM


def legend_height(width_mm: float) -> float:
    """Height (pt) of `legend` for a board `width_mm` wide: two rows of four."""
    return 2 * LEGEND_ROW


def _legend_entry(c, ink, key: str, name: str, note: str, x: float, y: float, room: float) -> None:
    """One swatch with its name and note; (x, y) is the swatch's bottom left."""
    sw = LEGEND_SWATCH
    if key in METAL:
        paint_city(c, ink, key, x, y, sw)
    else:
        paint_terrain(c, ink, key, x, y, sw)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.5)
    c.rect(x, y, sw, sw, stroke=1, fill=0)
    c.setFillColorRGB(0, 0, 0)
    tx = x + sw + 2 * MM
    typeset.label(c, tx, y + sw - LEGEND_NAME_PT, _(name), font=fonts.SANS_BOLD, size=LEGEND_NAME_PT)
    for j, line in enumerate(typeset.lines(figures(_(note)), fonts.SANS, LEGEND_NOTE_PT, room)[:2]):
        typeset.label(c, tx, y + sw - LEGEND_NAME_PT - 2 - (j + 1) * LEGEND_NOTE_PT * 1.15, line, font=fonts.SANS, size=LEGEND_NOTE_PT)


def legend(c, ink, x: float, top: float, width: float) -> float:
    """The key: every terrain and city as drawn on the board, in a 4 x 2 grid
    from `top` down; returns the y under it."""
    cols = 4
    col_w = width / cols
    for k, (key, name, note) in enumerate(LEGEND):
        cx = x + (k % cols) * col_w
        cy = top - (k // cols) * LEGEND_ROW - LEGEND_SWATCH
        _legend_entry(c, ink, key, name, note, cx, cy, col_w - LEGEND_SWATCH - 4 * MM)
    return top - 2 * LEGEND_ROW


def legend_column(c, ink, x: float, y: float, w: float, h: float) -> None:
    """The key as one column (the free band beside a tiled board's window), with
    the seats, centred in the band's height."""
    size = 8.0
    seats = typeset.lines(_(SEATS), fonts.SANS, size, w)
    need = 14 + len(seats) * size * 1.2 + 4 * MM + len(LEGEND) * LEGEND_ROW
    top = y + h - max(0.0, (h - need) / 2)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, x, top - 10.5, _("Legend"), font=fonts.SANS_BOLD, size=10.5)
    ty = top - 14 - size
    for line in seats:
        typeset.label(c, x, ty, line, font=fonts.SANS, size=size)
        ty -= size * 1.2
    ty -= 4 * MM
    for key, name, note in LEGEND:
        _legend_entry(c, ink, key, name, note, x, ty - LEGEND_SWATCH, w - LEGEND_SWATCH - 2 * MM)
        ty -= LEGEND_ROW


# -- tokens and racks ---------------------------------------------------------------------------

POOL_COLOR = {"gold": "#E6B33C", "silver": "#CDD3D8"}


def _pool_symbol(c, ink, pool: str, cx: float, cy: float, r: float) -> None:
    c.setFillColorRGB(0, 0, 0)
    if pool == "gold":
        d.star(c, cx, cy, r, r * 0.45, points=5, fill=True)
    else:
        p = c.beginPath()
        p.moveTo(cx, cy + r)
        p.lineTo(cx + r * 0.75, cy)
        p.lineTo(cx, cy - r)
        p.lineTo(cx - r * 0.75, cy)
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def value_dots(c, cx: float, cy: float, value: int, r: float, pitch: float = 2.6) -> None:
    """`value` dots of radius r centred on (cx, cy), `pitch` radii apart."""
    gap = r * pitch
    x0 = cx - (value - 1) * gap / 2
    for k in range(value):
        c.circle(x0 + k * gap, cy, r, stroke=0, fill=1)


def token_face(letter: str, value: int, pool: str):
    def face(c, art) -> None:
        w, h, ink = art.w, art.h, art.ink
        ink.fill(c, POOL_COLOR[pool], large=True)
        c.rect(0, 0, w, h, stroke=0, fill=1)
        if pool == "gold":  # bold stripes round the disc: gold tells from silver at arm's length, in grey or colour
            _stripes(c, w, h)
            ink.fill(c, POOL_COLOR[pool], large=True)
            c.circle(w / 2, h / 2, w * 0.44, stroke=0, fill=1)
        c.setStrokeColorRGB(0.25, 0.25, 0.25)
        c.setLineWidth(0.5)
        c.circle(w / 2, h / 2, w * 0.44, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        size = h * 0.44
        typeset.label(c, w / 2, h * 0.57 - size * 0.36, letter, font=fonts.SANS_BOLD, size=size, align="center")
        value_dots(c, w / 2, h * 0.2, value, w * 0.04, pitch=3.4)  # apart enough not to blur into a bar
        if pool == "gold":  # the star on a disc of its own colour, clear of the stripes
            ink.fill(c, POOL_COLOR[pool], large=True)
            c.circle(w * 0.115, h * 0.885, w * 0.085, stroke=0, fill=1)
        _pool_symbol(c, ink, pool, w * 0.115, h * 0.885, w * 0.07)  # in the corner, clear of the ring

    return face


def _stripes(c, w: float, h: float) -> None:
    """Black diagonal stripes over the face but a plain border (so the black cut
    line between two tokens stays visible); the disc is painted over them."""
    c.saveState()
    inset = 0.9 * MM
    p = c.beginPath()
    p.rect(inset, inset, w - 2 * inset, h - 2 * inset)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(w * 0.05)
    step = w * 0.14
    k = -h
    while k < w:
        c.line(k, 0, k + h, h)
        k += step
    c.restoreState()


@in_language
def render_tokens(doc, model: dict) -> None:
    """Both pools on one page (they fill it at the default size), then the racks,
    on the same page when there is room."""
    side = model["token_mm"]
    groups = []
    for pool in model["pools"]:
        owner = pool["owner"]
        faces = [token_face(e["letter"], e["value"], owner) for e in pool["letters"] for _n in range(e["count"])]
        title = _("Gold pool (striped corners, star mark) · player {n} · cut on the black lines") if owner == "gold" else _("Silver pool (plain corners, diamond mark) · player {n} · cut on the black lines")
        groups.append(TokenGroup(title.format(n=pool["player"]), faces, (side, side)))
    y = draw_token_groups(doc, groups, page_title=_("Scryptic letter tokens · both pools"))
    render_racks(doc, model, top=y)


@in_language
def render_racks(doc, model: dict, top: float | None = None) -> None:
    """The two racks: under the tokens when they fit there, else on a page of their own."""
    W, H = doc.size
    m = 12 * MM
    slot = (model["token_mm"] + 2.5) * MM
    card_h = max(2 * slot + 30 * MM, 56 * MM)  # room for the three rows of letter values
    need = 2 * card_h + 8 * MM + 22
    if top is not None and top - need >= 16 * MM:
        c = doc.c
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, m, top - 14, _("Scryptic racks"), font=fonts.SANS_BOLD, size=14)
        typeset.label(c, m + 40 * MM, top - 13, _("One per player: cut along the solid line. Your rack stays hidden from your opponent."), font=fonts.SANS, size=9)
        y = top - 18
    else:
        c = doc.new_page()
        y = d.header(doc, _("Scryptic racks"), _("One per player: cut out along the solid line. Keep your letters out of your opponent's sight."))
    for k, pool in enumerate(model["pools"]):
        top = y - 4 * MM - k * (card_h + 8 * MM)
        bottom = top - card_h
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.8)
        c.rect(m, bottom, W - 2 * m, card_h, stroke=1, fill=0)
        doc.ink.fill(c, POOL_COLOR[pool["owner"]], large=True)
        c.rect(m, top - 11 * MM, W - 2 * m, 11 * MM, stroke=0, fill=1)
        c.setLineWidth(0.8)
        c.line(m, top - 11 * MM, W - m, top - 11 * MM)
        _pool_symbol(c, doc.ink, pool["owner"], m + 6 * MM, top - 5.5 * MM, 3 * MM)
        c.setFillColorRGB(0, 0, 0)
        rack = _("Player {n} · gold rack") if pool["owner"] == "gold" else _("Player {n} · silver rack") if pool["owner"] == "silver" else f"Player {{n}} · {pool['owner']} rack"
        typeset.label(c, m + 11 * MM, top - 7.5 * MM, rack.format(n=pool["player"]), font=fonts.SANS_BOLD, size=13)
        typeset.label(c, W - m - 4 * MM, top - 7.2 * MM, _("start with {start} · draw {draw} a turn · limit {limit}").format(start=model["rack_start"], draw=model["draw_per_turn"], limit=model["rack_limit"]), font=fonts.SANS, size=8.5, align="right")
        # the slots
        sx, sy = m + 5 * MM, top - 15 * MM
        per_row = (model["rack_limit"] + 1) // 2
        for i in range(model["rack_limit"]):
            x = sx + (i % per_row) * (slot + 1.5 * MM)
            yy = sy - (i // per_row + 1) * (slot + 2 * MM)
            c.setLineWidth(0.6)
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            c.setDash(2, 1.5) if i >= model["rack_start"] else c.setDash()
            c.roundRect(x, yy, slot, slot, 1.5 * MM, stroke=1, fill=0)
            c.setDash()
            c.setFillColorRGB(0.45, 0.45, 0.45)
            typeset.label(c, x + 1.2 * MM, yy + 1.2 * MM, str(i + 1), font=fonts.SANS, size=7)
        # letter values beside the slots
        vx = sx + per_row * (slot + 1.5 * MM) + 6 * MM
        vy = sy - 4 * MM
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, vx, vy, _("Letter values"), font=fonts.SANS_BOLD, size=9)
        values = {e["letter"]: e["value"] for e in pool["letters"]}  # the pool's own letters (a language's set)
        for v in (1, 2, 3):
            letters = " ".join(ch for ch in (sorted(values) if len(values) == 26 else values) if values[ch] == v)
            ly = vy - v * 9 * MM
            value_dots(c, vx + 5 * MM, ly + 1.2 * MM, v, 1.1 * MM)
            room = W - m - 4 * MM - (vx + 12 * MM)
            lines = typeset.lines(letters, fonts.SANS_BOLD, 10, room)
            for j, line in enumerate(lines):
                typeset.label(c, vx + 12 * MM, ly - j * 4.2 * MM, line, font=fonts.SANS_BOLD, size=10)
        c.setFillColorRGB(0.3, 0.3, 0.3)
        typeset.label(c, m + 5 * MM, bottom + 4 * MM, _("Dashed slots: beyond the {start} starting letters. Over {limit}: discard down at once.").format(start=model["rack_start"], limit=model["rack_limit"]), font=fonts.SANS, size=7.5)


# -- reference card ----------------------------------------------------------------------------

BODY = 8.0  # pt: the reference card's running text (nothing on it under 7.5)
SMALLEST = 7.5
PAGE1_BODY = 8.4  # page 1 has the room on A4
PAGE1_BODY_SHORT = 7.9
TABLE = 7.8


def _block(c, title: str, items: list[str], x: float, top: float, width: float, *, numbered: bool = False, size: float = BODY) -> float:
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, x, top - 10, _(title), font=fonts.SANS_BOLD, size=10.5)
    y = top - 14
    lead_font = fonts.SANS_BOLD if numbered else fonts.SANS
    for k, item in enumerate(items, 1):
        lead = f"{k}." if numbered else "•"
        typeset.label(c, x, y - size, lead, font=lead_font, size=size)
        y = typeset.paragraph(c, said(item), x + 4.5 * MM, y, width - 4.5 * MM, size=size) - 1.4
    return y


def _block_height(items: list[str], width: float, size: float) -> float:
    """The height `_block` takes for these items (its title and each paragraph)."""
    lead = size * 1.3  # d.paragraph's leading
    return 14 + sum(size + (len(typeset.lines(said(item), fonts.SANS, size, width - 4.5 * MM)) - 1) * lead + size * 0.3 + 2 + 1.4 for item in items)


def _mod_widths(rows: list[list[str]], col_w: float) -> list[float]:
    """The modifier table's columns: "for" and the factor as wide as their longest
    entry needs at TABLE (German "Verteidigung", Dutch "verdediging" were shrunk
    under the card's 7.5 pt into English's 17%), the row's name the rest."""
    pad = 2 * 1.5 * MM + 0.5 * MM  # label_in_box's padding both sides, and a hair

    def need(k: int) -> float:
        return max(fonts.text_width(row[k], fonts.SANS_BOLD if n == 0 else fonts.SANS, TABLE) for n, row in enumerate(rows)) + pad

    when = max(col_w * 0.17, need(1))
    factor = need(2)
    return [col_w - when - factor, when, factor]


def _terrain_table(c, doc, model: dict, m: float, y: float, W: float, size: float) -> float:
    pic = 10 * MM
    widths = [pic + 2 * MM, 19 * MM]
    rest = W - 2 * m - sum(widths)
    widths += [rest * 0.56, rest * 0.44]
    xs = [m]
    for w_ in widths[:-1]:
        xs.append(xs[-1] + w_)
    lead = size * 1.22
    c.setFillColorRGB(0.88, 0.88, 0.88)
    c.rect(m, y - 6 * MM, sum(widths), 6 * MM, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    for k, head in enumerate(["", _("terrain"), _("placing words"), _("in combat")]):
        typeset.label(c, xs[k] + 1.5 * MM, y - 4.2 * MM, head, font=fonts.SANS_BOLD, size=8.5)
    rows = [(r["code"], r["name"], r["placing"], r["combat"]) for r in model["terrain"]]
    rows.append(("city", "city", model["city"]["placing"], model["city"]["combat"]))
    top = y - 6 * MM
    lines_y = [y, top]
    for code, name, placing, combat in rows:
        wrapped = [typeset.lines(said(words), fonts.SANS, size, widths[col] - 3 * MM) for col, words in ((2, placing), (3, combat))]
        row_h = max(pic + 2 * MM, max(len(w_) for w_ in wrapped) * lead + 2.5 * MM)
        ry = top - row_h
        px, py = xs[0] + 1 * MM, ry + (row_h - pic) / 2
        if code == "city":
            half = pic / 2
            paint_city(c, doc.ink, "gold", px, py + half, half)
            paint_city(c, doc.ink, "silver", px + half, py + half, half)
            paint_city(c, doc.ink, "pewter", px + half / 2, py, half)
        else:
            paint_terrain(c, doc.ink, code, px, py, pic)
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(0.5)
            c.rect(px, py, pic, pic, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, xs[1] + 1.5 * MM, ry + row_h / 2 - 3, _(name), font=fonts.SANS_BOLD, size=9)
        for col, lines in zip((2, 3), wrapped):
            ty = ry + row_h / 2 + (len(lines) - 1) * lead / 2 - size * 0.35
            for line in lines:
                typeset.label(c, xs[col] + 1.5 * MM, ty, line, font=fonts.SANS, size=size)
                ty -= lead
        top = ry
        lines_y.append(top)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    for yy in lines_y:
        c.line(m, yy, m + sum(widths), yy)
    for xx in xs + [m + sum(widths)]:
        c.line(xx, y, xx, top)
    return top


REFERENCE_WIDTH = 210 * MM  # A4's width: the reference is laid out for it, and enlarged on A3/Tabloid


def _reference_page(doc):
    """A new reference page. On A3/Tabloid the A4-width layout is drawn enlarged
    to the sheet's width (type and tables 1.33-1.41 times larger) rather than
    filling only the top half of the sheet at A4 size."""
    c = doc.new_page()
    if doc.options.paper in ONE_PAGE:
        doc.draw_as(REFERENCE_WIDTH)
    return c


@in_language
def render_reference(doc, model: dict) -> None:
    # page 1: terrain, strength, the turn, combat and what combat leaves behind
    c = _reference_page(doc)
    W, H = doc.size
    m = 11 * MM
    y = d.header(doc, _("Scryptic · reference (1 of 2)"), _("Terrain, strength, a turn, combat. Multipliers combine; round down once, at the end."), margin=m)
    big = PAGE1_BODY if H >= 290 * MM else PAGE1_BODY_SHORT  # Letter is 18 mm shorter than A4
    y = _terrain_table(c, doc, model, m, y, W, big) - 5 * MM
    gap = 6 * MM
    col_w = (W - 2 * m - gap) / 2
    left, right = m, m + col_w + gap
    # TRANSLATORS: the heads of the reference card's modifier table: what a row multiplies, whom it helps (attack, defence, both), the factor
    mods = [[_("Strength: letter values × factor"), _pt("modifier table", "for"), ""]] + [[_(r["what"]), _(r["when"]), figures(r["factor"])] for r in model["modifiers"]]
    ly = d.table(c, left, y, _mod_widths(mods, col_w), mods, row_h=5.6 * MM, size=TABLE, aligns=["left", "center", "center"])
    ly -= 3 * MM
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, left, ly - 10, _("Letter values (dots on the tokens)"), font=fonts.SANS_BOLD, size=10.5)
    ly -= 15
    for v in ("1", "2", "3"):
        c.setFillColorRGB(0, 0, 0)
        value_dots(c, left + 4 * MM, ly - 3, int(v), 1 * MM)
        typeset.label(c, left + 10 * MM, ly - 6, " ".join(model["values"][v]), font=fonts.SANS_BOLD, size=9)
        ly -= 4.8 * MM
    # the blocks as large as fits above the margin: a longer translation gets smaller (English fits at `big`)
    def fits(size: float, end_right: bool) -> bool:
        left_h = sum(_block_height(items, col_w, size) for items in (model["setup"], model["after"])) + 1 * MM + 2 * MM
        right_h = sum(_block_height(items, col_w, size) for items in (model["turn"], model["combat"])) + 2 * MM
        end_h = _block_height(model["end"], col_w, size) + 2 * MM
        return ly - left_h - (0 if end_right else end_h) >= m and y - right_h - (end_h if end_right else 0) >= m

    for size in (big, 8.2, 8.0, 7.8, 7.6, 7.5):
        if fits(size, False) or fits(size, True):
            break
    end_right = not fits(size, False)  # "The end" under Combat when a translation's left column runs long
    big = min(big, size)
    ly = _block(c, N_("Set up"), model["setup"], left, ly - 1 * MM, col_w, size=big)
    ly = _block(c, N_("After combat"), model["after"], left, ly - 2 * MM, col_w, size=big)
    if not end_right:
        _block(c, N_("The end"), model["end"], left, ly - 2 * MM, col_w, size=big)
    ry = _block(c, N_("A turn"), model["turn"], right, y, col_w, numbered=True, size=big)
    ry = _block(c, N_("Combat"), model["combat"], right, ry - 2 * MM, col_w, size=big)
    if end_right:
        _block(c, N_("The end"), model["end"], right, ry - 2 * MM, col_w, size=big)

    # page 2: words, meanings, scoring, the end, the worked examples
    c = _reference_page(doc)
    y = d.header(doc, _("Scryptic · reference (2 of 2)"), _("Which words count, the meaning bonuses, scoring and the end, and worked examples computed by the rules."), margin=m)
    full = W - 2 * m
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, m, y - 10, _("Which words count"), font=fonts.SANS_BOLD, size=10.5)
    y = typeset.paragraph(c, said(model["dictionary"]), m, y - 14, full, size=BODY) - 2 * MM
    typeset.label(c, m, y - 10, _("Meaning bonuses: both players agree, else no bonus"), font=fonts.SANS_BOLD, size=10.5)
    y = typeset.paragraph(c, said(model["meaning_rule"]), m, y - 14, full, size=BODY) - 1.5 * MM
    for entry in model["meanings"]:
        typeset.label(c, m, y - 8.5, figures(_(entry["title"])), font=fonts.SANS_BOLD, size=8.5)
        y = typeset.paragraph(c, " ".join(entry["words"]), m + 3 * MM, y - 11, full - 3 * MM, size=SMALLEST, leading=SMALLEST * 1.22) - 1.2 * MM
    y -= 1.5 * MM
    gap = 6 * MM
    col_w = (full - gap) / 2
    left, right = m, m + col_w + gap
    ly = _block(c, N_("Scoring (the score sheet's columns)"), model["scoring"], left, y, col_w)
    ee = model["extension_example"]
    lang = R.model_lang(model)
    extension = _(
        "{old} ({old_score}) is on the board; you add S to make {new} ({new_score}): extended +{points}, the S alone, "
        "not +{new_score}. If the same S also makes {cross} downwards, {cross} is a new word: words +{cross_points}."
    ).format(old=ee["old"], old_score=R.word_score(ee["old"], lang), new=ee["new"], new_score=R.word_score(ee["new"], lang), points=ee["points"],
             cross=ee["cross"], cross_points=ee["cross_points"])
    ry = _block(c, N_("Extending a word: an example"), [extension], right, y, col_w)
    y = min(ly, ry) - 3 * MM

    c.setLineWidth(0.8)
    c.line(m, y, W - m, y)
    typeset.label(c, m, y - 12, _("Worked examples"), font=fonts.SANS_BOLD, size=10.5)
    y -= 15

    def line(text: str, x: float = m, width: float = full, font: str = fonts.SANS) -> None:
        nonlocal y
        y = typeset.paragraph(c, text, x, y, width, font=font, size=BODY, leading=BODY * 1.22) - 0.5 * MM

    for ex in model["examples"]:
        role = "attack" if ex["role"] == "attack" else "defence"
        line(colon(_, f"{ex['word']} {_(ex['note'])}", f"{working(ex['working'])}  ({_(role)} {ex['strength']})"))
    fx = model["forest_example"]
    line(_("{word}, a fire word, into {n} forest cells: {steps}.").format(word=fx["word"], n=fx["terrain"].count(R.FOREST), steps=listed(_, (forest_step(s) for s in fx["steps"]))))
    ce = model["combat_example"]
    bouts = ce["bouts"]
    y -= 1 * MM
    line(_("Combat: {attacker} (score {score}, attacking meaning: {strength}) touches {defenders} ({city} on a city); the defender orders them {defenders}:").format(
        attacker=ce["attacker"], score=R.word_score(ce["attacker"], lang), strength=bouts[0]["attacker_before"], defenders=", ".join(ce["defenders"]), city=", ".join(ce["city"])), font=fonts.SANS_BOLD)
    for k, b in enumerate(bouts):
        gone = ce["removed"][k] if k < len(ce["removed"]) else []
        if b["attacker_wins"]:
            lost = _("it loses {letters}").format(letters=", ".join(gone)) if gone else _("it loses no letter (other words still use them all)")
            text = _("{k}. {before} beats {defender} ({strength}): {before} − {score} = {after} left; {lost}.").format(
                k=k + 1, before=b["attacker_before"], defender=b["defender"], strength=b["defender_strength"], score=b["defender_score"], after=b["attacker_after"], lost=lost)
        else:
            text = _("{k}. {before} does not beat {defender} ({strength}): {attacker} is removed.").format(
                k=k + 1, before=b["attacker_before"], defender=b["defender"], strength=b["defender_strength"], attacker=ce["attacker"])
        line(text, m + 4 * MM, full - 4 * MM)
    removed = ", ".join(ce["removed_letters"])
    line(
        _("Score sheet: the attacker writes words +{words} ({attacker} placed), removed +{removed} ({letters}) and lost −{lost} ({attacker}), net +{net}; "
          "the defender writes lost −{defender_lost} ({beaten}).").format(
            words=ce["attacker_words"], attacker=ce["attacker"], removed=ce["attacker_removed"], letters=removed, lost=ce["attacker_lost"], net=ce["attacker_net"],
            defender_lost=ce["defender_lost"], beaten=", ".join(b["defender"] for b in bouts if b["attacker_wins"])),
        m + 4 * MM, full - 4 * MM,
    )


# -- score sheet -------------------------------------------------------------------------------

SHEET_TEXT = 7.5  # pt: the sheet's smallest print
SHEET_ROW = 6.0 * MM
SHEET_ROW_MIN = 4.5 * MM  # the lowest row a turn's figures are written in (one-page A3/Tabloid sheets)


def _sheet_columns(model: dict, per: float) -> list[float]:
    """Column widths for one player: each wide enough for its heading at SHEET_TEXT
    with 3 mm to spare (the cell's padding), the rest to the total; where that
    leaves the total less than its own, the spare is shared out evenly instead
    (Spanish on A4: "perdidas −" took the total under 7 pt)."""
    heads = [fonts.text_width(_(h), fonts.SANS_BOLD, SHEET_TEXT) for h in model["columns"]]
    spare = min(3 * MM, (per - sum(heads)) / len(heads))
    need = [w + spare for w in heads]
    rest = per - sum(need[:-1])
    return need[:-1] + [rest]


def _score_rows(doc, model: dict, y: float, first: int, last: int, m: float, *, carried: bool, row_h: float = SHEET_ROW) -> float:
    """Player bands and one row per turn first..last; returns the bottom y."""
    c = doc.c
    W, _h = doc.size
    turn_w = 10 * MM
    per = (W - 2 * m - turn_w) / 2
    sub = _sheet_columns(model, per)
    band = 7 * MM
    for k, player in enumerate(model["players"]):
        x0 = m + turn_w + k * per
        doc.ink.fill(c, POOL_COLOR[player["pool"]], large=True)
        c.rect(x0, y - band, per, band, stroke=0, fill=1)
        _pool_symbol(c, doc.ink, player["pool"], x0 + 4 * MM, y - band / 2, 2.2 * MM)
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, x0 + per / 2, y - band / 2 - 3.5, _(player["label"]), font=fonts.SANS_BOLD, size=10, align="center")
    y -= band
    widths = [turn_w] + sub + sub
    cols = [_(h) for h in model["columns"]]
    body = []
    if carried:
        body.append([_("b/f")] + [""] * (len(cols) - 1) + [""] + [""] * (len(cols) - 1) + [""])
    body += [[str(t)] + [""] * (2 * len(cols)) for t in range(first, last + 1)]
    bottom = d.table(c, m, y, widths, [[_("turn")] + cols + cols] + body, row_h=row_h, size=SHEET_TEXT, aligns=["center"] * len(widths))
    if carried:  # grey out what is not written on the brought-forward row
        c.setFillColorRGB(0.85, 0.85, 0.85)
        for k in range(2):
            x0 = m + turn_w + k * per
            c.rect(x0 + 0.3, y - 2 * row_h + 0.3, sum(sub[:-1]) - 0.6, row_h - 0.6, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
    pool = model.get("pool_turns")
    if pool and first <= pool <= last:  # mark the turn the pools run dry
        row = pool - first + (2 if carried else 1)
        yy = y - (row + 1) * row_h
        c.setLineWidth(1.6)
        c.line(m, yy, W - m, yy)
    c.setLineWidth(1.4)
    for x in (m + turn_w, m + turn_w + per, m + turn_w + 2 * per):
        c.line(x, y + band, x, bottom)
    for k in range(2):
        x = m + turn_w + k * per + sum(sub[:-1])
        c.setLineWidth(1.0)
        c.line(x, y, x, bottom)
    return bottom


def _notes_height(model: dict, W: float, m: float) -> float:
    """Height (pt) of page 1's scoring notes under the rows (as drawn below)."""
    half = (W - 2 * m - 6 * MM) / 2
    lead = SHEET_TEXT * 1.3  # d.paragraph's leading
    notes = model["notes"]
    split = (len(notes) + 1) // 2

    def column(items) -> float:
        return sum(len(typeset.lines(said(n), fonts.SANS, SHEET_TEXT, half)) * lead + 1.2 for n in items)

    tail = 2 * lead  # the line about the thick rule and overleaf (at most two lines)
    return 4 * MM + 14 + max(column(notes[:split]), column(notes[split:])) + 1 + tail


@in_language
def render_sheet(doc, model: dict) -> None:
    W, H = doc.size
    m = 11 * MM
    turns = model["turns"]
    pool = model.get("pool_turns")
    notes_h = 36 * MM  # page 1's scoring notes
    end_h = 46 * MM  # the last page's captures and winner
    row = SHEET_ROW
    one_page = False
    first = 1
    page = 0
    while first <= turns or page == 0:
        page += 1
        c = doc.new_page()
        if page == 1:
            y = d.header(doc, _("Scryptic · score sheet"), _("Gold ____________________   Silver ____________________   Date __________   Board no. ______"), margin=m)
            if doc.options.paper in ONE_PAGE:
                # A3/Tabloid: every turn, the notes, the captures and the winner on one sheet,
                # the rows a little lower if need be (not under SHEET_ROW_MIN): no near-empty page 2
                notes_h = _notes_height(model, W, m)
                fit_row = (y - 7 * MM - m - notes_h - end_h) / (turns + 1)
                if fit_row >= SHEET_ROW_MIN:
                    row, one_page = min(SHEET_ROW, fit_row), True
        else:
            y = d.header(doc, _("Scryptic · score sheet (continued, page {n})").format(n=page), _("Copy each total into the b/f (brought forward) row, then go on as before."), margin=m)
        header_rows = 1 + (page > 1)
        room = y - 7 * MM - m - (notes_h if page == 1 else 0)
        fit = int(room // row) - header_rows
        last = turns if one_page else min(turns, first + fit - 1)
        if not one_page and (last == turns and page > 1 or (last == turns and room - (header_rows + last - first + 1) * row >= end_h)):
            # the final page: leave room for the captures and the winner
            while (header_rows + last - first + 1) * row > room - end_h and last > first:
                last -= 1
        bottom = _score_rows(doc, model, y, first, last, m, carried=page > 1, row_h=row)
        y = bottom - 4 * MM
        if page == 1:
            c.setFillColorRGB(0, 0, 0)
            typeset.label(c, m, y - 10, _("Each turn, write in your half of the row"), font=fonts.SANS_BOLD, size=10)
            ny = y - 14
            half = (W - 2 * m - 6 * MM) / 2
            notes = model["notes"]
            split = (len(notes) + 1) // 2
            ly = ry = ny
            for note in notes[:split]:
                ly = typeset.paragraph(c, said(note), m, ly, half, size=SHEET_TEXT) - 1.2
            for note in notes[split:]:
                ry = typeset.paragraph(c, said(note), m + half + 6 * MM, ry, half, size=SHEET_TEXT) - 1.2
            more = "" if one_page else _(" More turns: page 2.")
            tail = _("The thick line after turn {n}: the pools are empty (7 to start, 3 a turn from your second turn).").format(n=pool) + more if pool else more.strip()
            y = typeset.paragraph(c, tail, m, min(ly, ry) - 1, W - 2 * m, size=SHEET_TEXT) if tail else min(ly, ry)
        if last >= turns:
            _sheet_end(doc, model, y - 3 * MM if one_page else bottom - 4 * MM, m)
            break
        first = last + 1


def _sheet_end(doc, model: dict, y: float, m: float) -> None:
    """City captures and the final count, under the last turn rows."""
    c = doc.c
    W, _h = doc.size
    half = (W - 2 * m - 6 * MM) / 2
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, m, y - 10, _("City captures (+{bonus} each)").format(bonus=model["capture_bonus"]), font=fonts.SANS_BOLD, size=10.5)
    cap = [[_("turn"), _("city (cell)"), _("taken by"), _("from"), "+"]] + [[""] * 5 for _k in range(6)]
    d.table(c, m, y - 14, [half * 0.14, half * 0.26, half * 0.22, half * 0.22, half * 0.16], cap, row_h=5.6 * MM, size=SHEET_TEXT, aligns=["center"] * 5)
    xr = m + half + 6 * MM
    typeset.label(c, xr, y - 10, _("The end"), font=fonts.SANS_BOLD, size=10.5)
    lines = [
        _("The game ends after the turn in which a player empties pool and rack, when a player owns no city (the other wins by conquest), or when both pass twice in a row with the pools empty."),
        _("Check a total if you like: the face value of your whole words on the board + removed + cities."),
    ]
    ty = y - 14
    for line in lines:
        ty = typeset.paragraph(c, line, xr, ty, half, size=SHEET_TEXT) - 1.5
    typeset.label(c, xr, ty - 14, _("Winner"), font=fonts.SANS_BOLD, size=10)
    c.setLineWidth(0.8)
    c.line(xr + 16 * MM, ty - 14, xr + half, ty - 14)
