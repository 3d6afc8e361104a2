"""Your own game from a project file: decks, token sheets, boards and text pages
from data files and templates, turned into the same Game and Component objects
the built-in games use, so the engine, the build and the kit serve it unchanged.

    [game]
    title = "Ember & Ash"
    card_size = "poker"

    [[deck]]
    name = "cards"
    data = "cards.csv"          # .csv, .xlsx (sheet = "Name"), .json
    front = "front.svg"         # .svg or a layout .toml
    back = "back.svg"           # shared back; with placeholders: one back per row

    [[tokens]]   name, data or count, front, size = [w, h] mm, shape = "circle" | "square"
    [[board]]    name, template (sized in mm, one page)
    [[page]]     name, text = "rules.md" (headings #, ##, bullets -, **bold**)

docs/own-deck.md describes every key.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

from printkit.component import Component, Game, KitPart
from printkit.custom import data as D, safety, template as T
from printkit.engine.units import CARD_SIZE_HELP, card_size_name, CARDS, MM, PRINTER_MARGIN
from printkit.errors import did_you_mean, PrintkitError, RulesError, UsageError
from printkit.rules import Violation
from printkit.custom.template import warning
from printkit.engine import fonts
from printkit.engine.shaping import has_all
from printkit.engine.text import block_count, flow, parse_markup

MAX_REPORTED = 60  # violations listed before "and N more"


def split_element(path) -> tuple[Path, str | None]:
    """(the file, the id after its '#') of a template named `cards.svg#card`:
    the card is that rectangle of a larger SVG page; (path, None) otherwise."""
    path = Path(path)
    head, sep, frag = path.name.rpartition("#")
    if sep and head.lower().endswith(".svg") and frag:
        return path.with_name(head), frag
    return path, None


def load_template(path: Path, ctx: T.Context, trim_mm: tuple[float, float], columns: list[str] | None = None):
    """A template; `columns`: the data's, by which another tool's placeholders
    in an SVG are read (printkit/custom/foreign.py)."""
    path, element = split_element(path)
    safety.regular(path, "template")  # a FIFO or device is refused, not waited on
    suffix = path.suffix.lower()
    if suffix == ".toml":
        from printkit.custom.layout import LayoutTemplate

        return LayoutTemplate(path, ctx, trim_mm)
    if suffix == ".svg":
        from printkit.custom.svg import SvgTemplate

        return SvgTemplate(path, ctx, trim_mm, element, columns)
    raise UsageError(f"{path}: a template is an .svg file or a layout .toml, not '{suffix or 'no suffix'}'")


def svg_notes(doc, templates) -> None:
    """What SVG templates draw differently from their editor goes into the
    run summary; what PDF/X cannot hold (see-through art) is refused, named."""
    for t in templates:
        if t is None or t.kind != "svg":
            continue
        if doc.options.pdfx and t.transparent:
            from printkit.errors import RulesError

            raise RulesError([Violation("OWN-PDFX", t.path.name, f"{what} is see-through, which PDF/X-1a cannot hold: make it opaque, or drop --pdfx") for what in t.transparent])
        notes = list(t.notes)
        if doc.options.color == "cmyk":
            notes += [f"{t.path.name} {what}: --color cmyk lays its picture onto white paper (its see-through edges cannot be separated): check what lies under it" for what in t.rasters]
        for note in notes:
            if note not in doc.notes:
                doc.notes.append(note)


def _columns_of(table) -> list[str] | None:
    """The data's columns for reading a template (None when the data cannot be
    read: that is reported where the data is read)."""
    try:
        return list(table().columns)
    except PrintkitError:
        return None


# -- decks ---------------------------------------------------------------------------

class TemplateSet:
    """A deck's front (or back): one template for every row, or several, each
    row choosing its own by a column (`template`, `back_template`)."""

    paths: dict  # name -> template file, in the order given
    column: str  # the column that names a row's template (used when there are several)
    what: str = "front"
    source: str = ""  # as the user gave it, for the model and messages

    def __init__(self, paths: dict, column: str, what: str = "front", source: str = "") -> None:
        self.paths = paths
        self.column = column
        self.what = what
        self.source = source

    @property
    def single(self) -> bool:
        return len(self.paths) == 1

    def names(self) -> str:
        return ", ".join(self.paths)

    def column_in(self, columns) -> str | None:
        """The data's column for this set (its name in any case), or None."""
        return next((c for c in columns if c.lower() == self.column.lower()), None)

    def choose(self, values: dict, column: str | None) -> tuple[str | None, str | None]:
        """(template name, None) for a row, or (None, why not)."""
        if self.single:
            return next(iter(self.paths)), None
        text = (values.get(column) or "").strip() if column else ""
        if not text:
            return None, f"names no {self.what} template in its '{column or self.column}' column (templates: {self.names()})"
        low = text.lower()
        for name, path in self.paths.items():
            if low in (name.lower(), path.name.lower()):
                return name, None
        return None, f"{self.what} template '{text}' not found (templates: {self.names()})"


