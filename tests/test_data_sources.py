"""Card data as spreadsheets write it (issue 23, point 5): CSV in the excel
dialect unless another delimiter is clear, UTF-8 / UTF-8 with BOM / UTF-16 /
Windows-1252, messages citing the file's line; .xlsx, .ods and .xls read with
python-calamine (real files: Squib's samples, LibreOffice's own exports, see
tests/sheets/README.md); JSON; and a published CSV fetched from an http(s)
address (a local http.server here, never the internet)."""

from __future__ import annotations

import http.server
import threading
import time
from pathlib import Path

import pytest
from conftest import ROOT, run_cli, run_inproc

from printkit.custom.data import expand, read_table
from printkit.errors import UsageError

SHEETS = ROOT / "tests" / "sheets"

TRICKY = [
    {"name": "Fox", "type": "Hero", "text": 'Say "run, now" and draw 2', "cost": "1", "qty": "2"},
    {"name": "Éclair", "type": "Spell", "text": "Gain 2 € ; then discard", "cost": "2", "qty": ""},
    {"name": "Two lines", "type": "Event", "text": "first line\nsecond line, with a comma", "cost": "3", "qty": "1"},
    {"name": "Owl", "type": "Hero", "text": '"Wise" – it’s a “quote”', "cost": "0", "qty": "1"},
]


def _table(source, sheet=None, fetched=None):
    return read_table(source, sheet, fetched)


# -- CSV ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["libreoffice-utf8.csv", "libreoffice-cp1252-semicolon.csv"])
def test_libreoffice_csv_exports_read_right_with_file_lines(name):
    """LibreOffice's own exports ("" escapes, a quoted line break, € and typographic
    quotes; UTF-8 with commas, Windows-1252 with semicolons): every cell as typed,
    each row's place the LINE it starts on (Owl is record 5 but line 6)."""
    t = _table(SHEETS / name)
    assert t.columns == ["name", "type", "text", "cost", "qty"]
    assert [r.values for r in t.rows] == TRICKY
    assert [r.place for r in t.rows] == [f"{name} line {n}" for n in (2, 3, 4, 6)]


def test_csv_the_sniffer_misread(tmp_path):
    """csv.Sniffer took these for another dialect (it misread 452 of 15,000 random
    files of quoted cells and "" escapes; the delimiter rule, 0 of the files of
    two or more columns). They are excel-dialect CSV, read as such."""
    import csv
    import io

    cases = {
        "comma.csv": ('name,text\r\nx;y,""""\r\n', [{"name": "x;y", "text": '"'}]),
        "semi.csv": ('name;text;cost\r\nplain;5\' tall;"Hero: ""Go"""\r\nFox;tab\there;plain\r\n', [{"name": "plain", "text": "5' tall", "cost": 'Hero: "Go"'}, {"name": "Fox", "text": "tab\there", "cost": "plain"}]),
        "tabs.csv": ('name\ttext\tcost\r\n5\' tall\tx;y\tit’s\r\n"""Wise"" one"\tit’s\t"tab\there"\r\n', [{"name": "5' tall", "text": "x;y", "cost": "it’s"}, {"name": '"Wise" one', "text": "it’s", "cost": "tab\there"}]),
    }
    for name, (text, want) in cases.items():
        try:  # the old reader: the sniffer's dialect, else excel
            dialect = csv.Sniffer().sniff(text, delimiters=",;\t|")
        except csv.Error:
            dialect = csv.excel
        sniffed = list(csv.reader(io.StringIO(text, newline=""), dialect))
        assert sniffed[1:] != [list(w.values()) for w in want]  # what the old reader got wrong
        p = tmp_path / name
        p.write_bytes(text.encode("utf-8"))
        assert [r.values for r in _table(p).rows] == want, name


def test_csv_encodings(tmp_path):
    rows = [{"name": "Éclair", "text": "Süß – “ja”"}]
    for name, data in {
        "utf8.csv": "name,text\nÉclair,Süß – “ja”\n".encode("utf-8"),
        "bom.csv": "\ufeffname,text\r\nÉclair,Süß – “ja”\r\n".encode("utf-8"),  # Excel's "CSV UTF-8"
        "cp1252.csv": "name;text\r\nÉclair;Süß – “ja”\r\n".encode("cp1252"),  # Excel's plain "CSV" on Windows
        "unicode.txt": "name\ttext\r\nÉclair\tSüß – “ja”\r\n".encode("utf-16"),  # Excel's "Unicode text"
    }.items():
        p = tmp_path / name
        p.write_bytes(data)
        assert [r.values for r in _table(p).rows] == rows, name


