"""Print-shop grade output, measured from the files: font subset names that
survive merging, CMYK and PDF/X-1a, print-shop presets."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from conftest import run_inproc


# -- helpers ----------------------------------------------------------------------

def _fonts(pdf) -> dict[str, set[str]]:
    """BaseFont name -> digests of what that name stands for (program, widths,
    Unicode map), over every page and form of a pikepdf document."""
    seen: dict[str, set[str]] = {}

    def walk(resources, depth=0):
        if resources is None or depth > 8:
            return
        for font in (resources.get("/Font") or {}).values():
            h = hashlib.sha256()
            desc = font.get("/FontDescriptor")
            for key in ("/FontFile2", "/FontFile", "/FontFile3"):
                if desc is not None and key in desc:
                    h.update(desc[key].read_bytes())
            h.update(repr([float(w) for w in font.get("/Widths", [])]).encode())
            if "/ToUnicode" in font:
                h.update(font.ToUnicode.read_bytes())
            seen.setdefault(str(font.BaseFont), set()).add(h.hexdigest())
        for xobj in (resources.get("/XObject") or {}).values():
            walk(xobj.get("/Resources"), depth + 1)

    for page in pdf.pages:
        walk(page.obj.get("/Resources"))
    return seen


def _doc_with_text(text: str) -> bytes:
    from printkit.engine import fonts
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    doc = Document(PrintOptions(), title="t")
    c = doc.new_page()
    c.setFont(fonts.SANS, 12)
    c.drawString(100, 500, text)
    return doc.pdf_bytes()


# -- font subset tags -------------------------------------------------------------

def test_subset_tags_follow_the_glyphs():
    import pikepdf

    def names(data):
        return set(_fonts(pikepdf.open(io.BytesIO(data))))

    a1, a2 = _doc_with_text("Café naïve"), _doc_with_text("Café naïve")
    b = _doc_with_text("Smörgåsbord")
    assert a1 == a2  # byte-reproducible
    regular = lambda ns: {n for n in ns if n.endswith("+NotoSans-Regular")}  # noqa: E731
    (tag_a,), (tag_b,) = regular(names(a1)), regular(names(b))
    assert tag_a != tag_b, "different glyph sets share a subset name"
    assert regular(names(a2)) == {tag_a}
    assert len(tag_a.split("+")[0]) == 7 and tag_a[1:7].isupper()  # '/' + six capitals


@pytest.fixture(scope="module")
def two_kits(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kits")
    for game in ("cryptex", "scryptic"):
        run_inproc("kit", game, "-o", str(folder), "--seed", "3", cwd=folder, check=True)
    return folder


def test_merged_kits_keep_one_font_per_name(two_kits, tmp_path):
    import pikepdf
    from pypdf import PdfWriter

    writer = PdfWriter()
    for name in ("cryptex-kit.pdf", "scryptic-kit.pdf"):
        writer.append(str(two_kits / name))
    merged = tmp_path / "merged.pdf"
    with open(merged, "wb") as fh:
        writer.write(fh)
    fonts = _fonts(pikepdf.open(merged))
    clashes = {name: len(d) for name, d in fonts.items() if len(d) > 1}
    assert not clashes, f"one name, several fonts: {clashes}"
    # the two kits do use different subsets of the same face (else this proves nothing)
    regular = [n for n in fonts if n.endswith("+NotoSans-Regular")]
    assert len(regular) >= 2, fonts.keys()


# -- colour and PDF/X, read back from the files -------------------------------------

PAINT_FILL = {"f", "F", "f*", "B", "B*", "b", "b*"}
PAINT_STROKE = {"S", "s", "B", "B*", "b", "b*"}
SHOW = {"Tj", "TJ", "'", '"'}


def _as_rgb(space: str, v: tuple) -> tuple[float, float, float]:
    """How a plain device conversion shows a colour (for telling greys apart)."""
    if space == "cmyk":
        c, m, y, k = v
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    if space == "gray":
        return (v[0],) * 3
    return tuple(v)  # type: ignore[return-value]


def _neutral(space: str, v: tuple) -> bool:
    r, g, b = _as_rgb(space, v)
    return max(r, g, b) - min(r, g, b) < 0.01


class ColourScan:
    """Walks every content stream (pages and the forms they draw) and records
    each colour-setting operator and the colour in force at each text show and
    each stroke. Knows nothing of how printkit drew the file."""

    def __init__(self, pdf) -> None:
        import pikepdf

        self.pikepdf = pikepdf
        self.ops: set[str] = set()
        self.colours: list[tuple[str, tuple]] = []  # every colour set: ("cmyk", (c, m, y, k)) ...
        self.text: list[tuple[str, tuple]] = []  # fill colour at each text show
        self.strokes: list[tuple[str, tuple, float]] = []  # stroke colour and line width at each stroke
        self.fills: list[tuple[str, tuple]] = []
        self.spaces: set[str] = set()  # colour spaces named by cs/CS
        for page in pdf.pages:
            self._run(page.obj, page.obj.get("/Resources"), {"fill": ("gray", (0.0,)), "stroke": ("gray", (0.0,)), "w": 1.0}, 0)

    def _run(self, holder, resources, state, depth) -> None:
        pikepdf = self.pikepdf
        stack = []
        st = dict(state)
        for operands, op in pikepdf.parse_content_stream(holder):
            op = str(op)
            self.ops.add(op)
            nums = tuple(float(x) for x in operands if isinstance(x, (int, float)) or type(x).__name__ == "Decimal")
            if op == "q":
                stack.append(dict(st))
            elif op == "Q":
                st = stack.pop() if stack else st
            elif op in ("rg", "RG", "k", "K", "g", "G"):
                space = {"rg": "rgb", "RG": "rgb", "k": "cmyk", "K": "cmyk", "g": "gray", "G": "gray"}[op]
                colour = (space, tuple(float(x) for x in operands))
                self.colours.append(colour)
                st["fill" if op.islower() else "stroke"] = colour
            elif op in ("cs", "CS"):
                self.spaces.add(str(operands[0]))
                st["fill" if op == "cs" else "stroke"] = (str(operands[0]), ())
            elif op in ("sc", "scn", "SC", "SCN"):
                key = "fill" if op.islower() else "stroke"
                st[key] = (st[key][0], tuple(float(x) for x in operands if not isinstance(x, pikepdf.Name)))
            elif op == "w":
                st["w"] = float(operands[0])
            elif op in SHOW:
                self.text.append(st["fill"])
            if op in PAINT_STROKE:
                self.strokes.append((*st["stroke"], st["w"]))
            if op in PAINT_FILL:
                self.fills.append(st["fill"])
            if op == "Do" and resources is not None:
                xobj = resources.XObject[operands[0]]
                if xobj.Subtype == "/Form" and depth < 10:
                    self._run(xobj, xobj.get("/Resources", resources), st, depth + 1)


def _shading_spaces(pdf) -> list[str]:
    """The colour space of every shading (gradient) a page or its forms use."""
    out: list[str] = []

    def walk(resources, depth=0):
        if resources is None or depth > 10:
            return
        out.extend(str(sh.get("/ColorSpace")) for sh in (resources.get("/Shading") or {}).values())
        out.extend(str(p.Shading.get("/ColorSpace")) for p in (resources.get("/Pattern") or {}).values() if "/Shading" in p)
        for xobj in (resources.get("/XObject") or {}).values():
            walk(xobj.get("/Resources"), depth + 1)

    for page in pdf.pages:
        walk(page.obj.get("/Resources"))
    return out


def _check_cmyk(pdf, coloured: bool = True, max_ink: float = 3.0) -> ColourScan:
    scan = ColourScan(pdf)
    assert not scan.ops & {"rg", "RG", "g", "G", "cs", "CS", "sc", "scn", "SC", "SCN", "BI"}, scan.ops & {"rg", "RG", "g", "G", "cs", "CS", "sc", "scn", "SC", "SCN", "BI"}
    assert all(space == "/DeviceCMYK" for space in _shading_spaces(pdf)), set(_shading_spaces(pdf))
    assert scan.colours and all(space == "cmyk" for space, _ in scan.colours)
    assert scan.text and all(space == "cmyk" for space, _ in scan.text), {s for s, _ in scan.text}
    assert all(space == "cmyk" for space, _ in scan.fills) and all(space == "cmyk" for space, _, _ in scan.strokes)
    worst = max(sum(v) for _, v in scan.colours)
    assert worst <= max_ink + 1e-6, f"{worst:.0%} total ink"
    # black and grey text and lines print on the K plate alone
    assert all(v[:3] == (0, 0, 0) for s, v in scan.text if _neutral(s, v)), {v for s, v in scan.text if _neutral(s, v) and v[:3] != (0, 0, 0)}
    assert all(v[:3] == (0, 0, 0) for s, v, w in scan.strokes if _neutral(s, v)), {v for s, v, w in scan.strokes if _neutral(s, v) and v[:3] != (0, 0, 0)}
    assert ("cmyk", (0.0, 0.0, 0.0, 1.0)) in scan.text  # pure black text is there, as K 100
    assert not coloured or any(not _neutral(s, v) for s, v in scan.colours)  # and colour too (else this proves little)
    return scan


def _check_no_transparency(pdf) -> None:
    def gstates(resources, depth=0):
        if resources is None or depth > 10:
            return
        yield from (resources.get("/ExtGState") or {}).values()
        for xobj in (resources.get("/XObject") or {}).values():
            assert xobj.Subtype == "/Form", "an image in a PDF/X-1a test file"
            assert "/Group" not in xobj and "/SMask" not in xobj
            yield from gstates(xobj.get("/Resources"), depth + 1)

    for page in pdf.pages:
        assert "/Group" not in page.obj, "a transparency group"
        for gs in gstates(page.obj.get("/Resources")):
            assert float(gs.get("/CA", 1)) >= 1 and float(gs.get("/ca", 1)) >= 1, gs
            assert str(gs.get("/SMask", "/None")) == "/None", gs
            assert str(gs.get("/BM", "/Normal")) in ("/Normal", "/Compatible"), gs


def _check_pdfx(path: Path, condition: str, *, bleed_pages: bool, version: str = "2001", coloured: bool = True, max_ink: float = 3.0) -> None:
    import pikepdf

    raw = path.read_bytes()
    assert raw.startswith(b"%PDF-1.3"), raw[:8]
    pdf = pikepdf.open(path)
    assert not pdf.is_encrypted and "/ID" in pdf.trailer
    info = pdf.trailer.Info
    if version == "2001":
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
    else:
        assert str(info.GTS_PDFXVersion) == f"PDF/X-1a:{version}"
    assert str(info.Trapped) in ("/True", "/False")
    assert str(info.Title) and "/CreationDate" in info and "/ModDate" in info
    (intent,) = list(pdf.Root.OutputIntents)
    assert str(intent.S) == "/GTS_PDFX"
    assert str(intent.OutputConditionIdentifier) == condition
    assert str(intent.RegistryName) == "http://www.color.org"
    for n, page in enumerate(pdf.pages, 1):
        media = [float(v) for v in page.obj.MediaBox]
        assert "/TrimBox" in page.obj, f"page {n} has no TrimBox"
        trim = [float(v) for v in page.obj.TrimBox]
        outer = [float(v) for v in page.obj.get("/BleedBox", page.obj.MediaBox)]
        for inner, outside in ((trim, outer), (outer, media)):
            assert outside[0] <= inner[0] + 1e-3 and outside[1] <= inner[1] + 1e-3 and inner[2] <= outside[2] + 1e-3 and inner[3] <= outside[3] + 1e-3, (n, inner, outside)
        if bleed_pages:
            assert "/BleedBox" in page.obj and outer[2] - outer[0] > trim[2] - trim[0] + 1, f"page {n}: no bleed around the trim"
    for name, digests in _fonts(pdf).items():
        assert "+" in name  # an embedded subset...
    for page in pdf.pages:  # ...and every font has its program in the file
        for font in (page.obj.Resources.get("/Font") or {}).values():
            desc = font.get("/FontDescriptor")
            assert desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), font.BaseFont
    _check_cmyk(pdf, coloured, max_ink)
    _check_no_transparency(pdf)


@pytest.fixture(scope="module")
def pdfx_files(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pdfx")
    run_inproc("kit", "crypticolor", "--pdfx", "--paper", "letter", "-o", str(folder), cwd=folder, check=True)
    run_inproc("deck", "cryptex", "--pdfx", "--layout", "single", "-o", str(folder / "shop.pdf"), cwd=folder, check=True)
    run_inproc("deck", "cryptex", "--color", "cmyk", "-o", str(folder / "cmyk.pdf"), cwd=folder, check=True)
    run_inproc("deck", "cryptex", "-o", str(folder / "rgb.pdf"), cwd=folder, check=True)
    return folder


@pytest.mark.slow
def test_pdfx_every_kit(tmp_path):
    """Every game's kit, and the index, pass the PDF/X-1a checks."""
    run_inproc("kit", "all", "--pdfx", "--paper", "a3", "-o", str(tmp_path), cwd=tmp_path, check=True)
    files = sorted(tmp_path.glob("*.pdf"))
    assert len(files) >= 6
    for f in files:
        _check_pdfx(f, "FOGRA39", bleed_pages=False, coloured=f.name != "index.pdf")


