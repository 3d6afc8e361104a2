"""Choose a language's Cryptex deck: generate candidates, play them, print the best.

    python -m printkit.games.cryptex.choose_deck LANG [CANDIDATES] [CHALLENGES]

Every candidate is a seeded deck of deckgen.generate_deck (exponents 0.5-0.8,
seeds candidate-0, -1, ...), measured by `deck_measure`: the solver plays the
same seeded solo challenges with it (the same card orders), and a deck is as
good as its mean par, provided every card is playable (below). The winner is
printed as the Python data frozen in decks.py. Run it only to renew a deck: the
frozen data, not this search, is what `printkit deck cryptex --lang xx` prints.

A card is playable when its letters (jokers aside) reach the words: at least
PLAYABLE of the language's COMMON commonest words of 3-8 letters hold one of
them. PLAYABLE is the English rulebook's least covered card, 19 (M B N O ?,
0.650; the others 0.754-0.998), measured by
`python -m printkit.games.cryptex.choose_deck en`. (The solver's own line is
no test: it finishes nearly every row as a word whatever the cards.)
"""

from __future__ import annotations

import sys

from printkit.games.cryptex.deckgen import JOKER, generate_deck, letter_frequencies
from printkit.games.cryptex.decks import DECKS
from printkit.games.cryptex.model import DEFAULT_LENGTHS

EXPONENTS = (0.5, 0.6, 0.7, 0.8)
CHALLENGES = 24
PLAYABLE = 0.65
COMMON = 6000


def card_coverage(lang: str, cards: list[str], top: int = COMMON) -> list[float]:
    """For each card, the share of the language's `top` commonest words of 3-8
    letters that hold at least one of its letters (jokers aside)."""
    from printkit import words

    common = [set(w.upper()) for w in words.puzzle_words(lang) if 3 <= len(w) <= 8][:top]
    out = []
    for card in cards:
        letters = set(card) - {JOKER}
        out.append(round(sum(bool(letters & w) for w in common) / len(common), 3))
    return out


def deck_measure(lang: str, cards: list[str], challenges: int = CHALLENGES, seed: str = "deck-measure") -> dict:
    """The deck played: mean, lowest and highest par the solver reaches over
    `challenges` seeded challenges (the same card orders for every deck), and
    each card's coverage (card_coverage)."""
    from printkit import puzzles
    from printkit.games.cryptex.solo import card_order, solve

    pars = []
    for k in range(challenges):
        order = card_order(puzzles.token_rng("CX", puzzles.make_token(seed, k)))
        pars.append(solve([list(cards[n - 1]) for n in order], DEFAULT_LENGTHS, lang=lang)["par"])
    cover = card_coverage(lang, cards)
    return {
        "challenges": challenges,
        "mean_par": round(sum(pars) / len(pars), 2),
        "min_par": min(pars),
        "max_par": max(pars),
        "coverage": cover,
        "least_covered": min(range(len(cards)), key=lambda i: (cover[i], i)) + 1,
        "playable": min(cover) >= PLAYABLE,
    }


def choose(lang: str, candidates: int, challenges: int = CHALLENGES, log=print) -> tuple[str, float, list[str], dict]:
    from printkit import words

    freqs = letter_frequencies(words.puzzle_words(lang))
    best = None
    for k in range(candidates):
        for exponent in EXPONENTS:
            seed = f"candidate-{k}"
            cards = generate_deck(lang, freqs, seed, exponent)
            m = deck_measure(lang, cards, challenges)
            log(f"{seed} x^{exponent}: mean par {m['mean_par']} (min {m['min_par']}), least covered card {m['least_covered']} {min(m['coverage'])}")
            key = (m["playable"], m["mean_par"])
            if best is None or key > best[0]:
                best = (key, seed, exponent, cards, m)
    _, seed, exponent, cards, m = best
    return seed, exponent, cards, m


def main(argv: list[str]) -> None:
    lang = argv[0] if argv else "en"

    if lang in DECKS and DECKS[lang][0] is None:  # the rulebook's deck: measured, never chosen again
        m = deck_measure(lang, list(DECKS[lang][2]), int(argv[2]) if len(argv) > 2 else CHALLENGES)
        print(m)
        return
    n = int(argv[1]) if len(argv) > 1 else 6
    challenges = int(argv[2]) if len(argv) > 2 else CHALLENGES
    seed, exponent, cards, m = choose(lang, n, challenges, log=lambda msg: print(msg, file=sys.stderr))
    print(m, file=sys.stderr)
    print(f"    {lang!r}: ({seed!r}, {exponent}, (" + ", ".join(repr(c) for c in cards) + ")),")


if __name__ == "__main__":
    main(sys.argv[1:])
