"""The Scryptic board generator: seeded, point-symmetric, natural-looking terrain.

How a board is made (every step keeps the half-turn symmetry, so the board is the
same for gold at the bottom and silver at the top):

1. Smooth value-noise fields (elevation, moisture, cold), each folded onto its
   own half turn (f(x) + f(-x)): smooth, and exactly symmetric.
2. Lakes: the lowest share of the elevation field (blobs).
3. Rivers: a walk from a board edge whose heading drifts at random and leans
   toward the nearest lake, so it meanders; each river gets its mirror twin.
4. Mountain ranges: wandering spines with shoulders, on dry ground, until the
   preset's share is reached (and mirrored).
5. Forests: the wettest share of the plains left. Ice: the coldest share of
   the water, so lakes and rivers freeze in patches.
6. Lone cells (no like neighbour) take their neighbourhood's majority.
7. Cities: gold in the bottom band, silver its mirror, pewter in mirrored pairs;
   any city cut off from the middle gets a ford (the cheapest crossing turns to
   plains, and its mirror too).
8. The board is checked with the validator's own rules; a failing attempt is
   redrawn from the next attempt's stream (deterministically).
"""

from __future__ import annotations

import heapq
import math

from printkit.games.scryptic import rules as R
from printkit.rng import Rng

# Shares of the board (before rivers) for each preset: lake, mountain, forest,
# ice (share of the board, taken from the water), rivers (pairs of rivers).
PRESETS: dict[str, dict] = {
    "mix": dict(lake=0.05, mountain=0.10, forest=0.20, ice=0.035, rivers=1),
    "open": dict(lake=0.03, mountain=0.05, forest=0.10, ice=0.015, rivers=1),
    "woods": dict(lake=0.04, mountain=0.07, forest=0.34, ice=0.02, rivers=1),
    "lakes": dict(lake=0.13, mountain=0.06, forest=0.14, ice=0.03, rivers=2),
    "highlands": dict(lake=0.03, mountain=0.20, forest=0.14, ice=0.03, rivers=1),
    "frozen": dict(lake=0.12, mountain=0.10, forest=0.10, freeze=0.85, rivers=2),
}
# "frozen" freezes a share of the water (the coldest 85%) rather than a share of the
# board: most of its lakes and rivers are ice.
MAX_ATTEMPTS = 60


# -- noise ----------------------------------------------------------------------------

def _smooth(t: float) -> float:
    return t * t * (3 - 2 * t)


