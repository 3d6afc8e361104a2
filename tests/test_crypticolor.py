"""Crypticolor: the alphabet, Key Card, Crypticard, Decoder shapes, cube tokens and puzzles."""

from __future__ import annotations

import json
import shlex
import string
from itertools import combinations
from pathlib import Path

import pytest

from conftest import assert_no_traceback, decode_qr, render_page, run_cli, run_inproc, sweep
from printkit import build, puzzles as pz
from printkit import words
from printkit.games.crypticolor import GAME, generate, model, rules
from printkit.request import Request

RULEBOOK_E = {1, 2, 3, 6, 11, 12, 13, 16, 21, 22, 23}


@pytest.fixture(autouse=True)
def _no_user_words():
    words.clear_user_words()
    yield
    words.clear_user_words()


# -- an independent reading of the pictures (strings turned as strings) -----------

def picture(letter: str) -> tuple[str, ...]:
    return rules.ALPHABET_ART[letter]


def turn_rows(rows: tuple[str, ...]) -> tuple[str, ...]:
    """A quarter turn clockwise of a picture given as rows of text."""
    return tuple("".join(rows[len(rows) - 1 - r][c] for r in range(len(rows))) for c in range(len(rows[0])))


def all_turns(rows):
    out = [tuple(rows)]
    for _ in range(3):
        out.append(turn_rows(out[-1]))
    return out


def rows_of(cells) -> tuple[str, ...]:
    cells = set(cells)
    return tuple("".join("#" if r * 5 + c + 1 in cells else "." for c in range(5)) for r in range(5))


def read_grid(cells, rotations: bool) -> set[str]:
    target = rows_of(cells)
    return {x for x in string.ascii_uppercase if target in (all_turns(picture(x)) if rotations else [picture(x)])}


