"""Shared test helpers: run the CLI as a user would, read PDFs back, render pages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """`printkit ARGS` in a subprocess (as a user types it); text output."""
    full_env = dict(os.environ)
    full_env.pop("PRINTKIT_DEBUG", None)
    # no user printkit.toml leaks into a test (one in cwd still counts)
    full_env["XDG_CONFIG_HOME"] = str((cwd or Path.cwd()) / ".no-user-config")
    if env:
        full_env.update(env)
    proc = subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd, env=full_env, capture_output=True, text=True, timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"printkit {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc


def render_page(pdf_path: Path, index: int = 0, dpi: float = 100):
    """Render one page to a PIL image with pdfium (a real PDF renderer)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def decode_qr(image) -> list[str]:
    """Every QR code zxing-cpp finds in the image, as text."""
    import zxingcpp

    return [r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode]


def assert_no_traceback(proc: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A clean working directory; output/ lands inside it."""
    return tmp_path
