"""Crypto Crisis models as plain data: a player's encrypted board (with its hint
slips and answer key), and the blank submission form and worksheet."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.games.crypto_crisis.board import MIN_CELL_MM, PARTS, SLIPS, board_from_words, word_entry  # noqa: F401 (this module's face too)
from printkit.games.crypto_crisis.codes import FROM_INPUT
from printkit.games.crypto_crisis.grid import COLOURS, MARKS, MAX_SHIFTS, net_text
from printkit.games.crypto_crisis.alphabet import DROPPED, from_cells, GRIDS, kept, kept as kept_words, localize, rulebook_grid, to_cells
from printkit.lang import fold, language, SPELLING
from printkit.games.crypto_crisis import codes
from printkit.games.crypto_crisis.lists import in_language, lexicon

# The rulebook's worked example (GAMES.md section 4): `board --example`.
EXAMPLE_WORDS = ("study:LLL", "ghost:UUU", "knife:RRD")
#: the languages whose board --example prints (the rulebook's words, in its language)
EXAMPLES = {"en": EXAMPLE_WORDS}


def parse_word(text: str) -> tuple[str, list[str]]:
    """`study:LLL` or `study:←←←` -> ("STUDY", ["L", "L", "L"]); `study` -> ("STUDY", []).

    Only the shape is read here (UsageError if it cannot be); whether the word
    and shifts obey the rules is for the checks, which name the word."""
    if not isinstance(text, str) or not text.strip():
        raise UsageError("--word needs a word, e.g. --word study:LLL (shifts after the colon: arrows ↑ ↓ ← → or U, D, L, R)")
    if text.count(":") > 1:
        raise UsageError(f"--word {text}: one colon only, between the word and its shifts (e.g. study:LLL)")
    word, _, shifts = text.partition(":")
    word = word.strip()
    if not word:
        raise UsageError(f"--word {text}: the word before the colon is missing (e.g. study:LLL)")
    # the arrows the pages print (↑ ↓ ← →), or the English letters U D L R; anything
    # else is kept as it is, for the checks to name (CC-SHIFT-DIRECTION)
    moves = [FROM_INPUT.get(ch, ch.upper()) for ch in shifts if ch not in " ,;-/"]
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
    colour once every shift is out). Another language's board is made in the
    engine's cell letters and handed back in the language's (alphabet.py)."""
    lang = language(params.get("lang")).code
    if params.get("example") and lang not in EXAMPLES:
        raise UsageError("--example prints the rulebook's English words (study, ghost, knife); leave out --lang, or give your own --word")
    with in_language(lang):
        model = localize(_build_board(params, lang), lang)
    model["params"] = {**model["params"], **language(lang).params}
    return model


def _build_board(params: dict, lang: str) -> dict:
    from printkit.words import accept_words

    given = list(params.get("word") or ())
    example = bool(params.get("example"))
    if given and example:
        raise UsageError("--example prints the rulebook's words; leave out --word (or --example)")
    if given:
        pairs = [parse_word(t) for t in given]
        if not rulebook_grid(lang):  # as the language writes them (Bären -> BÄREN), in cell letters

            folded = [(fold(w, lang).upper(), s) for w, s in pairs]
            for (w, _), text in zip(folded, given):
                lost = sorted({ch for ch in w if ch.isalpha() and ch not in GRIDS[lang]})
                if lost:
                    raise UsageError(f"--word {text}: {', '.join(lost)} is not on the {language(lang).name} grid (it has no {', '.join(DROPPED[lang])}); choose another word")
            pairs = [(to_cells(w, lang), s) for w, s in folded]
        source, kept = "words", {"word": given}
    elif example:
        pairs = [parse_word(t) for t in EXAMPLES[lang]]
        source, kept = "example", {"example": True}
    else:
        from printkit.games.crypto_crisis.generator import random_words

        seed = str(params.get("seed") if params.get("seed") is not None else "1")
        pairs = random_words(seed)
        source, kept = "random", {"seed": seed}
    board = board_from_words(pairs)
    if not rulebook_grid(lang):
        report = solver_report(board, lexicon())
    else:
        report = solver_report(board, accept_words(lang))  # the user's --words too
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


# The method page's worked example in each language: a word of the language, with
# the rulebook's red word's shifts.
METHOD_WORDS = {"en": "KNIFE", "de": "BRIEF", "fr": "LIVRE", "es": "LIBRO", "nl": "BROEK"}


def language_facts(lang: str = "en") -> dict:
    """What the rules page and the paper must say of a language's grid."""
    kept, total = (0, 0) if rulebook_grid(lang) else kept_words(lang)
    dropped = ", ".join(DROPPED[lang][:-1]) + (" or " if len(DROPPED[lang]) > 1 else "") + DROPPED[lang][-1]
    return {
        "lang": lang,
        "language": language(lang).name,
        "grid": GRIDS[lang],
        "dropped": DROPPED[lang],
        "no_letters": f"no {dropped}",
        "kept": kept,
        "hideable": total,
        "spelling": SPELLING[lang],
        "rows": ", ".join(" ".join(GRIDS[lang][r * 5 : r * 5 + 5]) for r in range(5)),
        "why": why(lang),
        # the colour and mark codes the pages print (codes.py), for the rules page's sentences
        "colour_codes": codes.colour_codes(lang),
        "mark_codes": codes.mark_codes(lang),
        # for the rules template's sentences (translated there; the rulebook's grid keeps
        # the template's own words): the grid's first to last letter, its rows, what it lacks
        **({} if rulebook_grid(lang) else {
            "grid_span": f"{GRIDS[lang][0]}\u2013{GRIDS[lang][-1]}",
            "grid_rows": ", ".join(" ".join(GRIDS[lang][r * 5 : r * 5 + 5]) for r in range(5)),
            "grid_missing": ", ".join(DROPPED[lang]),
        }),
    }


# Why each language's grid drops what it drops (measured: scripts/measure_crypto_crisis_grid.py,
# docs/games/crypto-crisis.md); the figures are counted on the shipped lists (alphabet.kept).
WHY_MORE = {
    "de": " Writing Ä, Ö and Ü as AE, OE, UE instead would leave fewer (a word with an umlaut grows a letter).",
    "es": " Ñ stays.",
}


def why(lang: str) -> str:
    if rulebook_grid(lang):
        return ""  # the rulebook's grid: not chosen, nothing to explain
    have, total = kept(lang)
    letters = ", ".join(DROPPED[lang][:-1]) + (" and " if len(DROPPED[lang]) > 1 else "") + DROPPED[lang][-1]
    return (f"it drops {letters}, which keeps {have:,} of the {total:,} common five-letter words with five different letters, "
            f"more than any other choice would.{WHY_MORE.get(lang, '')}")


def build_sheet(params: dict) -> dict:
    part = params.get("part") or "all"
    if part not in PARTS:
        raise UsageError(f"--part must be one of {', '.join(PARTS)}, not '{part}'")
    lang = language(params.get("lang")).code
    model: dict = {"params": {"part": part if part != "all" else None, **language(lang).params}, "part": part}
    if not rulebook_grid(lang):
        model["grid"] = GRIDS[lang]  # the letters the paper's grids show, cell 1 to 25
        model["no_letters"] = language_facts(lang)["no_letters"]
    if part in ("all", "method"):
        # the worked example on the method page: the rulebook's red word (another language: one of its words)
        entry = word_entry("red", to_cells(METHOD_WORDS[lang], lang), ["R", "R", "D"])
        entry = {**entry, "word": from_cells(entry["word"], lang), "tiles": [from_cells(t, lang) for t in entry["tiles"]]}
        model["method"] = {"example": entry}
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