def read_partial(hits, misses, rotations: bool) -> set[str]:
    """Search: every letter (any turn, with rotations) whose picture, as text rows,
    has '#' on every shown hit and '.' on every shown miss."""
    out = set()
    for x in string.ascii_uppercase:
        for rows in (all_turns(picture(x)) if rotations else [picture(x)]):
            at = lambda n: rows[(n - 1) // 5][(n - 1) % 5]
            if all(at(n) == "#" for n in hits) and all(at(n) == "." for n in misses):
                out.add(x)
    return out


# -- the alphabet -----------------------------------------------------------------

def test_alphabet_has_every_letter_and_the_rulebook_e():
    assert list(rules.ALPHABET) == list(string.ascii_uppercase)
    assert set(rules.ALPHABET["E"]) == RULEBOOK_E
    for letter, rows in rules.ALPHABET_ART.items():
        assert len(rows) == 5 and all(len(r) == 5 and set(r) <= {"#", "."} for r in rows), letter
        filled = sum(r.count("#") for r in rows)
        assert 0 < filled < 25, f"{letter} must leave some cells empty"


def test_alphabet_has_no_clash_plain_or_turned():
    pics = {x: picture(x) for x in string.ascii_uppercase}
    for a, b in combinations(pics, 2):
        assert pics[a] != pics[b], f"{a}/{b}"
        for t in all_turns(pics[b]):
            assert t != pics[a], f"{b} turned is {a}"
    assert rules.alphabet_violations(rules.ALPHABET, rotations=False) == []
    assert rules.alphabet_violations(rules.ALPHABET, rotations=True) == []


def test_alphabet_keeps_two_cells_between_any_two_pictures():
    """Not a rule, a design margin: one misread cell never turns a letter into another."""
    worst = min(
        len(set(rules.ALPHABET[a]) ^ set(rules.turn(rules.ALPHABET[b], t)))
        for a, b in combinations(string.ascii_uppercase, 2)
        for t in rules.TURNS
    )
    assert worst >= 2


def test_turn_matches_the_rulebook_turned_e():
    # the rulebook's three turned Es, cells read off its pictures
    shown = [
        {11, 13, 15, 16, 18, 20, 21, 22, 23, 24, 25},
        {1, 2, 3, 4, 5, 6, 8, 10, 11, 13, 15},
        {3, 4, 5, 10, 13, 14, 15, 20, 23, 24, 25},
    ]
    turned = [set(rules.turn(RULEBOOK_E, t)) for t in (1, 2, 3)]
    assert sorted(map(sorted, turned)) == sorted(map(sorted, shown))
    assert set(rules.turn(RULEBOOK_E, 1)) == {1, 2, 3, 4, 5, 6, 8, 10, 11, 13, 15}  # clockwise


def _alphabet_with(**changes) -> dict:
    alpha = {x: list(c) for x, c in rules.ALPHABET.items()}
    alpha.update({k: list(v) for k, v in changes.items()})
    return alpha


def test_validator_names_both_letters_of_a_turned_clash():
    alpha = _alphabet_with(Z=rules.turn(rules.ALPHABET["N"], 1), W=rules.turn(rules.ALPHABET["M"], 2))
    found = rules.alphabet_violations(alpha, rotations=True)
    places = {v.place for v in found}
    assert {"letters N/Z", "letters M/W"} <= places
    assert all(v.code == "CLR-TURN-CLASH" for v in found)
    # without the Rotations variant a turned twin is allowed
    assert rules.alphabet_violations(alpha, rotations=False) == []


def test_validator_names_both_letters_of_a_plain_clash_and_other_faults():
    alpha = _alphabet_with(Q=rules.ALPHABET["O"], X=range(1, 26), E=[1, 2, 3])
    found = {(v.code, v.place) for v in rules.alphabet_violations(alpha, rotations=False)}
    assert ("CLR-CLASH", "letters O/Q") in found
    assert ("CLR-LETTER-FULL", "letter X") in found
    assert ("CLR-STANDARD-E", "letter E") in found


def test_validate_command_reports_a_clashing_key_card(workdir):
    proc = run_cli("card", "crypticolor", "--rotations", "--json", cwd=workdir, check=True)
    data = json.loads(proc.stdout)
    for entry in data["alphabet"]:
        if entry["letter"] == "Z":
            entry["cells"] = list(rules.turn(rules.ALPHABET["N"], 3))
    bad = workdir / "card.json"
    bad.write_text(json.dumps(data))
    proc = run_cli("validate", str(bad), cwd=workdir)
    assert proc.returncode == 1
    assert "CLR-TURN-CLASH letters N/Z" in proc.stdout
    assert_no_traceback(proc)
    # malformed data is reported, not crashed on
    data["alphabet"] = [{"letter": "a", "cells": "1,2"}, {"cells": [0]}, 7]
    bad.write_text(json.dumps(data))
    proc = run_cli("validate", str(bad), cwd=workdir)
    assert proc.returncode == 1 and "CLR-ALPHABET" in proc.stdout
    assert_no_traceback(proc)


# -- Key Card: E read back from pixels -----------------------------------------------

def _char_boxes(pdf: Path, index: int = 0):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        height = page.get_height()
        tp = page.get_textpage()
        text = tp.get_text_range()
        boxes = [tp.get_charbox(i) for i in range(tp.count_chars())]
        return text, boxes, height
    finally:
        doc.close()


def _grid_under_label(pdf: Path, label: str, dpi: float = 150) -> set[int]:
    """Find the letter label on the Key Card, follow the grid frame under it, and
    return the cells that are mostly dark."""
    text, boxes, height = _char_boxes(pdf)
    spots = [i for i, ch in enumerate(text) if ch == label and not text[i - 1 : i].isalpha() and not text[i + 1 : i + 2].isalpha()]
    assert len(spots) == 1, f"label {label} found {len(spots)} times"
    left, bottom, right, top = boxes[spots[0]]
    img = render_page(pdf, 0, dpi).convert("L")
    k = dpi / 72
    x = int((left + right) / 2 * k)
    y = int((height - bottom) * k) + 1
    while img.getpixel((x, y)) > 100:  # down to the frame's top edge
        y += 1
    y += 1  # onto the middle of the frame line
    x0 = x1 = x
    while img.getpixel((x0 - 1, y)) < 100:
        x0 -= 1
    while img.getpixel((x1 + 1, y)) < 100:
        x1 += 1
    side = (x1 - x0) / 5
    filled = set()
    for n in range(1, 26):
        r, c = divmod(n - 1, 5)
        px = [img.getpixel((int(x0 + (c + fx) * side), int(y + (r + fy) * side))) for fx in (0.45, 0.6, 0.75, 0.9) for fy in (0.45, 0.6, 0.75, 0.9)]
        if sum(px) / len(px) < 128:
            filled.add(n)
    return filled


@pytest.mark.parametrize("ink", ["color", "mono"])
def test_rendered_key_card_shows_the_rulebook_e(workdir, ink):
    out = workdir / "card.pdf"
    run_cli("card", "crypticolor", "--ink", ink, "-o", str(out), cwd=workdir, check=True)
    assert _grid_under_label(out, "E") == RULEBOOK_E
    assert _grid_under_label(out, "Z") == set(rules.ALPHABET["Z"])


def test_key_card_rotations_adds_the_turned_pictures(workdir):
    plain, turned = workdir / "p.pdf", workdir / "t.pdf"
    run_cli("card", "crypticolor", "-o", str(plain), cwd=workdir, check=True)
    run_cli("card", "crypticolor", "--rotations", "-o", str(turned), cwd=workdir, check=True)
    from pypdf import PdfReader

    assert len(PdfReader(plain).pages) == 1
    reader = PdfReader(turned)
    assert len(reader.pages) == 3
    later = " ".join(p.extract_text() for p in reader.pages[1:])
    assert "turned 90°" in later and "turned 270°" in later
    for letter in string.ascii_uppercase:
        assert letter in later


# -- Crypticard / score sheet ---------------------------------------------------------

def _json(*args, cwd) -> dict:
    proc = run_cli(*args, "--json", cwd=cwd, check=True)
    return json.loads(proc.stdout)


def test_sheet_with_a_word_is_encoded_as_by_hand(workdir):
    m = _json("sheet", "crypticolor", "--word", "foyer", "--seed", "7", cwd=workdir)
    assert m["word"] == "FOYER"
    assert sorted(m["scramble"]) == sorted("FOYER") and m["scramble"] != "FOYER"
    assert [g["letter"] for g in m["grids"]] == list(m["scramble"])
    for g in m["grids"]:
        assert g["turn"] == 0
        assert read_grid(g["cells"], rotations=False) == {g["letter"]}
    again = _json("sheet", "crypticolor", "--word", "FOYER", "--seed", "7", cwd=workdir)
    assert again == m


def test_sheet_scramble_and_turns_follow_the_seed():
    scrambles, turns = set(), set()
    for seed in range(40):
        m = model.build_sheet({"word": "FOYER", "seed": str(seed), "rotations": True})
        assert rules.check_sheet(m) == []
        scrambles.add(m["scramble"])
        turns.update(g["turn"] for g in m["grids"])
        for g in m["grids"]:
            assert g["letter"] in read_grid(g["cells"], rotations=True)
    assert len(scrambles) > 20 and "FOYER" not in scrambles
    assert turns == {0, 1, 2, 3}


@pytest.mark.parametrize("word, code", [("FOY3R", "CLR-WORD"), ("FOYERS", "CLR-WORD"), ("FO-ER", "CLR-WORD"), ("XQZTV", "CLR-WORD-UNKNOWN")])
def test_bad_code_word_is_refused_naming_it(workdir, word, code):
    proc = run_cli("sheet", "crypticolor", "--word", word, cwd=workdir)
    assert proc.returncode == 1
    assert f"{code} code word {word}" in proc.stderr
    assert len([ln for ln in proc.stderr.splitlines() if ln.strip()]) == 2  # the violation + "refused"
    assert not (workdir / "output" / "crypticolor-sheet.pdf").exists()
    assert_no_traceback(proc)


def test_user_word_list_admits_a_code_word(workdir):
    (workdir / "mine.txt").write_text("qzxvy\n")
    proc = run_cli("sheet", "crypticolor", "--word", "QZXVY", "--words", "mine.txt", cwd=workdir)
    assert proc.returncode == 0, proc.stderr


def test_tampered_sheet_grid_is_caught():
    m = model.build_sheet({"word": "FOYER", "seed": "1", "rotations": False})
    m["grids"][2]["cells"] = list(rules.ALPHABET["Q"])
    found = rules.check_sheet(m)
    assert [(v.code, v.place) for v in found] == [("CLR-GRID", "grid 3")]
    m = model.build_sheet({"word": "FOYER", "seed": "1", "rotations": False})
    m["grids"][0]["turn"] = 1
    assert [v.code for v in rules.check_sheet(m)] == ["CLR-GRID"]
    m["scramble"] = "FOYER"
    assert [v.code for v in rules.check_sheet(m)] == ["CLR-SCRAMBLE"]


def test_sheet_text_has_the_score_table(workdir):
    out = workdir / "s.pdf"
    run_cli("sheet", "crypticolor", "--word", "FOYER", "-o", str(out), cwd=workdir, check=True)
    from pypdf import PdfReader

    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    for label in ["CODE WORD", "SCRAMBLED LETTERS", "ENCIPHERED LETTERS", "NOTES", "LINE +4", "CORNER +4", "ANGLE +4",
                  "CURVE +4", "HIT +1", "MISS \u22121", "LETTER GUESS +2*", "SUBTOTAL", "DECIPHERED LETTERS", "TOTAL", "LETTER 5"]:
        assert label in text, label


# -- shapes and the Decoder -------------------------------------------------------------

def _adjacent(a, b, diagonal: bool) -> bool:
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr, dc) == (1, 1) if diagonal else dr + dc == 1


