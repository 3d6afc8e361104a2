"""Pages drawn by worker processes and joined, in order, into one document,
byte for byte the document one process draws.

What makes the bytes the same: a worker is forked from this process after it
has drawn the first items itself (so the forms, fonts and resources the items
share exist already, under their names), draws a run of items on its copy of
the document, numbering the pages as this process expects to (told with the
task), footers included, and compresses each finished page's content stream
as this process would. It sends back, per page, those compressed bytes and
the few operators drawn around the item's own (the page's first ones and its
footer), never the item's operators themselves. This process starts each page
again (same size, boxes, forms, colours), draws its footer and takes the
worker's bytes when its own operators make the same text (rl.py checks; if
not, the worker's content is unpacked and compressed here).
The one thing a page's operators depend on that changes as a document grows is
the font subsets: ReportLab gives each character a code the first time the
document uses it. So each task carries this process's font state, the worker
starts from it, and reports per page the characters its content and then its
footer added and the codes it gave them. An item is taken only when this
process would number its pages the same and give the same codes (same next
code, none of those characters known here yet, the footer of a page left open
here adding none); otherwise, and for anything else a worker cannot hand back
(a new form or font, a note for the summary, a link), the item is drawn here,
and with it the rest of that run. Nothing is written by the workers.
"""

from __future__ import annotations

from collections import deque

from printkit.engine import rl, workers

#: items drawn here before the workers start: enough pages that the footers'
#: digits and the shared forms exist
WARM_PAGES = 12
CHUNK = 24  # items a task
MIN_ITEMS = 60  # fewer are drawn here

_JOB = None  # (document, items, draw) for the forked workers
_WORKER = {"ready": False, "poisoned": False}


def _fonts(doc) -> dict:
    """name -> ReportLab font, for every TrueType font with a state in this document."""
    return rl.document_fonts(rl.pdf_document(doc.c))


def _font_state(doc) -> dict:
    """The document's font states as plain data (what a task carries)."""
    pdf = rl.pdf_document(doc.c)
    out = {}
    for name, font in _fonts(doc).items():
        st = font.state[pdf]
        out[name] = {k: v for k, v in st.__dict__.items() if k != "_pk_split"}
    return out


def _set_font_state(doc, states: dict) -> None:
    from reportlab.pdfbase import pdfmetrics

    pdf = rl.pdf_document(doc.c)
    for name, data in states.items():
        font = pdfmetrics.getFont(name)
        st = font.state.get(pdf)
        if st is None:
            st = rl.new_font_state(font, pdf)
        st.__dict__.clear()
        st.__dict__.update(data)
    doc.c._pk_fonts = {}  # the canvas's memo of texts' codes: made again from this state


def _next_codes(doc) -> dict:
    pdf = rl.pdf_document(doc.c)
    return {name: (len(f.state[pdf].assignments), f.state[pdf].nextCode) for name, f in _fonts(doc).items()}


def _added(doc, before: dict) -> dict:
    """{font: [(char, code)]} the document's fonts gave codes to since `before` (_next_codes)."""
    pdf = rl.pdf_document(doc.c)
    out = {}
    for name, font in _fonts(doc).items():
        old = before.get(name, (0, 0))[0]
        assignments = font.state[pdf].assignments
        if len(assignments) > old:
            out[name] = list(assignments.items())[old:]
    return out


def _marks(doc) -> tuple:
    """What a worker must not change: objects other than pages (forms, images,
    fonts), fonts named in the document, form names handed out, notes."""
    c = doc.c
    pdf = rl.pdf_document(c)
    return (pdf.objectcounter - c.__dict__.get("_pk_page_objects", 0), len(pdf.fontMapping), getattr(doc, "_names", 0), len(doc.notes))


class Given:
    """A page's content as a worker drew it: its compressed stream (`z`), the
    text the operators drawn around the content make (`shell`), and where the
    content sits: after operator `at` of this process's page, at bytes `cut`
    of the worker's text."""

    __slots__ = ("z", "shell", "at", "cut")

    def __init__(self, z: bytes, shell: str, at: int, cut: tuple[int, int]) -> None:
        self.z, self.shell, self.at, self.cut = z, shell, at, cut

    @property
    def body(self) -> bool:
        return self.cut[1] > self.cut[0]

    def text(self) -> str:
        """The content's operators as one text (unpacked from the worker's stream)."""
        import zlib

        a, b = self.cut
        return zlib.decompress(self.z)[a:b].decode("utf8")


