"""Reference renders of the real-project corpus (tests/corpus/), made by Inkscape.

For every card of every project whose tests/corpus/NAME/corpus.toml names an
Inkscape reference, the card's template is filled with the card's row (the same
Jinja placeholders printkit fills, values XML-escaped), Inkscape renders the
filled SVG, the render is cut to the card's trim and stored small (REF_PX_PER_MM
pixels a millimetre) as tests/corpus/NAME/reference/card-NN.png. The tests
compare printkit's pages with these inside the trim at low resolution
(tests/test_corpus.py); they never need Inkscape.

    python scripts/corpus_references.py            # every project
    python scripts/corpus_references.py squib      # one

Needs Inkscape 1.x on PATH (the Debian package). Inkscape sees only printkit's
fonts and the test fonts (tests/fonts/, scripts/reference_fonts.py), each family
a template names mapped to the face printkit draws it in, as the tests print with
PRINTKIT_FONT_DIRS=tests/fonts: the references do not hang on the machine's fonts.
The face fontconfig gives each family is written to
tests/corpus/NAME/reference/fonts.txt, so a changed reference can be explained.
`PRINTKIT_UPDATE_REFERENCES=1 python -m pytest` runs this too (CONTRIBUTING.md).
"""

from __future__ import annotations

import html
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
RENDER_PX_PER_MM = 10  # Inkscape's render, before it is made small
REF_PX_PER_MM = 2  # stored: regions, not anti-aliasing

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from reference_fonts import inkscape_env, use_test_fonts  # noqa: E402


def cards(project: Path, spec: dict):
    """(index, row values, template path) for every card the comparison covers."""
    from printkit.custom import data as D
    from printkit.custom import template as T

    cmp = spec["compare"]
    table = D.read_table(project / cmp["data"], cmp.get("sheet"))
    table.qty = cmp.get("qty_column")  # the project's count column when not qty/copies/quantity
    chooser = T.compile_text(cmp["front"], "front")
    seen = set()
    for i, row in enumerate(D.expand(table)):
        key = tuple(sorted(row.values.items()))
        if key in seen:  # a row printed several times (qty): one reference
            continue
        seen.add(key)
        name = T.render(chooser, T.variables(row.values, i)).strip()
        yield i, row.values, project / name


def show_layers(text: str, listed: str) -> str:
    """The layers Component Generator exports for a row whose layer column holds
    `listed` (`left|right`): `[*]` and `[fixed]` layers, `[key]` layers whose key
    is listed, and no other layer (as its build_temp_svg_file shows them)."""
    from lxml import etree

    ink = "{http://www.inkscape.org/namespaces/inkscape}"
    keys = [k.strip().lower() for k in listed.split("|") if k.strip()]
    root = etree.fromstring(text.encode("utf-8"), etree.XMLParser(resolve_entities=False, huge_tree=False))
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if g.get(ink + "groupmode") != "layer" or g.get(ink + "label") is None:
            continue
        label = g.get(ink + "label").lower()
        show = label.startswith(("[*] ", "[fixed] ")) or any(label.startswith(f"[{k}] ") for k in keys)
        g.set("style", "display:inline" if show else "display:none")
    return etree.tostring(root, encoding="unicode")


def fill(template: Path, values: dict, index: int, markup: str = "", pattern: str = "", nocase: bool = False) -> str:
    """The template's text with this card's values put in (XML-escaped); a
    template named `sheet.svg#card` is cut to that rectangle first, as printkit
    reads it (printkit.custom.svg.crop_to_element: the page becomes the card).
    `pattern` (corpus.toml's reference_fill, e.g. "%VAR_{}%"): the template holds
    another tool's placeholders, and each is replaced as that tool replaces it,
    by plain text substitution of the column's cell (not through printkit);
    `nocase` (reference_fill_nocase): the tool matches the placeholder whatever
    its case (MailMerge-SVG's {{NAME}} for the column Name)."""
    import jinja2
    from lxml import etree

    from printkit.custom import template as T
    from printkit.custom.project import split_element
    from printkit.custom.svg import crop_to_element

    template, element = split_element(template)
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    escaped = {k: html.escape(v, quote=True) for k, v in values.items()}
    if markup == "bold":  # the project's own script turns **x** into a bold tspan: so does its reference
        import re

        escaped = {k: re.sub(r"\*\*([^*]+)\*\*", r'<tspan style="font-weight:bold">\1</tspan>', v) for k, v in escaped.items()}
    variables = T.variables(escaped, index)
    if pattern:
        text = template.read_text(encoding="utf-8")
        for column, value in sorted(escaped.items(), key=lambda kv: -len(kv[0])):  # longest names first
            if nocase:
                import re

                text = re.sub(re.escape(pattern.format(column)), lambda _m, v=value: v, text, flags=re.IGNORECASE)
            else:
                text = text.replace(pattern.format(column), value)
    else:
        text = env.from_string(template.read_text(encoding="utf-8")).render(**variables)
    if element:
        root = etree.fromstring(text.encode("utf-8"), etree.XMLParser(resolve_entities=False, huge_tree=False))
        crop_to_element(root, element, template.name)
        text = etree.tostring(root, encoding="unicode")
    return text