def test_shapes_match_their_descriptions():
    """Every orientation of each shape checked against the words of GAMES.md."""
    from itertools import permutations

    for form in rules.shape_variants("line"):
        rows, cols = {r for r, _ in form}, {c for _, c in form}
        assert (len(rows) == 1 and cols == {min(cols), min(cols) + 1, min(cols) + 2}) or (len(cols) == 1 and len(rows) == 3)
    for form in rules.shape_variants("corner"):
        assert max(r for r, _ in form) == 1 and max(c for _, c in form) == 1  # three cells of a 2x2 block
    for form in rules.shape_variants("angle"):
        a, b, c = sorted(form)
        assert _adjacent(a, b, True) and _adjacent(b, c, True) and (a[1] - b[1]) == (b[1] - c[1])
    for form in rules.shape_variants("curve"):
        assert any(
            _adjacent(a, b, False) and _adjacent(b, c, True) and not _adjacent(a, c, False) and not _adjacent(a, c, True)
            for a, b, c in permutations(form)
        )
    assert [len(rules.shape_variants(n)) for n in rules.SHAPE_ORDER] == [2, 4, 2, 8]
    assert [len(rules.placements(n)) for n in rules.SHAPE_ORDER] == [30, 64, 18, 96]


def test_classify_and_shape_guesses():
    assert rules.classify([1, 2, 3]) == "line"
    assert rules.classify([5, 10, 15]) == "line"
    assert rules.classify([1, 2, 7]) == "corner"
    assert rules.classify([3, 7, 11]) == "angle"
    assert rules.classify([1, 2, 8]) == "curve"
    assert rules.classify([1, 7, 8]) == "curve"
    assert rules.classify([1, 2, 4]) is None
    assert rules.classify([1, 13, 25]) is None
    assert rules.classify([1, 1, 2]) is None
    for name in rules.SHAPE_ORDER:
        assert all(rules.classify(p) == name for p in rules.placements(name))
    letter_l = rules.ALPHABET["L"]
    assert rules.shape_guess(letter_l, "line", [1, 6, 11])
    assert rules.shape_guess(letter_l, "corner", [16, 21, 22])
    assert not rules.shape_guess(letter_l, "line", [2, 7, 12])
    assert not rules.shape_guess(letter_l, "corner", [1, 6, 11])  # filled, but a line
    e = rules.ALPHABET["E"]  # 11 cells
    assert rules.letter_guess_points(e, [], True) == 2 * 11  # guessed blind: every cell still empty
    assert rules.letter_guess_points(e, [1, 2, 3, 4, 5], True) == 2 * 8  # 1-3 are E's, 4-5 misses
    assert rules.letter_guess_points(e, e, True) == 0  # probing everything first earns nothing more
    assert rules.letter_guess_points(e, [], False) == -2
    assert rules.column_score({"line": 1, "hit": 3, "miss": 2, "letter_guess": 28}) == 4 + 3 - 2 + 28


