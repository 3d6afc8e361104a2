"""Large --count runs keep memory flat (issue 14): the puzzles wait on disk in a
Shelf between being made, checked and drawn, and a finished page keeps only
what the PDF's last step needs. None of it may change a byte of the output."""

from __future__ import annotations

import gc
import os
import tracemalloc
from pathlib import Path

import pytest

from conftest import run_inproc
from printkit import puzzles
from printkit.base.shelf import Shelf, json_pieces

ITEMS = [
    {"id": "CC-M-1", "cells": [{"letter": "A", "mix": "B+Y"}], "shifts": ("U", "L"), "net": None},
    {"n": 3, "score": 0.1 + 0.2, "by": {1: "one", 2: ["two", 2.5]}, "flag": True},
    ["a list", ("a", "tuple"), {"nested": {"deep": [1, 2, 3]}}],
    "text with ünïcode · and a long tail " * 20,
]


@pytest.mark.parametrize("on_disk", [True, False])
def test_shelf_gives_back_exactly_what_went_in(monkeypatch, on_disk):
    if not on_disk:  # no temporary file can be made: the items stay in memory, same answers
        import tempfile

        def refuse(*a, **kw):
            raise OSError("no temporary folder")

        monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    shelf = Shelf(ITEMS)
    assert (shelf._file is not None) is on_disk
    assert len(shelf) == len(ITEMS) and bool(shelf)
    for twice in range(2):  # read again and again: sheets, then keys
        assert list(shelf) == ITEMS
    assert shelf[1]["by"] == {1: "one", 2: ["two", 2.5]}  # number keys stay numbers
    assert shelf[0]["shifts"] == ("U", "L") and type(shelf[0]["shifts"]) is tuple
    assert shelf[-1] == ITEMS[-1] and shelf[1:3] == ITEMS[1:3] and shelf[::-2] == ITEMS[::-2]
    assert shelf == ITEMS and shelf != ITEMS[:-1] and shelf != ITEMS[::-1]
    with pytest.raises(IndexError):
        shelf[len(ITEMS)]
    copy = shelf[0]
    copy["id"] = "changed"  # a read gives a copy: the shelf is read only
    assert shelf[0]["id"] == "CC-M-1"
    import json

    # --json: the text json.dumps gives for the list, written a piece at a time
    for size in (1, 7, 1 << 16):
        pieces = list(json_pieces({"puzzles": shelf, "more": [1, {"again": shelf, "none": Shelf()}]}, size=size))
        assert "".join(pieces) == json.dumps({"puzzles": ITEMS, "more": [1, {"again": ITEMS, "none": []}]}, indent=2, ensure_ascii=False)
        assert size > 1 or len(pieces) > 100
    assert not Shelf() and list(Shelf()) == []
    from printkit.rules import field

    assert field({"puzzles": shelf}, "puzzles", list, "X", "puzzles") == (shelf, [])  # rules read it as a list
    assert field({"puzzles": shelf}, "puzzles", dict, "X", "puzzles")[1][0].message == "'puzzles' must be an object"


# (command, how many puzzles): every component that takes --count
JOBS = [
    ("crypto-crisis", ["--count", "3", "--difficulty", "mixed"]),
    ("crypticolor", ["--count", "4"]),
    ("cryptic-words", ["--count", "3", "--seed", "m"]),
    ("cryptex", ["--count", "2"]),
]


@pytest.mark.parametrize("game,args", JOBS, ids=[g for g, _ in JOBS])
def test_puzzles_on_disk_print_the_same_bytes_and_json(tmp_path, monkeypatch, game, args):
    """The same run with its puzzles in a list and on a Shelf (the threshold
    moved so that three puzzles go on disk): the same PDF bytes, the same JSON."""
    from printkit.games import find_game

    out = {}
    for where, start in (("memory", 10**9), ("disk", 1)):
        monkeypatch.setattr(puzzles, "ON_DISK_FROM", start)
        comp = find_game(game).components["puzzle"]
        model = comp.build({"count": int(args[1]), "seed": "1", **dict(zip([a[2:] for a in args[2::2]], args[3::2]))})
        assert isinstance(model["puzzles"], Shelf) is (where == "disk")
        pdf = tmp_path / f"{where}.pdf"
        run_inproc("puzzle", game, *args, "-o", str(pdf), cwd=tmp_path, check=True)
        js = run_inproc("puzzle", game, *args, "--json", cwd=tmp_path, check=True).stdout
        out[where] = (pdf.read_bytes(), js)
    assert out["disk"][0] == out["memory"][0]
    assert out["disk"][1] == out["memory"][1] and '"puzzles": [' in out["disk"][1]


