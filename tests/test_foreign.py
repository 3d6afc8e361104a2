"""Other tools' placeholders print unchanged (printkit/custom/foreign.py).

The real templates: CardMaker's example game (tests/corpus/cardmaker, jminor/cardmaker
@ 240ffbd, MIT), whose SVGs hold `{Card Name}`, `{Main Text}` and `{Subtext}`, and the
Inkscape Generator family's `%VAR_name%` (galou/inkscape_generator, MIT;
jcolombo/inkscape-component-generator, GPL 3: its README's `%VAR_name%` and
`%VAR_3%`). The other syntaxes are the same CardMaker templates with their
placeholders written the other tools' way (`%NAME%`, `$NAME$`, `${name}`, `[%N]`,
nhmkdev CardMaker's `@[name]`): each must print the same pixels as the port with
Jinja2 placeholders.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import run_cli

from printkit.custom.foreign import translate

CORPUS = Path(__file__).parent / "corpus" / "cardmaker"
COLUMNS = ["Card Name", "Template", "Copies", "Main Text", "Subtext"]


@pytest.mark.parametrize("source, expected, syntax", [
    ("<text>{Card Name}</text>", "<text>{{ row['Card Name'] }}</text>", "{name}"),
    ("<text>%Card Name%</text>", "<text>{{ row['Card Name'] }}</text>", "%NAME%"),
    ("<text>$Subtext$</text>", "<text>{{ row['Subtext'] }}</text>", "$NAME$"),
    ("<text>${Subtext}</text>", "<text>{{ row['Subtext'] }}</text>", "${name}"),
    ("<text>[%0] [%3]</text>", "<text>{{ row['Card Name'] }} {{ row['Main Text'] }}</text>", "[%N]"),
    ("<text>%VAR_Subtext% %VAR_1%</text>", "<text>{{ row['Subtext'] }} {{ row['Card Name'] }}</text>", "%VAR_name%"),
    ("<text>@[Main Text]</text>", "<text>{{ row['Main Text'] }}</text>", "@[name]"),
    ('<image href="art/{subtext}.png"/>', "<image href=\"art/{{ row['Subtext'] }}.png\"/>", "{name}"),  # any case
])
def test_each_syntax_becomes_a_jinja_placeholder(source, expected, syntax):
    out, said = translate(source.encode(), COLUMNS)
    assert out.decode().replace("&apos;", "'") == expected
    assert syntax in said


@pytest.mark.parametrize("source", [
    "<style>.a{fill:red}</style><text>50% off, 20% more</text>",  # CSS braces, percent signs
    "<text>costs $5 or $10</text><path d='M0 0'/>",
    "<text>{{ Subtext }} and {Card Name}</text>",  # already Jinja2: read as Jinja2 only
    "<text>{Nothing} %here%</text>",  # names that are no column
])
def test_ordinary_text_is_left_alone(source):
    out, said = translate(source.encode(), COLUMNS)
    assert out == source.encode() and said == ""


def test_a_percent_before_a_placeholder_does_not_hide_it():
    out, _ = translate(b"<text>50% %Subtext%</text>", COLUMNS)
    assert out.decode() == "<text>50% {{ row[&apos;Subtext&apos;] }}</text>"


def test_a_column_name_stays_a_string_in_its_placeholder():
    cols = ["it's \\ x", "a ]] b é"]
    out, _ = translate("<t a=\"%it's \\ x%\" b='%a ]] b é%'>%it's \\ x%</t>".encode(), cols)
    from lxml import etree

    from printkit.custom.template import columns_used

    el = etree.fromstring(out)  # still well-formed XML, either quote
    assert columns_used(el.get("a")) == {cols[0]} and columns_used(el.get("b")) == {cols[1]}
    assert columns_used(el.text) == {cols[0]}
    assert out.isascii()  # the rest of the file keeps its bytes, the placeholders are plain ASCII
    # a template that already holds Jinja2 is never rewritten, whatever a column is named
    assert translate(b"<t>%a }}{{ 7*7 }}%</t>", ["a }}{{ 7*7 }}"]) == (b"<t>%a }}{{ 7*7 }}%</t>", "")


def _project(tmp_path: Path, rewrite) -> Path:
    """The CardMaker corpus project with each template's placeholders written by `rewrite`."""
    d = tmp_path / "p"
    shutil.copytree(CORPUS, d, ignore=shutil.ignore_patterns("reference"))
    for svg in d.glob("*.svg"):
        text = svg.read_text(encoding="utf-8")
        text = re.sub(r"\{\{ row\[&quot;(.+?)&quot;\] \}\}", lambda m: rewrite(m.group(1)), text)
        text = re.sub(r'\{\{ row\["(.+?)"\] \}\}', lambda m: rewrite(m.group(1)), text)
        text = re.sub(r"\{\{ (\w+) \}\}", lambda m: rewrite(m.group(1)), text)
        assert "{{" not in text
        svg.write_text(text, encoding="utf-8")
    return d


