"""Cryptic Words rules as pure functions on plain data (GAMES.md section 2).

Every check reads the JSON form of a component and returns violations with a
stable code (prefix CW-), a place (card 7, puzzle 2 code 3, round 4) and a
sentence. They never crash on hand-edited data: wrong types are reported.
"""

from __future__ import annotations

import re
from typing import Iterable

from printkit.games.cryptic_words.deckgen import DECK_SIZE, ENTRIES_PER_CARD, LANGUAGE_SETUP, RULEBOOK_CODES
from printkit.lang import language, shown_letters, tagged
from printkit.rules import Violation, expect, field, language_violations
from printkit.i18n import N_  # marks the doubles' text for the catalogues (translated where printed)
from printkit.games.cryptic_words.default_deck import default_entries

FACES = tuple(range(1, 7))
MIN_WORD, MAX_WORD = 3, 8
HAND_SIZES = (4, 5, 6)
ROUNDS = 5
VARIANTS = {"45666": (4, 5, 6, 6, 6), "45566": (4, 5, 5, 6, 6)}
LENGTH_CHOICES = tuple(range(MIN_WORD, MAX_WORD + 1))
#: The rulebook's 20 trackers run out: one side easily crosses out more than ten
#: entries in a round, so we print 24 per player (our choice, docs/games/cryptic-words.md).
TOKEN_COUNTS = {"padlock": 10, "tracker": 48, "first": 2, "last": 2}
RULEBOOK_TRACKERS = 20
DICE = 2
DOUBLES = {
    1: (N_("Mark the starting card"), N_("Both players call out the card number of their first code. Move that card to the far left and put a FIRST marker on it.")),
    2: (N_("Mark the ending card"), N_("Both players call out the card number of their last code. Move that card to the far right and put a LAST marker on it.")),
    3: (N_("Reveal the first letter"), N_("Both players call out their first code. Rotate that card where it lies (do not turn it over), padlock the entry and move the card to the far left.")),
    4: (N_("Reveal the last letter"), N_("Both players call out their last code. Rotate that card where it lies (do not turn it over), padlock the entry and move the card to the far right.")),
    5: (N_("Reveal the word length"), N_("Both players say how many letters their word has. Circle it on the form.")),
    6: (N_("Order the cards"), N_("Both players call out their word's card numbers in order, slipping unused card numbers in anywhere. Rearrange the cards to match.")),
}
FORM_PREFIX = "CWF"


def form_id(variant: str, lang: str = "en") -> str:
    """The form's own ID: what its QR code holds, and what `printkit form
    cryptic-words --id` reprints. A form in another language than English
    carries its code: CWF-45666-DE."""
    return "-".join(part for part in (FORM_PREFIX, variant, language(lang).tag) if part)


def read_form_id(text: str) -> tuple[str, str] | None:
    """(variant, language) of a form ID, or None if it is not one."""
    m = re.fullmatch(rf"\s*{FORM_PREFIX}-(\d{{5}})(?:-([A-Z]{{2}}))?\s*", text.upper())
    if not m or m.group(1) not in VARIANTS:
        return None
    lang = tagged(m.group(2) or "")
    return (m.group(1), lang) if lang else None


def model_lang(model) -> str:
    """The language of a model: its params' "lang" (English when absent), or
    the language part of a one-puzzle model's ID."""
    params = model.get("params") if isinstance(model, dict) else None
    params = params if isinstance(params, dict) else {}
    lang = params.get("lang")
    if lang is not None:
        return lang if isinstance(lang, str) else repr(lang)
    ident = params.get("id")
    if isinstance(ident, str):
        parts = ident.strip().upper().split("-")
        if len(parts) == 3 and parts[0] == "CW" and len(parts[1]) == 3:
            return parts[1][1:].lower()
    return "en"


def check_lang(model) -> tuple[str | None, list[Violation]]:
    """(the model's language code, []) or (None, [a violation]) when it is none printkit prints."""
    lang = model_lang(model)
    bad = language_violations(lang, "CW-LANG")
    return (None, bad) if bad else (lang, [])


def letters_of(lang: str) -> str:
    """The capital letters a card entry or a word may use in `lang`."""
    return "".join(ch.upper() for ch in language(lang).letters)


