"""Paper and card sizes, in millimetres, and the print options that use them."""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

import re
from typing import NamedTuple

MM = 72.0 / 25.4  # points per millimetre
INCH = 72.0

#: Paper sizes, portrait, in mm.
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}

class _CardSizes(dict):
    """The named card sizes; any other size is also a key, written as
    WIDTHxHEIGHT with a unit: '59.3x88.9mm', '2.5x3.5in', '6x9cm'
    (CARDS['59.3x88.9mm'] == (59.3, 88.9)). Iterating gives the names only."""

    def __missing__(self, key):
        size = parse_card_size(key)
        if size is None:
            raise KeyError(key)
        return size

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or parse_card_size(key) is not None

    def get(self, key, default=None):
        return self[key] if key in self else default


#: Card sizes (width, height) in mm.
CARDS: dict[str, tuple[float, float]] = _CardSizes({
    "poker": (63.0, 88.0),
    "poker-us": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini-euro": (44.0, 68.0),
    "mini-american": (41.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (63.5, 63.5),
})
CARD_UNITS = {"mm": 1.0, "cm": 10.0, "in": 25.4}
#: the smallest and largest card side printkit lays out (mm)
CARD_MIN, CARD_MAX = 15.0, 297.0  # up to A4 (297 mm), where the paper holds it


def parse_card_size(text) -> tuple[float, float] | None:
    """(width, height) in mm of a size written WIDTHxHEIGHT with a unit (mm,
    cm or in; '59.3 x 88.9 mm', '2.5x3.5in'), each side 15-297 mm; None otherwise."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*", text.lower())
    if not m:
        return None
    k = CARD_UNITS[m.group(3)]
    w, h = round(float(m.group(1)) * k, 3), round(float(m.group(2)) * k, 3)
    if not (CARD_MIN <= w <= CARD_MAX and CARD_MIN <= h <= CARD_MAX):
        return None
    return (w, h)


def card_size_name(text: str) -> str:
    """The card size as printkit records it: a preset's name, or the size as
    written without spaces ('2.5x3.5in'). KeyError when it is neither."""
    key = str(text).strip().lower()
    if dict.__contains__(CARDS, key):
        return key
    if parse_card_size(key) is None:
        raise KeyError(text)
    return re.sub(r"\s+", "", key).replace("×", "x")


CARD_SIZE_HELP = f"a name ({', '.join(CARDS)}) or WIDTHxHEIGHT with mm, cm or in (59.3x88.9mm, 2.5x3.5in), each side {CARD_MIN:g}-{CARD_MAX:g} mm"

#: What a home printer cannot reach at the paper's edge (mm).
PRINTER_MARGIN = 5.0
#: Nothing on a card sheet (art, crop marks, small print) comes nearer the paper's
#: edge than this (mm): home printers leave about 4.2 mm unprinted.
PRINT_LIMIT = 4.5
#: Safe zone inside the trim line where no text goes (mm).
SAFE = 3.0
DEFAULT_BLEED = 3.0

DUPLEX = ("long", "short", "none")
LAYOUTS = ("sheet", "fold", "single")
INKS = ("color", "saver", "mono")
ORDERS = ("interleaved", "fronts-first")
COLORS = ("rgb", "cmyk")
OUTPUT_INTENTS = ("fogra39", "fogra51", "swop", "gracol")  # keys of engine/pdfx.CONDITIONS


def mm(v: float) -> float:
    return v * MM


class PrintOptions(NamedTuple):
    """How to put components on paper; shared by every game and every verb.
    A NamedTuple (immutable; `opts._replace(bleed=5)` gives a changed copy):
    made at every start, it costs a tenth of what a frozen dataclass does."""

    paper: str = "a4"
    card_size: str = "poker"
    bleed: float = DEFAULT_BLEED  # mm
    duplex: str = "long"
    layout: str = "sheet"
    ink: str = "color"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to backs pages
    copies: int = 1
    order: str = "interleaved"  # print-shop page order: interleaved (front, back, ...) or fronts-first
    color: str = "rgb"  # rgb | cmyk (engine/color.py)
    pdfx: bool = False  # PDF/X-1a:2001 (engine/pdfx.py); implies cmyk
    output_intent: str = ""  # PDF/X printing condition; "" = the usual one for the paper
    pdfx_version: str = "2001"  # PDF/X-1a:2001, or :2003 where a shop asks for it
    shop: str = ""  # print-shop preset that set the card options (engine/shops.py)
    max_ink: float = 3.0  # total ink limit of CMYK colours (a shop may ask for less)
    safe: float = SAFE  # mm inside the trim that card text keeps clear of (a shop may ask for more)
    strict: bool = False  # warnings (craft advice) refused as errors: --strict; --shop and --pdfx by default

    @property
    def cmyk(self) -> bool:
        return self.color == "cmyk" or self.pdfx

    def prepress_args(self) -> list[str]:
        """The colour and PDF/X words of the command line (every verb has them)."""
        out: list[str] = []
        if self.pdfx:
            out.append("--pdfx")
            if self.output_intent:
                out += ["--output-intent", self.output_intent]
        elif self.color != "rgb":
            out += ["--color", self.color]
        return out

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def paper_pt(self) -> tuple[float, float]:
        w, h = PAPERS[self.paper]
        return (w * MM, h * MM)

    @property
    def card_mm(self) -> tuple[float, float]:
        return CARDS[self.card_size]

    def args(self) -> list[str]:
        """The command-line words that give these options (for metadata, QR)."""
        if self.shop:  # --shop NAME stands for the options its preset set
            from printkit.engine.shops import SHOPS

            preset = SHOPS[self.shop].options
            fields = {k: v for k, v in preset.items() if k in self._fields}
            base = self._replace(shop="", **fields).args()
            mine = self._replace(shop="").args()
            return ["--paper", self.paper, "--shop", self.shop] + _minus(mine[2:], base[2:])
        out = ["--paper", self.paper]
        if self.card_size != "poker":
            out += ["--card-size", self.card_size]
        if self.bleed != DEFAULT_BLEED:
            out += ["--bleed", f"{self.bleed:g}"]
        if self.duplex != "long":
            out += ["--duplex", self.duplex]
        if self.layout != "sheet":
            out += ["--layout", self.layout]
        if self.ink != "color":
            out += ["--ink", self.ink]
        if self.back_offset != (0.0, 0.0):
            out += ["--back-offset", f"{self.back_offset[0]:g},{self.back_offset[1]:g}"]
        if self.copies != 1:
            out += ["--copies", str(self.copies)]
        if self.order != "interleaved":
            out += ["--order", self.order]
        return out + self.prepress_args()


def _minus(words: list[str], preset: list[str]) -> list[str]:
    """The option words in `words` that the preset's own words do not hold."""
    def pairs(ws):
        out, i = [], 0
        while i < len(ws):
            if i + 1 < len(ws) and not ws[i + 1].startswith("--"):
                out.append((ws[i], ws[i + 1]))
                i += 2
            else:
                out.append((ws[i],))
                i += 1
        return out

    have = pairs(preset)
    return [w for p in pairs(words) if p not in have for w in p]


FOOTER_PT = 7.0  # small print (version, game, component, seed, page) on ordinary pages
SMALL_PRINT_PT = 6.0  # the same on card sheets, where it squeezes between crop marks
