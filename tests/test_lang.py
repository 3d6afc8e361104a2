"""--lang: the language table, how words fold into a language's game letters, and
the option's path from the command line and printkit.toml to a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import assert_no_traceback, run_cli
from printkit import lang
from printkit.errors import UsageError
from printkit.request import Request


@pytest.mark.parametrize("word, code, folded", [
    ("Straße", "de", "strasse"),  # no ß tile: SS
    ("Mädchen", "de", "mädchen"),  # Ä Ö Ü are letters of their own
    ("Mädchen", "en", "madchen"),
    ("Café", "de", "cafe"),
    ("Œuvre", "fr", "oeuvre"),
    ("Garçon", "fr", "garcon"),
    ("Élève", "fr", "eleve"),
    ("Niño", "es", "niño"),  # Ñ is a letter
    ("Pingüino", "es", "pinguino"),
    ("Canción", "es", "cancion"),
    ("ĳs", "nl", "ijs"),  # the ligature is I + J
    ("één", "nl", "een"),
    ("Ruïne", "nl", "ruine"),
    ("Mädchen", "de", "mädchen"),
])
def test_fold(word, code, folded):
    assert lang.fold(word, code) == folded


def test_fold_keeps_a_decomposed_umlaut_as_its_letter():
    assert lang.fold("ma\u0308dchen", "de") == "mädchen"


@pytest.mark.parametrize("code", lang.CODES)
def test_every_folded_letter_is_in_the_alphabet(code):
    letters = lang.language(code).letters
    sample = "Ææ Œœ ÀÁÂÃÄÅàáâãäå Çç ÈÉÊËèéêë ÌÍÎÏìíîï Ññ ÒÓÔÕÖòóôõö ÙÚÛÜùúûü Ýýÿ ß ĳ"
    folded = lang.fold(sample, code)
    assert all(ch in letters or ch == " " for ch in folded), (code, folded)
    assert lang.is_game_word(lang.fold("Übermäßig", code), code)


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(UsageError, match="--lang must be one of en, de, fr, es, nl, not 'xx'"):
        lang.language("xx")
    assert lang.language(None).code == "en" and lang.language(" DE ").code == "de"


def test_a_bad_lang_setting_is_one_line(workdir):
    (workdir / "printkit.toml").write_text('lang = "klingon"\n')
    proc = run_cli("sheet", "cryptex", cwd=workdir)
    assert proc.returncode == 2 and "lang = 'klingon' is not one of en, de, fr, es, nl" in proc.stderr
    assert proc.stderr.strip().count("\n") == 0
    assert_no_traceback(proc)


def test_lang_is_not_an_option_of_your_own_deck(workdir):
    proc = run_cli("deck", "--data", "cards.csv", "--front", "front.svg", "--lang", "de", cwd=workdir)
    assert proc.returncode == 2 and "--lang" in proc.stderr
    assert_no_traceback(proc)


def test_a_game_not_yet_printed_in_a_language_says_so(workdir, monkeypatch):
    from printkit.component import check_language
    from printkit.games import find_game

    game = find_game("cryptex")._replace(languages=("en", "de"))
    check_language(game, "de")
    with pytest.raises(UsageError, match=r"--lang nl: Cryptex is not printed in Dutch yet \(it is in: en, de\)"):
        check_language(game, "nl")


def test_kit_command_names_the_language():
    from printkit.engine.units import PrintOptions
    from printkit.kit import kit_command

    opts = PrintOptions(paper="a4")
    assert "--lang" not in kit_command("cryptex", Request(opts))
    assert kit_command("cryptex", Request(opts, lang="fr")).split()[-2:] == ["--lang", "fr"]


def branches_in(rel: str, source: str) -> list[str]:
    """Where `source` compares something with a language code ('== "en"',
    'in ("de", ...)', '.startswith("en")'), as rel:line."""
    import ast

    from printkit.lang import CODES

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            values = [c for c in node.comparators if isinstance(c, ast.Constant)]
            values += [e for c in node.comparators if isinstance(c, (ast.Tuple, ast.List, ast.Set)) for e in c.elts if isinstance(e, ast.Constant)]
            if any(v.value in CODES for v in values):
                found.append(f"{rel}:{node.lineno}")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "startswith" and any(isinstance(a, ast.Constant) and a.value in CODES for a in node.args):
            found.append(f"{rel}:{node.lineno}")
    return found


def language_code_branches() -> list[str]:
    """Every branch on a language code in printkit/, file:line."""
    root = Path(__file__).resolve().parent.parent
    found = []
    for path in sorted((root / "printkit").rglob("*.py")):
        found += branches_in(path.relative_to(root).as_posix(), path.read_text(encoding="utf-8"))
    return found


def test_no_code_branches_on_a_language_code():
    """English is data like the other languages: a language's differences are
    fields of its lang.Language entry or rows of a game's per-language table, never
    a branch on its code."""
    assert language_code_branches() == []
    planted = 'if lang == "en":\n    pass\nok = code in ("de", "fr")\nx = lang.startswith("nl")\ny = lang == "xx"\n'
    assert branches_in("planted.py", planted) == ["planted.py:1", "planted.py:3", "planted.py:4"]  # the scan sees each form


def test_a_languages_writing_is_its_entry():
    from printkit.lang import language, shown_letters, tagged, written

    assert [language(c).shown for c in ("en", "de", "es")] == ["A-Z", "A-Z, Ä, Ö, Ü", "A-N, Ñ, O-Z"]
    assert shown_letters("ABDEFGX") == "A, B, D-G, X"
    assert (tagged(""), tagged("DE"), tagged("EN"), tagged("XX")) == ("en", "de", None, None)
    assert (written("Café", "en"), written("Straße", "de")) == ("Café", "strasse")
    assert (language("de").vowels, language("es").vowels, language("en").vowels) == ("aeiouäöü", "aeiou", "aeiou")
    assert (language("en").decimal, language("fr").decimal) == (".", ",")
    assert [c for c in ("en", "de", "fr", "es", "nl") if language(c).capital_nouns] == ["de"]
