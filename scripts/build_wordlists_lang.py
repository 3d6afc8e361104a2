#!/usr/bin/env python3
"""Build the German, French, Spanish and Dutch word lists (called by build_wordlists.py).

    python scripts/build_wordlists.py --omw DIR  # every language, English first
    python scripts/build_wordlists_lang.py de fr # only these (English untouched)
    python scripts/build_wordlists_lang.py --check de  # exit 1 if a shipped list differs
    python scripts/build_wordlists_lang.py --omw DIR es  # Spanish needs DIR, a copy or
                                                 # git directory of omwn/omw-data

For each language LANG it writes printkit/data/words-accept-LANG.txt ("is this a
word of the language?") and words-puzzle-LANG.txt (the common list, most frequent
first), both UTF-8, every word folded with printkit.lang.fold and kept only when
printkit.lang.is_game_word says it is made of the language's game letters.

Sources (each one's licence is written into printkit/data/WORDLISTS-LICENSE.txt):
  de  german-pos-dict, LanguageTool's German full-form lexicon (data from Morphy,
      extended with korrekturen.de's inflections; CC BY-SA 4.0): its Morfologik
      automaton german.dict, copied into scripts/wordlist-sources/ and read here
      (cfsa2_sequences); every form but proper names (EIG) and abbreviations (ABK).
      Its proper names are the names test (of every language).
  fr  hunspell-fr (Dicollecte, "classique" 7.0; MPL-2.0): every form `unmunch`
      generates, kept only when `hunspell -G` with the same dictionary accepts it
      (unmunch over-generates for French).
  es  hunspell-es (RLA-ES, Santiago Bosio; GPL-3+ or LGPL-3+ or MPL-1.1+, used under
      MPL-2.0): the same way.
  nl  wdutch (OpenTaal, /usr/share/dict/dutch; BSD-2-Clause or CC BY 3.0): a plain
      word list, read as it is.
  all wordfreq's "large" list for the language (CC BY-SA 4.0) ranks the common list;
      scripts/blocklist-LANG.txt (from LDNOOBW, CC BY 4.0) keeps offensive words out.
      Its five-letter words that the acceptance list lacks, and those of
      simplemma's table for the language, are also written to words-guard-LANG.txt,
      the ambiguity guard (guard_list): strings a player may read as words (rarer
      forms, loans, names), which the five-letter games' generators keep from
      fitting a puzzle besides its answer.
  es  the answers a reader may take for another word's form, a name or English
      (read_otherwise) must also be a lemma of the Spanish wordnet (MCR 3.0, CC BY
      3.0) or of the Open Multilingual Wordnet's Spanish Wiktionary translations
      (CC BY-SA), read from omwn/omw-data (--omw DIR; second_lexicon); the others go
      to words-doubtful-es.txt (Crypticolor's pool still draws on them).
      scripts/independent_words.py's headword figure leaves those two sources out
      for Spanish.

    python scripts/build_wordlists_lang.py --guard [LANG ...]  # the guard alone, from the shipped acceptance lists

Deterministic: same inputs, same bytes (sorted sets, no dates). wordfreq, simplemma,
spacy-lookups-data (its cased tables: capitalised_names), hunspell
and unmunch (Debian: hunspell, hunspell-tools) are needed only here, never at run time.
"""

from __future__ import annotations

import hashlib
import math
import re
import subprocess
import sys
import tempfile
import unicodedata
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.lang import fold, is_game_word  # noqa: E402

DATA = ROOT / "printkit" / "data"
SCRIPTS = ROOT / "scripts"
VENDORED = SCRIPTS / "wordlist-sources"
HUNSPELL = Path("/usr/share/hunspell")
LANGS = ("de", "fr", "es", "nl")

ACCEPT_MIN, ACCEPT_MAX = 3, 15
PUZZLE_MIN, PUZZLE_MAX = 3, 10
PUZZLE_SIZE = 25_000  # at most, as English; fewer when wordfreq knows fewer words
MIN_ZIPF = 2.0  # a common word is seen at least ~once in 10 million words
# The answer list (words-answers-LANG.txt), every game's answers: the common list's
# headwords (headwords()) seen at least about once in a million words.
ANSWER_MIN_ZIPF = 3.0
FREQ_WORDLIST = "large"

# The short words the games need: two-letter words of the dictionary that have a
# vowel (the vowelless ones are abbreviations and unit symbols: km, cm, kg), and
# these one-letter words.
ONE_LETTER = {"de": set(), "fr": {"a", "y"}, "es": {"a", "e", "o", "u", "y"}, "nl": {"u"}}
VOWELS = set("aeiouyäöü")
# German nouns that german-pos-dict also tags as proper names (EIG) and that stay in
# the common list: found by reading every word the names test drops.
DE_WORDS_NOT_NAMES = {
    "aar", "ahlen", "antidote", "bild", "bob", "brenner", "brenners", "ellen", "enigma",
    "franken", "hinterland", "horst", "horsts", "iris", "jeans", "luke", "marina",
    "marinas", "maxima", "packers", "posen", "safari", "safaris", "schweden", "tigers", "xis",
}
# Lowercase entries of the dictionaries that are abbreviations, brand or place names,
# or English, kept out of both lists (found by reading the common lists).
NOT_WORDS = {
    "de": {"nato", "fifa", "uefa", "schufa", "unesco", "nasa", "uno"},  # organisations (Nato: as Duden writes it)
    "fr": {"etc", "janv", "fevr", "avr", "juil", "oct", "nov", "dec"},  # month abbreviations the dictionary files as nouns
    "es": {"etc"},
    "nl": {"etc", "enz", "the", "facebook", "zeeland", "jan"},  # jan: a name, lowercase only in idioms
}

