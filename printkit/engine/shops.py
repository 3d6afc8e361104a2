"""Print-shop presets: what common print-on-demand card printers ask for.

Each preset is data: the card size, the bleed, the layout and page order, the
file type (a PDF, or PNGs at an exact pixel size) and the colour. `--shop NAME`
sets these options; an option given on the command line that contradicts the
preset is refused (the file would be rejected or rescaled by the shop).
Sources for every number are in docs/print-shops.md.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

from typing import NamedTuple

INCH_MM = 25.4


class Shop(NamedTuple):
    key: str
    name: str
    options: dict  # command-line option name (as the CLI's keyword) -> value
    pixels: tuple[int, int] | None = None  # exact PNG size of one card side (with bleed)
    pdfx_version: str = "2001"  # PDF/X-1a:2001 or :2003, when the preset writes PDF/X
    safe_mm: float = 3.0  # what the shop calls its safe zone inside the trim
    max_ink: float = 3.0  # total ink limit for CMYK files
    upload: str = ""  # what to send, in one sentence
    sources: tuple[str, ...] = ()


SHOPS: dict[str, Shop] = {
    "thegamecrafter": Shop(
        "thegamecrafter",
        "The Game Crafter",
        {"card_size": "poker-us", "bleed": 0.125 * INCH_MM, "layout": "single", "order": "interleaved", "fmt": "png", "dpi": 300, "color": "rgb", "pdfx": False},
        pixels=(825, 1125),
        safe_mm=0.125 * INCH_MM,
        upload="Upload each card-NNN-front.png as a face and the back PNG as the deck's back (per card if the backs differ): 825 x 1125 px, 1/8 in bleed.",
        sources=(
            "https://docs.dextrous.com.au/p/PbwvHTPaG6MJFJ/Bleed",
            "https://chitmunk.com/glossary/bleed",
            "https://www.rubydoc.info/gems/squib/0.1.0/file/samples/tgc_proofs.rb",
        ),
    ),
    "makeplayingcards": Shop(
        "makeplayingcards",
        "MakePlayingCards",
        {"card_size": "poker-us", "bleed": 36 / 300 * INCH_MM, "layout": "single", "order": "interleaved", "fmt": "png", "dpi": 300, "color": "rgb", "pdfx": False},
        pixels=(822, 1122),
        safe_mm=36 / 300 * INCH_MM,
        upload="Upload the card-NNN-front.png files as fronts and the backs as backs (one back for all if they are the same): 822 x 1122 px, 36 px bleed at 300 dpi.",
        sources=("https://www.makeplayingcards.com/faq-photo.aspx",),
    ),
    "drivethrucards": Shop(
        "drivethrucards",
        "DriveThruCards",
        {"card_size": "poker-us", "bleed": 0.125 * INCH_MM, "layout": "single", "order": "interleaved", "fmt": "pdf", "pdfx": True, "output_intent": "swop"},
        pdfx_version="2003",
        max_ink=2.4,
        safe_mm=0.125 * INCH_MM,
        upload="Upload the PDF as the card file: one card side a page (front, back, front, back...), 2.75 x 3.75 in pages, PDF/X-1a:2003, at most 240% ink.",
        sources=(
            "https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607-Common-Card-Prep-Issues-Solutions",
            "https://help.drivethrupartners.com/hc/en-us/articles/12780748203543-Specifications-for-Print-Cards",
        ),
    ),
    "mbprint": Shop(
        "mbprint",
        "MB Print",
        {"card_size": "poker", "bleed": 3.0, "layout": "single", "order": "interleaved", "fmt": "pdf", "pdfx": True, "output_intent": "fogra39"},
        safe_mm=4.0,
        upload="Upload the PDF: one card side a page, front then back, 69 x 94 mm pages (63 x 88 mm cards with 3 mm bleed), CMYK for Coated FOGRA39.",
        sources=("https://mbprint.pl/en/?p=658",),
    ),
}

#: The options a preset may set, with the command-line spelling used in messages.
FLAGS = {
    "card_size": "--card-size",
    "bleed": "--bleed",
    "layout": "--layout",
    "order": "--order",
    "fmt": "--format",
    "dpi": "--dpi",
    "color": "--color",
    "pdfx": "--pdfx",
    "output_intent": "--output-intent",
}


def card_pixels(shop: Shop, page_pt: tuple[float, float], dpi: int) -> tuple[int, int]:
    """The PNG size of a card page; refuses (exit 2) a card whose size with
    bleed is not the shop's template size."""
    from printkit.errors import UsageError

    w, h = (round(v * dpi / 72.0) for v in page_pt)
    if shop.pixels and (w, h) != shop.pixels:
        mm = 25.4 / 72.0
        raise UsageError(
            f"--shop {shop.key} takes {shop.pixels[0]} x {shop.pixels[1]} px card images; these cards with bleed are "
            f"{page_pt[0] * mm:.1f} x {page_pt[1] * mm:.1f} mm ({w} x {h} px at {dpi} dpi): use a {shop.options['card_size']} deck"
        )
    return (w, h)


def describe(shop: Shop) -> str:
    return f"{shop.name}: {shop.upload}"