@pytest.mark.parametrize("encoding,text,why", [
    ("cp1251", "name,text\nЛиса,Возьмите две карты\n", "of its letters would be accented"),
    ("cp1250", "nazwa,tekst\nŻółw,Weź dwie karty\n", "line 2: not UTF-8"),
    ("shift_jis", "名前,テキスト\n狐,カードを2枚引く\n", "neither UTF-8 nor Windows-1252"),
])
def test_csv_in_another_code_page_is_refused_not_garbled(tmp_path, encoding, text, why):
    p = tmp_path / "cards.csv"
    p.write_bytes(text.encode(encoding))
    with pytest.raises(UsageError, match=why) as exc:
        _table(p)
    assert "CSV UTF-8" in str(exc.value) and "cards.csv" in str(exc.value)


def test_csv_errors_cite_the_file_line(tmp_path):
    p = tmp_path / "cards.csv"
    p.write_text('name,text\n"Two\nlines",ok\n\nFox,too,many\n', encoding="utf-8")
    t = _table(p)  # an unquoted comma in the last cell: read as typed, named by its line
    assert t.rows[1].values == {"name": "Fox", "text": "too,many"}
    assert t.notes and t.notes[0][0] == "cards.csv line 5" and "3 cells but 2 column names" in t.notes[0][1]
    p.write_text('name,qty\n"Two\nlines",1\n\nFox,x\n', encoding="utf-8")
    with pytest.raises(UsageError, match=r"cards.csv line 5: qty must be"):
        expand(_table(p))


def test_bad_csv_through_the_command_names_the_line(tmp_path):
    (tmp_path / "cards.csv").write_text('name,text,qty\n"a\nb",c,1\nd,e,many\n', encoding="utf-8")
    (tmp_path / "front.toml").write_text('[[element]]\ntype = "text"\ntext = "{{ name }} {{ text }}"\nx = 6\ny = 6\nw = 50\nh = 10\n', encoding="utf-8")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
    assert proc.returncode == 2 and "cards.csv line 4: qty must be" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_unquoted_comma_in_the_last_cell_is_read_as_typed_and_named(tmp_path):
    """countersheets' cards.csv has ',No End,Not *bold, nor /italics.': the
    extension dropped ' nor /italics.'; printkit keeps the text whole, warns
    naming the line, and refuses it under --strict."""
    (tmp_path / "cards.csv").write_text('name,text\na,plain\nd,"quoted, fine"\nNo End,Not bold, nor italics.\n', encoding="utf-8")
    (tmp_path / "front.toml").write_text('[[element]]\ntype = "text"\ntext = "{{ name }}: {{ text }}"\nx = 6\ny = 6\nw = 50\nh = 20\n', encoding="utf-8")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "OWN-DATA" in out and "cards.csv line 4" in out and "unquoted comma" in out, out
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(tmp_path / "x.pdf"))
    text = "".join(pdf[k].get_textpage().get_text_range() for k in range(len(pdf)))
    assert "Not bold, nor italics." in text.replace("\r\n", " ").replace("\n", " ")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "-o", "y.pdf", "--strict", cwd=tmp_path)
    assert proc.returncode == 1 and "OWN-DATA" in proc.stderr and not (tmp_path / "y.pdf").exists()


def test_countersheets_csv_first_table_and_its_count_column(tmp_path):
    """The extension's cards.csv as it is: a table per template, each after a
    blank line; the first column, headed by the template's id, counts copies."""
    src = Path(__file__).parent / "corpus" / "countersheets" / "cards.csv"
    t = _table(src)
    assert t.columns == ["card", "title", "text"] and len(t.rows) == 15
    assert any(place == "cards.csv line 18" and "another table" in what for place, what in t.notes)
    assert expand(t) == t.rows  # no qty, copies or quantity column: one card a row
    t.qty = "card"
    assert len(expand(t)) == 13 + 3 + 11
    p = tmp_path / "cm.csv"
    p.write_text("Card Name,Copies\nA,2\nB,\n", encoding="utf-8")  # CardMaker's count column
    assert [r.values["Card Name"] for r in expand(_table(p))] == ["A", "A", "B"]
    t = _table(p)
    t.qty = "Count"
    with pytest.raises(UsageError, match="no 'Count' column"):
        expand(t)


# -- spreadsheets ------------------------------------------------------------------------------

@pytest.mark.parametrize("suffix", ["xlsx", "ods", "xls"])
def test_squib_sample_in_every_spreadsheet_format(suffix):
    """Squib's sample workbook as Excel wrote it, and as LibreOffice saved it to
    .ods and .xls: the same rows, the sheet chosen by name, places by sheet row."""
    p = SHEETS / f"squib-sample.{suffix}"
    base = _table(p)
    assert base.columns == ["Name", "Level", "Description"]
    assert [r.values["Name"] for r in base.rows] == ["Thief", "Grifter", "Mastermind"]
    assert [r.values["Level"] for r in base.rows] == ["1", "2", "3"]  # whole numbers without .0
    assert base.rows[2].place == f"squib-sample.{suffix} sheet Base row 4"
    other = _table(p, "Expansion")
    assert other.rows and other.rows[0].place.startswith(f"squib-sample.{suffix} sheet Expansion row ")
    with pytest.raises(UsageError, match="no sheet 'Villains'.*Base, Expansion, Resources"):
        _table(p, "Villains")


