"""Cryptic Words: deck, forms, tokens, reference card, decode puzzles (issue 4)."""

from __future__ import annotations

import copy
import json
import re
import shlex

import pytest

from conftest import assert_no_traceback, decode_qr, render_page, run_cli, run_inproc, sweep
from printkit.build import build_checked, check, write_component
from printkit.engine.units import MM, PrintOptions
from printkit.games import get_game
from printkit.games.cryptic_words import deckgen, rules, spell
from printkit.games.cryptic_words.default_deck import ORIGIN_SEED, default_cards, default_entries
from printkit.games.cryptic_words.puzzle import generate
from printkit.puzzles import make_token
from printkit.request import Request

GAME = get_game("cryptic-words")
RULEBOOK = ["16-S", "2-E", "4-ND", "23-B", "18-F", "18-K", "6-U", "21-NN", "5-Y", "26-T", "22-R", "25-U", "29-C"]


def comp(name):
    return GAME.components[name]


def model_of(name, **params):
    component = comp(name)
    full = {p.name: p.default for p in component.params}
    if "seed" in component.uses:
        full["seed"] = "1"
    if "count" in component.uses:
        full["count"] = 1
    full.update(params)
    return build_checked(component, full)


def codes_of(found):
    return [v.code for v in found]


def one_line(found):
    return all("\n" not in str(v) and str(v).strip() for v in found)


# -- the deck ----------------------------------------------------------------------------------

def test_default_deck_holds_every_rulebook_code_and_the_validator_says_so():
    m = model_of("deck")
    entries = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in m["cards"]}
    for code in RULEBOOK:
        number, entry = rules.parse_code(code)
        assert entry in entries[number], code
    assert entries[23]["B"] == 3 and entries[18]["F"] == 3  # the dice example: both on face 3
    assert check(comp("deck"), m) == []
    assert rules.check_rulebook_codes(default_entries()) == []


def test_default_deck_is_frozen_and_is_the_chosen_candidate():
    assert deckgen.generate_deck(ORIGIN_SEED) == default_cards()
    assert model_of("deck")["cards"] == default_cards()
    assert model_of("deck", seed="1")["cards"] == model_of("deck")["cards"]


def test_seeded_decks_are_valid_reproducible_and_differ():
    seen = set()
    for k in range(15):
        cards = deckgen.generate_deck(f"sweep-{k}")
        assert rules.check_deck({"cards": cards}) == [], k
        seen.add(json.dumps(cards))
    assert len(seen) == 15
    assert deckgen.generate_deck("x") == deckgen.generate_deck("x")


def test_rulebook_examples_are_valid_secret_words_on_the_default_deck():
    deck = default_entries()
    for word, codes in (("SEND", ["16-S", "2-E", "4-ND"]), ("BUNNY", ["23-B", "6-U", "21-NN", "5-Y"]), ("TRUCK", ["26-T", "22-R", "25-U", "29-C", "18-K"])):
        hand = {rules.parse_code(c)[0]: deck[rules.parse_code(c)[0]] for c in codes}
        assert rules.check_secret(word, codes, hand, "word") == [], word


def _deck():
    return {"cards": default_cards()}


def _set(model, path, value):
    target = model
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return model


DECK_CASES = [
    ("CW-DECK", lambda m: {"cards": "thirty"}),
    ("CW-DECK-SIZE", lambda m: _set(m, ["cards"], m["cards"][:29])),
    ("CW-CARD-NUMBER", lambda m: _set(m, ["cards", 29, "number"], 31)),
    ("CW-CARD-DUPLICATE", lambda m: _set(m, ["cards", 1, "number"], 1)),
    ("CW-CARD", lambda m: _set(m, ["cards", 3, "entries", 0], "S")),
    ("CW-CARD-ENTRIES", lambda m: _set(m, ["cards", 2, "entries"], m["cards"][2]["entries"][:5])),
    ("CW-CARD-REPEAT", lambda m: _set(m, ["cards", 0, "entries", 1, "entry"], m["cards"][0]["entries"][0]["entry"])),
    ("CW-ENTRY", lambda m: _set(m, ["cards", 0, "entries", 1, "entry"], "ING")),
    ("CW-ENTRY", lambda m: _set(m, ["cards", 0, "entries", 1, "entry"], "é")),
    ("CW-CARD-FACES", lambda m: _set(m, ["cards", 0, "entries", 5, "face"], 5)),
    ("CW-CARD-FACES", lambda m: _set(m, ["cards", 0, "entries", 5, "face"], 7)),
    ("CW-DECK-RULEBOOK", lambda m: _swap_entry(m, 16, "S", "Q")),
    ("CW-DECK-RULEBOOK", lambda m: _swap_faces(m, 23, 3, 4)),
]


