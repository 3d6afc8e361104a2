"""A `style` attribute's declarations, read by tinycss2: the one reader of
inline CSS that the template parser (svgparse), the style sheet merge and the
drawer (svgdraw, svgart) share."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4096)
def declarations(text: str) -> tuple[tuple[str, str], ...]:
    """A style attribute's declarations, (name, value) in order, found by
    tinycss2: a semicolon or colon inside quotes, brackets, url() or a Jinja2
    placeholder ({{ ... }}, {% ... %}: CSS blocks) parts nothing. Names and
    values are the attribute's own text (comments left out), never tinycss2's
    re-serialised tokens, which would rewrite the quotes inside a placeholder."""
    if ":" not in text:
        return ()
    import tinycss2

    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n").replace("\0", "\ufffd")  # as tinycss2 reads it
    lines = [0]
    for n, ch in enumerate(text):
        if ch == "\n":
            lines.append(n + 1)
    tokens = tinycss2.parse_component_value_list(text)
    starts = [lines[t.source_line - 1] + t.source_column - 1 for t in tokens] + [len(text)]
    out, name, value = [], None, []
    for k, tok in enumerate(tokens + [None]):
        if tok is None or (tok.type == "literal" and tok.value == ";"):
            if name is not None and name.strip():
                out.append((name.strip(), "".join(value).strip()))
            name, value = None, []
        elif tok.type == "literal" and tok.value == ":" and name is None:
            name, value = "".join(value), []
        elif tok.type != "comment":
            value.append(text[starts[k] : starts[k + 1]])
    return tuple(out)


def style_dict(text: str | None) -> dict[str, str]:
    """The declarations of a style attribute as a dict (a later one wins)."""
    return dict(declarations(text or ""))
