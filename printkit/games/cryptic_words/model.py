"""Cryptic Words models as plain data: deck, form, tokens, reference, puzzles."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.games.cryptic_words import rules
from printkit.games.cryptic_words.default_deck import DEFAULT_SEED, default_cards
from printkit.i18n import N_  # marks the reference card's text (translated where printed)
from printkit.games.cryptic_words.deckgen import example_codes, generate_deck
from printkit.lang import CODES, language
from printkit.rng import Rng

# -- the deck -------------------------------------------------------------------------


def _lang(params: dict) -> str:
    return params.get("lang") or "en"


def _shown_lang(lang: str) -> dict:
    """What a model's "params" says of its language (lang.Language.params)."""
    return language(lang).params


def deck_cards(seed: str, lang: str = "en") -> list[dict]:
    if seed == DEFAULT_SEED:
        return default_cards(lang)

    return generate_deck(seed, lang)


def build_deck(params: dict) -> dict:
    seed = str(params.get("seed") or DEFAULT_SEED)
    lang = _lang(params)
    cards = deck_cards(seed, lang)
    model = {
        "params": {"seed": seed, **_shown_lang(lang)},
        "deck": "default (tuned for playability)" if seed == DEFAULT_SEED else f"generated from seed {seed!r}",
        "cards": cards,
    }
    if params.get("stats"):
        from printkit.games.cryptic_words.stats import DEALS, deck_stats

        model["stats"] = deck_stats(cards, deals=params.get("deals") or DEALS, lang=lang)
    return model


def deck_report(model: dict) -> str:
    if "stats" in model:
        from printkit.games.cryptic_words.stats import format_stats

        return format_stats(model["stats"])
    entries = [e["entry"] for c in model["cards"] for e in c["entries"]]
    bigrams = sum(len(e) == 2 for e in entries)
    return f"Deck: {len(model['cards'])} cards, {len(entries) - bigrams} single letters and {bigrams} bigrams, every rulebook code on it. Add --stats for the playability figures."


# -- the tracking & decoding form ---------------------------------------------------------


def build_form(params: dict) -> dict:
    variant = params.get("variant") or "45666"
    lang = _lang(params)
    ident = params.get("id")
    if ident:
        found = rules.read_form_id(ident)
        if found is None:
            raise UsageError(f"--id {ident}: not a Cryptic Words form ID (printed under the form's QR code: {rules.form_id('45666')} or {rules.form_id('45566')}; {rules.form_id('45666', 'de')} in German)")
        variant, said = found
        if params.get("lang") and said != lang:
            raise UsageError(f"--id {ident.strip().upper()}: a form in {_language_name(said)}, not in {_language_name(lang)} (--lang {lang}); leave out --lang")
        lang = said
    if variant not in rules.VARIANTS:
        raise UsageError(f"--variant {variant}: choose 45666 or 45566")
    url = params.get("qr_url")
    return {
        "params": {"variant": variant, "qr_url": url, **_shown_lang(lang)},
        "id": rules.form_id(variant, lang),
        "variant": variant,
        "rounds": list(rules.VARIANTS[variant]),
        "lengths": list(rules.LENGTH_CHOICES),
        "qr_url": url,
        "per_page": 2,
    }


# -- tokens and dice ----------------------------------------------------------------------

# Cross nets: faces[0..3] run down the column, faces[4] and faces[5] flank faces[1].
DICE_NETS = ([2, 1, 5, 6, 3, 4], [2, 1, 5, 6, 3, 4])


def build_tokens(params: dict) -> dict:
    return {
        "params": _shown_lang(_lang(params)),
        "counts": dict(rules.TOKEN_COUNTS),
        "dice": [{"faces": list(f)} for f in DICE_NETS],
    }


# -- the reference card ------------------------------------------------------------------

TURN = [
    N_("Roll both dice. A double? Skip the rest: do its action (right), then each player may guess once."),
    N_("Put each die (one or both) between a pair of facing cards."),
    N_("The face shown picks one entry on each of the two cards: a card-entry code."),
    N_("Both players look for that code in their own list. Yours? Call MATCH: your opponent padlocks it."),
    N_("No match: the code gets an X (a tracker)."),
    N_("Each player may now make one guess at the other's word. Right: score its letters."),
]


NOTES = [
    (N_("Guessing"), N_("After every turn each player may guess the other's word once. A wrong guess ends your turn.")),
    (N_("Scoring"), N_("A word guessed right scores its number of letters. After five rounds the highest total wins; tied, play one more round.")),
]


def build_reference(params: dict) -> dict:
    return {
        "params": _shown_lang(_lang(params)),
        "turn": list(TURN),
        "notes": [list(n) for n in NOTES],
        "doubles": [{"roll": v, "title": t, "action": a} for v, (t, a) in sorted(rules.DOUBLES.items())],
        "per_page": 2,
    }


# -- decode puzzles -------------------------------------------------------------------------


def _language_name(code: str) -> str:
    return language(code).name


def puzzle_at(job: tuple) -> dict:
    """One decode puzzle of a run from its (hand size, token, language), with
    that language's default deck."""
    from printkit.games.cryptic_words.puzzle import generate

    size, token, lang = job
    return generate(size, token, default_cards(lang), lang)


def build_puzzles(params: dict) -> dict:
    from printkit.games.cryptic_words.puzzle import PREFIX, id_part, puzzle_id, read_id_part
    from printkit.puzzles import collect, made, make_token, parse_id

    hand = params.get("hand") or "mix"
    lang = _lang(params)
    ident = params.get("id")
    if ident:
        part, token = parse_id(ident, PREFIX, allowed=[id_part(n, c) for c in CODES for n in (4, 5, 6)])
        size, said = read_id_part(part)
        if params.get("lang") and said != lang:
            raise UsageError(f"--id {ident.strip().upper()}: a puzzle in {_language_name(said)}, not in {_language_name(lang)} (--lang {lang}); leave out --lang")
        lang = said
        jobs = [(size, token)]
        shown = {"id": puzzle_id(size, token, lang), **_shown_lang(lang)}  # the page in the ID's language
    else:
        seed = str(params.get("seed") or "1")
        count = int(params.get("count") or 1)
        jobs = []
        for index in range(count):
            token = make_token(seed, index)
            size = int(hand) if hand != "mix" else 4 + Rng("cryptic-words-hand", token).below(3)
            jobs.append((size, token))
        shown = {"seed": seed, "count": count, "hand": hand, **_shown_lang(lang)}
    jobs = [(size, token, lang) for size, token in jobs]
    puzzles = collect(made(puzzle_at, jobs, "Making puzzles"), len(jobs))
    model = {"params": shown, "puzzles": puzzles}
    if len(puzzles) == 1:
        model["id"] = puzzles[0]["id"]
    return model


def language_facts(lang: str = "en") -> dict:
    """What the rules page must say of a language: its example secret word and
    codes (on its default deck) and the pairs its deck deals as one entry."""
    word, codes = example_codes(lang)
    pairs = sorted({e["entry"] for c in default_cards(lang) for e in c["entries"] if len(e["entry"]) == 2})
    return {
        "lang": lang,
        "language": language(lang).name,
        "example_word": word,
        "example_codes": " ".join(codes),
        "pairs": " ".join(pairs),
    }