GERMAN_DICT = VENDORED / "german.dict"  # german-pos-dict's Morfologik automaton
GERMAN_DICT_SHA256 = "c9e1365054bc0c507e4d4de219c6a6794ae9e5616c2f6e985eb122684a8ad58b"
GERMAN_DICT_COMMIT = "44c8cf0bec57e4c6fb8b99f61afd094da5e1bc8f"
# german-pos-dict's kinds of proper name (EIG.txt, 6th tag field): VOR first name,
# NAC surname, PER other person, STD city, COU country, GEB region, GEO, MOU
# mountain, WAT water. Surnames and "other persons" are mostly ordinary nouns too
# (Müller, Schuster, Steuer, Kohl, Herzog): they do not make a word a name.
NAME_KINDS_KEPT = {"NAC", "PER"}
HUNSPELL_DICT = {"fr": "fr", "es": "es_ES", "nl": "nl", "de": "de_DE"}  # nl: stems only (blocklist); de: the English test only
# German's common list leaves out English words that wordfreq's German corpus holds
# (song and film titles, quotes: castle, bikes, house, time): a word printkit's English
# acceptance list has, that igerman98 (hunspell-de-de) does not know in any spelling
# german-pos-dict gives it, and that wordfreq finds at least this much more often in
# English (Zipf; 0.5 is about 3x). German homographs stay (See, Not, Rate, Held: igerman98
# knows them) and so do loans that German text uses as much as English (Shirt, Stream).
ENGLISH_MARGIN = 0.5
GERMAN_UNINFLECTED = {"ADV", "PRP", "KON", "INJ", "ZAL", "NEG", "PRO", "ART"}  # german-pos-dict parts of speech
GERMAN_LETTERS = set("abcdefghijklmnopqrstuvwxyzäöüß")
# Headwords that are no word alone (zu zweit, de facto), a title written before a name (Sankt
# Martin), an English loan both German dictionaries list (Proxy) or a name the Spanish
# dictionary writes lowercase (congo): found by reading the answer lists; the
# lemmatisers and the loan tests take them.
NOT_ANSWERS = {"de": {"zweit", "dritt", "sankt", "proxy", "facto"}, "fr": set(), "es": {"congo", "facto"}, "nl": set()}
LETTERS_RE = re.compile(r"[^\W\d_]+")  # letters only: no hyphen, apostrophe, digit, dot
# Spanish answers must also be a lemma of a second lexicon of the language, a wordnet
# (second_lexicon): the Spanish dictionary enters rare homographs of inflected forms and
# names as words of their own (acepto, quito, hueca, venus, claudia), which its stems and
# simplemma both give back as lemmas. Read from the Open Multilingual Wordnet's data
# repository (omwn/omw-data), a copy or git directory given as --omw DIR.
SECOND_LEXICON_LANGS = {"es"}
OMW_DIR: Path | None = None


class Source:
    """One language's dictionary: its forms as written (case kept), and each form's
    lemmas where the source knows them (for blocking inflections)."""

    def __init__(self, forms: set[str], lemmas: dict[str, set[str]] | None = None,
                 names: set[str] | None = None) -> None:
        self.forms = forms
        self.lemmas = lemmas or {}
        self.names = names or set()  # lowercased proper names (German only)
        self.lower = {f for f in forms if f[:1].islower()}


# ---------------------------------------------------------------- sources

def cfsa2_sequences(path: Path):
    """Every byte sequence a Morfologik CFSA2 automaton (format version 0xC6, as
    morfologik-fsa 2 writes it) accepts, in the automaton's order. A small reader of
    the published format: header '\\fsa', version, flags (big-endian short), the
    label table (a count byte and the labels), then the arcs. An arc is a flags byte
    (0x80 target is the next node, 0x40 last arc of its node, 0x20 final arc, the low
    five bits an index into the label table or 0 for an explicit label byte that
    follows), then, unless its target is the next node, the target's address as a
    variable-length integer (7 bits a byte, low first)."""
    data = path.read_bytes()
    if data[:4] != b"\\fsa" or data[4] != 0xC6:
        sys.exit(f"{path}: not a Morfologik CFSA2 automaton")
    if int.from_bytes(data[5:7], "big") & 0x100:
        sys.exit(f"{path}: automata with perfect-hash numbers are not read here")
    n = data[7]
    labels, arcs = data[8:8 + n], data[8 + n:]
    NEXT, LAST, FINAL, INDEX = 0x80, 0x40, 0x20, 0x1F

    def skip_arc(a: int) -> int:
        flags = arcs[a]
        a += 1 if flags & INDEX else 2
        if not flags & NEXT:
            while arcs[a] & 0x80:
                a += 1
            a += 1
        return a

    def target(a: int) -> int:
        if arcs[a] & NEXT:
            while not arcs[a] & LAST:
                a = skip_arc(a)
            return skip_arc(a)
        a += 1 if arcs[a] & INDEX else 2
        value, shift = 0, 0
        while True:
            b = arcs[a]
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            a, shift = a + 1, shift + 7

    stack = [(target(0), b"")]  # the root is the target of the dummy node's arc
    while stack:
        node, prefix = stack.pop()
        a = node
        found = []
        while True:
            flags = arcs[a]
            label = labels[flags & INDEX] if flags & INDEX else arcs[a + 1]
            seq = prefix + bytes((label,))
            if flags & FINAL:
                yield seq
            dest = target(a)
            if dest:
                found.append((dest, seq))
            if flags & LAST:
                break
            a = skip_arc(a)
        stack.extend(reversed(found))


@lru_cache(maxsize=1)
def german_lexicon() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """german-pos-dict read whole: (form -> lemmas of its readings other than proper
    names and abbreviations, form -> kinds of proper name it is)."""
    lemmas, names, _ = german_lexicon_tagged()
    return lemmas, names


@lru_cache(maxsize=1)
def german_lexicon_tagged() -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, set[str]]]:
    """german_lexicon() and, third, form -> the tags of its readings whose lemma is
    the form itself. An entry is 'form_LEMMA_TAG', LEMMA coded against the form (its
    first byte 'A' + how many bytes to cut off the form's end, then the bytes to add)."""
    if hashlib.sha256(GERMAN_DICT.read_bytes()).hexdigest() != GERMAN_DICT_SHA256:
        sys.exit(f"{GERMAN_DICT}: not the german.dict this script was written for")
    lemmas: dict[str, set[str]] = defaultdict(set)
    names: dict[str, set[str]] = defaultdict(set)
    own: dict[str, set[str]] = defaultdict(set)
    for seq in cfsa2_sequences(GERMAN_DICT):
        if seq.startswith(b"#"):  # entries the dictionary has switched off
            continue
        form_b, code, tag_b = seq.split(b"_", 2)
        form, tag = unicodedata.normalize("NFC", form_b.decode("utf-8")), tag_b.decode("utf-8")
        pos = tag.split(":", 1)[0]
        if pos == "EIG":
            names[form].add(tag.split(":")[5] if tag.count(":") >= 5 else "")
            continue
        if pos == "ABK" or not form:
            continue
        cut = code[0] - ord("A")
        lemma = unicodedata.normalize("NFC", ((form_b[:len(form_b) - cut] if cut else form_b) + code[1:]).decode("utf-8", "replace"))
        lemmas[form].add(lemma)
        if lemma == form:
            own[form].add(tag)
    return dict(lemmas), dict(names), dict(own)


def source_de() -> Source:
    lemmas, _ = german_lexicon()
    return Source(set(lemmas), lemmas, name_list())


