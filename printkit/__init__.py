"""printkit: print-and-play PDFs for small cipher and word games."""

__version__ = "0.1.0"
