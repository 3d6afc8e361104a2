"""Hostile and careless input through the real CLI (issue 13, issue 10 point 7):
every bad value refused in one line with exit 2, environment faults named, files
never half-replaced, memory bounded."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, run_cli, run_inproc, run_process


def one_line_refusal(proc, *needles: str) -> str:
    """Exit 2, exactly one line on stderr naming what was wrong, no traceback."""
    err = proc.stderr.strip()
    assert proc.returncode == 2, (proc.returncode, proc.stderr[:500])
    assert "\n" not in err and "Traceback" not in err and "internal error" not in err, err[:500]
    assert len(err) < 400, err[:500]
    for n in needles:
        assert n in err, (n, err)
    return err


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def dead_pid() -> int:
    pid = 4_000_000
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except OSError:
            pass
        pid += 1


# -- numbers: finite and in range, or refused ---------------------------------------

@pytest.mark.parametrize(
    "args, needle",
    [
        (["deck", "cryptex", "--bleed", "nan"], "--bleed"),
        (["deck", "cryptex", "--bleed", "inf"], "--bleed"),
        (["deck", "cryptic-words", "--bleed", "NaN"], "--bleed"),
        (["deck", "cryptex", "--bleed", "-0.5"], "0 to 6"),
        (["deck", "cryptex", "--bleed", "1e400"], "--bleed"),
        (["deck", "cryptex", "--back-offset", "nan,nan"], "--back-offset"),
        (["deck", "cryptex", "--back-offset", "0,inf"], "-20 to 20"),
        (["deck", "cryptex", "--back-offset", "21,0"], "-20 to 20"),
        (["deck", "cryptex", "--back-offset", "1"], "--back-offset"),
        (["calibrate", "--back-offset", "nan,nan"], "--back-offset"),
        (["deck", "cryptex", "--copies", "9" * 5000], "--copies"),
        (["puzzle", "cryptex", "--count", "-1"], "--count"),
        (["deck", "cryptex", "--dpi", "5000", "--format", "png"], "--dpi"),
    ],
)
def test_bad_numbers_refused_in_one_line(workdir, args, needle):
    proc = run_inproc(*args, "-o", "x.pdf", cwd=workdir)
    one_line_refusal(proc, needle)
    assert not (workdir / "x.pdf").exists()


@pytest.mark.parametrize(
    "toml, needle",
    [
        ("back_offset = [nan, nan]", "back_offset"),
        ('back_offset = "nan,1"', "back_offset"),
        ("bleed = nan", "bleed"),
        ("bleed = inf", "bleed"),
        ("bleed = 1" + "0" * 5000, "printkit.toml"),
        ("printkit = 5", "[printkit]"),
        ("[printkit]\nbleed = true", "bleed"),
        ('output = "a\\u0000b"', "NUL"),
        ("paper = [[[[1]]]]", "paper"),
        ("a = " + "[" * 3000 + "]" * 3000, "printkit.toml"),
    ],
)
def test_bad_config_refused_in_one_line(workdir, toml, needle):
    (workdir / "printkit.toml").write_text(toml + "\n")
    one_line_refusal(run_inproc("deck", "cryptex", "--json", cwd=workdir), needle)


def test_huge_config_value_not_echoed_whole(workdir):
    (workdir / "printkit.toml").write_text('paper = "' + "x" * 1_000_000 + '"\n')
    err = one_line_refusal(run_inproc("sheet", "cryptex", cwd=workdir), "paper")
    assert len(err) < 300


def test_validate_deep_or_huge_json_refused(workdir):
    (workdir / "deep.json").write_text("[" * 10_000 + "]" * 10_000)
    (workdir / "num.json").write_text('{"game": "cryptex", "n": ' + "9" * 5000 + "}")
    one_line_refusal(run_inproc("validate", "deep.json", cwd=workdir), "deep.json", "nested")
    one_line_refusal(run_inproc("validate", "num.json", cwd=workdir), "num.json")


def test_endless_inputs_end_quickly_in_one_line(workdir):
    one_line_refusal(run_inproc("sheet", "cryptex", "--words", "/dev/zero", cwd=workdir), "/dev/zero")
    one_line_refusal(run_inproc("validate", "/dev/zero", cwd=workdir), "/dev/zero", "device")
    one_line_refusal(run_inproc("preview", "/dev/zero", cwd=workdir), "/dev/zero", "not a regular file")


def test_pages_range_checked_before_expansion(workdir):
    run_inproc("sheet", "cryptex", "-o", "s.pdf", cwd=workdir, check=True)
    one_line_refusal(run_inproc("preview", "s.pdf", "--pages", "1-999999999", cwd=workdir), "999999999", "1 page")
    one_line_refusal(run_inproc("preview", "s.pdf", "--pages", "3-2", cwd=workdir), "--pages")
    one_line_refusal(run_inproc("preview", "s.pdf", "--dpi", "1200", cwd=workdir), "--dpi", "limit")
    assert listing(workdir) == ["s.pdf"]


# -- writes --------------------------------------------------------------------------

def test_new_file_mode_follows_umask_and_overwrite_keeps_mode(workdir):
    old = os.umask(0o027)
    try:
        run_inproc("sheet", "cryptex", "-o", "new.pdf", cwd=workdir, check=True)
        assert stat.S_IMODE((workdir / "new.pdf").stat().st_mode) == 0o640
        os.chmod(workdir / "new.pdf", 0o604)
        run_inproc("sheet", "cryptex", "--paper", "letter", "-o", "new.pdf", cwd=workdir, check=True)
        assert stat.S_IMODE((workdir / "new.pdf").stat().st_mode) == 0o604
        run_inproc("sheet", "cryptex", "--format", "png", "--dpi", "36", "-o", "pngs", cwd=workdir, check=True)
        assert stat.S_IMODE((workdir / "pngs").stat().st_mode) == 0o750
        assert stat.S_IMODE((workdir / "pngs" / "page-001.png").stat().st_mode) == 0o640
    finally:
        os.umask(old)
    assert listing(workdir) == ["new.pdf", "pngs"]


def test_fifo_refused_and_left_alone_symlink_followed(workdir):
    fifo = workdir / "pipe"
    os.mkfifo(fifo)
    one_line_refusal(run_inproc("sheet", "cryptex", "-o", "pipe", cwd=workdir), "pipe", "FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    one_line_refusal(run_inproc("sheet", "cryptex", "-o", "/dev/null", cwd=workdir), "/dev/null", "device")
    real = workdir / "real.pdf"
    real.write_bytes(b"old")
    (workdir / "link.pdf").symlink_to("real.pdf")
    run_inproc("sheet", "cryptex", "-o", "link.pdf", cwd=workdir, check=True)
    assert (workdir / "link.pdf").is_symlink()
    assert real.read_bytes().startswith(b"%PDF") and len(PdfReader(real).pages) == 1
    assert listing(workdir) == ["link.pdf", "pipe", "real.pdf"]


def test_png_never_replaces_a_file_with_a_folder(workdir):
    run_inproc("sheet", "cryptex", "-o", "out.pdf", cwd=workdir, check=True)
    before = (workdir / "out.pdf").read_bytes()
    one_line_refusal(run_inproc("sheet", "cryptex", "--format", "png", "-o", "out.pdf", cwd=workdir), "out.pdf", "folder")
    assert (workdir / "out.pdf").read_bytes() == before
    assert listing(workdir) == ["out.pdf"]


def test_stale_part_files_of_a_killed_run_removed(workdir):
    pid = dead_pid()
    stale = [workdir / f".out.pdf.{pid}-0badc0de.part", workdir / ".out.pdf.k3j4h5g6.part"]
    for p in stale:
        p.write_bytes(b"half a PDF")
    keep = workdir / ".other.pdf.1-0badc0de.part"  # another target's: not ours to remove
    keep.write_bytes(b"x")
    run_inproc("sheet", "cryptex", "-o", "out.pdf", cwd=workdir, check=True)
    assert listing(workdir) == [keep.name, "out.pdf"]


def test_killed_folder_swap_recovered(workdir):
    """A run killed between the two renames of a folder swap (systems without an
    atomic exchange) leaves the old folder aside: it is put back, never lost."""
    from printkit.base import files

    pid = dead_pid()
    aside = workdir / f".pngs.{pid}-00aa11bb.old"
    aside.mkdir()
    (aside / "page-001.png").write_bytes(b"old png")
    half = workdir / f".pngs.{pid}-00aa11cc.part"
    half.mkdir()
    files.clean_leftovers(workdir / "pngs")
    assert listing(workdir) == ["pngs"] and (workdir / "pngs" / "page-001.png").read_bytes() == b"old png"


def test_png_folder_replaced_whole(workdir, monkeypatch):
    from printkit.base import files

    run_inproc("sheet", "cryptex", "--format", "png", "--dpi", "36", "-o", "pngs", cwd=workdir, check=True)
    (workdir / "pngs" / "mine.txt").write_text("old set")
    for exchange in (True, False):  # the atomic exchange, then the two-rename fallback
        if not exchange:
            monkeypatch.setattr(files, "_exchange", lambda a, b: False)
        run_inproc("sheet", "cryptex", "--format", "png", "--dpi", "36", "-o", "pngs", cwd=workdir, check=True)
        assert listing(workdir / "pngs") == ["page-001.png"]
        assert listing(workdir) == ["pngs"]


def test_stdout_gets_the_pdf_and_stderr_the_summary(workdir):
    proc = run_inproc("sheet", "cryptex", "-o", "-", cwd=workdir, check=True)
    assert proc.stdout_bytes.startswith(b"%PDF-") and proc.stdout_bytes.rstrip().endswith(b"%%EOF")
    assert "standard output" in proc.stderr
    assert listing(workdir) == []
    one_line_refusal(run_inproc("sheet", "cryptex", "--format", "png", "-o", "-", cwd=workdir), "-o -")


def test_unwritable_folder_named_with_the_real_cause(workdir, monkeypatch):
    """'cannot write rodir/new.pdf: permission denied': the user's path, never a
    temporary name. Root ignores permissions, so the refusal is simulated there."""
    ro = workdir / "rodir"
    ro.mkdir()
    os.chmod(ro, 0o555)
    try:
        if os.geteuid() == 0:
            real_open = os.open

            def deny(path, *a, **k):
                if "rodir" in str(path):
                    raise PermissionError(errno.EACCES, "Permission denied", str(path))
                return real_open(path, *a, **k)

            monkeypatch.setattr(os, "open", deny)
        err = one_line_refusal(run_inproc("sheet", "cryptex", "-o", "rodir/new.pdf", cwd=workdir), "cannot write rodir/new.pdf: permission denied")
        assert ".part" not in err
    finally:
        os.chmod(ro, 0o755)
    assert listing(ro) == []


def test_disk_full_keeps_previous_file(workdir, monkeypatch):
    target = workdir / "out.pdf"
    target.write_bytes(b"previous")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    one_line_refusal(run_inproc("sheet", "cryptex", "-o", "out.pdf", cwd=workdir), "cannot write out.pdf: no space left on device")
    assert target.read_bytes() == b"previous" and listing(workdir) == ["out.pdf"]


def test_sigterm_cleans_up_like_ctrl_c(workdir, monkeypatch):
    """SIGTERM (and SIGHUP) mid-write: temporary file removed, previous file kept,
    exit 128+15."""
    from printkit.base import files

    target = workdir / "out.pdf"
    target.write_bytes(b"previous")
    real_finish = files.StagedFile.finish

    def killed(self):
        os.kill(os.getpid(), signal.SIGTERM)
        return real_finish(self)

    monkeypatch.setattr(files.StagedFile, "finish", killed)
    proc = run_inproc("sheet", "cryptex", "-o", "out.pdf", cwd=workdir)
    assert proc.returncode == 128 + signal.SIGTERM and "interrupted, nothing written" in proc.stderr
    assert target.read_bytes() == b"previous" and listing(workdir) == ["out.pdf"]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL or signal.getsignal(signal.SIGTERM) is not None


def test_kit_all_writes_the_whole_set_or_none(workdir, monkeypatch):
    """An interrupt after some kits are drawn replaces none of them."""
    from printkit import kit
    from printkit.engine.units import PrintOptions
    from printkit.request import Request
    from printkit.games import all_games

    games = [g for g in all_games().values() if g.kit][:2]
    for g in games:
        (workdir / f"{g.name}-kit.pdf").write_bytes(b"old kit")

    def one_page(doc, game, *args, **kwargs):
        doc.new_page()
        doc.kit_rules = None
        return []

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(kit, "draw_kit", one_page)
    monkeypatch.setattr(kit, "write_index", interrupted)
    with pytest.raises(KeyboardInterrupt):
        kit.build_kits(games, Request(PrintOptions()), workdir, all_games=True, echo=lambda *a, **k: None)
    assert listing(workdir) == sorted(f"{g.name}-kit.pdf" for g in games)
    assert all((workdir / f"{g.name}-kit.pdf").read_bytes() == b"old kit" for g in games)
    monkeypatch.undo()
    monkeypatch.setattr(kit, "draw_kit", one_page)
    kit.build_kits(games, Request(PrintOptions()), workdir, all_games=False, echo=lambda *a, **k: None)
    assert all((workdir / f"{g.name}-kit.pdf").read_bytes().startswith(b"%PDF") for g in games)


def test_recorded_command_and_advice_carry_every_option(workdir):
    from printkit.kit import kit_command
    from printkit.engine.units import PrintOptions
    from printkit.request import Request

    run_inproc("puzzle", "cryptex", "--seed", "s7", "--ink", "mono", "-o", "p.pdf", cwd=workdir, check=True)
    keywords = PdfReader(workdir / "p.pdf").metadata["/Keywords"]
    assert "--id CX-" in keywords and "--ink mono" in keywords  # the seed's puzzle, by its ID
    cmd = kit_command("cryptex", Request(PrintOptions(ink="mono", bleed=2.0), params={"seed": "S"}))
    assert "--seed S" in cmd and "--ink mono" in cmd and "bleed=2" in cmd
    proc = run_inproc("deck", "cryptex", "--layout", "single", "--bleed", "1.5", "--back-offset", "0.5,-1", "-o", "d.pdf", cwd=workdir, check=True)
    assert "1.5 mm bleed" in proc.stdout
    keywords = PdfReader(workdir / "d.pdf").metadata["/Keywords"]
    assert "--bleed 1.5" in keywords and "--back-offset 0.5,-1" in keywords and "--layout single" in keywords


def test_real_entry_point_refuses_and_writes_stdout(workdir):
    """Two real subprocess runs: a NaN refused, and `-o -` piping the PDF."""
    one_line_refusal(run_process("deck", "cryptex", "--bleed", "nan", cwd=workdir), "--bleed")
    proc = subprocess.run([sys.executable, "-m", "printkit", "sheet", "cryptex", "-o", "-"], cwd=workdir, capture_output=True, env={**os.environ, "XDG_CONFIG_HOME": str(workdir / "nocfg"), "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0 and proc.stdout.startswith(b"%PDF-") and b"standard output" in proc.stderr


# -- puzzle IDs: strict, with a check character -------------------------------------

ID_GAMES = [("cryptex", "CX", ""), ("cryptic-words", "CW", "5"), ("crypticolor", "CY", "R"), ("crypto-crisis", "CC", "M")]


@pytest.mark.parametrize("game, prefix, params", ID_GAMES)
def test_mistyped_or_malformed_ids_refused(workdir, game, prefix, params):
    from printkit.puzzles import ALPHABET, format_id

    good = format_id(prefix, params, "7QK2M9XA")
    mid = f"{params}-" if params else ""
    typo = good[:-3] + ALPHABET[(ALPHABET.index(good[-3]) + 1) % 32] + good[-2:]
    swapped = good[:-3] + good[-2] + good[-3] + good[-1]
    cases = {
        typo: "mistyped",
        swapped: "mistyped",
        f"{prefix}-{mid}7QK2M9XA": "no check character",  # an ID printed before the check character
        "": "empty",
        f"{prefix}-ANYTHING-7QK2M9XA": prefix,
        f"{prefix}--{good.split('-')[-1]}": prefix,
        f"{prefix}-Q-{good.split('-')[-1]}": "setting",
        "XX-" + good.split("-", 1)[1]: f"{prefix} puzzle ID",
    }
    for ident, needle in cases.items():
        if ident == swapped and swapped == good:
            continue
        one_line_refusal(run_inproc("puzzle", game, "--id", ident, "--json", cwd=workdir), "--id", needle)


@pytest.mark.parametrize("extra", [["--difficulty", "hard"], ["--seed", "5"], ["--count", "2"]])
def test_options_that_contradict_an_id_refused(workdir, extra):
    from printkit.puzzles import format_id

    ident = format_id("CC", "M", "7QK2M9XA")
    one_line_refusal(run_inproc("puzzle", "crypto-crisis", "--id", ident, *extra, "--json", cwd=workdir), "--id", extra[0])


def test_id_check_catches_every_single_typo_and_swap():
    """Exhaustive over a sample of IDs: every one-character substitution and every
    swap of two neighbours is refused."""
    import random

    from printkit.errors import UsageError
    from printkit.puzzles import ALPHABET, format_id, parse_id

    rng = random.Random(13)
    for prefix, params in (("CX", ""), ("CC", "H"), ("CY", "ER")):
        for _ in range(20):
            good = format_id(prefix, params, "".join(rng.choice(ALPHABET) for _ in range(8)))
            assert parse_id(good.lower(), prefix)[0] == params
            bad = {good[:i] + ch + good[i + 1:] for i in range(len(prefix) + 1, len(good)) if good[i] != "-" for ch in ALPHABET if ch != good[i]}
            bad |= {good[:i] + good[i + 1] + good[i] + good[i + 2:] for i in range(len(good) - 1) if "-" not in good[i:i + 2] and good[i] != good[i + 1]}
            for ident in bad:
                with pytest.raises(UsageError):
                    parse_id(ident, prefix, allowed={params})


# -- memory: a ceiling on a real process --------------------------------------------

def test_preview_of_many_big_pages_stays_under_a_memory_ceiling(workdir):
    """12 pages of 2400 x 2400 pt rendered at 72 dpi: 17 MB an image, over 200 MB
    if they were all held at once (as before). With the address space capped at
    300 MB the preview must still finish: pages are rendered and written one at a
    time."""
    import resource

    from reportlab.pdfgen.canvas import Canvas

    pdf = workdir / "big.pdf"
    c = Canvas(str(pdf), pagesize=(2400, 2400))
    for n in range(12):
        c.drawString(100, 100, f"page {n + 1}")
        c.showPage()
    c.save()

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CEILING, MEMORY_CEILING))

    env = {**os.environ, "XDG_CONFIG_HOME": str(workdir / "nocfg"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "printkit", "preview", "big.pdf", "--dpi", "72"], cwd=workdir, env=env, capture_output=True, text=True, preexec_fn=cap, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert len(list((workdir / "big-preview").iterdir())) == 12


MEMORY_CEILING = 300 * 2**20


# -- validate: structure, and every puzzle against its ID ---------------------------

def _validate(workdir, model, name="m.json"):
    import json

    (workdir / name).write_text(json.dumps(model))
    return run_inproc("validate", name, cwd=workdir)


@pytest.fixture(scope="module")
def cc_model():
    from printkit import build
    from printkit.games import get_game
    from printkit.kit import default_params

    comp = get_game("crypto-crisis").components["puzzle"]
    return build.build_checked(comp, {**default_params(comp, "hostile"), "count": 2})


def test_schema_published_and_strict(workdir):
    import json

    import jsonschema

    proc = run_inproc("schema", "cryptex", "deck", cwd=workdir, check=True)
    schema = json.loads(proc.stdout)
    assert schema["additionalProperties"] is False and "cards" in schema["required"]
    symbols = schema["properties"]["cards"]["items"]["properties"]["symbols"]
    assert symbols["minItems"] == symbols["maxItems"] == 5
    deck = json.loads(run_inproc("deck", "cryptex", "--json", cwd=workdir, check=True).stdout)
    jsonschema.validate(deck, schema)
    one_line_refusal(run_inproc("schema", "cryptex", "nothing", cwd=workdir), "nothing")


def test_validate_reports_structural_damage_and_ids_that_do_not_fit(workdir, cc_model):
    import copy

    from printkit.puzzles import format_id

    assert _validate(workdir, cc_model).returncode == 0
    cases = {}
    m = copy.deepcopy(cc_model)
    m["puzzles"] = []
    cases["empty puzzles"] = (m, "SCHEMA")
    m = copy.deepcopy(cc_model)
    m["puzzles"][0]["id"] = format_id("CC", m["puzzles"][0]["id"].split("-")[1], "7QK2M9XA")  # a valid ID, another puzzle
    cases["swapped token"] = (m, "ID-CONTENT")
    m = copy.deepcopy(cc_model)
    m["puzzles"][0]["id"], m["puzzles"][1]["id"] = m["puzzles"][1]["id"], m["puzzles"][0]["id"]
    cases["swapped IDs"] = (m, "puzzle 1")
    m = copy.deepcopy(cc_model)
    m["puzzles"] = m["puzzles"][:1]
    m["id"] = cc_model["puzzles"][1]["id"]
    cases["top-level id not the puzzle's"] = (m, "ID-MISMATCH")
    m = copy.deepcopy(cc_model)
    cand = m["puzzles"][0]["candidates"]["none"]["blue"]
    cand.append(list(cand[0]))
    cases["edited candidates"] = (m, "puzzle 1")
    m = copy.deepcopy(cc_model)
    m["puzzles"][1]["words"][0]["tiles"] = 5
    cases["type swap"] = (m, "SCHEMA")
    m = copy.deepcopy(cc_model)
    m["extra"] = 1
    cases["unknown key"] = (m, "SCHEMA")
    for label, (model, needle) in cases.items():
        proc = _validate(workdir, model)
        assert proc.returncode == 1 and needle in proc.stdout, (label, proc.stdout[:500])


def _mutations(model, per_array: int = 2):
    """(label, mutated model): every key deleted, every value swapped for each
    other JSON type, every array emptied (the first `per_array` elements of each
    array only)."""
    import copy

    swaps = [None, True, 7, 2.5, "x", [], {}]

    def paths(v, path=()):
        yield path
        if isinstance(v, dict):
            for k in v:
                yield from paths(v[k], path + (k,))
        elif isinstance(v, list):
            for i, x in enumerate(v[:per_array]):
                yield from paths(x, path + (i,))

    def at(m, path):
        for p in path:
            m = m[p]
        return m

    for path in paths(model):
        if not path or path[0] in ("format", "game", "component"):
            continue
        parent = path[:-1]
        m = copy.deepcopy(model)
        container = at(m, parent)
        del container[path[-1]]
        yield f"delete {path}", m
        old = at(model, path)
        for new in swaps:
            if type(new) is type(old) or (isinstance(old, list) and new == []):
                continue
            m = copy.deepcopy(model)
            at(m, parent)[path[-1]] = new
            yield f"{path} = {new!r}", m


def _mutation_report(component, model, per_array: int = 2):
    """Mutations that validate passes although the model is damaged (it does not
    render, or a puzzle no longer fits its ID)."""
    from printkit import build
    from printkit.engine.units import PrintOptions

    missed, total = [], 0
    for label, m in _mutations(model, per_array):
        total += 1
        if build.check_file(component, m):
            continue
        try:  # passed: it must be a model printkit can print
            doc = build.new_document(component, m, PrintOptions())
            component.render(doc, m)
            doc.pdf_bytes()
        except Exception as exc:  # noqa: BLE001 - any failure is damage validate missed
            missed.append(f"{label}: {exc.__class__.__name__}")
    return missed, total


@pytest.mark.parametrize("game, name", [("cryptex", "deck"), ("cryptic-words", "tokens")])
def test_mutations_that_damage_a_file_are_all_reported(game, name, cc_model):
    from printkit import build
    from printkit.games import get_game
    from printkit.kit import default_params

    comp = get_game(game).components[name]
    model = build.build_checked(comp, default_params(comp))  # one puzzle; the slow sweep below does more
    missed, total = _mutation_report(comp, model, per_array=1)
    assert total > 30 and not missed, missed[:10]


@pytest.mark.slow
def test_mutations_of_every_component_reported():
    from printkit import build
    from printkit.games import all_games
    from printkit.kit import default_params

    missed_all = []
    for game in all_games().values():
        for comp in game.components.values():
            model = build.build_checked(comp, default_params(comp, "mutate"))
            missed, total = _mutation_report(comp, model)
            missed_all += [f"{game.name} {comp.name}: {m}" for m in missed]
    assert not missed_all, missed_all


def test_shipped_schemas_accept_what_printkit_writes():
    """Every component without a seed: its default model passes its schema (a
    model that changed shape needs `python scripts/build_schemas.py`). Seeded
    components are covered by each game's --json | validate round trips."""
    from printkit import build
    from printkit.games import all_games
    from printkit.kit import default_params
    from printkit.schema import load_schema, schema_violations

    for game in all_games().values():
        for comp in game.components.values():
            assert load_schema(game.name, comp.name) is not None, (game.name, comp.name)
            if comp.uses & {"seed", "count"}:
                continue
            model = build.build_checked(comp, default_params(comp))
            found = schema_violations(comp, model)
            assert not found, f"{game.name} {comp.name}: {found[:3]}: run python scripts/build_schemas.py"