def unmunch_checked(lang: str) -> set[str]:
    """Every form hunspell's `unmunch` makes of the dictionary that `hunspell -G`
    (the full checker, with the same .aff) also accepts."""
    base = HUNSPELL / HUNSPELL_DICT[lang]
    with tempfile.TemporaryDirectory() as tmp:
        dic = french_without_fragments(Path(tmp)) if lang == "fr" else Path(f"{base}.dic")
        raw = subprocess.run(["unmunch", str(dic), f"{base}.aff"], capture_output=True,
                             check=True).stdout.decode("utf-8", "replace")
    candidates = set()
    for line in raw.splitlines():
        # a line is the form, maybe flags after '/', maybe morphology after a tab or space
        head = line.split("/", 1)[0].split()
        word = unicodedata.normalize("NFC", head[0]) if head else ""
        if word and LETTERS_RE.fullmatch(word) and len(word) <= ACCEPT_MAX + 2:
            candidates.add(word)
    return set(hunspell(lang, ["-G"], sorted(candidates)))


def hunspell(lang: str, args: list[str], words: list[str]) -> list[str]:
    out = subprocess.run(["hunspell", "-d", str(HUNSPELL / HUNSPELL_DICT[lang]), "-i", "utf-8", *args],
                         input="\n".join(words) + "\n", capture_output=True, text=True,
                         encoding="utf-8", check=True).stdout
    return [line for line in out.splitlines() if line.strip()]


def hunspell_stems(lang: str, words: list[str]) -> dict[str, set[str]]:
    """word -> its stems by `hunspell -s` (lines 'word stem'; a word may have several)."""
    stems: dict[str, set[str]] = defaultdict(set)
    for line in hunspell(lang, ["-s"], words):
        parts = line.split()
        if len(parts) >= 2:
            stems[parts[0]].add(parts[-1])
    return stems


def name_list() -> set[str]:
    """First names and places (casefolded) of german-pos-dict's proper names (EIG);
    many are international (Peter, Maria, Amsterdam, Korea)."""
    _, names = german_lexicon()
    return {form.casefold() for form, kinds in names.items() if kinds - NAME_KINDS_KEPT}


def every_name() -> frozenset[str]:
    """Every proper name of german-pos-dict (EIG), of every kind, casefolded."""
    _, names = german_lexicon()
    return frozenset(form.casefold() for form in names)


def french_without_fragments(tmp: Path) -> Path:
    """fr.dic without the entries that are no word alone: the stems whose every
    line's parts of speech (its 'po:' fields) are pieces of a locution (po:loc.*:
    ab, ad, al of ab initio, ad hoc, a capella), prefixes (po:pfx) or known
    misspellings (po:err). unmunch over this file makes every form the dictionary
    has except those (a form another entry makes too, such as dalle or demi, stays)."""
    lines = (HUNSPELL / "fr.dic").read_text("utf-8").splitlines()
    tags: dict[str, set[str]] = defaultdict(set)
    for line in lines[1:]:
        fields = line.split()
        if fields:
            tags[fields[0].split("/", 1)[0]].update(f[3:] for f in fields[1:] if f.startswith("po:"))
    fragment = {stem for stem, ts in tags.items()
                if ts and all(x.startswith("loc.") or x in ("pfx", "err") for x in ts)}
    kept = [line for line in lines[1:] if line.split() and line.split()[0].split("/", 1)[0] not in fragment]
    path = tmp / "fr.dic"
    path.write_text(f"{len(kept)}\n" + "\n".join(kept) + "\n", "utf-8")
    return path


def source_hunspell(lang: str) -> Source:
    return Source(unmunch_checked(lang))


def source_nl() -> Source:
    words = Path("/usr/share/dict/dutch").read_text("utf-8").splitlines()
    return Source({unicodedata.normalize("NFC", w.strip()) for w in words if w.strip()})


def load_source(lang: str) -> Source:
    if lang == "de":
        return source_de()
    if lang == "nl":
        return source_nl()
    return source_hunspell(lang)


# ---------------------------------------------------------------- lists

def written_as_word(form: str, lang: str) -> bool:
    """A dictionary entry as a word is written: letters only (no hyphen, apostrophe,
    digit or dot), and lowercase, except that a German noun has its capital first
    letter; a capital further on marks an acronym or a brand (German AKW, CDU,
    iPhone, BürgerInnen), never a word of the lists."""
    if not LETTERS_RE.fullmatch(form):
        return False
    if lang == "de":
        return not any(c.isupper() for c in form[1:])
    return form.islower()


def accept_list(lang: str, src: Source) -> list[str]:
    """Every dictionary form written only in letters, folded, in the game letters,
    ACCEPT_MIN..ACCEPT_MAX letters (plus the short words); German keeps its
    capitalised nouns, the others keep lowercase entries only (capitalised ones are
    names: Paris, María, Jan)."""
    out = set()
    for form in src.forms:
        if not written_as_word(form, lang):
            continue
        word = fold(form, lang)
        if not is_game_word(word, lang) or not VOWELS & set(word) or word in NOT_WORDS[lang]:
            continue
        if ACCEPT_MIN <= len(word) <= ACCEPT_MAX or len(word) == 2 or word in ONE_LETTER[lang]:
            out.add(word)
    return sorted(out)


def read_blocklist(lang: str, answers: bool = False) -> tuple[set[str], list[str]]:
    """(words, prefixes) of scripts/blocklist-LANG.txt, folded; the entries marked
    "# answers only" (crude rather than offensive: caca) only when `answers`."""
    path = SCRIPTS / f"blocklist-{lang}.txt"
    words, prefixes = set(), []
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        entry = line.split("#", 1)[0].strip()
        if not entry or ("# answers only" in line and not answers):
            continue
        star = entry.endswith("*")
        folded = fold(entry.rstrip("*"), lang)
        if not is_game_word(folded, lang):
            sys.exit(f"{path}:{n}: {entry!r} is not a word of the language's letters")
        (prefixes.append(folded) if star else words.add(folded))
    return words, sorted(prefixes)