def test_board_draws_its_shapes_from_the_rules():
    m = model.build_board({})
    assert rules.check_board(m) == []
    assert [s["cells"] for s in m["shapes"]] == [[list(p) for p in rules.SHAPES[n]["cells"]] for n in rules.SHAPE_ORDER]
    m["shapes"][3]["cells"] = [[0, 0], [0, 1], [1, 1]]
    found = rules.check_board(m)
    assert [(v.code, v.place) for v in found] == [("CLR-BOARD-SHAPE", "shape curve")]
    m = model.build_board({})
    m["shapes"][1]["variants"].pop()
    assert [v.code for v in rules.check_board(m)] == ["CLR-BOARD-VARIANTS"]


def test_board_pdf_explains_shapes_points_and_cubes(workdir):
    out = workdir / "b.pdf"
    run_cli("board", "crypticolor", "-o", str(out), cwd=workdir, check=True)
    from pypdf import PdfReader

    text = PdfReader(out).pages[0].extract_text()
    for piece in ["LINE +4", "CORNER +4", "ANGLE +4", "CURVE +4", "HIT +1", "MISS \u22121", "3 yellow cubes", "3 orange cubes",
                  "3 purple cubes", "3 pink cubes", "green cube", "black cube", "+2 per cell of the letter", "(96 places)"]:
        assert piece in " ".join(text.split()), piece


