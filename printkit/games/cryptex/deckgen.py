"""A Cryptex deck for a language other than English, from its letter frequencies.

The rulebook's deck is English: 20 cards of five symbols, 95 letters and five
jokers (on cards 1, 6, 14, 18 and 19). Another language gets a deck of the same
shape, made in three steps, all driven by one seeded stream:

1. the letters: the 95 letter slots shared out by how often each letter occurs
   in the language's common words (3-8 letters of its puzzle list), flattened by
   an exponent so that a frequent letter does not crowd the deck (the rulebook's
   deck does the same: E on 11 cards, S on 4, against their 12% and 9% in
   English); letters rarer than MIN_SHARE are left out (the rulebook has no Q
   and no Z) except the language's own (Spanish Ñ: 2.3 per thousand), the vowels brought to at least VOWEL_SHARE of the slots;
2. the cards: the jokers go on the rulebook's joker cards, then each letter copy
   goes to the card with the fewest of its kind (vowel or consonant) and the
   fewest symbols, ties broken by the stream, so no card repeats a letter and
   every card shows at least one vowel;
3. the order: the cards keep the order they were filled in (a deck is shuffled
   before play; the numbers only name the cards).

Which seed and exponent make the deck is chosen by choose_deck.py (the solver's
mean par over seeded challenges) and frozen in decks.py. Pure: plain data in,
plain data out.
"""

from __future__ import annotations

from printkit.rng import Rng
from printkit.shares import shares

DECK_SIZE = 20
PER_CARD = 5
JOKER = "?"
JOKER_CARDS = (1, 6, 14, 18, 19)  # the rulebook's: ECRO?, NIES?, TIBA?, SFIT?, MBNO?
LETTER_SLOTS = DECK_SIZE * PER_CARD - len(JOKER_CARDS)
MIN_SHARE = 0.003  # letters rarer than 3 per thousand stay off the deck
VOWEL_SHARE = 0.38  # the rulebook's deck: 39 vowels (A E I O U) of 95 letters
MAX_COPIES = 12  # no letter on more cards than this (the rulebook's E: 11)

VOWELS = {
    "en": "AEIOU",
    "de": "AEIOUÄÖÜ",
    "fr": "AEIOU",
    "es": "AEIOU",
    "nl": "AEIOU",
}


def own_letters(lang: str) -> str:
    """The letters a language has beyond A-Z, in capitals (Ä Ö Ü, Ñ): on its deck
    however rare, so that every letter of its alphabet's own can be played."""
    from printkit.lang import language

    return language(lang).keep.upper()


def letter_frequencies(words) -> dict[str, float]:
    """Share of each letter (upper case) over the words of 3-8 letters."""
    counts: dict[str, int] = {}
    for w in words:
        if 3 <= len(w) <= 8:
            for ch in w.upper():
                counts[ch] = counts.get(ch, 0) + 1
    total = sum(counts.values()) or 1
    return {ch: n / total for ch, n in sorted(counts.items())}


def letter_counts(freqs: dict[str, float], exponent: float, vowels: str, own: str = "") -> dict[str, int]:
    """How many cards carry each letter: LETTER_SLOTS in all. `own`: the
    language's letters of its own (Ñ, Ä Ö Ü), dealt at least once however rare."""
    kept = {ch: f for ch, f in freqs.items() if f >= MIN_SHARE or ch in own}
    counts = shares({ch: f**exponent for ch, f in kept.items()}, LETTER_SLOTS, cap=MAX_COPIES)
    want = round(VOWEL_SHARE * LETTER_SLOTS)
    # too few vowels: move copies from the most plentiful consonants to the vowels
    # that lose most by the flattening (their share of the words against the deck's)
    while sum(counts[v] for v in counts if v in vowels) < want:
        donor = max((ch for ch in counts if ch not in vowels and counts[ch] > 1), key=lambda ch: (counts[ch], ch))
        taker = max((ch for ch in counts if ch in vowels and counts[ch] < MAX_COPIES), key=lambda ch: (kept[ch] / counts[ch], ch))
        counts[donor] -= 1
        counts[taker] += 1
    return counts


def place(rng: Rng, counts: dict[str, int], vowels: str) -> list[str] | None:
    """The letter copies dealt onto the cards (jokers first); None if the fill gets stuck."""
    cards: list[list[str]] = [[JOKER] if n in JOKER_CARDS else [] for n in range(1, DECK_SIZE + 1)]
    n_vowels = sum(k for ch, k in counts.items() if ch in vowels)
    quota = {True: -(-n_vowels // DECK_SIZE), False: PER_CARD}
    order = sorted(counts, key=lambda ch: (-counts[ch], ch))
    for ch in order:
        is_vowel = ch in vowels
        for _ in range(counts[ch]):
            best = None
            for i, card in enumerate(cards):
                if ch in card or len(card) >= PER_CARD:
                    continue
                same = sum((x in vowels) == is_vowel for x in card if x != JOKER)
                if same >= quota[is_vowel]:
                    continue
                key = (same, len(card), rng.random())
                if best is None or key < best[0]:
                    best = (key, i)
            if best is None:
                return None
            cards[best[1]].append(ch)
    if any(len(c) != PER_CARD or not any(x in vowels for x in c) for c in cards):
        return None
    out = []
    for card in cards:
        letters = [x for x in card if x != JOKER]
        rng.shuffle(letters)
        out.append("".join(letters) + (JOKER if JOKER in card else ""))
    return out


def generate_deck(lang: str, freqs: dict[str, float], seed: str, exponent: float) -> list[str]:
    """20 cards of five symbols (strings like 'ECRO?') for `lang`."""
    vowels = VOWELS[lang]
    counts = letter_counts(freqs, exponent, vowels, own_letters(lang))
    base = Rng("cryptex-deck", lang, seed)
    for attempt in range(200):
        cards = place(base.child("attempt", attempt), counts, vowels)
        if cards is not None:
            return cards
    raise RuntimeError(f"no Cryptex deck could be dealt for {lang} seed {seed!r}")  # pragma: no cover - the fill succeeds within a few attempts
