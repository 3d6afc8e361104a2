"""The print engine and the CLI frame, independent of any one game's rules."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import assert_no_traceback, decode_qr, render_page, run_cli, run_inproc, run_process
from printkit.engine.cards import back_slot, plan_fold, plan_sheet, single_boxes
from printkit.engine.units import CARDS, MM, PAPERS, PrintOptions
from printkit.request import Request


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_three_by_three_poker_centred(paper):
    plan = plan_sheet(PrintOptions(paper=paper))
    assert (plan.cols, plan.rows) == (3, 3)
    W, H = plan.page
    xs = sorted({s.x for s in plan.fronts})
    ys = sorted({s.y for s in plan.fronts})
    w, h = plan.card
    assert xs[0] == pytest.approx(W - (xs[-1] + w), abs=0.01)  # centred
    assert ys[0] == pytest.approx(H - (ys[-1] + h), abs=0.01)
    # crop marks lie outside every card's trim (they may cross the bleed, which
    # is cut away) and at least 4.5 mm inside the paper
    for ln in plan.lines:
        for x, y in ((ln.x0, ln.y0), (ln.x1, ln.y1)):
            assert 4.5 * MM - 0.01 <= x <= W - 4.5 * MM + 0.01 and 4.5 * MM - 0.01 <= y <= H - 4.5 * MM + 0.01
            for s in plan.fronts:
                inside = s.x < x < s.x + w and s.y < y < s.y + h
                assert not inside
        assert abs(ln.x1 - ln.x0) + abs(ln.y1 - ln.y0) >= 2 * MM - 0.01  # long enough to cut by


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("card", list(CARDS))
def test_every_paper_and_card_plans(paper, card):
    opts = PrintOptions(paper=paper, card_size=card)
    plan = plan_sheet(opts)
    assert plan.per_page >= 1
    W, H = plan.page
    assert W < H  # pages stay portrait, as the printer feeds them
    for s in plan.fronts:
        x0, y0, x1, y1 = s.art_box(plan.card)  # the art, bleed included, prints
        assert x0 >= 4.5 * MM - 0.01 and x1 <= W - 4.5 * MM + 0.01
        assert y0 >= 4.5 * MM - 0.01 and y1 <= H - 4.5 * MM + 0.01
    assert plan_fold(opts).per_page >= 1


def test_duplex_long_and_short_positions():
    opts = PrintOptions(paper="a4")
    plan = plan_sheet(opts)
    W, H = plan.page
    grid = {(i // plan.cols, i % plan.cols): s for i, s in enumerate(plan.fronts)}
    for (r, c), s in grid.items():
        long = back_slot(s, plan.page, plan.card, "long")
        short = back_slot(s, plan.page, plan.card, "short")
        # long-edge flip: back of (row, col) sits where (row, cols-1-col) is on the fronts page
        assert (long.x, long.y) == pytest.approx((grid[(r, plan.cols - 1 - c)].x, s.y))
        # short-edge flip: back of (row, col) sits at (rows-1-row, col)
        assert (short.x, short.y) == pytest.approx((s.x, grid[(plan.rows - 1 - r, c)].y))
    off = back_slot(plan.fronts[0], plan.page, plan.card, "long", (1.5, -2.0))
    base = back_slot(plan.fronts[0], plan.page, plan.card, "long")
    assert (off.x - base.x, off.y - base.y) == pytest.approx((1.5 * MM, -2.0 * MM))


def _painted(img, x_pt, y_pt, page_h_pt, dpi):
    px = int(x_pt * dpi / 72)
    py = int((page_h_pt - y_pt) * dpi / 72)
    return img.getpixel((px, py)) != (255, 255, 255)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_page_puts_backs_where_the_flip_needs_them(workdir, duplex):
    """The last fronts page (page 5) and its backs page (page 6): behind every
    card's corner on the front there is back art (tests/test_print_geometry.py
    measures every card to 0.01 mm)."""
    proc = run_cli("deck", "cryptex", "--duplex", duplex, cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    pdf = workdir / "output" / "cryptex-deck.pdf"
    opts = PrintOptions(paper="a4", duplex=duplex)
    plan = plan_sheet(opts)
    W, H = plan.page
    w, h = plan.card
    dpi = 60
    fronts, backs = render_page(pdf, 4, dpi), render_page(pdf, 5, dpi)
    for i, s in enumerate(plan.fronts):
        px, py = s.x + 4 * MM, s.y + h - 4 * MM  # near a card's corner: painted on fronts and backs
        bx, by = (W - px, py) if duplex == "long" else (px, H - py)  # the same spot seen from the back
        assert _painted(fronts, px, py, H, dpi) and _painted(backs, bx, by, H, dpi), (duplex, i)
    # and nothing where no card is: the page corners stay paper white
    for img in (fronts, backs):
        assert not _painted(img, 2 * MM, 2 * MM, H, dpi) and not _painted(img, W - 2 * MM, H - 2 * MM, H, dpi)


def test_back_offset_moves_backs(workdir):
    a = run_cli("deck", "cryptex", "-o", "a.pdf", cwd=workdir)
    b = run_cli("deck", "cryptex", "-o", "b.pdf", "--back-offset", "2,-1", cwd=workdir)
    assert a.returncode == b.returncode == 0
    ia = render_page(workdir / "a.pdf", 1, 72)
    ib = render_page(workdir / "b.pdf", 1, 72)
    # find the painted extent (non-white) on each backs page
    def extent(img):
        inv = img.convert("L").point(lambda v: 0 if v > 250 else 255)
        return inv.getbbox()

    ea, eb = extent(ia), extent(ib)
    assert eb[0] - ea[0] == pytest.approx(2 * 72 / 25.4, abs=1.5)  # 2 mm right
    assert eb[1] - ea[1] == pytest.approx(1 * 72 / 25.4, abs=1.5)  # 1 mm down (image y grows down)
    bad = run_cli("deck", "cryptex", "--back-offset", "two", cwd=workdir)
    assert bad.returncode == 2 and "--back-offset" in bad.stderr


def test_single_boxes_numbers():
    page, trim, bleed = single_boxes(PrintOptions(card_size="tarot", bleed=2))
    assert page == pytest.approx((74 * MM, 124 * MM))
    assert trim == pytest.approx((2 * MM, 2 * MM, 72 * MM, 122 * MM))
    assert bleed == pytest.approx((0, 0, 74 * MM, 124 * MM))


def test_mono_ink_is_grey_and_saver_uses_less_ink(workdir):
    run_cli("deck", "cryptex", "-o", "color.pdf", "--duplex", "none", cwd=workdir, check=True)
    run_cli("deck", "cryptex", "-o", "mono.pdf", "--duplex", "none", "--ink", "mono", cwd=workdir, check=True)
    run_cli("deck", "cryptex", "-o", "saver.pdf", "--duplex", "none", "--ink", "saver", cwd=workdir, check=True)
    mono = render_page(workdir / "mono.pdf", 0, 40)
    raw = mono.tobytes()
    assert raw[0::3] == raw[1::3] == raw[2::3]

    def ink(img):
        raw = img.tobytes()
        return 255 * len(raw) - sum(raw)

    assert ink(render_page(workdir / "saver.pdf", 0, 40)) < 0.5 * ink(render_page(workdir / "color.pdf", 0, 40))


def test_qr_is_vector_and_decodes(tmp_path):
    from printkit.engine.document import Document
    from printkit.engine.qr import draw_qr

    doc = Document(PrintOptions(), title="qr test")
    c = doc.new_page()
    text = "printkit puzzle crypto-crisis --id CC-M-7QK2M9XA"
    module = draw_qr(c, text, 50 * MM, 150 * MM, 30 * MM)
    assert module >= 0.5
    doc.save(tmp_path / "qr.pdf")
    img = render_page(tmp_path / "qr.pdf", 0, 200)
    assert decode_qr(img) == [text]
    page = PdfReader(tmp_path / "qr.pdf").pages[0]
    assert "/XObject" not in page["/Resources"] or not any(
        x.get_object().get("/Subtype") == "/Image" for x in page["/Resources"]["/XObject"].values()
    )
    with pytest.raises(ValueError):
        draw_qr(c, text, 0, 0, 5 * MM)


def test_ellipse_operators_are_reportlabs():
    """The canvas writes circles and ellipses with canvas._ellipse_ops, which
    must give exactly what ReportLab's own path object writes."""
    import random

    from reportlab.pdfgen.pathobject import PDFPathObject

    from printkit.engine.rl import _ellipse_ops

    rng = random.Random(7)
    cases = [(rng.uniform(-300, 900), rng.uniform(-300, 900), rng.uniform(-40, 200), rng.uniform(-40, 200)) for _ in range(3000)]
    for case in cases + [(0, 0, 0, 0), (10.5, 20.25, 3.3333, 3.3333), (100, 100, -5, 7)]:
        p = PDFPathObject(code=[])
        p.ellipse(*case)
        assert _ellipse_ops(*case) == p._code, case


