"""The frozen word lists (printkit/data) and their loader, printkit.words."""

from __future__ import annotations

import re
from collections.abc import Set
from importlib import resources
from pathlib import Path

import pytest

from printkit import words
from printkit.errors import UsageError

ROOT = Path(__file__).resolve().parent.parent
BLOCKLIST = ROOT / "scripts" / "blocklist.txt"
DEBIAN_LIST = Path("/usr/share/dict/american-english-large")
SCOWL = Path("/usr/share/dict/scowl")


@pytest.fixture(autouse=True)
def _no_user_words():
    words.clear_user_words()
    yield
    words.clear_user_words()


def data_lines(name: str) -> list[str]:
    return resources.files("printkit.data").joinpath(name).read_text("ascii").splitlines()


def blocklist() -> list[str]:
    entries = []
    for line in BLOCKLIST.read_text(encoding="utf-8").splitlines():
        entry = line.split("#", 1)[0].strip()
        if entry:
            entries.append(entry)
    return entries


# -- the files ---------------------------------------------------------------------

def test_lists_load():
    accept = words.accept_words()
    puzzle = words.puzzle_words()
    assert isinstance(accept, Set) and isinstance(accept, words.Lexicon)  # compact, read-only
    assert isinstance(puzzle, tuple)
    assert len(accept) > 100_000
    assert 20_000 <= len(puzzle) <= 30_000
    assert words.accept_words() is accept  # cached
    assert words.puzzle_words() is puzzle


def test_accept_file_is_sorted_lowercase_ascii():
    lines = data_lines("words-accept.txt")
    assert lines == sorted(set(lines))
    for w in lines:
        assert re.fullmatch(r"[a-z]{2,15}", w) or w in ("a", "i"), w
    assert set(lines) == words.accept_words()


def test_licence_file_is_shipped():
    text = resources.files("printkit.data").joinpath("WORDLISTS-LICENSE.txt").read_text("utf-8")
    assert "python scripts/build_wordlists.py" in text
    assert "Kevin Atkinson" in text  # SCOWL
    assert "CC BY-SA 4.0" in text or "Attribution-ShareAlike 4.0" in text  # wordfreq data
    assert "Apache License" in text  # wordfreq code


# -- acceptance list ---------------------------------------------------------------

@pytest.mark.parametrize(
    "word",
    ["asked", "blogs", "study", "ghost", "knife", "spare", "spear", "sword",
     "the", "a", "i", "dogs", "colour", "color", "running", "happiest"],
)
def test_common_words_and_inflections_accepted(word):
    assert words.is_word(word)
    assert words.is_word(word.upper())
    assert words.is_word(word.capitalize())


@pytest.mark.parametrize(
    "name", ["london", "paris", "texas", "europe", "america", "david", "mary",
             "microsoft", "shakespeare", "tuesday"],
)
def test_proper_names_absent(name):
    assert not words.is_word(name)


@pytest.mark.skipif(not (DEBIAN_LIST.exists() and SCOWL.is_dir()),
                    reason="Debian's wamerican-large and scowl are not installed")
def test_names_only_capitalised_in_debian_list_absent():
    # Entries Debian lists only with a capital (London, but not "london") are names,
    # unless SCOWL lists them lowercase as British spellings (armour, tyre).
    entries = DEBIAN_LIST.read_text(encoding="utf-8").splitlines()
    lower = {e for e in entries if re.fullmatch(r"[a-z]+", e)}
    for path in SCOWL.glob("british*-words.*"):
        lower |= set(path.read_text(encoding="utf-8").split())
    capitalised = {e.lower() for e in entries if re.fullmatch(r"[A-Z][a-z]+", e)}
    names = capitalised - lower
    assert len(names) > 10_000
    leaked = sorted(names & words.accept_words())
    assert leaked == []


@pytest.mark.parametrize(
    "abbr", ["etc", "approx", "govt", "mph", "ibid", "kg", "km", "bldg", "asap",
             "xiv", "ii", "cs", "kb", "ms"],
)
def test_abbreviations_absent(abbr):
    assert not words.is_word(abbr)


@pytest.mark.parametrize("entry", ["dog's", "aardvark's", "can't", "o'clock", "e.g.",
                                   "x-ray", "café", "", "b", "z"])
def test_possessives_punctuation_and_single_letters_absent(entry):
    assert not words.is_word(entry)


def test_is_word_rejects_non_strings():
    assert not words.is_word(None)  # type: ignore[arg-type]
    assert not words.is_word(42)  # type: ignore[arg-type]


# -- puzzle list -------------------------------------------------------------------