def _pixels(pdf: Path) -> list[bytes]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    return [doc[i].render(scale=40 / 72).to_pil().tobytes() for i in range(len(doc))]


@pytest.fixture(scope="module")
def ported(tmp_path_factory):
    d = tmp_path_factory.mktemp("ported")
    shutil.copytree(CORPUS, d / "p", ignore=shutil.ignore_patterns("reference"))
    r = run_cli("make", "game.toml", "--cards", "2-6", "-o", str(d / "out.pdf"), cwd=d / "p")
    assert r.returncode == 0, r.stderr
    return _pixels(d / "out.pdf")


@pytest.mark.parametrize("rewrite, syntax", [
    (lambda n: "{" + n + "}", "{name}"),  # CardMaker's own templates, as its example ships them
    (lambda n: f"%VAR_{n}%", "%VAR_name%"),
    (lambda n: f"%{n}%", "%NAME%"),
    (lambda n: f"${n}$", "$NAME$"),
    (lambda n: "${" + n + "}", "${name}"),
    (lambda n: f"[%{COLUMNS.index(n)}]", "[%N]"),
    (lambda n: f"@[{n}]", "@[name]"),
], ids=["brace_name", "generator_var", "percent_name", "dollar_name", "dollar_brace_name", "column_number", "cardmaker_nhmkdev"])  # docs/own-deck.md names them
def test_foreign_templates_print_as_the_port_does(tmp_path, ported, rewrite, syntax):
    d = _project(tmp_path, rewrite)
    r = run_cli("make", "game.toml", "--cards", "2-6", "-o", str(tmp_path / "out.pdf"), cwd=d)
    assert r.returncode == 0, r.stderr
    assert "placeholders read in" in r.stdout and f"{syntax} syntax" in r.stdout
    assert _pixels(tmp_path / "out.pdf") == ported


