"""The words printkit prints, in the kit's language.

One gettext catalogue per language: printkit/locale/<code>/LC_MESSAGES/printkit.po,
compiled beside it to printkit.mo (both committed; scripts/build_catalogues.py
extracts the English strings with Babel, merges them into every .po and compiles
the .mo files). At run time only the standard library's gettext reads the .mo.

- `text(lang)` is the gettext function of a language: `_ = text("de")`,
  then `_("Rounds")`. English is a catalogue like the others, each message
  translated as itself (made by scripts/build_catalogues.py); a string without
  a translation in any catalogue comes back as it was written.
- `N_(s)` marks a string for the catalogue where it is defined but translated
  later, where it is printed (a model's labels, a table of titles).
- Python strings with values use `str.format` names: `_("{n} letters").format(n=n)`;
  a translator may move `{n}` but keeps its name.

This module imports nothing of printkit's but lang.py (plain data).
"""

from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from pathlib import Path
from typing import Callable

DOMAIN = "printkit"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def N_(message: str) -> str:
    """`message` unchanged: marks it for extraction (translated where it is printed)."""
    return message


@lru_cache(maxsize=None)
def translations(lang: str | None = None) -> _gettext.NullTranslations:
    """The language's catalogue (None: the default language's), read once per
    process (a .mo of ~60-130 KB reads in about a millisecond)."""
    from printkit.lang import language

    code = language(lang).code  # UsageError for a code printkit does not know
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with open(path, "rb") as fh:
        return _gettext.GNUTranslations(fh)


@lru_cache(maxsize=None)
def text(lang: str | None = None) -> Callable[[str], str]:
    """The gettext function of `lang` ('en', 'de', 'fr', 'es', 'nl'; None: the default)."""
    found = translations(lang).gettext

    def gettext(message: str) -> str:
        return found(message) if message else message  # "" would give the catalogue's header

    return gettext


@lru_cache(maxsize=None)
def ntext(lang: str | None = None) -> Callable[[str, str, int], str]:
    """The ngettext function of `lang`: ntext(lang)("{n} card", "{n} cards", n)."""
    return translations(lang).ngettext


def model_lang(model: dict) -> str:
    """The language a model is printed in: its params' "lang" (kept only when it
    is not the default language, lang.DEFAULT)."""
    from printkit.lang import DEFAULT

    return (model.get("params") or {}).get("lang") or DEFAULT


def for_model(model: dict) -> Callable[[str], str]:
    """The gettext function for the language a model is printed in."""
    return text(model_lang(model))


@lru_cache(maxsize=None)
def ptext(lang: str | None = None) -> Callable[[str, str], str]:
    """The pgettext function of `lang`: ptext(lang)("part", "deck"), for a short word
    whose translation depends on where it stands (a part's name in the small print)."""
    return translations(lang).pgettext


def colon(gettext: Callable[[str], str], name: str, value: str) -> str:
    """"name: value" as `gettext`'s language writes it (French: a narrow no-break
    space before the colon), for a label and what it says put together in code."""
    # TRANSLATORS: a label and what it says ("easy: no hint needed", "Yellow: line, +4"); French puts U+202F before the colon
    return gettext("{name}: {value}").format(name=name, value=value)


def after_colon(lang: str | None, sentence: str, names=()) -> str:
    """`sentence` as it goes on after a label's colon in `lang`: French and Spanish
    write its first letter small (« Cartes Cryptex : les emplacements libres... »,
    "Cartas de Cryptex: imprime...", a question too: "...: ¿sin impresora...?"); a
    first word that is a name (one of `names`, a game's title) or an abbreviation
    (QR, PDF) keeps its capitals. Other languages: unchanged."""
    from printkit.lang import language

    if not sentence or not language(lang).small_after_colon:
        return sentence
    first = sentence.split(maxsplit=1)[0].strip(".,;:!?()«»¿¡\u202f")
    if first in names or any(ch.isupper() for ch in first[1:]):
        return sentence
    k = len(sentence) - len(sentence.lstrip("¿¡"))  # Spanish opens a question or an exclamation with its mark
    return sentence[:k] + sentence[k:k + 1].lower() + sentence[k + 1:]


#: the minus sign a printed number takes (U+2212): as wide as a figure and on the
#: plus sign's bar, where the hyphen (U+002D) is short and low; printkit's Noto
#: Sans has it (scripts/subset_fonts.py add_minus)
MINUS = "\u2212"


def number(n: int) -> str:
    """A whole number as printed: -8 with a minus sign, "−8"."""
    return str(n).replace("-", MINUS)


def signed(n: int) -> str:
    """Points as a score table prints them: "+4", "−8", "0"."""
    return f"+{n}" if n > 0 else number(n)


def listed(gettext: Callable[[str], str], items) -> str:
    """`items` one after another with the language's semicolon ("a; b; c"; French
    puts a narrow no-break space before it), for a list put together in code."""
    # TRANSLATORS: two items of a list made in code, one after another (supplies, steps of a worked example); French puts U+202F before the semicolon
    joint = gettext("{first}; {then}")
    out = None
    for item in items:
        out = item if out is None else joint.format(first=out, then=item)
    return out or ""
