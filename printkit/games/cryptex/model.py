"""Cryptex models as plain data: the rulebook deck and the player sheet."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.games.cryptex.rules import JOKER_LIMIT, ROUNDS, SOLO_RATINGS
from printkit.i18n import N_  # printed text, translated where drawn

# The 20 cards of the rulebook, in card-number order.
RULEBOOK_CARDS = [
    "ECRO?", "EGTUN", "PBFEL", "DOVIE", "EGRTH",
    "NIES?", "LOEWY", "IETMK", "DRBEA", "OAIUE",
    "AYTEX", "AIJNS", "RHAOL", "TIBA?", "VAGNU",
    "SDOAI", "RUWLC", "SFIT?", "MBNO?", "IDRPN",
]

DEFAULT_LENGTHS = (3, 3, 4, 4, 5, 5, 6, 6, 7, 8)

TIEBREAK = [
    N_("The player with the longest completed cryptex wins."),
    N_("Still tied: compare the second longest, then the third, and so on."),
    N_("Still tied: the player who used fewer jokers wins."),
    N_("Still tied: the player with fewer vowels on the sheet wins."),
]


def build_deck(params: dict) -> dict:
    return {
        "params": {},
        "cards": [{"number": i, "symbols": list(letters)} for i, letters in enumerate(RULEBOOK_CARDS, 1)],
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
        "params": {"lengths": shown},
        "lengths": lengths,
        "jokers": JOKER_LIMIT,
        "rounds": ROUNDS,
        "tiebreak": TIEBREAK,
        "solo_ratings": [{"from": lo, "to": hi, "title": name} for lo, hi, name in SOLO_RATINGS],
    }


PUZZLE_PREFIX = "CX"


def challenge(token: str) -> dict:
    """One solo challenge from its token: the card order and the solver's best sheet."""
    from printkit import puzzles
    from printkit.games.cryptex.solo import card_order, solve

    order = card_order(puzzles.token_rng(PUZZLE_PREFIX, token))
    cards = [list(RULEBOOK_CARDS[n - 1]) for n in order]
    best = solve(cards, DEFAULT_LENGTHS)
    return {"id": puzzles.format_id(PUZZLE_PREFIX, "", token), "order": order, **best}


def build_puzzle(params: dict) -> dict:
    """Solo challenges: the seeded 40-round card order and the solver's par."""
    from printkit import puzzles

    if params.get("id"):
        _, token = puzzles.parse_id(params["id"], PUZZLE_PREFIX, allowed=("",))
        tokens = [token]
        shown = {"id": puzzles.format_id(PUZZLE_PREFIX, "", token)}
    else:
        seed, count = str(params.get("seed", "1")), int(params.get("count", 1))
        tokens = [puzzles.make_token(seed, i) for i in range(count)]
        shown = {"seed": seed, "count": count if count != 1 else None}

    out = puzzles.collect(puzzles.made(challenge, tokens, "solving Cryptex challenges", threshold=3), len(tokens))
    model = {"params": shown, "lengths": list(DEFAULT_LENGTHS), "cards": {str(i): list(c) for i, c in enumerate(RULEBOOK_CARDS, 1)}, "puzzles": out}
    if len(out) == 1:
        # one challenge is known by its ID alone, however it was asked for:
        # `--seed S` and `--id` of the same challenge give the same bytes
        model["id"] = out[0]["id"]
        model["params"] = {"id": out[0]["id"]}
    return model
