"""No answer in sight of a player who has not asked for it (issue 26).

Every kit and every `printkit puzzle ... --count 3` file is read page by page:
each answer key page holds one puzzle's key and nothing else (no other puzzle's
ID, key or puzzle); each puzzle's answer words print nowhere but on its own key
page(s); Crypto Crisis hint strips print their hints upside down and mirrored,
so the glance that finds the fold line does not read them.
"""

from __future__ import annotations

import re

import pytest

from conftest import run_inproc
from pdfmeasure import measure

PUZZLE_GAMES = ("cryptex", "cryptic-words", "crypticolor", "crypto-crisis")
ID = re.compile(r"\b(?:CC|CW|CY|CX)(?:-[0-9A-Z]+){1,2}\b")
HINT = re.compile(r"^(?:[UDLR]\s+(?:up|down|left|right)|\w+: no (?:first|second|third) shift|none)$")


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


def _title(page) -> str:
    """A page's heading: its largest upright text in the top 30 mm."""
    runs = [t for t in page.texts if t.upright and t.text.strip() and t.y > page.height - 85]
    return max(runs, key=lambda t: t.size).text if runs else ""


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
        args = ["puzzle", name, "--seed", "7", "--count", "3", "-o", str(sheet)]
        params = {**default_params(comp, "7"), "count": 3}
        if name in ("crypticolor", "crypto-crisis"):
            args += ["--difficulty", "mixed"]
            params["difficulty"] = "mixed"
        proc = run_inproc(*args, cwd=folder)
        assert proc.returncode == 0, proc.stderr
        out.append((sheet, name, _answers(name, params)))
    return out


def test_each_answer_key_page_holds_one_puzzle_and_no_answer_shows_elsewhere(files):
    for path, game, answers in files:
        pages = measure(path)
        keys: dict[str, list[int]] = {}
        for page in pages:
            if "answer key" not in _title(page).lower():
                continue
            ids = set(ID.findall(page.text()))
            assert len(ids) == 1, f"{path.name} p{page.number}: an answer key page names {sorted(ids)}"
            (ident,) = ids
            assert ident in answers, f"{path.name} p{page.number}: key for an unknown puzzle {ident}"
            assert "puzzle" not in _title(page).lower() or "answer key" in _title(page).lower()
            keys.setdefault(ident, []).append(page.number)
        assert set(keys) == set(answers), f"{path.name}: puzzles without a key page: {set(answers) - set(keys)}"
        for ident, words in answers.items():
            for page in pages:
                if page.number in keys[ident]:
                    continue
                for run in page.texts:
                    for word in words:
                        if run.upright and re.search(rf"\b{word.upper()}\b", run.text):  # answers print in capitals
                            pytest.fail(f"{path.name} p{page.number}: {ident}'s answer {word} in sight ({run.text!r})")
        # the answers do show on their own key page (so the check above could fail)
        for ident, words in answers.items():
            shown = " ".join(pages[n - 1].text() for n in keys[ident]).replace(" ", "").upper()
            for word in words:
                assert word.upper() in shown, f"{path.name}: {ident}'s key does not show {word}"


def test_crypto_crisis_hints_are_turned_under_their_flap(files):
    for path, game, answers in files:
        if game != "crypto-crisis":
            continue
        hint_pages = [p for p in measure(path) if "hint strips" in _title(p)]
        assert len(hint_pages) == len(answers)
        for page in hint_pages:
            hints = [t for t in page.texts if HINT.match(t.text.strip())]
            assert len(hints) == 9, (page.number, hints)  # three strips, three colours
            upright = [t for t in hints if t.upright]
            assert not upright, f"{path.name} p{page.number}: hints readable the right way up: {upright}"
            for t in hints:  # upside down and mirrored: a flip about the horizontal, not a turn
                a, b, c, d = t.matrix[:4]
                assert a > 0 and d < 0, t