def puzzle_list(lang: str, src: Source, accept: set[str]) -> tuple[list[str], list[str], dict]:
    """The common list: wordfreq's words of the language that the dictionary has as
    written (wordfreq casefolds: a German noun matches its capitalised entry, strasse
    matches Straße), folded;
    the frequencies of the forms that fold alike added up; names, blocked words and
    words outside PUZZLE_MIN..PUZZLE_MAX dropped; most frequent first."""
    from wordfreq import get_frequency_dict

    by_lower: dict[str, list[str]] = defaultdict(list)
    for form in src.forms:
        if written_as_word(form, lang):
            by_lower[form.casefold()].append(form)  # wordfreq casefolds: straße -> strasse
    freqs = get_frequency_dict(lang, wordlist=FREQ_WORDLIST)
    total: dict[str, float] = defaultdict(float)
    origin: dict[str, set[str]] = defaultdict(set)
    dropped_names = set()
    for token, f in freqs.items():
        token = unicodedata.normalize("NFC", token).casefold()
        forms = by_lower.get(token)
        if not forms:
            continue
        word = fold(token, lang)
        if not (PUZZLE_MIN <= len(word) <= PUZZLE_MAX) or word not in accept:
            continue
        if is_name(lang, token, forms, src):
            dropped_names.add(word)
            continue
        total[word] += f
        origin[word].update(forms)
    blocked_words, prefixes = read_blocklist(lang)
    candidates = sorted(total)
    if lang == "de":
        lemmas = {w: {l for form in origin[w] for l in src.lemmas.get(form, ())} for w in candidates}
    else:
        stems = hunspell_stems(lang, sorted({f for w in candidates for f in origin[w]}))
        lemmas = {w: {s for form in origin[w] for s in stems.get(form, ())} for w in candidates}
    def blocked_by(words_: set[str], prefixes_: list[str]) -> set[str]:
        out = set()
        for w in candidates:
            keys = {w} | {fold(l, lang) for l in lemmas[w]}
            if keys & words_ or any(k.startswith(p) for k in keys for p in prefixes_):
                out.add(w)
        return out

    blocked = blocked_by(blocked_words, prefixes)
    english = english_intruders(candidates, origin, total) if lang == "de" else set()
    kept = [w for w in candidates if w not in blocked and w not in english and zipf(total[w]) >= MIN_ZIPF]
    ranked = sorted(kept, key=lambda w: (-total[w], w))[:PUZZLE_SIZE]
    # the answers: the common list's headwords, common enough, no loan, nothing crude
    heads = headwords(lang, ranked, origin, lemmas)
    loans = english if lang == "de" else english_loans(ranked, total, lang)
    crude = blocked_by(*read_blocklist(lang, answers=True))
    answers = [w for w in ranked if w in heads and w not in loans and w not in crude
               and w not in NOT_ANSWERS[lang] and zipf(total[w]) >= ANSWER_MIN_ZIPF]
    names = capitalised_names(lang, answers, origin, src)
    participles = verb_participles(lang, answers, origin)
    answers = [w for w in answers if w not in names and w not in participles]
    unlisted: list[str] = []
    if lang in SECOND_LEXICON_LANGS:
        listed = second_lexicon(lang)
        doubtful = read_otherwise(lang, answers, origin, src, total)
        unlisted = [w for w in answers if w in doubtful and w not in listed]
        answers = [w for w in answers if w not in unlisted]
    if lang == "de":  # a third lemmatiser: igerman98's analysis (hunspell -m)
        from independent_words import _german_headwords

        confirmed = _german_headwords(answers)
        answers = [w for w in answers if w in confirmed]
    stats = {"unlisted": unlisted, "answer_names": sorted(names), "participles": sorted(participles), "blocked": sorted(blocked), "names": sorted(dropped_names - set(total)), "english": sorted(english),
             "not_headwords": len([w for w in ranked if w not in heads]),
             "last_zipf": zipf(total[ranked[-1]]) if ranked else 0.0}
    return ranked, answers, stats


def headwords(lang: str, candidates: list[str], origin: dict[str, set[str]],
              lemmas: dict[str, set[str]]) -> set[str]:
    """The candidates that are headwords (lemmas): the common list holds the words a
    dictionary prints an entry for, not their inflections (Duden and Larousse, the
    judges the rules name, list Kaffee, brennen, lernen, billig, not KAFFE, BRENN,
    LERNENS, BILLIGEM). A word is kept when two lemmatisers agree that one of its
    dictionary spellings is its own lemma:
      - the source's own morphology: a german-pos-dict reading whose lemma is the
        form and whose tag is a base form (german_base_form; de), hunspell's stems
        (`hunspell -s`) with the language's dictionary (fr, es, nl);
      - simplemma (MIT; its lemma tables come from Wiktionary and other open
        lexicons), which must know the spelling and give it back unchanged.
    German also leaves out loans: words with a spelling in letters German lacks (Coupé,
    Café: printed folded they read as other words), and words igerman98
    (hunspell-de-de, a second German dictionary) knows in none of their spellings
    (outen)."""
    import simplemma

    known, base = set(), {}
    if lang == "de":
        known = set(hunspell("de", ["-G"], sorted({f for w in candidates for f in origin[w]})))
        base = german_lexicon_tagged()[2]
    out = set()
    for w in candidates:
        forms = sorted(origin[w])
        if lang == "de":
            if not any(german_base_form(tag) for f in forms for tag in base.get(f, ())):
                continue
        elif not any(fold(l, lang) == w for l in lemmas[w]):
            continue
        if lang == "de" and (not all(set(f.casefold()) <= GERMAN_LETTERS for f in forms) or not known & set(forms)):
            continue
        if any(simplemma.is_known(f, lang) and fold(simplemma.lemmatize(f, lang), lang) == w for f in forms):
            out.add(w)
    return out


# The answers' names test (capitalised_names): spaCy's cased word probabilities
# (spacy-lookups-data's lexeme_prob tables, natural logs; MIT). A word is a name when
# its capitalised spelling is at least this much more probable than its lowercase one
# (2.0: about 7x; a common word is capitalised mostly at a sentence's start).
NAME_LOG_MARGIN = 2.0


@lru_cache(maxsize=None)
def cased_probabilities(lang: str) -> dict[str, float]:
    """spacy-lookups-data's lexeme_prob table for the language: word as written -> log
    probability in a cased corpus (only Spanish, English and German have one)."""
    import gzip
    import importlib.resources
    import json

    path = importlib.resources.files("spacy_lookups_data") / "data" / f"{lang}_lexeme_prob.json.gz"
    with path.open("rb") as raw:
        return json.loads(gzip.decompress(raw.read()))


def capital_margin(table: dict[str, float], form: str) -> float | None:
    """How much more probable the capitalised spelling is than `form` (lowercase) in a
    cased table; None when the table lacks either spelling."""
    cap = form[:1].upper() + form[1:]
    if cap not in table or form not in table:
        return None
    return table[cap] - table[form]


