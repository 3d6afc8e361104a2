#!/usr/bin/env python3
"""Build Scryptic's printed lists of meaning words (the x1.5 bonuses) and their licence note.

    python scripts/build_meanings.py

Inputs:
  /usr/share/wordnet/{index,data}.{noun,verb,adj}   Princeton WordNet 3.0 (Debian package
                                                    wordnet-base)
  /usr/share/doc/wordnet-base/copyright             its licence
  printkit/data/words-puzzle.txt                    common words (see build_wordlists.py)
  scripts/scryptic-meanings-drop.txt                words a person reviewing the lists struck
                                                    out: WordNet puts a rare sense of them under
                                                    a root (bean: to hit on the head), words
                                                    offensive at a game table (jihad, lynch,
                                                    massacre), and meaning:word for a word
                                                    struck from one list only (attacking:withstand)
  scripts/blocklist.txt                             the offensive-word list of the puzzle list:
                                                    no entry, nor a regular inflection of one,
                                                    is ever printed in a meaning list

For each meaning (attacking, defending, sneaking, cutting or fire) the script starts
from a handful of WordNet senses named below (ROOTS), takes every sense below them
(hyponyms, to any depth; for verbs also the verbs they entail), and keeps each
one-word lemma that is also a common word (printkit/data/words-puzzle.txt), plus
its plain inflections found in that list (attack -> attacks, attacked). Words that
land in two meanings stay in both. Each list is sorted alphabetically and cut to
the MAX_WORDS most common words.

German, French, Spanish and Dutch (python scripts/build_meanings.py --omw DIR):
  DIR is a copy of the Open Multilingual Wordnet's data repository (omwn/omw-data,
  commit OMW_COMMIT below), whose tab files give each Princeton WordNet 3.0 synset
  (by its offset, so the same ROOTS and the same closure serve every language) its
  lemmas in a language: WOLF for French, the Open Dutch WordNet for Dutch, and for all
  four the lemmas OMW extracted from Wiktionary's translation tables and from the
  Unicode CLDR (OMW_FILES). A lemma is kept when
    - its synset is in the meaning's closure and is the commonest sense of one of its
      English lemmas (the English filter at the synset: drops "bean: to hit");
    - at least 1/RATIO of all the synsets the language's data gives it are in the
      closure (WOLF and ODWN were built by machine and hang "temps" or "passer" on
      many senses);
    - written in the game's letters (printkit.lang.fold) it is one word of the
      language's common list (printkit/data/words-puzzle-LANG.txt);
    - it is in neither scripts/blocklist-LANG.txt (offensive words) nor
      scripts/scryptic-meanings-drop-LANG.txt (struck after review, same syntax as the
      English drop list: the table's tone, and senses a player would not read).
  scripts/scryptic-meanings-add-LANG.txt ("meaning: word word ...") adds the words a
  reviewer found missing (the rulebook's own examples, SWORD, SHIELD, SPY, HIDE, in the
  language, and their kin the sources lack); each must be a common word of the
  language too, or the build stops. Lemmas only: no inflections are added.

Output: printkit/data/scryptic-meanings[-LANG].txt (one "meaning: word word ..." line
per meaning) and printkit/data/SCRYPTIC-MEANINGS-LICENSE.txt. Deterministic.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import textwrap
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "printkit" / "data"
WN = Path("/usr/share/wordnet")
DROP = ROOT / "scripts" / "scryptic-meanings-drop.txt"  # reviewed: senses that do not read as the meaning at the table
BLOCKLIST = ROOT / "scripts" / "blocklist.txt"  # offensive words (build_wordlists.py keeps them out of the puzzle list)
COPYRIGHT = Path("/usr/share/doc/wordnet-base/copyright")
POS = {"n": "noun", "v": "verb", "a": "adj", "s": "adj"}
MAX_WORDS = 120
SENSES = 1  # how many of a word's commonest senses (per part of speech) may qualify it

# (lemma, part of speech, WordNet sense number): the senses each list grows from.
ROOTS: dict[str, list[tuple[str, str, int]]] = {
    "attacking": [
        ("attack", "v", 1), ("attack", "v", 2), ("attack", "n", 1), ("assail", "v", 1),
        ("weapon", "n", 1), ("fight", "v", 1), ("fight", "n", 2), ("kill", "v", 1),
        ("destroy", "v", 1), ("strike", "v", 1), ("hit", "v", 3), ("wound", "v", 1),
        ("warrior", "n", 1), ("soldier", "n", 1), ("invade", "v", 1), ("conquer", "v", 1),
        ("raid", "n", 1), ("charge", "n", 4), ("battle", "n", 1), ("war", "n", 1),
    ],
    "defending": [
        ("defend", "v", 1), ("defend", "v", 2), ("protect", "v", 1), ("guard", "v", 1),
        ("shield", "n", 2), ("armor", "n", 1), ("protective_covering", "n", 1),
        ("fortification", "n", 1), ("defense", "n", 1), ("defense", "n", 2),
        ("protection", "n", 1), ("guard", "n", 1), ("defender", "n", 2), ("shelter", "n", 1),
        ("barrier", "n", 1), ("resist", "v", 2), ("block", "v", 1), ("save", "v", 2),
    ],
    "sneaking": [
        ("spy", "n", 1), ("spy", "v", 1), ("hide", "v", 1), ("hide", "v", 2), ("sneak", "v", 1),
        ("conceal", "v", 1), ("deceive", "v", 1), ("deception", "n", 1), ("trickery", "n", 1),
        ("secrecy", "n", 1), ("stealth", "n", 1), ("disguise", "n", 1), ("ambush", "n", 1),
        ("thief", "n", 1), ("steal", "v", 1), ("creep", "v", 1), ("lurk", "v", 1),
        ("trick", "n", 1), ("betray", "v", 1),
    ],
    "cutting": [
        ("cut", "v", 1), ("chop", "v", 1), ("saw", "v", 1), ("carve", "v", 1), ("slice", "v", 1),
        ("fell", "v", 1), ("edge_tool", "n", 1), ("blade", "n", 1), ("cutter", "n", 6),
        ("fire", "n", 1), ("fire", "n", 3), ("burn", "v", 1), ("burn", "v", 5), ("flame", "n", 1),
        ("ignite", "v", 2), ("combustion", "n", 1), ("torch", "n", 1), ("blaze", "v", 1),
    ],
}
TITLES = {"attacking": "attacking", "defending": "defending", "sneaking": "sneaking", "cutting": "cutting or fire"}


def index(pos: str) -> dict[str, list[int]]:
    out = {}
    for line in (WN / f"index.{POS[pos]}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split()
        lemma, p_cnt = f[0], int(f[3])
        synset_cnt = int(f[2])
        out[lemma] = [int(x) for x in f[4 + p_cnt + 2:][:synset_cnt]]
    return out


def read_synset(pos: str, offset: int) -> tuple[list[str], list[tuple[str, str, int]]]:
    """(lemmas, pointers (symbol, pos, offset)) of one synset."""
    with open(WN / f"data.{POS[pos]}", "rb") as fh:
        fh.seek(offset)
        line = fh.readline().decode("latin-1")
    f = line.split(" | ")[0].split()
    w_cnt = int(f[3], 16)
    lemmas = [f[4 + 2 * k] for k in range(w_cnt)]
    k = 4 + 2 * w_cnt
    p_cnt = int(f[k])
    ptrs = []
    for j in range(p_cnt):
        sym, off, p = f[k + 1 + 4 * j], int(f[k + 2 + 4 * j]), f[k + 3 + 4 * j]
        ptrs.append((sym, "n" if p == "n" else "v" if p == "v" else "a", off))
    return lemmas, ptrs


def below(pos: str, offset: int) -> set[tuple[str, int]]:
    """The synset and every synset under it (hyponyms; verbs: also what they entail)."""
    seen = set()
    stack = [(pos, offset)]
    while stack:
        p, off = stack.pop()
        if (p, off) in seen:
            continue
        seen.add((p, off))
        _, ptrs = read_synset(p, off)
        for sym, pp, o in ptrs:
            if sym in ("~", "~i") and pp == p:
                stack.append((pp, o))
    return seen


def main_sense_in(word: str, synsets: set, indexes: dict) -> bool:
    """The word's commonest senses (WordNet lists senses most frequent first) include
    one of the collected synsets: keeps "sword", drops "book" (to book someone)."""
    for pos in ("n", "v"):
        for off in indexes[pos].get(word, [])[:SENSES]:
            if (pos, off) in synsets:
                return True
    return False


def offensive() -> set[str]:
    """Every blocklist entry with its regular inflections (as build_wordlists.py
    blocks them), and every word of the drop list."""
    out = set()
    for line in BLOCKLIST.read_text(encoding="utf-8").splitlines():
        stem = line.split("#", 1)[0].strip()
        if not stem:
            continue
        out |= {stem, stem + "s", stem + "es", stem + "ed", stem + "ing", stem + "d", stem[:-1] + "ing", stem[:-1] + "ies", stem[:-1] + "ied"}
        if len(stem) >= 3 and stem[-1] not in "aeiouwxy" and stem[-2] in "aeiou":
            out |= {stem + stem[-1] + "ed", stem + stem[-1] + "ing"}
    return out


# -- German, French, Spanish, Dutch -------------------------------------------------------

LANGS = ("de", "fr", "es", "nl")
OMW_COMMIT = "f75be19ec590da12a7a5665e361690b5badb7a25"  # omwn/omw-data, the copy these lists were built from
#: each language's tab files in the OMW data repository, and what each is
OMW_FILES = {
    "de": ("wns/wikt/wn-wikt-deu.tab", "wns/cldr/wn-cldr-deu.tab"),
    "fr": ("wns/fra/wn-data-fra.tab", "wns/wikt/wn-wikt-fra.tab", "wns/cldr/wn-cldr-fra.tab"),
    "es": ("wns/wikt/wn-wikt-spa.tab", "wns/cldr/wn-cldr-spa.tab"),
    "nl": ("wns/nld/wn-data-nld.tab", "wns/wikt/wn-wikt-nld.tab", "wns/cldr/wn-cldr-nld.tab"),
}
SOURCES = {
    "wns/fra/": "WOLF (Wordnet Libre du Français), Benoît Sagot and Darja Fišer, INRIA; CeCILL-C licence",
    "wns/nld/": "Open Dutch WordNet, Marten Postma, Emiel van Miltenburg, Roxane Segers, Anneleen Schoen and Piek Vossen, VU Amsterdam; CC BY-SA 4.0",
    "wns/wikt/": "lemmas extracted from Wiktionary's translation tables by Francis Bond and Ryan Foster for the Open Multilingual Wordnet; CC BY-SA (Wiktionary's licence)",
    "wns/cldr/": "lemmas taken from the Unicode Common Locale Data Repository by the Open Multilingual Wordnet; Unicode License",
}
RATIO = 6  # a lemma needs at least 1/RATIO of its synsets in the closure
LANG_NAMES = {"de": "German", "fr": "French", "es": "Spanish", "nl": "Dutch"}


def closure(meaning: str, indexes: dict) -> tuple[set, set]:
    """(every synset under the meaning's roots, those that are the commonest sense of
    one of their own English lemmas)."""
    synsets = set()
    for lemma, pos, sense in ROOTS[meaning]:
        synsets |= below(pos, indexes[pos][lemma][sense - 1])
    main = set()
    for p, off in synsets:
        for lemma in read_synset(p, off)[0]:
            if off in indexes[p].get(lemma.lower().split("(")[0], [])[:SENSES]:
                main.add((p, off))
                break
    return synsets, main


def read_omw(root: Path, lang: str, fold) -> dict[str, set]:
    """folded lemma -> the synsets (pos, offset) the language's data gives it."""
    out: dict[str, set] = defaultdict(set)
    for name in OMW_FILES[lang]:
        for line in (root / name).read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if line.startswith("#") or len(parts) < 3 or not parts[1].endswith("lemma"):
                continue
            off, _, pos = parts[0].partition("-")
            out[fold(parts[2].strip(), lang)].add(("a" if pos in "as" else pos, int(off)))
    return out


