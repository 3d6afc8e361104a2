"""Print standards measured on the PDFs themselves (tests/pdfmeasure.py):

- no text under 6 pt anywhere, and 7 pt for everything a player reads during play
  (only the small print, cut/fold instructions and reprint notes may sit between);
- nothing printed closer to the paper's edge than a home printer reaches
  (engine/units.py PRINTER_MARGIN);
- every kit holds every component of its game.

Each kit and index.pdf is built once, in process (module-scoped), and measured.
Every component on its own, with its default options, runs in the slow tier.
"""

from __future__ import annotations

import re

import pytest

from pdfmeasure import measure, outside, small_text
from printkit.engine.units import MM, PRINT_LIMIT, PRINTER_MARGIN, PrintOptions
from printkit.games import all_games
from printkit.request import Request

#: Text a player does not read during play: the small print, cutting and folding
#: instructions, reprint notes, the filler on an intentionally blank page.
NOT_IN_PLAY = re.compile(r"^(printkit |reprint|cut here|fold|Scan to print|More forms|\(this page is intentionally blank\))", re.I)

GAMES = ["cryptex", "cryptic-words", "crypticolor", "crypto-crisis", "scryptic"]
#: every language printkit prints (printkit/lang.py): each kit is measured in each
LANGS = ["en", "de", "fr", "es", "nl"]
#: German (the longest text) in the default run, the others in the slow tier (--runslow): 25 kits take ~40 s
KITS = [pytest.param(g, lang, marks=[pytest.mark.slow] if lang not in ("en", "de") else []) for lang in LANGS for g in GAMES]


def not_in_play(lang: str):
    """NOT_IN_PLAY for a language: also the translations of the English strings it
    matches (the small print, cut and fold notes... as the catalogue has them)."""
    if lang == "en":
        return NOT_IN_PLAY
    from printkit.i18n import translations

    starts = set()
    for msgid, msgstr in translations(lang)._catalog.items():
        if isinstance(msgid, str) and msgid and NOT_IN_PLAY.match(msgid) and msgstr:
            words = re.split(r"[{%]", msgstr)[0].split()
            head = words[0].rstrip(":") if words else ""  # the first word (a no-break space may read back as a space)
            if len(head) >= 3:
                starts.add(re.escape(head))
    return re.compile(NOT_IN_PLAY.pattern[:-1] + "".join("|" + h for h in sorted(starts)) + ")", re.I)
#: Games another helper owns: known failures stay visible until they land their fix.


def _kit_pdf(game_name: str, lang: str = "en") -> tuple[bytes, list]:
    """A kit drawn in `lang` (straight through draw_kit: a game's Game.languages
    may not list the language yet, and its text must fit before it does)."""
    from printkit import kit
    from printkit.engine.document import Document

    game = all_games()[game_name]
    doc = Document(PrintOptions(), title=game.title, command=f"printkit kit {game_name}")
    parts = kit.draw_kit(doc, game, Request(doc.options, lang=lang))
    return doc.pdf_bytes(), ([doc.kit_rules] if doc.kit_rules else []) + parts


@pytest.fixture(scope="module")
def kits():
    """game -> (measured pages, parts): each kit drawn once for this module."""
    return {}


def _measured(kits, game_name, lang="en"):
    if (game_name, lang) not in kits:
        data, parts = _kit_pdf(game_name, lang)
        kits[game_name, lang] = (measure(data), parts)
    return kits[game_name, lang]


def _describe(found) -> str:
    return "; ".join(f"page {n}: {item!r}" for n, item in found[:8]) + (f" ... ({len(found)} in all)" if len(found) > 8 else "")


@pytest.mark.parametrize("game_name,lang", KITS)
def test_kit_text_sizes(kits, game_name, lang):
    pages, _ = _measured(kits, game_name, lang)
    assert sum(len(p.texts) for p in pages) > 50  # the measure found the text at all
    tiny = small_text(pages, 6.0)
    assert not tiny, f"{game_name} kit ({lang}): text under 6 pt: {_describe(tiny)}"
    allowed = not_in_play(lang)
    in_play = [(n, t) for n, t in small_text(pages, 7.0) if not allowed.match(t.text.strip())]
    assert not in_play, f"{game_name} kit ({lang}): text a player reads in play under 7 pt: {_describe(in_play)}"


