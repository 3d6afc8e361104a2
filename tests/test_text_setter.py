"""The one text setter (engine/text.py): one markup grammar and one breaker for
the games' paragraphs, the rules pages and your own decks' text boxes."""

import re

from printkit.engine import fonts, text


def _words(line) -> str:
    return text.line_text(line)


def test_one_grammar_for_rules_pages_and_own_decks():
    fonts.register_fonts()
    source = r"**Bold** then *italic* and \*stars\* a:b:c"
    paras = text.paragraphs(source, markup=True)
    styles = {p[1]: p[2] for word in paras[0][0] for p in word}
    assert styles["Bold"] == (True, False) and styles["italic"] == (False, True)
    assert "*stars*" in styles  # an escaped asterisk is text
    # the rules pages read the same paragraph the same way (a block is its paragraphs)
    (block,) = text.parse_markup(source)
    assert block.paras == tuple(paras)
    # and an own deck's fit() sets the same pieces
    fitted = text.fit(source, fonts.SANS, 10, 10, 1e9, 1e9, False, icons=False, markup=True)
    assert [p for line in fitted.lines for p in line if p[1].strip()] == [p for line in text.set_lines(paras, fonts.SANS, 10, 1e9)[0] for p in line if p[1].strip()]


def test_lines_break_greedily_at_the_room():
    fonts.register_fonts()
    size, room = 10.0, 100.0
    got = text.lines("one two three four five six seven eight nine ten", fonts.SANS, size, room)
    assert len(got) > 1
    for k, line in enumerate(got):
        assert fonts.text_width(line, fonts.SANS, size) <= room + 1e-6
        if k + 1 < len(got):  # greedy: the next line's first word would not have fitted
            nxt = got[k + 1].split()[0]
            assert fonts.text_width(f"{line} {nxt}", fonts.SANS, size) > room
    assert " ".join(got) == "one two three four five six seven eight nine ten"
    assert text.lines("   ", fonts.SANS, size, room) == []


def test_a_word_wider_than_the_line():
    fonts.register_fonts()
    long = "x" * 60
    # a text box keeps it whole and says it does not fit
    f = text.fit(long, fonts.SANS, 10, 10, 50, 1e9)
    assert [text.line_text(line) for line in f.lines] == [long] and not f.fits
    # running text (the rules pages) cuts it between characters
    (block,) = text.parse_markup(long)
    placed = text._place([block], 10.0, 50.0)[0]
    parts = [text.line_text(line) for line in placed.lines]
    assert "".join(parts) == long and len(parts) > 1
    assert all(fonts.text_width(p, fonts.SANS, 10) <= 50 + 1e-6 for p in parts)


def test_paragraph_draws_the_lines_it_measures():
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    fonts.register_fonts()
    doc = Document(PrintOptions(), title="t")
    c = doc.new_page()
    words = "Shift ↑ up, ↓ down, ← left and → right as the slips say, then read the word off the grid."
    bottom = text.paragraph(c, words, 50, 700, 120, size=9)
    n = len(text.lines(words, fonts.SANS, 9, 120))
    assert n > 1 and abs((700 - bottom) - text.paragraph_height(words, 120, size=9)) < 1e-6


def test_an_editors_text_breaks_after_a_slash_or_hyphen_as_pango_does():
    """Inkscape (Pango) may break a URL after a slash, not before a digit or another
    slash; printkit's own text breaks at spaces only."""
    fonts.register_fonts()
    url = "See https://example.org/games/lantern/rules/keeper-card-errata or 1/2"
    got = [text.line_text(line) for line in text.set_lines(text.paragraphs(url, editor=True), fonts.SANS, 10, 120)[0]]
    assert got == ["See https://example.org/", "games/lantern/rules/", "keeper-card-errata or 1/2"]
    assert text.lines(url, fonts.SANS, 10, 120)[1] == "https://example.org/games/lantern/rules/keeper-card-errata"


def test_kept_spaces_stay_and_hang_at_the_line_end():
    fonts.register_fonts()
    paras = text.paragraphs("Double  spaced   words", keep_spaces=True)
    lines, widths, _ = text.set_lines(paras, fonts.SANS, 10, 1e9)
    assert text.line_text(lines[0]) == "Double  spaced   words"
    lines, widths, _ = text.set_lines(paras, fonts.SANS, 10, fonts.text_width("Double  spaced", fonts.SANS, 10) + 1)
    assert [text.line_text(line) for line in lines] == ["Double  spaced  ", "words"]  # the space that parts the words goes at the break
    assert abs(widths[0] - fonts.text_width("Double  spaced", fonts.SANS, 10)) < 1e-6  # the hanging spaces take no room
    assert text.line_text(text.set_lines(text.paragraphs("Double  spaced"), fonts.SANS, 10, 1e9)[0][0]) == "Double spaced"