# -- cube tokens ------------------------------------------------------------------

def test_tokens_set_counts_and_marks(workdir):
    m = model.build_tokens({})
    assert rules.check_tokens(m) == []
    assert {c["color"]: c["count"] for c in m["cubes"]} == {"yellow": 6, "orange": 6, "purple": 6, "pink": 6, "green": 26, "black": 26}
    out = workdir / "t.pdf"
    run_cli("tokens", "crypticolor", "--ink", "mono", "-o", str(out), cwd=workdir, check=True)
    from pypdf import PdfReader

    words_on_page = " ".join(p.extract_text() for p in PdfReader(out).pages).split()
    counts = {w: words_on_page.count(w) for w in ["LINE", "CORNER", "ANGLE", "CURVE", "HIT", "MISS"]}
    assert counts == {"LINE": 6, "CORNER": 6, "ANGLE": 6, "CURVE": 6, "HIT": 26, "MISS": 26}
    m["cubes"][4]["count"] = 20
    m["cubes"].pop(0)
    found = {(v.code, v.place) for v in rules.check_tokens(m)}
    assert found == {("CLR-TOKENS-COUNT", "hit cubes"), ("CLR-TOKENS-KIND", "line cubes")}


# -- puzzles ----------------------------------------------------------------------

def _accept_anagrams(letters: str) -> list[str]:
    key = sorted(letters.lower())
    return [w for w in words.accept_words() if len(w) == 5 and sorted(w) == key]


def _words_from(grids, rotations: bool, accept5) -> set[str]:
    """Independent search: every word of the acceptance list that one fitting
    letter per picture (read_partial) can make."""
    import itertools

    found = set()
    for pick in itertools.product(*(sorted(read_partial(g["hits"], g["misses"], rotations)) for g in grids)):
        found.update(accept5.get("".join(sorted("".join(pick).lower())), []))
    return found


def test_puzzle_sweep_every_grid_reads_as_one_letter_and_one_anagram():
    accept5: dict[str, list[str]] = {}
    for w in words.accept_words():
        if len(w) == 5:
            accept5.setdefault("".join(sorted(w)), []).append(w)
    puzzle_list = set(words.puzzle_words())
    seen = set()
    n = sweep(200, 40)
    for i in range(n):
        for rotations in (False, True):
            token = pz.make_token("sweep", i)
            p = generate.generate(token, rotations)
            sol = p["solution"]
            assert sol["word"].lower() in puzzle_list
            assert accept5["".join(sorted(sol["letters"].lower()))] == [sol["word"].lower()]
            assert sorted(sol["letters"]) == sorted(sol["word"]) and sol["letters"] != sol["word"]
            for g, letter, cells in zip(p["grids"], sol["letters"], sol["cells"]):
                assert read_grid(cells, rotations) == {letter}
                assert letter in read_partial(g["hits"], g["misses"], rotations)
                assert set(g["hits"]) <= set(cells) and not set(g["misses"]) & set(cells)
            assert _words_from(p["grids"], rotations, accept5) == {sol["word"].lower()}  # one word, however the open pictures read
            if not rotations:
                assert sol["turns"] == [0] * 5
            assert rules.puzzle_violations(p, "p") == []
            seen.add(sol["word"])
    assert len(seen) > 0.75 * 2 * n  # the seeds really spread over the word pool


