"""Choose the default deck: generate candidate decks, score them, print the best.

    python -m printkit.games.cryptic_words.choose_deck [CANDIDATES] [LANG]

Every candidate is a seeded deck with the rulebook codes pinned (deckgen). All
are scored on a quick sample of deals, the best few again on the full measure
(stats.DEALS deals), and the winner is printed as the Python data frozen in
default_deck.py. Run it only to renew the default deck: the frozen data, not
this search, is what `printkit deck cryptic-words` prints.
"""

from __future__ import annotations

import sys

from printkit.games.cryptic_words.deckgen import generate_deck
from printkit.games.cryptic_words.stats import DEALS, deck_stats, format_stats

QUICK_DEALS = 1500
FINALISTS = 8


def candidate_seed(k: int) -> str:
    return f"candidate-{k}"


def choose(candidates: int, log=print, lang: str = "en") -> tuple[str, list[dict], dict]:
    quick = []
    for k in range(candidates):
        seed = candidate_seed(k)
        s = deck_stats(generate_deck(seed, lang), deals=QUICK_DEALS, lang=lang)
        quick.append((s["score"], seed))
        log(f"{seed}: {s['score']}")
    quick.sort(key=lambda t: (-t[0], t[1]))
    best = None
    for _, seed in quick[:FINALISTS]:
        deck = generate_deck(seed, lang)
        s = deck_stats(deck, deals=DEALS, lang=lang)
        log(f"finalist {seed}: {s['score']}")
        if best is None or s["score"] > best[2]["score"]:
            best = (seed, deck, s)
    return best


def as_python(seed: str, deck: list[dict]) -> str:
    lines = [f"ORIGIN_SEED = {seed!r}", "CARDS = ("]
    for card in deck:
        entries = ", ".join(f"{e['entry']!r}" for e in card["entries"])
        lines.append(f"    ({card['number']}, ({entries})),")
    lines.append(")")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 100
    lang = argv[1] if len(argv) > 1 else "en"
    seed, deck, s = choose(n, log=lambda msg: print(msg, file=sys.stderr), lang=lang)
    print(format_stats(s), file=sys.stderr)
    print(as_python(seed, deck))


if __name__ == "__main__":
    main(sys.argv[1:])