def test_atomic_write_keeps_old_file_on_failure(tmp_path):
    from printkit.engine.document import atomic_write

    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")

    atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    with pytest.raises(TypeError):
        atomic_write(target, "not bytes")  # the write fails half way
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_failed_render_leaves_previous_pdf(workdir):
    from printkit import build
    from printkit.games import get_game

    out = workdir / "deck.pdf"
    out.write_bytes(b"previous")
    comp = get_game("cryptex").components["deck"]
    model = build.build_checked(comp, {})

    def broken(doc, m):
        comp.render(doc, m)
        raise RuntimeError("interrupted")

    broken_comp = comp._replace(render=broken)
    with pytest.raises(RuntimeError):
        build.write_component(broken_comp, model, Request(PrintOptions()), out)
    assert out.read_bytes() == b"previous"
    assert sorted(p.name for p in workdir.iterdir()) == ["deck.pdf"]


# -- the CLI frame -----------------------------------------------------------------

def test_version_help_and_list(workdir):
    v = run_process("--version", cwd=workdir)  # the real entry point, once
    assert v.returncode == 0 and "0.1.0" in v.stdout
    top = run_process("--help", cwd=workdir)
    assert top.returncode == 0
    for verb in ["deck", "sheet", "form", "card", "tokens", "reference", "board", "puzzle", "kit", "validate", "list"]:
        assert verb in top.stdout
        h = run_cli(verb, "--help", cwd=workdir)
        assert h.returncode == 0, (verb, h.stderr)
    listing = run_cli("list", cwd=workdir)
    assert "cryptex" in listing.stdout and "printkit deck" in listing.stdout
    assert run_cli("deck", "cryptex", "--help", cwd=workdir).stdout.count("--duplex") == 1