def test_hyphens_break_between_letters_in_an_editors_text():
    fonts.register_fonts()
    paras = text.paragraphs("keeper-card-errata 2-3", editor=True)
    assert [text.line_text(w) for w in paras[0][0]] == ["keeper-", "card-", "errata", "2-3"]


def _pages_png(doc, tmp_path, n):
    from conftest import render_page

    path = tmp_path / "t.pdf"
    path.write_bytes(doc.pdf_bytes())
    return [render_page(path, k, 150).crop((0, 0, 1240, 1500)) for k in range(n)]  # above the page's small print


def _glyphs(path, index):
    """(character, its box in pt) of every glyph pdfium reads on a page."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        tp = pdf[index].get_textpage()
        return [(tp.get_text_range(k, 1), tp.get_charbox(k)) for k in range(tp.count_chars())]
    finally:
        pdf.close()


def test_one_routine_draws_lines_on_the_canvas_and_in_a_pages_text_object(tmp_path):
    """The boxes and labels draw a set line on the canvas, the rules pages into
    their page's one text object: the same routine (draw_line) puts the same
    glyphs in the same places (pdfium reads them back)."""
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    fonts.register_fonts()
    source = "Shift **↑ up** then *left ←* and → alone, **→**, then read the word"
    lines, _, _ = text.set_lines(text.paragraphs(source, markup=True), fonts.SANS, 12, 200, spaces_follow=True)
    assert len(lines) > 1
    doc = Document(PrintOptions(), title="t")
    c = doc.new_page()
    for k, line in enumerate(lines):
        text.draw_line(c, line, fonts.SANS, 12, 60, 700 - 20 * k, spaces_follow=True)
    c = doc.new_page()
    t = c.beginText()
    pen = text.TextPen(t)
    for k, line in enumerate(lines):
        text.draw_line(pen, line, fonts.SANS, 12, 60, 700 - 20 * k, spaces_follow=True)
    c.drawText(t)
    path = tmp_path / "t.pdf"
    path.write_bytes(doc.pdf_bytes())
    canvas, page = (_glyphs(path, k) for k in range(2))
    drawn = [g for g in canvas if g[1][1] > 600]  # the lines, not the page's small print
    assert " ".join("".join(ch for ch, _ in drawn).split()) == "Shift ↑ up then left ← and → alone, →, then read the word"
    other = [g for g in page if g[1][1] > 600]
    assert [ch for ch, _ in drawn] == [ch for ch, _ in other]
    # within 0.05 pt: in one text object a glyph follows the one before by the PDF's
    # widths, which ReportLab rounds to whole thousandths of an em (PKArrows has 2048 a side)
    assert max(abs(a - b) for (_, box), (_, box2) in zip(drawn, other) for a, b in zip(box, box2)) < 0.05


def test_an_arrow_alone_is_set_in_pkarrows(tmp_path):
    """A piece that is nothing but an arrow (a label, a bold word in a paragraph)
    is set in PKArrows, as the arrows inside words are: the same pixels as the
    arrow drawn in PKArrows by hand, not Noto Sans's missing glyph."""
    from PIL import ImageChops

    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    fonts.register_fonts()
    doc = Document(PrintOptions(), title="t")
    c = doc.new_page()
    text.label(c, 100, 700, "→", font=fonts.SANS_BOLD, size=20, align="center")
    text.paragraph(c, "**↑**", 100, 650, 100, size=20, markup=True)
    c = doc.new_page()
    c.setFont(fonts.ARROWS_BOLD, 20)
    c.drawString(100 - fonts.text_width("→", fonts.SANS_BOLD, 20) / 2, 700, "→")
    c.drawString(100, 630, "↑")
    drawn, by_hand = _pages_png(doc, tmp_path, 2)
    assert by_hand.convert("L").getextrema()[0] < 100
    assert ImageChops.difference(drawn, by_hand).getbbox() is None


