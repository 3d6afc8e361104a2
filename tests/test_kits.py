"""Kits and index.pdf (kit.py): `kit GAME -o FILE.pdf`, `--qr-url` / qr_url for
the forms in a kit, and the index's sheet counts, supplies, part tables and fill."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import decode_qr, render_page, run_inproc
from pdfmeasure import measure
from printkit.engine.units import MM
from printkit.request import Request


def test_kit_output_to_a_pdf_file(workdir):
    proc = run_inproc("kit", "cryptex", "-o", "my-cryptex.pdf", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    out = workdir / "my-cryptex.pdf"
    assert out.is_file() and out.read_bytes().startswith(b"%PDF")  # a file, not a folder named my-cryptex.pdf
    assert not (workdir / "output").exists()
    # a folder keeps working, and an existing folder named *.pdf is still a folder
    (workdir / "odd.pdf").mkdir()
    assert run_inproc("kit", "cryptex", "-o", "odd.pdf", cwd=workdir).returncode == 0
    assert (workdir / "odd.pdf" / "cryptex-kit.pdf").is_file()
    # kit all writes several files: a file name is refused, nothing written
    bad = run_inproc("kit", "all", "-o", "every.pdf", cwd=workdir)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "-o every.pdf" in bad.stderr
    assert not (workdir / "every.pdf").exists()


def _form_page(pdf: Path) -> int:
    reader = PdfReader(pdf)
    return next(i for i, p in enumerate(reader.pages) if "TRACKING & DECODING FORM" in (p.extract_text() or ""))


def test_kit_qr_url_reaches_the_form_and_config_sets_it(workdir):
    url = "https://example.org/cryptic-words/forms"
    assert run_inproc("kit", "cryptic-words", "--qr-url", url, "-o", "cw.pdf", cwd=workdir).returncode == 0
    pdf = workdir / "cw.pdf"
    assert decode_qr(render_page(pdf, _form_page(pdf), dpi=150)) == [url, url]
    assert f"--qr-url {url}" in PdfReader(pdf).metadata["/Keywords"]  # the recorded command makes the same kit
    # (by default the QR code holds the form's ID: tests/test_cryptic_words.py)
    # printkit.toml's qr_url is every form's default
    (workdir / "printkit.toml").write_text(f'qr_url = "{url}"\n')
    assert run_inproc("form", "cryptic-words", "-o", "f.pdf", cwd=workdir).returncode == 0
    assert decode_qr(render_page(workdir / "f.pdf", 0, dpi=150)) == [url, url]
    bad = run_inproc("form", "cryptic-words", "--qr-url", "not a url", "-o", "bad.pdf", cwd=workdir)
    assert bad.returncode == 1 and "CW-FORM-QR" in bad.stderr and not (workdir / "bad.pdf").exists()


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from printkit import kit
    from printkit.engine.units import PrintOptions
    from printkit.games import all_games

    folder = tmp_path_factory.mktemp("kits")
    games = [all_games()[g] for g in ("cryptex", "crypticolor")]
    kit.build_kits(games, Request(PrintOptions()), folder, all_games=True, echo=lambda *a, **k: None)
    return folder


def test_index_counts_sheets_lists_supplies_and_rules_pages(index):
    reader = PdfReader(index / "index.pdf")
    text = "\n".join(p.extract_text() for p in reader.pages)
    flat = " ".join(text.split())
    for item in ("Supplies", "Paper", "Scissors", "Pencils", "Card stock", "Timer", "Bags or envelopes"):
        assert item in flat, item
    # sheets per kit, worked out again from each kit's own outline and page count
    totals = 0
    for name in ("cryptex", "crypticolor"):
        kit_pdf = PdfReader(index / f"{name}-kit.pdf")
        outline = [(item.title, kit_pdf.get_destination_page_number(item) + 1) for item in kit_pdf.outline]
        starts = [p for _, p in outline] + [len(kit_pdf.pages) + 1]
        sheets = 0
        for (title, first), nxt in zip(outline, starts[1:]):
            if title in ("Cover", "How to print"):
                continue
            last = nxt - 1
            while last > first and "intentionally blank" in (kit_pdf.pages[last - 1].extract_text() or ""):
                last -= 1
            n = last - first + 1
            sheets += (n + 1) // 2 if title.endswith("deck") or title.endswith("letter cards") else n
            if title == "Rules summary":  # the rules page is in the index's part table, with its pages
                section = flat[flat.index(f"· {name}-kit.pdf"):]
                pages = str(first) if first == last else f"{first}-{last}"
                assert section.startswith(f"· {name}-kit.pdf Part Pages Sides Sets Sheets Rules summary {pages} one 1 {n}"), (name, section[:120])
        row = re.search(rf"{name}-kit\.pdf \S.*? (\d+) (\d+) \((\d+)\)", flat)
        assert row and int(row.group(1)) == len(kit_pdf.pages) and int(row.group(2)) == sheets, (name, row and row.groups(), sheets)
        totals += sheets
    assert re.search(rf"Total \d+ {totals} \(\d+\)", flat)


def test_index_pages_are_not_left_mostly_empty(index):
    """Every page but the last is filled to near its foot; the last is not 80% empty."""
    pages = measure(index / "index.pdf")
    for page in pages:
        lows = [t.box[1] for t in page.texts if t.box and not t.text.startswith("printkit ")] + [m.box[1] for m in page.marks]
        fill = (page.height - 15 * MM - min(lows)) / (page.height - 30 * MM)
        assert fill >= (0.2 if page is pages[-1] else 0.8), (page.number, fill)


@pytest.mark.parametrize("game_name", ["cryptex", "cryptic-words", "crypticolor"])
def test_rules_reading_ships_with_the_project(game_name):
    """docs/games/GAME.md exists (the project's own reading of the rules, users do
    not have the team's notes), the README links it, and the kit's rules page names it."""
    from conftest import ROOT
    from printkit.games import all_games

    doc = ROOT / "docs" / "games" / f"{game_name}.md"
    text = doc.read_text(encoding="utf-8")
    for heading in ("## What we print", "## The rules as we read them", "## Where we chose"):
        assert heading in text, heading
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"docs/games/{game_name}.md" in readme and "../shared/GAMES.md" not in readme
    game = all_games()[game_name]
    assert f"docs/games/{game_name}.md" in game.rules_text()


def test_every_qr_code_in_every_kit_reads_back(tmp_path, monkeypatch):
    """printkit's own codes use one fixed mask pattern (engine/qr.py FIXED_MASK,
    no search): every code any kit prints is rendered and read with zxing-cpp."""
    import sys

    from printkit import kit
    from printkit.engine import qr
    from printkit.engine.units import PrintOptions
    from printkit.games import all_games

    drawn: list[tuple[int, str]] = []
    real = qr.draw_qr

    def recording(c, text, *args, **kw):
        drawn.append((c.getPageNumber(), text))
        return real(c, text, *args, **kw)

    for module in list(sys.modules.values()):  # games import draw_qr by name
        if getattr(module, "draw_qr", None) is real:
            monkeypatch.setattr(module, "draw_qr", recording)
    games = [g for g in all_games().values() if g.kit]
    for game in games:
        start = len(drawn)
        kit.build_kits([game], Request(PrintOptions()), tmp_path, all_games=False, echo=lambda *a, **k: None)
        pdf = tmp_path / f"{game.name}-kit.pdf"
        mine = drawn[start:]
        for page in sorted({p for p, _ in mine}):
            want = sorted(t for p, t in mine if p == page)
            assert sorted(decode_qr(render_page(pdf, page - 1, dpi=150))) == want, (game.name, page)
    kinds = {t.split(" --id ")[-1][:3] if " --id " in t else t[:3] for _, t in drawn}
    assert {"CX-", "CW-", "CY-", "CC-", "CWF"} <= kinds, kinds  # every game's codes were among them


@pytest.mark.parametrize("game_name, component, params, paper, repeatable", [
    ("crypticolor", "card", {"rotations": True}, "a4", True),  # three pages, 104 grids
    ("cryptex", "sheet", {}, "letter", True),
    ("scryptic", "reference", {}, "a3", False),  # drawn enlarged (draw_as): drawn again instead
])
def test_kit_copies_repeat_the_first_copys_pages_byte_for_byte(game_name, component, params, paper, repeatable):
    """A kit part printed twice is drawn once and its pages' content repeated
    (Document.record / replay): the PDF is the same, byte for byte, as drawing it twice."""
    from printkit.build import build_checked
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions
    from printkit.games import all_games
    from printkit.kit import default_params

    comp = all_games()[game_name].components[component]
    model = build_checked(comp, {**default_params(comp, "1"), **params})
    out = []
    for copy in (False, True):
        doc = Document(PrintOptions(paper=paper), title="t")
        doc.small_print = "copies"
        if copy:
            pages = doc.record(lambda: comp.render(doc, model))
            assert (pages is not None) == repeatable
            doc.replay(pages) if pages is not None else comp.render(doc, model)
        else:
            comp.render(doc, model)
            comp.render(doc, model)
        out.append(doc.pdf_bytes())
    assert out[0] == out[1]
    assert len(PdfReader(io.BytesIO(out[1])).pages) == (6 if params else 2 if game_name == "cryptex" else 4)


def test_the_kits_request_reaches_the_cover(tmp_path):
    """The kit's run request is the one thing handed to the kit writer: its seed,
    language and qr_url all reach the cover's reprint command, which is the same
    command the PDF's keywords hold (the cover once left --qr-url out)."""
    from printkit import kit
    from printkit.engine.units import PrintOptions
    from printkit.games import get_game

    request = Request(PrintOptions(paper="letter"), lang="fr", params={"seed": "5", "qr_url": "https://example.org/x"})
    kit.build_kits([get_game("cryptic-words")], request, tmp_path, all_games=False, echo=lambda *a, **k: None)
    reader = PdfReader(tmp_path / "cryptic-words-kit.pdf")
    command = "printkit kit cryptic-words --paper letter --seed 5 --qr-url https://example.org/x --lang fr"
    assert f"command:{command}" in reader.metadata["/Keywords"]
    assert command in " ".join(reader.pages[0].extract_text().split())


