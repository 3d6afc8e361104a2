"""Card faces drawn once and placed many times (PDF form XObjects).

A deck printed with `--copies N` shows each distinct front N times. Wrapping a
face with `reused(face)` draws it the first time into a PDF form (out to the
widest bleed any slot can ask for) and, every time after, only places that form:
the caller's clip trims it to the slot's own bleed exactly as the face's own
painting would have, so the pages look the same and the file holds each
drawing once.

Only for faces whose drawing depends on nothing but the card's size and ink
(not `art.index`, and on `art.bleed` only by painting out to it).
"""

from __future__ import annotations

from dataclasses import replace

from printkit.engine.units import MM

MAX_BLEED = 6 * MM  # the largest bleed the options allow: every slot's art fits inside


def reused(face):
    """The same face, drawn into a form on first use in a document and placed after."""

    def place(c, art) -> None:
        forms = c.__dict__.setdefault("_pk_forms", {})  # this document's forms, by face
        name = forms.get(place)
        if name is None:
            name = forms[place] = f"PKFace{len(forms) + 1}"
            b = MAX_BLEED
            c.beginForm(name, -b, -b, art.w + b, art.h + b)
            face(c, replace(art, bleed=(b, b, b, b)))
            c.endForm()
        c.doForm(name)

    return place