def template_set(given, where: str, base: Path, column: str, what: str) -> TemplateSet | None:
    """A template file, a folder of them (.svg and .toml), or a list of files
    (from the command line or game.toml), or a table {name = file} (game.toml)."""
    if given is None or given == [] or given == ():
        return None
    if isinstance(given, dict):
        items = list(given.items())
    else:
        files = [given] if isinstance(given, (str, Path)) else list(given)
        items = []
        for f in files:
            if not isinstance(f, (str, Path)) or not str(f).strip():
                raise UsageError(f"{where}: '{what}' must name a template file, a folder of templates, or a list of files")
            p = base / str(f).strip()
            if p.is_dir():
                found = sorted(q for q in p.iterdir() if q.suffix.lower() in (".svg", ".toml") and q.is_file())
                if not found:
                    raise UsageError(f"{p}: no .svg or .toml templates in this folder")
                items += [(q.stem, q) for q in found]
            else:
                items.append((p.stem, p))
    paths: dict = {}
    for name, f in items:
        if not isinstance(f, (str, Path)) or not str(f).strip():
            raise UsageError(f"{where}: '{what}' template '{name}' must be a file name")
        p = f if isinstance(f, Path) else base / f.strip()
        if str(name) in paths:
            raise UsageError(f"{where}: two {what} templates are named '{name}' ({paths[str(name)].name}, {p.name})")
        paths[str(name)] = p
    source = str(given) if isinstance(given, (str, Path)) else ", ".join(str(p) for p in paths.values())
    return TemplateSet(paths, column, "front" if what == "front" else "back", source)


class DeckSpec:
    name: str
    title: str
    data: Path | str  # a file, or an http(s) address
    front: TemplateSet
    back: TemplateSet | None
    ctx: T.Context
    card_size: str = "poker"
    sheet: str | None = None
    note: str = ""
    copies: int = 1
    command: str = ""  # the command that prints this deck alone (metadata)
    qty_column: str | None = None  # the column counting each row's copies, when not qty/copies/quantity
    name_column: str | None = None  # the column naming each card (the live preview's captions), when not name/title
    _cache: dict

    def __init__(self, name: str, title: str, data: Path | str, front: TemplateSet, back: TemplateSet | None, ctx: T.Context, card_size: str = "poker", sheet: str | None = None, note: str = "", copies: int = 1, command: str = "", qty_column: str | None = None, cache: dict | None = None) -> None:
        self.name = name
        self.title = title
        self.data = data
        self.front = front
        self.back = back
        self.ctx = ctx
        self.card_size = card_size
        self.sheet = sheet
        self.note = note
        self.copies = copies
        self.command = command
        self.qty_column = qty_column
        self._cache = dict() if cache is None else cache

    def templates(self):
        """({name: front template}, {name: back template} or None)."""
        if "t" not in self._cache:
            trim = CARDS[self.card_size]
            cols = _columns_of(self.table)
            front = {n: load_template(p, self.ctx, trim, cols) for n, p in self.front.paths.items()}
            back = {n: load_template(p, self.ctx, trim, cols) for n, p in self.back.paths.items()} if self.back else None
            self._cache["t"] = (front, back)
        return self._cache["t"]

    def all_templates(self) -> list:
        front, back = self.templates()
        return [*front.values(), *(back.values() if back else ())]

    def table(self):
        if "table" not in self._cache:
            self._cache["table"] = _count_by_id(read_table(self.data, self.sheet, self.ctx, self.qty_column), self.front.paths.values())
        return self._cache["table"]

    # Component.build
    def build(self, params: dict) -> dict:
        table = self.table()
        rows = D.expand(table)
        return {
            "params": {},
            "deck": self.name,
            "data": _rel(self.data, self.ctx.base),
            "columns": table.columns,
            "qty_column": table.qty_column(),
            "data_notes": list(table.notes),
            "front": self.front.source,
            "back": self.back.source if self.back else None,
            "card_size": self.card_size,
            "cards": _row_values(rows),
            "places": [r.place for r in rows],
            **({"command": self.command} if self.command else {}),
        }

    def _row_templates(self, columns):
        """A function (row values) -> ([its templates], [why a template is missing])."""
        front, back = self.templates()
        sets = [(self.front, front)] + ([(self.back, back)] if self.back else [])
        cols = [s.column_in(columns) for s, _ in sets]

        def pick(values: dict):
            chosen, problems = [], []
            for (tset, loaded), col in zip(sets, cols):
                name, why = tset.choose(values, col)
                if name is None:
                    problems.append(why)
                else:
                    chosen.append(loaded[name])
            return chosen, problems

        return pick

    # Component.checks
    def check(self, model: dict) -> list[Violation]:
        found = data_warnings(model)
        columns = model.get("columns") or []
        for tset in (self.front, self.back):
            if tset is not None and not tset.single and tset.column_in(columns) is None:
                found.append(Violation("OWN-MISSING-COLUMN", D.source_name(self.data), f"has no '{tset.column}' column to choose each card's {tset.what} template (templates: {tset.names()})"))
        if any(v.severity != "warning" for v in found):
            return found
        return found + check_cards(model, self.all_templates(), self.card_size, self._row_templates(columns)) + self.ctx.fonts.strict_violations()

    # Component.render
    def render(self, doc, model: dict) -> None:
        from printkit.engine.cards import draw_deck

        front, back = self.templates()
        cards = model["cards"]
        pick = self._row_templates(model.get("columns") or [])
        if self.front.single and (self.back is None or self.back.single):  # every card the same templates: none kept a card
            one = pick({})[0]
            chosen = [one] * len(cards)
        else:
            chosen = [pick(v)[0] for v in cards]
        index = card_indexes(model)  # each card's place in the whole deck (a --cards selection keeps its numbers)
        fronts = _Faces(len(cards), lambda k: chosen[k][0].face(cards[k], index[k]))  # made as each card is drawn
        keys = copy_keys(cards, chosen) if copies_alike(self.all_templates()) else None  # a row's copies drawn once, as forms
        if back is None:
            back_face = plain_back
        elif len(back) > 1 or next(iter(back.values())).dynamic:
            back_face = [c[1].face(v, i) for i, c, v in zip(index, chosen, cards)]
        else:
            back_face = next(iter(back.values())).face({}, 0)
        used = list(dict.fromkeys(t for c in chosen for t in c)) or self.all_templates()
        # art whose bleed stops over 1 mm short of what this print asks for (art drawn at the
        # trim size has none) would show white when a cut drifts: its edges are extended over
        # the bleed (SvgTemplate._extend_edges), a warning; --strict (--shop, --pdfx) refuses it
        used = [t for t in used if t is not None]
        short = self.bleed_warnings(doc.options.bleed, used)
        if short and doc.options.strict:
            raise RulesError(short)
        for t in used:
            if t.kind == "svg":
                t.generate_bleed = t.needs_bleed(doc.options.bleed)
                note = "" if t.generate_bleed else t.cover(doc.options.bleed)  # a little off: scaled to cover
                if t.generate_bleed:
                    t.cover_matrix = None
                    note = f"warning: OWN-BLEED {t.path.name}: {t.bleed_note(doc.options.bleed)}"
                if note and note not in doc.notes:
                    doc.notes.append(note)
        svg_notes(doc, used)
        saved = doc.options
        if saved.card_size != self.card_size:
            doc.options = saved._replace(card_size=self.card_size)
        try:
            draw_deck(doc, fronts, back_face, keys)
        finally:
            doc.options = saved
        font_notes(doc, self.ctx)

    def bleed_warnings(self, bleed: float, used=None) -> list[Violation]:
        """Templates (`used`, else all the deck's) whose art has over 1 mm less
        bleed than `bleed` mm: printed with generated bleed (a warning, an error
        under --strict)."""
        return [warning("OWN-BLEED", t.path.name, t.bleed_note(bleed)) for t in (used if used is not None else self.all_templates()) if t.kind == "svg" and t.needs_bleed(bleed)]

    def component(self, game: str) -> Component:
        return Component(
            game=game,
            name=self.name,
            title=self.title,
            help=f"Cards from {D.source_name(self.data)} with {', '.join(p.name for p in self.front.paths.values())}" + (f" and {', '.join(p.name for p in self.back.paths.values())}" if self.back else ""),
            build=self.build,
            checks=(self.check,),
            render=self.render,
            uses=frozenset({"cards"}),
            duplex=True,
            notes=self.note,
        )


