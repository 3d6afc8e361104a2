"""`--cards 3,7-9` on `deck --data` and `make`: only those cards, each as it
prints in the whole deck (its number, its pixels), and bad lists refused."""

from __future__ import annotations

import shutil

import pytest
from PIL import Image, ImageChops

from tests.conftest import ROOT, run_inproc

EXAMPLE = ROOT / "examples" / "ember-road"
DECK = ["deck", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg"]


@pytest.fixture()
def project(tmp_path):
    dest = tmp_path / "ember"
    shutil.copytree(EXAMPLE, dest)
    return dest


def test_selected_cards_are_the_whole_decks_cards(project):
    whole = run_inproc(*DECK, "--format", "png", "--dpi", "72", "-o", "all", cwd=project)
    assert whole.returncode == 0, whole.stderr
    some = run_inproc(*DECK, "--format", "png", "--dpi", "72", "--cards", "3,7-9,8", "-o", "some", cwd=project)
    assert some.returncode == 0, some.stderr
    names = sorted(p.name for p in (project / "some").glob("*.png"))
    assert names == ["back.png"] + [f"card-{n:03d}-front.png" for n in (3, 7, 8, 9)]  # one shared back
    for name in names:  # card 8 drawn alone is card 8 of the whole deck, pixel for pixel
        a, b = Image.open(project / "all" / name).convert("RGB"), Image.open(project / "some" / name).convert("RGB")
        assert a.size == b.size and ImageChops.difference(a, b).getbbox() is None, name
    other = Image.open(project / "all" / "card-004-front.png").convert("RGB")
    assert ImageChops.difference(other, Image.open(project / "some" / "card-003-front.png").convert("RGB")).getbbox() is not None


def test_selected_pdf_names_the_selection(project):
    import pypdf

    proc = run_inproc(*DECK, "--layout", "single", "--cards", "2,5-6", "-o", "sel.pdf", cwd=project)
    assert proc.returncode == 0, proc.stderr
    reader = pypdf.PdfReader(project / "sel.pdf")
    assert len(reader.pages) == 6  # three cards, front and back
    assert "--cards 2,5-6" in reader.metadata["/Keywords"]


def test_make_cards_picks_from_the_one_deck(project):
    proc = run_inproc("make", "game.toml", "--cards", "40", "--format", "png", "--dpi", "50", "-o", "out", cwd=project)
    assert proc.returncode == 0, proc.stderr
    # --cards picks the one deck (as --only road would): its files in the folder itself
    assert sorted(p.name for p in (project / "out").iterdir()) == ["card-040-back.png", "card-040-front.png"]
    proc = run_inproc("make", "game.toml", "--cards", "2", "--only", "embers", cwd=project)
    assert proc.returncode == 2 and "--only DECK (decks: road)" in proc.stderr


@pytest.mark.parametrize("given, message", [
    ("41", "--cards 41: card 41 is not in the deck (40 cards)"),
    ("0", "--cards 0: cards count from 1"),
    ("3-x", "--cards must look like 1,3-5, not '3-x'"),
    ("9-4", "--cards 9-4: a range runs from the lower card to the higher"),
])
def test_bad_card_lists_are_refused_in_one_line(project, given, message):
    proc = run_inproc(*DECK, "--cards", given, cwd=project)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"printkit: error: {message}"
    assert not (project / "output").exists()
