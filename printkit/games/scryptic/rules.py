"""Scryptic rules as pure functions on plain data (GAMES.md section 5).

Two halves:
- the word rules: letter values and pools, word score, word strength with every
  terrain and meaning modifier, forest cutting, ice cracking, combat order;
- the board rules: what makes a board file playable and fair (validator checks that
  never crash on hand-edited JSON), plus the measures behind them (land paths,
  territories, patch statistics).

Strength arithmetic is exact (fractions), rounded down once at the end, so
7 x 1.5 is 10 and never 10.499999.
"""

from __future__ import annotations

import math
from collections import deque
from fractions import Fraction
from typing import Iterable, NamedTuple, Sequence

from printkit.lang import language, shown_letters
from printkit.rules import Violation, expect, field

# -- letters -------------------------------------------------------------------------

# Each language's Scrabble set: (tile, points, count) for its letter tiles, blanks
# left out (Scryptic has none). Public facts of the editions sold by Mattel (J.W.
# Spear & Sons) outside North America, as listed in Wikipedia's "Scrabble letter
# distributions" (English, German, French, Spanish, Dutch sections, read
# 2026-11); each checked to add up to the edition's tile count less its 2 blanks.
SCRABBLE: dict[str, tuple[tuple[str, int, int], ...]] = {
    # English: 98 letter tiles (100 with the blanks)
    "en": (("A", 1, 9), ("B", 3, 2), ("C", 3, 2), ("D", 2, 4), ("E", 1, 12), ("F", 4, 2), ("G", 2, 3), ("H", 4, 2), ("I", 1, 9),
           ("J", 8, 1), ("K", 5, 1), ("L", 1, 4), ("M", 3, 2), ("N", 1, 6), ("O", 1, 8), ("P", 3, 2), ("Q", 10, 1), ("R", 1, 6),
           ("S", 1, 4), ("T", 1, 6), ("U", 1, 4), ("V", 4, 2), ("W", 4, 2), ("X", 8, 1), ("Y", 4, 2), ("Z", 10, 1)),
    # German (since 1990): 100 letter tiles; Ä, Ö, Ü tiles of their own, no ß (written SS)
    "de": (("A", 1, 5), ("B", 3, 2), ("C", 4, 2), ("D", 1, 4), ("E", 1, 15), ("F", 4, 2), ("G", 2, 3), ("H", 2, 4), ("I", 1, 6),
           ("J", 6, 1), ("K", 4, 2), ("L", 2, 3), ("M", 3, 4), ("N", 1, 9), ("O", 2, 3), ("P", 4, 1), ("Q", 10, 1), ("R", 1, 6),
           ("S", 1, 7), ("T", 1, 6), ("U", 1, 6), ("V", 6, 1), ("W", 3, 1), ("X", 8, 1), ("Y", 10, 1), ("Z", 3, 1),
           ("Ä", 6, 1), ("Ö", 8, 1), ("Ü", 6, 1)),
    # French: 100 letter tiles, no accented tiles
    "fr": (("A", 1, 9), ("B", 3, 2), ("C", 3, 2), ("D", 2, 3), ("E", 1, 15), ("F", 4, 2), ("G", 2, 2), ("H", 4, 2), ("I", 1, 8),
           ("J", 8, 1), ("K", 10, 1), ("L", 1, 5), ("M", 2, 3), ("N", 1, 6), ("O", 1, 6), ("P", 3, 2), ("Q", 8, 1), ("R", 1, 6),
           ("S", 1, 6), ("T", 1, 6), ("U", 1, 6), ("V", 4, 2), ("W", 10, 1), ("X", 10, 1), ("Y", 10, 1), ("Z", 10, 1)),
    # Spanish (outside North America): 98 letter tiles with CH, LL and RR tiles and
    # no K or W; Scryptic splits each digraph tile into its two letters (below)
    "es": (("A", 1, 12), ("B", 3, 2), ("C", 3, 4), ("CH", 5, 1), ("D", 2, 5), ("E", 1, 12), ("F", 4, 1), ("G", 2, 2), ("H", 4, 2),
           ("I", 1, 6), ("J", 8, 1), ("L", 1, 4), ("LL", 8, 1), ("M", 3, 2), ("N", 1, 5), ("Ñ", 8, 1), ("O", 1, 9), ("P", 3, 2),
           ("Q", 5, 1), ("R", 1, 5), ("RR", 8, 1), ("S", 1, 6), ("T", 1, 4), ("U", 1, 5), ("V", 4, 1), ("X", 8, 1), ("Y", 4, 1),
           ("Z", 10, 1)),
    # Dutch (since 1998, no IJ tile: IJ is played as I + J): 100 letter tiles
    "nl": (("A", 1, 6), ("B", 3, 2), ("C", 5, 2), ("D", 2, 5), ("E", 1, 18), ("F", 4, 2), ("G", 3, 3), ("H", 4, 2), ("I", 1, 4),
           ("J", 4, 2), ("K", 3, 3), ("L", 3, 3), ("M", 3, 3), ("N", 1, 10), ("O", 1, 6), ("P", 3, 2), ("Q", 10, 1), ("R", 2, 5),
           ("S", 2, 5), ("T", 2, 5), ("U", 4, 3), ("V", 4, 2), ("W", 5, 2), ("X", 8, 1), ("Y", 8, 1), ("Z", 4, 2)),
}
SCRABBLE_TILES = {"en": 100, "de": 102, "fr": 102, "es": 100, "nl": 102}  # the edition's tiles, blanks included


