"""Everyday placeholders rendered without Jinja2 (printkit/custom/quick.py):
the same text as Jinja2's sandbox gives, on templates of its grammar made at
random and on real ones; anything else compiled by Jinja2."""

from __future__ import annotations

import random

import pytest
from conftest import sweep

from printkit.custom import quick, template as T

NAMES = ["type", "name", "cost", "art", "card"]
VALUES = ["Traveller", "Hazard", "", "0", "a < b & 'c' \"d\"", "ünï", 0, 1, 2, 1.5, -3]


def _value(rng) -> str:
    v = rng.choice([f"'{rng.choice(['Traveller', 'x', '', 'A&B', '<i>'])}'", f'"{rng.choice(["Hazard", "q"])}"', str(rng.randint(0, 3)), rng.choice(NAMES),
                    f"row['{rng.choice(NAMES[:-1])}']", 'row["Card Name"]'])
    for _ in range(rng.choice([0, 0, 1, 2])):
        v += rng.choice([" | upper", "|lower", " |upper"])
    return v


def _cond(rng, depth=0) -> str:
    r = rng.random()
    if depth < 2 and r < 0.25:
        return f"{_cond(rng, depth + 1)} {rng.choice(['and', 'or'])} {_cond(rng, depth + 1)}"
    if depth < 2 and r < 0.35:
        return f"not {_cond(rng, depth + 1)}"
    if depth < 2 and r < 0.42:
        return f"({_cond(rng, depth + 1)})"
    if r < 0.5:
        return _value(rng)
    return f"{_value(rng)} {rng.choice(['==', '!='])} {_value(rng)}"


def _body(rng, depth=0) -> str:
    out = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.3:
            out.append(rng.choice(["Cost: ", " ", "\n", "<b>", "x}y", "50% ", "a & b"]))
        elif r < 0.65:
            if rng.random() < 0.5:
                out.append("{{ " + _value(rng) + " }}")
            else:
                out.append("{{" + f"{_value(rng)} if {_cond(rng)} else {_value(rng)}" + "}}")
        elif depth < 2:
            s = "{% if " + _cond(rng) + " %}" + _body(rng, depth + 1)
            for _ in range(rng.choice([0, 0, 1, 2])):
                s += "{% elif " + _cond(rng) + " %}" + _body(rng, depth + 1)
            if rng.random() < 0.5:
                s += "{% else %}" + _body(rng, depth + 1)
            out.append(s + "{% endif %}")
    return "".join(out)


@pytest.mark.parametrize("xml", [False, True])
def test_random_templates_render_as_jinja2_does(xml):
    rng = random.Random(27)
    checked = 0
    n = sweep(300, 60)  # 1,200 renders each with --runslow
    for _ in range(n):
        src = _body(rng) + rng.choice(["", "\n", " \n"])
        q = quick.compile(src, xml, "t")
        assert q is not None, src
        j = T.compile_jinja(src, "t", xml)
        for _ in range(4):
            row = {n: rng.choice(VALUES) for n in [*NAMES[:-1], "Card Name"]}
            values = T.variables(row, rng.randint(0, 3))
            assert q.render(values) == j.render(values), (src, values)
            checked += 1
    assert checked == 4 * n


def _jinja_columns(src: str) -> set:
    """template.columns_used's Jinja2 way (quick.columns bypassed)."""
    from unittest import mock

    with mock.patch.object(quick, "columns", lambda source: None):
        return T.columns_used(src)


def test_columns_as_jinja2_finds_them():
    """The columns a template reads: Jinja2's (which drops what sits behind a
    condition it can decide alone, `3|lower or ...`), and no name that is not in it."""
    rng = random.Random(5)
    for _ in range(sweep(200, 60)):
        src = _body(rng)
        mine = quick.columns(src)
        assert _jinja_columns(src) <= mine <= {*NAMES[:-1], "Card Name"}, src
    for src in REAL:
        assert quick.columns(src) == _jinja_columns(src), src
    assert quick.columns("{{ row['Card Name'] }}{% if (kitten) %}{{ card }}{% endif %}") == {"Card Name", "kitten"}


REAL = [  # examples/ember-road/front.svg's, and the corpus's (robotfindskitten, squib, cardmaker)
    "{{ 'inline' if (kitten) else 'none' }}",
    "{{ row[\"Card Name\"] }}",
    "{{ '#1f5f8b' if type == 'Traveller' else '#7a3b69' }}",
    "{% if type == 'Traveller' %}{{ cost }}{% endif %}",
    "{% if type == 'Traveller' %}:sword: {{ power }}{% endif %}",
    "{{ type | upper }}",
    "<g display=\"{{ 'inline' if type == 'Traveller' else 'none' }}\">\n  <circle r=\"5\"/>\n</g>\n  ",
]


