"""The shared rules validator.

Rules are pure functions on plain data (the JSON form of a component) that
return violations. Each violation has a stable code, a place (card 7, cell C3,
word 2) and a sentence. Games register their checks on their components; this
module runs them and knows nothing of any game.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

from typing import Any, Callable, Iterable, NamedTuple

from printkit.base.shelf import ReadOnlyList

JSON_FORMAT = "printkit/1"


def is_list(value: Any) -> bool:
    """What a check reads where the JSON form has a list: a list or a ReadOnlyList."""
    return isinstance(value, (list, ReadOnlyList))


class Violation(NamedTuple):  # a tuple: sorts by code, place, message
    code: str
    place: str
    message: str
    #: "error": it would print wrong, nothing is written. "warning": craft advice
    #: (named in the run summary, exit 0); --strict (and --shop, --pdfx) refuse it too.
    severity: str = "error"

    @property
    def warning(self) -> bool:
        return self.severity == "warning"

    def __str__(self) -> str:
        return f"{self.code} {self.place}: {self.message}"


Check = Callable[[dict], Iterable[Violation]]


def run_checks(data: Any, checks: Iterable[Check]) -> list[Violation]:
    """Run every check on `data`, collecting violations in order.

    A check that meets data so malformed it cannot even be read reports that as a
    violation instead of crashing: user files go through here.
    """
    found: list[Violation] = []
    for check in checks:
        try:
            found.extend(check(data))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            name = getattr(check, "__name__", "check")
            found.append(Violation("MALFORMED", name, f"data could not be read ({exc.__class__.__name__}: {exc})"))
    return found


# -- small helpers shared by every game's checks -----------------------------

def expect(cond: bool, code: str, place: str, message: str) -> list[Violation]:
    return [] if cond else [Violation(code, place, message)]


def field(data: Any, key: str, kind: type | tuple, code: str, place: str) -> tuple[Any, list[Violation]]:
    """Read data[key] and check its type; returns (value or None, violations)."""
    if not isinstance(data, dict):
        return None, [Violation(code, place, "is not a JSON object")]
    if key not in data:
        return None, [Violation(code, place, f"has no '{key}'")]
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if bool in (type(value),) and bool not in kinds:
        return None, [Violation(code, place, f"'{key}' must be {_kind_name(kinds)}, not true/false")]
    if not isinstance(value, kinds) and not (list in kinds and is_list(value)):
        return None, [Violation(code, place, f"'{key}' must be {_kind_name(kinds)}")]
    return value, []


def _kind_name(kinds: tuple) -> str:
    names = {int: "a whole number", str: "a string", list: "a list", dict: "an object", float: "a number", bool: "true or false"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def language_violations(lang: str, code: str) -> list[Violation]:
    """[] when `lang` is a language printkit prints, else one violation under
    `code` naming it (a model's params may hold anything)."""
    from printkit.lang import LANGUAGES

    if lang in LANGUAGES:
        return []
    return [Violation(code, "params lang", f"{lang[:20]!r} is not a language printkit prints ({', '.join(LANGUAGES)})")]