def shipped_glyphs(text: str, where: str) -> list[Violation]:
    """Text pages, the cover and the print guide are set in printkit's own Noto
    Sans (Latin): a character it lacks would print as an empty box, so it is
    refused (OWN-GLYPH), naming the line. Cards and tokens have no such limit."""
    fonts.register_fonts()
    if has_all(fonts.SANS, text):
        return []
    out = []
    seen = set()
    for n, line in enumerate(text.splitlines() or [text], 1):
        for ch in line:
            if ch not in seen and not ch.isspace() and not has_all(fonts.SANS, ch):
                seen.add(ch)
                out.append(Violation("OWN-GLYPH", f"{where} line {n}" if "\n" in text else where, f"'{ch}' (U+{ord(ch):04X}) is not in Noto Sans (Latin), which text pages, the cover and the print guide are set in: it would print as an empty box (cards can use any font)"))
    return out


def font_notes(doc, ctx) -> None:
    """Fonts found nowhere and drawn in a shipped face, named in the run summary."""
    for note in ctx.fonts.notes():
        if note not in doc.notes:
            doc.notes.append(note)


def plain_back(c, art) -> None:
    """The back when a deck names none: plain white with a thin grey frame."""
    c.setStrokeColorRGB(0.75, 0.75, 0.75)
    c.setLineWidth(0.5)
    s = 3 * MM
    c.roundRect(s, s, art.w - 2 * s, art.h - 2 * s, 2 * MM, stroke=1, fill=0)


class _Faces:
    """A deck's faces, each made when the imposition asks for it: a 10,000-card
    deck holds no 10,000 drawing functions while it is drawn."""

    def __init__(self, n: int, make) -> None:
        self.n, self.make = n, make

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, k: int):
        if not 0 <= k < self.n:
            raise IndexError(k)
        return self.make(k)


def _row_values(rows) -> list[dict]:
    """Each card's values: a row's own dict (no copy of the table kept twice); a
    row's further copies (its qty) get a copy each, so cards stay distinct
    objects, as the checks expect."""
    seen: set[int] = set()
    out = []
    for r in rows:
        out.append(dict(r.values) if id(r) in seen else r.values)
        seen.add(id(r))
    return out


