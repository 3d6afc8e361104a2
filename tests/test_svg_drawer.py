"""SVG art written to exhaust printkit's drawer (custom/svgart.py, the one
vector path): groups nested as deep as the parser allows, each at an opacity
(a transparency group inside the next); path data of hundreds of thousands of
segments; gradients with thousands of stops, spread over hundreds of
repeats; clones (<use>) of themselves, of each other, and multiplying ten
times a level; clip paths that clip themselves or clone what they clip. Each
project runs as a user would (`printkit validate` and `printkit make`) in a
forked child under the ceilings of tests/test_hostile_templates.py (300 MB,
60 s CPU) and must end in exit 0, 1 or 2 with at most one line, no traceback.
Then the drawer's own records for what those cases lean on (cycles, thinned
stops, a clip of itself) and for text placed as SVG places it.
"""

from __future__ import annotations

import pytest

from test_hostile_templates import _run, assert_ended_well, deck, svg

CASES: dict[str, dict] = {}


def case(name: str, expect: int, needle: str = ""):
    def add(build):
        CASES[name] = {"build": build, "expect": expect, "needle": needle, "control": {}}
        return build

    return add


TEXT = '<text x="8" y="90" font-size="4">{{ name }}</text>'


@case("groups-95-deep-each-faded", 0)
def _(p):
    deck(p, svg('<g opacity="0.99">' * 95 + '<rect x="5" y="5" width="20" height="20" fill="#c81e1e"/>' + "</g>" * 95 + TEXT))


@case("groups-5000-deep", 2, "depth")
def _(p):
    deck(p, svg("<g>" * 5000 + '<rect x="5" y="5" width="20" height="20"/>' + "</g>" * 5000 + TEXT))


@case("path-of-300000-segments", 0)
def _(p):
    d = "M 5 5 " + " ".join(f"L {5 + k % 50} {5 + (k * 7) % 80}" for k in range(300_000)) + " Z"
    deck(p, svg(f'<path d="{d}" fill="#1e1ec8" stroke="#000000" stroke-width="0.1"/>' + TEXT))


@case("path-data-of-garbage", 0)
def _(p):
    deck(p, svg('<path d="M 5 5 L 20 20 ' + "Q Q 1e999 nan -- " * 20_000 + '" fill="#1e1ec8"/>' + TEXT))


@case("gradient-of-5000-stops-reflected", 0)
def _(p):
    stops = "".join(f'<stop offset="{k / 5000:.5f}" stop-color="#{k % 256:02x}40{(255 - k % 256):02x}"/>' for k in range(5000))
    deck(p, svg(f'<defs><linearGradient id="g" x1="0" y1="0" x2="0.001" y2="0" spreadMethod="reflect">{stops}</linearGradient></defs>'
                '<rect x="5" y="5" width="59" height="80" fill="url(#g)"/>' + TEXT))


@case("use-of-itself-and-each-other", 0)
def _(p):
    deck(p, svg('<g id="a"><rect x="5" y="5" width="9" height="9"/><use href="#a" x="3"/><use href="#b"/></g>'
                '<g id="b"><use href="#a" y="3"/><use href="#b"/></g><use id="c" href="#c"/>' + TEXT))


@case("use-multiplying-ten-a-level", 2, "clones")
def _(p):
    levels = "".join(f'<g id="l{k}">' + "".join(f'<use href="#l{k + 1}" x="{j % 3}"/>' for j in range(10)) + "</g>" for k in range(9))
    deck(p, svg(f'<defs>{levels}<g id="l9"><rect width="1" height="1"/></g></defs><use href="#l0"/>' + TEXT))


@case("clip-of-itself-and-of-a-clone-it-clips", 0)
def _(p):
    deck(p, svg('<defs><clipPath id="k" clip-path="url(#k)"><use href="#r"/><rect width="30" height="30"/></clipPath></defs>'
                '<rect id="r" x="5" y="5" width="40" height="40" fill="#1ea01e" clip-path="url(#k)"/>'
                '<g clip-path="url(#k)"><use href="#r"/></g>' + TEXT))


