"""The fuzz over the corpus projects (issue 35 point 5; tests/fuzz_corpus.py
makes the projects). Every run of a changed corpus project must end as
printkit promises: exit 0, 1 or 2, never 3; no traceback; each refusal one
line (exit 2: one `printkit: error:` line; exit 1: one line a violation and the
count); inside the memory and CPU ceilings of the child the runs share.

Seeded: the same seed makes the same projects and commands. A failure names the
run; `python tests/fuzz_corpus.py SEED INDEX FOLDER` writes it out and prints
its command. PRINTKIT_FUZZ_SEED=N runs other seeds (exploring); the default is
fixed, so the suite is the same on every run.

Default tier: RUNS runs in one child, each `validate` or one card as a print
shop's PDF (`--cheap` to reproduce one). Second tier (--runslow): SLOW_BATCHES
batches of SLOW_RUNS each (2,000 runs; SLOW_BATCHES = 20 gives the 10,000 issue 35
asks for, 25 minutes of both cores here), every command and format: sheets, fold,
PNGs, each batch its own child.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import fuzz_corpus as fz
from conftest import TEST_FONTS

SEED = int(os.environ.get("PRINTKIT_FUZZ_SEED", "35"))
RUNS = 20  # about 0.3 s of CPU a run (a corpus project copied, mutated, checked and one card drawn): 6-7 s
SLOW_BATCHES = 4  # 2,000 runs: the full 10,000 (20) cost 25 minutes of both cores here; see CHANGELOG
SLOW_RUNS = 500


def _check(results: list[dict], expected: int, seed: int) -> None:
    failures = []
    for rec in results:
        bad = fz.problems(rec)
        if bad:
            lines = (rec.get("stderr") or "").strip().splitlines()
            failures.append(f"run {rec.get('index')} ({'; '.join(rec.get('said', [])[:1] + rec.get('said', [])[-1:])}): {', '.join(bad)}\n    {lines[-1][:300] if lines else ''}")
    assert not failures, f"{len(failures)} of {len(results)} runs broke a promise (reproduce: python tests/fuzz_corpus.py {seed} INDEX /tmp/run):\n" + "\n".join(failures[:20])
    assert len(results) == expected, f"{len(results)} of {expected} runs reported"


@pytest.fixture
def fonts_env(monkeypatch):
    monkeypatch.setenv("PRINTKIT_FONT_DIRS", str(TEST_FONTS))  # the same faces on any machine


def test_fuzz_corpus(tmp_path: Path, fonts_env) -> None:
    results = fz.run_batch(SEED, list(range(RUNS)), tmp_path, cheap=True)
    _check(results, RUNS, SEED)
    codes = {rec.get("code") for rec in results}
    assert {0, 1, 2} <= codes, f"the runs should reach each ending (printed, refused, unreadable): {codes}"


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(SLOW_BATCHES))
def test_fuzz_corpus_long(tmp_path: Path, fonts_env, batch: int) -> None:
    first = RUNS + batch * SLOW_RUNS  # after the default tier's runs
    results = fz.run_batch(SEED, list(range(first, first + SLOW_RUNS)), tmp_path)
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
    refused = {**ok, "code": 1, "stderr": "printkit: OWN-SIZE deck: card.svg: drawn for 63x88 mm\nprintkit: refused: 1 rule violation(s), nothing written\n"}
    assert fz.problems(refused) == []


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
