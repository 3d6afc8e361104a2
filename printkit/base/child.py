"""Native code run in a bounded child process.

Some libraries printkit hands a downloaded project's files to are native code
that can take the whole process down instead of raising an error: resvg (the
SVG rasteriser) can overflow its stack on a deep chain of masks, python-calamine
(the spreadsheet reader) aborts when an allocation fails. A crash there would
end a run with no message, a hang would ignore Ctrl-C. Such calls go through
`call`, which runs them in one persistent worker process:

- the worker has an address-space ceiling (RLIMIT_AS, at most CHILD_MEMORY, never
  more than the parent's own), a CPU budget per task (RLIMIT_CPU, raised by
  `cpu` seconds before each task) and the parent waits at most `wall` seconds;
- a crash, a signal, a ceiling or the deadline becomes ChildError (a UsageError,
  exit 2) with one line naming what was being read or drawn; the worker is then
  replaced for the next task;
- the worker dies with its parent (PR_SET_PDEATHSIG on Linux, and end of input
  elsewhere) and on Ctrl-C, which the parent answers by ending it at once;
- one worker per process, started at the first task and reused (a snippet per
  card costs a pipe round trip, not a process start); threads take turns.

A task is a function named "printkit.module:function" taking (args: dict, data:
bytes) and returning (dict, bytes): only JSON and raw bytes cross the pipe, so
a worker that misbehaves cannot make the parent run anything.
"""

from __future__ import annotations

import json
import os
import struct
import sys
import threading
import time

from printkit.errors import UsageError

CHILD_MEMORY = 1024 * 2**20  # bytes of address space for the worker (or the parent's own ceiling, if lower)
CPU = 30  # seconds of CPU one task may use
WALL = 45.0  # seconds the parent waits for one task


class ChildError(UsageError):
    """The worker crashed, hung or went past a ceiling (exit 2)."""


# -- the parent's side -------------------------------------------------------------------

class _Worker:
    def __init__(self) -> None:
        import subprocess

        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p))
        env.pop("PYTHONSTARTUP", None)
        self.pid_owner = os.getpid()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from printkit.base.child import serve; serve()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, close_fds=True, bufsize=0,
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        try:
            self.proc.kill()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except Exception:  # noqa: BLE001 - nothing more to do
            pass
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass


_LOCK = threading.Lock()
_WORKER: list = [None]
_EXIT_HOOK: list = []


def _worker() -> _Worker:
    w = _WORKER[0]
    if w is None or w.pid_owner != os.getpid() or not w.alive():
        if w is not None and w.pid_owner == os.getpid():
            w.kill()
        w = _WORKER[0] = _Worker()
        if not _EXIT_HOOK:
            import atexit

            atexit.register(stop)  # ended and waited for: its time and memory count as the run's
            _EXIT_HOOK.append(True)
    return w


def _read_exact(fd: int, n: int, deadline: float) -> bytes:
    import select

    out = bytearray()
    while len(out) < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        ready, _, _ = select.select([fd], [], [], min(left, 1.0))
        if not ready:
            continue
        chunk = os.read(fd, min(n - len(out), 1 << 20))
        if not chunk:
            raise EOFError
        out += chunk
    return bytes(out)


def _signal_name(code: int | None) -> str:
    import signal

    if code is None or code >= 0:
        return f"exit status {code}"
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"


def call(task: str, args: dict, data: bytes = b"", *, what: str, doing: str, cpu: int = CPU, wall: float = WALL) -> tuple[dict, bytes]:
    """Run `task` in the worker; (dict, bytes) it returned. ChildError naming
    `what` (the file or element) when it crashed, hung or hit a ceiling; the
    UsageError it raised itself, as its one line."""
    from printkit.base.files import shown

    if not task.startswith("printkit."):
        raise ValueError(task)
    head = json.dumps({"task": task, "args": {**args, "what": str(what)}, "cpu": int(cpu)}).encode()
    with _LOCK:
        w = _worker()
        try:
            w.proc.stdin.write(struct.pack(">QQ", len(head), len(data)) + head)
            view = memoryview(data)
            for k in range(0, len(data), 1 << 20):
                w.proc.stdin.write(view[k:k + (1 << 20)])
            w.proc.stdin.flush()
            deadline = time.monotonic() + wall
            fd = w.proc.stdout.fileno()
            nh, nd = struct.unpack(">QQ", _read_exact(fd, 16, deadline))
            if nh > 1 << 30 or nd > 1 << 31:
                raise EOFError
            answer = json.loads(_read_exact(fd, nh, deadline))
            blob = _read_exact(fd, nd, deadline)
        except TimeoutError:
            w.kill()
            _WORKER[0] = None
            raise ChildError(f"{shown(what)}: {doing} did not finish within {wall:g} s, printkit's limit") from None
        except (EOFError, BrokenPipeError, OSError, ValueError, struct.error):
            w.kill()
            code = w.proc.returncode
            _WORKER[0] = None
            import signal

            why = {getattr(signal, "SIGXCPU", -1): f"used over {cpu} s of CPU, printkit's limit",
                   signal.SIGKILL: "was stopped (over a limit)",
                   signal.SIGABRT: "aborted (out of memory under printkit's limit, or a damaged file)",
                   signal.SIGSEGV: "crashed (SIGSEGV)"}.get(-code if code is not None and code < 0 else 0)
            raise ChildError(f"{shown(what)}: {doing} {why or 'stopped (' + _signal_name(code) + ')'}") from None
        except BaseException:  # Ctrl-C: the worker goes at once, with the run
            w.kill()
            _WORKER[0] = None
            raise
    if "error" in answer:
        raise UsageError(str(answer["error"]))
    return answer.get("result", {}), blob


