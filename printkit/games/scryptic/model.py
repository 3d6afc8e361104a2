"""Scryptic models as plain data: the board, the token pools and racks, the
reference card (with its worked example computed by the rules), the score sheet."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.games.scryptic import rules as R
from printkit.i18n import N_  # marks the cards' and sheet's words for the catalogues (translated where printed)
from printkit.lang import language
from printkit.rules import Violation, field

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
    lang = _lang(params)
    rows, cities, attempts = B.generate(seed, size, terrain)
    return {
        "params": {"seed": seed, "size": size, "terrain": terrain, **_lang_param(lang)},
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


def _lang(params: dict) -> str:
    """The language asked for (English when none), refused unless Scryptic has its letters."""
    lang = params.get("lang") or "en"
    if lang not in R.SCRABBLE:
        raise UsageError(f"--lang {lang}: Scryptic has no letter set for it")
    return lang


def _lang_param(lang: str) -> dict:
    """What a model's params say of its language (lang.Language.params)."""
    return language(lang).params


def language_facts(lang: str = "en") -> dict:
    """What the rules page and reference card must say of a language: its pool
    (size, letters by value, letters it has no token for), the Scrabble edition
    the values and counts come from."""
    values = R.letter_values(lang)
    absent = [ch for ch in language(lang).letters.upper() if ch not in values]
    return {
        "lang": lang,
        "language": language(lang).name,
        "pool_size": R.pool_size(lang),
        "scrabble_tiles": R.SCRABBLE_TILES[lang],
        "values": {str(v): "".join(ch for ch in values if values[ch] == v) for v in (1, 2, 3)},
        "absent": "".join(absent),
        "digraphs_split": [t for t, _, _ in R.SCRABBLE[lang] if len(t) > 1],
        "pool_turns": R.pool_turns(lang),
        "source": f"the {language(lang).name} Scrabble set ({R.SCRABBLE_TILES[lang]} tiles less its 2 blanks); points 1-2 are 1 dot, 3 are 2, 4 or more 3",
    }


def build_tokens(params: dict) -> dict:
    n = int(params.get("board_size") or 15)
    if not R.MIN_SIZE <= n <= R.MAX_SIZE:
        raise UsageError(f"--board-size {n}: boards are {R.MIN_SIZE} to {R.MAX_SIZE} cells a side")
    lang = _lang(params)
    values, counts = R.letter_values(lang), R.pool_counts(lang)
    letters = [{"letter": ch, "value": values[ch], "count": counts[ch]} for ch in values]  # in the language's alphabet order
    return {
        "params": {"board_size": n if n != 15 else None, **_lang_param(lang)},
        "pools": [{"owner": owner, "player": k, "letters": [dict(e) for e in letters]} for k, owner in enumerate(R.POOLS, 1)],
        "rack_limit": R.RACK_LIMIT,
        "rack_start": R.RACK_START,
        "draw_per_turn": R.DRAW_PER_TURN,
        "board_size": n,
        "token_mm": R.token_mm(n),
        "cell_mm": R.board_cell_mm(n),
    }


# -- reference card -------------------------------------------------------------------------

#: The card's sentences with a figure in them, each as it is printed in English ->
#: (its catalogue message, the figures): drawn in another language from the message.
FILLED: dict[str, tuple[str, dict]] = {}


def filled(message: str, **values) -> str:
    """`message` with its figures, English as the card prints it; remembered in FILLED."""
    text = message.format(**values)
    FILLED[text] = (message, values)
    return text


TERRAIN_ROWS = [
    (R.PLAINS, N_("Open ground: no limits."), N_("No change.")),
    (R.FOREST, filled(N_("Density {density} a cell. The word's score (×1.5 for a cutting or fire word) must beat the total of its forest cells, or it may not be placed. Beaten: those cells become plains (pencil a line through them)."), density=R.FOREST_DENSITY), N_("No change.")),
    (R.WATER, N_("A word may cross water, but both its end letters stand on land (ice counts)."), N_("Attacking while crossing water ×0.6.")),
    (R.MOUNTAIN, N_("No limits."), N_("Attack and defence ×(2M+O)/(M+O): M letters on mountain, O the others (×2 wholly on mountain).")),
    (R.ICE, N_("Bears 1-dot letters. A heavier letter cracks every ice cell under its word to water (pencil waves on them) and the word is removed, but only after combat."), N_("No change: it may still win its fight first.")),
]
CITY_ROW = ("city", N_("Your first word covers your start city (gold: player 1, silver: player 2; pewter: nobody's yet)."), filled(N_("Defence ×1.5. Your letter standing on a city you do not own captures it: +{bonus}."), bonus=R.CAPTURE_BONUS))

