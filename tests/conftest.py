"""Shared test helpers: run the CLI as a user would, read PDFs back, render pages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: the fonts the drawn comparisons use, and only these (tests/fonts/README.md): printkit
#: reads them in place of the machine's (PRINTKIT_FONT_DIRS), the references were drawn with them
TEST_FONTS = ROOT / "tests" / "fonts"
TEST_FONT_ENV = {"PRINTKIT_FONT_DIRS": str(TEST_FONTS)}
#: PRINTKIT_UPDATE_REFERENCES=1: every reference is made again (CONTRIBUTING.md)
UPDATE_REFERENCES = os.environ.get("PRINTKIT_UPDATE_REFERENCES") == "1"


REAL_PROCESSES = os.environ.get("PRINTKIT_TEST_PROCESSES") == "1"


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """`printkit ARGS` as a user types it: in this process by default (fast; the
    same `main`, exit codes and output), in a real subprocess with
    `--real-processes` (CI runs the whole suite that way too). Tests about the
    process itself (hash seeds, signals, start-up) call `run_process`."""
    if REAL_PROCESSES:
        return run_process(*args, cwd=cwd, env=env, check=check)
    return run_inproc(*args, cwd=cwd, env=env, check=check)


def run_process(*args: str, cwd: Path | None = None, env: dict | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """`printkit ARGS` in a real subprocess (`python -m printkit`); text output."""
    full_env = dict(os.environ)
    full_env.pop("PRINTKIT_DEBUG", None)
    # no user printkit.toml leaks into a test (one in cwd still counts)
    full_env["XDG_CONFIG_HOME"] = str((cwd or Path.cwd()) / ".no-user-config")
    if env:
        full_env.update(env)
    proc = subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd, env=full_env, capture_output=True, text=True, timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"printkit {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc


def run_inproc(*args: str, cwd: Path | None = None, env: dict | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """`printkit ARGS` run inside this test process: same exit code, stdout and
    stderr as `run_cli`, without paying for a new interpreter (~0.3 s a call).

    Use it for most CLI tests; keep a few `run_cli` calls per feature so the
    real entry point is exercised too. Standard output is captured as bytes
    underneath (so `-o -` works) and returned decoded as UTF-8 (errors replaced);
    the raw bytes are on `.stdout_bytes`.
    """
    import contextlib
    import io

    from printkit import cli, words
    from printkit.app.options import forget_defaults

    cwd = Path(cwd or Path.cwd())
    new_env = {"XDG_CONFIG_HOME": str(cwd / ".no-user-config"), **(env or {})}
    saved_env = {k: os.environ.get(k) for k in [*new_env, "PRINTKIT_DEBUG"]}
    old_cwd = os.getcwd()
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    err = io.TextIOWrapper(err_bytes, encoding="utf-8", write_through=True)
    code = 0
    try:
        os.environ.pop("PRINTKIT_DEBUG", None)
        os.environ.update(new_env)
        os.chdir(cwd)
        forget_defaults()  # printkit.toml is read per run, as a new process would
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli.main(list(args))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        os.chdir(old_cwd)
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        forget_defaults()
        words.clear_user_words()
    proc = subprocess.CompletedProcess(["printkit", *args], code, out_bytes.getvalue().decode("utf-8", "replace"), err_bytes.getvalue().decode("utf-8", "replace"))
    proc.stdout_bytes = out_bytes.getvalue()
    if check and code != 0:
        raise AssertionError(f"printkit {' '.join(args)} exited {code}: {proc.stderr}")
    return proc


def render_page(pdf_path: Path, index: int = 0, dpi: float = 100):
    """Render one page to a PIL image with pdfium (a real PDF renderer)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def decode_qr(image) -> list[str]:
    """Every QR code zxing-cpp finds in the image, as text."""
    import zxingcpp

    return [r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode]


def assert_no_traceback(proc: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="also run tests marked slow (long sweeps; CI runs them)")
    parser.addoption("--real-processes", action="store_true", default=False, help="run_cli starts a real `python -m printkit` for every call (CI's second tier)")


SLOW = False


def sweep(n: int, fast: int) -> int:
    """How many seeds a sweep runs: `fast` by default, the full `n` with --runslow."""
    return n if SLOW else fast


#: what PRINTKIT_UPDATE_REFERENCES=1 runs before the tests (each remakes its files from the
#: sources; the tests that compare with them then pass on what was made): (script, needs Inkscape)
REFERENCE_SCRIPTS = [
    ("scripts/corpus_references.py", True),  # tests/corpus/*/reference/card-NN.png
    ("scripts/svg_references.py", True),  # tests/svgfidelity/ref/*.png
    ("scripts/script_references.py", True),  # tests/golden/scripts.png, tests/data/scripts/
]


def pytest_sessionstart(session):
    """PRINTKIT_UPDATE_REFERENCES=1: remake every reference first (once, not in
    each xdist worker). The goldens drawn by printkit itself (tests/golden/ember-road-*)
    are written by their test in the run. Inkscape's are remade where it is
    installed; without it they are left as they are, and the run says so."""
    if not UPDATE_REFERENCES or hasattr(session.config, "workerinput"):
        return
    import shutil

    reporter = session.config.pluginmanager.get_plugin("terminalreporter")

    def say(line: str) -> None:
        if reporter is not None:
            reporter.write_line(line)

    for script, inkscape in REFERENCE_SCRIPTS:
        if inkscape and shutil.which("inkscape") is None:
            say(f"PRINTKIT_UPDATE_REFERENCES: {script} not run: Inkscape is not installed (apt-get install inkscape)")
            continue
        say(f"PRINTKIT_UPDATE_REFERENCES: python {script}")
        env = {k: v for k, v in os.environ.items() if k != "PRINTKIT_FONT_DIRS"}
        proc = subprocess.run([sys.executable, str(ROOT / script)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
        if proc.returncode != 0:
            raise pytest.UsageError(f"{script} failed ({proc.returncode}): {proc.stderr.strip()[-2000:]}")


def pytest_configure(config):
    global REAL_PROCESSES, SLOW
    SLOW = bool(config.getoption("--runslow"))
    if config.getoption("--real-processes"):
        REAL_PROCESSES = True
        os.environ["PRINTKIT_TEST_PROCESSES"] = "1"  # xdist workers read it at import
    config.addinivalue_line("markers", "slow: a long sweep, run only with --runslow (CI runs it)")


def second_tier() -> set[str]:
    """The test functions and ids tests/second_tier.txt leaves to --runslow."""
    lines = (ROOT / "tests" / "second_tier.txt").read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")}


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    later = pytest.mark.skip(reason="second tier (tests/second_tier.txt): run with --runslow")
    listed = second_tier()
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
        elif item.nodeid in listed or item.nodeid.split("[")[0] in listed:
            item.add_marker(later)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A clean working directory; output/ lands inside it."""
    return tmp_path
