"""Placeholders of the everyday kind rendered without loading Jinja2.

A card template's placeholders are mostly a column's value, a choice between
two words, a block shown for some rows, a value in capitals:

    {{ name }}   {{ 'blue' if type == 'Traveller' else 'red' }}
    {% if type == 'Traveller' %}{{ cost }}{% endif %}   {{ type | upper }}

`compile(source)` reads a template made only of these into a small tree and
returns a `Quick` template that gives exactly the text Jinja2 gives; for
anything else (another filter, a test, a loop, a call, an attribute, a
subscript, arithmetic, whitespace control, a comment...) it returns None, and
the caller compiles the template with Jinja2's sandbox as before. What it
accepts:

- text, with `{{ EXPR }}` and `{% if COND %}...{% elif COND %}...{% else %}...{% endif %}`
- EXPR: VALUE, or `VALUE if COND else VALUE`
- VALUE: a column name, `row['Column Name']`, a quoted string without
  backslashes, a whole number, each optionally followed by `| upper` or
  `| lower` (repeatable)
- COND: VALUE, `VALUE == VALUE`, `VALUE != VALUE`, `( COND )`, joined by
  `not`, `and`, `or`

Nothing here runs code: it is a reader of that grammar and an evaluator of its
tree (comparisons, truth, upper/lower case of text). A row that lacks a name
the template reads, or gives a value other than text or a number, is rendered
by the Jinja2 template instead (compiled then), so its errors and its text are
Jinja2's own.
"""

from __future__ import annotations

import re

from printkit.custom import safety

# names Jinja2 reads as something other than a row's value
_RESERVED = frozenset({"true", "false", "none", "True", "False", "None", "row", "loop", "range", "lipsum",
                       "dict", "cycler", "joiner", "namespace", "if", "else", "elif", "endif", "not", "and",
                       "or", "in", "is", "for", "endfor", "set", "with", "block", "macro", "call", "filter",
                       "raw", "import", "include", "extends", "from", "as", "recursive", "pluck", "self", "varargs", "kwargs", "caller"})
_FILTERS = {"upper": str.upper, "lower": str.lower}
_TOKEN = re.compile(r"\s*(?:(==|!=|\||\(|\)|\[|\])|([A-Za-z_][A-Za-z0-9_]*)|('[^'\\\n]*'|\"[^\"\\\n]*\")|(\d+)(?![\w.])|(\S))")
_TAG = re.compile(r"\{\{|\{%|\{#")
_MAX_DEPTH = 16  # {% if %} blocks inside one another
_MAX_TOKENS = 64  # in one tag: a longer condition (its tree as deep) is Jinja2's


class _NotQuick(Exception):
    """The template holds something this reader does not take."""


class _Delegate(Exception):
    """This row is left to the Jinja2 template (a name missing, a value of another type)."""


def _tokens(text: str) -> list:
    out = []
    pos, end = 0, len(text.rstrip())
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None or m.group(5) is not None:
            raise _NotQuick
        op, name, string, number = m.group(1, 2, 3, 4)
        if op:
            out.append(("op", op))
        elif name:
            out.append(("name", name))
        elif string:
            out.append(("const", string[1:-1]))
        else:
            out.append(("const", int(number)))
        pos = m.end()
    return out


class _Expr:
    """A recursive-descent reader of one tag's tokens."""

    def __init__(self, tokens: list, names: set, items: set) -> None:
        self.t = tokens
        self.i = 0
        self.names = names  # the names the tag reads, added to as it is read
        self.items = items  # the columns it reads as row['...']

    def peek(self, kind=None, value=None) -> bool:
        if self.i >= len(self.t):
            return False
        k, v = self.t[self.i]
        return (kind is None or k == kind) and (value is None or v == value)

    def take(self, kind=None, value=None):
        if not self.peek(kind, value):
            raise _NotQuick
        self.i += 1
        return self.t[self.i - 1]

    def done(self) -> None:
        if self.i != len(self.t):
            raise _NotQuick

    def value(self):
        k, v = self.take()
        if k == "name" and v == "row" and self.peek("op", "["):  # row['Card Name']: a column by its name
            self.i += 1
            kk, key = self.take("const")
            self.take("op", "]")
            if not isinstance(key, str):
                raise _NotQuick
            self.items.add(key)
            node = ("item", key)
        elif k == "name":
            if v in _RESERVED:
                raise _NotQuick
            self.names.add(v)
            node = ("name", v)
        elif k == "const":
            node = ("const", v)
        else:
            raise _NotQuick
        while self.peek("op", "|"):
            self.i += 1
            _, f = self.take("name")
            if f not in _FILTERS or self.peek("op", "("):
                raise _NotQuick
            node = ("filter", f, node)
        return node

    def compare(self):
        left = self.value()
        if self.peek("op", "==") or self.peek("op", "!="):
            _, op = self.take()
            return ("eq" if op == "==" else "ne", left, self.value())
        return ("truth", left)

    def negation(self):
        if self.peek("name", "not"):
            self.i += 1
            return ("not", self.negation())
        if self.peek("op", "("):  # (a condition)
            self.i += 1
            node = self.condition()
            self.take("op", ")")
            return node
        return self.compare()

    def conjunction(self):
        node = self.negation()
        while self.peek("name", "and"):
            self.i += 1
            node = ("and", node, self.negation())
        return node

    def condition(self):
        node = self.conjunction()
        while self.peek("name", "or"):
            self.i += 1
            node = ("or", node, self.conjunction())
        return node

    def output(self):
        node = self.value()
        if self.peek("name", "if"):
            self.i += 1
            test = self.condition()
            self.take("name", "else")
            node = ("choose", test, node, self.value())
        self.done()
        return node