def dots(points: int) -> int:
    """A Scrabble tile's points as Scryptic's 1-3 dots, the mapping the English
    values follow: 1-2 points one dot, 3 points two, 4 or more three."""
    return 1 if points <= 2 else 2 if points == 3 else 3


def _letter_set(lang: str) -> tuple[dict[str, int], dict[str, int]]:
    """(values, counts) of a language's letters, in its alphabet's order. A
    digraph tile (Spanish CH, LL, RR) gives one token of each of its letters (CH:
    a C and an H; LL: two L), since printkit spells those words letter by letter
    (printkit/lang.py); its points are not used (the single letters keep theirs)."""
    order = language(lang).letters.upper()
    values: dict[str, int] = {}
    counts: dict[str, int] = {}
    for tile, points, n in SCRABBLE[lang]:
        if len(tile) == 1:
            values[tile] = dots(points)
        for ch in tile:
            counts[ch] = counts.get(ch, 0) + n
    ranked = sorted(values, key=order.index)
    return {ch: values[ch] for ch in ranked}, {ch: counts[ch] for ch in ranked}


_SETS = {code: _letter_set(code) for code in SCRABBLE}


def letter_values(lang: str = "en") -> dict[str, int]:
    """Letter -> value 1-3 for a language's pool (capitals, alphabet order)."""
    return _SETS[lang][0]


def pool_counts(lang: str = "en") -> dict[str, int]:
    """Letter -> tokens of it in one pool."""
    return _SETS[lang][1]


def pool_size(lang: str = "en") -> int:
    return sum(pool_counts(lang).values())


LETTER_VALUES: dict[str, int] = letter_values("en")
POOL_COUNTS: dict[str, int] = pool_counts("en")
POOL_SIZE = pool_size("en")  # 98
POOLS = ("gold", "silver")  # player 1, player 2
RACK_LIMIT = 12
RACK_START = 7
DRAW_PER_TURN = 3
CAPTURE_BONUS = 40
SHEET_TURNS = 60  # default score-sheet rows: the pools last POOL_TURNS, racks and passes a while longer
MIN_TURNS, MAX_TURNS = 10, 120


def pool_turns(lang: str = "en") -> int:
    """The turn on which a player draws the last letter of their pool (7 to start,
    no draw on the first turn, 3 a turn after): 32 for English's 98 letters."""
    return 1 + math.ceil((pool_size(lang) - RACK_START) / DRAW_PER_TURN)

# -- terrain ---------------------------------------------------------------------------

PLAINS, FOREST, WATER, MOUNTAIN, ICE = "P", "F", "W", "M", "I"
TERRAINS = (PLAINS, FOREST, WATER, MOUNTAIN, ICE)
TERRAIN_NAMES = {PLAINS: "plains", FOREST: "forest", WATER: "water", MOUNTAIN: "mountain", ICE: "ice"}
SOLID = frozenset({PLAINS, FOREST, MOUNTAIN})  # land that holds a city and never cracks
FOREST_DENSITY = 2
ICE_THICKNESS = 1
OWNERS = ("gold", "silver", "pewter")
MIN_SIZE, MAX_SIZE = 9, 25

HALF = Fraction(3, 2)
WEAK = Fraction(3, 5)
MEANINGS = ("attacking", "defending", "sneaking", "cutting")
ROLES = ("attack", "defend")


def letter_value(ch: str, lang: str = "en") -> int:
    v = letter_values(lang).get(ch.upper()) if isinstance(ch, str) and len(ch) == 1 else None
    if v is None:
        raise ValueError(f"{ch!r} is not a letter {shown_letters(''.join(letter_values(lang)))}")
    return v


