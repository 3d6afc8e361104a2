"""Every corpus card against its reference (tests/corpus/, tests/test_corpus.py):
one line per project (cards within 3% of 1 mm cells and a worst 4 mm square of
80, and the figures of the others), then the share over the whole corpus.

    python scripts/corpus_scores.py            # every project
    python scripts/corpus_scores.py society    # some

Prints with the test fonts only (tests/fonts/), as the tests do. Needs no Inkscape
(the references are committed).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main(names: list[str]) -> int:
    from tests.conftest import TEST_FONT_ENV

    os.environ.update(TEST_FONT_ENV)
    import tests.test_corpus as tc

    if names:
        tc.PROJECTS[:] = [n for n in tc.PROJECTS if n in names]
    with tempfile.TemporaryDirectory() as tmp:
        scores = tc.corpus_scores(Path(tmp))
    total = passing = 0
    for name, rows in scores.items():
        ok = [c for c in rows if c[3]]
        total += len(rows)
        passing += len(ok)
        bad = ", ".join(f"{c}: {s:.1%}/{b:.0f}" for c, s, b, p in rows if not p)
        print(f"{name:24} {len(ok):3}/{len(rows):<3} within" + (f"; not: {bad}" if bad else ""))
    print(f"corpus: {passing}/{total} cards within ({passing / max(total, 1):.1%}), {len(scores)} projects")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
