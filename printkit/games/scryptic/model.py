"""Scryptic models as plain data: the board, the token pools and racks, the
reference card (with its worked example computed by the rules), the score sheet."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.games.scryptic import rules as R

# -- board --------------------------------------------------------------------------------


def build_board(params: dict) -> dict:
    from printkit.games.scryptic import board as B

    seed = str(params.get("seed", "1"))
    size = int(params.get("size") or 15)
    terrain = params.get("terrain") or "mix"
    if not R.MIN_SIZE <= size <= R.MAX_SIZE:
        raise UsageError(f"--size {size}: boards are {R.MIN_SIZE} to {R.MAX_SIZE} cells a side")
    if terrain not in B.PRESETS:
        raise UsageError(f"--terrain {terrain}: choose one of {', '.join(B.PRESETS)}")
    rows, cities, attempts = B.generate(seed, size, terrain)
    return {
        "params": {"seed": seed, "size": size, "terrain": terrain},
        **B.board_model(rows, cities),
        "legend": {t: R.TERRAIN_NAMES[t] for t in R.TERRAINS},
        "attempts": attempts,
    }


def board_report(model: dict) -> str:
    """One line of figures for the summary: terrain shares, texture, balance."""
    grid, cities, _ = R.read_board(model)
    if grid is None:
        return ""
    n = len(grid)
    shares = ", ".join(f"{R.TERRAIN_NAMES[t]} {sum(row.count(t) for row in grid) * 100 // (n * n)}%" for t in R.TERRAINS)
    tex = R.texture(grid)
    bal = R.balance(grid, cities)
    fair = "half-turn symmetric" if bal.symmetric else "balanced by measure"
    g, s = bal.to_middle
    return (
        f"board {n}x{n}: {shares}; clustering {tex.clustering:.2f} (shuffled ~0), "
        f"{tex.specks} lone cells, {tex.patches} patches; {fair}, {g}/{s} steps from the start cities to the middle"
    )


# -- tokens and racks -----------------------------------------------------------------


def build_tokens(params: dict) -> dict:
    n = int(params.get("board_size") or 15)
    if not R.MIN_SIZE <= n <= R.MAX_SIZE:
        raise UsageError(f"--board-size {n}: boards are {R.MIN_SIZE} to {R.MAX_SIZE} cells a side")
    letters = [{"letter": ch, "value": R.LETTER_VALUES[ch], "count": R.POOL_COUNTS[ch]} for ch in sorted(R.LETTER_VALUES)]
    return {
        "params": {"board_size": n if n != 15 else None},
        "pools": [{"owner": owner, "player": k, "letters": [dict(e) for e in letters]} for k, owner in enumerate(R.POOLS, 1)],
        "rack_limit": R.RACK_LIMIT,
        "rack_start": R.RACK_START,
        "draw_per_turn": R.DRAW_PER_TURN,
        "board_size": n,
        "token_mm": R.token_mm(n),
        "cell_mm": R.board_cell_mm(n),
    }


# -- reference card -------------------------------------------------------------------------

TERRAIN_ROWS = [
    (R.PLAINS, "Open ground: no limits.", "No change."),
    (R.FOREST, f"Density {R.FOREST_DENSITY} a cell: the word's score must beat the total to cut through (those cells become plains). Cutting or fire words ×1.5 for this.", "No change."),
    (R.WATER, "A word may cross water, but both end letters stand on land.", "Attacking while crossing water ×0.6."),
    (R.MOUNTAIN, "No limits.", "Attack and defence ×(2M+O)/(M+O): M letters on mountain, O the others (×2 wholly on mountain)."),
    (R.ICE, f"Bears letters worth {R.ICE_THICKNESS} only. A heavier letter cracks every ice cell under the word to water and the word is lost (checked after combat).", "No change."),
]
CITY_ROW = ("city", "Your first word covers your start city (gold: player 1, silver: player 2; pewter: unaligned).", f"Defence ×1.5. Capturing a city: +{R.CAPTURE_BONUS} points.")

MODIFIERS = [
    ("Mountain (see terrain)", "both", "×(2M+O)/(M+O)"),
    ("Crossing water", "attack", "×0.6"),
    ("A letter on a city", "defence", "×1.5"),
    ("Supply broken (cut off from your city)", "defence", "×0.6"),
    ("Attacking meaning (sword, attack, destroy)", "attack", "×1.5"),
    ("Defending meaning (shield, defend, protect)", "defence", "×1.5"),
    ("Sneaking meaning (spy, hide, sneak)", "both", "×1.5"),
    ("Cutting or fire meaning, against forest only", "placing", "×1.5"),
]

TURN = [
    f"Draw {R.DRAW_PER_TURN} letters from your pool (the game starts with {R.RACK_START}). More than {R.RACK_LIMIT} on your rack: discard down to {R.RACK_LIMIT}.",
    "Place a word joined to your own crossword (your first word covers your start city) and commit it. Place as many words as you like.",
    "A committed word touching or covering an opponent's word (4-way) attacks: combat.",
    "Once a turn you may lift one of your words back to your rack, leaving your crossword valid.",
    "End the turn: uncommitted letters go back to your rack.",
]

COMBAT = [
    "The defender orders the touching words. The attacker beats a word only with more strength, and loses that word's score from its strength.",
    "A beaten word loses the letters no other standing word of its owner uses; the attacker scores their value.",
    "The first word the attacker cannot beat removes the attacker. Then ice is checked.",
]

END = [
    "A player has emptied both pool and rack: the higher score wins.",
    "A player owns no city: the other wins by conquest, whatever the scores.",
    "The pools are empty and both players pass twice in a row: the higher score wins.",
    f"Score: the face value of your words on the board, plus the value of enemy letters you removed, plus {R.CAPTURE_BONUS} a captured city.",
]

# Worked examples: the inputs only. The numbers are computed by the rules module
# at build time and recomputed by the validator.
EXAMPLES = [
    {"word": "SWORD", "role": "attack", "meaning": ["attacking"], "terrain": "PPPPP", "city": False, "supply_broken": False, "note": "attacks on open ground"},
    {"word": "HIDE", "role": "defend", "meaning": ["sneaking"], "terrain": "MMPP", "city": False, "supply_broken": False, "note": "defends, two letters on mountain"},
    {"word": "RAID", "role": "attack", "meaning": ["attacking"], "terrain": "PWWP", "city": False, "supply_broken": False, "note": "attacks across a river"},
    {"word": "GRAM", "role": "defend", "meaning": [], "terrain": "PPPP", "city": True, "supply_broken": False, "note": "defends with a letter on a city"},
    {"word": "TAU", "role": "defend", "meaning": [], "terrain": "PPP", "city": False, "supply_broken": True, "note": "defends cut off from its city"},
]
FOREST_EXAMPLE = {"word": "FIRE", "terrain": "FFPP", "cutting": True}
COMBAT_EXAMPLE = {"attacker": "SWORD", "defenders": ["NOR", "TAU", "NOT", "GRAM"], "city": ["GRAM"]}


def compute_example(case: dict) -> dict:
    s = R.strength(case["word"], case["role"], terrain=case["terrain"], meaning=case["meaning"], city=case["city"], supply_broken=case["supply_broken"])
    return {"score": s.score, "strength": s.value, "working": s.explain()}


def compute_forest(case: dict) -> dict:
    cut = R.forest_cut(case["word"], case["terrain"], cutting=case["cutting"])
    return {"power": cut.power, "density": cut.density, "cuts": cut.cuts}


def compute_combat(case: dict) -> list[dict]:
    attacker = R.strength(case["attacker"], "attack", meaning=["attacking"]).value
    defenders = []
    for word in case["defenders"]:
        s = R.strength(word, "defend", city=word in case["city"])
        defenders.append((word, s.value, s.score))
    return [
        {"defender": b.defender, "attacker_before": b.attacker_before, "defender_strength": b.defender_strength, "defender_score": b.defender_score, "attacker_wins": b.attacker_wins, "attacker_after": b.attacker_after}
        for b in R.resolve_attack(attacker, defenders)
    ]


def build_reference(params: dict) -> dict:
    examples = [{**case, **compute_example(case)} for case in EXAMPLES]
    return {
        "params": {},
        "terrain": [{"code": t, "name": R.TERRAIN_NAMES[t], "placing": p, "combat": k} for t, p, k in TERRAIN_ROWS],
        "city": {"placing": CITY_ROW[1], "combat": CITY_ROW[2]},
        "modifiers": [{"what": w, "when": when, "factor": f} for w, when, f in MODIFIERS],
        "values": {str(v): "".join(ch for ch in sorted(R.LETTER_VALUES) if R.LETTER_VALUES[ch] == v) for v in (1, 2, 3)},
        "turn": TURN,
        "combat": COMBAT,
        "end": END,
        "examples": examples,
        "forest_example": {**FOREST_EXAMPLE, **compute_forest(FOREST_EXAMPLE)},
        "combat_example": {**COMBAT_EXAMPLE, "bouts": compute_combat(COMBAT_EXAMPLE)},
    }


# -- score sheet ------------------------------------------------------------------------------


def build_sheet(params: dict) -> dict:
    turns = int(params.get("turns") or 30)
    return {
        "params": {"turns": turns if turns != 30 else None},
        "turns": turns,
        "players": [{"pool": "gold", "label": "Player 1 · gold"}, {"pool": "silver", "label": "Player 2 · silver"}],
        "columns": ["words +", "removed +", "cities +", "lost -", "total"],
        "capture_bonus": R.CAPTURE_BONUS,
    }


def check_reference(model: dict) -> list:
    """The worked examples must be what the rules compute (a hand-edited number fails)."""
    from printkit.rules import Violation, field

    out = []
    examples, bad = field(model, "examples", list, "SCR-REFERENCE", "reference")
    out += bad
    for k, case in enumerate(examples or [], 1):
        place = f"example {k}"
        try:
            want = compute_example(case)
        except (KeyError, TypeError, ValueError) as exc:
            out.append(Violation("SCR-EXAMPLE", place, f"cannot be worked out ({exc})"))
            continue
        for key, value in want.items():
            if case.get(key) != value:
                out.append(Violation("SCR-EXAMPLE", f"{place} ({case.get('word')})", f"{key} is {case.get(key)!r}; the rules give {value!r}"))
    forest, bad = field(model, "forest_example", dict, "SCR-REFERENCE", "reference")
    out += bad
    if forest is not None:
        try:
            want = compute_forest(forest)
            out += [Violation("SCR-EXAMPLE", "forest example", f"{key} is {forest.get(key)!r}; the rules give {v!r}") for key, v in want.items() if forest.get(key) != v]
        except (KeyError, TypeError, ValueError) as exc:
            out.append(Violation("SCR-EXAMPLE", "forest example", f"cannot be worked out ({exc})"))
    combat, bad = field(model, "combat_example", dict, "SCR-REFERENCE", "reference")
    out += bad
    if combat is not None:
        try:
            want = compute_combat(combat)
            if combat.get("bouts") != want:
                out.append(Violation("SCR-EXAMPLE", "combat example", "the bouts are not what the rules give for these words"))
        except (KeyError, TypeError, ValueError) as exc:
            out.append(Violation("SCR-EXAMPLE", "combat example", f"cannot be worked out ({exc})"))
    return out
