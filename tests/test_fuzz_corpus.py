"""The fuzz over the corpus projects (issue 35 point 5; tests/fuzz_corpus.py
makes the projects). Every run of a changed corpus project must end as
printkit promises: exit 0, 1 or 2, never 3; no traceback; each refusal one
line (exit 2: one `printkit: error:` line; exit 1: one line a violation and the
count); inside the memory and CPU ceilings (RUN_CPU for one run, counting the
worker processes printkit starts).

Seeded: the same seed makes the same projects and commands. A failure names the
run; `python tests/fuzz_corpus.py SEED INDEX FOLDER` writes it out and prints
its command. PRINTKIT_FUZZ_SEED=N runs other seeds (exploring); the default is
fixed, so the suite is the same on every run.

The runs share two forked children (one interpreter each, its ceilings set
once), each run printkit's `main` in the child, but for a few a batch that go
through a real `python -m printkit` process. Default tier: RUNS runs, each
`validate` or one card as a print shop's PDF (`--cheap` to reproduce one): most
runs take a few milliseconds, the ones that draw a filter at 300 dpi or a
certificate page a tenth of a second or more, a few 1-4 s; about 12 s of CPU in
all, 8-10 s of wall time on two idle cores (300 runs took 21 s, 150 took 15 s:
the default tier keeps well under 90 s with 100; the second tier runs 10,000).
Second tier (--runslow): SLOW_BATCHES batches of SLOW_RUNS (10,000 runs),
every command and format (sheets, fold, PNGs), about 50 s of CPU a batch (all
10,000: about 500 s of CPU, 4-5 minutes of both cores).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import fuzz_corpus as fz
from conftest import TEST_FONTS

SEED = int(os.environ.get("PRINTKIT_FUZZ_SEED", "35"))
RUNS = 100  # about 0.12 s of CPU a run on average (a project copied, changed, checked and one card drawn)
SLOW_BATCHES = 10  # 10,000 runs, each batch about 50 s of CPU (0.05 s a run: sheets, PNGs)
SLOW_RUNS = 1000
JOBS = 2  # children side by side
REAL, SLOW_REAL = 2, 10  # runs of a batch through a real `python -m printkit` process


def _check(results: list[dict], expected: int, seed: int, cheap: bool = False) -> None:
    failures = []
    for rec in results:
        bad = fz.problems(rec)
        if bad:
            lines = (rec.get("stderr") or "").strip().splitlines()
            failures.append(f"run {rec.get('index')} ({'; '.join(rec.get('said', [])[:1] + rec.get('said', [])[-1:])}): {', '.join(bad)}\n    {lines[-1][:300] if lines else ''}")
    assert not failures, f"{len(failures)} of {len(results)} runs broke a promise (reproduce: python tests/fuzz_corpus.py {seed} INDEX /tmp/run{' --cheap' if cheap else ''}):\n" + "\n".join(failures[:20])
    assert len(results) == expected, f"{len(results)} of {expected} runs reported"


@pytest.fixture
def fonts_env(monkeypatch):
    monkeypatch.setenv("PRINTKIT_FONT_DIRS", str(TEST_FONTS))  # the same faces on any machine


def test_fuzz_corpus(tmp_path: Path, fonts_env) -> None:
    results = fz.run_batch(SEED, list(range(RUNS)), tmp_path, cheap=True, jobs=JOBS, real=REAL)
    _check(results, RUNS, SEED, cheap=True)
    codes = {rec.get("code") for rec in results}
    assert {0, 1, 2} <= codes, f"the runs should reach each ending (printed, refused, unreadable): {codes}"
    assert sum(rec["real"] for rec in results) == REAL  # the real entry point is fuzzed too


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(SLOW_BATCHES))
def test_fuzz_corpus_long(tmp_path: Path, fonts_env, batch: int) -> None:
    first = RUNS + batch * SLOW_RUNS  # after the default tier's runs
    results = fz.run_batch(SEED, list(range(first, first + SLOW_RUNS)), tmp_path, jobs=JOBS, real=SLOW_REAL)
    _check(results, SLOW_RUNS, SEED)


def test_verdict_sees_a_broken_run() -> None:
    """The verdict calls each way a run can break a promise a failure."""
    ok = {"code": 2, "stderr": "printkit: error: fz.csv: line 3: column 2 has no name\n", "stdout": "", "said": ["x", "make game.toml"]}
    assert fz.problems(ok) == []
    assert fz.problems({**ok, "code": 3, "stderr": "printkit: internal error: TypeError: x (set PRINTKIT_DEBUG=1 for details)\n"})
    assert fz.problems({**ok, "code": 99, "stderr": "Traceback (most recent call last):\n  File x\nKeyError: 'Image'\n"})
    assert fz.problems({**ok, "stderr": ok["stderr"] * 2})  # two lines for one refusal
    assert fz.problems({**ok, "stderr": "printkit: error: not enough memory for this job\n"})
    assert fz.problems({**ok, "code": 1, "stderr": "printkit: OWN-MORE deck: and 113 more violations like these\n"})  # no count line
    assert fz.problems({**ok, "code": 1, "stderr": "printkit: OWN-TEMPLATE card 1 (c.csv line 2): g.svg: an element with placeholders cannot be drawn (ValueError: too many values to unpack)\nprintkit: refused: 1 rule violation(s), nothing written\n"})
    assert fz.problems({"index": 7, "died": "ended with status 9 (a ceiling: memory or CPU)", "said": []})
    assert fz.problems({**ok, "cpu": fz.RUN_CPU + 1})  # over a run's CPU, with the worker processes it used
    assert fz.problems({**ok, "code": -9, "stderr": ""})  # a real process killed by a signal
    refused = {**ok, "code": 1, "stderr": "printkit: OWN-SIZE deck: card.svg: drawn for 63x88 mm\nprintkit: refused: 1 rule violation(s), nothing written\n"}
    assert fz.problems(refused) == []
    copies = {**refused, "stderr": "printkit: OWN-IMAGE-MISSING c: card 1 (c.csv line 2) image: image 'x.png' not found (and 2 more cards like it)\nprintkit: refused: 1 rule violation(s), nothing written\n"}
    assert fz.problems(copies) == []  # the copies of one row: one line, counted once
    assert fz.problems({**copies, "stderr": copies["stderr"].replace("refused: 1", "refused: 3")})


def test_a_runs_cpu_counts_the_processes_it_leaves_running(tmp_path, monkeypatch, fonts_env):
    """Control: printkit's drawing worker lives on from run to run; the CPU it
    spends on a run counts for that run (and so against RUN_CPU)."""
    import subprocess
    import sys

    burn = "import sys, time\nt = time.process_time()\nwhile time.process_time() - t < 0.4: pass\nprint(flush=True)\nsys.stdin.read()"

    def busy(cmd, cwd):  # a worker that works, answers, and stays
        p = subprocess.Popen([sys.executable, "-c", burn], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        p.stdout.readline()
        busy.kept = p
        return 0, "", ""

    monkeypatch.setattr(fz, "run_one", busy)
    results = fz.run_batch(SEED, [0], tmp_path)
    assert results[0]["cpu"] >= 0.4, results


@pytest.mark.slow
def test_the_ceilings_stop_a_run(tmp_path, monkeypatch, fonts_env):
    """Controls: a run that spins past its CPU ceiling, or grows past the address
    space, stops the child, and the verdict names the run."""
    import time

    def spin(cmd, cwd):
        t = time.process_time()
        while time.process_time() - t < 5:
            pass
        return 0, "", ""

    def grow(cmd, cwd):
        hoard = [bytearray(2**20) for _ in range(4096)]  # 4 GB, over the 1.5 GB ceiling
        return 0, "", str(len(hoard))

    monkeypatch.setattr(fz, "RUN_CPU", 1)
    for fake, name in ((spin, "cpu"), (grow, "memory")):
        monkeypatch.setattr(fz, "run_one", fake)
        results = fz.run_batch(SEED, [0, 1], tmp_path / name)
        assert results[-1].get("index") == 0 and fz.problems(results[-1]), (name, results)
