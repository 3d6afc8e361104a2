"""Crypticolor models as plain data: the Key Card, the Crypticard, the Decoder and
the cube tokens (the puzzles are in generate.py)."""

from __future__ import annotations

from printkit.games.crypticolor import rules
from printkit.lang import language, SPELLING, written
from printkit.rng import Rng


def _lang(params: dict) -> str:
    return params.get("lang") or "en"


def _lang_param(lang: str) -> dict:
    """What a model's params say of its language (lang.Language.params)."""
    return language(lang).params


def language_facts(lang: str = "en") -> dict:
    """What the rules page must say of a language: the Key Card's letters and how
    words are spelled in them."""
    extra = [ch for ch in rules.letters(lang) if ch not in rules.LETTERS]
    return {
        "lang": lang,
        "language": language(lang).name,
        "letters": "A-Z" + (" and " + ", ".join(extra) if extra else ""),
        "alphabet": "A–Z" + (", " + ", ".join(extra) if extra else ""),  # the rules template's Key Card line (no English word in it)
        "count": len(rules.letters(lang)),
        "spelling": SPELLING[lang],
    }


def build_card(params: dict) -> dict:
    turned_only = bool(params.get("turned_only"))
    rotations = bool(params.get("rotations")) or turned_only
    lang = _lang(params)
    return {
        "params": {"rotations": rotations, **({"turned_only": True} if turned_only else {}), **_lang_param(lang)},
        "rotations": rotations,
        "turned_only": turned_only,
        "alphabet": rules.alphabet_model(lang),
    }


def scramble(word: str, rng: Rng) -> str:
    """The word's letters in a seeded new order, never the word itself (unless all
    its letters are the same, when no other order exists)."""
    letters = list(word)
    if len(set(letters)) < 2:
        return word
    while True:
        trial = "".join(rng.shuffle(list(letters)))
        if trial != word:
            return trial


def encode_word(letters: str, rotations: bool, rng: Rng) -> list[dict]:
    """The grids a player would mark by hand with the Key Card: one per letter,
    turned a seeded quarter-turn count under the Rotations variant."""
    grids = []
    for letter in letters:
        t = rng.below(4) if rotations else 0
        grids.append({"letter": letter, "turn": t, "cells": list(rules.encode(letter, t))})
    return grids


def build_sheet(params: dict) -> dict:
    raw = params.get("word")
    rotations = bool(params.get("rotations"))
    lang = _lang(params)
    if raw is None or raw == "":
        return {"params": _lang_param(lang), "rotations": rotations, "word": None, "scramble": None, "grids": []}
    word = written(raw.strip(), lang).upper()
    seed = str(params.get("seed", "1"))
    model = {
        "params": {"word": word, "seed": seed, "rotations": rotations, **_lang_param(lang)},
        "rotations": rotations,
        "word": word,
        "scramble": None,
        "grids": [],
    }
    if len(word) == rules.WORD_LENGTH and rules.is_letters(word, lang):
        rng = Rng("crypticolor-sheet", seed, word)
        letters = scramble(word, rng.child("scramble"))
        model["scramble"] = letters
        model["grids"] = encode_word(letters, rotations, rng.child("turns"))
    return model


def build_board(params: dict) -> dict:
    shapes = []
    for name in rules.SHAPE_ORDER:
        shape = rules.SHAPES[name]
        cube = rules.CUBE_BY_KIND[name]
        shapes.append({
            "name": name,
            "title": shape["title"],
            "cells": [list(p) for p in shape["cells"]],
            "variants": [[list(p) for p in v] for v in rules.shape_variants(name)],
            "placements": len(rules.placements(name)),
            "explain": shape["explain"],
            "color": cube["color"],
            "hex": cube["hex"],
            "points": cube["points"],
        })
    singles = [
        {"kind": k, "title": k.upper(), "color": rules.CUBE_BY_KIND[k]["color"], "hex": rules.CUBE_BY_KIND[k]["hex"],
         "points": rules.CUBE_BY_KIND[k]["points"], "sign": rules.CUBE_BY_KIND[k]["sign"]}
        for k in ("hit", "miss")
    ]
    return {
        "params": _lang_param(_lang(params)),
        "size": rules.SIZE,
        "shapes": shapes,
        "singles": singles,
        "letter_guess": rules.LETTER_GUESS_POINTS,
        "wrong_guess": rules.WRONG_GUESS_POINTS,
        "guesses_per_turn": rules.GUESSES_PER_TURN,
    }


def build_tokens(params: dict) -> dict:
    return {
        "params": _lang_param(_lang(params)),
        "cubes": [
            {"kind": c["kind"], "color": c["color"], "hex": c["hex"], "count": c["count"], "sign": c["sign"], "points": c["points"]}
            for c in rules.CUBES
        ],
    }
