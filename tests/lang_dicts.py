"""Independent dictionaries for checking puzzles in German, French, Spanish and Dutch.

printkit's lists (printkit/data/words-*-LANG.txt) come from Morphy / LanguageTool
(German), hunspell-fr (French), hunspell-es (Spanish) and OpenTaal's wdutch
(Dutch); see printkit/data/WORDLISTS-LICENSE.txt. A puzzle that is unique under
printkit's acceptance list is re-solved under another dictionary of the
language, made by other people from other sources, to see whether a reader with
that dictionary could find a second answer:

- de: wngerman (/usr/share/dict/ngerman: igerman98, Björn Jacke's list; not Morphy)
- fr: wfrench (/usr/share/dict/french: Paul Leyland's and Christophe Le Bars's list; not Dicollecte)
- es: wspanish (/usr/share/dict/spanish: the public-domain Debian list; not LibreOffice's RLA-ES)
- nl: no Debian Dutch dictionary is independent of OpenTaal (hunspell-nl is the same
  project), so wordfreq's Dutch vocabulary (words seen in web, subtitle and news
  corpora, Zipf >= 1.0) stands in: a corpus, not a dictionary, so it also holds
  names and foreign words and is a harsh test.

Each word is folded as printkit folds the language (printkit.lang.fold) and kept
when it is made of the language's game letters; French and Spanish entries with a
capital (names) are left out (German writes every noun with one, so its names stay). Absent sources: None (tests skip).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printkit.lang import fold, is_game_word

DICT_FILES = {"de": "/usr/share/dict/ngerman", "fr": "/usr/share/dict/french", "es": "/usr/share/dict/spanish"}
SOURCES = {
    "de": "wngerman (igerman98)",
    "fr": "wfrench",
    "es": "wspanish",
    "nl": "wordfreq's Dutch vocabulary (Zipf >= 1.0)",
}


@lru_cache(maxsize=None)
def independent_words(lang: str) -> frozenset[str] | None:
    """The language's independent dictionary, folded; None when not installed."""
    if lang == "nl":
        try:
            import wordfreq
        except ImportError:
            return None
        raw = (w for w, f in wordfreq.get_frequency_dict("nl", wordlist="large").items() if f >= 1e-8)
    else:
        path = Path(DICT_FILES[lang])
        if not path.exists():
            return None
        raw = path.read_text(encoding="utf-8", errors="replace").split()
        if lang != "de":  # a capital starts a name (Laura, Lucas): word games leave names out
            raw = [w for w in raw if not w[:1].isupper()]
    out = set()
    for w in raw:
        f = fold(w, lang)
        if is_game_word(f, lang):
            out.add(f)
    return frozenset(out)