@pytest.mark.parametrize("lang, cryptic, crypticolor", [
    ("en", "Cryptic Words decode puzzles (4)", "Crypticolor puzzles (3, mixed)"),
    ("fr", "Cryptic Words\u202f: énigmes (4)", "Énigmes Crypticolor (3, facile à difficile)"),
    ("de", "Cryptic Words: Rätsel (4)", "Crypticolor-Rätsel (3, leicht bis schwer)"),
])
def test_a_kit_part_s_count_reads_as_its_number(tmp_path, lang, cryptic, crypticolor):
    """A part's count shows as its number beside the title ("énigmes (4)"), not as a
    form field ("énigmes (nombre 4)", "Rätsel (Anzahl 4)"), and "mixed" says what it
    mixes in the language ("facile à difficile")."""
    import pypdfium2 as pdfium

    for game, want in (("cryptic-words", cryptic), ("crypticolor", crypticolor)):
        out = tmp_path / f"{game}.pdf"
        proc = run_inproc("kit", game, "--lang", lang, "-o", str(out), cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        doc = pdfium.PdfDocument(str(out))
        cover = doc[0].get_textpage().get_text_range()
        doc.close()
        assert want in cover, cover


def test_french_index_notes_go_on_in_lower_case_after_the_colon(tmp_path):
    """Issue 37: the index's part notes in French read « Cartes Cryptex : les
    emplacements libres... », a small letter after the colon, as French writes it
    (the English keeps its capital). Read back from the PDF."""
    from printkit import kit
    from printkit.engine.units import PrintOptions
    from printkit.games import all_games
    from printkit.i18n import text

    for lang in ("fr", "en"):
        _ = text(lang)
        summaries = []
        for name in ("cryptex", "crypto-crisis"):
            game = all_games()[name]
            parts = [kit.PartPages(_(game.components[p.component].title), k + 2, k + 2, "", 1, _(p.note or game.components[p.component].notes), "", p.component)
                     for k, p in enumerate(game.kit)]
            summaries.append((game, tmp_path / f"{name}-kit.pdf", len(parts) + 2, parts))
        kit.write_index(summaries, Request(PrintOptions(), lang=lang), tmp_path / f"index-{lang}.pdf")
        words = " ".join("".join(p.extract_text() or "" for p in PdfReader(tmp_path / f"index-{lang}.pdf").pages).split())
        after = re.findall(r"• [^•:]+?\u202f?: (\w)", words)
        assert len(after) >= 5, words[:300]
        if lang == "fr":
            assert all(ch.islower() for ch in after), after
            assert "Cartes Cryptex\u202f: les emplacements libres" in words or "Cartes Cryptex : les emplacements libres" in words
        else:
            assert any(ch.isupper() for ch in after)
