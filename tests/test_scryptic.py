"""Scryptic: word-strength rules, fair natural boards, tiling, tokens, reference,
score sheet and kit, through the rules functions, the PDFs and the CLI."""

from __future__ import annotations

import json
import math

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter
from pypdf import PdfReader

from conftest import assert_no_traceback, render_page, run_cli
from printkit import build
from printkit.engine.document import Document
from printkit.engine.tiles import MIN_OVERLAP, plan_tiles, draw_tiled
from printkit.engine.units import MM, PAPERS, PRINTER_MARGIN, PrintOptions
from printkit.games import get_game
from printkit.games.scryptic import board as B
from printkit.games.scryptic import model as M
from printkit.games.scryptic import rules as R
from printkit.games.scryptic.draw import one_page_origin
from printkit.request import Request
from printkit.rng import Rng

GAME = get_game("scryptic")

# GAMES.md section 5, copied here so the test does not read the rules from the code.
GAMES_MD_VALUES = "A1 B2 C2 D1 E1 F3 G1 H3 I1 J3 K3 L1 M2 N1 O1 P2 Q3 R1 S1 T1 U1 V3 W3 X3 Y3 Z3"
GAMES_MD_COUNTS = "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1"


def _table(text: str) -> dict[str, int]:
    return {item[0]: int(item[1:]) for item in text.split()}


def _codes(violations) -> set[str]:
    return {v.code for v in violations}


def _write(component: str, params: dict, path, paper: str = "a4", ink: str = "color"):
    comp = GAME.components[component]
    full = {p.name: p.default for p in comp.params}
    if "seed" in comp.uses:
        full["seed"] = "1"
    full.update(params)
    model = build.build_checked(comp, full)
    build.write_component(comp, model, Request(PrintOptions(paper=paper, ink=ink)), path)
    return model


# -- word score and strength -------------------------------------------------------------

def test_letter_values_and_pools_match_games_md():
    assert R.LETTER_VALUES == _table(GAMES_MD_VALUES)
    assert R.POOL_COUNTS == _table(GAMES_MD_COUNTS)
    assert sum(R.POOL_COUNTS.values()) == R.POOL_SIZE == 98
    assert (R.RACK_LIMIT, R.RACK_START, R.DRAW_PER_TURN, R.CAPTURE_BONUS) == (12, 7, 3, 40)


def test_rulebook_sword_and_combat_example():
    assert R.word_score("sword") == 7
    assert R.strength("sword", "attack").value == 7
    attack = R.strength("sword", "attack", meaning=["attacking"])
    assert attack.value == 10 and attack.exact == 10.5
    assert "10.5, down to 10" in attack.explain()
    # nor, tau, not, gram (on a city: 5 x 1.5 = 7) in the defender's order
    defenders = [(w, R.strength(w, "defend", city=(w == "gram")).value, R.word_score(w)) for w in ("nor", "tau", "not", "gram")]
    assert [d[1] for d in defenders] == [3, 3, 3, 7]
    bouts = R.resolve_attack(attack.value, defenders)
    assert [(b.attacker_before, b.attacker_wins, b.attacker_after) for b in bouts] == [(10, True, 7), (7, True, 4), (4, True, 1), (1, False, 0)]


def test_every_modifier():
    s = R.strength
    # mountain (2M+O)/(M+O), both ways
    assert s("hide", "defend", terrain="MMPP").value == 9  # 6 x 6/4
    assert s("hide", "attack", terrain="MMMM").value == 12  # x2 wholly on mountain
    assert R.mountain_factor("MPP") == pytest.approx(4 / 3)
    # water: attack only
    assert s("raid", "attack", terrain="PWWP").value == 2  # 4 x 0.6 = 2.4
    assert s("raid", "defend", terrain="PWWP").value == 4
    # city and broken supply: defence only
    assert s("gram", "defend", city=True).value == 7
    assert s("gram", "attack").value == 5
    assert s("tau", "defend", supply_broken=True).value == 1  # 3 x 0.6 = 1.8
    with pytest.raises(ValueError):
        s("tau", "attack", supply_broken=True)
    # meanings
    assert s("shield", "defend", meaning=["defending"]).value == 12  # 8 x 1.5
    assert s("shield", "attack", meaning=["defending"]).value == 8
    assert s("spy", "attack", meaning=["sneaking"]).value == s("spy", "defend", meaning=["sneaking"]).value == 9  # 6 x 1.5
    assert s("sword", "defend", meaning=["attacking"]).value == 7
    # multipliers combine and round down once: 7 x 0.6 x 1.5 x 1.5 = 9.45
    combo = s("wax", "attack", terrain="PWP", meaning=["attacking", "sneaking"])  # W3 A1 X3 = 7
    assert combo.value == 9 and len(combo.factors) == 3
    # exact arithmetic: 7 x 5/3 (mountain 2/3) x 0.6 (water) is 7, where floats make 6.999...
    exact = s("wax", "attack", terrain="MWM")
    assert 7 * 5 / 3 * 0.6 < 7 and exact.value == 7
    # 3 x 0.6 x 1.5 x 1.5 x 1.5 x (2*1+2)/3 with exact fractions
    stacked = s("gem", "defend", terrain="MPP", city=True, supply_broken=True, meaning=["defending", "sneaking"])
    assert stacked.value == math.floor(4 * 0.6 * 1.5 ** 3 * 4 / 3 + 1e-9)


def test_forest_water_and_ice_placement():
    fire = R.forest_cut("fire", "FFPP", cutting=True)  # 6 x 1.5 = 9 against 4
    assert (fire.power, fire.density, fire.cuts) == (9, 4, True)
    assert R.forest_cut("tree", "FFFF").cuts is False  # 4 against 8
    assert R.forest_cut("ate", "FPP").cuts is True  # 3 beats 2
    assert R.forest_cut("at", "FP").cuts is False  # 2 does not beat 2
    assert R.placement_problems("river", "PWWWP") == []
    assert any("end letters" in p for p in R.placement_problems("river", "WWWWP"))
    assert R.ice_cracks("tea", "III") == []
    assert R.ice_cracks("wax", "IPI") == [0, 2]
    for bad in ("", "a1", None):
        with pytest.raises(ValueError):
            R.word_score(bad)
    with pytest.raises(ValueError):
        R.strength("sword", "attack", terrain="PPP")


