"""Scryptic: rival crosswords on a terrain board (GAMES.md section 5)."""

from printkit.component import Component, Game, KitPart, Param, lazy
from printkit.games.scryptic import model, rules

TERRAIN_PRESETS = ("mix", "open", "woods", "lakes", "highlands", "frozen")  # board.PRESETS, kept cheap to import



GAME = Game(
    name="scryptic",
    title="Scryptic",
    blurb="Two rival crosswords grow across forests, rivers, mountains and ice until one side's words break the other's and take its city.",
    players="2 players, 45 minutes",
    rules_template="scryptic-rules.md.j2",
    facts=model.language_facts,
    languages=("en", "de", "fr", "es", "nl"),
    supplies=(("Pencils", "the score sheet"), ("Card stock", "letter tokens and racks"), ("Clear tape", "to join a tiled board"), ("Bags or envelopes", "to draw tokens from"), ("Dictionary", "a printed one, agreed on before play, decides what is a word, e.g. Collins Scrabble Words; without one, the house rule on the rules page")),
    components={
        "board": Component(
            game="scryptic",
            name="board",
            title="Scryptic board",
            help="A seeded terrain board (plains, forest, water, mountain, ice) with gold, silver and pewter cities, fair to both players, its cells as large as the paper allows. One page on A3/Tabloid with a legend facing each player; two pages on A4/Letter, taped, each with the legend beside its half.",
            build=model.build_board,
            checks=(rules.check_board,),
            render=lazy("printkit.games.scryptic.draw", "render_board"),
            params=(
                Param("size", "Cells a side (9-25).", 15, int, min=rules.MIN_SIZE, max=rules.MAX_SIZE),
                Param("terrain", "Terrain mix.", "mix", str, choices=TERRAIN_PRESETS),
            ),
            uses=frozenset({"seed"}),
            notes="Tiled boards (A4/Letter): cut each page on its dashed line, lay it over its neighbour with the crosshairs matched, tape.",
            report=model.board_report,
        ),
        "tokens": Component(
            game="scryptic",
            name="tokens",
            title="Scryptic letter tokens and racks",
            help="Two pools of 98 letter tokens (gold for player 1, silver for player 2) with 1-3 value dots, edge to edge on one page (one cut between neighbours), and a 12-slot rack per player.",
            build=model.build_tokens,
            checks=(rules.check_tokens,),
            render=lazy("printkit.games.scryptic.draw", "render_tokens"),
            params=(Param("board_size", "Size of the board the tokens must fit (tokens shrink for boards over 16 cells).", 15, int, min=rules.MIN_SIZE, max=rules.MAX_SIZE),),
            notes="Print on card stock if you can; cut on the black lines (one cut between neighbours).",
        ),
        "reference": Component(
            game="scryptic",
            name="reference",
            title="Scryptic reference card",
            help="Two pages: terrain with the board's pictures, strength modifiers, letter values, set-up, turn, combat, after combat, the end; then the dictionary, the meaning-bonus rule and word lists (from WordNet), scoring, and worked examples computed by the rules.",
            build=model.build_reference,
            checks=(model.check_reference,),
            render=lazy("printkit.games.scryptic.draw", "render_reference"),
            notes="One per player (two pages: print them back to back if you like).",
        ),
        "sheet": Component(
            game="scryptic",
            name="sheet",
            title="Scryptic score sheet",
            help="Running score per turn for both players (new words, extensions, letters removed, cities, losses), continued on a second page, and city captures.",
            build=model.build_sheet,
            checks=(rules.check_sheet,),
            render=lazy("printkit.games.scryptic.draw", "render_sheet"),
            params=(Param("turns", f"Turn rows ({rules.MIN_TURNS}-{rules.MAX_TURNS}); they continue on further pages.", rules.SHEET_TURNS, int, min=rules.MIN_TURNS, max=rules.MAX_TURNS),),
            notes="One per game.",
        ),
    },
    kit=(
        KitPart("board", note="Tiled over several pages on A4/Letter: cut on the dashed lines, match the crosshairs, tape."),
        KitPart("tokens", note="Both letter pools and the two racks; card stock helps."),
        KitPart("reference", copies=2, note="One per player; two pages, back to back if you like."),
        KitPart("sheet", note="One per game (two pages: turns continue on page 2, or overleaf if printed two-sided); copy more as needed."),
    ),
)
