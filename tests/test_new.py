"""`printkit new NAME`: a starter project that validates, prints and reads back."""

from __future__ import annotations

from conftest import assert_no_traceback, render_page, run_cli


def test_new_project_validates_prints_and_reads_back(workdir):
    import xml.etree.ElementTree as ET

    from pypdf import PdfReader

    proc = run_cli("new", "moon-fox", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    root = workdir / "moon-fox"
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()) == sorted(
        ["game.toml", "cards.csv", "front.svg", "back.svg", "icons/star.svg", "rules.md"])
    toml = (root / "game.toml").read_text(encoding="utf-8")
    assert 'title = "Moon Fox"' in toml and 'name = "moon-fox"' in toml and "docs/own-deck.md" in toml
    for svg in ("front.svg", "back.svg"):  # drawn as Inkscape writes them: namedview, a layer, mm page with bleed
        tree = ET.parse(root / svg).getroot()
        ns = {"svg": "http://www.w3.org/2000/svg", "sodipodi": "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd", "inkscape": "http://www.inkscape.org/namespaces/inkscape"}
        assert tree.get("width") == "69mm" and tree.get("height") == "94mm"
        assert tree.get("{http://www.inkscape.org/namespaces/inkscape}version", "").startswith("1.")
        assert tree.find("sodipodi:namedview", ns) is not None
        assert tree.find("svg:g[@inkscape:groupmode='layer']", ns) is not None
    val = run_cli("validate", "moon-fox/game.toml", cwd=workdir)
    assert val.returncode == 0, val.stdout + val.stderr
    assert val.stdout.strip().splitlines()[-1] == "moon-fox/game.toml: ok (Moon Fox: 2 parts, 12 cards)"  # no warning either
    made = run_cli("make", "moon-fox/game.toml", cwd=workdir)
    assert made.returncode == 0, made.stderr
    assert "warning" not in made.stdout, made.stdout
    pdf = workdir / "output" / "moon-fox-kit.pdf"
    reader = PdfReader(pdf)
    text = "\n".join(page.extract_text() for page in reader.pages)
    for words in ("Moon Fox", "Rules", "Shuffle the deck", "Scout", "Look at the top card of the", "Block one attack this round.",
                  "Draw two cards and keep one.", "Every player discards a card.", "HERO", "EVENT"):
        assert words in text, words
    cards = [i for i, page in enumerate(reader.pages) if "Scout" in page.extract_text()]
    assert cards, "no page with the cards"
    img = render_page(pdf, cards[0], dpi=40).convert("RGB")
    colours = img.getcolors(img.width * img.height)
    banner = sum(n for n, c in colours if max(abs(a - b) for a, b in zip(c, (0x24, 0x52, 0x7A))) < 10)
    assert banner > 0.05 * img.width * img.height  # the cards' blue headers are drawn
    # the star icon (:star: in the text) is drawn in its gold on the first card
    gold = sum(n for n, c in colours if max(abs(a - b) for a, b in zip(c, (0xE8, 0xA3, 0x17))) < 30)
    assert gold > 0


def test_new_refuses_a_folder_that_exists(workdir):
    (workdir / "taken").mkdir()
    (workdir / "taken" / "mine.txt").write_text("keep me", encoding="utf-8")
    for name in ("taken", "."):
        proc = run_cli("new", name, cwd=workdir)
        assert proc.returncode == 2, proc.stderr
        assert_no_traceback(proc)
        assert proc.stderr.strip().count("\n") == 0 and "printkit: error: new:" in proc.stderr, proc.stderr
    assert (workdir / "taken" / "mine.txt").read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in (workdir / "taken").iterdir()) == ["mine.txt"]
    bad = run_cli("new", "---", cwd=workdir)
    assert bad.returncode == 2 and not (workdir / "---").exists()


def test_new_project_exports_a_tabletop_deck(workdir):
    """The starter's deck goes through every export: a tabletop deck of 12 cards."""
    import json

    from test_exports import check_tts_deck

    run_cli("new", "starter", cwd=workdir, check=True)
    proc = run_cli("make", "starter/game.toml", "--format", "tabletop", "--dpi", "40", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    saved = json.loads((workdir / "output" / "starter-tabletop" / "starter-cards.json").read_text(encoding="utf-8"))
    check_tts_deck(saved, 12, shared=True)
    assert [c["Nickname"] for c in saved["ObjectStates"][0]["ContainedObjects"]][:4] == ["Scout", "Scout", "Scout", "Guard"]