def _swap_entry(m, number, old, new):
    for e in m["cards"][number - 1]["entries"]:
        if e["entry"] == old:
            e["entry"] = new
    return m


def _swap_faces(m, number, a, b):
    for e in m["cards"][number - 1]["entries"]:
        e["face"] = {a: b, b: a}.get(e["face"], e["face"])
    return m


@pytest.mark.parametrize("code, mutate", DECK_CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(DECK_CASES)])
def test_each_deck_rule_has_a_failing_case(code, mutate):
    found = list(rules.check_deck(mutate(_deck())))
    assert code in codes_of(found), found
    assert "MALFORMED" not in codes_of(found)
    assert one_line(found)


SECRET_HAND = {n: default_entries()[n] for n in (16, 2, 4, 23)}
SECRET_CASES = [
    ("CW-WORD", "S3ND", ["16-S", "2-E", "4-ND"]),
    ("CW-WORD", "SEND", "16-S 2-E 4-ND"),
    ("CW-WORD-LENGTH", "SE", ["16-S", "2-E"]),
    ("CW-WORD-LENGTH", "SENDSENDS", ["16-S", "2-E", "4-ND"]),
    ("CW-WORD-CODE", "SEND", ["16S", "2-E", "4-ND"]),
    ("CW-WORD-HAND", "SEND", ["16-S", "2-E", "7-ND"]),
    ("CW-WORD-ENTRY", "SEND", ["16-S", "2-E", "23-ND"]),
    ("CW-WORD-CARD-TWICE", "SES", ["16-S", "2-E", "16-S"]),
    ("CW-WORD-SPELL", "SEND", ["16-S", "4-ND", "2-E"]),
]


@pytest.mark.parametrize("code, word, codes", SECRET_CASES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(SECRET_CASES)])
def test_each_secret_word_rule_has_a_failing_case(code, word, codes):
    found = rules.check_secret(word, codes, SECRET_HAND, "word 1")
    assert code in codes_of(found), found
    assert one_line(found)


