"""Cryptex solo challenges: a seeded 40-round card order and a solver that finds
a strong line of play (the par) by beam search.

The solver writes only words from the puzzle list (common words a player can be
expected to find) and scores with the acceptance list, exactly as the rules do.
"""

from __future__ import annotations

from functools import lru_cache

from printkit.games.cryptex.rules import JOKER, JOKER_LIMIT, ROUNDS, final_score, half_game_penalty
from printkit.rng import Rng

BEAM = 160
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def card_order(token_rng: Rng, deck_size: int = 20) -> list[int]:
    """Card numbers for rounds 1-40: the deck shuffled, played, reshuffled."""
    first = token_rng.shuffle(list(range(1, deck_size + 1)))
    second = token_rng.shuffle(list(range(1, deck_size + 1)))
    return first + second


@lru_cache(maxsize=4)
def _prefixes(lengths: tuple[int, ...]) -> dict[int, frozenset[str]]:
    from printkit import words

    out: dict[int, set[str]] = {n: set() for n in set(lengths)}
    for w in words.puzzle_words():
        n = len(w)
        if n in out and w.isalpha():
            up = w.upper()
            for k in range(1, n + 1):
                out[n].add(up[:k])
    return {n: frozenset(s) for n, s in out.items()}


def _value(prefixes: tuple[str, ...], lengths: tuple[int, ...], valid: tuple[bool, ...], jokers: int, half: int, rounds_left: int) -> float:
    v = 4.0 * (JOKER_LIMIT - jokers) + half
    for p, n, ok in zip(prefixes, lengths, valid):
        k = len(p)
        if k == 0:
            continue
        if not ok:
            v -= 3.0 * (n - k) if k < n else 2.0 * n
        elif k == n:
            v += 2.0 * n
        else:
            # a live prefix: worth a part of its word, less when few rounds remain
            need = n - k
            v += (1.6 * k if need <= rounds_left else -3.0 * need) - 0.35 * need
    return v


def solve(cards: list[list[str]], lengths: tuple[int, ...], beam: int = BEAM) -> dict:
    """Best line found: {"moves": [(round, symbol, letter, cryptex)], "cryptexes": [...], ...}."""
    pref = _prefixes(lengths)
    start = (tuple("" for _ in lengths), tuple(True for _ in lengths), 0, 0, ())
    states = [start]
    for r, card in enumerate(cards):
        rounds_left = len(cards) - r - 1
        seen: dict[tuple, tuple] = {}
        for prefixes, valid, jokers, half, moves in states:
            options = []
            for sym in card:
                if sym == JOKER:
                    if jokers < JOKER_LIMIT:
                        options += [(sym, ch, 1) for ch in ALPHABET]
                else:
                    options.append((sym, sym, 0))
            for sym, letter, cost in options:
                for k, n in enumerate(lengths):
                    p = prefixes[k]
                    if len(p) >= n:
                        continue
                    q = p + letter
                    ok = valid[k] and q in pref[n]
                    if not ok and cost:
                        continue  # a joker is never wasted on junk
                    # same-length cryptexes are interchangeable: skip a twin that holds the same prefix
                    if k > 0 and lengths[k - 1] == n and prefixes[k - 1] == p and valid[k - 1] == valid[k]:
                        continue
                    np = prefixes[:k] + (q,) + prefixes[k + 1 :]
                    nv = valid[:k] + (ok,) + valid[k + 1 :]
                    nh = half
                    if r + 1 == len(cards) // 2:
                        nh = half_game_penalty(np, lengths)
                    key = (np, nv, jokers + cost)
                    score = _value(np, lengths, nv, jokers + cost, nh, rounds_left)
                    if key not in seen or seen[key][0] < score:
                        seen[key] = (score, (np, nv, jokers + cost, nh, moves + ((r + 1, sym, letter, k + 1),)))
        ranked = sorted(seen.values(), key=lambda item: (-item[0], item[1][0], item[1][1], item[1][2]))
        states = [s for _, s in ranked[:beam]]
    best = None
    for prefixes, valid, jokers, half, moves in states:
        total = _final(prefixes, lengths, jokers, half)
        if best is None or total > best[0]:
            best = (total, prefixes, jokers, half, moves)
    total, prefixes, jokers, half, moves = best
    return {"par": total, "cryptexes": list(prefixes), "jokers_used": jokers, "half_penalty": half, "moves": [list(m) for m in moves]}


def _final(prefixes, lengths, jokers, half) -> int:
    from printkit import words

    total, _ = final_score(prefixes, lengths, jokers, [], words.is_word)
    return total + half
