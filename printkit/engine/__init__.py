"""The print engine: paper, cards, bleed, marks, duplex, fonts, ink, QR, PDF.

It imports no game. Games hand it drawing functions and plain numbers.

Importing it sets up its one import boundary (rl.defer_imports): Pillow's
Image module, which ReportLab imports at its start, runs at its first use.
"""

from printkit.engine.rl import defer_imports

defer_imports()