def test_formulas_give_their_values():
    t = _table(SHEETS / "squib-formulas.xlsx")
    assert [r.values for r in t.rows] == [{"A": "1", "B": "3", "Sum": "4"}, {"A": "2", "B": "4", "Sum": "6"}]


@pytest.mark.parametrize("name", ["openpyxl.xlsx", "libreoffice.ods", "libreoffice.xls"])
def test_tricky_cells_same_in_every_format(name):
    t = _table(SHEETS / name)
    assert [r.values for r in t.rows] == TRICKY
    assert t.rows[3].place == f"{name} sheet Cards row 5"


def test_broken_spreadsheets_are_one_line(tmp_path):
    for suffix in ("xlsx", "ods", "xls"):
        p = tmp_path / f"bad.{suffix}"
        p.write_bytes(b"PK\x03\x04 not really a spreadsheet" * 3)
        with pytest.raises(UsageError, match=f"bad.{suffix}: not a readable .{suffix} spreadsheet"):
            _table(p)


def test_a_damaged_xls_that_aborts_calamine_is_one_line(tmp_path):
    """damaged.xls (squib-sample.xls with bytes changed) makes calamine ask for
    342 GB and abort its process: .xls is read in a child process with a
    memory limit, so printkit says so in one line and carries on."""
    with pytest.raises(UsageError, match=r"damaged.xls: not a readable .xls spreadsheet: the reader \(python-calamine\) aborted"):
        _table(SHEETS / "damaged.xls")
    (tmp_path / "front.toml").write_text('[[element]]\ntype = "text"\ntext = "{{ Name }}"\nx = 6\ny = 6\nw = 50\nh = 10\n', encoding="utf-8")
    proc = run_inproc("deck", "--data", str(SHEETS / "damaged.xls"), "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "damaged.xls" in proc.stderr


def test_ods_deck_end_to_end(tmp_path):
    front = tmp_path / "front.toml"
    front.write_text('[[element]]\ntype = "text"\ntext = "{{ name }}: {{ Description }}"\nx = 6\ny = 6\nw = 51\nh = 40\nsize = 9\n', encoding="utf-8")
    out = tmp_path / "deck.pdf"
    proc = run_cli("deck", "--data", str(SHEETS / "squib-sample.ods"), "--sheet", "Base", "--front", str(front), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 1  # the template uses 'name'; the sheet's column is 'Name'
    assert "OWN-MISSING-COLUMN" in proc.stderr and "'name'" in proc.stderr and "squib-sample.ods" in proc.stderr
    front.write_text(front.read_text().replace("{{ name }}", "{{ Name }}"))
    proc = run_cli("deck", "--data", str(SHEETS / "squib-sample.ods"), "--sheet", "Base", "--front", str(front), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(out))
    text = doc[0].get_textpage().get_text_range()
    doc.close()
    assert "Thief: A clever pickpocket" in text and "Mastermind" in text


# -- a published CSV at an address -----------------------------------------------------------------

class _Server:
    """A local http.server in a thread: path -> (status, content type, body, delay s); counts requests."""

    def __init__(self, routes: dict) -> None:
        self.routes = routes
        self.hits: dict[str, int] = {}
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                owner.hits[self.path] = owner.hits.get(self.path, 0) + 1
                status, kind, body, delay = owner.routes.get(self.path, (404, "text/plain", b"no", 0))
                if delay:
                    time.sleep(delay)
                self.send_response(status)
                if status in (301, 302):
                    self.send_header("Location", body.decode())
                    body = b""
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except OSError:
                    pass

            def log_message(self, *a):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch):
    """A test server on 127.0.0.1, which these tests may reach: printkit itself
    fetches from the public internet only (tests/test_hostile_inputs.py)."""
    from printkit.custom import data, safety

    monkeypatch.setattr(data, "ADDRESS_CHECK", lambda ip: None if str(ip) == "127.0.0.1" else safety.address_refusal(ip))
    srv = _Server({
        "/pub?output=csv": (200, "text/csv; charset=utf-8", (SHEETS / "libreoffice-utf8.csv").read_bytes(), 0),
        "/moved": (302, "text/plain", b"/pub?output=csv", 0),
        "/to-file": (302, "text/plain", b"file:///etc/passwd", 0),
        "/to-ftp": (302, "text/plain", b"ftp://127.0.0.1/cards.csv", 0),
        "/page": (200, "text/html", b"<html>sign in</html>", 0),
        "/slow.csv": (200, "text/csv", b"name\nA\n", 3),
        "/big.csv": (200, "text/csv", b"name\n" + b"A\n" * 40000, 0),
    })
    yield srv
    srv.close()


def test_published_csv_is_fetched_once_per_run(server):
    fetched: dict = {}
    t = _table(server.url + "/pub?output=csv", fetched=fetched)
    assert [r.values for r in t.rows] == TRICKY
    assert t.rows[0].place == "127.0.0.1:%s/pub?output=csv line 2" % server.url.rsplit(":", 1)[1]
    _table(server.url + "/pub?output=csv", fetched=fetched)
    assert server.hits["/pub?output=csv"] == 1  # the second read is the cached bytes
    assert [r.values for r in _table(server.url + "/moved").rows] == TRICKY  # redirects within http(s) are followed


def test_bad_addresses_are_one_line_refusals(server, monkeypatch):
    from printkit.custom import data

    for url, why in [
        (server.url + "/missing.csv", "the server answered 404"),
        (server.url + "/page", "a web page, not CSV"),
        (server.url + "/to-file", r"redirected to a non-http\(s\) address"),
        (server.url + "/to-ftp", r"redirected to a non-http\(s\) address"),
        ("ftp://127.0.0.1/cards.csv", "http:// and https:// addresses only"),
        ("file:///etc/passwd", "http:// and https:// addresses only"),
        ("http://127.0.0.1:1/cards.csv", "cannot fetch it"),
    ]:
        with pytest.raises(UsageError, match=why) as exc:
            _table(url)
        assert "\n" not in str(exc.value)
    monkeypatch.setattr(data, "URL_MAX_BYTES", 50_000)
    with pytest.raises(UsageError, match="over the 0 MB|MB, over the"):
        _table(server.url + "/big.csv")
    monkeypatch.setattr(data, "URL_TIMEOUT", 0.5)
    start = time.monotonic()
    with pytest.raises(UsageError, match="no answer within 0.5 s|not fetched within 0.5 s"):
        _table(server.url + "/slow.csv")
    assert time.monotonic() - start < 2.5


def test_deck_and_project_from_a_published_csv(server, tmp_path):
    """`--data http://...` on the command line, and `data = "http://..."` in
    game.toml (two decks on one address: fetched once for the run)."""
    (tmp_path / "front.toml").write_text('[[element]]\ntype = "text"\ntext = "{{ name }} {{ type }}"\nx = 6\ny = 6\nw = 51\nh = 12\nsize = 10\n', encoding="utf-8")
    url = server.url + "/pub?output=csv"
    proc = run_inproc("deck", "--data", url, "--front", "front.toml", "-o", "deck.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "deck.pdf").stat().st_size > 1000
    (tmp_path / "game.toml").write_text(f'[game]\ntitle = "Remote"\n\n[[deck]]\nname = "a"\ndata = "{url}"\nfront = "front.toml"\n\n[[deck]]\nname = "b"\ndata = "{url}"\nfront = "front.toml"\n', encoding="utf-8")
    server.hits.clear()
    # a project file's address is fetched only when the user asks (--fetch): a downloaded project must not phone home
    proc = run_inproc("make", "game.toml", "-o", "kit.pdf", cwd=tmp_path)
    assert proc.returncode == 2 and "--fetch" in proc.stderr and server.hits == {} and not (tmp_path / "kit.pdf").exists()
    proc = run_inproc("make", "game.toml", "-o", "kit.pdf", "--fetch", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert server.hits == {"/pub?output=csv": 1}
    proc = run_inproc("deck", "--data", server.url + "/page", "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
    assert proc.returncode == 2 and "a web page, not CSV" in proc.stderr and not (tmp_path / "x.pdf").exists()


def test_json_items_with_nested_fields(tmp_path):
    """A scraper's JSON (LabHackerSP's guess_who: each councillor's committees an
    object) reads: a list of plain values is its items joined by ", ", an object
    its JSON text; the plain fields a template uses are as they were."""
    p = tmp_path / "people.json"
    p.write_text('[{"nome": "Ana", "sala": 315, "tags": ["a", "b", 3], "comissoes": {"Finanças": "Membro"}, "x": null}]', encoding="utf-8")
    t = read_table(p)
    v = t.rows[0].values
    assert v["nome"] == "Ana" and v["sala"] == "315" and v["x"] == ""
    assert v["tags"] == "a, b, 3"
    assert v["comissoes"] == '{"Finanças": "Membro"}'
    assert v["comissoes.Finanças"] == "Membro"  # a nested object's fields are columns of their own