def _tiny_deck(tmp_path, csv: str, texts: list[str]):
    """A one-column poker deck whose front sets each of `texts` on a line; printed."""
    d = tmp_path / "p"
    d.mkdir()
    (d / "cards.csv").write_text(csv, encoding="utf-8")
    lines = "".join(f'<text x="10" y="{20 + 20 * k}" font-size="5" font-family="DejaVu Sans">{t}</text>' for k, t in enumerate(texts))
    (d / "front.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9">' + lines + "</svg>", encoding="utf-8")
    return d, run_cli("deck", "--data", "cards.csv", "--front", "front.svg", "--card-size", "poker-us", "-o", "out.pdf", cwd=d)


def test_values_are_escaped_and_never_run(tmp_path):
    d, r = _tiny_deck(tmp_path, 'Name,Power\n"<b>&amp; {{ 7*7 }}",%Power%\n', ["%Name%", "%Power%"])
    assert r.returncode == 0, r.stderr
    import pypdfium2 as pdfium

    text = "".join(pdfium.PdfDocument(str(d / "out.pdf"))[i].get_textpage().get_text_range() for i in range(1))
    assert "<b>&amp; {{ 7*7 }}" in text and "49" not in text
    assert "%Power%" in text  # a value is text, never read as a placeholder


@pytest.mark.parametrize("source, expected, syntax", [
    ("<text>$firstname $lastname</text>", "<text>{{ row['firstname'] }} {{ row['lastname'] }}</text>", "string.Template's $name"),
    ("<text>$firstname$ $lastname$</text>", "<text>{{ row['firstname'] }} {{ row['lastname'] }}</text>", "$NAME$"),  # InkMerge's, as before
    ("<text>$$firstname costs $5</text>", None, None),  # `$$` is a dollar sign; `$5` names no column
])
def test_string_template_names_are_read_whole(source, expected, syntax):
    """string.Template's `$name` (tests/corpus/yatebinto: `$firstname $lastname`) was
    read as InkMerge's `$NAME$`, `$firstname $` taken for one placeholder and
    `lastname` printed as written; the form naming more columns is read."""
    out, said = translate(source.encode(), ["firstname", "lastname"])
    if expected is None:
        assert out.decode() == source and said == ""
    else:
        assert out.decode().replace("&apos;", "'") == expected
        assert f"{syntax} syntax" in said


def test_a_string_template_deck_prints_each_column(tmp_path):
    d, r = _tiny_deck(tmp_path, "firstname,lastname\nAlice,Doe\n", ["$firstname $lastname"])
    assert r.returncode == 0, r.stderr
    import pypdfium2 as pdfium

    assert "Alice Doe" in pdfium.PdfDocument(str(d / "out.pdf"))[0].get_textpage().get_text_range()


def test_a_foreign_name_that_is_no_column_is_named(tmp_path):
    _, r = _tiny_deck(tmp_path, "Name\nAda\n", ["%Name% {{ Title }}"])
    assert r.returncode == 1 and "Title" in r.stderr  # Jinja2 in the template: read as Jinja2 alone


@pytest.mark.parametrize("source, columns, expected", [
    ("<text>{{NAME}} {{ Role }}</text>", ["Name", "Role"], "<text>{{ row['Name'] }} {{ Role }}</text>"),  # as written wins
    ("<text>{{name}}</text>", ["Name", "NAME"], "<text>{{name}}</text>"),  # two columns but for case: left, named missing
    ("<text>{{ NAME | upper }}</text>", ["Name"], "<text>{{ NAME | upper }}</text>"),  # an expression is Jinja2's own
    ("<text>{{ CARD }} {{ row }}</text>", ["card", "Row"], "<text>{{ row['card'] }} {{ row }}</text>"),
])
def test_a_bare_placeholder_finds_its_column_whatever_the_case(source, columns, expected):
    """MailMerge-SVG's `{{NAME}}` for the column `Name` (tests/corpus/mailmerge-badge):
    mail-merge tools match names whatever their case; so does printkit, for a bare
    name that is no column as written and one column but for case."""
    out, said = translate(source.encode(), columns)
    assert out.decode().replace("&apos;", "'") == expected
    assert ("whatever their case" in said) == (out.decode() != source)


def test_a_placeholder_in_another_case_prints_its_column(tmp_path):
    d, r = _tiny_deck(tmp_path, "Name,Role\nAda,Chair\n", ["{{NAME}} {{ROLE}}"])
    assert r.returncode == 0, r.stderr
    import pypdfium2 as pdfium

    assert "Ada Chair" in pdfium.PdfDocument(str(d / "out.pdf"))[0].get_textpage().get_text_range()
    assert "NAME as 'Name'" in r.stdout


# -- Generator-style layers ------------------------------------------------------------

INKCARDS = Path(__file__).parent / "corpus" / "inkcards"


def _generator_style(tmp_path: Path) -> Path:
    """The Inkcards corpus deck (kristianbenoit/inkcards @ ec3e1ef, GPL 2) as a
    Component Generator user keeps it: each layer hidden in the file and labelled
    `[its id] Label`, the `layers` column listing the ids each card shows."""
    d = tmp_path / "gen"
    shutil.copytree(INKCARDS, d, ignore=shutil.ignore_patterns("reference"))
    svg = d / "smiley.svg"
    text = svg.read_text(encoding="utf-8")
    text = re.sub(r"display:\{\{ 'inline' if '(\w+)' in layers.split\(\) else 'none' \}\}", "display:none", text)
    text = re.sub(r'(<g\b[^>]*?)\binkscape:label="([^"]*)"([^>]*\bid="(\w+)")',
                  lambda m: f'{m.group(1)}inkscape:label="[{m.group(4)}] {m.group(2)}"{m.group(3)}', text)
    text = re.sub(r'(<g\b[^>]*?\bid="(\w+)"[^>]*?)\binkscape:label="([^"\[]*)"',
                  lambda m: f'{m.group(1)}inkscape:label="[{m.group(2)}] {m.group(3)}"', text)
    assert "{{" not in text and text.count('inkscape:label="[') >= 10
    svg.write_text(text, encoding="utf-8")
    return d


def test_generator_layers_print_as_the_port_does(tmp_path):
    args = ("deck", "--data", "smiley.csv", "--front", "smiley.svg", "--card-size", "poker-us")
    ported = tmp_path / "ported"
    shutil.copytree(INKCARDS, ported, ignore=shutil.ignore_patterns("reference"))
    assert run_cli(*args, "-o", str(tmp_path / "a.pdf"), cwd=ported).returncode == 0
    d = _generator_style(tmp_path)
    r = run_cli(*args, "-o", str(tmp_path / "b.pdf"), cwd=d)
    assert r.returncode == 0, r.stderr
    assert "shown on the rows whose 'layers' column lists them" in r.stdout
    a, b = _pixels(tmp_path / "a.pdf"), _pixels(tmp_path / "b.pdf")
    assert a == b
    assert len(set(a)) == len(a)  # and the cards differ: the layers were chosen per row


def _layered(*layers) -> str:
    """An SVG of Inkscape layers: (label, style or None[, sublayer...]) each."""
    def g(label, style, *inner):
        st = f' style="{style}"' if style else ""
        return f'<g inkscape:groupmode="layer" inkscape:label="{label}"{st}>' + "".join(g(*x) for x in inner) + "</g>"

    return '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape">' + "".join(g(*x) for x in layers) + "</svg>"


def test_generator_if_and_unless_layers():
    from lxml import etree

    from printkit.custom.foreign import layers
    from printkit.custom.template import compile_text, render

    root = etree.fromstring(_layered(("%IF_kitten% found", "display:none;opacity:0.5"), ("%UNLESS_kitten%", None), ("[*] background", "display:none"),
                                     ("[fancy] border", None), ("plain", None)))
    said = layers(root, ["kitten", "text"])
    g = root.findall("{http://www.w3.org/2000/svg}g")
    shown = lambda el, row: render(compile_text(el.get("style"), "t"), {**row, "row": row})  # noqa: E731
    assert shown(g[0], {"kitten": "yes"}) == "opacity:0.5;display:inline"
    for no in ("", "0", "False", " no "):
        assert shown(g[0], {"kitten": no}).endswith("display:none") and shown(g[1], {"kitten": no}) == "display:inline"
    assert g[2].get("style") == "display:{{ 'inline' }}"
    assert g[3].get("style") is None and g[4].get("style") is None  # no layers column: as the file has them
    assert "as Generator does" in said and "no 'layers' column" in said


def test_listed_layers_leave_unlabelled_layers_off():
    """Component Generator's own example (tests/corpus/component-generator): with a
    `layers` column, a layer with no `[name]` (its cut and bleed lines, a guides
    layer) is left off every card, as the extension leaves it off; one hidden in
    the file stays hidden and is not named."""
    from lxml import etree

    from printkit.custom.foreign import layers

    svg = _layered(("[*] background", None), ("[left] side", None), ("Guides", "display:inline;opacity:0.5", ("Cut Line", None)), ("Notes", "display:none"))
    root = etree.fromstring(svg)
    said = layers(root, ["name", "layers"])
    g = list(root.iter("{http://www.w3.org/2000/svg}g"))
    assert [el.get("style") for el in g[2:]] == ["opacity:0.5;display:none", "display:none", "display:none"]
    assert "'Guides', 'Cut Line' left off" in said and "Notes" not in said
    root = etree.fromstring(svg.replace("[left] side", "side"))  # no [name] layer listed: every layer as the file has it
    assert "left off" not in layers(root, ["name", "layers"])


# -- data other tools keep ---------------------------------------------------------------

FRONT = ('<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9">'
         '<text x="10" y="20" font-size="5" font-family="DejaVu Sans">{a}</text>'
         '<text x="10" y="40" font-size="4" font-family="DejaVu Sans">{b}</text></svg>')


def _texts(pdf: Path) -> str:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    return "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def _deck(tmp_path: Path, csv: str, front: str):
    (tmp_path / "cards.csv").write_text(csv, encoding="utf-8")
    (tmp_path / "front.svg").write_text(front, encoding="utf-8")
    r = run_cli("deck", "--data", "cards.csv", "--front", "front.svg", "--card-size", "poker-us", "-o", "out.pdf", cwd=tmp_path)
    return r, (_texts(tmp_path / "out.pdf") if r.returncode == 0 else "")


def test_a_title_row_above_the_header_is_skipped_and_said(tmp_path):
    r, text = _deck(tmp_path, "Tidewatch card list v3,,\nName,Qty,Text\nGull,2,Flies far\nCrab,1,Pinches\n",
                    FRONT.format(a="%Name%", b="%Text%"))
    assert r.returncode == 0, r.stderr
    assert "cards.csv line 1: 'Tidewatch card list v3' is a title above the header: skipped" in r.stdout
    assert text.count("Gull") == 2 and text.count("Crab") == 1 and "Tidewatch" not in text


def test_a_headerless_count_first_file_is_read_by_column_number(tmp_path):
    # countersheets' and Generator's "column position" form: no header, the count first
    r, text = _deck(tmp_path, "3,Goblin,Attacks twice\n1,Troll,Regenerates\n", FRONT.format(a="%VAR_2%", b="%VAR_3%"))
    assert r.returncode == 0, r.stderr
    assert "no header: every row starts with a count, so line 1 is a card" in r.stdout
    assert text.count("Goblin") == 3 and text.count("Attacks twice") == 3 and text.count("Troll") == 1


@pytest.mark.parametrize("csv", [
    "Name\nAda\nBob\n",  # one column: its header is no title
    "qty,Name,Text\n2,Ada,x\n1,Bob,y\n",  # a count first under a header
])
def test_ordinary_tables_keep_their_header(csv):
    from printkit.custom.data import _parse_csv

    t = _parse_csv(Path("c.csv"), "c.csv", csv.encode())
    assert t.columns[0] == csv.split(",")[0].split("\n")[0] and not t.notes


def test_the_gate_holds_for_a_translated_template(tmp_path):
    """A picture named by a foreign placeholder goes through the same gate: a row
    reaching outside the project folder is refused, one line, nothing written."""
    from PIL import Image

    d = tmp_path / "p"
    d.mkdir()
    Image.new("RGB", (300, 300), "red").save(tmp_path / "secret.png")
    Image.new("RGB", (300, 300), "blue").save(d / "ok.png")
    (d / "cards.csv").write_text("Name,Image\nA,ok.png\nB,../secret.png\n", encoding="utf-8")
    (d / "front.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9">'
        '<text x="10" y="20" font-size="5" font-family="DejaVu Sans">{Name}</text>'
        '<image x="10" y="30" width="20" height="20" xlink:href="{Image}"/></svg>', encoding="utf-8")
    r = run_cli("deck", "--data", "cards.csv", "--front", "front.svg", "--card-size", "poker-us", "-o", "out.pdf", cwd=d)
    assert r.returncode == 2 and "outside the project folder" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (d / "out.pdf").exists()


# -- countersheets' own form: columns named after elements' ids --------------------------

COUNTERSHEETS = Path(__file__).parent / "corpus" / "countersheets"


def _countersheets_original(tmp: Path) -> None:
    """The extension's test sheet as its repository has it: the title's text
    `TITLE` and the flowed text's `Some text on the card here.` (the port wrote
    `{{ title }}` and `{{ text }}` in their place), the CSV as it is."""
    svg = (COUNTERSHEETS / "cards.svg").read_text(encoding="utf-8")
    (tmp / "cards.svg").write_text(svg.replace("{{ title }}", "TITLE").replace("{{ text }}", "Some text on the card here."), encoding="utf-8")
    shutil.copy(COUNTERSHEETS / "cards.csv", tmp / "cards.csv")


def test_countersheets_ids_and_count_read_as_the_extension_reads_them(tmp_path):
    from conftest import TEST_FONT_ENV, run_inproc

    _countersheets_original(tmp_path)
    # no qty_column, no renamed text: the command a countersheets user types
    r = run_inproc("deck", "--data", "cards.csv", "--front", "cards.svg#card", "--card-size", "poker-us", "--layout", "single", "-o", "orig.pdf", cwd=tmp_path, env=TEST_FONT_ENV)
    assert r.returncode == 0, r.stderr
    assert "placeholders read in countersheets' form (columns naming elements by id: title, text)" in r.stdout
    assert "column 'card' is headed by the card's id (card), as countersheets writes it: it counts each card's copies" in r.stdout + r.stderr
    port = run_inproc("make", str(COUNTERSHEETS / "game.toml"), "--layout", "single", "-o", str(tmp_path / "port.pdf"), cwd=tmp_path, env=TEST_FONT_ENV)
    assert port.returncode == 0, port.stderr
    import pypdfium2 as pdfium

    a, b = pdfium.PdfDocument(str(tmp_path / "orig.pdf")), pdfium.PdfDocument(str(tmp_path / "port.pdf"))
    assert len(a) == len(b) == 54  # the counts: 'card' 3 prints three
    for i in (0, 1, 2, 30):
        assert a[i].get_textpage().get_text_range() == b[i].get_textpage().get_text_range()
    assert "TITLE" not in _texts(tmp_path / "orig.pdf") and "Some text on the card" not in _texts(tmp_path / "orig.pdf")
    from conftest import render_page

    assert render_page(tmp_path / "orig.pdf", 1, 40).tobytes() == render_page(tmp_path / "port.pdf", 1, 40).tobytes()
