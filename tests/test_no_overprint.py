"""Nothing overprints (issue 37.4): no printed text runs into other text on any
page of the kits, in any language, on A4 or Letter.

The detector (tests/textcollide.py) reads each page's glyph boxes with pdfium
and flags two text runs whose glyphs overlap, and a solid ruled line (a box
edge, a table rule, a frame) that runs through a glyph. The default tier checks the pages
the translations broke (the Crypticolor score sheet and Crypticard, the Crypto
Crisis merged boards, the Cryptic Words puzzle pages) in the languages that
broke them; `--runslow` sweeps every page of `kit all` in all five languages at
A4 and Letter; and no label is fitted by shrinking it under 7 pt (fonts.fit_size
watched while `kit all` runs, with --runslow).
"""

from __future__ import annotations

import pytest

from conftest import run_cli
from textcollide import COVER_FILL, collisions, crossings

LANGS = ("en", "de", "fr", "es", "nl")
PAPERS = ("a4", "letter")


def _planted(path, overlap: bool) -> None:
    """A page of text lines and a label; with `overlap`, a second label drawn
    into the first (a translated label longer than the English it replaced)."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(300, 200))
    c.setFont("Helvetica", 10)
    for k, line in enumerate(("A paragraph of running text,", "set line under line at a", "leading of 1.3 times its size.")):
        c.drawString(20, 170 - 13 * k, line)
    c.setFont("Helvetica-Bold", 12)
    c.drawString(20, 100, "MERGED BOARD")
    c.setFont("Helvetica", 9)
    c.drawString(20 + (70 if overlap else 110), 100, "by ______ for ______")
    c.drawString(20, 60, "Bold then")
    c.setFont("Helvetica-Bold", 9)
    c.drawString(20 + c.stringWidth("Bold then ", "Helvetica", 9), 60, "regular, side by side")
    # a box after its label, and a struck word (a line made for the text it crosses)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(20, 30, "OPPONENT'S CODE WORD")
    c.rect(20 + (90 if overlap else 130), 24, 20, 20)
    c.setFont("Helvetica", 9)
    c.drawString(200, 30, "struck")
    c.line(198, 33, 228, 33)
    c.save()


def _ignore(run) -> bool:
    # the letters on the Crypto Crisis hint flap overprint each other on purpose
    return run.fill == COVER_FILL


def test_detector_catches_a_planted_overlap_and_passes_clean_text(tmp_path):
    clean, planted = tmp_path / "clean.pdf", tmp_path / "planted.pdf"
    _planted(clean, overlap=False)
    _planted(planted, overlap=True)
    assert collisions(clean) == []
    found = collisions(planted)
    assert len(found) == 1, found
    assert {found[0].a, found[0].b} == {"MERGEDBOARD", "by______for______"}
    x0, y0, x1, y1 = found[0].box
    assert 90 <= x0 < x1 <= 110 + 20 and 95 < y1  # where the two labels meet
    assert crossings(clean) == []
    crossed = crossings(planted)
    assert [c.text for c in crossed] == ["OPPONENT'SCODEWORD"], crossed
    x0, y0, x1, y1 = crossed[0].line
    assert x0 == x1 and round(x0) in (110, 130) and (y0, y1) == (24, 44)  # an upright edge of the box


def _kit(tmp_path, game: str, lang: str, paper: str):
    out = tmp_path / f"{game}-{lang}-{paper}.pdf"
    proc = run_cli("kit", game, "--lang", lang, "--paper", paper, "--jobs", "1", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.mark.parametrize("game, lang, paper", [
    ("crypticolor", "fr", "a4"),  # score-sheet heading, opponent's code word, decoder captions
    ("crypto-crisis", "nl", "letter"),  # merged-board title
    ("cryptic-words", "de", "letter"),  # the 6-6 clue line ran into the answer line; the reference card's column out of its frame
])
def test_pages_the_translations_broke_print_clear(tmp_path, game, lang, paper):
    pdf = _kit(tmp_path, game, lang, paper)
    found = collisions(pdf, ignore=_ignore) + crossings(pdf, ignore=_ignore)
    assert not found, "\n".join(map(str, found))


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_page_of_every_kit_prints_clear(tmp_path, lang, paper):
    out = tmp_path / "kits"
    proc = run_cli("kit", "all", "--lang", lang, "--paper", paper, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    pdfs = sorted(out.glob("*.pdf"))
    assert len(pdfs) == 6  # five kits and the index
    found = [f"{p.name} {c}" for p in pdfs for c in collisions(p, ignore=_ignore) + crossings(p, ignore=_ignore)]
    assert not found, f"{len(found)} overprints:\n" + "\n".join(found)


def test_detector_sees_a_box_edge_in_the_gap_between_two_letters(tmp_path):
    """A box edge that falls between two glyphs of a label (through no glyph's ink)
    still crosses it: the Spanish PALABRA CLAVE ran one letter into its first box."""
    from reportlab.pdfgen import canvas

    def page(path, edge):
        c = canvas.Canvas(str(path), pagesize=(200, 60))
        c.setFont("Helvetica-Bold", 10)
        c.drawString(20, 25, "PALABRA CLAVE")
        c.rect(edge, 18, 20, 20)
        c.save()

    width = canvas.Canvas(str(tmp_path / "w.pdf")).stringWidth("PALABRA CLAV", "Helvetica-Bold", 10)
    page(tmp_path / "into.pdf", 20 + width + 0.4)  # between the V's ink and the E's
    page(tmp_path / "after.pdf", 20 + width + 12)
    found = crossings(tmp_path / "into.pdf")
    assert [c.text for c in found] == ["PALABRACLAVE"], found
    assert crossings(tmp_path / "after.pdf") == []


def _shrunk_labels(monkeypatch, tmp_path, run) -> list[str]:
    """The labels squeezed under 7 pt (and by more than 8%) to fit their box
    while `run` runs: fonts.fit_size watched, forked workers too (through a file)."""
    from printkit.engine import fonts

    log = tmp_path / "shrunk.txt"
    fit = fonts.fit_size

    def watched(text, font, size, width, *args, **kwargs):
        got = fit(text, font, size, width, *args, **kwargs)
        if got < 7.0 and got < size * 0.92:
            with open(log, "a", encoding="utf-8") as fh:
                fh.write(f"{text!r} {size:.1f} -> {got:.1f} pt\n")
        return got

    monkeypatch.setattr(fonts, "fit_size", watched)
    run()
    return sorted(set(log.read_text(encoding="utf-8").splitlines())) if log.exists() else []


def test_shrink_watch_sees_a_squeezed_label(monkeypatch, tmp_path):
    from reportlab.pdfgen import canvas

    from printkit.engine import fonts, text

    fonts.register_fonts()
    c = canvas.Canvas(str(tmp_path / "x.pdf"))
    found = _shrunk_labels(monkeypatch, tmp_path, lambda: (text.label_in_box(c, "Exemplaires", 0, 0, 40, 20, size=8.5), text.label_in_box(c, "Sets", 0, 0, 40, 20, size=8.5)))
    assert len(found) == 1 and found[0].startswith("'Exemplaires' 8.5 -> ")


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_translated_label_is_squeezed_below_7_pt(monkeypatch, tmp_path, lang, paper):
    """A label longer in translation is not fitted by shrinking it under 7 pt (the
    French index's 'Exemplaires' column head was set at 6 pt): English has none."""
    from printkit.cli import main

    def run():
        with pytest.raises(SystemExit) as exc:
            main(["kit", "all", "--lang", lang, "--paper", paper, "--output", str(tmp_path / "kits"), "--jobs", "1"])
            raise SystemExit(0)  # main returns when it does not exit
        assert not exc.value.code

    found = _shrunk_labels(monkeypatch, tmp_path, run)
    assert not found, "\n".join(found)
