"""Kits: a game's cover, rules summary, print guide and every part in one PDF.

The cover's contents and the print guide name page numbers that are known only
after the parts are drawn; both are PDF forms placed early and filled in at the
end (a forward reference), so the kit is drawn in one pass.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import NamedTuple
import sys

from printkit import __version__
from printkit.build import build_checked, print_advice, small_print
from printkit.component import default_params
from printkit.engine.units import DEFAULT_BLEED, MM
from printkit.i18n import after_colon, colon, listed, N_, text
from printkit.lang import language
from printkit.engine.rl import canvas_class

#: a count a kit note spells out ("two pages per player"), in the kit's language
NUMBER_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}


class PartPages(NamedTuple):  # a NamedTuple: the dataclasses module alone takes ~8 ms to import
    title: str
    first: int
    last: int
    two_sided: str  # "" for one-sided, else "long" / "short"
    copies: int
    note: str
    advice: str
    component: str = ""  # the component's name ("rules" for the rules summary)
    stock: bool = False  # card stock helps (cards, tokens)

    @property
    def sheets(self) -> int:
        """Sheets of paper it takes: two pages a sheet when printed two-sided."""
        n = self.last - self.first + 1
        return (n + 1) // 2 if self.two_sided else n


def draw_kit(doc, game, request=None) -> list[PartPages]:
    """Draw a whole kit into `doc` as the kit's run request asks (its seed,
    language and shared parameters, see `kit_settings`; None: the defaults);
    returns its parts (the rules summary, if any, is on `doc.kit_rules`)."""
    from printkit.engine import draw as d
    from printkit.engine import text as typeset
    from printkit.engine import fonts
    from printkit.engine.text import fit_fewest_pages, flow, parse_markup

    if request is None:
        from printkit.request import Request

        request = Request(doc.options)
    seed, lang, overrides = kit_settings(request)
    _ = text(lang)
    doc.gettext = _  # the engine's own words (the footer's "page") in the kit's language
    opts = doc.options
    # cover
    c = doc.new_page()
    doc.bookmark(_("Cover"))
    W, H = doc.size
    m = 18 * MM
    doc.ink.fill(c, "blue", large=True)
    band = 8 * MM  # inside what a home printer reaches
    c.roundRect(band, H - 95 * MM, W - 2 * band, 95 * MM - band, 4 * MM, stroke=0, fill=1)
    c.setFillColorRGB(*((1, 1, 1) if doc.ink.text_on("blue") == "white" else (0, 0, 0)))
    typeset.label(c, m, H - 50 * MM, game.title.upper(), font=fonts.SANS_BOLD, size=44)
    typeset.label(c, m, H - 62 * MM, _("print-and-play kit"), font=fonts.SANS, size=13)
    typeset.label(c, m, H - 72 * MM, _(game.players), font=fonts.SANS, size=10)
    typeset.paragraph(c, _(game.blurb), m, H - 108 * MM, W - 2 * m, size=12)
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, m, H - 135 * MM, _("Contents"), font=fonts.SANS_BOLD, size=14)
    c.doForm("PKKitContents")
    c.setFillColorRGB(0.3, 0.3, 0.3)
    command = game.command  # own games: printkit make FILE
    # own games: the whole command as run (the project path as typed, every option that changed the output)
    made = (doc.command or f"{command} --paper {opts.paper}{_prepress(opts)}") if command else kit_command(game.name, request)
    lines = typeset.lines(_("Made with printkit {version}: {command}").format(version=__version__, command=made), fonts.SANS, 8, W - 2 * m)  # a long project path wraps upward
    for i, line in enumerate(lines):
        typeset.label(c, m, 14 * MM + (len(lines) - 1 - i) * 10, line, font=fonts.SANS, size=8)
    # rules summary
    start_rules = doc.pages + 1
    if game.rules_template:
        doc.pending_bookmark = _("Rules summary")
        blocks = parse_markup(game.rules_text(lang))
        # the largest size (down to 8 pt, still over the 7 pt a player reads in play) at which
        # the summary takes the fewest pages: a translation runs longer (German ~30%)
        flow(doc, blocks, fit_fewest_pages(doc, blocks))
    rules_pages = (start_rules, doc.pages) if game.rules_template else None  # own games put rules in their parts
    # print guide (filled in at the end)
    doc.new_page()
    doc.bookmark(_("How to print"))
    guide_page = doc.pages
    doc.c.doForm("PKKitGuide")
    parts: list[PartPages] = []
    for part in game.kit:
        comp = game.components[part.component]
        params = {**default_params(comp, seed), **part.params}
        for key, value in overrides.items():
            if any(p.name == key for p in comp.params):
                params[key] = value
        marks = language(lang).params  # every part of a built-in game is printed in the kit's language
        params.update(marks)
        model = build_checked(comp, params)
        if any((model.get("params") or {}).get(k) != v for k, v in marks.items()):
            # the part is drawn (and its reprint command said) in the kit's language
            model = {**model, "params": {**(model.get("params") or {}), **marks}}
        two_sided = comp.duplex and "cards" in comp.uses and opts.duplex != "none" and opts.layout != "fold"  # fold: fronts and backs on one side
        if two_sided and doc.pages % 2 == 1:
            doc.new_page()  # fronts start on an odd page, so each backs page prints behind its fronts
            c = doc.c
            c.setFillColorRGB(0.5, 0.5, 0.5)
            typeset.label(c, W / 2, H / 2, _("(this page is intentionally blank)"), font=fonts.SANS, size=9, align="center")
        first = doc.pages + 1
        # "cryptex kit · deck · seed 1": the game is named once, so the line fits beside crop marks at 6 pt
        part_print = small_print(comp, model)
        if part_print.startswith(f"{comp.game} "):
            part_print = part_print[len(comp.game) + 1 :]
        doc.small_print = _("{game} kit · {part}").format(game=game.name, part=part_print)
        doc.pending_bookmark = _(comp.title)
        doc.c._pk_part = comp.title  # named in what drawing notes (small text on several plates)
        if part.copies > 1:  # the part is drawn once; its pages' content is repeated for the other copies
            pages = doc.record(lambda: comp.render(doc, model))
            for _copy in range(part.copies - 1):
                if pages is None:
                    comp.render(doc, model)
                else:
                    doc.replay(pages)
        else:
            comp.render(doc, model)
        # a count as its number, first ("puzzles (4)", "puzzles (3, mixed)": "count 4" read as a form field)
        shown = [str(v) for v in part.params.values() if isinstance(v, int) and v is not True] + [
            _(k.replace("_", " ")) if v is True else _(str(v)) for k, v in part.params.items() if v not in (False, None) and not (isinstance(v, int) and v is not True)]
        title = _(comp.title) + (f" ({', '.join(shown)})" if shown else "")
        note = _(part.note or comp.notes)
        if "{pages}" in note:  # a note that counts the part's pages says what this language's part took
            per_copy = (doc.pages - first + 1) // max(1, part.copies)
            note = note.replace("{pages}", _(NUMBER_WORDS[per_copy]) if per_copy in NUMBER_WORDS else str(per_copy))
        parts.append(PartPages(title, first, doc.pages, opts.duplex if two_sided else "", part.copies, note,
                               print_advice(comp, opts, include_notes=False, lang=lang), comp.name, "cards" in comp.uses or comp.name == "tokens"))
        doc.small_print = ""
        doc.c._pk_part = None
    _define_contents(doc, game, rules_pages, guide_page, parts, _)
    _define_guide(doc, game, rules_pages, guide_page, parts, _, lang)
    doc.kit_rules = PartPages(_("Rules summary"), *rules_pages, "", 1, _("Read it before you play; keep it on the table."), "", "rules") if rules_pages else None
    return parts


def _define_contents(doc, game, rules_pages, guide_page, parts, _=str) -> None:
    from printkit.engine import draw as d

    W, H = doc.options.paper_pt
    m = 18 * MM
    c = doc.c
    c.beginForm("PKKitContents")
    rows = [[_("Part"), _("Pages")]] + ([[_("Rules summary"), _pages(*rules_pages)]] if rules_pages else []) + [[_("How to print"), str(guide_page)]]
    rows += [[p.title + (f" (x{p.copies})" if p.copies > 1 else ""), _pages(p.first, p.last)] for p in parts]
    d.table(c, m, H - 140 * MM, [W - 2 * m - 35 * MM, 35 * MM], rows, row_h=8 * MM, size=10)
    c.endForm()


def _define_guide(doc, game, rules_pages, guide_page, parts, _=str, lang: str = "en") -> None:
    from printkit.engine import draw as d
    from printkit.engine import text as typeset
    from printkit.engine import fonts

    W, H = doc.options.paper_pt
    m = 15 * MM
    c = doc.c
    c.beginForm("PKKitGuide")
    y = H - m
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, m, y - 20, _("How to print this kit"), font=fonts.SANS_BOLD, size=20)
    y -= 34
    paper = doc.options.paper.upper() if doc.options.paper.startswith("a") else doc.options.paper.capitalize()
    # say only what this kit has: cards and backs, two-sided parts
    has_cards = any("cards" in game.components[p.component].uses for p in game.kit)
    intro = (
        _("Everything is laid out for {paper} paper. Print at 100% (actual size): switch off 'fit to page' or 'shrink to fit', ").format(paper=paper)
        + (_("or cards come out too small and backs drift. ") if has_cards else _("or boards and grids come out too small. "))
        + (_("Print the page ranges marked 'two' below two-sided (flipped on the edge shown) and everything else one-sided: "
             "printed two-sided, the rest of the file would put answer keys and cut-outs on the backs of pages you need. "
             "Each two-sided range starts on an odd page.") if any(p.two_sided for p in parts) else _("Every page prints one-sided."))
    )
    y = typeset.paragraph(c, intro, m, y, W - 2 * m, size=10) - 4 * MM
    rows = [[_("Part"), _("Pages"), _("Sides"), _("Sets in file")]]
    for p in ([PartPages(_("Rules summary"), *rules_pages, "", 1, "", "")] if rules_pages else []) + parts:
        sides = _sides(p.two_sided, _)
        rows.append([p.title, _pages(p.first, p.last), sides, str(p.copies) if p.copies > 1 else "1"])
    widths = [W - 2 * m - 95 * MM, 30 * MM, 40 * MM, 25 * MM]
    y = d.table(c, m, y, widths, rows, row_h=7.5 * MM, size=9) - 6 * MM
    typeset.label(c, m, y - 12, _("Cutting and folding"), font=fonts.SANS_BOLD, size=12)
    y -= 18
    for p in parts:
        text = _("{title}: {text}").format(title=p.title, text=after_colon(lang, p.advice, game.title.split())) + (f" {p.note}" if p.note else "")  # French: a no-break space before the colon, a small letter after it
        y = typeset.paragraph(c, "• " + text, m, y, W - 2 * m, size=9) - 2 * MM
    if getattr(game, "supplies", ()):
        need = listed(_, (f"{_item(_(item), lang)} ({_(why)})" for item, why in game.supplies))
        y = typeset.paragraph(c, _("You will also need: scissors (or a craft knife and a metal ruler); {supplies}.").format(supplies=need), m, y - 1 * MM, W - 2 * m, size=9) - 2 * MM
    if any(p.two_sided for p in parts):
        typeset.paragraph(c, _("Card backs not lining up? Run printkit calibrate, print its sheet two-sided, read the offset off its scales (the sheet says how) and reprint the deck with --back-offset X,Y."), m, y - 2 * MM, W - 2 * m, size=9, color=(0.25, 0.25, 0.25))
    c.endForm()


def _sides(two_sided: str, _=str) -> str:
    """The print guide's and index's 'Sides' cell: one, or two and the edge to flip on."""
    if not two_sided:
        return _("one")
    return _("two, long edge") if two_sided == "long" else _("two, short edge") if two_sided == "short" else f"two, {two_sided} edge"


def _edge(two_sided: str, _=str) -> str:
    """'long edge' or 'short edge' (the index's two-sided ranges)."""
    return _("long edge") if two_sided == "long" else _("short edge") if two_sided == "short" else f"{two_sided} edge"


def _item(name: str, lang: str) -> str:
    """A supply named inside a sentence: lowercase, but a language whose nouns keep
    their capital (German) keeps it (lang.Language.capital_nouns)."""
    return name if language(lang).capital_nouns else name.lower()


def _prepress(opts) -> str:
    """The colour options of the recorded command (' --pdfx', ' --color cmyk' or '')."""
    return "".join(f" {w}" for w in opts.prepress_args())


def _pages(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


def build_kits(games, request, folder: Path, *, all_games: bool = False, echo=None, file: Path | None = None) -> list[tuple[Path, int, int, float]]:
    """Write one kit PDF per game, as the kit's run request asks (printkit/request.py:
    its print options, seed, language, qr_url), into `folder` (or the one kit into `file`);
    print progress and a table. The kits are drawn by the run's worker processes
    (`--jobs`), each kit whole in one of them; this process stages each file as
    it comes back, in order, and commits them all at the end."""
    from printkit.base import workers
    from printkit.base.files import commit_all, stage_file

    echo = echo or _print
    written = []
    summaries = []
    notes: list[str] = []  # what drawing noted for the summary (e.g. small text on several plates)
    staged = []  # every file is complete on disk before any is put in place
    global _KITS
    _KITS = (games, request)
    if workers.jobs() > 1 and len(games) > 1:
        _preload()  # what every kit needs, loaded once before the workers are forked
    try:
        for k, (data, pages, parts, rules, took, drawn_notes) in enumerate(workers.run(_kit_pdf, range(len(games))), 1):
            game = games[k - 1]
            echo(f"[{k}/{len(games)}] {game.title} kit ...", err=True)
            path = file if file is not None else folder / f"{game.name}-kit.pdf"
            staged.append(stage_file(path, data))
            written.append((path, pages, len(data), took))
            notes += [f"{path.name}: {n}" for n in dict.fromkeys(drawn_notes)]
            summaries.append((game, path, pages, ([rules] if rules else []) + parts))
    except BaseException:
        for s in staged:
            s.abort()
        raise
    finally:
        _KITS = None
    if all_games:
        echo(f"[index] contents of every kit ...", err=True)
        path = folder / "index.pdf"
        try:
            pages, index = write_index(summaries, request, path, stage=True)
        except BaseException:
            for s in staged:
                s.abort()
            raise
        staged.append(index)
        written.append((path, pages, index.size, 0.0))
    commit_all(staged)
    width = max(len(str(p)) for p, *_ in written)
    echo(f"{'file':<{width}}  pages      size")
    for path, pages, size, _ in written:
        echo(f"{str(path):<{width}}  {pages:>5}  {size / 1024:>6.0f} KB")
    for note in notes:
        echo(note)
    kits = len(summaries)
    echo(f"{kits} kit{'s' if kits != 1 else ''} written" + (" and index.pdf (what to print, how, how many, supplies)." if all_games else ".") + " The 'How to print' page of each kit says how to print it.")
    return written


_KITS = None  # (games, request) of the kits being built, for _kit_pdf


def _preload() -> None:
    """What every kit and the index need, loaded before workers are forked: each
    worker would load it again otherwise, and this process once more for the
    index after them (which then waits on it). The fonts registered and the
    two faces every page sets read, ReportLab's canvas, the document and
    drawing modules."""
    from reportlab.pdfbase import pdfmetrics

    from printkit.engine import draw, fonts, text  # noqa: F401
    from printkit.engine.document import Document  # noqa: F401

    fonts.register_fonts()
    canvas_class()
    for face in (fonts.SANS, fonts.SANS_BOLD):
        pdfmetrics.getFont(face)


def _kit_pdf(k: int):
    """Kit `k` of the run drawn whole: (PDF bytes, pages, parts, rules part,
    seconds, notes for the summary)."""
    from printkit.engine.document import Document

    t0 = time.perf_counter()
    games, request = _KITS
    game = games[k]
    seed = kit_settings(request)[0]
    doc = Document(
        request.print,
        title=f"{game.title}: print-and-play kit",
        subject=f"game={game.name}; component=kit; seed {seed}",
        keywords=[f"game:{game.name}", "component:kit", f"command:{kit_command(game.name, request)}"],
        command=kit_command(game.name, request),
    )
    parts = draw_kit(doc, game, request)
    data = doc.pdf_bytes()
    rules = getattr(doc, "kit_rules", None)  # set by draw_kit
    return data, doc.pages, parts, rules, time.perf_counter() - t0, list(doc.notes)


def _print(text: str = "", err: bool = False) -> None:
    print(text, file=sys.stderr if err else sys.stdout)


def kit_settings(request) -> tuple[str, str, dict]:
    """What a kit's run request sets besides its print options: (seed, language
    code, the parameters every part that declares one takes, e.g. qr_url for the
    Cryptic Words form)."""
    params = request.params
    shared = {key: value for key, value in params.items() if key != "seed" and value not in (None, "")}
    return params.get("seed", "1"), language(request.lang).code, shared


def kit_command(name: str, request) -> str:
    """The command that makes this kit again: every option that changed it, and
    the printkit.toml settings it used where they differ from the built-in ones."""
    import shlex

    opts = request.print
    seed, lang, overrides = kit_settings(request)
    words = ["printkit", "kit", name, "--paper", opts.paper, *opts.prepress_args()]
    if opts.ink != "color":
        words += ["--ink", opts.ink]
    if seed != "1":
        words += ["--seed", seed]
    if overrides.get("qr_url"):
        words += ["--qr-url", overrides["qr_url"]]
    for key, value in language(lang).params.items():
        words += [f"--{key}", value]
    cfg = []
    if opts.card_size != "poker":
        cfg.append(f"card_size={opts.card_size}")
    if opts.bleed != DEFAULT_BLEED:
        cfg.append(f"bleed={opts.bleed:g}")
    if opts.duplex != "long":
        cfg.append(f"duplex={opts.duplex}")
    if tuple(opts.back_offset) != (0.0, 0.0):
        cfg.append(f"back_offset={opts.back_offset[0]:g},{opts.back_offset[1]:g}")
    return shlex.join(words) + (f" (printkit.toml: {' '.join(cfg)})" if cfg else "")


SUPPLIES_COMMON = (
    (N_("Paper"), N_("every kit: the sheets counted above")),
    (N_("Scissors"), N_("every kit; or a craft knife, a metal ruler and a cutting mat")),
)


def kit_sheets(parts) -> tuple[int, int]:
    """(sheets of paper, of which card stock) to print these parts once."""
    return sum(p.sheets for p in parts), sum(p.sheets for p in parts if p.stock)


#: Index layouts from roomy to compact: (table row height mm, note size pt, gap mm).
INDEX_STYLES = ((6.0, 8.0, 5.0), (5.4, 7.5, 3.5), (5.0, 7.0, 2.5))


def write_index(summaries, request, path: Path, stage: bool = False):
    """One PDF over every kit file: pages, sheets of paper, two-sided ranges,
    supplies, then each kit's parts (rules summary included) with their
    cutting and folding notes. Drawn in the roomiest style whose last page is
    at least a third full (a tighter style saves that page), so no page is left
    mostly empty. Returns (pages, size), or (pages, staged file) with `stage`."""
    best = None
    for style in INDEX_STYLES:
        doc, fill = _index_doc(summaries, request, *style)
        if best is None or (doc.pages, -fill) < (best[0].pages, -best[1]):
            best = (doc, fill)
        if fill >= 1 / 3:
            break
    doc = best[0]
    if stage:
        return doc.pages, doc.stage(path)
    size = doc.save(path)
    return doc.pages, size


def _index_doc(summaries, request, row_mm: float, note_pt: float, gap_mm: float):
    """The index drawn in one style: (document, how full its last page is, 0-1)."""
    from printkit.engine import draw as d
    from printkit.engine import text as typeset
    from printkit.engine import fonts
    from printkit.engine.document import Document

    opts, lang = request.print, kit_settings(request)[1]
    _ = text(lang)
    command = kit_command("all", request)
    doc = Document(opts, title=_("printkit: every kit"), subject="component=index", keywords=["component:index", f"command:{command}"], command=command)
    doc.small_print = _("index of kits")
    doc.gettext = _
    c = doc.new_page()
    W, H = doc.size
    m = 15 * MM
    bottom = 16 * MM  # clear of the small print
    paper = opts.paper.upper() if opts.paper.startswith("a") else opts.paper.capitalize()
    y = d.header(doc, _("printkit: every kit"), _("{games} games, all on {paper} paper. Print at 100% (actual size), never 'fit to page'.").format(games=len(summaries), paper=paper))
    rows = [[_("File"), _("Game"), _("Pages"), _("Sheets (card)"), _("Two-sided pages")]]
    total = stock_total = 0
    for game, kit_path, pages, parts in summaries:
        sheets, stock = kit_sheets(parts)
        total, stock_total = total + sheets, stock_total + stock
        two = ", ".join(_pages(p.first, p.last) + " (" + _edge(p.two_sided, _) + ")" for p in parts if p.two_sided) or _("none")
        rows.append([kit_path.name, game.title, str(pages), f"{sheets} ({stock})", two])
    rows.append([_("Total"), "", str(sum(s[2] for s in summaries)), f"{total} ({stock_total})", ""])
    y = d.table(c, m, y - 2 * MM, [50 * MM, 32 * MM, 16 * MM, 26 * MM, W - 2 * m - 124 * MM], rows, row_h=7 * MM, size=9) - 3 * MM
    y = typeset.paragraph(c, _("Sheets: what each game needs printed once, two pages a sheet where it prints two-sided (the cover and the print guide not counted); "
                    "in brackets, how many of them are best on card stock. Every game: {sheets} sheets, {card} of them card.").format(sheets=total, card=stock_total), m, y, W - 2 * m, size=8.5) - 4 * MM
    # supplies
    c.setFillColorRGB(0, 0, 0)
    typeset.label(c, m, y - 12, _("Supplies"), font=fonts.SANS_BOLD, size=12)
    y -= 17
    needs: dict[str, list[str]] = {_(item): [_(why)] for item, why in SUPPLIES_COMMON}
    alike: dict[str, dict[str, list[str]]] = {}  # item -> what for -> the games that say so (said once for all)
    for game, *_rest in summaries:
        for item, why in getattr(game, "supplies", ()):
            alike.setdefault(_(item), {}).setdefault(_(why), []).append(game.title)
    for item, whys in alike.items():
        for why, titles in whys.items():
            needs.setdefault(item, []).append(colon(_, ", ".join(titles), why))
    if stock_total:
        needs.setdefault(_("Card stock"), []).insert(0, _("{sheets} sheets, 160–250 g/m² (or glue paper onto thin card)").format(sheets=stock_total))
    for item, whys in needs.items():  # the item in bold, then what for, wrapped beside it
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, m, y - 9, item, font=fonts.SANS_BOLD, size=9)
        y = typeset.paragraph(c, listed(_, whys), m + 34 * MM, y, W - 2 * m - 34 * MM, size=9) - 1.2 * MM
    y -= 4 * MM
    # each kit's parts, flowed: a section moves on only when its table would not fit
    row_h, gap = row_mm * MM, gap_mm * MM
    for game, kit_path, pages, parts in summaries:
        notes = [p for p in parts if p.component != "rules" and (p.note or p.advice)]
        need = 10 * MM + (len(parts) + 1) * row_h
        if y - need < bottom:
            c = doc.new_page()
            y = H - m
        c.setFillColorRGB(0, 0, 0)
        typeset.label(c, m, y - 12, f"{game.title}  ·  {kit_path.name}", font=fonts.SANS_BOLD, size=12)
        y -= 17
        rows = [[_("Part"), _("Pages"), _("Sides"), _("Sets"), _("Sheets")]]
        for p in parts:
            sheets = _("{n} card").format(n=p.sheets) if p.stock else str(p.sheets)
            rows.append([p.title, _pages(p.first, p.last), _sides(p.two_sided, _), str(p.copies), sheets])
        y = d.table(c, m, y, [W - 2 * m - 100 * MM, 22 * MM, 34 * MM, 16 * MM, 28 * MM], rows, row_h=row_h, size=8.5) - 1.5 * MM
        for p in notes:
            note = _("{title}: {text}").format(title=p.title, text=after_colon(lang, p.note or p.advice, game.title.split()))
            lines = typeset.lines("• " + note, fonts.SANS, note_pt, W - 2 * m)
            if y - len(lines) * note_pt * 1.3 < bottom:
                c = doc.new_page()
                y = H - m
            y = typeset.paragraph(c, "• " + note, m, y, W - 2 * m, size=note_pt) - 0.6 * MM
        y -= gap
    return doc, (H - m - y) / (H - m - bottom)
