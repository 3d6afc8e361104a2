"""Card sheets measured from the PDF itself: bleed, cut guides, backs behind
fronts, the small print on every sheet, text inside the safe zone.

Geometry is read back from the content streams (a small interpreter below
follows q/Q, cm, clipping rectangles, fills and stroked lines, into forms), never
from the layout's own plan objects. Decks are drawn in-process through the
engine (Document + draw_deck): a synthetic deck whose every card paints its own
colours (art far past the trim, a trim marker, a marker in its top corner), so
the measure is what the engine clipped and where it put each card, front and
back. The physical flip is modelled on a portrait-fed sheet.
"""

from __future__ import annotations

import functools
import io

import pytest
import pikepdf

from printkit.engine.cards import draw_deck
from printkit.engine.document import Document
from printkit.engine.units import CARDS, MM, PAPERS, PrintOptions

TOL = 0.01 * MM  # 0.01 mm
LIMIT = 4.5 * MM  # nothing printed nearer the paper edge


# -- a small content-stream reader ---------------------------------------------------

def _mul(m, n):
    """Matrix m, then n (PDF row-vector convention)."""
    a1, b1, c1, d1, e1, f1 = m
    a2, b2, c2, d2, e2, f2 = n
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2, e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _bbox(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _meet(r, s):
    if r is None:
        return s
    if s is None:
        return r
    return (max(r[0], s[0]), max(r[1], s[1]), min(r[2], s[2]), min(r[3], s[3]))


def _colour(op, args):
    v = tuple(round(float(a), 4) for a in args)
    if op in ("g", "G"):
        return ("rgb", v[0], v[0], v[0])
    if op in ("k", "K"):
        c, m, y, k = v
        return ("rgb", round((1 - c) * (1 - k), 4), round((1 - m) * (1 - k), 4), round((1 - y) * (1 - k), 4))
    return ("rgb",) + v


class Page:
    """What a page paints: fills (colour, clipped bbox) and straight stroked
    segments (colour, width, dashed, x0, y0, x1, y1), all in page points."""

    def __init__(self, reader: pikepdf.Pdf, index: int) -> None:
        page = reader.pages[index]
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        self.size = (x1 - x0, y1 - y0)
        self.rotate = int(page.obj.get("/Rotate", 0))
        self.fills: list[tuple] = []
        self.outer_clips: list = []  # per fill: the page-level clip it was drawn under (a card's slot)
        self.stroke_boxes: list[tuple] = []  # every stroked path's bbox, widened by half its line width
        self.strokes: list[tuple] = []
        self._run(pikepdf.parse_content_stream(page), page.obj.Resources, (1, 0, 0, 1, 0, 0), None, reader)

    def _run(self, ops, resources, ctm, clip, reader, outer=False) -> None:
        """`outer`: False on the page itself; inside a form, the clip in force where
        the form was placed."""
        st = {"ctm": ctm, "clip": clip, "fill": ("rgb", 0, 0, 0), "stroke": ("rgb", 0, 0, 0), "lw": 1.0, "dash": False}
        stack = []
        path: list[list] = []  # subpaths of (kind, point)
        pending_clip = False
        for args, op in ops:
            op = str(op)
            if op == "q":
                stack.append(dict(st))
            elif op == "Q":
                st = stack.pop()
            elif op == "cm":
                st["ctm"] = _mul(tuple(float(a) for a in args), st["ctm"])
            elif op in ("rg", "g", "k"):
                st["fill"] = _colour(op, args)
            elif op in ("RG", "G", "K"):
                st["stroke"] = _colour(op, args)
            elif op == "w":
                st["lw"] = float(args[0])
            elif op == "d":
                st["dash"] = len(args[0]) > 0
            elif op == "re":
                x, y, w, h = (float(a) for a in args)
                pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
                path.append([("m", _apply(st["ctm"], *pts[0]))] + [("l", _apply(st["ctm"], *p)) for p in pts[1:]] + [("l", _apply(st["ctm"], *pts[0]))])
            elif op == "m":
                path.append([("m", _apply(st["ctm"], float(args[0]), float(args[1])))])
            elif op == "l":
                path[-1].append(("l", _apply(st["ctm"], float(args[0]), float(args[1]))))
            elif op in ("c", "v", "y"):
                nums = [float(a) for a in args]
                for k in range(0, len(nums), 2):
                    path[-1].append(("c", _apply(st["ctm"], nums[k], nums[k + 1])))
            elif op == "h":
                pass
            elif op in ("W", "W*"):
                pending_clip = True
            elif op in ("n", "f", "F", "f*", "S", "s", "B", "B*", "b", "b*"):
                points = [p for sub in path for _, p in sub]
                if op in ("f", "F", "f*", "B", "B*", "b", "b*") and points:
                    box = _meet(_bbox(points), st["clip"])
                    self.fills.append((st["fill"], box))
                    self.outer_clips.append(st["clip"] if outer is False else outer)
                if op in ("S", "s", "B", "B*", "b", "b*"):
                    scale = abs(st["ctm"][0]) + abs(st["ctm"][1])
                    if points:
                        half = st["lw"] * scale / 2
                        x0, y0, x1, y1 = _meet(_bbox(points), st["clip"])
                        self.stroke_boxes.append((x0 - half, y0 - half, x1 + half, y1 + half))
                    for sub in path:
                        for (k0, p0), (k1, p1) in zip(sub, sub[1:]):
                            if k1 == "l":
                                self.strokes.append((st["stroke"], st["lw"] * scale, st["dash"], *p0, *p1))
                if pending_clip and points:
                    st["clip"] = _meet(st["clip"], _bbox(points))
                pending_clip = False
                path = []
            elif op == "Do":
                xobj = resources.XObject[args[0]]
                if xobj.get("/Subtype") != pikepdf.Name.Form:
                    continue
                m = tuple(float(v) for v in xobj.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                inner = _mul(m, st["ctm"])
                x0, y0, x1, y1 = (float(v) for v in xobj["/BBox"])
                bclip = _bbox([_apply(inner, x0, y0), _apply(inner, x1, y1)])
                self._run(pikepdf.parse_content_stream(xobj), xobj.get("/Resources", resources), inner, _meet(st["clip"], bclip), reader, st["clip"] if outer is False else outer)


# -- a deck whose every card differs --------------------------------------------------

KINDS = {"front art": 0.11, "front trim": 0.22, "front up": 0.33, "back art": 0.61, "back trim": 0.72, "back up": 0.83}
_BY_RED = {v: k for k, v in KINDS.items()}


def _rgb(kind: str, card: int):
    return (KINDS[kind], card / 100, 0.47)


def _face(side: str, card: int):
    def face(c, art):
        c.setFillColorRGB(*_rgb(f"{side} art", card))
        c.rect(-40 * MM, -40 * MM, art.w + 80 * MM, art.h + 80 * MM, stroke=0, fill=1)  # the engine must clip it
        c.setFillColorRGB(*_rgb(f"{side} trim", card))
        c.rect(0, 0, art.w, art.h, stroke=0, fill=1)
        # a 3 mm square in the card's top-left corner (front) / top-right (back): the same
        # physical corner once the card is turned over sideways
        c.setFillColorRGB(*_rgb(f"{side} up", card))
        c.rect(0 if side == "front" else art.w - 3 * MM, art.h - 3 * MM, 3 * MM, 3 * MM, stroke=0, fill=1)

    return face


def deck_pdf(opts: PrintOptions, n: int = 45) -> pikepdf.Pdf:
    doc = Document(opts, title="geometry test")
    doc.small_print = "geometry test deck"
    draw_deck(doc, [_face("front", k) for k in range(n)], [_face("back", k) for k in range(n)])
    return pikepdf.Pdf.open(io.BytesIO(doc.pdf_bytes()))


def marked(page: Page) -> dict[tuple[str, int], tuple]:
    """(kind, card) -> painted box, for the synthetic deck's colours."""
    out = {}
    for colour, box in page.fills:
        _, r, g, b = colour
        if b == 0.47 and r in _BY_RED:
            out[(_BY_RED[r], round(g * 100))] = box
    return out


# -- bleed and cut guides --------------------------------------------------------------

def _check_sheet(reader: pikepdf.Pdf, bleed: float, layout: str, index: int = 0) -> None:
    page = Page(reader, index)
    W, H = page.size
    assert W < H and page.rotate == 0  # fed portrait: no page for the driver to turn
    boxes = marked(page)
    trims = {key: box for key, box in boxes.items() if key[0].endswith("trim")}
    assert trims
    b = bleed * MM
    for (kind, card), t in trims.items():
        side = kind.split()[0]
        art = boxes[(f"{side} art", card)]
        others = [o for key, o in trims.items() if key != (kind, card)]
        for edge in range(4):  # left, bottom, right, top
            pos = t[edge]
            along = (1, 3) if edge in (0, 2) else (0, 2)
            lo, hi = (t[along[0]] + t[along[1]]) / 2 - 1, (t[along[0]] + t[along[1]]) / 2 + 1
            neighbour = any(abs(o[(edge + 2) % 4] - pos) < TOL and o[along[0]] < hi and o[along[1]] > lo for o in others)
            past = (t[edge] - art[edge]) if edge < 2 else (art[edge] - t[edge])
            if not neighbour:
                assert past >= b - TOL, (layout, kind, card, "left bottom right top".split()[edge], past / MM)
        # the art prints and stays off every other card
        assert art[0] >= LIMIT - TOL and art[1] >= LIMIT - TOL and art[2] <= W - LIMIT + TOL and art[3] <= H - LIMIT + TOL
        for o in others:
            overlap = min(art[2], o[2]) - max(art[0], o[0]), min(art[3], o[3]) - max(art[1], o[1])
            assert min(overlap) <= TOL, (kind, card, "art over a neighbour's trim")
    # every cut line has a printable guide at both ends, outside every card
    solid = [s for s in page.strokes if not s[2] and s[0] == ("rgb", 0, 0, 0)]
    for s in page.strokes:
        x0, y0, x1, y1 = s[3:]
        assert min(x0, x1) >= LIMIT - TOL and max(x0, x1) <= W - LIMIT + TOL and min(y0, y1) >= LIMIT - TOL and max(y0, y1) <= H - LIMIT + TOL, s
    for s in solid:
        x0, y0, x1, y1 = s[3:]
        for t in trims.values():  # no guide crosses a card
            assert min(x1, x0) >= t[2] - TOL or max(x0, x1) <= t[0] + TOL or min(y0, y1) >= t[3] - TOL or max(y0, y1) <= t[1] + TOL, (s, t)
    lowest, highest = min(t[1] for t in trims.values()), max(t[3] for t in trims.values())
    leftmost, rightmost = min(t[0] for t in trims.values()), max(t[2] for t in trims.values())
    folds = [s for s in page.strokes if s[2]]  # dashed: fold lines, not cuts
    fold_x = {round(s[3], 3) for s in folds if abs(s[3] - s[5]) < TOL}
    fold_y = {round(s[4], 3) for s in folds if abs(s[4] - s[6]) < TOL}
    # (the ends of a cut line are the ends of the cards on it: a part-filled sheet's marks sit beside its cards)
    for x in {round(t[e], 3) for t in trims.values() for e in (0, 2)} - fold_x:
        on = [t for t in trims.values() if abs(t[0] - x) < TOL or abs(t[2] - x) < TOL]
        lowest, highest = min(t[1] for t in on), max(t[3] for t in on)
        guides = [s for s in solid if abs(s[3] - x) < TOL and abs(s[5] - x) < TOL and abs(s[6] - s[4]) >= 2 * MM - TOL]
        assert any(max(s[4], s[6]) <= lowest + TOL for s in guides) and any(min(s[4], s[6]) >= highest - TOL for s in guides), ("cut x", x / MM)
    for y in {round(t[e], 3) for t in trims.values() for e in (1, 3)} - fold_y:
        on = [t for t in trims.values() if abs(t[1] - y) < TOL or abs(t[3] - y) < TOL]
        leftmost, rightmost = min(t[0] for t in on), max(t[2] for t in on)
        guides = [s for s in solid if abs(s[4] - y) < TOL and abs(s[6] - y) < TOL and abs(s[5] - s[3]) >= 2 * MM - TOL]
        assert any(max(s[3], s[5]) <= leftmost + TOL for s in guides) and any(min(s[3], s[5]) >= rightmost - TOL for s in guides), ("cut y", y / MM)
    if layout == "fold":  # every front folds onto its own back across a dashed line
        for (kind, card), t in trims.items():
            if kind != "front trim":
                continue
            back = trims[("back trim", card)]
            if abs(t[1] - back[3]) < TOL:  # front above back
                axis = t[1]
                assert back == pytest.approx((t[0], 2 * axis - t[3], t[2], axis), abs=TOL)
                assert any(abs(s[4] - axis) < TOL and abs(s[6] - axis) < TOL for s in folds)
            else:  # side by side, front on the left
                axis = t[2]
                assert back == pytest.approx((axis, t[1], 2 * axis - t[0], t[3]), abs=TOL)
                assert any(abs(s[3] - axis) < TOL and abs(s[5] - axis) < TOL for s in folds)
            up, bup = boxes[("front up", card)], boxes[("back up", card)]
            if abs(t[1] - back[3]) < TOL:
                assert bup == pytest.approx((up[0], 2 * axis - up[3], up[2], 2 * axis - up[1]), abs=TOL)
            else:
                assert bup == pytest.approx((2 * axis - up[2], up[1], 2 * axis - up[0], up[3]), abs=TOL)


FAST_SHEETS = [
    ("a4", "poker", 3), ("a4", "poker", 5), ("letter", "poker", 3), ("letter", "poker-us", 5), ("a4", "bridge", 3),
    ("a4", "mini-american", 3), ("a3", "poker", 3), ("tabloid", "tarot", 3), ("letter", "square", 0), ("a3", "mini-euro", 6),
    ("letter", "poker", 0), ("tabloid", "poker", 0), ("tabloid", "mini-euro", 0),
]


@pytest.mark.parametrize("layout", ["sheet", "fold"])
@pytest.mark.parametrize("paper,card,bleed", FAST_SHEETS)
def test_full_bleed_and_cut_guides(paper, card, bleed, layout):
    _check_sheet(deck_pdf(PrintOptions(paper=paper, card_size=card, bleed=bleed, layout=layout, duplex="none")), bleed, layout)


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["sheet", "fold"])
@pytest.mark.parametrize("bleed", [0, 1.5, 3, 5, 6])
@pytest.mark.parametrize("card", list(CARDS))
@pytest.mark.parametrize("paper", list(PAPERS))
def test_full_bleed_and_cut_guides_everywhere(paper, card, bleed, layout):
    _check_sheet(deck_pdf(PrintOptions(paper=paper, card_size=card, bleed=bleed, layout=layout, duplex="none")), bleed, layout)


def _cards_on_first_sheet(paper: str, card: str, bleed: float, layout: str) -> int:
    page = Page(deck_pdf(PrintOptions(paper=paper, card_size=card, bleed=bleed, layout=layout, duplex="none"), n=80), 0)
    return len({k for k in marked(page) if k[0] == "front trim"})


@pytest.mark.parametrize("paper,card,layout", [("letter", "poker", "sheet"), ("tabloid", "poker", "sheet"), ("tabloid", "mini-euro", "fold")])
def test_less_bleed_never_fewer_cards_measured(paper, card, layout):
    """Counted on the PDF: --bleed 0 holds as many cards a sheet as --bleed 3
    (Letter poker 9, Tabloid poker 18: 8 and 16 before)."""
    n0, n3 = _cards_on_first_sheet(paper, card, 0, layout), _cards_on_first_sheet(paper, card, 3, layout)
    assert n0 >= n3, (n0, n3)


def test_less_bleed_never_fewer_cards_every_size():
    """The layout chooser over every paper, card size, layout and bleed 0-6 mm
    by halves: a sheet's count never goes up as the bleed goes up."""
    from printkit.engine.cards import plan_fold, plan_sheet

    for paper in PAPERS:
        for card in CARDS:
            for plan in (plan_sheet, plan_fold):
                counts = []
                for half in range(13):
                    try:
                        counts.append(plan(PrintOptions(paper=paper, card_size=card, bleed=half / 2)).per_page)
                    except ValueError:
                        counts.append(0)
                assert counts == sorted(counts, reverse=True), (paper, card, plan.__name__, counts)


@pytest.mark.parametrize("layout,n", [("sheet", 4), ("sheet", 10), ("fold", 3)])
def test_crop_marks_only_where_a_card_is_cut(layout, n):
    """A part-filled sheet: every solid crop mark lies on a trim edge of a card
    drawn on that page (none over the empty slots), and every such edge still
    has its marks (the full-sheet checks above)."""
    reader = deck_pdf(PrintOptions(paper="a4", card_size="poker", bleed=3, layout=layout, duplex="none"), n=n)
    page = Page(reader, len(reader.pages) - 1)
    trims = [box for key, box in marked(page).items() if key[0].endswith("trim")]
    xs = {t[e] for t in trims for e in (0, 2)}
    ys = {t[e] for t in trims for e in (1, 3)}
    solid = [s for s in page.strokes if s[0] == ("rgb", 0, 0, 0)]
    assert solid
    for s in solid:
        x0, y0, x1, y1 = s[3:]
        if abs(x0 - x1) < TOL:
            assert any(abs(x0 - x) < TOL for x in xs), ("vertical mark with no card cut there", x0 / MM)
        else:
            assert any(abs(y0 - y) < TOL for y in ys), ("horizontal mark with no card cut there", y0 / MM)
    _check_sheet(reader, 3, layout, len(reader.pages) - 1)


def test_single_layout_page_is_card_plus_bleed():
    for bleed in (0, 3, 5):
        reader = deck_pdf(PrintOptions(card_size="tarot", bleed=bleed, layout="single"), n=2)
        w, h = (v * MM for v in CARDS["tarot"])
        b = bleed * MM
        for i in range(len(reader.pages)):
            page = Page(reader, i)
            boxes = marked(page)
            (kind, _), = [k for k in boxes if k[0].endswith("trim")]
            art = boxes[(kind.replace("trim", "art"), _)]
            assert art == pytest.approx((0, 0, w + 2 * b, h + 2 * b), abs=TOL)
            assert [float(v) for v in reader.pages[i].trimbox] == pytest.approx([b, b, b + w, b + h], abs=TOL)


# -- backs behind fronts -----------------------------------------------------------------

def flip(box, size, duplex):
    """Where a box on the front side lies on the back side, in the back page's own
    coordinates, for a sheet fed portrait and turned over its long or short edge."""
    W, H = size
    x0, y0, x1, y1 = box
    return (W - x1, y0, W - x0, y1) if duplex == "long" else (x0, H - y1, x1, H - y0)


def _shift(box, d):
    return (box[0] + d[0], box[1] + d[1], box[2] + d[0], box[3] + d[1])


def _check_backs(opts: PrintOptions) -> tuple[float, float]:
    """Every back lies behind its own front (within 0.01 mm after the flip and the
    back offset) and stands the same way. Returns the measured shift (pt)."""
    reader = deck_pdf(opts)
    fronts, backs = Page(reader, 0), Page(reader, 1)
    assert fronts.size == backs.size and fronts.size[0] < fronts.size[1] and fronts.rotate == backs.rotate == 0
    f, b = marked(fronts), marked(backs)
    cards = sorted(k for kind, k in f if kind == "front trim")
    assert cards == sorted(k for kind, k in b if kind == "back trim") and len(cards) > 1
    shift = (opts.back_offset[0] * MM, opts.back_offset[1] * MM)
    for k in cards:
        assert b[("back trim", k)] == pytest.approx(_shift(flip(f[("front trim", k)], fronts.size, opts.duplex), shift), abs=TOL), k
        assert b[("back up", k)] == pytest.approx(_shift(flip(f[("front up", k)], fronts.size, opts.duplex), shift), abs=TOL), k
    k = cards[0]
    measured = flip(f[("front trim", k)], fronts.size, opts.duplex)
    return (b[("back trim", k)][0] - measured[0], b[("back trim", k)][1] - measured[1])


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper,card", [("a4", "poker"), ("letter", "poker"), ("a3", "poker"), ("tabloid", "poker"), ("a4", "mini-american"), ("tabloid", "tarot"), ("letter", "bridge")])
def test_backs_land_behind_their_own_fronts(paper, card, duplex):
    _check_backs(PrintOptions(paper=paper, card_size=card, duplex=duplex, back_offset=(1.5, -2.0)))


@pytest.mark.slow
@pytest.mark.parametrize("offset", [(0.0, 0.0), (-3.0, 2.5)])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("card", list(CARDS))
@pytest.mark.parametrize("paper", list(PAPERS))
def test_backs_land_behind_their_own_fronts_everywhere(paper, card, duplex, offset):
    _check_backs(PrintOptions(paper=paper, card_size=card, duplex=duplex, back_offset=offset))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_is_the_calibration_sheets_shift(duplex):
    """--back-offset X,Y moves backs on a turned-card sheet (A3 poker) exactly as it
    moves the calibration sheet's scales: both measured from their PDFs."""
    from printkit.engine.calibrate import draw_calibration

    offset = (1.5, -2.0)
    opts = PrintOptions(paper="a3", duplex=duplex, back_offset=offset)
    doc = Document(opts, title="calibration")
    draw_calibration(doc, duplex)
    reader = pikepdf.Pdf.open(io.BytesIO(doc.pdf_bytes()))
    front, back = Page(reader, 0), Page(reader, 1)
    pointers = [box for colour, box in front.fills if colour == ("rgb", 0, 0, 0) and abs((box[2] - box[0]) - 0.7) < 0.01 or abs((box[3] - box[1]) - 0.7) < 0.01 and colour == ("rgb", 0, 0, 0)]
    zeros = [s for s in back.strokes if abs(s[1] - 1.0) < 0.01]
    assert len(pointers) == 4 and len(zeros) == 4
    shifts = set()
    for p in pointers:
        cx, cy = (p[0] + p[2]) / 2, (p[1] + p[3]) / 2
        mx, my, _, _ = flip((cx, cy, cx, cy), front.size, duplex)
        z = min(zeros, key=lambda s: abs((s[3] + s[5]) / 2 - mx) + abs((s[4] + s[6]) / 2 - my))
        vertical = abs(z[3] - z[5]) < 0.01  # an X scale's zero is an upright tick: it reads x only
        shifts.add(("x", round((z[3] - mx) / MM, 3)) if vertical else ("y", round((z[4] - my) / MM, 3)))
    assert shifts == {("x", offset[0]), ("y", offset[1])}
    dx, dy = _check_backs(opts)
    assert (dx / MM, dy / MM) == pytest.approx(offset, abs=0.01)


# -- the games' own faces paint out to the full bleed -------------------------------------

@pytest.mark.parametrize("game,paper,card,layout", [("cryptex", "a4", "poker", "sheet"), ("cryptic-words", "a4", "poker", "sheet"), ("cryptic-words", "a4", "poker", "fold"), ("cryptic-words", "a4", "poker", "single")])
def test_game_cards_fill_their_whole_bleed(game, paper, card, layout):
    """Every card placed (fronts, backs, player aids; drawn directly or as forms)
    paints the whole area the engine clips it to: the card plus its bleed. A form
    box or a face that stopped at the trim would leave paper white there."""
    pdf = _game_deck(game, PrintOptions(paper=paper, card_size=card, layout=layout))
    reader = pikepdf.Pdf.open(io.BytesIO(pdf))
    n = len(reader.pages)
    pages = sorted({0, 1, n - 2, n - 1}) if layout != "single" else range(4)  # first sheet; last sheet (player aids)
    slots = 0
    for i in pages:
        page = Page(reader, i)
        painted: dict = {}
        for (_, box), clip in zip(page.fills, page.outer_clips):
            if clip is None or box[2] - box[0] <= 0 or box[3] - box[1] <= 0:
                continue
            key = tuple(round(v, 2) for v in clip)
            u = painted.get(key)
            painted[key] = box if u is None else (min(u[0], box[0]), min(u[1], box[1]), max(u[2], box[2]), max(u[3], box[3]))
        for clip, union in painted.items():
            assert union == pytest.approx(clip, abs=TOL), (i, clip, union)
        slots += len(painted)
    assert slots >= (4 if layout == "single" else 8)


# -- the small print on every sheet, backs included -----------------------------------------

@functools.lru_cache(maxsize=16)
def _game_deck(game: str, opts: PrintOptions) -> bytes:
    from printkit.build import build_checked, new_document
    from printkit.games import find_game

    component = find_game(game).components["deck"]
    model = build_checked(component, {})
    doc = new_document(component, model, opts)
    component.render(doc, model)
    return doc.pdf_bytes()


def _small_print_lines(pdf: bytes):
    """Per page: (text, font size, box) of the run that starts 'printkit '."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            text = tp.get_text_range()
            at = text.find("printkit ")
            if at < 0:
                out.append(None)
                continue
            end = text.find("page ", at)
            end = end + 5
            while end < len(text) and text[end].isdigit():
                end += 1
            boxes = [tp.get_charbox(k) for k in range(at, end) if text[k].strip()]
            box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
            size = pdfium.raw.FPDFText_GetFontSize(tp.raw, at)
            out.append((text[at:end], size, box))
    finally:
        doc.close()
    return out


def _check_small_print(pdf: bytes, label: str, pages: int | None = None) -> None:
    """Every page (or the first `pages`) has the small-print line, its own page
    number, at least 6 pt, inside the printable area, clear of every fill and
    stroked line."""
    reader = pikepdf.Pdf.open(io.BytesIO(pdf))
    lines = _small_print_lines(pdf)
    assert len(lines) == len(reader.pages) >= 2
    for i, found in enumerate(lines[:pages]):
        assert found is not None, f"page {i + 1} has no small print"
        text, size, (x0, y0, x1, y1) = found
        assert text.endswith(f"page {i + 1}") and label in text
        assert size >= 6 - 0.01
        page = Page(reader, i)
        W, H = page.size
        assert x0 >= LIMIT and y0 >= LIMIT and x1 <= W - LIMIT and y1 <= H - LIMIT
        for _, (a0, b0, a1, b1) in page.fills:  # no art under or over it
            assert a1 <= x0 or a0 >= x1 or b1 <= y0 or b0 >= y1, (i, (a0, b0, a1, b1))
        for s in page.strokes:  # no crop mark or fold line through it
            half = s[1] / 2
            sx0, sx1 = sorted((s[3], s[5]))
            sy0, sy1 = sorted((s[4], s[6]))
            assert sx1 + half <= x0 or sx0 - half >= x1 or sy1 + half <= y0 or sy0 - half >= y1, (i, s)


@pytest.mark.parametrize("paper,card,layout", [("a4", "poker", "sheet"), ("letter", "poker", "sheet"), ("a3", "poker", "sheet"), ("a4", "poker", "fold")])
def test_every_sheet_carries_readable_small_print_clear_of_art_and_marks(paper, card, layout):
    # a fronts page and its backs page of a real deck (every page of every size: the slow sweep below)
    _check_small_print(_game_deck("cryptic-words", PrintOptions(paper=paper, card_size=card, layout=layout)), "cryptic-words deck", pages=2)


@pytest.mark.slow
@pytest.mark.parametrize("layout,duplex", [("sheet", "long"), ("sheet", "short"), ("fold", "none")])
@pytest.mark.parametrize("bleed", [0, 3, 5])
@pytest.mark.parametrize("card", list(CARDS))
@pytest.mark.parametrize("paper", list(PAPERS))
def test_small_print_everywhere(paper, card, bleed, layout, duplex):
    opts = PrintOptions(paper=paper, card_size=card, bleed=bleed, layout=layout, duplex=duplex, back_offset=(2.0, -2.0))
    doc = Document(opts, title="small print test")
    doc.small_print = "cryptic-words deck · seed 123456"
    n = 45
    draw_deck(doc, [_face("front", k) for k in range(n)], [_face("back", k) for k in range(n)])
    _check_small_print(doc.pdf_bytes(), "cryptic-words deck")


# -- text inside the safe zone on every card size -----------------------------------------------

def _text_too_near_the_trim(game: str, card: str) -> list[tuple]:
    """Characters on the print-shop pages (page = card + bleed, TrimBox set)
    closer than 3 mm to the trim: (page, char, distance in mm)."""
    import pypdfium2 as pdfium

    pdf = _game_deck(game, PrintOptions(card_size=card, layout="single", duplex="none"))
    reader = pikepdf.Pdf.open(io.BytesIO(pdf))
    doc = pdfium.PdfDocument(pdf)
    bad = []
    try:
        for i in range(len(doc)):
            t0, t1, t2, t3 = (float(v) for v in reader.pages[i].trimbox)
            tp = doc[i].get_textpage()
            for k in range(tp.count_chars()):
                ch = tp.get_text_range(k, 1)
                if not ch.strip():
                    continue
                l, b, r, t = tp.get_charbox(k)
                d = min(l - t0, b - t1, t2 - r, t3 - t) / MM
                if d < 3.0 - 0.02:
                    bad.append((i + 1, ch, round(d, 2)))
    finally:
        doc.close()
    return bad


@pytest.mark.parametrize("game,card", [("cryptic-words", "mini-american"), ("cryptic-words", "square"), ("cryptex", "mini-american")])
def test_card_text_stays_3mm_inside_the_trim(game, card):
    assert _text_too_near_the_trim(game, card) == []


@pytest.mark.slow
@pytest.mark.parametrize("card", list(CARDS))
@pytest.mark.parametrize("game", ["cryptex", "cryptic-words"])
def test_card_text_stays_3mm_inside_the_trim_every_size(game, card):
    assert _text_too_near_the_trim(game, card) == []


def _symbols_too_near_the_trim(card: str) -> list:
    """Cryptex fronts, one a print-shop page: every drawn shape that is not
    background (background reaches the art's edge) lies 3 mm inside the trim,
    strokes' width included. Returns the shapes that do not (page, box in mm)."""
    pdf = _game_deck("cryptex", PrintOptions(card_size=card, layout="single", duplex="none"))
    reader = pikepdf.Pdf.open(io.BytesIO(pdf))
    bad = []
    for i in range(20):  # the 20 rulebook cards (aids fill no slots on single pages)
        page = Page(reader, i)
        W, H = page.size
        t0, t1, t2, t3 = (float(v) for v in reader.pages[i].trimbox)
        for box in [b for _, b in page.fills] + page.stroke_boxes:
            if box[0] <= TOL or box[1] <= TOL or box[2] >= W - TOL or box[3] >= H - TOL:
                continue  # background, painted out to the bleed
            d = min(box[0] - t0, box[1] - t1, t2 - box[2], t3 - box[3])
            if d < 3 * MM - TOL:
                bad.append((i + 1, round(d / MM, 2)))
    return bad


@pytest.mark.parametrize("card", ["mini-american", "poker"])
def test_cryptex_symbols_stay_3mm_inside_the_trim(card):
    assert _symbols_too_near_the_trim(card) == []


@pytest.mark.slow
@pytest.mark.parametrize("card", list(CARDS))
def test_cryptex_symbols_stay_3mm_inside_the_trim_every_size(card):
    assert _symbols_too_near_the_trim(card) == []
