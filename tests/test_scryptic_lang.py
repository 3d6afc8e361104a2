"""Scryptic in German, French, Spanish and Dutch: letter values and pools from each
language's Scrabble set, the reference card's worked examples in the language,
the meaning lists in each language (built from the Open Multilingual Wordnet and
reviewed, in the game's tone), every component built and checked."""

from __future__ import annotations

import re

import pytest

from conftest import run_cli
from printkit.games import get_game
from printkit.games.scryptic import model as M
from printkit.games.scryptic import rules as R

LANGS = ("de", "fr", "es", "nl")

# The Scrabble editions' letter tiles as the published tables give them (points:
# letters with their counts), written out here apart from the code's table.
PUBLISHED = {
    "de": "1:E15N9S7I6R6T6U6A5D4 2:H4G3L3O3 3:M4B2W1Z1 4:C2F2K2P1 6:Ä1J1Ü1V1 8:Ö1X1 10:Q1Y1",
    "fr": "1:E15A9I8N6O6R6S6T6U6L5 2:D3M3G2 3:B2C2P2 4:F2H2V2 8:J1Q1 10:K1W1X1Y1Z1",
    "nl": "1:E18N10A6O6I4 2:D5R5S5T5 3:G3K3L3M3B2P2 4:F2H2J2U3V2Z2 5:C2W2 8:X1Y1 10:Q1",
}


def _published(text: str) -> tuple[dict[str, int], dict[str, int]]:
    points, counts = {}, {}
    for group in text.split():
        p, items = group.split(":")
        k = 0
        while k < len(items):
            ch = items[k]
            j = k + 1
            while j < len(items) and items[j].isdigit():
                j += 1
            points[ch], counts[ch] = int(p), int(items[k + 1 : j])
            k = j
    return points, counts


@pytest.mark.parametrize("lang", sorted(PUBLISHED))
def test_values_and_pools_follow_the_published_scrabble_set(lang):
    points, counts = _published(PUBLISHED[lang])
    assert R.pool_counts(lang) == counts
    assert R.letter_values(lang) == {ch: (1 if p <= 2 else 2 if p == 3 else 3) for ch, p in points.items()}
    assert R.pool_size(lang) == R.SCRABBLE_TILES[lang] - 2 == 100


def test_english_is_unchanged_and_maps_points_as_it_always_did():
    # English's dots are what the Scrabble points give under the same mapping
    en = {t: p for t, p, _ in R.SCRABBLE["en"]}
    assert R.LETTER_VALUES == {ch: R.dots(p) for ch, p in en.items()}
    assert R.POOL_SIZE == 98 and R.pool_turns() == 32
    assert list(R.LETTER_VALUES) == sorted(R.LETTER_VALUES)


def test_spanish_splits_digraph_tiles_and_has_no_k_or_w():
    counts, values = R.pool_counts("es"), R.letter_values("es")
    # CH, LL and RR tiles become letters: C 4+1, H 2+1, L 4+2, R 5+2
    assert (counts["C"], counts["H"], counts["L"], counts["R"]) == (5, 3, 6, 7)
    assert counts["Ñ"] == 1 and values["Ñ"] == 3
    assert "K" not in values and "W" not in values
    assert R.pool_size("es") == 98 + 3
    with pytest.raises(ValueError, match="not a letter A-J, L-N, Ñ, O-V, X-Z"):
        R.word_score("KIWI", "es")


def test_german_pool_has_umlaut_tokens_in_alphabet_order():
    model = M.build_tokens({"lang": "de"})
    letters = [e["letter"] for e in model["pools"][0]["letters"]]
    assert letters[-3:] == ["Ä", "Ö", "Ü"] and letters[:3] == ["A", "B", "C"]
    assert model["params"]["lang"] == "de"
    assert R.word_score("BÄR", "de") == 2 + 3 + 1


@pytest.mark.parametrize("lang", LANGS)
def test_every_component_builds_and_checks_in_the_language(lang):
    game = get_game("scryptic")
    assert lang in game.languages
    for name, comp in game.components.items():
        model = comp.build({"lang": lang, "seed": "3"})
        assert model["params"].get("lang") == lang, name
        for check in comp.checks:
            assert check(model) == [], (name, check)