def render(svg_text: str, folder: Path, trim_mm, card_size: str, out: Path, beside: Path | None = None) -> None:
    """Inkscape renders the filled SVG (saved beside the template, `beside`, so
    its images resolve; the project folder by default); the page is cut to the
    trim, centred, and made small."""
    from PIL import Image

    from printkit.custom import template as T
    from printkit.custom.svg import SvgTemplate

    with tempfile.NamedTemporaryFile("w", suffix=".svg", dir=beside or folder, delete=False, encoding="utf-8") as f:
        f.write(svg_text)
        tmp_svg = Path(f.name)
    tmp_png = tmp_svg.with_suffix(".png")
    try:
        t = SvgTemplate(tmp_svg, T.Context.for_folder(folder), trim_mm)  # the page's size in mm, as printkit reads it
        w_mm, h_mm = t.doc_mm
        w_px, h_px = round(w_mm * RENDER_PX_PER_MM), round(h_mm * RENDER_PX_PER_MM)
        subprocess.run(
            ["inkscape", str(tmp_svg), "--export-type=png", f"--export-filename={tmp_png}", "--export-area-page",
             f"--export-width={w_px}", f"--export-height={h_px}", "--export-background=#ffffff", "--export-background-opacity=1"],
            check=True, capture_output=True, timeout=120, env=inkscape_env(),
        )
        im = Image.open(tmp_png).convert("RGB")
        bx, by = (w_mm - trim_mm[0]) / 2, (h_mm - trim_mm[1]) / 2
        k = im.width / w_mm
        box = (round(bx * k), round(by * k), round((bx + trim_mm[0]) * k), round((by + trim_mm[1]) * k))
        small = im.crop(box).resize((round(trim_mm[0] * REF_PX_PER_MM), round(trim_mm[1] * REF_PX_PER_MM)), Image.Resampling.BOX)
        out.parent.mkdir(parents=True, exist_ok=True)
        small.save(out, optimize=True)
    finally:
        tmp_svg.unlink(missing_ok=True)
        tmp_png.unlink(missing_ok=True)


def fonts_used(templates) -> str:
    """fontconfig's choice for each family the templates name (what Inkscape drew with)."""
    import re

    families = set()
    for t in templates:
        families.update(f.strip().strip("'\"") for f in re.findall(r"font-family[:=]\s*\"?([^;\"]+)", t.read_text(encoding="utf-8")))
    lines = []
    for fam in sorted(families):
        # fc-match reads its argument as a fontconfig name, where '-' starts the size
        # ("MyriadPro-Regular" would ask for "MyriadPro"): escaped, it is the family
        # Inkscape asks for (through Pango, by family, not by name syntax)
        name = re.sub(r"([-:,\\])", r"\\\1", fam)
        got = subprocess.run(["fc-match", name], capture_output=True, text=True, env=inkscape_env()).stdout.strip() if shutil.which("fc-match") else "?"
        lines.append(f"{fam}: {got}")
    return "\n".join(lines) + "\n"


def main(names: list[str]) -> int:
    if shutil.which("inkscape") is None:
        print("corpus_references: Inkscape is not installed (apt-get install inkscape)", file=sys.stderr)
        return 2
    from printkit.custom.project import split_element
    from printkit.engine.units import CARDS

    use_test_fonts()
    for project in sorted(p for p in CORPUS.iterdir() if (p / "corpus.toml").is_file()):
        if names and project.name not in names:
            continue
        spec = tomllib.loads((project / "corpus.toml").read_text(encoding="utf-8"))
        if spec["compare"].get("reference") != "inkscape":
            continue
        trim = CARDS[spec["compare"]["card_size"]]
        out_dir = project / "reference"
        templates = set()
        layer_column = spec["compare"].get("reference_layers", "")  # the column listing each row's layers, as Component Generator reads it
        for i, values, template in cards(project, spec):
            templates.add(split_element(template)[0])
            text = fill(template, values, i, spec["compare"].get("reference_markup", ""), spec["compare"].get("reference_fill", ""), spec["compare"].get("reference_fill_nocase", False))
            if layer_column:
                text = show_layers(text, values.get(layer_column, ""))
            render(text, project, trim, spec["compare"]["card_size"], out_dir / f"card-{i + 1:02d}.png", split_element(template)[0].parent)
        (out_dir / "fonts.txt").write_text(fonts_used(sorted(templates)), encoding="utf-8")
        print(f"{project.name}: {len(list(out_dir.glob('card-*.png')))} references")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
