"""Reliability: every generator over many seeds, fuzzed files and options,
byte-identical output across processes, interrupted writes.

Everything here runs over the game table, so a new game is covered without
touching this file.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from conftest import ROOT, render_page, run_cli, run_inproc, run_process, sweep
from printkit import build
from printkit.engine.units import PrintOptions
from printkit.games import all_games
from printkit.kit import default_params
from printkit.request import Request
from printkit.rules import run_checks

COMPONENTS = [(g.name, c.name) for g in all_games().values() for c in g.components.values()]
SEEDED = [(g, c) for g, c in COMPONENTS if "seed" in all_games()[g].components[c].uses]


def component(game: str, name: str):
    return all_games()[game].components[name]


@pytest.fixture(scope="session")
def every_pdf(tmp_path_factory) -> dict:
    """Each component with its defaults, and each kit, written once."""
    from printkit.kit import build_kits

    folder = tmp_path_factory.mktemp("every")
    out = {}
    for game, name in COMPONENTS:
        comp = component(game, name)
        model = build.build_checked(comp, default_params(comp))
        path = folder / comp.output_name
        build.write_component(comp, model, Request(PrintOptions()), path)
        out[(game, name)] = path
    games = [g for g in all_games().values() if g.kit]
    build_kits(games, Request(PrintOptions()), folder, all_games=True, echo=lambda *a, **k: None)
    for g in games:
        out[(g.name, "kit")] = folder / f"{g.name}-kit.pdf"
    out[("all", "index")] = folder / "index.pdf"
    return out


def test_every_pdf_renders_every_page(every_pdf):
    import pypdfium2 as pdfium

    for key, path in every_pdf.items():
        pdf = pdfium.PdfDocument(str(path))
        try:
            assert len(pdf) >= 1, key
            for i in range(len(pdf)):
                page = pdf[i]
                text = page.get_textpage().get_text_range()
                if "intentionally blank" in text:
                    continue  # kits pad so that duplex parts start on a front
                img = page.render(scale=12 / 72).to_pil().convert("L")
                lo, hi = img.getextrema()
                assert lo < 200, (key, i + 1, "page looks blank")
        finally:
            pdf.close()



def _cmap() -> set[int]:
    from reportlab.pdfbase.ttfonts import TTFontFile

    from printkit.base.resources import resource_dir

    cps: set[int] = set()
    # Noto Sans, and PKArrows: the four arrows Noto Sans lacks (engine/fonts.runs sets them in it)
    for name in [f"NotoSans-{face}.ttf" for face in ("Regular", "Bold", "Italic", "BoldItalic")] + ["PKArrows-Regular.ttf", "PKArrows-Bold.ttf"]:
        f = TTFontFile(str(resource_dir("fonts") / name))
        cps |= set(f.charToGlyph)
    return cps


def _page_texts(path) -> list[str]:
    """Each page's text as pdfium reads it (a real renderer's text layer)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def test_fonts_embedded_and_glyphs_covered(every_pdf):
    have = _cmap() | {10, 13, 32}
    for key, path in every_pdf.items():
        reader = PdfReader(path)
        texts = _page_texts(path)
        for n, page in enumerate(reader.pages, 1):
            fonts = page["/Resources"].get("/Font", {}) if "/Resources" in page else {}
            for ref in fonts.values():
                font = ref.get_object()
                desc = font.get("/FontDescriptor")
                if desc is None and "/DescendantFonts" in font:
                    desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                assert desc is not None and "/FontFile2" in desc.get_object(), (key, n, font.get("/BaseFont"))
            missing = {ch for ch in texts[n - 1] if ord(ch) not in have}
            assert not missing, (key, n, sorted(missing))


def test_metadata_names_game_and_component(every_pdf):
    for (game, name), path in every_pdf.items():
        meta = PdfReader(path).metadata
        assert "printkit" in meta.creator
        if game != "all":
            assert f"game={game}" in meta.subject, (game, name)


@pytest.mark.parametrize("game, name", SEEDED)
def test_generators_over_seeds(game, name):
    comp = component(game, name)

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(seed=st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=0x2FF), min_size=1, max_size=12))
    def check(seed):
        params = default_params(comp, seed)
        model = build.build_checked(comp, params)  # raises RulesError on any violation
        again = json.loads(json.dumps(model))
        assert run_checks(again, comp.checks) == []

    check()


@pytest.mark.parametrize("game, name", SEEDED)
def test_seeded_pdfs_render(game, name, tmp_path):
    comp = component(game, name)
    for seed in ("alpha", "β-2", "1234567890"):
        model = build.build_checked(comp, default_params(comp, seed))
        path = tmp_path / f"{seed}.pdf"
        build.write_component(comp, model, Request(PrintOptions()), path)
        img = render_page(path, 0, 20).convert("L")
        assert img.getextrema()[0] < 200


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30,
)


