"""No English on paper in another language: `printkit kit all --lang X` is drawn
and every page's text read back (pypdf); a line of three or more words that holds
an English function word ("the", "and", "your", "each", "with", "of"...) fails.

Allowed on any page: the games' names (Cryptic Words), printkit commands and
options, IDs and codes (anything with a hyphen, slash, dot or backquote), and
two-letter capitals (Cryptic Words' pairs: IT, ON). Words that are English and the
language's own too (Dutch "is", "of"; French "on") do not count in that language.

German runs in the default tier (~3 s); French, Spanish and Dutch with --runslow.

No developer words on a player's page either, English included (solver, wordnet,
SCOWL, README, seed...) nor Markdown's backquotes: a footer's reprint facts and
commands and options (--seed) aside.
"""

from __future__ import annotations

import re

import pytest
from printkit.cli import main as cli_main
from printkit.request import Request

pypdf = pytest.importorskip("pypdf")

LANGS = [pytest.param("en", marks=pytest.mark.slow), pytest.param("de", marks=pytest.mark.slow), pytest.param("fr", marks=pytest.mark.slow), pytest.param("es", marks=pytest.mark.slow), pytest.param("nl", marks=pytest.mark.slow)]
#: words of English sentences that no sentence of these languages has
ENGLISH = frozenset(
    "the and your yours each with of you that this for are its it from one on to is by player players "
    "card cards word words cut page pages here per print only every then their both may must not no into "
    "english when which what where after before".split()
)
#: English function words that are the language's own words too
OWN = {
    "de": {"per", "not", "so"},  # per (per Post); "not" is Not, a word on the Scryptic example
    "fr": {"on", "page", "pages", "per"},
    "es": {"no", "per"},
    "nl": {"of", "is", "per", "word", "no", "page"},
}
#: what may stand in a line without being a sentence: game names, commands and options, IDs, codes
NOT_SENTENCE = re.compile(r"Cryptic Words|CRYPTIC WORDS|^Words\b|printkit( [a-z]+)?|\S*[-/.`_]\S*|\b[A-Z]{1,2}\b")
#: games whose components still print English in other languages (shrinks to nothing)
PENDING: tuple[str, ...] = ()


#: words of printkit's making that mean nothing to a player, in any language (issue 37.2)
DEVELOPER = frozenset("solver solvers wordnet wordnets scowl readme hunspell json debug lemma lemmas lemmatiser corpus regex stdout traceback "
                      "seed seeds graine semilla startwert startwaarde".split())
#: what names a command, option or file
_TOKEN = re.compile(r"\S*[-/.`_]\S*")


def developer_lines(text: str) -> list[str]:
    """The lines of a page that show a developer word outside a command, an option
    or a file name (--seed is the keeper's option; 'seed 1' in running text is not)."""
    found = []
    for line in text.splitlines():
        words = re.findall(r"[^\W\d_]+", _TOKEN.sub(" ", line))
        if any(w.lower() in DEVELOPER for w in words) or "`" in line:  # a backquote: Markdown left on paper
            found.append(line.strip())
    return found


def test_developer_lines_sees_a_developer_word_and_passes_commands():
    assert developer_lines("Die Bedeutungslisten fehlen (kein Wordnet installiert).") == ["Die Bedeutungslisten fehlen (kein Wordnet installiert)."]
    assert developer_lines("Seed 1 · mix")
    assert not developer_lines("Ohne --word wählt es drei zufällige häufige Wörter aus eurem geheimen --seed.")
    assert developer_lines("printkit 0.1.0 · kit crypto-crisis · énigme · graine 1 · page 10")  # the footer said so
    assert not developer_lines("printkit 0.1.0 · kit crypto-crisis · énigme · n° 1 · page 10")
    assert developer_lines("Imprimez `printkit calibrate` en recto verso")  # the print guide did
    assert not developer_lines("Lancez printkit calibrate, imprimez sa feuille en recto verso")


def english_lines(text: str, lang: str) -> list[str]:
    """The lines of `text` that read as English sentences in a `lang` page."""
    english = ENGLISH - OWN.get(lang, set())
    found = []
    for line in text.splitlines():
        words = re.findall(r"[^\W\d_]+", NOT_SENTENCE.sub(" ", line))
        if len(words) >= 3 and any(w.lower() in english for w in words):
            found.append(line.strip())
    return found