@pytest.mark.parametrize("lang", LANGS)
def test_the_checks_use_the_language_set(lang):
    model = M.build_tokens({"lang": lang})
    english = M.build_tokens({})
    english["params"]["lang"] = lang  # an English pool labelled as this language
    assert {"SCR-COUNT"} <= {v.code for v in R.check_tokens(english)}
    assert R.check_tokens(model) == []
    ref = M.build_reference({"lang": lang})
    ref["examples"][0]["strength"] += 1
    assert any(v.code == "SCR-EXAMPLE" for v in M.check_reference(ref))


#: the table's tone in each language (issue 37): no murder, massacre, slaughter, execution or
#: holy war, and "to withstand" never an attack
TONE = {
    "de": ("ERMORDEN", "MORD", "MÖRDER", "MASSAKER", "GEMETZEL", "ABSCHLACHTEN", "HINRICHTEN", "UMBRINGEN", "DSCHIHAD"),
    "fr": ("ASSASSINER", "MEURTRE", "MASSACRE", "MASSACRER", "EXTERMINER", "EXECUTER", "DJIHAD", "JIHAD", "VIOLER"),
    "es": ("ASESINAR", "ASESINATO", "MASACRE", "MATANZA", "EJECUTAR", "YIHAD", "VIOLAR"),
    "nl": ("VERMOORDEN", "MOORD", "BLOEDBAD", "AFSLACHTEN", "EXECUTEREN", "OMBRENGEN", "JIHAD"),
}
WITHSTAND = {"de": "WIDERSTEHEN", "fr": "RESISTER", "es": "RESISTIR", "nl": "WEERSTAAN"}


@pytest.mark.parametrize("lang", LANGS)
def test_reference_prints_the_languages_meaning_lists_and_uses_its_words(lang):
    ref = M.build_reference({"lang": lang})
    lists = {e["meaning"]: e["words"] for e in ref["meanings"]}
    assert set(lists) == set(R.MEANINGS)
    assert all(20 <= len(words) <= 120 for words in lists.values()), {m: len(w) for m, w in lists.items()}
    assert "meaning_lists" not in ref and [e["what"] for e in ref["modifiers"]] == [w for w, _, _ in M.MODIFIERS]  # "(list p. 2)"
    # the worked examples claim exactly the bonuses the printed lists give them
    for case in ref["examples"]:
        for meaning in case["meaning"]:
            assert case["word"] in lists[meaning], (case["word"], meaning)
        applies = ("attacking", "sneaking") if case["role"] == "attack" else ("defending", "sneaking")
        assert not {m for m in applies if case["word"] in lists[m]} - set(case["meaning"]), case["word"]
    combat = ref["combat_example"]
    assert combat["attacker"] in lists["attacking"] and combat["attacker"] not in lists["sneaking"]
    assert not [w for w in combat["defenders"] if w in lists["defending"] or w in lists["sneaking"]]
    assert [e["word"] for e in ref["examples"]] != [e["word"] for e in M.EXAMPLES]
    assert ref["combat_example"]["attacker"] != "SWORD" and ref["extension_example"]["old"] != "CAT"
    # every example word is spelled with the pool's letters (word_score raises otherwise)
    for word in [e["word"] for e in ref["examples"]] + [ref["forest_example"]["word"], ref["combat_example"]["attacker"], *ref["combat_example"]["defenders"]]:
        assert R.word_score(word, lang) > 0


@pytest.mark.parametrize("lang", LANGS)
def test_meaning_lists_are_words_of_the_language_in_the_games_tone(lang):
    """Every listed word is spelled with the pool's letters and is a word of the
    language; none is on the language's offensive list or struck by the review,
    none names a murder, a massacre or an execution; to withstand defends, it does not attack."""
    from pathlib import Path

    from printkit import words
    from printkit.lang import fold

    root = Path(__file__).resolve().parent.parent
    lists = M.meaning_words(lang)
    accept = words.accept_words(lang)
    blocked = {fold(ln.split("#", 1)[0].strip(), lang).upper() for ln in (root / "scripts" / f"blocklist-{lang}.txt").read_text(encoding="utf-8").splitlines()} - {""}
    struck = [w for ln in (root / "scripts" / f"scryptic-meanings-drop-{lang}.txt").read_text(encoding="utf-8").splitlines() if not ln.startswith("#") for w in ln.split()]
    assert len(struck) > 20
    for meaning, listed in lists.items():
        assert all(R.word_score(w, lang) > 0 and w.lower() in accept for w in listed), meaning
        assert not set(listed) & blocked, (meaning, set(listed) & blocked)
        gone = {w.upper() for w in struck if ":" not in w} | {w.split(":")[1].upper() for w in struck if w.startswith(meaning + ":")}
        assert not set(listed) & gone, (meaning, set(listed) & gone)
        assert not set(listed) & set(TONE[lang]), (meaning, set(listed) & set(TONE[lang]))
    assert WITHSTAND[lang] not in lists["attacking"]


