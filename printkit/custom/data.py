"""Card data: rows read from CSV, a spreadsheet (XLSX, ODS, XLS), JSON or a
published CSV address, with a count column that repeats a row (`qty`, or
the names other card tools use: `copies`, `quantity`; or one named by the
project's `qty_column`).

Every reader gives the same thing: a list of Row (the values by column name, as
text, and where the row came from, for messages: "cards.csv line 7",
"cards.xlsx sheet Heroes row 7", "cards.json item 7").
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from functools import lru_cache
from pathlib import Path
import ipaddress
import posixpath
import threading
import time
from urllib.parse import parse_qs, urljoin, urlsplit

from printkit.custom import safety
from printkit.errors import UsageError, did_you_mean
from printkit import __version__

QTY = "qty"
QTY_NAMES = ("qty", "copies", "quantity")  # printkit's, CardMaker's, other tools' (any case), in this order
MAX_QTY = 1000


class Row:
    """One data row: its values (column -> text) and its place (where it came
    from, for messages). Slots, no __dict__: a 10,000-row table holds 10,000 of
    these. A plain class: a dataclass costs ~0.7 ms to define at every start."""

    __slots__ = ("values", "place")

    def __init__(self, values: dict, place: str) -> None:
        self.values = values
        self.place = place

    def __eq__(self, other) -> bool:
        return type(other) is Row and (self.values, self.place) == (other.values, other.place)

    __hash__ = None  # its values are a dict

    def __repr__(self) -> str:
        return f"Row(values={self.values!r}, place={self.place!r})"


def _row_maker(columns: list[str]):
    """A function (cells) -> the row's values as a dict {column: text}. Each dict
    is the attribute dict of a fresh object of a class made for this table:
    CPython stores the attribute dicts of one class's objects with their keys
    shared (the column names held once for the whole table), about 120 bytes a
    six-column row where a dict of its own takes 272. It is an ordinary dict to
    every reader (a cell changed or added later makes that row's dict a plain
    one). Names Python reserves for itself (__class__, __dict__...) cannot be
    attributes: such a table gets plain dicts."""
    if any(c[:2] == "__" for c in columns):
        return lambda cells: dict(zip(columns, cells))
    holder = type("Cells", (), {})

    def make(cells) -> dict:
        h = holder()
        for col, cell in zip(columns, cells):
            setattr(h, col, cell)
        return vars(h)

    return make


class Table:
    path: Path
    columns: list[str]
    rows: list[Row]
    notes: list  # (place, what was read otherwise than a plain table): warnings
    qty: str | None = None  # the count column the project names (qty_column), else QTY_NAMES

    def __init__(self, path: Path, columns: list[str], rows: list[Row] | None = None, notes: list | None = None, qty: str | None = None) -> None:
        self.path = path
        self.columns = columns
        self.rows = list() if rows is None else rows
        self.notes = list() if notes is None else notes
        self.qty = qty

    def qty_column(self) -> str | None:
        """The column whose number repeats a row: the project's `qty_column`
        (UsageError if the data has none), else the first of QTY_NAMES present."""
        if self.qty:
            found = next((c for c in self.columns if c.lower() == self.qty.lower()), None)
            if found is None:
                raise UsageError(f"{self.path.name}: no '{self.qty}' column (qty_column) to count each card's copies {did_you_mean(self.qty, self.columns, 'columns')}")
            return found
        for name in QTY_NAMES:
            found = next((c for c in self.columns if c.lower() == name), None)
            if found is not None:
                return found
        return None


SHEETS = (".xlsx", ".xlsm", ".xlsb", ".ods", ".xls")  # spreadsheets, read with python-calamine
TEXTS = (".csv", ".tsv", ".txt")
URL_TIMEOUT = 20.0  # s, for the whole fetch of a data address
URL_MAX_BYTES = 20 * 2**20


def is_url(source) -> bool:
    """A data source given as an address (any scheme: only http(s) is fetched)."""
    return isinstance(source, str) and re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", source) is not None


def source_name(source) -> str:
    """The data source's short name for messages: a file's name, an address's host and last part."""
    if is_url(source):
        try:
            u = urlsplit(source)
        except ValueError:  # "http://[::1/": a bracket left open
            from printkit.base.files import shown

            return shown(source, 80)
        last = u.path.rstrip("/").rsplit("/", 1)[-1]
        tail = last + (f"?{u.query}" if u.query else "")
        return f"{u.netloc}/{'…/' if u.path.strip('/').count('/') else ''}{tail}"[:80]
    return Path(source).name


def read_table(path, sheet: str | None = None, fetched: dict | None = None) -> Table:
    """Read a data file by its suffix (or a published CSV at an http(s) address,
    fetched once per `fetched` cache); UsageError (exit 2) if it cannot be read."""
    if is_url(path):
        return _bounded(_read_url(str(path), sheet, fetched))
    path = Path(path)
    kind = path.suffix.lower()
    safety.regular(path, "data file", safety.LIMITS["IMAGE_BYTES"] if kind in SHEETS else safety.LIMITS["DATA_BYTES"])  # a FIFO is refused, not waited on
    if sheet and kind not in SHEETS:
        raise UsageError(f"{path}: 'sheet' is for spreadsheet files ({', '.join(SHEETS)}) only")
    if kind in TEXTS:
        return _bounded(_parse_csv(path, path.name, safety.read_bytes(path, "data file", safety.LIMITS["DATA_BYTES"]), tab=kind == ".tsv"))
    if kind in SHEETS:
        return _bounded(_read_book(path, sheet))
    if kind == ".json":
        return _bounded(_read_json(path))
    raise UsageError(f"{path}: data must be .csv, .tsv, .xlsx, .ods, .xls or .json, not '{kind or 'no suffix'}'")