def test_pdfx_kit_letter(pdfx_files):
    _check_pdfx(pdfx_files / "crypticolor-kit.pdf", "CGATS TR 001", bleed_pages=False)


def test_pdfx_print_shop_deck(pdfx_files):
    _check_pdfx(pdfx_files / "shop.pdf", "FOGRA39", bleed_pages=True)


def test_cmyk_deck_is_cmyk_only(pdfx_files):
    import pikepdf

    pdf = pikepdf.open(pdfx_files / "cmyk.pdf")
    _check_cmyk(pdf)
    _check_no_transparency(pdf)
    assert "command:printkit deck cryptex --paper a4 --color cmyk" in str(pdf.trailer.Info.Keywords)


def test_rgb_black_text_is_k_only(pdfx_files):
    import pikepdf

    scan = ColourScan(pikepdf.open(pdfx_files / "rgb.pdf"))
    # black as DeviceGray 0: a RIP prints it on the K plate alone, a screen shows true black
    assert ("rgb", (0.0, 0.0, 0.0)) not in scan.colours and ("rgb", (0.0, 0.0, 0.0)) not in scan.text
    assert ("gray", (0.0,)) in scan.text
    assert any(s == "rgb" for s, _ in scan.colours)  # the rest stays RGB
    with pytest.raises(AssertionError):  # and the CMYK check does see it
        _check_cmyk(pikepdf.open(pdfx_files / "rgb.pdf"))


