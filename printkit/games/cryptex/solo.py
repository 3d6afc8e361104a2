"""Cryptex solo challenges: a seeded 40-round card order and a solver that finds
a strong line of play (the par) by beam search.

The solver writes only words from the puzzle list (common words a player can be
expected to find) and scores with the acceptance list, exactly as the rules do.

How the search runs. A row of the sheet is a node in a trie of the puzzle words
of its length (a row that can no longer become a word is a "dead" node that
only counts its letters). A state is the tuple of its rows' nodes plus the
jokers spent. A move changes one row, so a candidate's score is its state's
score plus the change in that one row's value (looked up, never a rescore of
the sheet), and the moves are a chain of parent pointers read back once at the
end. A live row is valued as part of its word only while some word it can
still become fits the cards still to come (a subsequence check on the trie,
memoised per challenge); otherwise it is valued as the unfinished row it will be.

The beam's best line is then repaired locally (_improve): the rounds spent on
junk, with those of one other row, are rewritten as the longest word they can
spell plus the fewest junk boxes, which turns "two 6-letter words and a row of
junk" into "a 7-letter word and less junk" and the like. Every rewrite is scored
by the rules themselves and kept only when the total goes up.
"""

from __future__ import annotations

import heapq
from functools import lru_cache, partial
from operator import itemgetter

from printkit.games.cryptex.rules import JOKER, JOKER_LIMIT, final_score, half_game_penalty
from printkit.rng import Rng

BEAM = 24  # the repair pass after the beam makes up for a narrower beam (200 challenges: mean par 87.08 at 32, 87.04 at 24; 35% faster)
JOKER_LETTERS = 3  # a joker is tried as the 3 letters that keep the most words open


def card_order(token_rng: Rng, deck_size: int = 20) -> list[int]:
    """Card numbers for rounds 1-40: the deck shuffled, played, reshuffled."""
    first = token_rng.shuffle(list(range(1, deck_size + 1)))
    second = token_rng.shuffle(list(range(1, deck_size + 1)))
    return first + second


