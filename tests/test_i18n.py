"""The translation catalogues (printkit/i18n.py, printkit/locale/): complete,
compiled, in step with the source, and printing the language they claim.

The catalogues are built by scripts/build_catalogues.py (Babel); these tests
read the .po files with Babel too (a test dependency) and the .mo files with the
standard library, as printkit does at run time.
"""

from __future__ import annotations

import gettext
import re
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

babel = pytest.importorskip("babel", reason="Babel reads the .po files (pip install Babel; the test extra has it)")

import build_catalogues  # noqa: E402

LANGS = build_catalogues.LANGS
TRANSLATED = tuple(lang for lang in LANGS if lang != build_catalogues.SOURCE)  # English is the source
#: sources whose strings are not translated yet: a message found only there may be empty.
#: Shrinks to nothing as the translations land.
PENDING: tuple[str, ...] = ()
#: a placeholder a translation must keep: {name} (str.format) or %(name)s (Jinja's trans blocks)
FIELD = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)s")


def _catalogue(lang):
    return build_catalogues.read_po(build_catalogues.LOCALE / lang / "LC_MESSAGES" / "printkit.po", lang)


@pytest.fixture(scope="module")
def template():
    return build_catalogues.extract()


def _pending(msg) -> bool:
    return all(any(p.startswith(x) for x in PENDING) for p, _ in msg.locations)


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_has_every_string_and_no_other(template, lang):
    """Every string printkit prints (extracted from the source now) is in the .po,
    and the .po holds nothing the source no longer prints."""
    cat = _catalogue(lang)
    have = {m.id for m in cat if m.id}
    want = {m.id for m in template if m.id}
    assert not want - have, f"{lang}: not in the catalogue (run scripts/build_catalogues.py): {sorted(want - have)[:5]}"
    assert not have - want, f"{lang}: no longer printed: {sorted(have - want)[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_complete(lang):
    """Every message translated (no empty and no fuzzy entry), except those of
    sources still PENDING; each translation keeps the message's placeholders and
    never prints the capital sharp s (not in the shipped Noto Sans)."""
    cat = _catalogue(lang)
    empty, fuzzy, fields = [], [], []
    done = 0
    for m in cat:
        if not m.id:
            continue
        if m.fuzzy:
            fuzzy.append(m.id)
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if not all(strings):
            if not _pending(m):
                empty.append(m.id)
            continue
        done += 1
        for s in strings:
            assert "\u1e9e" not in s, f"{lang}: capital sharp s in {s!r}"
            if sorted(FIELD.findall(s)) != sorted(FIELD.findall(ids[0])):
                fields.append((ids[0], s))
    assert not fuzzy, f"{lang}: fuzzy entries: {fuzzy[:5]}"
    assert not empty, f"{lang}: {len(empty)} untranslated, e.g. {empty[:5]}"
    assert not fields, f"{lang}: placeholders changed: {fields[:3]}"
    assert done >= 100


@pytest.mark.parametrize("lang", LANGS)
def test_mo_compiled_from_po(lang):
    """The committed .mo (what printkit reads) says exactly what its .po says."""
    cat = _catalogue(lang)
    want = {}
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, tuple):
            for k, s in enumerate(m.string):
                if s:
                    want[(m.id[0], k)] = s
        elif m.string:
            want[f"{m.context}\x04{m.id}" if m.context else m.id] = m.string  # gettext's key for a message with a context
    with open(build_catalogues.LOCALE / lang / "LC_MESSAGES" / "printkit.mo", "rb") as fh:
        mo = gettext.GNUTranslations(fh)
    have = {k: v for k, v in mo._catalog.items() if k != ""}
    assert have == want, f"{lang}: printkit.mo is not the compiled printkit.po (run scripts/build_catalogues.py)"


def test_english_is_the_source_text():
    from printkit.i18n import N_, text

    _ = text("en")
    assert _("Contents") == "Contents" and _("") == "" and N_("x") == "x"
    assert text("de")("") == ""  # not the catalogue's header
    assert text("de")("Contents") == "Inhalt"


def test_unknown_language_is_a_usage_error():
    from printkit.errors import UsageError
    from printkit.i18n import text

    with pytest.raises(UsageError):
        text("xx")


