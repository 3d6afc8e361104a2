"""One template engine: Jinja2's sandbox (printkit/custom/safety.py), each
template compiled once. A body that is one column's value, as Jinja2's own
parser reads it (`{{ name }}`, `art/{{ art }}.svg`), is rendered by
safety.Column: the same text as Jinja2's compiled template, byte for byte,
checked here on many values and on the corpus's real templates; anything else
is the compiled template itself."""

from __future__ import annotations

import random

import pytest
from conftest import sweep

from printkit.custom import safety, template as T

NAMES = ["type", "name", "cost", "art", "card"]
VALUES = ["Traveller", "Hazard", "", "0", "a < b & 'c' \"d\"", "ünï", "\u00a0x\n", "{{ x }}", "&amp;", 0, 1, 2, 1.5, -3, 1e300, float("inf"), True, False, None, 10**30]


def _jinja(src: str, xml: bool):
    """What Jinja2's sandbox compiles from the source, bypassing the fast path."""
    t = safety.sandbox(xml).from_string(src)
    t.pk_where = "t"
    return t


def _value(rng):
    r = rng.random()
    if r < 0.5:
        return rng.choice(VALUES)
    if r < 0.8:
        return "".join(rng.choice("ab <>&'\"\\{}%#\t\nü€😀") for _ in range(rng.randint(0, 12)))
    return rng.choice([rng.randint(-10**6, 10**6), rng.uniform(-1e6, 1e6), rng.random()])


def _text(rng) -> str:
    return rng.choice(["", "art/", ".svg", "Cost: ", " ", "\n", "<b>", "x}y", "50% ", "a & b", "{ x", "#", "ü"])


def _column_source(rng) -> str:
    name = rng.choice(NAMES)
    tag = rng.choice(["{{ %s }}", "{{%s}}", "{{- %s }}", "{{ %s -}}", "{{\n%s\n}}", "{{ (%s) }}"]) % name
    return _text(rng) + tag + _text(rng) + rng.choice(["", "\n", " \n"])


@pytest.mark.parametrize("xml", [False, True])
def test_a_column_renders_as_jinja2_does(xml):
    """Templates of one column's value, made at random, rendered with values of
    every kind: the fast path gives Jinja2's text, byte for byte."""
    rng = random.Random(34)
    taken = 0
    n = sweep(3000, 400)
    for _ in range(n):
        src = _column_source(rng)
        fast = T.compile_text(src, "t", xml)
        if isinstance(fast, safety.Column):
            taken += 1
        j = _jinja(src, xml)
        for k in range(4):
            row = {c: _value(rng) for c in NAMES[:-1]}
            values = T.variables(row, k)
            assert fast.render(values) == j.render(values), (src, values)
    assert taken > n * 0.8, taken  # most of them are the fast path (a parenthesised name too)


def test_a_column_hands_other_values_and_missing_names_to_jinja2():
    """A list, a dict, markup or a missing name: the compiled template's own text and error."""
    import jinja2
    from markupsafe import Markup

    for xml in (False, True):
        fast = T.compile_text("<{{ name }}>", "front.svg", xml)
        assert isinstance(fast, safety.Column)
        j = _jinja("<{{ name }}>", xml)
        for v in ([1, "<a>"], {"a": "&"}, Markup("<i>x</i>"), (1,), b"bytes"):
            assert fast.render({"name": v}) == j.render({"name": v}), v
        with pytest.raises(jinja2.UndefinedError, match="'name' is undefined"):
            fast.render({"other": "x"})
        assert fast.render(name="A&") == j.render(name="A&")