@pytest.mark.parametrize("game, name", COMPONENTS)
def test_fuzzed_models_never_crash_the_validator(game, name):
    comp = component(game, name)
    good = build.build_checked(comp, default_params(comp))
    keys = sorted(k for k in good if k not in ("format", "game", "component"))

    # 20 fuzzed models a component in the default run, 60 in the slow tier (CI runs both)
    @settings(max_examples=sweep(60, 20), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(data=st.data())
    def check(data):
        model = json.loads(json.dumps(good))
        for _ in range(data.draw(st.integers(1, 3))):
            key = data.draw(st.sampled_from(keys)) if keys else "x"
            model[key] = data.draw(json_values)
        found = run_checks(model, comp.checks)  # never raises
        for v in found:
            assert v.code and isinstance(v.place, str) and "\n" not in v.message

    check()


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(blob=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_fuzzed_files_to_validate_exit_1_or_2(blob, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fz")
    (folder / "f.json").write_bytes(blob)
    proc = run_inproc("validate", "f.json", cwd=folder)
    assert proc.returncode in (1, 2), (blob, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) <= 1


@pytest.mark.parametrize("blob", [b"\xff\xfe{", b'{"game": "cryptex", "component": "deck", "cards": 5}'])
def test_broken_files_through_the_real_entry_point(blob, tmp_path):
    """The same contract through `python -m printkit` (the fuzz above runs in-process)."""
    (tmp_path / "f.json").write_bytes(blob)
    proc = run_process("validate", "f.json", cwd=tmp_path)
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
    assert len(proc.stderr.strip().splitlines()) <= 1


def _options(game, name):
    from printkit.cli import ComponentCommand

    cmd = ComponentCommand(component(game, name))
    return [p for p in cmd.params if not getattr(p, "is_flag", False) and p.name not in ("output", "words")]


GARBAGE = ["", "-1", "0", "999999999", "nan", "x" * 300, "a,b", "1,2,3", "--", "é", "../../etc/passwd", "?Z9"]


@pytest.mark.parametrize("game, name", COMPONENTS)
def test_fuzzed_options_one_line_exit_0_1_2(game, name, tmp_path):
    """Every option of every command, fed junk: one line of error or a valid
    result, never a traceback. In-process (the CLI's own main) for speed."""
    for opt in _options(game, name):
        flag = opt.opts[-1] if opt.opts[-1].startswith("--") else opt.opts[0]
        for junk in GARBAGE[:: 2 if opt.name in ("seed",) else 1]:
            args = [name, game, flag, junk, "--json"]
            code, err = _invoke(args, tmp_path)
            assert code in (0, 1, 2), (args, code, err)
            assert "Traceback" not in err, (args, err)
            if code == 2:
                assert len(err.strip().splitlines()) == 1, (args, err)


def _invoke(args, cwd):
    proc = run_inproc(*args, cwd=cwd)
    return proc.returncode, proc.stderr


@pytest.mark.parametrize("game, name", COMPONENTS)
def test_junk_option_through_the_real_entry_point(game, name, tmp_path):
    """One junk value a component through `python -m printkit`: the in-process fuzz
    above must agree with what a user sees from a real process."""
    opt = _options(game, name)[0]
    flag = opt.opts[-1] if opt.opts[-1].startswith("--") else opt.opts[0]
    args = [name, game, flag, "nan", "--json"]
    proc = run_process(*args, cwd=tmp_path)
    assert (proc.returncode, proc.stderr) == _invoke(args, tmp_path)
    assert "Traceback" not in proc.stderr


def test_same_bytes_across_processes_and_hash_seeds(tmp_path):
    script = """
import hashlib, json, sys
from pathlib import Path
from printkit import build
from printkit.engine.units import PrintOptions
from printkit.games import all_games
from printkit.kit import default_params
out = {}
for g in all_games().values():
    for c in g.components.values():
        model = build.build_checked(c, default_params(c, "same-bytes"))
        doc = build.new_document(c, model, PrintOptions())
        c.render(doc, model)
        out[f"{g.name}/{c.name}"] = hashlib.sha256(doc.pdf_bytes()).hexdigest()
print(json.dumps(out, sort_keys=True))
"""
    # two child processes with fixed hash seeds, run side by side, and this
    # process (whatever its own hash seed): three different string-hash orders
    procs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONHASHSEED": hs}, cwd=tmp_path) for hs in ("0", "12345")]
    here = {}
    exec(compile(script.replace("print(json.dumps(out, sort_keys=True))", "here.update(out)"), "<same-bytes>", "exec"), {"here": here})
    runs = [here]
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        runs.append(json.loads(out))
    assert runs[0] == runs[1] == runs[2]
    assert len(runs[0]) == len(COMPONENTS)


def test_interrupted_write_keeps_previous_file(tmp_path):
    """Ctrl-C while a big deck is drawn: the previous file stays, no temp file is left.

    The child says "ready" once printkit is imported, so the signal never lands
    in interpreter start-up (a loaded machine can take seconds there). A run that
    still finishes before the signal arrives has legitimately replaced the file;
    the test then checks the new file instead. Either way nothing is half-written.
    """
    first = run_cli("deck", "cryptex", cwd=tmp_path)
    assert first.returncode == 0
    target = tmp_path / "output" / "cryptex-deck.pdf"
    before = target.read_bytes()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "nocfg")}
    env.pop("PRINTKIT_DEBUG", None)
    child = (
        "import sys; import printkit.cli as cli; sys.stderr.write('ready\\n'); sys.stderr.flush(); "
        "cli.main(['deck', 'cryptex', '--copies', '1000', '--ink', 'mono'])"
    )
    proc = subprocess.Popen([sys.executable, "-c", child], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr.readline().strip() == "ready"
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert "Traceback" not in err, err
    assert sorted(p.name for p in target.parent.iterdir()) == ["cryptex-deck.pdf"]
    after = target.read_bytes()
    if proc.returncode == 0:  # finished before the signal: a whole new file
        assert after != before and len(PdfReader(target).pages) > 100
    else:
        assert proc.returncode == 130 and "interrupted" in err, (proc.returncode, err)
        assert after == before
