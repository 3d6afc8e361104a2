"""Extract printkit's printed English with Babel, merge it into each language's
catalogue and compile the catalogues.

    python scripts/build_catalogues.py          # extract, update every .po, compile every .mo
    python scripts/build_catalogues.py --check  # exit 1 if a .po or .mo is out of date or incomplete

Babel (a build-time tool: pip install Babel) reads:
- printkit/**.py: calls of `_()`, `N_()`, `gettext()` and `ngettext()` (printkit/i18n.py);
- templates/*.j2: `{% trans %}` blocks and `_()` calls (Jinja2's i18n extension), parsed
  with the options printkit renders them with (trim_blocks, lstrip_blocks);
- the game table: each built-in game's blurb, players, supplies, component titles
  and notes, kit notes (plain strings in printkit/games/*/__init__.py, printed on
  covers, print guides and the index).

Then printkit/locale/printkit.pot is written, every printkit/locale/<lang>/LC_MESSAGES/
printkit.po is updated from it (English's too: each message translated as itself,
so English is read through its catalogue like every other language) (new strings empty, gone ones dropped, no fuzzy
matching: a changed English sentence is translated again, not guessed), and each
.po is compiled to the printkit.mo beside it, which printkit reads at run time.
"""

from __future__ import annotations

import argparse
import copy
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LOCALE = ROOT / "printkit" / "locale"
#: English is a catalogue like the others: the language the messages are
#: written in, each translated as itself (made here, never edited by hand)
SOURCE = "en"
LANGS = (SOURCE, "de", "fr", "es", "nl")
#: a fixed date: the files change only when their messages do
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)
JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true", "silent": "false"}


def _game_messages():
    """(message, location) for the game table's printed strings."""
    from printkit.games import all_games

    for name, game in all_games().items():
        where = f"printkit/games/{name.replace('-', '_')}/__init__.py"
        for s in (game.blurb, game.players):
            yield s, where
        for item, why in game.supplies:
            yield item, where
            yield why, where
        for comp in game.components.values():
            for s in (comp.title, comp.notes, comp.keeper_notes):
                yield s, where
            yield (comp.name, "part"), where  # the part's name in the small print (printkit.i18n.ptext)
            yield (comp.name, f"part {name}"), where  # ... as this game calls it (printkit.build.small_print)
        for part in game.kit:
            yield part.note, where
            for key, value in part.params.items():  # a part's options, shown beside its title ("turned only", "mixed"; a count as its number)
                if value is True:
                    yield key.replace("_", " "), where
                elif isinstance(value, str):
                    yield value, where


GAMES = {"cryptex": "Cryptex", "cryptic_words": "Cryptic Words", "cryptic-words": "Cryptic Words", "crypticolor": "Crypticolor",
         "crypto_crisis": "Crypto Crisis", "crypto-crisis": "Crypto Crisis", "scryptic": "Scryptic"}
#: where a source file's strings are printed, by file name (the comment a translator reads)
WHERE = {
    "draw.py": "{game}: the game's printed parts (cards, sheets, boards, tokens, keys)",
    "paper.py": "{game}: the paper-play sheets (encrypt-by-hand method, submission form, colourable boards, hint slips, worksheet)",
    "__init__.py": "{game}: cover blurb, supplies, part titles and notes (cover, contents, print guide)",
    "model.py": "{game}: text of the game's model, printed on its reference card, sheets or keys",
    "rules.py": "{game}: reference card and player aid text (the doubles, shapes, scoring)",
    "puzzle.py": "{game}: solo puzzle sheets and their keys",
    "board.py": "{game}: the board and its hint slips",
    "codes.py": "{game}: the short codes on tiles, ticks and keys, and their legend",
}