def parse(source: str) -> tuple:
    """The template as (body, names read, columns read as row['...']); _NotQuick
    when outside the grammar."""
    if "\r" in source:
        raise _NotQuick  # Jinja2 rewrites line ends: left to it
    if source.endswith("\n"):
        source = source[:-1]  # Jinja2 drops one newline at the very end (keep_trailing_newline off)
    names: set = set()
    items: set = set()
    pos = 0
    stack: list = [[]]  # bodies being filled: the innermost last
    ifs: list = []  # open {% if %} nodes: [branches, else_body]
    while True:
        m = _TAG.search(source, pos)
        if m is None:
            if source[pos:]:
                stack[-1].append(("text", source[pos:]))
            break
        if m.start() > pos:
            stack[-1].append(("text", source[pos:m.start()]))
        opener = m.group()
        if opener == "{#":
            raise _NotQuick
        closer = "}}" if opener == "{{" else "%}"
        end = source.find(closer, m.end())
        if end < 0:
            raise _NotQuick
        inner = source[m.end():end]
        if inner.startswith(("-", "+")) or inner.endswith(("-", "+")):
            raise _NotQuick  # whitespace control
        toks = _tokens(inner)
        if len(toks) > _MAX_TOKENS:
            raise _NotQuick
        e = _Expr(toks, names, items)
        if opener == "{{":
            stack[-1].append(("out", e.output()))
        else:
            k, word = e.take("name")
            if word == "if":
                if len(ifs) >= _MAX_DEPTH:
                    raise _NotQuick
                test = e.condition()
                e.done()
                node = ["if", [(test, [])], None]
                stack[-1].append(node)
                ifs.append(node)
                stack.append(node[1][0][1])
            elif word == "elif" and ifs and ifs[-1][2] is None:
                test = e.condition()
                e.done()
                stack.pop()
                ifs[-1][1].append((test, []))
                stack.append(ifs[-1][1][-1][1])
            elif word == "else" and ifs and ifs[-1][2] is None:
                e.done()
                stack.pop()
                ifs[-1][2] = []
                stack.append(ifs[-1][2])
            elif word == "endif" and ifs:
                e.done()
                stack.pop()
                ifs.pop()
            else:
                raise _NotQuick
        pos = end + 2
    if ifs:
        raise _NotQuick
    return stack[0], names, items


class Quick:
    """A template of the grammar above: render(values) -> text, as Jinja2's sandbox renders it."""

    def __init__(self, source: str, body: list, names: set, xml: bool, where: str) -> None:
        self.source = source
        self.body = body
        self.names = frozenset(names)
        self.xml = xml
        self.where = where
        self._jinja = None

    def render(self, values: dict) -> str:
        try:
            for n in self.names:
                v = values[n]
                if type(v) not in (str, int, float):
                    raise _Delegate
            safety.BUDGET.start(len(self.source))
            out: list = []
            self._run(self.body, values, out)
        except (_Delegate, KeyError):
            return self.jinja().render(values)
        text = "".join(out)
        if len(text) > safety.LIMITS["TEXT_CHARS"] + len(self.source):  # as the sandbox refuses it
            raise safety.LimitError(f"{self.where}: a text over {safety.LIMITS['TEXT_CHARS'] + len(self.source):,} characters, printkit's limit")
        return text

    def jinja(self):
        """The same template compiled by Jinja2's sandbox (for the rows left to it)."""
        if self._jinja is None:
            self._jinja = safety.compile_template(self.source, self.where, self.xml)
        return self._jinja

    def _run(self, body, values, out) -> None:
        for node in body:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind == "out":
                text = str(self._value(node[1], values))
                out.append(_escape(text) if self.xml else text)
            else:
                for test, branch in node[1]:
                    if self._test(test, values):
                        self._run(branch, values, out)
                        break
                else:
                    if node[2] is not None:
                        self._run(node[2], values, out)

    def _value(self, node, values):
        kind = node[0]
        if kind == "name":
            return values[node[1]]
        if kind == "const":
            return node[1]
        if kind == "item":
            v = values["row"][node[1]]
            if type(v) not in (str, int, float):
                raise _Delegate
            return v
        if kind == "filter":
            safety.BUDGET.step()  # as the sandbox counts a filter
            return safety.BUDGET.made(_FILTERS[node[1]](str(self._value(node[2], values))))
        # choose
        return self._value(node[2] if self._test(node[1], values) else node[3], values)

    def _test(self, node, values) -> bool:
        kind = node[0]
        if kind == "truth":
            return bool(self._value(node[1], values))
        if kind == "eq":
            return self._value(node[1], values) == self._value(node[2], values)
        if kind == "ne":
            return self._value(node[1], values) != self._value(node[2], values)
        if kind == "not":
            return not self._test(node[1], values)
        if kind == "and":
            return self._test(node[1], values) and self._test(node[2], values)
        return self._test(node[1], values) or self._test(node[2], values)


def _escape(text: str) -> str:
    """What Jinja2's autoescape (markupsafe) makes of a text."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;").replace("'", "&#39;").replace('"', "&#34;")


def compile(source: str, xml: bool = False, where: str = "") -> Quick | None:  # noqa: A001
    """A Quick template, or None when the source is outside its grammar."""
    try:
        body, names, _items = parse(source)
    except (_NotQuick, RecursionError):
        return None
    return Quick(source, body, names, xml, where)


def columns(source: str) -> set[str] | None:
    """The names a template of the grammar reads (None outside it)."""
    try:
        _body, names, items = parse(source)
    except (_NotQuick, RecursionError):
        return None
    return (names - {"card"}) | items