class _Lattice:
    """Random values on integer lattice points, drawn lazily in a fixed order."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.values: dict[tuple[int, int], float] = {}

    def at(self, i: int, j: int) -> float:
        v = self.values.get((i, j))
        if v is None:
            v = self.values[(i, j)] = self.rng.random()
        return v

    def sample(self, x: float, y: float) -> float:
        i, j = math.floor(x), math.floor(y)
        fx, fy = _smooth(x - i), _smooth(y - j)
        a = self.at(i, j) + (self.at(i + 1, j) - self.at(i, j)) * fx
        b = self.at(i, j + 1) + (self.at(i + 1, j + 1) - self.at(i, j + 1)) * fx
        return a + (b - a) * fy


def _field(n: int, rng: Rng, scale: float, octaves: int = 2) -> list[list[float]]:
    """Fractal value noise over the n x n cells, features about `scale` cells
    wide, on a lattice turned by a random angle (no grid-aligned streaks)."""
    angle = rng.random() * math.pi
    ca, sa = math.cos(angle), math.sin(angle)
    layers = []
    for k in range(octaves):
        layers.append((_Lattice(rng.child("octave", k)), scale / (2 ** k), 0.5 ** k, rng.random() * 7.0, rng.random() * 7.0))
    out = []
    for r in range(n):
        row = []
        for c in range(n):
            u = c * ca + r * sa
            v = -c * sa + r * ca
            total = 0.0
            for lat, s, amp, ox, oy in layers:
                total += amp * lat.sample(u / s + ox, v / s + oy)
            row.append(total)
        out.append(row)
    return out


def _fold(f: list[list[float]]) -> list[list[float]]:
    """Make a field symmetric under the half turn (exactly: a+b == b+a in floats)."""
    n = len(f)
    return [[f[r][c] + f[n - 1 - r][n - 1 - c] for c in range(n)] for r in range(n)]


def _top(values: list[tuple[float, tuple[int, int]]], count: int) -> list[tuple[int, int]]:
    """Cells whose value reaches the count-th largest: mirror pairs (equal values)
    are taken or left together."""
    if count <= 0 or not values:
        return []
    ordered = sorted(values, key=lambda vc: (-vc[0], vc[1]))
    cut = ordered[min(count, len(ordered)) - 1][0]
    return [cell for v, cell in ordered if v >= cut]


# -- steps ------------------------------------------------------------------------------

def _path(n: int, cost, start: tuple[int, int], goals: set) -> list[tuple[int, int]]:
    """Cheapest 4-connected path from start to any goal cell (Dijkstra)."""
    best = {start: 0.0}
    prev: dict = {}
    heap = [(0.0, start)]
    while heap:
        d, cell = heapq.heappop(heap)
        if d > best.get(cell, math.inf):
            continue
        if cell in goals:
            path = [cell]
            while path[-1] in prev:
                path.append(prev[path[-1]])
            return path[::-1]
        for nb in R.neighbours(cell[0], cell[1], n):
            nd = d + cost(nb)
            if nd < best.get(nb, math.inf):
                best[nb] = nd
                prev[nb] = cell
                heapq.heappush(heap, (nd, nb))
    return []


def _edge_cells(n: int) -> list[tuple[int, int]]:
    cells = [(0, c) for c in range(n)] + [(n - 1, c) for c in range(n)]
    cells += [(r, 0) for r in range(1, n - 1)] + [(r, n - 1) for r in range(1, n - 1)]
    return sorted(set(cells))


def _despeckle(grid: list[list[str]]) -> None:
    """Lone cells take the most common terrain of their eight neighbours (all
    cells decided on the old grid at once, so the symmetry holds)."""
    n = len(grid)
    order = R.TERRAINS
    changes = []
    for r in range(n):
        for c in range(n):
            t = grid[r][c]
            if any(grid[a][b] == t for a, b in R.neighbours(r, c, n)):
                continue
            counts = {k: 0 for k in order}
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (dr or dc) and 0 <= rr < n and 0 <= cc < n:
                        counts[grid[rr][cc]] += 1
            changes.append((r, c, max(order, key=lambda k: (counts[k], -order.index(k)))))
    for r, c, t in changes:
        grid[r][c] = t


def _set(grid: list[list[str]], cell: tuple[int, int], t: str) -> None:
    n = len(grid)
    grid[cell[0]][cell[1]] = t
    m = R.mirror(cell, n)
    grid[m[0]][m[1]] = t


def _walk_cells(x: float, y: float, n: int) -> tuple[int, int] | None:
    r, c = math.floor(y), math.floor(x)
    return (r, c) if 0 <= r < n and 0 <= c < n else None


def _river(grid: list[list[str]], rng: Rng, mids: set) -> list[tuple[int, int]]:
    """A meandering river from a board edge to the nearest lake (or off the board
    again): a walk whose heading drifts at random and leans toward its goal."""
    n = len(grid)
    lakes = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == R.WATER]

    def lake_dist(e):
        return min((abs(e[0] - w[0]) + abs(e[1] - w[1]) for w in lakes), default=n)

    edges = [e for e in _edge_cells(n) if grid[e[0]][e[1]] == R.PLAINS]
    if not edges:
        return []
    fitting = [e for e in edges if n // 3 <= lake_dist(e) <= (2 * n) // 3]
    start = rng.choice(fitting or edges)
    goal = min(lakes, key=lambda w: (abs(w[0] - start[0]) + abs(w[1] - start[1]), w)) if lakes else None
    y, x = start[0] + 0.5, start[1] + 0.5
    heading = math.atan2(n / 2 - y, n / 2 - x) + (rng.random() - 0.5) * 1.2
    path = [start]
    for _ in range(4 * n):
        if goal is not None:
            want = math.atan2(goal[0] + 0.5 - y, goal[1] + 0.5 - x)
            turn = (want - heading + math.pi) % (2 * math.pi) - math.pi
            heading += 0.3 * turn
        heading += (rng.random() - 0.5) * 1.1
        nx, ny = x + 0.8 * math.cos(heading), y + 0.8 * math.sin(heading)
        cell = _walk_cells(nx, ny, n)
        if cell is None:
            break  # flowed off the board
        if cell in mids:
            heading += math.pi / 2
            continue
        x, y = nx, ny
        last = path[-1]
        if cell == last:
            continue
        if cell[0] != last[0] and cell[1] != last[1]:
            path.append((last[0], cell[1]))  # keep the river 4-connected
        path.append(cell)
        if grid[cell[0]][cell[1]] == R.WATER or len(path) > n + 2:
            break
    return [cell for cell in path if cell not in mids]


def _range(n: int, rng: Rng, blocked) -> set:
    """A mountain range: a wandering spine with shoulders here and there."""
    out: set = set()
    r0, c0 = rng.randint(1, n - 2), rng.randint(1, n - 2)
    x, y = c0 + 0.5, r0 + 0.5
    heading = rng.random() * 2 * math.pi
    for _ in range(rng.randint(max(3, n // 3), max(4, (2 * n) // 3))):
        cell = _walk_cells(x, y, n)
        if cell is None:
            break
        if not blocked(cell):
            out.add(cell)
        if rng.random() < 0.45:
            side = heading + (math.pi / 2 if rng.random() < 0.5 else -math.pi / 2)
            wing = _walk_cells(x + math.cos(side), y + math.sin(side), n)
            if wing is not None and not blocked(wing):
                out.add(wing)
        heading += (rng.random() - 0.5) * 0.7
        x, y = x + 0.75 * math.cos(heading), y + 0.75 * math.sin(heading)
    return out


def _terrain(n: int, preset: dict, rng: Rng) -> list[list[str]]:
    cells = n * n
    elev = _fold(_field(n, rng.child("elevation"), scale=max(3.0, n / 3.2)))
    moist = _fold(_field(n, rng.child("moisture"), scale=max(2.5, n / 4.0)))
    cold = _fold(_field(n, rng.child("cold"), scale=max(2.5, n / 4.0)))
    grid = [[R.PLAINS] * n for _ in range(n)]
    allcells = [(r, c) for r in range(n) for c in range(n)]
    mids = set(R.middle_cells(n))

    # lakes: the lowest ground
    low = [(-elev[r][c], (r, c)) for r, c in allcells if (r, c) not in mids]
    for r, c in _top(low, round(preset["lake"] * cells)):
        grid[r][c] = R.WATER
    # rivers, each with its mirror twin
    pairs = preset["rivers"] if n >= 13 else 1
    for k in range(pairs):
        for cell in _river(grid, rng.child("river", k), mids):
            _set(grid, cell, R.WATER)
    # mountain ranges on dry ground, until the preset's share is reached
    target = round(preset["mountain"] * cells)
    sub = rng.child("ranges")
    for _ in range(12):
        have = sum(row.count(R.MOUNTAIN) for row in grid)
        if have >= target * 0.9:
            break
        for cell in _range(n, sub, lambda cell: grid[cell[0]][cell[1]] != R.PLAINS or cell in mids):
            _set(grid, cell, R.MOUNTAIN)
    # forests: the wettest plains
    wet = [(moist[r][c], (r, c)) for r, c in allcells if grid[r][c] == R.PLAINS]
    for r, c in _top(wet, round(preset["forest"] * cells)):
        grid[r][c] = R.FOREST
    # ice: the coldest water
    water = [(cold[r][c], (r, c)) for r, c in allcells if grid[r][c] == R.WATER]
    frozen = round(preset["freeze"] * len(water)) if "freeze" in preset else min(round(preset["ice"] * cells), len(water) * 6 // 10)
    for r, c in _top(water, frozen):
        grid[r][c] = R.ICE
    _despeckle(grid)
    _despeckle(grid)
    for cell in mids:
        if grid[cell[0]][cell[1]] not in R.SOLID:
            _set(grid, cell, R.PLAINS)
    return grid


def _chebyshev(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _cities(grid: list[list[str]], rng: Rng) -> list[tuple[tuple[int, int], str]] | None:
    n = len(grid)
    band = max(2, n // 6)
    zone = [(r, c) for r in range(n - 1 - band, n - 1) for c in range(1, n - 1)]

    def good(cell, plains_only):
        t = grid[cell[0]][cell[1]]
        return t == R.PLAINS if plains_only else t in R.SOLID

    def apart(cell) -> int:
        m = R.mirror(cell, n)
        return abs(cell[0] - m[0]) + abs(cell[1] - m[1])

    gold = None
    for plains_only in (True, False):
        cands = [cell for cell in zone if good(cell, plains_only) and apart(cell) >= n]
        if cands:
            gold = rng.choice(cands)
            break
    if gold is None:
        return None
    cities = [(gold, "gold"), (R.mirror(gold, n), "silver")]
    pairs = 1 if n <= 11 else 2 if n <= 19 else 3
    space = max(3, n // 4)
    mids = set(R.middle_cells(n))
    inner = [(r, c) for r in range(2, n - 2) for c in range(1, n - 1) if (r, c) not in mids]
    for k in range(pairs):
        placed = [cell for cell, _ in cities]
        cands = [
            cell for cell in inner
            if grid[cell[0]][cell[1]] in R.SOLID
            and all(_chebyshev(cell, p) >= space for p in placed)
            and _chebyshev(cell, R.mirror(cell, n)) >= space
        ]
        if not cands:
            break
        plains = [cell for cell in cands if grid[cell[0]][cell[1]] == R.PLAINS]
        pick = rng.choice(plains or cands)
        cities += [(pick, "pewter"), (R.mirror(pick, n), "pewter")]
    return cities


def _fords(grid: list[list[str]], cities) -> None:
    """Give every city a dry way to the middle: the cheapest crossing becomes plains."""
    n = len(grid)
    mids = set(R.middle_cells(n))
    for cell, _ in cities:
        reach = R.land_distances(["".join(row) for row in grid], mids)
        if cell in reach:
            continue

        def cost(c, grid=grid):
            return 1.0 if grid[c[0]][c[1]] in R.SOLID else 5.0

        for step in _path(n, cost, cell, mids):
            if grid[step[0]][step[1]] not in R.SOLID:
                _set(grid, step, R.PLAINS)


def generate(seed: str, size: int, terrain: str = "mix") -> tuple[list[str], list[tuple[tuple[int, int], str]], int]:
    """(terrain rows, cities, attempts used) for a seed; the board passes the
    validator's rules unless every attempt failed (then the last one is returned
    and the validator says why)."""
    preset = PRESETS[terrain]
    last = None
    for attempt in range(MAX_ATTEMPTS):
        rng = Rng("scryptic-board", seed, size, terrain, attempt)
        grid = _terrain(size, preset, rng)
        cities = _cities(grid, rng.child("cities"))
        if cities is None:
            continue
        _fords(grid, cities)
        rows = ["".join(row) for row in grid]
        last = (rows, cities, attempt + 1)
        model = board_model(rows, cities)
        if not R.check_board(model):
            return last
    if last is None:
        raise RuntimeError(f"no board for seed {seed!r} at size {size}")
    return last


def board_model(rows: list[str], cities) -> dict:
    """The plain-data part of a board file (what the validator reads)."""
    n = len(rows)
    order = {"gold": 0, "silver": 1, "pewter": 2}
    listed = sorted(cities, key=lambda co: (order[co[1]], co[0]))
    return {
        "size": n,
        "terrain": rows,
        "cities": [{"cell": R.cell_name(*cell), "owner": owner} for cell, owner in listed],
    }