URL = re.compile(r"https?://[A-Za-z0-9.-]+(:\d+)?(/[!-~]*)?")
MAX_URL = 120
_CODE = re.compile(r"\s*(\d{1,3})\s*-\s*([^\W\d_]{1,2})\s*")  # letters of any language: 7-Ä, 12-Ñ
#: the codes a language's deck must carry, and how a message names them: the
#: rulebook's (with the faces its dice example shows); another language's are
#: its rules page's example (deckgen.LANGUAGE_SETUP)
PINNED = {"en": (RULEBOOK_CODES, "the rulebook's code")}


def parse_code(code) -> tuple[int, str] | None:
    """'16-S' -> (16, 'S'); None if it is not a card-entry code."""
    if not isinstance(code, str):
        return None
    m = _CODE.fullmatch(code)
    return (int(m.group(1)), m.group(2).upper()) if m else None


def code_text(number: int, entry: str) -> str:
    return f"{number}-{entry}"


# -- the deck ------------------------------------------------------------------------

def check_card(card, place: str, lang: str = "en") -> tuple[list[Violation], dict[str, int] | None]:
    """One card's shape; returns (violations, {entry: face} when readable)."""
    out: list[Violation] = []
    entry_re = re.compile(f"[{letters_of(lang)}]{{1,2}}")
    entries, bad = field(card, "entries", list, "CW-CARD", place)
    if bad:
        return bad, None
    out += expect(len(entries) == ENTRIES_PER_CARD, "CW-CARD-ENTRIES", place, f"has {len(entries)} entries; a card has {ENTRIES_PER_CARD}")
    faces: list[int] = []
    found: dict[str, int] = {}
    texts: list[str] = []
    for k, item in enumerate(entries, 1):
        where = f"{place} entry {k}"
        text, bad = field(item, "entry", str, "CW-CARD", where)
        out += bad
        face, bad2 = field(item, "face", int, "CW-CARD", where)
        out += bad2
        if text is not None:
            if not entry_re.fullmatch(text):
                out.append(Violation("CW-ENTRY", where, f"{text!r} is not 1-2 capital letters {shown_letters(letters_of(lang))}"))
            else:
                texts.append(text)
                if face is not None:
                    found.setdefault(text, face)
        if face is not None:
            faces.append(face)
    repeats = sorted({t for t in texts if texts.count(t) > 1})
    out += expect(not repeats, "CW-CARD-REPEAT", place, f"shows {', '.join(repeats)} more than once; the 6 entries must differ")
    if len(faces) == len(entries):
        wrong = sorted(set(faces) - set(FACES))
        twice = sorted({f for f in faces if faces.count(f) > 1})
        missing = sorted(set(FACES) - set(faces))
        if wrong or twice or missing:
            bits = []
            if wrong:
                bits.append(f"face {', '.join(map(str, wrong))} is not a die face")
            if twice:
                bits.append(f"face {', '.join(map(str, twice))} is used twice")
            if missing:
                bits.append(f"face {', '.join(map(str, missing))} is missing")
            out.append(Violation("CW-CARD-FACES", place, "; ".join(bits) + " (faces 1-6 each once)"))
    return out, found


def check_deck(model: dict) -> Iterable[Violation]:
    cards, bad = field(model, "cards", list, "CW-DECK", "deck")
    if bad:
        return bad
    lang, bad = check_lang(model)
    if bad:
        return bad
    out = expect(len(cards) == DECK_SIZE, "CW-DECK-SIZE", "deck", f"has {len(cards)} cards; the deck has {DECK_SIZE}, numbered 1-{DECK_SIZE}")
    seen: dict[int, int] = {}
    by_number: dict[int, dict[str, int]] = {}
    for pos, card in enumerate(cards, 1):
        place = f"card {pos}"
        number, bad = field(card, "number", int, "CW-CARD", place)
        out += bad
        if number is not None:
            place = f"card {number}"
            if not 1 <= number <= DECK_SIZE:
                out.append(Violation("CW-CARD-NUMBER", place, f"number {number} is outside 1-{DECK_SIZE}"))
            elif number in seen:
                out.append(Violation("CW-CARD-DUPLICATE", place, f"number {number} is also on the card at position {seen[number]}"))
            seen.setdefault(number, pos)
        found, entries = check_card(card, place, lang)
        out += found
        if number is not None and entries is not None:
            by_number.setdefault(number, entries)
    out += check_rulebook_codes(by_number, lang)
    return out