def _bounded(table: Table) -> Table:
    """Rows, columns and cells within printkit's limits (docs/security.md)."""
    L = safety.LIMITS
    if len(table.columns) > L["COLUMNS"]:
        raise safety.LimitError(f"{table.path}: {len(table.columns)} columns, over printkit's limit of {L['COLUMNS']}")
    if len(table.rows) > L["ROWS"]:
        raise safety.LimitError(f"{table.path}: over {L['ROWS']:,} rows, printkit's limit")
    for row in table.rows:
        for name, v in row.values.items():
            if len(v) > L["CELL_CHARS"]:
                raise safety.LimitError(f"{row.place}: '{safety.shown(name, 30)}' is {len(v):,} characters, over printkit's limit of {L['CELL_CHARS']:,}")
    return table


_COUNT = re.compile(r"\s*\d{1,4}\s*")


def _find_header(records: list, place) -> tuple[list, list, list, str | None]:
    """Where the column names are, for tables other tools keep: (the records from
    the header on, the header's cells, notes for the run summary, the count column
    or None). As written, the first record is the header. Two other forms are
    recognised and said:
    - a title row above the header (one filled cell, as a merged title is), the
      next record naming every column and the one under it holding two or more
      cells: the title is skipped;
    - no header, each record starting with a count (countersheets' and
      Generator's "column position" files): every record is a card, the columns
      are named by number from 1 (`%VAR_2%`, `[%1]`, `{{ row['2'] }}`) and
      column 1 counts each card's copies."""
    filled = lambda r: [c for c in r if str(c).strip()]  # noqa: E731
    width = lambda r: len(r) - next((k for k, c in enumerate(reversed(r)) if str(c).strip()), len(r))  # noqa: E731
    first = records[0][1]
    if len(records) > 2 and len(filled(first)) == 1 and width(records[1][1]) >= 2 and len(filled(records[1][1])) == width(records[1][1]) and len(filled(records[2][1])) >= 2:
        title = filled(first)[0]
        note = (place(records[0][0]), f"'{safety.shown(str(title).strip(), 40)}' is a title above the header: skipped; the column names are read from {place(records[1][0]).rsplit(' ', 2)[-2]} {records[1][0]}")
        return records[1:], records[1][1], [note], None
    if len(filled(first)) >= 2 and all(r and _COUNT.fullmatch(str(r[0])) for _, r in records):
        n = max(width(r) for _, r in records)
        note = (place(records[0][0]), f"no header: every row starts with a count, so {place(records[0][0]).rsplit(' ', 2)[-2]} {records[0][0]} is a card; the {n} columns are named by number, 1 to {n} (`%VAR_2%`, `[%1]` or {{{{ row['2'] }}}} reads column 2), and column 1 counts each card's copies")
        return [(records[0][0], [])] + records, [str(k) for k in range(1, n + 1)], [note], "1"
    return records, first, [], None


def _clean_header(path, header: list, where: str) -> list[str]:
    names = [("" if h is None else str(h)).strip() for h in header]
    while names and names[-1] == "":
        names.pop()
    seen = set()
    for k, name in enumerate(names, 1):
        if not name:
            raise UsageError(f"{path}: {where}: column {k} has no name")
        if name in seen:
            raise UsageError(f"{path}: {where}: column '{name}' appears twice")
        seen.add(name)
    if not names:
        raise UsageError(f"{path}: {where}: no column names")
    return names


# -- CSV ------------------------------------------------------------------------------

