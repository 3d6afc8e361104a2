"""Your own game (issue 15): project files, data files, SVG and layout templates,
the validator's checks on them, and the example project in examples/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT, TEST_FONT_ENV, UPDATE_REFERENCES, render_page, run_cli, run_inproc

EXAMPLE = ROOT / "examples" / "ember-road"
GOLDEN = ROOT / "tests" / "golden"


# -- the example project -------------------------------------------------------------

@pytest.fixture(scope="module")
def example_kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ember") / "ember-road-kit.pdf"
    proc = run_inproc("make", "examples/ember-road/game.toml", "-o", str(out), cwd=ROOT)  # a path relative to where it runs
    assert proc.returncode == 0, proc.stderr
    assert "Road deck: pages 5-14, two-sided (long edge)" in proc.stdout
    return out


def _text(pdf: Path, page: int) -> str:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[page].get_textpage().get_text_range()
    finally:
        doc.close()


def test_example_kit_has_cover_contents_guide_and_every_part(example_kit):
    from pypdf import PdfReader

    reader = PdfReader(str(example_kit))
    assert len(reader.pages) == 15
    cover = _text(example_kit, 0)
    assert "EMBER ROAD" in cover and "Contents" in cover and "Road deck" in cover and "5-14" in cover
    # the command, run in the project folder, reprints the kit: on the cover and in the metadata,
    # naming the project file relative to its folder (no local path travels with a shared PDF)
    assert "Made with printkit" in cover and "printkit make game.toml --paper a4" in cover
    assert "command:printkit make game.toml --paper a4" in reader.metadata["/Keywords"]
    assert "How to print this kit" in _text(example_kit, 1)
    assert "A night on the road" in _text(example_kit, 2)
    fronts = "".join(_text(example_kit, p) for p in range(4, 14, 2))
    # 8 travellers x 3 and 8 events x 2: each name as often as its qty says
    assert fronts.count("Lantern Bearer") == 3 and fronts.count("Flood") - fronts.count("first Flood") == 2
    assert fronts.count("TRAVELLER") == 24 and fronts.count("EVENT") == 16
    assert "(28)" in _text(example_kit, 14)  # 16 + 8 embers and 4 lanterns
    # every font is embedded
    for page in reader.pages[4:6]:
        for font in page["/Resources"]["/Font"].values():
            desc = font.get_object()
            desc = desc["/DescendantFonts"][0].get_object() if "/DescendantFonts" in desc else desc
            assert "/FontFile2" in desc["/FontDescriptor"].get_object()


def _compare(image, name: str) -> None:
    """Pixel comparison against a stored golden (small tolerance for renderer noise)."""
    from PIL import Image, ImageChops

    path = GOLDEN / name
    if UPDATE_REFERENCES or not path.exists():
        if not UPDATE_REFERENCES:
            pytest.fail(f"no golden {name}: run with PRINTKIT_UPDATE_REFERENCES=1 and check the image by eye")
        image.save(path, optimize=True)
        return
    want = Image.open(path).convert("RGB")
    assert want.size == image.size
    diff = ImageChops.difference(want, image).convert("L")
    hist = diff.histogram()
    total = image.size[0] * image.size[1]
    mean = sum(i * n for i, n in enumerate(hist)) / total
    big = sum(hist[64:]) / total
    assert mean < 2.0 and big < 0.01, f"{name}: mean difference {mean:.2f}, {big:.2%} pixels off by more than 64"


@pytest.fixture(scope="module")
def example_cards(tmp_path_factory) -> Path:
    """The example deck one card a page (card + bleed), so the goldens hold
    the cards themselves, whatever the sheet layout does; printed with the test
    fonts alone, as the goldens were."""
    out = tmp_path_factory.mktemp("ember-single") / "cards.pdf"
    proc = run_inproc("make", str(EXAMPLE / "game.toml"), "--only", "road", "--layout", "single", "-o", str(out), env=TEST_FONT_ENV)
    assert proc.returncode == 0, proc.stderr
    return out


def test_example_cards_match_golden_images(example_cards):
    # front, back, front, back...: card 1 (a traveller), its back, card 25 (the first event)
    _compare(render_page(example_cards, 0, dpi=50), "ember-road-traveller.png")
    _compare(render_page(example_cards, 1, dpi=50), "ember-road-back.png")
    _compare(render_page(example_cards, 48, dpi=50), "ember-road-event.png")


def test_example_event_cards_differ_from_travellers(example_kit):
    # page 11 holds events: their header band is plum, not the travellers' blue
    img = render_page(example_kit, 10, dpi=30)
    colours = {img.getpixel((x, y)) for x in range(20, img.size[0] - 20, 20) for y in range(10, 60, 5)}
    plum = any(abs(r - 0x7A) < 20 and abs(g - 0x3B) < 20 and abs(b - 0x69) < 20 for r, g, b in colours)
    assert plum


def test_validate_takes_the_project_file():
    proc = run_inproc("validate", str(EXAMPLE / "game.toml"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok (Ember Road: 3 parts, 40 cards)" in proc.stdout


# -- one deck without a project file ----------------------------------------------------

LAYOUT = """
size = "poker"
background = "{{ color }}"