def test_cmyk_looks_like_rgb(pdfx_files):
    """Rendered by pdfium, the CMYK deck shows the colours of the RGB one."""
    from conftest import render_page
    from PIL import ImageChops, ImageStat

    for page in (0, 1):
        a, b = render_page(pdfx_files / "rgb.pdf", page, 40), render_page(pdfx_files / "cmyk.pdf", page, 40)
        mean = ImageStat.Stat(ImageChops.difference(a, b)).mean
        assert max(mean) < 8, (page, mean)


def test_cmyk_pictures_and_no_see_through(tmp_path):
    """A picture with an alpha channel goes in as CMYK, flattened (no soft
    mask); opacity below 1 is refused in PDF/X in one line."""
    import pikepdf
    from PIL import Image

    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions
    from printkit.errors import UsageError

    Image.new("RGBA", (8, 8), (0, 114, 178, 128)).save(tmp_path / "a.png")
    doc = Document(PrintOptions(pdfx=True), title="pictures")
    c = doc.new_page()
    c.drawImage(str(tmp_path / "a.png"), 100, 100, 80, 80, mask="auto")
    c.setFillAlpha(1)  # opaque is what a page is anyway: allowed, and no PDF 1.4 for it
    c.linearGradient(0, 0, 100, 0, [(1, 0, 0), (0, 0, 1)])  # a shading, as SVG gradients are drawn
    data = doc.pdf_bytes()
    assert data.startswith(b"%PDF-1.3")
    pdf = pikepdf.open(io.BytesIO(data))
    (image,) = [x for x in pdf.pages[0].Resources.XObject.values() if x.Subtype == "/Image"] or [
        y for x in pdf.pages[0].Resources.XObject.values() for y in x.Resources.XObject.values()
    ]
    assert str(image.ColorSpace) == "/DeviceCMYK" and "/SMask" not in image
    assert _shading_spaces(pdf) == ["/DeviceCMYK"]
    with pytest.raises(UsageError, match="--pdfx"):
        Document(PrintOptions(pdfx=True), title="t").new_page().setFillAlpha(0.5)