def decode_text(raw: bytes, where) -> tuple[str, str]:
    """(text, encoding name). UTF-8 (a byte-order mark, as Excel's 'CSV UTF-8'
    writes, is dropped); UTF-16 with its byte-order mark (Excel's 'Unicode
    text'); else Windows-1252, the encoding of Excel's plain 'CSV' on Western
    European and American Windows. A file that is none of these is refused
    rather than printed as gibberish: bytes Windows-1252 leaves undefined, or
    text whose letters are mostly accented (Cyrillic or Greek read as
    Windows-1252 looks like that; French, German or Spanish never does)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16"), "UTF-16"
        except UnicodeDecodeError:
            raise UsageError(f"{where}: starts as UTF-16 text but is not (save it as 'CSV UTF-8')") from None
    try:
        return raw.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        raise UsageError(f"{where}: neither UTF-8 nor Windows-1252 text (save it as 'CSV UTF-8')") from None
    sample = text[: 2**20]  # the letters' mix, measured on the first megabyte
    n_letters = len(sample) - len(re.sub(r"[^\W\d_]+", "", sample))
    high = len(sample) - len(re.sub(r"[^\W\d_\x00-\x7f]+", "", sample))
    if n_letters and high > 0.5 * n_letters:
        raise UsageError(f"{where}: not UTF-8, and {100 * high // n_letters}% of its letters would be accented read as Windows-1252: save it as 'CSV UTF-8'")
    # a sign inside a word ('¯ó³w' is 'Żółw' of Windows-1250): another code page
    signs = "".join(ch for ch in bytes(range(128, 256)).decode("cp1252", "ignore") if not ch.isalpha() and ch not in TYPOGRAPHY)
    for odd in re.finditer(f"[{re.escape(signs)}]", text):
        k = odd.start()
        if 0 < k < len(text) - 1 and text[k - 1].isalpha() and text[k + 1].isalpha():
            line = text.count("\n", 0, k) + 1
            raise UsageError(f"{where}: line {line}: not UTF-8, and read as Windows-1252 it has '{odd.group()}' inside a word: save it as 'CSV UTF-8'")
    return text, "Windows-1252"


DELIMITERS = (",", ";", "\t", "|")
TYPOGRAPHY = "\u2018\u2019\u201a\u201c\u201d\u201e\u2013\u2014\u2026\u2022\u00b7\u00ad\u00a0"  # quotes, dashes, ellipsis, bullets: fine inside words


def choose_delimiter(text: str, tab: bool = False) -> str:
    """Python's excel dialect (comma, "" inside quotes) unless the file clearly
    uses another delimiter: the first records, read with each candidate, must
    give the header two or more columns and no record more cells than the
    header; of those, the one giving the most columns (comma, or tab for a
    .tsv, first on a tie). A first record of one cell (a title above the
    header) is passed over: the header is the record under it. Quotes and "" escapes are the excel dialect's for
    every delimiter, never guessed."""
    order = ("\t", ",", ";", "|") if tab else DELIMITERS
    best, best_n = order[0], 1
    head = text[:65536]
    for d in order:
        try:
            records = [r for r in itertools.islice(csv.reader(io.StringIO(head, newline=""), "excel", delimiter=d), 50) if any(c.strip() for c in r)]
        except csv.Error:
            continue
        if len(head) < len(text) and len(records) > 1:
            records = records[:-1]  # the last may be cut by the sample
        if not records:
            continue
        width = lambda r: len(r) - next((k for k, c in enumerate(reversed(r)) if c.strip()), len(r))
        if len(records) > 2 and width(records[0]) == 1:
            records = records[1:]  # a title row above the header (one cell, or a merged title): the header is under it
        n = width(records[0])
        if n < 2 or any(width(r) > n for r in records[1:]):
            continue
        if n > best_n:
            best, best_n = d, n
    return best


def _parse_csv(where, name: str, raw: bytes, tab: bool = False) -> Table:
    """CSV or TSV bytes into a Table; each row's place is the file LINE it starts
    on (a quoted cell may run over several lines)."""
    text, _ = decode_text(raw, where)
    delimiter = choose_delimiter(text, tab)
    reader = csv.reader(io.StringIO(text, newline=""), "excel", delimiter=delimiter)
    records = []  # (first line, cells)
    line = 1
    try:
        for rec in reader:  # at most the row limit read (and as many blank lines)
            records.append((line, rec))
            line = reader.line_num + 1
            if len(records) > 2 * safety.LIMITS["ROWS"] + 1:
                raise safety.LimitError(f"{where}: over {safety.LIMITS['ROWS']:,} rows, printkit's limit")
    except csv.Error as exc:
        raise UsageError(f"{where}: line {line}: not readable as CSV ({exc})") from None
    lines = [(n, r) for n, r in records if any(cell.strip() for cell in r)]
    if not lines:
        raise UsageError(f"{where}: empty data file")
    lines, found, notes, qty = _find_header(lines, lambda n: f"{name} line {n}")
    header = _clean_header(where, found, f"line {lines[0][0]}")
    table = Table(where if isinstance(where, Path) else Path(name), header, notes=notes, qty=qty)
    make_row = _row_maker(header)
    seen: dict = {}  # each distinct cell text held once (a type, a cost, a rules text repeated down the table)
    blank_before = {n for (n, _r), (_m, before) in zip(records[1:], records) if not any(c.strip() for c in before)}  # lines after a blank line
    width = lambda r: len(r) - next((k for k, c in enumerate(reversed(r)) if c.strip()), len(r))
    for k, (n, rec) in enumerate(lines[1:], 1):
        after = lines[k + 1][1] if k + 1 < len(lines) else []
        if n in blank_before and width(rec) > len(header) and all(c.strip() for c in rec[:width(rec)]) and width(after) > len(header):
            # a blank line, then a row wider than the header with every cell filled, and the
            # row under it wider too: a new header and its rows (countersheets keeps a table per
            # template in one file); the first table is read
            table.notes.append((f"{name} line {n}", f"a blank line, then a new header ({safety.shown(delimiter.join(rec[:width(rec)]), 50)}): another table starts here; only the first ({len(table.rows)} rows) is read"))
            break
        values = make_row([_shared(rec[k].strip(), seen) if k < len(rec) else "" for k in range(len(header))])
        extra = [cell for cell in rec[len(header):]]
        if any(cell.strip() for cell in extra):
            # more cells than columns: an unquoted delimiter in the last cell, as a hand-written
            # file has it ("Not *bold, nor /italics."). Read as typed (the extra cells joined back
            # to the last column, nothing lost) and named: a spreadsheet would quote that cell
            last = header[-1]
            joined = delimiter.join([rec[len(header) - 1], *extra]) if len(rec) >= len(header) else ""
            values[last] = joined.strip()
            shown = {",": "comma", ";": "semicolon", "\t": "tab", "|": "'|'"}[delimiter]
            table.notes.append((f"{name} line {n}", f"{width(rec)} cells but {len(header)} column names: the unquoted {shown}{'s' if len(extra) > 1 else ''} read as part of '{last}' ('{safety.shown(values[last], 40)}'); a cell with a {delimiter!r} in it is written in \"quotes\""))
        table.rows.append(Row(values, f"{name} line {n}"))
    return table


def _shared(text: str, seen: dict) -> str:
    """The one copy of `text` this table holds: a 10,000-row table whose rows
    repeat their values keeps each value once."""
    return seen.setdefault(text, text)


# -- spreadsheets: .xlsx, .ods, .xls (python-calamine) -----------------------------------

def _cell_text(v) -> str:
    import datetime

    if v is None:
        return ""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"  # as the spreadsheet shows it
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, datetime.datetime) and v.time() == datetime.time():
        return v.date().isoformat()
    if isinstance(v, (datetime.date, datetime.time, datetime.datetime)):
        return v.isoformat()
    return str(v).strip()


BOOK_CPU = 30  # s of CPU the reader may use on one spreadsheet
BOOK_WALL = 45.0  # s the run waits for it


def _read_book(path: Path, sheet: str | None) -> Table:
    """A sheet of an .xlsx, .ods or .xls file (python-calamine reads all three:
    about 8x openpyxl's speed on .xlsx). Formulas give the value last calculated;
    places are the sheet's own row numbers."""
    _book_bounded(path)  # its extent and text counted before python-calamine lays it out
    name, grid = _book_grid_in_child(path, sheet)
    where = f"sheet {name}"
    records = [(n, r) for n, r in enumerate(grid, 1) if any(r)]
    if not records:
        raise UsageError(f"{path}: {where} is empty")
    records, found, notes, qty = _find_header(records, lambda n: f"{path.name} {where} row {n}")
    header = _clean_header(path, found, f"{where} row {records[0][0]}")
    table = Table(path, header, notes=notes, qty=qty)
    make_row = _row_maker(header)
    for n, rec in records[1:]:
        values = make_row([(rec[k] if k < len(rec) else "") for k in range(len(header))])
        table.rows.append(Row(values, f"{path.name} {where} row {n}"))
    return table


def _book_grid(path: Path, sheet: str | None) -> tuple[str, list[list[str]]]:
    """(the sheet's name, its rows as text, from row 1) read with python-calamine."""
    from python_calamine import CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(str(path))
    except Exception as exc:  # calamine raises its own kinds (and ValueError) for a broken file
        raise UsageError(f"{path}: not a readable {path.suffix.lower()} spreadsheet ({exc.__class__.__name__})") from None
    try:
        names = list(book.sheet_names)
        if sheet is None:
            if not names:
                raise UsageError(f"{path}: has no sheets")
            name = names[0]
        elif sheet in names:
            name = sheet
        else:
            raise UsageError(f"{path}: no sheet '{sheet}' (sheets: {', '.join(names)})")
        try:
            grid = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
        except Exception as exc:
            raise UsageError(f"{path}: sheet {name} cannot be read ({exc.__class__.__name__})") from None
    finally:
        close = getattr(book, "close", None)
        if close is not None:
            close()
    return name, _bounded_grid(path, name, grid)


def _bounded_grid(path: Path, name: str, grid) -> list[list[str]]:
    """The sheet's cells as text, refused (LimitError) past the limits on
    rows, columns and text that _book_bounded counts before: counted again
    here, in the worker, on what the reader laid out (an .xls or .xlsb has no
    count before; the answer handed back to printkit is never larger)."""
    L = safety.LIMITS
    out, chars, last = [], 0, 0
    for n, row in enumerate(grid, 1):
        cells = [_cell_text(v) for v in row]
        filled = [k for k, c in enumerate(cells) if c]
        if filled:
            last = n
            if n > 2 * L["ROWS"] + 1 or filled[-1] >= L["COLUMNS"] + 50:
                _too_big(path, f"sheet {name}", n, filled[-1] + 1, chars)
            chars += sum(len(c) for c in cells)
            _too_big(path, f"sheet {name}", n, filled[-1] + 1, chars)
        out.append(cells)
    return out[:last]


def _book_grid_in_child(path: Path, sheet: str | None) -> tuple[str, list[list[str]]]:
    """_book_grid in printkit's bounded worker (base/child.py): python-calamine
    is native code that aborts the whole process (a Rust allocation failure, no
    exception) on some damaged or forged files, of every format. A crash, a
    ceiling or a hang there is one line naming the file, exit 2."""
    from printkit.base import child

    answer, _ = child.call("printkit.custom.data:_book_task", {"path": str(path), "sheet": sheet}, what=str(path),
                           doing=f"not a readable {path.suffix.lower()} spreadsheet: the reader (python-calamine)", cpu=BOOK_CPU, wall=BOOK_WALL)
    return answer["sheet"], answer["rows"]


def _book_task(args: dict, data: bytes):
    """The worker's side of _book_grid_in_child: the grid, or (raised) the one-line error."""
    name, rows = _book_grid(Path(args["path"]), args.get("sheet"))
    return {"sheet": name, "rows": rows}, b""


# -- a published CSV at an http(s) address ---------------------------------------------

#: which addresses a data address may be fetched from: ip -> why not (None: allowed).
#: The public internet only (safety.address_refusal); a test reaching a server of its
#: own on this computer passes its own to fetch_url (there is no switch outside the code).
ADDRESS_CHECK = safety.address_refusal
MAX_REDIRECTS = 10


def fetch_url(url: str, fetched: dict | None = None, *, timeout: float | None = None, allow=None) -> bytes:
    """The bytes at an http:// or https:// address (a spreadsheet published as
    CSV), fetched once per `fetched` cache, within URL_MAX_BYTES and one deadline
    for the whole fetch (`timeout`, URL_TIMEOUT seconds: name look-up, connection,
    redirects, every byte; a server that trickles is cut at the deadline).

    Each address the name (and every redirect's) resolves to is checked with
    `allow(ip) -> reason or None` (ADDRESS_CHECK: the public internet only)
    before any connection, and the connection is made to that checked address,
    with the name as the Host header and TLS server name: a name that resolves
    again to another address (DNS rebinding) is never looked up a second time.
    Redirects only to http(s). UsageError naming the address for anything else."""
    from printkit.base.files import shown

    timeout = URL_TIMEOUT if timeout is None else float(timeout)
    allow = ADDRESS_CHECK if allow is None else allow
    label = shown(url, 120)
    try:
        urlsplit(url).port  # noqa: B018 - a malformed address (a bracket left open, a port past 65535) raises here
    except ValueError as exc:
        raise UsageError(f"{label}: not a valid web address ({exc})") from None
    if urlsplit(url).scheme.lower() not in ("http", "https"):
        raise UsageError(f"{label}: data is fetched from http:// and https:// addresses only")
    if fetched is not None and url in fetched:
        return fetched[url]
    data = _Fetch(label, timeout, allow).get(url)
    if fetched is not None:
        fetched[url] = data
    return data


class _Fetch:
    """One fetch of a data address under one deadline (fetch_url)."""

    def __init__(self, label: str, timeout: float, allow) -> None:
        self.label, self.timeout, self.allow = label, timeout, allow
        self.deadline = time.monotonic() + timeout
        self.cut = False  # the deadline passed and the connection was shut
        self.got_bytes = False

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def late(self) -> UsageError:
        if self.got_bytes:
            return UsageError(f"{self.label}: not fetched within {self.timeout:g} s")
        return UsageError(f"{self.label}: no answer within {self.timeout:g} s")

    def get(self, url: str) -> bytes:
        from printkit.base.files import shown

        current, where = url, self.label
        for _ in range(MAX_REDIRECTS + 1):
            status, reason, location, body = self.once(current, where)
            if location is None:
                if not 200 <= status < 300:
                    raise UsageError(f"{where}: the server answered {status} {reason}".rstrip())
                return body
            try:
                current = urljoin(current, location)
                scheme = urlsplit(current).scheme.lower()
                urlsplit(current).port  # noqa: B018 - raises for a malformed one
            except ValueError:
                raise UsageError(f"{self.label}: redirected to a malformed address") from None
            if scheme not in ("http", "https"):
                raise UsageError(f"{self.label}: redirected to a non-http(s) address")
            where = f"{self.label}: redirected to {shown(current, 80)}"
        raise UsageError(f"{self.label}: redirected more than {MAX_REDIRECTS} times")

    def once(self, url: str, where: str):
        """One request: (status, reason, Location for a redirect or None, body)."""
        import http.client
        import socket
        import ssl

        u = urlsplit(url)
        https = u.scheme.lower() == "https"
        try:
            host, port = u.hostname, u.port or (443 if https else 80)
        except ValueError:  # a port that is no number, or past 65535
            raise UsageError(f"{where}: cannot fetch it (the port is not a number from 1 to 65535)") from None
        if not host:
            raise UsageError(f"{where}: cannot fetch it (the address names no host)")
        if not host.isascii():  # an international name: its ASCII form, for the look-up, Host and TLS alike
            try:
                host = host.encode("idna").decode("ascii")
            except UnicodeError:
                raise UsageError(f"{where}: cannot fetch it (the host name is not a valid international name)") from None
        addresses = self.resolve(host, port, where)
        path = (u.path or "/") + (f"?{u.query}" if u.query else "")
        headers = {"User-Agent": f"printkit/{__version__}", "Accept": "text/csv, text/plain;q=0.8, */*;q=0.1", "Connection": "close"}
        conn = None
        holder: list = [None]  # the connection the deadline shuts
        timer = threading.Timer(max(self.left(), 0.0), self.shut, args=(holder,))
        timer.daemon = True
        timer.start()
        try:
            last_error: Exception | None = None
            for ip in addresses:
                if self.left() <= 0:
                    raise self.late()
                conn = (_PinnedHTTPS(host, port, str(ip), self.left(), ssl.create_default_context()) if https else _PinnedHTTP(host, port, str(ip), self.left()))
                holder[0] = conn
                try:
                    conn.connect()
                    break
                except OSError as exc:
                    if self.cut:
                        raise self.late() from None
                    last_error = exc
                    conn.close()
                    conn = None
            if conn is None:
                raise UsageError(f"{where}: cannot fetch it ({_why(last_error)})")
            conn.request("GET", path, headers=headers)
            resp = conn.getresponse()
            self.got_bytes = True
            if resp.status in (301, 302, 303, 307, 308) and resp.getheader("Location"):
                return resp.status, resp.reason, resp.getheader("Location"), b""
            if not 200 <= resp.status < 300:
                return resp.status, resp.reason, None, b""
            return resp.status, resp.reason, None, self.body(resp, where)
        except UsageError:
            raise
        except (http.client.HTTPException, OSError, ValueError) as exc:  # a dropped connection, a malformed answer, a bad certificate
            if self.cut or self.left() <= 0:
                raise self.late() from None
            if isinstance(exc, (socket.timeout, TimeoutError)):
                raise self.late() from None
            raise UsageError(f"{where}: cannot fetch it ({_why(exc)})") from None
        finally:
            timer.cancel()
            if conn is not None:
                conn.close()

    def resolve(self, host: str, port: int, where: str) -> list:
        """The addresses `host` resolves to, each checked (UsageError naming the
        first refused one), looked up once, within the deadline."""
        import socket

        answer: dict = {}

        def look_up() -> None:
            try:
                answer["infos"] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            except (OSError, UnicodeError, ValueError) as exc:
                answer["error"] = exc

        worker = threading.Thread(target=look_up, name="printkit-resolve", daemon=True)
        worker.start()
        worker.join(max(self.left(), 0.0))
        if worker.is_alive():  # the name server does not answer: the run does not wait on it
            raise self.late()
        if "error" in answer:
            raise UsageError(f"{where}: cannot fetch it (the name {_host_shown(host)} is not known: {_why(answer['error'])})")
        found = []
        for family, _type, _proto, _name, sockaddr in answer["infos"]:
            try:
                ip = ipaddress.ip_address(sockaddr[0].split("%", 1)[0])
            except ValueError:
                continue
            if ip not in found:
                found.append(ip)
        if not found:
            raise UsageError(f"{where}: cannot fetch it (the name {_host_shown(host)} has no address)")
        for ip in found:
            why = self.allow(ip)
            if why:
                shown_host = _host_shown(host)
                try:
                    literal = ipaddress.ip_address(host) == ip  # the address itself, in any spelling
                except ValueError:
                    literal = False
                named = shown_host if literal else f"{shown_host} ({ip})"
                raise UsageError(f"{where}: {named} is {why}; printkit fetches data only from the public internet")
        return found

    def body(self, resp, where: str) -> bytes:
        cap = URL_MAX_BYTES // 2**20
        length = resp.getheader("Content-Length")
        if length and length.isascii() and length.isdigit() and len(length) < 20 and int(length) > URL_MAX_BYTES:
            raise UsageError(f"{where}: {int(length) / 2**20:.0f} MB, over the {cap} MB a data file may be")
        kind = (resp.headers.get_content_type() or "").lower()
        if kind in ("text/html", "application/xhtml+xml"):
            raise UsageError(f"{where}: the address gives a web page, not CSV (in Google Sheets: File > Share > Publish to web, as CSV; use the address it gives)")
        chunks, size = [], 0
        while True:
            if self.left() <= 0:
                raise self.late()
            chunk = resp.read1(65536)  # what one read of the socket gives: never waits for 64 KB to gather
            if not chunk:
                if self.cut:
                    raise self.late()
                if resp.length:  # fewer bytes than Content-Length said: a cut answer, not a shorter table
                    raise UsageError(f"{where}: cannot fetch it (the server closed the connection before the end)")
                break
            size += len(chunk)
            if size > URL_MAX_BYTES:
                raise UsageError(f"{where}: over the {cap} MB a data file may be")
            chunks.append(chunk)
        return b"".join(chunks)

    def shut(self, holder: list) -> None:
        """At the deadline: shut the connection, so a read waiting on a server that
        sends a byte now and then returns at once, not after its next byte."""
        import socket

        self.cut = True
        conn = holder[0]
        sock = getattr(conn, "sock", None)
        if sock is not None:
            try:
                socket.socket.shutdown(sock, socket.SHUT_RDWR)  # the socket itself (under TLS too)
            except OSError:
                pass


def _pinned_socket(ip: str, port: int, timeout: float):
    import socket

    return socket.create_connection((ip, port), timeout)


@lru_cache(maxsize=1)
def _connection_classes():
    import http.client

    class PinnedHTTP(http.client.HTTPConnection):
        """An HTTP connection to the address already checked, not to the name again."""

        def __init__(self, host: str, port: int, ip: str, timeout: float) -> None:
            super().__init__(host, port, timeout=timeout)
            self.pk_ip = ip

        def connect(self) -> None:
            self.sock = _pinned_socket(self.pk_ip, self.port, self.timeout)

    class PinnedHTTPS(http.client.HTTPSConnection):
        """HTTPS to the checked address; the certificate is checked for the name."""

        def __init__(self, host: str, port: int, ip: str, timeout: float, context) -> None:
            super().__init__(host, port, timeout=timeout, context=context)
            self.pk_ip, self.pk_context = ip, context

        def connect(self) -> None:
            sock = self.sock = _pinned_socket(self.pk_ip, self.port, self.timeout)  # the deadline can shut it mid-handshake
            try:
                self.sock = self.pk_context.wrap_socket(sock, server_hostname=self.host)
            except BaseException:
                sock.close()
                raise

    return PinnedHTTP, PinnedHTTPS


def _PinnedHTTP(host, port, ip, timeout):  # noqa: N802 - a class made on first use (http.client loads only to fetch)
    return _connection_classes()[0](host, port, ip, timeout)


def _PinnedHTTPS(host, port, ip, timeout, context):  # noqa: N802
    return _connection_classes()[1](host, port, ip, timeout, context)


def _host_shown(host: str) -> str:
    from printkit.base.files import shown

    return shown(host, 60)


def _why(exc) -> str:
    """A connection failure in a few words."""
    import ssl

    if exc is None:
        return "no address answered"
    if isinstance(exc, ssl.SSLCertVerificationError):
        return f"its certificate is not valid: {exc.verify_message}" if getattr(exc, "verify_message", None) else "its certificate is not valid"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    text = getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__
    return text[:80]


def _read_url(url: str, sheet: str | None, fetched: dict | None) -> Table:
    if sheet:
        raise UsageError(f"{source_name(url)}: 'sheet' is for spreadsheet files; a published sheet's address names its sheet (gid=...)")
    raw = fetch_url(url, fetched)
    u = urlsplit(url)
    name = source_name(url)
    if u.path.lower().endswith(".json"):
        return _parse_json(name, name, raw)
    tab = u.path.lower().endswith(".tsv") or "tsv" in parse_qs(u.query).get("output", [])
    return _parse_csv(name, name, raw, tab=tab)


# -- JSON -------------------------------------------------------------------------------

def _read_json(path: Path) -> Table:
    return _parse_json(path, path.name, safety.read_bytes(path, "data file", safety.LIMITS["DATA_BYTES"]))


def _parse_json(where, name: str, raw: bytes) -> Table:
    import json  # only for JSON data

    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise UsageError(f"{where}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (RecursionError, ValueError):
        raise UsageError(f"{where}: not readable as JSON") from None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise UsageError(f"{where}: JSON data is a list of objects (one per card), or {{\"cards\": [...]}}")
    items = [_json_flat(item) for item in data]
    columns: list[str] = []
    for item in items:
        for key in item:
            if key not in columns:
                columns.append(str(key))
    table = Table(where if isinstance(where, Path) else Path(name), columns)
    for n, item in enumerate(items, 1):
        values = {}
        for key in columns:
            v = item.get(key)
            values[key] = _json_value(v)
        table.rows.append(Row(values, f"{name} item {n}"))
    return table


def _json_flat(item: dict, prefix: str = "", depth: int = 0) -> dict:
    """An item's fields, a nested object's own fields added as "parent.child"
    columns (`{{ row["hebrew.word"] }}`), the object itself kept as its JSON text."""
    out: dict = {}
    for key, v in item.items():
        name = f"{prefix}{key}"
        out[name] = v
        if isinstance(v, dict) and depth < 4:
            out.update(_json_flat(v, name + ".", depth + 1))
    return out


def _json_value(v) -> str:
    """A JSON item's value as cell text. A list of plain values is its items
    joined by ", "; an object or a nested list is its compact JSON text (a
    scraper's nested fields do not stop the columns a template uses)."""
    if v is None:
        return ""
    if v is True or v is False:
        return "true" if v else "false"
    if isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v):
        return ", ".join(_json_value(x) for x in v)
    if isinstance(v, (dict, list)):
        import json

        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
    return _cell_text(v)


def expand(table: Table) -> list[Row]:
    """Repeat each row by its count column (Table.qty_column; missing or blank: 1; 0 leaves it out)."""
    qty_col = table.qty_column()
    if qty_col is None:
        return list(table.rows)
    out: list[Row] = []
    cap = safety.LIMITS["CARDS"]
    for row in table.rows:
        text = row.values.get(qty_col, "").strip()
        if text == "":
            n = 1
        else:
            try:
                n = int(float(text)) if float(text).is_integer() else -1
            except ValueError:
                n = -1
            if n < 0 or n > MAX_QTY:
                raise UsageError(f"{row.place}: {qty_col} must be a whole number 0-{MAX_QTY}, not '{safety.shown(text, 40)}'")
        if len(out) + n > cap:
            raise safety.LimitError(f"{row.place}: over {cap:,} cards in {table.path.name}, printkit's limit")
        out.extend([row] * n)
    return out


def _book_bounded(path: Path) -> None:
    """A spreadsheet's extent and text, counted from its own XML before
    python-calamine lays the sheet out (attributes read by an XML parser, in
    either quote): its size record (dimension) is not trusted, a far-away cell
    (XFD1048576) would make a grid of 17 billion, an .ods row repeated within
    the limits holding cells repeated within the limits multiplies past them,
    and one long shared string named by a million cells is a million copies.
    Refused: cells past ROWS x COLUMNS (with room for a header and gaps), text
    past SHEET_CHARS once every repeat and shared string is laid out. An .xlsx
    or .ods is a zip: its parts unpacked must stay small too (a zip bomb is
    refused unopened). .xls and .xlsb: the file size limit, and the worker's
    ceilings."""
    import zipfile

    kind = path.suffix.lower()
    if kind not in (".xlsx", ".xlsm", ".ods"):
        return
    L = safety.LIMITS
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            total = sum(i.file_size for i in infos)
            if len(infos) > 10_000 or total > L["XLSX_UNPACKED"]:
                raise safety.LimitError(f"{path}: unpacks to {total / safety.MB:.0f} MB, over printkit's limit of {L['XLSX_UNPACKED'] / safety.MB:g} MB for a spreadsheet")
            names = {i.filename for i in infos}
            if kind == ".ods":
                if "content.xml" in names:
                    _ods_extent(path, z)
                return
            shared = _shared_lengths(z) if "xl/sharedStrings.xml" in names else []
            sheets = _linked_parts(z, names)
            for info in infos:
                if info.filename in sheets or info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"):
                    _xlsx_extent(path, z, info.filename, shared)
    except zipfile.BadZipFile:
        return  # calamine says what is wrong with it


def _linked_parts(z, names: set) -> set:
    """The parts of an .xlsx its workbook links to (xl/_rels/workbook.xml.rels):
    python-calamine reads a sheet from whatever part the link names, not only
    from xl/worksheets/, so each is counted (the styles and theme it also names
    hold no cells, and count nothing)."""
    from lxml import etree

    out: set = set()
    if "xl/_rels/workbook.xml.rels" not in names:
        return out
    try:
        for _ev, el in _xml_events(z.open("xl/_rels/workbook.xml.rels")):
            target = (el.get("Target") or "").strip() if _local(el.tag) == "Relationship" else ""
            if target:
                joined = target.lstrip("/") if target.startswith("/") else "xl/" + target
                out |= {joined, posixpath.normpath(joined)} & names
            el.clear()
    except etree.XMLSyntaxError:
        pass  # calamine says what is wrong with it
    return out


def _xml_events(stream, events=("end",)):
    from lxml import etree

    return etree.iterparse(stream, events=events, resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True)


def _done(el) -> None:
    """An element read to its end and counted, let go of, and the ones before it:
    cleared alone, each stays a child of its parent (two million empty <xf/> or
    <si/> took 750 MB)."""
    el.clear(keep_tail=False)
    parent = el.getparent()
    if parent is not None:
        while el.getprevious() is not None:
            del parent[0]


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _too_big(path: Path, part: str, rows: int, cols: int, chars: int) -> None:
    L = safety.LIMITS
    if rows > 2 * L["ROWS"] + 1 or cols > L["COLUMNS"] + 50:
        raise safety.LimitError(f"{path}: {part} has cells out to row {rows:,}, column {cols:,}: over printkit's limit of {L['ROWS']:,} rows and {L['COLUMNS']} columns")
    if chars > L["SHEET_CHARS"]:
        raise safety.LimitError(f"{path}: {part} holds over {L['SHEET_CHARS']:,} characters once laid out (repeated and shared text counted in every cell), printkit's limit")


def _shared_lengths(z) -> list[int]:
    """The length of each shared string of an .xlsx, in order."""
    from lxml import etree

    out = []
    try:
        for _ev, el in _xml_events(z.open("xl/sharedStrings.xml")):
            if _local(el.tag) == "si":
                out.append(sum(len(t.text or "") for t in el.iter() if _local(t.tag) == "t"))
                _done(el)
    except etree.XMLSyntaxError:
        pass  # calamine says what is wrong with it
    return out


def _column(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _xlsx_extent(path: Path, z, part: str, shared: list[int]) -> None:
    from lxml import etree

    L = safety.LIMITS
    name = part.rsplit("/", 1)[-1]
    rows = cols = chars = 0
    row = col = 0
    in_cell = 0
    ref = re.compile(r"\$?([A-Za-z]{1,3})\$?(\d{1,7})$")
    try:
        for ev, el in _xml_events(z.open(part), ("start", "end")):
            tag = _local(el.tag)
            if ev == "start":
                in_cell += tag == "c"
                if tag == "row":
                    r = (el.get("r") or "").strip()
                    row = int(r) if r.isdigit() else row + 1
                    col = 0
                elif tag == "c":
                    m = ref.match((el.get("r") or "").strip())
                    if m:
                        col, row = _column(m.group(1).upper()), int(m.group(2))
                    else:
                        col += 1
                continue
            if tag == "c":
                value = None
                for child in el:
                    if _local(child.tag) in ("v", "is", "f"):
                        value = child
                        break
                if value is not None:
                    rows, cols = max(rows, row), max(cols, col)
                    text = value.text or "" if _local(value.tag) != "is" else "".join(t.text or "" for t in value.iter() if _local(t.tag) == "t")
                    if (el.get("t") or "") == "s" and text.strip().isdigit() and int(text) < len(shared):
                        n = shared[int(text)]
                        if n > L["CELL_CHARS"]:
                            raise safety.LimitError(f"{path}: {name} cell {el.get('r') or ''}: over {L['CELL_CHARS']:,} characters, printkit's limit for one cell")
                        chars += n
                    else:
                        chars += len(text)
                    _too_big(path, name, rows, cols, chars)
                in_cell -= 1
                _done(el)
            elif tag == "row" or not in_cell:  # a row, or what lies outside the cells (a styles part's <xf>)
                _done(el)
    except etree.XMLSyntaxError:
        return  # calamine says what is wrong with it
    _too_big(path, name, rows, cols, chars)


def _ods_extent(path: Path, z) -> None:
    """Each table of an .ods, its repeats multiplied: a row repeated N times
    holding cells repeated M times is N x M cells."""
    from lxml import etree

    def repeat(el, key):
        for k, v in el.attrib.items():
            if _local(k) == key:
                v = v.strip()
                return min(int(v), 10**9) if v.isdigit() else 1
        return 1

    def has_value(el) -> bool:
        return any(_local(k) == "value-type" for k in el.attrib) or len(el) > 0

    rows = cols = chars = 0
    row_at = 0  # rows laid out so far in this table
    row_cols = row_chars = 0
    col_at = 0
    in_cell = 0
    table = "content.xml"
    try:
        for ev, el in _xml_events(z.open("content.xml"), ("start", "end")):
            tag = _local(el.tag)
            if ev == "start":
                in_cell += tag in ("table-cell", "covered-table-cell")
                if tag == "table":
                    row_at = 0
                    table = f"table {next((v for k, v in el.attrib.items() if _local(k) == 'name'), '')}".strip()
                elif tag == "table-row":
                    col_at = row_cols = row_chars = 0
                continue
            if tag in ("table-cell", "covered-table-cell"):
                n = repeat(el, "number-columns-repeated")
                if has_value(el):
                    text = sum(len(t) for t in el.itertext())
                    row_cols = col_at + n
                    row_chars += n * text
                col_at += n
                in_cell -= 1
                _done(el)
            elif tag == "table-row":
                n = repeat(el, "number-rows-repeated")
                if row_cols:
                    rows = max(rows, row_at + n)
                    cols = max(cols, row_cols)
                    chars += n * row_chars
                    _too_big(path, table, rows, cols, chars)
                row_at += n
                _done(el)
            elif not in_cell:  # what lies outside the cells (styles, settings)
                _done(el)
    except etree.XMLSyntaxError:
        return  # calamine says what is wrong with it
    _too_big(path, "content.xml", rows, cols, chars)