def check_rulebook_codes(by_number: dict[int, dict[str, int]], lang: str = "en") -> list[Violation]:
    """Every code the rulebook's examples use must be on the deck (and B on face 3
    of card 23, F on face 3 of card 18, as in its dice example). Another
    language's deck carries its rules page's example instead (deckgen.LANGUAGE_SETUP)."""
    out = []
    pinned, whose = PINNED.get(lang) or (tuple((n, e, None) for n, e in LANGUAGE_SETUP[lang]["example"][1]), "the rules page's example code")
    for number, entry, face in pinned:
        code = code_text(number, entry)
        entries = by_number.get(number)
        if entries is None:
            continue  # a missing card is reported as such
        if entry not in entries:
            out.append(Violation("CW-DECK-RULEBOOK", f"card {number}", f"lacks {entry}: {whose} {code} must be on the deck"))
        elif face is not None and entries[entry] != face:
            out.append(Violation("CW-DECK-RULEBOOK", f"card {number}", f"shows {entry} on face {entries[entry]}; the rulebook's dice example has {code} on face {face}"))
    return out


# -- secret words -------------------------------------------------------------------

def check_secret(word, codes, hand: dict[int, dict[str, int]], place: str, lang: str = "en") -> list[Violation]:
    """A secret word: 3-8 letters, written as card-entry codes in order, one entry
    from each card it names, every card from the dealt hand (number -> entries)."""
    out: list[Violation] = []
    letters = letters_of(lang)
    if not (isinstance(word, str) and word and all(ch in letters or ch in letters.lower() for ch in word)):
        return [Violation("CW-WORD", place, f"word {word!r} is not letters {shown_letters(letters)}")]
    out += expect(MIN_WORD <= len(word) <= MAX_WORD, "CW-WORD-LENGTH", place, f"{word.upper()} has {len(word)} letters; a secret word has {MIN_WORD}-{MAX_WORD}")
    if not isinstance(codes, list) or not codes:
        return out + [Violation("CW-WORD", place, "needs its codes as a list like ['16-S', '2-E', '4-ND']")]
    used: dict[int, int] = {}
    spelled = []
    for k, code in enumerate(codes, 1):
        where = f"{place} code {k}"
        parsed = parse_code(code)
        if parsed is None:
            out.append(Violation("CW-WORD-CODE", where, f"{code!r} is not a card-entry code like 16-S"))
            continue
        number, entry = parsed
        spelled.append(entry)
        if number not in hand:
            out.append(Violation("CW-WORD-HAND", where, f"card {number} is not in the dealt hand ({', '.join(map(str, sorted(hand)))})"))
        elif entry not in hand[number]:
            out.append(Violation("CW-WORD-ENTRY", where, f"card {number} has no {entry} (it shows {', '.join(sorted(hand[number], key=hand[number].get))})"))
        if number in used:
            out.append(Violation("CW-WORD-CARD-TWICE", where, f"card {number} is already used by code {used[number]}; one entry per card"))
        used.setdefault(number, k)
    if len(spelled) == len(codes) and "".join(spelled) != word.upper():
        out.append(Violation("CW-WORD-SPELL", place, f"codes {' '.join(map(str, codes))} spell {''.join(spelled)}, not {word.upper()}"))
    return out


# -- puzzles ---------------------------------------------------------------------------

CLUE_KEYS = ("matches", "crossed", "first_card", "last_card", "first_code", "last_code", "length", "order")


def read_hand(puzzle, place: str, lang: str = "en") -> tuple[list[Violation], dict[int, dict[str, int]]]:
    hand_cards, bad = field(puzzle, "hand", list, "CW-PUZZLE", place)
    if bad:
        return bad, {}
    out = expect(len(hand_cards) in HAND_SIZES, "CW-PUZZLE-HAND", place, f"deals {len(hand_cards)} cards; a puzzle hand has 4-6")
    hand: dict[int, dict[str, int]] = {}
    for pos, card in enumerate(hand_cards, 1):
        where = f"{place} card {pos}"
        number, bad = field(card, "number", int, "CW-CARD", where)
        out += bad
        if number is not None:
            where = f"{place} card {number}"
            if number in hand:
                out.append(Violation("CW-PUZZLE-HAND", where, f"card {number} is dealt twice"))
        found, entries = check_card(card, where, lang)
        out += found
        if number is not None and entries is not None and not found:
            hand.setdefault(number, entries)
    return out, hand