def read_drop(path: Path) -> tuple[set[str], dict[str, set[str]]]:
    """A drop list: (words struck from every list, meaning -> words struck from it alone)."""
    entries = [w for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#") for w in line.split()]
    drop_from: dict[str, set[str]] = {}
    for entry in entries:
        if ":" in entry:
            meaning, _, word = entry.partition(":")
            drop_from.setdefault(meaning, set()).add(word)
    return {w for w in entries if ":" not in w}, drop_from


def build_lang(lang: str, root: Path, indexes: dict) -> dict[str, tuple[int, int, int]]:
    """Write printkit/data/scryptic-meanings-LANG.txt; per meaning (from the sources,
    added by review, kept)."""
    sys.path.insert(0, str(ROOT))
    from printkit.lang import fold, is_game_word

    common = (DATA / f"words-puzzle-{lang}.txt").read_text(encoding="utf-8").split()
    accept = set((DATA / f"words-accept-{lang}.txt").read_text(encoding="utf-8").split())
    rank = {w: k for k, w in enumerate(common)}
    lemmas = read_omw(root, lang, fold)
    blocked = {fold(ln.split("#", 1)[0].strip(), lang) for ln in (ROOT / "scripts" / f"blocklist-{lang}.txt").read_text(encoding="utf-8").splitlines()} - {""}
    drop, drop_from = read_drop(ROOT / "scripts" / f"scryptic-meanings-drop-{lang}.txt")
    added: dict[str, list[str]] = {}
    for line in (ROOT / "scripts" / f"scryptic-meanings-add-{lang}.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            meaning, _, words = line.partition(":")
            added.setdefault(meaning.strip(), []).extend(fold(w, lang) for w in words.split())
    lines, counts = [], {}
    for meaning in ROOTS:
        synsets, main = closure(meaning, indexes)
        found = set()
        for word, senses in lemmas.items():
            if senses & main and len(senses & synsets) * RATIO >= len(senses) and is_game_word(word, lang) and word in rank:
                found.add(word)
        extra = set(added.get(meaning, ()))
        unknown = sorted(w for w in extra if w not in accept or not is_game_word(w, lang))
        if unknown:
            raise SystemExit(f"scripts/scryptic-meanings-add-{lang}.txt ({meaning}): not {LANG_NAMES[lang]} words (words-accept-{lang}.txt): {' '.join(unknown)}")
        words = {w for w in found | extra if w not in blocked and w not in drop and w not in drop_from.get(meaning, ())}
        chosen = sorted(sorted(words, key=lambda w: (rank.get(w, len(rank)), w))[:MAX_WORDS])
        counts[meaning] = (len(found), len(extra - found), len(chosen))
        lines.append(f"{meaning}: {' '.join(chosen)}")
    (DATA / f"scryptic-meanings-{lang}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return counts


def lang_note() -> str:
    """The licence note's part on the four languages, from the shipped lists."""
    rows = []
    for lang in LANGS:
        path = DATA / f"scryptic-meanings-{lang}.txt"
        if not path.exists():
            continue
        sizes = {m.strip(): len(w.split()) for m, _, w in (ln.partition(":") for ln in path.read_text(encoding="utf-8").splitlines())}
        files = ", ".join(OMW_FILES[lang])
        rows.append(
            f"  {LANG_NAMES[lang]}: printkit/data/scryptic-meanings-{lang}.txt, from {files}; "
            + ", ".join(f"{TITLES[m]} {n}" for m, n in sizes.items()) + " words"
        )
    if not rows:
        return ""
    sources = "\n".join(f"  {prefix}*: {what}" for prefix, what in SOURCES.items())
    return f"""
German, French, Spanish and Dutch lists
---------------------------------------
Built by: python scripts/build_meanings.py --omw DIR, DIR a copy of the Open
Multilingual Wordnet data repository (omwn/omw-data, commit {OMW_COMMIT}).
Its tab files give WordNet 3.0 synsets their lemmas in a language, so each list
grows from the same WordNet senses as the English one; a lemma is kept when its
synset is the commonest sense of one of its English lemmas, when at least 1/{RATIO}
of its synsets in the data are in the closure, and when it is one of the language's
common words (printkit/data/words-puzzle-LANG.txt). The language's offensive-word
list (scripts/blocklist-LANG.txt) and a reviewed drop list
(scripts/scryptic-meanings-drop-LANG.txt) take words out; a reviewed add list
(scripts/scryptic-meanings-add-LANG.txt) puts in words the sources lack, each a
word of the language's acceptance list (words-accept-LANG.txt). Lemmas only; printed as the game spells them.
{chr(10).join(rows)}

Sources, as the OMW data repository licenses them:
{sources}
The four lists are derived works of these sources and of WordNet 3.0: they are
shared under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/), the
share-alike terms of the Wiktionary and Open Dutch WordNet data, crediting the
authors above; the WOLF lemmas under CeCILL-C (https://cecill.info/licences/Licence_CeCILL-C_V1-en.html),
the CLDR lemmas under the Unicode License (https://www.unicode.org/license.txt),
and all of them under the WordNet 3.0 licence below.
"""


def main() -> None:
    ap = argparse.ArgumentParser(description="Build Scryptic's meaning lists (English; with --omw also de, fr, es, nl).")
    ap.add_argument("--omw", type=Path, help="a copy of the Open Multilingual Wordnet data repository (omwn/omw-data)")
    args = ap.parse_args()
    if args.omw is not None and not (args.omw / OMW_FILES["fr"][0]).is_file():
        raise SystemExit(f"--omw {args.omw}: no {OMW_FILES['fr'][0]} there (a copy of the omw-data repository?)")
    common = (DATA / "words-puzzle.txt").read_text().split()
    rank = {w: k for k, w in enumerate(common)}
    indexes = {p: index(p) for p in ("n", "v")}
    entries = [w for line in DROP.read_text().splitlines() if not line.startswith("#") for w in line.split()]
    drop = {w for w in entries if ":" not in w} | offensive()
    # "meaning:word" strikes a word from one list only (withstand defends, it does not attack)
    drop_from: dict[str, set[str]] = {}
    for entry in entries:
        if ":" in entry:
            meaning, _, word = entry.partition(":")
            drop_from.setdefault(meaning, set()).add(word)
    lines = []
    counts = {}
    for meaning, roots in ROOTS.items():
        synsets = set()
        for lemma, pos, sense in roots:
            synsets |= below(pos, indexes[pos][lemma][sense - 1])
        words = set()
        for p, off in synsets:
            for lemma in read_synset(p, off)[0]:
                w = lemma.lower().split("(")[0]
                if w.isalpha() and w.isascii() and w in rank and w not in drop and w not in drop_from.get(meaning, ()) and main_sense_in(w, synsets, indexes):
                    words.add(w)
                    ends = ("s", "es", "ed", "ing") if p == "v" else ("s", "es")
                    words.update(w + e for e in ends if w + e in rank and w + e not in drop)
        chosen = sorted(sorted(words, key=lambda w: (rank[w], w))[:MAX_WORDS])
        counts[meaning] = (len(words), len(chosen))
        lines.append(f"{meaning}: {' '.join(chosen)}")
    (DATA / "scryptic-meanings.txt").write_text("\n".join(lines) + "\n")
    for lang in LANGS if args.omw is not None else ():
        for m, (found, added, kept) in build_lang(lang, args.omw, indexes).items():
            print(f"{lang} {m}: {found} from the sources, {added} added by review, {kept} kept")
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "wordnet-base"], capture_output=True, text=True).stdout.strip() or "unknown"
    roots = "\n".join(
        f"  {TITLES[m]}: " + ", ".join(f"{lemma.replace('_', ' ')} ({pos}. {sense})" for lemma, pos, sense in r) for m, r in ROOTS.items()
    )
    note = f"""printkit's Scryptic meaning-word lists: how they were built, and the licence of their source
==============================================================================

File: printkit/data/scryptic-meanings.txt (printed on the Scryptic reference card)
Built by: python scripts/build_meanings.py  (from the repository root)
Source: Princeton WordNet 3.0 (Debian package wordnet-base {version}), filtered by
printkit/data/words-puzzle.txt (see WORDLISTS-LICENSE.txt).

Each list starts from these WordNet senses (part of speech and sense number as in
WordNet 3.0) and takes every sense below them (hyponyms, any depth), keeping
one-word lemmas that are common words, and their plain inflections found among
the common words; at most {MAX_WORDS} a list, the most common first, printed in
alphabetical order. Words found: {", ".join(f"{TITLES[m]} {a} (kept {b})" for m, (a, b) in counts.items())}.
{roots}

The lists are a derived work of WordNet, used under the WordNet 3.0 licence below.
{lang_note()}
==============================================================================
WordNet 3.0 licence (from /usr/share/doc/wordnet-base/copyright)
==============================================================================

"""
    lic = COPYRIGHT.read_text()
    body = lic.split("License: WordNet3.0", 1)[1].split("\nFiles:", 1)[0]
    body = "\n".join(line[1:] if line.startswith(" ") else line for line in body.splitlines())
    body = body.replace("\n.\n", "\n\n")
    (DATA / "SCRYPTIC-MEANINGS-LICENSE.txt").write_text(note + textwrap.dedent(body).strip() + "\n")
    for m, (a, b) in counts.items():
        print(f"en {m}: {a} words, {b} kept")


if __name__ == "__main__":
    main()