def card_indexes(model: dict):
    """0-based number of each card of the model in its whole deck: a model cut
    down to some cards (`numbers`, 1-based) keeps the numbers they have there."""
    numbers = model.get("numbers")
    return [n - 1 for n in numbers] if numbers else range(len(model["cards"]))  # a range: no number object a card


def check_cards(model: dict, templates: list, card_size: str, row_templates=None) -> list[Violation]:
    """Template checks, then the data against the templates, card by card
    (`row_templates(values)` gives a card's own templates, and why one is
    missing, where rows choose them)."""
    found = check_templates(model, templates, card_size)
    if any(v.code == "OWN-MISSING-COLUMN" for v in found):
        return found
    cards = model["cards"]
    places = model.get("places") or [f"card {i + 1}" for i in range(len(cards))]
    index = card_indexes(model)
    # a row's copies (its qty) follow one another with equal values: when no template
    # reads the card's number, a copy's check is the copy before's, renumbered
    renumber = copies_alike(templates)
    before = None  # (values, place, card index, its violations)
    for k, values in enumerate(cards):
        if k > 0 and cards[k] is cards[k - 1]:
            continue
        if renumber and before is not None and before[2] != 0 and before[1] == places[k] and before[0] == values:
            found += _renumbered(before[3], f"card {before[2] + 1} ({places[k]})", f"card {index[k] + 1} ({places[k]})")
            continue
        mine = check_card(templates, values, places[k], index[k], row_templates)
        found += mine
        before = (values, places[k], index[k], mine)
    return _capped(found)


def copies_alike(templates: list) -> bool:
    """Whether cards with equal values look alike: no template may read the
    card's number (a template that cannot tell is taken to read it)."""
    return all(getattr(t, "reads_card_number", lambda: True)() is False for t in templates)


def copy_keys(cards: list, chosen) -> list[int]:
    """Each card's key for draw_deck: the index of the first card of its run of
    copies (cards one after another with equal values and the same templates).
    Only for templates that do not read the card's number (copies_alike)."""
    keys, first = [], 0
    for k in range(len(cards)):
        if k == 0 or not (chosen[k] == chosen[k - 1] and (cards[k] is cards[k - 1] or cards[k] == cards[k - 1])):
            first = k
        keys.append(first)
    return keys


def _renumbered(violations: list[Violation], old: str, new: str) -> list[Violation]:
    """A card's violations said of another card (its place, and its message where it names it)."""
    return [v._replace(place=v.place.replace(old, new), message=v.message.replace(old, new)) for v in violations]


def check_templates(model: dict, templates: list, card_size: str) -> list[Violation]:
    """What is wrong with the templates themselves, or between them and the data's columns."""
    found: list[Violation] = []
    if not model["cards"]:
        found.append(Violation("OWN-EMPTY", D.source_name(model.get("data", "data")), "has no cards (no rows, or every qty is 0)"))
    for t in templates:
        found += t.check_template()
        if hasattr(t, "count_versions"):
            t.count_versions(model["cards"])  # SNIPPET_DRAWINGS bounded before any card is checked
        if getattr(t, "declared_size", True) and tuple(round(v, 2) for v in t.trim) != tuple(round(v, 2) for v in CARDS[card_size]):
            found.append(Violation("OWN-SIZE", t.path.name, f"is drawn for {t.trim[0]:g}x{t.trim[1]:g} mm cards, but the deck is {card_size} ({CARDS[card_size][0]:g}x{CARDS[card_size][1]:g} mm)"))
        found += missing_columns(model, [t])
    return found


def missing_columns(model: dict, templates: list) -> list[Violation]:
    """The columns the templates use that the data has not (quick: nothing is drawn or checked)."""
    columns = set(model.get("columns") or [])
    found = []
    for t in templates:
        for name in sorted(t.columns() - columns - {"qty", model.get("qty_column")}):
            found.append(Violation("OWN-MISSING-COLUMN", t.path.name, f"uses '{name}', but {D.source_name(model.get('data', 'the data'))} has no such column {did_you_mean(name, columns, 'columns')}"))
    return found


def check_card(templates: list, values: dict, place: str, i: int, row_templates=None) -> list[Violation]:
    """One card's data against its templates (`i`: its 0-based number in the deck)."""
    found: list[Violation] = []
    mine = templates
    if row_templates is not None:
        mine, problems = row_templates(values)
        found += [Violation("OWN-TEMPLATE-MISSING", f"card {i + 1} ({place})", why) for why in problems]
    for t in mine:
        try:
            found += t.check_row(values, f"card {i + 1} ({place})", i)
        except UsageError:  # a file outside the project, a limit passed: one line, exit 2
            raise
        except Exception as exc:  # a placeholder that fails on this row's values
            found.append(Violation("OWN-TEMPLATE", f"card {i + 1} ({place})", f"{t.path.name}: {exc.__class__.__name__}: {exc}"))
    return found


def counted(v: Violation) -> int:
    """How many findings a violation stands for: the count line of _capped its
    count, any other one."""
    if v.code == "OWN-MORE":
        return int(v.message.split()[1])
    return 1


