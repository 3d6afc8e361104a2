"""The print engine: paper, cards, bleed, marks, duplex, fonts, ink, QR, PDF.

It imports no game. Games hand it drawing functions and plain numbers.
"""