MODIFIERS = [
    (N_("Mountain (see terrain)"), N_("both"), "×(2M+O)/(M+O)"),
    (N_("Crossing water"), N_("attack"), "×0.6"),
    (N_("A letter on a city"), N_("defence"), "×1.5"),
    (N_("Cut off from your cities"), N_("defence"), "×0.6"),
    (N_("Attacking meaning (list p. 2)"), N_("attack"), "×1.5"),
    (N_("Defending meaning (list p. 2)"), N_("defence"), "×1.5"),
    (N_("Sneaking meaning (list p. 2)"), N_("both"), "×1.5"),
    (N_("Cutting or fire meaning (forest only)"), N_("placing"), "×1.5"),
]

SETUP = [
    N_("Each player shuffles their own pool face down and draws 7 letters. Gold (player 1) plays first; then turns alternate."),
]

TURN = [
    filled(N_("Draw {draw} letters from your pool, except on your first turn (you start with {start}). More than {limit} on your rack: discard down to {limit} at once (out of the game)."), draw=R.DRAW_PER_TURN, start=R.RACK_START, limit=R.RACK_LIMIT),
    N_("Place a word in a line, crossword style: your first word covers your start city; later words join your own crossword where it still reaches one of your cities, never a broken word unless your letters mend it."),
    N_("Commit it: it and every line of two or more letters it makes must be in the dictionary (page 2). If not, take it back. Place as many words as you like."),
    N_("A committed word touching (up, down, left, right) or laid on top of an opponent's letters attacks: combat."),
    N_("Once a turn you may lift one of your words back to your rack, leaving every word whole and reaching a city."),
    N_("End the turn: letters placed but not committed go back to your rack. Fill in your row of the score sheet."),
]

COMBAT = [
    N_("Work out the strength of the attacker and of each enemy word it covers or touches. Broken words do not fight."),
    N_("The defender orders those words. The attacker beats a word only with more strength (a tie holds), and each win costs it that word's score."),
    N_("A beaten word loses every letter no unbeaten word of its owner still uses; the attacker scores their value."),
    N_("Beat them all: every enemy letter under or beside the attacker goes too (scored). The first word it cannot beat removes the attacker instead (its letters leave the game)."),
    N_("Then ice: a word with a letter of 2 or 3 dots on ice cracks it and is removed."),
]

AFTER = [
    N_("Broken word (a letter gone, or no longer a word): it cannot defend, does not score, and cannot be built on unless your new letters make it a word again. You need not mend it."),
    N_("Cut off (no chain of your words back to a city you own): its words defend ×0.6, cannot attack, and cannot be built on until a new word of yours joins them up again. They still score."),
    filled(N_("A city is yours from the start or your capture (+{bonus}) until an enemy letter stands on it; an empty pewter city is nobody's."), bonus=R.CAPTURE_BONUS),
]

END = [
    N_("At the end of the turn in which a player has emptied both pool and rack: the higher score wins."),
    N_("When a player owns no city: the other wins by conquest, whatever the scores."),
    N_("When the pools are empty and both players pass twice in a row: the higher score wins."),
]

SCORING = [
    N_("New word: its face value (the dots), every letter, those it shares with your crossing words too."),
    N_("Extended word (CAT to CATS): only the letters you added. A word is never counted twice."),
    N_("Removed: the value of the enemy letters your attack removed."),
    filled(N_("City captured: +{bonus}."), bonus=R.CAPTURE_BONUS),
    N_("Lost: the face value of each of your words beaten, broken, cracked through ice or lifted. A mended word scores again as new."),
]

#: the dictionary rule, with the language's printed dictionary (DICTIONARIES)
DICTIONARY_OF = N_(
    "A printed dictionary you agree on before play decides (e.g. {dictionary}); no names, abbreviations, hyphens or "
    "apostrophes. None to hand? A word you both know counts."
)
MEANING_RULE = N_(
    "A word printed below has that meaning (in two lists: both, multiplied). Any other word has a meaning only if both "
    "players agree when its bonus is first claimed; if either says no, no bonus. Once agreed it holds for the rest of the game."
)
# The printed dictionary each language's Scrabble players use (named as an example); a name, not translated for English.
DICTIONARIES = {"en": "Collins Scrabble Words", "de": N_("the Duden"), "fr": N_("L'Officiel du Scrabble (ODS)"), "es": N_("the Diccionario de la lengua española (RAE)"), "nl": N_("the Groene Boekje")}
MEANING_TITLES = {"attacking": N_("Attacking (×1.5 in attack)"), "defending": N_("Defending (×1.5 in defence)"), "sneaking": N_("Sneaking (×1.5 in attack and defence)"), "cutting": N_("Cutting or fire (×1.5 against forest)")}