def test_validate_command_reports_deck_violations_one_per_line(workdir):
    proc = run_cli("deck", "cryptic-words", "--json", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    model = json.loads(proc.stdout)
    good = workdir / "deck.json"
    good.write_text(json.dumps(model))
    ok = run_cli("validate", str(good), cwd=workdir)
    assert ok.returncode == 0 and "ok (cryptic-words deck)" in ok.stdout
    _swap_entry(model, 4, "ND", "NG")
    _set(model, ["cards", 7, "entries", 2, "entry"], "xy")
    bad = workdir / "bad.json"
    bad.write_text(json.dumps(model))
    proc = run_cli("validate", str(bad), cwd=workdir)
    assert_no_traceback(proc)
    assert proc.returncode == 1
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert any("CW-DECK-RULEBOOK card 4:" in ln and "4-ND" in ln for ln in lines), proc.stdout
    assert any("CW-ENTRY card 8 entry 3:" in ln for ln in lines), proc.stdout


def test_hand_edited_garbage_never_crashes_the_checks():
    samples = [[], "x", 3, {"cards": [None, 1, "a", {"number": "7", "entries": [1, {"entry": 5, "face": "2"}]}]}]
    for data in samples:
        for check_fn in (rules.check_deck, rules.check_form, rules.check_tokens, rules.check_reference, rules.check_puzzle_sheet):
            found = list(check_fn(data if isinstance(data, dict) else {"cards": data, "puzzles": data, "rounds": data, "counts": data, "doubles": data}))
            assert found and "MALFORMED" not in codes_of(found), (check_fn.__name__, found)


# -- playability --------------------------------------------------------------------------------

def stats_rows(out: str) -> dict[int, list[float]]:
    """`deck cryptic-words --stats`'s table: hand size -> its figures (deals,
    words, common, p10, fewest, handful %, long %, longest)."""
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\s+([456])\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+([\d.]+)%\s+([\d.]+)%\s+([\d.]+)", line)
        if m:
            rows[int(m.group(1))] = [float(g) for g in m.groups()[1:]]
    return rows


def test_stats_flag_prints_the_playability_figures(workdir):
    deals = sweep(10_000, 1_500)  # the default --deals with --runslow
    args = ["deck", "cryptic-words", "--stats"] + ([] if deals == 10_000 else ["--deals", str(deals)])
    proc = run_cli(*args, cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert f"Playability over {deals:,} random deals" in out
    rows = stats_rows(out)
    assert sorted(rows) == [4, 5, 6], out
    assert sum(r[0] for r in rows.values()) == deals
    for size, (deals, words, common, p10, fewest, handful, long_, longest) in rows.items():
        assert handful >= 99.0 and long_ >= 95.0, (size, rows[size])  # almost every deal makes words
        assert words > common > p10 >= fewest > 0
    assert rows[4][1] < rows[5][1] < rows[6][1]  # more cards, more words
    assert (workdir / "output" / "cryptic-words-deck.pdf").exists()


def test_fast_speller_agrees_with_spelling_each_word_by_hand():
    from printkit.games.cryptic_words.stats import _deal
    from printkit.rng import Rng

    index = spell.puzzle_index()
    cards = default_cards()
    rng = Rng("test-speller")
    for size in (4, 5, 6):
        hand = [[e["entry"] for e in cards[i]["entries"]] for i in _deal(rng, 30, size)]
        fast = set(index.decode(spell.spellable(index, [index.tables(h) for h in hand])))
        slow = {w for w in index.words if spell.spellings(w, hand)}
        assert fast == slow and len(fast) > 20


def test_constrained_solver_agrees_with_brute_force():
    from printkit.rng import Rng

    index = spell.puzzle_index()
    cards = default_cards()
    rng = Rng("test-solver")
    for case in range(sweep(12, 6)):  # every constraint kind appears in the first 6
        chosen = rng.sample(range(30), 4 + case % 3)
        hand = [[e["entry"] for e in cards[i]["entries"]] for i in chosen]
        n = len(hand)
        allowed = [tuple(e for e in h if rng.random() > 0.3) or (h[0],) for h in hand]
        locked = rng.below(n) if case % 2 else None
        if locked is not None:
            allowed[locked] = (allowed[locked][0],)
        cons = spell.Constraints(
            allowed=tuple(allowed),
            must=(1 << locked) if locked is not None else 0,
            first=rng.below(n) if case % 3 == 0 else None,
            last=rng.below(n) if case % 4 == 1 else None,
            length=rng.randint(3, 6) if case % 5 == 2 else None,
            rank=tuple(rng.sample(range(n), n)) if case % 4 == 3 else None,
        )
        if cons.first is not None and cons.first == cons.last:
            cons = spell.Constraints(cons.allowed, cons.must, cons.first, None, cons.length, cons.rank)
        full = spell.solve(index, cons)
        fast = index.decode(full)
        slow = [w for w in index.words if any(spell.fits(s, w, cons) for s in spell.spellings(w, list(cons.allowed)))]
        assert fast == slow, case
        # "is the answer exactly this?" (what puzzles ask) gives the full answer's verdict
        # for the answer itself, a part of it, one word of it and a word outside it
        for only in (full, full & (full - 1), full & -full, index.bit("zebra") | (full & -full)):
            assert (spell.solve(index, cons, only=only) == only) == (full == only), (case, only == full)


# -- forms -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("extra", [(), ("--variant", "45566", "--paper", "letter", "--ink", "mono")])
def test_form_qr_holds_the_form_id_that_reprints_it(workdir, extra):
    proc = run_cli("form", "cryptic-words", *extra, cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    pdf = workdir / "output" / "cryptic-words-form.pdf"
    first = pdf.read_bytes()
    texts = decode_qr(render_page(pdf, 0, dpi=200))
    assert len(texts) == 2, texts  # two forms a page, each with its code
    variant = "45566" if extra else "45666"
    assert texts == [f"CWF-{variant}"] * 2  # the ID: short, and a phone shows it as text
    from pypdf import PdfReader

    page = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert f"The code holds this form's ID, CWF-{variant}" in page  # the form says what the code is for
    assert f"printkit form cryptic-words --id CWF-{variant}" in page
    pdf.rename(workdir / "first.pdf")
    paper = list(extra[2:]) if extra else []
    again = run_inproc("form", "cryptic-words", "--id", texts[0].lower(), *paper, cwd=workdir)
    assert again.returncode == 0, again.stderr
    assert pdf.read_bytes() == first  # the scanned ID prints the very same form
    bad = run_inproc("form", "cryptic-words", "--id", "CWF-12345", cwd=workdir)
    assert bad.returncode == 2 and "--id CWF-12345" in bad.stderr


def test_form_rounds_follow_the_variant():
    import pypdf

    for variant, deal in (("45666", "4 5 6 6 6"), ("45566", "4 5 5 6 6")):
        m = model_of("form", variant=variant)
        assert m["rounds"] == [int(v) for v in deal.split()]
    m = model_of("form", variant="45566")
    import io

    from printkit.build import new_document

    doc = new_document(comp("form"), m, PrintOptions())
    comp("form").render(doc, m)
    text = pypdf.PdfReader(io.BytesIO(doc.pdf_bytes())).pages[0].extract_text()
    assert text.count("Round 3") == 2 and text.count("5 cards") == 4 and text.count("4 cards") == 2


def test_form_qr_url_option(workdir):
    url = "https://example.org/cryptic-words/forms"
    proc = run_cli("form", "cryptic-words", "--qr-url", url, cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    assert decode_qr(render_page(workdir / "output" / "cryptic-words-form.pdf", 0, dpi=200)) == [url, url]
    bad = run_cli("form", "cryptic-words", "--qr-url", "not a url", cwd=workdir)
    assert_no_traceback(bad)
    assert bad.returncode == 1
    assert "CW-FORM-QR" in bad.stderr and "nothing written" in bad.stderr
    wrong = run_cli("form", "cryptic-words", "--variant", "44444", cwd=workdir)
    assert wrong.returncode == 2 and len(wrong.stderr.strip().splitlines()) == 1 and "--variant" in wrong.stderr


FORM_CASES = [
    ("CW-FORM", lambda m: _set(m, ["rounds"], "45666")),
    ("CW-FORM-ROUNDS", lambda m: _set(m, ["rounds"], [4, 5, 6, 6])),
    ("CW-FORM-CARDS", lambda m: _set(m, ["rounds"], [4, 5, 6, 6, 7])),
    ("CW-FORM-VARIANT", lambda m: _set(m, ["rounds"], [4, 6, 5, 6, 6])),
    ("CW-FORM-LENGTHS", lambda m: _set(m, ["lengths"], [3, 4, 5, 6, 7])),
    ("CW-FORM-QR", lambda m: _set(m, ["qr_url"], "ftp://example.org/forms")),
    ("CW-FORM-QR", lambda m: _set(m, ["qr_url"], "https://example.org/" + "x" * 200)),
]


@pytest.mark.parametrize("code, mutate", FORM_CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(FORM_CASES)])
def test_each_form_rule_has_a_failing_case(code, mutate):
    found = list(rules.check_form(mutate(model_of("form"))))
    assert code in codes_of(found) and one_line(found), found


# -- tokens, dice, reference -----------------------------------------------------------------------

def test_tokens_and_dice():
    m = model_of("tokens")
    assert m["counts"] == {"padlock": 10, "tracker": 48, "first": 2, "last": 2}
    assert m["counts"]["tracker"] // 2 > rules.RULEBOOK_TRACKERS  # more than the rulebook's 20 for each side
    assert len(m["dice"]) == 2


PIECE_CASES = [
    (rules.check_tokens, "tokens", "CW-TOKENS-COUNT", lambda m: _set(m, ["counts", "padlock"], 9)),
    (rules.check_tokens, "tokens", "CW-TOKENS-COUNT", lambda m: _set(m, ["dice"], m["dice"][:1])),
    (rules.check_tokens, "tokens", "CW-DIE-FACES", lambda m: _set(m, ["dice", 0, "faces"], [1, 1, 5, 6, 3, 4])),
    (rules.check_tokens, "tokens", "CW-DIE-OPPOSITE", lambda m: _set(m, ["dice", 1, "faces"], [1, 2, 5, 6, 3, 4])),
    (rules.check_reference, "reference", "CW-REF-DOUBLES", lambda m: _set(m, ["doubles"], m["doubles"][:5])),
    (rules.check_reference, "reference", "CW-REF-TURN", lambda m: _set(m, ["turn"], ["Roll."])),
    (rules.check_reference, "reference", "CW-REF", lambda m: _set(m, ["doubles", 2, "action"], " ")),
]


@pytest.mark.parametrize("check_fn, name, code, mutate", PIECE_CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(PIECE_CASES)])
def test_each_piece_rule_has_a_failing_case(check_fn, name, code, mutate):
    found = list(check_fn(mutate(model_of(name))))
    assert code in codes_of(found) and one_line(found), found


# -- decode puzzles ---------------------------------------------------------------------------------

def test_puzzle_sweep_200_seeds_each_has_exactly_one_solution():
    deck = default_cards()
    index = spell.accept_index()
    words = set()
    n = sweep(200, 40)
    for k in range(n):
        size = 4 + k % 3
        p = generate(size, make_token("sweep", k), deck)
        assert len(p["hand"]) == size
        order = [c["number"] for c in p["hand"]]
        hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in p["hand"]}
        problems, cons = rules.clue_constraints(p["clues"], hand, order, "p")
        assert not problems
        assert index.decode(spell.solve(index, cons)) == [p["solution"]["word"].lower()], p["id"]
        assert rules.check_puzzle_sheet({"puzzles": [p]}) == [], p["id"]
        words.add(p["solution"]["word"])
    assert len(words) > 0.75 * n  # not the same few words over and over


def test_puzzle_uniqueness_holds_by_brute_force():
    """Re-check a few puzzles the slow way: every accepted word, every spelling."""
    from printkit.words import accept_words

    deck = default_cards()
    accepted = sorted(accept_words())
    for k in range(6):
        p = generate(4 + k % 3, make_token("brute", k), deck)
        order = [c["number"] for c in p["hand"]]
        hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in p["hand"]}
        _, cons = rules.clue_constraints(p["clues"], hand, order, "p")
        letters = set("".join(e for entries in cons.allowed for e in entries).lower())
        fit = [w for w in accepted if 3 <= len(w) <= 8 and set(w) <= letters and any(spell.fits(s, w, cons) for s in spell.spellings(w, list(cons.allowed)))]
        assert fit == [p["solution"]["word"].lower()], (p["id"], fit[:5])


