"""printkit.toml defaults, the duplex calibration sheet, print-shop page order."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import assert_no_traceback, render_page, run_cli
from printkit.engine.calibrate import mirror, pointers, scale_zeros
from printkit.engine.units import MM, PrintOptions


def test_config_file_sets_defaults_and_the_command_line_wins(workdir):
    (workdir / "printkit.toml").write_text('paper = "letter"\nback-offset = [1, -0.5]\noutput = "prints"\n')
    listing = run_cli("list", cwd=workdir)
    assert "letter" in listing.stdout and "printkit.toml" in listing.stdout
    assert "built-in" in listing.stdout  # the rest still come from printkit itself
    run_cli("deck", "cryptex", cwd=workdir, check=True)
    pdf = PdfReader(workdir / "prints" / "cryptex-deck.pdf")
    assert float(pdf.pages[0].mediabox.height) == pytest.approx(792, abs=0.1)
    assert "--back-offset 1,-0.5" in pdf.metadata["/Keywords"]
    run_cli("deck", "cryptex", "--paper", "a4", "--back-offset", "0,0", cwd=workdir, check=True)
    pdf = PdfReader(workdir / "prints" / "cryptex-deck.pdf")
    assert float(pdf.pages[0].mediabox.height) == pytest.approx(841.89, abs=0.1)


@pytest.mark.parametrize("text, needle", [('paper = "a5"', "paper"), ("colour = 1", "unknown setting 'colour'"), ("paper = ", "not valid TOML"), ("bleed = 40", "bleed")])
def test_bad_config_is_one_line(workdir, text, needle):
    (workdir / "printkit.toml").write_text(text + "\n")
    proc = run_cli("deck", "cryptex", cwd=workdir)
    assert proc.returncode == 2 and needle in proc.stderr
    assert proc.stderr.strip().count("\n") == 0
    assert_no_traceback(proc)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_reading_the_scales_gives_the_offset(duplex):
    """A printer that shifts the back side by d: each pointer lands on -d of its
    scale; printing again with --back-offset equal to the reading puts the
    scales' zeros back under the pointers."""
    page = PrintOptions().paper_pt
    d = (1.5, -0.75)  # mm, the printer's error on the back side
    for offset in [(0.0, 0.0)]:
        zeros = scale_zeros(page, duplex, offset)
        readings = {}
        for p, z in zip(pointers(page), zeros):
            px, py = mirror(p.zero, page, duplex)  # where the pointer shows on the back side
            zx, zy = z.zero[0] + d[0] * MM, z.zero[1] + d[1] * MM  # where the printer put the scale
            readings[p.name] = ((px - zx) / MM) if p.axis == "x" else ((py - zy) / MM)
        x = (readings["top"] + readings["bottom"]) / 2
        y = (readings["left"] + readings["right"]) / 2
        assert (x, y) == pytest.approx((-d[0], -d[1]))
        fixed = scale_zeros(page, duplex, (x, y))
        for p, z in zip(pointers(page), fixed):
            px, py = mirror(p.zero, page, duplex)
            assert (z.zero[0] + d[0] * MM, z.zero[1] + d[1] * MM) == pytest.approx((px, py))


def test_calibration_sheet_back_moves_by_exactly_the_offset(workdir):
    run_cli("calibrate", "-o", "a.pdf", cwd=workdir, check=True)
    run_cli("calibrate", "-o", "b.pdf", "--back-offset", "2,-3", cwd=workdir, check=True)
    assert len(PdfReader(workdir / "a.pdf").pages) == 2
    dpi = 144
    a, b = render_page(workdir / "a.pdf", 1, dpi), render_page(workdir / "b.pdf", 1, dpi)
    W, H = PrintOptions().paper_pt
    for z in scale_zeros((W, H), "long", (0, 0)):
        x, y = z.zero
        box = (int((x - 11 * MM) * dpi / 72), int((H - y - 11 * MM) * dpi / 72), int((x + 11 * MM) * dpi / 72), int((H - y + 11 * MM) * dpi / 72))

        def ink(img):
            return img.crop(box).convert("L").point(lambda v: 255 if v < 128 else 0).getbbox()

        ea = ink(a)
        # b's scale sits 2 mm right and 3 mm down of a's: shift the window to find it
        box_b = (box[0] + round(2 * MM * dpi / 72), box[1] + round(3 * MM * dpi / 72), box[2] + round(2 * MM * dpi / 72), box[3] + round(3 * MM * dpi / 72))
        eb = b.crop(box_b).convert("L").point(lambda v: 255 if v < 128 else 0).getbbox()
        assert ea is not None and eb is not None
        assert all(abs(p - q) <= 1 for p, q in zip(ea, eb)), (z.name, ea, eb)
    text = PdfReader(workdir / "b.pdf").pages[1].extract_text()
    assert "2, -3 mm" in text


def test_print_shop_page_orders(workdir):
    run_cli("deck", "cryptex", "--layout", "single", "-o", "i.pdf", cwd=workdir, check=True)
    run_cli("deck", "cryptex", "--layout", "single", "--order", "fronts-first", "-o", "f.pdf", cwd=workdir, check=True)
    inter = [p.extract_text() for p in PdfReader(workdir / "i.pdf").pages]
    first = [p.extract_text() for p in PdfReader(workdir / "f.pdf").pages]
    assert len(inter) == len(first) == 40
    # a back carries the word CRYPTEX twice and no card number; a front carries its number
    assert [("?" in t and t.count("CRYPTEX") == 2) for t in inter[1::2]] == [True] * 20
    assert all(t.count("CRYPTEX") == 1 for t in first[:20])
    assert all(t.count("CRYPTEX") == 2 for t in first[20:])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_sheet_text_is_6_pt_or_more_and_clear(workdir, paper):
    """Every text run on both pages of the calibration sheet (its scales' numbers
    were 5.5 pt) is at least 6 pt, read from the content streams' sizes
    (tests/pdfmeasure.py), and no text runs into other text or a ruled tick
    (tests/textcollide.py)."""
    from pdfmeasure import measure, small_text
    from textcollide import collisions, crossings

    run_cli("calibrate", "--paper", paper, "-o", "cal.pdf", cwd=workdir, check=True)
    pages = measure(workdir / "cal.pdf")
    numbers = [t for t in pages[1].texts if t.text.strip().isdigit()]
    assert len(numbers) == 20, numbers  # five numbers on each of the four scales, measured
    assert not small_text(pages, 6.0), small_text(pages, 6.0)
    assert collisions(workdir / "cal.pdf") == []
    assert crossings(workdir / "cal.pdf") == []
