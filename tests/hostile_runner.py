"""Runs printkit commands in forked children, each under a memory and CPU ceiling
(resource.setrlimit), and reports how each ended. Used by tests/test_safe_projects.py.

    python tests/hostile_runner.py SPEC.json RESULTS.json

SPEC: {"runs": [{"id", "cwd", "args", "out"}], "memory": bytes, "cpu": seconds}; a run
may also give its own "memory" and "cpu", and "limits" to set in printkit's
LIMITS before it starts (control runs: a limit raised, to show the ceilings
and checks catch what the limit stops).
The parent imports printkit and the libraries a project run uses once; each run
is a fork of it (no interpreter start-up per run), so a few dozen hostile
projects cost seconds, not minutes. A child that blocks (a FIFO waited on) is
killed after `wall` seconds and reported as "hung".
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import time


def warm() -> None:
    """Import what a project run imports, so each fork starts warm."""
    import jinja2.sandbox  # noqa: F401
    import lxml.etree  # noqa: F401
    import openpyxl  # noqa: F401
    import PIL.Image  # noqa: F401
    import qrcode  # noqa: F401
    import reportlab.pdfgen.canvas  # noqa: F401
    from fontTools.svgLib.path import parse_path  # noqa: F401

    import printkit.cli  # noqa: F401
    import printkit.custom.layout  # noqa: F401
    import printkit.custom.project  # noqa: F401
    import printkit.custom.svg  # noqa: F401
    from printkit.engine import fonts

    fonts.register_fonts()


def child(run: dict, memory: int, cpu: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    os.chdir(run["cwd"])
    for n, suffix in ((1, ".out"), (2, ".err")):
        fd = os.open(run["out"] + suffix, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, n)
        os.close(fd)
    code = 0
    try:
        from printkit import cli

        if run.get("limits"):  # a control run: printkit's own limits raised, to show the ceilings catch what they stop
            from printkit.custom import safety

            safety.LIMITS.update(run["limits"])
        cli.main(list(run["args"]))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException as exc:  # noqa: BLE001 - reported as what it is
        print(f"RUNNER: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        code = 99
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def main() -> None:
    spec = json.load(open(sys.argv[1]))
    memory, cpu, wall = spec["memory"], spec["cpu"], spec.get("wall", 120)
    os.environ["XDG_CONFIG_HOME"] = spec["config_home"]
    warm()
    results = {}
    for run in spec["runs"]:
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            child(run, run.get("memory", memory), run.get("cpu", cpu))
        status, usage = 0, None
        while True:
            got, status, usage = os.wait4(pid, os.WNOHANG)
            if got:
                break
            if time.monotonic() - start > wall:
                os.kill(pid, signal.SIGKILL)
                _, status, usage = os.wait4(pid, 0)
                results[run["id"]] = {"code": None, "hung": True}
                break
            time.sleep(0.005)
        if run["id"] in results:
            continue
        results[run["id"]] = {
            "code": os.waitstatus_to_exitcode(status),
            "hung": False,
            "cpu": usage.ru_utime + usage.ru_stime,
            "wall": time.monotonic() - start,
            "maxrss_mb": usage.ru_maxrss / 1024,
        }
    json.dump(results, open(sys.argv[2], "w"), indent=1)


if __name__ == "__main__":
    main()
