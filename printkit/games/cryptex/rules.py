"""Cryptex rules as pure functions on plain data: the deck's shape, the player
sheet's shape, and the scoring of a finished game (GAMES.md section 1)."""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, Sequence

from printkit.rules import Violation, expect, field, language_violations
from printkit.i18n import N_  # printed text, translated where drawn

JOKER = "?"
SYMBOLS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") | {JOKER}
PUZZLE_PREFIX = "CX"
DECK_SIZE = 20
SYMBOLS_PER_CARD = 5
ROUNDS = 40
JOKER_LIMIT = 4


# -- languages ------------------------------------------------------------------------

def model_lang(model) -> str:
    """The language of a model: its params' "lang", or the language part of its
    challenge ID (a one-challenge model keeps only its ID: CX-DE-...), English
    when neither says. Not checked here: see check_lang."""
    params = model.get("params") if isinstance(model, dict) else None
    params = params if isinstance(params, dict) else {}
    lang = params.get("lang")
    if lang is not None:
        return lang if isinstance(lang, str) else repr(lang)
    ident = params.get("id") or (model.get("id") if isinstance(model, dict) else None)
    if isinstance(ident, str):
        parts = ident.strip().upper().split("-")
        if len(parts) == 3 and parts[0] == PUZZLE_PREFIX:
            return parts[1].lower()
    return "en"


def check_lang(model) -> tuple[str | None, list[Violation]]:
    """(the model's language code, []) or (None, [a violation]) when it is none printkit prints."""
    lang = model_lang(model)
    bad = language_violations(lang, "CRX-LANG")
    return (None, bad) if bad else (lang, [])


def symbols_of(lang: str) -> set[str]:
    """The symbols a card of `lang`'s deck may show: its game letters in capitals and the joker."""
    from printkit.lang import language

    return {ch.upper() for ch in language(lang).letters} | {JOKER}


def vowels_of(lang: str) -> set[str]:
    """The vowels the tie-break counts: A E I O U, and Ä Ö Ü in German (lang.Language.vowels)."""
    from printkit.lang import language

    return VOWELS | set(language(lang).vowels.upper())


# -- the deck ------------------------------------------------------------------------

def check_deck(model: dict) -> Iterable[Violation]:
    cards, bad = field(model, "cards", list, "CRX-DECK", "deck")
    if bad:
        return bad
    lang, bad = check_lang(model)
    if bad:
        return bad
    from printkit.lang import language

    symbols = symbols_of(lang)
    letters_text = language(lang).shown
    out = expect(len(cards) == DECK_SIZE, "CRX-DECK-SIZE", "deck", f"has {len(cards)} cards; a Cryptex deck has {DECK_SIZE}")
    seen: dict[int, int] = {}
    for pos, card in enumerate(cards, 1):
        place = f"card {pos}"
        number, bad = field(card, "number", int, "CRX-CARD", place)
        out += bad
        if number is not None:
            place = f"card {number}"
            out += expect(1 <= number <= DECK_SIZE, "CRX-CARD-NUMBER", place, f"number {number} is outside 1-{DECK_SIZE}")
            if number in seen:
                out.append(Violation("CRX-CARD-DUPLICATE", place, f"number {number} is also on the card at position {seen[number]}"))
            seen.setdefault(number, pos)
        card_symbols, bad = field(card, "symbols", list, "CRX-CARD", place)
        out += bad
        if card_symbols is None:
            continue
        out += expect(len(card_symbols) == SYMBOLS_PER_CARD, "CRX-CARD-SYMBOLS", place, f"has {len(card_symbols)} symbols; a card has {SYMBOLS_PER_CARD}")
        for k, sym in enumerate(card_symbols, 1):
            if not (isinstance(sym, str) and sym in symbols):
                out.append(Violation("CRX-CARD-SYMBOL", f"{place} symbol {k}", f"{sym!r} is not a letter {letters_text} or the joker '?'"))
        letters = [s for s in card_symbols if isinstance(s, str) and s in symbols]
        repeats = sorted({s for s in letters if letters.count(s) > 1})
        out += expect(not repeats, "CRX-CARD-REPEAT", place, f"shows {', '.join(repeats)} more than once")
    return out


