"""Crypto Crisis in German, French, Spanish and Dutch: each language's grid drops the
letters measured to cost the fewest hideable words, boards and puzzles are made
and re-solved in the language, and (slow tier) a sweep is re-solved under an
independent dictionary."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from conftest import run_cli, sweep
from lang_dicts import SOURCES, independent_words
from printkit import puzzles as pz
from printkit.errors import UsageError
from printkit.games import get_game
from printkit.games.crypto_crisis import alphabet as A
from printkit.games.crypto_crisis import generator as G
from printkit.games.crypto_crisis import model as M
from printkit.games.crypto_crisis import rules as R
from printkit.games.crypto_crisis import solver
from printkit.games.crypto_crisis.grid import net_shift
from printkit.lang import language

LANGS = ("de", "fr", "es", "nl")
ROOT = Path(__file__).resolve().parent.parent


def _measure():
    spec = importlib.util.spec_from_file_location("measure_grid", ROOT / "scripts" / "measure_crypto_crisis_grid.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.measure


def test_grids_are_the_language_letters_less_the_dropped_ones():
    assert A.grid("en") == "ABCDEFGHIJKLMNOPQRSTUVWXY"
    for lang in LANGS:
        letters = language(lang).letters.upper()
        assert len(A.grid(lang)) == 25 == len(set(A.grid(lang)))
        assert A.grid(lang) == "".join(ch for ch in letters if ch not in A.DROPPED[lang])
    assert "ÄÖÜ" in A.grid("de") and "Ñ" in A.grid("es")


@pytest.mark.parametrize("lang", LANGS)
def test_dropped_letters_are_the_measured_best(lang):
    """The letters each grid drops are the set that keeps the most hideable
    common words (scripts/measure_crypto_crisis_grid.py), and the figures the
    rules page prints are what it measures."""
    measure = _measure()
    total, rows = measure(lang, top=2)
    (drop, kept, _), (_, second, _) = rows
    assert drop == A.DROPPED[lang] and kept > second
    assert A.kept(lang) == (kept, total)
    if lang == "de":  # Ä Ö Ü as letters beat writing them AE OE UE
        _, expanded = measure("de", expand=True, top=1)
        assert expanded[0][1] < kept
    assert f"{kept:,} of the {total:,}" in M.why(lang)


def test_cells_round_trip():
    for lang in LANGS:
        for word in ("BÄREN", "ZWÖLF", "DUEÑO", "LIVRE", "BROEK"):
            if all(ch in A.grid(lang) for ch in word):
                assert A.from_cells(A.to_cells(word, lang), lang) == word
    assert A.to_cells("JAGEN", "de")[0] == "Z"  # a dropped letter becomes the engine's refused Z


@pytest.mark.parametrize("lang", LANGS)
def test_puzzles_are_unique_under_the_language_lists(lang):
    model = G.build_puzzles({"lang": lang, "seed": "3", "count": sweep(200, 3), "difficulty": "mixed"})
    assert model["params"]["lang"] == lang
    assert R.check_puzzles(model) == []  # re-solved from the merged board under its acceptance list
    from printkit.words import puzzle_words

    common = set(puzzle_words(lang))
    for p in model["puzzles"]:
        assert p["lang"] == lang and G.id_lang(p["id"]) == lang
        assert all(w["word"].lower() in common for w in p["words"])
        assert {c["letter"] for c in p["cells"]} == set(A.grid(lang))


def test_an_id_reprints_its_language_and_edits_are_caught():
    model = G.build_puzzles({"lang": "de", "seed": "5", "count": 2, "difficulty": "mixed"})
    first = model["puzzles"][0]
    assert first["id"].startswith("CC-DE-")
    assert G.build_puzzles({"id": first["id"]})["puzzles"][0] == first
    with pytest.raises(UsageError, match="German puzzle"):
        G.build_puzzles({"id": first["id"], "lang": "fr"})
    edited = {**first, "words": [{**first["words"][0], "word": "HUNDE"}, *first["words"][1:]]}
    assert R.check_puzzles({"puzzles": [edited]})
    english_id = {**first, "id": G.build_puzzles({"seed": "5", "count": 2})["puzzles"][0]["id"]}
    assert any(v.code == "CC-PUZZLE-ID" for v in R.check_puzzles({"puzzles": [english_id]}))


def test_board_from_umlaut_words_and_refusals():
    board = M.build_board({"lang": "de", "word": ["bären:LL", "kopfs:U", "zwölf:RRD"]})
    assert [w["word"] for w in board["words"]] == ["BÄREN", "KOPFS", "ZWÖLF"]
    assert R.check_board(board) == []
    assert all(t in A.grid("de") for w in board["words"] for t in w["tiles"])
    with pytest.raises(UsageError, match="J is not on the German grid"):
        M.build_board({"lang": "de", "word": ["jagen", "hunde", "nebel"]})
    bad = M.build_board({"lang": "de", "word": ["bären", "kopf", "zwölf"]})
    found = R.check_board(bad)
    assert any("'kopf'" in v.place and "German word" in v.message for v in found)
    with pytest.raises(UsageError, match="--example"):
        M.build_board({"lang": "es", "example": True})
    random_board = M.build_board({"lang": "nl", "seed": "4"})
    assert R.check_board(random_board) == []


@pytest.mark.parametrize("lang", LANGS)
def test_paper_shows_the_language_grid(lang):
    sheet = M.build_sheet({"lang": lang})
    assert sheet["grid"] == A.grid(lang) and R.check_sheet(sheet) == []
    assert sheet["method"]["example"]["word"] == M.METHOD_WORDS[lang]
    sheet["grid"] = A.grid("en")
    assert any(v.code == "CC-SHEET-GRID" for v in R.check_sheet(sheet))


def test_german_method_page_prints_the_german_grid(tmp_path):
    import pypdfium2 as pdfium

    out = tmp_path / "sheet.pdf"
    proc = run_cli("sheet", "crypto-crisis", "--lang", "de", "--part", "method", "--output", str(out))
    assert proc.returncode == 0, proc.stderr
    text = pdfium.PdfDocument(str(out))[0].get_textpage().get_text_range()
    assert "kein J, Q, X oder Y" in text and "Ä" in text  # the page is in German (printkit/locale) and "Ü" in text and "BRIEF" in text


def test_rules_page_says_which_letters_go_and_why():
    game = get_game("crypto-crisis")
    de = game.rules_text("de")
    have, total = A.kept("de")
    assert "W Z Ä Ö Ü. Es gibt kein J, Q, X, Y." in de and f"lässt J, Q, X, Y weg und behält so {have} der {total}" in de
    assert "Il n'y a pas de W." in game.rules_text("fr") and "deja fuera K, W" in game.rules_text("es")
    assert "U V W X Y. There is no Z." in game.rules_text("en") and "grid:**" not in game.rules_text("en")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_sweep_against_an_independent_dictionary(lang):
    """200 puzzles a language (easy, medium, hard in turn), each colour re-solved
    from the merged board with every shift out under a dictionary made apart from
    printkit's lists and from the generator's ambiguity guard (tests/lang_dicts.py,
    scripts/independent_words.py). Measured (seed 'indep', answers from the headword
    lists): of the colours whose answer that dictionary holds, unique: de 100% (594
    of 594), fr 99.8% (583 of 584), es 99.6% (551 of 553), nl 99.3% (299 of 301; the
    Dutch Wiktionary holds fewer answers)."""
    if independent_words(lang) is None:
        pytest.skip(f"{SOURCES[lang]} is not installed")
    res = _independent().crypto_crisis_unique(lang, 200)
    assert res["held"] >= 0.25 * res["colours"], res  # the dictionary is one of the language
    assert res["unique"] >= 0.95 * res["held"], (lang, res["unique"], res["held"], res["not_unique"][:10])


def _independent():
    spec = importlib.util.spec_from_file_location("independent_words", Path(__file__).resolve().parent.parent / "scripts" / "independent_words.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pool_leaves_out_words_a_guard_word_is_a_twin_of():
    """Crypto Crisis hides no word whose first two and last three letters another
    word of the ambiguity guard (wordfreq's corpus words and simplemma's words the
    acceptance list lacks, printkit/data/words-guard-LANG.txt) shares: with every shift out, that
    word would read as well."""
    from printkit.games.crypto_crisis.alphabet import to_cells
    from printkit.games.crypto_crisis.grid import letters_mask

    for lang in LANGS:
        guard = (Path(__file__).resolve().parent.parent / "printkit" / "data" / f"words-guard-{lang}.txt").read_text("utf-8").split()
        twins = {(letters_mask(w[:2]), letters_mask(w[2:])) for w in (to_cells(g.upper(), lang) for g in guard) if "Z" not in w}
        pool = G._pool(lang).words
        # headwords (words.answer_words): de 365, fr 335, es 352, nl 316 (from the whole
        # puzzle lists, inflections included, more than 600 each)
        assert len(pool) > 300
        assert not [w for w in pool if (letters_mask(w[:2]), letters_mask(w[2:])) in twins]


@pytest.mark.parametrize("game", ("crypto-crisis", "crypticolor", "scryptic"))
def test_every_component_json_in_german_validates(game, tmp_path):
    """`--json` of every component in German, read back by `printkit validate`:
    the schema allows the language's keys and the rules pass in its letters."""
    for name in get_game(game).components:
        out = tmp_path / f"{name}.json"
        proc = run_cli(name, game, "--lang", "de", "--json")
        assert proc.returncode == 0, proc.stderr
        out.write_text(proc.stdout, encoding="utf-8")
        check = run_cli("validate", str(out))
        assert check.returncode == 0, (name, check.stdout, check.stderr)