def word_score(word: str, lang: str = "en") -> int:
    """Face value: the sum of the letter values (what the score sheet counts)."""
    if not isinstance(word, str) or not word:
        raise ValueError("a word needs at least one letter")
    return sum(letter_value(ch, lang) for ch in word)


def extension_points(old: str, new: str, lang: str = "en") -> int:
    """Points for growing a word on the board (CAT -> CATS): only the added letters
    count, since a word is never counted twice (seed 004, "Winning conditions")."""
    old, new = old.upper(), new.upper()
    at = new.find(old)
    if not old or at < 0 or len(new) == len(old):
        raise ValueError(f"{new} does not extend {old}")
    return word_score(new, lang) - word_score(old, lang)


# -- strength ----------------------------------------------------------------------------

class Strength(NamedTuple):
    word: str
    role: str
    score: int
    factors: tuple[tuple[str, Fraction], ...]  # (why, multiplier), in the order applied
    exact: Fraction

    @property
    def value(self) -> int:
        return math.floor(self.exact)

    def explain(self) -> str:
        """'7 × 1.5 (attacking meaning) = 10.5, down to 10'."""
        parts = [str(self.score)] + [f"{_num(f)} ({why})" for why, f in self.factors]
        text = " × ".join(parts)
        if self.factors:
            text += f" = {_num(self.exact)}"
            if self.exact != self.value:
                text += f", down to {self.value}"
        return text


def _num(f: Fraction) -> str:
    if f.denominator == 1:
        return str(f.numerator)
    text = f"{float(f):.3f}".rstrip("0").rstrip(".")
    return text if Fraction(text) == f else f"{f.numerator}/{f.denominator}"


def _terrain_under(word: str, terrain: Sequence[str] | str | None) -> list[str]:
    if terrain is None:
        return [PLAINS] * len(word)
    cells = list(terrain)
    if len(cells) != len(word):
        raise ValueError(f"{word}: {len(cells)} terrain cells for {len(word)} letters")
    for t in cells:
        if t not in TERRAINS:
            raise ValueError(f"{t!r} is not a terrain ({', '.join(TERRAINS)})")
    return cells


def mountain_factor(terrain: Sequence[str]) -> Fraction:
    """(2M + O) / (M + O): x2 for a word wholly in the mountains."""
    m = sum(1 for t in terrain if t == MOUNTAIN)
    o = len(terrain) - m
    return Fraction(2 * m + o, m + o)


def strength(word: str, role: str, *, terrain: Sequence[str] | str | None = None, meaning: Iterable[str] = (), city: bool = False, supply_broken: bool = False, lang: str = "en") -> Strength:
    """A word's combat strength as attacker or defender.

    `terrain` lists the terrain under each letter (default: all plains); `meaning`
    holds any of attacking / defending / sneaking (cutting only helps against
    forest, see `forest_cut`); `city`: a letter stands on a city; `supply_broken`:
    the word is cut off from its player's city.
    """
    if role not in ROLES:
        raise ValueError(f"role must be attack or defend, not {role!r}")
    meaning = tuple(meaning)
    for m in meaning:
        if m not in MEANINGS:
            raise ValueError(f"meaning {m!r} is not one of {', '.join(MEANINGS)}")
    cells = _terrain_under(word, terrain)
    score = word_score(word, lang)
    factors: list[tuple[str, Fraction]] = []
    mf = mountain_factor(cells)
    if mf != 1:
        m = sum(1 for t in cells if t == MOUNTAIN)
        factors.append((f"mountain {m}/{len(cells)}", mf))
    if role == "attack":
        if supply_broken:
            raise ValueError(f"{word}: a word cut off from its city cannot attack")
        if WATER in cells:
            factors.append(("crossing water", WEAK))
        if "attacking" in meaning:
            factors.append(("attacking meaning", HALF))
    else:
        if city:
            factors.append(("on a city", HALF))
        if supply_broken:
            factors.append(("supply broken", WEAK))
        if "defending" in meaning:
            factors.append(("defending meaning", HALF))
    if "sneaking" in meaning:
        factors.append(("sneaking meaning", HALF))
    exact = Fraction(score)
    for _, f in factors:
        exact *= f
    return Strength(word.upper(), role, score, tuple(factors), exact)


class ForestCut(NamedTuple):
    power: int  # what the word brings against the trees
    density: int  # what it must beat
    cuts: bool