QUICK: frozenset = frozenset()  # each case forks printkit twice (seconds): all in the second tier; the drawer's own checks below run in the first


@pytest.fixture(scope="module")
def hostile(request, tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile-drawer")
    return _run(base, controls=False, only=None if request.config.getoption("--runslow") else QUICK, cases=CASES)


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in CASES])
def test_hostile_drawing(hostile, name):
    assert_ended_well(hostile, name, CASES[name], max_lines=30)


def _art(body: str, w: str = "100", h: str = "100"):
    from lxml import etree

    from printkit.custom.svgart import to_drawing
    from printkit.engine import fonts

    fonts.register_fonts()  # the faces text is measured in, as a run has them
    doc = etree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" height="{h}" viewBox="0 0 100 100">{body}</svg>')
    return to_drawing(doc, "t.svg")


def _kinds(items) -> list:
    out = []
    for item in items:
        out.append(item[0])
        if item[0] == "g":
            out += _kinds(item[2])
    return out


def test_a_clone_cycle_draws_each_element_once_on_its_road():
    art = _art('<g id="a"><rect width="9" height="9"/><use href="#a" x="3"/></g>')
    assert _kinds(art.items).count("s") == 1


def test_a_clone_bomb_is_refused_naming_the_clones(monkeypatch):
    from printkit.custom.safety import LIMITS, LimitError

    monkeypatch.setitem(LIMITS, "SVG_ELEMENTS", 5_000)  # the same refusal, sooner

    levels = "".join(f'<g id="l{k}">' + f'<use href="#l{k + 1}"/>' * 10 + "</g>" for k in range(7))
    with pytest.raises(LimitError, match="clones"):
        _art(f'<defs>{levels}<g id="l7"><rect width="1" height="1"/></g></defs><use href="#l0"/>')


def test_thousands_of_stops_are_thinned_keeping_both_ends():
    stops = "".join(f'<stop offset="{k / 4999}" stop-color="{"#ff0000" if k == 0 else "#0000ff" if k == 4999 else "#00ff00"}"/>' for k in range(5000))
    art = _art(f'<linearGradient id="g">{stops}</linearGradient><rect width="50" height="50" fill="url(#g)"/>')
    (shape,) = [i for i in art.items if i[0] == "s"]
    kept = shape[2]["grad"]["stops"]
    assert len(kept) == 256 and kept[0][1] == (1.0, 0.0, 0.0) and kept[-1][1] == (0.0, 0.0, 1.0)


def test_a_self_clipping_clip_path_shows_nothing():
    art = _art('<clipPath id="k" clip-path="url(#k)"><use href="#r"/></clipPath><rect id="r" width="40" height="40" clip-path="url(#k)"/>')
    (group,) = art.items
    assert group[1][2] == "empty"


def _runs(art) -> list:
    out = []
    for item in art.items:
        if item[0] == "t":
            out += item[1]
        elif item[0] == "g":
            out += _runs(type(art)(art.width, art.height, item[1], item[2]))
    return out


def test_a_position_for_each_character_places_each():
    runs = _runs(_art('<text x="10 30 50" y="40" font-size="10">abc</text>'))
    assert [(r[0], r[1], r[2]) for r in runs] == [(10.0, 40.0, "a"), (30.0, 40.0, "b"), (50.0, 40.0, "c")]


def test_a_middle_anchored_chunk_is_centred_as_one():
    from printkit.engine.rl import text_width

    runs = _runs(_art('<text x="50" y="40" font-size="10" text-anchor="middle">ab<tspan font-weight="bold">cd</tspan></text>'))
    left = runs[0][0]
    right = runs[-1][0] + text_width(runs[-1][2], runs[-1][3], runs[-1][4])
    assert abs((left + right) / 2 - 50) < 1e-6 and runs[1][3] != runs[0][3]


def test_a_superscript_span_is_raised_by_half_its_size_and_the_text_after_it_is_not():
    runs = _runs(_art('<text x="10" y="40" font-size="10">E=mc<tspan baseline-shift="super" font-size="6">2</tspan>!</text>'))
    assert [r[1] for r in runs] == [40.0, 37.0, 40.0] and runs[1][2] == "2"
