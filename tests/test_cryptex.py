"""Cryptex end to end: the deck, the sheet, the rules, the kit, through the CLI."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from conftest import assert_no_traceback, render_page, run_cli, run_inproc, run_process
from printkit.games.cryptex import model as cx_model
from printkit.games.cryptex import rules as cx

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
MM = 72 / 25.4


def _deck(workdir, *args):
    proc = run_cli("deck", "cryptex", *args, cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    return proc, PdfReader(workdir / "output" / "cryptex-deck.pdf")


def test_deck_a4_pages_text_and_fonts(workdir):
    proc, pdf = _deck(workdir)
    assert "output/cryptex-deck.pdf" in proc.stdout and "6 pages" in proc.stdout
    assert len(pdf.pages) == 6
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(A4[0], abs=0.1)
        assert float(page.mediabox.height) == pytest.approx(A4[1], abs=0.1)
    # fronts pages hold 9, 9 and 2 cards: read their numbers and letters back
    fronts_text = [pdf.pages[i].extract_text() for i in (0, 2, 4)]
    for number, letters in enumerate(cx_model.RULEBOOK_CARDS, 1):
        page = fronts_text[(number - 1) // 9]
        assert str(number) in page
        for ch in letters.replace("?", ""):
            assert ch in page
    assert fronts_text[2].count("CRYPTEX") == 2
    # every font is embedded (a TrueType subset), none is a base-14 font
    seen = 0
    for page in pdf.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert desc is not None, font
            desc = desc.get_object()
            assert "/FontFile2" in desc, font["/BaseFont"]
            assert "+" in str(font["/BaseFont"])  # subset prefix
            seen += 1
    assert seen > 0


def test_deck_letter(workdir):
    _, pdf = _deck(workdir, "--paper", "letter")
    assert len(pdf.pages) == 6
    box = pdf.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(LETTER, abs=0.1)


def test_single_layout_has_trim_and_bleed_boxes(workdir):
    _, pdf = _deck(workdir, "--layout", "single")
    assert len(pdf.pages) == 40  # front, back for each of 20 cards
    w, h, b = 63 * MM, 88 * MM, 3 * MM
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(w + 2 * b, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(h + 2 * b, abs=0.01)
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert trim == pytest.approx([b, b, b + w, b + h], abs=0.01)
        assert bleed == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
    # the art runs into the bleed: the page corner is painted, not paper white
    img = render_page(workdir / "output" / "cryptex-deck.pdf", 0, dpi=72)
    assert img.getpixel((1, 1)) != (255, 255, 255)


def test_fold_layout(workdir):
    _, pdf = _deck(workdir, "--layout", "fold")
    assert len(pdf.pages) == 5  # 4 cards an A4 page, turned a quarter
    assert float(pdf.pages[0].mediabox.width) < float(pdf.pages[0].mediabox.height)  # the page stays portrait
    img = render_page(workdir / "output" / "cryptex-deck.pdf", 0, dpi=50)
    assert len(img.getcolors(100000) or []) > 10


def test_duplex_none_has_no_backs(workdir):
    _, pdf = _deck(workdir, "--duplex", "none")
    assert len(pdf.pages) == 3


def test_copies(workdir):
    _, pdf = _deck(workdir, "--copies", "3", "--duplex", "none")
    assert len(pdf.pages) == 7  # 60 cards, 9 a page


def test_same_bytes_across_runs_and_hash_seeds(workdir):
    a = run_process("deck", "cryptex", "-o", "a.pdf", cwd=workdir, env={"PYTHONHASHSEED": "1"})
    b = run_process("deck", "cryptex", "-o", "b.pdf", cwd=workdir, env={"PYTHONHASHSEED": "987"})
    assert a.returncode == b.returncode == 0
    assert (workdir / "a.pdf").read_bytes() == (workdir / "b.pdf").read_bytes()


def test_metadata(workdir):
    _, pdf = _deck(workdir, "--paper", "letter")
    meta = pdf.metadata
    assert "Cryptex deck" in meta.title
    assert "game=cryptex" in meta.subject and "component=deck" in meta.subject
    assert "printkit 0.1.0" in meta.creator
    assert "command:printkit deck cryptex --paper letter" in meta["/Keywords"]


def test_sheet(workdir):
    proc = run_cli("sheet", "cryptex", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    pdf = PdfReader(workdir / "output" / "cryptex-sheet.pdf")
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    for needle in ["half-game", "Jokers", "TOTAL", "Cryptex Master", "Teenager Dictionary", "below 0", "fewer vowels", "−3 per empty box", "+4"]:
        assert needle in text, needle
    for length in cx_model.DEFAULT_LENGTHS:
        assert f"{length} letters" in text
    img = render_page(workdir / "output" / "cryptex-sheet.pdf", 0, dpi=40)
    assert img.getbbox()


def test_sheet_custom_lengths_and_refusals(workdir):
    ok = run_cli("sheet", "cryptex", "--lengths", "4,4,5,5,6,6,7,7,8", cwd=workdir)
    assert ok.returncode == 0, ok.stderr
    few = run_cli("sheet", "cryptex", "--lengths", "3,4,5", cwd=workdir)
    assert few.returncode == 1
    assert "CRX-SHEET-BOXES" in few.stderr and "12 boxes" in few.stderr
    bad = run_cli("sheet", "cryptex", "--lengths", "3,x", cwd=workdir)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert_no_traceback(bad)


def _deck_json(workdir):
    proc = run_cli("deck", "cryptex", "--json", cwd=workdir)
    assert proc.returncode == 0
    return json.loads(proc.stdout)


def test_json_round_trip_validates(workdir):
    model = _deck_json(workdir)
    assert [c["number"] for c in model["cards"]] == list(range(1, 21))
    assert sum(c["symbols"].count("?") for c in model["cards"]) == 5
    (workdir / "deck.json").write_text(json.dumps(model))
    proc = run_cli("validate", "deck.json", cwd=workdir)
    assert proc.returncode == 0 and "ok" in proc.stdout


def test_validate_reports_each_problem_by_card(workdir):
    model = _deck_json(workdir)
    model["cards"][6]["symbols"].append("Z")  # card 7 has six symbols
    model["cards"][11]["number"] = 3  # card 12 claims number 3
    model["cards"][2]["symbols"][1] = "7"  # a digit on card 3
    (workdir / "bad.json").write_text(json.dumps(model))
    proc = run_cli("validate", "bad.json", cwd=workdir)
    assert proc.returncode == 1
    out = proc.stdout
    assert "CRX-CARD-SYMBOLS card 7: has 6 symbols" in out
    assert "CRX-CARD-DUPLICATE card 3: number 3 is also on the card at position 3" in out
    assert "CRX-CARD-SYMBOL card 3 symbol 2: '7' is not a letter" in out
    assert_no_traceback(proc)


def test_validate_malformed_json_is_one_line_exit_2(workdir):
    (workdir / "broken.json").write_text('{"game": "cryptex", "cards": [')
    proc = run_cli("validate", "broken.json", cwd=workdir)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "broken.json: not valid JSON" in proc.stderr
    (workdir / "weird.json").write_text('{"game": "cryptex", "component": "deck", "cards": [1, "x", {"number": "7"}]}')
    proc = run_cli("validate", "weird.json", cwd=workdir)
    assert proc.returncode == 1 and "card 1" in proc.stdout
    assert_no_traceback(proc)
    assert run_cli("validate", "nothere.json", cwd=workdir).returncode == 2


# -- the rules, on worked examples -----------------------------------------------------

LENGTHS = [3, 3, 4, 4, 5]


def is_word(w):
    return w.lower() in {"cat", "dog", "bird", "lion", "tiger", "owl", "zebra"}


def test_half_game_penalty():
    # started+unfinished: "ca" in 3 (1 empty), "bi" in 4 (2 empty); complete and untouched cost nothing
    assert cx.half_game_penalty(["CA", "DOG", "BI", "", "TIG"], LENGTHS) == -(1 + 2 + 2)
    assert cx.half_game_penalty(["", "", "", "", ""], LENGTHS) == 0


def test_final_score_each_rule():
    total, lines = cx.final_score(["CAT", "XQZ", "LION", "BI", ""], LENGTHS, jokers_used=1, others=[["LION"]], is_word=is_word)
    by_row = {ln.cryptex: ln.points for ln in lines}
    assert by_row[1] == 6  # a word nobody else made: +2 x 3
    assert by_row[2] == -6  # not a word: -2 x 3
    assert by_row[3] == 4  # a word another player made: +1 x 4
    assert by_row[4] == -6  # unfinished: -3 x 2 empty
    assert by_row[5] == 0  # untouched
    assert by_row[0] == 12  # 3 unused jokers x 4
    assert total == 6 - 6 + 4 - 6 + 0 + 12


def test_score_table_shared_words():
    players = [
        {"cryptexes": ["CAT", "DOG", "", "", ""], "jokers_used": 4, "half_penalty": 0},
        {"cryptexes": ["CAT", "OWL", "", "", ""], "jokers_used": 4, "half_penalty": -2},
    ]
    assert cx.score_table(players, LENGTHS, is_word) == [3 + 6, 3 + 6 - 2]


def test_tiebreak_and_solo_rating():
    a = cx.tiebreak_key(["CAT", "", "LION", "", "ZEBRA"], LENGTHS, 1)
    b = cx.tiebreak_key(["CAT", "", "LION", "", ""], LENGTHS, 0)
    assert a > b  # longest completed cryptex first
    c = cx.tiebreak_key(["CAT", "", "", "", ""], LENGTHS, 2)
    d = cx.tiebreak_key(["DOG", "", "", "", ""], LENGTHS, 1)
    assert d > c  # same lengths: fewer jokers wins
    assert cx.solo_rating(-1) == "You have been so ambitious..."
    assert cx.solo_rating(0) == "Not so great"
    assert cx.solo_rating(40) == "Teenager Dictionary"
    assert cx.solo_rating(91) == "Cryptex Master"


def test_kit(workdir):
    proc = run_cli("kit", "cryptex", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    pdf = PdfReader(workdir / "output" / "cryptex-kit.pdf")
    text = "\n".join(p.extract_text() for p in pdf.pages[:3])
    assert "rules in short" in text and "How to print this kit" in text and "Contents" in text
    # the solo challenge backs onto its answer key: the guide must not say the whole file may go two-sided
    guide = " ".join(text.split())
    assert "everything else one-sided" in guide and "whole file two-sided" not in guide
    outline = {item.title: pdf.get_destination_page_number(item) for item in pdf.outline}
    assert list(outline)[:3] == ["Cover", "Rules summary", "How to print"]
    deck, sheets = outline["Cryptex deck"], outline["Cryptex player sheet"]
    assert deck % 2 == 0  # 0-based: fronts start on an odd page number, so backs print behind them
    assert "ECRO" in pdf.pages[deck].extract_text().replace("\n", "") or "E\nC\nR\nO" in pdf.pages[deck].extract_text()
    solo = outline["Cryptex solo challenge"]
    assert sheets - deck == 6 and solo == sheets + 6 and len(pdf.pages) == solo + 2
    assert all("player sheet" in pdf.pages[i].extract_text() for i in range(sheets, sheets + 6))  # six players
    assert "solo challenge" in pdf.pages[solo].extract_text() and "answer key" in pdf.pages[solo + 1].extract_text()
    # the deck's third sheet: 2 cards and 7 player aids (6 scoring, 1 round), not 7 empty slots
    last_fronts = pdf.pages[deck + 4].extract_text()
    assert last_fronts.count("SCORING") == 6 and last_fronts.count("A ROUND") == 1
    assert pdf.pages[deck + 5].extract_text().count("PLAYER AID") >= 7  # their own back


def test_both_sheets_add_up_alike(workdir):
    """The player sheet and the solo sheet end with the same sum: both column
    totals, unused jokers x 4, total."""
    from printkit.games.cryptex.draw import SUMMARY_ROWS

    texts = []
    for verb in ("sheet", "puzzle"):
        out = workdir / f"{verb}.pdf"
        assert run_inproc(verb, "cryptex", "-o", str(out), cwd=workdir).returncode == 0
        texts.append(" ".join(PdfReader(out).pages[0].extract_text().split()))
    for text in texts:
        for label in SUMMARY_ROWS:
            assert " ".join(label.split()) in text, label
        assert "column totals" in text and "half-game" in text and "final" in text


def test_answer_key_par_is_the_printed_rules_played_out(workdir):
    """Replay the answer key's 40 moves on an empty sheet by the printed rules
    (leftmost empty box, a joker per '?', -1 per empty box of a started cryptex
    after round 20, then the final scoring) and get the par it prints."""
    import re

    from printkit import words

    proc = run_inproc("puzzle", "cryptex", "--seed", "replay", "--json", cwd=workdir)
    model = json.loads(proc.stdout)
    [p] = model["puzzles"]
    lengths = model["lengths"]
    rows = [""] * len(lengths)
    jokers = half = 0
    for rnd, symbol, letter, row in p["moves"]:
        card = model["cards"][str(p["order"][rnd - 1])]
        assert symbol in card and (symbol == "?" or letter == symbol)
        jokers += symbol == "?"
        assert len(rows[row - 1]) < lengths[row - 1]
        rows[row - 1] += letter
        if rnd == 20:
            half = -sum(n - len(w) for w, n in zip(rows, lengths) if w and len(w) < n)
    assert jokers <= 4 and rows == p["cryptexes"] and half == p["half_penalty"]
    final = 4 * (4 - jokers)
    for w, n in zip(rows, lengths):
        if not w:
            continue
        final += -3 * (n - len(w)) if len(w) < n else (2 * n if words.is_word(w) else -2 * n)
    out = workdir / "solo.pdf"
    assert run_inproc("puzzle", "cryptex", "--seed", "replay", "-o", str(out), cwd=workdir).returncode == 0
    key = PdfReader(out).pages[1].extract_text()
    assert re.search(r"TOTAL \(par\)\s*" + str(final + half), key), key
    assert p["par"] == final + half


def test_solo_challenge_regenerates_from_its_id(workdir):
    from conftest import decode_qr

    proc = run_cli("puzzle", "cryptex", "--seed", "walnut", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    pdf_path = workdir / "output" / "cryptex-puzzle.pdf"
    pdf = PdfReader(pdf_path)
    assert len(pdf.pages) == 2
    first = pdf.pages[0].extract_text()
    ident = next(w for w in first.split() if w.startswith("CX-"))
    assert "Par" in first and "answer key" in pdf.pages[1].extract_text()
    [qr] = decode_qr(render_page(pdf_path, 0, 200))
    assert qr == f"printkit puzzle cryptex --id {ident}"
    again = run_cli(*qr.split()[1:], "-o", "again.pdf", cwd=workdir)
    assert again.returncode == 0, again.stderr
    assert (workdir / "again.pdf").read_bytes() == pdf_path.read_bytes()


def test_solo_challenge_model_and_validator(workdir):
    proc = run_cli("puzzle", "cryptex", "--seed", "3", "--json", cwd=workdir)
    model = json.loads(proc.stdout)
    [p] = model["puzzles"]
    assert sorted(p["order"][:20]) == sorted(p["order"][20:]) == list(range(1, 21))
    assert len(p["moves"]) == 40 and p["par"] > 40
    for bad_edit, code in [
        (lambda m: m["puzzles"][0].update(par=m["puzzles"][0]["par"] + 1), "CRX-PUZZLE-PAR"),
        (lambda m: m["puzzles"][0]["order"].__setitem__(0, m["puzzles"][0]["order"][1]), "CRX-PUZZLE-ORDER"),
        (lambda m: m["puzzles"][0]["moves"][5].__setitem__(2, "Q" if m["puzzles"][0]["moves"][5][2] != "Q" else "Z"), "CRX-PUZZLE-MOVE"),
    ]:
        broken = json.loads(proc.stdout)
        bad_edit(broken)
        (workdir / "p.json").write_text(json.dumps(broken))
        out = run_cli("validate", "p.json", cwd=workdir)
        assert out.returncode == 1 and code in out.stdout, (code, out.stdout)
    bad_id = run_cli("puzzle", "cryptex", "--id", "XX-123", cwd=workdir)
    assert bad_id.returncode == 2 and "--id XX-123" in bad_id.stderr


def test_solver_repair_raises_the_par_with_a_legal_line():
    """The local repair after the beam: never lower, higher on these challenges
    (the beam alone leaves junk rounds a longer word can use), and the repaired
    line is a legal game whose rules score is the par (the validator replays it)."""
    from printkit import puzzles
    from printkit.games.cryptex import solo

    gained = 0
    for token in [puzzles.make_token("1", i) for i in range(3)]:
        order = solo.card_order(puzzles.token_rng(cx_model.PUZZLE_PREFIX, token))
        cards = [list(cx_model.RULEBOOK_CARDS[n - 1]) for n in order]
        beam_only = solo.solve(cards, cx_model.DEFAULT_LENGTHS, repair=False)
        best = solo.solve(cards, cx_model.DEFAULT_LENGTHS)
        assert best["par"] >= beam_only["par"]
        gained += best["par"] > beam_only["par"]
        lengths = list(cx_model.DEFAULT_LENGTHS)
        for line in (beam_only, best):
            puzzle = {"lengths": lengths, "cards": {str(i): list(c) for i, c in enumerate(cx_model.RULEBOOK_CARDS, 1)},
                      "puzzles": [{"id": token, "order": order, **line}]}
            assert list(cx.check_puzzle(puzzle)) == [], line
    assert gained >= 2


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_player_sheet_fits_the_paper(workdir, paper):
    """Measured from the PDF: nothing of the sheet runs off a Letter page (it used to)."""
    from pdfmeasure import measure, outside, small_text

    out = workdir / "s.pdf"
    assert run_inproc("sheet", "cryptex", "--paper", paper, "-o", str(out), cwd=workdir).returncode == 0
    pages = measure(out)
    assert len(pages) == 1 and not outside(pages, 5 * MM) and not small_text(pages, 6.0)
