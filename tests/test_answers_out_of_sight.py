"""No answer in sight of a player who has not asked for it (issue 26).

Every kit and every `printkit puzzle ... --count 3` file (2 for Cryptex) is read page by page:
each answer key page holds one puzzle's key and nothing else (no other puzzle's
ID, key or puzzle); each puzzle's answer words print nowhere but on its own key
page(s); Crypto Crisis solo hint strips print each hint as a number looked up in the
key on its flap, so the glance that finds the fold line reads no shift.
"""

from __future__ import annotations

import re

import pytest

from conftest import run_inproc
from pdfmeasure import measure

PUZZLE_GAMES = ("cryptex", "cryptic-words", "crypticolor", "crypto-crisis")
ID = re.compile(r"\b(?:CC|CW|CY|CX)(?:-[0-9A-Z]+){1,2}\b")



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


def test_crypto_crisis_hints_are_numbers_looked_up_under_their_flap(tmp_path):
    """The solo hint page shows each hint as a number and the key to the numbers on
    the strip's flap: no shift word or arrow outside the flap (turned or mirrored,
    four words and four arrows still read at a glance), and each number, looked up
    in its own strip's key, gives the puzzle's shift (or none)."""
    from printkit.build import build_checked
    from printkit.games import all_games
    from printkit.games.crypto_crisis.draw import CODED, MARGIN, _strip_parts, hint_code
    from printkit.kit import default_params

    comp = all_games()["crypto-crisis"].components["puzzle"]
    params = {**default_params(comp, "7"), "count": 3, "difficulty": "mixed"}
    model = build_checked(comp, params)
    out = tmp_path / "cc.pdf"
    proc = run_inproc("puzzle", "crypto-crisis", "--seed", "7", "--count", "3", "--difficulty", "mixed", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    texts = _page_texts(out)
    numbers = [n for n, text in enumerate(texts, 1) if "hint strips for CC-" in text]
    assert len(numbers) == len(model["puzzles"]) == 3
    for page, puzzle in zip(measure(out, numbers), model["puzzles"]):
        flap = _strip_parts(MARGIN, page.width - 2 * MARGIN, 0.28)[2]  # the flaps' left edge
        words = re.compile(r"\b(up|down|left|right|none)\b|[\u2190-\u2193]")
        strips = [t for t in page.texts if t.box and t.box[1] < page.height * 0.75]  # below the page's instructions
        loose = [t for t in strips if t.box[0] < flap - 0.5 and words.search(t.text)]  # ink left of the flap
        assert not loose, f"p{page.number}: a shift in sight outside the flaps: {loose}"
        digits = sorted((t for t in page.texts if re.fullmatch(r"[1-9]", t.text.strip()) and t.size >= 12), key=lambda t: -t.y)
        want = []
        for k, slip in enumerate(puzzle["hints"]):
            code = hint_code(f"{puzzle['id']}-{k}")
            want += [code[slip["shifts"][colour] or ""] for colour in ("blue", "yellow", "red") if colour in slip["shifts"]]
            assert sorted(code.values()) == sorted(set(code.values())) and set(code) == set(CODED)
        assert [t.text.strip() for t in digits] == want, (page.number, digits)
        keys = [t.text for t in page.texts if re.match(r"^[1-9]\s+", t.text)]
        assert len(keys) == 15, keys  # five key lines on each of the three flaps