def _puzzle_model():
    return copy.deepcopy(model_of("puzzle", seed="rules"))


def _first(m):
    return m["puzzles"][0]


PUZZLE_CASES = [
    ("CW-PUZZLE", lambda m: {"puzzles": []}),
    ("CW-PUZZLE-HAND", lambda m: _set(m, ["puzzles", 0, "hand"], _first(m)["hand"][:3])),
    ("CW-PUZZLE-HAND", lambda m: _set(m, ["puzzles", 0, "hand", 1], copy.deepcopy(_first(m)["hand"][0]))),
    ("CW-PUZZLE-CARD", lambda m: _swap_faces_in(_first(m)["hand"][0], 1, 2) or m),
    ("CW-PUZZLE-WORD", lambda m: _nonword(m)),
    ("CW-PUZZLE-CLUE", lambda m: _set(m, ["puzzles", 0, "clues", "crossed"], list(_first(m)["solution"]["codes"][:1]))),
    ("CW-PUZZLE-CLUE", lambda m: _set(m, ["puzzles", 0, "clues", "matches"], ["99-Q"])),
    ("CW-PUZZLE-CLUE", lambda m: _set(m, ["puzzles", 0, "clues", "length"], 12)),
    ("CW-PUZZLE-CLUE", lambda m: _set(m, ["puzzles", 0, "clues", "order"], [1, 2])),
    ("CW-PUZZLE-CLUE", lambda m: _set(m, ["puzzles", 0, "clues", "hint"], "easy")),
    ("CW-PUZZLE-UNIQUE", lambda m: _set(m, ["puzzles", 0, "clues"], {})),
    ("CW-WORD-SPELL", lambda m: _set(m, ["puzzles", 0, "solution", "codes"], list(reversed(_first(m)["solution"]["codes"])))),
]