def test_whole_number_options_name_their_range_and_long_values_are_cut(workdir):
    err = one_line_refusal(run_inproc("board", "scryptic", "--size", "1e3", "--json", cwd=workdir), "--size", "9 to 25")
    assert "1e3" in err
    proc = run_inproc("sheet", "crypticolor", "--word", "A" * 100_000, "--json", cwd=workdir)
    assert proc.returncode == 1 and max(len(line) for line in proc.stderr.splitlines()) < 500


# -- native code in a bounded child (issue 33.2) -----------------------------------------

ECHO = "printkit.base.child:echo_task"


def test_the_worker_turns_crashes_and_ceilings_into_one_line():
    """A crash (SIGSEGV, SIGABRT), a CPU ceiling, a deadline: each is one line
    naming what was being drawn, exit 2 (UsageError); the next task gets a new worker."""
    from printkit.base import child

    for kwargs, needle in (({"crash": "SIGSEGV"}, "crashed"), ({"crash": "SIGABRT"}, "aborted")):
        with pytest.raises(child.ChildError, match=rf"^front\.svg <rect id='r'>: drawing it {needle}") as info:
            child.call(ECHO, kwargs, what="front.svg <rect id='r'>", doing="drawing it")
        assert "\n" not in str(info.value) and info.value.exit_code == 2
    with pytest.raises(child.ChildError, match="did not finish within 1 s"):
        child.call(ECHO, {"spin": 1}, what="front.svg", doing="drawing it", wall=1)
    with pytest.raises(child.ChildError, match="over 1 s of CPU"):
        child.call(ECHO, {"spin": 1}, what="front.svg", doing="drawing it", cpu=1, wall=60)
    assert child.call(ECHO, {"n": 1}, b"abc", what="x", doing="y") == ({"args": {"n": 1, "what": "x"}}, b"abc")