def test_only_one_name_with_fixed_text_is_the_fast_path():
    """What Jinja2 parses as more than one column's value, a global, a filter, a
    test, a block... is its compiled template."""
    for src in ["{{ a }}{{ b }}", "{{ a ~ 'x' }}", "{{ a | upper }}", "{{ range }}", "{{ lipsum }}", "{{ a.b }}", "{{ a['b'] }}",
                "{% if a %}x{% endif %}", "{{ 'a' }}", "{{ 1 }}", "{% set a = 1 %}{{ a }}", "{% raw %}{{ a }}{% endraw %}", "{{ a if b }}", "{{ a }}{% for i in range(2) %}{% endfor %}"]:
        c = T.compile_text(src, "t")
        assert not isinstance(c, safety.Column), src
        assert isinstance(c, str) or hasattr(c, "root_render_func"), src
    for src in ["{{ a }}", "x{{ a }}", "{{ a }}y", "x {{ a }} y", "{{ (a) }}", "{{- a -}}", "{# note #}{{ a }}"]:  # a comment is no node
        assert isinstance(T.compile_text(src, "t"), safety.Column), src


def test_a_column_is_held_to_the_text_limit_as_jinja2_is():
    cap = safety.LIMITS["TEXT_CHARS"]
    src = "{{ name }}"
    for xml in (False, True):
        fast, j = T.compile_text(src, "front.svg", xml), _jinja(src, xml)
        j.pk_where = "front.svg"
        ok = {"name": "a" * cap}
        assert fast.render(ok) == j.render(ok)
        big = {"name": "&" * cap}  # over the limit once escaped
        errors = []
        for t in ((fast, j) if xml else ()):
            with pytest.raises(safety.LimitError) as exc:
                t.render(big)
            errors.append(str(exc.value))
        assert len(set(errors)) <= 1 and all("front.svg" in e and "characters" in e for e in errors), errors


def test_each_template_is_compiled_once():
    """The same text at the same place is the same compiled template (its memo too)."""
    a = T.compile_text("{% if cost %}{{ cost }}{% endif %}", "front.svg")
    b = T.compile_text("{% if cost %}{{ cost }}{% endif %}", "front.svg")
    assert a is b
    assert T.compile_text("{{ name }}", "front.svg", True) is T.compile_text("{{ name }}", "front.svg", True)
    assert T.compile_text("{{ name }}", "front.svg", True) is not T.compile_text("{{ name }}", "front.svg", False)


REAL = [  # examples/ember-road/front.svg's, and the corpus's (robotfindskitten, squib, cardmaker)
    "{{ 'inline' if (kitten) else 'none' }}",
    "{{ row[\"Card Name\"] }}",
    "{{ '#1f5f8b' if type == 'Traveller' else '#7a3b69' }}",
    "{% if type == 'Traveller' %}{{ cost }}{% endif %}",
    "{% if type == 'Traveller' %}:sword: {{ power }}{% endif %}",
    "{{ type | upper }}",
    "art/{{ art }}.svg",
    "{{ name }}",
    "<g display=\"{{ 'inline' if type == 'Traveller' else 'none' }}\">\n  <circle r=\"5\"/>\n</g>\n  ",
]


@pytest.mark.parametrize("src", REAL)
def test_real_placeholders_render_as_jinja2_does(src):
    q = T.compile_text(src, "front.svg", xml=True)
    j = _jinja(src, True)
    for i, row in enumerate(({"type": "Traveller", "cost": "2", "power": "3", "kitten": "1", "Card Name": "Fox & <Co>", "art": "a&b", "name": "Æ <x>"},
                             {"type": "Hazard", "cost": "", "power": "1", "kitten": "", "Card Name": "", "art": "", "name": ""})):
        v = T.variables(row, i)
        assert q.render(v) == j.render(v)


