"""Safe writes: nothing half-replaced, the real cause in one line when a write fails.

Every file printkit writes goes through here:

- The data goes into a hidden `.NAME.<pid>-<random>.part` file beside the target,
  then one rename puts it in place: a failed or interrupted run leaves the
  previous file as it was. A `.part` left by a killed run (SIGKILL, power cut) is
  removed by the next run that writes the same path.
- New files get mode 0666 minus the umask; an overwritten file keeps its mode.
- `-o` naming a device, FIFO or socket is refused and left alone; a symbolic link
  is followed (its target is written, the link stays).
- A folder of PNGs is built complete beside its target and swapped in with one
  atomic exchange (Linux renameat2), else two renames with signals held and a
  recovery on the next run: at every moment the old folder or the new one is
  there.
- Several files (`kit all`) are all staged first, then renamed in one go with
  signals held.
- `-` means standard output.

OS errors become UsageError (exit 2) naming the user's path and the cause:
"cannot write rodir/new.pdf: permission denied", never a temporary name.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import signal
import stat
import sys
from pathlib import Path

from printkit.errors import UsageError

STDOUT = "-"
#: Paths written in this run (for the interrupt message).
COMMITTED: list[str] = []

_REASONS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "read-only file system",
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "part of the path is not a folder",
    errno.EISDIR: "it is a folder",
    errno.EEXIST: "part of the path is a file, not a folder",
    errno.ENAMETOOLONG: "name too long",
    errno.ELOOP: "too many levels of symbolic links",
    errno.EFBIG: "file too large",
    errno.EIO: "input/output error",
}


def reason(exc: BaseException) -> str:
    """The cause of an OS error in a few words."""
    if isinstance(exc, OSError):
        return _REASONS.get(exc.errno) or (exc.strerror or exc.__class__.__name__).lower()
    return str(exc) or exc.__class__.__name__


def shown(text, limit: int = 80) -> str:
    """A user's value, cut short for a one-line message."""
    text = os.fspath(text) if isinstance(text, os.PathLike) else str(text)
    text = text.replace("\0", "\\0").replace("\n", "\\n")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_path(path) -> str:
    """The path as text; UsageError for one no file system can hold."""
    text = os.fspath(path)
    if "\0" in text:
        raise UsageError(f"{shown(text)}: a path cannot hold a NUL byte")
    if not text:
        raise UsageError("an empty path is not a file name")
    return text


