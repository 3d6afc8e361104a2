"""Generating a 30-card letter deck from a seed, with the rulebook's codes pinned.

The rulebook prints no card list, only example codes (16-S, 2-E, 4-ND, ...). A
deck is made in three steps, all driven by one seeded stream:

1. the entries: a number of bigrams (ND, NN and QU always among them) and single
   letters shared out by how often each letter occurs in the puzzle list,
   flattened by a seeded exponent so rare letters still appear (no lone Q: it
   comes as QU);
2. the cards: the rulebook codes go on their cards first, then every other copy
   goes to the card with the fewest entries of its kind (vowel, consonant, rare
   letter, bigram), so vowels and bigrams are spread evenly and no card repeats
   an entry;
3. the faces: each card's entries get the die faces 1-6 in a seeded order (the
   rulebook puts B on face 3 of card 23 and F on face 3 of card 18).

Another language (generate_deck(seed, lang)) follows the same steps with its
own Profile: letter and bigram weights measured on its puzzle list, the bigrams
it always carries (its digraphs: CH, LL, RR in Spanish, IJ in Dutch...), its
vowels and rare letters, and the codes of its rules-page example pinned instead
of the English rulebook's.

Pure: plain data in, plain data out (a language's weights are measured once
from its shipped puzzle list).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from printkit.rng import Rng
from printkit.shares import shares
from printkit.lang import language

DECK_SIZE = 30
ENTRIES_PER_CARD = 6

# (card, entry, face or None): every code the rulebook's examples use.
RULEBOOK_CODES: tuple[tuple[int, str, int | None], ...] = (
    (16, "S", None), (2, "E", None), (4, "ND", None),  # SEND
    (23, "B", 3), (6, "U", None), (21, "NN", None), (5, "Y", None),  # BUNNY; B on face 3
    (26, "T", None), (22, "R", None), (25, "U", None), (29, "C", None), (18, "K", None),  # TRUCK
    (18, "F", 3),  # the facing card in the dice example: F on face 3
)

# Letters per thousand in the puzzle list (3-8 letter words), measured once.
LETTER_WEIGHTS = {
    "A": 77, "B": 20, "C": 38, "D": 47, "E": 122, "F": 16, "G": 32, "H": 24, "I": 71,
    "J": 2, "K": 13, "L": 53, "M": 27, "N": 63, "O": 58, "P": 30, "R": 75, "S": 86,
    "T": 63, "U": 33, "V": 12, "W": 13, "X": 3, "Y": 18, "Z": 2,
}
# Bigram candidates and how often each occurs in the puzzle list.
BIGRAM_WEIGHTS = {
    "IN": 2640, "ER": 2166, "ED": 2107, "ES": 1826, "NG": 1744, "RE": 1684, "TE": 1419,
    "LE": 1301, "AR": 1224, "ST": 1204, "EN": 1093, "AN": 1082, "AL": 997, "DE": 997,
    "RA": 953, "OR": 949, "RI": 914, "ON": 907, "SE": 870, "AT": 853, "EA": 843, "LI": 823,
    "TI": 823, "NE": 777, "RO": 760, "VE": 718, "LA": 717, "RS": 702, "NT": 698, "HE": 675,
    "CO": 672, "IT": 654, "EL": 651, "IS": 646, "AS": 631, "IC": 628, "CH": 626, "GE": 567,
    "OU": 557, "LL": 555, "ND": 552, "SH": 531, "CE": 502, "CK": 463, "TH": 431, "EE": 426,
    "OO": 423, "LY": 401, "SS": 386, "TT": 279, "QU": 204, "NN": 158,
}
ALWAYS_BIGRAMS = ("ND", "NN", "QU")
VOWELS = frozenset("AEIOU")
RARE = frozenset("JKVWXZ")
MIN_BIGRAMS, MAX_BIGRAMS = 24, 36


class Profile(NamedTuple):
    """What a deck of one language is made from."""

    letters: dict[str, float]  # letter -> weight (how often it occurs)
    bigrams: dict[str, float]  # bigram candidates -> weight
    always: tuple[str, ...]  # bigrams every deck carries
    vowels: frozenset
    rare: frozenset
    pinned: tuple[tuple[int, str, int | None], ...]  # (card, entry, face or None)


ENGLISH = Profile(LETTER_WEIGHTS, BIGRAM_WEIGHTS, ALWAYS_BIGRAMS, VOWELS, RARE, RULEBOOK_CODES)

# Per language: the digraphs its spelling is built on (always dealt, whatever
# their rank), the rules page's example word as codes (cards 16, 2, 4 and 9, as
# the rulebook's SEND is 16-S 2-E 4-ND), and the letters too rare to deal alone.
# Q comes only as QU where the language writes it so.
LANGUAGE_SETUP = {  # English: its rules page's example alone (its profile is frozen, FROZEN)
    "en": {"example": ("SEND", ((16, "S"), (2, "E"), (4, "ND")))},
    "de": {"always": ("CH", "EI", "IE", "ND", "NN", "ST"), "example": ("HUND", ((16, "H"), (2, "U"), (4, "ND"))), "rare": "JQVXYÖ", "drop": "QXY"},
    "fr": {"always": ("QU", "OU", "AI", "ND", "NN", "CH"), "example": ("MONDE", ((16, "M"), (2, "O"), (4, "ND"), (9, "E"))), "rare": "JKQWXYZ", "drop": "KQW"},
    "es": {"always": ("CH", "LL", "RR", "QU", "ND"), "example": ("MUNDO", ((16, "M"), (2, "U"), (4, "ND"), (9, "O"))), "rare": "JÑQXYZ", "drop": "KQW"},
    "nl": {"always": ("IJ", "CH", "OE", "EE", "ND", "NN"), "example": ("HAND", ((16, "H"), (2, "A"), (4, "ND"))), "rare": "JQXYZ", "drop": "QX"},
}
#: the languages whose profile is written down rather than measured (the rulebook's deck)
FROZEN = {"en": ENGLISH}
TOP_BIGRAMS = 48  # bigram candidates: a language's commonest, by count in its puzzle list


def example_codes(lang: str) -> tuple[str, list[str]]:
    """The rules page's example secret word and its codes in `lang`'s default
    deck: ('SEND', ['16-S', '2-E', '4-ND']) in English."""
    word, codes = LANGUAGE_SETUP[lang]["example"]
    return word, [f"{n}-{e}" for n, e in codes]


@lru_cache(maxsize=8)
def profile(lang: str = "en") -> Profile:
    """The Profile of `lang`: English's frozen one, or one measured on the
    language's puzzle list (words of 3-8 letters: each letter's and each
    bigram's count)."""
    if lang in FROZEN:
        return FROZEN[lang]
    from printkit import words

    setup = LANGUAGE_SETUP[lang]
    letters: dict[str, int] = {}
    pairs: dict[str, int] = {}
    for w in words.puzzle_words(lang):
        if 3 <= len(w) <= 8:
            w = w.upper()
            for ch in w:
                letters[ch] = letters.get(ch, 0) + 1
            for a, b in zip(w, w[1:]):
                pairs[a + b] = pairs.get(a + b, 0) + 1
    total = sum(letters.values())
    alphabet = [ch.upper() for ch in language(lang).letters]
    letter_weights = {ch: round(1000 * letters.get(ch, 0) / total, 1) for ch in alphabet if ch not in setup["drop"] and letters.get(ch)}
    top = sorted(pairs, key=lambda b: (-pairs[b], b))[:TOP_BIGRAMS]
    bigram_weights = {b: pairs.get(b, 0) for b in sorted(set(top) | set(setup["always"])) if not set(b) & set(setup["drop"])}
    pinned = tuple((n, e, None) for n, e in setup["example"][1])
    vowels = frozenset(language(lang).vowels.upper())
    return Profile(letter_weights, bigram_weights, setup["always"], vowels, frozenset(setup["rare"]), pinned)


