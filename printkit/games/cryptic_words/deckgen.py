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

Pure: plain data in, plain data out.
"""

from __future__ import annotations

from printkit.rng import Rng

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


def kind(entry: str) -> str:
    if len(entry) == 2:
        return "bigram"
    if entry in VOWELS:
        return "vowel"
    if entry in RARE:
        return "rare"
    return "consonant"


def _shares(weights: dict[str, float], total: int, floor: int = 1, cap: int = 20) -> dict[str, int]:
    """Whole-number shares of `total` in proportion to weights (largest
    remainder), each at least `floor` and at most `cap`."""
    keys = sorted(weights)
    raw = {k: weights[k] / sum(weights.values()) * total for k in keys}
    counts = {k: min(cap, max(floor, int(raw[k]))) for k in keys}
    order = sorted(keys, key=lambda k: (-(raw[k] - int(raw[k])), k))
    while sum(counts.values()) < total:
        for k in order:
            if sum(counts.values()) == total:
                break
            if counts[k] < cap:
                counts[k] += 1
    while sum(counts.values()) > total:
        for k in sorted(keys, key=lambda k: (-counts[k], k)):
            if sum(counts.values()) == total:
                break
            if counts[k] > floor:
                counts[k] -= 1
    return counts


def _pick_bigrams(rng: Rng, n: int) -> list[str]:
    chosen = list(ALWAYS_BIGRAMS)
    pool = sorted(b for b in BIGRAM_WEIGHTS if b not in chosen)
    while len(chosen) < n and pool:
        k = rng.weighted([BIGRAM_WEIGHTS[b] ** 0.5 for b in pool])
        chosen.append(pool.pop(k))
    return sorted(chosen)


def entry_counts(rng: Rng) -> dict[str, int]:
    """How many cards carry each entry, for one generated deck."""
    n_bigrams = rng.randint(MIN_BIGRAMS, MAX_BIGRAMS)
    exponent = 0.6 + 0.3 * rng.random()
    letters = _shares({k: v**exponent for k, v in LETTER_WEIGHTS.items()}, DECK_SIZE * ENTRIES_PER_CARD - n_bigrams)
    counts = dict(letters)
    for b in _pick_bigrams(rng, n_bigrams):
        counts[b] = 1
    pinned: dict[str, int] = {}
    for _, e, _ in RULEBOOK_CODES:
        pinned[e] = pinned.get(e, 0) + 1
    # the pinned codes must fit in the counts (U is pinned twice, for instance);
    # take any extra copies from the most plentiful letters
    for e, need in sorted(pinned.items()):
        while counts.get(e, 0) < need:
            donor = max(sorted(counts), key=lambda k: (counts[k], k))
            counts[donor] -= 1
            counts[e] = counts.get(e, 0) + 1
    return counts


def _place(rng: Rng, counts: dict[str, int]) -> list[list[str]] | None:
    """Share the entry copies out over the cards; None if the greedy fill gets stuck."""
    cards: dict[int, list[str]] = {n: [] for n in range(1, DECK_SIZE + 1)}
    left = dict(counts)
    for number, e, _ in RULEBOOK_CODES:
        if e not in cards[number]:
            cards[number].append(e)
            left[e] -= 1
    totals: dict[str, int] = {}
    for e, k in counts.items():
        totals[kind(e)] = totals.get(kind(e), 0) + k
    quota = {kd: -(-t // DECK_SIZE) for kd, t in totals.items()}  # ceiling per card
    quota["rare"] = max(1, quota.get("rare", 1))
    order = sorted(left, key=lambda e: ({"bigram": 0, "rare": 1, "vowel": 2, "consonant": 3}[kind(e)], -left[e], e))
    for e in order:
        kd = kind(e)
        for _ in range(left[e]):
            best = None
            for number, entries in cards.items():
                if e in entries or len(entries) >= ENTRIES_PER_CARD:
                    continue
                same = sum(kind(x) == kd for x in entries)
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


def _faces(rng: Rng, number: int, entries: list[str]) -> list[dict]:
    fixed = {e: f for n, e, f in RULEBOOK_CODES if n == number and f is not None}
    free_faces = [f for f in range(1, ENTRIES_PER_CARD + 1) if f not in fixed.values()]
    rng.shuffle(free_faces)
    free_entries = sorted(e for e in entries if e not in fixed)
    rng.shuffle(free_entries)
    face_of = dict(fixed)
    face_of.update(zip(free_entries, free_faces))
    return [{"face": f, "entry": e} for e, f in sorted(face_of.items(), key=lambda kv: kv[1])]


def generate_deck(seed: str) -> list[dict]:
    """A 30-card deck for `seed`: [{"number": n, "entries": [{"face", "entry"}...]}]."""
    base = Rng("cryptic-words-deck", seed)
    for attempt in range(200):
        rng = base.child("attempt", attempt)
        counts = entry_counts(rng)
        cards = _place(rng, counts)
        if cards is not None:
            return [{"number": n, "entries": _faces(rng, n, entries)} for n, entries in enumerate(cards, 1)]
    raise RuntimeError(f"no deck could be dealt for seed {seed!r}")  # pragma: no cover - the fill always succeeds within a few attempts
