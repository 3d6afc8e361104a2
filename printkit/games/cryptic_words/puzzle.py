"""Decode puzzles: a dealt hand, a hidden word, and the clues a game would give.

A puzzle is played out like the decoding phase of a real game, seen from one
side of the table: the hider deals a hand of 4-6 cards from the default deck and
hides a word from the puzzle list in it; then turns are rolled. Each die that is
not part of a double asks about one entry of one card (the entry on the rolled
face): a padlock if the hidden word uses it (a match), an X if not. Doubles do
their rulebook action (first or last card, first or last code, length, card
order). After every turn the acceptance list is searched (spell.solve) and play
stops as soon as exactly one accepted word fits what is known. Seeds that need
too many turns are retried with the next attempt of the same token.

English puzzles are then trimmed to the clues the answer needs (PLAY_ON).
Another language's are not: play goes on for EXTRA_TURNS more turns and every clue
stays, so that the answer stays the only one for a player whose dictionary
knows words the acceptance list lacks (a minimal clue set is unique under one
list only; measured against an independent dictionary of each language by
scripts/independent_words.py: German 52% unique when trimmed, 97% with four
more turns, on 60 puzzles).

Pure: no drawing. The token (from the puzzle ID) decides everything.
"""

from __future__ import annotations

from printkit.games.cryptic_words.rules import clue_constraints, code_text, DOUBLES, HAND_SIZES, parse_code
from printkit.games.cryptic_words.spell import _column_bits, accept_index, puzzle_index, solve, spellable, spellings
from printkit.puzzles import format_id, token_rng
from printkit.i18n import text
from printkit.lang import language

PREFIX = "CW"
RANK_LIMIT = 6000  # hidden words come from the commonest part of the puzzle list
WORD_LENGTHS = range(4, 8)
MAX_TURNS = 12
ATTEMPTS = 60
EXTRA_TURNS = 4  # turns played on after the answer is pinned down (a language PLAY_ON does not name)
#: Per language, the turns played on once the answer is pinned down; None: the
#: clues are trimmed to those the answer needs instead (English, whose acceptance
#: list is the judge its rules name, so a minimal clue set stays unique at the table)
PLAY_ON: dict[str, int | None] = {"en": None}


def puzzle_id(n_cards: int, token: str, lang: str = "en") -> str:
    """CW-5-TOKEN+check for English; the language follows the hand size for
    another (CW-5DE-TOKEN+check), so the ID alone reprints the puzzle in it."""
    return format_id(PREFIX, id_part(n_cards, lang), token)


def id_part(n_cards: int, lang: str = "en") -> str:
    return f"{n_cards}{language(lang).tag}"


def read_id_part(part: str) -> tuple[int, str]:
    """'5' -> (5, 'en'); '5DE' -> (5, 'de'): an ID's hand size and language."""
    return int(part[0]), (part[1:].lower() or "en")


def _empty_clues() -> dict:
    return {"matches": [], "crossed": [], "first_card": None, "last_card": None, "first_code": None, "last_code": None, "length": None, "order": None}


