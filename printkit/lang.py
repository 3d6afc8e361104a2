"""The languages printkit's five games are printed in, and how each writes its words.

A language here is what a word game needs of it: a code (`--lang de`), its name,
the letters its games are played with, and `fold`, which writes any word of the
language in those letters (the way the language's Scrabble edition does):

- en: A-Z.
- de: A-Z and Ä Ö Ü as letters of their own (German Scrabble has Ä, Ö and Ü
  tiles); ß is written SS (there is no ß tile); other accents (Café) dropped.
- fr: A-Z; every accent and cedilla dropped (É -> E, Ç -> C), Œ -> OE, Æ -> AE
  (French Scrabble has no accented tiles).
- es: A-Z and Ñ; accents dropped (Á -> A, Ü -> U). CH, LL and RR are two letters
  each, as the Real Academia's alphabet has them since 2010 (a game that deals
  them as one tile says so on its rules page).
- nl: A-Z; the IJ ligature is I + J (as Dutch Scrabble spells it); accents and
  diaereses dropped (één -> een, ruïne -> ruine).

Games may narrow this further (a 5x5 grid has 25 letters); each says how on its
rules page and in docs/games. This module is plain data and pure functions: it
imports nothing of printkit's.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

import unicodedata
from typing import NamedTuple

from printkit.errors import UsageError

DEFAULT = "en"


class Language(NamedTuple):
    code: str
    name: str  # in English
    own_name: str  # as the language writes it
    letters: str  # the game alphabet, lowercase, in the language's order
    keep: str  # accented letters that are letters of their own (not folded)
    spelled: tuple[tuple[str, str], ...] = ()  # written differently before folding
    #: its code is part of what a run in it makes: puzzle IDs (CX-DE-...), data
    #: file names (words-accept-de.txt), seeds and saved parameters. The language
    #: printkit was first written in is not marked, so its IDs, files, seeds and
    #: reprint commands are the ones printed before there were others.
    marked: bool = True
    #: a user's word list in it is folded into the game letters (Straße -> strasse);
    #: unfolded, every entry must be written in them already (café is refused)
    folds: bool = True
    #: the decimal mark of its worked figures (×1,5 in German, ×1.5 in English)
    decimal: str = ","
    #: its nouns keep their capital inside a sentence (German: Schere, Würfel)
    capital_nouns: bool = False
    #: a sentence after a label's colon goes on in lower case (French: « Cartes : imprimez
    #: en recto verso », never « Cartes : Imprimez »; Spanish likewise, by the RAE's
    #: Diccionario panhispánico de dudas: a capital after a colon only for a letter's
    #: salutation, a quotation or a legal formula, none of which a label's note is)
    small_after_colon: bool = False

    @property
    def tag(self) -> str:
        """The language in a puzzle ID or a parameter code: DE, or nothing."""
        return self.code.upper() if self.marked else ""

    @property
    def suffix(self) -> str:
        """The language in a data file's name: -de, or nothing."""
        return f"-{self.code}" if self.marked else ""

    @property
    def salt(self) -> tuple[str, ...]:
        """The language among a seed's parts: ("de",), or none."""
        return (self.code,) if self.marked else ()

    @property
    def shown(self) -> str:
        """The game letters as a message names them, in capitals, runs of three
        or more written from-to: A-Z; A-Z, Ä, Ö, Ü; A-N, Ñ, O-Z."""
        return shown_letters(self.letters.upper())

    @property
    def vowels(self) -> str:
        """Its vowels, lowercase: a e i o u and its letters of their own written
        on one of them (German ä ö ü; not Spanish ñ)."""
        return "aeiou" + "".join(ch for ch in self.keep if unicodedata.normalize("NFD", ch)[0] in "aeiou")

    @property
    def params(self) -> dict:
        """The language as a model's saved parameters (and reprint command) hold it."""
        return {"lang": self.code} if self.marked else {}


LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", "English", "abcdefghijklmnopqrstuvwxyz", "", marked=False, folds=False, decimal="."),
    "de": Language("de", "German", "Deutsch", "abcdefghijklmnopqrstuvwxyzäöü", "äöü", capital_nouns=True),
    "fr": Language("fr", "French", "Français", "abcdefghijklmnopqrstuvwxyz", "", small_after_colon=True),
    "es": Language("es", "Spanish", "Español", "abcdefghijklmnñopqrstuvwxyz", "ñ", small_after_colon=True),
    "nl": Language("nl", "Dutch", "Nederlands", "abcdefghijklmnopqrstuvwxyz", ""),
}
#: letters written as two in every language (loanwords bring them anywhere: Œuvre in German, Straße in English)
SPELLED = (("ß", "ss"), ("œ", "oe"), ("æ", "ae"), ("ĳ", "ij"))
CODES = tuple(LANGUAGES)


def language(code: str | None) -> Language:
    """The Language for a code ('de', 'DE'); None is the default. UsageError for another."""
    key = (code or DEFAULT).strip().lower()
    if key not in LANGUAGES:
        raise UsageError(f"--lang must be one of {', '.join(CODES)}, not '{str(code)[:20]}'")
    return LANGUAGES[key]


def tagged(tag: str) -> str | None:
    """The code of the language a puzzle ID's tag names ("DE" -> "de"; "" the
    unmarked one), or None when no language has that tag (EN: English IDs carry none)."""
    return next((lang.code for lang in LANGUAGES.values() if lang.tag == tag), None)


def fold(word: str, code: str = DEFAULT) -> str:
    """`word` lowercased and written in the language's game letters; characters
    that are no letter at all (hyphens, apostrophes, digits) are kept as they
    are, for the caller to refuse or drop."""
    lang = language(code)
    text = unicodedata.normalize("NFC", word).lower().replace("ẞ", "ß")
    for a, b in SPELLED + lang.spelled:
        text = text.replace(a, b)
    out = []
    for ch in text:
        if ch in lang.keep or "a" <= ch <= "z":
            out.append(ch)
            continue
        base = unicodedata.normalize("NFD", ch)
        kept = "".join(c for c in base if not unicodedata.combining(c))
        # a letter that keeps its accent in this language, written decomposed (a + U+0308)
        composed = unicodedata.normalize("NFC", base)
        out.append(composed if composed in lang.keep else kept)
    return "".join(out)


def written(word: str, code: str = DEFAULT) -> str:
    """A word a user typed, as a game in the language reads it: folded into the
    game letters when the language folds (Straße -> strasse), else as typed."""
    return fold(word, code) if language(code).folds else word


def shown_letters(letters: str) -> str:
    """Letters for a message: runs of three or more that follow each other in
    Unicode written from-to (ABCDE -> A-E), the others one by one, comma-separated."""
    parts, i = [], 0
    while i < len(letters):
        j = i
        while j + 1 < len(letters) and ord(letters[j + 1]) == ord(letters[j]) + 1:
            j += 1
        parts += [f"{letters[i]}-{letters[j]}"] if j - i >= 2 else list(letters[i : j + 1])
        i = j + 1
    return ", ".join(parts)


def is_game_word(word: str, code: str = DEFAULT) -> bool:
    """True when `word` (already folded) is made of the language's game letters only."""
    letters = language(code).letters
    return bool(word) and all(ch in letters for ch in word)


# How each language's words are written on a game's paper, said once for every
# rules page that needs it (the games' `facts`): what fold does, in words.
SPELLING: dict[str, str] = {
    "en": "",
    "de": "Ä, Ö and Ü are letters of their own; ß is written SS.",
    "fr": "Accents and the cedilla are dropped (É is E, Ç is C); Œ is written OE.",
    "es": "Ñ is a letter of its own; accents are dropped (Á is A); CH, LL and RR are two letters each.",
    "nl": "IJ is two letters, I and J; accents and diaereses are dropped (É is E, Ï is I).",
}
