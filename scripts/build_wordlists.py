#!/usr/bin/env python3
"""Build printkit's two frozen word lists and their licence file.

    python scripts/build_wordlists.py [--omw DIR]   (DIR: omwn/omw-data, for Spanish)

Inputs (Debian packages wamerican, wamerican-large, scowl; the Python packages wordfreq
and simplemma):
  /usr/share/dict/scowl/*-words.<size>   SCOWL's word-class lists (no proper names,
                                         abbreviations or contractions: those live
                                         in SCOWL's other classes)
  /usr/share/doc/wamerican{,-large}/*.scowl-word-lists-used
                                         which SCOWL files each Debian list is made of
  /usr/share/dict/american-english{,-large}  cross-checked against the SCOWL files
  /usr/share/doc/{wamerican,wamerican-large,scowl}/copyright  licence notices
  scripts/blocklist.txt                  offensive words kept out of the puzzle list
  wordfreq (English, "large" list)       frequencies that rank the puzzle list

Outputs (in printkit/data/):
  words-accept.txt   "is this an English word?": SCOWL's word class at size <= 70
                     (the word part of wamerican-large) plus British spellings of
                     the same sizes; lowercase a-z, 2..15 letters plus "a" and "i";
                     sorted, one per line.
  words-puzzle.txt   "what may a generator hide?": SCOWL's word class at size <= 50
                     (the word part of wamerican), 3..10 letters, minus the blocklist
                     and its inflections, ranked by wordfreq's English frequency (most
                     frequent first, ties alphabetical); the PUZZLE_SIZE most frequent.
  words-answers.txt  every game's answers: the puzzle list's headwords, in its order
                     (simplemma's lemmas: cat, walk, not cats, walked).
  WORDLISTS-LICENSE.txt  how the lists were built, and the licences of the sources.

Then rebuild the indexes made from these lists: python scripts/build_word_indexes.py.

Deterministic: same inputs give the same bytes (nothing depends on dates, hashing
or set order). wordfreq is needed only here, never at run time.
"""

from __future__ import annotations

import importlib.metadata
import math
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from wordfreq import word_frequency

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "printkit" / "data"
BLOCKLIST = ROOT / "scripts" / "blocklist.txt"

DICT = Path("/usr/share/dict")
SCOWL = DICT / "scowl"
WAMERICAN = DICT / "american-english"
WAMERICAN_LARGE = DICT / "american-english-large"
LISTS_USED = Path("/usr/share/doc/wamerican-large/wamerican-large.scowl-word-lists-used")
LISTS_USED_PUZZLE = Path("/usr/share/doc/wamerican/wamerican.scowl-word-lists-used")
COPYRIGHTS = [
    Path("/usr/share/doc/wamerican/copyright"),
    Path("/usr/share/doc/wamerican-large/copyright"),
    Path("/usr/share/doc/scowl/copyright"),
]
DEBIAN_PACKAGES = ["wamerican", "wamerican-large", "scowl"]

MAX_SCOWL_SIZE = 70  # the size wamerican-large is built to ("large")
BRITISH_CLASSES = ["british", "british_z"]  # colour, organise; honour, organize
ACCEPT_MIN, ACCEPT_MAX = 2, 15
ONE_LETTER_WORDS = {"a", "i"}
VOWELS = set("aeiouy")
TWO_LETTER_NO_VOWEL_KEEP = {"sh"}  # SCOWL's cs, kb, lm, ms, ts... are letters/units
NOT_WORDS = {"csc", "csch", "dkl", "hhd"}  # unit/function symbols SCOWL files as words
PUZZLE_MIN, PUZZLE_MAX = 3, 10
PUZZLE_SIZE = 25_000
FREQ_LANG = "en"
FREQ_WORDLIST = "large"

WORD_RE = re.compile(r"[a-z]+")


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def sort_key(path: Path) -> tuple[str, int]:
    name, size = path.name.rsplit(".", 1)
    return name, int(size)


def word_class_files(lists_used: Path) -> list[Path]:
    """The SCOWL word-class files (<class>-words.<size>) a Debian list was built from."""
    paths = [SCOWL / line.strip() for line in read_lines(lists_used)
             if re.fullmatch(r"[a-z_0-9]+-words\.\d+", line.strip())]
    return sorted(paths, key=sort_key)


