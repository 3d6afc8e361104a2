"""Crypto Crisis: the grid and its shifts, the rulebook example, the rules, the
solver, seeded puzzles (a 200-seed sweep), and the printed pages."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from conftest import assert_no_traceback, decode_qr, render_page, run_cli
from printkit import build
from printkit.cli import main as cli_main
from printkit.games import get_game
from printkit.games.crypto_crisis import generator, grid, model, rules, solver
from printkit.puzzles import make_token
from printkit.request import Request
from printkit.rng import Rng
from printkit.words import accept_words

GAME = "crypto-crisis"
MM = 72 / 25.4
EXAMPLE = ["--word", "study:LLL", "--word", "ghost:UUU", "--word", "knife:RRD"]

# GAMES.md section 4: the merged board of the rulebook example.
EXAMPLE_CELLS = {
    "P": ("purple", ["underline", "strike"]),
    "Q": ("green", ["underline", "italic"]),
    "R": ("orange", ["italic", "strike"]),
    "W": ("blue", []), "A": ("blue", []), "V": ("blue", []),
    "Y": ("yellow", []), "D": ("yellow", []), "E": ("yellow", []),
    "K": ("red", []), "M": ("red", []), "G": ("red", []),
}
# Okabe-Ito colours as drawn (engine/ink.py)
RGB = {
    "blue": (0, 114, 178), "yellow": (240, 228, 66), "red": (213, 94, 0),
    "green": (0, 158, 115), "purple": (204, 121, 167), "orange": (230, 159, 0),
    "black": (0, 0, 0), "none": (255, 255, 255),
}


def game():
    return get_game(GAME)


def cli(capsys, monkeypatch, tmp_path, *args) -> tuple[int, str, str]:
    """printkit in this process (faster than a subprocess): (exit code, out, err)."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        cli_main(list(args))
        raise SystemExit(0)
    out, err = capsys.readouterr()
    return exc.value.code or 0, out, err


# -- the grid -------------------------------------------------------------------------------

def test_grid_matches_the_rulebook_checks():
    # one left shift turns the blue U of "study" into a Y
    assert grid.LETTERS[grid.tiles("STUDY", ["L"])[2]] == "Y"
    # "knife" right 2, down 1: the struck K and N move to R and P
    moved = grid.tiles("KNIFE", ["R", "R", "D"])
    assert [grid.LETTERS[i] for i in moved[:2]] == ["R", "P"]
    # order of shifts does not change where tiles end up
    assert grid.tiles("KNIFE", ["D", "R", "R"]) == moved
    # wrap-around both ways
    assert grid.LETTERS[grid.shift_cell(grid.LETTERS.index("A"), -1, -1)] == "Y"
    assert grid.net_text(grid.net_shift("LLL")) == "RR"
    assert grid.distance(grid.net_shift("LLL")) == 2


def test_mask_shifts_agree_with_cell_shifts():
    rng = Rng("crypto-crisis-test", "masks")
    for _ in range(500):
        a, b = rng.below(1 << 25), rng.below(1 << 25)
        dr, dc = rng.below(5), rng.below(5)
        want_a = grid.mask_of(grid.shift_cell(i, dr, dc) for i in grid.cells_of(a))
        want_b = grid.mask_of(grid.shift_cell(i, dr, dc) for i in grid.cells_of(b))
        assert grid.shift_mask(a, dr, dc) == want_a
        assert grid.shift_pair(a | b << 25, dr, dc) == want_a | want_b << 25


def test_possible_nets_per_hint_stage():
    assert len(grid.possible_nets([], False)) == 21  # up to 3 unknown shifts: 25 minus the 4 (±2, ±2)
    assert len(grid.possible_nets(["L"], False)) == 13
    assert len(grid.possible_nets(["L", "U"], False)) == 5
    assert grid.possible_nets(["L", "U", "U"], False) == (grid.net_shift("LUU"),)
    assert grid.possible_nets(["L"], True) == (grid.net_shift("L"),)
    # a slip saying "none" ends the list
    assert grid.revealed(["L"], 2) == (["L"], True)
    assert grid.revealed(["L", "D"], 2) == (["L", "D"], False)
    assert grid.revealed(["L", "D", "D"], 3) == (["L", "D", "D"], True)


