"""Crypto Crisis played from paper: the encrypted board's two files (nothing
secret in the opponent's), random boards, the answer key re-derived from the
printed board."""

from __future__ import annotations

import zlib

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject, StreamObject

from conftest import decode_qr, render_page, run_cli, run_inproc
from printkit.games.crypto_crisis import grid, solver
from printkit.games.crypto_crisis.codes import shifts_text
from printkit.words import accept_words

GAME = "crypto-crisis"


def every_byte(path, *, fonts: bool = True) -> bytes:
    """The file's raw bytes plus every stream in its cross-reference table,
    decompressed (content streams, forms, fonts' ToUnicode maps, metadata).
    `fonts=False` leaves out the embedded font programs (binary glyph data,
    where any two letters turn up by chance) and the raw file."""
    raw = path.read_bytes()
    out = [raw] if fonts else []
    reader = PdfReader(path)
    ids = [(idnum, gen) for gen, table in reader.xref.items() for idnum in table]
    ids += [(idnum, 0) for idnum in reader.xref_objStm]
    assert len(ids) > 10
    for idnum, gen in ids:
        obj = reader.get_object(IndirectObject(idnum, gen, reader))
        if isinstance(obj, StreamObject):
            if fonts or "/Length1" not in obj:
                out.append(obj.get_data())
        out.append(repr(obj).encode("utf-8", "replace"))
    # the text as printed, decoded through each font's ToUnicode map (subset
    # fonts do not encode text as ASCII), run by run and with spaces removed
    from pdfmeasure import measure

    runs = [t.text for page in measure(path) for t in page.texts]
    out += [" ".join(runs).encode(), "".join(runs).encode(), "".join("".join(runs).split()).encode()]
    # and any deflate stream the table might not list
    for start in range(len(raw) if fonts else 0):
        if raw.startswith(b"stream", start):
            body = raw[raw.index(b"\n", start) + 1:]
            try:
                out.append(zlib.decompressobj().decompress(body))
            except zlib.error:
                pass
    blob = b"\n".join(out)
    if not fonts:  # font subset tags (six capitals from the glyph set) are not text either
        import re

        blob = re.sub(rb"[A-Z]{6}\+", b"+", blob)
    return blob


def secrets_of(model: dict) -> tuple[list[str], list[str]]:
    """Every string that would give a word or shift away, in the cases a file
    could hold it: (long ones, searched in every byte; shift runs, searched in
    everything but the font programs, where two letters turn up by chance)."""
    out, shifts_only = [], []
    for w in model["words"]:
        word = w["word"]
        shifts = "".join(w["shifts"])
        out += [word, word.lower(), word.capitalize(), f"{word.lower()}:{shifts}", f"{word}:{shifts}"]
        if len(shifts) >= 2:
            shifts_only += [shifts, " ".join(shifts)]
        if w["net"] and len(w["net"]) >= 2:
            shifts_only.append(w["net"])
        out.append(" ".join(w["tiles"]))
    seed = (model.get("params") or {}).get("seed")
    if seed:
        out.append(seed)
    return out, shifts_only


CASES = [
    ("words", ["--word", "plumb:LLD", "--word", "crate:UUR", "--word", "fishy:RDD"]),
    ("random", ["--seed", "secret-seed-4417"]),
    ("example", ["--example"]),
]


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    import json

    folder = tmp_path_factory.mktemp("boards")
    out = {}
    for name, args in CASES:
        proc = run_inproc("board", GAME, *args, "-o", f"{name}.pdf", cwd=folder)
        assert proc.returncode == 0, proc.stderr
        js = run_inproc("board", GAME, *args, "--json", cwd=folder)
        out[name] = (folder / f"{name}.pdf", folder / f"{name}-keeper.pdf", json.loads(js.stdout), proc.stdout)
    return out


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_opponent_file_holds_no_secret(boards, name):
    shared, keeper, model, summary = boards[name]
    blob = every_byte(shared)
    meta = PdfReader(shared).metadata
    info = " ".join(str(v) for v in meta.values())
    secrets, shifts = secrets_of(model)
    assert len(secrets) >= 15 and len(shifts) >= 3
    text_blob = every_byte(shared, fonts=False)
    for s in secrets + shifts:
        assert s.encode() not in (blob if s in secrets else text_blob), (name, s)
        assert s not in info, (name, s)
        assert s.lower() not in shared.name.lower()
    assert "command:" not in info
    # the keeper's file does hold them: the search would have found them
    kblob = every_byte(keeper)
    kinfo = " ".join(str(v) for v in PdfReader(keeper).metadata.values())
    key_text = "".join(PdfReader(keeper).pages[1].extract_text().split())
    assert all(w["word"] in key_text for w in model["words"])
    shown = "".join(PdfReader(shared).pages[0].extract_text().split())
    assert not any(w["word"] in shown or w["word"][::-1] in shown for w in model["words"])
    assert "command:printkit board crypto-crisis" in kinfo and any(s.encode() in kblob for s in secrets)
    # no QR code on the shared page; both files name the same board code
    assert decode_qr(render_page(shared, 0, 72)) == []
    assert model["code"] in PdfReader(shared).pages[0].extract_text()
    assert model["code"] in PdfReader(keeper).pages[0].extract_text()
    # the summary says which file to send and which to keep
    lines = summary.splitlines()
    assert lines[0].startswith(f"wrote {shared.name}") and "to your opponent" in lines[0]
    assert lines[1].startswith(f"wrote {keeper.name}") and "Keep this file" in lines[1]


