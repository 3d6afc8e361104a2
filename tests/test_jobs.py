"""--jobs N: big jobs over worker processes, the same bytes as one process;
failures and interrupts leave nothing half-written. (No timing here: the
speed-ups are measured by bench/bench_jobs.py.)"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, assert_no_traceback, run_cli, run_inproc


def digest(path: Path) -> str:
    h = hashlib.sha256()
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for f in files:
        h.update(f.relative_to(path).as_posix().encode() if path.is_dir() else b"")
        h.update(f.read_bytes())
    return h.hexdigest()


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(".no-user"))


@pytest.mark.parametrize("args", [
    ("puzzle", "cryptex", "--count", "6"),
    ("puzzle", "crypto-crisis", "--count", "70", "--difficulty", "mixed"),  # sheets drawn by the workers too
    ("puzzle", "crypticolor", "--count", "8"),
    ("puzzle", "cryptic-words", "--count", "8"),
])
def test_puzzles_same_bytes_at_any_jobs(workdir, args):
    out = {}
    for jobs in ("1", "2", "3"):
        run_inproc(*args, "--jobs", jobs, "-o", f"j{jobs}.pdf", cwd=workdir, check=True)
        out[jobs] = digest(workdir / f"j{jobs}.pdf")
    assert out["1"] == out["2"] == out["3"]


def _pages(path: Path) -> list[tuple[str, bytes]]:
    """Each page's text and its pixels at 30 dpi."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in pdf:
            text = page.get_textpage().get_text_range()
            out.append((text, page.render(scale=30 / 72).to_pil().convert("RGB").tobytes()))
        return out
    finally:
        pdf.close()


@pytest.mark.slow
def test_puzzle_sheets_same_text_and_pixels_at_any_jobs(workdir):
    """The puzzles are made over the workers, their pages drawn by this process:
    --jobs 1 and --jobs 2 give the same pages, text and pixels (and bytes)."""
    args = ("puzzle", "crypto-crisis", "--count", "24", "--seed", "w", "--difficulty", "mixed")
    run_inproc(*args, "--jobs", "1", "-o", "one.pdf", cwd=workdir, check=True)
    run_inproc(*args, "--jobs", "2", "-o", "two.pdf", cwd=workdir, check=True)
    one, two = _pages(workdir / "one.pdf"), _pages(workdir / "two.pdf")
    assert len(one) == 3 * 24  # sheet, hint strips and answer key of each puzzle
    assert [t for t, _ in one] == [t for t, _ in two]
    assert all("CC-" in t for t, _ in one[::2][:24])
    assert [px for _, px in one] == [px for _, px in two]
    assert (workdir / "one.pdf").read_bytes() == (workdir / "two.pdf").read_bytes()


def test_kit_all_same_bytes(workdir):
    run_inproc("kit", "all", "--jobs", "1", "-o", "one", cwd=workdir, check=True)
    run_inproc("kit", "all", "--jobs", "2", "-o", "two", cwd=workdir, check=True)
    assert listing(workdir / "one") == listing(workdir / "two")
    assert digest(workdir / "one") == digest(workdir / "two")


def test_png_export_same_files_and_same_pixels_as_pillow(workdir):
    """Cards rendered over two workers give the same files as one process, and
    printkit's PNG encoder gives Pillow's pixels (and dpi) back."""
    from PIL import Image

    from printkit.engine.raster import png_bytes, render_pages

    run_inproc("deck", "cryptic-words", "--format", "png", "--dpi", "72", "--jobs", "1", "-o", "one", cwd=workdir, check=True)
    run_inproc("deck", "cryptic-words", "--format", "png", "--dpi", "72", "--jobs", "2", "-o", "two", cwd=workdir, check=True)
    assert digest(workdir / "one") == digest(workdir / "two")
    run_inproc("deck", "cryptic-words", "--layout", "single", "--bleed", "0", "-o", "single.pdf", cwd=workdir, check=True)
    page = render_pages(workdir / "single.pdf", 72, [0])[0]
    import io

    ours = Image.open(io.BytesIO(png_bytes(page, 72)))
    assert ours.mode == "RGB" and ours.tobytes() == page.tobytes() and ours.info["dpi"] == pytest.approx((72, 72), abs=0.01)
    with Image.open(workdir / "one" / "card-001-front.png") as card:
        assert card.tobytes() == page.tobytes()
    # a shared back is one file, back.png, a complete PNG of the back page
    assert not list((workdir / "one").glob("card-*-back.png"))
    back = render_pages(workdir / "single.pdf", 72, [1])[0]
    with Image.open(workdir / "one" / "back.png") as img:
        assert img.tobytes() == back.tobytes()


