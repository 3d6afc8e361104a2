"""No answer in sight of a player who has not asked for it (issue 26).

Every kit and every `printkit puzzle ... --count 3` file (2 for Cryptex) is read page by page:
each answer key page holds one puzzle's key and nothing else (no other puzzle's
ID, key or puzzle); each puzzle's answer words print nowhere but on its own key
page(s); Crypto Crisis hint strips print their hints upside down and back to front,
so the glance that finds the fold line does not read them.
"""

from __future__ import annotations

import re

import pytest

from conftest import run_inproc
from pdfmeasure import measure

PUZZLE_GAMES = ("cryptex", "cryptic-words", "crypticolor", "crypto-crisis")
ID = re.compile(r"\b(?:CC|CW|CY|CX)(?:-[0-9A-Z]+){1,2}\b")
# a hint line, "↑ up" ("blue: no third shift"): its arrow (set in PKArrows) reads back
# apart from " up", whose space tells it from the flap's decoy words ("up")
HINT = re.compile(r"^(?:[\u2190-\u2193]?\s+(?:up|down|left|right)|\s*\w+: no (?:first|second|third) shift\s*|\s*none\s*)$")


def _answers(game: str, params: dict) -> dict[str, list[str]]:
    """{puzzle ID: its answer words} for the puzzles these parameters make."""
    from printkit.build import build_checked
    from printkit.games import all_games

    comp = all_games()[game].components["puzzle"]
    model = build_checked(comp, params)
    out = {}
    for p in model["puzzles"]:
        if game == "crypto-crisis":
            out[p["id"]] = [w["word"] for w in p["words"]]
        elif game in ("cryptic-words", "crypticolor"):
            out[p["id"]] = [p["solution"]["word"]]
        else:  # cryptex: the key is the solver's filled sheet; its words are short and common, so only IDs are checked
            out[p["id"]] = []
    return out


def _title(text: str) -> str:
    """A page's heading: its first line (every page here draws its title first)."""
    return text.strip().splitlines()[0] if text.strip() else ""


def _page_texts(path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range().replace("\r", "") for i in range(len(doc))]
    finally:
        doc.close()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    from printkit.games import all_games
    from printkit.kit import default_params

    folder = tmp_path_factory.mktemp("answers")
    out = []
    games = all_games()
    for name in PUZZLE_GAMES:
        kit = folder / f"{name}-kit.pdf"
        proc = run_inproc("kit", name, "-o", str(kit), cwd=folder)
        assert proc.returncode == 0, proc.stderr
        game = games[name]
        part = next(p for p in game.kit if p.component == "puzzle")
        comp = game.components["puzzle"]
        out.append((kit, name, _answers(name, {**default_params(comp, "1"), **part.params})))
        sheet = folder / f"{name}-puzzles.pdf"
        n = 2 if name == "cryptex" else 3  # a Cryptex challenge takes its solver ~1 s
        args = ["puzzle", name, "--seed", "7", "--count", str(n), "-o", str(sheet)]
        params = {**default_params(comp, "7"), "count": n}
        if name in ("crypticolor", "crypto-crisis"):
            args += ["--difficulty", "mixed"]
            params["difficulty"] = "mixed"
        proc = run_inproc(*args, cwd=folder)
        assert proc.returncode == 0, proc.stderr
        out.append((sheet, name, _answers(name, params)))
    return [(path, name, answers, _page_texts(path)) for path, name, answers in out]


def test_each_answer_key_page_holds_one_puzzle_and_no_answer_shows_elsewhere(files):
    for path, game, answers, pages in files:
        keys: dict[str, list[int]] = {}
        for number, text in enumerate(pages, 1):
            if "answer key" not in _title(text).lower():
                continue
            ids = set(ID.findall(text))
            assert len(ids) == 1, f"{path.name} p{number}: an answer key page names {sorted(ids)}"
            (ident,) = ids
            assert ident in answers, f"{path.name} p{number}: key for an unknown puzzle {ident}"
            keys.setdefault(ident, []).append(number)
        assert set(keys) == set(answers), f"{path.name}: puzzles without a key page: {set(answers) - set(keys)}"
        for ident, words in answers.items():
            for number, text in enumerate(pages, 1):
                if number in keys[ident]:
                    continue
                for word in words:  # answers print in capitals; anywhere else, any way up, they are in sight
                    assert not re.search(rf"\b{word.upper()}\b", text), f"{path.name} p{number}: {ident}'s answer {word} in sight"
        # the answers do show on their own key page (so the check above could fail)
        for ident, words in answers.items():
            shown = " ".join(pages[n - 1] for n in keys[ident]).replace(" ", "").replace("\n", "").upper()
            for word in words:
                assert word.upper() in shown, f"{path.name}: {ident}'s key does not show {word}"


def test_crypto_crisis_hints_are_turned_under_their_flap(files):
    for path, game, answers, pages in files:
        if game != "crypto-crisis":
            continue
        numbers = [n for n, text in enumerate(pages, 1) if "hint strips for CC-" in text]
        assert len(numbers) == len(answers)
        for page in measure(path, numbers):
            hints = [t for t in page.texts if HINT.match(t.text)]
            assert len(hints) == 9, (page.number, hints)  # three strips, three colours
            upright = [t for t in hints if t.upright]
            assert not upright, f"{path.name} p{page.number}: hints readable the right way up: {upright}"
            for t in hints:  # upside down and back to front: a half turn (a flip both ways)
                a, b, c, d = t.matrix[:4]
                assert a < 0 and d < 0, t
