"""Answers a dictionary lists (issue 37.3): every game's answers are headwords.

The answer words (Cryptex's answer keys and solo pars, Cryptic Words' secret words,
Crypticolor's hidden words, Crypto Crisis's colour words and keys) all come from
the language's answer list (printkit.words.answer_words: the puzzle list's headwords,
which scripts/build_wordlists.py and scripts/build_wordlists_lang.py choose with two
lemmatisers). These tests
measure the answers against an outside dictionary's headwords
(scripts/independent_words.py listed_headwords: the stems of the installed hunspell
dictionaries, igerman98's analysis of each word for German, and WordNet's lemmas
as well for English) and fail below 97 %.

    python scripts/independent_words.py --headwords --seeds 200   # the table

The default tier checks a sample of each list cheaply; the slow tier generates 200
answers of every game in every language.
"""

from __future__ import annotations

import random

import pytest

from lang_dicts import HEADWORD_SOURCES, answers, listed_headwords, wordnet_lemmas
from printkit import words

LANGS = ("en", "de", "fr", "es", "nl")
GAMES = ("cryptex", "cryptic-words", "crypticolor", "crypto-crisis")
THRESHOLD = 97.0

# The answers native players found in the kits (issue 37): stems, inflections,
# names, loans, crude words. None is an answer in German, French, Spanish or Dutch
# (stick, proxy and coupe are English words, and English answers).
NOT_ANSWERS = {"kaffe", "brenn", "kämpf", "seufz", "lösch", "lernens", "billigem", "fakes", "outen",
               "stick", "proxy", "franz", "havas", "congo", "caca", "zweit", "sankt"}
NOT_ANSWERS_DE = {"coupe"}  # Coupé: French and Dutch write coupe, a word of theirs


def _share(lang: str, found: list[str]) -> tuple[float, list[str]]:
    """The share (%) of `found` the outside dictionary lists as headwords, and the
    words it does not list."""
    heads = listed_headwords(lang, found)
    if heads is None:
        pytest.skip(f"{lang}: no outside dictionary installed ({HEADWORD_SOURCES[lang]}; "
                    "apt-get install hunspell hunspell-en-us hunspell-de-de hunspell-fr hunspell-es hunspell-nl wordnet-base)")
    missing = [w for w in found if w not in heads]
    return 100 * (len(found) - len(missing)) / len(found), missing


def test_the_answers_players_found_are_gone():
    for lang in LANGS[1:]:
        answers = set(words.answer_words(lang))
        bad = NOT_ANSWERS | (NOT_ANSWERS_DE if lang == "de" else set())
        assert not answers & bad, (lang, sorted(answers & bad))
        assert 6_000 <= len(answers) and answers <= set(words.puzzle_words(lang))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_sample_of_the_answer_list_is_headwords(lang):
    """200 words of 3..8 letters of the answer list, drawn with a fixed seed (the
    other languages in the slow sweep)."""
    pool = [w for w in words.answer_words(lang) if 3 <= len(w) <= 8]
    share, missing = _share(lang, random.Random(37).sample(pool, 200))
    assert share >= THRESHOLD, f"{lang}: {share:.1f}% headwords; not listed: {missing}"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_generated_answers_are_headwords(lang, game):
    found = answers(game, lang, 200)
    assert len(found) == 200
    share, missing = _share(lang, found)
    assert share >= THRESHOLD, f"{lang} {game}: {share:.1f}% headwords; not listed: {sorted(set(missing))}"


def test_wordnet_lemmas_keep_single_lowercase_words(tmp_path):
    """The independent check's reader of an OMW tab file (a planted copy, no data
    needed): lemmas only, one word, no names, folded as the game folds."""
    tab = tmp_path / "wns" / "fra" / "wn-data-fra.tab"
    tab.parent.mkdir(parents=True)
    tab.write_text("# WOLF\tfra\turl\tCeCILL-C\n00001740-n\tfra:lemma\tentité\n"
                   "00001740-v\tfra:lemma\tpomme de terre\n00002000-n\tfra:lemma\tParis\n"
                   "00002001-n\tfra:def\tcourbe\n00002002-n\tfra:lemma\tarc-en-ciel\n", encoding="utf-8")
    assert wordnet_lemmas("fr", tmp_path) == {"entite"}
    assert wordnet_lemmas("nl", tmp_path) is None  # no Dutch file there