# -- the rulebook example -----------------------------------------------------------------

def test_rulebook_example_json(tmp_path):
    proc = run_cli("board", GAME, *EXAMPLE, "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    m = json.loads(proc.stdout)
    words = {w["colour"]: w for w in m["words"]}
    assert words["blue"]["tiles"] == list("PQWAV") and words["blue"]["mark"] == "underline"
    assert words["yellow"]["tiles"] == list("QRYDE") and words["yellow"]["mark"] == "italic"
    assert words["red"]["tiles"] == list("RPKMG") and words["red"]["mark"] == "strike"
    assert [w["shifts"] for w in m["words"]] == [list("LLL"), list("UUU"), list("RRD")]
    assert len(m["cells"]) == 25
    for cell, letter in zip(m["cells"], grid.LETTERS):
        assert cell["letter"] == letter
        mix, marks = EXAMPLE_CELLS.get(letter, ("none", []))
        assert (cell["mix"], cell["marks"]) == (mix, marks), letter
        assert cell["colours"] == list(grid.UNMIX[mix])
    assert [h["time"] for h in m["hints"]] == ["15:00", "30:00", "sudden death"]
    assert m["hints"][2]["shifts"] == {"blue": "L", "yellow": "U", "red": "D"}
    # --example is the rulebook example; no --word is not
    assert model.build_board({"example": True})["cells"] == m["cells"]
    assert model.build_board({"seed": "1"})["cells"] != m["cells"]
    # a solver sees one answer per colour even with no hint
    assert m["solver"]["none"] == {"blue": [["STUDY", "RR"]], "yellow": [["GHOST", "DD"]], "red": [["KNIFE", "DRR"]]}


def _tile_box(page, letter: str):
    from printkit.games.crypto_crisis.draw import board_layout

    x, y, side = board_layout(page)
    s = side / 5
    r, c = divmod(grid.LETTERS.index(letter), 5)
    return x + c * s, y + side - (r + 1) * s, s


def _pixel(img, page_h: float, dpi: float, x: float, y: float):
    k = dpi / 72
    return img.getpixel((int(x * k), int((page_h - y) * k)))


def _near(a, b, tol=40):
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def test_rulebook_example_on_the_page(tmp_path):
    from printkit.games.crypto_crisis.draw import tile_geometry

    proc = run_cli("board", GAME, *EXAMPLE, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    pdf_path = tmp_path / "output" / "crypto-crisis-board.pdf"
    reader = PdfReader(pdf_path)
    assert len(reader.pages) == 1
    keeper = PdfReader(tmp_path / "output" / "crypto-crisis-board-keeper.pdf")
    assert len(keeper.pages) == 2
    page = (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height))
    dpi = 60
    img = render_page(pdf_path, 0, dpi)
    for letter in grid.LETTERS:
        mix, marks = EXAMPLE_CELLS.get(letter, ("none", []))
        x, y, s = _tile_box(page, letter)
        # the fill, sampled left of the letter and clear of the labels
        assert _near(_pixel(img, page[1], dpi, x + 0.07 * s, y + 0.3 * s), RGB[mix]), letter
        g = tile_geometry(s)
        for mark in ("underline", "strike"):
            x0, _x1, yy = g[mark]
            px = _pixel(img, page[1], dpi, x + x0 + 0.02 * s, y + yy)
            if mark in marks:
                assert sum(px) < 150, (letter, mark, px)  # a black bar on these light tiles
            else:
                assert _near(px, RGB[mix]), (letter, mark, px)
    # italics: the big tile letters of Q and R only, in the bold italic face
    big = []

    def visit(text, cm, tm, font, size):
        if size > 30 and text.strip():
            big.append((text.strip(), str(font.get("/BaseFont"))))

    reader.pages[0].extract_text(visitor_text=visit)
    assert sorted("".join("".join(t.split()) for t, _ in big)) == list(grid.LETTERS)  # each letter once
    assert sorted(t for t, f in big if f.endswith("BoldItalic")) == ["Q", "R"]
    # the colour codes read without colour
    text = reader.pages[0].extract_text()
    for code in ("B+R", "B+Y", "Y+R"):
        assert code in text
    # hint slips and answer key are in the keeper's file, on pages of their own
    slips = keeper.pages[0].extract_text()
    assert "15:00" in slips and "30:00" in slips and "sudden death" in slips
    assert "STUDY" not in slips and "STUDY" not in text
    key = keeper.pages[1].extract_text()
    assert "answer key" in key and "P Q W A V" in key and "↓→→" in key  # net DRR, as arrows


def test_all_three_marks_on_one_black_tile(tmp_path):
    # study, those, stair all start their marks on T: underline, italic and strike
    m = build.build_checked(game().component("board"), {"word": ("study", "those", "stair")})
    t = m["cells"][grid.LETTERS.index("T")]
    assert t["mix"] == "black" and t["marks"] == ["underline", "italic", "strike"]
    opts_path = tmp_path / "b.pdf"
    from printkit.engine.units import PrintOptions

    build.write_component(game().component("board"), m, Request(PrintOptions()), opts_path)
    page = PrintOptions().paper_pt
    dpi = 60
    img = render_page(opts_path, 0, dpi)
    x, y, s = _tile_box(page, "T")
    from printkit.games.crypto_crisis.draw import tile_geometry

    g = tile_geometry(s)
    assert _near(_pixel(img, page[1], dpi, x + 0.07 * s, y + 0.3 * s), RGB["black"])
    for mark in ("underline", "strike"):
        x0, _x1, yy = g[mark]
        assert min(_pixel(img, page[1], dpi, x + x0 + 0.02 * s, y + yy)) > 200  # white bars on black


# -- the rules: bad words ---------------------------------------------------------------------

BAD = [
    ("fuzzy", "CC-WORD-Z", "word 1 'fuzzy'"),
    ("sleep", "CC-WORD-REPEAT", "word 1 'sleep'"),
    ("tent", "CC-WORD-LENGTH", "word 1 'tent'"),
    ("string", "CC-WORD-LENGTH", "word 1 'string'"),
    ("qxvbk", "CC-WORD-UNKNOWN", "word 1 'qxvbk'"),
    ("study:LLLL", "CC-SHIFT-COUNT", "word 1 'study'"),
    ("study:LX", "CC-SHIFT-DIRECTION", "word 1 'study'"),
]


@pytest.mark.parametrize("word,code,place", BAD)
def test_bad_words_are_refused_naming_the_word(capsys, monkeypatch, tmp_path, word, code, place):
    rc, out, err = cli(capsys, monkeypatch, tmp_path, "board", GAME, "--word", word, "--word", "ghost", "--word", "knife")
    assert rc == 1
    lines = err.strip().splitlines()
    assert lines[0].startswith(f"printkit: {code} {place}: "), err
    assert all(place in line for line in lines[:-1]), err  # every violation names the word
    assert "refused" in lines[-1] and "Traceback" not in err
    assert not (tmp_path / "output").exists()  # nothing written


def test_bad_word_message_example(capsys, monkeypatch, tmp_path):
    rc, _, err = cli(capsys, monkeypatch, tmp_path, "board", GAME, "--word", "study", "--word", "sleep", "--word", "knife")
    assert rc == 1
    assert err.splitlines()[0] == "printkit: CC-WORD-REPEAT word 2 'sleep': letter E appears twice; all five letters must differ"


def test_bad_word_through_a_real_process(tmp_path):
    proc = run_cli("board", GAME, "--word", "study:UDLR", "--word", "ghost", "--word", "knife", cwd=tmp_path)
    assert proc.returncode == 1
    assert_no_traceback(proc)
    assert "CC-SHIFT-COUNT word 1 'study': has 4 shifts" in proc.stderr
    assert not (tmp_path / "output").exists()


def test_board_rules_beyond_single_words(capsys, monkeypatch, tmp_path):
    rc, _, err = cli(capsys, monkeypatch, tmp_path, "board", GAME, "--word", "study", "--word", "ghost")
    assert rc == 1 and "CC-WORD-COUNT board: has 2 words" in err
    rc, _, err = cli(capsys, monkeypatch, tmp_path, "board", GAME, "--word", "study", "--word", "study:R", "--word", "knife")
    assert rc == 1 and "CC-WORD-SAME word 2 'study'" in err
    # unreadable --word strings are usage errors (exit 2), one line
    for bad in ("", ":LL", "study:L:R"):
        rc, _, err = cli(capsys, monkeypatch, tmp_path, "board", GAME, "--word", bad, "--word", "ghost", "--word", "knife")
        assert rc == 2 and err.count("\n") == 1 and "--word" in err, (bad, err)
    # lower case shifts and a word without shifts are fine
    rc, out, _ = cli(capsys, monkeypatch, tmp_path, "board", GAME, "--word", "Study:lll", "--word", "ghost", "--word", "knife:r", "--json")
    assert rc == 0 and json.loads(out)["words"][0]["tiles"] == list("PQWAV")


def test_user_word_list_admits_a_word(capsys, monkeypatch, tmp_path):
    (tmp_path / "mine.txt").write_text("qxvbk\n")
    rc, _, err = cli(capsys, monkeypatch, tmp_path, "board", GAME, "--word", "qxvbk", "--word", "ghost", "--word", "knife", "--words", "mine.txt", "--json")
    from printkit import words

    words.clear_user_words()
    assert rc == 0, err


def test_validate_catches_edits(tmp_path):
    m = model.build_board({"word": EXAMPLE[1::2]})
    comp = game().component("board")
    m = build.build_checked(comp, {"word": EXAMPLE[1::2]})
    assert build.check(comp, m) == []
    # a cell that lies
    bad = json.loads(json.dumps(m))
    bad["cells"][grid.LETTERS.index("P")]["mix"] = "black"
    bad["cells"][grid.LETTERS.index("A")]["colours"] = ["red"]
    bad["cells"][grid.LETTERS.index("Q")]["marks"] = ["italic"]
    found = {(v.code, v.place) for v in build.check(comp, bad)}
    assert ("CC-CELL-MIX", "cell P") in found
    assert ("CC-CELL-COLOURS", "cell A") in found
    assert ("CC-CELL-MARKS", "cell Q") in found
    # a hint slip that lies, an answer key that lies
    bad = json.loads(json.dumps(m))
    bad["hints"][2]["shifts"]["red"] = "U"
    bad["words"][0]["tiles"] = list("ABCDE")
    found = {(v.code, v.place) for v in build.check(comp, bad)}
    assert ("CC-HINT-SHIFT", "hint slip 3") in found
    assert ("CC-WORD-TILES", "word 1 'study'") in found
    # garbage never crashes a check
    for junk in ({}, {"words": 3, "cells": "x", "hints": None}, {"words": [None, 5, {"word": 7}], "cells": [None] * 25, "hints": [1, 2, 3]}):
        out = build.check(comp, {"format": "printkit/1", **junk})
        assert out and all(v.code.startswith("CC-") for v in out), out


def _paths(data, pre=()):
    yield pre
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, pre + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, pre + (i,))