def _detach(doc) -> None:
    """In a worker, once: finished pages are compressed and handed to the item's
    record, not kept."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from printkit.engine.rl import compressed

    c = doc.c
    c._pk_page_objects = 0

    def show_page():
        pdf = rl.pdf_document(c)
        before = pdf.objectcounter
        code, (head, tail) = rl.page_ops(c), rl.page_frame(c)
        Canvas.showPage(c)  # appends " " to `code`
        page = pdf.Pages.pages.pop()
        c._pk_page_objects += pdf.objectcounter - before
        rec = c.__dict__.pop("_pk_recorded", None)
        if rec is None:
            return
        a, b = rec.pop("body")
        text = page.stream
        if not (page.compression and isinstance(text, str) and text and not page.Contents and not rl_config.useA85):
            rec["z"] = None  # not a page this process can hand back
            return
        start = len(("\n".join(head + code[:a]) + "\n").encode("utf8"))
        length = len("\n".join(code[a:b]).encode("utf8"))
        rec["z"] = compressed(text)
        rec["shell"] = "\n".join(head + code[:a] + code[b:] + tail) + "\n"
        rec["cut"] = (start, start + length)

    c.showPage = show_page
    if doc._open:  # the page this process had open at the fork: finished and dropped
        doc._finish_page()
    _WORKER["ready"] = True


def _draw_run(task):
    """In a worker: items start..stop-1 drawn from this process's font state, the
    first starting after page `first` of the document; for each, (its first page's
    number less one, its pages: [(record, {font: [(char, code)]} its content
    added, the same for its footer, {font: next code before}]), or None (draw it
    in the parent; so is every later item of the run)."""
    start, stop, states, first = task
    doc, items, draw = _JOB
    if not _WORKER["ready"]:
        _detach(doc)
    out: list = []
    if _WORKER["poisoned"]:
        return [None] * (stop - start)
    _set_font_state(doc, states)
    doc.pages = first
    c = doc.c
    for i in range(start, stop):
        marks = _marks(doc)
        pages: list = []
        before = _next_codes(doc)
        at_start = doc.pages

        def record_page():
            """What Document._record_page keeps, less the operators (the page's compressed stream comes at its end)."""
            nonlocal before
            page, doc._rec_page = doc._rec_page, None
            if rl.page_has_extras(c):
                doc._rec_ok = False
            page["body"] = (page.pop("start"), len(rl.page_ops(c)))
            page["forms"], page["colors"], page["shading"] = rl.page_resources(c)
            page["print"] = doc._page_print  # the small print of its footer
            doc._rec.append(page)
            c._pk_recorded = page
            now = _next_codes(doc)
            pages.append([page, _added(doc, before), None, {name: code for name, (_, code) in before.items()}])
            before = now

        def finish_page():
            nonlocal before
            finish()
            if pages and pages[-1][2] is None:
                pages[-1][2] = _added(doc, before)  # the footer's characters
                before = _next_codes(doc)

        finish = doc._finish_page
        doc._record_page = record_page
        doc._finish_page = finish_page
        try:
            rec = doc.record(lambda: draw(doc, items[i]))
        finally:
            del doc._record_page, doc._finish_page  # the class's methods again
            c.__dict__.pop("_pk_recorded", None)
        if not rec or _marks(doc) != marks or any(callable(p["args"][3]) or p.get("z") is None for p, *_ in pages):
            _WORKER["poisoned"] = _marks(doc) != marks
            out.extend([None] * (stop - i))
            return out
        pages[-1][0]["after"] = doc.small_print  # as the item leaves it
        out.append((at_start, pages))
    return out


def _fits(doc, item) -> bool:
    """Would this process number the item's pages as the worker did and give its
    new characters the codes the worker gave them? Yes when its pages start
    where the worker started them; per font, its next code here is the worker's
    at the item's start; the footer of a page left open here (drawn as the item
    starts) adds no character; and none of the characters the item's pages and
    footers add, in turn, is known here."""
    first, pages = item
    if doc.pages != first:
        return False
    pdf = rl.pdf_document(doc.c)
    here = {name: f.state[pdf] for name, f in _fonts(doc).items()}
    for name, code in pages[0][3].items():
        st = here.get(name)
        if st is None or st.nextCode != code:
            return False
    if doc._open and doc._footer:
        from printkit.engine.fonts import SANS

        sans = here.get(SANS)
        for ch in _footer_chars(doc, doc.pages, doc._footer, doc.size[0], doc._page_print):
            code = 32 if ord(ch) == 0xA0 else ord(ch)
            if sans is None or code not in sans.assignments:
                return False
    added_so_far: dict = {}
    for _page, body, footer, next_before in pages:
        if any(name not in here for name in next_before):
            return False
        for added in (body, footer):
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


def _register(doc, added: dict) -> None:
    """Give the characters a worker added the same codes here, in its order (checked)."""
    from reportlab.pdfbase import pdfmetrics

    pdf = rl.pdf_document(doc.c)
    for name, chars in added.items():
        font = pdfmetrics.getFont(name)
        font.splitString("".join(chr(ch) for ch, _ in chars), pdf)
        assignments = font.state[pdf].assignments
        if any(assignments[ch] != code for ch, code in chars):
            raise AssertionError(f"font {name}: a worker's character codes differ from this document's")


def _take(doc, item) -> None:
    """Add an item's pages as the worker drew them: each page started here as
    it was there, its content's new characters registered, its footer drawn
    here and the worker's compressed stream taken (see rl.py's showPage)."""
    for page, body, footer, _ in item[1]:
        doc.small_print = page["print"]
        size, trim, bleed, foot = page["args"]
        c = doc.new_page(size, trim=trim, bleed=bleed, footer=foot)
        rl.add_page_resources(c, page["forms"], page["colors"], page["shading"])
        _register(doc, body)
        c._pk_given = Given(page["z"], page["shell"], len(rl.page_ops(c)), page["cut"])
        doc._finish_page()
        _register(doc, footer)  # drawn here already: the same codes, checked
    doc.small_print = item[1][-1][0]["after"]


def draw_each(doc, items, draw, progress=None) -> None:
    """draw(doc, item) for every item of `items` (a sequence), in order, into
    `doc`: over the run's worker processes when there are several and enough
    items, with the same bytes as drawing them all here. `draw` starts its own
    pages; an item's last page may be finished before the next item starts
    (nothing is drawn on it after `draw` returns). `progress(iterable)` wraps
    the items' indexes (a progress bar)."""
    global _JOB
    n = len(items)
    indexes = progress(range(n)) if progress else range(n)
    if workers.jobs() <= 1 or n < MIN_ITEMS or workers._context() is None or doc._rec is not None or doc.pending_bookmark:
        for i in indexes:
            draw(doc, items[i])
        return
    it = iter(indexes)
    done = 0
    each = 1  # pages the last item drawn took (to number the pages of the tasks sent ahead)
    while done < n and (done == 0 or doc.pages < WARM_PAGES):
        next(it)
        before = doc.pages
        draw(doc, items[done])
        each = doc.pages - before
        done += 1
    _JOB = (doc, items, draw)
    jobs = workers.jobs()
    try:
        with workers.Pool(jobs) as pool:
            pending: deque = deque()
            start = done
            known = (done, doc.pages)  # (item, pages before it) as this process has it

            def submit() -> None:
                nonlocal start
                if start < n:
                    stop = min(n, start + CHUNK)
                    first = known[1] + (start - known[0]) * each
                    pending.append((start, stop, pool.executor.submit(_draw_run, (start, stop, _font_state(doc), first))))
                    start = stop

            for _ in range(2 * jobs):
                submit()
            while pending:
                a, b, future = pending.popleft()
                result = pool.result(future)
                fallback = False
                for i, item in zip(range(a, b), result):
                    next(it)
                    before = doc.pages
                    if not fallback and item and _fits(doc, item):
                        _take(doc, item)
                    else:
                        fallback = True
                        draw(doc, items[i])
                    each = doc.pages - before
                known = (b, doc.pages)
                submit()
    finally:
        _JOB = None
    for _ in it:  # the progress bar to its end
        pass
