"""Crypto Crisis models as plain data: a player's encrypted board (with its hint
slips and answer key), and the blank submission form and worksheet."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.games.crypto_crisis.board import MIN_CELL_MM, PARTS, SLIPS, board_from_words, word_entry  # noqa: F401 (this module's face too)
from printkit.games.crypto_crisis.grid import COLOURS, MARKS, MAX_SHIFTS, net_text

# The rulebook's worked example (GAMES.md section 4): `board --example`.
EXAMPLE_WORDS = ("study:LLL", "ghost:UUU", "knife:RRD")


def parse_word(text: str) -> tuple[str, list[str]]:
    """`study:LLL` -> ("STUDY", ["L", "L", "L"]); `study` -> ("STUDY", []).

    Only the shape is read here (UsageError if it cannot be); whether the word
    and shifts obey the rules is for the checks, which name the word."""
    if not isinstance(text, str) or not text.strip():
        raise UsageError("--word needs a word, e.g. --word study:LLL (shifts U, D, L, R after the colon)")
    if text.count(":") > 1:
        raise UsageError(f"--word {text}: one colon only, between the word and its shifts (e.g. study:LLL)")
    word, _, shifts = text.partition(":")
    word = word.strip()
    if not word:
        raise UsageError(f"--word {text}: the word before the colon is missing (e.g. study:LLL)")
    moves = [ch.upper() for ch in shifts if ch not in " ,;-/"]
    return word.upper(), moves


def solver_report(board: dict, lexicon: frozenset) -> dict | None:
    """What a solver finds on this board at each hint stage (None when the words
    cannot all be placed): {"none": {"blue": [[word, net], ...], ...}, ...}."""
    from printkit.games.crypto_crisis import solver

    words = board["words"]
    if len(words) != len(COLOURS) or not all(w["tiles"] and len(w["shifts"]) <= MAX_SHIFTS for w in words):
        return None
    stages = solver.solve_stages(board["cells"], {w["colour"]: w["shifts"] for w in words}, lexicon)
    return {
        stage: {c: [[word, net_text(net)] for word, net in found] for c, found in per.items()}
        for stage, per in stages.items()
    }


def board_code(cells: list[dict]) -> str:
    """A short name for a merged board, made from what the board shows (its
    colours and marks) and nothing else: the opponent's file and the keeper's
    file carry it so they can be matched, and it gives away nothing the board
    does not already show."""
    import hashlib

    from printkit.puzzles import ALPHABET

    shown = ";".join(f"{c.get('mix')}:{','.join(c.get('marks') or [])}" for c in cells)
    n = int.from_bytes(hashlib.sha256(f"crypto-crisis-board\x1f{shown}".encode("utf-8")).digest()[:4], "big")
    return "".join(ALPHABET[(n >> (5 * k)) & 31] for k in range(5, -1, -1))


def build_board(params: dict) -> dict:
    """The encrypted board: the words given with --word; else the rulebook's
    example with --example; else three random common words with random shifts,
    drawn from the seed (a board the generator has checked: one answer per
    colour once every shift is out)."""
    from printkit.words import accept_words

    given = list(params.get("word") or ())
    example = bool(params.get("example"))
    if given and example:
        raise UsageError("--example prints the rulebook's words; leave out --word (or --example)")
    if given:
        pairs = [parse_word(t) for t in given]
        source, kept = "words", {"word": given}
    elif example:
        pairs = [parse_word(t) for t in EXAMPLE_WORDS]
        source, kept = "example", {"example": True}
    else:
        from printkit.games.crypto_crisis.generator import random_words

        seed = str(params.get("seed") if params.get("seed") is not None else "1")
        pairs = random_words(seed)
        source, kept = "random", {"seed": seed}
    board = board_from_words(pairs)
    report = solver_report(board, accept_words())
    model = {"params": kept, "source": source, **board, "code": board_code(board["cells"])}
    if report is not None:
        model["solver"] = report
    return model


def public_board(model: dict) -> dict:
    """What the opponent's file may say about itself: the board's code, no
    words, shifts, seed or command."""
    return {"params": {}, "id": model.get("code") or board_code(model.get("cells") or [])}


# -- the submission form and the worksheet --------------------------------------------

# The paper kit: everything two players need to play without a computer.
FORMS_PER_PAGE = 2
BOARDS_PER_PAGE = 2  # one merged board per player, cut apart
SLIP_SETS_PER_PAGE = 2  # a set is one player's three slips
GRIDS_PER_PAGE = 12


def build_sheet(params: dict) -> dict:
    part = params.get("part") or "all"
    if part not in PARTS:
        raise UsageError(f"--part must be one of {', '.join(PARTS)}, not '{part}'")
    model: dict = {"params": {"part": part if part != "all" else None}, "part": part}
    if part in ("all", "method"):
        # the worked example on the method page: the rulebook's red word
        model["method"] = {"example": word_entry("red", "KNIFE", ["R", "R", "D"])}
    if part in ("all", "form"):
        model["form"] = {
            "copies": FORMS_PER_PAGE,
            "rows": [{"colour": c, "mark": MARKS[c]} for c in COLOURS],
            "shift_boxes": MAX_SHIFTS,
        }
    if part in ("all", "boards"):
        model["boards"] = {"copies": BOARDS_PER_PAGE, "min_cell_mm": MIN_CELL_MM}
    if part in ("all", "slips"):
        model["slips"] = {"sets": SLIP_SETS_PER_PAGE, "slips": [{"time": t, "title": title} for t, title in SLIPS]}
    if part in ("all", "worksheet"):
        model["worksheet"] = {"grids": GRIDS_PER_PAGE}
    return model
