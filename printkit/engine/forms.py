"""Card faces drawn once and placed many times (PDF form XObjects).

A deck printed with `--copies N` shows each distinct front N times. Wrapping a
face with `reused(face, bleed)` draws it the first time into a PDF form (out to
the deck's full bleed, as the engine draws a shared back) and, every time after,
only places that form:
the caller's clip trims it to the slot's own bleed exactly as the face's own
painting would have, so the pages look the same and the file holds each
drawing once.

Only for faces whose drawing depends on nothing but the card's size and ink
(not `art.index`, and on `art.bleed` only by painting out to it).
"""

from __future__ import annotations


def reused(face, bleed: float, margin: float = 1.0):
    """The same face, drawn into a form on first use in a document and placed
    after. `bleed` (pt): how far past the trim the face paints, at least the
    widest bleed of any slot (a deck's `--bleed`, as its shared back uses).
    `margin` (pt) keeps the form's box clear of the art's edge, so only the
    slot's clip cuts it (a renderer snaps a form's box to whole pixels); 0 draws
    it exactly as the engine draws a shared back."""

    def place(c, art) -> None:
        forms = c.__dict__.setdefault("_pk_forms", {})  # this document's forms, by face
        name = forms.get(place)
        if name is None:
            name = forms[place] = f"PKFace{len(forms) + 1}"
            b = bleed
            m = b + margin
            c.beginForm(name, -m, -m, art.w + m, art.h + m)
            face(c, art._replace(bleed=(b, b, b, b)))
            c.endForm()
        c.doForm(name)

    return place
