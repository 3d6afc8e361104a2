"""Messages in the designer's terms (issue 36 point 5): a malformed SVG names the
file as the user sees it, the line, the column, the character and what is wrong,
without parser jargon; unknown columns and icons get a "did you mean" and the
names there are."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import did_you_mean
from tests.conftest import run_inproc

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88">\n'


def _deck(tmp: Path, front: str, csv: str = "Title,n\nA,1\n"):
    (tmp / "art").mkdir(exist_ok=True)
    (tmp / "art" / "front.svg").write_text(front, encoding="utf-8")
    (tmp / "cards.csv").write_text(csv, encoding="utf-8")
    return run_inproc("deck", "--data", "cards.csv", "--front", "art/front.svg", "-o", str(tmp / "o.pdf"), cwd=tmp)


@pytest.mark.parametrize("line3, col, char, meaning", [
    ('<text x="5" y="20" fill=#000>{{ Title }}</text>', 25, "#", "value is not in quotes"),
    ('<g><text x="5" y="20">{{ Title }}</text></svg>', 0, "", "the <g> opened on line 3 is closed by </svg>"),
    ('<text x="5" y="20">Salt & pepper {{ Title }}</text>', 0, "", "write &amp;"),
])
def test_a_malformed_svg_says_where_and_what_in_plain_words(tmp_path, line3, col, char, meaning):
    body = HEAD + '<rect width="63" height="88" fill="#fff"/>\n' + line3 + ("" if "</svg>" in line3 else "</svg>")
    r = _deck(tmp_path, body)
    assert r.returncode == 2, r.stdout + r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    msg = lines[0]
    assert "art/front.svg line 3" in msg and str(tmp_path) not in msg  # relative to where the user works
    assert meaning in msg
    if col:
        assert f"column {col} (at '{char}')" in msg
    for jargon in ("AttValue", "<string>", "xmlParse", "EntityRef", "Traceback"):
        assert jargon not in msg


def test_a_typo_in_a_column_name_gets_a_did_you_mean(tmp_path):
    r = _deck(tmp_path, HEAD + '<text x="5" y="20" font-size="5">{{ Titel }}</text></svg>')
    assert r.returncode == 1
    assert "uses 'Titel', but cards.csv has no such column (did you mean 'Title'? columns: Title, n)" in r.stderr


def test_an_unknown_icon_lists_the_icons_there_are(tmp_path):
    (tmp_path / "art" / "icons").mkdir(parents=True)
    for name in ("sword", "shield", "coin"):
        (tmp_path / "art" / "icons" / f"{name}.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>', encoding="utf-8")
    r = _deck(tmp_path, HEAD + '<text x="5" y="20" font-size="5">{{ Title }} :sord:</text></svg>')
    assert r.returncode == 1, r.stdout + r.stderr
    assert "no icon ':sord:': add icons/sord.svg or .png (did you mean 'sword'? icons: coin, shield, sword)" in r.stderr


def test_did_you_mean_offers_only_near_names_and_caps_the_list():
    assert did_you_mean("Titel", ["Title", "Text"], "columns") == "(did you mean 'Title'? columns: Text, Title)"
    assert did_you_mean("title", ["Title"], "columns") == "(did you mean 'Title'? columns: Title)"
    assert did_you_mean("zzz", ["Title"], "columns") == "(columns: Title)"
    assert did_you_mean("x", [], "icons") == "(no icons)"
    many = did_you_mean("c99", [f"c{i:02d}" for i in range(30)])
    assert many.endswith("and 18 more)") and "did you mean" in many
