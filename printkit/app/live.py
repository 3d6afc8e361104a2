"""A live preview of your own game: every card as a picture, kept up to date
as the project's files change, for a front end to show (printkit/serve/).

A `Preview` reads the project (a GAME.toml, or one deck from a data file and
templates), draws each card front and back with its bleed as the printer gets
it, renders them to PNG, and checks each card as `validate` does. Each card has
a key made of what its picture depends on (its row's values; the template files;
the fonts; the art and icons its values or templates name; the print options):
after a change only the cards whose key changed are drawn again. A picture is
named by the hash of its PNG bytes, so its name changes exactly when it does.

A change that breaks the project (a half-written file, invalid SVG or TOML, a
missing column or image) is reported with its file and line, and the last good
cards stay. Nothing here raises for bad input; nothing is written to disk.

Each published change has a version. Besides the whole state, `delta(v)` says
what changed after version v: each deck's heading and only the cards whose
entries changed (and the grouped findings, only when a finding changed), so a
page that has version v is sent a few cards, not the whole deck, at each push.
A change of what the page is built of (a deck added or gone, its size or its
card count, the project's errors, its other parts) is said by the whole state.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from pathlib import Path

from printkit.base.files import reason
from printkit.custom import data as D, font_notes, load_project, reset_caches, single_deck_game
from printkit.custom.assets import FONT_SUFFIXES, ICON_SUFFIXES
from printkit.errors import PrintkitError, RulesError, UsageError
from printkit.engine.units import CARDS


def _real(path) -> Path:
    """The path with its links followed, as os.path.realpath follows them: a
    link that leads round to itself is left as it is (Path.resolve raises
    RuntimeError for it on Python 3.11, which a project's file must never make)."""
    return Path(os.path.realpath(path))

#: Picture resolution of the cards on screen (a card clicked open is drawn again at LARGE_DPI).
PREVIEW_DPI = 100
LARGE_DPI = 200
#: Token sheets, boards, text pages and the sheet view: whole pages, smaller.
PAGE_DPI = 60
#: Cards drawn into one PDF at a time: the first batch small, so the first
#: cards show within a fraction of a second, then each four times the last (a
#: PDF holds its own copy of the art and fonts, about 20 ms of CPU a PDF with
#: the example's art: batches of 2, 8, 32, 128, then 256, take a 500-card deck
#: in 6 PDFs where 2, 6, 16, 32, then 64 took 11, and 10% less CPU in all; the
#: page still gets each card as soon as its picture is made). Each card is
#: pushed to the page as soon as its picture is made (the first at once), those
#: made within PUSH_S seconds together, and at most about PUSHES times a
#: drawing: each push brings the page's requests for the new pictures (in
#: bench_serve, 40 pushes a drawing cost the server 10-15% more CPU than 13).
BATCHES = (2, 8, 32, 128)
BATCH = 256
#: A deck's fields the page is built of: a change of one sends the whole state.
SHAPE = ("title", "trim_mm", "bleed_mm", "safe_mm")
PUSH_S = 0.15
PUSHES = 20
#: pdfium is used by one thread at a time (it is not thread-safe): the drawing
#: and the answers that draw a card large or a printed sheet take turns.
_PDFIUM = threading.Lock()
#: Files a project uses, by suffix, and how many of them are read at most.
ASSETS = set(ICON_SUFFIXES)  # art and icons
# every file a project may read: taken from the readers' own lists, so a format
# they learn (a spreadsheet, a font) is watched too
PROJECT_FILES = {".toml", ".json", ".md", *D.TEXTS, *D.SHEETS, *FONT_SUFFIXES, *ASSETS}
FONTS = {".ttf", ".otf"}
MAX_FILES = 2000
MAX_FILE_BYTES = 50 * 2**20


def _digest(*parts) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode("utf-8", "replace"))
        h.update(b"\0")
    return h.hexdigest()[:24]


class Source:
    """What to preview: a project file, or one deck (data, its front template or
    templates, back ones, sheet, and the columns that choose a row's template)."""

    def __init__(self, project=None, data=None, front=(), back=(), sheet=None, template_column: str = "template", back_template_column: str = "back_template") -> None:
        self.project = Path(project) if project else None
        self.data, self.sheet = data, sheet
        self.front = [front] if isinstance(front, (str, Path)) else list(front or ())
        self.back = [back] if isinstance(back, (str, Path)) else list(back or ())
        self.columns = (template_column, back_template_column)

    def paths(self) -> list[Path]:
        """The files (and template folders) named on the command line."""
        if self.project is not None:
            return [self.project]
        local = [] if self.data is None or re.match(r"(?i)https?://", str(self.data)) else [self.data]
        return [Path(p) for p in [*local, *self.front, *self.back]]

    def folders(self) -> list[Path]:
        """Where the files it uses live (watched by the front end)."""
        found: list[Path] = []
        for p in self.paths():
            p = _real(p)
            folder = p if p.is_dir() else p.parent
            if not any(folder == f or f in folder.parents for f in found):
                found = [f for f in found if folder not in f.parents] + [folder]
        return found

    @property
    def name(self) -> str:
        if self.project is not None:
            return self.project.name
        return "sheet" if not self.paths() or self.paths()[0] != Path(str(self.data)) else Path(str(self.data)).name