def test_checks_survive_random_edits():
    """Hand-edited files: every check answers with violations, never a crash."""
    rng = Rng("crypto-crisis-test", "fuzz")
    junk = [None, 5, "x", [], {}, True, -1, "L", ["U"], [None], {"a": 1}, "STUDY", 2.5]
    subjects = [
        (model.build_board({}), rules.check_board),
        (generator.build_puzzles({"seed": "fuzz", "count": 2, "difficulty": "hard"}), rules.check_puzzles),
        (model.build_sheet({}), rules.check_sheet),
    ]
    for data, check in subjects:
        for _ in range(400):
            edited = json.loads(json.dumps(data))
            for _ in range(1 + rng.below(3)):
                path = rng.choice(list(_paths(edited))[1:])
                parent = edited
                for key in path[:-1]:
                    parent = parent[key]
                parent[path[-1]] = json.loads(json.dumps(rng.choice(junk)))
            found = list(check(edited))
            assert all(v.code.startswith("CC-") and v.place and v.message for v in found)


def test_validate_command_on_a_json_file(tmp_path):
    proc = run_cli("board", GAME, "--json", cwd=tmp_path)
    assert proc.returncode == 0
    good = tmp_path / "good.json"
    good.write_text(proc.stdout)
    m = json.loads(proc.stdout)
    m["words"][1]["word"] = "GHOSTS"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(m))
    proc = run_cli("puzzle", GAME, "--seed", "v", "--count", "2", "--json", cwd=tmp_path)
    assert proc.returncode == 0
    (tmp_path / "puzzles.json").write_text(proc.stdout)
    proc = run_cli("validate", str(good), str(bad), "puzzles.json", cwd=tmp_path)
    assert proc.returncode == 1
    assert_no_traceback(proc)
    assert "good.json: ok" in proc.stdout and "puzzles.json: ok (crypto-crisis puzzle)" in proc.stdout
    assert "CC-WORD-LENGTH word 2 'ghosts'" in proc.stdout


