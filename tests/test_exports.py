"""Digital exports: --format png, tabletop sheets, printkit preview."""

from __future__ import annotations

from PIL import Image

from conftest import assert_no_traceback, run_cli


def test_deck_as_png_cards_and_one_back(workdir):
    proc = run_cli("deck", "cryptex", "--format", "png", "--dpi", "72", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    folder = workdir / "output" / "cryptex-deck-png"
    names = sorted(p.name for p in folder.iterdir())
    # the backs are one design: one back.png, not twenty copies; no tabletop sheet (that is --format tabletop)
    assert names == ["back.png"] + [f"card-{i:03d}-front.png" for i in range(1, 21)]
    card = Image.open(folder / "card-001-front.png")
    # trim size 63 x 88 mm at 72 dpi, no bleed
    assert abs(card.width - 63 / 25.4 * 72) <= 1 and abs(card.height - 88 / 25.4 * 72) <= 1
    assert Image.open(folder / "back.png").size == card.size


def test_sheet_as_png_pages(workdir):
    run_cli("sheet", "cryptex", "--format", "png", "--dpi", "50", cwd=workdir, check=True)
    pages = list((workdir / "output" / "cryptex-sheet-png").iterdir())
    assert [p.name for p in pages] == ["page-001.png"]
    img = Image.open(pages[0])
    assert abs(img.width - 210 / 25.4 * 50) <= 1


def test_preview(workdir):
    run_cli("deck", "cryptex", cwd=workdir, check=True)
    proc = run_cli("preview", "output/cryptex-deck.pdf", "--pages", "1,5-6", "--dpi", "40", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    names = sorted(p.name for p in (workdir / "output" / "cryptex-deck-preview").iterdir())
    assert names == ["page-001.png", "page-005.png", "page-006.png"]
    for args in (["preview", "missing.pdf"], ["preview", "output/cryptex-deck.pdf", "--pages", "9"], ["preview", "output/cryptex-deck.pdf", "--pages", "x"]):
        bad = run_cli(*args, cwd=workdir)
        assert bad.returncode == 2 and bad.stderr.strip().count("\n") == 0, bad.stderr
        assert_no_traceback(bad)
    (workdir / "fake.pdf").write_text("not a pdf")
    bad = run_cli("preview", "fake.pdf", cwd=workdir)
    assert bad.returncode == 2 and "fake.pdf" in bad.stderr


def _decks():
    from printkit.games import all_games

    return [(g.name, c.name) for g in all_games().values() for c in g.components.values() if "cards" in c.uses]


def test_every_deck_has_a_print_shop_export(workdir):
    """One card a page, page = card + bleed, TrimBox and BleedBox, both orders."""
    import pytest
    from pypdf import PdfReader

    mm = 72 / 25.4
    decks = _decks()
    assert len(decks) >= 2
    for game, comp in decks:
        for order in ("interleaved", "fronts-first"):
            out = workdir / f"{game}-{order}.pdf"
            run_cli(comp, game, "--layout", "single", "--order", order, "--card-size", "mini-euro", "--bleed", "2", "-o", str(out), cwd=workdir, check=True)
            pdf = PdfReader(out)
            assert len(pdf.pages) % 2 == 0
            w, h, b = 44 * mm, 68 * mm, 2 * mm
            for page in pdf.pages:
                assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
                assert [float(v) for v in page.trimbox] == pytest.approx([b, b, b + w, b + h], abs=0.01)
                assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
            texts = [p.extract_text() for p in pdf.pages]
            half = len(texts) // 2
            if order == "fronts-first":
                # the backs are one shared design: the second half repeats one page
                assert len(set(texts[half:])) == 1 and len(set(texts[:half])) == half
            else:
                assert len(set(texts[1::2])) == 1 and len(set(texts[0::2])) == half


def test_tabletop_sheet_written_by_rows_has_the_sheets_pixels(tmp_path):
    """The export writes each tabletop sheet a strip of cards at a time
    (tabletop_rows) and decodes a card's copies once: the PNG decodes to exactly
    the pixels of the whole sheet tabletop_sheet makes, scaled or not, with
    empty cells, the back in the last cell and cards not in RGB; and the same
    sheet gives the same bytes."""
    import io

    from PIL import ImageDraw

    from printkit.engine.png import write_png
    from printkit.engine.raster import tabletop_rows, tabletop_sheet

    for size in ((61, 83), (430, 300)):  # the second is scaled to TABLETOP_MAX_SIDE
        paths = []
        for k in range(5):
            img = Image.new("RGB", size, (40 * k, 255 - 30 * k, 90))
            ImageDraw.Draw(img).ellipse((k, 3, size[0] - 2, size[1] // 2 + k), fill=(250, 10 * k, 0), outline=(0, 0, 0))
            if k == 3:
                img = img.convert("P")  # a palette PNG: converted to RGB on the way
            paths.append(tmp_path / f"c{size[0]}-{k}.png")
            img.save(paths[-1])
        back = Image.new("RGB", size, (1, 2, 3))
        order = [0, 1, 2, 1, 1, 3, 4, 0] * 3  # copies of cards, as a deck's qty makes them
        idx = list(range(len(order)))
        want, scale = tabletop_sheet(lambda i: paths[order[i]], idx, size, back)
        files = []
        for _ in range(2):
            rows, scale2 = tabletop_rows(lambda i: paths[order[i]], idx, size, back)
            assert scale2 == scale and rows.size == want.size
            buf = io.BytesIO()
            write_png(buf, rows, 150 * scale)
            files.append(buf.getvalue())
        assert files[0] == files[1]
        got = Image.open(io.BytesIO(files[0]))
        assert got.mode == "RGB" and got.size == want.size
        assert got.tobytes() == want.tobytes()
        assert (scale < 1) == (size[0] == 430)


# -- Tabletop Simulator: the saved object against the sheets ------------------------------------

def _tts_deck(saved: dict) -> dict:
    """The one object of a saved object, checked for the frame Tabletop Simulator
    writes around saved objects: the table-wide fields empty, gravity and play area
    at their defaults."""
    for key in ("SaveName", "Date", "VersionNumber", "GameMode", "GameType", "GameComplexity", "Table", "Sky", "Note", "LuaScript", "LuaScriptState", "XmlUI"):
        assert saved[key] == "", key
    assert saved["TabStates"] == {} and saved["Tags"] == [] and saved["Gravity"] == 0.5 and saved["PlayArea"] == 0.5
    assert len(saved["ObjectStates"]) == 1
    return saved["ObjectStates"][0]


def _local(url: str):
    from pathlib import Path
    from urllib.parse import unquote, urlparse

    parsed = urlparse(url)
    assert parsed.scheme == "file" and parsed.netloc == "", url
    path = Path(unquote(parsed.path))
    assert path.is_absolute() and path.is_file(), url
    return path


def check_tts_deck(saved: dict, n_cards: int, shared: bool, card_images=None) -> None:
    """Every field Tabletop Simulator reads to cut and show a custom deck: the
    deck lists `n_cards` CardIDs, each naming a CustomDeck entry that exists and a
    cell (id % 100) inside its NumWidth x NumHeight grid and not the shared back's
    cell; the sheets at FaceURL/BackURL are local files whose pixels are that grid;
    with `card_images` (card index -> PIL image) each card's cell holds its face."""
    deck = _tts_deck(saved)
    assert deck["Name"] in ("DeckCustom", "Deck")
    assert deck["Transform"]["rotZ"] == 180  # face down, as a deck is dealt
    entries = deck["CustomDeck"]
    assert entries and all(k.isdigit() for k in entries)
    assert (deck["Name"] == "DeckCustom") == (len(entries) == 1)
    ids, contained = deck["DeckIDs"], deck["ContainedObjects"]
    assert len(ids) == len(contained) == n_cards
    assert [c["CardID"] for c in contained] == ids
    sheets = {}
    for key, e in entries.items():
        assert e["NumWidth"] == 10 and e["NumHeight"] == 7
        assert e["BackIsHidden"] is True and e["UniqueBack"] is (not shared) and e["Type"] == 0
        face, back = Image.open(_local(e["FaceURL"])).convert("RGB"), Image.open(_local(e["BackURL"])).convert("RGB")
        cw, ch = face.width // 10, face.height // 7
        assert (face.width, face.height) == (10 * cw, 7 * ch)  # the grid divides the sheet exactly
        if shared:
            assert back.size == (cw, ch)  # one back picture, a card's size
            assert face.crop((9 * cw, 6 * ch, 10 * cw, 7 * ch)).tobytes() == back.tobytes()  # and in the last cell
        else:
            assert back.size == face.size  # a back sheet in the same grid
        sheets[key] = (face, back, cw, ch)
    used = set()
    for i, (cid, card) in enumerate(zip(ids, contained)):
        assert card["Name"] == "Card"
        key, cell = str(cid // 100), cid % 100
        assert key in entries and list(card["CustomDeck"]) == [key] and card["CustomDeck"][key] == entries[key]
        assert cell < 70 and not (shared and cell == 69), cid
        assert (key, cell) not in used
        used.add((key, cell))
        face, back, cw, ch = sheets[key]
        box = ((cell % 10) * cw, (cell // 10) * ch, (cell % 10 + 1) * cw, (cell // 10 + 1) * ch)
        cut = face.crop(box)
        assert cut.getextrema() != ((255, 255),) * 3, f"card {i + 1}: cell {cell} of sheet {key} is empty"
        if card_images is not None:
            want = card_images(i).convert("RGB").resize((cw, ch))
            diff = sum(abs(a - b) for a, b in zip(cut.tobytes(), want.tobytes())) / (cw * ch * 3)
            assert diff < 8, (i, diff)
        if not shared:
            assert back.crop(box).getextrema() != ((255, 255),) * 3


def test_tabletop_deck_of_a_built_in_game(workdir):
    import json

    proc = run_cli("deck", "cryptex", "--format", "tabletop", "--dpi", "60", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    folder = workdir / "output" / "cryptex-deck-tabletop"
    assert sorted(p.name for p in folder.iterdir()) == ["cryptex-deck-back.png", "cryptex-deck-faces-1.png", "cryptex-deck.json", "cryptex-deck.png"]
    saved = json.loads((folder / "cryptex-deck.json").read_text(encoding="utf-8"))
    png = workdir / "png"
    run_cli("deck", "cryptex", "--format", "png", "--dpi", "60", "-o", str(png), cwd=workdir, check=True)
    check_tts_deck(saved, 20, shared=True, card_images=lambda i: Image.open(png / f"card-{i + 1:03d}-front.png"))
    again = workdir / "again"
    run_cli("deck", "cryptex", "--format", "tabletop", "--dpi", "60", "-o", str(again), cwd=workdir, check=True)
    for name in ("cryptex-deck-faces-1.png", "cryptex-deck-back.png"):  # same deck, same pictures
        assert (again / name).read_bytes() == (folder / name).read_bytes()
    first = (folder / "cryptex-deck.json").read_bytes()
    run_cli("deck", "cryptex", "--format", "tabletop", "--dpi", "60", cwd=workdir, check=True)
    assert (folder / "cryptex-deck.json").read_bytes() == first  # same folder: the same file, byte for byte


def test_tabletop_deck_over_several_sheets_with_unique_backs(workdir):
    """150 cards whose backs differ: three sheets of faces and of backs, CardIDs
    100.., 200.., 300.., card names from the name column."""
    import json

    rows = "".join(f"C{i},#{(i * 37) % 256:02x}{(i * 91) % 256:02x}{(i * 53) % 256:02x}\n" for i in range(150))
    (workdir / "cards.csv").write_text("name,color\n" + rows, encoding="utf-8")
    (workdir / "front.toml").write_text('size = "mini-euro"\nbackground = "{{ color }}"\n\n[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 4\ny = 4\nw = 36\nh = 10\n', encoding="utf-8")
    (workdir / "back.toml").write_text('size = "mini-euro"\nbackground = "{{ color }}"\n', encoding="utf-8")
    proc = run_cli("deck", "--data", "cards.csv", "--front", "front.toml", "--back", "back.toml", "--card-size", "mini-euro", "--format", "tabletop", "--dpi", "36", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    folder = workdir / "output" / "cards-deck-tabletop"
    saved = json.loads((folder / "cards-deck.json").read_text(encoding="utf-8"))
    check_tts_deck(saved, 150, shared=False)
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "Deck" and sorted(deck["CustomDeck"]) == ["1", "2", "3"]
    assert deck["DeckIDs"][:2] == [100, 101] and deck["DeckIDs"][70] == 200 and deck["DeckIDs"][-1] == 309
    assert [c["Nickname"] for c in deck["ContainedObjects"][:3]] == ["C0", "C1", "C2"]
    assert abs(deck["Transform"]["scaleZ"] - (68 / 44) / 1.4) < 1e-3  # mini-euro's proportions on Tabletop Simulator's card


def test_one_card_is_a_card_not_a_deck(workdir):
    import json

    (workdir / "cards.csv").write_text("name\nSolo\n", encoding="utf-8")
    (workdir / "front.toml").write_text('size = "poker"\nbackground = "#336699"\n', encoding="utf-8")
    run_cli("deck", "--data", "cards.csv", "--front", "front.toml", "--format", "tabletop", "--dpi", "36", cwd=workdir, check=True)
    saved = json.loads((workdir / "output" / "cards-deck-tabletop" / "cards-deck.json").read_text(encoding="utf-8"))
    card = _tts_deck(saved)
    assert card["Name"] == "Card" and card["CardID"] == 100 and card["Nickname"] == "Solo"
    entry = card["CustomDeck"]["1"]
    assert _local(entry["FaceURL"]).is_file() and _local(entry["BackURL"]).is_file()


def test_tabletop_refuses_what_it_cannot_make(workdir):
    for args, words in ((["sheet", "cryptex", "--format", "tabletop"], "use it with a deck"),
                        (["deck", "cryptex", "--format", "tabletop", "--copies", "2"], "--copies"),
                        (["deck", "cryptex", "--format", "tabletop", "-o", "deck.json"], "into a folder"),
                        (["deck", "cryptex", "--format", "tabletop", "-o", "-"], "not standard output")):
        proc = run_cli(*args, cwd=workdir)
        assert proc.returncode == 2 and words in proc.stderr and proc.stderr.strip().count("\n") == 0, (args, proc.stderr)
    assert not (workdir / "output").exists()


# -- every target its own file or folder ------------------------------------------------------

def test_exports_never_collide(workdir):
    """Every export of one project, one after another: each target writes its own
    file or folder, and none replaces another's."""
    import shutil

    from conftest import ROOT

    project = workdir / "ember"
    shutil.copytree(ROOT / "examples" / "ember-road", project)
    rows = (project / "cards.csv").read_text(encoding="utf-8").splitlines()
    (project / "cards.csv").write_text("\n".join([rows[0]] + [r.rsplit(",", 1)[0] + ",1" for r in rows[1:3]]) + "\n", encoding="utf-8")
    runs = [
        ([], "ember-road-kit.pdf"),
        (["--format", "png", "--dpi", "36"], "ember-road-png"),
        (["--format", "tabletop", "--dpi", "36"], "ember-road-tabletop"),
        (["--shop", "thegamecrafter"], "ember-road-thegamecrafter"),
        (["--shop", "makeplayingcards"], "ember-road-makeplayingcards"),
        (["--shop", "drivethrucards"], "ember-road-drivethrucards.pdf"),
        (["--shop", "mbprint"], "ember-road-mbprint.pdf"),
        (["--only", "road", "--format", "png", "--dpi", "36"], "ember-road-road-png"),
        (["--only", "road"], "ember-road-road.pdf"),
    ]
    seen = {}
    for args, name in runs:
        proc = run_cli("make", "game.toml", *args, cwd=project)
        assert proc.returncode == 0, (args, proc.stderr)
        out = project / "output" / name
        assert out.exists(), (args, sorted(p.name for p in (project / "output").iterdir()))
        seen[name] = _snapshot(out)
        for earlier, snap in seen.items():  # nothing written before was touched
            assert _snapshot(project / "output" / earlier) == snap, (args, earlier)
    assert sorted(p.name for p in (project / "output").iterdir()) == sorted(seen)
    tgc = project / "output" / "ember-road-thegamecrafter"
    assert sorted(p.name for p in tgc.iterdir()) == ["back.png", "card-001-front.png", "card-002-front.png"]
    assert sorted(p.name for p in (project / "output" / "ember-road-png").iterdir()) == ["embers", "road", "rules"]


def _snapshot(path):
    import hashlib

    if path.is_file():
        return hashlib.sha256(path.read_bytes()).hexdigest()
    return {p.relative_to(path).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(path.rglob("*")) if p.is_file()}


def test_shop_checks_only_the_decks_and_names_what_it_left_out(workdir):
    """A token sheet whose text sits in the safe zone: --shop (strict) still
    writes the deck's file, says the tokens were left out and not checked;
    the kit itself (which holds the tokens) is refused with --strict."""
    import shutil

    from conftest import ROOT

    project = workdir / "ember"
    shutil.copytree(ROOT / "examples" / "ember-road", project)
    rows = (project / "cards.csv").read_text(encoding="utf-8").splitlines()
    (project / "cards.csv").write_text("\n".join([rows[0]] + [r.rsplit(",", 1)[0] + ",1" for r in rows[1:3]]) + "\n", encoding="utf-8")
    (project / "token.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20"><rect width="20" height="20" fill="#f0a030"/>'
                                       '<text x="0.3" y="4" font-size="4" font-family="DejaVu Sans">{{ label }}</text></svg>', encoding="utf-8")
    toml = project / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('front = "token.toml"', 'front = "token.svg"'), encoding="utf-8")
    strict = run_cli("validate", "game.toml", "--strict", cwd=project)
    assert strict.returncode == 1 and "OWN-SAFE-ZONE embers" in strict.stdout, strict.stdout  # the tokens' text is in the safe zone
    assert run_cli("make", "game.toml", "--strict", cwd=project).returncode == 1  # so a strict kit (which holds them) is refused
    proc = run_cli("make", "game.toml", "--shop", "mbprint", cwd=project)  # a shop's file is strict, and holds no token
    assert proc.returncode == 0, proc.stderr
    assert "left out, and not checked: Rules, Ember and lantern tokens" in proc.stdout
    assert "--only rules" in proc.stdout and "OWN-SAFE-ZONE" not in proc.stdout
    tts = run_cli("make", "game.toml", "--format", "tabletop", "--strict", "--dpi", "36", cwd=project)
    assert tts.returncode == 0 and "left out, and not checked" in tts.stdout, tts.stderr
    refused = run_cli("make", "game.toml", "--shop", "mbprint", "--only", "embers", cwd=project)
    assert refused.returncode == 2 and "takes decks" in refused.stderr