# -- the player sheet -----------------------------------------------------------------

def check_sheet(model: dict) -> Iterable[Violation]:
    lengths, bad = field(model, "lengths", list, "CRX-SHEET", "sheet")
    if bad:
        return bad
    out: list[Violation] = []
    for k, n in enumerate(lengths, 1):
        ok = isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= 12
        out += expect(ok, "CRX-SHEET-LENGTH", f"cryptex {k}", f"length {n!r} must be a whole number from 2 to 12")
    if not out:
        total = sum(lengths)
        out += expect(total > ROUNDS, "CRX-SHEET-BOXES", "sheet", f"has {total} boxes; it needs more than the {ROUNDS} letters a player writes, or there is no choice")
        out += expect(len(lengths) <= 14, "CRX-SHEET-ROWS", "sheet", f"has {len(lengths)} cryptexes; at most 14 fit a page")
    jokers, bad = field(model, "jokers", int, "CRX-SHEET", "sheet")
    out += bad
    if jokers is not None:
        out += expect(jokers == JOKER_LIMIT, "CRX-SHEET-JOKERS", "sheet", f"has {jokers} joker boxes; the rules allow {JOKER_LIMIT}")
    return out


# -- scoring ----------------------------------------------------------------------

def half_game_penalty(cryptexes: Sequence[str], lengths: Sequence[int]) -> int:
    """After round 20: each started, unfinished cryptex loses 1 point per empty box."""
    return -sum(n - len(w) for w, n in zip(cryptexes, lengths) if 0 < len(w) < n)


class Line(NamedTuple):
    cryptex: int  # 1-based row on the sheet
    letters: str
    points: int
    why: str


def final_score(cryptexes: Sequence[str], lengths: Sequence[int], jokers_used: int, others: Iterable[Iterable[str]], is_word: Callable[[str], bool]) -> tuple[int, list[Line]]:
    """Final scoring for one player.

    `cryptexes[i]` is what the player wrote in the cryptex of length `lengths[i]`;
    `others` holds the completed words of every other player.
    """
    made_by_others = {w.lower() for words in others for w in words}
    lines: list[Line] = []
    for k, (w, n) in enumerate(zip(cryptexes, lengths), 1):
        if not w:
            lines.append(Line(k, w, 0, "untouched"))
        elif len(w) < n:
            lines.append(Line(k, w, -3 * (n - len(w)), f"unfinished: -3 x {n - len(w)} empty"))
        elif not is_word(w):
            lines.append(Line(k, w, -2 * n, f"not a word: -2 x {n}"))
        elif w.lower() in made_by_others:
            lines.append(Line(k, w, n, f"word another player made: +1 x {n}"))
        else:
            lines.append(Line(k, w, 2 * n, f"word nobody else made: +2 x {n}"))
    unused = max(0, JOKER_LIMIT - jokers_used)
    lines.append(Line(0, "", 4 * unused, f"unused jokers: +4 x {unused}"))
    return sum(ln.points for ln in lines), lines


def completed_words(cryptexes: Sequence[str], lengths: Sequence[int]) -> list[str]:
    return [w for w, n in zip(cryptexes, lengths) if w and len(w) == n]


def score_table(players: Sequence[dict], lengths: Sequence[int], is_word: Callable[[str], bool]) -> list[int]:
    """Totals for a whole table: each player {"cryptexes": [...], "jokers_used": n,
    "half_penalty": n}. A shared word is judged against every other player."""
    totals = []
    for i, p in enumerate(players):
        others = [completed_words(q["cryptexes"], lengths) for j, q in enumerate(players) if j != i]
        total, _ = final_score(p["cryptexes"], lengths, p.get("jokers_used", 0), others, is_word)
        totals.append(total + p.get("half_penalty", 0))
    return totals


VOWELS = set("AEIOU")