def _swap_faces_in(card, a, b):
    for e in card["entries"]:
        e["face"] = {a: b, b: a}.get(e["face"], e["face"])


def _nonword(m):
    """Make the solution a non-word spelled from the hand: the face-1 entries of
    the first three cards."""
    p = _first(m)
    cards = p["hand"]
    codes = [f"{c['number']}-{c['entries'][0]['entry']}" for c in cards[:3]]
    word = "".join(rules.parse_code(c)[1] for c in codes)
    from printkit.words import is_word

    assert not is_word(word)
    p["solution"] = {"word": word, "codes": codes}
    return m


@pytest.mark.parametrize("code, mutate", PUZZLE_CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(PUZZLE_CASES)])
def test_each_puzzle_rule_has_a_failing_case(code, mutate):
    found = list(rules.check_puzzle_sheet(mutate(_puzzle_model())))
    assert code in codes_of(found), found
    assert "MALFORMED" not in codes_of(found) and one_line(found)


def test_puzzle_sheet_id_qr_and_answer_key(workdir):
    import pypdf

    proc = run_cli("puzzle", "cryptic-words", "--seed", "qr", "--count", "3", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    pdf = workdir / "output" / "cryptic-words-puzzle.pdf"
    reader = pypdf.PdfReader(str(pdf))
    assert len(reader.pages) == 5  # two puzzle pages, one answer page a puzzle
    model = json.loads(run_cli("puzzle", "cryptic-words", "--seed", "qr", "--count", "3", "--json", cwd=workdir).stdout)
    keys = [reader.pages[k].extract_text() for k in (2, 3, 4)]
    answers = " ".join(keys)
    puzzle_text = reader.pages[0].extract_text() + reader.pages[1].extract_text()
    assert "Answer key" in answers and "Answer key" not in puzzle_text
    for p, key in zip(model["puzzles"], keys):
        assert p["id"] in puzzle_text and p["id"] in key
        assert p["solution"]["word"] in key
        assert "  ".join(p["solution"]["codes"]) not in puzzle_text
    # each puzzle's QR code regenerates it
    found = decode_qr(render_page(pdf, 0, dpi=200))
    first = model["puzzles"][0]
    assert f"printkit puzzle cryptic-words --id {first['id']} --paper a4" in found
    words = shlex.split(f"printkit puzzle cryptic-words --id {first['id']} --paper a4")
    again = json.loads(run_cli(*words[1:], "--json", cwd=workdir).stdout)
    assert again["puzzles"] == [first] and again["id"] == first["id"]


def test_bad_puzzle_ids_are_one_line_usage_errors(workdir):
    for bad in ("CW-9-7QK2M9XA", "XX-5-7QK2M9XA", "CW-5-7QK2"):
        proc = run_cli("puzzle", "cryptic-words", "--id", bad, cwd=workdir)
        assert_no_traceback(proc)
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and bad in proc.stderr, proc.stderr
    assert not (workdir / "output").exists()


def test_puzzle_json_round_trips_through_validate(workdir):
    proc = run_cli("puzzle", "cryptic-words", "--seed", "v", "--count", "2", "--hand", "6", "--json", cwd=workdir)
    model = json.loads(proc.stdout)
    assert all(len(p["hand"]) == 6 and p["id"].startswith("CW-6-") for p in model["puzzles"])
    path = workdir / "p.json"
    path.write_text(proc.stdout)
    ok = run_cli("validate", str(path), cwd=workdir)
    assert ok.returncode == 0, ok.stdout
    model["puzzles"][1]["clues"] = {"matches": [], "crossed": []}
    path.write_text(json.dumps(model))
    bad = run_cli("validate", str(path), cwd=workdir)
    assert bad.returncode == 1 and "CW-PUZZLE-UNIQUE puzzle 2:" in bad.stdout and "words fit the clues" in bad.stdout


# -- printing ---------------------------------------------------------------------------------------

def _write(name, tmp_path, params=None, **opts):
    m = model_of(name, **(params or {}))
    out = tmp_path / f"{name}.pdf"
    write_component(comp(name), m, Request(PrintOptions(**opts)), out)
    return out


@pytest.mark.parametrize("opts, pages", [
    ({}, 8),
    ({"duplex": "none"}, 4),
    ({"layout": "fold"}, 8),
    ({"layout": "single"}, 60),
    ({"card_size": "mini-american", "paper": "letter"}, 4),
    ({"card_size": "tarot", "paper": "a3"}, 6),
])
def test_deck_prints_with_every_card_layout(tmp_path, opts, pages):
    import pypdf

    reader = pypdf.PdfReader(str(_write("deck", tmp_path, **opts)))
    assert len(reader.pages) == pages
    if opts.get("layout") == "single":
        box = reader.pages[0].trimbox
        assert abs(float(box.width) - 63 * MM) < 0.01 and abs(float(box.height) - 88 * MM) < 0.01


def _pdfs(tmp_path):
    yield _write("deck", tmp_path / "a4")
    for paper in ("a4", "letter"):
        for name in ("form", "tokens", "reference", "puzzle"):
            yield _write(name, tmp_path / paper, paper=paper, params={"count": 2} if name == "puzzle" else None)


def test_text_stays_clear_of_the_paper_edge_and_uses_the_shipped_fonts(tmp_path):
    import pypdf
    import pypdfium2 as pdfium
    from reportlab.pdfbase.ttfonts import TTFont

    from printkit.base.resources import resource_dir

    covered = set(TTFont("check", str(resource_dir("fonts") / "NotoSans-Regular.ttf")).face.charToGlyph)
    for path in _pdfs(tmp_path):
        doc = pdfium.PdfDocument(str(path))
        for i in range(len(doc)):
            page = doc[i]
            w, h = page.get_size()
            text = page.get_textpage()
            for k in range(text.count_chars()):
                ch = text.get_text_range(k, 1)
                if not ch.strip():
                    continue
                assert ord(ch) in covered, (path.name, i, ch)
                left, bottom, right, top = text.get_charbox(k)
                assert left >= 5 * MM - 0.5 and bottom >= 5 * MM - 0.5 and right <= w - 5 * MM + 0.5 and top <= h - 5 * MM + 0.5, (path.name, i, ch, left, bottom)
        doc.close()
        for page in pypdf.PdfReader(str(path)).pages:
            fonts = page["/Resources"].get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                assert re.fullmatch(r"/[A-Z]{6}\+NotoSans(-\w+)?", str(font["/BaseFont"])), (path.name, font["/BaseFont"])  # an embedded subset


def _colour_spread(image) -> int:
    """The largest difference between two colour channels of any pixel (0 = grey)."""
    from PIL import ImageChops

    r, g, b = image.split()
    return max(ImageChops.difference(x, y).getextrema()[1] for x, y in ((r, g), (g, b), (r, b)))


def test_mono_ink_prints_no_colour(tmp_path):
    for name in ("deck", "tokens", "puzzle", "reference"):
        path = _write(name, tmp_path, ink="mono")
        for index in (0, 1) if name == "deck" else (0,):  # tokens and dice share one page
            spread = _colour_spread(render_page(path, index, dpi=40))
            assert spread <= 3, (name, index, spread)
    assert _colour_spread(render_page(_write("tokens", tmp_path / "c"), 0, dpi=40)) > 60  # the check can fail


def test_same_inputs_same_bytes(workdir):
    for args in (("form", "cryptic-words"), ("puzzle", "cryptic-words", "--seed", "b", "--count", "2"), ("deck", "cryptic-words", "--seed", "b")):
        one = workdir / "one.pdf"
        two = workdir / "two.pdf"
        assert run_cli(*args, "-o", str(one), cwd=workdir).returncode == 0
        assert run_cli(*args, "-o", str(two), cwd=workdir).returncode == 0
        assert one.read_bytes() == two.read_bytes(), args


def test_kit_builds(workdir):
    proc = run_cli("kit", "cryptic-words", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    import pypdf

    reader = pypdf.PdfReader(str(workdir / "output" / "cryptic-words-kit.pdf"))
    text = "".join(p.extract_text() for p in reader.pages[:3])
    assert "Cryptic Words" in text and "16-S" in text
    assert len(reader.pages) >= 15


# -- issue 12: markers as the rules place them, the deck's spare slots, the answer key ------------

def _puzzle_pdf_text(puzzle) -> str:
    import io

    import pypdf

    from printkit.build import new_document

    m = {"format": 1, "game": "cryptic-words", "component": "puzzle", "params": {"id": puzzle["id"]}, "puzzles": [puzzle], "id": puzzle["id"]}
    doc = new_document(comp("puzzle"), m, PrintOptions())
    comp("puzzle").render(doc, m)
    return pypdf.PdfReader(io.BytesIO(doc.pdf_bytes())).pages[0].extract_text()


def test_puzzle_marks_3_3_and_4_4_with_padlocks_not_markers():
    """1-1 and 2-2 put FIRST / LAST markers down; 3-3 and 4-4 padlock the entry instead."""
    deck = default_cards()
    seen = set()
    for k in range(120):
        p = generate(5, make_token("markers", k), deck)
        clues = p["clues"]
        for code_key, card_key, tag in (("last_code", "last_card", "LAST"), ("first_code", "first_card", "FIRST")):
            if clues.get(code_key) and clues.get(card_key) is None and tag not in seen:
                text = _puzzle_pdf_text(p)
                body = text.split("Padlocked")[0] if "Padlocked" in text else text
                assert tag not in body.replace(f"{tag} letter", ""), (p["id"], tag)  # no marker drawn over the cards
                assert clues[code_key] in text  # the entry is named as padlocked/revealed
                seen.add(tag)
        if len(seen) == 2:
            break
    assert seen == {"LAST", "FIRST"}


def test_deck_last_sheet_holds_player_aids_with_their_own_back(workdir):
    from pypdf import PdfReader

    out = workdir / "deck.pdf"
    assert run_inproc("deck", "cryptic-words", "-o", str(out), cwd=workdir).returncode == 0
    pages = PdfReader(out).pages
    assert len(pages) == 8  # 30 cards: four sheets, the minimum, fronts and backs
    last = " ".join(pages[6].extract_text().split())
    assert last.count("A TURN") == 2 and last.count("1-1 Mark the starting card") == 2 and last.count("ROUNDS & SCORE") == 2
    assert pages[7].extract_text().count("PLAYER AID") >= 6


def test_answer_key_explains_each_clue_by_search():
    """Each word the key says a clue rules out fits every other clue, and fails that one."""
    from printkit.games.cryptic_words.puzzle import explain

    deck = default_cards()
    for k in range(6):
        p = generate(4 + k % 3, make_token("explain", k), deck)
        hand = {c["number"]: {e["entry"]: e["face"] for e in c["entries"]} for c in p["hand"]}
        numbers = [c["number"] for c in p["hand"]]
        index = spell.accept_index()
        reasons = explain(p, limit=50)
        assert reasons, p["id"]
        _, all_cons = rules.clue_constraints(p["clues"], hand, numbers, "p")
        fitting_all = set(index.decode(spell.solve(index, all_cons)))
        assert fitting_all == {p["solution"]["word"].lower()}
        for clue, words in reasons:
            assert words, clue  # every clue left is needed: it rules something out
            for w in words:
                if w.endswith("more"):
                    continue
                assert w.lower() not in fitting_all


@pytest.mark.parametrize("game,card_size", [("cryptic-words", "mini-american"), ("cryptic-words", "square"), ("cryptex", "mini-euro"), ("cryptex", "square")])
def test_deck_text_stays_on_its_card_at_every_card_size(workdir, game, card_size):
    """Player aids on small cards: every glyph on a fronts page lies wholly inside
    one card's trim (never running off it into the bleed or the next card), or
    clear of every card and its bleed (the sheet's small print). Measured with pdfium's glyph boxes."""
    import pypdfium2 as pdfium

    from printkit.engine.cards import plan_sheet

    out = workdir / f"{game}-{card_size}.pdf"
    assert run_inproc("deck", game, "--card-size", card_size, "-o", str(out), cwd=workdir).returncode == 0
    plan = plan_sheet(PrintOptions(card_size=card_size))
    safe = 3 * MM - 0.5  # the safe zone (half a point for glyph-box rounding)
    rects, arts = [], []  # each card's trim, and its trim plus bleed
    for s in plan.fronts:
        w, h = s.footprint(plan.card)
        (bl, bb, br, bt) = s.bleed
        rects.append((s.x, s.y, s.x + w, s.y + h))
        arts.append((s.x - bl, s.y - bb, s.x + w + br, s.y + h + bt))
    doc = pdfium.PdfDocument(str(out))
    for i in range(0, len(doc), 2):  # fronts pages (backs follow each)
        tp = doc[i].get_textpage()
        for k in range(tp.count_chars()):
            if not tp.get_text_range(k, 1).strip():
                continue
            l, b, r, t = tp.get_charbox(k)
            inside = [q for q in rects if q[0] + safe <= l and r <= q[2] - safe and q[1] + safe <= b and t <= q[3] - safe]
            touching = [q for q in arts if l < q[2] and r > q[0] and b < q[3] and t > q[1]]
            assert inside or not touching, (game, card_size, i + 1, tp.get_text_range(k, 1), (l, b, r, t))