def british_files() -> list[Path]:
    paths = [path for cls in BRITISH_CLASSES for path in SCOWL.glob(f"{cls}-words.*")
             if sort_key(path)[1] <= MAX_SCOWL_SIZE]
    return sorted(paths, key=sort_key)


def lowercase_words(paths: list[Path]) -> set[str]:
    words: set[str] = set()
    for path in paths:
        words.update(w for w in read_lines(path) if WORD_RE.fullmatch(w))
    return words


def acceptable(word: str) -> bool:
    if len(word) == 1:
        return word in ONE_LETTER_WORDS
    if not ACCEPT_MIN <= len(word) <= ACCEPT_MAX:
        return False
    if len(word) == 2 and not VOWELS & set(word):
        return word in TWO_LETTER_NO_VOWEL_KEEP
    return word not in NOT_WORDS


def read_blocklist() -> list[str]:
    entries = []
    for n, line in enumerate(read_lines(BLOCKLIST), 1):
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        if not WORD_RE.fullmatch(entry):
            sys.exit(f"{BLOCKLIST}:{n}: {entry!r} is not lowercase a-z")
        entries.append(entry)
    return entries


def inflections(stem: str) -> set[str]:
    """The stem and its regular inflections: +s, +es, +ed/+d, +ing (doubling a final
    consonant, dropping a final e) and, for stems in -y, -ies -ied -ier -iest -ily
    -iness. No other derivations (-er, -y, -ish): list those in the blocklist."""
    forms = {stem, stem + "s", stem + "es", stem + "ed", stem + "ing"}
    if stem.endswith("e"):
        forms |= {stem + "d", stem[:-1] + "ing"}
    if stem.endswith("y"):
        forms |= {stem[:-1] + s for s in ("ies", "ied", "ier", "iest", "ily", "iness")}
    if len(stem) >= 3 and stem[-1] not in "aeiouwxy" and stem[-2] in "aeiou":
        forms |= {stem + stem[-1] + s for s in ("ed", "ing")}
    return forms


def plain_forms(word: str) -> set[str]:
    """Forms that are certainly inflections of word: +s; for words in -e, +d, -ing."""
    forms = {word + "s"}
    if word.endswith("e"):
        forms |= {word + "d", word[:-1] + "ing"}
    return forms


def blocked_forms(stems: list[str], words: set[str]) -> tuple[set[str], set[str]]:
    """The blocked entries and their inflections, and the inflections let through.

    A generated form stays allowed when it is plainly an inflection of an unblocked
    word too: spices, spiced, spicing (spice, not spic), japes (jape), crappies
    (crappie)."""
    stem_set = set(stems)
    generated: set[str] = set()
    for stem in stems:
        generated |= inflections(stem) - {stem}
    innocent: set[str] = set()
    for word in sorted(words - stem_set - generated):
        innocent |= plain_forms(word) & generated
    return stem_set | (generated - innocent), innocent


def headwords(words: list[str]) -> list[str]:
    """The words that are their own lemma, in the given order: the puzzle list is
    every game's answer list, and an answer is a headword a dictionary prints an
    entry for (cat, walk, good), not an inflection (cats, walked, better). The
    lemmatiser is simplemma (MIT; its English table comes from Wiktionary and other
    open lexicons), which must know the word and give it back unchanged."""
    import simplemma

    return [w for w in words if simplemma.is_known(w, "en") and simplemma.lemmatize(w, "en") == w]


def debian_versions() -> list[str]:
    out = []
    for pkg in DEBIAN_PACKAGES:
        try:
            version = subprocess.run(
                ["dpkg-query", "-W", "-f", "${Version}", pkg],
                capture_output=True, text=True, check=True,
            ).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            version = "unknown version"
        out.append(f"{pkg} {version}")
    return out