# Worked examples: the inputs only. The numbers are computed by the rules module
# at build time and recomputed by the validator.
EXAMPLES = [
    {"word": "SWORD", "role": "attack", "meaning": ["attacking"], "terrain": "PPPPP", "city": False, "supply_broken": False, "note": N_("attacks on open ground")},
    {"word": "HIDE", "role": "defend", "meaning": ["sneaking"], "terrain": "MMPP", "city": False, "supply_broken": False, "note": N_("defends, two letters on mountain")},
    {"word": "RAID", "role": "attack", "meaning": ["attacking"], "terrain": "PWWP", "city": False, "supply_broken": False, "note": N_("attacks across a river")},
    {"word": "GRAM", "role": "defend", "meaning": [], "terrain": "PPPP", "city": True, "supply_broken": False, "note": N_("defends with a letter on a city")},
    {"word": "TAU", "role": "defend", "meaning": [], "terrain": "PPP", "city": False, "supply_broken": True, "note": N_("defends cut off from its city")},
]
FOREST_EXAMPLE = {"word": "FIRE", "terrain": "FFPP", "cutting": True}
# The rulebook's combat: which of the defender's letters each win removes (letters
# other unbeaten words still use stay), read from the rulebook's pictures.
COMBAT_EXAMPLE = {"attacker": "SWORD", "defenders": ["NOR", "TAU", "NOT", "GRAM"], "city": ["GRAM"], "removed": [[], ["U"], ["O", "T"], []]}
EXTENSION_EXAMPLE = {"old": "CAT", "new": "CATS", "cross": "SO"}
#: the languages whose examples are the rulebook's as it prints them
WRITTEN = {"en": (EXAMPLES, FOREST_EXAMPLE, COMBAT_EXAMPLE, EXTENSION_EXAMPLE)}

# The same examples in each language: words of that language with the same
# meaning, terrain and role (each a word of the language's acceptance list:
# tested; a word in a printed meaning list only where the example claims that
# meaning, so the card's numbers are what its lists give). The combat keeps the rulebook's shape: a weapon word against three
# short words and a four-letter word on a city, losing the same letter places
# (the second word its last letter, the third its last two).
_WORDS = {  # attack, sneaking defence, attack across water, city, cut off, fire, extension (old, new, cross), combat
    "de": ("SPEER", "LIST", "RAUB", "BERG", "TAU", "GLUT", ("AUTO", "AUTOS", "SO"), ("SPEER", "ROT", "TAU", "NOT", "HORT")),
    "fr": ("EPEE", "RUSE", "RAID", "FORT", "TAS", "FEUX", ("CHAT", "CHATS", "SI"), ("EPEE", "ROT", "TAU", "NET", "GRAS")),
    "es": ("ESPADA", "ESPIA", "TIRO", "MESA", "TAL", "FUEGO", ("CASA", "CASAS", "SI"), ("ESPADA", "RON", "TAU", "NOS", "MESA")),
    "nl": ("ZWAARD", "LIST", "ROOF", "BOOM", "PAD", "VUUR", ("KAMER", "KAMERS", "SOK"), ("ZWAARD", "TOR", "TAK", "MOT", "GRAM")),
}


def _terrain_like(terrain: str, word: str) -> str:
    """The English example's terrain stretched to a word of another length: the
    first letters keep their cells, water stays between two land ends."""
    if len(terrain) == len(word):
        return terrain
    if "W" in terrain:
        return terrain[0] + "W" * (len(word) - 2) + terrain[-1]
    head = terrain[: min(len(terrain), len(word))]
    return head + terrain[-1] * (len(word) - len(head))


def examples_for(lang: str) -> tuple[list[dict], dict, dict, dict]:
    """(examples, forest example, combat example, extension example) in a language:
    the rulebook's own (WRITTEN: English), else its words put in the rulebook's examples."""
    if lang in WRITTEN:
        return WRITTEN[lang]
    words = _WORDS[lang]
    examples = [{**case, "word": w, "terrain": _terrain_like(case["terrain"], w)} for case, w in zip(EXAMPLES, words[:5])]
    forest = {**FOREST_EXAMPLE, "word": words[5], "terrain": _terrain_like(FOREST_EXAMPLE["terrain"], words[5])}
    old, new, cross = words[6]
    attacker, *defenders = words[7]
    combat = {"attacker": attacker, "defenders": defenders, "city": [defenders[-1]], "removed": [[], [defenders[1][-1]], list(defenders[2][1:]), []]}
    return examples, forest, combat, {"old": old, "new": new, "cross": cross}