def kind(entry: str, prof: Profile = ENGLISH) -> str:
    if len(entry) == 2:
        return "bigram"
    if entry in prof.vowels:
        return "vowel"
    if entry in prof.rare:
        return "rare"
    return "consonant"


def _pick_bigrams(rng: Rng, n: int, prof: Profile = ENGLISH) -> list[str]:
    chosen = list(prof.always)
    pool = sorted(b for b in prof.bigrams if b not in chosen)
    while len(chosen) < n and pool:
        k = rng.weighted([prof.bigrams[b] ** 0.5 for b in pool])
        chosen.append(pool.pop(k))
    return sorted(chosen)


def entry_counts(rng: Rng, prof: Profile = ENGLISH) -> dict[str, int]:
    """How many cards carry each entry, for one generated deck."""
    n_bigrams = rng.randint(MIN_BIGRAMS, MAX_BIGRAMS)
    exponent = 0.6 + 0.3 * rng.random()
    letters = shares({k: v**exponent for k, v in prof.letters.items()}, DECK_SIZE * ENTRIES_PER_CARD - n_bigrams)
    counts = dict(letters)
    for b in _pick_bigrams(rng, n_bigrams, prof):
        counts[b] = 1
    pinned: dict[str, int] = {}
    for _, e, _ in prof.pinned:
        pinned[e] = pinned.get(e, 0) + 1
    # the pinned codes must fit in the counts (U is pinned twice, for instance);
    # take any extra copies from the most plentiful letters
    for e, need in sorted(pinned.items()):
        while counts.get(e, 0) < need:
            donor = max(sorted(counts), key=lambda k: (counts[k], k))
            counts[donor] -= 1
            counts[e] = counts.get(e, 0) + 1
    return counts


