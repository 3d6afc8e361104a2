"""Numbers of SVG geometry: 2-D affine matrices as SVG writes them (a b c d e f),
the `transform` attribute read into one, and the refusal of a number out of
range. A leaf of printkit.custom: svg.py (measuring), svgart.py (drawing)
and svgdraw.py (gradients, opacity, pictures of single elements) both use it.
"""

from __future__ import annotations

import math
import re

from printkit.errors import UsageError

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class BadNumber(UsageError):
    """A length or transform in the SVG that is not a finite number in range."""


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n applied first: (m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def parse_transform(text: str | None) -> Matrix:
    m = IDENTITY
    if not text:
        return m
    for name, args in re.findall(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)", text):
        try:
            v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        except ValueError:
            raise BadNumber(f"transform '{text[:60]}' holds something that is not a number") from None
        if not all(math.isfinite(x) and abs(x) < 1e6 for x in v) or (name != "matrix" and not v):
            raise BadNumber(f"transform '{text[:60]}' holds a number out of range")
        if name == "matrix" and len(v) == 6:
            t = tuple(v)
        elif name == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            r = math.radians(v[0])
            t = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
            if len(v) == 3:
                t = mul(mul((1, 0, 0, 1, v[1], v[2]), t), (1, 0, 0, 1, -v[1], -v[2]))
        elif name == "skewX":
            t = (1, 0, math.tan(math.radians(v[0])), 1, 0, 0)
        elif name == "skewY":
            t = (1, math.tan(math.radians(v[0])), 0, 1, 0, 0)
        else:
            continue
        m = mul(m, t)  # type: ignore[arg-type]
    return m
