"""The jobs of the built-in games: one component (PDF, PNG or JSON), whole kits,
the duplex calibration sheet, previews of a PDF, checking component files.

Each takes plain values and an `echo(text, err=False, nl=True)` for its report;
nothing here parses command-line words or knows HTTP.
"""

from __future__ import annotations

from pathlib import Path

from printkit.app.options import back_offset, check_fit, defaults, use_jobs
from printkit.errors import UsageError


def begin_run() -> None:
    """Start a run: forget the files a previous run committed, and the number of
    processes the previous run used."""
    from printkit.base import files, workers

    files.COMMITTED.clear()
    workers.set_jobs(None)


def committed() -> list[str]:
    """The files this run has put in place (complete), for a report on interruption."""
    from printkit.base import files

    return list(files.COMMITTED)


def add_words(path, lang: str | None = None) -> None:
    """Add a user's word list (one word a line) to the acceptance list of the
    run's language."""
    if path:
        from printkit import words as wordlists

        wordlists.add_user_words(path, lang)


def default_output(name: str) -> Path:
    """Where a file goes when no -o is given: printkit.toml's output folder."""
    return Path(defaults().get("output")) / name


def check_png_output(output, shop=None, fmt: str = "png") -> None:
    """PNGs go into a folder: refuse an -o that names a file (deck.pdf) rather
    than write a folder called deck.pdf/."""
    if output and output != "-" and Path(output).suffix.lower() in (".pdf", ".png", ".jpg", ".zip", ".json"):
        if fmt == "tabletop":
            what = "--format tabletop writes the sheets and the saved object (.json)"
        elif shop is not None and shop.pixels:
            what = f"--shop {shop.key} takes one PNG a card side ({shop.pixels[0]} x {shop.pixels[1]} px)"
        else:
            what = "--format png writes one PNG a card or page"
        raise UsageError(f"-o {output}: {what}, into a folder; give -o a folder name (-o {Path(output).with_suffix('')}) or leave -o out")


def target_name(stem: str, fmt: str, shop=None, suffix: str = "") -> str:
    """The file or folder name of an export when no -o is given: each target its
    own, so that no target overwrites another's (`stem`-thegamecrafter/,
    -makeplayingcards/, -drivethrucards.pdf, -mbprint.pdf, -png/, -tabletop/;
    a plain PDF keeps `stem`.pdf)."""
    if shop is not None:
        return f"{stem}-{shop.key}{suffix if not shop.pixels else ''}"
    if fmt in ("png", "tabletop"):
        return f"{stem}-{fmt}"
    return f"{stem}{suffix}"


def check_image_target(request, is_deck: bool = True) -> None:
    """What PNG and tabletop exports cannot do, refused before any work."""
    fmt, output = request.target.format, request.target.path
    if fmt not in ("png", "tabletop"):
        return
    if output == "-":
        raise UsageError(f"-o -: --format {fmt} writes a folder, not standard output")
    if request.print.copies != 1:
        raise UsageError(f"--copies: --format {fmt} writes each card once (copies are for printing)")
    if fmt == "tabletop":
        if not is_deck:
            raise UsageError("--format tabletop makes a Tabletop Simulator deck: use it with a deck")
        if request.cards:
            raise UsageError("--cards: --format tabletop writes the whole deck (a tabletop deck of a few cards would not be the game); leave --cards out")
    check_png_output(output, request.shop, fmt)


def make_component(component, request, echo) -> None:
    """One component as the run request (printkit/request.py) asks: built,
    checked (RulesError if the rules fail), then drawn and written as a PDF, a
    PNG folder or JSON."""
    from printkit.base.progress import reporting

    with use_jobs(request.jobs), reporting(request.progress):
        _make_component(component, request, echo)