def forest_cut(word: str, terrain: Sequence[str] | str, *, cutting: bool = False, lang: str = "en") -> ForestCut:
    """Placing a word on forest: its score (x1.5 for cutting or fire words, rounded
    down) must beat 2 per forest cell it covers; those cells become plains."""
    cells = _terrain_under(word, terrain)
    density = FOREST_DENSITY * sum(1 for t in cells if t == FOREST)
    power = math.floor(word_score(word, lang) * (HALF if cutting else 1))
    return ForestCut(power, density, density == 0 or power > density)


def placement_problems(word: str, terrain: Sequence[str] | str, *, cutting: bool = False, lang: str = "en") -> list[str]:
    """Why a word may not be placed on these cells (empty list: it may)."""
    cells = _terrain_under(word, terrain)
    out = []
    if cells[0] == WATER or cells[-1] == WATER:
        out.append("both end letters must stand on land, not water")
    cut = forest_cut(word, cells, cutting=cutting, lang=lang)
    if not cut.cuts:
        out.append(f"strength {cut.power} does not beat the forest's density {cut.density}")
    return out


def ice_cracks(word: str, terrain: Sequence[str] | str, lang: str = "en") -> list[int]:
    """Letters (0-based) too heavy for the ice under them. Any at all: after combat
    every ice cell under the word turns to water and the word is destroyed."""
    cells = _terrain_under(word, terrain)
    return [i for i, (ch, t) in enumerate(zip(word, cells)) if t == ICE and letter_value(ch, lang) > ICE_THICKNESS]


class Bout(NamedTuple):
    defender: str
    attacker_before: int
    defender_strength: int
    defender_score: int
    attacker_wins: bool
    attacker_after: int  # 0 when the attacker is removed


def resolve_attack(attacker: int, defenders: Sequence[tuple[str, int, int]]) -> list[Bout]:
    """Fight the defending words in the defender's chosen order.

    `defenders` holds (word, strength, score). The attacker must be strictly
    stronger to win a bout; each win costs it the defender's score. The first loss
    removes the attacker and ends the attack.
    """
    bouts: list[Bout] = []
    left = attacker
    for name, d_strength, d_score in defenders:
        if left > d_strength:
            after = left - d_score
            bouts.append(Bout(name, left, d_strength, d_score, True, after))
            left = after
        else:
            bouts.append(Bout(name, left, d_strength, d_score, False, 0))
            break
    return bouts


# -- board geometry -------------------------------------------------------------------

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXY"  # 25 columns at most


def cell_name(r: int, c: int) -> str:
    """Row 1 is the top row (player 2's side); column A is on the left."""
    return f"{COLUMNS[c]}{r + 1}"


def parse_cell(name, n: int) -> tuple[int, int] | None:
    if not isinstance(name, str) or len(name) < 2:
        return None
    col = COLUMNS.find(name[0].upper())
    if col < 0 or col >= n or not name[1:].isdigit():
        return None
    row = int(name[1:]) - 1
    return (row, col) if 0 <= row < n else None


def middle_cells(n: int) -> list[tuple[int, int]]:
    """The middle of the board: one cell, or the four central cells of an even board."""
    lo, hi = (n - 1) // 2, n // 2
    return sorted({(r, c) for r in (lo, hi) for c in (lo, hi)})


def mirror(cell: tuple[int, int], n: int) -> tuple[int, int]:
    """The cell's partner under a half turn about the board's centre."""
    return (n - 1 - cell[0], n - 1 - cell[1])


def neighbours(r: int, c: int, n: int):
    if r > 0:
        yield r - 1, c
    if c > 0:
        yield r, c - 1
    if c < n - 1:
        yield r, c + 1
    if r < n - 1:
        yield r + 1, c


def land_distances(grid: Sequence[str], starts: Iterable[tuple[int, int]], passable: frozenset = SOLID) -> dict[tuple[int, int], int]:
    """Breadth-first steps from `starts` over cells whose terrain is `passable`."""
    n = len(grid)
    dist: dict[tuple[int, int], int] = {}
    queue: deque = deque()
    for s in starts:
        if grid[s[0]][s[1]] in passable and s not in dist:
            dist[s] = 0
            queue.append(s)
    while queue:
        r, c = queue.popleft()
        for rr, cc in neighbours(r, c, n):
            if (rr, cc) not in dist and grid[rr][cc] in passable:
                dist[(rr, cc)] = dist[(r, c)] + 1
                queue.append((rr, cc))
    return dist


# -- how natural does it look? --------------------------------------------------------

