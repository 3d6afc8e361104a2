"""Crypticolor: letters as 5x5 pictures, probed cell by cell and shape by shape
(GAMES.md section 3)."""

from printkit.component import Component, Game, KitPart, Param, lazy
from printkit.games.crypticolor import model, rules



ROTATIONS = Param("rotations", "The Rotations variant: letters may be encoded turned by 90, 180 or 270 degrees.", False, flag=True)

GAME = Game(
    name="crypticolor",
    title="Crypticolor",
    blurb="Hide a five-letter code word as five pictures on a 5×5 grid; probe your rival's cells and shapes with coloured cubes until the letters show.",
    players="2 players (or two teams), 30–45 minutes",
    rules_template="crypticolor-rules.md.j2",
    languages=("en", "de", "fr", "es", "nl"),
    facts=model.language_facts,
    supplies=(("Pencils", "one each"), ("Card stock", "cube tokens"), ("Timer", "one minute a turn, Timed variant"), ("Bags or envelopes", "a cube set each"), ("Dictionary", "a printed one, agreed on before play, decides what is a word, e.g. Collins Scrabble Words; without one, the house rule on the rules page")),
    components={
        "card": Component(
            game="crypticolor",
            name="card",
            title="Crypticolor Key Card",
            help="All 26 letter pictures with the cell numbers 1-25; --rotations adds every letter's turned pictures.",
            build=model.build_card,
            checks=(rules.check_card,),
            render=lazy("printkit.games.crypticolor.draw", "render_card"),
            params=(ROTATIONS, Param("turned_only", "Print only the turned pictures (the Rotations variant's pages), not the upright card; implies --rotations.", False, flag=True)),
            notes="One Key Card per player.",
        ),
        "sheet": Component(
            game="crypticolor",
            name="sheet",
            title="Crypticolor Crypticard and score sheet",
            help="Code word, scrambled letters, five grids, notes and the score table. --word WORD fills in the code word, a seeded scramble and the encoded grids.",
            build=model.build_sheet,
            checks=(rules.check_sheet,),
            render=lazy("printkit.games.crypticolor.draw", "render_sheet"),
            params=(
                Param("word", "Your five-letter code word: the sheet is filled in (scramble and pictures) for you.", None),
                ROTATIONS,
            ),
            uses=frozenset({"seed"}),
            notes="One sheet per player per game; fold the top half down over the score sheet, printed sides together, so your opponent cannot see it.",
        ),
        "board": Component(
            game="crypticolor",
            name="board",
            title="Crypticolor Decoder",
            help="The 5x5 board to probe an opponent's letter, with the four shapes drawn in every orientation, the points and the cube colours.",
            build=model.build_board,
            checks=(rules.check_board,),
            render=lazy("printkit.games.crypticolor.draw", "render_board"),
            notes="One Decoder per player.",
        ),
        "tokens": Component(
            game="crypticolor",
            name="tokens",
            title="Crypticolor cube tokens",
            help="One set of cubes: 6 each of yellow (line), orange (corner), purple (angle), pink (curve); 26 each of green (hit) and black (miss), each marked so it reads in grey.",
            build=model.build_tokens,
            checks=(rules.check_tokens,),
            render=lazy("printkit.games.crypticolor.draw", "render_tokens"),
            notes="Cut along the outlines (white between the black MISS tokens); one set per player (glue on card stock for sturdier tokens).",
        ),
        "puzzle": Component(
            game="crypticolor",
            name="puzzle",
            title="Crypticolor puzzles",
            help="Solo puzzles: a few probed cells (hits and misses) of five encoded pictures; find the letters with the Key Card and unscramble the word. Exactly one answer (proved by search), answer key on its own page, ID and QR code to reprint each one.",
            build=lazy("printkit.games.crypticolor.generate", "build_puzzles"),
            checks=(rules.check_puzzles, lazy("printkit.games.crypticolor.generate", "check_ids")),
            render=lazy("printkit.games.crypticolor.draw", "render_puzzle"),
            params=(ROTATIONS, Param("difficulty", "The reasoning asked: easy (every picture fits one letter), medium (one or two fit several), hard (three or four do; only the word settles them), or mixed (easy, medium, hard in turn).", "medium", choices=("easy", "medium", "hard", "mixed")), Param("id", "Reprint the puzzle with this ID (e.g. CY-R-5P07WB4X6); it names the settings too, so --seed, --count, --difficulty and --rotations are left out.", None)),
            uses=frozenset({"seed", "count"}),
            notes="Each puzzle's answer key is on a page of its own at the end: keep them face down.",
        ),
    },
    kit=(
        KitPart("card", copies=2, note="One Key Card per player, both alike: the upright alphabet."),
        KitPart("card", params={"turned_only": True}, copies=2, note="Rotations variant only: every letter's turned pictures, {pages} pages per player. Skip them unless you play that variant."),
        KitPart("board", copies=2, note="One Decoder per player."),
        KitPart("sheet", copies=2, note="One Crypticard and score sheet per player per game; copy more as needed."),
        KitPart("tokens", copies=2, note="One cube set per player: cut along the outlines (white ones between the black MISS tokens)."),
        KitPart("puzzle", params={"count": 3, "difficulty": "mixed"}, note="Solo puzzles; each answer key on a page of its own at the end."),
    ),
)