def test_puzzle_avoids_a_second_anagram_from_the_users_word_list(tmp_path):
    token = pz.make_token("user", 0)
    before = generate.generate(token, False)
    word = before["solution"]["word"].lower()
    twin = word[::-1] if word[::-1] != word else word[1:] + word[0]
    (tmp_path / "mine.txt").write_text(twin + "\n")
    words.add_user_words(tmp_path / "mine.txt")
    after = generate.generate(token, False)
    assert after["solution"]["word"].lower() != word
    assert rules.puzzle_violations(after, "p") == []
    assert {v.code for v in rules.puzzle_violations(before, "p")} == {"CLR-PUZZLE-ANAGRAM"}


def test_puzzle_validator_catches_a_tampered_puzzle():
    m = generate.build_puzzles({"seed": "9", "count": 1, "rotations": False})
    assert rules.check_puzzles(m) + generate.check_ids(m) == []
    p = m["puzzles"][0]
    letters = p["solution"]["letters"]
    other = next(x for x in string.ascii_uppercase if x not in letters)
    p["grids"][1] = {"hits": list(rules.ALPHABET[other]), "misses": []}
    codes = {(v.code, v.place) for v in rules.check_puzzles(m) + generate.check_ids(m)}
    assert ("CLR-PUZZLE-DECODE", f"puzzle {p['id']} grid 2") in codes
    assert ("CLR-PUZZLE-ID", f"puzzle {p['id']}") in codes
    # a word whose letters make two words
    p = generate.generate(pz.make_token("9", 0), False)
    p["solution"] = {"word": "LEMON", "letters": "NOMEL", "turns": [0] * 5}
    p["grids"] = [{"hits": list(rules.ALPHABET[x]), "misses": [n for n in range(1, 26) if n not in rules.ALPHABET[x]]} for x in "NOMEL"]
    codes = {v.code for v in rules.puzzle_violations(p, "p")}
    assert ("CLR-PUZZLE-ANAGRAM" in codes) == (len(_accept_anagrams("LEMON")) > 1)
    # a turned picture in a plain puzzle reads as no letter
    p = generate.generate(pz.make_token("9", 0), False)
    first = p["solution"]["letters"][0]
    p["grids"][0] = {"hits": list(rules.turn(rules.ALPHABET[first], 1)), "misses": [n for n in range(1, 26) if n not in rules.turn(rules.ALPHABET[first], 1)]}
    if rules.turn(rules.ALPHABET[first], 1) != rules.ALPHABET[first]:
        assert "CLR-PUZZLE-DECODE" in {v.code for v in rules.puzzle_violations(p, "p")}


def test_puzzle_pdf_qr_regenerates_and_key_is_apart(workdir):
    out = workdir / "pz.pdf"
    run_cli("puzzle", "crypticolor", "--seed", "qr", "--count", "2", "--rotations", "-o", str(out), cwd=workdir, check=True)
    m = _json("puzzle", "crypticolor", "--seed", "qr", "--count", "2", "--rotations", cwd=workdir)
    from pypdf import PdfReader

    pages = PdfReader(out).pages
    assert len(pages) == 3  # the puzzles, then each answer key on a page of its own
    front = pages[0].extract_text()
    for p, page in zip(m["puzzles"], pages[1:]):
        key = page.extract_text()
        assert p["id"] in front and p["id"] in key
        assert p["solution"]["word"] not in front.replace(p["id"], "")
        assert p["solution"]["word"] in key
        assert all(o["id"] not in key and o["solution"]["word"] not in key for o in m["puzzles"] if o is not p)
    found = sorted(decode_qr(render_page(out, 0, dpi=200)))
    assert found == sorted(f"printkit puzzle crypticolor --id {p['id']}" for p in m["puzzles"])
    args = shlex.split(found[0])[1:]
    again = _json(*args, cwd=workdir)
    original = next(p for p in m["puzzles"] if p["id"] == again["id"])
    assert again["puzzles"] == [original]


