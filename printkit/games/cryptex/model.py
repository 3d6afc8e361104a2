"""Cryptex models as plain data: the rulebook deck and the player sheet."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.games.cryptex.decks import DECKS, RULEBOOK
from printkit.games.cryptex.rules import JOKER_LIMIT, ROUNDS, SOLO_RATINGS, PUZZLE_PREFIX
from printkit.i18n import N_  # printed text, translated where drawn

# The 20 cards of the rulebook, in card-number order.
RULEBOOK_CARDS = list(RULEBOOK)

DEFAULT_LENGTHS = (3, 3, 4, 4, 5, 5, 6, 6, 7, 8)

TIEBREAK = [
    N_("The player with the longest completed cryptex wins."),
    N_("Still tied: compare the second longest, then the third, and so on."),
    N_("Still tied: the player who used fewer jokers wins."),
    N_("Still tied: the player with fewer vowels on the sheet wins."),
]


def deck_cards(lang: str = "en") -> list[str]:
    """The 20 cards of `lang`'s deck, each as its five symbols in one string:
    the rulebook's, or a deck made from the language's letter frequencies
    (decks.py)."""
    return list(DECKS[lang][2])


def _lang(params: dict) -> str:
    return params.get("lang") or "en"


def _shown_lang(lang: str) -> dict:
    """What a model's "params" says of its language (lang.Language.params)."""
    from printkit.lang import language

    return language(lang).params


def build_deck(params: dict) -> dict:
    lang = _lang(params)
    return {
        "params": _shown_lang(lang),
        "cards": [{"number": i, "symbols": list(letters)} for i, letters in enumerate(deck_cards(lang), 1)],
    }


def parse_lengths(text: str | None) -> list[int]:
    if not text:
        return list(DEFAULT_LENGTHS)
    try:
        return [int(v) for v in text.replace(" ", "").split(",") if v]
    except ValueError:
        raise UsageError(f"--lengths must be whole numbers separated by commas (e.g. 3,3,4,4,5,5,6,6,7,8), not '{text}'") from None


def build_sheet(params: dict) -> dict:
    lengths = parse_lengths(params.get("lengths"))
    shown = None if tuple(lengths) == DEFAULT_LENGTHS else ",".join(map(str, lengths))
    return {
        "params": {"lengths": shown, **_shown_lang(_lang(params))},
        "lengths": lengths,
        "jokers": JOKER_LIMIT,
        "rounds": ROUNDS,
        "tiebreak": TIEBREAK,
        "solo_ratings": [{"from": lo, "to": hi, "title": name} for lo, hi, name in SOLO_RATINGS],
    }


def id_part(lang: str) -> str:
    """The language's part of a challenge ID: none for English (CX-7QK2M9XAB + check),
    the code in capitals for another (CX-DE-7QK2M9XAB + check)."""
    from printkit.lang import language

    return language(lang).tag


def challenge(token: str, lang: str = "en") -> dict:
    """One solo challenge from its token: the card order and the solver's best sheet."""
    from printkit import puzzles
    from printkit.games.cryptex.solo import card_order, solve

    order = card_order(puzzles.token_rng(PUZZLE_PREFIX, token))
    deck = deck_cards(lang)
    cards = [list(deck[n - 1]) for n in order]
    best = solve(cards, DEFAULT_LENGTHS, lang=lang)
    return {"id": puzzles.format_id(PUZZLE_PREFIX, id_part(lang), token), "order": order, **best}


def _challenge_job(job: tuple[str, str]) -> dict:
    token, lang = job
    return challenge(token, lang)


def build_puzzle(params: dict) -> dict:
    """Solo challenges: the seeded 40-round card order and the solver's par.
    An ID names its language (CX-DE-...): --id prints the challenge in it, and
    refuses a --lang that says another."""
    from printkit import puzzles
    from printkit.lang import CODES

    lang = _lang(params)
    if params.get("id"):
        part, token = puzzles.parse_id(params["id"], PUZZLE_PREFIX, allowed=[id_part(c) for c in CODES])
        said = part.lower() or "en"
        if params.get("lang") and said != lang:
            raise UsageError(f"--id {params['id'].strip().upper()}: a challenge in {language_name(said)}, not in {language_name(lang)} (--lang {lang}); leave out --lang")
        lang = said
        tokens = [token]
        shown = {"id": puzzles.format_id(PUZZLE_PREFIX, id_part(lang), token), **_shown_lang(lang)}  # the page in the ID's language
    else:
        seed, count = str(params.get("seed", "1")), int(params.get("count", 1))
        tokens = [puzzles.make_token(seed, i) for i in range(count)]
        shown = {"seed": seed, "count": count if count != 1 else None, **_shown_lang(lang)}

    out = puzzles.collect(puzzles.made(_challenge_job, [(t, lang) for t in tokens], "solving Cryptex challenges", threshold=3), len(tokens))
    model = {"params": shown, "lengths": list(DEFAULT_LENGTHS), "cards": {str(i): list(c) for i, c in enumerate(deck_cards(lang), 1)}, "puzzles": out}
    if len(out) == 1:
        # one challenge is known by its ID alone, however it was asked for:
        # `--seed S` and `--id` of the same challenge give the same bytes
        model["id"] = out[0]["id"]
        model["params"] = {"id": out[0]["id"], **_shown_lang(lang)}  # and the page in its language
    return model


def language_name(code: str) -> str:
    from printkit.lang import language

    return language(code).name


def language_facts(lang: str = "en") -> dict:
    """What the rules page must say of a language: the deck's letters (how words
    are spelled in them is the template's, one sentence a language)."""
    from printkit.lang import language

    alphabet = language(lang).letters.upper()
    letters = sorted({ch for card in deck_cards(lang) for ch in card if ch != "?"}, key=alphabet.index)
    return {
        "lang": lang,
        "language": language(lang).name,
        "deck_letters": " ".join(letters),
        # the letters too rare to be dealt (deckgen.MIN_SHARE, as the rulebook leaves off Q and Z): German J Q X Y
        "missing_letters": ", ".join(ch for ch in alphabet if ch not in letters),
    }