# -- boards: generation sweep and validator ---------------------------------------------------

def test_sweep_200_seeds_every_size_and_preset_passes_the_validator():
    presets = list(B.PRESETS)
    sizes = list(range(R.MIN_SIZE, R.MAX_SIZE + 1))
    seen_sizes = set()
    for k in range(204):
        size, terrain = sizes[k % len(sizes)], presets[k % len(presets)]
        rows, cities, _ = B.generate(f"sweep-{k}", size, terrain)
        model = B.board_model(rows, cities)
        assert R.check_board(model) == [], (k, size, terrain)
        bal = R.balance(rows, cities)
        assert bal.symmetric
        assert bal.to_middle[0] == bal.to_middle[1] is not None
        seen_sizes.add(size)
    assert seen_sizes == set(sizes)


def test_the_cli_offers_every_preset():
    from printkit.games.scryptic import TERRAIN_PRESETS

    assert TERRAIN_PRESETS == tuple(B.PRESETS)


def test_board_is_deterministic_and_seed_dependent():
    a = M.build_board({"seed": "x", "size": 15, "terrain": "mix"})
    b = M.build_board({"seed": "x", "size": 15, "terrain": "mix"})
    c = M.build_board({"seed": "y", "size": 15, "terrain": "mix"})
    assert a == b and a["terrain"] != c["terrain"]


def test_generated_terrain_clusters_and_a_shuffled_board_is_refused():
    rng = Rng("shuffle-test")
    for k in range(12):
        rows, cities, _ = B.generate(str(k), 15)
        tex = R.texture(rows)
        assert tex.clustering >= R.MIN_CLUSTERING and tex.specks <= 6
        cells = [t for row in rows for t in row]
        rng.shuffle(cells)
        shuffled = ["".join(cells[i * 15:(i + 1) * 15]) for i in range(15)]
        stex = R.texture(shuffled)
        assert stex.clustering < 0.15 and stex.specks > 20
        found = _codes(R.check_board(B.board_model(shuffled, cities)))
        assert {"SCR-PATCHY", "SCR-SPECKLE"} <= found


def _board(rows: list[str], cities: list[tuple[str, str]]) -> dict:
    return {"size": len(rows), "terrain": rows, "cities": [{"cell": c, "owner": o} for c, o in cities]}


PLAIN9 = ["P" * 9] * 9
START = [("B8", "gold"), ("H2", "silver")]


def _edit(rows, cells: dict[tuple[int, int], str]) -> list[str]:
    grid = [list(r) for r in rows]
    for (r, c), t in cells.items():
        grid[r][c] = t
    return ["".join(r) for r in grid]


def test_a_plain_hand_made_board_passes():
    assert R.check_board(_board(PLAIN9, START)) == []
    assert R.check_board(_board(PLAIN9, START + [("E3", "pewter"), ("E7", "pewter")])) == []


@pytest.mark.parametrize(
    "rows, cities, code, place",
    [
        (["P" * 9] * 8, START, "SCR-SIZE", "board"),
        (["P" * 8] * 8, START, "SCR-SIZE", "board"),
        (_edit(PLAIN9, {(3, 3): "X"}), START, "SCR-TERRAIN", "cell D4"),
        (PLAIN9, START + [("Z99", "pewter")], "SCR-CITY", "city 3"),
        (PLAIN9, START + [("E5", "bronze")], "SCR-CITY", "cell E5"),
        (PLAIN9, START + [("B8", "pewter")], "SCR-CITY-TWICE", "cell B8"),
        (PLAIN9, START + [("H8", "gold")], "SCR-CITY-COUNT", "board"),
        (PLAIN9, [("B8", "gold")], "SCR-CITY-COUNT", "board"),
        (_edit(PLAIN9, {(7, 1): "W", (1, 7): "W"}), START, "SCR-CITY-LAND", "cell B8"),
        (PLAIN9, START + [("C7", "pewter")], "SCR-CITY-CLOSE", "cell C7"),
        (PLAIN9, [("D6", "gold"), ("F4", "silver")], "SCR-CITY-CLOSE", "cell F4"),
        (_edit(PLAIN9, {(4, 4): "W"}), START, "SCR-MIDDLE", "cell E5"),
        (_edit(PLAIN9, {(6, 0): "W", (6, 1): "W", (6, 2): "W", (7, 2): "W", (8, 2): "W", (2, 8): "W", (2, 7): "W", (2, 6): "W", (1, 6): "W", (0, 6): "W"}), START, "SCR-REACH", "cell B8"),
        (["W" * 9] * 5 + ["P" * 9] * 4, [("B8", "gold"), ("H7", "silver")], "SCR-LAND", "board"),
        (["PF" * 4 + "P", "FP" * 4 + "F"] * 4 + ["PF" * 4 + "P"], START, "SCR-SPECKLE", "board"),
        (["PPFFPPFFP", "PPFFPPFFP", "FFPPFFPPF", "FFPPFFPPF"] * 2 + ["PPFFPPFFP"], START, "SCR-PATCHY", "board"),
        (_edit(PLAIN9, {(r, c): "M" for r in (5, 6) for c in (0, 1, 2)}), START, "SCR-FAIR", "board"),
    ],
)
def test_each_board_rule_has_a_failing_case(rows, cities, code, place):
    found = R.check_board(_board(rows, cities))
    assert any(v.code == code and v.place == place for v in found), found


def test_an_unsymmetric_but_balanced_board_passes_by_measure():
    rows = _edit(PLAIN9, {(5, 0): "M", (5, 1): "M", (6, 0): "M", (2, 7): "M", (2, 8): "M", (3, 7): "M"})
    rows = _edit(rows, {(3, 8): "F", (2, 6): "F"})  # breaks the half turn, not the balance
    bal = R.balance(rows, [((7, 1), "gold"), ((1, 7), "silver")])
    assert not bal.symmetric and bal.mountains == (3, 3)
    assert R.check_board(_board(rows, START)) == []


