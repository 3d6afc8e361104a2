"""The run request: the command line's values become one typed object, each
value in its field, and nothing is left over as a game parameter by accident."""

from __future__ import annotations

import pytest

from printkit.app.options import make_request
from printkit.errors import UsageError
from printkit.request import Request, Target


def test_values_land_in_their_fields():
    values = dict(output="x.pdf", fmt="pdf", dpi=150, as_json=False, words=None, jobs=2, lang="DE", paper="LETTER", ink="saver",
                  card_size="bridge", bleed=2.0, duplex="short", layout="sheet", order="interleaved", back_offset="0.5,-1", copies=3,
                  color="rgb", pdfx=False, output_intent=None, shop=None, seed="s", count=4, difficulty="hard")
    r = make_request(values, params=("seed", "count", "difficulty"))
    assert isinstance(r, Request) and r.target == Target(path="x.pdf", format="pdf", dpi=150, json=False)
    assert r.lang == "de" and r.jobs == 2 and r.params == {"seed": "s", "count": 4, "difficulty": "hard"}
    assert (r.print.paper, r.print.ink, r.print.card_size, r.print.bleed, r.print.back_offset, r.print.copies) == ("letter", "saver", "bridge", 2.0, (0.5, -1.0), 3)
    assert r.print.args() == ["--paper", "letter", "--card-size", "bridge", "--bleed", "2", "--duplex", "short", "--ink", "saver", "--back-offset", "0.5,-1", "--copies", "3"]
    assert not r.print.strict and r.shop is None and not r.size_given


def test_a_value_no_field_takes_is_a_bug_not_a_parameter():
    with pytest.raises(TypeError, match="difficulty"):
        make_request(dict(paper="a4", difficulty="hard"))  # the front end did not name it a game parameter


def test_shop_preset_sets_print_options_and_counts_the_card_size_as_given():
    r = make_request(dict(shop="makeplayingcards", fmt="pdf", card_size="poker", bleed=3.0, duplex="long", layout="sheet", order="interleaved", back_offset="0,0", copies=1))
    assert r.shop is not None and r.shop.key == "makeplayingcards" and r.print.shop == "makeplayingcards"
    assert r.print.strict and r.size_given  # a shop's file is strict; its card size is chosen
    with pytest.raises(UsageError, match="--shop makeplayingcards sets --bleed"):
        make_request(dict(shop="makeplayingcards", fmt="pdf", bleed=1.0), typed={"bleed"})


def test_kit_request_takes_card_options_from_printkit_toml(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "printkit.toml").write_text('card_size = "bridge"\nbleed = 2\n')
    from printkit.app import options

    options.forget_defaults()
    try:
        r = make_request(dict(output=None, paper="a4", ink="color", seed="7", qr_url=None, jobs=1, lang="en", color="rgb", pdfx=True, output_intent=None), params=("seed", "qr_url"), kit=True)
    finally:
        options.forget_defaults()
    assert (r.print.card_size, r.print.bleed, r.print.pdfx, r.print.strict) == ("bridge", 2.0, True, False)
    assert r.params == {"seed": "7", "qr_url": None}