def test_puzzle_list_in_file_order():
    assert words.puzzle_words() == tuple(data_lines("words-puzzle.txt"))


def test_puzzle_words_accepted_unique_and_sized():
    puzzle = words.puzzle_words()
    accept = words.accept_words()
    assert len(set(puzzle)) == len(puzzle)
    assert set(puzzle) <= accept
    assert all(3 <= len(w) <= 10 for w in puzzle)


def test_puzzle_list_ranked_by_frequency():
    puzzle = words.puzzle_words()
    rank = {w: i for i, w in enumerate(puzzle)}
    assert rank["the"] < 5
    assert "and" in puzzle[:10]
    # Very common short words never appear: the list starts at 3 letters.
    for short in ("a", "i", "of", "to", "in", "is"):
        assert short not in rank
    # Rough frequency order.
    assert rank["house"] < rank["ghost"] < rank["sword"] < rank["spear"]
    for w in ("study", "ghost", "knife", "spare", "spear", "sword", "asked"):
        assert w in rank


def test_no_blocked_word_in_puzzle_list():
    blocked = blocklist()
    assert 50 <= len(blocked) <= 500
    puzzle = set(words.puzzle_words())
    assert sorted(puzzle & set(blocked)) == []
    # Regular inflections of blocked entries are blocked too.
    for form in ("fucking", "fucked", "shits", "bitches", "sluts", "whores", "raped",
                 "cocks", "queers", "retards", "pimps", "sexier"):
        assert form not in puzzle, form


def test_answer_list_holds_headwords_not_inflections():
    # every game's answers: the puzzle list's words a dictionary enters, not their inflections
    answers = words.answer_words()
    assert answers == tuple(data_lines("words-answers.txt")) and set(answers) <= set(words.puzzle_words())
    rank = {w: i for i, w in enumerate(words.puzzle_words())}
    assert [rank[w] for w in answers] == sorted(rank[w] for w in answers)  # the puzzle list's order
    assert {"cat", "walk", "good", "child", "house", "spice"} <= set(answers)
    assert not {"cats", "walked", "walking", "better", "children", "houses", "spices"} & set(answers)


def test_blocking_spares_lookalike_inflections():
    # spices is spice + s, not an inflection of the blocked "spic".
    puzzle = set(words.puzzle_words())
    assert {"spice", "spices", "spiced"} <= puzzle


def test_user_words_do_not_enter_puzzle_list(tmp_path):
    before = words.puzzle_words()
    f = tmp_path / "mine.txt"
    f.write_text("zorblax\n", encoding="utf-8")
    words.add_user_words(f)
    assert words.puzzle_words() == before
    assert "zorblax" not in words.puzzle_words()


# -- user words --------------------------------------------------------------------

def test_add_user_words(tmp_path):
    f = tmp_path / "mine.txt"
    f.write_text(
        "# my words\n\nZorblax\nquuxify   # a comment\n  FROBNITZ \nzorblax\r\nsword\n",
        encoding="utf-8",
    )
    assert not words.is_word("zorblax")
    base = words.accept_words()
    assert words.add_user_words(f) == 4  # zorblax, quuxify, frobnitz, sword
    for w in ("zorblax", "ZORBLAX", "quuxify", "frobnitz", "sword"):
        assert words.is_word(w)
    assert words.accept_words() == base | {"zorblax", "quuxify", "frobnitz"}
    words.clear_user_words()
    assert not words.is_word("zorblax")
    assert words.accept_words() == base


def test_add_user_words_accepts_str_path_and_bom(tmp_path):
    f = tmp_path / "bom.txt"
    f.write_bytes("\ufeffblorp\n".encode("utf-8"))
    assert words.add_user_words(str(f)) == 1
    assert words.is_word("blorp")


def test_add_user_words_empty_file(tmp_path):
    f = tmp_path / "empty.txt"
    f.write_text("# nothing here\n\n", encoding="utf-8")
    assert words.add_user_words(f) == 0


def _one_line(exc: pytest.ExceptionInfo) -> str:
    msg = str(exc.value)
    assert "\n" not in msg and "\r" not in msg
    assert exc.value.exit_code == 2
    return msg


def test_add_user_words_missing_file(tmp_path):
    f = tmp_path / "nope.txt"
    with pytest.raises(UsageError) as exc:
        words.add_user_words(f)
    assert str(f) in _one_line(exc)


def test_add_user_words_directory(tmp_path):
    with pytest.raises(UsageError) as exc:
        words.add_user_words(tmp_path)
    assert str(tmp_path) in _one_line(exc)