def test_jobs_in_printkit_toml(workdir):
    (workdir / "printkit.toml").write_text("jobs = 2\n")
    r = run_inproc("list", cwd=workdir, check=True)
    assert "jobs" in r.stdout and "2" in r.stdout
    (workdir / "printkit.toml").write_text('jobs = "many"\n')
    r = run_inproc("puzzle", "cryptex", "-o", "x.pdf", cwd=workdir)
    assert r.returncode == 2 and "jobs" in r.stderr and "1 to 256" in r.stderr
    (workdir / "printkit.toml").write_text('jobs = "auto"\n')
    run_inproc("puzzle", "cryptex", "-o", "x.pdf", cwd=workdir, check=True)
    r = run_inproc("puzzle", "cryptex", "--jobs", "0", "-o", "y.pdf", cwd=workdir)
    assert r.returncode == 2 and "--jobs" in r.stderr and not (workdir / "y.pdf").exists()


def _jobs_and_pid(_item):
    from printkit.base import workers

    return workers.jobs(), os.getpid(), list(workers.run(abs, [-1, -2, -3]))


def test_no_pools_inside_workers():
    """A worker does its share itself: work it would spread again (a kit's
    puzzles inside kit all's workers) stays in it, in order, so a run never has
    more than --jobs processes at work."""
    from printkit.base import workers

    if workers._context() is None:
        pytest.skip("processes cannot be forked here: the work stays in one process")
    workers.set_jobs(2)
    try:
        got = list(workers.run(_jobs_and_pid, range(4)))
    finally:
        workers.set_jobs(None)
    assert [j for j, _, _ in got] == [1, 1, 1, 1]
    assert {pid for _, pid, _ in got} - {os.getpid()}  # done by workers, not here
    assert all(inner == [1, 2, 3] for _, _, inner in got)
    assert workers.jobs() == 1  # back to the library default here


def test_a_failing_worker_leaves_nothing(workdir, monkeypatch):
    """A puzzle that fails in a worker: one line, exit 3, no file, no part file."""
    from printkit.games.crypto_crisis import generator

    real = generator.make_puzzle

    def broken(token, level, lang="en"):
        if os.getpid() != parent:
            raise ValueError("broken in a worker")
        return real(token, level, lang)

    parent = os.getpid()
    monkeypatch.setattr(generator, "make_puzzle", broken)
    (workdir / "x.pdf").write_bytes(b"previous")
    r = run_inproc("puzzle", "crypto-crisis", "--count", "8", "--jobs", "2", "-o", "x.pdf", cwd=workdir)
    assert r.returncode == 3 and "broken in a worker" in r.stderr
    assert_no_traceback(r)
    assert (workdir / "x.pdf").read_bytes() == b"previous" and listing(workdir) == ["x.pdf"]


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(x) for x in fh.read().split()]
    except OSError:
        return []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc to see the worker processes")
def test_ctrl_c_ends_workers_and_writes_nothing(workdir):
    """Ctrl-C while the workers make puzzles: exit 130, nothing written or left
    behind, no worker left running, no traceback from any process."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(workdir / ".no-user-config")}
    env.pop("PRINTKIT_DEBUG", None)
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "puzzle", "cryptex", "--count", "400", "--jobs", "2", "-o", "x.pdf"],
                            cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    workers = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(workers) < 2 and proc.poll() is None:
        workers = _children(proc.pid)
        time.sleep(0.05)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted, nothing written" in err and "Traceback" not in err
    assert listing(workdir) == []
    time.sleep(0.2)
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2], f"worker {pid} still running"