def _capped(found: list[Violation]) -> list[Violation]:
    """At most MAX_REPORTED violations listed, errors first; the rest counted,
    grouped by code, in one line per severity. The count of warnings is itself
    a warning and the count of errors an error, so the cap never changes the
    verdict: warnings alone never refuse (outside --strict)."""
    unique = list(dict.fromkeys(found))
    if len(unique) <= MAX_REPORTED:
        return unique
    ordered = [v for v in unique if not v.warning] + [v for v in unique if v.warning]
    kept, rest = ordered[:MAX_REPORTED], ordered[MAX_REPORTED:]
    out = [v for v in unique if v in set(kept)]  # the order they were found in
    for severity, noun in (("error", "error"), ("warning", "warning")):
        mine = [v for v in rest if v.severity == severity]
        if not mine:
            continue
        codes: dict = {}
        for v in mine:
            codes[v.code] = codes.get(v.code, 0) + 1
        counts = ", ".join(f"{code} x{n}" for code, n in codes.items())
        out.append(Violation("OWN-MORE", "deck", f"and {len(mine)} more {noun}{'s' if len(mine) != 1 else ''} not listed ({counts})", severity))
    return out


# -- tokens, boards, pages ---------------------------------------------------------

class TokenSpec:
    name: str
    title: str
    front: Path
    size: tuple[float, float]
    shape: str
    ctx: T.Context
    data: Path | None = None
    sheet: str | None = None
    count: int = 1
    note: str = ""
    qty_column: str | None = None

    def __init__(self, name: str, title: str, front: Path, size: tuple[float, float], shape: str, ctx: T.Context, data: Path | None = None, sheet: str | None = None, count: int = 1, note: str = "", qty_column: str | None = None) -> None:
        self.name = name
        self.title = title
        self.front = front
        self.size = size
        self.shape = shape
        self.ctx = ctx
        self.data = data
        self.sheet = sheet
        self.count = count
        self.note = note
        self.qty_column = qty_column

    def template(self):
        if not hasattr(self, "_t"):
            self._t = load_template(self.front, self.ctx, self.size, _columns_of(lambda: read_table(self.data, self.sheet, self.ctx, self.qty_column)) if self.data is not None else None)
        return self._t

    def build(self, params: dict) -> dict:
        if self.data is not None:
            table = _count_by_id(read_table(self.data, self.sheet, self.ctx, self.qty_column), [self.front])
            rows = D.expand(table)
            return {"params": {}, "tokens": self.name, "columns": table.columns, "qty_column": table.qty_column(), "data_notes": list(table.notes), "data": _rel(self.data, self.ctx.base), "cards": [dict(r.values) for r in rows], "places": [r.place for r in rows]}
        return {"params": {}, "tokens": self.name, "columns": [], "data": "", "cards": [{} for _ in range(self.count)], "places": [f"token {i + 1}" for i in range(self.count)]}

    def check(self, model: dict) -> list[Violation]:
        t = self.template()
        found = data_warnings(model)
        for v in check_cards(model, [t], "poker"):
            if v.code != "OWN-SIZE":
                found.append(v)
        if getattr(t, "declared_size", False) and tuple(t.trim) != tuple(self.size):
            found.append(Violation("OWN-SIZE", t.path.name, f"is drawn {t.trim[0]:g}x{t.trim[1]:g} mm but the tokens are {self.size[0]:g}x{self.size[1]:g} mm"))
        return [v for v in found if v.code != "OWN-BLEED"] + self.ctx.fonts.strict_violations()  # tokens are cut on their outline: no bleed needed

    def render(self, doc, model: dict) -> None:
        from printkit.engine.tokens import TokenGroup, draw_token_groups

        t = self.template()
        svg_notes(doc, (t,))
        faces = [t.face(v, i) for i, v in enumerate(model["cards"])]
        draw_token_groups(doc, [TokenGroup(self.title, faces, self.size, self.shape)])
        font_notes(doc, self.ctx)

    def component(self, game: str) -> Component:
        return Component(game=game, name=self.name, title=self.title, help=f"Tokens drawn with {self.front.name}", build=self.build, checks=(self.check,), render=self.render, notes=self.note or "Cut out each token on its outline.")


class BoardSpec:
    name: str
    title: str
    template_path: Path
    ctx: T.Context
    note: str = ""

    def __init__(self, name: str, title: str, template_path: Path, ctx: T.Context, note: str = "") -> None:
        self.name = name
        self.title = title
        self.template_path = template_path
        self.ctx = ctx
        self.note = note

    def template(self):
        if not hasattr(self, "_t"):
            self._t = load_template(self.template_path, self.ctx, (200.0, 200.0))
        return self._t

    def build(self, params: dict) -> dict:
        return {"params": {}, "board": self.name, "template": _rel(self.template_path, self.ctx.base), "cards": [{}], "columns": []}

    def check(self, model: dict) -> list[Violation]:
        t = self.template()
        return [v for v in check_cards(model, [t], "poker") if v.code not in ("OWN-SIZE", "OWN-BLEED")] + self.ctx.fonts.strict_violations()

    def render(self, doc, model: dict) -> None:
        from printkit.engine.cards import CardArt

        t = self.template()
        svg_notes(doc, (t,))
        w, h = t.trim[0] * MM, t.trim[1] * MM
        W, H = doc.options.paper_pt
        page = (W, H) if (w <= W and h <= H) or (w > h) == (W > H) else (H, W)
        if w > page[0] - 2 * PRINTER_MARGIN * MM or h > page[1] - 2 * PRINTER_MARGIN * MM - 6 * MM:
            raise UsageError(f"board '{self.name}': {t.trim[0]:g}x{t.trim[1]:g} mm does not fit on {doc.options.paper} paper inside the printer's margins (try --paper a3)")
        c = doc.new_page(page)
        c.saveState()
        c.translate((page[0] - w) / 2, (page[1] - h) / 2 + 2 * MM)
        t.face({}, 0)(c, CardArt(w, h, (0, 0, 0, 0), 0, doc.ink, 0))
        c.restoreState()
        font_notes(doc, self.ctx)

    def component(self, game: str) -> Component:
        return Component(game=game, name=self.name, title=self.title, help=f"Board drawn with {self.template_path.name}", build=self.build, checks=(self.check,), render=self.render, notes=self.note)