def _make_component(component, request, echo) -> None:
    from printkit import build
    from printkit.component import check_language
    from printkit.games import find_game
    from printkit.lang import language

    target, opts, shop, cards = request.target, request.print, request.shop, request.cards
    check_image_target(request, "cards" in component.uses)
    add_words(request.words, request.lang)
    if "cards" in component.uses and target.format == "pdf" and not target.json:
        check_fit(opts)  # a card larger than the paper: one line saying what holds it
    game = find_game(component.game)
    if game is not None:  # a built-in game (your own games are printed as written)
        check_language(game, request.lang)
    # the language as the model keeps it (lang.Language.params: the unmarked one adds nothing)
    params = {**request.params, **language(request.lang).params}
    warnings: list = []
    model = build.build_checked(component, params, opts.strict, warnings, (lambda m: select_cards(m, cards)) if cards else None)
    if target.json:
        write_json(component, model, target.path, echo)
        return
    stem = Path(component.output_name).stem
    fmt = target.format
    if target.images:
        folder = Path(target.path) if target.path else default_output(target_name(stem, fmt, shop))
        if fmt == "tabletop":
            echo(build.write_tabletop(component, model, request, folder))
        elif shop is not None and shop.pixels:
            echo(build.write_shop_pngs(component, model, request, folder))
        else:
            echo(build.write_pngs(component, model, request, folder))
        for line in build.warning_lines(warnings):
            echo(line)
        return
    to_stdout = target.stdout
    out = "-" if to_stdout else Path(target.path) if target.path else default_output(target_name(stem, fmt, shop, ".pdf"))
    result = build.write_component(component, model, request, out)
    echo(result.summary(), err=to_stdout)  # with -o -, standard output is the PDF
    for line in build.warning_lines(warnings):
        echo(line, err=to_stdout)
    if shop is not None:
        from printkit.engine.shops import describe

        echo(describe(shop), err=to_stdout)
    if component.report:
        echo(component.report(model), err=to_stdout)


def write_json(component, model: dict, output, echo) -> None:
    """The model as JSON: into the file `output` (as validate reads it), else echoed."""
    from printkit.base.shelf import json_pieces  # json.dumps(model, indent=2, ensure_ascii=False), piece by piece

    if output and output != "-":  # -o names the JSON file
        from printkit.base import files

        def write(sink) -> None:
            for piece in json_pieces(model):
                sink.write(piece.encode("utf-8"))
            sink.write(b"\n")

        files.commit_one(files.stage_with(output, write))
        echo(f"wrote {output}: the {component.title} as JSON (printkit validate {output} checks it)")
        return
    for piece in json_pieces(model):
        echo(piece, nl=False)
    echo("")


def make_kits(name: str, games: list, request, echo) -> None:
    """`name`'s kit (or every kit and the index, for 'all') into a folder, or one
    kit into the request's target ending in .pdf. The kit's own parameters
    (`seed`, `qr_url`) are the request's params."""
    from printkit import kit
    from printkit.base.progress import reporting
    from printkit.component import check_language

    output, opts = request.target.path, request.print
    if output == "-":
        raise UsageError("-o -: a kit is written into a folder, not standard output")
    if any("cards" in c.uses for game in games for c in game.components.values()):
        check_fit(opts, layouts=False, where=f"card_size {opts.card_size} ({defaults().sources.get('card_size', 'default')}): ")  # printkit.toml's card size on this paper
    folder, file = Path(output) if output else Path(defaults().get("output")), None
    # -o FILE.pdf writes the one kit to that file; any other -o is the folder to write into
    if output and output.lower().endswith(".pdf") and not Path(output).is_dir():
        if name == "all":
            raise UsageError(f"-o {output}: 'kit all' writes a file per game and index.pdf; give -o a folder")
        folder, file = Path(output).parent, Path(output)
    for game in games:
        check_language(game, request.lang)
    with use_jobs(request.jobs), reporting(request.progress):
        kit.build_kits(games, request, folder, all_games=(name == "all"), echo=echo, file=file)


def calibrate(echo, output=None, paper=None, duplex=None, offset=None) -> None:
    """The two-sided test sheet that measures how far backs land from fronts."""
    from printkit.engine.calibrate import draw_calibration
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    cfg = defaults()
    duplex = duplex or (cfg.get("duplex") if cfg.get("duplex") != "none" else "long")
    opts = PrintOptions(paper=(paper or cfg.get("paper")).lower(), duplex=duplex, back_offset=back_offset(offset or cfg.get("back_offset")))
    cmd = " ".join(["printkit", "calibrate", "--paper", opts.paper, "--duplex", duplex, "--back-offset", f"{opts.back_offset[0]:g},{opts.back_offset[1]:g}"])
    doc = Document(opts, title="printkit duplex calibration", subject="component=calibrate", keywords=[f"command:{cmd}"], command=cmd)
    doc.small_print = "duplex calibration"
    draw_calibration(doc, duplex)
    out = output if output == "-" else Path(output) if output else Path(cfg.get("output")) / "calibrate.pdf"
    size = doc.save(out)
    echo(f"wrote {'the PDF to standard output' if out == '-' else out}: {doc.pages} pages, {size / 1024:.0f} KB. Print two-sided at 100%, flip on the {duplex} edge; read the back's scales against a window.", err=out == "-")