class Texture(NamedTuple):
    like_pairs: float  # share of neighbouring cell pairs with the same terrain
    expected: float  # the same share expected if the cells were shuffled
    clustering: float  # (like - expected) / (1 - expected): 0 random, 1 solid blocks
    specks: int  # cells whose four neighbours all differ from them
    patches: int  # 4-connected areas of one terrain
    mean_patch: float  # cells per patch


def texture(grid: Sequence[str]) -> Texture:
    n = len(grid)
    like = pairs = 0
    for r in range(n):
        row = grid[r]
        for c in range(n):
            if c + 1 < n:
                pairs += 1
                like += row[c] == row[c + 1]
            if r + 1 < n:
                pairs += 1
                like += row[c] == grid[r + 1][c]
    counts = {t: sum(row.count(t) for row in grid) for t in TERRAINS}
    cells = n * n
    expected = sum((k / cells) ** 2 for k in counts.values())
    share = like / pairs if pairs else 1.0
    clustering = 1.0 if expected >= 1.0 else (share - expected) / (1.0 - expected)
    specks = 0
    for r in range(n):
        for c in range(n):
            if all(grid[rr][cc] != grid[r][c] for rr, cc in neighbours(r, c, n)):
                specks += 1
    seen = [[False] * n for _ in range(n)]
    patches = 0
    for r in range(n):
        for c in range(n):
            if seen[r][c]:
                continue
            patches += 1
            seen[r][c] = True
            stack = [(r, c)]
            while stack:
                a, b = stack.pop()
                for rr, cc in neighbours(a, b, n):
                    if not seen[rr][cc] and grid[rr][cc] == grid[r][c]:
                        seen[rr][cc] = True
                        stack.append((rr, cc))
    return Texture(share, expected, clustering, specks, patches, cells / patches)


#: The validator's bar for "natural-looking": terrain that clumps into forests,
#: lakes, rivers and ranges. A shuffled board scores about 0 on clustering and has
#: specks everywhere; our generated boards score 0.3-0.75 (higher on larger boards) with almost none.
MIN_CLUSTERING = 0.25
MAX_SPECK_SHARE = 0.03
MIN_LAND_SHARE = 0.5


# -- fairness ---------------------------------------------------------------------------

class Balance(NamedTuple):
    """What each player starts with, measured over land (water and ice block)."""

    to_middle: tuple[int | None, int | None]  # steps from gold / silver city to the middle
    territory: tuple[int, int]  # solid cells nearer to gold / silver
    mountains: tuple[int, int]
    forests: tuple[int, int]
    pewter: tuple[float, float]  # unaligned cities nearer (a tie counts half each)
    symmetric: bool  # a half turn maps the board to itself, gold to silver


def balance(grid: Sequence[str], cities: Sequence[tuple[tuple[int, int], str]]) -> Balance:
    n = len(grid)
    gold = [c for c, o in cities if o == "gold"]
    silver = [c for c, o in cities if o == "silver"]
    dg = land_distances(grid, gold)
    ds = land_distances(grid, silver)
    mids = middle_cells(n)

    def to_mid(d):
        found = [d[m] for m in mids if m in d]
        return min(found) if found else None

    terr = [0, 0]
    mount = [0, 0]
    wood = [0, 0]
    for r in range(n):
        for c in range(n):
            t = grid[r][c]
            if t not in SOLID:
                continue
            a, b = dg.get((r, c), math.inf), ds.get((r, c), math.inf)
            if a == b:
                continue
            k = 0 if a < b else 1
            terr[k] += 1
            mount[k] += t == MOUNTAIN
            wood[k] += t == FOREST
    pew = [0.0, 0.0]
    for cell, owner in cities:
        if owner != "pewter":
            continue
        a, b = dg.get(cell, math.inf), ds.get(cell, math.inf)
        if a < b:
            pew[0] += 1
        elif b < a:
            pew[1] += 1
        elif a != math.inf:
            pew[0] += 0.5
            pew[1] += 0.5
    sym = all(grid[r][c] == grid[n - 1 - r][n - 1 - c] for r in range(n) for c in range(n))
    swap = {"gold": "silver", "silver": "gold", "pewter": "pewter"}
    owned = {cell: o for cell, o in cities}
    sym = sym and all(owned.get(mirror(cell, n)) == swap.get(o) for cell, o in cities)
    return Balance((to_mid(dg), to_mid(ds)), tuple(terr), tuple(mount), tuple(wood), tuple(pew), sym)