class PageSpec:
    name: str
    title: str
    text_path: Path

    def __init__(self, name: str, title: str, text_path: Path) -> None:
        self.name = name
        self.title = title
        self.text_path = text_path

    def build(self, params: dict) -> dict:
        text = safety.read_text(self.text_path, "text page", safety.LIMITS["PAGE_BYTES"])
        blocks, most = block_count(text), safety.LIMITS["PAGE_BLOCKS"]
        if blocks > most:  # each a line at least, with its space: 330,000 one-letter paragraphs (660 KB) ran make out of memory
            raise safety.LimitError(f"{safety.shown(self.text_path.name)}: {blocks:,} headings, paragraphs and list items, over printkit's limit of {most:,} for a text page")
        return {"params": {}, "page": self.name, "text": text}

    def check(self, model: dict) -> list[Violation]:
        if not model["text"].strip():
            return [Violation("OWN-EMPTY", self.text_path.name, "the text page is empty")]
        return shipped_glyphs(model["text"], self.text_path.name)

    def render(self, doc, model: dict) -> None:
        flow(doc, parse_markup(model["text"]))

    def component(self, game: str) -> Component:
        return Component(game=game, name=self.name, title=self.title, help=f"Text from {self.text_path.name}", build=self.build, checks=(self.check,), render=self.render)


# -- the project file ------------------------------------------------------------------

NAME = r"[a-z0-9][a-z0-9-]{0,39}"  # a project's and its parts' names (compiled by re at the first project file)
GAME_KEYS = {"name", "title", "blurb", "players", "card_size", "fonts", "icons"}
SECTION_KEYS = {
    "deck": {"name", "title", "data", "sheet", "front", "back", "card_size", "note", "copies", "template_column", "back_template_column", "qty_column", "name_column"},
    "tokens": {"name", "title", "data", "sheet", "front", "size", "shape", "count", "note", "qty_column"},
    "board": {"name", "title", "template", "note"},
    "page": {"name", "title", "text"},
}


def _str(d: dict, key: str, where: str, default: str | None = None, required: bool = False) -> str | None:
    if key not in d:
        if default is None and required:
            raise UsageError(f"{where}: '{key}' is required")
        return default
    v = d[key]
    if v is None:
        if required:
            raise UsageError(f"{where}: '{key}' is required")
        return None
    if not isinstance(v, str) or not v.strip():
        raise UsageError(f"{where}: '{key}' must be a non-empty string")
    return v.strip()