@pytest.mark.parametrize("args, needle", [
    (["--id", "CY-ZZ"], "--id CY-ZZ"),
    (["--id", "CY-Q-5P07WB4X"], "CY-Q-5P07WB4X"),
    (["--id", "CY-5P07WB4X6", "--rotations"], "--rotations"),  # the ID names its settings
])
def test_bad_puzzle_id_is_a_usage_error(workdir, args, needle):
    proc = run_cli("puzzle", "crypticolor", *args, cwd=workdir)
    assert proc.returncode == 2
    assert needle in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert_no_traceback(proc)


def test_same_inputs_same_bytes(workdir):
    for args in (["puzzle", "crypticolor", "--count", "3", "--rotations"], ["sheet", "crypticolor", "--word", "FOYER", "--rotations"]):
        a, b = workdir / "a.pdf", workdir / "b.pdf"
        run_cli(*args, "-o", str(a), cwd=workdir, check=True)
        run_cli(*args, "-o", str(b), cwd=workdir, check=True)
        assert a.read_bytes() == b.read_bytes()


# -- every page: margins, mono, letter paper ------------------------------------------

ALL = [
    ["card", "crypticolor", "--rotations"],
    ["sheet", "crypticolor", "--word", "FOYER", "--rotations"],
    ["board", "crypticolor"],
    ["tokens", "crypticolor"],
    ["puzzle", "crypticolor", "--count", "3", "--rotations"],
]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_stays_off_the_edge_and_mono_is_grey(workdir, paper):
    from pypdf import PdfReader

    for args in ALL:
        for ink in ("color", "mono"):
            out = workdir / f"{args[0]}-{ink}.pdf"
            run_cli(*args, "--paper", paper, "--ink", ink, "-o", str(out), cwd=workdir, check=True)
            for i in range(len(PdfReader(out).pages)):
                img = render_page(out, i, dpi=60)
                w, h = img.size
                edge = int(5 / 25.4 * 60)
                gray = img.convert("L")
                for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
                    assert gray.crop(box).getextrema()[0] > 245, f"{args[0]} {paper} {ink} page {i + 1}: ink within 5 mm of the edge"
                if ink == "mono":
                    px = list(img.convert("RGB").tobytes())
                    px = list(zip(px[0::3], px[1::3], px[2::3]))
                    assert all(max(p) - min(p) <= 2 for p in px), f"{args[0]} page {i + 1} has colour in mono"


# -- the kit ------------------------------------------------------------------------

def test_kit_parts_build_with_their_defaults(tmp_path):
    from printkit.engine.units import PrintOptions

    names = {part.component for part in GAME.kit}
    assert names == set(GAME.components)
    for part in GAME.kit:
        comp = GAME.components[part.component]
        params = {p.name: p.default for p in comp.params}
        if "seed" in comp.uses:
            params["seed"] = "1"
        if "count" in comp.uses:
            params["count"] = 1
        params.update(part.params)
        m = build.build_checked(comp, params)
        result = build.write_component(comp, m, Request(PrintOptions()), tmp_path / f"{part.component}.pdf")
        assert result.pages >= 1


def test_rules_summary_agrees_with_the_rules():
    text = GAME.rules_text()
    for cube in rules.CUBES:
        assert f"{cube['count']} {cube['color']}" in text
    for shown in ("**+4**", "**+1**", "**\u22121**", "**\u22122**", f"**+{rules.LETTER_GUESS_POINTS} for each cell of its picture still empty on your Decoder**"):
        assert shown in text, shown
    assert "`" not in text  # the markup has no code spans