def _close(a: float, b: float, share: float, floor: float) -> bool:
    return abs(a - b) <= max(floor, share * max(a, b))


def fairness_problems(b: Balance, n: int) -> list[str]:
    """Sentences for each way the board favours one player (empty when fair)."""
    out = []
    g, s = b.to_middle
    if g is not None and s is not None and abs(g - s) > max(1, n // 10):
        out.append(f"gold's city is {g} steps from the middle, silver's {s}")
    if not _close(*b.territory, 0.10, 2):
        out.append(f"gold starts nearer to {b.territory[0]} land cells, silver to {b.territory[1]}")
    if not _close(*b.mountains, 0.25, 2):
        out.append(f"gold is nearer to {b.mountains[0]} mountain cells, silver to {b.mountains[1]}")
    if not _close(*b.forests, 0.25, 3):
        out.append(f"gold is nearer to {b.forests[0]} forest cells, silver to {b.forests[1]}")
    if b.pewter[0] != b.pewter[1]:
        out.append(f"gold is nearer to {b.pewter[0]:g} unaligned cities, silver to {b.pewter[1]:g}")
    return out


# -- the board validator --------------------------------------------------------------

def read_board(model: dict) -> tuple[list[str] | None, list[tuple[tuple[int, int], str]], list[Violation]]:
    """The grid and cities of a board file, and every structural problem found."""
    out: list[Violation] = []
    size, bad = field(model, "size", int, "SCR-BOARD", "board")
    out += bad
    rows, bad = field(model, "terrain", list, "SCR-BOARD", "board")
    out += bad
    if size is None or rows is None:
        return None, [], out
    if not MIN_SIZE <= size <= MAX_SIZE:
        return None, [], out + [Violation("SCR-SIZE", "board", f"size {size} is outside {MIN_SIZE}-{MAX_SIZE}")]
    if len(rows) != size:
        return None, [], out + [Violation("SCR-SIZE", "board", f"has {len(rows)} terrain rows; a size {size} board has {size}")]
    grid_ok = True
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != size:
            out.append(Violation("SCR-SIZE", f"row {r + 1}", f"must be a string of {size} terrain letters"))
            grid_ok = False
            continue
        for c, t in enumerate(row):
            if t not in TERRAINS:
                out.append(Violation("SCR-TERRAIN", f"cell {cell_name(r, c)}", f"{t!r} is not a terrain (P plains, F forest, W water, M mountain, I ice)"))
                grid_ok = False
    cities_raw, bad = field(model, "cities", list, "SCR-BOARD", "board")
    out += bad
    cities: list[tuple[tuple[int, int], str]] = []
    seen: dict[tuple[int, int], int] = {}
    for k, city in enumerate(cities_raw or [], 1):
        place = f"city {k}"
        name, bad = field(city, "cell", str, "SCR-CITY", place)
        out += bad
        owner, bad = field(city, "owner", str, "SCR-CITY", place)
        out += bad
        if name is None or owner is None:
            continue
        cell = parse_cell(name, size)
        if cell is None:
            out.append(Violation("SCR-CITY", place, f"{name!r} is not a cell of a {size}x{size} board (A1-{COLUMNS[size - 1]}{size})"))
            continue
        place = f"cell {cell_name(*cell)}"
        if owner not in OWNERS:
            out.append(Violation("SCR-CITY", place, f"owner {owner!r} must be gold, silver or pewter"))
            continue
        if cell in seen:
            out.append(Violation("SCR-CITY-TWICE", place, f"holds two cities (cities {seen[cell]} and {k})"))
            continue
        seen[cell] = k
        cities.append((cell, owner))
    return (list(rows) if grid_ok else None), cities, out


def check_board(model: dict) -> list[Violation]:
    grid, cities, out = read_board(model)
    if grid is None:
        return out
    n = len(grid)
    # cities: one start city each, on solid land, apart
    for owner in ("gold", "silver"):
        k = sum(1 for _, o in cities if o == owner)
        out += expect(k == 1, "SCR-CITY-COUNT", "board", f"has {k} {owner} cities; each player starts from exactly one")
    for cell, owner in cities:
        t = grid[cell[0]][cell[1]]
        out += expect(t in SOLID, "SCR-CITY-LAND", f"cell {cell_name(*cell)}", f"the {owner} city stands on {TERRAIN_NAMES[t]}; cities stand on plains, forest or mountain")
    for i, (a, oa) in enumerate(cities):
        for b, ob in cities[i + 1:]:
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) < 2:
                out.append(Violation("SCR-CITY-CLOSE", f"cell {cell_name(*b)}", f"the {ob} city touches the {oa} city at {cell_name(*a)}; leave a cell between cities"))
    gold = [c for c, o in cities if o == "gold"]
    silver = [c for c, o in cities if o == "silver"]
    if len(gold) == 1 and len(silver) == 1:
        (g,), (s,) = gold, silver
        apart = abs(g[0] - s[0]) + abs(g[1] - s[1])
        out += expect(apart >= n, "SCR-CITY-CLOSE", f"cell {cell_name(*s)}", f"silver's city is {apart} steps from gold's; start cities must be at least {n} apart on a size {n} board")
    # the middle, and a way there for every city
    mids = middle_cells(n)
    solid_mid = [m for m in mids if grid[m[0]][m[1]] in SOLID]
    names = "/".join(cell_name(*m) for m in mids)
    out += expect(bool(solid_mid), "SCR-MIDDLE", f"cell {names}", "the middle of the board must be land (plains, forest or mountain)")
    if solid_mid:
        reach = land_distances(grid, solid_mid)
        for cell, owner in cities:
            if grid[cell[0]][cell[1]] in SOLID:
                out += expect(cell in reach, "SCR-REACH", f"cell {cell_name(*cell)}", f"the {owner} city cannot reach the middle ({names}) over land without crossing water or ice")
    # enough land, and terrain that looks like a landscape
    land = sum(1 for row in grid for t in row if t != WATER)
    out += expect(land >= MIN_LAND_SHARE * n * n, "SCR-LAND", "board", f"only {land} of {n * n} cells are land; at least {MIN_LAND_SHARE:.0%} must be")
    tex = texture(grid)
    out += expect(tex.specks <= MAX_SPECK_SHARE * n * n, "SCR-SPECKLE", "board", f"{tex.specks} cells differ from all four neighbours (at most {math.floor(MAX_SPECK_SHARE * n * n)} on a size {n} board): terrain should form patches, not salt and pepper")
    out += expect(tex.clustering >= MIN_CLUSTERING, "SCR-PATCHY", "board", f"terrain clustering is {tex.clustering:.2f} (a shuffled board is about 0; at least {MIN_CLUSTERING} is needed): group cells into forests, lakes, rivers and ranges")
    # fairness
    if len(gold) == 1 and len(silver) == 1:
        for problem in fairness_problems(balance(grid, cities), n):
            out.append(Violation("SCR-FAIR", "board", problem))
    return out