def check_deck_match(hand: dict[int, dict[str, int]], deck: dict[int, dict[str, int]], place: str, lang: str = "en") -> list[Violation]:
    """Puzzle hands come from the default deck: each card must be that card."""
    out = []
    which = f"the default {language(lang).name} deck"
    for number, entries in sorted(hand.items()):
        if deck.get(number) != entries:
            out.append(Violation("CW-PUZZLE-CARD", f"{place} card {number}", f"differs from card {number} of {which}, the deck puzzles are played with"))
    return out


def clue_constraints(clues, hand: dict[int, dict[str, int]], order: list[int], place: str):
    """Turn a puzzle's clues into solver constraints (spell.Constraints over the
    hand in `order`), or report why they cannot be read."""
    from printkit.games.cryptic_words.spell import Constraints

    out: list[Violation] = []
    if not isinstance(clues, dict):
        return [Violation("CW-PUZZLE-CLUE", place, "clues must be an object")], None
    unknown = sorted(set(clues) - set(CLUE_KEYS))
    if unknown:
        out.append(Violation("CW-PUZZLE-CLUE", place, f"unknown clue {', '.join(unknown)} (known: {', '.join(CLUE_KEYS)})"))
    pos = {n: i for i, n in enumerate(order)}
    allowed = {n: set(hand[n]) for n in order}
    locked: dict[int, str] = {}

    def code_of(value, what: str):
        parsed = parse_code(value)
        if parsed is None:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} {what}", f"{value!r} is not a card-entry code like 16-S"))
            return None
        number, entry = parsed
        if number not in hand or entry not in hand[number]:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} {what}", f"{code_text(number, entry)} is not on a dealt card"))
            return None
        return parsed

    def lock(number: int, entry: str, what: str) -> None:
        if locked.get(number, entry) != entry:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} {what}", f"card {number} would give both {locked[number]} and {entry}; a word takes one entry per card"))
        locked[number] = entry

    def card_of(value, what: str):
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value not in hand:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} {what}", f"{value!r} is not a dealt card number"))
            return None
        return value

    for kind in ("matches", "crossed"):
        items = clues.get(kind, [])
        if not isinstance(items, list):
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} {kind}", "must be a list of codes"))
            continue
        for k, value in enumerate(items, 1):
            parsed = code_of(value, f"{kind} {k}")
            if parsed is None:
                continue
            number, entry = parsed
            if kind == "matches":
                lock(number, entry, f"{kind} {k}")
            else:
                allowed[number].discard(entry)
    first = card_of(clues.get("first_card"), "first_card")
    last = card_of(clues.get("last_card"), "last_card")
    for key in ("first_code", "last_code"):
        value = clues.get(key)
        if value is None:
            continue
        parsed = code_of(value, key)
        if parsed is None:
            continue
        number, entry = parsed
        lock(number, entry, key)
        if key == "first_code":
            if first is not None and first != number:
                out.append(Violation("CW-PUZZLE-CLUE", f"{place} first_code", f"is on card {number} but the first card is {first}"))
            first = number
        else:
            if last is not None and last != number:
                out.append(Violation("CW-PUZZLE-CLUE", f"{place} last_code", f"is on card {number} but the last card is {last}"))
            last = number
    length = clues.get("length")
    if length is not None and (not isinstance(length, int) or isinstance(length, bool) or not MIN_WORD <= length <= MAX_WORD):
        out.append(Violation("CW-PUZZLE-CLUE", f"{place} length", f"{length!r} is not a word length {MIN_WORD}-{MAX_WORD}"))
        length = None
    rank = None
    called = clues.get("order")
    if called is not None:
        if not isinstance(called, list) or sorted(x for x in called if isinstance(x, int)) != sorted(hand) or len(called) != len(hand):
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} order", f"must name every dealt card once ({', '.join(map(str, sorted(hand)))})"))
        else:
            at = {n: k for k, n in enumerate(called)}
            rank = tuple(at[n] for n in order)
    for number, entry in locked.items():
        if entry not in allowed[number]:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} card {number}", f"{code_text(number, entry)} is both matched and crossed out"))
        allowed[number] = {entry}
    if out:
        return out, None
    must = 0
    for number in set(locked) | {x for x in (first, last) if x is not None}:
        must |= 1 << pos[number]
    cons = Constraints(
        allowed=tuple(tuple(sorted(allowed[n])) for n in order),
        must=must,
        first=None if first is None else pos[first],
        last=None if last is None else pos[last],
        length=length,
        rank=rank,
    )
    return [], cons


