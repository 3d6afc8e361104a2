"""What the run summary and the printed pages say about an own game: warnings
with real sizes and names, one-sided decks called one-sided, errors grouped,
marks where the cards are (a reviewer's print of examples/ember-road)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, run_inproc
from pdfmeasure import measure

EXAMPLE = ROOT / "examples" / "ember-road" / "game.toml"
SMALL = re.compile(r"Warning: (?P<where>.*?): text under 12 pt \(e\.g\. (?P<size>[\d.]+) pt\) in (?P<colour>#[0-9a-f]{6})")


def test_cmyk_small_text_warning_gives_paper_size_and_names_the_element(tmp_path):
    out = tmp_path / "kit.pdf"
    proc = run_inproc("make", str(EXAMPLE), "--color", "cmyk", "-o", str(out), cwd=ROOT)  # the kit: every part (--layout single would print the cards alone)
    assert proc.returncode == 0, proc.stderr
    found = [m.groupdict() for m in SMALL.finditer(proc.stdout)]
    assert found, proc.stdout
    colours = {f["colour"] for f in found}
    # the icon's fill (#f0e442, a circle and inline icons) is not text; the 17 pt back title and 13 pt cost are not small
    assert "#f0e442" not in colours and "#e69f00" not in colours, proc.stdout
    assert not any("back.svg" in f["where"] for f in found)
    # every warned size is a size some text has on the printed page (pt, after the template's mm scale)
    sizes = {round(t.size, 1) for p in measure(out) for t in p.texts}
    for f in found:
        assert float(f["size"]) < 12
        assert any(abs(float(f["size"]) - s) < 0.06 for s in sizes), (f, sorted(sizes))
        assert f["where"].startswith(("Road deck, front.svg text", "Ember and lantern tokens, token.toml element")), f
    power = [f for f in found if f["colour"] == "#3a2a1a"]
    assert power and abs(float(power[0]["size"]) - 3.4 * 72 / 25.4) < 0.05  # the 3.4 mm power line, 9.64 pt


@pytest.mark.parametrize("option", [("--layout", "fold"), ("--duplex", "none")])
def test_one_sided_decks_are_called_one_sided(tmp_path, option):
    import pypdfium2 as pdfium

    out = tmp_path / "kit.pdf"
    proc = run_inproc("make", str(EXAMPLE), *option, "-o", str(out), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "two-sided" not in proc.stdout and re.search(r"Road deck: pages \d+-\d+\n", proc.stdout), proc.stdout
    assert "  Rules: page 3\n" in proc.stdout  # one page: "page", not "pages"
    pdf = pdfium.PdfDocument(str(out))
    guide = pdf[1].get_textpage().get_text_range()
    pdf.close()
    assert "Every page prints one-sided" in guide and "two, long edge" not in guide and "calibrate" not in guide
    assert re.search(r"Road deck \d+-\d+ one", guide), guide


def test_two_sided_deck_still_two_sided(tmp_path):
    proc = run_inproc("make", str(EXAMPLE), "-o", str(tmp_path / "kit.pdf"), cwd=ROOT)
    assert proc.returncode == 0 and "Road deck: pages 5-14, two-sided (long edge)" in proc.stdout


def test_trim_warning_names_every_edge_crossed(tmp_path):
    proc = run_inproc("make", "tests/corpus/squib/game.toml", "-o", str(tmp_path / "s.pdf"), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    line = next(l for l in proc.stdout.splitlines() if "OWN-TRIM" in l and "card 1 " in l)
    m = re.search(r"spans (-?[\d.]+)-([\d.]+) mm across", line)
    assert float(m[1]) < 0 and float(m[2]) > 63.5  # ink over both side edges of the 63.5 mm card...
    assert "at the left and" in line and "at the right edges" in line  # ...and both are named


def test_warning_on_every_card_says_how_many(tmp_path):
    proc = run_inproc("make", "tests/corpus/proxyprinter/game.toml", "-o", str(tmp_path / "p.pdf"), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    safe = [l for l in proc.stdout.splitlines() if "OWN-SAFE-ZONE" in l and "element 8" in l]
    assert len(safe) == 1 and safe[0].endswith("(and 6 more cards like it)"), proc.stdout


def test_errors_of_one_row_grouped_and_files_named_from_the_project(tmp_path):
    import shutil

    game = tmp_path / "game"
    shutil.copytree(EXAMPLE.parent, game)
    csv = game / "cards.csv"
    text = csv.read_text()
    csv.write_text(text.replace("look at the top card first.", "look at the :nope: card first."))  # a qty 3 row
    proc = run_inproc("make", "game.toml", "-o", str(tmp_path / "k.pdf"), cwd=game)
    assert proc.returncode == 1
    errors = [l for l in proc.stderr.splitlines() if "OWN-ICON" in l]
    assert len(errors) == 1 and "(cards.csv line 2)" in errors[0] and errors[0].endswith("(and 2 more cards like it)"), proc.stderr
    assert "refused: 1 rule violation(s)" in proc.stderr
    lines = text.splitlines()
    lines[2] += ",extra"
    csv.write_text("\n".join(lines) + "\n")
    proc = run_inproc("make", str(game / "game.toml"), "-o", str(tmp_path / "k.pdf"), cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("printkit: error: cards.csv line 3: qty must be a whole number 0-1000, not '3,extra'") and str(tmp_path) not in proc.stderr, proc.stderr  # the extra cell read into the last column


def test_token_heading_has_one_pair_of_brackets(tmp_path):
    """A group title ending in brackets takes the count inside them."""
    from pypdf import PdfReader

    out = tmp_path / "cw.pdf"
    proc = run_inproc("kit", "cryptic-words", "-o", str(out), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert "(24 a player, 48 in all)" in text
    assert not re.search(r"\) \(\d+\)", text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_of_a_part_filled_sheet_end_at_its_cards(tmp_path, paper):
    """Ember Road's last fronts page holds 4 of 9 cards: every vertical mark is
    within a few mm of a card's top or bottom edge, none 90 mm below the last card."""
    out = tmp_path / "kit.pdf"
    proc = run_inproc("make", str(EXAMPLE), "--paper", paper, "-o", str(out), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    page = measure(out, [13])[0]
    fills = [m.box for m in page.marks if m.kind in ("fill", "image") and (m.box[2] - m.box[0]) > 150]  # the card faces
    strokes = [m.box for m in page.marks if m.kind == "stroke" and (m.box[2] - m.box[0]) < 1 and (m.box[3] - m.box[1]) > 5]  # vertical marks
    assert fills and strokes
    bottom = min(b[1] for b in fills)
    assert min(s[1] for s in strokes) > bottom - 40, (bottom, sorted(s[1] for s in strokes))  # marks end near the lowest card
    for s in strokes:  # each vertical mark is on the cut line of a card present
        assert any(abs(s[0] - b[0]) < 12 or abs(s[0] - b[2]) < 12 for b in fills), s