def capitalised_names(lang: str, answers: list[str], origin: dict[str, set[str]], src: Source) -> set[str]:
    """The answers that readers take for a proper name (Julia, Apolo, Tommy, Hans):
    words the language's own dictionary also enters capitalised (a name entry beside
    the lowercase one) and that a cased corpus writes capitalised far more often than
    not (NAME_LOG_MARGIN), in every one of their spellings.
      - es: spaCy's Spanish table, for words the dictionary enters capitalised or that
        german-pos-dict lists as a proper name of any kind (York, Victor, Paul, Weber);
      - fr, nl (spaCy has no cased French or Dutch table): the English or the Spanish
        table, for words german-pos-dict also lists as a first name or place
        (name_list(): international names, which those corpora write as the
        language does);
      - de: none here; german-pos-dict's proper names already keep names out of the
        common list (is_name), as capitalisation cannot tell a German noun."""
    if lang == "de":
        return set()
    tables = [cased_probabilities("es")] if lang == "es" else [cased_probabilities("en"), cased_probabilities("es")]
    # Spanish, whose own cased table is the evidence, takes every kind of german-pos-dict
    # name as the gate, surnames too (weber: Weber, 2.8 in the table)
    known_names = name_list() | (set(every_name()) if lang == "es" else set())
    out = set()
    for w in answers:
        forms = sorted(origin[w])
        entered = any(f[:1].upper() + f[1:] in src.forms for f in forms)
        if not (entered or w in known_names) if lang == "es" else not (entered and w in known_names):
            continue
        margins = [max((m for m in (capital_margin(t, f) for t in tables) if m is not None), default=None)
                   for f in forms]
        if all(m is not None and m >= NAME_LOG_MARGIN for m in margins):
            out.add(w)
    return out


# The participles test (verb_participles): a participle whose verb wordfreq finds at
# least this much more often (Zipf; 0.5 is about 3x) is read as the verb's form.
PARTICIPLE_MARGIN = 0.5
SPANISH_PARTICIPLE_FLAG = "D"  # es_ES.aff: SFX D makes -do, -dos, -da, -das of -ar, -er, -ir verbs


def verb_participles(lang: str, answers: list[str], origin: dict[str, set[str]]) -> set[str]:
    """Spanish: the answers that hunspell's analysis (`hunspell -m`) reads as a verb's
    past participle (made by the participle suffix, fl:D) in every spelling, where the
    verb is PARTICIPLE_MARGIN more frequent than the participle. The dictionary also
    enters many of them as nouns or adjectives (votada, echado) that no reader thinks
    of first. About 7 in 10 of the words it drops are such forms; the rest are real
    nouns (llegada, partida, corrida). French is not tested: its dictionary's
    participles (po:ppas) that pass this test are nearly all real nouns (crue, jetée,
    bouffée, veillée: 11 of 13). German's analysis already keeps participles out
    (german_base_form); Dutch's dictionary has no morphology."""
    from wordfreq import zipf_frequency

    if lang != "es":
        return set()
    forms = sorted({f for w in answers for f in origin[w]})
    verbs: dict[str, set[str]] = defaultdict(set)
    for line in hunspell(lang, ["-m"], forms):
        parts = line.split()
        if len(parts) < 2:
            continue
        fields = parts[1:]
        stems = [f[3:] for f in fields if f.startswith("st:")]
        participle = [f[3:] for f in fields if f.startswith("fl:")] == [SPANISH_PARTICIPLE_FLAG]
        if participle and stems and stems[0] != parts[0]:
            verbs[parts[0]].add(stems[0])
    out = set()
    for w in answers:
        def read_as_verb(form: str) -> bool:
            return any(zipf_frequency(v, lang, wordlist=FREQ_WORDLIST) - zipf_frequency(form, lang, wordlist=FREQ_WORDLIST)
                       >= PARTICIPLE_MARGIN for v in verbs.get(form, ()))
        if all(read_as_verb(f) for f in origin[w]):
            out.add(w)
    return out


def read_otherwise(lang: str, answers: list[str], origin: dict[str, set[str]], src: Source,
                   total: dict[str, float]) -> set[str]:
    """The answers a player may read as another word's form, as a name or as English,
    which second_lexicon must then confirm:
      - hunspell's analysis (`hunspell -m`) of the word as printed (without its
        accents: leonés prints as LEONES, cántara as CANTARA), or of every one of its
        spellings, reads it as an inflected form of another stem (suffix flags only: a prefix
        makes another word, a-foro) that wordfreq finds at least as often (quito:
        quitar, acepto: aceptar, leones: león, caí: caer; not ayuno: ayunar);
      - the dictionary also enters it capitalised, or german-pos-dict lists it as a
        first name or a place, and the cased corpus (capitalised_names' table) does
        not write it lowercase more often (venus, claudia, volvo);
      - it is an English word too (printkit's English acceptance list) that English
        text uses at least as often (flash, suite: loans english_loans lets through)."""
    from wordfreq import zipf_frequency

    def z(word: str) -> float:
        return zipf_frequency(word, lang, wordlist=FREQ_WORDLIST)

    prefixes = {ln.split()[1] for ln in (HUNSPELL / f"{HUNSPELL_DICT[lang]}.aff").read_text("utf-8").splitlines()
                if ln.startswith("PFX ")}
    spellings = {w: set(origin[w]) | {w} for w in answers}
    inflected = set()
    for line in hunspell(lang, ["-m"], sorted({f for fs in spellings.values() for f in fs})):
        parts = line.split()
        stems = [f[3:] for f in parts[1:] if f.startswith("st:")]
        flags = "".join(f[3:] for f in parts[1:] if f.startswith("fl:"))
        if (len(parts) >= 2 and flags and not set(flags) & prefixes and stems and stems[0] != parts[0]
                and z(stems[0]) >= z(parts[0])):
            inflected.add(parts[0])
    names = name_list()
    table = cased_probabilities("es") if lang == "es" else {}
    english = set((DATA / "words-accept.txt").read_text("utf-8").split())
    out = set()
    for w, fs in spellings.items():
        if w in inflected or origin[w] <= inflected:  # as printed, or in every spelling
            out.add(w)
        elif (w in names or any(f[:1].upper() + f[1:] in src.forms for f in fs)) and not all(
                (m := capital_margin(table, f)) is not None and m < 0 for f in origin[w]):
            out.add(w)
        elif w in english and zipf_frequency(w, "en", wordlist=FREQ_WORDLIST) >= zipf(total[w]):
            out.add(w)
    return out