def where_printed(path: str) -> str:
    """The context a string is printed in, from the file it comes from."""
    parts = path.split("/")
    if parts[0] == "templates":
        game = GAMES.get(parts[-1].split("-rules")[0], parts[-1])
        return f"{game}: the rules summary page (Markdown: **bold**, *italic*)"
    if len(parts) >= 4 and parts[1] == "games":
        return WHERE.get(parts[-1], "{game}: printed on the game's pages").format(game=GAMES.get(parts[2], parts[2]))
    if parts[-1] == "kit.py":
        return "every kit: cover, contents, print guide and index"
    if parts[-1] == "build.py":
        return "every page: the small print at the foot"
    return "printed by the print engine on every game's pages"


def extract():
    """The template catalogue (babel Catalog) of everything printkit prints in a language."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    cat = Catalog(project="printkit", version="catalogue", creation_date=STAMP, revision_date=STAMP, fuzzy=False)
    cat.msgid_bugs_address = ""
    cat.copyright_holder = "printkit contributors"
    sources = [
        (ROOT / "printkit", [("**.py", "python")], {}),
        (ROOT / "templates", [("**.j2", "jinja2.ext:babel_extract")], {"**.j2": JINJA_OPTIONS}),
    ]
    for folder, methods, options in sources:
        for filename, lineno, message, comments, context in extract_from_dir(str(folder), methods, options, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            path = f"{folder.relative_to(ROOT)}/{filename}"
            cat.add(message, None, [(path, lineno)], auto_comments=list(comments) + [f"Printed on: {where_printed(path)}"], context=context)
    for message, where in _game_messages():
        message, context = message if isinstance(message, tuple) else (message, None)
        if message:
            cat.add(message, None, [(where, 0)], auto_comments=[f"Printed on: {where_printed(where)}"], context=context)
    return cat


def _po_bytes(cat, **kw) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_output=False, **kw)
    return buf.getvalue()


def _mo_bytes(cat) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def read_po(path: Path, locale: str):
    from babel.messages.pofile import read_po as babel_read

    with open(path, "rb") as fh:
        return babel_read(fh, locale=locale)


def updated(template, lang: str):
    """The language's catalogue merged with `template` (a new one when there is none)."""
    from babel.messages.catalog import Catalog

    path = LOCALE / lang / "LC_MESSAGES" / "printkit.po"
    if path.exists():
        cat = read_po(path, lang)
    else:
        cat = Catalog(locale=lang, project="printkit", version="catalogue", creation_date=STAMP, fuzzy=False)
    # a copy: update() adds the template's own Message objects for new strings, and English's
    # pass below fills them in, which would hand every later language English as done
    cat.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
    if lang == SOURCE:
        for msg in cat:
            if msg.id:
                msg.string = msg.id
    cat.revision_date = STAMP
    cat.creation_date = STAMP
    cat.fuzzy = False
    cat.obsolete.clear()
    return cat


def problems(cat) -> list[str]:
    """What keeps a catalogue from being complete: untranslated or fuzzy entries."""
    out = []
    for msg in cat:
        if not msg.id:
            continue
        if msg.fuzzy:
            out.append(f"fuzzy: {msg.id!r:.70}")
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        if not all(strings):
            out.append(f"untranslated: {msg.id!r:.70}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalogue is out of date, incomplete or not compiled")
    args = ap.parse_args(argv)
    template = extract()
    bad = []
    writes = {LOCALE / "printkit.pot": _po_bytes(template, omit_header=False)}
    for lang in LANGS:
        cat = updated(template, lang)
        folder = LOCALE / lang / "LC_MESSAGES"
        writes[folder / "printkit.po"] = _po_bytes(cat)
        writes[folder / "printkit.mo"] = _mo_bytes(cat)
        bad += [f"{lang}: {p}" for p in problems(cat)]
    changed = [p for p, data in writes.items() if not p.exists() or p.read_bytes() != data]
    if args.check:
        for p in changed:
            print(f"out of date: {p.relative_to(ROOT)} (run scripts/build_catalogues.py)")
        for line in bad:
            print(line)
        return 1 if changed or bad else 0
    for p in changed:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(writes[p])
        print(f"wrote {p.relative_to(ROOT)}")
    print(f"{len(template)} messages; {len(bad)} entries to translate or review")
    return 0


if __name__ == "__main__":
    sys.exit(main())