def test_the_worker_has_an_address_space_ceiling():
    """The worker cannot grow past CHILD_MEMORY: a task asking for more fails in
    the worker (one line), the run goes on."""
    from printkit.base import child
    from printkit.errors import UsageError

    with pytest.raises(UsageError, match="memory"):
        child.call(ECHO, {"eat": child.CHILD_MEMORY + 2**20}, what="big", doing="y")
    assert child.call(ECHO, {}, b"ok", what="x", doing="y")[1] == b"ok"


def test_a_reader_abort_in_the_worker_is_one_line(tmp_path):
    """python-calamine aborting its process (a far-away cell, asked for even
    past printkit's own extent check) ends the worker, not the run."""
    from test_safe_projects import xlsx_forged

    from printkit.custom import data
    from printkit.base import child

    xlsx_forged(tmp_path, "far.xlsx", far_cell=("XFD", 1048576), quote="'")
    with pytest.raises(child.ChildError, match=r"far.*: not a readable \.xlsx spreadsheet: the reader \(python-calamine\) (aborted|was stopped|crashed)") as info:
        data._book_grid_in_child(tmp_path / "far.xlsx", None)
    assert "\n" not in str(info.value)


def test_ctrl_c_ends_the_worker_with_the_run(tmp_path):
    """Ctrl-C while the worker is busy in native code: the run stops, and the
    worker with it (nothing left running)."""
    script = tmp_path / "busy.py"
    script.write_text("from printkit.base import child\nchild.call('printkit.base.child:echo_task', {'spin': 1}, what='x', doing='y', cpu=600, wall=600)\n")
    proc = subprocess.Popen([sys.executable, str(script)], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE)
    kids: list = []
    for _ in range(600):  # the worker started (up to 30 s on a busy machine)
        try:
            kids = [int(k) for k in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]
        except OSError:
            kids = []
        if kids:
            break
        import time

        time.sleep(0.05)
    assert kids, "no worker started"
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    for k in kids:
        for _ in range(200):
            if not Path(f"/proc/{k}").exists() or "Z" in Path(f"/proc/{k}/stat").read_text().split()[2]:
                break
            import time

            time.sleep(0.05)
        alive = Path(f"/proc/{k}").exists() and "Z" not in Path(f"/proc/{k}/stat").read_text().split()[2]
        assert not alive, f"worker {k} outlived the run"