def second_lexicon(lang: str) -> frozenset[str]:
    """The lemmas of a second lexicon of the language, folded (one word, lowercase,
    3-10 game letters), that an answer must also be (SECOND_LEXICON_LANGS). Spanish:
    the Spanish wordnet of the Multilingual Central Repository 3.0 (CC BY 3.0) and the
    Spanish lemmas the Open Multilingual Wordnet took from the English Wiktionary's
    translation tables (CC BY-SA), as omwn/omw-data holds them (the files and commits
    scripts/independent_words.py names: WORDNETS, WIKT_TRANSLATIONS). A wordnet lists
    nouns, verbs, adjectives and adverbs under their lemma, so an inflected form (quito,
    acepto, hueca, leones) or a name (venus, claudia) it lacks is not an answer, while a
    real noun that is also a verb form stays (coma, parto, recibo, tomo). scripts/independent_words.py's headword figure for Spanish
    then leaves these two sources out: the filter is not its own check."""
    from independent_words import wordnet_lemmas

    if OMW_DIR is None:
        sys.exit(f"{lang}: the answers need a second lexicon: give --omw DIR, a copy or git directory of omwn/omw-data")
    found = [wordnet_lemmas(lang, OMW_DIR), wordnet_lemmas(lang, OMW_DIR, wikt=True)]
    if None in found:
        sys.exit(f"{lang}: {OMW_DIR} lacks the wordnet files scripts/independent_words.py names (WORDNETS, WIKT_TRANSLATIONS)")
    return frozenset().union(*found)


def german_base_form(tag: str) -> bool:
    """A german-pos-dict tag (of a reading whose lemma is the form itself) that is the
    form a dictionary enters: a noun's nominative singular (not an adjective or an
    infinitive used as a noun: der Traurige, das Laufen), an infinitive, an
    adjective's predicative positive (not a participle: poliert), a pronoun or an
    article as the dictionary enters it, or a word that does not inflect (adverbs,
    prepositions, conjunctions, interjections, numbers)."""
    pos = tag.split(":", 1)[0]
    if pos == "SUB":
        return tag.startswith("SUB:NOM:SIN") and not tag.endswith((":ADJ", ":INF"))  # der Traurige, das Laufen
    if pos == "VER":
        return tag.startswith("VER:INF")
    if pos == "ADJ":
        return tag.startswith("ADJ:PRD:GRU")
    return pos in GERMAN_UNINFLECTED


def english_loans(candidates: list[str], total: dict[str, float], lang: str) -> set[str]:
    """French, Spanish, Dutch: the candidates that are English words which English text
    uses at least ENGLISH_MARGIN (Zipf) more often than the language's own corpus
    (stick, proxy, drink, free, take): loans, or English quoted in the corpus. Their
    dictionaries are the lists' own sources, so (unlike German's igerman98) no second
    dictionary can vouch for them."""
    from wordfreq import zipf_frequency

    english = set((DATA / "words-accept.txt").read_text("utf-8").split())
    return {w for w in candidates if w in english
            and zipf_frequency(w, "en", wordlist=FREQ_WORDLIST) - zipf(total[w]) >= ENGLISH_MARGIN}


def english_intruders(candidates: list[str], origin: dict[str, set[str]], total: dict[str, float]) -> set[str]:
    """German: the candidates that are English words in a German corpus (ENGLISH_MARGIN)."""
    from wordfreq import zipf_frequency

    english = set((DATA / "words-accept.txt").read_text("utf-8").split())
    maybe = [w for w in candidates if w in english]
    spellings = {w: {f for o in origin[w] for f in (o, o.lower(), o[:1].upper() + o[1:])} for w in maybe}
    known = set(hunspell("de", ["-G"], sorted({f for fs in spellings.values() for f in fs})))
    return {w for w in maybe if not spellings[w] & known
            and zipf_frequency(w, "en", wordlist=FREQ_WORDLIST) - zipf(total[w]) >= ENGLISH_MARGIN}


def is_name(lang: str, token: str, forms: list[str], src: Source) -> bool:
    """The names test. German (whose nouns are capitalised, so capitalisation alone
    cannot tell a name): the word is a first name or a place in german-pos-dict's
    list of proper names (EIG: Iris, Bayern, Schweden, Rom) and the dictionary
    has it only capitalised, not as a lowercase word (anders, the adverb, stays).
    german-pos-dict lists many names as nouns too (München, Rhein, Europa, Audi),
    and some real nouns as names too (Bild, Luke, Iris): DE_WORDS_NOT_NAMES keeps
    those, chosen by reading every word this test drops.
    The other languages: the dictionary's own capitalisation (the lists hold its
    lowercase entries only, so Paris and María never enter; the same names test
    would drop main, luna, plaza, kiel and tegels, which these dictionaries rightly
    have lowercase), and NOT_WORDS."""
    if lang == "de":
        return (token in src.names and token not in DE_WORDS_NOT_NAMES
                and not any(f[:1].islower() for f in forms))
    return False


GUARD_LENGTH = 5  # the five-letter games (Crypticolor, Crypto Crisis) read it
GUARD_MIN_ZIPF = 1.0  # all of the large list


def guard_list(lang: str, accept: set[str]) -> list[str]:
    """The ambiguity guard: every string of two sources that, casefolded and folded,
    is a GUARD_LENGTH-letter word of the game letters and is not in the acceptance
    list. Sorted.

      - every token of wordfreq's large list for the language (all of it: Zipf >= 1,
        seen about once in 100 million words or more). Corpus tokens, so names,
        loans and English words are in it on purpose: a player may think of them.
      - every form and lemma of simplemma's table for the language (the lemmatiser
        the answer lists already use; its tables come from Wiktionary and other open
        lexicons): rare dictionary words that neither the spell-checker the
        acceptance list comes from nor the corpus has (Spanish pigre, opimo, zupia,
        cofta: anagrams of gripe, and readings of piojo, lápiz, facto). Without them
        about one Spanish answer in twenty had a second reading in another Spanish
        dictionary (tests/test_crypticolor_lang.py's sweep).

    A generator that keeps every guard word from fitting a puzzle besides its answer
    makes puzzles whose answer no reader doubts."""
    from wordfreq import get_frequency_dict

    tokens = [t for t, f in get_frequency_dict(lang, wordlist=FREQ_WORDLIST).items() if zipf(f) >= GUARD_MIN_ZIPF]
    out = set()
    for token in (*tokens, *simplemma_words(lang)):
        token = unicodedata.normalize("NFC", token).casefold()
        if not LETTERS_RE.fullmatch(token):
            continue
        word = fold(token, lang)
        if len(word) == GUARD_LENGTH and is_game_word(word, lang) and word not in accept:
            out.add(word)
    return sorted(out)


