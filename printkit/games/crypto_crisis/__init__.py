"""Crypto Crisis: three words hidden on one shifted, merged 5x5 colour board
(GAMES.md section 4)."""

from printkit.component import Component, Game, KitPart, Param, lazy
from printkit.games.crypto_crisis import model, rules

NAME = "crypto-crisis"


def _board_report(m: dict) -> str:
    solved = m.get("solver") or {}
    found = solved.get("all") or {}
    lines = []
    for w in m.get("words", []):
        fits = found.get(w["colour"], [])
        if len(fits) > 1:
            others = ", ".join(f"{x} ({net or 'no shift'})" for x, net in fits if x != w["word"])
            lines.append(f"note: even with every shift revealed, {w['colour']} could also be {others}")
    return "\n".join(lines) if lines else "Pages: 1 merged board (for your opponent), 2 hint slips, 3 answer key (keep it)."


def _puzzle_report(m: dict) -> str:
    ps = m.get("puzzles", [])
    if len(ps) == 1:
        return f"Puzzle {ps[0]['id']} ({ps[0]['difficulty']}); reprint it with: printkit puzzle {NAME} --id {ps[0]['id']}"
    return f"{len(ps)} puzzles; answer keys at the end."


GAME = Game(
    name=NAME,
    title="Crypto Crisis",
    blurb="Hide three words on one shifted, merged colour board; crack your opponent's before they crack yours.",
    players="2 players (or solo puzzles), 45 minutes",
    rules_template="crypto-crisis-rules.md.j2",
    components={
        "board": Component(
            game=NAME,
            name="board",
            title="Crypto Crisis encrypted board",
            help=(
                "Encrypt your own three words: --word WORD[:SHIFTS] three times, blue, yellow, red in that order "
                "(shifts U, D, L, R, at most 3; e.g. --word study:LLL --word ghost:UUU --word knife:RRD, "
                "the rulebook's example and the default). Prints the merged board for your opponent, "
                "the hint slips and the answer key."
            ),
            build=model.build_board,
            checks=(rules.check_board,),
            render=lazy("printkit.games.crypto_crisis.draw", "render_board"),
            params=(
                Param("word", "A word and its shifts, e.g. study:LLL; give three (blue, yellow, red).", model.EXAMPLE_WORDS, multiple=True),
            ),
            notes="Give page 1 to your opponent; cut the hint slips on page 2 and fold each shut; keep the answer key.",
            report=_board_report,
        ),
        "puzzle": Component(
            game=NAME,
            name="puzzle",
            title="Crypto Crisis puzzle",
            help=(
                "Seeded solo puzzles: a merged board hiding three common words, hint slips to fold shut, "
                "and answer keys at the end. Each has an ID (text and QR) that prints it again with --id."
            ),
            build=lazy("printkit.games.crypto_crisis.generator", "build_puzzles"),
            checks=(rules.check_puzzles,),
            render=lazy("printkit.games.crypto_crisis.draw", "render_puzzles"),
            params=(
                Param("difficulty", "How far the hints are needed: easy, medium or hard.", "medium", choices=("easy", "medium", "hard")),
                Param("id", "A puzzle ID (e.g. CC-M-7QK2M9XA): print that puzzle again.", None),
            ),
            uses=frozenset({"seed", "count"}),
            notes="Cut the hint strips off and fold each shut; the answer keys are the last pages.",
            report=_puzzle_report,
        ),
        "sheet": Component(
            game=NAME,
            name="sheet",
            title="Crypto Crisis submission form and worksheet",
            help="The submission form (word and up to 3 shifts per colour) and blank A-Y grids to work on.",
            build=model.build_sheet,
            checks=(rules.check_sheet,),
            render=lazy("printkit.games.crypto_crisis.draw", "render_sheet"),
            params=(
                Param("part", "both, form (submission forms only) or worksheet (blank grids only).", "both", choices=model.PARTS),
            ),
            notes="Cut the form page in half: one form per player per game.",
        ),
    },
    kit=(
        KitPart("sheet", {"part": "form"}, copies=1, note="Two submission forms a page: cut in half, one per player."),
        KitPart("sheet", {"part": "worksheet"}, copies=2, note="Blank A-Y grids for working; the rules allow them."),
        KitPart("puzzle", {"difficulty": "easy"}, note="A solo puzzle: fold the hint strips shut, open them at their time."),
        KitPart("puzzle", {"difficulty": "medium"}, note="A solo puzzle, medium."),
        KitPart("puzzle", {"difficulty": "hard"}, note="A solo puzzle, hard."),
    ),
)
