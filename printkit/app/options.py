"""Print options from plain values: printkit.toml defaults, shop presets, the
back offset, numbers checked for range. The front ends parse their own words
(click options, query strings) and hand the values here."""

from __future__ import annotations

import math

from printkit.errors import UsageError

BACK_OFFSET_MAX = 20.0  # mm: beyond that it is not a misalignment

_DEFAULTS = None


def defaults():
    """printkit.toml defaults (loaded once, when first asked for)."""
    global _DEFAULTS
    if _DEFAULTS is None:
        from printkit.config import load_defaults

        _DEFAULTS = load_defaults()
        from printkit.base.files import guard_folder

        guard_folder(_DEFAULTS.get("output"))  # no write through a link planted there
    return _DEFAULTS


def forget_defaults() -> None:
    """Read printkit.toml again at the next `defaults()` (a new run)."""
    global _DEFAULTS
    _DEFAULTS = None


def finite_number(value, option: str, lo: float, hi: float, unit: str = "") -> float:
    """`value` as a finite float in [lo, hi], else UsageError naming `option` and the range."""
    from printkit.base.files import shown

    unit_text = f" {unit}" if unit else ""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = None
    if number is None or not math.isfinite(number) or not lo <= number <= hi:
        raise UsageError(f"{option} must be a number from {lo:g} to {hi:g}{unit_text}, not '{shown(value, 40)}'")
    return number


def back_offset(text: str) -> tuple[float, float]:
    """'X,Y' in mm as a pair of floats, each within BACK_OFFSET_MAX."""
    from printkit.base.files import shown

    parts = str(text).split(",")
    if len(parts) != 2:
        raise UsageError(f"--back-offset must be X,Y in mm (e.g. 0.5,-1), each from -{BACK_OFFSET_MAX:g} to {BACK_OFFSET_MAX:g}, not '{shown(text, 40)}'")
    try:
        x, y = (finite_number(v.strip(), "--back-offset", -BACK_OFFSET_MAX, BACK_OFFSET_MAX) for v in parts)
    except UsageError:
        raise UsageError(f"--back-offset X,Y: each must be a number of mm from -{BACK_OFFSET_MAX:g} to {BACK_OFFSET_MAX:g}, not '{shown(text, 40)}'") from None
    return (x + 0.0, y + 0.0)  # no -0 in the recorded command


class use_jobs:
    """`with use_jobs(value):` the processes a job may use (base/workers.py):
    `value` from --jobs, else printkit.toml's `jobs`, else ("auto") every
    processor the process may run on; back to one when the job ends. The output
    is the same at any number."""

    def __init__(self, value=None) -> None:
        from printkit.base import workers

        if value is None:
            value = defaults().get("jobs")
        self.n = workers.available() if value in (None, "auto") else int(value)

    def __enter__(self) -> int:
        from printkit.base import workers

        workers.set_jobs(self.n)
        return self.n

    def __exit__(self, *exc) -> None:
        from printkit.base import workers

        workers.set_jobs(None)


def apply_shop(kw: dict, typed=frozenset()):
    """Put a --shop preset's options into `kw`; refuse an option the user typed
    (its name in `typed`) that contradicts it. Returns the preset (or None)."""
    from printkit.engine.shops import FLAGS, SHOPS

    name = kw.get("shop")
    if not name:
        return None
    shop = SHOPS[name]
    if shop.options.get("fmt") == "png" and "fmt" not in kw:
        raise UsageError(f"--shop {name} takes one PNG a card: use it with a deck (printkit deck ...), not a whole kit")
    for key, value in shop.options.items():
        if key not in kw:
            continue
        same = abs(kw[key] - value) < 1e-9 if isinstance(value, float) and isinstance(kw[key], (int, float)) else kw[key] == value
        if key in typed and not same:
            shown = "" if value is True else f" {value:g}" if isinstance(value, float) else f" {value}"
            raise UsageError(f"--shop {name} sets {FLAGS[key]}{shown if value is not False else ' off'}; leave {FLAGS[key]} out, or drop --shop")
        kw[key] = value
    return shop


def prepress(kw: dict) -> dict:
    """Take the colour options out of `kw` as PrintOptions fields."""
    color, pdfx, intent = kw.pop("color", "rgb"), kw.pop("pdfx", False), kw.pop("output_intent", None)
    if intent and not pdfx:
        raise UsageError("--output-intent names the printing condition of a PDF/X file: add --pdfx")
    return dict(color="cmyk" if pdfx else color, pdfx=bool(pdfx), output_intent=intent or "")