@pytest.mark.parametrize("junk", [None, [], {}, {"size": "15", "terrain": []}, {"size": 9, "terrain": "PPP"}, {"size": 9, "terrain": PLAIN9, "cities": [None, 5, {"cell": 3}]}, {"size": 9, "terrain": [None] * 9, "cities": []}, {"size": True, "terrain": PLAIN9}])
def test_the_board_validator_never_crashes(junk):
    found = R.check_board(junk) if isinstance(junk, dict) else build.run_checks(junk, (R.check_board,))
    assert found and all(v.code.startswith(("SCR-", "MALFORMED")) for v in found)


def test_cli_json_validate_and_a_hand_edit(workdir):
    proc = run_cli("board", "scryptic", "--seed", "7", "--size", "11", "--json", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    model = json.loads(proc.stdout)
    assert model["size"] == 11 and len(model["terrain"]) == 11 and all(len(r) == 11 for r in model["terrain"])
    assert [c["owner"] for c in model["cities"]][:2] == ["gold", "silver"]
    path = workdir / "board.json"
    path.write_text(proc.stdout)
    ok = run_cli("validate", str(path), cwd=workdir)
    assert ok.returncode == 0 and "ok (scryptic board)" in ok.stdout
    # a designer drowns the gold city
    gold = R.parse_cell(model["cities"][0]["cell"], 11)
    row = model["terrain"][gold[0]]
    model["terrain"][gold[0]] = row[: gold[1]] + "W" + row[gold[1] + 1:]
    path.write_text(json.dumps(model))
    bad = run_cli("validate", str(path), cwd=workdir)
    assert bad.returncode == 1
    assert f"SCR-CITY-LAND cell {model['cities'][0]['cell']}" in bad.stdout
    assert_no_traceback(bad)


@pytest.mark.parametrize("args, needle", [(["--size", "30"], "--size"), (["--size", "8"], "--size"), (["--terrain", "lava"], "--terrain"), (["--board-size", "3"], "--board-size")])
def test_bad_options_are_one_line_exit_2(workdir, args, needle):
    verb = "tokens" if args[0] == "--board-size" else "board"
    proc = run_cli(verb, "scryptic", *args, cwd=workdir)
    assert proc.returncode == 2
    assert needle in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert_no_traceback(proc)
    assert not (workdir / "output").exists()


# -- printing the board -------------------------------------------------------------------------

def _ink_in_margin(image, mm_band: float, dpi: float) -> int:
    """Pixels with ink within `mm_band` of the page edge."""
    band = math.ceil(mm_band * dpi / 25.4)
    gray = image.convert("L")
    w, h = gray.size
    count = 0
    for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
        hist = gray.crop(box).histogram()
        count += sum(hist[:235])
    return count


def test_board_on_a3_and_tabloid_is_one_page(tmp_path):
    for paper in ("a3", "tabloid"):
        out = tmp_path / f"{paper}.pdf"
        _write("board", {}, out, paper=paper)
        pdf = PdfReader(out)
        assert len(pdf.pages) == 1
        w, h = PAPERS[paper]
        assert float(pdf.pages[0].mediabox.width) == pytest.approx(w * MM, abs=0.1)
        text = pdf.pages[0].extract_text()
        for label in ("A", "O", "15", "plains", "forest", "water", "mountain", "ice", "gold city", "pewter city"):
            assert label in text
        assert _ink_in_margin(render_page(out, 0, dpi=60), PRINTER_MARGIN, 60) == 0


def test_tiled_board_pages_labels_overlap_and_margins(tmp_path):
    for paper in ("a4", "letter"):
        for size in (9, 15, 25):
            out = tmp_path / f"{paper}-{size}.pdf"
            _write("board", {"size": size}, out, paper=paper)
            side = R.board_mm(size, paper)
            plan = plan_tiles(side, side, PAPERS[paper], hug_seams=True)
            pdf = PdfReader(out)
            assert len(pdf.pages) == plan.pages
            if plan.pages == 1:  # a small board fits one page: laid out as on A3, with seats and legend
                text = pdf.pages[0].extract_text()
                assert "row 1 / col 1" not in text
                for label in ("plains", "gold city", "pewter city", "sits at the top edge"):
                    assert label in text
                assert _ink_in_margin(render_page(out, 0, dpi=60), PRINTER_MARGIN, 60) == 0
                continue
            if size > 9:
                assert plan.pages >= 2
                assert plan.cols == 1 or plan.overlap[0] >= MIN_OVERLAP
                assert plan.rows == 1 or plan.overlap[1] >= MIN_OVERLAP
            for tile, page in zip(plan.tiles, pdf.pages):
                text = page.extract_text()
                assert tile.label in text
                assert all(name in text for name in LEGEND_NAMES), (paper, size, tile.label)  # each page reads on its own
                pw, ph = plan.page
                assert tile.page_x >= PRINTER_MARGIN and tile.page_y >= PRINTER_MARGIN
                assert tile.page_x + tile.w <= pw - PRINTER_MARGIN and tile.page_y + tile.h <= ph - PRINTER_MARGIN
            if size == 15:
                for k in range(len(pdf.pages)):
                    assert _ink_in_margin(render_page(out, k, dpi=60), PRINTER_MARGIN, 60) == 0


DPI = 150.0
PX = DPI / 25.4  # pixels per mm
BLUR = 1.6  # px: forgives the sub-pixel phase of two renderings, not a shifted page


def _find_crosshair(gray, x: float, y: float) -> tuple[float, float]:
    """The centre of the crosshair near pixel (x, y): the darkest row and column
    inside its white halo, refined to a fraction of a pixel."""
    r = int(2.2 * PX)
    x0, y0 = int(round(x)) - r, int(round(y)) - r
    box = gray.crop((x0, y0, x0 + 2 * r + 1, y0 + 2 * r + 1))
    w, h = box.size
    data = box.tobytes()
    rows = [sum(255 - data[j * w + i] for i in range(w)) for j in range(h)]
    cols = [sum(255 - data[j * w + i] for j in range(h)) for i in range(w)]

    def peak(profile):
        k = max(range(len(profile)), key=profile.__getitem__)
        lo, hi = max(0, k - 1), min(len(profile), k + 2)
        mass = sum(profile[lo:hi])
        return sum(i * profile[i] for i in range(lo, hi)) / mass

    return x0 + peak(cols), y0 + peak(rows)


def _reassemble(pdf_path, plan):
    """Place the rendered tiles by their crosshairs; returns (composite image in
    drawing pixels, measured overlaps in mm, mark offsets from the plan in mm)."""
    pages = [render_page(pdf_path, k, dpi=DPI) for k in range(plan.pages)]
    grays = [p.convert("L") for p in pages]
    ph = plan.page[1]

    def expected_px(tile, x, y):
        u, v = tile.to_page(x, y)
        return u * PX, (ph - v) * PX

    found = {}
    errors = []
    for k, tile in enumerate(plan.tiles):
        for m in plan.marks_on(tile):
            ex, ey = expected_px(tile, m.x, m.y)
            fx, fy = _find_crosshair(grays[k], ex, ey)
            found[(k, m)] = (fx, fy)
            errors.append(math.hypot(fx - ex, fy - ey) / PX)
    # page offsets in a shared frame, chained from the first tile through shared marks
    offset = {0: (0.0, 0.0)}
    overlaps = []
    index = {(t.row, t.col): k for k, t in enumerate(plan.tiles)}
    for k, tile in enumerate(plan.tiles):
        for m in plan.marks_on(tile):
            a, b = index[m.tiles[0]], index[m.tiles[1]]
            if b == k and a in offset and b not in offset:
                shared = [mm for mm in plan.marks if mm.tiles == m.tiles]
                dx = sum(found[(a, s)][0] - found[(b, s)][0] for s in shared) / len(shared)
                dy = sum(found[(a, s)][1] - found[(b, s)][1] for s in shared) / len(shared)
                offset[b] = (offset[a][0] + dx, offset[a][1] + dy)
                # the window edges as printed: where the ink of each page begins and ends
                row_y = int(expected_px(tile, tile.x, tile.y + tile.h / 2)[1])
                if m.seam == "vertical":
                    a_right = _ink_extent(grays[a], row_y)[1]
                    b_left = _ink_extent(grays[b], row_y)[0] + dx
                    overlaps.append((a_right - b_left) / PX)
                else:
                    col_x = int(expected_px(tile, tile.x + tile.w / 2, tile.y)[0])
                    a_bottom = _ink_extent(grays[a].transpose(Image.Transpose.TRANSPOSE), col_x)[1]
                    b_top = _ink_extent(grays[b].transpose(Image.Transpose.TRANSPOSE), col_x)[0] + dy
                    overlaps.append((a_bottom - b_top) / PX)
    assert len(offset) == plan.pages
    W, H = plan.drawing
    first = plan.tiles[0]
    ox, oy = expected_px(first, 0, H)  # the drawing's top left on the first page
    canvas = Image.new("RGB", (int(W * PX) + 1, int(H * PX) + 1), "white")
    for k, tile in enumerate(plan.tiles):  # in order: later pages lie on top, cut edge first
        left = tile.cut_x if tile.cut_x is not None else tile.x
        top = tile.cut_y if tile.cut_y is not None else tile.y + tile.h
        x0, y0 = expected_px(tile, left, top)
        x1, y1 = expected_px(tile, tile.x + tile.w, tile.y)
        box = tuple(int(round(v)) for v in (x0, y0, x1, y1))
        dx, dy = offset[k]
        canvas.paste(pages[k].crop(box), (int(round(box[0] + dx - ox)), int(round(box[1] + dy - oy))))
    return canvas, overlaps, errors, offset


def _ink_extent(gray, y: int) -> tuple[float, float]:
    w = gray.size[0]
    line = gray.crop((0, y, w, y + 1)).tobytes()
    inked = [i for i, v in enumerate(line) if v < 250]
    return inked[0], inked[-1] + 1


def _mismatch(a, b, plan) -> float:
    """Share of pixels that differ visibly (after a slight blur that forgives
    sub-pixel phase), ignoring what only the tiles carry: crosshairs, cut lines."""
    diff = ImageChops.difference(a.filter(ImageFilter.GaussianBlur(BLUR)), b.filter(ImageFilter.GaussianBlur(BLUR))).convert("L")
    draw = ImageDraw.Draw(diff)
    H = plan.drawing[1]
    r = 3.0 * PX
    for m in plan.marks:
        x, y = m.x * PX, (H - m.y) * PX
        draw.ellipse((x - r, y - r, x + r, y + r), fill=0)
    band = 1.5 * PX
    for t in plan.tiles:
        if t.cut_x is not None:
            draw.rectangle((t.cut_x * PX - band, (H - t.y - t.h) * PX, t.cut_x * PX + band, (H - t.y) * PX), fill=0)
        if t.cut_y is not None:
            draw.rectangle((t.x * PX, (H - t.cut_y) * PX - band, (t.x + t.w) * PX, (H - t.cut_y) * PX + band), fill=0)
    hist = diff.histogram()
    return sum(hist[64:]) / (a.size[0] * a.size[1])


def _shift_right_of(image, x_mm: float, by_mm: float):
    """The image with everything right of x moved by `by_mm`: one page laid off."""
    out = image.copy()
    x = int(x_mm * PX)
    out.paste(image.crop((x, 0) + image.size), (x + int(round(by_mm * PX)), 0))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_placed_by_their_marks_reassemble_the_whole_board(tmp_path, paper):
    from printkit.games.scryptic.draw import board_drawing

    size = 15
    tiled, whole = tmp_path / "tiled.pdf", tmp_path / "whole.pdf"
    model = _write("board", {"size": size}, tiled, paper=paper)
    side = R.board_mm(size, paper)
    plan = plan_tiles(side, side, PAPERS[paper], hug_seams=True)
    assert plan.pages == 2
    # the reference: the same board drawn whole, at this paper's cell size, 10 mm in from a page corner
    doc = Document(PrintOptions(paper="a3"), title="whole")
    c = doc.new_page(((side + 20) * MM, (side + 20) * MM), footer=False)
    c.translate(10 * MM, 10 * MM)
    board_drawing(model, doc.ink, paper)[1](c)
    doc.save(whole)
    canvas, overlaps, errors, _ = _reassemble(tiled, plan)
    assert max(errors) < 0.3  # every crosshair printed where the plan says (mm)
    assert overlaps and all(o >= MIN_OVERLAP for o in overlaps)
    assert overlaps[0] == pytest.approx(plan.overlap[0], abs=0.5)
    ref_page = render_page(whole, 0, dpi=DPI)
    o = int(round(10 * PX))
    ref = ref_page.crop((o, o, o + canvas.size[0], o + canvas.size[1]))
    good = _mismatch(canvas, ref, plan)
    assert good < 0.003, good
    # the comparison can fail: a page laid 1 mm off does not reassemble the board
    assert _mismatch(_shift_right_of(canvas, plan.tiles[1].cut_x, 1.0), ref, plan) > 0.008


def test_engine_tiles_a_large_drawing_in_both_directions(tmp_path):
    """A 300 x 330 mm drawing on A4: a 2 x 2 grid with vertical and horizontal seams."""
    W, H = 300.0, 330.0

    def drawing(c):
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, W * MM, H * MM, stroke=0, fill=1)
        for i in range(30):
            for j in range(33):
                shade = ((i * 7 + j * 13) % 10) / 12
                c.setFillColorRGB(shade, 0.5 * shade, 1 - shade)
                c.rect(i * 10 * MM, j * 10 * MM, 10 * MM, 10 * MM, stroke=0, fill=1)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.4)
        for k in range(0, 300, 3):
            c.line(k * MM, 0, (k + 40) * MM, H * MM)

    plan = plan_tiles(W, H, PAPERS["a4"])
    assert (plan.rows, plan.cols) == (2, 2)
    assert min(plan.overlap) >= MIN_OVERLAP
    doc = Document(PrintOptions(paper="a4"), title="tiles")
    draw_tiled(doc, plan, drawing, title="test drawing")
    tiled = tmp_path / "tiles.pdf"
    doc.save(tiled)
    whole_doc = Document(PrintOptions(paper="a4"), title="whole")
    c = whole_doc.new_page((W * MM, H * MM), footer=False)
    drawing(c)
    whole = tmp_path / "whole.pdf"
    whole_doc.save(whole)
    canvas, overlaps, errors, _ = _reassemble(tiled, plan)
    assert len(overlaps) == 3 and all(o >= MIN_OVERLAP for o in overlaps)
    assert max(errors) < 0.3
    ref = render_page(whole, 0, dpi=DPI).crop((0, 0) + canvas.size)
    good = _mismatch(canvas, ref, plan)
    assert good < 0.003, good
    assert _mismatch(_shift_right_of(canvas, plan.tiles[1].cut_x, 1.0), ref, plan) > 0.008
    texts = [p.extract_text() for p in PdfReader(tiled).pages]
    assert [t.label in x for t, x in zip(plan.tiles, texts)] == [True] * 4
    # the drawing is drawn once, as a form that every page places under its own clip
    placed = [ref.idnum for p in PdfReader(tiled).pages for ref in p["/Resources"]["/XObject"].values()]
    assert len(placed) == 4 and len(set(placed)) == 1