def where(message: str) -> dict:
    """File and line named in an error message, for the page: {'file', 'line', 'message'}."""
    text = str(message)
    file = text.split(": ", 1)[0] if ": " in text else ""
    if not re.search(r"\.[A-Za-z0-9]{1,5}$", file) or len(file) > 300:
        file = ""
    line = re.search(r"\bline (\d+)", text)
    return {"file": Path(file).name if file else "", "line": int(line.group(1)) if line else None, "message": text}


class Preview:
    """The cards and pages of a project as pictures, updated by `refresh()`.

    Thread-safe: a watcher thread calls refresh(), request threads call
    state(), image() and sheet pages. `on_change()` is called after each
    published change (from the refreshing thread)."""

    def __init__(self, source: Source, request=None, on_change=None) -> None:
        from printkit.app.options import make_request

        self.source = source
        request = request or make_request({})
        self._size_given = request.size_given
        self._card_size = request.print.card_size
        self.opts = request.print
        self.on_change = on_change or (lambda: None)
        self.title = Path(source.name).stem
        self._titled = None  # the title the whole state last said
        self.version = 0
        self.errors: list[dict] = []
        self.busy: dict | bool = False  # {"drawn", "of"} while cards are being drawn
        self.summary: str | None = None  # what the last refresh did, in one line (the terminal's)
        self._stale: set[str] = set()  # parts whose pictures are the last good ones, not the files' (now unreadable)
        self._part_findings: dict[str, list] = {}  # token sheets, boards, pages -> their findings
        self._game_findings: list[dict] = []  # the project's own (fonts found nowhere, titles)
        self._drawn = 0  # cards drawn by the refresh under way
        self._lock = threading.RLock()
        self._refresh_lock = threading.Lock()
        self._images: dict[str, bytes] = {}
        self._cards: dict[str, dict] = {}  # card key -> {"front", "back", "findings"}
        self._decks: list[dict] = []  # what state() shows
        self._parts: list[dict] = []  # token sheets, boards, text pages
        self._part_cache: dict[str, list[str]] = {}  # part key -> page image names
        self._sheet_pdfs: dict[str, bytes] = {}  # deck state key -> PDF as printed
        self._findings: dict[tuple, list] = {}  # (card key, place) -> its findings
        self._notes: dict[str, list] = {}  # template key -> what the drawing noted (warnings)
        self._changed = threading.Condition(self._lock)
        self._large: dict[tuple, bytes] = {}  # a few cards opened large
        self._game = None
        self._hashes: dict[Path, str] = {}
        self._stamps: dict[Path, tuple] = {}
        self.rendered = 0  # card sides drawn since the start (tests, benchmark)
        self._focus: dict[str, tuple[int, int]] = {}  # deck -> (first, last) card number on the page's screen
        self._closing = threading.Event()  # set by close(): a drawing under way stops at the next card
        self._base = 0  # version of the last change only the whole state says (see delta())
        self._since: dict[tuple[str, int], int] = {}  # (deck, card index) -> version its entry last changed, after _base
        self._found_at = 0  # version the findings last changed: groups() is made again only then
        self._groups: tuple[int, dict] | None = None  # (_found_at, groups()) as last made

    # -- reading the project ------------------------------------------------------------
    def _load_game(self):
        s = self.source
        if s.project is not None:
            return load_project(s.project, card_size=self._card_size if self._size_given else None)
        return single_deck_game(s.data, s.front, s.back or None, s.sheet, self._card_size, *s.columns)

    def peek_title(self) -> str:
        """The game's title, read from the project without drawing anything (its
        file name when the project cannot be read now)."""
        try:
            self.title = self._load_game().title
        except Exception:  # noqa: BLE001 - reported by the first refresh
            pass
        return self.title

    def files(self) -> list[Path]:
        """The files the project may use: every file of a known kind in its folders (capped)."""
        out: list[Path] = []
        for folder in self.source.folders():
            if not folder.is_dir():
                continue
            for p in sorted(folder.rglob("*")):
                if len(out) >= MAX_FILES:
                    return out
                if p.suffix.lower() in PROJECT_FILES and not any(part.startswith(".") for part in p.relative_to(folder).parts) and p.is_file() and not p.is_symlink():
                    out.append(p)
        return out

    def _hash_files(self) -> dict[Path, str]:
        """Each project file's content hash (read again only when its size or time changed)."""
        out, seen = {}, {}
        for p in self.files():
            try:
                st = p.stat()
                if st.st_size > MAX_FILE_BYTES:
                    continue
                stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
                known = self._stamps.get(p)
                if known is None or known[0] != stamp:
                    known = (stamp, hashlib.sha256(p.read_bytes()).hexdigest()[:24])
                seen[p] = known
                out[_real(p)] = known[1]
            except OSError:
                continue
        self._stamps = seen
        return out

    def _file_hash(self, path) -> str:
        if path is None:
            return ""
        p = _real(path)
        if p not in self._hashes:
            try:
                self._hashes[p] = hashlib.sha256(p.read_bytes()).hexdigest()[:24]
            except OSError:
                self._hashes[p] = "missing"
        return self._hashes[p]

    # -- the refresh -----------------------------------------------------------------
    def refresh(self, changed=None) -> bool:
        """Read the project again and draw what changed. `changed`: the paths that
        changed (None: anything may have). Returns True when the page changed."""
        with self._refresh_lock:
            if self._closing.is_set():
                return False
            start, self._drawn = time.perf_counter(), 0
            try:
                moved = self._refresh(changed)
            except _Closed:
                return False
            except (PrintkitError, OSError, ValueError, RecursionError, MemoryError) as exc:
                moved = self._fail([where(_text(exc))])
            except Exception as exc:  # noqa: BLE001 - a bug or a library's surprise: shown, the server lives on
                moved = self._fail([{"file": "", "line": None, "message": f"internal error: {exc.__class__.__name__}: {exc}"}])
            if self.busy:
                self._publish(busy=False)
            self.summary = self._summarize(changed, time.perf_counter() - start) if moved else None
            return moved

    def _fail(self, errors: list[dict]) -> bool:
        with self._lock:
            if errors == self.errors:
                return False
            self.errors = errors
            self._stale = {d["name"] for d in self._decks} | {p["name"] for p in self._parts}
            self.version += 1
            self._whole()
            self._changed.notify_all()
        self.on_change()
        return True

    def _publish(self, decks=None, busy=None) -> None:
        """Show the page `decks` (the cards drawn so far) and the drawing's progress now."""
        with self._lock:
            self.version += 1
            if decks is not None:
                self._mark(decks)
                self._decks = decks
            if busy is not None:
                self.busy = busy
            self._changed.notify_all()
        self.on_change()

    def _whole(self) -> None:
        """The change of this version is said by the whole state only (the lock held)."""
        self._base = self._found_at = self.version
        self._since.clear()

    def _mark(self, decks: list[dict]) -> None:
        """Note, at this version, what of `decks` differs from the decks shown:
        the cards whose entries changed, whether a finding did; the whole state
        when a deck came or went or changed its shape (the lock held)."""
        if [d["name"] for d in decks] != [d["name"] for d in self._decks]:
            self._whole()
            return
        for d, old in zip(decks, self._decks):
            if d is old:
                continue
            if len(d["cards"]) != len(old["cards"]) or any(d[k] != old[k] for k in SHAPE):
                self._whole()
                return
            if d["findings"] != old["findings"]:
                self._found_at = self.version
            for i, (a, b) in enumerate(zip(old["cards"], d["cards"])):
                if a is not b and a != b:
                    self._since[(d["name"], i)] = self.version
                    if a["findings"] != b["findings"]:
                        self._found_at = self.version

    def _summarize(self, changed, seconds: float) -> str:
        """One line for the terminal: what changed, what was drawn, what was found, how long it took."""
        folders = self.source.folders()

        def short(path) -> str:
            p = Path(path)
            for f in folders:
                if p.is_relative_to(f):
                    return p.relative_to(f).as_posix()
            return p.name

        names = list(dict.fromkeys(short(c) for c in changed or ()))
        what = (", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")) if names else "project read"
        if self.errors:
            more = f" (and {_count(len(self.errors) - 1, 'more error')})" if len(self.errors) > 1 else ""
            return f"{what}: cannot be read: {self.errors[0]['message']}{more}; the page keeps the last good cards · {seconds:.2f} s"
        groups = self.groups()
        n_err, n_warn = (sum(len(g["places"]) for g in groups[k]) for k in ("errors", "warnings"))
        found = "no findings" if not n_err + n_warn else ", ".join(x for x in (_count(n_err, "error"), _count(n_warn, "warning")) if not x.startswith("0 "))
        refuse = " (make would refuse this)" if n_err else ""
        return f"{what}: {_count(self._drawn, 'card')} redrawn · {found}{refuse} · {seconds:.2f} s"

    def _refresh(self, changed) -> bool:
        old = self._hashes
        for path in changed or ():  # the watcher saw these change: read them again whatever their stamp
            self._stamps.pop(Path(path), None)
        self._hashes = self._hash_files()
        if old and self._hashes == old and self._game is not None and not self.errors:
            return False
        data_files = self._data_files()
        only_data = self._game is not None and changed is not None and old and all(
            _real(p) in data_files or old.get(_real(p)) == self._hashes.get(_real(p)) for p in changed)
        if only_data:
            for comp in self._game.components.values():  # the tables are read again; templates kept
                spec = getattr(comp.render, "__self__", None)
                if spec is not None and hasattr(spec, "_cache"):
                    spec._cache.pop("table", None)
        else:
            reset_caches()
            self._game = self._load_game()
            self.title = self._game.title
        errors: list[dict] = []
        decks, parts, stale = [], [], set()
        names = [n for n, c in self._game.components.items() if "cards" in c.uses]
        shown = {d["name"]: d for d in self._decks if d["name"] in names}  # what the page shows: replaced deck by deck as drawn
        part_findings = {}
        for name, comp in self._game.components.items():
            spec = comp.render.__self__
            if "cards" in comp.uses:
                deck, problems = self._deck(name, comp, spec, shown, names)
                errors += problems
                if deck is not None:
                    decks.append(deck)
                    shown[name] = deck
                elif name in shown:  # keep the last good cards of this deck
                    decks.append(shown[name])
                    stale.add(name)
            else:
                part, problems, found = self._part(name, comp, spec)
                errors += problems
                part_findings[name] = found
                if part is None:
                    stale.add(name)
                parts.append(part if part is not None else next((p for p in self._parts if p["name"] == name), {"name": name, "title": comp.title, "pages": []}))
        game_findings = self._project_findings()
        keep = {c[k] for d in decks for c in d["cards"] for k in ("front", "back") if c.get(k)} | {i for p in parts for i in p["pages"]}
        with self._lock:
            self.version += 1
            if (parts, errors, stale, part_findings, game_findings, self.title) != (self._parts, self.errors, self._stale, self._part_findings, self._game_findings, self._titled):
                self._whole()
            else:
                self._mark(decks)
            self._titled = self.title
            self._decks, self._parts, self.errors, self._stale = decks, parts, errors, stale
            self._part_findings, self._game_findings = part_findings, game_findings
            self._images = {k: v for k, v in self._images.items() if k in keep}
            used = {c["key"] for d in decks for c in d["cards"]} | {d["back_key"] for d in decks}
            self._cards = {k: v for k, v in self._cards.items() if k in used}  # what no card shows now is drawn again if it comes back
            live = {d["key"] for d in decks}
            self._sheet_pdfs = {k: v for k, v in self._sheet_pdfs.items() if k in live}
            self._changed.notify_all()
        self.on_change()
        return True

    def _data_files(self) -> set[Path]:
        out = set()
        if self._game is None:
            return out
        for comp in self._game.components.values():
            data = getattr(getattr(comp.render, "__self__", None), "data", None)
            if data:
                out.add(_real(data))
        return out

    # -- decks ---------------------------------------------------------------------------
    def _deck(self, name, comp, spec, shown, names):
        """(deck for the page, errors); deck None when its cards cannot be drawn now.
        The cards are published as they are drawn (`shown`: what the page
        shows now, deck by deck; `names`: the decks in order)."""
        from printkit.custom.project import check_card, check_templates, data_warnings, missing_columns, shipped_glyphs
        from printkit.rules import JSON_FORMAT, Violation

        front, back = spec.templates()  # UsageError for an unreadable template: caught by refresh
        model = {"format": JSON_FORMAT, "game": self._game.name, "component": name, **comp.build({})}
        templates = spec.all_templates()
        columns = model.get("columns") or []
        top = [Violation("OWN-MISSING-COLUMN", Path(str(spec.data)).name, f"has no '{tset.column}' column to choose each card's {tset.what} template (templates: {tset.names()})")
               for tset in (spec.front, spec.back) if tset is not None and not tset.single and tset.column_in(columns) is None]
        missing = [v for v in top if v.code == "OWN-MISSING-COLUMN"] + missing_columns(model, templates)
        if missing:
            return None, [where(f"{v.place}: {v.message}") for v in missing]
        opts = self._card_opts(spec)
        fonts = sorted(h for p, h in self._hashes.items() if p.suffix.lower() in FONTS)
        assets = self._assets()
        base = _digest(repr(opts), *fonts)
        marks = {id(t): self._template_mark(t, assets) for t in templates}  # (key part, uses the card number)
        pick = spec._row_templates(columns)
        static_back = back is None or (len(back) == 1 and not next(iter(back.values())).dynamic)
        back_key = _digest(base, "back", *(marks[id(t)][0] for t in (back or {}).values())) if static_back else None
        cards, places = model["cards"], model["places"]
        keys, chosen = [], []
        for i, values in enumerate(cards):
            mine, _ = pick(values)
            chosen.append(mine)
            drawn = mine[:1] if static_back else mine
            text = json.dumps(values, sort_keys=True, ensure_ascii=False)
            numbered = any(marks[id(t)][1] for t in drawn)
            keys.append(_digest(base, text, i if numbered else "", *(marks[id(t)][0] for t in drawn), *(h for stem, h in assets if stem in text)))
        todo = [i for i, k in enumerate(keys) if k not in self._cards]
        if back_key is not None and back_key not in self._cards and cards:
            todo = sorted(set(todo) | {0})
        label = _name_column(spec, columns)
        before = shown.get(name)
        before = before["cards"] if before is not None else []
        seen: dict = {}
        findings: list[dict] = []  # of the deck as a whole: checked once its first cards show

        entries: list = []  # what the page shows of each card, made again only for the cards drawn since

        def entry(i: int) -> dict:
            values, key = cards[i], keys[i]
            got = self._cards.get(key)
            mark = (key, places[i])
            if got is None or (back_key is not None and back_key not in self._cards):  # not drawn yet: the picture it had
                old = before[i] if i < len(before) else {}
                return {"n": i + 1, "key": key, "front": old.get("front"), "back": old.get("back"), "place": places[i], "row": values,
                        "name": _label(values, label), "findings": old.get("findings", []), "pending": True}
            if mark not in seen:
                seen[mark] = self._findings[mark] if mark in self._findings else [_finding(v, values) for v in check_card(templates, values, places[i], i, pick)]
            side_back = got.get("back") if back_key is None else self._cards[back_key]["back"]
            return {"n": i + 1, "key": key, "front": got["front"], "back": side_back, "place": places[i], "row": values,
                    "name": _label(values, label), "findings": seen[mark]}

        def deck(final: bool, fresh=None) -> dict:
            if fresh is None or not entries:
                entries[:] = [entry(i) for i in range(len(cards))]
            else:
                for i in fresh:
                    entries[i] = entry(i)
            notes = [{"code": "NOTE", "severity": "warning", "row": "", "column": "", "element": "", "message": n} for n in self._notes.get(name, [])]
            return {"name": name, "title": comp.title, "key": _digest(*keys, back_key or "", repr(self.opts)) if final else "", "back_key": back_key,
                    "cards": list(entries), "findings": findings + notes, "trim_mm": _card_mm(spec.card_size), "bleed_mm": opts.bleed, "safe_mm": opts.safe}

        def drawn(done: int, fresh: list[int]) -> None:  # cards drawn since the last time: the page shows them now
            shown[name] = deck(False, fresh)
            self._publish([shown[n] for n in names if n in shown], {"drawn": done, "of": len(todo), "deck": comp.title})

        def check_deck() -> None:
            # what validate says of the deck besides its cards: the templates themselves, the data
            # file read otherwise than a plain table, art without enough bleed, a title the
            # shipped font cannot set, a card larger than the paper
            found = check_templates(model, templates, spec.card_size) + data_warnings(model)
            found += spec.bleed_warnings(self.opts.bleed) + shipped_glyphs(comp.title, "title") + _paper_findings(self.opts, spec.card_size)
            findings[:] = [_finding(v, None) for v in found if v.code != "OWN-MISSING-COLUMN"]

        try:
            notes = self._draw_cards(comp, spec, model, keys, todo, opts, back_key, drawn, check_deck)
        except RulesError as exc:
            return None, [where(f"{v.place}: {v.message}") for v in exc.violations]
        self._drawn += len(todo)
        if notes is not None:
            self._notes[name] = [n for n in notes if not n.startswith("warning: OWN-BLEED")]  # said by the bleed check above
        done = deck(True)
        self._findings.update(seen)
        if len(self._findings) > 20000:
            self._findings = seen
        return done, []

    def _template_mark(self, t, assets) -> tuple[str, bool]:
        """(what of a template a card's picture depends on, whether it uses the card's number)."""
        text = t.path.read_text("utf-8", "replace") if t.path.is_file() else ""
        named = sorted(h for stem, h in assets if stem in text)  # art and icons it names itself
        return _digest(self._file_hash(t.path), *named), bool(re.search(r"\{[{%][^}]*\bcard\b", text))

    def _card_opts(self, spec):
        return self.opts._replace(layout="single", duplex="long", order="interleaved", back_offset=(0.0, 0.0), copies=1, card_size=spec.card_size)

    def _assets(self) -> list[tuple[str, str]]:
        """(name, hash) of each picture file a card may show: art and icons, by file stem."""
        return [(p.stem, h) for p, h in self._hashes.items() if p.suffix.lower() in ASSETS and len(p.stem) >= 2]

    def close(self) -> None:
        """Stop: a drawing under way ends at its next card (the process can then
        end without a thread still inside pdfium); refresh() draws nothing more."""
        self._closing.set()

    def look(self, focus: dict[str, tuple[int, int]]) -> None:
        """The page shows these cards now: deck -> (first, last) card number. The
        drawing under way and the next ones take them first, then the nearest."""
        self._focus = dict(focus)

    def _next(self, deck: str, left: list[int], size: int) -> list[int]:
        """The next `size` cards (indexes) of `left` to draw, taken out of it: the
        ones on screen first, then the nearest to them; in order without a screen."""
        lo, hi = self._focus.get(deck, (0, 0))
        if hi < 1:
            chunk, left[:] = left[:size], left[size:]
            return chunk
        lo, hi = lo - 1, hi - 1
        chunk = sorted(left, key=lambda i: (not lo <= i <= hi, max(lo - i, i - hi, 0), i))[:size]
        taken = set(chunk)
        left[:] = [i for i in left if i not in taken]
        return chunk

    def _draw_cards(self, comp, spec, model, keys, todo, opts, back_key, drawn=None, then=None):
        """Draw the cards `todo` (indexes), a batch at a time, the ones on the
        page's screen first; each card's picture is made as soon as its batch is
        drawn, and `drawn(how many so far, the indexes made since the last
        time)` said as they come (the first card at once, then at most every
        PUSH_S, and at the end); `then()` after the first batch (or before
        returning when nothing is drawn). What the drawing noted (None when
        nothing was drawn)."""
        from printkit.build import new_document

        dynamic_back = back_key is None
        name = model["component"]
        notes = None
        left = list(todo)
        sizes = iter(BATCHES)
        made: list[int] = []  # cards made into pictures since the page last heard
        count = [0, 0.0]  # cards made into pictures, when the page last heard
        every = max(1, len(todo) // PUSHES)

        def push(final: bool = False) -> None:
            now = time.perf_counter()
            if drawn is not None and made and (final or count[0] == 1 or (now - count[1] >= PUSH_S and len(made) >= every)):
                count[1] = now
                drawn(count[0], made[:])
                made.clear()

        while left:
            if self._closing.is_set():
                raise _Closed
            chunk = self._next(name, left, next(sizes, BATCH))
            part = {**model, "cards": [model["cards"][i] for i in chunk], "places": [model["places"][i] for i in chunk], "numbers": [i + 1 for i in chunk]}
            doc = new_document(comp, part, opts)
            spec.render(doc, part)
            notes = list(dict.fromkeys((notes or []) + doc.notes))
            with_back = dynamic_back or back_key not in self._cards
            self._pictures(doc.pdf_bytes(), chunk, keys, with_back, dynamic_back, back_key, count, made, push)
            if then is not None:
                then, _ = None, then()
        if todo:
            push(final=True)
        if then is not None:
            then()
        return notes

    def _pictures(self, pdf: bytes, chunk: list[int], keys: list[str], with_back: bool, dynamic_back: bool, back_key, count: list, made: list, push) -> None:
        """Turn a batch's PDF (a front and a back page a card) into the cards'
        pictures, one card at a time, each pushed to the page (push()) as it is made."""
        from printkit.engine.raster import iter_pages, open_pdf, png_bytes

        with _PDFIUM:
            doc = open_pdf(pdf)
        try:
            for k, i in enumerate(chunk):
                if self._closing.is_set():
                    raise _Closed
                pages = (2 * k, 2 * k + 1) if dynamic_back or (with_back and k == 0) else (2 * k,)
                with _PDFIUM:
                    pngs = [png_bytes(image, PREVIEW_DPI) for _, image in iter_pages(doc, PREVIEW_DPI, pages)]
                with self._lock:
                    entry = {"front": self._keep(pngs[0])}
                    if dynamic_back:
                        entry["back"] = self._keep(pngs[1])
                    elif len(pngs) > 1:
                        self._cards[back_key] = {"back": self._keep(pngs[1])}
                    self._cards[keys[i]] = entry
                    self.rendered += len(pngs)
                    count[0] += 1
                    made.append(i)
                push()
        finally:
            with _PDFIUM:
                doc.close()

    def _keep(self, png: bytes) -> str:
        name = hashlib.sha256(png).hexdigest()[:24]
        self._images[name] = png
        return name

    # -- token sheets, boards, text pages --------------------------------------------------
    def _part(self, name, comp, spec):
        """(part for the page or None, errors, findings) of a token sheet, board
        or text page: checked as validate checks it; drawn unless that finds an error."""
        from printkit.build import check, new_document, split
        from printkit.custom.project import shipped_glyphs
        from printkit.engine.raster import quick_pngs
        from printkit.rules import JSON_FORMAT

        files = [getattr(spec, a, None) for a in ("front", "data", "template_path", "text_path")]
        key = _digest(repr(self.opts), *(self._file_hash(f) for f in files if f), *sorted(h for _, h in self._assets()), *sorted(h for p, h in self._hashes.items() if p.suffix.lower() in FONTS))
        if key not in self._part_cache:
            model = {"format": JSON_FORMAT, "game": comp.game, "component": comp.name, **comp.build({})}
            found = check(comp, model) + shipped_glyphs(comp.title, "title")
            errors, _ = split(found)
            findings = [_finding(v, None) for v in found]
            pages = None
            try:  # drawn as it would print, findings or not (an error shows where it is)
                doc = new_document(comp, model, self.opts)
                comp.render(doc, model)
                pdf = doc.pdf_bytes()
                with _PDFIUM:
                    pngs = quick_pngs(pdf, PAGE_DPI, None)
                pages = [self._keep(p) for p in pngs]
            except (PrintkitError, ValueError) as exc:  # it cannot be drawn: its last good pages stay
                if not errors:
                    findings.append({"code": "DRAW", "severity": "error", "row": "", "column": "", "element": "", "message": _text(exc)})
            with self._lock:
                self._part_cache = {key: (pages, findings, "token" if "tokens" in model else "place"), **{k: v for k, v in self._part_cache.items() if k != key}}
                for k in list(self._part_cache)[8:]:
                    del self._part_cache[k]
        pages, findings, noun = self._part_cache[key]
        return ({"name": name, "title": comp.title, "pages": pages, "noun": noun} if pages is not None else None), [], findings

    def _project_findings(self) -> list[dict]:
        """What validate says of the project as a whole: its cover's text, fonts found nowhere."""
        from printkit.custom.project import shipped_glyphs

        g = self._game
        found = [_finding(v, None) for what, text in (("title", g.title), ("blurb", g.blurb), ("players", g.players)) for v in shipped_glyphs(text or "", f"[game] {what}")]
        return found + [{"code": "OWN-FONT", "severity": "warning", "row": "", "column": "", "element": "", "message": n} for n in font_notes(g)]

    def note_watch_problem(self, text: str) -> None:
        """The file watcher failed (a folder gone, no watches left): shown on the page."""
        self._fail(self.errors + [{"file": "", "line": None, "message": f"watching the files failed ({text}); looking every few seconds"}])
        self._stale = set()  # the pictures are the files' own: only the watching failed

    # -- what the front end shows ---------------------------------------------------------
    def state(self) -> dict:
        """Everything the page shows, as plain data (pictures by name)."""
        with self._lock:
            findings = [dict(f, deck=d["name"]) for d in self._decks for f in d["findings"]]
            findings += [dict(f, deck=d["name"], card=c["n"]) for d in self._decks for c in d["cards"] for f in c["findings"]]
            decks = [dict(d, stale=d["name"] in self._stale) for d in self._decks]
            parts = [dict(p, stale=p["name"] in self._stale) for p in self._parts]
            return {"title": self.title, "version": self.version, "errors": list(self.errors), "findings": findings, "groups": self.groups(),
                    "decks": decks, "parts": parts, "busy": self.busy}

    def groups(self) -> dict:
        """Every finding of every part, the same one on many cards said once:
        {"errors": [...], "warnings": [...]}, each {"part", "title", "code",
        "severity", "message", "places": [card numbers, or what else it is said of]}.
        Made again only after a finding changed (the same dict until then: read it, never change it)."""
        with self._lock:
            if self._groups is not None and self._groups[0] == self._found_at:
                return self._groups[1]
            said: dict[tuple, dict] = {}
            project = {f["message"] for f in self._game_findings}

            nouns = {d["name"]: "card" for d in self._decks} | {p["name"]: p.get("noun", "place") for p in self._parts}

            def add(part: str, title: str, f: dict, place) -> None:
                if f["code"] == "NOTE" and f["message"] in project:  # a font found nowhere: said once, of the project
                    return
                text = f"{f['element']}: {f['message']}" if f.get("element") and f["element"] not in f["message"] else f["message"]
                key = (part, f["severity"], f["code"], text)
                g = said.setdefault(key, {"part": part, "title": title, "code": f["code"], "severity": f["severity"], "message": text, "places": [], "noun": nouns.get(part, "place")})
                if place not in g["places"]:
                    g["places"].append(place)

            for f in self._game_findings:
                add("", self.title, f, "")
            for d in self._decks:
                for f in d["findings"]:
                    add(d["name"], d["title"], f, "")
                for c in d["cards"]:
                    for f in c["findings"]:
                        add(d["name"], d["title"], f, c["n"])
            titles = {p["name"]: p["title"] for p in self._parts}
            for name, found in self._part_findings.items():
                for f in found:
                    add(name, titles.get(name, name), f, f"#{f['n']} ({f['row']})" if "n" in f else (f["row"] or f["element"] or ""))
            groups = list(said.values())
            out = {"errors": [g for g in groups if g["severity"] != "warning"], "warnings": [g for g in groups if g["severity"] == "warning"]}
            self._groups = (self._found_at, out)
            return out

    def delta(self, since: int) -> dict | None:
        """What changed after version `since`, for a page that shows that
        version: {"version", "from", "title", "busy", "decks": [each deck's
        heading (name, key, back_key, findings, stale) and "cards": only the
        cards whose entries changed], "groups" only when a finding changed}.
        None when only the whole state (state()) can say it."""
        with self._lock:
            if not self._base <= since <= self.version:
                return None
            decks = [{"name": d["name"], "key": d["key"], "back_key": d["back_key"], "findings": d["findings"], "stale": d["name"] in self._stale,
                      "cards": [c for i, c in enumerate(d["cards"]) if self._since.get((d["name"], i), -1) > since]} for d in self._decks]
            out = {"version": self.version, "from": since, "title": self.title, "busy": self.busy, "decks": decks}
            if self._found_at > since:
                out["groups"] = self.groups()
            return out

    def image(self, name: str) -> bytes | None:
        """A picture this preview rendered, by its name; None for any other name.
        No lock: the table is only ever replaced whole or added to, and a
        lookup of it is one step, so a request never waits for a drawing."""
        return self._images.get(name)

    def large_png(self, name: str) -> bytes | None:
        """The card side whose picture is `name`, drawn again at LARGE_DPI (a
        card opened at print size); None when no current card shows `name`."""
        with self._lock:
            hit = next(((d["name"], c["n"], side) for d in self._decks for c in d["cards"] for side in ("front", "back") if c.get(side) == name), None)
            if hit is None or self._game is None:
                return None
            if ("large", name) in self._large:
                return self._large[("large", name)]
            comp = self._game.components.get(hit[0])
        from printkit.build import new_document
        from printkit.engine.raster import quick_pngs
        from printkit.rules import JSON_FORMAT

        try:
            spec = comp.render.__self__
            model = {"format": JSON_FORMAT, "game": self._game.name, "component": hit[0], **comp.build({})}
            i = hit[1] - 1
            part = {**model, "cards": [model["cards"][i]], "places": [model["places"][i]], "numbers": [i + 1]}
            doc = new_document(comp, part, self._card_opts(spec))
            spec.render(doc, part)
            pdf = doc.pdf_bytes()
            with _PDFIUM:
                png = quick_pngs(pdf, LARGE_DPI, [0 if hit[2] == "front" else 1])[0]
        except Exception:  # noqa: BLE001 - the files changed meanwhile: the next refresh reports it
            return None
        with self._lock:
            self._large = {**dict(list(self._large.items())[-7:]), ("large", name): png}
        return png

    def sheet_pages(self, deck: str, key: str) -> int | None:
        """How many pages the deck has as printed (its sheets, with these print
        options); None when `deck`/`key` is not the current deck."""
        pdf = self._sheet_pdf(deck, key)
        if pdf is None:
            return None
        from printkit.engine.raster import open_pdf

        with _PDFIUM:
            doc = open_pdf(pdf)
            try:
                return len(doc)
            finally:
                doc.close()

    def sheet_png(self, deck: str, key: str, page: int) -> bytes | None:
        """One printed page of the deck (1-based), or None."""
        pdf = self._sheet_pdf(deck, key)
        if pdf is None:
            return None
        from printkit.engine.raster import open_pdf, quick_pngs

        with _PDFIUM:
            doc = open_pdf(pdf)
            try:
                total = len(doc)
            finally:
                doc.close()
            if not 1 <= page <= total:
                return None
            return quick_pngs(pdf, PAGE_DPI, [page - 1])[0]

    def _sheet_pdf(self, deck: str, key: str) -> bytes | None:
        with self._lock:
            d = next((d for d in self._decks if d["name"] == deck and d["key"] == key), None)
            if d is None or self._game is None:
                return None
            if key in self._sheet_pdfs:
                return self._sheet_pdfs[key]
            comp = self._game.components.get(deck)
        if comp is None:
            return None
        from printkit.build import new_document
        from printkit.rules import JSON_FORMAT

        try:
            model = {"format": JSON_FORMAT, "game": self._game.name, "component": deck, **comp.build({})}
            doc = new_document(comp, model, self.opts._replace(card_size=comp.render.__self__.card_size))
            comp.render(doc, model)
            pdf = doc.pdf_bytes()
        except Exception:  # noqa: BLE001 - the file changed under us: the next refresh reports it
            return None
        with self._lock:
            self._sheet_pdfs[key] = pdf
        return pdf

    def wait(self, version: int, timeout: float) -> int:
        """Block until the version moves past `version` (or the timeout); the version now."""
        with self._changed:
            self._changed.wait_for(lambda: self.version > version, timeout)
            return self.version


class _Closed(Exception):
    """The preview was closed during a drawing."""


def _text(exc: BaseException) -> str:
    if isinstance(exc, RulesError):
        return "; ".join(str(v) for v in exc.violations) or "rules broken"
    if isinstance(exc, OSError):
        return f"{exc.filename or ''}: {reason(exc)}".lstrip(": ")
    return str(exc) or exc.__class__.__name__


def _finding(v, values: dict | None) -> dict:
    """A validator finding for the page: code, message, and where: the row (the
    data file's line), the column (whose value the message quotes) and the element."""
    m = re.match(r"card (\d+) \(([^)]*)\)\s*(.*)", v.place)
    row, element = (m.group(2), m.group(3)) if m else ("", v.place)
    column = ""
    if values:
        for col, val in values.items():
            val = str(val).strip()
            if len(val) >= 2 and (val in v.message or val[:20] in v.message):
                column = col
                break
    return {"code": v.code, "severity": getattr(v, "severity", "error") or "error", "row": row, "column": column, "element": element, "message": v.message,
            **({"n": int(m.group(1))} if m else {})}


def _card_mm(card_size: str) -> tuple[float, float]:
    return CARDS[card_size]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _name_column(spec, columns) -> str | None:
    """The column whose value names a card: the project's `name_column`, else a
    `name` or `title` column (any case)."""
    given = getattr(spec, "name_column", None)
    if given:
        return given if given in columns else None
    for want in ("name", "title"):
        hit = next((c for c in columns if str(c).strip().lower() == want), None)
        if hit is not None:
            return hit
    return None


def _label(values: dict, column: str | None) -> str:
    if column is None:
        return ""
    return " ".join(str(values.get(column, "") or "").split())[:80]


def _paper_findings(opts, card_size: str) -> list:
    """A card that does not fit the paper as `make` prints it (the check `make`
    and `validate` run): an error finding."""
    from printkit.app.options import check_fit
    from printkit.rules import Violation

    try:
        check_fit(opts._replace(card_size=card_size))
    except UsageError as exc:
        return [Violation("PAPER", "paper", str(exc))]
    return []