def simplemma_words(lang: str) -> list[str]:
    """Every form and lemma in simplemma's table for the language, sorted."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    table = DefaultDictionaryFactory().get_dictionary(lang)
    return sorted({w for pair in table.items() for w in pair})


def write_guard(lang: str, accept: set[str], check: bool = False) -> int:
    name = f"words-guard-{lang}.txt"
    text = "\n".join(guard_list(lang, accept)) + "\n"
    if not check:
        write(DATA / name, text)
    elif not (DATA / name).exists() or (DATA / name).read_bytes() != text.encode("utf-8"):
        sys.exit(f"printkit/data/{name} is not what the sources give: run python scripts/build_wordlists.py")
    return text.count("\n")


def zipf(f: float) -> float:
    return math.log10(f) + 9 if f > 0 else 0.0


def write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(text.encode("utf-8"))
    tmp.replace(path)


def build(lang: str, check: bool = False) -> dict:
    """Build one language's two lists and write them (check: compare them with the
    shipped files instead, and exit 1 if they differ)."""
    src = load_source(lang)
    accept = accept_list(lang, src)
    puzzle, answers, stats = puzzle_list(lang, src, set(accept))
    texts = {f"words-accept-{lang}.txt": "\n".join(accept) + "\n",
             f"words-puzzle-{lang}.txt": "\n".join(puzzle) + "\n",
             f"words-answers-{lang}.txt": "\n".join(answers) + "\n"}
    if lang in SECOND_LEXICON_LANGS:  # the answers the second lexicon took out (Crypticolor's pool keeps them)
        texts[f"words-doubtful-{lang}.txt"] = "".join(w + "\n" for w in stats["unlisted"])
    for name, text in texts.items():
        if not check:
            write(DATA / name, text)
        elif not (DATA / name).exists() or (DATA / name).read_bytes() != text.encode("utf-8"):
            sys.exit(f"printkit/data/{name} is not what the sources give: run python scripts/build_wordlists.py")
    n_guard = write_guard(lang, set(accept), check)
    keep = set(__import__("printkit.lang", fromlist=["LANGUAGES"]).LANGUAGES[lang].keep)
    with_kept = sum(1 for w in puzzle if keep & set(w))
    info = {"lang": lang, "forms": len(src.forms), "accept": len(accept), "puzzle": len(puzzle),
            "kept_letters_pct": 100 * with_kept / max(1, len(puzzle)), **stats}
    print(f"{lang}: {len(src.forms)} dictionary forms -> accept {len(accept)}, common {len(puzzle)}, answers {len(answers)} "
          f"(last zipf {stats['last_zipf']:.2f}; {info['kept_letters_pct']:.1f}% with "
          f"{''.join(sorted(keep)) or 'no kept letter'}; {len(stats['blocked'])} blocked, "
          f"{len(stats['names'])} names dropped, {len(stats['english'])} English words dropped, {len(stats['answer_names'])} names and {len(stats['participles'])} participles not answers"
          + (f", {len(stats['unlisted'])} not in the second lexicon" if lang in SECOND_LEXICON_LANGS else "") + f"); guard {n_guard}")
    return info


# ---------------------------------------------------------------- licences

def dpkg_version(pkg: str) -> str:
    try:
        return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", pkg], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown version"


def _count(name: str) -> int:
    path = DATA / name
    return len(path.read_text("utf-8").split()) if path.exists() else 0


def _files_line(lang: str) -> str:
    return (f"Files: printkit/data/words-accept-{lang}.txt ({_count(f'words-accept-{lang}.txt')} words), "
            f"words-puzzle-{lang}.txt ({_count(f'words-puzzle-{lang}.txt')} words), "
            f"words-answers-{lang}.txt ({_count(f'words-answers-{lang}.txt')} words) and the indexes "
            f"words-accept-{lang}.idx, words-puzzle-{lang}.idx made from them")


def _debian_stanza(path: Path, start: str) -> str:
    """One paragraph of a Debian copyright file (from the line `start` to the blank line)."""
    lines = path.read_text("utf-8").splitlines()
    i = lines.index(start)
    j = next((k for k in range(i, len(lines)) if not lines[k].strip()), len(lines))
    return "\n".join(lines[i:j])


def licence_sections() -> str:
    """The four languages' sections of printkit/data/WORDLISTS-LICENSE.txt."""
    import textwrap

    def fill(text: str) -> list[str]:
        return textwrap.wrap(text, width=78, break_on_hyphens=False, break_long_words=False)

    rule = "=" * 78
    common = (f"The common list (words-puzzle-LANG.txt) is ranked by wordfreq's frequencies "
              f"for the language (wordlist={FREQ_WORDLIST!r}; the frequencies of the forms that "
              f"fold alike added up), {PUZZLE_MIN}..{PUZZLE_MAX} letters, Zipf frequency >= "
              f"{MIN_ZIPF}, at most {PUZZLE_SIZE} words; like English's, the ranking is derived "
              "from wordfreq's data and shared under CC BY-SA 4.0 (wordfreq's section above). "
              "Offensive words are kept out by scripts/blocklist-LANG.txt, written from the "
              "List of Dirty, Naughty, Obscene and Otherwise Bad Words (LDNOOBW, "
              "https://github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words, "
              "CC BY 4.0).")
    answers_para = ("The answer list (words-answers-LANG.txt), every game's answers, is the common "
                    "list's headwords, in its order: words two lemmatisers give back as their own "
                    "lemma, the source's morphology (German: a german-pos-dict reading tagged as a "
                    "base form; French, Spanish, Dutch: hunspell's stems with the language's "
                    "dictionary) and simplemma (MIT; section above); seen at least at Zipf "
                    f"{ANSWER_MIN_ZIPF}; without English loans (English text uses them 3x as often) "
                    "and without the blocklist's entries marked 'answers only' (crude words of the "
                    "LDNOOBW lists such as caca), nor names: words the dictionary also enters "
                    "capitalised that a cased corpus writes capitalised about 7x as often "
                    "(spacy-lookups-data's lexeme_prob tables, MIT; French and Dutch: the English or "
                    "Spanish table, for german-pos-dict's first names and places); Spanish: without "
                    "the words hunspell's analysis reads as a participle of a verb 3x as frequent, "
                    "and without the words a reader may take for another word's form, a name or "
                    "English (hunspell's analysis, the cased table, printkit's English list) that "
                    "neither the Spanish wordnet of the Multilingual Central Repository 3.0 (CC BY "
                    "3.0) nor the Spanish lemmas of the Open Multilingual Wordnet's Wiktionary "
                    "translations (CC BY-SA) list (omwn/omw-data); those are written to "
                    "words-doubtful-es.txt, which only Crypticolor's pool still draws on. "
                    "Derived from the "
                    "common list and shared under its licence.")
    guard = (f"The ambiguity guard (words-guard-LANG.txt) is every token of wordfreq's "
             f"{FREQ_WORDLIST!r} list for the language, and every form and lemma of "
             "simplemma's table for it (MIT; section above), that folds to a "
             f"{GUARD_LENGTH}-letter word of the game letters the acceptance list lacks (names, "
             "loans and rare dictionary words included), used only to keep puzzles from having "
             "a second reading; derived from wordfreq's data and shared under CC BY-SA 4.0 like "
             "the ranking.")
    parts = ["", "", rule, "German, French, Spanish and Dutch: the lists, their sources and licences", rule, "",
             *fill("Built by: python scripts/build_wordlists.py (scripts/build_wordlists_lang.py). "
                   "Every word is folded with printkit.lang.fold and kept only when "
                   "printkit.lang.is_game_word accepts it (docs/games/languages.md)."),
             "", *fill(common), "", *fill(answers_para), "", *fill(guard), ""]
    sections = {
        "de": ("German (de): CC BY-SA 4.0", [
            _files_line("de") + ".",
            "Licence of these files: Creative Commons Attribution-ShareAlike 4.0 "
            "International (https://creativecommons.org/licenses/by-sa/4.0/), as adapted "
            "material of the sources below. (printkit's code stays MIT.)",
            "Source: german-pos-dict (Daniel Naber, LanguageTool, "
            "https://github.com/languagetool-org/german-pos-dict, commit "
            f"{GERMAN_DICT_COMMIT}; CC BY-SA 4.0), whose data comes from Morphy (Wolfgang "
            "Lezius, http://morphy.wolfganglezius.de/) extended with the inflections of "
            "http://korrekturen.de/flexion: its Morfologik automaton german.dict, copied "
            "into scripts/wordlist-sources/ and read by the build script. Changes: every "
            "form listed one a line, folded (ß -> ss, accents other than ä ö ü dropped), "
            "proper names (EIG) and abbreviations (ABK) left out; the proper names are "
            "used only to keep names out of the common lists.",
            "(Debian's German lists, wngerman and hunspell-de-de, are GPL-2+ only: no word "
            "of theirs is copied. hunspell-de-de is asked only whether it knows a word of the "
            "common list that is also an English word and three times as frequent in English "
            "text; such a word it does not know (castle, bikes: English in the German corpus) "
            "is left out of the common list.)",
        ]),
        "fr": ("French (fr): MPL-2.0", [
            _files_line("fr") + ".",
            "Licence of these files: Mozilla Public License 2.0 "
            "(https://mozilla.org/MPL/2.0/), as their source is.",
            f"Source: hunspell-fr-classical {dpkg_version('hunspell-fr-classical')} (Debian), "
            "the Dicollecte French dictionary, \"classique\" variant "
            "(https://grammalecte.net/home.php?prj=fr): every form hunspell's unmunch makes "
            f"of fr.dic that hunspell {dpkg_version('hunspell')} -G with the same dictionary "
            "accepts, lowercase entries only (capitalised entries are names), folded (every "
            "accent and the cedilla dropped, oe and ae for the ligatures). The source code "
            "form is that dictionary, at the address above or in Debian's package.",
            "From /usr/share/doc/hunspell-fr-classical/copyright:",
        ]),
        "es": ("Spanish (es): MPL-2.0 (of GPL-3+, LGPL-3+ or MPL-1.1+)", [
            _files_line("es") + ".",
            "Licence of these files: Mozilla Public License 2.0 "
            "(https://mozilla.org/MPL/2.0/), one of the licences the source offers "
            "(\"MPL-1.1 or later\").",
            f"Source: hunspell-es {dpkg_version('hunspell-es')} (Debian, from LibreOffice's "
            "dictionaries), the RLA-ES Spanish dictionary by Santiago Bosio "
            "(https://github.com/sbosio/rla-es): every form unmunch makes of es_ES.dic that "
            "hunspell -G accepts, lowercase entries only, folded (ñ kept, accents and the "
            "diaeresis dropped). The source code form is that dictionary, at the address "
            "above or in Debian's package.",
            "From /usr/share/doc/hunspell-es/copyright:",
        ]),
        "nl": ("Dutch (nl): BSD (revised; of BSD or CC BY 3.0)", [
            _files_line("nl") + ".",
            "Licence of these files: the BSD licence below (OpenTaal offers BSD or CC BY "
            "3.0; printkit takes BSD).",
            f"Source: wdutch {dpkg_version('wdutch')} (Debian), OpenTaal's Dutch word list "
            "(https://github.com/OpenTaal/opentaal-wordlist), /usr/share/dict/dutch: "
            "lowercase entries written in letters only, folded (ĳ as i + j, accents and "
            "diaereses dropped). hunspell-nl (the same OpenTaal project) is used only to "
            "find the stems of common words for the blocklist.",
            "From /usr/share/doc/wdutch/copyright:",
        ]),
    }
    copyrights = {
        "fr": Path("/usr/share/doc/hunspell-fr-classical/copyright").read_text("utf-8").rstrip(),
        "es": _debian_stanza(Path("/usr/share/doc/hunspell-es/copyright"), "Files: dictionaries/es/*")
        + "\n\n(the MPL-1.1 and later: https://www.mozilla.org/MPL/)",
        "nl": Path("/usr/share/doc/wdutch/copyright").read_text("utf-8").rstrip(),
    }
    for lang, (title, paras) in sections.items():
        parts += ["", rule, title, rule, ""]
        for para in paras:
            parts += [*fill(para), ""]
        if lang in copyrights:
            parts += [copyrights[lang], ""]
    return "\n".join(parts)