def test_a_rejected_puzzle_on_the_shelf_draws_nothing(tmp_path, monkeypatch):
    """Checked before anything is drawn, on disk too: exit 1 naming the puzzle,
    no file written."""
    from printkit.games.crypto_crisis import generator

    monkeypatch.setattr(puzzles, "ON_DISK_FROM", 1)
    make = generator.make_puzzle

    def broken(token, level, lang="en"):
        p = make(token, level, lang)
        if token == puzzles.make_token("1", 1):
            p["words"][0]["word"] = "zzzzz"
        return p

    monkeypatch.setattr(generator, "make_puzzle", broken)
    out = tmp_path / "x.pdf"
    r = run_inproc("puzzle", "crypto-crisis", "--count", "3", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    bad = generator.make_puzzle(puzzles.make_token("1", 1), "medium")["id"]
    assert bad in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() and list(tmp_path.glob("*.pdf")) == []


def _peak(n: int, draw: bool) -> int:
    """Peak Python memory (bytes) of making and checking n Crypto Crisis puzzles
    (and, with `draw`, drawing them into one document), in this process."""
    from printkit import build
    from printkit.engine.units import PrintOptions
    from printkit.games import find_game

    comp = find_game("crypto-crisis").components["puzzle"]
    gc.collect()
    tracemalloc.start()
    try:
        model = build.build_checked(comp, {"count": n, "seed": "flat", "difficulty": "easy"})
        if draw:
            doc = build.new_document(comp, model, PrintOptions())
            comp.render(doc, model)
            doc._close()
            _peak.pages = doc.pages
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _fresh_peaks(draw: bool, sizes: tuple[int, ...]) -> list[tuple[int, int]]:
    """(peak bytes, pages) of `_peak(n, draw)` for each n, measured in a new
    interpreter: in a pytest worker the tests that ran before (which xdist
    chooses by timing) leave dictionaries part-filled, and one that grows during
    a measurement once added ~600 bytes a puzzle to a 460-byte figure."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import json, test_memory as t\n"
        f"out = []\n"
        f"for n in {list(sizes)!r}:\n"
        f"    out.append((t._peak(n, {draw!r}), getattr(t._peak, 'pages', 0)))\n"
        "print(json.dumps(out))\n"
    )
    here = Path(__file__).resolve().parent
    proc = subprocess.run([sys.executable, "-c", code], cwd=here, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [tuple(pair) for pair in json.loads(proc.stdout.strip().splitlines()[-1])]


def test_made_puzzles_wait_on_disk_not_in_memory():
    """Making and checking 130 puzzles peaks within a few hundred bytes a puzzle
    of making 50 (each puzzle's model is about 16 KB in memory)."""
    # the first 50: word indexes and caches, filled once, not counted
    _, (small, _), (large, _) = _fresh_peaks(False, (50, 50, 130))
    per_puzzle = (large - small) / 80
    assert per_puzzle < 1_000, f"{per_puzzle:.0f} bytes a puzzle"


@pytest.mark.slow
def test_memory_per_puzzle_sheet_stays_small():
    """Made, checked and drawn: peak memory grows by a few KB a sheet, not by
    the ~28 KB a sheet it took when every puzzle stayed in memory and every
    page kept its own objects."""
    # the first 60: word indexes, fonts, forms, caches, filled once, not counted
    _, (small, pages_small), (large, pages_large) = _fresh_peaks(True, (60, 60, 160))
    pages_a_sheet = (pages_large - pages_small) / 100  # puzzle, hint strips, its own key page: 3
    per_sheet = (large - small) / 100
    # what still grows is ReportLab's record of each page's objects until the save
    # (about 3.5 KB a page); a sheet that kept its puzzle or page would cost 16 KB more
    assert per_sheet < 4_000 * pages_a_sheet, f"{per_sheet:.0f} bytes a sheet of {pages_a_sheet:g} pages"


def test_a_finished_page_keeps_little_until_the_save(tmp_path):
    """ReportLab keeps every page object until the save; printkit trims what
    each keeps (unset attributes, equal dictionaries, what the save adds once
    a page is written). Measured over drawing and saving 300 more pages, each
    with text of its own, and the file reads back whole."""
    from pypdf import PdfReader

    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    def peak(n: int) -> int:
        doc = Document(PrintOptions(), title="pages")
        doc.small_print = "memory test"
        gc.collect()
        tracemalloc.start()
        try:
            for k in range(n):
                c = doc.new_page()
                c.drawString(72, 72, f"page {k} of a long run")
            doc.save(tmp_path / f"{n}.pdf")
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(50)
    per_page = (peak(400) - peak(100)) / 300
    assert per_page < 2_500, f"{per_page:.0f} bytes a page"  # 3.9 KB before the trim, 1.1 KB after
    reader = PdfReader(tmp_path / "400.pdf")
    assert len(reader.pages) == 400 and "page 399 of a long run" in reader.pages[399].extract_text()



def _own_deck_peak(folder: Path, n: int, data: str) -> int:
    """Peak traced memory of `printkit deck` (in a fresh interpreter, traced
    from its start) of `data`, the Ember Road example's cards cycled to n rows
    (bench/bench_own.py's write_inputs)."""
    import subprocess
    import sys

    code = (
        "import sys, tracemalloc\n"
        "tracemalloc.start()\n"
        "from printkit import cli\n"
        f"sys.argv = ['printkit', 'deck', '--data', '{data}', '--front', 'front.svg', '--back', 'back.svg', '-o', '{n}.pdf', '--jobs', '1']\n"
        "try:\n    cli.main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(tracemalloc.get_traced_memory()[1])\n"
    )
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "XDG_CONFIG_HOME": str(folder / ".no-user-config")}
    proc = subprocess.run([sys.executable, "-c", code], cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return int(proc.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_own_deck_memory_per_card_stays_small(tmp_path):
    """Your own deck holds each row once (the cards share the table's values)
    and makes each card's face as it is drawn, not all faces first: in one
    process (--jobs 1) peak memory grows by about 2.7 KB a card from 100 to 500
    cards (the row, its set text remembered for the drawing, the page's
    record), 6.4 KB before."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from bench_own import write_inputs

    folder = tmp_path / "ember"
    folder.mkdir()
    files = write_inputs(folder, [100, 500])  # the bench's own decks: 40 cards cycled, each past the first named apart
    per_card = (_own_deck_peak(folder, 500, files[500]) - _own_deck_peak(folder, 100, files[100])) / 400
    assert per_card < 4_000, f"{per_card:.0f} bytes a card"


def test_own_deck_rows_share_their_column_names(tmp_path):
    """A data row's values are an ordinary dict whose keys are held once for the
    whole table (CPython's shared-key attribute dicts): well under a plain
    dict's size; a column named like Python's own attributes gets plain dicts.
    (bench/bench_own.py: 1.04 -> 0.91-0.94 KB a card of peak memory growth.)"""
    import sys

    from printkit.custom import data as D

    (tmp_path / "cards.csv").write_text("type,name,cost,power,art,text\nTraveller,Fox Scout,1,2,fox,Gain :ember:.\nHazard,Flood,,,wave,Lose one.\n", encoding="utf-8")
    rows = D.read_table(tmp_path / "cards.csv").rows
    assert [r.values for r in rows] == [
        {"type": "Traveller", "name": "Fox Scout", "cost": "1", "power": "2", "art": "fox", "text": "Gain :ember:."},
        {"type": "Hazard", "name": "Flood", "cost": "", "power": "", "art": "wave", "text": "Lose one."}]
    v = rows[0].values
    assert type(v) is dict and list(v) == ["type", "name", "cost", "power", "art", "text"]
    if sys.implementation.name == "cpython":  # a later table with other columns shares its own
        (tmp_path / "more.csv").write_text("a,b,c,d,e,f,g\n" + "1,2,3,4,5,6,7\n" * 20, encoding="utf-8")
        last = D.read_table(tmp_path / "more.csv").rows[-1].values  # (the first rows of a table set the sharing up)
        assert sys.getsizeof(last) < 0.6 * sys.getsizeof({k: x for k, x in last.items()})
    v["name"] = "Fox"  # an ordinary dict: changed, added to
    v["new column"] = 1
    assert v["name"] == "Fox" and rows[1].values["name"] == "Flood"
    (tmp_path / "odd.csv").write_text("__class__,__dict__,name\na,b,c\n", encoding="utf-8")
    assert D.read_table(tmp_path / "odd.csv").rows[0].values == {"__class__": "a", "__dict__": "b", "name": "c"}