# -- tokens, reference and sheet ---------------------------------------------------

def model_lang(model) -> str:
    """The language a model was built in: its params' "lang" (absent for English)."""
    params = model.get("params") if isinstance(model, dict) else None
    lang = params.get("lang", "en") if isinstance(params, dict) else "en"
    return lang if lang in SCRABBLE else "en"


def check_tokens(model: dict) -> list[Violation]:
    pools, out = field(model, "pools", list, "SCR-TOKENS", "tokens")
    if pools is None:
        return out
    lang = model_lang(model)
    values, wanted, size = letter_values(lang), pool_counts(lang), pool_size(lang)
    owners = [p.get("owner") if isinstance(p, dict) else None for p in pools]
    out += expect(owners == list(POOLS), "SCR-POOLS", "tokens", f"pools are {owners}; there is one gold and one silver pool, in that order")
    for k, pool in enumerate(pools, 1):
        place = f"pool {k}"
        letters, bad = field(pool, "letters", list, "SCR-TOKENS", place)
        out += bad
        if letters is None:
            continue
        counts: dict[str, int] = {}
        for j, entry in enumerate(letters, 1):
            ch, bad = field(entry, "letter", str, "SCR-TOKENS", f"{place} entry {j}")
            out += bad
            n, bad2 = field(entry, "count", int, "SCR-TOKENS", f"{place} entry {j}")
            v, bad3 = field(entry, "value", int, "SCR-TOKENS", f"{place} entry {j}")
            out += bad2 + bad3
            if ch is None or n is None or v is None:
                continue
            if ch not in values:
                out.append(Violation("SCR-LETTER", f"{place} entry {j}", f"{ch!r} is not a letter {shown_letters(''.join(values))}"))
                continue
            out += expect(v == values[ch], "SCR-VALUE", f"{place} letter {ch}", f"value {v}; the rules give {ch} the value {values[ch]}")
            counts[ch] = counts.get(ch, 0) + n
        for ch in values:
            got = counts.get(ch, 0)
            out += expect(got == wanted[ch], "SCR-COUNT", f"{place} letter {ch}", f"{got} tokens; a pool has {wanted[ch]}")
        total = sum(counts.values())
        out += expect(total == size, "SCR-COUNT", place, f"{total} tokens; a pool has {size}")
    limit, bad = field(model, "rack_limit", int, "SCR-TOKENS", "rack")
    out += bad
    if limit is not None:
        out += expect(limit == RACK_LIMIT, "SCR-RACK", "rack", f"has {limit} slots; the rack limit is {RACK_LIMIT}")
    size, bad = field(model, "board_size", int, "SCR-TOKENS", "tokens")
    side, bad2 = field(model, "token_mm", (int, float), "SCR-TOKENS", "tokens")
    out += bad + bad2
    if size is not None and side is not None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            out.append(Violation("SCR-SIZE", "tokens", f"board size {size} is outside {MIN_SIZE}-{MAX_SIZE}"))
        else:
            cell = board_cell_mm(size)
            out += expect(7 <= side <= cell - 1, "SCR-TOKEN-SIZE", "tokens", f"{side} mm tokens do not sit in the {cell} mm cells of a size {size} board (7 mm to {cell - 1:.1f} mm fit)")
    return out


