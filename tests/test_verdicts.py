"""What decides a run's verdict: a card larger than the paper is one line and
exit 2 (make, deck and validate alike), naming what would hold it; the cap on
listed violations never turns warnings into a refusal."""

from __future__ import annotations

from conftest import assert_no_traceback, run_cli


def _project(root, size=(200, 280), rows=("One", "Two"), text_at=(20, 40), extra="") -> None:
    w, h = size
    (root / "game.toml").write_text(f'[game]\ntitle = "Big"\ncard_size = "{w:g}x{h:g}mm"\n\n[[deck]]\nname = "tables"\ntitle = "Table cards"\ndata = "cards.csv"\nfront = "front.svg"\n')
    (root / "cards.csv").write_text("name,art\n" + "".join(f"{r},{'a' if not extra or i else 'missing'}\n" for i, r in enumerate(rows)))
    x, y = text_at
    (root / "front.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w:g}mm" height="{h:g}mm" viewBox="0 0 {w:g} {h:g}">'
        f'<rect width="{w:g}" height="{h:g}" fill="#dde"/><text x="{x}" y="{y}" font-size="6" font-family="Noto Sans">{{{{ name }}}}</text>{extra}</svg>'
    )


def test_card_larger_than_paper_is_one_line_naming_what_fits(workdir):
    _project(workdir)
    for args in (["validate", "game.toml"], ["make", "game.toml"], ["deck", "--data", "cards.csv", "--front", "front.svg", "--card-size", "200x280mm"]):
        proc = run_cli(*args, cwd=workdir)
        assert proc.returncode == 2, (args, proc.stderr)
        assert_no_traceback(proc)
        line = proc.stderr.strip()
        assert line.count("\n") == 0, line
        assert "200x280 mm card" in line and "A4" in line and "--paper a3" in line and "--layout single" in line, line
    fold = run_cli("make", "game.toml", "--layout", "fold", "--paper", "a3", cwd=workdir)
    assert fold.returncode == 2 and "--layout fold" in fold.stderr and "--layout sheet" in fold.stderr, fold.stderr
    assert not (workdir / "output").exists() or not any((workdir / "output").iterdir())
    # what the message offers prints
    assert run_cli("make", "game.toml", "--paper", "a3", cwd=workdir).returncode == 0
    assert run_cli("make", "game.toml", "--layout", "single", cwd=workdir).returncode == 0


def test_card_sides_up_to_a4_are_accepted(workdir):
    _project(workdir, size=(210, 297))
    proc = run_cli("make", "game.toml", "--layout", "single", "--bleed", "0", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    from pypdf import PdfReader

    page = PdfReader(workdir / "output" / "big-cards.pdf").pages[0]
    assert abs(float(page.mediabox.width) - 210 / 25.4 * 72) < 0.1 and abs(float(page.mediabox.height) - 297 / 25.4 * 72) < 0.1
    assert run_cli("make", "game.toml", "--paper", "a3", cwd=workdir).returncode == 0
    too_big = run_cli("deck", "--data", "cards.csv", "--front", "front.svg", "--card-size", "210x298mm", cwd=workdir)
    assert too_big.returncode == 2 and "15-297 mm" in too_big.stderr


def test_many_warnings_never_refuse_and_are_counted(workdir):
    """130 cards, each with its text in the safe zone: written (exit 0), the
    warnings named, the ones past the cap counted by code; --strict refuses."""
    _project(workdir, size=(63, 88), rows=[f"Card {i}" for i in range(130)], text_at=(1, 6))
    proc = run_cli("make", "game.toml", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "warning: OWN-SAFE-ZONE" in out, out
    assert "more warnings not listed (OWN-SAFE-ZONE x" in out, out
    assert (workdir / "output" / "big-kit.pdf").is_file()
    val = run_cli("validate", "game.toml", cwd=workdir)
    assert val.returncode == 0 and ": ok (" in val.stdout, val.stdout
    strict = run_cli("make", "game.toml", "--strict", "-o", "strict.pdf", cwd=workdir)
    assert strict.returncode == 1 and not (workdir / "strict.pdf").exists()


def test_errors_are_listed_before_the_cap(workdir):
    """An error among many warnings is listed (not hidden behind the cap) and refuses."""
    _project(workdir, size=(63, 88), rows=[f"Card {i}" for i in range(130)], text_at=(1, 6),
             extra='<image x="20" y="20" width="20" height="20" xlink:href="art/{{ art }}.png"/>')
    (workdir / "art").mkdir()
    from PIL import Image

    Image.new("RGB", (400, 400), "red").save(workdir / "art" / "a.png")
    proc = run_cli("make", "game.toml", cwd=workdir)
    assert proc.returncode == 1, proc.stderr
    assert "missing.png" in proc.stderr and "refused" in proc.stderr, proc.stderr
    assert "OWN-MORE" not in proc.stderr  # the count of warnings is no reason to refuse


def test_kit_with_a_card_size_larger_than_the_paper(workdir):
    """printkit.toml's card size reaches the built-in kits: refused in one line
    (exit 2) that names where the size came from and a paper that holds it."""
    (workdir / "printkit.toml").write_text('card_size = "200x280mm"\n', encoding="utf-8")
    proc = run_cli("kit", "cryptex", cwd=workdir)
    assert proc.returncode == 2, proc.stderr
    line = proc.stderr.strip()
    assert line.count("\n") == 0 and "card_size 200x280mm" in line and "printkit.toml" in line and "--paper a3" in line, line
    assert "--layout" not in line  # kit takes no --layout


def test_validate_groups_a_finding_repeated_on_many_cards(workdir):
    """validate says a warning found on 130 cards once, with how many more, as make does."""
    _project(workdir, size=(63, 88), rows=[f"Card {i}" for i in range(130)], text_at=(1, 6))
    proc = run_cli("validate", "game.toml", cwd=workdir)
    assert proc.returncode == 0, proc.stderr
    safe = [line for line in proc.stdout.splitlines() if line.startswith("game.toml: warning: OWN-SAFE-ZONE")]
    assert len(safe) == 1 and "(and 59 more cards like it)" in safe[0], proc.stdout
    assert "and 70 more warnings not listed (OWN-SAFE-ZONE x70)" in proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "game.toml: ok (Big: 1 parts, 130 cards, 131 warnings)"  # 130 safe-zone, 1 bleed