@pytest.mark.parametrize(
    "bad", ["ice cream", "x-ray", "café", "dog's", "abc123", "word\tword"],
)
def test_add_user_words_bad_entry_names_file_and_line(tmp_path, bad):
    f = tmp_path / "bad.txt"
    f.write_text(f"# header\ngoodword\n{bad}\n", encoding="utf-8")
    with pytest.raises(UsageError) as exc:
        words.add_user_words(f)
    msg = _one_line(exc)
    assert str(f) in msg
    assert "line 3" in msg
    # All or nothing: the good line before the bad one was not added.
    assert not words.is_word("goodword")


def test_add_user_words_not_utf8(tmp_path):
    f = tmp_path / "latin1.txt"
    f.write_bytes(b"fine\nna\xefve\n")
    with pytest.raises(UsageError) as exc:
        words.add_user_words(f)
    msg = _one_line(exc)
    assert str(f) in msg and "line 2" in msg


def test_add_user_words_long_entry_message_stays_short(tmp_path):
    f = tmp_path / "long.txt"
    f.write_text("x" * 500 + "!\n", encoding="utf-8")
    with pytest.raises(UsageError) as exc:
        words.add_user_words(f)
    assert len(_one_line(exc)) < 200 + len(str(f))


def test_compact_lexicon_answers_like_a_set():
    lines = data_lines("words-accept.txt")
    accept = words.accept_words()
    plain = frozenset(lines)
    assert len(accept) == len(plain)
    assert all(w in accept for w in lines)
    near = [w + "q" for w in lines[::7]] + [w[:-1] for w in lines[::5]] + ["", "A", "Zebra", "naïve", 7, None]
    assert [x in accept for x in near] == [x in plain for x in near]
    assert accept.of_length(5) == sorted(w for w in lines if len(w) == 5)
    assert accept | {"zorblax"} == plain | {"zorblax"}
    assert hash(accept) == hash(plain) and {accept: 1}[plain] == 1


# -- the shipped indexes (scripts/build_word_indexes.py) ----------------------------

def _build_script():
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_word_indexes", ROOT / "scripts" / "build_word_indexes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shipped_indexes_are_what_the_lists_give():
    """Every index file in printkit/data holds, byte for byte, what the build
    script makes from the word lists now (rerun it after changing a list)."""
    made = _build_script().built()
    languages = {f"words-{kind}-{lang}.idx" for kind in ("accept", "puzzle") for lang in ("de", "fr", "es", "nl")}
    cw_langs = {f"cryptic-words-{kind}-{lang}.idx" for kind in ("accept", "puzzle") for lang in ("de", "fr", "es", "nl")}
    assert set(made) == {"words-accept.idx", "words-puzzle.idx", "cryptic-words-accept.idx", "cryptic-words-puzzle.idx", "crypto-crisis-index.idx", "crypticolor-index.idx"} | languages | cw_langs | {f"{game}-index-{lang}.idx" for game in ("crypticolor", "crypto-crisis") for lang in ("de", "fr", "es", "nl")}
    for name, data in made.items():
        shipped = resources.files("printkit.data").joinpath(name).read_bytes()
        assert shipped == data, f"printkit/data/{name} is out of date: run python scripts/build_word_indexes.py"


def test_loaded_indexes_equal_ones_built_from_the_lists():
    from printkit.games.cryptic_words import spell

    lexicon = words._base_accept()
    assert lexicon.packed_by_length() == words._accept_from_text().packed_by_length()
    assert len(lexicon) == len(data_lines("words-accept.txt"))
    for got, want in ((spell.accept_index(), spell.build_accept_index()), (spell.puzzle_index(), spell.build_puzzle_index())):
        assert got.words == want.words and got.size == want.size and got.all == want.all
        assert got._at == want._at and got.ends == want.ends and got._is_sorted == want._is_sorted
        assert got.decode(got.ends[5])[:50] == [w for w in want.words if len(w) == 5][:50]


def test_sorted_puzzle_words_are_the_list_by_length():
    packed = words.puzzle_words_sorted()
    listed = data_lines("words-puzzle.txt")
    assert sorted(packed) == sorted({len(w) for w in listed})
    for n, text in packed.items():
        got = [text[i : i + n] for i in range(0, len(text), n)]
        assert got == sorted({w for w in listed if len(w) == n}), n


def test_accept_index_takes_user_words(tmp_path):
    from printkit.games.cryptic_words import spell

    shipped = spell.accept_index()
    assert "zorblax" not in shipped
    f = tmp_path / "mine.txt"
    f.write_text("zorblax\n", encoding="utf-8")
    words.add_user_words(f)
    mine = spell.accept_index()
    assert "zorblax" in mine and mine.size == shipped.size + 1
    words.clear_user_words()
    assert spell.accept_index() is shipped