# -- the solver ----------------------------------------------------------------------------------

def _brute_force(cells, colour, nets, words):
    """Every (word, net) whose encryption lands exactly on this colour's tiles and marks."""
    tiles = {i for i, c in enumerate(cells) if colour in c["colours"]}
    marked = {i for i, c in enumerate(cells) if grid.MARKS[colour] in c["marks"]}
    out = []
    for w in sorted(words):
        w = w.upper()
        if len(w) != 5 or len(set(w)) != 5 or not set(w) <= set(grid.LETTERS):
            continue
        for net in nets:
            placed = [grid.shift_cell(grid.LETTERS.index(ch), *net) for ch in w]
            if set(placed) == tiles and set(placed[:2]) == marked:
                out.append((w, net))
    return sorted(out)


def test_solver_agrees_with_brute_force():
    words = accept_words()
    for k, token in enumerate(["AAAAAAAA", "00000000"]):
        p = generator.make_puzzle(token, ("medium", "hard")[k])
        known = {w["colour"]: grid.revealed(w["shifts"], 1) for w in p["words"]}
        found = solver.solve(p["cells"], known, words)
        for colour in grid.COLOURS:
            nets = grid.possible_nets(*known[colour])
            assert found[colour] == _brute_force(p["cells"], colour, nets, words)
            assert len(found[colour]) >= 1