def compute_example(case: dict, lang: str = "en") -> dict:
    s = R.strength(case["word"], case["role"], terrain=case["terrain"], meaning=case["meaning"], city=case["city"], supply_broken=case["supply_broken"], lang=lang)
    return {"score": s.score, "strength": s.value, "working": s.explain()}


def compute_forest(case: dict, lang: str = "en") -> dict:
    word, terrain = case["word"], case["terrain"]
    cut = R.forest_cut(word, terrain, cutting=case["cutting"], lang=lang)
    cells = list(terrain).count(R.FOREST)
    score = R.word_score(word, lang)
    sums = "+".join(f"{ch}{R.letter_value(ch, lang)}" for ch in word)
    steps = [f"score {sums} = {score}"]
    if case["cutting"]:
        steps.append(f"{score} × 1.5 (fire) = {R._num(score * R.HALF)}" + ("" if score * R.HALF == cut.power else f", down to {cut.power}"))
    steps.append(f"forest {cells} cells × density {R.FOREST_DENSITY} = {cut.density}")
    steps.append(f"{cut.power} beats {cut.density}: placed, and its {cells} forest cells become plains" if cut.cuts else f"{cut.power} does not beat {cut.density}: it may not be placed there")
    return {"power": cut.power, "density": cut.density, "cuts": cut.cuts, "steps": steps}


def compute_combat(case: dict, lang: str = "en") -> list[dict]:
    attacker = R.strength(case["attacker"], "attack", meaning=["attacking"], lang=lang).value
    defenders = []
    for word in case["defenders"]:
        s = R.strength(word, "defend", city=word in case["city"], lang=lang)
        defenders.append((word, s.value, s.score))
    return [
        {"defender": b.defender, "attacker_before": b.attacker_before, "defender_strength": b.defender_strength, "defender_score": b.defender_score, "attacker_wins": b.attacker_wins, "attacker_after": b.attacker_after}
        for b in R.resolve_attack(attacker, defenders)
    ]


def compute_combat_score(case: dict, bouts: list[dict], lang: str = "en") -> dict:
    """What each side writes on the score sheet after the example combat."""
    won = [b for b in bouts if b["attacker_wins"]]
    removed = [ch for k, _ in enumerate(won) for ch in case["removed"][k]]
    gained = sum(R.letter_value(ch, lang) for ch in removed)
    attacker_lost = R.word_score(case["attacker"], lang) if len(won) < len(bouts) else 0
    placed = R.word_score(case["attacker"], lang)  # committed first, so it was written under words +
    return {
        "removed_letters": removed, "attacker_words": placed, "attacker_removed": gained, "attacker_lost": attacker_lost,
        "attacker_net": placed + gained - attacker_lost, "defender_lost": sum(b["defender_score"] for b in won),
    }


def compute_extension(case: dict, lang: str = "en") -> dict:
    return {"points": R.extension_points(case["old"], case["new"], lang), "cross_points": R.word_score(case["cross"], lang)}


def meaning_words(lang: str = "en") -> dict[str, list[str]]:
    """The printed meaning lists of a language (printkit/data/scryptic-meanings[-LANG].txt,
    built from WordNet and the Open Multilingual Wordnet by scripts/build_meanings.py):
    English in lower case as it always printed, the other languages in capitals as
    their tokens spell them (SCHWERT, EPEE: a German noun or a French word without
    its accents reads wrong in lower case)."""
    from printkit.words import data_file

    name = f"scryptic-meanings{language(lang).suffix}.txt"
    out = {}
    for line in data_file(name).read_text(encoding="utf-8").splitlines():
        meaning, _, words = line.partition(":")
        out[meaning.strip()] = (words.upper() if language(lang).folds else words).split()
    return out