def main(argv: list[str], standalone: bool = True) -> int:
    """Build (or --check) the languages named in `argv`, all when none is.
    printkit/data/WORDLISTS-LICENSE.txt, English's part and these languages'
    sections (licence_sections), is written by build_wordlists.py, which calls
    this with standalone=False: this script never imports that one."""
    global OMW_DIR
    if "--omw" in argv:
        i = argv.index("--omw")
        if i + 1 >= len(argv) or not Path(argv[i + 1]).is_dir():
            print(f"--omw {' '.join(argv[i + 1:i + 2])}: not a directory (a copy or git directory of omwn/omw-data)", file=sys.stderr)
            return 2
        OMW_DIR = Path(argv[i + 1]).resolve()
        argv = argv[:i] + argv[i + 2:]
    check = "--check" in argv
    guard_only = "--guard" in argv
    langs = [a for a in argv if a not in ("--check", "--guard")] or list(LANGS)
    for lang in langs:
        if lang not in LANGS:
            sys.exit(f"unknown language {lang!r}: one of {', '.join(LANGS)}")
        if guard_only:
            accept = set((DATA / f"words-accept-{lang}.txt").read_text("utf-8").split())
            print(f"{lang}: guard {write_guard(lang, accept, check)} words")
            continue
        build(lang, check)
    if guard_only:
        return 0
    if not check and standalone:
        print("the licence file (its word counts) is rewritten by python scripts/build_wordlists.py")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