def test_loading_a_language_is_cheap():
    """A catalogue is the compiled .mo, read once per process: a second kit in the
    same process asks the cache, not the disk (no timing: the machine's load says
    nothing about the code)."""
    import builtins

    from printkit.i18n import translations

    translations.cache_clear()
    opened = []
    real_open = builtins.open

    def counting_open(file, *a, **kw):
        opened.append(str(file))
        return real_open(file, *a, **kw)

    builtins.open = counting_open
    try:
        for _ in range(3):
            for lang in LANGS:
                translations(lang).gettext("Contents")
    finally:
        builtins.open = real_open
    mos = [f for f in opened if f.endswith(".mo")]
    assert len(mos) == len(LANGS) and len(set(mos)) == len(mos), opened  # English is a catalogue too
    assert not [f for f in opened if f.endswith(".po")]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translated_rules_pages_hold_no_english(lang):
    """A translated rules page prints none of its English sentences: each of its
    paragraphs, headings and bullets differs from every English one."""
    from printkit.games import all_games

    for game in all_games().values():
        if not game.rules_template or f"templates/{game.rules_template}" in PENDING:
            continue
        english = {line.strip() for line in game.rules_text().splitlines() if len(line.split()) > 3}
        text = game.rules_text(lang)
        assert text != game.rules_text()
        left = [line for line in text.splitlines() if line.strip() in english]
        assert not left, f"{game.name} ({lang}): English left: {left[:3]}"
        assert "ẞ" not in text


def test_jinja_trans_blocks_render_english_as_written():
    """English rules pages are the templates' text itself (byte for byte what they
    were before the {% trans %} blocks): the gettext of English changes nothing."""
    from printkit.engine.text import render_template
    from printkit.games import all_games

    game = all_games()["cryptex"]
    assert render_template(game.rules_template, game=game, lang=None) == game.rules_text("en")
    first = game.rules_text("en").splitlines()[0]
    assert first == "# Cryptex: the rules in short"
    assert game.rules_text("de").splitlines()[0] == "# Cryptex: die Regeln in Kürze"


@pytest.mark.parametrize("lang, cubes, letter_tokens", [("fr", "cubes", "jetons"), ("es", "cubos", "fichas"), ("nl", "blokjes", "letterfiches")])
def test_small_print_names_a_part_as_its_game_does(lang, cubes, letter_tokens):
    """Crypticolor's tokens are the cubes its rules speak of, Scryptic's the letter
    tokens (issue 37: "cubes" on one page, "jetons" in the footer of the next)."""
    from printkit.build import small_print
    from printkit.games import get_game

    assert small_print(get_game("crypticolor").components["tokens"], {"params": {"lang": lang}}) == f"crypticolor {cubes}"
    assert small_print(get_game("scryptic").components["tokens"], {"params": {"lang": lang}}) == f"scryptic {letter_tokens}"
    assert "deck" not in small_print(get_game("cryptex").components["deck"], {"params": {"lang": lang}})  # translated, game context or not


def test_english_is_a_catalogue_translating_each_message_as_itself():
    """English goes through its catalogue like every other language; each of its
    messages is translated as itself, so English pages print the source text."""
    from printkit.i18n import ntext, ptext, text, translations

    cat = _catalogue(build_catalogues.SOURCE)
    assert sum(1 for m in cat if m.id) >= 100
    assert all(m.string == m.id for m in cat if m.id)
    assert translations("en").gettext("Contents") == "Contents" and translations("en").info().get("language") == "en"
    assert text("en")("Rules summary") == "Rules summary" and text("en")("") == ""
    assert ntext("en")("{n} card", "{n} cards", 1) == "{n} card" and ntext("en")("{n} card", "{n} cards", 2) == "{n} cards"
    assert ptext("en")("part", "deck") == "deck"


def test_a_new_sentence_waits_for_its_translators():
    """A sentence new to the source is filled in for English (its own catalogue) and
    left empty in every other language, to be translated: English's pass must not
    write into the template's message that the later languages are merged from."""
    from babel.messages.catalog import Catalog

    new = "A sentence no catalogue holds yet."
    template = Catalog(project="printkit", fuzzy=False)
    template.add(new, None, [("templates/x.md.j2", 1)])
    cats = {lang: build_catalogues.updated(template, lang) for lang in LANGS}  # English first, as the script runs them
    assert cats[build_catalogues.SOURCE][new].string == new
    for lang in TRANSLATED:
        assert not cats[lang][new].string, f"{lang}: a new sentence arrived already translated"
        assert any(new[:20] in p for p in build_catalogues.problems(cats[lang])), lang


