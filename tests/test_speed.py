"""What the speed work changed in the output (never how long anything takes):
fonts loaded only when used, font subsets holding only the glyphs used, and
repeated deck fronts drawn once as PDF forms with the same pixels."""

from __future__ import annotations

import subprocess
from pathlib import Path
import sys

import pytest
from PIL import ImageChops
from pypdf import PdfReader

from conftest import ROOT, render_page, run_inproc


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    folder = tmp_path_factory.mktemp("decks")
    one, three = folder / "one.pdf", folder / "three.pdf"
    run_inproc("deck", "cryptex", "-o", str(one), cwd=folder, check=True)
    run_inproc("deck", "cryptex", "--copies", "3", "-o", str(three), cwd=folder, check=True)
    return one, three


def _fonts(reader: PdfReader) -> dict[str, int]:
    """BaseFont -> how many codes its subset holds, over every page and form."""
    out: dict[str, int] = {}

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            out[str(font["/BaseFont"])] = len(font["/Widths"])
        for xo in (resources.get("/XObject") or {}).values():
            walk(xo.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return out


def test_deck_subsets_hold_only_the_glyphs_used(decks):
    one, _ = decks
    reader = PdfReader(str(one))
    fonts = _fonts(reader)
    assert sorted(name.split("+")[1] for name in fonts) == ["NotoSans-Bold", "NotoSans-Regular"]
    # the deck (cards and player aids) uses ~60 characters a face; a subset
    # padded with all of ASCII holds at least 128 codes
    assert all(n < 90 for n in fonts.values()), fonts
    text = reader.pages[0].extract_text()
    for word in ("CRYPTEX", "printkit", "page 1"):
        assert word in text
    assert one.stat().st_size <= 40 * 1024  # 42 KB with padded subsets and a back drawn per card


def test_fonts_load_on_first_use():
    """A fresh process that draws the deck has parsed the two faces it uses, not four."""
    code = (
        "from pathlib import Path; import tempfile\n"
        "from reportlab.pdfbase import pdfmetrics\n"
        "from printkit import build\n"
        "from printkit.engine.units import PrintOptions\n"
        "from printkit.request import Request\n"
        "from printkit.games import get_game\n"
        "comp = get_game('cryptex').component('deck')\n"
        "out = Path(tempfile.mkdtemp()) / 'd.pdf'\n"
        "build.write_component(comp, build.build_checked(comp, {}), Request(PrintOptions()), out)\n"
        "print(sorted(n for n in pdfmetrics.getRegisteredFontNames() if n.startswith('PK')))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "['PKSans', 'PKSans-Bold']"


def test_repeated_fronts_are_forms_with_the_same_pixels(decks):
    one, three = decks
    r1, r3 = PdfReader(str(one)), PdfReader(str(three))
    assert len(r3.pages) == 14
    # fronts page 1 of both decks shows cards 1-9: each drawn over the one
    # shared frame form in one, each placed as its own form in the other
    forms = r3.pages[0]["/Resources"]["/XObject"]
    assert len(forms) == 9
    assert len(r1.pages[0]["/Resources"]["/XObject"]) == 1
    # what is cut out: the grid of cards inside its outer cut lines (the last
    # pixel of the 3 mm bleed may round differently when a form is clipped)
    left, bottom, right, top = 29.76, 46.77, 565.51, 795.12  # pt: A4 poker 3x3 trim edges
    dpi = 60
    for index in (0, 1):
        a = render_page(one, index, dpi=dpi).convert("RGB")
        b = render_page(three, index, dpi=dpi).convert("RGB")
        assert a.size == b.size
        k = dpi / 72
        box = (int(left * k) + 1, int(a.size[1] - top * k) + 1, int(right * k) - 1, int(a.size[1] - bottom * k) - 1)
        # the same drawing; pdfium may round an anti-aliased edge pixel by one level
        worst = max(hi for _, hi in ImageChops.difference(a.crop(box), b.crop(box)).getextrema())
        assert worst <= 2, (index, worst)
    # each front is stored once: 20 front forms and the back's, placed 60 + 60 times
    placed = [ref.idnum for page in r3.pages for ref in page["/Resources"]["/XObject"].values()]
    assert len(set(placed)) == 21


def test_cryptic_words_index_matches_a_word_by_word_build():
    """The column-at-a-time bitsets hold exactly the words a plain loop finds."""
    from printkit import words
    from printkit.games.cryptic_words.spell import WordIndex

    sample = sorted(words.puzzle_words()[:4000]) + ["zz", "abcdefghi", "Capital", "naïve"]
    index = WordIndex(sample)
    kept = [w for w in sample if 3 <= len(w) <= 8 and w.isascii() and w.isalpha() and w.islower()]
    assert index.words == tuple(kept)
    for (p, ch), bits in index._at.items():
        assert bits == sum(1 << i for i, w in enumerate(kept) if len(w) > p and w[p] == ch), (p, ch)
    assert len(index._at) == len({(p, ch) for w in kept for p, ch in enumerate(w)})
    for n in range(9):
        assert index.ends[n] == sum(1 << i for i, w in enumerate(kept) if len(w) == n)
    assert words.sorted_accept_words() == tuple(sorted(words.accept_words()))


def test_cryptic_words_shipped_hideable_words_are_the_lists():
    """The words a Cryptic Words puzzle may hide, shipped with the puzzle index,
    are exactly the commonest answer-list words of 4-7 letters (a plain loop)."""
    from printkit import words
    from printkit.games.cryptic_words import puzzle, spell

    index = spell.puzzle_index()
    shipped = index.bits["hideable"]
    assert puzzle._hideable(index) == shipped == puzzle.hideable_from_lists(index)
    common = set(words.answer_words()[: puzzle.RANK_LIMIT])
    want = [w for w in index.words if w in common and len(w) in puzzle.WORD_LENGTHS]
    assert index.decode(shipped) == want and len(want) > 1000


def test_crypto_crisis_index_keeps_exactly_the_words_the_grid_can_hold():
    from printkit import words
    from printkit.games.crypto_crisis import solver

    sample = list(words.puzzle_words()[:6000]) + ["zebra", "ABBEY", "crème", "Spare", "spear", "pears"]
    index = solver.Index(sample)
    want: dict[int, list[str]] = {}
    for w in sorted({w.upper() for w in sample}):
        if solver.valid_shape(w):
            want.setdefault(solver.word_key(w), []).append(w)
    assert index.exact == {k: tuple(v) for k, v in want.items()}
    assert sum(len(v) for v in index.anchored.values()) == 2 * sum(len(v) for v in want.values())


def test_crypto_crisis_shipped_indexes_and_pool_are_what_the_lists_give():
    """crypto-crisis-index.idx (scripts/build_word_indexes.py) holds the indexes
    and the pool that the word lists give now; kits and puzzles read them."""
    from printkit import words
    from printkit.games.crypto_crisis import generator, rules, solver

    listed = words.puzzle_words()
    assert rules.puzzle_list() == frozenset(w.upper() for w in listed if len(w) == 5)
    for got, want in ((solver.index_for(rules.lexicon()), solver.Index(words._accept_from_text())),
                      (solver.index_for(rules.puzzle_list()), solver.Index([w for w in listed if len(w) == 5]))):
        assert got._kept == want._kept and got.exact == want.exact and list(got.exact) == list(want.exact)
    accept = solver.index_for(rules.lexicon()).exact
    assert generator.pool().words == generator.pool_words(accept, words.answer_words())  # answers: headwords
    assert len(generator.pool().words) > 1000


def test_crypticolor_shipped_anagrams_and_pool_are_what_the_lists_give():
    """crypticolor-index.idx (scripts/build_word_indexes.py) holds the acceptance
    list's anagram index and the word pool that the word lists give now."""
    from printkit import words
    from printkit.games.crypticolor import generate, rules

    built = rules._build_anagram_index(words._accept_from_text())
    shipped = rules.anagram_index(words._base_accept())
    assert shipped == built and len(shipped) > 4000
    assert generate.word_pool() == generate.build_word_pool(built, words.answer_words())
    first = generate.word_pool()[0]
    assert rules.anagrams(first.upper()) == [first] and rules.anagrams("NOMEL") == built["elmno"] == ["lemon", "melon"]


def test_crypto_crisis_fits_read_off_the_exact_index_equal_the_anchored_look_up():
    """A few boards are read by scanning the exact index (no anchored index
    built); the answer, in its order, is the anchored index's."""
    from printkit import words
    from printkit.games.crypto_crisis import solver
    from printkit.rng import Rng

    scanned, anchored = solver.Index(words.puzzle_words()), solver.Index(words.puzzle_words())
    anchored.scans = solver.SCANS_BEFORE_ANCHORING
    assert scanned._anchored is None
    rng = Rng("test-fits")
    found = [w for ws in scanned.exact.values() for w in ws]
    several = 0
    for k in range(150):
        if k % 4:  # a real word, moved: something fits
            m = solver.shift_pair(solver.word_key(found[rng.below(len(found))]), rng.below(5), rng.below(5))
            mark, tiles = m & (2**25 - 1), (m & (2**25 - 1)) | m >> 25
        else:  # any five cells, two marked
            cells = rng.sample(range(25), 5)
            tiles, mark = sum(1 << c for c in cells), (1 << cells[0]) | (1 << cells[1])
        scanned.scans = 0
        a = list(solver.fits_by_net(tiles, mark, scanned).items())
        b = list(solver.fits_by_net(tiles, mark, anchored).items())
        assert a == b, (tiles, mark)
        several += len(a) > 1
    assert scanned._anchored is None and several > 0
    scanned.scans = solver.SCANS_BEFORE_ANCHORING  # then it builds the anchored index, the same
    solver.fits_by_net(tiles, mark, scanned)
    assert scanned.anchored == anchored.anchored


def test_word_index_of_a_sorted_list_finds_words_by_binary_search():
    from printkit import words
    from printkit.games.cryptic_words.spell import WordIndex

    sample = sorted(words.puzzle_words()[:3000])
    plain, searched = WordIndex(sample), WordIndex(sample, is_sorted=True)
    probes = sample[::3] + [w + "x" for w in sample[::11]] + ["Apple".upper(), "zz", "aaaa"]
    assert [searched.bit(w) for w in probes] == [plain.bit(w) for w in probes]
    assert [w in searched for w in probes] == [w in plain for w in probes]
    assert searched._where is None  # no word -> place dict was built


def test_streams_are_binary_flate_not_ascii85(decks):
    import pikepdf

    one, _ = decks
    pdf = pikepdf.open(one)
    filters = [str(o.get("/Filter")) for o in pdf.objects if isinstance(o, pikepdf.Stream)]
    assert len(filters) > 10
    assert all("/FlateDecode" in f and "ASCII85" not in f for f in filters), filters


def test_embedded_subsets_keep_only_the_font_names_a_pdf_can_use(decks):
    import struct

    import pikepdf

    from printkit.engine.fonts import SUBSET_NAME_IDS

    one, _ = decks
    pdf = pikepdf.open(one)
    programs = [o.read_bytes() for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Length1") is not None]
    assert len(programs) == 2
    for font in programs:
        n = struct.unpack(">H", font[4:6])[0]
        tables = {font[12 + 16 * k:16 + 16 * k]: struct.unpack(">II", font[20 + 16 * k:28 + 16 * k]) for k in range(n)}
        assert b"glyf" in tables and b"loca" in tables  # the outlines stay whole
        for tag in (b"fpgm", b"prep", b"cvt "):  # the shipped faces carry no hinting (scripts/subset_fonts.py)
            assert tag not in tables
        at, _length = tables[b"name"]
        count, start = struct.unpack(">HH", font[at + 2:at + 6])
        ids, names = [], []
        for k in range(count):
            _p, _e, _l, nid, length, offset = struct.unpack(">6H", font[at + 6 + 12 * k:at + 18 + 12 * k])
            ids.append(nid)
            names.append(font[at + start + offset:at + start + offset + length].decode("utf-16-be"))
        assert set(ids) <= set(SUBSET_NAME_IDS) and 0 in ids and 6 in ids
        assert any(s.startswith("Copyright") for s in names) and any(s.startswith("NotoSans-") for s in names)


def test_pages_compressed_as_they_finish_give_the_same_bytes(tmp_path, monkeypatch):
    """Each page's content is compressed when the page ends (memory stays low on
    --count 1000); the file is byte for byte what compressing at save gives."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.engine.rl import canvas_class as _canvas_class

    early = tmp_path / "early.pdf"
    run_inproc("puzzle", "crypto-crisis", "--count", "2", "-o", str(early), cwd=tmp_path, check=True)
    monkeypatch.setattr(_canvas_class(), "showPage", Canvas.showPage)
    late = tmp_path / "late.pdf"
    run_inproc("puzzle", "crypto-crisis", "--count", "2", "-o", str(late), cwd=tmp_path, check=True)
    assert early.read_bytes() == late.read_bytes()
    assert len(PdfReader(str(early)).pages) >= 4


def test_template_memo_keeps_types_and_leaves_random_text_alone():
    """A placeholder's text is remembered per the values it reads (own decks ask
    twice a card, for the check and the drawing): 1 and 1.0 still print apart,
    a template with a random filter or lipsum is rendered every time, and a
    name the row lacks is still Jinja2's error."""
    import jinja2

    from printkit.custom import template as T

    t = T.compile_text("{% if cost %}{{ cost }}{% endif %}", "test-memo")
    assert t.pk_names == ("cost",)
    assert [t.render({"cost": v}) for v in (1, 1.0, True, "1", 1)] == ["1", "1.0", "True", "1", "1"]
    assert len(t.pk_memo) == 4
    shuffled = T.compile_text("{{ [1, 2, 3] | random }}{{ name }}", "test")
    assert shuffled.pk_names is None
    assert T.compile_text("{{ lipsum(1) }}", "test").pk_names is None
    by_row = T.compile_text("{{ row['Card Name'] | upper }}", "test")
    assert by_row.render({"Card Name": "fox", "row": {"Card Name": "fox"}}) == "FOX"  # a dict value: not remembered
    with pytest.raises(jinja2.UndefinedError):
        t.render({"name": "x"})


def test_own_deck_pictures_are_looked_up_once_per_name(tmp_path):
    """Every card of a deck names its art: the file is found, confined and its
    SVG read once (per template), not per card, with the same PDF."""
    import shutil

    src = ROOT / "examples" / "ember-road"
    for name in ("cards.csv", "front.svg", "back.svg"):
        shutil.copy(src / name, tmp_path / name)
    shutil.copytree(src / "art", tmp_path / "art")
    shutil.copytree(src / "icons", tmp_path / "icons")
    from printkit.custom import safety, template as T
    from printkit.custom.svg import SvgTemplate

    ctx = T.Context.for_folder(tmp_path)
    t = SvgTemplate(tmp_path / "front.svg", ctx, (63.0, 88.0))
    reads = []
    real = safety.check_svg_refs
    try:
        safety.check_svg_refs = lambda *a, **k: (reads.append(a[0]), real(*a, **k))[1]
        for i, art in enumerate(["fox", "fox", "moon", "fox", "moon"]):
            assert t.check_row({"type": "Traveller", "name": "N", "cost": "1", "power": "2", "art": art, "text": "t :ember:"}, f"card {i + 1}", i) == []
    finally:
        safety.check_svg_refs = real
    assert sorted(Path(p).name for p in reads if Path(p).parent.name == "art") == ["fox.svg", "moon.svg"]
    assert t._image_path("art/fox.svg") == tmp_path / "art" / "fox.svg"


def test_help_imports_no_jobs_layer():
    """`printkit --help` runs click and the command table only: nothing of the
    jobs layer or the engine (pathlib among them) is imported to print it."""
    code = (
        "import sys, io, contextlib\n"
        "from printkit import cli\n"
        "sys.argv = ['printkit', '--help']\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    cli.main()\n"
        "print('Usage' in out.getvalue(), [m for m in ('pathlib', 'printkit.app.jobs', 'printkit.engine') if m in sys.modules])\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert r.stdout.strip() == "True []", r.stdout


def test_pillow_loads_at_first_use_and_reportlab_holds_the_real_module():
    """The engine's import boundary (engine/rl.py defer_imports): ReportLab is
    imported with Pillow's Image module not yet run (a deck without pictures
    never needs it); the first use runs it, and ReportLab's name for it is the
    very module everyone else gets. A deck drawn so is the same bytes as one
    drawn with Pillow imported from the start."""
    code = (
        "import sys, hashlib, types, tempfile, os\n"
        "if sys.argv[1] == 'first':\n"
        "    from PIL import Image\n"
        "    Image.new\n"
        "from printkit import cli\n"
        "ran = lambda: type(sys.modules['PIL.Image']) is types.ModuleType\n"
        "out = os.path.join(tempfile.mkdtemp(), 'deck.pdf')\n"
        "try:\n"
        "    cli.main(['deck', 'cryptex', '-o', out])\n"
        "except SystemExit:\n"
        "    pass\n"
        "before = ran()\n"
        "from reportlab.lib import utils\n"
        "from PIL import Image\n"
        "same = utils.Image is sys.modules['PIL.Image'] is Image\n"
        "Image.new('RGB', (2, 2))\n"
        "print(before, ran(), same, hashlib.sha256(open(out, 'rb').read()).hexdigest(), file=sys.stderr)\n"
    )
    out = {}
    for mode in ("first", "lazy"):
        r = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True, cwd=ROOT, check=True)
        out[mode] = r.stderr.split()[-4:]
    assert out["first"][:3] == ["True", "True", "True"], out["first"]
    assert out["lazy"][:3] == ["False", "True", "True"], out["lazy"]  # not run by the deck; run by its first use
    assert out["lazy"][3] == out["first"][3]


def test_qr_matrix_is_qrcodes_own():
    """engine/qr.py asks qrcode (imported as it is) for the matrix: the same
    modules plain qrcode makes with the same settings."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    from printkit.engine.qr import qr_matrix

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, box_size=1, mask_pattern=0)
    qr.add_data("CC-M-7QK2M9XAB".encode())
    qr.make(fit=True)
    assert qr_matrix("CC-M-7QK2M9XAB") == tuple(tuple(r) for r in qr.get_matrix())


def test_a_rows_copies_are_checked_once_with_the_same_findings(tmp_path, monkeypatch):
    """A row's copies (qty) follow one another with the same values: the check
    of the first holds for the rest, renumbered (when no template reads `card`).
    The run's findings and PDF are those of checking every copy."""
    import shutil

    from printkit.custom import svg

    src = ROOT / "examples" / "ember-road"
    for name in ("front.svg", "back.svg"):
        shutil.copy(src / name, tmp_path / name)
    shutil.copytree(src / "art", tmp_path / "art")
    shutil.copytree(src / "icons", tmp_path / "icons")
    long = "Gain :ember: " + "and then some more words to fit " * 12
    (tmp_path / "cards.csv").write_text("type,name,cost,power,art,text,qty\n"
                                        f"Traveller,Fox Scout,1,2,fox,{long},1\n"
                                        f"Traveller,A Name Far Too Long For Its Little Box,1,2,fox,{long},3\n"
                                        "Hazard,Flood,,,wave,Lose one.,2\n", encoding="utf-8")
    args = ("deck", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg")
    calls = []
    real = svg.SvgTemplate.check_row
    monkeypatch.setattr(svg.SvgTemplate, "check_row", lambda self, *a: calls.append(a[2]) or real(self, *a))
    once = run_inproc(*args, "-o", "once.pdf", "--strict", cwd=tmp_path)
    assert sorted(set(calls)) == [0, 1, 4]  # cards 3, 4 (copies of 2) and 6 (of 5): renumbered
    calls.clear()
    monkeypatch.setattr(svg.SvgTemplate, "reads_card_number", lambda self: True)  # every copy checked
    every = run_inproc(*args, "-o", "every.pdf", "--strict", cwd=tmp_path)
    assert sorted(set(calls)) == [0, 1, 2, 3, 4, 5]
    assert once.returncode == every.returncode == 1 and "OWN-TEXT" in once.stderr
    assert once.stderr == every.stderr
    shutil.copy(src / "cards.csv", tmp_path / "cards.csv")  # the example's own rows: 3 copies each
    ok_every = run_inproc(*args, "-o", "every.pdf", cwd=tmp_path)
    monkeypatch.undo()
    ok_once = run_inproc(*args, "-o", "once.pdf", cwd=tmp_path)
    assert ok_once.returncode == ok_every.returncode == 0 and ok_once.stderr == ok_every.stderr
    # the same pages: checked once, a row's copies are also drawn once, as a form
    # (every copy checked, each is drawn on its card): compared as rendered
    import pypdfium2 as pdfium
    from PIL import ImageChops

    a, b = pdfium.PdfDocument(str(tmp_path / "once.pdf")), pdfium.PdfDocument(str(tmp_path / "every.pdf"))
    assert len(a) == len(b)
    for i in range(len(a)):
        pa, pb = (d[i].render(scale=100 / 72).to_pil().convert("RGB") for d in (a, b))
        assert max(high for _, high in ImageChops.difference(pa, pb).getextrema()) <= 2, f"page {i + 1}"
    assert svg.SvgTemplate.reads_card_number.__name__ == "reads_card_number"
    (tmp_path / "numbered.svg").write_text((src / "front.svg").read_text(encoding="utf-8").replace("EMBER ROAD", "EMBER ROAD {{ card }}"), encoding="utf-8")
    from printkit.custom.project import load_template

    assert load_template(tmp_path / "numbered.svg", _ctx(tmp_path), (63.0, 88.0)).reads_card_number() is True
    assert load_template(tmp_path / "front.svg", _ctx(tmp_path), (63.0, 88.0)).reads_card_number() is False


def _ctx(folder):
    from printkit.custom.template import Context

    return Context.for_folder(folder)
