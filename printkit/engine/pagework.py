"""Pages drawn by worker processes and joined, in order, into one document,
byte for byte the document one process draws.

What makes the bytes the same: a worker is forked from this process after it
has drawn the first items itself (so the forms, fonts and resources the items
share exist already, under their names), draws a run of items on its copy of
the document and sends back what each page holds (Document.record: the content
operators, forms, colours; never a footer, never a finished page), and this
process adds those pages with Document.replay, drawing each footer itself.
The one thing a page's operators depend on that changes as a document grows is
the font subsets: ReportLab gives each character a code the first time the
document uses it. So each task carries this process's font state, the worker
starts from it, and reports per page the characters it added and the codes it
gave them. A page is taken only when this process would give the same codes
(same next code, none of those characters known here yet, the footers before it
adding none); otherwise, and for anything else a worker cannot hand back (a
new form or font, a note for the summary, a link), the item is drawn here, and
with it the rest of that run. Nothing is written by the workers.
"""

from __future__ import annotations

from collections import deque

from printkit.engine import workers

#: items drawn here before the workers start: enough pages that the footers'
#: digits and the shared forms exist
WARM_PAGES = 12
CHUNK = 24  # items a task
MIN_ITEMS = 60  # fewer are drawn here

_JOB = None  # (document, items, draw) for the forked workers
_WORKER = {"ready": False, "poisoned": False}


def _fonts(doc) -> dict:
    """name -> ReportLab font, for every TrueType font with a state in this document."""
    from reportlab.pdfbase import pdfmetrics

    pdf = doc.c._doc
    return {name: f for name, f in pdfmetrics._fonts.items() if getattr(f, "_dynamicFont", 0) and pdf in getattr(f, "state", {})}


def _font_state(doc) -> dict:
    """The document's font states as plain data (what a task carries)."""
    pdf = doc.c._doc
    out = {}
    for name, font in _fonts(doc).items():
        st = font.state[pdf]
        out[name] = {k: v for k, v in st.__dict__.items() if k != "_pk_split"}
    return out


def _set_font_state(doc, states: dict) -> None:
    from reportlab.pdfbase import pdfmetrics

    pdf = doc.c._doc
    for name, data in states.items():
        font = pdfmetrics.getFont(name)
        st = font.state.get(pdf)
        if st is None:
            st = font.state[pdf] = font.State(font._asciiReadable, font)
        st.__dict__.clear()
        st.__dict__.update(data)
    doc.c._pk_fonts = {}  # the canvas's memo of texts' codes: made again from this state


def _next_codes(doc) -> dict:
    pdf = doc.c._doc
    return {name: (len(f.state[pdf].assignments), f.state[pdf].nextCode) for name, f in _fonts(doc).items()}


def _marks(doc) -> tuple:
    """What a worker must not change: objects other than pages (forms, images,
    fonts), fonts named in the document, form names handed out, notes."""
    c = doc.c
    return (c._doc.objectcounter - c.__dict__.get("_pk_page_objects", 0), len(c._doc.fontMapping), getattr(doc, "_names", 0), len(doc.notes))


def _detach(doc) -> None:
    """In a worker, once: finished pages are dropped, not compressed and kept,
    and no footer is drawn (this process draws the footers)."""
    from reportlab.pdfgen.canvas import Canvas

    c = doc.c
    c._pk_page_objects = 0

    def show_page():
        pdf = c._doc
        before = pdf.objectcounter
        Canvas.showPage(c)
        pdf.Pages.pages.pop()
        c._pk_page_objects += pdf.objectcounter - before

    c.showPage = show_page
    doc._draw_footer = lambda: None
    if doc._open:  # the page this process had open at the fork: finished and dropped
        doc._finish_page()
    _WORKER["ready"] = True


def _draw_run(task):
    """In a worker: items start..stop-1 drawn from this process's font state;
    for each, its pages (record, {font: [(char, code)]} added, {font: next code
    before}), or None (draw it in the parent; so is every later item of the run)."""
    start, stop, states = task
    doc, items, draw = _JOB
    if not _WORKER["ready"]:
        _detach(doc)
    out: list = []
    if _WORKER["poisoned"]:
        return [None] * (stop - start)
    _set_font_state(doc, states)
    for i in range(start, stop):
        marks = _marks(doc)
        pages: list = []
        before = _next_codes(doc)
        record_page = doc._record_page

        def record_and_note():
            nonlocal before
            record_page()
            page = doc._rec[-1]
            page["print"] = doc._page_print  # the small print of its footer
            now = _next_codes(doc)
            added = {}
            pdf = doc.c._doc
            for name, (count, _) in now.items():
                old = before.get(name, (0, 0))[0]
                if count > old:
                    assignments = _fonts(doc)[name].state[pdf].assignments
                    added[name] = list(assignments.items())[old:]
            pages.append((page, added, {name: code for name, (_, code) in before.items()}))
            before = now

        doc._record_page = record_and_note
        try:
            rec = doc.record(lambda: draw(doc, items[i]))
        finally:
            del doc._record_page  # the class's method again
        if not rec or _marks(doc) != marks or any(callable(p["args"][3]) for p, _, _ in pages):
            _WORKER["poisoned"] = _marks(doc) != marks
            out.extend([None] * (stop - i))
            return out
        pages[-1][0]["after"] = doc.small_print  # as the item leaves it
        out.append(pages)
    return out