def test_solver_sees_anagram_ambiguity():
    # spare / spear share first letters and last three: the board cannot tell them apart
    m = model.build_board({"word": ("spare:LU", "ghost", "knife")})
    assert [w for w, _ in m["solver"]["all"]["blue"]] == ["SPARE", "SPEAR"]
    # a word whose split is unique is found alone
    assert m["solver"]["all"]["yellow"] == [["GHOST", ""]]


# -- seeded puzzles ------------------------------------------------------------------------------

def test_sweep_200_seeds():
    """Every puzzle: valid, re-solved from its board alone with a unique answer
    per colour with all shifts revealed, answer key re-encrypts to the board,
    graded as labelled."""
    lexicon = rules.lexicon()
    hidden = rules.puzzle_list()
    grades = {}
    ids = set()
    for i in range(200):
        difficulty = ("easy", "medium", "hard")[i % 3]
        p = generator.make_puzzle(make_token(f"sweep-{i}", 0), difficulty)
        assert p["id"] not in ids
        ids.add(p["id"])
        assert rules.check_puzzle(p, 1) == [], p["id"]
        # answer key re-encrypts to the board
        assert grid.merge([(w["colour"], w["word"], w["shifts"]) for w in p["words"]]) == p["cells"]
        # the board alone (colours and marks, no words) solves to the answer
        bare = [{"mix": c["mix"], "marks": c["marks"]} for c in p["cells"]]
        known = {w["colour"]: (w["shifts"], True) for w in p["words"]}
        found = solver.solve(bare, known, lexicon)
        for w in p["words"]:
            assert found[w["colour"]] == [(w["word"], grid.net_shift(w["shifts"]))]
            assert w["word"] in hidden and 1 <= len(w["shifts"]) <= 3
        assert rules.grade(p["common"]) == difficulty
        # the grade is the hints a person needs (common words): re-derived here
        need = max(next(k for k, n in enumerate(p["common"][c] + [1]) if n <= 1) for c in grid.COLOURS)
        assert {0: "easy", 1: "medium"}.get(need, "hard") == difficulty
        # decoys come from common words only
        for stage in p["candidates"].values():
            assert all(w in hidden for found in stage.values() for w, _ in found)
        grades[difficulty] = grades.get(difficulty, 0) + 1
    assert len(ids) == 200 and set(grades) == {"easy", "medium", "hard"}


