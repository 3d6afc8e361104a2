"""JSON Schemas of the component files (`--json`, `validate`), and the checks a
hand-edited file must pass before the rules are even asked.

Each component's schema is derived from the shape of the models printkit itself
makes (scripts/build_schemas.py builds a handful per component: default
parameters, every choice, several seeds and counts) and shipped in
printkit/schemas/. The derivation is strict: every key printkit always writes is
required, no other key is allowed, each value has its type, an array never empty
in any sample may not be empty, and an array whose length is the same in every
one of many instances (5 symbols on every Cryptex card, 40 rounds in every
challenge) has that length. `printkit schema GAME COMPONENT` prints one.

Puzzle IDs are checked against the content: each puzzle is made again from its
ID and must come out the same (a swapped token, an edited candidate or a
top-level ID that is not the puzzle's is reported).
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

from printkit.base.resources import package_file
from printkit.rules import JSON_FORMAT, Violation

DRAFT = "https://json-schema.org/draft/2020-12/schema"
#: an array seen this many times in one model, always with the same length (in
#: every model), has that length
FIXED_AFTER = 5


def _kind(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    raise TypeError(type(value).__name__)


def infer(values: list) -> dict:
    """A strict schema that every value satisfies. `values` are (sample, value)
    pairs: everything seen at one place in the sample models."""
    kinds = {_kind(v) for _, v in values}
    if "null" in kinds and len(kinds) == 1:
        return {}  # only ever empty in the samples: anything goes
    kinds.discard("null")
    nullable = any(v is None for _, v in values)
    if kinds == {"integer", "number"}:
        kinds = {"number"}
    if len(kinds) > 1:
        return {"type": sorted(kinds) + (["null"] if nullable else [])}
    kind = kinds.pop()
    real = [(n, v) for n, v in values if v is not None]
    out: dict = {"type": [kind, "null"] if nullable else kind}
    if kind == "object":
        keys = [set(v) for _, v in real]
        every = set.intersection(*keys) if keys else set()
        known = set.union(*keys) if keys else set()
        if known and all(k.isdigit() for k in known):  # numbered entries: card "1", "2", ...
            out["propertyNames"] = {"pattern": "^[0-9]+$"}
            out["additionalProperties"] = infer([(n, x) for n, v in real for x in v.values()])
            return out
        out["properties"] = {k: infer([(n, v[k]) for n, v in real if k in v]) for k in sorted(known)}
        out["required"] = sorted(every)
        out["additionalProperties"] = False
    elif kind == "array":
        lengths = {len(v) for _, v in real}
        items = [(n, x) for n, v in real for x in v]
        if items:
            out["items"] = infer(items)
        siblings = max(Counter(n for n, _ in real).values())
        if len(lengths) == 1 and siblings >= FIXED_AFTER:
            # the same length on many cards (or words, puzzles) of one model, and in every model
            out["minItems"] = out["maxItems"] = lengths.pop()
        elif all(v for _, v in real):
            out["minItems"] = 1
    return out


def _builtin_games() -> frozenset[str]:
    from printkit.games import all_games

    return frozenset(all_games())


def schema_from_models(component, models: list[dict]) -> dict:
    """The schema of a component from sample models of it."""
    body = infer(list(enumerate(models)))
    body["properties"]["format"] = {"const": JSON_FORMAT}
    body["properties"]["game"] = {"const": component.game}
    body["properties"]["component"] = {"const": component.name}
    names = [p.name for p in component.params] + [n for n in ("seed", "count") if n in component.uses]
    if any(isinstance(m.get("params"), dict) and "lang" in m["params"] for m in models):
        names.append("lang")  # a game printed in other languages than English (--lang)
    body["properties"]["params"] = {"type": "object", "properties": {n: {} for n in sorted(set(names))}, "additionalProperties": False}
    return {
        "$schema": DRAFT,
        "$id": f"https://printkit.invalid/schemas/{component.game}-{component.name}.json",
        "title": f"printkit {component.game} {component.name} (as `printkit {component.name} {component.game} --json` writes it)",
        **body,
    }


def schema_name(component) -> str:
    return f"{component.game}-{component.name}.json"


@cache
def load_schema(game: str, name: str) -> dict | None:
    try:
        text = package_file("schemas", f"{game}-{name}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return None
    return json.loads(text)


def _place(path) -> str:
    bits = []
    for p in path:
        bits.append(f"{p + 1}" if isinstance(p, int) else str(p))
    return " ".join(bits) or "file"


def schema_violations(component, model: dict) -> list[Violation]:
    """Structural damage: every way the file differs from the component's schema."""
    import jsonschema

    schema = load_schema(component.game, component.name)
    if schema is None:
        return []
    validator = jsonschema.Draft202012Validator(schema)
    out = []
    for err in sorted(validator.iter_errors(model), key=lambda e: [str(p) for p in e.absolute_path]):
        message = err.message if len(err.message) <= 160 else err.message[:157] + "..."
        out.append(Violation("SCHEMA", _place(err.absolute_path), message))
    return out


def id_violations(component, model: dict) -> list[Violation]:
    """Every puzzle made again from its printed ID must be the puzzle in the file;
    a top-level `id` must be its single puzzle's."""
    from printkit.errors import PrintkitError

    param_names = {p.name for p in component.params}
    puzzles = model.get("puzzles")
    if "id" not in param_names or not isinstance(puzzles, list):
        return []
    out: list[Violation] = []
    top = model.get("id")
    if top is not None and not (len(puzzles) == 1 and isinstance(puzzles[0], dict) and puzzles[0].get("id") == top):
        out.append(Violation("ID-MISMATCH", "id", f"{str(top)[:40]!r} is not the ID of the file's one puzzle"))
    from printkit.component import default_params

    for n, puzzle in enumerate(puzzles, 1):
        pid = puzzle.get("id") if isinstance(puzzle, dict) else None
        if not isinstance(pid, str):
            continue  # the schema and the rules report a missing ID
        params = {**default_params(component), "id": pid}
        params.pop("seed", None)
        params.pop("count", None)
        try:
            again = component.build(params)
        except PrintkitError as exc:
            out.append(Violation("ID-INVALID", f"puzzle {n}", str(exc).replace("--id ", "ID ", 1)))
            continue
        made = again.get("puzzles") or []
        if len(made) != 1 or made[0] != puzzle:
            out.append(Violation("ID-CONTENT", f"puzzle {n}", f"is not the puzzle its ID {pid[:40]} makes (edited, or the ID was changed)"))
    return out