def test_output_intent_option_and_config(tmp_path):
    import pikepdf
    from conftest import run_cli

    proc = run_cli("card", "crypticolor", "--pdfx", "--output-intent", "gracol", "-o", "x.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "PDF/X-1a:2001, CMYK for CGATS TR 006" in proc.stdout
    pdf = pikepdf.open(tmp_path / "x.pdf")
    assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "CGATS TR 006"
    assert "--pdfx --output-intent gracol" in str(pdf.trailer.Info.Keywords)
    bad = run_inproc("card", "crypticolor", "--output-intent", "gracol", "-o", "y.pdf", cwd=tmp_path)
    assert bad.returncode == 2 and "--output-intent" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "y.pdf").exists()
    (tmp_path / "printkit.toml").write_text('color = "cmyk"\n')
    run_inproc("deck", "cryptex", "--duplex", "none", "-o", "z.pdf", cwd=tmp_path, check=True)
    _check_cmyk(pikepdf.open(tmp_path / "z.pdf"))


# -- print-shop presets -----------------------------------------------------------

def test_shop_png_is_the_shops_pixel_size(tmp_path):
    """The Game Crafter takes one PNG a card side at 825 x 1125 px (2.5 x 3.5 in
    plus 1/8 in bleed at 300 dpi), MakePlayingCards 822 x 1122 px (36 px bleed).
    A one-card deck of your own keeps this cheap."""
    from conftest import ROOT
    from PIL import Image

    (tmp_path / "cards.csv").write_text('type,name,cost,power,art,text,qty\nTraveller,Lantern Bearer,1,1,lantern,"Look first.",1\n')
    front = str(ROOT / "examples" / "ember-road" / "front.svg")
    for shop, size in (("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))):
        proc = run_inproc("deck", "--data", "cards.csv", "--front", front, "--shop", shop, "-o", shop, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        files = sorted((tmp_path / shop).glob("*.png"))
        assert [f.name for f in files] == ["card-001-back.png", "card-001-front.png"]
        for f in files:
            with Image.open(f) as im:
                assert im.size == size, (shop, f.name, im.size)


def test_shop_pdf_presets(tmp_path):
    import pikepdf
    import pypdfium2 as pdfium

    from printkit.engine.units import MM

    run_inproc("deck", "cryptex", "--shop", "drivethrucards", "-o", "dtc.pdf", cwd=tmp_path, check=True)
    run_inproc("deck", "cryptex", "--shop", "mbprint", "-o", "mb.pdf", cwd=tmp_path, check=True)
    _check_pdfx(tmp_path / "dtc.pdf", "CGATS TR 001", bleed_pages=True, version="2003", max_ink=2.4)  # DriveThruCards: <= 240%
    _check_pdfx(tmp_path / "mb.pdf", "FOGRA39", bleed_pages=True)
    dtc = pikepdf.open(tmp_path / "dtc.pdf")
    assert "command:printkit deck cryptex --paper a4 --shop drivethrucards" in str(dtc.trailer.Info.Keywords)
    for page in dtc.pages:  # 2.75 x 3.75 in, trimmed 1/8 in inside
        assert [round(float(v), 2) for v in page.obj.MediaBox] == [0, 0, 198, 270]
        assert [round(float(v), 2) for v in page.obj.TrimBox] == [9, 9, 189, 261]
    mb = pikepdf.open(tmp_path / "mb.pdf")
    for page in mb.pages:  # 63 x 88 mm with 3 mm bleed
        box = [float(v) / MM for v in page.obj.MediaBox]
        assert abs(box[2] - 69) < 0.01 and abs(box[3] - 94) < 0.01
    # MB Print's safe zone is 4 mm (printkit's own is 3 mm): every text run keeps it
    from pdfmeasure import measure

    trims = [[float(v) for v in page.obj.TrimBox] for page in mb.pages]
    closest = min(
        min(r.box[0] - t[0], r.box[1] - t[1], t[2] - r.box[2], t[3] - r.box[3]) / MM
        for pm, t in zip(measure(tmp_path / "mb.pdf", pages=[1, 2, 3, 4]), trims)
        for r in pm.texts
        if r.box is not None and r.text.strip()
    )
    assert closest >= 4.0 - 0.05, closest
    # page order: front, back, front, back... (the backs are alike, the fronts all differ)
    pdf = pdfium.PdfDocument(str(tmp_path / "dtc.pdf"))
    texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    pdf.close()
    assert len(set(texts[1::2])) == 1 and len(set(texts[0::2])) == len(texts) // 2
    # full bleed: the art runs to every edge of the page (no white paper there)
    from conftest import render_page

    img = render_page(tmp_path / "dtc.pdf", 0, 72)
    w, h = img.size
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 0), (0, h // 2)):
        assert min(img.getpixel((x, y))) < 250, (x, y, img.getpixel((x, y)))


def test_shop_refuses_a_contradicting_option(tmp_path):
    proc = run_inproc("deck", "cryptex", "--shop", "thegamecrafter", "--bleed", "2", "-o", "x", cwd=tmp_path)
    assert proc.returncode == 2 and "--shop thegamecrafter sets --bleed" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and not (tmp_path / "x").exists()
    ok = run_inproc("deck", "cryptex", "--shop", "mbprint", "--bleed", "3", "-o", "y.pdf", cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr  # the same value typed again is fine


def test_ink_limit_holds_for_dark_colours():
    """A dark red needs more than 240% ink as separated; a shop's lower limit
    (DriveThruCards: 240%) is kept, in fills, gradients and colours set as CMYK."""
    import pikepdf

    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    def worst(max_ink):
        doc = Document(PrintOptions(color="cmyk", max_ink=max_ink), title="ink")
        c = doc.new_page()
        c.setFillColorRGB(0.25, 0.0, 0.05)
        c.rect(100, 100, 100, 100, fill=1, stroke=0)
        c.setFillColorCMYK(1, 1, 1, 1)
        c.rect(300, 100, 100, 100, fill=1, stroke=0)
        scan = ColourScan(pikepdf.open(io.BytesIO(doc.pdf_bytes())))
        return max(sum(v) for _, v in scan.colours)

    assert worst(3.0) > 2.4 + 0.1  # the test colour does go over 240% by default
    assert worst(3.0) <= 3.0 + 1e-6
    assert worst(2.4) <= 2.4 + 1e-6