def check_sheet(model: dict) -> list[Violation]:
    turns, out = field(model, "turns", int, "SCR-SHEET", "sheet")
    if turns is not None:
        out += expect(MIN_TURNS <= turns <= MAX_TURNS, "SCR-SHEET-TURNS", "sheet", f"{turns} turn rows; a sheet has {MIN_TURNS}-{MAX_TURNS} (the pools last {pool_turns(model_lang(model))} turns)")
    bonus, bad = field(model, "capture_bonus", int, "SCR-SHEET", "sheet")
    out += bad
    if bonus is not None:
        out += expect(bonus == CAPTURE_BONUS, "SCR-SHEET-BONUS", "sheet", f"a captured city is worth {CAPTURE_BONUS}, not {bonus}")
    return out


# -- printed sizes (plain numbers the drawing and the checks share) -------------------

EDGE_MM = 7.0  # the coordinate band around the grid
MAX_CELL_MM = 18.0
#: Paper sizes (mm, portrait), as engine/units.PAPERS. A3 and Tabloid print the board
#: on one page; A4 and Letter on two pages side by side (engine/tiles).
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "tabloid": (279.4, 431.8)}
ONE_PAGE_PAPERS = ("a3", "tabloid")
ONE_PAGE_MARGIN = 10.0  # left and right of a one-page board
ONE_PAGE_RESERVED = 95.0  # title, a legend for each player, the small print
TILE_MARGINS = (10.0, 12.0, 10.0, 17.0)  # as engine/tiles.MARGINS: left, bottom, right, top
TILE_OVERLAP = 12.0  # as engine/tiles.OVERLAP
LEGEND_COLUMN_MM = 44.0  # the legend beside the board on each tiled page


def board_room_mm(paper: str) -> float:
    """The largest board side (mm) the paper gives: one page wide on A3/Tabloid; on
    A4/Letter two portrait pages side by side, leaving a legend column on each."""
    pw, ph = PAPER_MM[paper]
    if paper in ONE_PAGE_PAPERS:
        return min(pw - 2 * ONE_PAGE_MARGIN, ph - ONE_PAGE_RESERVED)
    ml, mb, mr, mt = TILE_MARGINS
    return min(ph - mb - mt, 2 * (pw - ml - mr) - TILE_OVERLAP - 2 * LEGEND_COLUMN_MM)


def board_cell_mm(n: int, paper: str | None = None) -> float:
    """Cell side for a size-n board on `paper`: as large as the paper allows (at
    most 18 mm), in tenths of a millimetre. No paper: the smallest of the four, which
    the tokens must fit."""
    if paper is None:
        return min(board_cell_mm(n, p) for p in PAPER_MM)
    return min(MAX_CELL_MM, math.floor((board_room_mm(paper) - 2 * EDGE_MM) / n * 10) / 10)


def board_mm(n: int, paper: str | None = None) -> float:
    return n * board_cell_mm(n, paper) + 2 * EDGE_MM


TOKEN_MAX_MM = 14.0  # both 98-token pools then fill one A4 or Letter page (13 x 16 tokens)


def token_mm(n: int) -> float:
    """Token side that sits inside a cell of a size-n board with 1.5 mm to spare."""
    return min(TOKEN_MAX_MM, math.floor((board_cell_mm(n) - 1.5) * 10) / 10)
