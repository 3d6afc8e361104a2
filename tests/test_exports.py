"""Digital exports: --format png, tabletop sheets, printkit preview."""

from __future__ import annotations

from PIL import Image

from conftest import assert_no_traceback, run_cli


def test_deck_as_png_cards_and_tabletop_sheet(workdir):
    proc = run_cli("deck", "cryptex", "--format", "png", "--dpi", "72", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    folder = workdir / "output" / "cryptex-deck"
    names = sorted(p.name for p in folder.iterdir())
    assert sum(n.endswith("-front.png") for n in names) == 20
    assert sum(n.startswith("card-") and n.endswith("-back.png") for n in names) == 20
    assert "tabletop-back.png" in names
    card = Image.open(folder / "card-001-front.png")
    # trim size 63 x 88 mm at 72 dpi, no bleed
    assert abs(card.width - 63 / 25.4 * 72) <= 1 and abs(card.height - 88 / 25.4 * 72) <= 1
    sheet = Image.open(folder / "tabletop-sheet-1.png")
    assert sheet.width == 10 * card.width and sheet.height == 7 * card.height  # Tabletop Simulator's fixed 10x7 grid
    assert sheet.crop((0, 0, card.width, card.height)).tobytes() == card.convert("RGB").tobytes()
    # the shared back in the last cell (bottom right, the hidden face); the cells between are empty (white)
    back = Image.open(folder / "tabletop-back.png").convert("RGB")
    assert sheet.crop((9 * card.width, 6 * card.height, 10 * card.width, 7 * card.height)).tobytes() == back.tobytes()
    assert sheet.crop((0, 2 * card.height, card.width, 3 * card.height)).getextrema() == ((255, 255),) * 3  # cell 21: empty


def test_sheet_as_png_pages(workdir):
    run_cli("sheet", "cryptex", "--format", "png", "--dpi", "50", cwd=workdir, check=True)
    pages = list((workdir / "output" / "cryptex-sheet").iterdir())
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
