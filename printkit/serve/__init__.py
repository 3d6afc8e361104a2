"""The second front end: `printkit serve`, a live preview of your own game in
the browser.

It serves one page on 127.0.0.1 that shows every card of every deck (fronts
and backs with their bleed, the trim line and safe zone as guides), the token
sheets, boards and text pages, the sheets as they print, and the validator's
findings beside their cards. A file watcher (watchfiles) tells the preview
(printkit/app/live.py) what changed; the preview draws only the cards whose
inputs changed, and the page hears of it over server-sent events.

Like the command line, it only turns its own input (HTTP requests, file
events) into calls of the application layer and shows what comes back.
"""

from printkit.serve.run import serve

__all__ = ["serve"]