def test_english_lines_sees_english_and_passes_german():
    assert english_lines("1-1 Mark the starting card.", "de") == ["1-1 Mark the starting card."]
    assert english_lines("Three English words of 5 letters", "fr")
    assert not english_lines("Beide Spieler nennen die Kartennummer ihres ersten Codes.", "de")
    assert not english_lines("printkit puzzle cryptic-words --id CW-5DE-5P07WB4X1 --paper a4", "de")
    assert not english_lines("Het woord is op, of niet?", "nl")  # Dutch's own "is", "of"


@pytest.mark.parametrize("lang", LANGS)
def test_kit_all_prints_no_english(tmp_path, capsys, lang):
    with pytest.raises(SystemExit) as exc:  # printkit in this process (faster than a subprocess)
        cli_main(["kit", "all", "--lang", lang, "--output", str(tmp_path)])
        raise SystemExit(0)
    assert not exc.value.code, capsys.readouterr()
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert len(pdfs) == 6, pdfs  # five kits and the index
    found, developer = [], []
    for path in pdfs:
        for number, page in enumerate(pypdf.PdfReader(path).pages, 1):
            text = page.extract_text() or ""
            developer += [f"{path.name} p{number}: {line}" for line in developer_lines(text)]
            if lang == "en" or (path.name.startswith(PENDING) and PENDING):
                continue
            found += [f"{path.name} p{number}: {line}" for line in english_lines(text, lang)]
    assert not found, f"{len(found)} English lines in --lang {lang}:\n" + "\n".join(found[:60])
    assert not developer, f"{len(developer)} lines with a developer word in --lang {lang}:\n" + "\n".join(developer[:60])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_note_that_counts_pages_counts_the_language_s_pages(lang):
    """Crypticolor's turned pictures take two pages a player in English and three in
    German (Ä Ö Ü): the print guide's note says what the part took."""
    from printkit import kit
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions
    from printkit.games import all_games
    from printkit.i18n import text

    game = all_games()["crypticolor"]
    doc = Document(PrintOptions(), title=game.title, command="printkit kit crypticolor")
    parts = kit.draw_kit(doc, game, Request(doc.options, lang=lang))
    assert len(parts) == len(game.kit)
    turned = [p for k, p in zip(game.kit, parts) if k.params.get("turned_only")]
    assert len(turned) == 1 and "{pages}" in next(k.note for k in game.kit if k.params.get("turned_only"))
    part = turned[0]
    per_player = (part.last - part.first + 1) // part.copies
    assert per_player == (2 if lang == "en" else 3)
    assert f" {text(lang)(kit.NUMBER_WORDS[per_player])} " in part.note and "{pages}" not in part.note


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "nl"])
def test_rules_pages_keep_headings_with_their_text(lang, paper):
    """No rules page ends with a heading whose text starts on the next page (the
    Spanish and Dutch Crypto Crisis summaries on Letter did): engine/text.py moves
    such a heading over with its text."""
    from printkit.engine.document import Document
    from printkit.engine.text import _pages, _place, fit_fewest_pages, fit_one_page, parse_markup
    from printkit.engine.units import MM, PrintOptions
    from printkit.games import all_games

    doc = Document(PrintOptions(paper=paper), title="rules")
    W, H = doc.options.paper_pt
    m = 15 * MM
    for name, game in all_games().items():
        blocks = parse_markup(game.rules_text(lang))
        base = fit_one_page(doc, blocks) if lang == "en" else fit_fewest_pages(doc, blocks)
        pages = _pages(_place(blocks, base, W - 2 * m), H - 2 * m)
        for k, page in enumerate(pages[:-1], 1):
            last = page[-1][0]
            assert last.block.kind not in ("h1", "h2"), f"{name} ({lang}, {paper}): page {k} ends with a heading"


def test_a_heading_goes_over_with_its_text():
    from printkit.engine import fonts
    from printkit.engine.text import _pages, _place, parse_markup

    fonts.register_fonts()

    blocks = parse_markup("\n\n".join(["word " * 40] * 5 + ["## Heading", "word " * 40]))
    sets = _place(blocks, 10.0, 400.0)
    used = sum(len(s.lines) * s.leading for s in sets[:5]) + 4 * sets[0].after + max(sets[5].before, sets[4].after) + len(sets[5].lines) * sets[5].leading
    room = used + 2  # the heading fits on the first page, its text does not
    pages = _pages(sets, room)
    assert len(pages) == 2 and pages[0][-1][0].block.kind == "body" and pages[1][0][0].block.kind == "h2"