def test_puzzles_are_reproducible_and_distinct():
    a = generator.make_puzzle("7QK2M9XA", "hard")
    assert generator.make_puzzle("7QK2M9XA", "hard") == a
    assert generator.puzzle_for_id(a["id"]) == a
    assert generator.make_puzzle("7QK2M9XA", "easy")["words"] != a["words"]
    m = generator.build_puzzles({"seed": "x", "count": 4, "difficulty": "easy"})
    assert len({p["id"] for p in m["puzzles"]}) == 4
    assert all(p["id"].startswith("CC-E-") for p in m["puzzles"])


def test_puzzle_checks_catch_a_tampered_puzzle():
    p = generator.make_puzzle("TAMPER00", "medium")
    bad = json.loads(json.dumps(p))
    bad["difficulty"] = "easy"
    codes = {v.code for v in rules.check_puzzle(bad, 1)}
    assert "CC-PUZZLE-ID" in codes  # the ID says M
    bad = json.loads(json.dumps(p))
    bad["counts"]["blue"][0] += 1
    assert {v.code for v in rules.check_puzzle(bad, 1)} == {"CC-PUZZLE-COUNTS"}
    # an ambiguous board (spare/spear) is refused by the puzzle rules
    amb = model.board_from_words([("SPARE", ["L"]), ("GHOST", ["U"]), ("KNIFE", ["R"])])
    fake = {"id": generator.format_id("CC", "E", "00000000"), "difficulty": "easy", **amb, "counts": {}}
    found = rules.check_puzzle(fake, 1)
    assert any(v.code == "CC-PUZZLE-UNIQUE" and v.place.endswith("blue") and "SPEAR" in v.message for v in found), found


def test_puzzle_checks_over_workers_find_the_same_in_order(monkeypatch):
    """A long list is checked in runs over worker processes: the same
    violations, in the order of the puzzles, as one process finds."""
    from printkit.base import workers

    monkeypatch.setattr(rules, "CHECK_RUN", 3)
    data = generator.build_puzzles({"seed": "runs", "count": 12, "difficulty": "mixed"})
    puzzles = [json.loads(json.dumps(p)) for p in data["puzzles"]]
    puzzles[4]["difficulty"] = "hard" if puzzles[4]["difficulty"] != "hard" else "easy"
    puzzles[10]["counts"]["blue"][0] += 1
    puzzles[7] = "not a puzzle"
    model = {"puzzles": puzzles}
    one = rules.check_puzzles(model)
    assert [v.place.split()[1] for v in one][:1] == [puzzles[4]["id"]] and "puzzle 8" in [v.place for v in one]
    try:
        workers.set_jobs(2)
        two = rules.check_puzzles(model)
    finally:
        workers.set_jobs(None)
    assert two == one
    assert [v.code for v in one][-1] == "CC-PUZZLE-COUNTS"


