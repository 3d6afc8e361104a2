"""The foundation: the tool shed every floor above may use, knowing nothing of
print. Safe file writes (`files.py`), worker processes (`workers.py`), the
bounded child for native code (`child.py`), lists kept on disk (`shelf.py`),
where the package's fonts/ and templates/ are (`resources.py`) and progress
reported to whoever asked for the run (`progress.py`).

It imports nothing of printkit but `printkit.errors`."""
