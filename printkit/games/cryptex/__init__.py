"""Cryptex: draft letters from 20 cards into word rows (GAMES.md section 1)."""

from printkit.component import Component, Game, KitPart, Param, lazy
from printkit.games.cryptex import model, rules

GAME = Game(
    name="cryptex",
    title="Cryptex",
    blurb="Forty rounds, twenty cards, one letter at a time: fill your cryptexes with words nobody else thought of.",
    players="1–6 players, 20 minutes",
    rules_template="cryptex-rules.md.j2",
    languages=("en", "de", "fr", "es", "nl"),
    facts=model.language_facts,
    supplies=(("Pencils", "one each, with an eraser"), ("Card stock", "the deck"), ("Dictionary", "a printed one, agreed on before play, decides what is a word, e.g. Collins Scrabble Words; without one, the house rule on the rules page")),
    components={
        "deck": Component(
            game="cryptex",
            name="deck",
            title="Cryptex deck",
            help="The 20 rulebook cards, five symbols each ('?' is a joker), with a shared back.",
            build=model.build_deck,
            checks=(rules.check_deck,),
            render=lazy("printkit.games.cryptex.draw", "render_deck"),
            uses=frozenset({"cards"}),
            duplex=True,
        ),
        "sheet": Component(
            game="cryptex",
            name="sheet",
            title="Cryptex player sheet",
            help="Cryptexes to fill, joker boxes, half-game penalty, final scoring, tie-break order and solo ratings.",
            build=model.build_sheet,
            checks=(rules.check_sheet,),
            render=lazy("printkit.games.cryptex.draw", "render_sheet"),
            params=(Param("lengths", "Cryptex lengths, comma separated [default: 3,3,4,4,5,5,6,6,7,8].", None),),
            notes="One sheet per player per game.",
        ),
        "puzzle": Component(
            game="cryptex",
            name="puzzle",
            title="Cryptex solo challenge",
            help="A seeded 40-round card order to play alone, with the par a solver reached and its filled sheet as the answer key. --id regenerates a printed challenge.",
            build=model.build_puzzle,
            checks=(rules.check_puzzle,),
            render=lazy("printkit.games.cryptex.draw", "render_puzzle"),
            params=(Param("id", "Regenerate the challenge with this printed ID (CX-...).", None),),
            uses=frozenset({"seed", "count"}),
            notes="Challenge sheets first, answer keys at the end: keep those hidden.",
        ),
    },
    kit=(
        KitPart("deck", note="The last sheet's spare slots hold player aids (a scoring card for each of six players, a round card) with their own back."),
        KitPart("sheet", copies=6, note="One sheet per player, six for the largest table; copy more for more games."),
        KitPart("puzzle", note="A solo challenge: play the 40 rounds in the printed order and try to beat the par. Its answer key is the last page."),
    ),
)