def test_random_board_is_seeded_and_says_so(boards, tmp_path):
    _shared, _keeper, model, summary = boards["random"]
    assert model["source"] == "random" and "random common words from seed 'secret-seed-4417'" in summary
    again = run_inproc("board", GAME, "--seed", "secret-seed-4417", "--json", cwd=tmp_path)
    assert again.returncode == 0 and '"STUDY"' not in again.stdout
    import json

    m2 = json.loads(again.stdout)
    assert m2["words"] == model["words"]
    other = json.loads(run_inproc("board", GAME, "--seed", "another", "--json", cwd=tmp_path).stdout)
    assert other["words"] != model["words"]
    from printkit.games.crypto_crisis.rules import puzzle_list

    for w in model["words"]:
        assert w["word"] in puzzle_list() and 1 <= len(w["shifts"]) <= 3
    # with every shift out, each colour has one answer (the solver's report)
    assert all(len(v) == 1 for v in model["solver"]["all"].values())
    # only --example gives the rulebook's words
    ex = boards["example"][2]
    assert [w["word"] for w in ex["words"]] == ["STUDY", "GHOST", "KNIFE"]
    proc = run_inproc("board", GAME, "--example", "--word", "study", cwd=tmp_path)
    assert proc.returncode == 2 and "--example" in proc.stderr and proc.stderr.count("\n") == 1


# -- reading the printed board back --------------------------------------------------------------

RGB = {
    "blue": (0, 114, 178), "yellow": (240, 228, 66), "red": (213, 94, 0),
    "green": (0, 158, 115), "purple": (204, 121, 167), "orange": (230, 159, 0),
    "black": (0, 0, 0), "none": (255, 255, 255),
}


def read_board(path, dpi: float = 40) -> list[dict]:
    """The merged board as printed: each tile's colour (sampled from the
    rendered page), its underline and strike bars (pixels where the bars go),
    its italic (the big letter's font in the content stream)."""
    from printkit.games.crypto_crisis.draw import board_layout, tile_geometry

    reader = PdfReader(path)
    page = (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height))
    img = render_page(path, 0, dpi)
    k = dpi / 72
    x0, y0, side = board_layout(page)
    s = side / 5
    g = tile_geometry(s)
    italic = set()

    def visit(text, cm, tm, font, size):
        if size > 30 and text.strip() and str(font.get("/BaseFont")).endswith("BoldItalic"):
            italic.add(text.strip())

    reader.pages[0].extract_text(visitor_text=visit)
    cells = []
    for i, letter in enumerate(grid.LETTERS):
        r, c = divmod(i, 5)
        x, y = x0 + c * s, y0 + side - (r + 1) * s

        def px(dx, dy):
            return img.getpixel((int((x + dx) * k), int((page[1] - y - dy) * k)))

        fill = px(0.07 * s, 0.3 * s)
        mix = min(RGB, key=lambda m: sum((a - b) ** 2 for a, b in zip(RGB[m], fill)))
        marks = []
        for mark in ("underline", "strike"):
            a, _b, yy = g[mark]
            bar = px(a + 0.02 * s, yy)
            if sum((p - q) ** 2 for p, q in zip(bar, fill)) > 3 * 60 ** 2:
                marks.append(mark)
        if letter in italic:
            marks.append("italic")
        order = ["underline", "italic", "strike"]
        cells.append({"letter": letter, "mix": mix, "marks": sorted(marks, key=order.index)})
    return cells