def _place(rng: Rng, counts: dict[str, int], prof: Profile = ENGLISH) -> list[list[str]] | None:
    """Share the entry copies out over the cards; None if the greedy fill gets stuck."""
    cards: dict[int, list[str]] = {n: [] for n in range(1, DECK_SIZE + 1)}
    left = dict(counts)
    for number, e, _ in prof.pinned:
        if e not in cards[number]:
            cards[number].append(e)
            left[e] -= 1
    totals: dict[str, int] = {}
    for e, k in counts.items():
        totals[kind(e, prof)] = totals.get(kind(e, prof), 0) + k
    quota = {kd: -(-t // DECK_SIZE) for kd, t in totals.items()}  # ceiling per card
    quota["rare"] = max(1, quota.get("rare", 1))
    order = sorted(left, key=lambda e: ({"bigram": 0, "rare": 1, "vowel": 2, "consonant": 3}[kind(e, prof)], -left[e], e))
    for e in order:
        kd = kind(e, prof)
        for _ in range(left[e]):
            best = None
            for number, entries in cards.items():
                if e in entries or len(entries) >= ENTRIES_PER_CARD:
                    continue
                same = sum(kind(x, prof) == kd for x in entries)
                if same >= quota.get(kd, ENTRIES_PER_CARD):
                    continue
                key = (same, len(entries), rng.random())
                if best is None or key < best[0]:
                    best = (key, number)
            if best is None:
                return None
            cards[best[1]].append(e)
    if any(len(v) != ENTRIES_PER_CARD for v in cards.values()):
        return None
    return [cards[n] for n in range(1, DECK_SIZE + 1)]


def _faces(rng: Rng, number: int, entries: list[str], prof: Profile = ENGLISH) -> list[dict]:
    fixed = {e: f for n, e, f in prof.pinned if n == number and f is not None}
    free_faces = [f for f in range(1, ENTRIES_PER_CARD + 1) if f not in fixed.values()]
    rng.shuffle(free_faces)
    free_entries = sorted(e for e in entries if e not in fixed)
    rng.shuffle(free_entries)
    face_of = dict(fixed)
    face_of.update(zip(free_entries, free_faces))
    return [{"face": f, "entry": e} for e, f in sorted(face_of.items(), key=lambda kv: kv[1])]


def generate_deck(seed: str, lang: str = "en") -> list[dict]:
    """A 30-card deck for `seed`: [{"number": n, "entries": [{"face", "entry"}...]}]."""
    prof = profile(lang)

    base = Rng("cryptic-words-deck", *language(lang).salt, seed)
    for attempt in range(200):
        rng = base.child("attempt", attempt)
        counts = entry_counts(rng, prof)
        cards = _place(rng, counts, prof)
        if cards is not None:
            return [{"number": n, "entries": _faces(rng, n, entries, prof)} for n, entries in enumerate(cards, 1)]
    raise RuntimeError(f"no deck could be dealt for seed {seed!r}")  # pragma: no cover - the fill always succeeds within a few attempts