class _Table:
    """One side of the table during play: the hand, the hidden spelling, the clues."""

    def __init__(self, rng, cards: list[dict], word: str, spelling) -> None:
        self.rng = rng
        self.cards = cards
        self.numbers = [c["number"] for c in cards]
        self.word = word
        self.spelling = spelling  # ((hand position, entry), ...)
        self.used = {i for i, _ in spelling}
        self.hidden = set(spelling)
        self.clues = _empty_clues()
        self.asked: set[tuple[int, int]] = set()
        self.done: set[int] = set()
        self.locked: set[int] = set()  # cards known to be used, with their entry

    def entry_at(self, i: int, face: int) -> str:
        return next(e["entry"] for e in self.cards[i]["entries"] if e["face"] == face)

    def code(self, i: int, entry: str) -> str:
        return code_text(self.numbers[i], entry)

    def ask(self, face: int, avoid: int | None) -> int | None:
        """Put a die showing `face` between a pair of cards: one not yet settled
        whose entry on that face is unknown."""
        open_cards = [i for i in range(len(self.cards)) if i not in self.locked and (i, face) not in self.asked and i != avoid]
        if not open_cards:
            return None
        i = self.rng.choice(open_cards)
        self.asked.add((i, face))
        entry = self.entry_at(i, face)
        if (i, entry) in self.hidden:
            self.clues["matches"].append(self.code(i, entry))
            self.locked.add(i)
        else:
            self.clues["crossed"].append(self.code(i, entry))
        return i

    def double(self, value: int) -> None:
        if value in self.done:
            left = [v for v in sorted(DOUBLES) if v not in self.done]
            if not left:
                return
            value = self.rng.choice(left)  # the rulebook: pick another action
        self.done.add(value)
        first, last = self.spelling[0], self.spelling[-1]
        if value == 1:
            self.clues["first_card"] = self.numbers[first[0]]
        elif value == 2:
            self.clues["last_card"] = self.numbers[last[0]]
        elif value == 3:
            self.clues["first_code"] = self.code(*first)
            self.locked.add(first[0])
        elif value == 4:
            self.clues["last_code"] = self.code(*last)
            self.locked.add(last[0])
        elif value == 5:
            self.clues["length"] = len(self.word)
        else:
            # the word's cards in order, unused cards slipped in anywhere
            order = [self.numbers[i] for i, _ in self.spelling]
            for i in range(len(self.cards)):
                if i not in self.used:
                    order.insert(self.rng.below(len(order) + 1), self.numbers[i])
            self.clues["order"] = order

    def turn(self) -> None:
        a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
        if a == b:
            self.double(a)
            return
        first = self.ask(a, None)
        self.ask(b, first)

    def display_order(self) -> list[dict]:
        """The cards as they lie after play: in the called order if the order was
        revealed, else by number with a first card moved left, a last card right."""
        by_number = {c["number"]: c for c in self.cards}
        if self.clues["order"]:
            return [by_number[n] for n in self.clues["order"]]
        numbers = sorted(self.numbers)
        first = self.clues["first_card"] or _card(self.clues["first_code"])
        last = self.clues["last_card"] or _card(self.clues["last_code"])
        if first is not None:
            numbers.remove(first)
            numbers.insert(0, first)
        if last is not None:
            numbers.remove(last)
            numbers.append(last)
        return [by_number[n] for n in numbers]


def _unique(clues: dict, hand, numbers, aindex, target: int, memo: dict | None = None) -> bool:
    problems, cons = clue_constraints(clues, hand, numbers, "puzzle")
    return not problems and solve(aindex, cons, only=target, memo=memo) == target


def _trim(rng, clues: dict, hand, numbers, aindex, target: int, memo: dict | None = None) -> dict:
    """Drop the clues the answer does not need, in a seeded order: a game stopped
    at an earlier moment would have shown only what is left. The strong clues
    (card order, revealed codes, matches) go first, so puzzles ask for thought."""
    strong = [("order", None), ("first_code", None), ("last_code", None), ("first_card", None), ("last_card", None), ("length", None)]
    strong += [("matches", c) for c in clues["matches"]]
    weak = [("crossed", c) for c in clues["crossed"]]
    rng.shuffle(strong)
    rng.shuffle(weak)
    for key, item in strong + weak:
        if item is None and clues[key] is None:
            continue
        trial = dict(clues)
        if item is None:
            trial[key] = None
        else:
            trial[key] = [c for c in clues[key] if c != item]
        if _unique(trial, hand, numbers, aindex, target, memo):
            clues = trial
    return clues


def _card(code: str | None) -> int | None:
    return None if code is None else int(code.split("-")[0])


_HIDEABLE: tuple[object, int] | None = None


def hideable_from_lists(pindex, lang: str = "en") -> int:
    """The puzzle index's words a puzzle may hide, as a bitset: among the
    RANK_LIMIT commonest of the answer list (the puzzle list's headwords), of WORD_LENGTHS letters (what
    scripts/build_word_indexes.py ships as the index's "hideable" bits)."""
    from printkit.words import answer_words

    common = frozenset(answer_words(lang)[:RANK_LIMIT])  # headwords only (words.answer_words)
    # one flag byte a word, read as a bitset in C (_column_bits): no loop over 25,000 words in Python
    bits = _column_bits(bytes(map(common.__contains__, pindex.words)), (1,))[1] if pindex.size else 0
    lengths = 0
    for n in WORD_LENGTHS:
        lengths |= pindex.ends[n]
    return bits & lengths


def _hideable(pindex, lang: str = "en") -> int:
    """hideable_from_lists(pindex), as shipped with the puzzle index (or worked out)."""
    global _HIDEABLE
    if _HIDEABLE is None or _HIDEABLE[0] is not pindex:
        bits = pindex.bits.get("hideable")
        _HIDEABLE = (pindex, hideable_from_lists(pindex, lang) if bits is None else bits)
    return _HIDEABLE[1]


