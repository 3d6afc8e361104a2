"""Crypto Crisis: three words hidden on one shifted, merged 5x5 colour board
(GAMES.md section 4)."""

from printkit.component import Component, Game, KitPart, Param, lazy
from printkit.games.crypto_crisis import model, rules

NAME = "crypto-crisis"


def _board_report(m: dict) -> str:
    solved = m.get("solver") or {}
    found = solved.get("all") or {}
    lines = []
    source = m.get("source")
    if source == "random":
        seed = (m.get("params") or {}).get("seed")
        lines.append(f"No --word given: three random common words from seed {seed!r} (shifts random too); "
                     "the keeper's file names them. Anyone who runs the same command gets the same board: "
                     "for a real game pick your own secret --seed, or your own words with --word.")
    elif source == "example":
        lines.append("The rulebook's example words (study, ghost, knife): every reader of the rules knows them.")
    lines.append(f"Both files carry the board's code {m.get('code')} so you can match them; it gives nothing away.")
    for w in m.get("words", []):
        fits = found.get(w["colour"], [])
        if len(fits) > 1:
            from printkit.games.crypto_crisis.codes import shifts_text  # the net shift as the key prints it: arrows

            others = ", ".join(f"{x} ({shifts_text(net) or 'no shift'})" for x, net in fits if x != w["word"])
            lines.append(f"note: even with every shift revealed, {w['colour']} could also be {others}")
    return "\n".join(lines)


def _puzzle_report(m: dict) -> str:
    ps = m.get("puzzles", [])
    if len(ps) == 1:
        return f"Puzzle {ps[0]['id']} ({ps[0]['difficulty']}); reprint it with: printkit puzzle {NAME} --id {ps[0]['id']}"
    return f"{len(ps)} puzzles; one answer key a page at the end."


GAME = Game(
    name=NAME,
    title="Crypto Crisis",
    blurb="Hide three words on one shifted, merged colour board; crack your opponent's before they crack yours.",
    players="2 players (or solo puzzles), 45 minutes",
    rules_template="crypto-crisis-rules.md.j2",
    languages=("en", "de", "fr", "es", "nl"),
    facts=model.language_facts,
    supplies=(("Pencils", "one each"), ("Coloured pencils", "blue, yellow and red, to colour the boards"), ("Timer", "one both can see, running to 45:00: hints at 15:00 and 30:00, the end at 45:00"), ("Clear tape", "to shut the hint slips"), ("Dictionary", "a printed one, agreed on before play, decides what is a word, e.g. Collins Scrabble Words; without one, the house rule on the rules page")),
    components={
        "board": Component(
            game=NAME,
            name="board",
            title="Crypto Crisis encrypted board",
            help=(
                "Encrypt three words: --word WORD[:SHIFTS] three times, blue, yellow, red in that order "
                "(shifts as arrows ↑ ↓ ← → or as U, D, L, R for up, down, left, right, at most 3; "
                "e.g. --word study:LLL --word ghost:UUU --word knife:RRD, or --word study:←←←). "
                "Without --word: three random common words from --seed; --example: the rulebook's words. "
                "Writes two files: the merged board for your opponent (FILE) and your hint slips and "
                "answer key (FILE-keeper)."
            ),
            build=model.build_board,
            checks=(rules.check_board,),
            render=lazy("printkit.games.crypto_crisis.draw", "render_board"),
            keeper=lazy("printkit.games.crypto_crisis.draw", "render_keeper"),
            public=model.public_board,
            params=(
                Param("word", "A word and its shifts (arrows or U, D, L, R), e.g. study:LLL or study:←←←; give three (blue, yellow, red).", None, multiple=True),
                Param("example", "Print the rulebook's example (study:LLL, ghost:UUU, knife:RRD).", flag=True),
            ),
            uses=frozenset({"seed"}),
            notes="Send or hand this file to your opponent: the merged board only.",
            keeper_notes="Keep this file: cut the hint slips, fold each shut, give each at its time; the answer key is for after the game.",
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
                Param("difficulty", "How far the hints are needed: easy, medium or hard; mixed gives easy, medium, hard in turn (with --count).", "medium", choices=("easy", "medium", "hard", "mixed")),
                Param("id", "A puzzle ID (e.g. CC-M-7QK2M9XA6): print that puzzle again (it names the difficulty too).", None),
            ),
            uses=frozenset({"seed", "count"}),
            notes="Fold each hint page shut (each hint is a number, looked up in the key on its flap) and cut the strips apart; each answer key is on a page of its own at the end.",
            report=_puzzle_report,
        ),
        "sheet": Component(
            game=NAME,
            name="sheet",
            title="Crypto Crisis paper play",
            help=(
                "Everything to play with no computer: the encrypt-by-hand method with its shift helper (method), "
                "submission forms that fold shut (form), large colourable A-Y boards (boards), blank hint slips "
                "(slips) and blank A-Y grids to work on (worksheet); all of them by default."
            ),
            build=model.build_sheet,
            checks=(rules.check_sheet,),
            render=lazy("printkit.games.crypto_crisis.paper", "render_sheet"),
            params=(
                Param("part", "all, or one of method, form, boards, slips, worksheet.", "all", choices=model.PARTS),
            ),
            notes="Forms, boards: cut each page in half, one per player. Slips: one set of three per player.",
        ),
    },
    kit=(
        KitPart("sheet", {"part": "method"}, note="Read it before your first game: how to encrypt your words on paper, with the shift helper."),
        KitPart("sheet", {"part": "form"}, note="Two submission forms a page: cut in half, one per player; fold on the dashed line, printed sides together, and keep it folded."),
        KitPart("sheet", {"part": "boards"}, note="Two colourable boards a page: cut in half, one per player; each encrypts onto one and hands it over."),
        KitPart("sheet", {"part": "slips"}, note="Two sets of hint slips: cut out, fill in, fold the flap over and tape it."),
        KitPart("sheet", {"part": "worksheet"}, copies=2, note="Blank A-Y grids for working; the rules allow them."),
        KitPart("puzzle", {"difficulty": "mixed", "count": 3}, note="Three solo puzzles, easy, medium and hard: each board page is followed by its hint strips; each answer key on a page of its own at the end."),
    ),
)