@pytest.mark.parametrize("name", ["words", "random"])
def test_answer_key_follows_from_the_printed_board(boards, name):
    shared, keeper, model, _ = boards[name]
    cells = read_board(shared)
    assert [(c["mix"], c["marks"]) for c in cells] == [(c["mix"], c["marks"]) for c in model["cells"]]
    # the keeper's printed key: words and net shifts, read from its text
    key = "".join(PdfReader(keeper).pages[1].extract_text().split())
    words = [w["word"] for w in model["words"]]
    assert all(w in key for w in words)
    # solve the printed board with the shifts the keeper's slips reveal (all of them)
    slips = PdfReader(keeper).pages[0].extract_text()
    known = {w["colour"]: (w["shifts"], True) for w in model["words"]}
    for w in model["words"]:
        for s in w["shifts"]:
            assert grid.SHIFT_NAMES[s] in slips
    found = solver.solve(cells, known, accept_words())
    for w in model["words"]:
        assert found[w["colour"]] == [(w["word"], grid.net_shift(w["shifts"]))], w
        assert f"{w['word']}{shifts_text(w['shifts'])}" in key  # the shifts as arrows (codes.py)
    assert "Codes:↑up,↓down,←left,→right;Bblue,Yyellow,Rred;uunderlined,iinitalics,sstruckthrough." in key  # the key's legend


# -- print sizes -----------------------------------------------------------------------------------

def _footer(page, run) -> bool:
    """The engine's page footer (printkit version, component, page number):
    the one run allowed under 7 pt, at the foot of the page."""
    return run.text.startswith("printkit ") and run.y < 10 * 72 / 25.4