def tiebreak_key(cryptexes: Sequence[str], lengths: Sequence[int], jokers_used: int, lang: str = "en") -> tuple:
    """Sort key, larger wins: the longest completed cryptex, then the next...,
    then fewer jokers, then fewer vowels (vowels_of the language)."""
    done = sorted((len(w) for w in completed_words(cryptexes, lengths)), reverse=True)
    counted = vowels_of(lang)
    vowels = sum(ch.upper() in counted for w in cryptexes for ch in w)
    return (tuple(done), -jokers_used, -vowels)


SOLO_RATINGS = [
    (None, -1, N_("You have been so ambitious...")),
    (0, 20, N_("Not so great")),
    (21, 40, N_("Teenager Dictionary")),
    (41, 60, N_("Scrabble Fan")),
    (61, 75, N_("Sudoku Lover")),
    (76, 90, N_("Hieroglyph Decipher")),
    (91, None, N_("Cryptex Master")),
]


def solo_rating(score: int) -> str:
    for lo, hi, name in SOLO_RATINGS:
        if (lo is None or score >= lo) and (hi is None or score <= hi):
            return name
    raise AssertionError("ratings cover every score")


# -- solo challenges --------------------------------------------------------------

def check_puzzle(model: dict) -> Iterable[Violation]:
    """The card order is the deck played twice; the answer key is a legal game
    whose score is the printed par."""
    from printkit import words

    lengths, bad = field(model, "lengths", list, "CRX-PUZZLE", "challenge")
    if bad:
        return bad
    lang, bad = check_lang(model)
    if bad:
        return bad
    is_word = lambda w: words.is_word(w, lang)  # noqa: E731
    cards, bad = field(model, "cards", dict, "CRX-PUZZLE", "challenge")
    if bad:
        return bad
    puzzles, bad = field(model, "puzzles", list, "CRX-PUZZLE", "challenge")
    if bad:
        return bad
    out: list[Violation] = []
    for p in puzzles:
        place = f"challenge {p.get('id', '?') if isinstance(p, dict) else '?'}"
        order, bad = field(p, "order", list, "CRX-PUZZLE", place)
        out += bad
        if order is None:
            continue
        halves = [sorted(order[:DECK_SIZE]), sorted(order[DECK_SIZE:])]
        want = list(range(1, DECK_SIZE + 1))
        if len(order) != ROUNDS or any(h != want for h in halves):
            out.append(Violation("CRX-PUZZLE-ORDER", place, f"the {ROUNDS} rounds must play cards 1-{DECK_SIZE} once, reshuffle, and once again"))
            continue
        moves, bad = field(p, "moves", list, "CRX-PUZZLE", place)
        out += bad
        if moves is None:
            continue
        rows = ["" for _ in lengths]
        jokers = 0
        half = 0
        for k, move in enumerate(moves, 1):
            try:
                rnd, sym, letter, row = move
                symbols = cards[str(order[rnd - 1])]
            except (TypeError, ValueError, KeyError, IndexError):
                out.append(Violation("CRX-PUZZLE-MOVE", f"{place} move {k}", "is not [round, symbol, letter, cryptex]"))
                break
            if rnd != k or sym not in symbols or (sym != JOKER and letter != sym) or not (1 <= row <= len(lengths)) or len(rows[row - 1]) >= lengths[row - 1]:
                out.append(Violation("CRX-PUZZLE-MOVE", f"{place} round {rnd}", f"writing {letter} from {sym} into cryptex {row} is not a legal move"))
                break
            jokers += sym == JOKER
            rows[row - 1] += letter
            if k == ROUNDS // 2:
                half = half_game_penalty(rows, lengths)
        else:
            out += expect(len(moves) == ROUNDS, "CRX-PUZZLE-MOVE", place, f"has {len(moves)} moves; a game has {ROUNDS}")
            out += expect(jokers <= JOKER_LIMIT, "CRX-PUZZLE-JOKERS", place, f"uses {jokers} jokers; at most {JOKER_LIMIT}")
            out += expect(rows == p.get("cryptexes"), "CRX-PUZZLE-KEY", place, "the answer key's cryptexes do not follow from its moves")
            total = final_score(rows, lengths, jokers, [], is_word)[0] + half
            out += expect(total == p.get("par"), "CRX-PUZZLE-PAR", place, f"the moves score {total}, not the par {p.get('par')}")
    return out