def test_mono_board_is_grey_and_each_terrain_has_its_own_pattern(tmp_path):
    from printkit.games.scryptic.draw import paint_terrain

    out = tmp_path / "mono.pdf"
    _write("board", {"size": 9}, out, paper="a3", ink="mono")
    img = render_page(out, 0, dpi=40)
    raw = img.tobytes()
    assert all(abs(raw[i] - raw[i + 1]) <= 2 and abs(raw[i + 1] - raw[i + 2]) <= 2 for i in range(0, len(raw), 3))
    # the five pictures, printed in mono, differ from one another
    doc = Document(PrintOptions(paper="a4", ink="mono"), title="swatches")
    c = doc.new_page()
    for k, t in enumerate(R.TERRAINS):
        paint_terrain(c, doc.ink, t, (20 + 40 * k) * MM, 200 * MM, 30 * MM)
    path = tmp_path / "swatches.pdf"
    doc.save(path)
    page = render_page(path, 0, dpi=100).convert("L")
    top = PAPERS["a4"][1] - 230
    cells = [page.crop((int((20 + 40 * k) * PX100), int(top * PX100), int((50 + 40 * k) * PX100), int((top + 30) * PX100))) for k in range(5)]
    for i in range(5):
        for j in range(i + 1, 5):
            diff = ImageChops.difference(cells[i], cells[j])
            assert sum(diff.tobytes()) / (diff.size[0] * diff.size[1]) > 8, (R.TERRAINS[i], R.TERRAINS[j])