@pytest.mark.parametrize("game_name,lang", KITS)
def test_kit_inside_printable_area(kits, game_name, lang):
    """PRINTER_MARGIN on every page; card sheets (crop marks, bleed) may use the
    engine's harder PRINT_LIMIT (units.py), and nothing goes past that."""
    pages, parts = _measured(kits, game_name, lang)
    assert sum(len(p.marks) for p in pages) > 50
    card_pages = {n for part in parts if part.two_sided for n in range(part.first, part.last + 1)}
    out = outside([p for p in pages if p.number not in card_pages], PRINTER_MARGIN * MM)
    out += outside([p for p in pages if p.number in card_pages], PRINT_LIMIT * MM)
    assert not out, f"{game_name} kit: printed within {PRINTER_MARGIN} mm of the paper edge: {_describe(out)}"


@pytest.mark.parametrize("game_name,lang", [k for k in KITS if k.values[0] != "scryptic"])
def test_kit_rules_summary_is_one_page(kits, game_name, lang):
    """A rules summary that spills two lines onto a second page wastes a sheet
    (German runs about 30% longer than English: fit_one_page sets it smaller)."""
    _, parts = _measured(kits, game_name, lang)
    rules = [p for p in parts if p.component == "rules"]
    assert rules and rules[0].first == rules[0].last == 2, rules


@pytest.mark.parametrize("game_name", [pytest.param("crypticolor", marks=pytest.mark.slow), "crypto-crisis"])
def test_letter_kit_rules_summary_is_one_page_at_8_5_pt_or_more(game_name):
    """On Letter (shorter than A4) these summaries spilled a few lines onto a
    nearly empty third page; they are set a little smaller instead (not under
    8.5 pt). Measured on the PDF: page 3 is the print guide, page 2's body text
    is at least 8.5 pt."""
    import io

    from pypdf import PdfReader

    from printkit import kit
    from printkit.engine.document import Document

    game = all_games()[game_name]
    doc = Document(PrintOptions(paper="letter"), title=game.title, command=f"printkit kit {game_name}")
    kit.draw_kit(doc, game)
    data = doc.pdf_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert reader.pages[2].extract_text().lstrip().startswith("How to print this kit")
    rules = [t for t in measure(data)[1].texts if not NOT_IN_PLAY.match(t.text.strip())]
    assert rules and min(t.size for t in rules) >= 8.5 - 0.01, min(t.size for t in rules)


@pytest.mark.parametrize("game_name", GAMES)
def test_kit_holds_every_component(game_name):
    """Every component is in the kit, except one that holds a secret made for a
    single game (a component with a keeper's file, e.g. the Crypto Crisis board
    from the players' own words): a printed kit would give it to every reader.
    The kit's rules page then says which command makes it."""
    game = all_games()[game_name]
    in_kit = {p.component for p in game.kit}
    secret = {name for name, comp in game.components.items() if comp.keeper is not None}
    assert set(game.components) - secret <= in_kit, f"{game_name} kit lacks {sorted(set(game.components) - secret - in_kit)}"
    assert not (secret & in_kit), f"{game_name} kit prints a secret component: {sorted(secret & in_kit)}"
    if secret:
        rules = game.rules_text()
        for name in secret:
            assert f"printkit {name} {game.name}" in rules, (game_name, name)


def test_index_sizes_and_margins(tmp_path):
    from printkit import kit

    opts = PrintOptions()
    summaries = []
    for name in ("cryptex", "crypticolor"):
        data, parts = _kit_pdf(name)
        summaries.append((all_games()[name], tmp_path / f"{name}-kit.pdf", 9, parts))
    kit.write_index(summaries, Request(opts), tmp_path / "index.pdf")
    pages = measure(tmp_path / "index.pdf")
    assert not small_text(pages, 6.0)
    assert not outside(pages, PRINTER_MARGIN * MM)


