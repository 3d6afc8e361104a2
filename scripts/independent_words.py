#!/usr/bin/env python3
"""Re-solve Cryptex and Cryptic Words puzzles of another language against an
independent dictionary, and print how many stay unique.

    python scripts/independent_words.py [LANG ...] [--seeds N]

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
      Dicollecte's hunspell-fr)
  es  wspanish (ispanish's list, Santiago Rodríguez and Jesús Carretero,
      /usr/share/dict/spanish; the list is RLA-ES's hunspell-es)
  nl  wordfreq's Dutch corpus words seen at least once in a million words (zipf
      >= 3: below that the corpus is mostly names, English and typos); every Dutch
      dictionary Debian packs (hunspell-nl, aspell-nl, idutch) is OpenTaal's, the
      project wdutch comes from, so none of them is independent

Every word is folded as the games fold theirs (printkit.lang.fold) and kept at
3-8 letters of the language's game letters. Words are read as the source writes
them: German nouns keep their capital in the source and are folded to lowercase
like every other word.

Cryptic Words: a puzzle is unique under the dictionary when its clues fit only
its answer among the dictionary's words (spell.solve), the answer counted as a
word even where the dictionary lacks it. Cryptex: the share of the answer keys'
finished words that the dictionary knows.

Needs: hunspell-tools (unmunch) and hunspell-de-de, wfrench, wspanish (Debian);
wordfreq (PyPI) for Dutch. A source that is missing is reported and skipped.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.lang import fold, is_game_word  # noqa: E402

SOURCES = {
    "de": "hunspell-de-de (igerman98) through unmunch, proper names left out",
    "fr": "wfrench (/usr/share/dict/french)",
    "es": "wspanish (/usr/share/dict/spanish)",
    "nl": "wordfreq Dutch, zipf >= 3",
}
MIN_ZIPF = 3.0


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
        return path.read_text(encoding="utf-8").split("\n") if path.exists() else None
    if lang == "nl":
        try:
            from wordfreq import iter_wordlist, zipf_frequency
        except ImportError:
            return None
        out = []
        for w in iter_wordlist("nl", "large"):
            if zipf_frequency(w, "nl", "large") < MIN_ZIPF:
                break
            out.append(w)
        return out
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


def main(argv: list[str]) -> int:
    seeds = 200
    if "--seeds" in argv:
        i = argv.index("--seeds")
        seeds = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
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
