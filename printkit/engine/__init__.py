"""The print engine: paper, cards, bleed, marks, duplex, fonts, ink, QR, PDF.

It imports no game. Games hand it drawing functions and plain numbers.
"""


def _defer_pillow() -> None:
    """ReportLab's utilities import Pillow's Image module at start (~10 ms) for
    pictures a deck of built-in cards never has. Until something uses it,
    PIL.Image is a stand-in that imports the real module at its first attribute
    and then passes every attribute to it; `from PIL import Image` anywhere
    after that gets the real module. Nothing changes where Pillow is already
    imported or missing."""
    import sys

    if "PIL.Image" in sys.modules or "reportlab.lib.utils" in sys.modules:
        return
    try:
        import PIL
    except ImportError:
        return
    import types

    class Deferred(types.ModuleType):
        def _real(self):
            real = self.__dict__.get("_pk_real")
            if real is None:
                import importlib

                del sys.modules["PIL.Image"]
                if getattr(PIL, "Image", None) is self:
                    del PIL.Image
                real = importlib.import_module("PIL.Image")
                object.__setattr__(self, "_pk_real", real)
            return real

        def __getattr__(self, name):
            return getattr(self._real(), name)

        def __setattr__(self, name, value):
            setattr(self._real(), name, value)

    stand_in = Deferred("PIL.Image")
    sys.modules["PIL.Image"] = stand_in
    PIL.Image = stand_in


_defer_pillow()