def load_project(path: str | Path, card_size: str | None = None, strict: bool = False, svg_dpi: float | None = None) -> Game:
    """Read GAME.toml into a Game; UsageError (exit 2) naming the key for anything unreadable."""
    path = Path(path)
    safety.new_run()
    import tomllib  # only for a project file (a deck from --data/--front reads none)

    try:
        data = tomllib.loads(safety.read_text(path, "project file"))
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML ({exc})") from None
    base = Path(os.path.realpath(path)).parent
    where = path.name
    safety.finite_tree(data, where)
    unknown = set(data) - {"game", *SECTION_KEYS}
    if unknown:
        raise UsageError(f"{where}: unknown table [{sorted(unknown)[0]}] (tables: [game], [[deck]], [[tokens]], [[board]], [[page]])")
    game = data.get("game", {})
    if not isinstance(game, dict):
        raise UsageError(f"{where}: [game] must be a table")
    bad = set(game) - GAME_KEYS
    if bad:
        raise UsageError(f"{where}: [game] has no key '{sorted(bad)[0]}' (keys: {', '.join(sorted(GAME_KEYS))})")
    slug = re.sub(r"[^a-z0-9-]+", "-", str(game.get("title") or path.stem).lower()).strip("-")[:40].strip("-")
    name = _str(game, "name", f"{where} [game]", slug or "game")
    if not re.fullmatch(NAME, name):
        raise UsageError(f"{where} [game]: name '{name}' must be lower-case letters, digits and dashes")
    title = _str(game, "title", f"{where} [game]", name.replace("-", " ").title())
    size = _card_size(card_size or _str(game, "card_size", f"{where} [game]", "poker"), f"{where} [game]")
    fonts_dir = safety.confine(base / _str(game, "fonts", where, "fonts"), [base], "[game] fonts", named=_str(game, "fonts", where, "fonts"))
    icons_dir = safety.confine(base / _str(game, "icons", where, "icons"), [base], "[game] icons", named=_str(game, "icons", where, "icons"))
    ctx = T.Context(base, T.FontBook([fonts_dir], strict=strict), T.Icons([icons_dir]), [base])
    if svg_dpi:
        ctx.svg_dpi, ctx.svg_dpi_given = float(svg_dpi), True
    components: dict[str, Component] = {}
    parts: list[KitPart] = []
    order = ["page"] + [k for k in data if k in ("deck", "tokens", "board")]
    for kind in order:
        items = data.get(kind, [])
        if isinstance(items, dict):
            items = [items]
        if not isinstance(items, list):
            raise UsageError(f"{where}: [[{kind}]] must be a list of tables")
        for n, item in enumerate(items, 1):
            w = f"{where} [[{kind}]] {n}"
            if not isinstance(item, dict):
                raise UsageError(f"{w}: must be a table")
            bad = set(item) - SECTION_KEYS[kind]
            if bad:
                raise UsageError(f"{w}: no key '{sorted(bad)[0]}' (keys: {', '.join(sorted(SECTION_KEYS[kind]))})")
            cname = _str(item, "name", w, f"{kind}-{n}" if kind != "deck" else ("deck" if n == 1 else f"deck-{n}"))
            if not re.fullmatch(NAME, cname) or cname in components:
                raise UsageError(f"{w}: name '{cname}' must be unique, lower-case letters, digits and dashes")
            ctitle = _str(item, "title", w, cname.replace("-", " ").capitalize())
            spec = _section(kind, item, w, base, ctx, cname, ctitle, size)
            comp = spec.component(name)
            components[cname] = comp._replace(build=_with_command(comp.build, shlex.join(["printkit", "make", path.name, "--only", cname])))
            parts.append(KitPart(cname, copies=int(item.get("copies", 1)) if kind == "deck" else 1))
    if not components:
        raise UsageError(f"{where}: nothing to print: add a [[deck]], [[tokens]], [[board]] or [[page]]")
    return Game(
        name=name,
        title=title,
        blurb=_str(game, "blurb", where, "") or "",
        players=_str(game, "players", where, "") or "",
        components=components,
        kit=tuple(parts),
        command=shlex.join(["printkit", "make", path.name]),  # run in the project folder: no local path travels with the PDF
        project=str(path),
    )


def _card_size(text: str, where: str) -> str:
    try:
        return card_size_name(text)
    except KeyError:
        raise UsageError(f"{where}: card_size '{text}' is not a card size: {CARD_SIZE_HELP}") from None


def data_warnings(model: dict) -> list[Violation]:
    """What the data file holds that was read otherwise than a plain table (a
    second table, an unquoted delimiter): warnings naming the file's line."""
    return [warning("OWN-DATA", place, what) for place, what in model.get("data_notes") or ()]


def _count_by_id(table, fronts):
    """countersheets' count: with no count column named, a first column headed
    by the id of the card's rectangle (`cards.svg#card`, its column `card`)
    counts each row's copies (blank: one), as the extension reads it; said in
    the run summary."""
    if table.qty or not table.columns or table.qty_column() is not None:
        return table
    if any(split_element(p)[1] == table.columns[0] for p in fronts):
        table.qty = table.columns[0]
        table.notes.append((f"{D.source_name(table.path)}", f"column '{table.columns[0]}' is headed by the card's id ({table.columns[0]}), as countersheets writes it: it counts each card's copies"))
    return table


def read_table(data, sheet, ctx, qty_column: str | None = None):
    """The data file's table; what stops it is said with the file's name as
    the project gives it (relative to the project folder), not a full path."""
    try:
        table = D.read_table(data, sheet, ctx.fetched)
        table.qty = qty_column or table.qty  # the project's, else the one the reader found (a headerless count-first file)
        return table
    except UsageError as exc:
        full = str(data)
        if not D.is_url(data) and exc.args and isinstance(exc.args[0], str) and full in exc.args[0]:
            exc.args = (exc.args[0].replace(full, _rel(data, ctx.base)),) + exc.args[1:]
        raise


def _rel(path: Path, base: Path) -> str:
    """A project file's name relative to the project folder (what PDFs and JSON name:
    never the user's own folders)."""
    if D.is_url(path):
        return str(path)
    try:
        return Path(os.path.relpath(os.path.realpath(path), os.path.realpath(base))).as_posix()  # realpath: a link round to itself is no RuntimeError
    except ValueError:
        return Path(path).name


def _with_command(build, command: str):
    """The part's model names the command that prints it alone (PDF metadata)."""

    def built(params: dict) -> dict:
        model = build(params)
        model.setdefault("command", command)
        return model

    return built


def _file(item: dict, key: str, where: str, base: Path, required: bool = True) -> Path | None:
    v = _str(item, key, where, required=required)
    return None if v is None else safety.confine(base / v, [base], f"{where} {key}", named=v)