def test_kit_command(workdir):
    pytest.importorskip("printkit.kit")
    proc = run_cli("kit", "crypticolor", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    assert (workdir / "output" / "crypticolor-kit.pdf").exists()


# -- issue 12: letter-guess scoring, alike Key Cards, graded partial puzzles --------

def test_rules_page_worked_example_scores_by_the_rules():
    """The rules page's example, played out with the rule functions, gives the
    total it prints."""
    import re

    text = GAME.rules_text()
    assert "Slang is permissible" in text
    ex = re.search(r"\*Example:\* the letter is ([A-Z]) \((\d+) cells\)\. (.*?) then guess \1: (\d+) of its cells .*?\+(\d+)\. Column: .*?\*\*(\d+)\*\*", text)
    assert ex, "the worked example is on the rules page"
    letter, size, probes, empty, bonus, total = ex.groups()
    picture = rules.ALPHABET[letter]
    assert len(picture) == int(size)
    marked, counts = [], {"hit": 0, "miss": 0}
    for cell, said in re.findall(r"cell (\d+) \((hit|miss)", probes):
        truth = "hit" if int(cell) in picture else "miss"
        assert said == truth, f"cell {cell} of {letter} is a {truth}"
        counts[truth] += 1
        marked.append(int(cell))
    assert len(set(picture) - set(marked)) == int(empty)
    guess = rules.letter_guess_points(picture, marked, True)
    assert guess == int(bonus)
    assert rules.column_score({**counts, "letter_guess": guess}) == int(total)


def test_every_score_reference_states_the_same_letter_guess_rule(workdir):
    from pypdf import PdfReader

    for verb in ("sheet", "board", "card"):
        out = workdir / f"{verb}.pdf"
        assert run_inproc(verb, "crypticolor", "-o", str(out), cwd=workdir).returncode == 0
        text = " ".join(p.extract_text() for p in PdfReader(out).pages).replace("\n", " ")
        assert "still empty" in text, verb
        assert "every empty cell" not in text, verb


def test_kit_key_cards_are_alike_with_turned_pictures():
    cards = [p for p in GAME.kit if p.component == "card"]
    assert [p.copies for p in cards] == [2, 2]  # the upright card each, then the turned pictures each
    assert not cards[0].params and cards[1].params == {"turned_only": True}
    assert "Rotations variant only" in cards[1].note


def test_puzzle_grades_by_the_reasoning_a_person_needs():
    """Issue 26: grades differ in reasoning, not only in cells shown. Easy: every
    picture pins its letter; medium: one or two fit several; hard: three or more,
    settled only by the word. The solver's steps (rules.reasoning) rise by grade, and
    its candidates agree with an independent search."""
    accept5: dict[str, list[str]] = {}
    for w in words.accept_words():
        if len(w) == 5:
            accept5.setdefault("".join(sorted(w)), []).append(w)
    steps, shown = {}, {}
    for rotations in (False, True):
        for difficulty in generate.DIFFICULTIES:
            ps = [generate.generate(pz.make_token("grade", i), rotations, difficulty) for i in range(12)]
            shown[difficulty] = sum(p["shown"] for p in ps)
            steps[difficulty] = []
            lo, hi = rules.GRADE_AMBIGUOUS[difficulty]
            for p in ps:
                assert p["shown"] == sum(len(g["hits"]) + len(g["misses"]) for g in p["grids"])
                assert p["shown"] < 5 * 25  # never the whole picture
                r = rules.reasoning(p["grids"], rotations)
                assert [set(c) for c in r["candidates"]] == [read_partial(g["hits"], g["misses"], rotations) for g in p["grids"]]
                assert lo <= r["ambiguous"] <= hi, (difficulty, r)
                assert all(len(c) <= generate.AMBIGUOUS_MAX for c in r["candidates"])
                assert _words_from(p["grids"], rotations, accept5) == {p["solution"]["word"].lower()} == set(r["words"])
                steps[difficulty].append(r["steps"])
        assert min(steps["hard"]) > max(steps["easy"]) == 5
        assert sum(steps["easy"]) < sum(steps["medium"]) < sum(steps["hard"])
        assert shown["easy"] > shown["medium"] > shown["hard"]
    # the validator holds a puzzle to its grade
    p = generate.generate(pz.make_token("grade", 0), False, "hard")
    assert rules.puzzle_violations({**p, "difficulty": "easy"}, "p")[0].code == "CLR-PUZZLE-GRADE"


def test_puzzle_id_carries_the_grade(workdir):
    m = _json("puzzle", "crypticolor", "--seed", "g", "--count", "3", "--difficulty", "mixed", cwd=workdir)
    assert [p["difficulty"] for p in m["puzzles"]] == ["easy", "medium", "hard"]
    for p in m["puzzles"]:
        again = _json("puzzle", "crypticolor", "--id", p["id"], cwd=workdir)
        assert again["puzzles"] == [p]