PX100 = 100 / 25.4


def test_same_inputs_same_bytes(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    _write("board", {"size": 13}, a)
    _write("board", {"size": 13}, b)
    assert a.read_bytes() == b.read_bytes()


# -- tokens, reference, sheet, kit -------------------------------------------------------------

def test_token_pools_match_games_md_in_the_model_and_the_pdf(tmp_path):
    out = tmp_path / "tokens.pdf"
    model = _write("tokens", {}, out)
    counts, values = _table(GAMES_MD_COUNTS), _table(GAMES_MD_VALUES)
    assert [p["owner"] for p in model["pools"]] == ["gold", "silver"]
    for pool in model["pools"]:
        assert {e["letter"]: e["count"] for e in pool["letters"]} == counts
        assert {e["letter"]: e["value"] for e in pool["letters"]} == values
    assert model["rack_limit"] == 12
    # read the letters back from the PDF: both pools' big letters on page 1, the
    # gold pool's first (above the silver heading), racks on page 2
    pdf = PdfReader(out)
    size = model["token_mm"] * MM * 0.44
    page = pdf.pages[0]
    text = page.extract_text()
    assert "Gold pool" in text and "Silver pool" in text
    from pdfmeasure import measure

    runs = measure(out)[0].texts
    heads = {r.text.split()[0]: r.y for r in runs if "pool (" in r.text}
    letters = [(r.text.strip(), r.y) for r in runs if abs(r.size - size) < 0.2 and len(r.text.strip()) == 1]
    for pool in ("Gold", "Silver"):
        below = heads["Silver"] if pool == "Gold" else -1
        above = heads[pool]
        got: dict[str, int] = {}
        for ch, y in letters:
            if below < y < above:
                got[ch] = got.get(ch, 0) + 1
        assert got == counts, pool
    assert "rack" in pdf.pages[1].extract_text() and "limit 12" in pdf.pages[1].extract_text()
    # a bad pool is refused with the letter named
    bad = json.loads(json.dumps(model))
    bad["pools"][1]["letters"][4]["count"] = 11
    bad["pools"][0]["letters"][0]["value"] = 2
    found = R.check_tokens(bad)
    assert any(v.code == "SCR-COUNT" and v.place == "pool 2 letter E" for v in found)
    assert any(v.code == "SCR-VALUE" and v.place == "pool 1 letter A" for v in found)


def test_value_dots_are_drawn_as_many_as_the_value(tmp_path):
    from printkit.engine.tokens import TokenArt
    from printkit.games.scryptic.draw import token_face

    doc = Document(PrintOptions(paper="a4"), title="dots")
    c = doc.new_page()
    side = 15 * MM
    for k, (letter, value) in enumerate((("E", 1), ("B", 2), ("Z", 3))):
        c.saveState()
        c.translate((20 + 30 * k) * MM, 200 * MM)
        token_face(letter, value, "silver")(c, TokenArt(side, side, "square", doc.ink, k))
        c.restoreState()
    path = tmp_path / "dots.pdf"
    doc.save(path)
    page = render_page(path, 0, dpi=300).convert("L")
    px = 300 / 25.4
    top = PAPERS["a4"][1] - 200 - 15 * 0.2
    for k, value in enumerate((1, 2, 3)):
        x0 = int((20 + 30 * k + 3) * px)
        line = page.crop((x0, int(top * px), x0 + int(9 * px), int(top * px) + 1)).tobytes()
        runs = sum(1 for i in range(1, len(line)) if line[i] < 100 <= line[i - 1])
        assert runs == value


def test_token_size_fits_the_board_cells():
    for n in range(R.MIN_SIZE, R.MAX_SIZE + 1):
        model = M.build_tokens({"board_size": n})
        assert R.check_tokens(model) == []
        assert model["token_mm"] <= R.board_cell_mm(n) - 1
    model = M.build_tokens({"board_size": 15})
    model["board_size"] = 25
    assert "SCR-TOKEN-SIZE" in _codes(R.check_tokens(model))


def test_reference_example_is_computed_and_checked(tmp_path):
    out = tmp_path / "ref.pdf"
    model = _write("reference", {}, out)
    sword = model["examples"][0]
    assert (sword["word"], sword["score"], sword["strength"]) == ("SWORD", 7, 10)
    text = " ".join(p.extract_text() for p in PdfReader(out).pages).replace("\n", " ")
    for needle in ("7 × 1.5 (attacking meaning) = 10.5, down to 10", "beats NOR (3): 10 \u2212 3 = 7", "1 does not beat GRAM (7)", "plains", "forest", "water", "mountain", "ice", "A turn", "The end"):
        assert needle in text, needle
    hand = json.loads(json.dumps(model))
    hand["examples"][1]["strength"] = 99
    hand["combat_example"]["bouts"][0]["attacker_after"] = 8
    found = M.check_reference(hand)
    assert {v.place for v in found} >= {"example 2 (HIDE)", "combat example"}
    hand["examples"][0]["word"] = "sw0rd"
    assert any("cannot be worked out" in v.message for v in M.check_reference(hand))


@pytest.mark.parametrize("component", ["reference", "sheet", "tokens"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_keep_clear_of_the_printer_margin(tmp_path, component, paper):
    out = tmp_path / f"{component}.pdf"
    _write(component, {}, out, paper=paper)
    for k in range(len(PdfReader(out).pages)):
        assert _ink_in_margin(render_page(out, k, dpi=60), PRINTER_MARGIN, 60) == 0, (component, paper, k)


def test_score_sheet(tmp_path):
    out = tmp_path / "sheet.pdf"
    model = _write("sheet", {"turns": 24}, out)
    text = PdfReader(out).pages[0].extract_text()
    assert "Player 1 · gold" in text and "Player 2 · silver" in text and "City captures (+40 each)" in text
    assert "24" in text and "25" not in text.split("City captures")[0]
    assert R.check_sheet({**model, "capture_bonus": 50})[0].code == "SCR-SHEET-BONUS"
    assert R.check_sheet({**model, "turns": 200})[0].code == "SCR-SHEET-TURNS"


def test_every_text_character_is_in_the_embedded_font(tmp_path):
    from reportlab.pdfbase.ttfonts import TTFontFile

    from printkit.base.resources import resource_dir

    have = set()
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        have |= set(TTFontFile(str(resource_dir("fonts") / name)).charToGlyph)
    for component in ("board", "tokens", "reference", "sheet"):
        out = tmp_path / f"{component}.pdf"
        _write(component, {}, out, paper="a3" if component == "board" else "a4")
        for page in PdfReader(out).pages:
            missing = {ch for ch in page.extract_text() if ord(ch) not in have and not ch.isspace()}
            assert not missing, (component, missing)


def test_kit_parts_build_with_defaults_and_the_kit_prints(workdir):
    assert [p.component for p in GAME.kit] == ["board", "tokens", "reference", "sheet"]
    proc = run_cli("kit", "scryptic", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    pdf = PdfReader(workdir / "output" / "scryptic-kit.pdf")
    text = "".join(p.extract_text() for p in pdf.pages)
    for needle in ("Scryptic: the rules in short", "row 1 / col 2", "Gold pool", "Silver pool", "Scryptic racks", "Scryptic · reference", "Scryptic · score sheet"):
        assert needle in text, needle


# -- issue 11: rules a first game needs, sizes, sheets and tokens measured from the PDFs ------

def _runs(path):
    from pdfmeasure import measure

    return measure(path)


def test_scores_by_the_printed_rules_extension_and_combat():
    # CAT (C2 A1 T1 = 4) grows to CATS: only the S counts
    assert R.extension_points("CAT", "CATS") == 1
    assert R.extension_points("cat", "SCATS") == 2
    with pytest.raises(ValueError):
        R.extension_points("CAT", "DOG")
    model = M.build_reference({})
    ce = model["combat_example"]
    # the rulebook's combat: U, O and T removed (+3); SWORD lost (7); NOR, TAU, NOT lost (9)
    assert (ce["removed_letters"], ce["attacker_removed"], ce["attacker_lost"], ce["defender_lost"]) == (["U", "O", "T"], 3, 7, 9)
    assert (ce["attacker_words"], ce["attacker_net"]) == (7, 3)  # placed, then lost: the turn nets the removed letters
    fx = model["forest_example"]
    assert fx["steps"] == ["score F3+I1+R1+E1 = 6", "6 × 1.5 (fire) = 9", "forest 2 cells × density 2 = 4", "9 beats 4: placed, and its 2 forest cells become plains"]
    assert model["extension_example"]["points"] == 1 and model["extension_example"]["cross_points"] == 2
    hand = json.loads(json.dumps(model))
    hand["combat_example"]["attacker_removed"] = 9  # the rulebook's other reading, scored by defeated word
    hand["extension_example"]["points"] = 5  # CATS counted again
    places = {v.place for v in M.check_reference(hand)}
    assert {"combat example", "extension example"} <= places
    assert R.pool_turns() == 32  # 7 to start, nothing on turn 1, 3 a turn after: 7 + 31 x 3 >= 98


def test_meaning_lists_come_from_the_shipped_data_and_hold_the_rulebook_examples():
    words = M.meaning_words()
    assert set(words) == set(R.MEANINGS)
    from printkit.words import is_word

    for meaning, examples in {"attacking": ("sword", "attack", "destroy"), "defending": ("shield", "defend", "protect"), "sneaking": ("spy", "hide", "sneak"), "cutting": ("fire", "cut", "axe")}.items():
        assert set(examples) <= set(words[meaning]), meaning
        assert 50 <= len(words[meaning]) <= 150
        assert all(is_word(w) for w in words[meaning])
    from importlib import resources

    notice = resources.files("printkit.data").joinpath("SCRYPTIC-MEANINGS-LICENSE.txt").read_text()
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in notice and "scripts/build_meanings.py" in notice


def test_meaning_lists_hold_no_offensive_word():
    """Issue 26: the printed lists are filtered by the offensive-word list
    (scripts/blocklist.txt, with its inflections) and the drop list's table section."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    stems = [ln.split("#", 1)[0].strip() for ln in (root / "scripts" / "blocklist.txt").read_text().splitlines()]
    stems = [s for s in stems if s]
    assert len(stems) > 100
    blocked = {f for s in stems for f in (s, s + "s", s + "es", s + "ed", s + "ing", s + "d")}
    dropped = set((root / "scripts" / "scryptic-meanings-drop.txt").read_text().split()) - {"#"}
    assert {"jihad", "lynch"} <= dropped
    for meaning, listed in M.meaning_words().items():
        assert not set(listed) & blocked, (meaning, set(listed) & blocked)
        assert not set(listed) & dropped, (meaning, set(listed) & dropped)


@pytest.fixture(scope="module")
def reference_pdfs(tmp_path_factory):
    out = {}
    for paper in ("a4", "letter"):
        path = tmp_path_factory.mktemp("ref") / f"ref-{paper}.pdf"
        _write("reference", {}, path, paper=paper)
        out[paper] = path
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reference_states_every_first_game_rule_at_7_5_pt(reference_pdfs, paper):
    pages = _runs(reference_pdfs[paper])
    assert len(pages) == 2
    body = [t for p in pages for t in p.texts if not t.text.startswith("printkit ")]
    small = [(round(t.size, 2), t.text) for t in body if t.size < 7.5 - 0.01]
    assert not small, small[:5]
    for p in pages:  # nothing runs into the small print or off the page
        assert min(t.y for t in p.texts if not t.text.startswith("printkit ")) > 9 * MM
    text = " ".join(t.text for t in body)
    for needle in (
        "Gold (player 1) plays first", "except on your first turn", "Broken word", "cannot be built on unless",
        "Cut off", "until a new word of yours joins them up again", "A printed dictionary you agree on before play decides", "(in two lists: both, multiplied)", "both players agree", "if either says no, no bonus",
        "Extended word (CAT to CATS)", "extended +1", "score F3+I1+R1+E1 = 6", "6 × 1.5 (fire) = 9", "forest 2 cells × density 2 = 4",
        "The end", "removed +3", "sword", "shield", "sneak",
    ):
        assert needle in text, needle


def test_score_sheet_runs_past_the_pools_with_an_extension_column(tmp_path):
    out = tmp_path / "sheet.pdf"
    model = _write("sheet", {}, out)
    assert model["turns"] == 60 and model["turns"] > R.pool_turns()
    pages = _runs(out)
    assert len(pages) == 2
    numbers = [int(t.text) for p in pages for t in p.texts if t.text.isdigit() and t.size >= 7]
    assert set(range(1, 61)) <= set(numbers)
    heads = [t.text for t in pages[0].texts]
    assert heads.count("extended +") == 2 and heads.count("words +") == 2
    assert "b/f" in [t.text for t in pages[1].texts]
    body = [t for p in pages for t in p.texts if not t.text.startswith("printkit ")]
    assert min(t.size for t in body) >= 7.5 - 0.01
    assert any("City captures" in t.text for t in pages[1].texts)
    letter = tmp_path / "sheet-letter.pdf"
    _write("sheet", {}, letter, paper="letter")
    assert len(PdfReader(letter).pages) == 2  # the 60 turns and the captures fit the shorter paper too


def test_tokens_share_black_cut_lines_and_both_pools_fill_a_page(tmp_path):
    out = tmp_path / "tokens.pdf"
    model = _write("tokens", {}, out)
    side = model["token_mm"] * MM
    pages = _runs(out)
    fills = [m.box for m in pages[0].marks if m.kind == "fill" and abs((m.box[2] - m.box[0]) - side) < 0.05 and abs((m.box[3] - m.box[1]) - side) < 0.05]
    assert len(fills) == 2 * 98
    xs = sorted({round(b[0], 2) for b in fills})
    assert all(abs((b - a) - side) < 0.05 for a, b in zip(xs, xs[1:]))  # edge to edge: one cut between neighbours
    W, H = PAPERS["a4"][0] * MM, PAPERS["a4"][1] * MM
    used = (max(b[2] for b in fills) - min(b[0] for b in fills)) * (max(b[3] for b in fills) - min(b[1] for b in fills))
    assert used / (W * H) > 0.6
    # the line between two neighbouring tokens prints black, as the heading says
    img = render_page(out, 0, dpi=200).convert("RGB")
    px = 200 / 72
    b = fills[0]
    row = [img.getpixel((int((b[2]) * px) + dx, int((H - (b[1] + b[3]) / 2) * px))) for dx in (-1, 0, 1)]
    assert min(sum(p) / 3 for p in row) < 60
    assert any("cut on the black lines" in t.text for t in pages[0].texts)


LEGEND_NAMES = ("plains", "forest", "water", "mountain", "ice", "gold city", "silver city", "pewter city")


def _cell_fills(page, cell_pt):
    return [m.box for m in page.marks if m.kind == "fill" and abs((m.box[2] - m.box[0]) - cell_pt) < 0.05 and abs((m.box[3] - m.box[1]) - cell_pt) < 0.05]


@pytest.mark.parametrize("paper", ["a3"])
def test_one_page_board_cells_grow_to_fill_the_sheet(tmp_path, paper):
    out = tmp_path / "board.pdf"
    _write("board", {"size": 25}, out, paper=paper)
    (page,) = _runs(out)
    cell = R.board_cell_mm(25, paper)
    assert cell >= 9.8  # was 9.4 mm on every paper
    cells = _cell_fills(page, cell * MM)
    assert len(cells) >= 25 * 25 - 10  # cities are drawn as metal, the rest as terrain cells of this size
    x0, x1 = min(b[0] for b in cells), max(b[2] for b in cells)
    pw, ph = PAPERS[paper]
    assert (x1 - x0) / MM > 0.85 * pw  # the grid spans the sheet's width
    # a legend under the board for gold and one turned above it for silver
    names = [t.text for t in page.texts]
    for name in LEGEND_NAMES:
        assert names.count(name) == 2, name
    turned = [t for t in page.texts if t.text == "plains" and t.y > max(b[3] for b in cells)]
    assert turned  # silver's copy sits above the board
    inked = [m.box for m in page.marks] + [t.box for t in page.texts if t.box]
    top, bottom = max(b[3] for b in inked), min(b[1] for b in inked)
    assert (top - bottom) / MM > 0.85 * ph  # the sheet is used top to bottom
    assert min(t.size for t in page.texts if not t.text.startswith("printkit ")) >= 7.5 - 0.01


@pytest.mark.parametrize("paper", ["letter"])  # the shorter paper; A4's legends: test_tiled_board_pages_labels_overlap_and_margins
def test_every_tiled_page_carries_the_legend_at_7_pt(tmp_path, paper):
    out = tmp_path / "board.pdf"
    _write("board", {"size": 25}, out, paper=paper)
    pages = _runs(out)
    assert len(pages) == 2
    assert R.board_cell_mm(25, paper) >= 9.4
    for k, page in enumerate(pages):
        names = [t.text for t in page.texts]
        for name in LEGEND_NAMES:
            assert name in names, (k, name)
        body = [t for t in page.texts if not t.text.startswith("printkit ")]
        assert min(t.size for t in body) >= 7.0, [(t.text, t.size) for t in body if t.size < 7]


def test_frozen_boards_are_mostly_ice():
    from printkit.games.scryptic import board as B

    for n in (9, 15, 25):
        for seed in range(6):
            model = M.build_board({"seed": str(seed), "size": n, "terrain": "frozen"})
            cells = "".join(model["terrain"])
            ice, water = cells.count(R.ICE), cells.count(R.WATER)
            assert ice >= 0.75 * (ice + water) and ice >= 0.08 * n * n, (n, seed, ice, water)
            assert R.check_board(model) == []
    mix = "".join(M.build_board({"seed": "1", "size": 15, "terrain": "mix"})["terrain"])
    assert mix.count(R.ICE) < mix.count(R.WATER)  # other presets keep open water
    assert "freeze" in B.PRESETS["frozen"]


def test_tokens_fit_the_cells_on_every_paper():
    for n in range(R.MIN_SIZE, R.MAX_SIZE + 1):
        for paper in R.PAPER_MM:
            assert R.token_mm(n) <= R.board_cell_mm(n, paper) - 1.5 + 1e-9
    from printkit.engine import tiles

    assert R.TILE_MARGINS == tiles.MARGINS and R.TILE_OVERLAP == tiles.OVERLAP
    assert all(R.PAPER_MM[p] == PAPERS[p] for p in R.PAPER_MM)


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_large_paper_sheet_is_one_page_and_reference_fills_the_sheet(tmp_path, paper):
    """A3/Tabloid: all 60 turns, the notes, the captures and the winner on one
    score sheet (no near-empty page 2); the reference is the A4-width layout
    enlarged to the sheet, not an A4 page in the sheet's top half."""
    sheet = tmp_path / "sheet.pdf"
    _write("sheet", {}, sheet, paper=paper)
    (page,) = _runs(sheet)
    numbers = [int(t.text) for t in page.texts if t.text.isdigit() and t.x < 25 * MM]
    assert set(range(1, 61)) <= set(numbers)
    rows = sorted((t.y for t in page.texts if t.text in ("1", "2", "3") and t.x < 25 * MM), reverse=True)[:2]
    assert rows[0] - rows[1] >= 4.5 * MM - 0.1  # rows stay tall enough to write in
    names = [t.text for t in page.texts]
    assert any("City captures" in n for n in names) and "Winner" in names and not any("overleaf" in n for n in names)
    assert min(t.size for t in page.texts if not t.text.startswith("printkit ")) >= 7.5 - 0.01
    ref = tmp_path / "ref.pdf"
    _write("reference", {}, ref, paper=paper)
    pages = _runs(ref)
    assert len(pages) == 2
    for p in pages:
        body = [t for t in p.texts if not t.text.startswith("printkit ") and t.box]
        assert min(t.size for t in body) >= 7.5 * 1.3  # the A4 layout's type, enlarged
        right = max(t.box[2] for t in body)
        bottom = min(t.box[1] for t in body)
        assert right > p.width - 20 * MM  # the text runs across the sheet's width
        assert bottom < 0.3 * p.height  # and down most of its height (A4 size left the lower half empty)
        assert bottom > 9 * MM and right < p.width - 9 * MM