def markdown_section(text: str, title: str) -> str:
    """One '## title' section of wordfreq's README (its PyPI metadata)."""
    lines = text.splitlines()
    start = lines.index(f"## {title}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    return "\n".join(lines[start:end]).strip()


def licence_text(n_accept: int, n_puzzle: int, n_answers: int = 0) -> str:
    wf = importlib.metadata.distribution("wordfreq")
    wf_version = wf.version
    readme = wf.read_text("METADATA") or ""
    wf_licence = wf.read_text("LICENSE.txt") or wf.read_text("licenses/LICENSE.txt") or ""
    rule = "=" * 78
    parts = [
        "printkit word lists: how they were built, and the licences of their sources",
        rule,
        "",
        "Files: printkit/data/words-accept.txt, printkit/data/words-puzzle.txt",
        "Built by: python scripts/build_wordlists.py  (from the repository root)",
        "Sources: " + ", ".join(debian_versions()) + f" (Debian); wordfreq {wf_version} (PyPI)",
        "",
        *fill(
            f"words-accept.txt ({n_accept} words), \"is this an English word?\": the "
            f"SCOWL word-class lists (/usr/share/dict/scowl/*-words.N, N <= "
            f"{MAX_SCOWL_SIZE}) that Debian's wamerican-large is built from, i.e. that "
            "list without SCOWL's proper-name, abbreviation, contraction, upper-case, "
            "hacker and roman-numeral classes, plus SCOWL's British spelling lists ("
            f"{', '.join(BRITISH_CLASSES)}) of the same sizes. Kept: lowercase a-z "
            f"only, {ACCEPT_MIN}..{ACCEPT_MAX} letters, plus the one-letter words a and "
            "i. Dropped: entries with capitals, apostrophes (possessives, "
            "contractions), hyphens, periods or accents; two-letter entries without a "
            "vowel except 'sh' (plurals of letters and unit symbols: cs, kb, ms); "
            + ", ".join(sorted(NOT_WORDS)) + ". Sorted, one word a line."),
        "",
        *fill(
            f"words-puzzle.txt ({n_puzzle} words), \"what may a generator hide?\": "
            "the SCOWL word-class lists Debian's default wamerican is built from "
            "(sizes <= 50: common words; the larger sizes add too many lowercase "
            f"homographs of names, e.g. york, henry, brazil), {PUZZLE_MIN}.."
            f"{PUZZLE_MAX} letters, all in words-accept.txt, minus the entries of "
            "scripts/blocklist.txt (offensive words) and their regular inflections, "
            f"ranked by wordfreq.word_frequency(word, {FREQ_LANG!r}, "
            f"wordlist={FREQ_WORDLIST!r}), most frequent first, equal frequencies in "
            f"alphabetical order; the first {PUZZLE_SIZE} kept. The line order is the "
            "rank. The ranking is derived from wordfreq's data and is shared under "
            "the same licence (CC BY-SA 4.0)."),
        "",
        *fill(
            f"words-answers.txt ({n_answers} words), every game's answers: the words of "
            "words-puzzle.txt, in its order, that simplemma (the lemmatiser below) gives "
            "back as their own lemma: headwords such as cat and walk, not cats and walked. "
            "Shared under CC BY-SA 4.0 like the ranking."),
        "",
        "",
        rule,
        "SCOWL and the Debian word lists (wamerican, wamerican-large, scowl)",
        rule,
        "",
    ]
    texts: dict[str, list[str]] = {}
    for path in COPYRIGHTS:
        texts.setdefault(path.read_text(encoding="utf-8"), []).append(str(path))
    for text, paths in texts.items():
        parts += [*fill("Copied from " + ", ".join(paths)
                        + (" (the files are identical)" if len(paths) > 1 else "") + ":"),
                  "", text.rstrip(), ""]
    parts += [
        "",
        rule,
        f"wordfreq {wf_version}: code Apache-2.0, data CC BY-SA 4.0",
        rule,
        "",
        "https://github.com/rspeer/wordfreq/ (Robyn Speer). From its README, as shipped",
        "in the installed package's metadata:",
        "",
        markdown_section(readme, "License"),
        "",
        markdown_section(readme, "Citations to work that wordfreq is built on"),
        "",
        "wordfreq's LICENSE.txt:",
        "",
        wf_licence.rstrip(),
        "",
        "",
        rule,
        f"simplemma {importlib.metadata.version('simplemma')}: MIT (chooses the answers; words of its tables in the guard)",
        rule,
        "",
        *fill("https://github.com/adbar/simplemma (Adrien Barbaresi). The lemmatiser that "
              "tells which words of the puzzle lists are headwords, in every language "
              "(scripts/build_wordlists.py headwords, scripts/build_wordlists_lang.py "
              "headwords): a puzzle list keeps a word of its own source when simplemma gives "
              "the word back as its lemma. The ambiguity guards (words-guard-LANG.txt) also "
              "hold the five-letter words of its tables that the acceptance lists lack "
              "(scripts/build_wordlists_lang.py guard_list). simplemma's tables are built "
              "from Wiktionary and other open lexicons; its code and data are distributed "
              "under the MIT licence."),
        "",
    ]
    import build_wordlists_lang

    return "\n".join(parts) + build_wordlists_lang.licence_sections() + "\n"


def fill(text: str) -> list[str]:
    return textwrap.wrap(text, width=78, break_on_hyphens=False)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(text.encode("utf-8"))
    tmp.replace(path)


def main() -> int:
    american_files = word_class_files(LISTS_USED)
    puzzle_files = word_class_files(LISTS_USED_PUZZLE)
    british = british_files()
    american_raw = lowercase_words(american_files)
    puzzle_raw = lowercase_words(puzzle_files)
    british_raw = lowercase_words(british)

    # Cross-checks: SCOWL's word class is the lowercase part of the Debian lists minus
    # what SCOWL files under its other classes (abbreviations, hacker slang...).
    for raw, debian in ((american_raw, WAMERICAN_LARGE), (puzzle_raw, WAMERICAN)):
        missing = raw - {w for w in read_lines(debian) if WORD_RE.fullmatch(w)}
        if missing:
            sys.exit(f"{len(missing)} SCOWL words missing from {debian}: "
                     f"{sorted(missing)[:10]}")
    if not puzzle_raw <= american_raw:
        sys.exit("wamerican's words are not all in wamerican-large")

    american = {w for w in american_raw if acceptable(w)}
    accept = american | {w for w in british_raw if acceptable(w)}

    stems = read_blocklist()
    blocked, innocent = blocked_forms(stems, accept)

    candidates = [w for w in sorted(puzzle_raw)
                  if PUZZLE_MIN <= len(w) <= PUZZLE_MAX and w in accept]
    kept = [w for w in candidates if w not in blocked]
    freq = {w: word_frequency(w, FREQ_LANG, wordlist=FREQ_WORDLIST) for w in kept}
    ranked = sorted((w for w in kept if freq[w] > 0), key=lambda w: (-freq[w], w))
    puzzle = ranked[:PUZZLE_SIZE]
    if len(puzzle) < PUZZLE_SIZE:
        sys.exit(f"only {len(puzzle)} puzzle words")
    answers = headwords(puzzle)

    accept_sorted = sorted(accept)
    write(DATA / "words-accept.txt", "\n".join(accept_sorted) + "\n")
    write(DATA / "words-puzzle.txt", "\n".join(puzzle) + "\n")
    write(DATA / "words-answers.txt", "\n".join(answers) + "\n")
    import build_wordlists_lang  # German, French, Spanish, Dutch

    build_wordlists_lang.main([a for a in sys.argv[1:3] if sys.argv[1:2] == ["--omw"]], standalone=False)  # --omw DIR: Spanish
    write(DATA / "WORDLISTS-LICENSE.txt", licence_text(len(accept_sorted), len(puzzle), len(answers)))

    print(f"SCOWL word-class files: {len(american_files)} (wamerican-large), "
          f"{len(puzzle_files)} (wamerican), {len(british)} British")
    print(f"acceptance list: {len(accept_sorted)} words "
          f"({len(american)} American + {len(accept) - len(american)} British spellings)")
    print(f"blocklist: {len(stems)} entries; {len(blocked & accept)} accepted words "
          f"blocked; let through as inflections of other words: "
          f"{', '.join(sorted(innocent & accept)) or '-'}")
    print(f"puzzle candidates ({PUZZLE_MIN}..{PUZZLE_MAX} letters, wamerican): "
          f"{len(candidates)}, {len(candidates) - len(kept)} blocked, "
          f"{len(ranked)} with a wordfreq frequency > 0")
    print(f"puzzle list: {len(puzzle)} words (last: {puzzle[-1]!r}, "
          f"zipf frequency {freq_to_zipf(freq[puzzle[-1]]):.2f})")
    for name in ("words-accept.txt", "words-puzzle.txt", "WORDLISTS-LICENSE.txt"):
        print(f"wrote {(DATA / name).relative_to(ROOT)} ({(DATA / name).stat().st_size} bytes)")
    return 0


def freq_to_zipf(f: float) -> float:
    return math.log10(f) + 9


if __name__ == "__main__":
    sys.exit(main())