def test_latin_and_digits_in_a_right_to_left_paragraph_keep_their_spaces_between_the_words(tmp_path):
    """A right-to-left paragraph of pieces (a styled span in Hebrew between Latin
    and digits: "abc <b>שלום</b> 42") reads "42 שלום abc" from the left, each
    word a space from the next, as Inkscape sets it: the space that ends "abc "
    stands on its left, where the paragraph goes on (the bidirectional
    algorithm), a bracket turned to face the text it closes. Plain text was
    drawn left to right whatever its paragraph, its space on the right: "abc"
    ran into the Hebrew word."""
    from conftest import ROOT
    from printkit.custom.assets import FontBook
    from printkit.engine import shaping
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    book = FontBook([ROOT / "tests" / "fonts"])
    faces = text.Faces(book, "Noto Sans Hebrew")
    line = (("t", "abc ", (False, False)), ("t", "שלום ", (True, False)), ("t", "42", (False, False)))
    doc = Document(PrintOptions(), title="t")
    c = doc.new_page()
    text.draw_line(c, line, faces, 20, 100, 700, rtl=True)
    path = tmp_path / "t.pdf"
    path.write_bytes(doc.pdf_bytes())
    drawn = [(ch, box) for ch, box in _glyphs(path, 0) if box[1] > 650 and ch.strip()]
    assert "".join(ch for ch, _ in sorted(drawn, key=lambda g: g[1][0]))[:2] == "42"
    right_of_hebrew = max(box[2] for ch, box in drawn if "\u05d0" <= ch <= "\u05ea")
    left_of_abc = min(box[0] for ch, box in drawn if ch in "abc")
    left_of_hebrew = min(box[0] for ch, box in drawn if "\u05d0" <= ch <= "\u05ea")
    right_of_42 = max(box[2] for ch, box in drawn if ch in "42")
    space = shaping.width(" ", faces.font(), 20, book)
    assert left_of_abc - right_of_hebrew > 0.6 * space and left_of_hebrew - right_of_42 > 0.6 * space, (left_of_abc - right_of_hebrew, left_of_hebrew - right_of_42, space)
    assert [s.text for s in shaping.segments("(x) ", fonts.SANS, None, True)] == [" (", "x", ")"]  # " (x)" read from the left
    assert [s.text for s in shaping.segments("(", fonts.SANS, None, True)] == [")"]  # an opening bracket alone faces the text after it, on its left


#: where ReportLab's string drawing may be named: the setter's canvas pen and the canvas class
STRING_DRAWERS = ("drawString", "drawCentredString", "drawRightString")
#: and where PDF text may be written by other roads: a text object (begun, filled,
#: placed, drawn), ReportLab's text object class, or operators put straight into
#: the canvas's content stream (its `_code` list)
TEXT_WRITERS = ("beginText", "drawText", "textOut", "textLine", "textLines", "setTextOrigin", "setTextTransform",
                "PDFTextObject", "textobject", "_code", "_formatText")
PEN_FILES = ("printkit/engine/text.py", "printkit/engine/rl.py")


def string_drawing(source: str, where: str) -> list[str]:
    """`where:line` of each use of ReportLab's drawString, drawCentredString or
    drawRightString in `source` (a call or the method named), and of each other
    road to PDF text (TEXT_WRITERS: a text object's methods, the text object
    module or class imported, the canvas's `_code` read or written, also by
    getattr), read with Python's parser: comments and strings that mention them
    do not count."""
    import ast

    found = []
    names = STRING_DRAWERS + TEXT_WRITERS
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in names:
            found.append(f"{where}:{node.lineno}: {node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module and (node.module.split(".")[-1] in names or any(a.name in names for a in node.names)):
            found.append(f"{where}:{node.lineno}: from {node.module} import")
        elif isinstance(node, ast.Import) and any(a.name.split(".")[-1] in names for a in node.names):
            found.append(f"{where}:{node.lineno}: import")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in names):
            found.append(f"{where}:{node.lineno}: {node.func.id} {node.args[1].value}")
    return sorted(found, key=lambda f: int(f.split(":")[1]))


def test_the_scan_finds_a_string_drawn_past_the_setter():
    source = ('"""drawString in a docstring"""\n'
              "def face(c):\n"
              "    c.setFont('NotoSans', 9)  # c.drawString(0, 0, 'a comment')\n"
              "    c.drawString(10, 20, 'A -> B')\n"
              "    doc.c.drawCentredString(0, 0, 'x')\n"
              "    write = c.drawRightString\n")
    assert string_drawing(source, "p.py") == ["p.py:4: drawString", "p.py:5: drawCentredString", "p.py:6: drawRightString"]
    assert string_drawing("text.label(c, 10, 20, 'A → B', font=f, size=9)\n", "p.py") == []


def test_the_scan_finds_a_text_object_or_operators_written_past_the_setter():
    """The board's tile letters and the flaps' decoys (Crypto Crisis) were
    written into a text object of their own, letter by letter, past the
    setter's faces: the scan finds a text object begun, filled or drawn, the
    text object class imported and PDF operators put in the canvas's stream."""
    source = ('"""c.beginText() in a docstring"""\n'
              "from reportlab.pdfgen.textobject import PDFTextObject\n"
              "import reportlab.pdfgen.textobject\n"
              "def face(c, words):\n"
              "    t = c.beginText()  # t.textOut('a comment')\n"
              "    t.setFont('NotoSans-Bold', 9)\n"
              "    t.setTextOrigin(10, 20)\n"
              "    t.textOut('A')\n"
              "    t.textLine('B')\n"
              "    c.drawText(t)\n"
              "    c._code.append('BT /F1 9 Tf (C) Tj ET')\n"
              "    getattr(c, '_code').append('BT ET')\n"
              "    word_ok = words.code\n")
    assert string_drawing(source, "p.py") == [
        "p.py:2: from reportlab.pdfgen.textobject import", "p.py:3: import", "p.py:5: beginText", "p.py:7: setTextOrigin",
        "p.py:8: textOut", "p.py:9: textLine", "p.py:10: drawText", "p.py:11: _code", "p.py:12: getattr _code"]
    assert string_drawing("text.labels(c, items, f, 9, align='center')\ntext.turned_labels(c, items, f)\n", "p.py") == []