class _Tries:
    """The puzzle words of the sheet's lengths as tries over one node numbering,
    grown on demand: a node's children are made the first time the search asks
    for them (a challenge visits a few thousand of the 60,000 prefixes).

    A live node stands for a range of the sorted words of its length that share
    its prefix. kids_of(node): letter -> child (empty for whole words and dead
    rows); kind[node]: its row class (length, letters written, live), the index
    of the value tables; next_dead[node]: the dead node one letter further (-1
    when the row is full); words[node]: puzzle words the prefix can become;
    joker_order(node): its letters, most words first.
    """

    __slots__ = ("kids", "kind", "classes", "root", "next_dead", "words", "_column", "_span", "_class_id", "_jokers", "_dead")

    def __init__(self, lengths: tuple[int, ...], sorted_words: dict[int, str]) -> None:
        """`sorted_words`: length -> the puzzle words of that length, lower case
        a-z, sorted and packed in one string (words.puzzle_words_sorted)."""
        self.kids: list[dict[str, int] | None] = []
        self.kind: list[int] = []
        self.classes: list[tuple[int, int, bool]] = []
        self.root: dict[int, int] = {}
        self.next_dead: list[int] = []
        self.words: list[int] = []
        self._span: list[tuple[int, int, int]] = []  # live node: (length, first word, end)
        self._class_id: dict[tuple[int, int, bool], int] = {}
        self._jokers: dict[int, list[str]] = {}
        self._column: dict[int, list[str]] = {}  # length -> for each position, the letters of its words there
        self._dead: dict[int, list[int]] = {}
        for n in sorted(set(lengths)):  # every row class first: the value tables are sized by them
            for k in range(n + 1):
                for live in (False, True):
                    self._class_id[(n, k, live)] = len(self.classes)
                    self.classes.append((n, k, live))
        for n in sorted(set(lengths)):
            joined = sorted_words.get(n, "").upper()  # a-z sort as A-Z do: still sorted
            self._column[n] = [joined[k::n] for k in range(n)]
            dead = self._dead[n] = [self._node(n, k, False, 0, 0) for k in range(n + 1)]
            for k in range(n):
                self.next_dead[dead[k]] = dead[k + 1]
            self.root[n] = self._node(n, 0, True, 0, len(joined) // n)

    def _node(self, n: int, k: int, live: bool, lo: int, hi: int) -> int:
        c = self._class_id[(n, k, live)]
        x = len(self.kids)
        self.kids.append(None if live and k < n else {})
        self.kind.append(c)
        self.next_dead.append(self._dead[n][k + 1] if live and k < n else -1)
        self.words.append(hi - lo if live else 0)
        self._span.append((n, lo, hi))
        return x

    def kids_of(self, x: int) -> dict[str, int]:
        kids = self.kids
        kx = kids[x]
        if kx is None:  # a live prefix not opened yet: its words are sorted, so each next letter is a run
            n, lo, hi = self._span[x]
            k = self.classes[self.kind[x]][1] + 1  # the children's letters written
            column = self._column[n][k - 1]  # the letter each word of length n has there
            # every child is a live node of the same class: _node's work, done once for all
            c = self._class_id[(n, k, True)]
            full = k == n
            dead = -1 if full else self._dead[n][k + 1]
            kind, next_dead, counts, span = self.kind, self.next_dead, self.words, self._span
            kx = {}
            child = len(kids)
            i = lo
            while i < hi:
                # the range's words share their first k-1 letters and are sorted, so
                # their k-th letters rise: each letter is one run, ending after its last
                ch = column[i]
                j = column.rfind(ch, i, hi) + 1
                kx[ch] = child
                child += 1
                kids.append({} if full else None)
                kind.append(c)
                next_dead.append(dead)
                counts.append(j - i)
                span.append((n, i, j))
                i = j
            kids[x] = kx
        return kx

    def joker_order(self, x: int) -> list[str]:
        got = self._jokers.get(x)
        if got is None:
            kx = self.kids_of(x)
            words = self.words
            got = self._jokers[x] = sorted(kx, key=lambda ch: (-words[kx[ch]], ch))
        return got


@lru_cache(maxsize=4)
def _tries(lengths: tuple[int, ...], lang: str = "en") -> _Tries:
    from printkit import words

    return _Tries(lengths, words.answer_words_sorted(lang))  # the answer keys write headwords


def _is_word(lang: str):
    """The acceptance test of `lang` as a one-argument function (what final_score takes)."""
    from printkit import words

    return partial(words.is_word, lang=lang)


def _row_value(n: int, k: int, live: bool, reachable: bool) -> float:
    """What a row is worth to the search: a finished word its points, a live
    prefix that can still be finished part of its word, anything else its penalty."""
    if k == 0:
        return 0.0
    if not live:
        return -3.0 * (n - k) if k < n else -2.0 * n
    if k == n:
        return 2.0 * n
    need = n - k
    return (1.6 * k if reachable else -3.0 * need) - 0.35 * need


def solve(cards: list[list[str]], lengths: tuple[int, ...], beam: int = BEAM, repair: bool = True, lang: str = "en") -> dict:
    """Best line found: {"moves": [[round, symbol, letter, cryptex]], "cryptexes": [...], "par": n, ...}.
    Words are `lang`'s: the puzzle list to write, its acceptance list to score."""
    lengths = tuple(lengths)
    t = _tries(lengths, lang)
    is_word = _is_word(lang)
    kind, next_dead, classes, joker_order, kids_of = t.kind, t.next_dead, t.classes, t.joker_order, t.kids_of
    rows = len(lengths)
    rounds = len(cards)
    half_at = rounds // 2
    # same-length rows holding the same node are interchangeable: only the first is extended
    twin = [i > 0 and lengths[i - 1] == lengths[i] for i in range(rows)]
    half_cost = [-(n - k) if 0 < k < n else 0 for n, k, _ in classes]  # -1 an empty box of a started row
    open_value = [_row_value(n, k, live, True) for n, k, live in classes]
    stuck_value = [_row_value(n, k, live, False) for n, k, live in classes]

    # first[r][letter]: the first round from r on whose card shows the letter
    first: list[dict[str, int]] = [{} for _ in range(rounds + 1)]
    for r in range(rounds - 1, -1, -1):
        first[r] = dict(first[r + 1])
        for s in cards[r]:
            if s != JOKER:
                first[r][s] = r
    # With fewer cards left a prefix can only lose its words, so one memo a node
    # serves every round: reachable from every round up to yes[x], from no
    # round after no[x] (a "yes" found through a letter first shown in round j
    # holds from every round up to j: the same card is the first to show it)
    yes: dict[int, int] = {}
    no: dict[int, int] = {}
    kids, never = t.kids, rounds + 1

    def reachable(x: int, r: int) -> bool:
        """Can the prefix at node x still become a word with the cards from round r on?"""
        if r <= yes.get(x, -1):
            return True
        if r >= no.get(x, never):
            return False
        kx = kids[x]
        if kx is None:
            kx = kids_of(x)
        if not kx:  # a whole word
            return True
        fr = first[r]
        for ch, c in kx.items():
            j = fr.get(ch)
            if j is not None and reachable(c, j + 1):
                yes[x] = j  # j >= r, and above any yes[x] (else the look-up above answered)
                return True
        no[x] = r  # below any no[x], for the same reason
        return False

    # a state: (score, nodes, jokers, half-game penalty, history); history is
    # (round, symbol, letter, row, parent history) or None
    states = [(0.0, tuple(t.root[n] for n in lengths), 0, 0, None)]
    for r, card in enumerate(cards):
        letters = [s for s in card if s != JOKER]
        has_joker = JOKER in card
        at_half = r + 1 == half_at
        after = r + 1
        values: dict[int, float] = {}

        def value(x: int) -> float:
            c = kind[x]
            v = open_value[c]
            if v != stuck_value[c] and not reachable(x, after):
                v = stuck_value[c]
            values[x] = v
            return v

        def options(x: int) -> tuple[list, list]:
            """The moves into a row at node x, (symbol, letter, child, value change)
            without a joker and with one."""
            dead = next_dead[x]
            if dead < 0:
                return [], []
            vx = values.get(x)
            if vx is None:
                vx = value(x)
            kx = kids_of(x)
            plain = []
            junk = False
            for ch in letters:
                child = kx.get(ch)
                if child is not None:
                    plain.append((ch, ch, child, value(child) - vx))
                elif not junk:  # every junk letter leads to the same dead row: try one
                    junk = True
                    plain.append((ch, ch, dead, value(dead) - vx))
            wild = []
            if has_joker:
                for ch in joker_order(x):
                    child = kx[ch]
                    if not kids_of(child) or reachable(child, after):
                        wild.append((JOKER, ch, child, value(child) - vx - 4.0))
                        if len(wild) == JOKER_LETTERS:
                            break
            return plain, wild

        moves_of: dict[int, tuple[list, list]] = {}
        best: dict[tuple, tuple] = {}
        for _, nodes, jokers, half, hist in states:
            base = 4.0 * (JOKER_LIMIT - jokers) + half
            for x in nodes:
                v = values.get(x)
                base += value(x) if v is None else v
            if at_half:
                half_now = 0
                for x in nodes:
                    half_now += half_cost[kind[x]]
            can_joker = has_joker and jokers < JOKER_LIMIT
            for i in range(rows):
                x = nodes[i]
                if twin[i] and nodes[i - 1] == x:
                    continue
                opts = moves_of.get(x)
                if opts is None:
                    opts = moves_of[x] = options(x)
                head, tail = nodes[:i], nodes[i + 1 :]
                for spent, group in ((jokers, opts[0]), (jokers + 1, opts[1] if can_joker else ())):
                    for sym, ch, child, dv in group:
                        score = base + dv
                        nh = half
                        if at_half:
                            nh = half_now + half_cost[kind[child]] - half_cost[kind[x]]
                            score += nh
                        key = (head + (child,) + tail, spent)
                        old = best.get(key)
                        if old is None or old[0] < score:
                            best[key] = (score, key[0], spent, nh, (r + 1, sym, ch, i + 1, hist))
        states = heapq.nlargest(beam, best.values(), key=itemgetter(0))

    top = None
    for _, nodes, jokers, half, hist in states:
        chain = []
        while hist is not None:
            chain.append(list(hist[:4]))
            hist = hist[4]
        chain.reverse()
        sheet = ["" for _ in lengths]
        for _, _, ch, row in chain:
            sheet[row - 1] += ch
        total = final_score(sheet, lengths, jokers, [], is_word)[0] + half
        if top is None or total > top[0]:
            top = (total, sheet, jokers, half, chain)
    total, sheet, jokers, half, chain = _improve(cards, lengths, t, top, is_word=is_word) if repair else top
    return {"par": total, "cryptexes": sheet, "jokers_used": jokers, "half_penalty": half, "moves": chain}


def _score_line(chain: list, lengths: tuple[int, ...], is_word) -> tuple:
    """(total, sheet, jokers, half penalty, chain) of a whole line, as the rules score it."""
    sheet = ["" for _ in lengths]
    jokers = half = 0
    for k, (_, sym, ch, row) in enumerate(chain, 1):
        sheet[row - 1] += ch
        jokers += sym == JOKER
        if k == len(chain) // 2:
            half = half_game_penalty(sheet, lengths)
    return final_score(sheet, lengths, jokers, [], is_word)[0] + half, sheet, jokers, half, chain


def _improve(cards: list[list[str]], lengths: tuple[int, ...], t: _Tries, top: tuple, passes: int = 4, is_word=None) -> tuple:
    """Local repair of the beam's best line, kept only where it scores higher.

    The beam values rows one at a time, so near the end it can settle for a
    shorter word and a longer row of junk. Here the rounds of a junk row (a row
    that ends unfinished or not a word), alone or together with the rounds of
    one other row, are written again: one row (a freed or an untouched one)
    takes a puzzle word those rounds can spell in order, the left-over letters
    go into one other such row as junk, and the best rewrite replaces the line
    when the rules score it higher. Rewrites that cannot beat the line even
    with the best word are skipped before any word is looked for; a few passes.
    is_word: the acceptance test the rules score with (English's by default).
    """
    if is_word is None:
        is_word = _is_word("en")
    rows = len(lengths)
    for _ in range(passes):
        total, sheet, jokers, _half, chain = top
        junk = [i for i in range(rows) if sheet[i] and (len(sheet[i]) < lengths[i] or not is_word(sheet[i]))]
        if not junk:
            break
        owner = [m[3] - 1 for m in chain]
        empty = [i for i in range(rows) if not sheet[i]]
        # what each row brings now: its points and its share of the half-game penalty
        worth = [0] * rows
        for line in final_score(sheet, lengths, jokers, [], is_word)[1]:
            if line.cryptex:
                worth[line.cryptex - 1] = line.points
        at_half = [0] * rows
        for m in chain[: len(chain) // 2]:
            at_half[m[3] - 1] += 1
        for i in range(rows):
            if 0 < at_half[i] < lengths[i]:
                worth[i] -= lengths[i] - at_half[i]
        better = None
        for s in junk:
            for w in [None] + [i for i in range(rows) if i != s and sheet[i]]:
                freed = (s,) if w is None else (s, w)
                free = [r for r in range(len(chain)) if owner[r] in freed]
                wild = sum(chain[r][1] == JOKER for r in free)
                spare = JOKER_LIMIT - jokers + wild
                # the most the rewrite can reach: the other rows as they are, the freed jokers back
                ceiling = total - sum(worth[i] for i in freed) + 4 * wild
                targets = sorted(set(freed) | set(empty), key=lambda i: (-lengths[i], i))
                spelt: dict[int, list | None] = {}
                for x in targets:
                    n = lengths[x]
                    left = len(free) - n
                    if left < 0:
                        continue
                    sinks = [i for i in targets if i != x and lengths[i] >= left] if left else [None]
                    if not sinks:
                        continue
                    sink_best = max(0 if y is None else 2 * lengths[y] if left == lengths[y] else -3 * (lengths[y] - left) for y in sinks)
                    if ceiling + 2 * n + sink_best <= (better or top)[0]:
                        continue
                    if n not in spelt:
                        spelt[n] = _spell(t, n, [cards[r] for r in free], spare)
                    got = spelt[n]
                    if got is None:
                        continue
                    used = {j for j, _, _ in got}
                    rest = [r for k, r in enumerate(free) if k not in used]
                    for y in sinks:
                        new = list(chain)
                        for j, sym, ch in got:
                            new[free[j]] = [free[j] + 1, sym, ch, x + 1]
                        for r in rest:
                            ch = next(c for c in cards[r] if c != JOKER)
                            new[r] = [r + 1, ch, ch, y + 1]
                        cand = _score_line(new, lengths, is_word)
                        if cand[0] > (better or top)[0]:
                            better = cand
        if better is None:
            break
        top = better
    return top


def _spell(t: _Tries, n: int, cards: list[list[str]], jokers: int) -> list | None:
    """A puzzle word of length n spelt by one symbol from each of some of the
    cards, in order: [(card index, symbol, letter)], fewest jokers first; None if none."""
    size = len(cards)
    nxt: list[dict[str, int]] = [{} for _ in range(size + 1)]
    wild = [size] * (size + 1)
    for p in range(size - 1, -1, -1):
        nxt[p] = dict(nxt[p + 1])
        wild[p] = wild[p + 1]
        for sym in cards[p]:
            if sym == JOKER:
                wild[p] = p
            else:
                nxt[p][sym] = p
    kind, classes, kids_of = t.kind, t.classes, t.kids_of
    failed: set[tuple[int, int, int]] = set()

    def walk(x: int, p: int, spare: int) -> list | None:
        if classes[kind[x]][1] == n:
            return []
        if (x, p, spare) in failed or n - classes[kind[x]][1] > size - p:
            return None
        kx = kids_of(x)
        here = nxt[p]
        for ch, c in kx.items():
            j = here.get(ch)
            if j is not None:
                rest = walk(c, j + 1, spare)
                if rest is not None:
                    return [(j, ch, ch)] + rest
        if spare and wild[p] < size:
            j = wild[p]
            for ch, c in kx.items():
                rest = walk(c, j + 1, spare - 1)
                if rest is not None:
                    return [(j, JOKER, ch)] + rest
        failed.add((x, p, spare))
        return None

    for spare in range(jokers + 1):
        got = walk(t.root[n], 0, spare)
        if got is not None:
            return got
    return None
