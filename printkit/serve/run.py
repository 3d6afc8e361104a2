"""Starting and stopping the preview server, and the file watcher that feeds it."""

from __future__ import annotations

import os
import sys
import threading
import time

from printkit.errors import UsageError

#: After a file event, wait this long for more before reading the files
#: (an editor's save is often a write and a rename).
DEBOUNCE_MS = 30
#: Even without events, look at the files this often (a missed event, a mount without inotify).
RESCAN_MS = 3000
#: Folders watched at most: each is an inotify watch of the user's, shared with every program.
MAX_FOLDERS = 1000


def serve(source, request, echo, port: int = 0, open_browser: bool = False) -> None:
    """Serve a live preview of `source` (app.live.Source) with the print options
    of the run request (printkit/request.py) until Ctrl-C (or SIGTERM). The
    first line written is the address."""
    from printkit.app.live import Preview
    from printkit.serve.server import PreviewServer

    preview = Preview(source, request)
    missing = [p for p in source.paths() if not p.exists()]
    if missing:
        raise UsageError(f"{missing[0]}: no such file")
    title = preview.peek_title()
    try:
        server = PreviewServer(preview, port)
    except OSError as exc:
        from printkit.app.options import reason

        raise UsageError(f"--port {port}: cannot listen on 127.0.0.1:{port} ({reason(exc)})") from None
    preview.on_change = server.notify
    stop = threading.Event()
    watcher = threading.Thread(target=_watch, args=(preview, source, stop, echo), name="printkit-watch", daemon=True)
    try:  # from here on Ctrl-C (or SIGTERM) is the way to stop: a clean stop, exit 0
        echo(f"Serving {title} at {server.url}")
        sys.stdout.flush()
        watcher.start()
        if open_browser:
            import webbrowser

            webbrowser.open(server.url)
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        preview.close()
        server.stopping.set()
        server.server_close()
        if watcher.is_alive():
            watcher.join(timeout=2)
    echo("stopped", err=True)


def _watch(preview, source, stop: threading.Event, echo) -> None:
    """Draw everything once, then again what changes, until `stop` is set; one
    line on standard error for each refresh that changed the page."""
    import watchfiles

    def refresh(changed=None) -> None:
        if preview.refresh(changed) and preview.summary and not stop.is_set():
            try:
                echo(time.strftime("%H:%M:%S ") + preview.summary, err=True)
            except (OSError, ValueError):  # the terminal went away: the preview goes on
                pass

    refresh()
    while not stop.is_set():
        folders = _folders(source.folders())
        try:
            # each folder on its own, not recursively: watchfiles follows symbolic links when it
            # watches a tree, and a project's link to / had it list and watch the whole disk
            for changes in watchfiles.watch(*folders, recursive=False, stop_event=stop, debounce=DEBOUNCE_MS, step=10, rust_timeout=RESCAN_MS, yield_on_timeout=True, raise_interrupt=False):
                refresh(sorted({path for _, path in changes}) if changes else None)
                if any(p not in folders and os.path.isdir(p) and not os.path.islink(p) for _, p in changes or ()):
                    break  # a new folder: watched too from now on
        except Exception as exc:  # noqa: BLE001 - a folder vanished, too many watches: keep looking by hand
            preview.note_watch_problem(str(exc))
            stop.wait(RESCAN_MS / 1000)
            refresh()


def _folders(roots) -> list[str]:
    """The folders `serve` watches: the project's folders and the folders in them,
    symbolic links not followed (what a link names is read through the gate when
    the project is read, never walked), editors' and tools' own folders left out,
    at most MAX_FOLDERS."""
    from watchfiles import DefaultFilter

    skip = set(DefaultFilter.ignore_dirs)
    found: list[str] = []
    for root in roots:
        for top, dirs, _files in os.walk(root, followlinks=False):
            found.append(top)
            if len(found) >= MAX_FOLDERS:
                return found
            dirs[:] = sorted(d for d in dirs if d not in skip)
    return found
