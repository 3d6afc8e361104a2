"""Templates written to exhaust the one template engine (issue 33 point 3):
numbers too long to read, hundreds of thousands of placeholders or `{% if %}`
tests on a card, escaped text multiplied by copies. Each project is run as a
user would (`printkit validate` and `printkit make`, from its folder) in a
forked child under a 300 MB address-space and 60 s CPU ceiling
(tests/hostile_runner.py), and must end with exit 0, 1 or 2, one line naming
what was refused, no traceback.

Each case stopped by a limit has a control (second tier): the same project run
with that limit raised (a test-only hook of the runner), under a 12 s CPU
ceiling, which the same verdict must call a failure. That shows the check would
see the failure the limit prevents (the issue's findings: exit 3, 1.5 GB,
minutes). The nesting cases are stopped by no limit one could raise (Python's
recursion guard, turned into one line): test_the_verdict_catches_a_failure
shows the verdict calls the exit 3 they used to end with a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

MEMORY = 300 * 2**20
CPU_SECONDS = 60

GAME = '[game]\ntitle = "Free Game"\n'
DECK = '\n[[deck]]\ndata = "cards.csv"\nfront = "front.svg"\n'


def svg(body: str) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">'
            '<rect x="0" y="0" width="69" height="94" fill="#f6efdf"/>' + body + "</svg>")


def deck(p: Path, front: str, csv: str = "name\nAlpha\n", extra: str = "") -> None:
    (p / "game.toml").write_text(GAME + DECK + extra)
    (p / "front.svg").write_text(front)
    (p / "cards.csv").write_text(csv)


CASES: dict[str, dict] = {}


def case(name: str, expect: int, needle: str, control: dict):
    """`control`: the LIMITS that, raised, let the project do what it tries."""
    def add(build):
        CASES[name] = {"build": build, "expect": expect, "needle": needle, "control": control}
        return build

    return add


@case("number-5000-digits", 2, "number", {"NUMBER_DIGITS": 10**6})
def _(p):
    deck(p, svg('<text x="8" y="20" font-size="5">{{ name }} {{ ' + "9" * 5000 + " }}</text>"))


@case("number-5000-digits-in-attribute", 2, "number", {"NUMBER_DIGITS": 10**6})
def _(p):
    deck(p, svg('<rect x="5" y="5" width="{{ ' + "1" * 5000 + ' % 50 }}" height="20" fill="#000000"/><text x="8" y="20" font-size="5">{{ name }}</text>'))


@case("placeholders-150000-in-a-text", 2, "tags", {"PLACEHOLDERS": 10**7})
def _(p):
    deck(p, svg('<text data-box="8 8 53 70" font-size="5">' + "{{ name }}" * 150_000 + "</text>"))


@case("placeholders-150000-over-attributes", 2, "tags", {"PLACEHOLDERS": 10**7})
def _(p):
    # 40,000 elements (under the SVG element limit), four placeholders each
    rects = "".join(f'<rect x="{k % 60}" y="{k % 90}" width="{{{{ o }}}}" height="{{{{ o }}}}" fill="{{{{ c{k % 7} }}}}" opacity="{{{{ o }}}}"/>' for k in range(40_000))
    deck(p, svg(rects), "name,o," + ",".join(f"c{k}" for k in range(7)) + "\nA,1," + ",".join(["#102030"] * 7) + "\n")


@case("if-tests-150000-in-a-text", 2, "tags", {"PLACEHOLDERS": 10**7})
def _(p):
    deck(p, svg('<text data-box="8 8 53 70" font-size="5">' + "{% if name == 'x' %}!{% endif %}" * 75_000 + "{{ name }}</text>"))


@case("if-tests-150000-in-a-loop", 2, "loop turns", {"TEMPLATE_STEPS": 10**9, "RUN_STEPS": 10**9})
def _(p):
    tests = "".join(f"{{% if name == 'n{k}' %}}{k}{{% endif %}}" for k in range(15))
    deck(p, svg('<text data-box="8 8 53 70" font-size="5">{% for i in range(10000) %}' + tests + "{% endfor %}{{ name }}</text>"), "name\n" + "\n".join(f"A{k}" for k in range(40)) + "\n")


@case("if-blocks-150000-between-elements", 2, "tags", {"PLACEHOLDERS": 10**7})
def _(p):
    deck(p, svg("{% if name == 'x' %}<rect width='1' height='1'/>{% endif %}" * 150_000 + '<text x="8" y="20" font-size="5">{{ name }}</text>'))


@case("escaped-text-times-copies", 2, "characters", {"TEXT_CHARS": 10**9, "TEMPLATE_WORK": 10**9})
def _(p):
    # 9,000 ampersands (45,000 characters escaped) put 4,000 times into one card, 100 copies
    deck(p, svg('<text data-box="8 8 53 70" font-size="5"><tspan>' + "{{ name }}" * 4_000 + "</tspan></text>"), "name\n" + "&" * 9_000 + "\n", "copies = 100\n")


@case("escaped-text-in-a-drawing-times-rows", 2, "characters", {"TEXT_CHARS": 10**9, "TEMPLATE_WORK": 10**9})
def _(p):
    # a group's placeholder (drawn as a snippet) growing past the text limit once escaped
    deck(p, svg('<g><rect x="5" y="5" width="20" height="20" fill="#000000" class="' + "{{ name }}" * 3_000 + '"/></g>'),
         "name\n" + "\n".join("<" * 9_000 + str(k) for k in range(100)) + "\n")


@case("long-and-chain", 2, "", {})
def _(p):
    deck(p, svg('<text x="8" y="20" font-size="5">{{ ' + " and ".join(["name"] * 4_000) + " }}</text>"))


@case("deep-not-chain", 2, "", {})
def _(p):
    deck(p, svg('<text x="8" y="20" font-size="5">{{ ' + "not " * 20_000 + "name }}</text>"))


@case("deep-parentheses", 2, "", {})
def _(p):
    deck(p, svg('<text x="8" y="20" font-size="5">{{ ' + "(" * 3_000 + "name" + ")" * 3_000 + " }}</text>"))


@case("layout-show-deep-condition", 2, "nested too deeply", {})
def _(p):
    (p / "game.toml").write_text(GAME + DECK.replace("front.svg", "front.toml"))
    (p / "front.toml").write_text('[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 8\ny = 8\nw = 47\nh = 10\nshow = "' + "name if name else " * 5_000 + 'name"\n')
    (p / "cards.csv").write_text("name\nAlpha\n")


@case("layout-show-5000-digits", 2, "number", {"NUMBER_DIGITS": 10**6})
def _(p):
    (p / "game.toml").write_text(GAME + DECK.replace("front.svg", "front.toml"))
    (p / "front.toml").write_text('[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 8\ny = 8\nw = 47\nh = 10\nshow = "name != ' + "7" * 5_000 + '"\n')
    (p / "cards.csv").write_text("name\nAlpha\n")


@case("ordinary-deck-prints", 0, "", {})
def _(p):
    # what a designer writes: a column, a choice, a block, a filter, in 300 cards
    deck(p, svg("{% if kind == 'fire' %}<rect x='5' y='60' width='10' height='10' fill='#c81e1e'/>{% endif %}"
                '<text data-box="8 8 53 10" font-size="5">{{ name }} &amp; {{ kind | upper }}</text>'
                "<rect x='50' y='5' width='10' height='10' fill=\"{{ '#1e1ec8' if kind == 'water' else '#1ea01e' }}\"/>"),
         "name,kind\n" + "\n".join(f"Card {k} & <co>,{('fire', 'water', 'leaf')[k % 3]}" for k in range(300)) + "\n")


# Values that are small where the sandbox measured them and huge once printed or
# formatted (attack of 2026-12-03): each ended at 1-24 GB, or ran past two minutes.
def text_case(p, expression: str) -> None:
    deck(p, svg('<text data-box="8 30 53 50" font-size="6">' + expression.replace("&", "&amp;").replace("<", "&lt;") + "</text>"))


@case("one-list-twice-40-deep", 2, "prints as", {"TEMPLATE_WORK": 10**17})
def _(p):
    # 80 lists, each holding the one before twice: printed, 2**40 copies of a 10,000-character text
    text_case(p, "{% set h = namespace(p='a' * 9999) %}{% for i in range(40) %}{% set h.p = [h.p, h.p] %}{% endfor %}{{ h.p | string | length }}")


@case("one-namespace-twice-40-deep", 2, "prints as", {"TEMPLATE_WORK": 10**17})
def _(p):
    # the same through namespace attributes, set one by one
    text_case(p, "{% set h = namespace(p='a' * 9999) %}{% for i in range(40) %}{% set n = namespace() %}{% set n.a = h.p %}"
                 "{% set n.b = h.p %}{% set h.p = n %}{% endfor %}{{ h.p | string | length }}")


@case("macro-varargs-twice-40-deep", 2, "prints as", {"TEMPLATE_WORK": 10**17})
def _(p):
    # the tuple of a macro's extra arguments, made by Jinja2 itself
    text_case(p, "{% macro d(n) %}{% if n %}{{ d(n - 1, varargs, varargs) }}{% else %}{{ varargs }}{% endif %}{% endmacro %}{{ d(40, 'a') }}")


@case("copies-of-a-long-text-in-a-list", 2, "prints as", {"TEMPLATE_WORK": 10**15})
def _(p):
    # 8,192 items (under the item limit), each the same 100,000-character text: tojson makes 800 MB
    text_case(p, "{% set h = namespace(x=['a' * 99999]) %}{% for i in range(13) %}{% set h.x = h.x + h.x %}{% endfor %}{{ h.x | tojson | length }}")


@case("bytes-multiplied", 2, "encode", {})
def _(p):
    # bytes were measured after `*` made them (5 GB): a template has no use for bytes
    text_case(p, "{{ (name.encode() * 10**9) | length }}")


@case("percent-width-after-a-mapping-key", 2, "width", {})
def _(p):
    text_case(p, "{{ '%(a)999999999s' % {'a': name} }} {{ '%((a))999999999s' % {'(a)': name} }}")


@case("format-filter-on-a-list", 2, "width", {})
def _(p):
    # the format filter formats the text of what it is given: the list's text holds the width
    text_case(p, "{{ ['%0999999999d'] | format(1) }}")


@case("lists-dicts-and-macros-that-print-small", 0, "", {})
def _(p):
    text_case(p, "{% set words = name.split() %}{% for w in words %}{{ w }}{% endfor %} {{ (range(10000) | list) | length }} "
                 "{{ {'a': [1, 2, 3]}['a'] | join(',') }} {% set ns = namespace(t=0, l=[]) %}{% for i in range(100) %}{% set ns.t = ns.t + i %}"
                 "{% set ns.l = ns.l + [i] %}{% endfor %}{{ ns.t }} {{ ns.l | length }} {{ '%(n)5s' % {'n': name} }} "
                 "{% macro m(a) %}{{ a | length }}{{ varargs | length }}{% endmacro %}{{ m([1, 2], 3, 4) }}")


def _run(base: Path, controls: bool, only=None, cases: dict | None = None) -> tuple[dict, dict]:
    runs, built = [], {}
    for name, c in (CASES if cases is None else cases).items():
        if (controls and not c["control"]) or (only is not None and name not in only):
            continue
        top = base / name
        top.mkdir()
        project = top / "project"
        project.mkdir()
        c["build"](project)
        commands = [["make", "game.toml"]] if controls else [["validate", "game.toml"], ["make", "game.toml"]]
        ids = []
        for k, args in enumerate(commands):
            rid = f"{name}#{k}"
            run = {"id": rid, "cwd": str(project), "args": args, "out": str(top / f"run{k}")}
            if controls:  # the limit raised, the ceilings lowered: a failure shows in seconds
                run.update(limits=c["control"], memory=MEMORY, cpu=12)
            runs.append(run)
            ids.append((rid, args, top / f"run{k}"))
        built[name] = ids
    spec = base / "spec.json"
    spec.write_text(json.dumps({"runs": runs, "memory": MEMORY, "cpu": CPU_SECONDS, "wall": 90, "config_home": str(base / "no-config")}))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PRINTKIT_DEBUG", None)
    subprocess.run([sys.executable, str(ROOT / "tests" / "hostile_runner.py"), str(spec), str(base / "results.json")], check=True, env=env, timeout=1800)
    return built, json.loads((base / "results.json").read_text())


def verdict(r: dict, err: str, expect: int, needle: str) -> list[str]:
    """What is wrong with how a run ended: [] when it ended as it should."""
    wrong = []
    if r["hung"]:
        return ["still running after the wall-clock guard"]
    if r["code"] not in (0, 1, 2):
        wrong.append(f"exit {r['code']} (killed by a ceiling, or a bug)")
    if r.get("maxrss_mb", 0) >= MEMORY / 2**20:
        wrong.append(f"{r['maxrss_mb']:.0f} MB")
    if r.get("cpu", 0) > CPU_SECONDS:
        wrong.append(f"{r['cpu']:.0f} s of CPU")
    if "Traceback" in err or "internal error" in err:
        wrong.append("a traceback or an internal error")
    if r["code"] != expect:
        wrong.append(f"exit {r['code']}, expected {expect}")
    elif expect == 2:
        line = err.strip()
        if "\n" in line or len(line) > 400:
            wrong.append("not one line")
        if needle.lower() not in line.lower():
            wrong.append(f"does not say {needle!r}")
    return wrong


# the default tier runs one case of each limit; --runslow runs all of them
QUICK = frozenset({"number-5000-digits-in-attribute", "placeholders-150000-over-attributes", "if-tests-150000-in-a-loop",
                   "escaped-text-times-copies", "deep-parentheses", "ordinary-deck-prints",
                   "one-list-twice-40-deep", "one-namespace-twice-40-deep", "macro-varargs-twice-40-deep",
                   "copies-of-a-long-text-in-a-list", "bytes-multiplied", "percent-width-after-a-mapping-key",
                   "format-filter-on-a-list", "lists-dicts-and-macros-that-print-small"})


@pytest.fixture(scope="module")
def hostile(request, tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile-templates")
    return _run(base, controls=False, only=None if request.config.getoption("--runslow") else QUICK)


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in CASES])
def test_hostile_template(hostile, name):
    assert_ended_well(hostile, name, CASES[name])


def assert_ended_well(hostile, name: str, c: dict, max_lines: int | None = None) -> None:
    """Every run of case `name` ended as `verdict` wants; `max_lines`: what a
    run that prints may write on stderr at most (warnings, not a screenful)."""
    built, results = hostile
    for rid, args, out in built[name]:
        err = Path(str(out) + ".err").read_text(errors="replace")
        wrong = verdict(results[rid], err, c["expect"], c["needle"])
        if max_lines is not None and c["expect"] != 2 and err.strip().count("\n") > max_lines:
            wrong.append("a screenful on stderr")
        assert not wrong, f"{name}: printkit {' '.join(args)}: {'; '.join(wrong)}: {err[-600:]}"


@pytest.mark.slow
def test_the_verdict_catches_each_case_without_its_limit(tmp_path):
    """Controls: each project with the limit that stops it raised ends badly
    (exit 3, killed by the memory or CPU ceiling, or no refusal), and the
    verdict above says so."""
    built, results = _run(tmp_path, controls=True)
    for name, ids in built.items():
        c = CASES[name]
        for rid, args, out in ids:
            err = Path(str(out) + ".err").read_text(errors="replace")
            assert verdict(results[rid], err, c["expect"], c["needle"]), f"{name}: the control ended well: {results[rid]} {err[-300:]}"


def test_the_verdict_catches_a_failure():
    """The verdict's own checks, on the ends the issue reported."""
    assert verdict({"hung": False, "code": 3, "cpu": 1, "maxrss_mb": 50}, "printkit: internal error: ValueError", 2, "number")
    assert verdict({"hung": False, "code": -9, "cpu": 1, "maxrss_mb": 299}, "", 2, "placeholders")
    assert verdict({"hung": False, "code": -24, "cpu": 61, "maxrss_mb": 50}, "", 2, "loop turns")
    assert verdict({"hung": True, "code": None}, "", 2, "")
    assert verdict({"hung": False, "code": 2, "cpu": 1, "maxrss_mb": 50}, "printkit: error: x\nsecond line", 2, "")
    assert verdict({"hung": False, "code": 0, "cpu": 1, "maxrss_mb": 50}, "", 2, "characters")
    assert not verdict({"hung": False, "code": 2, "cpu": 1, "maxrss_mb": 50}, "printkit: error: front.svg: 150,000 placeholders", 2, "placeholders")