@pytest.mark.parametrize("src", REAL)
def test_real_placeholders_are_quick(src):
    q = T.compile_text(src, "front.svg", xml=True)
    assert isinstance(q, quick.Quick)
    j = T.compile_jinja(src, "front.svg", True)
    for i, row in enumerate(({"type": "Traveller", "cost": "2", "power": "3", "kitten": "1", "Card Name": "Fox & <Co>"},
                             {"type": "Hazard", "cost": "", "power": "1", "kitten": "", "Card Name": ""})):
        v = T.variables(row, i)
        assert q.render(v) == j.render(v)


@pytest.mark.parametrize("src", [
    "{{ name ~ 'x' }}", "{{ cost + 1 }}", "{{ name | title }}", "{{ name | upper() }}", "{{ name | default('x') }}",
    "{{ row[name] }}", "{{ row['a']['b'] }}", "{{ row[0] }}", "{{ row.name }}", "{{ row }}", "{{ name.upper() }}", "{{ name[0] }}", "{{ 'a' if x }}",
    "{% for i in range(3) %}{{ i }}{% endfor %}", "{% set x = 1 %}{{ x }}", "{# note #}{{ a }}",
    "{{- name }}", "{{ name -}}", "{%- if a %}x{% endif %}", "{% if a %}x", "{% endif %}", "{% if a %}x{% else %}y{% else %}z{% endif %}",
    "{{ true }}", "{{ none }}", "{{ 1.5 }}", "{{ 'a\\'b' }}", "{{ a is defined }}", "{{ a in b }}", "{{ a < b }}",
    "{{ a == b == c }}", "{{ lipsum(2) }}", "{% raw %}{{ x }}{% endraw %}", "a\r\n{{ b }}", "{{ (a) }}", "{{ a if b else c if d else e }}",
])
def test_anything_else_goes_to_jinja2(src):
    assert quick.compile(src) is None
    assert quick.columns(src) is None


def test_long_conditions_go_to_jinja2():
    """A condition of many terms (its tree as deep) is not taken: Jinja2's."""
    src = "{% if " + " and ".join(["a"] * 40) + " %}x{% endif %}"
    assert quick.compile(src) is None
    assert T.compile_text(src, "t").render({"a": "1"}) == "x"
    assert quick.compile("{% if " + " and ".join(["a"] * 20) + " %}x{% endif %}") is not None


def test_rows_it_does_not_take_are_rendered_by_jinja2():
    from jinja2.exceptions import UndefinedError

    q = quick.compile("{{ name }}{% if cost == 1 %}!{% endif %}", False, "front.svg")
    assert q.render({"name": "A", "cost": 1}) == "A!"
    assert q.render({"name": None, "cost": 2}) == "None"  # Jinja2's own text for an empty value
    assert q.render({"name": True, "cost": 2}) == "True"
    with pytest.raises(UndefinedError, match="'cost' is undefined"):
        q.render({"name": "A"})


def _compiled_pieces(t):
    """Every compiled placeholder text of an SVG template."""
    for u in t.texts:
        yield u.content
        yield from u.props.values()
    for s in t.snippets:
        yield s.template
    for im in t.images:
        yield im.href
    for q in t.qrs:
        yield q.content


def test_the_corpus_placeholders_render_as_jinja2_does():
    """Other people's templates (tests/corpus: robotfindskitten's Jinja2 card,
    the ported CardMaker, Countersheets, Inkcards... decks) with their own data:
    every placeholder Quick takes gives Jinja2's text on every row."""
    from pathlib import Path

    from printkit.custom import project as P
    from printkit.custom.svg import SvgTemplate

    corpus = Path(__file__).resolve().parent / "corpus"
    taken = rows_checked = 0
    for toml in sorted(corpus.glob("*/game.toml")):
        game = P.load_project(toml)
        for comp in game.components.values():
            spec = getattr(comp.render, "__self__", None)
            if not isinstance(spec, P.DeckSpec):
                continue
            front, back = spec.templates()
            rows = spec.table().rows
            for t in [*front.values(), *(back or {}).values()]:
                if not isinstance(t, SvgTemplate):
                    continue
                for piece in _compiled_pieces(t):
                    if not isinstance(piece, quick.Quick):
                        continue
                    taken += 1
                    j = T.compile_jinja(piece.source, "t", piece.xml)
                    for i, row in enumerate(rows):
                        v = T.variables(row.values, i)
                        assert piece.render(v) == j.render(v), (toml.parent.name, piece.source, row.place)
                        rows_checked += 1
    assert taken >= 3 and rows_checked >= 30, (taken, rows_checked)
