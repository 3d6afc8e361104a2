"""Cryptex and Cryptic Words in German, French, Spanish and Dutch (issue 25):
each language's decks, solo challenges, decode puzzles, forms, word indexes and
unique answers, through the command line where a player would use it."""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import decode_qr, render_page, run_cli, sweep
from test_cryptic_words import stats_rows
from printkit import words
from printkit.games.cryptex import choose_deck as cx_choose
from printkit.games.cryptex import deckgen as cx_deckgen
from printkit.games.cryptex import model as cx_model
from printkit.games.cryptex import rules as cx_rules
from printkit.games.cryptic_words import deckgen as cw_deckgen
from printkit.games.cryptic_words import rules as cw_rules
from printkit.games.cryptic_words import spell
from printkit.games.cryptic_words.default_deck import default_cards
from printkit.games.cryptic_words.puzzle import generate
from printkit.lang import language
from printkit.puzzles import make_token

LANGS = ("de", "fr", "es", "nl")
ROOT = Path(__file__).resolve().parent.parent


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _letters(lang: str) -> set[str]:
    return {ch.upper() for ch in language(lang).letters}


# -- Cryptex: the decks ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_cryptex_deck_has_the_rulebook_shape_in_the_language(lang):
    cards = cx_model.deck_cards(lang)
    assert len(cards) == 20 and all(len(c) == 5 for c in cards)
    jokers = [n for n, c in enumerate(cards, 1) if "?" in c]
    assert jokers == [n for n, c in enumerate(cx_model.RULEBOOK_CARDS, 1) if "?" in c] == [1, 6, 14, 18, 19]
    vowels = set(cx_deckgen.VOWELS[lang])
    for n, card in enumerate(cards, 1):
        letters = [ch for ch in card if ch != "?"]
        assert len(set(letters)) == len(letters), (n, card)
        assert set(letters) <= _letters(lang), (n, card)
        assert set(letters) & vowels, (n, card)  # every card offers a vowel
    assert cx_rules.check_deck(cx_model.build_deck({"lang": lang})) == []
    assert cards != cx_model.deck_cards("en")


@pytest.mark.parametrize("lang", LANGS)
def test_cryptex_deck_follows_the_languages_letter_frequencies(lang):
    """The deck is made from the common list's letter counts: the most frequent
    letters are on the most cards, a letter under 3 per thousand on none, and the
    counts are those deckgen gives for the frozen exponent (nothing hand-placed)."""
    freqs = cx_deckgen.letter_frequencies(words.puzzle_words(lang))
    seed, exponent, cards = __import__("printkit.games.cryptex.decks", fromlist=["DECKS"]).DECKS[lang]
    counts = Counter(ch for c in cards for ch in c if ch != "?")
    assert counts == Counter(cx_deckgen.letter_counts(freqs, exponent, cx_deckgen.VOWELS[lang], cx_deckgen.own_letters(lang)))
    assert cards == tuple(cx_deckgen.generate_deck(lang, freqs, seed, exponent))
    top = max(freqs, key=freqs.get)
    assert counts[top] == max(counts.values()), (top, counts.most_common(3))
    assert all(freqs[ch] >= cx_deckgen.MIN_SHARE or ch in cx_deckgen.own_letters(lang) for ch in counts)
    if lang == "de":
        assert {"Ä", "Ö", "Ü"} <= set(counts)  # German plays its umlauts
    if lang == "es":
        assert "Ñ" in counts


@pytest.mark.parametrize("lang", LANGS)
def test_every_cryptex_card_is_playable(lang):
    """Each card's letters reach at least as many of the language's commonest
    words as the English rulebook's least covered card does (0.650, card 19)."""
    english = cx_choose.card_coverage("en", list(cx_model.RULEBOOK_CARDS))
    assert min(english) == cx_choose.PLAYABLE
    cover = cx_choose.card_coverage(lang, cx_model.deck_cards(lang))
    assert min(cover) >= cx_choose.PLAYABLE, cover