def generate(n_cards: int, token: str, deck: list[dict], lang: str = "en") -> dict:
    """One puzzle from a hand size and a token (the puzzle ID's parts), hiding a
    word of `lang` in its deck."""
    if n_cards not in HAND_SIZES:
        raise ValueError(f"hand of {n_cards} cards")
    pindex, aindex = puzzle_index(lang), accept_index(lang)
    hideable = _hideable(pindex, lang)
    by_number = {c["number"]: c for c in deck}
    numbers_all = sorted(by_number)
    for attempt in range(ATTEMPTS):
        rng = token_rng(PREFIX, "-".join((str(n_cards), *language(lang).salt, token)), attempt)
        cards = [by_number[n] for n in sorted(rng.sample(numbers_all, n_cards))]
        entries = [[e["entry"] for e in c["entries"]] for c in cards]
        bits = spellable(pindex, [pindex.tables(es) for es in entries])
        # hideable words the hand spells, in list order, that are accepted words (the
        # acceptance index holds the accepted words of 3-8 letters, user words included)
        words = [w for w in pindex.decode(bits & hideable) if w in aindex]
        if not words:
            continue
        word = rng.choice(words)
        spelling = rng.choice(spellings(word, entries))
        table = _Table(rng, cards, word, spelling)
        target = aindex.bit(word)
        hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in cards}
        memo: dict = {}  # the hand's card tables, by allowed entries, over this attempt's searches
        for turn in range(MAX_TURNS):
            table.turn()
            if turn < 1:
                continue  # one turn never pins a word down; save the search
            problems, cons = clue_constraints(table.clues, hand, table.numbers, "puzzle")
            if problems:  # pragma: no cover - play only reports true clues
                raise AssertionError(problems)
            if solve(aindex, cons, only=target, memo=memo) == target:
                extra = PLAY_ON.get(lang, EXTRA_TURNS)
                if extra is None:
                    table.clues = _trim(rng, table.clues, hand, table.numbers, aindex, target, memo)
                for _ in range(extra or 0):
                    table.turn()
                return {
                    "id": puzzle_id(n_cards, token, lang),
                    "hand": table.display_order(),
                    "clues": table.clues,
                    "solution": {"word": word.upper(), "codes": [table.code(i, e) for i, e in spelling]},
                }
    raise RuntimeError(f"no puzzle for {puzzle_id(n_cards, token, lang)} after {ATTEMPTS} attempts")


def id_lang(ident) -> str:
    """The language of a puzzle ID: CW-5DE-... is German, CW-5-... English."""
    parts = ident.strip().upper().split("-") if isinstance(ident, str) else []
    return parts[1][1:].lower() if len(parts) == 3 and len(parts[1]) == 3 else "en"


def explain(puzzle: dict, limit: int = 4, lang: str | None = None) -> list[tuple[str, list[str]]]:
    """Why the answer is the only one: for each clue of the puzzle, the accepted
    words that would also fit without it (every clue left after trimming is
    needed, so each rules out at least one word). Pure; from the printed clues.
    The language is the puzzle ID's unless given."""
    lang = lang or id_lang(puzzle.get("id"))
    _ = text(lang)
    hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in puzzle["hand"]}
    numbers = [c["number"] for c in puzzle["hand"]]
    clues = puzzle["clues"]
    aindex = accept_index(lang)
    word = puzzle["solution"]["word"].lower()
    items: list[tuple[str, str | None, str]] = []
    for code in clues.get("matches") or []:
        items.append(("matches", code, _("Padlock {code}").format(code=code)))
    for code in clues.get("crossed") or []:
        items.append(("crossed", code, _("Cross {code}").format(code=code)))
    named = {"first_card": _("1-1 (starts on card {})"), "last_card": _("2-2 (ends on card {})"), "first_code": _("3-3 (first letter(s) {})"),
             "last_code": _("4-4 (last letter(s) {})"), "length": _("5-5 ({} letters)"), "order": _("6-6 (card order)")}
    for key, said in named.items():
        if clues.get(key) not in (None, [], ""):
            items.append((key, None, said.format(clues[key])))
    out = []
    memo: dict = {}  # the hand's card tables, shared by its searches
    for key, item, said in items:
        trial = dict(clues)
        trial[key] = [c for c in clues[key] if c != item] if item is not None else None
        problems, cons = clue_constraints(trial, hand, numbers, "puzzle")
        if problems or cons is None:
            continue
        others = [w.upper() for w in aindex.decode(solve(aindex, cons, memo=memo)) if w != word]
        if not others:  # a clue the others already cover (untrimmed puzzles of other languages)
            continue
        out.append((said, others[:limit] + ([_("{n} more").format(n=len(others) - limit)] if len(others) > limit else [])))
    return out
