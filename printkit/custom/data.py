"""Card data: rows read from CSV, XLSX or JSON, with a `qty` column that repeats a row.

Every reader gives the same thing: a list of Row (the values by column name, as
text, and where the row came from, for messages: "cards.csv line 7",
"cards.xlsx sheet Heroes row 7", "cards.json item 7").
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from printkit.errors import UsageError

QTY = "qty"
MAX_QTY = 1000


@dataclass(frozen=True)
class Row:
    values: dict
    place: str  # where it came from, for messages


@dataclass
class Table:
    path: Path
    columns: list[str]
    rows: list[Row] = field(default_factory=list)


def read_table(path: Path, sheet: str | None = None) -> Table:
    """Read a data file by its suffix; UsageError (exit 2) if it cannot be read."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"{path}: no such data file")
    kind = path.suffix.lower()
    if kind in (".csv", ".tsv", ".txt"):
        table = _read_csv(path)
    elif kind in (".xlsx", ".xlsm"):
        table = _read_xlsx(path, sheet)
    elif kind == ".json":
        table = _read_json(path)
    else:
        raise UsageError(f"{path}: data must be .csv, .xlsx or .json, not '{kind or 'no suffix'}'")
    if sheet and kind not in (".xlsx", ".xlsm"):
        raise UsageError(f"{path}: 'sheet' is for .xlsx files only")
    return table


def _clean_header(path: Path, header: list, where: str) -> list[str]:
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


def _read_csv(path: Path) -> Table:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")  # a BOM (as Excel writes) is dropped
    except UnicodeDecodeError:
        try:
            text = raw.decode("cp1252")
        except UnicodeDecodeError:
            raise UsageError(f"{path}: not UTF-8 text (save it as 'CSV UTF-8')") from None
    sample = text[:8192]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel_tab if path.suffix.lower() == ".tsv" else csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        records = list(reader)
    except csv.Error as exc:
        raise UsageError(f"{path}: not readable as CSV ({exc})") from None
    lines = [(n, r) for n, r in enumerate(records, 1) if any(cell.strip() for cell in r)]
    if not lines:
        raise UsageError(f"{path}: empty data file")
    header = _clean_header(path, lines[0][1], "line 1")
    table = Table(path, header)
    for n, rec in lines[1:]:
        values = {name: (rec[k].strip() if k < len(rec) else "") for k, name in enumerate(header)}
        if any(cell.strip() for cell in rec[len(header):]):
            raise UsageError(f"{path}: line {n}: more cells than column names")
        table.rows.append(Row(values, f"{path.name} line {n}"))
    return table


def _cell_text(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def _read_xlsx(path: Path, sheet: str | None) -> Table:
    import openpyxl

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        raise UsageError(f"{path}: not a readable .xlsx file ({exc.__class__.__name__})") from None
    try:
        if sheet is None:
            ws = book.worksheets[0]
        elif sheet in book.sheetnames:
            ws = book[sheet]
        else:
            raise UsageError(f"{path}: no sheet '{sheet}' (sheets: {', '.join(book.sheetnames)})")
        where = f"sheet {ws.title}"
        records = [(n, list(r)) for n, r in enumerate(ws.iter_rows(values_only=True), 1)]
    finally:
        book.close()
    records = [(n, r) for n, r in records if any(_cell_text(v) for v in r)]
    if not records:
        raise UsageError(f"{path}: {where} is empty")
    header = _clean_header(path, records[0][1], f"{where} row {records[0][0]}")
    table = Table(path, header)
    for n, rec in records[1:]:
        values = {name: (_cell_text(rec[k]) if k < len(rec) else "") for k, name in enumerate(header)}
        table.rows.append(Row(values, f"{path.name} {where} row {n}"))
    return table


def _read_json(path: Path) -> Table:
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise UsageError(f"{path}: JSON data is a list of objects (one per card), or {{\"cards\": [...]}}")
    columns: list[str] = []
    for item in data:
        for key in item:
            if key not in columns:
                columns.append(str(key))
    table = Table(path, columns)
    for n, item in enumerate(data, 1):
        values = {}
        for key in columns:
            v = item.get(key)
            if isinstance(v, (dict, list)):
                raise UsageError(f"{path}: item {n}: '{key}' must be text or a number")
            values[key] = "" if v is None else ("true" if v is True else "false" if v is False else _cell_text(v))
        table.rows.append(Row(values, f"{path.name} item {n}"))
    return table


def expand(table: Table) -> list[Row]:
    """Repeat each row by its qty column (missing or blank: 1; 0 leaves it out)."""
    qty_col = next((c for c in table.columns if c.lower() == QTY), None)
    if qty_col is None:
        return list(table.rows)
    out: list[Row] = []
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
                raise UsageError(f"{row.place}: {qty_col} must be a whole number 0-{MAX_QTY}, not '{text}'")
        out.extend([row] * n)
    return out
