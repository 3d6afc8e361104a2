"""Codes and rules a player reads in their own language (issue 37, points 1, 2 and 6).

- Crypto Crisis prints its shifts as arrows in every language and its colour and
  mark codes as the language's initials, on keys (with a legend), slips, boards and
  forms; `--word` reads arrows or U/D/L/R. Read back from the rendered PDFs.
- The rules say what the rulebooks say (Cryptic Words' 3-3/4-4 rotate the card), with
  the table's gaps closed, in every language; no English words left in the catalogues
  where the language has its own; French typography; the English meaning lists keep
  the game's tone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run_inproc
from printkit.games.crypto_crisis.codes import ARROWS, FROM_INPUT, shifts_text
from printkit.i18n import text

LANGS = ("en", "de", "fr", "es", "nl")
ROOT = Path(__file__).resolve().parent.parent

#: what each language's key legend must say: written out here, not read from the catalogues
LEGEND = {
    "en": "Codes: ↑ up, ↓ down, ← left, → right; B blue, Y yellow, R red; u underlined, i in italics, s struck through.",
    "de": "Kürzel: ↑ hoch, ↓ runter, ← links, → rechts; B blau, G gelb, R rot; u unterstrichen, k kursiv, d durchgestrichen.",
    "fr": "Codes\u202f: ↑ haut, ↓ bas, ← gauche, → droite\u202f; B bleu, J jaune, R rouge\u202f; s souligné, i en italique, b barré.",
    "es": "Códigos: ↑ arriba, ↓ abajo, ← izquierda, → derecha; A azul, M amarillo, R rojo; s subrayado, c en cursiva, t tachado.",
    "nl": "Codes: ↑ omhoog, ↓ omlaag, ← links, → rechts; B blauw, G geel, R rood; o onderstreept, c cursief, d doorgestreept.",
}
COLOUR_CODES = {"en": "BYR", "de": "BGR", "fr": "BJR", "es": "AMR", "nl": "BGR"}
MARK_CODES = {"en": "uis", "de": "ukd", "fr": "sib", "es": "sct", "nl": "ocd"}


def _flat(s: str) -> str:
    return re.sub(r"\s+", "", s)


@pytest.fixture(scope="module")
def keeper_files(tmp_path_factory):
    """`printkit board crypto-crisis --lang X` (three random words) in each language."""
    from printkit.games.crypto_crisis.model import build_board

    out = {}
    for lang in LANGS:
        d = tmp_path_factory.mktemp(f"cc-{lang}")
        proc = run_inproc("board", "crypto-crisis", "--lang", lang, "--seed", "codes-37", "-o", str(d / "b.pdf"), cwd=d)
        assert proc.returncode == 0, proc.stderr
        model = build_board({"lang": lang, "seed": "codes-37", "word": (), "example": False})
        out[lang] = (d / "b.pdf", d / "b-keeper.pdf", model)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_answer_key_prints_arrows_and_its_legend(keeper_files, lang):
    _board, keeper, model = keeper_files[lang]
    key = PdfReader(keeper).pages[1].extract_text()
    assert _flat(LEGEND[lang]) in _flat(key), key  # every key carries its legend
    flat = _flat(key)
    for w in model["words"]:
        # the table's row: the word, its shifts in order, their net, all as arrows (FR read "RU net UR")
        assert f"{w['word']}{shifts_text(w['shifts'])}{shifts_text(w['net'])}" in flat, (w, flat)
    hints = PdfReader(keeper).pages[0].extract_text()
    for w in model["words"]:
        for s in w["shifts"]:
            assert f"{ARROWS[s]} {text(lang)({'U': 'up', 'D': 'down', 'L': 'left', 'R': 'right'}[s])}" in hints


@pytest.mark.parametrize("lang", LANGS)
def test_board_legend_and_tile_codes_in_the_language(keeper_files, lang):
    board, _keeper, _model = keeper_files[lang]
    lines = [line.strip() for line in PdfReader(board).pages[0].extract_text().splitlines()]
    codes = COLOUR_CODES[lang]
    mixes = {line for line in lines if re.fullmatch(r"[A-Z](\+[A-Z])+", line)}  # tile badges and the legend's swatches
    assert f"{codes[0]}+{codes[1]}+{codes[2]}" in mixes  # the legend's black
    assert all(set(m.replace("+", "")) <= set(codes) for m in mixes), mixes  # no other language's letters
    # the legend spells each colour's mark and its code: "blue word: underlined (label u)"
    _ = text(lang)
    for colour, mark, code in zip(("blue word", "yellow word", "red word"), ("underlined", "in italics", "struck through"), MARK_CODES[lang]):
        line = next(line for line in lines if line.startswith(_(colour)))
        assert _(mark) in line and line.endswith(f" {code})"), line


@pytest.mark.parametrize("lang", [pytest.param(lang, marks=pytest.mark.slow) if lang in ("en", "de", "nl") else lang for lang in LANGS])
def test_paper_sheets_print_the_codes(tmp_path, lang):
    """(French and Spanish, whose codes differ most from English, in the default run; all five with --runslow.)"""
    proc = run_inproc("sheet", "crypto-crisis", "--lang", lang, "-o", str(tmp_path / "s.pdf"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    pages = [p.extract_text() for p in PdfReader(tmp_path / "s.pdf").pages]
    method, form, boards, slips = pages[0], pages[1], pages[2], pages[3]
    blue, yellow, red = COLOUR_CODES[lang]
    u, i, s = MARK_CODES[lang]
    for page in (method, form):
        assert all(a in page for a in ARROWS.values()), page  # the shift legend: arrows and names
    assert f"{blue}, {yellow}" in method.replace("\n", " ") and f"{u}, {i}" in method.replace("\n", " ")
    # the colourable board's tick boxes: the colour codes then the mark codes, in every cell
    assert _flat(boards).count(f"{blue}{yellow}{red}{u}{i}{s}") == 50  # two boards of 25 cells
    # blank slips: each colour row of the six slips offers the four arrows to circle (the flaps' decoys add more)
    assert all(slips.count(a) >= 18 for a in ARROWS.values())


def test_word_option_reads_arrows_and_the_english_letters(tmp_path):
    from printkit.games.crypto_crisis.model import parse_word

    assert parse_word("study:←←←") == parse_word("study:LLL") == parse_word("study:lll") == ("STUDY", ["L", "L", "L"])
    assert parse_word("knife:→→↓") == ("KNIFE", ["R", "R", "D"])
    assert set(FROM_INPUT.values()) == set(ARROWS)
    # the same board from arrows as from letters, and a wrong direction named
    a = run_inproc("board", "crypto-crisis", "--word", "study:←←←", "--word", "ghost:↑↑↑", "--word", "knife:→→↓", "-o", str(tmp_path / "a.pdf"), cwd=tmp_path)
    b = run_inproc("board", "crypto-crisis", "--word", "study:LLL", "--word", "ghost:UUU", "--word", "knife:RRD", "-o", str(tmp_path / "b.pdf"), cwd=tmp_path)
    assert a.returncode == b.returncode == 0, a.stderr
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    bad = run_inproc("board", "crypto-crisis", "--word", "study:L↗L", "--word", "ghost:UUU", "--word", "knife:RRD", "-o", str(tmp_path / "c.pdf"), cwd=tmp_path)
    assert bad.returncode == 1 and "↗" in bad.stderr and "arrow" in bad.stderr and "Traceback" not in bad.stderr


# -- the rules as the rulebooks say them, in every language -----------------------------------

#: "flip the card" as each translation once said it for 3-3 and 4-4 (the rulebook: rotate)
FLIPPED = {"de": "Dreht diese Karte um", "fr": "Retournez cette carte", "nl": "Draai die kaart om"}
ROTATE = {"en": "Rotate that card where it lies", "de": "Dreht diese Karte an ihrem Platz", "fr": "Faites pivoter cette carte",
          "es": "Girad esa carta en su sitio", "nl": "Draai die kaart op haar plek rond"}


@pytest.mark.parametrize("lang", LANGS)
def test_cryptic_words_doubles_rotate_the_card(lang):
    from printkit.games import get_game

    rules = get_game("cryptic-words").rules_text(lang)
    assert rules.count(ROTATE[lang]) == 2  # 3-3 and 4-4
    assert FLIPPED.get(lang, "flip") not in rules


#: the table's gaps, closed: a sentence of each in every language (English source, checked in its translation)
GAPS = {
    "cryptic-words": ["Players take turns, one roll each.", "The roller reads those codes aloud",
                      "When a card moves to an end, the others close up", "The round ends when both words are guessed."],
    "crypticolor": ["it does not use one of your three guesses"],
    "scryptic": ["**as many words as you like**"],
    "crypto-crisis": ["Each hint is a number that the key on its flap turns into a shift"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_rules_close_the_table_gaps(lang):
    from printkit.games import get_game
    from printkit.i18n import translations

    catalogue = translations(lang)._catalog if lang != "en" else {}
    for game, needles in GAPS.items():
        english = get_game(game).rules_text()
        rules = get_game(game).rules_text(lang)
        for needle in needles:
            assert needle in english, (game, needle)
            if lang == "en":
                continue
            source = next(k for k in catalogue if isinstance(k, str) and needle in k)  # the sentence's catalogue entry
            said = catalogue[source]
            assert said and said != source
            assert said.split("%(")[0].split("{")[0][:40] in rules, (game, lang, said[:60])


def test_french_typography_in_the_catalogue():
    """A narrow no-break space before : ; ! ? and inside « », never a breaking one."""
    from printkit.i18n import translations

    for source, said in translations("fr")._catalog.items():
        if not isinstance(source, str) or not source:
            continue
        assert not re.search(r"[ \u00a0][:;!?]", said), said
        assert not re.search(r"«(?!\u202f)|(?<!\u202f)»", said), said
        assert not re.search(r"[A-Za-zÀ-ÿ)][;!?](\s|$)", said), said


def test_no_english_words_where_the_language_has_its_own():
    from printkit.i18n import translations

    for lang, words in {"de": ("Sudden Death", "Seed ", "README", "Granaten"), "nl": ("sudden death", "seed ", "README", "granaten"),
                        "fr": ("README",), "es": ("README",)}.items():
        for source, said in translations(lang)._catalog.items():
            if isinstance(source, str) and source:
                assert not any(w in said for w in words), (lang, said)


def test_cryptex_rules_name_the_letters_left_off_the_deck():
    from printkit.games import get_game

    rules = get_game("cryptex").rules_text("de")
    assert "J, Q, X, Y gibt es nur mit einem Joker" in rules  # German J is rarer than 3 in 1,000: a joker plays it


def test_english_meaning_lists_keep_the_games_tone():
    lists = dict(line.split(": ", 1) for line in (ROOT / "printkit" / "data" / "scryptic-meanings.txt").read_text().splitlines())
    words = {meaning: set(ws.split()) for meaning, ws in lists.items()}
    for bad in ("massacre", "slaughter", "murder", "murdered", "murders"):
        assert all(bad not in ws for ws in words.values()), bad
    assert "withstand" not in words["attacking"] and "withstand" in words["defending"]


#: a French : ; ! ? with no narrow no-break space before it, or « » with none inside;
#: what is not prose is left alone: clock times (15:00), the joker sign (un ? dans
#: une étoile), a key's "1: I -> 3" rows and lines of lone ? boxes
_FRENCH_GAP = re.compile(r"(?<=[^\s\u00a0\u202f?])[;:!?](?=\s|$)|(?<= )[;:!?]|«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»")
_NOT_PROSE = re.compile(r"https?:|\d:\d|^\s*\d+: |(?<!\S)\?(?!\S)|^[A-Z]+\?$")


def french_gaps(text: str) -> list[str]:
    """The lines of a French page whose punctuation lacks its no-break space."""
    found = []
    for line in text.splitlines():
        if _FRENCH_GAP.search(_NOT_PROSE.sub(" ", line)):
            found.append(line.strip())
    return found


def test_french_gaps_sees_a_missing_space_and_passes_good_typography():
    assert french_gaps("crayons (un chacun); papier cartonné")  # the supplies joined in code
    assert french_gaps("Jaune: ligne, +4 (6)")
    assert french_gaps("posez cette page sur la colonne 1 ; alignez")  # a breaking space
    assert french_gaps("« Ajuster » à la page")
    assert not french_gaps("crayons (un chacun)\u202f; papier\u202f: « Ajuster\u202f»".replace("« ", "«\u202f"))
    assert not french_gaps("ouvrez le billet 15:00 à 15:00")
    assert not french_gaps("Un ? permet d'écrire la lettre de votre choix")
    assert not french_gaps("ITOD?")  # a Cryptex card's five symbols, the last a joker
    assert not french_gaps("? ? ? ?")  # the jokers to strike out


def _page_texts(pdf):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[k].get_textpage().get_text_range() for k in range(len(doc))]
    finally:
        doc.close()


def _french_pages(out) -> list[str]:
    return [f"{pdf.name} p{k}: {line}" for pdf in sorted(out.glob("*.pdf")) for k, page in enumerate(_page_texts(pdf), 1) for line in french_gaps(page)]


def test_french_pages_keep_the_no_break_spaces(tmp_path):
    """What code puts together (a label and its value, a list, a tiled board's
    wrapped hint) takes the language's colon and semicolon: Scryptic's worked
    examples, supply list and tiled board, on the page as printed."""
    proc = run_inproc("kit", "scryptic", "--lang", "fr", "-o", str(tmp_path / "scryptic.pdf"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    found = _french_pages(tmp_path)
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_every_french_page_keeps_the_no_break_spaces(tmp_path):
    proc = run_inproc("kit", "all", "--lang", "fr", "-o", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    found = _french_pages(tmp_path)
    assert not found, f"{len(found)} lines:\n" + "\n".join(found)


#: what a Cryptic Words puzzle says of the cards left out: any number of them, not "a card"
UNUSED = {"en": "any of them may stay unused", "de": "beliebig viele Karten dürfen ungenutzt bleiben",
          "fr": "des cartes peuvent rester inutilisées, une ou plusieurs", "es": "puede dejar sin usar las cartas que quiera",
          "nl": "er mogen kaarten ongebruikt blijven, één of meer"}


@pytest.mark.parametrize("lang", LANGS)
def test_cryptic_words_puzzles_let_several_cards_go_unused(tmp_path, lang):
    """A puzzle's hand may leave two or more cards out (German CW-5DE-5P07WB4X1:
    NEUN from 3 of 5 cards), so its text may not say that one card may stay unused
    (German, French and Dutch said "eine Karte", "une carte", "een kaart")."""
    ids = {"de": "CW-5DE-5P07WB4X1"}
    args = ["--id", ids[lang]] if lang in ids else ["--seed", "1"]
    proc = run_inproc("puzzle", "cryptic-words", "--lang", lang, *args, "-o", str(tmp_path / "p.pdf"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    pages = [re.sub(r"\s+", " ", page) for page in _page_texts(tmp_path / "p.pdf")]
    assert UNUSED[lang] in pages[0], pages[0][:400]
    if lang == "de":
        key = pages[-1]
        assert re.search(r"NEUN Codes 22-N 27-E 10-UN", key), key  # three cards of the five


@pytest.mark.parametrize("game, args, german", [
    ("cryptic-words", ["--id", "CW-5DE-5P07WB4X1"], "Genau ein deutsches Wort passt zu allem"),
    ("cryptex", ["--id", "CX-DE-5P07WB4XM"], "Schaffst du mehr?"),
    ("cryptex", ["--lang", "de"], "Schaffst du mehr?"),  # one challenge is known by its ID: it kept no language
])
def test_a_puzzle_reprinted_from_its_id_is_in_the_id_s_language(tmp_path, game, args, german):
    """The QR code's reprint command (`printkit puzzle G --id ...-DE-...`) gives the
    German page it came from, not German words under English text ("Exactly one
    English word fits everything")."""
    proc = run_inproc("puzzle", game, *args, "-o", str(tmp_path / "p.pdf"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    first = re.sub(r"\s+", " ", _page_texts(tmp_path / "p.pdf")[0])
    assert german in first, first[:300]
