"""Cryptic Words: hide a word in numbered letter cards, decode with dice (GAMES.md section 2)."""

from printkit.component import Component, Game, KitPart, Param, lazy
from printkit.games.cryptic_words import model, rules

NAME = "cryptic-words"


GAME = Game(
    name=NAME,
    title="Cryptic Words",
    blurb="Hide a word in your letter cards, then roll the dice to prise your opponent's word out of theirs.",
    players="2 players, 30 minutes",
    rules_template="cryptic-words-rules.md.j2",
    languages=("en", "de", "fr", "es", "nl"),
    facts=model.language_facts,
    supplies=(("Pencils", "one each"), ("Card stock", "cards, tokens, dice"), ("Glue stick", "the two dice"), ("Dictionary", "a printed one, agreed on before play, decides what is a word, e.g. Collins Scrabble Words; without one, the house rule on the rules page")),
    components={
        "deck": Component(
            game=NAME,
            name="deck",
            title="Cryptic Words letter cards",
            help=(
                "The 30 numbered letter cards, six entries each tied to a die face, with a shared back. "
                "Seed 1 (the default) is the tuned default deck; any other seed generates a new deck with the rulebook's codes kept."
            ),
            build=model.build_deck,
            checks=(rules.check_deck,),
            render=lazy("printkit.games.cryptic_words.draw", "render_deck"),
            params=(
                Param("stats", "Measure playability (random deals: which words they spell) and print the figures.", default=False, type=bool, flag=True),
                Param("deals", "How many random deals --stats plays, shared over hands of 4, 5 and 6 cards.", default=10_000, type=int, min=300, max=200_000),
            ),
            uses=frozenset({"cards", "seed"}),
            duplex=True,
            report=model.deck_report,
        ),
        "form": Component(
            game=NAME,
            name="form",
            title="Cryptic Words tracking & decoding form",
            help="Two forms a page, one per player: five rounds, your word's length and codes, your opponent's length and letters, score. Its QR code holds the form's ID (--id reprints it) or the web address of --qr-url.",
            build=model.build_form,
            checks=(rules.check_form,),
            render=lazy("printkit.games.cryptic_words.draw", "render_form"),
            params=(
                Param("variant", "Cards dealt per round: 45666 (4-5-6-6-6) or 45566 (4-5-5-6-6).", default="45666", choices=tuple(rules.VARIANTS)),
                Param("qr_url", "Put this web address (where your group keeps more forms) in the QR code instead of the form's ID; also `qr_url` in printkit.toml and `kit --qr-url`.", default=None),
                Param("id", "Reprint the form with this ID (CWF-45666 or CWF-45566, printed by its QR code); sets --variant.", default=None),
            ),
            notes="Cut the page in two; fold each form on the dashed line, printed sides together, so your codes stay hidden.",
        ),
        "tokens": Component(
            game=NAME,
            name="tokens",
            title="Cryptic Words tokens and dice",
            help="10 padlocks, 48 trackers (24 a player: the rulebook's 20 run out), 2 FIRST and 2 LAST markers, and two folding dice nets.",
            build=model.build_tokens,
            checks=(rules.check_tokens,),
            render=lazy("printkit.games.cryptic_words.draw", "render_tokens"),
            notes="Print on card stock if you can; cut out the tokens; cut, fold and glue the dice.",
        ),
        "reference": Component(
            game=NAME,
            name="reference",
            title="Cryptic Words reference card",
            help="The turn in short and the six doubles actions, two copies a page (one per player).",
            build=model.build_reference,
            checks=(rules.check_reference,),
            render=lazy("printkit.games.cryptic_words.draw", "render_reference"),
            notes="Cut the page in two: one card per player.",
        ),
        "puzzle": Component(
            game=NAME,
            name="puzzle",
            title="Cryptic Words decode puzzles",
            help=(
                "A dealt hand, the padlocks, crosses and doubles a game produced, and exactly one word from the acceptance list that fits. "
                "Answer key on its own page; each puzzle's ID and QR code regenerate it."
            ),
            build=model.build_puzzles,
            checks=(rules.check_puzzle_sheet,),
            render=lazy("printkit.games.cryptic_words.draw", "render_puzzles"),
            params=(
                Param("hand", "Cards in each hand: 4, 5, 6, or mix (chosen per puzzle).", default="mix", choices=("mix", "4", "5", "6")),
                Param("id", "Regenerate one puzzle from its printed ID (e.g. CW-5-7QK2M9XAG); it names the hand and the puzzle, so --seed, --count and --hand are left out.", default=None),
            ),
            uses=frozenset({"seed", "count"}),
            notes="Each answer is on a page of its own at the end: check one puzzle without seeing the others' answers.",
        ),
    },
    kit=(
        KitPart("deck", note="No duplex printer? Print the deck alone with --layout fold."),
        KitPart("form", copies=1, note="Cut the page in two, one form per player; fold on the dashed line to hide your codes. The QR code holds the form's ID: printkit form cryptic-words --id ID prints more (or your --qr-url)."),
        KitPart("tokens", note="Card stock helps. Cut out the tokens; cut out the dice, fold every line and glue the grey tabs inside."),
        KitPart("reference", note="Cut the page in two: one reference card per player."),
        KitPart("puzzle", params={"count": 4}, note="Decode puzzles for practice or solo play; each answer on a page of its own at the end."),
    ),
)