def test_nothing_under_7pt_in_the_kit_the_board_files_and_puzzles(boards, tmp_path):
    from pdfmeasure import measure

    from printkit import kit
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions
    from printkit.games import get_game

    doc = Document(PrintOptions(), title="kit", command="printkit kit crypto-crisis")
    kit.draw_kit(doc, get_game(GAME))
    proc = run_inproc("puzzle", GAME, "--seed", "sizes", "--count", "2", "--difficulty", "hard", "-o", "p.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    shared, keeper, _m, _s = boards["random"]
    files = {"kit": doc.pdf_bytes(), "board": shared, "keeper": keeper, "puzzles": tmp_path / "p.pdf"}
    for name, pdf in files.items():
        pages = measure(pdf)
        runs = [(p.number, t) for p in pages for t in p.texts]
        assert len(runs) > 40, name
        small = [(n, t) for n, t in runs if t.size < 7.0 - 0.01 and not _footer(pages[n - 1], t)]
        assert not small, (name, small[:6])
        # the footer is the only exception, once a page
        assert sum(1 for n, t in runs if t.size < 6.99) <= len(pages), name


def test_colourable_boards_and_helper_are_large(tmp_path):
    """The kit's colourable boards have cells of 15 mm or more (measured from the
    drawn rectangles), the shift helper shows where each tile goes both ways."""
    from pdfmeasure import measure

    from printkit.games.crypto_crisis.paper import step_of

    for paper in ("a4", "letter"):
        proc = run_inproc("sheet", GAME, "--part", "boards", "--paper", paper, "-o", f"b-{paper}.pdf", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        (page,) = measure(tmp_path / f"b-{paper}.pdf")
        big = [t for t in page.texts if t.text in grid.LETTERS and t.size > 20]
        assert len(big) == 50  # two boards, A-Y each
        xs = sorted({round(t.x + 0.0, 1) for t in big if t.text in "AFKPU"})
        ys = sorted({round(t.y, 1) for t in big if t.text in "ABCDE"})
        a = [t for t in big if t.text == "A"][0]
        b = [t for t in big if t.text == "B" and abs(t.y - a.y) < 1][0]
        step_mm = (b.x - a.x) / 72 * 25.4
        assert step_mm >= 15, (paper, step_mm)
        assert len(ys) == 2 and xs
    # the helper: K's neighbours wrap as the rulebook's knife example needs
    assert [step_of("K", m) for m in "UDLR"] == ["F", "P", "O", "L"]
    assert step_of("E", "R") == "A" and step_of("A", "U") == "U"
    proc = run_inproc("sheet", GAME, "--part", "method", "-o", "m.pdf", cwd=tmp_path)
    text = PdfReader(tmp_path / "m.pdf").pages[0].extract_text()
    assert "encrypt by hand" in text and "Tiles: R P K M G" in text
    # read the printed helper back: in each cell, the small letters at its top,
    # bottom, left and right edges are the cells one shift up, down, left, right
    (page,) = measure(tmp_path / "m.pdf")
    cells = [t for t in page.texts if t.text in grid.LETTERS and t.size > 20]
    assert len(cells) == 25
    s = cells[1].x - cells[0].x
    def centre(t):
        return (t.box[0] + t.box[2]) / 2, t.y

    for big in cells:
        cx, cy = centre(big)
        cy += s * 0.12  # the cell's centre
        near = [t for t in page.texts if 7 <= t.size < 15 and len(t.text) == 1 and abs(centre(t)[0] - cx) < s / 2 and abs(t.y - cy) < s / 2]
        where = {}
        for t in near:
            dx, dy = centre(t)[0] - cx, t.y - cy
            where["R" if dx > s * 0.25 else "L" if dx < -s * 0.3 else "U" if dy > 0 else "D"] = t.text
        assert where == {m: step_of(big.text, m) for m in "UDLR"}, (big.text, where)


def test_puzzle_qr_codes_without_mask_search_all_decode():
    """Puzzle sheets draw their ID's QR code with one fixed mask pattern (no
    search, ~9x cheaper): every code still decodes (40 IDs at the sheet's size),
    and mask=None (custom decks' user text) still searches for another pattern."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from printkit.engine.qr import qr_matrix, draw_qr
    from printkit.games.crypto_crisis.draw import QR_MASK
    from printkit.puzzles import make_token

    ids = [f"CC-{'EMH'[k % 3]}-{make_token('qr', k)}" for k in range(40)]
    side = 30 * 72 / 25.4
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(595, 842))
    for k, pid in enumerate(ids):
        if k and k % 20 == 0:
            c.showPage()
        r, col = divmod(k % 20, 4)
        draw_qr(c, pid, 30 + col * (side + 40), 842 - 40 - (r + 1) * (side + 30), side, mask=QR_MASK)
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    found = []
    for i in range(len(pdf)):
        found += decode_qr(pdf[i].render(scale=150 / 72).to_pil().convert("RGB"))
    pdf.close()
    assert sorted(found) == sorted(ids)
    # the fixed mask is really used, and mask=None gets the search
    assert qr_matrix(ids[0], QR_MASK) != qr_matrix(ids[0], None) or qr_matrix(ids[1], QR_MASK) != qr_matrix(ids[1], None)


def test_kit_pages_say_true_things(tmp_path):
    """The rules page's claims hold in the kit itself: each puzzle's hint strips
    on the page after it, its key on the page after that; the print guide talks
    about no cards, backs or two-sided printing (this kit has none); sudden death
    flags our choice; the rules point to the docs file that ships."""
    from pathlib import Path

    proc = run_inproc("kit", GAME, "-o", "out", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    pages = [p.extract_text() for p in PdfReader(tmp_path / "out" / "crypto-crisis-kit.pdf").pages]
    rules = " ".join(" ".join(p.split()) for p in pages[1:3])
    assert "hint strips are on the page after it; each answer key is on a page of its own at the end" in rules
    boards = [k for k, t in enumerate(pages) if "solo puzzle" in t and "Puzzle CC-" in t]
    assert len(boards) == 3
    for k in boards:
        pid = next(w for w in pages[k].split() if w.startswith("CC-") and len(w) >= 13)
        assert f"hint strips for {pid}" in pages[k + 1] and "open at 15:00" not in pages[k] and "open at 15:00" in pages[k + 1]
        key = next(t for t in pages if f"answer key for {pid}" in t)  # each key on a page of its own
        assert sum("CC-" in w for w in key.split("printkit 0.1")[0].split() if len(w) >= 13) >= 1
        assert all(o not in key for o in (next(w for w in pages[j].split() if w.startswith("CC-") and len(w) >= 13) for j in boards) if o != pid)
    assert [t.split("  (")[1].split(")")[0] for t in pages[-3:]] == ["easy", "medium", "hard"]
    assert sum("answer key for" in t for t in pages) == 3
    guide = next(t for t in pages if "How to print this kit" in t)
    for word in ("card", "backs", "two-sided", "calibrate"):
        assert word not in guide.lower(), word
    assert "Where we chose" in rules and "garnets" in rules and "draw" in rules
    assert "docs/games/crypto-crisis.md" in rules
    assert (Path(__file__).resolve().parent.parent / "docs" / "games" / "crypto-crisis.md").is_file()
    for part in ("encrypt by hand", "keep folded", "merged board", "hint slips"):
        assert any(part in t for t in pages), part


def test_gc_pause_while_making_puzzles_restores_the_collector():
    import gc

    from printkit.games.crypto_crisis import generator, rules

    a = generator.build_puzzles({"seed": "gc", "count": 3, "difficulty": "easy"})
    assert gc.isenabled()
    gc.disable()
    try:
        b = generator.build_puzzles({"seed": "gc", "count": 3, "difficulty": "easy"})
        assert rules.check_puzzles(b) == []
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert a == b and gc.isenabled()


def test_board_as_png_keeps_the_keepers_pages_apart(tmp_path):
    proc = run_inproc("board", GAME, "--seed", "png", "--format", "png", "--dpi", "36", "-o", "b", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["page-001.png"]
    assert sorted(p.name for p in (tmp_path / "b-keeper").iterdir()) == ["page-001.png", "page-002.png"]
    assert "to your opponent" in proc.stdout and "Keep this file" in proc.stdout
    proc = run_inproc("board", GAME, "--seed", "png", "-o", "-", cwd=tmp_path)
    assert proc.returncode == 2 and "two files" in proc.stderr


def test_hint_flap_label_folds_onto_no_hint(tmp_path):
    """The flap's white "fold over the hint" label, folded over along the dotted
    line, lands on blank paper above the hints: on a hint it would let that hint
    show through. Measured from the page: each label's box mirrored across the
    fold line (the left edge of the clipped pattern) meets no text of the strip."""
    from pdfmeasure import measure

    from printkit.engine.units import MM

    proc = run_inproc("puzzle", GAME, "--seed", "flap", "-o", "p.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    page = measure(tmp_path / "p.pdf", pages=[2])[0]
    labels = [t for t in page.texts if t.text == "fold over the hint" and t.box]
    assert len(labels) == 3
    decoys = [t.box for t in page.texts if t.box and t.text.strip() in {"U", "D", "L", "R", "B", "Y", "up", "down", "left", "right"} and t.x > page.width * 0.55]
    fold = min(b[0] for b in decoys)
    left = [t for t in page.texts if t.box and t.box[2] <= fold + 0.5]
    for lab in labels:
        x0, y0, x1, y1 = lab.box
        mx0, mx1 = 2 * fold - x1 - 2 * MM, 2 * fold - x0 + 2 * MM  # with the label's white margin
        for t in left:
            b = t.box
            assert b[2] < mx0 or b[0] > mx1 or b[3] < y0 - 1 or b[1] > y1 + 1, (t.text, lab.box, b)


def test_flap_pattern_decoys_are_one_text_object(tmp_path):
    """The flap pattern's ~360 turned decoys are set in one text object, each by
    its own text matrix (no save/turn/restore a letter): read from the PDF's forms."""
    import pikepdf

    proc = run_inproc("sheet", GAME, "-o", "s.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    with pikepdf.open(tmp_path / "s.pdf") as pdf:
        forms = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"]
        parsed = [pikepdf.parse_content_stream(f) for f in forms]
    cover = max(parsed, key=lambda ops: sum(str(op) == "Tj" for _, op in ops))
    ops = [str(op) for _, op in cover]
    assert ops.count("BT") == 1 and ops.count("q") == 0 and ops.count("cm") <= 1  # the form's own matrix only
    assert ops.count("Tj") >= 300 and ops.count("Tm") >= ops.count("Tj")  # a matrix each
    turned = [operands for operands, op in cover if str(op) == "Tm" and float(operands[0]) != 1]
    assert len(turned) > 100 and all(abs(float(v)) in (0, 1) for m in turned for v in m[:4])  # quarter turns