def _data(item: dict, where: str, base: Path, required: bool = True) -> Path | str | None:
    """A data file beside the project file, or the http(s) address of a published sheet."""
    v = _str(item, "data", where, required=required)
    if v is None:
        return v
    if D.is_url(v):
        if not safety.network_allowed():  # a downloaded project names an address: fetched only when you say so
            raise UsageError(f"{where}: data is the web address {safety.shown(v, 60)}; printkit fetches a project's addresses only with --fetch (the address's owner sees your request)")
        return v
    return safety.confine(base / v, [base], f"{where} data", named=v)


def _templates(item: dict, key: str, where: str, base: Path, column_key: str, default_column: str, required: bool) -> TemplateSet | None:
    given = item.get(key)
    if given is None:
        if required:
            raise UsageError(f"{where}: '{key}' is required")
        return None
    if isinstance(given, str) and not given.strip() or not isinstance(given, (str, list, dict)):
        raise UsageError(f"{where}: '{key}' must name a template file, a folder of templates, a list of files or a table of name = file")
    column = _str(item, column_key, where, default_column)
    found = template_set(given, f"{where} {key}", base, column, key)
    for name, p in found.paths.items():  # each template, also from a folder of them, stays in the project
        safety.confine(p, [base], f"{where} {key}", named=p if not Path(p).is_relative_to(base) else Path(p).relative_to(base))
    return found


def _section(kind, item, w, base, ctx, cname, ctitle, size):
    if kind == "deck":
        csize = _card_size(_str(item, "card_size", w, size), w)
        copies = item.get("copies", 1)
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 100:
            raise UsageError(f"{w}: copies must be a whole number 1-100")
        front = _templates(item, "front", w, base, "template_column", "template", True)
        back = _templates(item, "back", w, base, "back_template_column", "back_template", False)
        spec = DeckSpec(cname, ctitle, _data(item, w, base), front, back, ctx, csize, _str(item, "sheet", w), _str(item, "note", w, "") or "", qty_column=_str(item, "qty_column", w))
        spec.name_column = _str(item, "name_column", w)
        return spec
    if kind == "tokens":
        tsize = item.get("size", [20, 20])
        if not (isinstance(tsize, list) and len(tsize) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 5 <= v <= 150 for v in tsize)):
            raise UsageError(f"{w}: size must be [width, height] in mm (5-150)")
        shape = _str(item, "shape", w, "square")
        if shape not in ("square", "circle"):
            raise UsageError(f"{w}: shape must be square or circle")
        count = item.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 1000:
            raise UsageError(f"{w}: count must be a whole number 1-1000")
        return TokenSpec(cname, ctitle, _file(item, "front", w, base), (float(tsize[0]), float(tsize[1])), shape, ctx, _data(item, w, base, False), _str(item, "sheet", w), count, _str(item, "note", w, "") or "", _str(item, "qty_column", w))
    if kind == "board":
        return BoardSpec(cname, ctitle, _file(item, "template", w, base), ctx, _str(item, "note", w, "") or "")
    return PageSpec(cname, ctitle, _file(item, "text", w, base))


# -- one deck without a project file ---------------------------------------------------

def single_deck_game(data: str, front, back, sheet: str | None, card_size: str, template_column: str = "template", back_template_column: str = "back_template", strict: bool = False, svg_dpi: float | None = None) -> Game:
    """`printkit deck --data cards.csv --front front.svg`: a game of one deck;
    fonts/ and icons/ are looked for beside the front template (beside the
    folder, for a folder of templates). `front` and `back` are a file, a folder
    or several files (a row's template column chooses among them); `data` a
    file or an http(s) address."""
    safety.new_run()
    fronts = [front] if isinstance(front, (str, Path)) else list(front)
    backs = [] if back is None else [back] if isinstance(back, (str, Path)) else list(back)
    first = Path(fronts[0]).resolve()
    folder = first.parent  # for a folder of templates: the folder beside it (the project's)
    url = D.is_url(data)
    extra = ([] if url else [Path(data).resolve().parent]) + [Path.cwd()] + ([first] if first.is_dir() else [])
    ctx = T.Context.for_folder(folder, extra=extra)
    ctx.fonts.strict = strict
    if svg_dpi:
        ctx.svg_dpi, ctx.svg_dpi_given = float(svg_dpi), True
    front_set = template_set(fronts, "--front", Path(), template_column, "front")
    back_set = template_set(backs, "--back", Path(), back_template_column, "back") if backs else None
    stem = "sheet" if url else Path(data).stem
    name = re.sub(r"[^a-z0-9-]+", "-", stem.lower()).strip("-") or "deck"
    here = folder  # files named as seen from the front template's folder: no local path in the PDF
    words = ["printkit", "deck", "--data", str(data) if url else _rel(Path(data), here)]
    for f in fronts:
        words += ["--front", _rel(Path(f), here)]
    for b in backs:
        words += ["--back", _rel(Path(b), here)]
    words += (["--sheet", sheet] if sheet else [])
    if template_column != "template":
        words += ["--template-column", template_column]
    if back_template_column != "back_template":
        words += ["--back-template-column", back_template_column]
    spec = DeckSpec("deck", f"{stem} deck", data if url else Path(data), front_set, back_set, ctx, card_size, sheet, command=shlex.join(words))
    comp = spec.component(name)
    return Game(name=name, title=stem, blurb="", players="", components={"deck": comp}, kit=(KitPart("deck"),), command="")
