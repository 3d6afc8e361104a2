"""What running resvg in printkit's bounded worker (printkit/base/child.py) costs.

    python bench/bench_child.py [N]

Draws one card-sized SVG snippet with a blurred shape N times (default 20) with
resvg in this process, then through the worker, and times a bare round trip of
100 KB and the worker's start. Prints one line per figure.
"""

from __future__ import annotations

import sys
import time

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94"><defs><filter id="s"><feGaussianBlur stdDeviation="1"/>'
       '<feOffset dx="1" dy="1"/></filter></defs><circle cx="34" cy="50" r="20" fill="#336699" filter="url(#s)"/></svg>')


def main() -> None:
    import resvg_py

    from printkit.base import child

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    w, h = 815, 1110  # 69 x 94 mm at 300 dpi
    t = time.perf_counter()
    child.call("printkit.base.child:echo_task", {}, what="bench", doing="starting")
    start = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(200):
        child.call("printkit.base.child:echo_task", {}, b"x" * 100_000, what="bench", doing="echo")
    trip = (time.perf_counter() - t) / 200
    inproc = worker = 0.0
    for _ in range(n):  # taken in turns, so a busy machine weighs on both alike
        t = time.perf_counter()
        own = bytes(resvg_py.svg_to_bytes(svg_string=SVG, width=w, height=h, dpi=96, skip_system_fonts=True))
        inproc += (time.perf_counter() - t) / n
        t = time.perf_counter()
        _, png = child.call("printkit.custom.svgdraw:raster_task", {"width": w, "height": h, "fonts": []}, SVG.encode(), what="bench", doing="drawing")
        worker += (time.perf_counter() - t) / n
    print(f"worker start: {start * 1000:.0f} ms (once a run)")
    print(f"round trip with 100 KB: {trip * 1000:.2f} ms")
    print(f"resvg in this process: {inproc * 1000:.1f} ms a snippet")
    print(f"resvg in the worker: {worker * 1000:.1f} ms a snippet (same PNG bytes: {own == png})")


if __name__ == "__main__":
    main()
