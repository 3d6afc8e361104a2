"""Build printkit/schemas/GAME-COMPONENT.json from sample models of each component.

Run after changing what a component's model holds:

    python scripts/build_schemas.py [GAME ...]

Samples per component: default parameters under three seeds, every value of
every choice parameter, every switch turned on, and --count 2 where there is a
count (and 6 at each level). (printkit/schema.py says how a schema is derived from them.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit import build  # noqa: E402
from printkit.errors import PrintkitError  # noqa: E402
from printkit.games import all_games  # noqa: E402
from printkit.component import default_params  # noqa: E402
from printkit.schema import schema_from_models, schema_name  # noqa: E402

OUT = ROOT / "printkit" / "schemas"
#: free-text parameters that change a model's shape: one example each
EXTRA = {
    ("crypticolor", "sheet"): [{"word": "FOYER"}, {"word": "FOYER", "rotations": True}],
    ("cryptex", "sheet"): [{"lengths": "3,4,5"}],
    ("crypto-crisis", "board"): [{"word": ("study:L", "ghost:UD", "knife:RRR")}],
    ("cryptic-words", "form"): [{"qr_url": "https://example.org/cw"}],
}


def param_sets(component) -> list[dict]:
    base = default_params(component)
    sets = []
    for seed in ("1", "2", "schema-3"):
        p = dict(base)
        if "seed" in component.uses:
            p["seed"] = seed
        sets.append(p)
        if "seed" not in component.uses:
            break
    for param in component.params:
        for choice in param.choices or ():
            sets.append({**base, param.name: choice})
        if param.flag:
            sets.append({**base, param.name: True})
    for param in component.params:  # the ends of a numeric range: shapes that grow with it
        if param.type is int and not param.flag and param.min is not None and param.name != "deals":
            sets += [{**base, param.name: param.min}, {**base, param.name: param.max}]
    for extra in EXTRA.get((component.game, component.name), []):
        sets.append({**base, **extra})
    from printkit.games import all_games

    for lang in all_games()[component.game].languages:  # each language the game is printed in
        if lang != "en":
            sets.append({**base, "lang": lang})
            if "count" in component.uses:
                sets.append({**base, "lang": lang, "count": 2})
    if "count" in component.uses:
        sets.append({**base, "count": 2})
        sets.append({**base, "count": 6, "seed": "schema-count"})
        for param in component.params:  # many puzzles at each level: lengths that vary by level vary here
            for choice in param.choices or ():
                sets.append({**base, "count": 6, "seed": f"schema-{choice}", param.name: choice})
    return sets


def samples(component) -> list[dict]:
    models, seen = [], set()
    for params in param_sets(component):
        key = json.dumps(params, sort_keys=True, default=str)
        if key in seen:
            continue
        seen.add(key)
        try:
            models.append(build.build_checked(component, params))
        except PrintkitError:
            continue  # a combination the component refuses
    return models


def main(games: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    (OUT / "__init__.py").write_text('"""JSON Schemas of the component files (built by scripts/build_schemas.py)."""\n')
    for game in all_games().values():
        if games and game.name not in games:
            continue
        for comp in game.components.values():
            models = samples(comp)
            schema = schema_from_models(comp, models)
            (OUT / schema_name(comp)).write_text(json.dumps(schema, indent=1, sort_keys=True) + "\n")
            print(f"{schema_name(comp)}: {len(models)} sample models", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
