"""What the corpus fuzz (tests/test_fuzz_corpus.py) found, each kept as a small
case: before its fix each ended in a refusal quoting Python's own error (a
ValueError from inside svglib, an OSError, an unreadable picture) or in a
picture left out unsaid; now each prints, or is refused in one line that says
what to change."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_inproc

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="69mm" height="94mm" viewBox="0 0 69 94">'
BG = '<rect width="69" height="94" fill="#f6efdf"/>'
INTERNAL = ("Error:", "[Errno", "object at 0x", "unpack")


def _deck(tmp: Path, body: str, csv: str, head: str = HEAD) -> None:
    (tmp / "front.svg").write_text(head + BG + body + "</svg>", encoding="utf-8")
    (tmp / "cards.csv").write_text(csv, encoding="utf-8")


def _make(tmp: Path):
    return run_inproc("deck", "--data", "cards.csv", "--front", "front.svg", "-o", "out.pdf", cwd=tmp)


@pytest.mark.parametrize("value", ["file:///etc/passwd", "a;b", "none;fill:red", "url(data:x,y)"])
def test_a_style_placeholder_with_colons_or_semicolons_draws(tmp_path, value):
    # svglib split each declaration at every colon (ValueError: too many values to unpack)
    _deck(tmp_path, '<g style="display:{{ v }}"><rect x="10" y="10" width="20" height="20" fill="#1f5f8b"/></g>'
          '<text x="10" y="60" font-size="5">{{ name }}</text>', f'name,v\nA,"{value}"\n')
    r = _make(tmp_path)
    assert r.returncode == 0, r.stderr
    assert not any(s in r.stderr for s in INTERNAL), r.stderr


def test_css_declarations_read_as_css():
    from printkit.custom.svgdraw import css_declarations

    assert css_declarations("display:file:///x; b ;fill: red;;:x") == {"display": "file:///x", "fill": "red"}


@pytest.mark.parametrize("width", ["auto", "100%"])
def test_a_page_size_of_auto_reads_the_viewbox(tmp_path, width):
    # svglib refused width="auto" ("MALFORMED ... Can't convert 'auto' to length")
    head = HEAD.replace('width="69mm" height="94mm"', f'width="{width}" height="{width}"').replace('viewBox="0 0 69 94"', 'viewBox="0 0 260.787 355.276"')
    _deck(tmp_path, '<g style="opacity:{{ o }}"><rect x="10" y="10" width="20" height="20"/></g><text x="40" y="60" font-size="20">{{ name }}</text>', "name,o\nA,0.5\n", head)
    r = _make(tmp_path)
    assert r.returncode == 0, r.stderr
    assert not any(s in r.stderr for s in INTERNAL), r.stderr


def test_a_page_size_in_a_unit_printkit_cannot_read_is_named(tmp_path):
    _deck(tmp_path, '<text x="10" y="60" font-size="5">{{ name }}</text>', "name\nA\n", HEAD.replace('width="69mm"', 'width="80.5%"'))
    r = _make(tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "front.svg: the SVG's width '80.5%' is not a length" in r.stderr


@pytest.mark.parametrize("group", ["", ' style="opacity:{{ o }}"'])
def test_an_embedded_picture_that_is_no_picture_is_named(tmp_path, group):
    # inside a group with placeholders: "UnidentifiedImageError ... <_io.BytesIO object at 0x...>";
    # elsewhere the picture was left out, unsaid
    _deck(tmp_path, f'<g{group}><image x="5" y="5" width="20" height="20" xlink:href="data:image/png;base64,AAAA"/></g>'
          '<text x="10" y="60" font-size="5">{{ name }}</text>', "name,o\nA,0.5\n")
    r = _make(tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "front.svg: an embedded picture (data:image/png;base64,AAAA) is not a picture printkit can read" in r.stderr


def test_a_picture_name_too_long_for_the_system_is_not_found(tmp_path):
    # a long cell as a picture's name: "OSError: [Errno 36] File name too long"
    _deck(tmp_path, '<g style="opacity:{{ o }}"><image x="5" y="5" width="20" height="20" xlink:href="{{ pic }}"/></g>'
          '<text x="10" y="60" font-size="5">{{ name }}</text>', "name,o,pic\nA,0.5," + "word " * 100 + "\n")
    r = _make(tmp_path)
    assert r.returncode == 1, r.stderr
    assert "OWN-IMAGE-MISSING" in r.stderr and not any(s in r.stderr for s in INTERNAL), r.stderr


@pytest.mark.parametrize("delim", [";", "\t", "|"])
@pytest.mark.parametrize("merged", [False, True])
def test_a_title_row_is_skipped_whatever_the_delimiter(tmp_path, delim, merged):
    # with a semicolon, tab or '|' the title row made the whole file one column named after it
    from printkit.custom.data import read_table

    title = "Tidewatch card list v3" + (delim * 2 if merged else "")
    (tmp_path / "cards.csv").write_text(f"{title}\nName{delim}Qty{delim}Text\nGull{delim}2{delim}Flies far\nCrab{delim}1{delim}Pinches\n", encoding="utf-8")
    t = read_table(tmp_path / "cards.csv")
    assert t.columns == ["Name", "Qty", "Text"]
    assert [r.values["Name"] for r in t.rows] == ["Gull", "Crab"]
    assert "is a title above the header: skipped" in t.notes[0][1]


def test_validate_keeps_a_huge_value_to_one_short_line(tmp_path):
    # validate printed a 9,000-character line for a picture named by a huge cell
    _deck(tmp_path, '<image x="5" y="5" width="20" height="20" xlink:href="{{ pic }}"/><text x="10" y="60" font-size="5">{{ name }}</text>', "name,pic\nA," + "W" * 9000 + "\n")
    (tmp_path / "game.toml").write_text('[game]\ntitle = "T"\n[[deck]]\ndata = "cards.csv"\nfront = "front.svg"\n', encoding="utf-8")
    r = run_inproc("validate", "game.toml", cwd=tmp_path)
    assert r.returncode == 1 and "OWN-IMAGE-MISSING" in r.stdout
    assert max(len(x) for x in r.stdout.splitlines()) <= 420, max(len(x) for x in r.stdout.splitlines())
    assert "image 'WWWW" in r.stdout and "…' not found" in r.stdout


def test_a_page_size_out_of_range_names_the_file(tmp_path):
    _deck(tmp_path, '<text x="10" y="60" font-size="5">{{ name }}</text>', "name\nA\n", HEAD.replace('width="69mm"', 'width="1e9"'))
    r = _make(tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "front.svg" in r.stderr, r.stderr


def test_a_huge_count_is_cut_short_in_its_message(tmp_path):
    from printkit.custom.data import expand, read_table
    from printkit.errors import UsageError

    (tmp_path / "cards.csv").write_text("name,qty\nA," + "W" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(UsageError) as info:
        expand(read_table(tmp_path / "cards.csv"))
    assert "qty must be a whole number 0-1000, not 'WWW" in str(info.value) and len(str(info.value)) < 200


def test_a_length_filled_with_no_length_is_named(tmp_path):
    # svglib's "ValueError: Can't convert 'ninja-mask.svg' to length", quoted in the refusal
    _deck(tmp_path, '<g style="opacity:{{ o }}"><rect id="bar" x="5" y="5" width="{{ w }}" height="20"/></g>'
          '<text x="10" y="60" font-size="5">{{ name }}</text>', "name,o,w\nA,0.5,ninja-mask.svg\nB,0.5,12\n")
    r = _make(tmp_path)
    assert r.returncode == 1, r.stderr
    assert "front.svg <rect id='bar'>: width is 'ninja-mask.svg', not a length" in r.stderr
    assert not any(s in r.stderr for s in INTERNAL) and "card 2" not in r.stderr, r.stderr


def test_a_length_too_large_for_any_card_is_named(tmp_path):
    # a row's 1e308 as a rectangle's height reached ReportLab, which cannot write it (exit 3)
    _deck(tmp_path, '<rect x="5" y="5" width="{{ w }}" height="{{ h }}" fill="#1f5f8b"/><text x="10" y="60" font-size="5">{{ name }}</text>',
          "name,w,h\nA,3cm,1e308\n")
    r = _make(tmp_path)
    assert r.returncode == 1, r.stderr
    assert "height is '1e308', larger than any card" in r.stdout + r.stderr
    assert not any(s in r.stdout + r.stderr for s in INTERNAL), r.stderr


def test_what_stops_a_drawing_is_said_in_plain_words():
    # svglib's "ValueError: Can't convert 'lemonchiffon' to length" (a colour in a
    # style's length, fuzz run 35/9990) was quoted as it was
    from printkit.custom.svg import _why_not_drawn

    said = _why_not_drawn(ValueError("Can't convert 'lemonchiffon' to length"))
    assert said == "'lemonchiffon' stands where a length goes: a number, with a unit or none"
    assert not any(s in _why_not_drawn(ValueError("bad thing")) for s in INTERNAL)


SHEET = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="210mm" height="297mm" viewBox="0 0 210 297">'
         '<g id="layer"><g id="cardgroup"><rect id="card" x="10" y="10" width="63" height="88" fill="url(#paper)"/>'
         '<g style="opacity:{{ o }}"><rect x="20" y="20" width="10" height="10"/></g><text x="20" y="50" font-size="5">{{ name }}</text>'
         '<use xlink:href="HREF" x="0" y="0"/></g>'
         '<g id="sources"><defs><linearGradient id="paper"><stop offset="0" stop-color="#fe9"/></linearGradient></defs><circle id="dot" cx="100" cy="100" r="3"/></g>'
         '<g id="other">' + "".join(f'<text x="100" y="{20 + i}" font-size="3">another template {i}</text>' for i in range(40)) + '</g></g></svg>')


@pytest.mark.parametrize("href, other_kept", [("#dot", False), ("#{{ sym }}", True)])
def test_a_sheet_of_templates_keeps_only_what_the_card_names(tmp_path, href, other_kept):
    # each drawing of the card (one per element with placeholders and card) carried the
    # sheet's other templates: a 3-card deck from the countersheets sheet took 3 s of CPU
    from printkit.custom import template as T
    from printkit.custom.project import load_template

    (tmp_path / "sheet.svg").write_text(SHEET.replace("HREF", href), encoding="utf-8")
    ctx = T.Context(tmp_path, T.FontBook([tmp_path / "fonts"]), T.Icons([tmp_path / "icons"]), [tmp_path])
    t = load_template(tmp_path / "sheet.svg#card", ctx, (63.0, 88.0))
    ids = {el.get("id") for el in t.root.iter() if isinstance(el.tag, str)}
    assert {"dot", "paper"} <= ids  # what the card names (a clone, a gradient in a parked group's defs)
    assert ("other" in ids) is other_kept  # a clone whose target is a placeholder may show any of them
    (tmp_path / "cards.csv").write_text("name,o,sym\nA,0.5,dot\n", encoding="utf-8")
    r = run_inproc("deck", "--data", "cards.csv", "--front", "sheet.svg#card", "--card-size", "63x88mm", "-o", "out.pdf", cwd=tmp_path)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("body", [
    '<g transform="scale(0)"><rect width="69" height="94" fill="#000"/></g>',  # drawn with the template
    '<g style="opacity:{{ o }}" transform="scale(0)"><rect width="69" height="94" fill="#000"/></g>',  # drawn per card
    '<g style="opacity:{{ o }}"><g transform="matrix(0,0,0,0,0,0)"><rect width="69" height="94" fill="#000"/></g></g>',
    '<svg width="0" height="94" viewBox="0 0 10 10"><rect width="10" height="10" fill="#000"/></svg>',
    '<g style="opacity:{{ o }}"><image width="69" height="0" xlink:href="black.svg"/></g>',
])
def test_an_element_squashed_flat_draws_nothing(tmp_path, body):
    # ReportLab divided by the determinant of its transform: exit 3 (ZeroDivisionError)
    from conftest import render_page

    (tmp_path / "black.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')
    pages = []
    for art in (body, ""):  # the card with the squashed element, and without it
        _deck(tmp_path, art + '<text x="10" y="60" font-size="12" fill="#d00">{{ name }}</text>', "name,o\nAW,0.5\n")
        r = _make(tmp_path)
        assert r.returncode == 0, r.stderr
        pages.append(render_page(tmp_path / "out.pdf", dpi=40).tobytes())
    assert pages[0] == pages[1], "the squashed element was drawn"
    assert any(r > 150 and g < 90 for r, g in zip(pages[0][0::3], pages[0][1::3])), "the card's own text is missing"


@pytest.mark.parametrize("href", ["#nothing", "#{{ name }}", "#"])
def test_a_picture_named_by_an_id_inside_an_element_with_placeholders_is_refused(tmp_path, href):
    # svglib kept its "wait for it" marker as the picture's file: exit 3 (TypeError in os.stat);
    # outside such an element the same picture was already refused as missing
    _deck(tmp_path, f'<g style="opacity:{{{{ o }}}}"><image x="5" y="5" width="20" height="20" xlink:href="{href}"/></g>'
          '<text x="10" y="60" font-size="5">{{ name }}</text>', "name,o\nA,0.5\n")
    r = _make(tmp_path)
    assert r.returncode == 1, r.stderr
    assert "OWN-IMAGE-MISSING" in r.stderr and "not found" in r.stderr and r.stderr.count("\n") == 2, r.stderr


@pytest.mark.parametrize("body, csv, code", [
    ('<g style="opacity:{{ o }}"><rect width="9" height="9" transform="scale({{ s }})"/></g>', "name,o,s\nA,0.5,1e308\n", 1),  # a row's: per card
    ('<g style="opacity:{{ s }}"><image width="9" height="9" transform="translate(1e308,0)" xlink:href="pic.png"/></g>', "name,s\nA,0.5\n", 2),
    ('<defs><path id="car" d="M0 0h9v9z" transform="translate(1e308,0)"/></defs><use xlink:href="#car"/>', "name\nA\n", 2),  # drawn by a clone
])
def test_a_transform_out_of_range_is_named(tmp_path, body, csv, code):
    # ReportLab could not write 1e308 into the PDF: exit 3 ("_fp_one failed ... number too large");
    # the template's own transforms are read when it is loaded, a row's for each card
    from PIL import Image

    Image.new("RGB", (4, 3), "red").save(tmp_path / "pic.png")
    _deck(tmp_path, body + '<text x="10" y="60" font-size="5">{{ name }}</text>', csv)
    r = _make(tmp_path)
    assert r.returncode == code, r.stderr
    assert "holds a number out of range" in r.stderr and r.stderr.count("\n") == 3 - code, r.stderr  # one line (exit 1: and the count)
    assert ("OWN-TEMPLATE" in r.stderr) is (code == 1)