#: abbreviations a sentence goes on after (z. B., p. ex., p. ej., bijv.)
ABBREVIATIONS = {"z", "B", "ex", "ej", "p", "bijv", "bv", "etc", "e", "g", "i", "no", "Nr", "ca", "usw", "bzw", "vs", "cf"}
#: an English-style pair of quotes around a word or phrase ('fit to page', "most words", “beidseitig”)
ENGLISH_QUOTES = re.compile(r"(?<!\w)['\"“‘][^'\"“”‘’]{1,60}['\"”’](?!\w)")


def _strings(lang):
    for m in _catalogue(lang):
        if m.id:
            yield from (s for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogues_follow_their_languages_typography(lang):
    """Issue 37's native review, over every message of the catalogue: German quotes
    „so“, Spanish «así» (or “así”), never English 'so' or "so" (an apostrophe inside a
    name, L'Officiel, is no quote); French and Spanish go on in lower case after a colon (a
    letter, an abbreviation or a placeholder may follow it: « : M lettres », « : IJ »);
    no sentence starts with a small letter (the key line once read "... only. net: ...")."""
    wrong = []
    for s in _strings(lang):
        if lang == "de":
            bare = re.sub(r"„[^„“”]{1,200}“", "", s)
            wrong += [f"quote: {q}" for q in ENGLISH_QUOTES.findall(bare)] + [f"unpaired German quote: {s[:60]}" for ch in "„“" if ch in bare][:1]
        if lang == "es":
            wrong += [f"quote: {q}" for q in ENGLISH_QUOTES.findall(s) if not q.startswith("“")]
        if lang in ("fr", "es"):
            wrong += [f"capital after a colon: {m.group(0)}" for m in re.finditer(r":\**\s+\**[¿¡]?([A-ZÀ-ÖØ-Þ][a-zà-ÿ]+)", s)]
        wrong += [f"small letter starts a sentence: {m.group(0)}" for m in re.finditer(r"(\w+)[.!?]\s+[a-zà-ÿ]\w*", s) if m.group(1) not in ABBREVIATIONS]
    assert not wrong, f"{lang}: {wrong[:5]}"


def test_french_and_spanish_go_on_in_lower_case_after_a_colon():
    """i18n.after_colon: French writes a note after a label's colon with a small
    letter; a name or an abbreviation keeps its capitals; other languages are unchanged."""
    from printkit.i18n import after_colon

    assert after_colon("fr", "Une feuille par joueur.") == "une feuille par joueur."
    assert after_colon("fr", "Énigmes solo.") == "énigmes solo."
    assert after_colon("fr", "Crypticolor seulement.", ("Crypticolor",)) == "Crypticolor seulement."
    assert after_colon("fr", "QR code inclus.") == "QR code inclus."
    assert after_colon("de", "Ein Bogen pro Spieler.") == "Ein Bogen pro Spieler."
    assert after_colon("en", "One sheet per player.") == "One sheet per player."
    assert after_colon("fr", "") == ""
    # Spanish too (the RAE's Diccionario panhispánico de dudas: a capital after a colon
    # only for a letter's salutation, a quotation, a legal formula), a question's first letter included
    assert after_colon("es", "Imprime en A4 al 100 %.") == "imprime en A4 al 100 %."
    assert after_colon("es", "¿Sin impresora a doble cara? Imprime las cartas solas.") == "¿sin impresora a doble cara? Imprime las cartas solas."
    assert after_colon("es", "Crypticolor solamente.", ("Crypticolor",)) == "Crypticolor solamente."
    assert after_colon("es", "¿PDF?") == "¿PDF?"
    assert after_colon("nl", "Eén blad per speler.") == "Eén blad per speler."


def test_numbers_print_with_a_minus_sign():
    from printkit.i18n import number, signed

    assert [signed(n) for n in (4, 0, -8)] == ["+4", "0", "\u22128"]
    assert number(-12) == "\u221212" and number(7) == "7"