def strict_of(strict, kw: dict) -> bool:
    """--strict / --no-strict as given; else on for a print shop's file and for PDF/X."""
    if strict is not None:
        return bool(strict)
    return bool(kw.get("shop")) or bool(kw.get("pdfx"))


#: how a print option's value as a front end reads it becomes the PrintOptions
#: field (the rest are taken as they are)
_READ = {"paper": lambda v: v.lower(), "back_offset": lambda v: back_offset(v)}


def print_options(kw: dict, shop=None, typed=frozenset()):
    """PrintOptions from the print options in `kw` (taken out of it): every
    PrintOptions field whose name is a key of `kw`."""
    from printkit.engine.units import SAFE, PrintOptions

    shop = shop or apply_shop(kw, typed)
    kw.pop("shop", None)
    strict = kw.pop("strict", None)
    args = prepress(kw)
    for name in PrintOptions._fields:
        if name in kw:
            value = kw.pop(name)
            args[name] = _READ[name](value) if name in _READ else value
    # warnings become errors with --strict; a print shop's file and PDF/X are strict unless --no-strict
    args["strict"] = bool(strict) if strict is not None else (shop is not None or bool(args.get("pdfx")))
    if shop is not None:
        args.update(shop=shop.key, pdfx_version=shop.pdfx_version, max_ink=shop.max_ink, safe=max(shop.safe_mm, SAFE))
    return PrintOptions(**args)


def make_request(values: dict, typed=frozenset(), params=(), *, kit: bool = False, progress=None):
    """The run request (printkit/request.py) from the values a front end read,
    option name -> value (click's names: output, fmt, dpi, as_json, lang,
    words, jobs, cards, svg_dpi, the PrintOptions fields, shop, strict).
    `params` names the game's own parameters among them; `typed` the options
    the user typed. `kit`: a whole kit, its card options from printkit.toml.
    A value no field takes is a bug of the front end (TypeError)."""
    from printkit.request import Request, Target

    kw = dict(values)
    shop = apply_shop(kw, typed) if kw.get("shop") else None
    size_given = "card_size" in typed or (shop is not None and "card_size" in shop.options)
    target = Target(path=kw.pop("output", None), format=kw.pop("fmt", "pdf"), dpi=kw.pop("dpi", 150), json=bool(kw.pop("as_json", False)))
    from printkit.lang import language

    lang = language(kw.pop("lang", None)).code  # None: the default language
    own = {name: kw.pop(name) for name in params if name in kw}
    rest = dict(words=kw.pop("words", None), jobs=kw.pop("jobs", None), cards=kw.pop("cards", None), svg_dpi=kw.pop("svg_dpi", None))
    if kit:
        cfg = defaults()
        for name in ("card_size", "back_offset", "duplex", "bleed"):
            kw.setdefault(name, cfg.get(name))
        kw.setdefault("strict", False)
    opts = print_options(kw, shop)
    if kw:
        raise TypeError(f"make_request: no field takes {sorted(kw)}")
    return Request(print=opts, target=target, lang=lang, params=own, size_given=size_given, typed=frozenset(typed), progress=progress, **rest)


def check_fit(opts, decks=None, layouts: bool = True, where: str = "") -> None:
    """Refuse (UsageError, exit 2) cards that do not fit the paper in the layout
    asked for, in one line naming the card, the paper and what would hold it.
    `decks`: {deck name: card size} of a project (each deck its own size);
    None checks the card size of `opts`. `layouts`: the command takes --layout
    (a kit does not); `where`: what set the card size, for the message."""
    from printkit.engine.cards import fit_problem

    for name, size in (decks or {None: opts.card_size}).items():
        problem = fit_problem(opts._replace(card_size=size), layouts)
        if problem:
            raise UsageError(f"deck {name}: {problem}" if name else f"{where}{problem}")


def shown(value, limit: int = 80) -> str:
    """A user's value, cut short for a one-line message."""
    from printkit.base.files import shown as _shown

    return _shown(value, limit)


def reason(exc: BaseException) -> str:
    """The cause of an OS error in a few words."""
    from printkit.base.files import reason as _reason

    return _reason(exc)


def choices() -> dict:
    """The values each print option takes, for a front end to offer."""
    from printkit.engine.shops import SHOPS
    from printkit.engine.units import CARDS, COLORS, DUPLEX, INKS, LAYOUTS, ORDERS, OUTPUT_INTENTS, PAPERS

    return dict(paper=list(PAPERS), ink=list(INKS), card_size=list(CARDS), duplex=list(DUPLEX), layout=list(LAYOUTS),
                order=list(ORDERS), color=list(COLORS), output_intent=list(OUTPUT_INTENTS), shop=list(SHOPS))