def stop() -> None:
    """End this process's worker (it also ends when the process does): its input
    closed, so it leaves at once, and waited for."""
    with _LOCK:
        w = _WORKER[0]
        _WORKER[0] = None
        if w is None or w.pid_owner != os.getpid():
            return
        try:
            w.proc.stdin.close()
            w.proc.wait(timeout=2)
        except Exception:  # noqa: BLE001 - it goes the hard way
            pass
        w.kill()


# -- the worker's side -------------------------------------------------------------------

def _die_with_parent() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C at the terminal reaches the worker too: it ends
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG: killed when the parent goes
        except (OSError, AttributeError):
            pass
    if os.getppid() == 1:
        os._exit(1)


def _cap_memory() -> None:
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = CHILD_MEMORY if soft == resource.RLIM_INFINITY else min(soft, CHILD_MEMORY)
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError):
        pass


def _cpu_budget(seconds: int) -> None:
    """The CPU ceiling moved to what this process has used plus `seconds`:
    SIGXCPU ends it when a task goes past."""
    try:
        import resource

        used = resource.getrusage(resource.RUSAGE_SELF)
        now = int(used.ru_utime + used.ru_stime) + 1
        _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        want = now + max(1, seconds)
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (want, hard))
    except (ImportError, ValueError, OSError):
        pass


def _read_all(f, n: int) -> bytes:
    out = bytearray()
    while len(out) < n:
        chunk = f.read(n - len(out))
        if not chunk:
            raise EOFError
        out += chunk
    return bytes(out)


def serve() -> None:
    """The worker: tasks in on stdin, answers out on stdout, until end of input."""
    import importlib

    _die_with_parent()
    _cap_memory()
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing a library prints can mix into the answers
    while True:
        try:
            nh, nd = struct.unpack(">QQ", _read_all(inp, 16))
            head = json.loads(_read_all(inp, nh))
            data = _read_all(inp, nd)
        except (EOFError, ValueError, struct.error):
            return
        blob = b""
        try:
            module, name = head["task"].split(":", 1)
            if not module.startswith("printkit."):
                raise ValueError(module)
            fn = getattr(importlib.import_module(module), name)
            _cpu_budget(int(head.get("cpu", CPU)))
            result, blob = fn(head.get("args") or {}, data)
            answer = {"result": result}
        except UsageError as exc:
            answer = {"error": str(exc)}
        except MemoryError:
            answer = {"error": f"{head.get('args', {}).get('what', 'a task')}: over printkit's memory limit for it"}
        except Exception as exc:  # noqa: BLE001 - reported to the parent as its one line
            answer = {"error": f"{head.get('args', {}).get('what', 'a task')}: {exc.__class__.__name__}: {str(exc)[:200]}"}
        payload = json.dumps(answer).encode()
        out.write(struct.pack(">QQ", len(payload), len(blob)) + payload + blob)
        out.flush()


def echo_task(args: dict, data: bytes) -> tuple[dict, bytes]:
    """A task for tests and measurements: gives its input back, or does as asked
    (`crash`: abort, `spin`: loop, `eat`: allocate `eat` bytes)."""
    import signal

    if args.get("crash"):
        os.kill(os.getpid(), getattr(signal, args["crash"]))
    if args.get("spin"):
        while True:
            pass
    if args.get("eat"):
        _held = bytearray(int(args["eat"]))  # noqa: F841
    return {"args": args}, data