def test_puzzle_sheet_id_qr_and_reprint(tmp_path):
    proc = run_cli("puzzle", GAME, "--seed", "s1", "--difficulty", "hard", "-o", "a.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    reader = PdfReader(tmp_path / "a.pdf")
    assert len(reader.pages) == 3
    text = reader.pages[0].extract_text()
    pid = next(w for w in text.split() if w.startswith("CC-H-"))
    assert "hard: needs" in text
    # no hint on the board page: the strips have the next page, the key the last
    assert "15:00" not in text and "sudden death" not in text
    hints = reader.pages[1].extract_text()
    assert "hint strips for " + pid in hints and "15:00" in hints and "45:00" in hints and "sudden death" not in hints  # alone, the last strip opens at 45:00
    assert decode_qr(render_page(tmp_path / "a.pdf", 0, 200)) == [pid]
    assert "answer key for " + pid in reader.pages[2].extract_text()
    proc = run_cli("puzzle", GAME, "--id", pid.lower(), "-o", "b.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    # bad IDs are usage errors
    for bad in ("CC-X-7QK2M9XA", "XX-H-7QK2M9XA", "CC-H-123"):
        proc = run_cli("puzzle", GAME, "--id", bad, cwd=tmp_path)
        assert proc.returncode == 2 and bad in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr


def test_long_batches_show_progress_on_stderr(capsys):
    """Progress goes to the reporter the front end hands in (the command line's
    bar on stderr), for long runs only; with none handed in, nothing is shown."""
    from printkit.base.progress import each, reporting
    from printkit.cli import progress_bar

    assert list(each(list(range(25)), "making puzzles")) == list(range(25))
    assert capsys.readouterr().err == ""  # nobody asked: nothing shown
    with reporting(progress_bar):
        assert list(each(list(range(5)), "making puzzles")) == list(range(5))
        assert capsys.readouterr().err == ""  # short jobs stay quiet
        assert list(each(iter(range(25)), "making puzzles")) == list(range(25))
        assert "making puzzles" in capsys.readouterr().err
    seen = []
    with reporting(lambda items, label: (seen.append((len(items), label)), items)[1]):
        assert list(each(list(range(30)), "drawing")) == list(range(30))
    assert seen == [(30, "drawing")]


def test_puzzle_count_keys_at_the_end_and_progress(tmp_path):
    n = 9
    proc = run_cli("puzzle", GAME, "--seed", "batch", "--count", str(n), "--difficulty", "easy", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    reader = PdfReader(tmp_path / "output" / "crypto-crisis-puzzle.pdf")
    boards = [reader.pages[i].extract_text() for i in range(0, 2 * n, 2)]
    ids = [next(w for w in t.split() if w.startswith("CC-E-")) for t in boards]
    assert len(set(ids)) == n
    for k, pid in enumerate(ids):  # each board's hint strips on the page after it
        assert f"hint strips for {pid}" in reader.pages[2 * k + 1].extract_text()
    keys = "".join(reader.pages[i].extract_text() for i in range(2 * n, len(reader.pages)))
    assert len(reader.pages) == 3 * n  # one key a page
    for k, pid in enumerate(ids):
        assert pid in keys and pid not in "".join(boards[:ids.index(pid)] + boards[ids.index(pid) + 1:])
        assert f"answer key for {pid}" in reader.pages[2 * n + k].extract_text()
    proc = run_cli("puzzle", GAME, "--id", ids[0], "--count", "2", cwd=tmp_path)
    assert proc.returncode == 2


# -- pages ------------------------------------------------------------------------------------------

def _margins_blank(img, dpi, mm=4.8):
    k = int(mm / 25.4 * dpi)
    w, h = img.size
    gray = img.convert("L")
    for box in ((0, 0, w, k), (0, h - k, w, h), (0, 0, k, h), (w - k, 0, w, h)):
        lo, _hi = gray.crop(box).getextrema()
        assert lo > 245, box


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_stay_inside_the_printable_area(tmp_path, paper):
    from printkit.engine.units import PrintOptions

    opts = PrintOptions(paper=paper, ink="mono")
    for name, params in (("board", {"word": EXAMPLE[1::2]}), ("puzzle", {"seed": "m", "count": 1, "difficulty": "hard"}), ("sheet", {"part": "all"})):
        comp = game().component(name)
        m = build.build_checked(comp, params)
        out = tmp_path / f"{name}-{paper}.pdf"
        build.write_component(comp, m, Request(opts), out)
        files = [out] + ([out.with_name(out.stem + "-keeper.pdf")] if comp.keeper else [])
        for out, i in [(f, i) for f in files for i in range(len(PdfReader(f).pages))]:
            img = render_page(out, i, 50)
            _margins_blank(img, 50)
            # mono ink: no colour anywhere
            raw = img.resize((img.width // 4, img.height // 4)).tobytes()
            assert all(max(raw[j:j + 3]) - min(raw[j:j + 3]) <= 8 for j in range(0, len(raw), 3)), (name, i)


def test_same_inputs_same_bytes(tmp_path):
    for k in range(2):
        proc = run_cli("board", GAME, *EXAMPLE, "-o", f"{k}.pdf", cwd=tmp_path)
        assert proc.returncode == 0
    assert (tmp_path / "0.pdf").read_bytes() == (tmp_path / "1.pdf").read_bytes()


def test_sheet_form_and_worksheet(tmp_path):
    proc = run_cli("sheet", GAME, "--paper", "letter", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    reader = PdfReader(tmp_path / "output" / "crypto-crisis-sheet.pdf")
    assert len(reader.pages) == 5  # method, forms, boards, slips, worksheet
    assert "encrypt by hand" in reader.pages[0].extract_text()
    form = reader.pages[1].extract_text()
    assert form.count("submission form") == 2 and form.count("keep folded") == 2
    for word in ("blue", "yellow", "red", "shifts", "tiles after shifting", "mm:ss"):
        assert word in form
    grids = reader.pages[4].extract_text().split()
    assert sum(1 for w in grids if w == "Y") == 12  # twelve blank A-Y grids
    proc = run_cli("sheet", GAME, "--part", "form", "--json", cwd=tmp_path)
    m = json.loads(proc.stdout)
    assert [r["colour"] for r in m["form"]["rows"]] == ["blue", "yellow", "red"] and "worksheet" not in m
    # fonts: embedded subsets only
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            assert "+" in str(ref.get_object()["/BaseFont"])


def test_kit_parts_build_with_defaults():
    from printkit.kit import default_params

    g = game()
    assert g.rules_template == "crypto-crisis-rules.md.j2"
    for part in g.kit:
        comp = g.components[part.component]
        build.build_checked(comp, {**default_params(comp), **part.params})
    for comp in g.components.values():
        build.build_checked(comp, default_params(comp))
    text = g.rules_text()
    assert "sudden death" in text and "no Z" in text and "{{" not in text


def test_kit_pdf(tmp_path):
    proc = run_cli("kit", GAME, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    reader = PdfReader(tmp_path / "output" / "crypto-crisis-kit.pdf")
    text = "".join(p.extract_text() for p in reader.pages)
    for part in ("encrypt by hand", "submission form", "merged board", "hint slips", "worksheet", "solo puzzle", "answer key for", "Choosing and encrypting", "Where we chose"):
        assert part in text
    assert sum(1 for w in text.split() if w.startswith("CC-") and len(w) == 14) >= 3  # CC-M- + token + check character


def test_mixed_difficulty_gives_the_levels_in_turn(tmp_path):
    """--difficulty mixed: easy, medium, hard, easy... each graded as its ID says,
    and each ID reprints its own puzzle."""
    proc = run_cli("puzzle", GAME, "--difficulty", "mixed", "--count", "4", "--seed", "mix", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [p["difficulty"] for p in data["puzzles"]] == ["easy", "medium", "hard", "easy"]
    assert [p["id"][3] for p in data["puzzles"]] == ["E", "M", "H", "E"]
    again = generator.build_puzzles({"id": data["puzzles"][2]["id"]})
    assert again["puzzles"][0] == data["puzzles"][2]
    assert not rules.check_puzzles(data)