def check_clues_agree(clues: dict, word: str, codes: list, place: str) -> list[Violation]:
    """The clues must be true of the hidden word."""
    out = []
    parsed = [parse_code(c) for c in codes]
    if any(p is None for p in parsed):
        return out
    used = set(parsed)
    for k, value in enumerate(clues.get("matches", []), 1):
        p = parse_code(value)
        if p is not None and p not in used:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} matches {k}", f"{value} is a match, but the word's codes do not use it"))
    for k, value in enumerate(clues.get("crossed", []), 1):
        p = parse_code(value)
        if p is not None and p in used:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} crossed {k}", f"{value} is crossed out, but the word uses it"))
    checks = [
        ("first_card", clues.get("first_card"), parsed[0][0]),
        ("last_card", clues.get("last_card"), parsed[-1][0]),
        ("first_code", parse_code(clues.get("first_code")) if clues.get("first_code") is not None else None, parsed[0]),
        ("last_code", parse_code(clues.get("last_code")) if clues.get("last_code") is not None else None, parsed[-1]),
        ("length", clues.get("length"), len(word)),
    ]
    for key, said, truth in checks:
        if said is not None and said != truth:
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} {key}", f"says {_show(said)}, but the word gives {_show(truth)}"))
    called = clues.get("order")
    if isinstance(called, list):
        at = {n: k for k, n in enumerate(called)}
        ranks = [at.get(n, -1) for n, _ in parsed]
        if ranks != sorted(ranks):
            out.append(Violation("CW-PUZZLE-CLUE", f"{place} order", f"calls the cards {' '.join(map(str, called))}, but the word's cards {' '.join(str(n) for n, _ in parsed)} do not come in that order"))
    return out


def _show(value) -> str:
    if isinstance(value, tuple):
        return code_text(*value)
    return str(value)


def check_puzzle_sheet(model: dict) -> Iterable[Violation]:
    from printkit.games.cryptic_words.spell import accept_index, solve
    from printkit.words import is_word

    puzzles, bad = field(model, "puzzles", list, "CW-PUZZLE", "sheet")
    if bad:
        return bad
    lang, bad = check_lang(model)
    if bad:
        return bad
    out = expect(len(puzzles) >= 1, "CW-PUZZLE", "sheet", "holds no puzzle")
    deck = default_entries(lang)
    for k, puzzle in enumerate(puzzles, 1):
        place = f"puzzle {k}"
        found, hand = read_hand(puzzle, place, lang)
        out += found
        if found:
            continue
        out += check_deck_match(hand, deck, place, lang)
        solution, bad = field(puzzle, "solution", dict, "CW-PUZZLE", place)
        out += bad
        if bad:
            continue
        word, codes = solution.get("word"), solution.get("codes")
        found = check_secret(word, codes, hand, f"{place} solution", lang)
        out += found
        if found:
            continue
        out += expect(is_word(word, lang), "CW-PUZZLE-WORD", f"{place} solution", f"{word.upper()} is not in the acceptance list")
        order = [c["number"] for c in puzzle["hand"]]
        clues = puzzle.get("clues")
        found, cons = clue_constraints(clues, hand, order, place)
        out += found
        if cons is None:
            continue
        found = check_clues_agree(clues, word, codes, place)
        out += found
        if found:
            continue
        index = accept_index(lang)
        fitting = index.decode(solve(index, cons))
        if fitting != [word.lower()]:
            if not fitting:
                msg = "no word of the acceptance list fits the clues"
            else:
                shown = ", ".join(w.upper() for w in fitting[:6]) + (" ..." if len(fitting) > 6 else "")
                msg = f"{len(fitting)} words fit the clues ({shown}); a puzzle needs exactly one"
            out.append(Violation("CW-PUZZLE-UNIQUE", place, msg))
    return out