def test_columns_read_as_jinja2_parses_them():
    assert T.columns_used("{{ row['Card Name'] }}{% if (kitten) %}{{ card }}{% endif %}") == {"Card Name", "kitten"}
    assert T.columns_used("art/{{ art }}.svg {{ row.cost }} {{ range(3) | join }}") == {"art", "cost"}
    assert T.columns_used("{% macro f(n) %}{{ n }}{% endmacro %}{% for x in xs %}{{ f(x) }}{% set y = 1 %}{{ y }}{% endfor %}") == {"xs"}
    assert T.columns_used("no placeholder") == set()
    assert T.columns_used("{{ broken") == set()  # named when it is compiled


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
    every placeholder the fast path takes gives Jinja2's text on every row."""
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
                    if not isinstance(piece, safety.Column):
                        continue
                    taken += 1
                    j = _jinja(piece.source, piece.xml)
                    for i, row in enumerate(rows):
                        v = T.variables(row.values, i)
                        assert piece.render(v) == j.render(v), (toml.parent.name, piece.source, row.place)
                        rows_checked += 1
    assert taken >= 3 and rows_checked >= 30, (taken, rows_checked)


# -- limits inside the engine ------------------------------------------------------------

def test_a_long_number_is_refused_by_name():
    for src in ["{{ " + "7" * 5000 + " }}", "{{ 1." + "5" * 200 + " }}", "{% if x == " + "9" * 101 + " %}y{% endif %}"]:
        with pytest.raises(T.UsageError, match=r"front.svg: placeholder error: a number of [\d,]+ characters, over printkit's limit of 100"):
            T.compile_text(src, "front.svg")
    assert T.render(T.compile_text("{{ " + "7" * 100 + " }}", "t"), {}) == "7" * 100
    assert T.render(T.compile_text("7" * 5000 + "{{ x }}", "t"), {"x": 1}) == "7" * 5000 + "1"  # digits in the text are text


def test_placeholders_are_counted_before_they_are_parsed():
    cap = safety.LIMITS["PLACEHOLDERS"]
    T.compile_text("{{ a }}" * cap, "t")
    with pytest.raises(safety.LimitError, match=f"front.svg: {cap + 1:,} placeholders"):
        T.compile_text("{{ a }}" * (cap + 1), "front.svg")
    with pytest.raises(safety.LimitError, match="placeholders"):
        T.compile_text("{% if a %}x{% endif %}" * (cap // 2 + 1), "front.svg")


def test_if_tests_count_as_steps():
    """An {% if %} inside a loop is a step of the card's budget: 10,000 loop
    turns of two tests each end at the limit, not after 20,000 tests."""
    t = T.compile_text("{% for i in range(6000) %}{% if i == 1 %}{% endif %}{{ 'a' if i else 'b' }}{% endfor %}", "front.svg")
    with pytest.raises(safety.LimitError, match="front.svg: over 10,000 loop turns and calls in one card"):
        t.render({})
    assert len(T.compile_text("{% for i in range(3000) %}{% if i == 1 %}x{% endif %}{% endfor %}", "t").render({})) == 1


def test_the_memo_is_bounded_by_characters():
    """Templates remember their texts up to MEMO_CHARS characters all together,
    however long each text and however many templates."""
    def kept():
        return sum(len(v[0]) for t in safety._MEMO_HELD for v in t.pk_memo.values())

    templates = [T.compile_text("{% if big %}{{ big }}{% endif %}" + "x" * k, "t") for k in range(5)]
    for k in range(300):
        t = templates[k % 5]
        t.render({"big": f"{k:03d}" * 30_000})
        assert kept() <= safety.MEMO_CHARS and kept() == safety._MEMO_KEPT[0]
    assert templates[4].pk_memo  # the last text is remembered
    t = templates[0]
    for k in range(safety.MEMO_TEXTS + 10):
        t.render({"big": str(k)})
    assert len(t.pk_memo) <= safety.MEMO_TEXTS and kept() == safety._MEMO_KEPT[0]


def test_a_rows_copies_are_escaped_once():
    """A row's copies give the same value again: its text is the one made for the first."""
    t = T.compile_text("<b>{{ name }}</b>", "front.svg", True)
    row = T.variables({"name": "&" * 5000}, 0)
    first = t.render(row)
    assert t.render(T.variables(row, 1)) is first  # not escaped again
    assert t.render({"name": "x"}) == "<b>x</b>" and t.render(row) == first