def _fits(doc, pages) -> bool:
    """Would this process give the item's new characters the codes the worker
    gave them? Yes when, per font, its next code here is the worker's at the
    item's start, none of the characters the item adds is known here, and no
    footer drawn among its pages (the page before's, then each page's but the
    last, in the order one process draws them) adds a character."""
    from printkit.engine.fonts import SANS

    pdf = doc.c._doc
    here = {name: f.state[pdf] for name, f in _fonts(doc).items()}
    first_next = pages[0][2]
    for name, code in first_next.items():
        st = here.get(name)
        if st is None or st.nextCode != code:
            return False
    added_so_far: dict = {}
    for k, (_page, added, next_before) in enumerate(pages):
        if any(name not in here for name in next_before):
            return False
        number = doc.pages + k  # the page whose footer is drawn as this one starts
        if number >= 1 and (k > 0 or doc._open):
            sans = here.get(SANS)
            known = added_so_far.get(SANS, set())
            prev = pages[k - 1][0]["args"] if k else None
            width = ((prev[0] or doc.options.paper_pt) if prev else doc.size)[0]
            text = pages[k - 1][0]["print"] if k else doc._page_print
            for ch in _footer_chars(doc, number, prev[3] if prev else doc._footer, width, text):
                code = 32 if ord(ch) == 0xA0 else ord(ch)
                if sans is None or (code not in sans.assignments and code not in known):
                    return False
        for name, chars in added.items():
            st = here.get(name)
            if st is None:
                return False
            known = added_so_far.setdefault(name, set())
            for ch, _code in chars:
                if ch in st.assignments or ch in known:
                    return False
                known.add(ch)
    return True


def _footer_chars(doc, number: int, footer, width: float, page_print: str) -> str:
    """The characters of the footer page `number` (`width` pt wide) gets, as
    Document._draw_footer chooses it (cut short with '…' when too long), or ''
    for a page without one."""
    from printkit.engine import fonts
    from printkit.engine.units import FOOTER_PT, SMALL_PRINT_PT

    if not footer:
        return ""
    saved = doc.pages
    try:
        doc.pages = number
        text = doc._footer_text(page_print)
    finally:
        doc.pages = saved
    if callable(footer):
        room, size = footer(text)[3], SMALL_PRINT_PT
    elif footer is True:
        room, size = width / 2, FOOTER_PT
    else:
        room, size = footer[1], FOOTER_PT
    return text + "…" if fonts.text_width(text, fonts.SANS, size) > room else text


def _take(doc, pages) -> None:
    """Add an item's pages as the worker recorded them, registering its new
    characters here in the same order (the same codes, checked)."""
    from reportlab.pdfbase import pdfmetrics

    pdf = doc.c._doc
    for page, added, _ in pages:
        doc.small_print = page["print"]
        doc.replay([page])
        for name, chars in added.items():
            font = pdfmetrics.getFont(name)
            font.splitString("".join(chr(ch) for ch, _ in chars), pdf)
            assignments = font.state[pdf].assignments
            if any(assignments[ch] != code for ch, code in chars):
                raise AssertionError(f"font {name}: a worker's character codes differ from this document's")
    doc.small_print = pages[-1][0]["after"]


def draw_each(doc, items, draw, progress=None) -> None:
    """draw(doc, item) for every item of `items` (a sequence), in order, into
    `doc`: over the run's worker processes when there are several and enough
    items, with the same bytes as drawing them all here. `draw` starts its own
    pages. `progress(iterable)` wraps the items' indexes (a progress bar)."""
    global _JOB
    n = len(items)
    indexes = progress(range(n)) if progress else range(n)
    if workers.jobs() <= 1 or n < MIN_ITEMS or workers._context() is None or doc._rec is not None or doc.pending_bookmark:
        for i in indexes:
            draw(doc, items[i])
        return
    it = iter(indexes)
    done = 0
    while done < n and (done == 0 or doc.pages < WARM_PAGES):
        next(it)
        draw(doc, items[done])
        done += 1
    _JOB = (doc, items, draw)
    jobs = workers.jobs()
    try:
        with workers.Pool(jobs) as pool:
            pending: deque = deque()
            start = done

            def submit() -> None:
                nonlocal start
                if start < n:
                    stop = min(n, start + CHUNK)
                    pending.append((start, stop, pool.executor.submit(_draw_run, (start, stop, _font_state(doc)))))
                    start = stop

            for _ in range(2 * jobs):
                submit()
            while pending:
                a, b, future = pending.popleft()
                result = pool.result(future)
                submit()
                fallback = False
                for i, pages in zip(range(a, b), result):
                    next(it)
                    if not fallback and pages and _fits(doc, pages):
                        _take(doc, pages)
                        continue
                    fallback = True
                    draw(doc, items[i])
    finally:
        _JOB = None
    for _ in it:  # the progress bar to its end
        pass
