"""params -> model -> rules check -> layout -> PDF, for one component.

Shared by the CLI, the kit builder and the tests. Nothing is drawn for a model
the validator rejects.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

from pathlib import Path
from typing import NamedTuple
import os
import re

from printkit.component import command_for, keeper_path
from printkit.errors import PrintkitError, RulesError, UsageError
from printkit.rules import JSON_FORMAT, Violation, run_checks


def check(component, model: dict) -> list[Violation]:
    return run_checks(model, component.checks)


def check_file(component, model: dict) -> list[Violation]:
    """A component file from a user: its structure against the component's JSON
    Schema, the rules (which report what they can read of a damaged file), and,
    when both pass, every puzzle against the one its ID makes."""
    from printkit.schema import id_violations, schema_violations

    found = schema_violations(component, model) + check(component, model)
    return found or id_violations(component, model) or _print_check(component, model)


def _print_check(component, model: dict) -> list[Violation]:
    """A file that passes every check must also print: draw it (nothing is
    written) and report what stops it."""
    from printkit.engine.units import PrintOptions

    try:
        doc = new_document(component, model, PrintOptions())
        component.render(doc, model)
        doc.pdf_bytes()
    except (PrintkitError, RecursionError, MemoryError):
        raise
    except Exception as exc:  # noqa: BLE001 - whatever the drawing code trips on, named in one line
        text = str(exc).replace("\n", " ")
        return [Violation("UNPRINTABLE", "file", f"passes the checks but cannot be drawn ({exc.__class__.__name__}: {text[:120]})")]
    return []


def build_checked(component, params: dict, strict: bool = False, warnings: list | None = None, select=None) -> dict:
    """Build the model and refuse it (RulesError, exit 1) if any rule fails.
    Warnings (craft advice, Violation.severity "warning") do not stop it: they
    are added to `warnings` for the run summary, unless `strict` makes them errors.
    `select(model) -> model` cuts it down (to some cards) before it is checked."""
    model = component.build(dict(params))
    model = {"format": JSON_FORMAT, "game": component.game, "component": component.name, **model}
    if select is not None:
        model = select(model)
    errors, advice = split(check(component, model), strict)
    if errors:
        raise RulesError(errors)
    if warnings is not None:
        warnings.extend(advice)
    return model


def split(found: list[Violation], strict: bool = False) -> tuple[list[Violation], list[Violation]]:
    """(errors, warnings); with `strict` every warning is an error as well."""
    if strict:
        return list(found), []
    return [v for v in found if not v.warning], [v for v in found if v.warning]


def warning_lines(warnings) -> list[str]:
    """The run summary's lines for warnings: each once; the same warning about
    the same element on many cards is one line naming the first card and how
    many more."""
    return [f"  warning: {line}" for line in grouped(warnings)]


def grouped(violations, same_row: bool = False) -> list[str]:
    """Violations as lines, each once; the same one on several cards is one
    line naming the first card and how many more. Warnings group across rows
    (the same element); errors (`same_row`) only the copies of one data row
    (qty 3: one line, not three)."""
    card = r"(^|: )card \d+ (?=\()" if same_row else r"(^|: )card \d+ \([^)]*\) "
    groups: dict = {}
    for v in dict.fromkeys(violations):
        key = (v.code, re.sub(card, r"\1", v.place)) + ((v.message,) if same_row else ())
        groups.setdefault(key, []).append(v)
    lines = []
    for vs in groups.values():
        more = f" (and {len(vs) - 1} more card{'s' if len(vs) > 2 else ''} like it)" if len(vs) > 1 else ""
        lines.append(f"{vs[0]}{more}")
    return lines


def small_print(component, model: dict, lang: str | None = None) -> str:
    """The small print's words for a component's model ("cryptex deck · seed 1"), in
    `lang` (default: the model's language)."""
    from printkit.i18n import model_lang, ptext, text

    lang = lang or model_lang(model)
    _ = text(lang)
    # the part's name ("deck", "form") in the language: the catalogues hold each under the
    # context "part <game>" (a game's own word: Crypticolor's tokens are cubes, Scryptic's
    # letter tokens), else under "part" (a designer's own game)
    part = ptext(lang)(f"part {component.game}", component.name)
    if part == component.name:
        part = ptext(lang)("part", component.name)
    bits = [f"{component.game} {part}"]
    ident = model.get("id") or (model.get("params") or {}).get("seed")
    if model.get("id"):
        bits.append(f"ID {ident}")
    elif ident is not None:
        # the number the part was made from (its --seed), which reprints it: "no. 1",
        # a player's word for it rather than the generator's
        bits.append(_("no. {seed}").format(seed=ident))
    return " · ".join(bits)


class WriteResult(NamedTuple):
    path: Path
    pages: int
    size: int
    how: str
    keeper: "WriteResult | None" = None  # a two-file component's second file

    def summary(self) -> str:
        kb = self.size / 1024
        where = "the PDF to standard output" if str(self.path) == "-" else self.path
        line = f"wrote {where}: {self.pages} page{'s' if self.pages != 1 else ''}, {kb:.0f} KB. {self.how}"
        if self.keeper is not None:
            line += "\n" + self.keeper.summary()
        return line


def print_advice(component, opts, include_notes: bool = True, lang: str = "en") -> str:
    from printkit.i18n import text

    _ = text(lang)  # a kit's print guide is in its language; a run's summary in English
    paper = opts.paper.upper() if opts.paper in ("a4", "a3") else opts.paper.capitalize()
    scale = _("at 100% (actual size, no 'fit to page')")
    if "cards" in component.uses:
        if opts.layout == "single":
            bleed = _("{mm} mm bleed").format(mm=f"{opts.bleed:g}") if opts.bleed else _("no bleed")
            return _("Print-shop file: one card a page with {bleed}, TrimBox and BleedBox set.").format(bleed=bleed)
        if opts.layout == "fold":
            return _("Print one-sided on {paper} {scale}; cut on the crop marks, fold each card on the dashed line (front against its back).").format(paper=paper, scale=scale)
        if opts.duplex == "none":
            return _("Print one-sided on {paper} {scale}; cut on the crop marks.").format(paper=paper, scale=scale)
        if opts.duplex == "long":
            return _("Print two-sided on {paper} {scale}, flip on the long edge; cut on the crop marks.").format(paper=paper, scale=scale)
        return _("Print two-sided on {paper} {scale}, flip on the short edge; cut on the crop marks.").format(paper=paper, scale=scale)
    note = f" {_(component.notes)}" if component.notes and include_notes else ""
    return _("Print on {paper} {scale}.").format(paper=paper, scale=scale) + note


def new_document(component, model: dict, opts, *, shared: bool = False):
    """A document for this component. `shared`: the file a two-file component
    gives away (see Component.keeper): its metadata and small print come from
    `component.public(model)` and name no command (the command holds the secret)."""
    from printkit.engine.document import Document
    from printkit.i18n import model_lang, text

    lang = model_lang(model)  # the shared file's public model may not say it
    if shared:
        model = component.public(model)
        cmd = ""
    else:
        cmd = command_for(component, model, opts)
    doc = Document(
        opts,
        title=f"{component.title} ({component.game})",
        subject=f"game={component.game}; component={component.name}; {small_print(component, model, lang)}",
        keywords=[f"game:{component.game}", f"component:{component.name}"] + ([f"command:{cmd}"] if cmd else []),
        command=cmd,
    )
    doc.small_print = small_print(component, model, lang)
    doc.gettext = text(lang)  # the engine's own printed words in the model's language
    return doc


def describe(opts) -> str:
    """pdfx.describe: the colour sentence of the run summary ('' for RGB, without
    importing the PDF/X module)."""
    if not (opts.pdfx or opts.cmyk):
        return ""
    from printkit.engine import pdfx

    return pdfx.describe(opts)


def write_component(component, model: dict, request, out: Path) -> WriteResult:
    """One component as the run request (printkit/request.py) prints it, into
    the PDF `out` (and its keeper's file beside it)."""
    opts = request.print
    if component.keeper is None:
        doc = new_document(component, model, opts)
        component.render(doc, model)
        size = doc.save(out)
        notes = list(dict.fromkeys(doc.notes))
        said = "".join(" " + n for n in notes if not n.startswith("warning: ")) + "".join("\n  " + n for n in notes if n.startswith("warning: "))
        return WriteResult(out, doc.pages, size, print_advice(component, opts) + describe(opts) + _layout_note(component, opts) + said)
    # Two files, both drawn before either is written: nothing half-written.
    from printkit.base.files import commit_all, is_stdout, stage_file

    if is_stdout(out):
        raise UsageError(f"-o -: {component.game} {component.name} writes two files (the shared one and the keeper's), not standard output")
    shared = new_document(component, model, opts, shared=True)
    component.render(shared, model)
    kept = new_document(component, model, opts)
    component.keeper(kept, model)
    data, kdata = shared.pdf_bytes(), kept.pdf_bytes()
    kout = keeper_path(out)
    staged = [stage_file(out, data)]
    try:
        staged.append(stage_file(kout, kdata))
    except BaseException:
        staged[0].abort()
        raise
    commit_all(staged)  # both or neither
    paper = print_advice(component, opts, include_notes=False) + describe(opts)
    return WriteResult(out, shared.pages, len(data), f"{paper} {component.notes}".strip(),
                       keeper=WriteResult(kout, kept.pages, len(kdata), f"{paper} {component.keeper_notes}".strip()))


def _layout_note(component, opts) -> str:
    """For card sheets: how the cards sit and what bleed they keep (the layout
    adapts to the paper, so the run says what it chose)."""
    if "cards" not in component.uses or opts.layout == "single":
        return ""
    from printkit.engine.cards import describe_layout

    return " " + describe_layout(opts)


def write_shop_pngs(component, model: dict, request, folder: Path) -> str:
    """A print shop's PNG upload of one deck in a folder of its own, swapped in whole."""
    from printkit.base.files import StagedFolder

    with StagedFolder(folder) as out:
        return shop_pngs_into(component, model, request, out, "")


def shop_pngs_into(component, model: dict, request, out, sub: str) -> str:
    """A print shop's PNG upload into the staged folder `out` (under `sub`, a
    subfolder name ending in '/', or ''): every card side at exactly the shop's
    pixel size (card plus the shop's bleed at `dpi`), rendered a page at a time;
    card-NNN-front.png, and one back.png when every card has the same back
    (else card-NNN-back.png)."""
    from printkit.engine.png import add_png
    from printkit.engine.raster import open_pdf
    from printkit.engine.shops import card_pixels

    shop, dpi = request.shop, request.target.dpi
    single = request.print._replace(layout="single", duplex="long", order="interleaved", back_offset=(0.0, 0.0), copies=1)
    doc = new_document(component, model, single)
    component.render(doc, model)
    _subfolder(out, sub)
    pdf = open_pdf(doc.pdf_file())
    try:
        sizes = [card_pixels(shop, (pdf[i].get_width(), pdf[i].get_height()), dpi) for i in range(len(pdf))]
        numbers = model.get("numbers") or range(1, len(pdf) // 2 + 1)  # a --cards selection keeps its numbers
        for i, size in enumerate(sizes):
            image = pdf[i].render(scale=dpi / 72.0).to_pil().convert("RGB")
            if image.size != size:  # pdfium may round a fraction of a pixel up
                image = image.crop((0, 0, *size)) if image.width >= size[0] and image.height >= size[1] else image.resize(size)
            add_png(out, f"{sub}card-{numbers[i // 2]:03d}-{('front', 'back')[i % 2]}.png", image, dpi)
            del image
    finally:
        pdf.close()
    shared = _one_back(out, sub, [f"{sub}card-{numbers[i // 2]:03d}-back.png" for i in range(1, len(sizes), 2)])
    n = len(sizes) // 2
    backs = "one back.png for every card (the backs are the same)" if shared else "each with its own back"
    return f"wrote the folder {_where(out, sub)}/ (PNGs, as {shop.name} takes them): {n} card{'s' if n != 1 else ''}, {backs}, each {sizes[0][0]} x {sizes[0][1]} px at {dpi} dpi. {shop.upload}" + "".join(" " + note for note in dict.fromkeys(doc.notes))


def _one_back(out, sub: str, backs: list[str]) -> bool:
    """When the back PNGs `backs` (in the staged folder) are the same bytes, keep
    one, named back.png, and remove the others. True when they were."""
    import hashlib

    if len(backs) < 2 or len({hashlib.sha256((out.part / b).read_bytes()).hexdigest() for b in dict.fromkeys(backs)}) != 1:
        return False
    os.replace(out.part / backs[0], out.part / f"{sub}back.png")
    for b in dict.fromkeys(backs[1:]):
        if b != backs[0]:
            os.remove(out.part / b)
    return True


def _subfolder(out, sub: str) -> None:
    if sub:
        os.makedirs(out.part / sub, exist_ok=True)


def _where(out, sub: str) -> str:
    return os.path.join(out.path, sub.rstrip("/")) if sub else str(out.path)


MAX_JSON_BYTES = 50 * 2**20


def load_json(name: str):
    """Read a component file as `--json` writes it; UsageError (exit 2) if it
    is not one. Returns (component, model)."""
    from printkit.games import all_games, find_game

    from printkit.base.files import check_path

    check_path(name)
    try:
        from printkit.base.files import open_regular

        with open_regular(name, "component file") as fh:  # a FIFO or device is refused, not waited on
            data = fh.read(MAX_JSON_BYTES + 1)
        if len(data) > MAX_JSON_BYTES:
            raise UsageError(f"{name}: over {MAX_JSON_BYTES // 2**20} MB, too big for a component file")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise UsageError(f"{name}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{name}: cannot read it ({exc.__class__.__name__})") from None
    try:
        import json

        model = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise UsageError(f"{name}: JSON nested too deeply to read") from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        raise UsageError(f"{name}: cannot read its JSON ({str(exc)[:100]})") from None
    if not isinstance(model, dict):
        raise UsageError(f"{name}: a component file holds one JSON object, not a {type(model).__name__}")
    game, comp = model.get("game"), model.get("component")
    found = find_game(game) if isinstance(game, str) else None
    if found is None:
        raise UsageError(f"{name}: 'game' must be one of {', '.join(all_games())}")
    if not isinstance(comp, str) or comp not in found.components:
        raise UsageError(f"{name}: 'component' must be one of {', '.join(found.components)} for {game}")
    return found.components[comp], model


def write_pngs(component, model: dict, request, folder: Path) -> str:
    """PNG export of one component into a folder of its own, swapped in whole:
    a deck's cards one by one, any other part one PNG a page."""
    from printkit.base.files import StagedFolder

    if component.keeper is not None and "cards" not in component.uses:
        return _write_keeper_pngs(component, model, request.print, folder, request.target.dpi)
    with StagedFolder(folder) as out:
        return pngs_into(component, model, request, out, "")


def pngs_into(component, model: dict, request, out, sub: str) -> str:
    """PNG export into the staged folder `out` (under `sub`): a deck's cards at
    trim size (no bleed), card-NNN-front.png and one back.png when every card
    has the same back (else card-NNN-back.png); any other part page-NNN.png."""
    from printkit.engine.raster import check_pixels, open_pdf, render_into

    opts, dpi = request.print, request.target.dpi
    _subfolder(out, sub)
    if "cards" in component.uses:
        cards = _render_cards(component, model, opts, out, sub, dpi, every_card=True)
        n = len(cards.fronts)
        backs = "one back.png for every card (the backs are the same)" if cards.shared else "each with its own back"
        return f"wrote {_where(out, sub)}/: {n} card{'s' if n != 1 else ''} as PNG at {dpi} dpi, {backs}"
    doc = new_document(component, model, opts)
    component.render(doc, model)
    pdf = open_pdf(doc.pdf_file())
    try:
        for i in range(len(pdf)):
            check_pixels(pdf.get_page_size(i), dpi, f"page {i + 1}")
        render_into(pdf, [(i, f"{sub}page-{i + 1:03d}.png") for i in range(len(pdf))], dpi, out)
        return f"wrote {_where(out, sub)}/: {len(pdf)} page(s) as PNG at {dpi} dpi"
    finally:
        pdf.close()


class CardFiles(NamedTuple):
    fronts: list  # per card (copies included), the file name of its front in the staged folder
    backs: list  # likewise its back
    shared: bool  # every card has the same back
    size: tuple  # pixels of one card


def _render_cards(component, model: dict, opts, out, sub: str, dpi: int, every_card: bool) -> CardFiles:
    """A deck's cards at trim size (no bleed) as PNGs into `out` under `sub`.
    Pages that draw the same (a shared back, a card's copies) are rendered once;
    with `every_card` each card still gets its own front file (and its own back
    file when the backs differ), else copies name their first file."""
    from PIL import Image

    from printkit.engine.raster import check_pixels, open_pdf, render_into

    opts = opts._replace(layout="single", bleed=0.0, duplex="long", order="interleaved", back_offset=(0.0, 0.0), copies=1)
    doc = new_document(component, model, opts)
    component.render(doc, model)
    keys = doc.page_keys()  # pages that draw the same (a card's copies) are rendered once
    pdf = open_pdf(doc.pdf_file())
    try:
        for i in range(len(pdf)):
            check_pixels(pdf.get_page_size(i), dpi, "a card")
        numbers = model.get("numbers") or range(1, len(pdf) // 2 + 1)  # a --cards selection keeps its numbers
        names = [f"{sub}card-{numbers[i // 2]:03d}-{('front', 'back')[i % 2]}.png" for i in range(len(pdf))]
        first: dict = {}
        for i, key in enumerate(keys):
            first.setdefault(key, i)
        render_into(pdf, [(i, names[i]) for i in range(len(pdf)) if first[keys[i]] == i], dpi, out)
        files = [names[first[keys[i]]] for i in range(len(pdf))]
        # the same back on every card (the same pixels, whatever drew them): one back.png
        shared = _one_back(out, sub, files[1::2])
        if shared:
            files[1::2] = [f"{sub}back.png"] * (len(pdf) // 2)
        if every_card:  # each card its own files: a page drawn again is the same PNG under its own name
            for i in range(len(pdf)):
                if files[i] != names[i] and not (shared and i % 2):
                    out.add(names[i], (out.part / files[i]).read_bytes())
                    files[i] = names[i]
        with Image.open(out.part / files[0]) as img:  # the size pdfium rendered (reads the header only)
            size = img.size
        return CardFiles(files[0::2], files[1::2], shared, size)
    finally:
        pdf.close()


def tabletop_into(component, model: dict, request, out, stem: str) -> str:
    """A Tabletop Simulator deck into the staged folder `out`: the faces on
    10x7 sheets (STEM-faces-N.png), the backs as one STEM-back.png (shared) or
    as sheets in the same grid (STEM-backs-N.png), a saved object STEM.json
    pointing at them by file:/// address, and STEM.png, its thumbnail in the
    Saved Objects list. The card PNGs it is made from are not kept."""
    import json
    import shutil

    from PIL import Image

    from printkit.engine.png import add_png

    from printkit.engine.raster import TABLETOP_MAX_SIDE, tabletop_layout, tabletop_rows
    from printkit.engine.tabletop import saved_object

    opts, dpi = request.print, request.target.dpi
    scratch = f".{stem}-cards/"
    _subfolder(out, scratch)
    cards = _render_cards(component, model, opts, out, scratch, dpi, every_card=False)
    n = len(cards.fronts)
    sheets = tabletop_layout(n, cards.shared)
    home = Path(os.path.abspath(out.path))  # where the files will be: their addresses in the JSON
    faces, backs, scale = [], [], 1.0
    for s, idx in enumerate(sheets, 1):
        sheet, scale = tabletop_rows(lambda i: out.part / cards.fronts[i], idx, cards.size, out.part / cards.backs[0] if cards.shared else None)
        faces.append(f"{stem}-faces-{s}.png")
        add_png(out, faces[-1], sheet, dpi * scale)
        del sheet
        if not cards.shared:  # backs differ: a back sheet in the same grid (Tabletop Simulator's "unique backs")
            sheet, _ = tabletop_rows(lambda i: out.part / cards.backs[i], idx, cards.size, None)
            backs.append(f"{stem}-backs-{s}.png")
            add_png(out, backs[-1], sheet, dpi * scale)
            del sheet
    if cards.shared:
        backs = [f"{stem}-back.png"]
        out.add(backs[0], (out.part / cards.backs[0]).read_bytes())
    with Image.open(out.part / cards.fronts[0]) as img:  # the thumbnail: the first card's face
        img = img.convert("RGB")
        img.thumbnail((256, 256), Image.LANCZOS)
        add_png(out, f"{stem}.png", img, 72)
    names = [str(row.get("name") or row.get("title") or row.get("Name") or row.get("Title") or "") if isinstance(row, dict) else "" for row in model.get("cards") or []]
    saved = saved_object(
        component.title,
        [(home / f).as_uri() for f in faces],
        [(home / f).as_uri() for f in backs],
        sheets,
        cards.shared,
        _card_mm(opts, component),
        names if len(names) == n else [""] * n,
    )
    out.add(f"{stem}.json", (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    shutil.rmtree(out.part / scratch)
    note = f" (sheets scaled to {TABLETOP_MAX_SIDE} pixels a side)" if scale < 1 else ""
    kind = "one shared back" if cards.shared else f"{len(backs)} back sheet{'s' if len(backs) != 1 else ''} (the backs differ)"
    return (f"wrote {stem}.json into {out.path}/: a Tabletop Simulator deck of {n} card{'s' if n != 1 else ''} on "
            f"{len(faces)} sheet{'s' if len(faces) != 1 else ''} of 10x7, {kind}{note}, at {dpi} dpi. Copy {stem}.json and {stem}.png into Tabletop Simulator's "
            "Saved Objects folder (docs/tabletop.md); keep this folder where it is, the deck loads its pictures from it")


def _card_mm(opts, component) -> tuple[float, float]:
    """The deck's card size (mm): a project's deck draws at its own size."""
    from printkit.engine.units import CARDS

    spec = getattr(component.render, "__self__", None)
    return CARDS[getattr(spec, "card_size", None) or opts.card_size]


def write_tabletop(component, model: dict, request, folder: Path) -> str:
    """One deck as a Tabletop Simulator deck, in a folder of its own."""
    from printkit.base.files import StagedFolder

    with StagedFolder(folder) as out:
        return tabletop_into(component, model, request, out, Path(component.output_name).stem)


def _write_keeper_pngs(component, model: dict, opts, folder: Path, dpi: int) -> str:
    """Two-file components as PNGs: the shared pages in `folder`, the owner's in a
    folder of their own (never beside the shared ones); both folders are complete
    before either is swapped in."""
    from printkit.base.files import StagedFolder, signals_held
    from printkit.engine.png import add_png
    from printkit.engine.raster import check_pixels, iter_pages, open_pdf

    shared = new_document(component, model, opts, shared=True)
    component.render(shared, model)
    kept = new_document(component, model, opts)
    component.keeper(kept, model)
    kfolder = keeper_path(folder)
    staged, counts = [], []
    try:
        for doc, where in ((shared, folder), (kept, kfolder)):
            pdf = open_pdf(doc.pdf_file())
            try:
                for i in range(len(pdf)):
                    check_pixels(pdf.get_page_size(i), dpi, f"page {i + 1}")
                out = StagedFolder(where)
                staged.append(out)
                for i, img in iter_pages(pdf, dpi):
                    add_png(out, f"page-{i + 1:03d}.png", img, dpi)
                counts.append(len(pdf))
            finally:
                pdf.close()
        with signals_held():
            staged[0].commit()
            staged[1].commit()
    except BaseException:
        for out in staged:
            out.abort()
        raise
    return (f"wrote {folder}/: {counts[0]} page(s) as PNG at {dpi} dpi. {component.notes}\n"
            f"wrote {kfolder}/: {counts[1]} page(s) as PNG at {dpi} dpi. {component.keeper_notes}")
