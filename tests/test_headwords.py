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
               "stick", "proxy", "franz", "havas", "congo", "caca", "zweit", "sankt", "facto"}
# Spanish answers read as another word's form or as a name (issue 37.3, Crypto Crisis
# keys): the build's second lexicon keeps them out (build_wordlists_lang.second_lexicon)
NOT_ANSWERS_ES = {"venus", "claudia", "acepto", "leones", "hueca", "cai", "quito", "llena", "volvo", "cantara", "borrado", "caido"}
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
        bad = NOT_ANSWERS | (NOT_ANSWERS_DE if lang == "de" else set()) | (NOT_ANSWERS_ES if lang == "es" else set())
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


def test_treebank_lemmas_leave_out_names_punctuation_and_contractions(tmp_path):
    """The independent check's reader of a Universal Dependencies treebank (a planted
    checkout, no data needed): the LEMMA column of word lines whose UPOS is no proper
    name, foreign word or punctuation; not a multiword token's line nor an empty node;
    folded as the game folds; only the files UD_TREEBANKS names (no train split of a
    treebank simplemma mines)."""
    from lang_dicts import module

    iw = module()
    rows = ["# sent_id = 1", "# text = Au marché, Léa prend des pommes.",
            "1-2\tAu\t_\t_\t_\t_\t_\t_\t_\t_", "1\tÀ\tà\tADP\t_\t_\t3\tcase\t_\t_",
            "2\tle\tle\tDET\t_\t_\t3\tdet\t_\t_", "3\tmarché\tmarché\tNOUN\t_\t_\t6\tobl\t_\t_",
            "4\t,\t,\tPUNCT\t_\t_\t3\tpunct\t_\t_", "5\tLéa\tLéa\tPROPN\t_\t_\t6\tnsubj\t_\t_",
            "6\tprend\tprendre\tVERB\t_\t_\t0\troot\t_\t_", "6.1\tprend\tprendre\tVERB\t_\t_\t_\t_\t6:conj\t_",
            "7\tdes\tun\tDET\t_\t_\t8\tdet\t_\t_", "8\tpommes\tpomme\tNOUN\t_\t_\t6\tobj\t_\t_",
            "9\tcool\tcool\tX\t_\t_\t8\tamod\t_\t_", ""]
    (tmp_path / "fr_sequoia-ud-dev.conllu").write_text("\n".join(rows), encoding="utf-8")
    (tmp_path / "fr_sequoia-ud-train.conllu").write_text("1\tchats\tchat\tNOUN\t_\t_\t0\troot\t_\t_\n", encoding="utf-8")
    found = iw.ud_lemmas(tmp_path)
    assert found is not None and found[:2] == ("UD_French-Sequoia", "fr")
    assert found[2] == {"marche", "prendre", "pomme"}  # 3-10 letters: à, le, un too short
    (tmp_path / "other").mkdir()
    assert iw.ud_lemmas(tmp_path / "other") is None


def test_lexicon_readers_take_headwords_not_forms(tmp_path, monkeypatch):
    """The readers of the Debian lexicons (planted files): Ding's German side keeps the
    words tagged as a headword and not their plurals or untagged forms; a dictd index
    keeps its headwords, not its 00-database entries; Garrone's thesaurus keeps its
    entries, not the synonym lines."""
    from lang_dicts import module

    iw = module()
    ding = tmp_path / "de-en"
    ding.write_text("# Ding\nHaus {n} | Häuser {pl} | ein Haus bauen :: house | houses | to build a house\n"
                    "gehen {vi} | gehend | gegangen :: to go | going | gone\n"
                    "Ratte {f} [zool.]; Ratten {pl} :: rat; rats\nworum {adv} :: about which\n", encoding="utf-8")
    index = tmp_path / "freedict-fra-deu.index"
    index.write_text("00-database-info\tA\tB\nmaison\tC\tD\nétoile\tE\tF\nPeter\tG\tH\n", encoding="utf-8")
    thesaurus = tmp_path / "th_es_ES_v2.dat"
    thesaurus.write_bytes("ISO8859-1\ncasa|1\n-|hogar|vivienda\nárbol|1\n(Nombre)|planta\n".encode("iso8859-1"))
    monkeypatch.setitem(iw.LEXICONS, "Ding", ("de", str(ding), "planted"))
    monkeypatch.setitem(iw.LEXICONS, "FreeDict fra-deu", ("fr", str(index), "planted"))
    monkeypatch.setitem(iw.LEXICONS, "Garrone thesaurus", ("es", str(thesaurus), "planted"))
    iw.lexicon_words.cache_clear()
    try:
        assert iw.lexicon_words("Ding") == {"haus", "gehen", "ratte", "worum"}
        assert iw.lexicon_words("FreeDict fra-deu") == {"maison", "etoile"}
        assert iw.lexicon_words("Garrone thesaurus") == {"casa", "arbol"}
    finally:
        iw.lexicon_words.cache_clear()


def test_the_spanish_figure_leaves_out_the_build_s_own_filter():
    """scripts/build_wordlists_lang.py confirms doubtful Spanish answers with the MCR
    wordnet and Wiktionary's translations (second_lexicon): the independent figure
    must not count those two for Spanish, and does for French."""
    from lang_dicts import module

    iw = module()
    spanish = iw.independent_sources("es", None)
    assert not set(spanish) & {iw.WORDNETS["es"][2], iw.WIKT_LABEL}
    assert {iw.WORDNETS["fr"][2], iw.WIKT_LABEL} <= set(iw.independent_sources("fr", None))
