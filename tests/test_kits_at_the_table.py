"""Kits a table enjoys (issue 26): who decides what is a word, rules wordings
settled, supplies complete, tokens that cut and read in grey, labels clear of
cut lines. Measured on the PDFs (text runs, rendered pixels)."""

from __future__ import annotations

import pytest

from conftest import render_page, run_inproc
from pdfmeasure import measure
from printkit.engine.units import MM

WORD_GAMES = ("cryptex", "cryptic-words", "crypticolor", "crypto-crisis", "scryptic")


@pytest.mark.parametrize("name", WORD_GAMES)
def test_rules_say_who_decides_what_is_a_word_and_supplies_list_a_dictionary(name):
    from printkit.games import all_games

    game = all_games()[name]
    text = " ".join(game.rules_text().replace("*", "").split())
    assert "printed dictionary" in text and "Collins Scrabble Words" in text, name  # a named printed dictionary
    assert "None to hand" in text or "No dictionary to hand" in text, name  # and the house rule without one
    assert "words-accept.txt" not in text  # a file on a computer decides nothing at the table
    assert any(item == "Dictionary" for item, _ in game.supplies), name


def test_rules_wordings_settled():
    from printkit.games import all_games

    games = all_games()
    scryptic = " ".join(games["scryptic"].rules_text().split())
    assert "while no enemy letter stands on it" not in scryptic  # an empty pewter city read as everyone's
    assert "an empty pewter city is nobody's" in scryptic
    assert "(plains, forest, mountain or ice)" in scryptic and "ice is not water" in scryptic
    assert "a word in two lists has both" in scryptic
    cc = " ".join(games["crypto-crisis"].rules_text().split())
    assert "Name the colour with each guess** (our rule" in cc
    assert "coloured pencils" in cc and "45:00" in cc
    supplies = dict(games["crypto-crisis"].supplies)
    assert "Coloured pencils" in supplies and "45:00" in supplies["Timer"]
    cy = " ".join(games["crypticolor"].rules_text().split())
    assert "each scores as a single cell would: **+1** a hit, **\u22121** a miss" in cy
    from printkit.games.scryptic import model as M

    ref = M.build_reference({})
    assert "while no enemy letter" not in " ".join(ref["after"])


def test_cryptex_scoring_rows_are_whole(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert run_inproc("sheet", "cryptex", "-o", str(out), cwd=tmp_path).returncode == 0
    text = measure(out)[0].text()
    assert "of each started cryptex" not in text  # the row once ran on into the points column
    assert "Half-game: each started, unfinished cryptex −1 per empty box" in text


def test_crypticolor_miss_tokens_have_white_cut_lines(tmp_path):
    out = tmp_path / "tokens.pdf"
    assert run_inproc("tokens", "crypticolor", "-o", str(out), cwd=tmp_path).returncode == 0
    page = measure(out)[0]
    miss = [t for t in page.texts if t.text == "MISS"]
    assert len(miss) == 26
    img = render_page(out, 0, dpi=200).convert("L")
    k = 200 / 72
    H = page.height
    # between the first two MISS tokens of a row: a light line through the black block
    a, b = sorted(miss[:2], key=lambda t: t.x)
    x_mid = (a.x + b.x) / 2 + (b.box[2] - b.box[0]) / 2  # the tokens' shared edge (both labels centred)
    y = a.y + 8 * MM  # inside the tokens, above the label
    row = [img.getpixel((int(x * k), int((H - y) * k))) for x in (x_mid + d / 10 for d in range(-20, 21))]
    assert min(row) < 40 and max(row) > 180, row  # black token, then a white cut line


def test_scryptic_gold_and_silver_tell_apart_in_mono(tmp_path):
    out = tmp_path / "tokens.pdf"
    assert run_inproc("tokens", "scryptic", "--ink", "mono", "-o", str(out), cwd=tmp_path).returncode == 0
    img = render_page(out, 0, dpi=60).convert("L")  # arm's length: coarse pixels
    page = measure(out)[0]
    heads = {t.text.split()[0]: t for t in page.texts if "pool (" in t.text}
    k = 60 / 72
    H = page.height

    def dark_share(head) -> float:
        top = int((H - head.y) * k) + 6
        box = img.crop((int(12 * MM * k), top, int(100 * MM * k), top + int(40 * MM * k)))
        px = box.tobytes()  # one byte a pixel (L)
        return sum(1 for v in px if v < 90) / len(px)

    gold, silver = dark_share(heads["Gold"]), dark_share(heads["Silver"])
    assert gold > silver + 0.08, (gold, silver)


def test_scryptic_column_labels_keep_off_the_cut_line(tmp_path):
    from printkit.engine.tiles import plan_tiles
    from printkit.games.scryptic import rules as R

    out = tmp_path / "board.pdf"
    assert run_inproc("board", "scryptic", "--paper", "a4", "-o", str(out), cwd=tmp_path).returncode == 0
    pages = measure(out)
    assert len(pages) == 2
    side = R.board_mm(15, "a4")
    plan = plan_tiles(side, side, (210, 297), hug_seams=True)
    tile = plan.tiles[1]
    cut = tile.to_page(tile.cut_x, tile.y)[0] * MM
    labels = [t for t in pages[1].texts if len(t.text) == 1 and t.text.isalpha() and t.box]
    assert labels
    crossed = [t for t in labels if t.box[0] - 0.5 < cut < t.box[2] + 0.5]
    assert not crossed, (cut, crossed)


def test_cmyk_warns_of_small_text_on_several_plates(tmp_path):
    """--color cmyk: text under 12 pt whose colour takes more than one plate is
    named in the run summary; near-neutral darks go on K alone; the built-in
    kits have none."""
    from pathlib import Path

    from printkit.engine import color

    assert color.rgb_to_cmyk(0.20, 0.21, 0.22)[:3] == (0.0, 0.0, 0.0)  # within 3% of neutral, dark: K alone
    assert sum(v > 0 for v in color.rgb_to_cmyk(0x3A / 255, 0x2A / 255, 0x1A / 255)) == 3  # Ember Road's brown stays a colour
    project = Path(__file__).resolve().parent.parent / "examples" / "ember-road" / "game.toml"
    own = run_inproc("make", str(project), "--color", "cmyk", "-o", str(tmp_path / "er"), cwd=tmp_path)
    assert own.returncode == 0, own.stderr
    assert "text under 12 pt" in own.stdout and "#3a2a1a prints on 3 plates (C0 M32 Y41 K91)" in own.stdout
    rgb = run_inproc("make", str(project), "-o", str(tmp_path / "er-rgb"), cwd=tmp_path)
    assert rgb.returncode == 0 and "text under 12 pt" not in rgb.stdout  # RGB files are not separated


def test_builtin_kits_have_no_small_text_on_several_plates(tmp_path):
    kits = run_inproc("kit", "all", "--color", "cmyk", "-o", str(tmp_path / "kits"), cwd=tmp_path)
    assert kits.returncode == 0, kits.stderr
    assert "text under 12 pt" not in kits.stdout + kits.stderr
