#!/usr/bin/env python3
"""Build the word indexes shipped in printkit/data from the two word lists.

    python scripts/build_word_indexes.py          # write them
    python scripts/build_word_indexes.py --check  # exit 1 if a shipped one is out of date

Inputs: printkit/data/words-accept.txt, words-puzzle.txt and words-answers.txt (scripts/build_wordlists.py);
every generator's pool (the words a puzzle may hide) comes from the answer list, the puzzle list's headwords.
Outputs (printkit/data/), each a JSON header line and a blob (printkit.words.pack_index):
  words-accept.idx           the acceptance list, each length's words packed in one
                             string (what printkit.words.Lexicon holds)
  words-puzzle.idx           the puzzle list, each length's words sorted and packed
                             in one string (printkit.words.puzzle_words_sorted)
  cryptic-words-accept.idx   the Cryptic Words bitset index of the acceptance list
  cryptic-words-puzzle.idx   ... and of the puzzle list (games/cryptic_words/spell.py), with
                             the words a puzzle may hide (games/cryptic_words/puzzle.py)
  crypto-crisis-index.idx    the Crypto Crisis solver's indexes of the acceptance list
                             and of the puzzle list's five-letter words, and the
                             generator's pool (games/crypto_crisis/solver.py)
  crypticolor-index.idx      the acceptance list's five-letter words grouped by their
                             letters, and the Crypticolor word pool (games/crypticolor)
  words-accept-LANG.idx,     each other language's two lists (de, fr, es, nl: from
  words-puzzle-LANG.idx      words-accept-LANG.txt, words-puzzle-LANG.txt), packed as
                             English's are, UTF-8
  cryptic-words-accept-LANG.idx, cryptic-words-puzzle-LANG.idx
                             the same two Cryptic Words indexes for each other language
                             (de fr es nl) of printkit.lang, from words-accept-LANG.txt
                             and words-puzzle-LANG.txt
  crypticolor-index-LANG.idx the same for each other language (de, fr, es, nl), UTF-8, the
                             pool without the words that are anagrams of a guard word
                             (words-guard-LANG.txt), and the guard's anagram keys the
                             generator keeps a puzzle's other readings off
  crypto-crisis-index-LANG.idx the Crypto Crisis indexes and pool of each other language,
                             its words in the engine's cell letters (games/crypto_crisis/alphabet.py);
                             the pool also without the words a guard word is a twin of

Run it again whenever a word list changes; tests/test_words.py checks that every
shipped index holds what the lists give. Deterministic: the same lists give the
same bytes (sections in a fixed order, no dates).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "printkit" / "data"
sys.path.insert(0, str(ROOT))

from printkit import words  # noqa: E402
from printkit.games.crypto_crisis import generator, solver  # noqa: E402
from printkit.games.crypticolor import generate as clr_generate  # noqa: E402
from printkit.games.crypticolor import rules as clr_rules  # noqa: E402
from printkit.games.cryptic_words import puzzle as cw_puzzle  # noqa: E402
from printkit.games.cryptic_words import spell  # noqa: E402


def built() -> dict[str, bytes]:
    """File name -> the bytes it should hold, computed from the word lists."""
    words.clear_user_words()
    lexicon = words._accept_from_text()
    out = {words.list_file("accept", "en", "idx"): words.pack_index({str(n): t.encode("ascii") for n, t in lexicon.packed_by_length().items()}, words=len(lexicon))}
    puzzle = words.puzzle_words()
    out[words.list_file("puzzle", "en", "idx")] = words.pack_index({str(n): t.encode("ascii") for n, t in words.packed_by_length(puzzle).items()}, words=len(puzzle))
    for name, index in (("accept", spell.build_accept_index()), ("puzzle", spell.build_puzzle_index())):
        if name == "puzzle":  # the words a puzzle may hide, shipped with the index
            index.bits["hideable"] = cw_puzzle.hideable_from_lists(index)
        out[spell.INDEX_FILES[name]] = words.pack_index(index.sections(name), words=index.size)
    accept = solver.Index(lexicon)
    common = solver.Index({w.upper() for w in puzzle if len(w) == 5})
    pool = generator.pool_words(accept.exact, words.answer_words())  # answers: headwords
    sections = {**accept.sections("accept"), **common.sections("puzzle"), "pool.words": "".join(pool).encode("ascii")}
    out[solver.INDEX_FILE] = words.pack_index(sections, accept=len(accept._kept), puzzle=len(common._kept), pool=len(pool))
    anagrams = clr_rules._build_anagram_index(lexicon)
    pool = clr_generate.build_word_pool(anagrams, words.answer_words())
    sections = {**clr_rules.anagram_sections(anagrams), "pool.words": "".join(pool).encode("ascii")}
    out[clr_rules.INDEX_FILE] = words.pack_index(sections, keys=len(anagrams), pool=len(pool))
    out.update(language_list_indexes())
    for lang in OTHER_LANGUAGES:
        out.update(cryptic_words_indexes(lang))
    out.update(crypticolor_language_indexes())
    out.update(crypto_crisis_language_indexes())
    return out


def language_list_indexes() -> dict[str, bytes]:
    """words-accept-LANG.idx and words-puzzle-LANG.idx of every other language, made
    as English's (each length's words packed in one string, UTF-8)."""
    out = {}
    for lang in words.LANGS[1:]:
        lexicon = words._accept_from_text(lang)
        out[words.list_file("accept", lang, "idx")] = words.pack_index({str(n): t.encode("utf-8") for n, t in lexicon.packed_by_length().items()}, words=len(lexicon))
        puzzle = words.puzzle_words(lang)
        out[words.list_file("puzzle", lang, "idx")] = words.pack_index({str(n): t.encode("utf-8") for n, t in words.packed_by_length(puzzle).items()}, words=len(puzzle))
    return out


OTHER_LANGUAGES = ("de", "fr", "es", "nl")


def cryptic_words_indexes(lang: str) -> dict[str, bytes]:
    """Cryptic Words' two indexes of `lang`'s lists (the puzzle index with the
    words a puzzle may hide), as for English."""
    out = {}
    for name, index in (("accept", spell.build_accept_index(lang)), ("puzzle", spell.build_puzzle_index(lang))):
        if name == "puzzle":
            index.bits["hideable"] = cw_puzzle.hideable_from_lists(index, lang)
        out[spell.index_file(name, lang)] = words.pack_index(index.sections(name), words=index.size)
    return out


def crypticolor_language_indexes() -> dict[str, bytes]:
    """crypticolor-index-LANG.idx of every other language: its acceptance list's
    five-letter words by their letters and the pool of puzzle words (made as English's)."""
    out = {}
    for lang in ("de", "fr", "es", "nl"):
        anagrams = clr_rules._build_anagram_index(words._accept_from_text(lang))
        guard = sorted({clr_rules.anagram_key(w) for w in guard_words(lang)})
        pool = clr_generate.build_word_pool(anagrams, crypticolor_answers(lang), lang, frozenset(guard))
        sections = {**clr_rules.anagram_sections(anagrams), "pool.words": "".join(pool).encode("utf-8"),
                    "guard.keys": "".join(guard).encode("utf-8")}
        out[clr_rules.index_file(lang)] = words.pack_index(sections, keys=len(anagrams), pool=len(pool), guard=len(guard))
    return out


def crypticolor_answers(lang: str) -> tuple[str, ...]:
    """The words Crypticolor's pool is drawn from: the answer list and, for Spanish, the
    answers the build's second lexicon took out (printkit/data/words-doubtful-LANG.txt,
    scripts/build_wordlists_lang.py second_lexicon), in the common list's order.
    Crypticolor's pool is the five-letter answers no guard word is an anagram of; without
    them the Spanish pool falls from 121 to 110 words (the test asks for more than 120),
    and its sweep against an independent dictionary (tests/test_crypticolor_lang.py)
    meets the few answers with a rare anagram (joven: vejón, humor: mohur, plomo: pomol)
    so often that it drops below 95%: 178/190 (93.7%), against 183/190 with them
    (measured for issue 37). Leaving out only the four a reader takes for a name, a
    brand or a foreign word (volvo, judas, kappa, lupus) gives 117 words and 182/192
    (94.8%). The eleven doubtful words the pool holds: ahogo añada bravo ceiba corro
    hueca judas kappa lupus quedo volvo."""
    path = DATA / f"words-doubtful-{lang}.txt"
    if not path.exists():
        return words.answer_words(lang)
    keep = set(words.answer_words(lang)) | set(path.read_text("utf-8").split())
    return tuple(w for w in words.puzzle_words(lang) if w in keep)


def guard_words(lang: str) -> list[str]:
    """printkit/data/words-guard-LANG.txt: the ambiguity guard's five-letter words
    (scripts/build_wordlists_lang.py guard_list), which a puzzle may not fit besides its answer."""
    return (DATA / f"words-guard-{lang}.txt").read_text("utf-8").split()


def crypto_crisis_language_indexes() -> dict[str, bytes]:
    """crypto-crisis-index-LANG.idx of every other language, made as English's
    from its lists written in cell letters (lists.lexicon, lists.puzzle_list in
    the language)."""
    from printkit.games.crypto_crisis.lists import in_language, lexicon, puzzle_list

    from printkit.games.crypto_crisis.alphabet import to_cells

    out = {}
    for lang in ("de", "fr", "es", "nl"):
        with in_language(lang):
            accept = solver.Index(lexicon())
            common = solver.Index(puzzle_list())
            # the pool leaves out words with a twin (same first two, same last three
            # letters) in the acceptance list or in the ambiguity guard (words-guard-LANG.txt)
            guarded = solver.Index(set(lexicon()) | {to_cells(w.upper(), lang) for w in guard_words(lang)})
            answers = tuple(to_cells(w.upper(), lang) for w in words.answer_words(lang) if len(w) == 5)
            pool = generator.pool_words(guarded.exact, answers)
        sections = {**accept.sections("accept"), **common.sections("puzzle"), "pool.words": "".join(pool).encode("ascii")}
        out[solver.index_file(lang)] = words.pack_index(sections, accept=len(accept._kept), puzzle=len(common._kept), pool=len(pool))
    return out


def main() -> int:
    check = "--check" in sys.argv[1:]
    only = [a for a in sys.argv[1:] if a in OTHER_LANGUAGES]
    stale = []
    made = {} if only else built()
    for lang in only:  # python scripts/build_word_indexes.py de: that language's Cryptic Words indexes alone
        made.update(cryptic_words_indexes(lang))
    for name, data in made.items():
        path = DATA / name
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
            continue
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {len(data):,} bytes")
    if stale:
        print("out of date (run python scripts/build_word_indexes.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