def preview(pdf: str, echo, output=None, dpi: int = 100, pages=None) -> None:
    """PNG previews of a PDF's pages (any PDF), a page at a time, into a folder swapped in whole."""
    from printkit.base.files import StagedFolder, check_path, shown
    from printkit.engine.png import add_png
    from printkit.engine.raster import check_pixels, iter_pages, open_pdf

    src = Path(check_path(pdf))
    if not src.is_file():
        raise UsageError(f"{shown(pdf)}: " + ("not a regular file" if src.exists() else "no such file"))
    try:
        doc = open_pdf(str(src))
    except Exception as exc:  # pdfium's error for a file that is not a PDF
        raise UsageError(f"{shown(pdf)}: not a PDF it can read ({exc.__class__.__name__})") from None
    try:
        total = len(doc)
        ranges = number_ranges(pages, total, "--pages", "page", "the PDF") if pages else [(0, total)]
        count = sum(b - a for a, b in ranges)
        for a, b in ranges:  # every page's size, without rendering it
            for i in range(a, b):
                check_pixels(doc.get_page_size(i), dpi, f"page {i + 1}")
        folder = Path(output) if output else src.with_name(src.stem + "-preview")
        wanted = (i for a, b in ranges for i in range(a, b))
        with StagedFolder(folder) as out:
            for i, img in iter_pages(doc, dpi, wanted):
                add_png(out, f"page-{i + 1:03d}.png", img, dpi)
    finally:
        doc.close()
    echo(f"wrote {count} PNG page{'s' if count != 1 else ''} at {dpi} dpi into {folder}/")


def number_ranges(text: str, total: int, option: str = "--pages", noun: str = "page", whole: str = "the PDF") -> list[tuple[int, int]]:
    """`1,3-5` as 0-based half-open ranges, each checked against `total` items
    before anything is expanded; overlaps joined, so each item comes once."""
    from printkit.base.files import shown

    out: list[tuple[int, int]] = []
    for part in str(text).split(","):
        try:
            if "-" in part:
                a, b = (int(v) for v in part.split("-"))
            else:
                a = b = int(part)
        except ValueError:
            raise UsageError(f"{option} must look like 1,3-5, not '{shown(text, 40)}'") from None
        if a < 1 or b < 1:
            raise UsageError(f"{option} {shown(text, 40)}: {noun}s count from 1")
        if a > b:
            raise UsageError(f"{option} {shown(part, 40)}: a range runs from the lower {noun} to the higher")
        if b > total:
            raise UsageError(f"{option} {shown(text, 40)}: {noun} {shown(b, 20)} is not in {whole} ({total} {noun}{'s' if total != 1 else ''})")
        out.append((a - 1, b))
    merged: list[tuple[int, int]] = []
    for a, b in sorted(out):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def schema_text(game: str, component: str) -> str:
    """The JSON Schema of a component file (what --json writes), as indented JSON."""
    import json

    from printkit.games import all_games, find_game
    from printkit.schema import load_schema

    found = find_game(game)
    if found is None:
        raise UsageError(f"no game '{game}' (games: {', '.join(all_games())})")
    if component not in found.components:
        raise UsageError(f"{game} has no component '{component}' (components: {', '.join(found.components)})")
    schema = load_schema(found.name, component)
    if schema is None:
        raise UsageError(f"{game} {component}: no schema shipped for it")
    return json.dumps(schema, indent=2, sort_keys=True)


def select_cards(model: dict, text: str) -> dict:
    """A deck's model cut down to the cards `text` names ('3,7-9', numbered
    from 1 in the deck's order, qty repeats counted); each keeps its number
    (`numbers`), and the command recorded in the PDF names the selection."""
    cards = model.get("cards")
    if not isinstance(cards, list) or "columns" not in model:
        raise UsageError("--cards picks cards of your own deck (deck --data ..., or make GAME.toml --only DECK)")
    ranges = number_ranges(text, len(cards), "--cards", "card", "the deck")
    chosen = [i for a, b in ranges for i in range(a, b)]
    places = model.get("places") or [f"card {i + 1}" for i in range(len(cards))]
    params = {**(model.get("params") or {}), "cards": ",".join(str(a + 1) if b == a + 1 else f"{a + 1}-{b}" for a, b in ranges)}
    return {**model, "params": params, "cards": [cards[i] for i in chosen], "places": [places[i] for i in chosen], "numbers": [i + 1 for i in chosen]}