@pytest.mark.parametrize("lang", LANGS)
def test_example_words_are_words_of_the_language(lang):
    from printkit import words

    try:
        accept = words.accept_words(lang)
    except TypeError:  # pragma: no cover - the per-language lists have not landed
        pytest.skip("printkit.words has no per-language lists yet")
    ref = M.build_reference({"lang": lang})
    used = [e["word"] for e in ref["examples"]] + [ref["forest_example"]["word"], ref["combat_example"]["attacker"], *ref["combat_example"]["defenders"]]
    used += [ref["extension_example"][k] for k in ("old", "new", "cross")]
    missing = [w for w in used if w.lower() not in accept]
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_states_the_language_choices(lang):
    from printkit.i18n import text as translated

    _ = translated(lang)  # the page is in the language (printkit/locale): its sentences as the catalogue has them
    text = get_game("scryptic").rules_text(lang)
    facts = M.language_facts(lang)
    assert _("Two pools of %(pool_size)s letter tokens (dots: value 1–3): **gold** (black-striped corners and a star) for player 1, **silver** (plain corners and a diamond) for player 2.") % facts in text
    assert facts["values"]["3"] in text and _("Meaning bonuses: the printed lists, else both players agree, else no bonus.") in text
    assert (_("No tokens for %(absent)s, as in its Scrabble set.") % {"absent": "K, W"} in text) == (lang == "es")


def test_english_rules_page_has_no_language_note():
    text = get_game("scryptic").rules_text("en")
    assert "Two pools of 98 letter tokens" in text and "No printed meaning lists" not in text and "WordNet" not in text


def test_tokens_pdf_in_german_prints_the_umlauts(tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "tokens.pdf"
    proc = run_cli("tokens", "scryptic", "--lang", "de", "--output", str(out))
    assert proc.returncode == 0, proc.stderr
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "Ä" in text and "Ö" in text and "Ü" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_reference_modifier_table_keeps_the_card_s_type_size(tmp_path, lang, paper):
    """The modifier table's "for" column (attack, defence, both) is as wide as its
    words: German "Verteidigung" and Dutch "verdediging" were set at about 5.5 pt in
    the 17% English needs, under the card's 7.5 pt."""
    from conftest import run_inproc
    from pdfmeasure import measure
    from printkit.i18n import text

    out = tmp_path / "ref.pdf"
    proc = run_inproc("reference", "scryptic", "--lang", lang, "--paper", paper, "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    _ = text(lang)
    words = {_(w) for w in ("attack", "defence", "both", "placing")} | {_(what) for what, _when, _factor in M.MODIFIERS}
    runs = [t for page in measure(out, [1]) for t in page.texts if t.text.strip() in words]
    assert {t.text.strip() for t in runs} == words, runs  # and the row names beside them keep their size too
    small = [t for t in runs if t.size < 7.5 - 0.01]
    assert not small, small


#: "on the back" in each language: what a page printed one-sided may not send a player to
OVERLEAF = re.compile(r"overleaf|au verso|umseitig|Rückseite|al dorso|ommezijde|z\.o\.z\.|achterkant", re.IGNORECASE)


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_reference_and_score_sheet_send_the_player_to_page_2_not_overleaf(tmp_path, lang):
    """The kit prints the reference card and the score sheet one-sided: their
    second page is another sheet, so 'list overleaf' / 'au verso' sent a player to
    a blank back. They say page 2."""
    import pypdfium2 as pdfium

    from conftest import run_inproc

    for component in ("reference", "sheet"):
        out = tmp_path / f"{component}.pdf"
        proc = run_inproc(component, "scryptic", "--lang", lang, "-o", str(out), cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        doc = pdfium.PdfDocument(str(out))
        texts = [doc[k].get_textpage().get_text_range() for k in range(len(doc))]
        doc.close()
        assert len(texts) == 2
        found = [line for text in texts for line in text.splitlines() if OVERLEAF.search(line)]
        assert not found, found