# -- the tracking form ----------------------------------------------------------------

def check_form(model: dict) -> Iterable[Violation]:
    rounds, bad = field(model, "rounds", list, "CW-FORM", "form")
    if bad:
        return bad
    out = expect(len(rounds) == ROUNDS, "CW-FORM-ROUNDS", "form", f"has {len(rounds)} rounds; a game has {ROUNDS}")
    for k, n in enumerate(rounds, 1):
        ok = isinstance(n, int) and not isinstance(n, bool) and n in HAND_SIZES
        out += expect(ok, "CW-FORM-CARDS", f"round {k}", f"deals {n!r} cards; a round deals 4, 5 or 6")
    if not out and tuple(rounds) not in VARIANTS.values():
        out.append(Violation("CW-FORM-VARIANT", "form", f"deals {'-'.join(map(str, rounds))}; the variants are 4-5-6-6-6 and 4-5-5-6-6"))
    lengths, bad = field(model, "lengths", list, "CW-FORM", "form")
    out += bad
    if lengths is not None:
        out += expect(lengths == list(LENGTH_CHOICES), "CW-FORM-LENGTHS", "form", f"offers word lengths {lengths}; the form circles 3 4 5 6 7 8")
    url = model.get("qr_url")
    if url is not None:
        ok = isinstance(url, str) and len(url) <= MAX_URL and URL.fullmatch(url) is not None
        out += expect(ok, "CW-FORM-QR", "form qr_url", f"{url!r} is not a web address (http:// or https://, no spaces, at most {MAX_URL} characters)")
    return out


# -- tokens and dice ------------------------------------------------------------------

def check_tokens(model: dict) -> Iterable[Violation]:
    counts, bad = field(model, "counts", dict, "CW-TOKENS", "tokens")
    if bad:
        return bad
    out = []
    for name, want in TOKEN_COUNTS.items():
        have = counts.get(name)
        out += expect(have == want, "CW-TOKENS-COUNT", f"tokens {name}", f"has {have!r}; the game has {want}")
    dice, bad = field(model, "dice", list, "CW-TOKENS", "tokens")
    out += bad
    if dice is None:
        return out
    out += expect(len(dice) == DICE, "CW-TOKENS-COUNT", "tokens dice", f"has {len(dice)} dice; the game has {DICE}")
    for k, net in enumerate(dice, 1):
        place = f"die {k}"
        faces, bad = field(net, "faces", list, "CW-DIE", place)
        out += bad
        if faces is None:
            continue
        if sorted(f for f in faces if isinstance(f, int)) != list(FACES) or len(faces) != 6:
            out.append(Violation("CW-DIE-FACES", place, f"shows {faces}; a die shows 1-6 once each"))
            continue
        # the cross net: faces[0..3] run down the column, faces[4], faces[5] flank faces[1]
        pairs = [(faces[0], faces[2]), (faces[1], faces[3]), (faces[4], faces[5])]
        wrong = [f"{a}|{b}" for a, b in pairs if a + b != 7]
        out += expect(not wrong, "CW-DIE-OPPOSITE", place, f"opposite faces {', '.join(wrong)} do not add up to 7 as on a real die")
    return out


# -- the reference card -----------------------------------------------------------------

def check_reference(model: dict) -> Iterable[Violation]:
    doubles, bad = field(model, "doubles", list, "CW-REF", "reference")
    if bad:
        return bad
    out = []
    values = []
    for k, row in enumerate(doubles, 1):
        value, bad = field(row, "roll", int, "CW-REF", f"doubles row {k}")
        out += bad
        action, bad2 = field(row, "action", str, "CW-REF", f"doubles row {k}")
        out += bad2
        if value is not None:
            values.append(value)
        if action is not None and not action.strip():
            out.append(Violation("CW-REF", f"doubles row {k}", "has no action text"))
    out += expect(sorted(values) == list(FACES), "CW-REF-DOUBLES", "reference", f"lists doubles {values}; it must list 1-1 to 6-6 once each")
    turn, bad = field(model, "turn", list, "CW-REF", "reference")
    out += bad
    if turn is not None:
        out += expect(len(turn) >= 3 and all(isinstance(s, str) and s.strip() for s in turn), "CW-REF-TURN", "reference", "the turn in short needs at least 3 non-empty steps")
    return out