def test_every_game_command_has_help(workdir):
    from printkit.games import all_games

    for game in all_games().values():
        for comp in game.components.values():
            h = run_cli(comp.name, game.name, "--help", cwd=workdir)
            assert h.returncode == 0 and "--paper" in h.stdout, (comp.name, game.name)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["deck", "nosuchgame"], "no game 'nosuchgame'"),
        (["deck", "cryptex", "--paper", "a5"], "--paper"),
        (["deck", "cryptex", "--duplex", "sideways"], "--duplex"),
        (["deck", "cryptex", "--bleed", "-1"], "--bleed"),
        (["deck", "cryptex", "--copies", "0"], "--copies"),
        (["deck", "cryptex", "--words", "missing.txt"], "missing.txt"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_bad_usage_is_one_line_exit_2(workdir, args, needle):
    proc = run_cli(*args, cwd=workdir)
    assert proc.returncode == 2, proc
    assert needle in proc.stderr
    assert proc.stderr.strip().count("\n") == 0, proc.stderr
    assert_no_traceback(proc)
    assert not (workdir / "output").exists() or not any((workdir / "output").iterdir())


def test_kit_all_builds_every_kit(workdir):
    from printkit.games import all_games

    proc = run_cli("kit", "all", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    for name, game in all_games().items():
        if game.kit:
            pdf = PdfReader(workdir / "output" / f"{name}-kit.pdf")
            assert len(pdf.pages) > 3
    assert "kit" in proc.stdout and "pages" in proc.stdout


def test_user_word_list_extends_the_acceptance_list(workdir):
    args = ["board", "crypto-crisis", "--word", "qwert:L", "--word", "ghost", "--word", "knife", "--json"]
    refused = run_cli(*args, cwd=workdir)
    assert refused.returncode == 1 and "'qwert'" in refused.stderr
    (workdir / "mine.txt").write_text("# house words\nQwert\n")
    ok = run_cli(*args, "--words", "mine.txt", cwd=workdir)
    assert ok.returncode == 0, ok.stderr
    (workdir / "bad.txt").write_text("fine\nnot ok\n")
    bad = run_cli(*args, "--words", "bad.txt", cwd=workdir)
    assert bad.returncode == 2 and "bad.txt" in bad.stderr and "line 2" in bad.stderr


def test_json_with_output_writes_that_file_for_validate(workdir):
    """`--json -o deck.json` writes the JSON to that file (it used to print it
    and ignore -o), and `validate` reads the file back as ok."""
    import json

    from conftest import run_inproc

    r = run_inproc("deck", "cryptex", "--json", "-o", "deck.json", cwd=workdir)
    assert r.returncode == 0 and "wrote deck.json" in r.stdout and "{" not in r.stdout
    model = json.loads((workdir / "deck.json").read_text(encoding="utf-8"))
    assert model["game"] == "cryptex" and len(model["cards"]) == 20
    v = run_inproc("validate", "deck.json", cwd=workdir)
    assert v.returncode == 0 and "ok" in v.stdout
    assert json.loads(run_inproc("deck", "cryptex", "--json", cwd=workdir).stdout) == model  # no -o: standard output


def test_small_print_is_7pt_on_pages_and_never_shrinks(workdir):
    """Ordinary pages carry the small print at 7 pt inside the printable area; a
    seed too long for the line is cut short with an ellipsis, not shrunk."""
    from pdfmeasure import measure

    from printkit.engine.document import Document

    run_cli("sheet", "cryptex", "-o", "short.pdf", cwd=workdir, check=True)
    long_seed = "a-very-long-seed-" * 12
    doc = Document(PrintOptions(), title="t")
    doc.small_print = f"cryptex sheet, seed {long_seed}"
    doc.new_page()
    doc.save(workdir / "long.pdf")
    for name in ("short.pdf", "long.pdf"):
        for page in measure(str(workdir / name)):
            foot = [t for t in page.texts if t.text.startswith("printkit 0.1.0 ·")]
            assert len(foot) == 1 and abs(foot[0].size - 7) < 0.01, (name, page.number, foot)
            assert foot[0].box[1] >= 5 * MM - 0.1 and foot[0].box[2] <= page.width - 5 * MM, (name, page.number, foot[0].box)
            if name == "long.pdf":
                assert "…" in foot[0].text and long_seed not in foot[0].text and "page 1" in foot[0].text


def _noisy_document(pages: int):
    """A document whose pages each carry ~6 KB of compressed content."""
    import random

    from printkit.engine.document import Document

    doc = Document(PrintOptions(), title="spool test")
    rnd = random.Random(7)
    for _ in range(pages):
        c = doc.new_page()
        for _ in range(400):
            c.rect(rnd.uniform(20, 500), rnd.uniform(20, 760), rnd.uniform(1, 40), rnd.uniform(1, 40), stroke=1, fill=0)
    return doc


def test_streamed_save_gives_the_same_bytes_as_pdf_bytes(tmp_path, monkeypatch):
    """Document.save formats the file straight to disk (page streams read back
    from the spool); the bytes must be exactly what the in-memory path gives,
    with a spool file and without one (no temporary folder to write in)."""
    import tempfile

    want = _noisy_document(12).pdf_bytes()
    out = tmp_path / "streamed.pdf"
    assert _noisy_document(12).save(out) == len(want)
    assert out.read_bytes() == want
    assert sorted(p.name for p in tmp_path.iterdir()) == ["streamed.pdf"]
    with _noisy_document(12).pdf_file() as f:  # what PNG export hands pdfium
        assert not isinstance(f, io.BytesIO) and f.read() == want

    def no_temp(*a, **k):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_temp)
    _noisy_document(12).save(out)
    assert out.read_bytes() == want
    assert len(PdfReader(out).pages) == 12
    assert _noisy_document(12).pdf_file().read() == want


def test_alike_pages_written_from_one_dictionary_are_the_long_ways_bytes(workdir, monkeypatch):
    """Pages alike in all but their content take the first one's written
    dictionary with their own content reference: the same bytes as each page
    written the long way (ReportLab's format), for a puzzle batch (sheets,
    hint pages, keys), a kit (forms, card sheets, pages of several sizes
    and boxes), a print-shop deck and an own deck (its row faces and
    pictures as forms)."""
    from printkit.engine.rl import canvas_class

    page_class = canvas_class()._pk_finished_page
    own = Path(__file__).resolve().parents[1] / "examples" / "ember-road"
    runs = [("puzzle", "crypto-crisis", "--count", "9", "-o", "{}.pdf"), ("kit", "cryptex", "-o", "{}.pdf"),
            ("deck", "cryptex", "--layout", "single", "-o", "{}.pdf"),
            ("deck", "--data", str(own / "cards.csv"), "--front", str(own / "front.svg"), "--back", str(own / "back.svg"), "-o", "{}.pdf")]
    for n, args in enumerate(runs):
        run_inproc(*[a.format(f"memo{n}") for a in args], cwd=workdir, check=True)
    monkeypatch.setattr(page_class, "_pk_key", lambda self: None)
    for n, args in enumerate(runs):
        run_inproc(*[a.format(f"long{n}") for a in args], cwd=workdir, check=True)
        assert (workdir / f"memo{n}.pdf").read_bytes() == (workdir / f"long{n}.pdf").read_bytes(), args


def test_pages_wait_on_disk_not_in_memory(tmp_path):
    """Memory while drawing and writing a long document grows by a page's
    dictionary, not by its content: drawing 150 pages of ~6 KB compressed
    content each and saving them keeps far less than that content in memory."""
    import gc
    import tracemalloc

    _noisy_document(2).save(tmp_path / "warm.pdf")  # fonts, imports
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    doc = _noisy_document(150)
    drawn = tracemalloc.get_traced_memory()[0] - base
    size = doc.save(tmp_path / "long.pdf")
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    assert size > 150 * 5000, size  # the content is really there
    assert drawn < size / 2, (drawn, size)
    assert peak < size, (peak, size)  # held whole, it would be about three times the size


def _set_text(markup: str, base: float | None = None):
    """`markup` flowed on A4 by engine/text.py: (pdfium document, page size, margin pt, size used, PDF bytes)."""
    import pypdfium2 as pdfium

    from printkit.engine.document import Document
    from printkit.engine.text import fit_one_page, flow, parse_markup
    from printkit.engine.units import MM, PrintOptions

    doc = Document(PrintOptions(paper="a4"), title="text")
    blocks = parse_markup(markup)
    size = fit_one_page(doc, blocks) if base is None else base
    flow(doc, blocks, size)
    data = doc.pdf_bytes()
    return pdfium.PdfDocument(data), doc.options.paper_pt, 15 * MM, size, data


def _chars(page):
    """(character, left, bottom, right, top) for every character pdfium finds on the page."""
    tp = page.get_textpage()
    return [(tp.get_text_range(i, 1), *tp.get_charbox(i)) for i in range(tp.count_chars())]


def test_text_flows_over_pages_inside_the_margins_and_cuts_a_word_no_line_holds():
    """Measured on the rendered PDF: every letter of a long text lands inside the
    15 mm margins of some page (the footer aside), in order, none twice; a word
    longer than a line is cut rather than run off the page."""
    long_word = "Z" * 120
    paras = [f"## Part {k}" if k % 7 == 0 else f"- item {k}: " + "word " * 40 for k in range(60)]
    markup = "# Title\n\n" + "\n".join(paras) + f"\n\n{long_word} end"
    pdf, (W, H), m, *_ = _set_text(markup, base=10.0)
    assert len(pdf) >= 3
    text = []
    for page in pdf:
        body = [ch for ch in _chars(page) if ch[2] > m * 0.9]  # the small print sits below the margin
        for ch, left, bottom, right, top in body:
            if ch.strip():
                assert m - 0.5 <= left and right <= W - m + 0.5, (ch, left, right)
                assert bottom >= m - 3 and top <= H - m + 0.5, (ch, bottom, top)
        text.append("".join(ch for ch, *_ in body))
    flat = "".join("".join(text).split())
    assert flat.count("Z" * 120) == 1 and flat.endswith("Z" * 120 + "end")
    for k in range(60):
        assert flat.count(f"item{k}:" if k % 7 else f"Part{k}") == 1


def test_emphasis_is_set_in_its_face():
    """**bold**, *italic* and headings reach the PDF in the bold and italic faces."""
    import re

    import pikepdf

    from printkit.engine.document import Document
    from printkit.engine.text import flow, parse_markup
    from printkit.engine.units import PrintOptions

    doc = Document(PrintOptions(paper="a4"), title="text")
    flow(doc, parse_markup("## Heading\n\nPlain **strong words** and *slanted* ones."))
    pdf = pikepdf.open(__import__("io").BytesIO(doc.pdf_bytes()))
    fonts = {str(k): str(v.BaseFont) for k, v in pdf.pages[0].Resources.Font.items()}
    used = []  # (face, text) in drawing order
    face = None
    for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
        if str(op) == "Tf":
            face = fonts[str(operands[0])]
        elif str(op) == "Tj":
            used.append((re.sub(r"^[A-Z]{6}\+", "", face), bytes(operands[0])))
    faces = [f for f, _ in used]
    assert any("Bold" in f and "Italic" not in f for f in faces) and any("Italic" in f for f in faces)
    assert faces[0].endswith("Bold")  # the heading
    assert len(set(faces)) == 3, faces  # regular, bold, italic


def test_rules_size_is_the_largest_that_fits_one_page():
    """A text too long for one page at 10 and 9.5 pt is set at 9 pt, the largest
    of the sizes tried that fits: page counts and type sizes are read from the PDFs."""
    import io

    import pikepdf

    markup = "# Rules\n\n" + "\n\n".join("Lorem ipsum dolor sit amet " * 9 for _ in range(18))
    assert [len(_set_text(markup, base=b)[0]) for b in (10.0, 9.5, 9.0)] == [2, 2, 1]
    pdf, _, _, _, data = _set_text(markup)
    assert len(pdf) == 1
    with pikepdf.open(io.BytesIO(data)) as parsed:
        sizes = {float(operands[1]) for operands, op in pikepdf.parse_content_stream(parsed.pages[0]) if str(op) == "Tf"}
    assert sizes >= {18.0, 9.0} and not sizes & {20.0, 19.0, 10.0, 9.5}, sizes  # the heading is twice the body


def test_every_rules_template_renders():
    """Each game's rules summary (templates/, Jinja2) renders with no placeholder left."""
    from printkit.games import all_games

    games = [g for g in all_games().values() if g.rules_template]
    assert len(games) == 5
    for game in games:
        text = game.rules_text()
        assert "{{" not in text and "{%" not in text and game.title in text, game.name



def test_text_operators_and_widths_are_reportlabs():
    """printkit's text objects write a string already in the selected font subset
    themselves, and the canvas remembers widths: the same operators (subset
    switches included: 600 different characters fill more than two subsets)
    and the same widths as ReportLab's own code, side by side on two documents."""
    import random

    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.textobject import PDFTextObject

    from printkit.engine import fonts
    from printkit.engine.document import Document

    fonts.register_fonts()
    chars = [chr(c) for c in range(0x21, 0x7F)] + [chr(c) for c in range(0xC0, 0x250)]
    rng = random.Random(3)
    texts = ["".join(rng.choice(chars) for _ in range(rng.randint(0, 6))) for _ in range(1500)] + ["12", "12", "(a)\\", ""]
    docs = [Document(PrintOptions(), title="t") for _ in range(2)]
    objs = [doc.c.beginText() for doc in docs]
    seen = set()
    for text in texts:
        font, size = rng.choice([(fonts.SANS, 9), (fonts.SANS_BOLD, 13), (fonts.SANS, 7.5)])
        if rng.random() < 0.1:
            for t in objs:
                t.setFont(font, size)
        mine = objs[0]._formatText(text)
        theirs = PDFTextObject._formatText(objs[1], text)
        assert mine == theirs and objs[0]._curSubset == objs[1]._curSubset, text
        assert docs[0].c.stringWidth(text, font, size) == stringWidth(text, font, size)
        seen.add(objs[0]._curSubset)
    assert {0, 1} <= seen  # texts in more than one subset, switched between


def test_canvas_strings_are_reportlabs():
    """The canvas writes drawString/drawCentredString/drawRightString itself in
    the usual case: the same operators as ReportLab's own methods, side by side on
    two documents (random texts over several subsets, sizes, positions; empty
    texts, a Type 1 font and a render mode take ReportLab's path)."""
    import random

    from reportlab.pdfgen.canvas import Canvas

    from printkit.engine import fonts
    from printkit.engine.document import Document

    fonts.register_fonts()
    chars = [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xC0, 0x250)]
    rng = random.Random(5)
    docs = [Document(PrintOptions(), title="t") for _ in range(2)]
    mine, theirs = docs[0].c, docs[1].c
    for k in range(1500):
        font, size = rng.choice([(fonts.SANS, 9), (fonts.SANS_BOLD, 13.5), (fonts.SANS_ITALIC, 7), ("Helvetica", 10)])
        for c in (mine, theirs):
            c.setFont(font, size)
        text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 8))) if k % 2 else rng.choice(["12", "Bó", "ŁX", "", "7"])  # seen again too
        x, y = rng.uniform(-50, 600), rng.uniform(-50, 800)
        name = rng.choice(["drawString", "drawCentredString", "drawRightString"])
        extra = {"mode": 2} if k % 50 == 0 else {}
        before = len(mine._code), len(theirs._code)
        getattr(mine, name)(x, y, text, **extra)
        getattr(Canvas, name)(theirs, x, y, text, **extra)
        assert mine._code[before[0]:] == theirs._code[before[1]:], (name, text, font)
    assert mine._code == theirs._code


def _printkit_imports(path) -> set[str]:
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("printkit"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("printkit"):
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def test_the_foundation_sits_below_the_engine():
    """printkit/base (file writes, workers, the bounded child, shelves,
    progress) imports nothing of printkit but itself and errors; the engine
    imports no game, no own-game code and nothing of the floors above it."""
    from conftest import ROOT

    for path in sorted((ROOT / "printkit" / "base").glob("*.py")):
        wrong = {m for m in _printkit_imports(path) if not m.startswith(("printkit.base", "printkit.errors"))}
        assert not wrong, f"{path.name} imports {sorted(wrong)}"
    above = ("printkit.games", "printkit.custom", "printkit.app", "printkit.cli", "printkit.serve", "printkit.build", "printkit.kit", "printkit.puzzles", "printkit.shelf")
    for path in sorted((ROOT / "printkit" / "engine").glob("*.py")):
        wrong = {m for m in _printkit_imports(path) if m.startswith(above)}
        assert not wrong, f"engine/{path.name} imports {sorted(wrong)}"
    assert not (ROOT / "printkit" / "engine" / "files.py").exists() and not (ROOT / "printkit" / "shelf.py").exists()