def is_stdout(path) -> bool:
    return path is not None and os.fspath(path) == STDOUT


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def open_regular(path, what: str = "file", cap: int | None = None):
    """Open `path` for reading when it is a regular file (of at most `cap` bytes):
    a FIFO, device, socket or folder is refused without waiting on it. UsageError
    names the path; the caller closes the file it gets."""
    text = check_path(path)
    try:
        st = os.stat(text)
    except FileNotFoundError:
        raise UsageError(f"{shown(text, 240)}: no such {what}") from None
    except OSError as exc:
        raise UsageError(f"{shown(text, 240)}: cannot read the {what}: {reason(exc)}") from None
    if stat.S_ISDIR(st.st_mode):
        raise UsageError(f"{shown(text, 240)}: is a folder, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise UsageError(f"{shown(text, 240)}: is {_kind(st.st_mode)}, not a regular file (left unread)")
    if cap is not None and st.st_size > cap:
        raise UsageError(f"{shown(text, 240)}: the {what} is {st.st_size / 2**20:.1f} MB, over the limit of {cap / 2**20:g} MB")
    try:
        fd = os.open(text, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise UsageError(f"{shown(text, 240)}: cannot read the {what}: {reason(exc)}") from None
    fh = os.fdopen(fd, "rb")
    if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # swapped between the look and the open
        fh.close()
        raise UsageError(f"{shown(text, 240)}: not a regular file (left unread)")
    return fh


#: The default output folders (printkit.toml's `output`, normally ./output): a
#: downloaded project may ship a symbolic link there, so below them no link is
#: written through.
GUARDED: list[str] = []


def guard_folder(folder) -> None:
    """Never write through a symbolic link at or below `folder` (the default output)."""
    text = os.path.abspath(os.fspath(folder))
    if text not in GUARDED:
        GUARDED.append(text)


def _refuse_planted(text: str) -> None:
    """UsageError when a write into a guarded folder would go through a symbolic link
    (a link planted as output/, or as output/NAME.pdf, pointing at another file)."""
    full = os.path.abspath(text)
    for root in GUARDED:
        if full != root and not full.startswith(root.rstrip(os.sep) + os.sep):
            continue
        rel = os.path.relpath(full, root)
        here = root
        for part in [""] + ([] if rel == "." else rel.split(os.sep)):
            here = os.path.join(here, part) if part else here
            if os.path.islink(here):
                raise UsageError(f"cannot write {shown(text)}: {shown(os.path.relpath(here))} is a symbolic link (to {shown(os.readlink(here), 60)}); printkit does not write through links in its output folder: remove it, or name the file with -o")


def _resolve(path: Path, *, folder: bool) -> tuple[Path, os.stat_result | None]:
    """The path to write (a symlink's target) and its current stat, if any."""
    text = check_path(path)
    _refuse_planted(text)
    real = Path(os.path.realpath(text)) if os.path.islink(text) else Path(text)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real, None
    except OSError as exc:
        raise UsageError(f"cannot write {shown(text)}: {reason(exc)}") from None
    if folder:
        if stat.S_ISREG(st.st_mode):
            raise UsageError(f"cannot write PNGs into {shown(text)}: it is a file, and --format png writes a folder (choose another -o)")
        if not stat.S_ISDIR(st.st_mode):
            raise UsageError(f"cannot write {shown(text)}: it is {_kind(st.st_mode)}, not a folder (left as it is)")
    else:
        if stat.S_ISDIR(st.st_mode):
            raise UsageError(f"cannot write {shown(text)}: it is a folder")
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(f"cannot write {shown(text)}: it is {_kind(st.st_mode)}, not a regular file (left as it is)")
    return real, st


def _mkdirs(folder: Path, shown_as: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"cannot write {shown(shown_as)}: part of the path is a file, not a folder") from None
    except OSError as exc:
        raise UsageError(f"cannot write {shown(shown_as)}: {reason(exc)}") from None


# -- leftovers of killed runs ------------------------------------------------------

@functools.cache
def _leftover_names() -> tuple[re.Pattern, re.Pattern]:
    """The names after the stem of leftovers: ours (pid, random, kind) and what
    earlier versions left. Compiled at the first leftover seen (most runs see none)."""
    return re.compile(r"(\d+)-[0-9a-f]+\.(part|old)"), re.compile(r"[a-z0-9_]{8}\.part|old")


def _stem(name: str) -> str:
    return f".{name[:180]}."


def _alive(pid: int) -> bool:
    if pid == os.getpid() or os.name == "nt":  # on Windows os.kill(pid, 0) would end the process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _leftovers(folder: Path, name: str):
    """(path, kind) of hidden leftovers of dead runs that wrote folder/name."""
    stem = _stem(name)
    try:
        entries = [e.name for e in os.scandir(folder) if e.name.startswith(stem)]
    except OSError:
        return
    for entry in sorted(entries):
        rest = entry[len(stem):]
        ours, old_style = _leftover_names()
        m = ours.fullmatch(rest)
        if m:
            if not _alive(int(m.group(1))):
                yield folder / entry, m.group(2)
        elif old_style.fullmatch(rest):
            yield folder / entry, "old" if rest.endswith("old") else "part"


def _remove(path: Path) -> None:
    try:
        if path.is_dir() and not path.is_symlink():
            _rmtree(path)
        else:
            path.unlink()
    except OSError:
        pass


def clean_leftovers(target: Path) -> None:
    """Remove what a killed run left beside `target`; if a killed folder swap left
    no folder at `target`, put the previous one back first."""
    for path, kind in list(_leftovers(target.parent, target.name)):
        if kind == "old" and not os.path.lexists(target) and path.is_dir():
            try:
                os.rename(path, target)
                continue
            except OSError:
                pass
        _remove(path)


def _part_name(target: Path, suffix: str = "part") -> Path:
    return target.parent / f"{_stem(target.name)}{os.getpid()}-{os.urandom(4).hex()}.{suffix}"


def _rmtree(path) -> None:
    import shutil  # here, not at the top: shutil imports bz2 and lzma, ~2 ms of every run

    shutil.rmtree(path, ignore_errors=True)


# -- signals -----------------------------------------------------------------------

_HELD = {getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)}


@contextlib.contextmanager
def signals_held():
    """Hold Ctrl-C, SIGTERM and SIGHUP for a few renames (delivered after)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# -- one file ----------------------------------------------------------------------

class StagedFile:
    """A file being written beside its target; `commit` renames it into place."""

    def __init__(self, path) -> None:
        self.path = os.fspath(path)  # as the user named it, for messages
        self.target, st = _resolve(Path(self.path), folder=False)
        self.mode = stat.S_IMODE(st.st_mode) if st is not None else None
        _mkdirs(self.target.parent, self.path)
        clean_leftovers(self.target)
        self.part = _part_name(self.target)
        self.size = 0
        try:
            fd = os.open(self.part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError as exc:
            raise UsageError(f"cannot write {shown(self.path)}: {reason(exc)}") from None
        self.fh = os.fdopen(fd, "wb")

    @contextlib.contextmanager
    def _or_abort(self):
        """Any failure inside removes the part file; an OS error becomes one line."""
        try:
            yield
        except OSError as exc:
            self.abort()
            raise UsageError(f"cannot write {shown(self.path)}: {reason(exc)}") from None
        except BaseException:
            self.abort()
            raise

    def write(self, data: bytes) -> None:
        with self._or_abort():
            self.fh.write(data)
        self.size += len(data)

    def finish(self) -> None:
        """Flush to disk and set the mode; the part file is complete."""
        with self._or_abort():
            self.fh.flush()
            os.fsync(self.fh.fileno())
            if self.mode is not None and hasattr(os, "fchmod"):
                os.fchmod(self.fh.fileno(), self.mode)
            self.fh.close()

    def commit(self) -> None:
        try:
            os.replace(self.part, self.target)
        except OSError as exc:
            self.abort()
            raise UsageError(f"cannot write {shown(self.path)}: {reason(exc)}") from None
        COMMITTED.append(self.path)

    def abort(self) -> None:
        with contextlib.suppress(Exception):
            self.fh.close()
        with contextlib.suppress(OSError):
            os.unlink(self.part)


def stage_file(path, data: bytes) -> StagedFile:
    """Write `data` beside `path`, complete and on disk, but not yet in place."""
    return stage_with(path, lambda staged: staged.write(data))


def stage_with(path, write) -> StagedFile:
    """Like stage_file, for content made piece by piece: `write(staged)` calls
    staged.write(bytes) as often as it likes (a PDF formatted object by object)."""
    staged = StagedFile(path)
    try:
        write(staged)
        staged.finish()
    except BaseException:
        staged.abort()
        raise
    return staged


def commit_one(staged: StagedFile) -> None:
    """Rename one staged file into place (its part file removed if that fails)."""
    try:
        staged.commit()
    except BaseException:
        staged.abort()
        raise


def write_file(path, data: bytes) -> int:
    """Write `data` to `path` atomically (or to standard output for "-")."""
    if is_stdout(path):
        write_stdout(data)
        return len(data)
    commit_one(stage_file(path, data))
    return len(data)


def commit_all(staged: list[StagedFile]) -> None:
    """Rename every staged file into place with signals held: all or (barring a
    SIGKILL in those microseconds) none."""
    done: list[str] = []
    try:
        with signals_held():
            for k, s in enumerate(staged):
                try:
                    s.commit()
                except UsageError as exc:
                    for rest in staged[k + 1:]:
                        rest.abort()
                    if done:
                        raise UsageError(f"{exc}; already replaced: {', '.join(done)}") from None
                    raise
                done.append(s.path)
    except BaseException:
        for s in staged:
            s.abort()
        raise


def write_stdout(data: bytes) -> None:
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        raise UsageError("-o -: standard output does not take bytes here")
    sys.stdout.flush()
    out.write(data)
    out.flush()


# -- a folder ----------------------------------------------------------------------

def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE); False where
    the system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    at_fdcwd, rename_exchange = -100, 2
    if fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err))


def write_new(path, write, shown_as) -> None:
    """Create the file `path` (it must not exist) and `write(fh)` its content:
    for files inside a StagedFolder written by worker processes; an error names
    `shown_as` (the file as the user will see it), never the staging folder."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        with os.fdopen(fd, "wb") as fh:
            write(fh)
    except OSError as exc:
        raise UsageError(f"cannot write {shown(shown_as)}: {reason(exc)}") from None


class StagedFolder:
    """A folder built beside its target and swapped in whole by `commit`.

    Use as a context manager: files are added with `add(name, write)`; leaving
    the block normally commits, an exception removes the new folder.
    """

    def __init__(self, path) -> None:
        self.path = os.fspath(path)
        self.target, st = _resolve(Path(self.path), folder=True)
        self.mode = stat.S_IMODE(st.st_mode) if st is not None else None
        _mkdirs(self.target.parent, self.path)
        clean_leftovers(self.target)
        self.part = _part_name(self.target)
        try:
            os.mkdir(self.part, 0o777)
        except OSError as exc:
            raise UsageError(f"cannot write {shown(self.path)}: {reason(exc)}") from None
        self.files = 0

    def add(self, name: str, data: bytes) -> None:
        self.add_with(name, lambda fh: fh.write(data))

    def add_with(self, name: str, write) -> None:
        """A file `name` in the folder, its bytes written by `write(fh)` straight
        into it (a PNG encoder streaming its rows: no copy in memory)."""
        write_new(self.part / name, write, os.path.join(self.path, name))
        self.files += 1

    def commit(self) -> None:
        try:
            if self.mode is not None:
                os.chmod(self.part, self.mode)
            _sync_dir(self.part)
            if not os.path.lexists(self.target):
                os.rename(self.part, self.target)
            elif _exchange(self.part, self.target):
                _rmtree(self.part)  # now the old folder
            else:
                aside = _part_name(self.target, "old")
                with signals_held():
                    os.rename(self.target, aside)
                    os.rename(self.part, self.target)
                _rmtree(aside)
        except OSError as exc:
            self.abort()
            raise UsageError(f"cannot write {shown(self.path)}: {reason(exc)}") from None
        COMMITTED.append(self.path)

    def abort(self) -> None:
        _rmtree(self.part)

    def __enter__(self) -> "StagedFolder":
        return self

    def __exit__(self, kind, exc, tb) -> None:
        if kind is None:
            self.commit()
        else:
            self.abort()


def _sync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