def test_cryptex_deck_prints_the_languages_letters(workdir):
    proc = run_cli("deck", "cryptex", "--lang", "de", "--json", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    model = json.loads(proc.stdout)
    assert model["params"] == {"lang": "de"}
    (workdir / "deck.json").write_text(proc.stdout, encoding="utf-8")
    ok = run_cli("validate", "deck.json", cwd=workdir)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    model["cards"][0]["symbols"][0] = "Ñ"  # a Spanish letter on a German card
    (workdir / "bad.json").write_text(json.dumps(model), encoding="utf-8")
    bad = run_cli("validate", "bad.json", cwd=workdir)
    assert bad.returncode == 1 and "CRX-CARD-SYMBOL" in bad.stdout and "A-Z, Ä, Ö, Ü" in bad.stdout, bad.stdout
    pdf = run_cli("deck", "cryptex", "--lang", "de", cwd=workdir)
    assert pdf.returncode == 0, pdf.stderr
    text = "".join(p.extract_text() for p in PdfReader(workdir / "output" / "cryptex-deck.pdf").pages)
    umlauts = {ch for c in cx_model.deck_cards("de") for ch in c} & {"Ä", "Ö", "Ü"}
    assert umlauts and all(ch in text for ch in umlauts)


# -- Cryptex: solo challenges -----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["de", "es"])
def test_cryptex_challenge_id_carries_the_language_and_reprints_it(workdir, lang):
    proc = run_cli("puzzle", "cryptex", "--lang", lang, "--seed", "linden", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    path = workdir / "output" / "cryptex-puzzle.pdf"
    first = PdfReader(path).pages[0].extract_text()
    ident = next(w for w in first.split() if w.startswith("CX-"))
    assert ident.startswith(f"CX-{lang.upper()}-"), ident
    [qr] = decode_qr(render_page(path, 0, 200))
    assert qr == f"printkit puzzle cryptex --id {ident}"
    again = run_cli(*qr.split()[1:], "-o", "again.pdf", cwd=workdir)  # no --lang: the ID says it
    assert again.returncode == 0, again.stderr
    assert (workdir / "again.pdf").read_bytes() == path.read_bytes()
    other = run_cli("puzzle", "cryptex", "--id", ident, "--lang", "fr", cwd=workdir)
    assert other.returncode == 2 and "not in French" in other.stderr and "Traceback" not in other.stderr
    english = run_cli("puzzle", "cryptex", "--seed", "linden", "--json", cwd=workdir)
    assert json.loads(english.stdout)["id"].startswith("CX-") and json.loads(english.stdout)["id"].count("-") == 1


def test_a_dutch_id_holds_letters_outside_the_id_alphabet():
    """NL has an L, which IDs never print in their token (Crockford): the check
    character still covers it, and a one-letter slip is refused."""
    from printkit import puzzles
    from printkit.errors import UsageError

    model = cx_model.build_puzzle({"lang": "nl", "seed": "3"})
    ident = model["id"]
    assert ident.startswith("CX-NL-")
    assert cx_model.build_puzzle({"id": ident})["puzzles"] == model["puzzles"]
    assert puzzles.parse_id(ident, "CX", allowed=("NL",))[0] == "NL"
    with pytest.raises(UsageError):
        puzzles.parse_id(ident[:-2] + ("0" if ident[-2] != "0" else "1") + ident[-1], "CX", allowed=("NL",))


@pytest.mark.parametrize("lang", LANGS)
def test_cryptex_challenges_are_legal_games_scored_in_the_language(lang):
    """A few seeds (200 with --runslow): the answer key replays to its par under
    the language's acceptance list, and its words are that language's."""
    n = sweep(200, 2)
    model = cx_model.build_puzzle({"lang": lang, "seed": "sweep", "count": n})
    assert cx_rules.check_puzzle(model) == []
    pars = []
    common, written, rare = set(words.puzzle_words(lang)), 0, []
    for p in model["puzzles"]:
        assert p["id"].startswith(f"CX-{lang.upper()}-")
        done = cx_rules.completed_words(p["cryptexes"], model["lengths"])
        assert done and all(words.is_word(w, lang) for w in done), done
        written += len(done)
        rare += [w for w in done if w.lower() not in common]
        pars.append(p["par"])
    # the solver writes from the common list; its repair step scores by the acceptance
    # list (as the rules do) and may keep a rarer accepted word it completed: measured
    # 1 of the 200 French challenges (NANAN), none in the other languages
    assert len(rare) <= written // 100, rare
    assert min(pars) > 60  # the solver fills most rows with words, as in English (mean 86)
    # the validator scores in the language: an English word is not a German one
    if lang == "de":
        key = model["puzzles"][0]
        assert cx_rules.final_score(["CAT"], [3], 0, [], lambda w: words.is_word(w, "de"))[0] == -6 + 16


def test_cryptex_tiebreak_counts_the_languages_vowels():
    sheet = ["ÄÖÜ", "BCD"]
    assert cx_rules.tiebreak_key(sheet, [3, 3], 0, "de")[2] == -3
    assert cx_rules.tiebreak_key(sheet, [3, 3], 0, "en")[2] == 0


# -- Cryptic Words: the decks ------------------------------------------------------------------

DIGRAPHS = {"de": {"CH", "EI", "IE", "ST"}, "fr": {"QU", "OU", "AI", "CH"}, "es": {"CH", "LL", "RR", "QU"}, "nl": {"IJ", "CH", "OE", "EE"}}


@pytest.mark.parametrize("lang", LANGS)
def test_cryptic_words_deck_suits_the_language(lang):
    cards = default_cards(lang)
    model = {"params": {"seed": "1", "lang": lang}, "cards": cards}
    assert cw_rules.check_deck(model) == []
    entries = [e["entry"] for c in cards for e in c["entries"]]
    assert len(cards) == 30 and len(entries) == 180
    assert set("".join(entries)) <= _letters(lang)
    assert DIGRAPHS[lang] <= set(entries), DIGRAPHS[lang] - set(entries)
    word, codes = cw_deckgen.example_codes(lang)
    hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in cards}
    assert cw_rules.check_secret(word, codes, hand, "example", lang) == []  # the rules page's example is on the deck
    assert words.is_word(word, lang)
    if lang == "nl":
        assert "J" not in entries or entries.count("IJ") >= 1  # Dutch IJ is dealt as one entry
    if lang == "fr":
        assert "Q" not in entries  # Q comes only as QU
    # the deck is the one the generator makes from its recorded seed (nothing hand-edited)
    from printkit.games.cryptic_words.lang_decks import DECKS

    assert [[e["entry"] for e in c["entries"]] for c in cw_deckgen.generate_deck(DECKS[lang][0], lang)] == [[e["entry"] for e in c["entries"]] for c in cards]


@pytest.mark.parametrize("lang", LANGS)
def test_cryptic_words_stats_measure_the_language(workdir, lang):
    deals = sweep(10_000, 600)
    proc = run_cli("deck", "cryptic-words", "--lang", lang, "--stats", "--deals", str(deals), cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert f"Playability over {deals:,} random deals" in out
    rows = stats_rows(out)
    assert sorted(rows) == [4, 5, 6], out
    for size, (_, _, common, p10, fewest, handful, long_, longest) in rows.items():
        assert handful >= 99.0 and long_ >= 95.0, (size, rows[size])
    m = re.search(r"from the puzzle list \(([\d,]+) words", out)
    assert int(m.group(1).replace(",", "")) == spell.puzzle_index(lang).size


def test_a_generated_deck_in_another_language(workdir):
    proc = run_cli("deck", "cryptic-words", "--lang", "es", "--seed", "7", "--json", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    model = json.loads(proc.stdout)
    assert model["params"] == {"seed": "7", "lang": "es"}
    entries = {e["entry"] for c in model["cards"] for e in c["entries"]}
    assert {"CH", "LL", "RR", "QU", "ND"} <= entries
    (workdir / "d.json").write_text(proc.stdout, encoding="utf-8")
    assert run_cli("validate", "d.json", cwd=workdir).returncode == 0
    # the English deck of seed 7 is another deck, as it always was
    en = json.loads(run_cli("deck", "cryptic-words", "--seed", "7", "--json", cwd=workdir).stdout)
    assert en["params"] == {"seed": "7"} and en["cards"] != model["cards"]


# -- Cryptic Words: puzzles and forms -----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["de", "es"])
def test_cryptic_words_puzzle_in_the_language_reprints_from_its_id(workdir, lang):
    proc = run_cli("puzzle", "cryptic-words", "--lang", lang, "--seed", "ahorn", "--json", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    model = json.loads(proc.stdout)
    [p] = model["puzzles"]
    assert re.fullmatch(rf"CW-[456]{lang.upper()}-[0-9A-Z]{{9}}", p["id"]), p["id"]
    (workdir / "p.json").write_text(proc.stdout, encoding="utf-8")
    ok = run_cli("validate", "p.json", cwd=workdir)
    assert ok.returncode == 0, ok.stdout
    again = run_cli("puzzle", "cryptic-words", "--id", p["id"], "--json", cwd=workdir)
    assert json.loads(again.stdout)["puzzles"] == [p]
    refused = run_cli("puzzle", "cryptic-words", "--id", p["id"], "--lang", "nl", cwd=workdir)
    assert refused.returncode == 2 and "not in Dutch" in refused.stderr
    pdf = run_cli("puzzle", "cryptic-words", "--id", p["id"], cwd=workdir)
    assert pdf.returncode == 0, pdf.stderr
    path = workdir / "output" / "cryptic-words-puzzle.pdf"
    key = PdfReader(path).pages[-1].extract_text()
    assert p["solution"]["word"] in key


@pytest.mark.parametrize("lang", LANGS)
def test_cryptic_words_puzzles_are_unique_under_the_languages_list(lang):
    """A few seeds (200 with --runslow): exactly one accepted word of the
    language fits the clues, and it is one of the language's common words."""
    n = sweep(200, 3)
    deck = default_cards(lang)
    index = spell.accept_index(lang)
    common = set(words.answer_words(lang)[:6000])  # headwords (words.answer_words)
    answers = set()
    for k in range(n):
        p = generate(4 + k % 3, make_token("sweep", k), deck, lang)
        hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in p["hand"]}
        problems, cons = cw_rules.clue_constraints(p["clues"], hand, [c["number"] for c in p["hand"]], "p")
        assert not problems
        word = p["solution"]["word"].lower()
        assert index.decode(spell.solve(index, cons)) == [word], p["id"]
        assert word in common
        assert cw_rules.check_puzzle_sheet({"params": {"lang": lang}, "puzzles": [p]}) == [], p["id"]
        answers.add(word)
    assert len(answers) > 0.75 * n


def test_a_german_puzzle_checked_against_the_english_deck_is_refused():
    p = generate(5, make_token("x", 1), default_cards("de"), "de")
    found = cw_rules.check_puzzle_sheet({"puzzles": [p]})  # no language: read as English
    assert found and {"CW-PUZZLE-CARD", "CW-ENTRY", "CW-PUZZLE-WORD", "CW-WORD"} & {v.code for v in found}


def test_cryptic_words_form_id_names_its_language(workdir):
    proc = run_cli("form", "cryptic-words", "--lang", "nl", "--json", cwd=workdir)
    model = json.loads(proc.stdout)
    assert model["id"] == "CWF-45666-NL" and model["params"]["lang"] == "nl"
    again = json.loads(run_cli("form", "cryptic-words", "--id", "cwf-45566-nl", "--json", cwd=workdir).stdout)
    assert again["id"] == "CWF-45566-NL" and again["variant"] == "45566"
    assert json.loads(run_cli("form", "cryptic-words", "--json", cwd=workdir).stdout)["id"] == "CWF-45666"
    bad = run_cli("form", "cryptic-words", "--id", "CWF-45666-XX", cwd=workdir)
    assert bad.returncode == 2 and "not a Cryptic Words form ID" in bad.stderr


# -- word indexes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_shipped_cryptic_words_indexes_are_what_the_lists_give(lang):
    """printkit/data/cryptic-words-{accept,puzzle}-LANG.idx hold, byte for byte,
    what scripts/build_word_indexes.py makes of the language's lists now."""
    made = _script("build_word_indexes").cryptic_words_indexes(lang)
    assert set(made) == {f"cryptic-words-accept-{lang}.idx", f"cryptic-words-puzzle-{lang}.idx"}
    for name, data in made.items():
        assert (ROOT / "printkit" / "data" / name).read_bytes() == data, f"printkit/data/{name} is out of date: run python scripts/build_word_indexes.py {lang}"
    accept, puzzle = spell.accept_index(lang), spell.puzzle_index(lang)
    assert accept.size == sum(3 <= len(w) <= 8 for w in words.accept_words(lang))
    assert set(puzzle.words) == {w for w in words.puzzle_words(lang) if 3 <= len(w) <= 8}
    special = {"de": "ä", "es": "ñ"}.get(lang)
    if special:
        assert any(special in w for w in accept.words) and (0, special) in accept._at


# -- the independent dictionaries (slow: a sweep per language) ------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_puzzles_stay_unique_under_an_independent_dictionary(lang):
    """200 Cryptic Words puzzles: >= 95% have no other answer in a dictionary
    from another project than the acceptance list's, and most answers are in it;
    200 Cryptex challenges: every par re-checked by the rules, and most of the
    answer keys' words known to it (wspanish lists few verb forms: the share is
    a figure for the docs, not a test of the game)."""
    check = _script("independent_words")
    if check.independent_words(lang) is None:
        pytest.skip(f"the independent {lang} dictionary is not installed: {check.SOURCES[lang]}")
    cw = check.cryptic_words_unique(lang, 200)
    assert cw["unique_accept"] == cw["puzzles"] == 200
    # Dutch against the Dutch Wiktionary (no Debian Dutch dictionary but OpenTaal's is
    # packaged, and wordfreq's corpus list holds names and English): 198/200
    assert cw["unique_independent"] >= 0.95 * cw["puzzles"], cw["not_unique"][:10]
    assert cw["answers_in_independent"] >= 0.6 * cw["puzzles"]  # the dictionary is one of the language
    cx = check.cryptex_known(lang, 200)
    assert cx["valid"] == cx["challenges"] == 200
    # the Dutch Wiktionary (12,000 words of 3-8 letters) lists few inflected forms: 36%
    assert cx["known"] >= (0.3 if lang == "nl" else 0.5) * cx["words"], sorted(set(cx["unknown"]))[:20]