def test_measure_sees_transformed_text():
    """The helper's own check: text drawn at 10 pt inside a form XObject that is
    placed at half scale measures 5 pt, at the right place, and a rectangle drawn
    past the page edge is reported."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200))
    c.beginForm("F")
    c.setFont("Helvetica", 10)
    c.drawString(10, 20, "half")
    c.endForm()
    c.saveState()
    c.translate(100, 100)
    c.scale(0.5, 0.5)
    c.doForm("F")
    c.restoreState()
    c.setFont("Helvetica", 12)
    c.drawString(20, 20, "whole")
    c.rect(190, 50, 30, 30, fill=1)
    c.showPage()
    c.save()
    (page,) = measure(buf.getvalue())
    runs = {t.text: t for t in page.texts}
    assert runs["half"].size == pytest.approx(5.0)
    assert (runs["half"].x, runs["half"].y) == pytest.approx((105.0, 110.0))
    assert runs["whole"].size == pytest.approx(12.0)
    assert runs["whole"].box[2] > 20 + 12 * 2  # a width from the font's metrics
    assert [m for _, m in outside([page], 5)][0].box[2] == pytest.approx(200)  # clipped at the page edge


@pytest.mark.slow
@pytest.mark.parametrize("game_name", GAMES)
def test_every_component_alone(game_name):
    """Each component on its own (default options) meets the same standards."""
    from printkit.build import build_checked, new_document
    from printkit.kit import default_params

    game = all_games()[game_name]
    opts = PrintOptions()
    for comp in game.components.values():
        model = build_checked(comp, default_params(comp))
        doc = new_document(comp, model, opts)
        comp.render(doc, model)
        pages = measure(doc.pdf_bytes())
        tiny = small_text(pages, 6.0)
        assert not tiny, f"{game_name} {comp.name}: under 6 pt: {_describe(tiny)}"
        in_play = [(n, t) for n, t in small_text(pages, 7.0) if not NOT_IN_PLAY.match(t.text.strip())]
        assert not in_play, f"{game_name} {comp.name}: read in play under 7 pt: {_describe(in_play)}"
        limit = PRINT_LIMIT if "cards" in comp.uses else PRINTER_MARGIN
        assert not outside(pages, limit * MM), f"{game_name} {comp.name}: outside the printable area"


@pytest.mark.parametrize("game_name,lang", [k for k in KITS if k.values[1] != "en"])
def test_translated_rules_summary_no_longer_than_english(kits, game_name, lang):
    """A translated rules summary takes no more pages than the English one: it is
    set smaller instead (printkit.engine.text.fit_fewest_pages, never under 8 pt),
    and its body text stays at 8 pt or more."""
    _, parts = _measured(kits, game_name, lang)
    _, english = _measured(kits, game_name, "en")
    ours = [p for p in parts if p.component == "rules"][0]
    theirs = [p for p in english if p.component == "rules"][0]
    assert ours.last - ours.first <= theirs.last - theirs.first, (ours, theirs)
    pages, _ = _measured(kits, game_name, lang)
    allowed = not_in_play(lang)
    body = [t for n in range(ours.first, ours.last + 1) for t in pages[n - 1].texts if not allowed.match(t.text.strip())]
    assert body and min(t.size for t in body) >= 8.0 - 0.01, min(t.size for t in body)


#: a hyphen-minus standing for a minus ("-8", "(-1)", "**-2**") and paper weight in "g/m2"
HYPHEN_MINUS = re.compile(r"(?:^|[\s(*:\u202f])-\d|g/m2")


@pytest.mark.parametrize("game_name,lang", KITS)
def test_kit_prints_minus_signs_and_squared_metres(kits, game_name, lang):
    """Scores print "−8" with the minus sign (U+2212, as wide as a figure, on the
    plus sign's bar), not the short low hyphen, and paper weights g/m²; every run
    of the kit read from its content streams."""
    pages, _ = _measured(kits, game_name, lang)
    found = [(p.number, t) for p in pages for t in p.texts if HYPHEN_MINUS.search(t.text)]
    assert not found, f"{game_name} kit ({lang}): a hyphen for a minus: {_describe(found)}"
    if game_name in ("cryptex", "crypticolor", "scryptic"):  # their scores go below zero
        assert any("\u2212" in t.text for p in pages for t in p.texts), game_name


def test_shipped_sans_has_a_minus_sign_made_of_its_plus():
    """Noto Sans 2.004 has no U+2212; scripts/subset_fonts.py gives each shipped
    face (and its kerning twin) one: the plus sign's bar, at its advance."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    from printkit.base.resources import resource_dir

    for face in ("Regular", "Bold", "Italic", "BoldItalic"):
        for folder in (resource_dir("fonts"), resource_dir("fonts") / "kerning"):
            font = TTFont(str(folder / f"NotoSans-{face}.ttf"))
            cmap, glyphs = font.getBestCmap(), font.getGlyphSet()
            box = {}
            for ch in "+\u2212":
                pen = BoundsPen(glyphs)
                glyphs[cmap[ord(ch)]].draw(pen)
                box[ch] = pen.bounds
            plus, minus = box["+"], box["\u2212"]
            assert font["hmtx"][cmap[0x2212]][0] == font["hmtx"][cmap[0x2B]][0], face
            assert (minus[0], minus[2]) == (plus[0], plus[2]) and plus[1] < minus[1] < minus[3] < plus[3] and minus[3] - minus[1] < 0.25 * (plus[3] - plus[1]), (face, plus, minus)
