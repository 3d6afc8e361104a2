"""A Tabletop Simulator saved object for a deck drawn on 10x7 sheets.

Tabletop Simulator cuts a custom deck's face image by a grid (NumWidth x
NumHeight cells, read left to right, top to bottom) and names each card by
CardID = deck key x 100 + cell index; the deck key is a key of the CustomDeck
table, whose entry holds the sheet's address (FaceURL), the back (BackURL: one
picture, or with UniqueBack a sheet in the same grid), and BackIsHidden (the
back, not the sheet's last cell, stands for a card hidden in another player's
hand). A saved object is a save file holding the objects alone (ObjectStates).
The structure follows saved-object files of Tabletop Simulator v13 (see
docs/tabletop.md for the sources); every value here is derived from the deck,
nothing from the clock, so the same deck gives the same file.
"""

from __future__ import annotations

import hashlib

from printkit.engine.raster import TABLETOP_COLS, TABLETOP_ROWS

# Written for Tabletop Simulator v13.2 (docs/tabletop.md). A saved object, as
# Tabletop Simulator writes one, leaves VersionNumber and the other table-wide
# fields empty: it holds objects, not a table.
#: Tabletop Simulator's card is 2.5 x 3.5 (poker); other shapes are stretched
#: along their length (scaleZ) to keep their proportions.
TTS_CARD_RATIO = 3.5 / 2.5
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # the tint Tabletop Simulator gives a new card


def _guid(*parts) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def card_id(sheet: int, cell: int) -> int:
    """The CardID of the card in cell `cell` (0-based) of sheet `sheet` (1-based)."""
    return sheet * 100 + cell


def _transform(card_mm: tuple[float, float], y: float = 1.0) -> dict:
    w, h = card_mm
    ratio = max(w, h) / min(w, h)
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,  # face down
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": round(ratio / TTS_CARD_RATIO, 4)}


def _common(name: str, nickname: str, guid: str, card_mm: tuple[float, float]) -> dict:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": _transform(card_mm),
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "ColorDiffuse": dict(GREY),
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": True,
        "Hands": name == "Card",
        "SidewaysCard": card_mm[0] > card_mm[1],
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def saved_object(title: str, faces: list[str], backs: list[str], sheets: list[list[int]], shared: bool,
                 card_mm: tuple[float, float], names: list[str]) -> dict:
    """The saved object of one deck. `faces`: the address of each face sheet;
    `backs`: the one shared back's address, or each back sheet's (`shared`
    False: the same grid as the faces); `sheets`: the deck's card indices on
    each sheet, in cell order (tabletop_layout); `names`: each card's name
    (Nickname), '' for none. One card is a Card, not a deck (a deck holds two
    or more)."""
    entries = {}
    ids: dict[int, tuple[str, int]] = {}
    for s, cells in enumerate(sheets, 1):
        entries[str(s)] = {
            "FaceURL": faces[s - 1],
            "BackURL": backs[0] if shared else backs[s - 1],
            "NumWidth": TABLETOP_COLS,
            "NumHeight": TABLETOP_ROWS,
            "BackIsHidden": True,
            "UniqueBack": not shared,
            "Type": 0,  # rounded rectangle
        }
        for cell, i in enumerate(cells):
            ids[i] = (str(s), card_id(s, cell))
    n = len(ids)
    cards = []
    for i in range(n):
        key, cid = ids[i]
        card = _common("Card", names[i] if i < len(names) else "", _guid(title, "card", i), card_mm)
        card["CardID"] = cid
        card["CustomDeck"] = {key: entries[key]}
        cards.append(card)
    if n == 1:
        obj = cards[0]
    else:
        obj = _common("DeckCustom" if len(sheets) == 1 else "Deck", title, _guid(title, "deck"), card_mm)
        obj["DeckIDs"] = [ids[i][1] for i in range(n)]
        obj["CustomDeck"] = entries
        obj["ContainedObjects"] = cards
    return {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": [obj],
    }
