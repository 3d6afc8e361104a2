"""One template per row (issue 23, point 6): a `template` column (name
configurable) chooses each card's front, `back_template` its back, in
`printkit deck` (a folder of templates, or several --front) and in game.toml.
Which template drew which card is read back from the PDF's text runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, run_inproc
from pdfmeasure import measure


def _layout(word: str, colour: str = "#ffffff") -> str:
    return f'background = "{colour}"\n\n[[element]]\ntype = "text"\ntext = "{word} {{{{ name }}}}"\nx = 6\ny = 6\nw = 51\nh = 12\nsize = 10\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "fronts").mkdir()
    (tmp_path / "fronts" / "hero.toml").write_text(_layout("HERO"), encoding="utf-8")
    (tmp_path / "fronts" / "spell.toml").write_text(_layout("SPELL"), encoding="utf-8")
    (tmp_path / "backs").mkdir()
    (tmp_path / "backs" / "dark.toml").write_text(_layout("DARK", "#333333"), encoding="utf-8")
    (tmp_path / "backs" / "light.toml").write_text(_layout("LIGHT", "#eeeeee"), encoding="utf-8")
    # CardMaker's capitalised column name; the file names without suffix, any case
    (tmp_path / "cards.csv").write_text("name,Template,back_template,qty\nFox,Hero,dark,2\nBolt,spell,light,1\nOwl,hero.toml,light,1\n", encoding="utf-8")
    return tmp_path


def _runs(pdf: Path, page: int, words=("HERO", "SPELL", "DARK", "LIGHT")) -> list[str]:
    """The card texts of a page in the order they were drawn."""
    return [r.text for r in measure(str(pdf), [page + 1])[0].texts if r.text.split(" ")[0] in words]


def test_a_folder_of_fronts_chosen_by_the_template_column(project):
    proc = run_cli("deck", "--data", "cards.csv", "--front", "fronts", "--back", "backs", "-o", "deck.pdf", cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert _runs(project / "deck.pdf", 0) == ["HERO Fox", "HERO Fox", "SPELL Bolt", "HERO Owl"]
    assert _runs(project / "deck.pdf", 1) == ["DARK Fox", "DARK Fox", "LIGHT Bolt", "LIGHT Owl"]  # backs, card by card


def test_several_fronts_named_on_the_command_line(project):
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "fronts/hero.toml", "--front", "fronts/spell.toml", "-o", "deck.pdf", cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert _runs(project / "deck.pdf", 0) == ["HERO Fox", "HERO Fox", "SPELL Bolt", "HERO Owl"]


def test_a_missing_template_names_the_row_and_the_template(project):
    (project / "cards.csv").write_text("name,template\nFox,hero\nBolt,spell\nRat,villain\n\nEel,\n", encoding="utf-8")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "fronts", "-o", "deck.pdf", cwd=project)
    assert proc.returncode == 1
    assert "OWN-TEMPLATE-MISSING card 3 (cards.csv line 4): front template 'villain' not found (templates: hero, spell)" in proc.stderr
    assert "card 4 (cards.csv line 6): names no front template in its 'template' column" in proc.stderr
    assert not (project / "deck.pdf").exists()


def test_no_template_column_with_several_fronts(project):
    (project / "cards.csv").write_text("name\nFox\n", encoding="utf-8")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "fronts", "-o", "deck.pdf", cwd=project)
    assert proc.returncode == 1 and "OWN-MISSING-COLUMN" in proc.stderr and "no 'template' column" in proc.stderr
    # one template for every row: the column is not needed
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "fronts/hero.toml", "-o", "deck.pdf", cwd=project)
    assert proc.returncode == 0, proc.stderr


def test_column_name_is_configurable(project):
    (project / "cards.csv").write_text("name,Kind\nFox,spell\nOwl,hero\n", encoding="utf-8")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "fronts", "--template-column", "kind", "-o", "deck.pdf", cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert _runs(project / "deck.pdf", 0) == ["SPELL Fox", "HERO Owl"]


def test_game_toml_table_of_templates(project):
    (project / "cards.csv").write_text("name,kind,side\nFox,spell,d\nOwl,hero,l\n", encoding="utf-8")
    (project / "game.toml").write_text(
        '[game]\ntitle = "Rows"\n\n[[deck]]\nname = "main"\ndata = "cards.csv"\n'
        'front = { hero = "fronts/hero.toml", spell = "fronts/spell.toml" }\ntemplate_column = "kind"\n'
        'back = { d = "backs/dark.toml", l = "backs/light.toml" }\nback_template_column = "side"\n',
        encoding="utf-8",
    )
    proc = run_inproc("make", "game.toml", "--only", "main", "-o", "main.pdf", cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert _runs(project / "main.pdf", 0) == ["SPELL Fox", "HERO Owl"]
    assert _runs(project / "main.pdf", 1) == ["DARK Fox", "LIGHT Owl"]
    (project / "game.toml").write_text(
        '[game]\ntitle = "Rows"\n\n[[deck]]\ndata = "cards.csv"\nfront = ["fronts/hero.toml", "fronts/spell.toml"]\ntemplate_column = "kind"\n', encoding="utf-8"
    )
    proc = run_inproc("validate", "game.toml", cwd=project)
    assert proc.returncode == 0, proc.stderr + proc.stdout
