"""Work spread over worker processes (`--jobs N`).

A job that makes many independent things (puzzles from their tokens, a kit per
game, PNGs of pages) hands a function and its inputs to `run`, which gives the
results back in the order of the inputs, whatever order the workers finish in:
the same inputs give the same output at any number of jobs.

- The number of workers is set once a run (`set_jobs`, from `--jobs` or
  printkit.toml's `jobs`); by default 1 for library callers, and the command
  line's default is every processor the process may use (`available()`).
- Workers are forked from the running process, so what it has loaded (word
  indexes, fonts, a user's --words) costs them nothing and is the same; where
  processes cannot be forked the work stays in one process. Workers ignore
  Ctrl-C and are ended by the parent, which alone handles the interrupt and
  removes its staged files.
- A worker runs its share in itself: inside a worker `jobs()` is 1, so work
  that would spread again (a kit's puzzles, a batch's checks) stays in it and
  the run never holds more than --jobs processes at work (pools inside pools
  cost a fork each and fought the workers for the cores: kit all --jobs 2 went
  from 1.20x to 1.39x when they stopped).
- Workers write no files of their own unless the caller gives them a staged
  folder (base/files.py) that the parent commits or aborts whole.
- A worker that dies (killed, out of memory) ends the run with one line, exit 2.
"""

from __future__ import annotations

import os

from printkit.errors import UsageError

_JOBS: int | None = None
MAX_JOBS = 256


def available() -> int:
    """The processors this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def set_jobs(n: int | None) -> None:
    """How many processes a run may use (None: back to 1, the library default)."""
    global _JOBS
    _JOBS = None if n is None else max(1, int(n))


def jobs() -> int:
    return _JOBS or 1


def _context():
    """Forked workers (they inherit what the run has loaded, user words included);
    None where processes cannot be forked: the work then stays in this process."""
    import multiprocessing

    return multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None


def _init_worker() -> None:
    import signal

    global _JOBS
    _JOBS = 1  # a worker does its share in itself: no pools inside pools (the run's processes stay --jobs)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and ends us
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            signal.signal(sig, signal.SIG_DFL)


class Pool:
    """Up to `n` worker processes, ended (never left running) when the block ends,
    however it ends."""

    def __init__(self, n: int) -> None:
        import gc
        from concurrent.futures import ProcessPoolExecutor

        self.n = n
        # what this process holds now is left out of the workers' garbage
        # collections (gc.freeze): they would walk it all, and write to each
        # object's header, copying the pages they share with this process
        self._frozen = not gc.get_freeze_count()
        if self._frozen:
            gc.freeze()
        self.executor = ProcessPoolExecutor(max_workers=n, mp_context=_context(), initializer=_init_worker)

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, kind, exc, tb) -> None:
        try:
            if kind is None:
                self.executor.shutdown(wait=True)
                return
            self.stop()
        finally:
            if self._frozen:
                import gc

                gc.unfreeze()  # this process collects it again

    def stop(self) -> None:
        """End every worker now (an error or an interrupt in the parent)."""
        processes = list((getattr(self.executor, "_processes", None) or {}).values())
        self.executor.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            try:
                p.terminate()
            except Exception:  # noqa: BLE001 - already gone
                pass
        for p in processes:
            try:
                p.join(5)
            except Exception:  # noqa: BLE001
                pass

    def result(self, future):
        """A submitted task's result (its exception raised here)."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            return future.result()
        except BrokenProcessPool:
            raise UsageError("a worker process ended unexpectedly (killed, or out of memory?): try a smaller --jobs") from None

    def map(self, fn, items, chunksize: int = 1):
        """fn(item) for each item, in the order of `items`, computed by the workers."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            yield from self.executor.map(fn, items, chunksize=chunksize)
        except BrokenProcessPool:
            raise UsageError("a worker process ended unexpectedly (killed, or out of memory?): try a smaller --jobs") from None


def run(fn, items, *, least: int = 2, chunks_per_job: int = 4):
    """fn(item) for every item, in order: in this process when one job is
    allowed or there are fewer than `least` items, else over up to jobs()
    workers. `fn` and each item must be picklable (a module-level function,
    functools.partial of one); so must the results."""
    items = list(items)
    n = min(jobs(), len(items))
    if n <= 1 or len(items) < least or _context() is None:
        yield from map(fn, items)
        return
    chunksize = max(1, -(-len(items) // (n * chunks_per_job)))
    with Pool(n) as pool:
        yield from pool.map(fn, items, chunksize)