[[element]]
type = "text"
text = "{{ name }}"
x = 6
y = 6
w = 51
h = 12
size = 14
min_size = 7

[[element]]
type = "text"
text = "{{ text }}"
x = 6
y = 40
w = 51
h = 20
size = 10
"""


def _deck(tmp: Path, csv_text: str, layout: str = LAYOUT, name: str = "cards.csv", encoding: str = "utf-8") -> tuple[Path, Path]:
    data = tmp / name
    data.write_text(csv_text, encoding=encoding)
    front = tmp / "front.toml"
    front.write_text(layout, encoding="utf-8")
    return data, front


def test_deck_data_layout_toml_end_to_end(tmp_path):
    data, front = _deck(tmp_path, "name,text,color,qty\nAlpha,First card,#56b4e9,2\nBeta,Second card,#e69f00,1\n")
    out = tmp_path / "deck.pdf"
    proc = run_cli("deck", "--data", str(data), "--front", str(front), "-o", str(out), "--paper", "letter", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = _text(out, 0)
    assert text.count("Alpha") == 2 and text.count("Beta") == 1
    img = render_page(out, 0, dpi=40)
    blue = sum(1 for x in range(0, img.size[0], 2) for y in range(0, img.size[1], 2) if max(abs(a - b) for a, b in zip(img.getpixel((x, y)), (0x56, 0xB4, 0xE9))) < 8)
    assert blue > 2 * 400  # two Alpha cards' backgrounds


def test_deck_options_reach_the_engine(tmp_path):
    from pypdf import PdfReader

    data, front = _deck(tmp_path, "name,text,color\nAlpha,x,#56b4e9\nBeta,y,#e69f00\n")
    out = tmp_path / "single.pdf"
    proc = run_inproc("deck", "--data", str(data), "--front", str(front), "--layout", "single", "--bleed", "2", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    reader = PdfReader(str(out))
    assert f"command:printkit deck --data {data.name} --front {front.name} --paper a4 --bleed 2 --layout single" in reader.metadata["/Keywords"]
    assert str(tmp_path) not in reader.metadata["/Keywords"]
    pages = reader.pages
    assert len(pages) == 4  # front, back, front, back
    trim = [float(v) for v in pages[0].trimbox]
    assert abs((trim[2] - trim[0]) - 63 * 72 / 25.4) < 0.01
    assert abs(float(pages[0].mediabox.width) - 67 * 72 / 25.4) < 0.01  # 2 mm bleed each side
    img = render_page(out, 0, dpi=60)
    assert img.getpixel((1, 1)) == img.getpixel((img.size[0] // 2, img.size[1] // 2)) != (255, 255, 255)  # background runs into the bleed


def test_png_format_writes_each_card(tmp_path):
    data, front = _deck(tmp_path, "name,text,color\nAlpha,x,#56b4e9\n")
    proc = run_inproc("deck", "--data", str(data), "--front", str(front), "--format", "png", "--dpi", "40", "-o", str(tmp_path / "png"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "png" / "card-001-front.png").is_file()


# -- data formats ---------------------------------------------------------------------------

def _rows(path: Path, sheet=None):
    from printkit.custom.data import expand, read_table

    return [r.values for r in expand(read_table(path, sheet))]


def test_csv_with_bom_semicolons_and_qty(tmp_path):
    p = tmp_path / "excel.csv"
    p.write_bytes("\ufeffname;text;qty\r\nÉclair;Süß, oder?;3\r\nZero;gone;0\r\nOne;x;\r\n".encode("utf-8"))
    rows = _rows(p)
    assert [r["name"] for r in rows] == ["Éclair"] * 3 + ["One"]
    assert rows[0]["text"] == "Süß, oder?"


def test_csv_tab_separated_and_quoted_newlines(tmp_path):
    p = tmp_path / "cards.tsv"
    p.write_text('name\ttext\n"Two lines"\t"first\nsecond"\n', encoding="utf-8")
    assert _rows(p) == [{"name": "Two lines", "text": "first\nsecond"}]


def test_xlsx_sheets_by_name(tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active.append(["nothing", "here"])
    ws = book.create_sheet("Heroes")
    ws.append(["name", "power", "qty"])
    ws.append(["Knight", 3, 2])
    ws.append(["Archer", 2.0, None])
    p = tmp_path / "cards.xlsx"
    book.save(p)
    rows = _rows(p, "Heroes")
    assert rows == [{"name": "Knight", "power": "3", "qty": "2"}] * 2 + [{"name": "Archer", "power": "2", "qty": ""}]
    from printkit.errors import UsageError

    with pytest.raises(UsageError, match="no sheet 'Villains'.*Notes, Heroes"):
        _rows(p, "Villains")


def test_json_cards(tmp_path):
    p = tmp_path / "cards.json"
    p.write_text(json.dumps({"cards": [{"name": "A", "qty": 2, "rare": True}, {"name": "B"}]}), encoding="utf-8")
    assert _rows(p) == [{"name": "A", "qty": "2", "rare": "true"}] * 2 + [{"name": "B", "qty": "", "rare": ""}]


def test_bad_qty_names_the_cell(tmp_path):
    data, front = _deck(tmp_path, "name,text,color,qty\nAlpha,x,#fff,many\n")
    proc = run_inproc("deck", "--data", str(data), "--front", str(front), "-o", str(tmp_path / "x.pdf"), cwd=tmp_path)
    assert proc.returncode == 2
    assert "cards.csv line 2: qty must be a whole number" in proc.stderr
    assert not (tmp_path / "x.pdf").exists()


# -- the validator on broken decks ------------------------------------------------------------

SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'


def _violations(tmp: Path, csv_text: str, front_name: str, front_text: str, extra: dict | None = None) -> list:
    from printkit.build import check
    from printkit.custom import single_deck_game

    (tmp / "cards.csv").write_text(csv_text, encoding="utf-8")
    (tmp / front_name).write_text(front_text, encoding="utf-8")
    for name, content in (extra or {}).items():
        (tmp / name).write_bytes(content)
    game = single_deck_game(str(tmp / "cards.csv"), str(tmp / front_name))
    comp = game.components["deck"]
    return check(comp, comp.build({}))


def _codes(found) -> set[str]:
    return {v.code for v in found}


def test_missing_column(tmp_path):
    found = _violations(tmp_path, "name\nA\n", "front.toml", LAYOUT)
    assert _codes(found) == {"OWN-MISSING-COLUMN"}
    assert any("uses 'text'" in v.message for v in found) and any("uses 'color'" in v.message for v in found)


def test_text_overflow_after_shrinking(tmp_path):
    long = "word " * 120
    found = _violations(tmp_path, f"name,text,color\nShort,fine,#fff\nLong,{long},#fff\n", "front.toml", LAYOUT)
    assert [(v.code, v.place.split(" (")[0]) for v in found] == [("OWN-TEXT-OVERFLOW", "card 2")]
    # shrink-to-fit: a text too long for 14 pt but fine at 7 pt passes
    ok = _violations(tmp_path, "name,text,color\nA Very Long Card Name Indeed Here,fine,#fff\n", "front.toml", LAYOUT)
    assert ok == []


def test_svg_text_overflow_in_its_box(tmp_path):
    svg = SVG_HEAD.format(w=69, h=94) + '<rect width="69" height="94" fill="#eee"/><text data-box="8 8 53 10" data-min-size="7" font-size="4">{{ text }}</text></svg>'
    found = _violations(tmp_path, "text\n" + "many words here " * 30 + "\n", "front.svg", svg)
    assert _codes(found) == {"OWN-TEXT-OVERFLOW"}


def test_outside_the_safe_zone(tmp_path):
    layout = LAYOUT.replace("x = 6\ny = 40", "x = 1\ny = 40")
    found = _violations(tmp_path, "name,text,color\nA,b,#fff\n", "front.toml", layout)
    assert _codes(found) == {"OWN-SAFE-ZONE"} and "element 2" in found[0].place
    svg = SVG_HEAD.format(w=69, h=94) + '<rect width="69" height="94" fill="#eee"/><text x="4" y="50" font-size="4">{{ name }}</text></svg>'
    found = _violations(tmp_path, "name\nA name that is long enough\n", "front.svg", svg)
    assert _codes(found) == {"OWN-SAFE-ZONE"}


def test_missing_and_low_resolution_images(tmp_path):
    import io

    from PIL import Image

    small = io.BytesIO()
    detail = Image.new("RGB", (60, 40), "red")
    detail.paste((0, 0, 255), (0, 0, 30, 40))  # a picture with detail: a plain one is never too small
    detail.save(small, "PNG")
    big = io.BytesIO()
    Image.new("RGB", (600, 400), "red").save(big, "PNG")
    layout = LAYOUT + '\n[[element]]\ntype = "image"\npath = "{{ art }}"\nx = 6\ny = 20\nw = 50\nh = 20\n'
    found = _violations(tmp_path, "name,text,color,art\nA,b,#fff,small.png\nB,b,#fff,nothere.png\nC,b,#fff,big.png\n", "front.toml", layout, {"small.png": small.getvalue(), "big.png": big.getvalue()})
    assert [(v.code, v.place.split(" (")[0]) for v in found] == [("OWN-IMAGE-DPI", "card 1"), ("OWN-IMAGE-MISSING", "card 2")]
    assert "60x40 px: 51 dpi drawn at 30x20 mm" in found[0].message  # contained: 30 mm wide in its 50x20 mm box


@pytest.mark.parametrize("plain", [(255, 0, 0, 255), (10, 200, 30, 0)])
def test_a_plain_picture_has_no_resolution_to_lack(tmp_path, plain):
    """A picture of one colour, or wholly transparent (Social Rules' 60 px
    transparent.png, tests/corpus/socialrules), prints the same at any size: too
    few pixels is no fault of it, in a layout as in an SVG template. One with
    detail at the same size is still refused."""
    import io

    from PIL import Image

    def png(im):
        buf = io.BytesIO()
        im.save(buf, "PNG")
        return buf.getvalue()

    flat = Image.new("RGBA", (60, 40), plain)
    speck = flat.copy()
    speck.putpixel((5, 5), (0, 0, 0, 255))
    layout = LAYOUT + '\n[[element]]\ntype = "image"\npath = "{{ art }}"\nx = 6\ny = 20\nw = 50\nh = 20\n'
    found = _violations(tmp_path, "name,text,color,art\nA,b,#fff,flat.png\nB,b,#fff,speck.png\n", "front.toml", layout, {"flat.png": png(flat), "speck.png": png(speck)})
    assert [(v.code, v.place.split(" (")[0]) for v in found] == [("OWN-IMAGE-DPI", "card 2")]
    svg = SVG_HEAD.format(w=69, h=94) + '<rect width="69" height="94" fill="#eee"/><image x="10" y="10" width="20" height="20" href="{{ art }}"/><text x="10" y="50" font-size="4">{{ name }}</text></svg>'
    (tmp_path / "svg").mkdir()
    found = _violations(tmp_path / "svg", "name,art\nA,flat.png\nB,speck.png\n", "front.svg", svg, {"flat.png": png(flat), "speck.png": png(speck)})
    assert [(v.code, v.place.split(" (")[0]) for v in found] == [("OWN-IMAGE-DPI", "card 2")]


def test_unknown_font_is_drawn_in_the_nearest_shipped_face(tmp_path):
    # issue 22: found nowhere is not refused; it is named in the run summary (tests/test_own_fonts.py)
    svg = SVG_HEAD.format(w=69, h=94) + '<rect width="69" height="94" fill="#eee"/><text x="10" y="20" font-family="No Such Serif" font-size="4">{{ name }}</text></svg>'
    assert _violations(tmp_path, "name\nA\n", "front.svg", svg) == []


def _renamed_font(src: Path, dst: Path) -> None:
    """A copy of a shipped font under another family and PostScript name (same
    length, so the name table keeps its layout): a font printkit does not ship."""
    data = (ROOT / "fonts" / src).read_bytes()
    for old, new in (("NotoSans-Italic", "TestFace-Italic"), ("Noto Sans", "Test Face")):
        data = data.replace(old.encode("ascii"), new.encode("ascii")).replace(old.encode("utf-16-be"), new.encode("utf-16-be"))
    dst.write_bytes(data)


def test_project_fonts_folder_is_used_and_embedded(tmp_path):
    (tmp_path / "fonts").mkdir()
    _renamed_font(Path("NotoSans-Italic.ttf"), tmp_path / "fonts" / "Display.ttf")
    svg = SVG_HEAD.format(w=69, h=94) + '<rect width="69" height="94" fill="#eee"/><text x="10" y="20" font-family="Test Face" font-style="italic" font-size="4">{{ name }}</text></svg>'
    assert _violations(tmp_path, "name\nA\n", "front.svg", svg) == []
    proc = run_inproc("deck", "--data", str(tmp_path / "cards.csv"), "--front", str(tmp_path / "front.svg"), "-o", str(tmp_path / "f.pdf"), "--duplex", "none", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    from pypdf import PdfReader

    fonts = [f.get_object()["/BaseFont"] for f in PdfReader(str(tmp_path / "f.pdf")).pages[0]["/Resources"]["/Font"].values()]
    assert any("+TestFace-Italic" in str(f) for f in fonts), fonts  # the file in fonts/, embedded as a subset


def test_template_with_no_bleed(tmp_path):
    """Art drawn at the trim size is not refused: its bleed is generated (a
    warning, named in the run summary), nothing is refused where nothing prints wrong."""
    svg = SVG_HEAD.format(w=63, h=88) + '<rect width="63" height="88" fill="#c33"/><text x="10" y="20" font-size="4">{{ name }}</text></svg>'
    found = _violations(tmp_path, "name\nA\n", "front.svg", svg)
    assert found == []
    layout = 'size = "poker"\n[[element]]\ntype = "box"\nx = 0\ny = 0\nw = 63\nh = 20\nfill = "#cc3333"\n'
    found = _violations(tmp_path, "name\nA\n", "front.toml", layout)
    assert _codes(found) == {"OWN-BLEED"} and all(v.warning for v in found)


def test_unknown_icon(tmp_path):
    found = _violations(tmp_path, "name,text,color\nA,Deal :fire: damage,#fff\n", "front.toml", LAYOUT)
    assert _codes(found) == {"OWN-ICON"} and ":fire:" in found[0].message


def test_violations_exit_1_and_write_nothing(tmp_path):
    data, front = _deck(tmp_path, "name\nA\n")
    out = tmp_path / "never.pdf"
    proc = run_inproc("deck", "--data", str(data), "--front", str(front), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 1
    assert "OWN-MISSING-COLUMN front.toml: uses 'color'" in proc.stderr and "Traceback" not in proc.stderr
    assert not out.exists()


def test_broken_project_file_is_one_line_exit_2(tmp_path):
    (tmp_path / "g.toml").write_text('[game]\ntitle = "X"\n[[deck]]\ndata = "cards.csv"\nfront = "f.svg"\nbakc = "b.svg"\n', encoding="utf-8")
    proc = run_inproc("make", str(tmp_path / "g.toml"), cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "no key 'bakc'" in proc.stderr


# -- icons and QR codes ------------------------------------------------------------------

def test_inline_icons_and_qr_codes_are_drawn(tmp_path):
    from conftest import decode_qr

    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "star.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0072b2"/></svg>', encoding="utf-8")
    layout = LAYOUT + '\n[[element]]\ntype = "qr"\ntext = "https://example.org/{{ name }}"\nx = 20\ny = 62\nsize = 23\n'
    data, front = _deck(tmp_path, "name,text,color\nalpha,:star: :star: :star: :star: :star: :star:,#ffffff\n", layout)
    out = tmp_path / "qr.pdf"
    proc = run_inproc("deck", "--data", str(data), "--front", str(front), "--layout", "single", "--duplex", "none", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    img = render_page(out, 0, dpi=150)
    assert decode_qr(img) == ["https://example.org/alpha"]
    blue = sum(1 for x in range(0, img.size[0], 2) for y in range(int(img.size[1] * 0.4), int(img.size[1] * 0.6), 2) if img.getpixel((x, y)) == (0, 114, 178))
    assert blue > 100  # six icons in the text


def test_engine_imports_no_custom_code():
    for path in (ROOT / "printkit" / "engine").glob("*.py"):
        assert "printkit.custom" not in path.read_text(encoding="utf-8"), path


def test_same_input_same_bytes(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        proc = run_inproc("make", str(EXAMPLE / "game.toml"), "--only", "road", "-o", str(out))
        assert proc.returncode == 0, proc.stderr
    assert a.read_bytes() == b.read_bytes()


def test_per_row_backs_boards_and_pages(tmp_path):
    """A back with placeholders gives each card its own back; a board is one
    page; a text page is flowed; all in one kit."""
    (tmp_path / "cards.csv").write_text("name,color\nRed,#d55e00\nBlue,#0072b2\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text(LAYOUT.replace("{{ text }}", "front"), encoding="utf-8")
    back = SVG_HEAD.format(w=69, h=94) + '<rect width="69" height="94" fill="{{ color }}"/><text x="34.5" y="47" text-anchor="middle" font-size="5">{{ name }} back</text></svg>'
    (tmp_path / "back.svg").write_text(back, encoding="utf-8")
    board = SVG_HEAD.format(w=180, h=180) + '<rect width="180" height="180" fill="#e8dcc0" stroke="#000"/><text x="90" y="90" text-anchor="middle" font-size="8">THE MAP</text></svg>'
    (tmp_path / "board.svg").write_text(board, encoding="utf-8")
    (tmp_path / "rules.md").write_text("# Rules\n\nPlay the cards.\n", encoding="utf-8")
    (tmp_path / "g.toml").write_text(
        '[game]\ntitle = "Test Game"\n[[page]]\nname = "rules"\ntext = "rules.md"\n'
        '[[deck]]\nname = "cards"\ndata = "cards.csv"\nfront = "front.toml"\nback = "back.svg"\n'
        '[[board]]\nname = "map"\ntemplate = "board.svg"\n', encoding="utf-8")
    out = tmp_path / "kit.pdf"
    proc = run_inproc("make", str(tmp_path / "g.toml"), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    import pypdfium2 as pdfium

    n = len(pdfium.PdfDocument(str(out)))
    texts = [_text(out, i) for i in range(n)]
    assert any("Play the cards." in t for t in texts)
    backs = next(t for t in texts if "back" in t and "Red" in t)
    assert "Red back" in backs and "Blue back" in backs
    assert any("THE MAP" in t for t in texts)


def test_a_copy_of_a_shipped_font_is_the_shipped_face(tmp_path):
    # ReportLab keeps one font per PostScript name: a user's copy of Noto Sans
    # must not take over printkit's own face in later documents
    from printkit.custom.assets import _register

    copy = tmp_path / "MyItalic.ttf"
    copy.write_bytes((ROOT / "fonts" / "NotoSans-Italic.ttf").read_bytes())
    assert _register(copy) == "PKSans-Italic"


def test_ink_mono_reaches_svg_art_and_icons(tmp_path):
    out = tmp_path / "mono.pdf"
    proc = run_inproc("deck", "--data", str(EXAMPLE / "cards.csv"), "--front", str(EXAMPLE / "front.svg"), "--ink", "mono", "--layout", "single", "--duplex", "none", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    img = render_page(out, 0, dpi=40)
    colours = {img.getpixel((x, y)) for x in range(0, img.size[0], 2) for y in range(0, img.size[1], 2)}
    assert len(colours) > 5 and all(max(c) - min(c) <= 3 for c in colours)  # greys only, art included


@pytest.mark.slow
def test_thousand_card_deck_from_csv_and_svg(tmp_path):
    """The benchmark's deck (bench/bench_custom.py) builds: every card, backs too."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    from bench_custom import write_inputs

    write_inputs(tmp_path, 1000)
    out = tmp_path / "big.pdf"
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    import pypdfium2 as pdfium

    pages = len(pdfium.PdfDocument(str(out)))
    assert pages == 2 * -(-1000 // 9)
    assert "Event 1000" in _text(out, pages - 2)


def test_text_inside_a_group_with_placeholders_uses_the_embedded_font(tmp_path):
    svg = SVG_HEAD.format(w=69, h=94) + (
        '<rect width="69" height="94" fill="#eee"/>'
        '<g display="{{ \x27inline\x27 if kind == \x27hero\x27 else \x27none\x27 }}"><rect x="8" y="8" width="20" height="10" fill="#c33"/>'
        '<text x="10" y="15" font-size="4" font-weight="bold">HERO</text></g>'
        '<text x="10" y="40" font-size="4">{{ name }}</text></svg>')
    (tmp_path / "cards.csv").write_text("name,kind\nAnna,hero\nBob,villain\n", encoding="utf-8")
    (tmp_path / "front.svg").write_text(svg, encoding="utf-8")
    out = tmp_path / "g.pdf"
    proc = run_inproc("deck", "--data", str(tmp_path / "cards.csv"), "--front", str(tmp_path / "front.svg"), "--duplex", "none", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert _text(out, 0).count("HERO") == 1  # on Anna's card only
    from pypdf import PdfReader

    page = PdfReader(str(out)).pages[0]
    names = set()

    def collect(resources):
        for f in (resources.get("/Font") or {}).values():
            names.add(str(f.get_object()["/BaseFont"]))
        for x in (resources.get("/XObject") or {}).values():
            x = x.get_object()
            if "/Resources" in x:
                collect(x["/Resources"])

    collect(page["/Resources"])
    assert names and all("NotoSans" in n for n in names), names  # no Helvetica, no system look-alike


def test_print_asks_for_more_bleed_or_another_card_size_than_the_art_has(tmp_path):
    game = str(EXAMPLE / "game.toml")
    strict = run_inproc("make", game, "--only", "road", "--bleed", "5", "--strict", "-o", str(tmp_path / "a.pdf"))
    assert strict.returncode == 1 and "OWN-BLEED front.svg: drawn with 3 mm bleed; this print asks for 5 mm" in strict.stderr
    more = run_inproc("make", game, "--only", "road", "--bleed", "5", "-o", str(tmp_path / "c.pdf"))
    assert more.returncode == 0 and "warning: OWN-BLEED front.svg: drawn with 3 mm bleed; this print asks for 5 mm: printkit generates it" in more.stdout
    other = run_inproc("make", game, "--only", "road", "--card-size", "tarot", "-o", str(tmp_path / "b.pdf"))
    assert other.returncode == 1 and "a 70x120 mm card needs a page of 70x120 mm (drawn to the trim) up to 94x144 mm" in other.stderr
    assert not (tmp_path / "a.pdf").exists() and not (tmp_path / "b.pdf").exists()


def test_text_too_small_to_read(tmp_path):
    svg = SVG_HEAD.format(w=69, h=94) + '<rect width="69" height="94" fill="#eee"/><text x="10" y="20" font-size="1.5">{{ name }}</text></svg>'
    found = _violations(tmp_path, "name\nA\n", "front.svg", svg)
    assert _codes(found) == {"OWN-TEXT-SMALL"} and "4.3 pt" in found[0].message
    found = _violations(tmp_path, "name,text,color\nA,b,#fff\n", "front.toml", LAYOUT.replace("min_size = 7", "min_size = 4"))
    assert _codes(found) == {"OWN-TEXT-SMALL"}


def test_unreadable_data_is_one_usage_error_never_a_crash(tmp_path):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from printkit.custom.data import expand, read_table
    from printkit.errors import UsageError

    text = st.text(alphabet=st.sampled_from(list('ab1,;\t|"\'\n\r q{}[]:-\ufeff')), max_size=200).map(lambda t: t.encode("utf-8"))
    @settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(st.one_of(st.binary(max_size=300), text), st.sampled_from(["x.csv", "x.json", "x.xlsx", "x.tsv"]))
    def check(data, name):
        p = tmp_path / name
        p.write_bytes(data)
        try:
            rows = expand(read_table(p))
        except UsageError as exc:
            msg = str(exc)
            assert "\n" not in msg and p.name in msg, msg
        else:
            assert all(isinstance(v, str) for r in rows for v in r.values.values())

    check()


def test_make_with_a_png_shop_writes_the_shops_pixel_size(workdir):
    """`make GAME.toml --shop makeplayingcards`: the deck's card images are the
    shop's exact pixel size with its bleed (they were plain trim-size PNGs plus a
    tabletop sheet, as for --format png). The example
    project cut to two cards, to keep the 300 dpi renders cheap."""
    import shutil

    from PIL import Image

    project = workdir / "ember"
    shutil.copytree(EXAMPLE, project)
    rows = (project / "cards.csv").read_text(encoding="utf-8").splitlines()
    (project / "cards.csv").write_text("\n".join([rows[0]] + [r.rsplit(",", 1)[0] + ",1" for r in rows[1:3]]) + "\n", encoding="utf-8")
    out = workdir / "mpc"
    proc = run_inproc("make", str(project / "game.toml"), "--only", "road", "--shop", "makeplayingcards", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    # one part (--only): its files in the folder itself; the two cards share one back
    cards = sorted(out.iterdir())
    assert [p.name for p in cards] == ["back.png", "card-001-front.png", "card-002-front.png"]
    assert {Image.open(p).size for p in cards} == {(822, 1122)}


# -- a template drawn for a slightly different card (poker art on US poker cards) ---------

@pytest.mark.parametrize("shop", ["makeplayingcards", "thegamecrafter"])
def test_poker_template_on_shop_cards_has_art_to_every_bleed_edge(tmp_path, shop):
    """Ember Road's front is drawn for 63x88 mm poker cards with 3 mm bleed; the
    shops print 63.5x88.9 mm with 1/8 in (or 36 px) bleed. The art is scaled
    to cover every card to its bleed edge, centred, and the run says so."""
    from PIL import Image

    rows = (EXAMPLE / "cards.csv").read_text(encoding="utf-8").splitlines()
    data = tmp_path / "cards.csv"
    data.write_text("\n".join(rows[:2]) + "\n", encoding="utf-8")  # header + one traveller (qty 3)
    out = tmp_path / "png"
    proc = run_inproc("deck", "--data", str(data), "--front", str(EXAMPLE / "front.svg"), "--back", str(EXAMPLE / "back.svg"), "--shop", shop, "-o", str(out), cwd=EXAMPLE)
    assert proc.returncode == 0, proc.stderr
    assert "front.svg is 69x94 mm" in proc.stdout and "its art was scaled by 1." in proc.stdout, proc.stdout
    for name in ("card-001-front.png", "back.png"):
        im = Image.open(out / name).convert("L")
        w, h = im.size
        px = im.load()
        edge = [px[x, y] for x in range(w) for y in (0, 1, h - 2, h - 1)] + [px[x, y] for y in range(h) for x in (0, 1, w - 2, w - 1)]
        assert sum(v > 245 for v in edge) == 0, f"{shop} {name}: white pixels at the bleed edge"


@pytest.mark.parametrize("side", ['width="0" height="20"', 'width="12" height="0"'])
def test_an_svg_picture_with_no_width_draws_nothing(tmp_path, side):
    """A picture of zero width or height draws nothing in SVG. Inside an element
    with placeholders (drawn by svglib) it stopped the run, exit 3 (a
    ZeroDivisionError: tests/test_fuzz_corpus.py found it); it prints the card now,
    the picture left out."""
    (tmp_path / "little.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#2a7"/></svg>', encoding="utf-8")
    (tmp_path / "front.svg").write_text(SVG_HEAD.format(w=69, h=94) + f'<g fill="{{{{ colour }}}}"><rect width="69" height="94"/><image x="2" y="16" {side} href="little.svg"/></g>'
                                        '<text x="8" y="80" font-size="4">{{ name }}</text></svg>', encoding="utf-8")
    (tmp_path / "cards.csv").write_text("name,colour\nAda,#eeeeee\n", encoding="utf-8")
    r = run_inproc("deck", "--data", "cards.csv", "--front", "front.svg", "--layout", "single", "--bleed", "0", "-o", "out.pdf", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    import pypdfium2 as pdfium

    im = pdfium.PdfDocument(str(tmp_path / "out.pdf"))[0].render(scale=1).to_pil().convert("RGB")
    assert not any(im.getpixel((x, y))[1] > im.getpixel((x, y))[0] + 60 for x in range(0, im.width, 3) for y in range(0, im.height, 3))  # no green circle


@pytest.mark.parametrize("layout", ["sheet", "single"])
def test_a_rows_copies_are_drawn_once_as_a_form(tmp_path, layout):
    """A row's copies (its qty) look alike when no template reads the card's
    number: a row of three copies or more has each face drawn once, as a PDF
    form, shown on every copy (engine/cards.py; two copies are drawn on their
    cards: a form, compressed on its own, would be the larger file). The pages are those of the same cards written as rows
    of their own, each drawn on its card (to within one level of a pixel's
    anti-aliasing)."""
    import csv
    import shutil

    import pypdfium2 as pdfium
    from PIL import ImageChops
    from pypdf import PdfReader

    with open(EXAMPLE / "cards.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert any(int(r["qty"]) > 1 for r in rows)  # the example has copies to share
    pdfs = {}
    for how in ("copies", "apart"):
        folder = tmp_path / how
        folder.mkdir()
        for name in ("front.svg", "back.svg"):
            shutil.copy(EXAMPLE / name, folder / name)
        for sub in ("art", "icons"):
            shutil.copytree(EXAMPLE / sub, folder / sub)
        if how == "copies":
            shutil.copy(EXAMPLE / "cards.csv", folder / "cards.csv")
        else:  # each copy its own row: a column no template reads tells them apart
            with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as fh:
                out = csv.writer(fh)
                cols = [c for c in rows[0] if c != "qty"]
                out.writerow(cols + ["copy"])
                for r in rows:
                    for k in range(int(r["qty"])):
                        out.writerow([r[c] for c in cols] + [k])
        pdfs[how] = folder / "deck.pdf"
        proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg", "--layout", layout, "-o", str(pdfs[how]), cwd=folder)
        assert proc.returncode == 0, proc.stderr

    def face_forms(pdf) -> set[str]:
        names = set()
        for page in PdfReader(str(pdf)).pages:
            xobjects = page["/Resources"].get("/XObject") or {}
            names |= {str(k) for k in xobjects if "PKFace" in str(k)}
        return names

    copied = sum(1 for r in rows if int(r["qty"]) > 2)
    assert copied and len(face_forms(pdfs["copies"])) == copied and not face_forms(pdfs["apart"])  # a row of 3 copies or more: its front a form (the one back already was)
    a, b = pdfium.PdfDocument(str(pdfs["copies"])), pdfium.PdfDocument(str(pdfs["apart"]))
    assert len(a) == len(b)
    for i in range(len(a)):
        pa = a[i].render(scale=150 / 72).to_pil().convert("RGB")
        pb = b[i].render(scale=150 / 72).to_pil().convert("RGB")
        worst = max(high for _, high in ImageChops.difference(pa, pb).getextrema())
        assert worst <= 2, f"page {i + 1} differs by {worst} levels"