def test_every_label_goes_through_the_text_setter():
    """The games, kits and the engine draw a one-line label with text.label
    (labels, label_in_box), never with ReportLab's drawString and its kin,
    which set the string in one face whatever it holds: an arrow came out as
    Noto Sans's missing glyph, so the Cryptex answer key wrote "->". Only the
    setter's canvas pen (engine/text.py) and the canvas class (engine/rl.py)
    draw strings, or write text objects or PDF operators of their own."""
    from conftest import ROOT

    found = []
    for path in sorted((ROOT / "printkit").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where not in PEN_FILES:
            found += string_drawing(path.read_text(encoding="utf-8"), where)
    assert not found, "strings drawn past the text setter (use text.label, text.labels, text.turned_labels or text.label_in_box):\n" + "\n".join(found)


def test_labels_in_one_text_object_draw_what_a_label_each_draws(tmp_path):
    """text.labels centred and text.turned_labels unturned (the Crypto Crisis
    board's letters and flap decoys) put the same pixels where a centred
    text.label per item puts them, an arrow in PKArrows included."""
    from PIL import ImageChops

    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    fonts.register_fonts()
    items = [(100, 700, "W"), (160, 700, "→"), (240, 700, "up")]
    doc = Document(PrintOptions(), title="t")
    c = doc.new_page()
    text.labels(c, items, fonts.SANS_BOLD, 20, align="center")
    text.turned_labels(c, [(x, y - 100 + 0.35 * 13, t, 13, 1, 0) for x, y, t in items], fonts.SANS_BOLD)
    c = doc.new_page()
    for x, y, t in items:
        text.label(c, x, y, t, font=fonts.SANS_BOLD, size=20, align="center")
        text.label(c, x, y - 100, t, font=fonts.SANS_BOLD, size=13, align="center")
    together, each = _pages_png(doc, tmp_path, 2)
    assert each.convert("L").getextrema()[0] < 100
    assert ImageChops.difference(together, each).getbbox() is None


def test_emphasis_marks_pair_as_the_patterns_do_in_linear_time():
    """Bold and italic marks are paired as re.sub of the two patterns pairs them
    (same text, same spans), without trying each opening against the rest of the
    line: a page of openings that never close is set in linear time (its CPU bound
    is the hostile case rules-page-of-unclosed-emphasis, under the runner's ceiling:
    tests assert no time)."""
    import random

    rnd = random.Random(5)
    alpha = ["*", "*", "**", "a", "b", " ", "\n", "_", "\t", "é", "1", ".", "\u00a0"]
    for _ in range(3_000):
        s = "".join(rnd.choice(alpha) for _ in range(rnd.randint(0, 30)))
        bold = re.sub(text._BOLD, "\x01\\1\x02", s)
        assert text._marked(s, text._BOLD_OPEN, text._BOLD_CLOSE, 2, "\x01", "\x02") == bold, s
        assert text._marked(bold, text._ITALIC_OPEN, text._ITALIC_CLOSE, 1, "\x03", "\x04") == re.sub(text._ITALIC, "\x03\\1\x04", bold), s


def test_a_long_run_is_shaped_once_for_all_the_sizes_it_is_tried_at(monkeypatch):
    """A run past shaping.KEPT_CHARS (a cell of thousands of combining marks) is
    not kept in the memo, yet a card measures it at each size it tries and then
    draws it: the last few are kept (200 such cards took make past a minute of
    CPU, 16 shapings a card). Control: without that, each size shapes it again."""
    from printkit.engine import shaping

    fonts.register_fonts()
    calls = []
    real = shaping._shape
    monkeypatch.setattr(shaping, "_shape", lambda *a, **k: calls.append(1) or real(*a, **k))
    run = "a" + "\u0301" * (shaping.KEPT_CHARS + 10)
    widths = [shaping.width(run, fonts.SANS, size) for size in (9, 8.75, 8.5, 6)]
    assert len(calls) == 1 and abs(widths[0] / 9 - widths[-1] / 6) < 1e-9
    shaping._RECENT.clear()
    monkeypatch.setattr(shaping, "_RECENT", type("Forgetful", (dict,), {"get": lambda self, key: None})())
    for size in (9, 8.75):
        shaping.width(run, fonts.SANS, size)
    assert len(calls) == 3