def build_reference(params: dict) -> dict:
    lang = _lang(params)
    cases, forest, combat, extension = examples_for(lang)
    examples = [{**case, **compute_example(case, lang)} for case in cases]
    bouts = compute_combat(combat, lang)
    words = meaning_words(lang)
    values = R.letter_values(lang)

    extra = {"language": language_facts(lang)} if language(lang).marked else {}  # the unmarked language's card as first printed
    return {
        "params": _lang_param(lang),
        **extra,
        "terrain": [{"code": t, "name": R.TERRAIN_NAMES[t], "placing": p, "combat": k} for t, p, k in TERRAIN_ROWS],
        "city": {"placing": CITY_ROW[1], "combat": CITY_ROW[2]},
        "modifiers": [{"what": w, "when": when, "factor": f} for w, when, f in MODIFIERS],
        "values": {str(v): "".join(ch for ch in values if values[ch] == v) for v in (1, 2, 3)},
        "setup": SETUP,
        "turn": TURN,
        "combat": COMBAT,
        "after": AFTER,
        "end": END,
        "scoring": SCORING,
        "dictionary": filled(DICTIONARY_OF, dictionary=DICTIONARIES[lang]),
        "meaning_rule": MEANING_RULE,
        "meanings": [{"meaning": m, "title": MEANING_TITLES[m], "words": words[m]} for m in R.MEANINGS],
        "examples": examples,
        "forest_example": {**forest, **compute_forest(forest, lang)},
        "combat_example": {**combat, "bouts": bouts, **compute_combat_score(combat, bouts, lang)},
        "extension_example": {**extension, **compute_extension(extension, lang)},
    }


# -- score sheet ------------------------------------------------------------------------------


def build_sheet(params: dict) -> dict:
    turns = int(params.get("turns") or R.SHEET_TURNS)
    if not R.MIN_TURNS <= turns <= R.MAX_TURNS:
        raise UsageError(f"--turns {turns}: a score sheet has {R.MIN_TURNS} to {R.MAX_TURNS} turn rows")
    lang = _lang(params)
    return {
        "params": {"turns": turns if turns != R.SHEET_TURNS else None, **_lang_param(lang)},
        "turns": turns,
        "pool_turns": R.pool_turns(lang),
        "players": [{"pool": "gold", "label": N_("Player 1 · gold · plays first")}, {"pool": "silver", "label": N_("Player 2 · silver")}],
        "columns": [N_("words +"), N_("extended +"), N_("removed +"), N_("cities +"), N_("lost −"), N_("total")],
        "notes": [
            N_("words +: each new word's face value (dots), every letter, those it shares with crossing words too."),
            N_("extended +: a word of yours made longer (CAT to CATS): only the letters added (+1). A word never counts twice."),
            N_("removed +: the value of enemy letters your attacks removed."),
            filled(N_("cities +: {bonus} for each city you captured (start or pewter city)."), bonus=R.CAPTURE_BONUS),
            N_("lost −: the face value of each word of yours beaten, broken, cracked through ice, or lifted. A mended word counts again under words +."),
            N_("total: last turn's total + the four plus columns − lost."),
        ],
        "capture_bonus": R.CAPTURE_BONUS,
    }


def check_reference(model: dict) -> list:
    """The worked examples must be what the rules compute (a hand-edited number fails)."""
    out = []
    lang = R.model_lang(model)
    examples, bad = field(model, "examples", list, "SCR-REFERENCE", "reference")
    out += bad
    for k, case in enumerate(examples or [], 1):
        place = f"example {k}"
        try:
            want = compute_example(case, lang)
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
            want = compute_forest(forest, lang)
            out += [Violation("SCR-EXAMPLE", "forest example", f"{key} is {forest.get(key)!r}; the rules give {v!r}") for key, v in want.items() if forest.get(key) != v]
        except (KeyError, TypeError, ValueError) as exc:
            out.append(Violation("SCR-EXAMPLE", "forest example", f"cannot be worked out ({exc})"))
    combat, bad = field(model, "combat_example", dict, "SCR-REFERENCE", "reference")
    out += bad
    if combat is not None:
        try:
            want = compute_combat(combat, lang)
            if combat.get("bouts") != want:
                out.append(Violation("SCR-EXAMPLE", "combat example", "the bouts are not what the rules give for these words"))
            else:
                out += [Violation("SCR-EXAMPLE", "combat example", f"{key} is {combat.get(key)!r}; the rules give {v!r}") for key, v in compute_combat_score(combat, want, lang).items() if combat.get(key) != v]
        except (KeyError, TypeError, ValueError) as exc:
            out.append(Violation("SCR-EXAMPLE", "combat example", f"cannot be worked out ({exc})"))
    ext, bad = field(model, "extension_example", dict, "SCR-REFERENCE", "reference")
    out += bad
    if ext is not None:
        try:
            out += [Violation("SCR-EXAMPLE", "extension example", f"{key} is {ext.get(key)!r}; the rules give {v!r}") for key, v in compute_extension(ext, lang).items() if ext.get(key) != v]
        except (KeyError, TypeError, ValueError) as exc:
            out.append(Violation("SCR-EXAMPLE", "extension example", f"cannot be worked out ({exc})"))
    return out
