"""What keeps a downloaded project harmless: templates run in a sandbox with
bounded work, every path it names stays inside its folder, every file it names
is a regular file of bounded size, every picture a bounded number of pixels.

docs/security.md states the promise and every limit below. The limits can be
lowered (never raised past a hard ceiling) through PRINTKIT_LIMIT_<NAME>
environment variables, which the tests use to stay fast.

Nothing here draws; the template kinds (svg.py, layout.py), the data readers
and the font and icon look-ups call these functions.
"""

from __future__ import annotations

import math
import os
import re
import stat
import threading
from functools import lru_cache
from pathlib import Path

from printkit.errors import UsageError


def _limit(name: str, default: int) -> int:
    """A limit, lowered by PRINTKIT_LIMIT_<NAME> if set: a whole number above 0 in
    the digits 0-9 (a value past `default` leaves it at `default`). Anything else
    is refused (UsageError naming the variable): a limit that silently stayed as
    it was would not be the one the user asked for."""
    var = f"PRINTKIT_LIMIT_{name}"
    text = os.environ.get(var)
    if not text:  # unset, or set to nothing
        return default
    if not re.fullmatch(r"[0-9]+", text) or not text.strip("0"):  # "²" and "٣" are digits to str.isdigit, not to int()
        shown_value = repr(text[:20] + ("..." if len(text) > 20 else ""))
        raise UsageError(f"{var}={shown_value}: not a whole number above 0 in the digits 0-9 (the limit is {default:,}; the variable can only lower it)")
    text = text.lstrip("0")
    if len(text) > len(str(default)):  # past the ceiling (and past what int() reads: 4,300 digits)
        return default
    return min(int(text), default)


MB = 1024 * 1024
#: the documented limits (docs/security.md)
LIMITS = {
    "TEXT_CHARS": _limit("TEXT_CHARS", 100_000),  # characters any template value may grow to (plus its source's length)
    "TEMPLATE_WORK": _limit("TEMPLATE_WORK", 1_000_000),  # characters and steps one rendering may make
    "TEMPLATE_STEPS": _limit("TEMPLATE_STEPS", 10_000),  # loop turns and calls in one rendering
    "RUN_STEPS": _limit("RUN_STEPS", 2_000_000),  # loop turns and calls in all templates of one run
    "ITEMS": _limit("ITEMS", 10_000),  # items of a range or list a template makes
    "FILE_BYTES": _limit("FILE_BYTES", 32 * MB),  # any text file: project, template, data, rules page
    "IMAGE_BYTES": _limit("IMAGE_BYTES", 64 * MB),  # any picture, font or spreadsheet file
    "IMAGE_PIXELS": _limit("IMAGE_PIXELS", 25_000_000),  # pixels of one picture (a 300 dpi A3 is 17.4 million)
    "DATA_BYTES": _limit("DATA_BYTES", 4 * MB),  # a .csv or .json data file
    "XLSX_UNPACKED": _limit("XLSX_UNPACKED", 48 * MB),  # an .xlsx unpacked (it is a zip)
    "ROWS": _limit("ROWS", 10_000),  # data rows of one file
    "COLUMNS": _limit("COLUMNS", 200),  # data columns
    "CELL_CHARS": _limit("CELL_CHARS", 10_000),  # characters in one data cell
    "CARDS": _limit("CARDS", 5_000),  # cards and tokens in one project, after qty and copies
    "SVG_ELEMENTS": _limit("SVG_ELEMENTS", 50_000),  # elements in one SVG file (all the files it shows, together)
    "SVG_DEPTH": _limit("SVG_DEPTH", 100),  # nesting of SVG elements
    "SVG_FILES": _limit("SVG_FILES", 50),  # SVG files one drawing shows (nested pictures)
    "FONT_FILES": _limit("FONT_FILES", 2_000),  # font files looked at in one fonts folder
}


class LimitError(UsageError):
    """A project went past one of printkit's limits (exit 2)."""


def shown(text, limit: int = 80) -> str:
    from printkit.engine.files import shown as _shown

    return _shown(text, limit)


# -- paths ---------------------------------------------------------------------------

URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:(?!\\)")  # http:, https:, file:, ftp: ... (not C:\)


def is_url(text: str) -> bool:
    t = str(text).strip()
    return bool(URL.match(t)) and not re.match(r"^[A-Za-z]:[\\/]", t) and not t.lower().startswith("data:")


def inside(path, roots) -> bool:
    """True when `path`, with every symbolic link followed, is in one of the folders `roots`."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return False
    for root in roots:
        try:
            r = os.path.realpath(root)
            if os.path.commonpath([r, real]) == r:
                return True
        except (OSError, ValueError):
            continue
    return False


def confine(path, roots, what: str = "file", *, named=None) -> Path:
    """`path` if it stays (symbolic links followed) inside one of the folders `roots`;
    else UsageError naming it. Web addresses are refused: printkit never fetches."""
    text = str(path if named is None else named)
    if "\0" in str(path):
        raise UsageError(f"{shown(text)}: a path cannot hold a NUL byte")
    if is_url(text):
        raise UsageError(f"{shown(text)}: {what} is a web address; printkit reads only files in the project folder (download it there)")
    if not inside(path, roots):
        raise UsageError(f"{shown(text)}: {what} is outside the project folder; printkit reads only files inside it (copy the file there)")
    return Path(path)


_ALLOWED: list[str] = []
_NETWORK = [False]


def allow_network(on: bool = True) -> None:
    """The user asked (--fetch) for the web addresses a project names to be fetched."""
    _NETWORK[0] = bool(on)


# -- addresses -----------------------------------------------------------------------
# A data address (--fetch, --data URL) is fetched from the public internet only: the
# address a name resolves to is checked here, on every redirect, and the connection
# goes to that checked address (printkit/custom/data.py fetch_url).

def address_refusal(ip) -> str | None:
    """Why printkit does not connect to `ip` (an ipaddress address), or None for an
    address on the public internet. Refused: this computer (loopback, unspecified),
    local networks (private, carrier-grade NAT, link-local, where a cloud server's
    metadata service answers), multicast, reserved and documentation ranges, and an
    IPv6 address that carries one of those (IPv4-mapped, 6to4, NAT64)."""
    import ipaddress

    if ip.version == 6:
        inner = ip.ipv4_mapped or ip.sixtofour
        if inner is None and ip in ipaddress.IPv6Network("64:ff9b::/96"):  # NAT64: the IPv4 address is the last 32 bits
            inner = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if inner is not None:  # judged by the IPv4 address it carries
            why = address_refusal(inner)
            return f"{why} (written as IPv6)" if why else None
    if ip.is_loopback or ip.is_unspecified:
        return "an address of this computer"
    if ip.is_link_local:
        return "a link-local address (the local network, where a cloud server's metadata service answers)"
    if ip.is_multicast:
        return "a multicast address"
    if ip.is_reserved:
        return "not an address on the public internet"
    if ip.version == 4 and ip in ipaddress.IPv4Network("100.64.0.0/10") or ip.is_private or ip.version == 6 and ip.is_site_local:
        return "an address of a private network"
    if not ip.is_global:
        return "not an address on the public internet"
    return None


def network_allowed() -> bool:
    return _NETWORK[0]


def allow(roots) -> None:
    """Folders a project may read from (its own), for the pictures nested in SVG art."""
    for r in roots:
        real = os.path.realpath(r)
        if real not in _ALLOWED:
            _ALLOWED.append(real)


def allowed() -> list[str]:
    return list(_ALLOWED)


def regular(path, what: str = "file", cap: int | None = None) -> None:
    """`path` (links followed) is a regular file of at most `cap` bytes, else UsageError.
    FIFOs, devices, sockets and folders are refused without being opened."""
    from printkit.engine.files import open_regular

    cap = LIMITS["FILE_BYTES"] if cap is None else cap
    with open_regular(path, what, cap):
        pass


def read_bytes(path, what: str = "file", cap: int | None = None) -> bytes:
    """The bytes of a regular file of at most `cap` bytes (checked again while reading:
    a file that grows is cut off and refused)."""
    from printkit.engine.files import open_regular

    cap = LIMITS["FILE_BYTES"] if cap is None else cap
    with open_regular(path, what, cap) as fh:
        # read(n) sets aside n bytes before it reads: ask for the file's size and one byte
        # more (not the limit: 32 MB held for a 1 KB picture), then on to the limit if it grew
        want = min(cap, os.fstat(fh.fileno()).st_size) + 1
        data = fh.read(want)
        if len(data) == want and want <= cap:
            data += fh.read(cap + 1 - want)
    if len(data) > cap:
        raise LimitError(f"{shown(path)}: the {what} is over printkit's limit of {cap / MB:g} MB")
    return data


def read_text(path, what: str = "file", cap: int | None = None) -> str:
    """A UTF-8 text file (a BOM is dropped), bounded as read_bytes."""
    data = read_bytes(path, what, cap)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{shown(path)}: the {what} is not UTF-8 text") from None


# -- numbers -------------------------------------------------------------------------

def number(value, where: str, lo: float, hi: float, unit: str = "") -> float:
    """A finite number in [lo, hi], else UsageError naming `where`."""
    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"{where}: '{shown(value, 40)}' is not a number") from None
    if not math.isfinite(v) or not lo <= v <= hi:
        raise UsageError(f"{where}: {shown(value, 40)}{unit} is out of range ({lo:g} to {hi:g}{unit})")
    return v


def finite_tree(value, where: str, depth: int = 0) -> None:
    """Refuse NaN and infinity anywhere in parsed TOML/JSON (tables, lists)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise UsageError(f"{where}: {value} is not a usable number")
    if depth > 50:
        raise UsageError(f"{where}: nested too deeply")
    if isinstance(value, dict):
        for k, v in value.items():
            finite_tree(v, f"{where} {k}" if depth < 3 else where, depth + 1)
    elif isinstance(value, list):
        for v in value:
            finite_tree(v, where, depth + 1)


# -- pictures ------------------------------------------------------------------------

def check_pixels(size: tuple[int, int], name) -> None:
    w, h = size
    if w * h > LIMITS["IMAGE_PIXELS"]:
        raise LimitError(f"{shown(name)}: the picture is {w}x{h} pixels ({w * h / 1e6:.0f} million), over printkit's limit of {LIMITS['IMAGE_PIXELS'] / 1e6:g} million: scale it down")


def open_image(path_or_file, name):
    """A PIL image opened (header only) after the size checks, decoded later by the caller.
    Pillow's own decompression-bomb warning never reaches the terminal: printkit's
    limit is lower and checked here first."""
    import warnings

    from PIL import Image

    Image.MAX_IMAGE_PIXELS = LIMITS["IMAGE_PIXELS"]  # anything opening pictures later (ReportLab, svglib) errs too
    if isinstance(path_or_file, (str, os.PathLike)):
        regular(path_or_file, "picture", LIMITS["IMAGE_BYTES"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            im = Image.open(path_or_file)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise LimitError(f"{shown(name)}: the picture is over printkit's limit of {LIMITS['IMAGE_PIXELS'] / 1e6:g} million pixels: scale it down") from None
    check_pixels(im.size, name)
    return im


# -- SVG files and what they show ----------------------------------------------------

XLINK = "{http://www.w3.org/1999/xlink}href"


def parse_svg(data: bytes, name):
    """An SVG document parsed without entities, network or DTD loading, with its
    elements and nesting counted against the limits."""
    from lxml import etree

    # elements counted in the bytes first (opening tags): a tree over the limit is never built
    tags = data.count(b"<") - data.count(b"</") - data.count(b"<!") - data.count(b"<?")
    if tags > LIMITS["SVG_ELEMENTS"] + 1000:
        raise LimitError(f"{shown(name)}: about {tags:,} SVG elements, over printkit's limit of {LIMITS['SVG_ELEMENTS']:,}: simplify the drawing")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True, load_dtd=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        from printkit.custom.messages import xml_error

        raise UsageError(xml_error(exc, data, name)) from None
    count_svg(root, name)
    return root


def count_svg(root, name, counted: list | None = None) -> int:
    """Elements of an SVG tree, refused past SVG_ELEMENTS or nested past SVG_DEPTH."""
    total = counted[0] if counted else 0
    limit, deep = LIMITS["SVG_ELEMENTS"], LIMITS["SVG_DEPTH"]
    stack = [(root, 1)]
    while stack:
        el, d = stack.pop()
        total += 1
        if total > limit:
            raise LimitError(f"{shown(name)}: over {limit:,} SVG elements, printkit's limit: simplify the drawing")
        if d > deep:
            raise LimitError(f"{shown(name)}: SVG elements nested over {deep} deep, printkit's limit")
        stack.extend((child, d + 1) for child in el)
    if counted is not None:
        counted[0] = total
    return total


def _data_uri_bytes(href: str, name):
    """The bytes a base64 data: address holds (None when it is not one).
    UsageError naming the file when the base64 is broken."""
    import base64
    import binascii

    m = re.match(r"data:image/[a-z+.-]+;base64,", href[:64].lower())
    if not m:
        return None
    try:
        return base64.b64decode("".join(href[m.end():].split()), validate=False)
    except (binascii.Error, ValueError):
        raise UsageError(f"{shown(name)}: an embedded picture is not valid base64") from None


def _data_uri_pixels(href: str, name) -> None:
    """A data: address's picture checked against the pixel limit (LimitError
    when over it); what Pillow cannot read is left alone: svglib skips it."""
    import io

    raw = _data_uri_bytes(href, name)
    if raw is None:
        return
    try:
        with open_image(io.BytesIO(raw), f"{name} (embedded picture)") as im:
            im.size
    except LimitError:
        raise
    except Exception:
        return


def data_uri_image(href: str, name):
    """The PNG or JPEG a data: address holds, decoded and loaded (within the
    pixel limit), or None when it holds something else."""
    import io

    raw = _data_uri_bytes(href, name)
    if raw is None:
        return None
    try:
        with open_image(io.BytesIO(raw), f"{name} (embedded picture)") as im:
            if im.format not in ("PNG", "JPEG"):
                return None
            im.load()
            return im.copy()
    except LimitError:
        raise
    except Exception:
        return None


def check_svg_refs(path: Path, roots, chain: tuple = (), counted: list | None = None, root=None) -> None:
    """Every picture and drawing an SVG file shows (<image> and <use> references,
    followed into the SVG files they name): inside `roots`, regular files within
    the limits, no picture that shows itself. UsageError (or LimitError) naming
    the first that is not."""
    path = Path(path)
    counted = [0] if counted is None else counted
    real = os.path.realpath(path)
    if real in chain:
        raise UsageError(f"{shown(path)}: shows itself (through {' -> '.join(Path(c).name for c in chain[chain.index(real):])} -> {path.name}): a picture cannot contain itself")
    if len(chain) >= LIMITS["SVG_FILES"]:
        raise LimitError(f"{shown(path)}: pictures nested over {LIMITS['SVG_FILES']} deep, printkit's limit")
    if root is None:
        root = parse_svg(read_bytes(path, "SVG file"), path)
        count_svg(root, path, counted)
    else:
        count_svg(root, path, counted)
    chain = chain + (real,)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        tag = el.tag.rsplit("}", 1)[-1]
        if tag not in ("image", "use", "feImage", "pattern", "linearGradient", "radialGradient", "a", "textPath", "tref", "filter", "script", "mpath"):
            continue
        href = (el.get(XLINK) or el.get("href") or "").strip()
        if not href or href.startswith("#") or "{{" in href or "{%" in href:
            continue
        if href.lower().startswith("data:"):
            _data_uri_pixels(href, path)
            continue
        if tag == "a":
            continue  # a link is not drawn
        target = href.split("#", 1)[0]
        if is_url(target):
            raise UsageError(f"{shown(path)}: <{tag}> names the web address {shown(target, 60)}; printkit reads only files in the project folder")
        from urllib.parse import unquote

        full = Path(unquote(target))
        if not full.is_absolute():
            full = path.parent / full
        confine(full, roots, f"the file <{tag}> in {path.name} names", named=target)
        if not os.path.lexists(full):
            continue  # not there: looked for elsewhere in the project, or reported missing
        if full.suffix.lower() in (".svg", ".svgz"):
            check_svg_refs(full, roots, chain, counted)
        else:
            with open_image(full, full):
                pass


# -- templates -----------------------------------------------------------------------

class _Budget(threading.local):
    """The work one rendering may do: characters made and steps (loop turns, calls).
    One per thread (`printkit serve` renders in several)."""

    def __init__(self) -> None:
        self.chars = self.steps = self.run_steps = 0
        self.cap = LIMITS["TEXT_CHARS"]

    def start(self, source_len: int) -> None:
        self.chars = self.steps = 0
        self.cap = LIMITS["TEXT_CHARS"] + source_len

    def step(self, n: int = 1) -> None:
        self.steps += n
        self.run_steps += n
        if self.steps > LIMITS["TEMPLATE_STEPS"]:
            raise LimitError(f"over {LIMITS['TEMPLATE_STEPS']:,} loop turns and calls in one card, printkit's limit")
        if self.run_steps > LIMITS["RUN_STEPS"]:
            raise LimitError(f"over {LIMITS['RUN_STEPS']:,} loop turns and calls in all, printkit's limit")

    def made(self, value):
        """Count a value a template made; refuse one too large."""
        if isinstance(value, (str, list, tuple, dict, set, frozenset, bytes)):
            n = len(value)
            limit = self.cap if isinstance(value, (str, bytes)) else LIMITS["ITEMS"]
            if n > limit:
                raise LimitError(f"a value of {n:,} {'characters' if isinstance(value, str) else 'items'}, over printkit's limit of {limit:,}")
            self.chars += n
            if self.chars > LIMITS["TEMPLATE_WORK"] + self.cap:
                raise LimitError(f"over {LIMITS['TEMPLATE_WORK']:,} characters made in one card, printkit's limit")
        elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4096:
            raise LimitError("a number over 4096 bits, printkit's limit")
        return value

    def need(self, n) -> None:
        """Refuse before making a value that would be `n` characters or items long."""
        if n > self.cap or n > LIMITS["TEMPLATE_WORK"]:
            raise LimitError(f"a value of {int(n):,} characters or items, over printkit's limit of {self.cap:,}")


BUDGET = _Budget()


def new_run() -> None:
    """A project is read again (a new run, or `serve` refreshing): the run's step count starts over."""
    BUDGET.run_steps = 0


def bounded_iter(iterable):
    """What a template's {% for %} loops over: each turn counted against the budget."""
    try:
        items = iter(iterable)
    except TypeError:
        return iterable  # Jinja reports the error itself
    return _counted(items)


def _counted(items):
    for item in items:
        BUDGET.step()
        yield item


def bounded_concat(value):
    """The result of `~` (string joining), counted."""
    return BUDGET.made(value)


def _size(x) -> int:
    try:
        return len(x)
    except TypeError:
        return len(str(x)) if isinstance(x, (int, float)) else 0


_WIDTH = re.compile(r"%[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?[a-zA-Z%]")


def _check_percent(fmt, args=()) -> None:
    """`'%999999999d' % 1` would make a gigabyte: widths over the text limit are refused."""
    if not isinstance(fmt, str):
        return
    for m in _WIDTH.finditer(fmt):
        for g in m.groups():
            if g == "*":
                raise LimitError("'*' widths in % formats are not allowed in templates")
            if g and int(g) > BUDGET.cap:
                raise LimitError(f"a % format width of {int(g):,}, over printkit's limit of {BUDGET.cap:,}")


def _checked_filters(filters: dict) -> dict:
    """Every built-in filter, its result counted; the ones that can multiply
    their input (join, replace, center, indent, wordwrap, format, batch, slice,
    tojson, sum) checked before they run."""
    import functools

    def pre(name, args, kwargs):
        a = list(args)
        if name == "join" and a:
            items = list(a[0]) if not isinstance(a[0], (str, dict)) else a[0]
            sep = a[1] if len(a) > 1 else kwargs.get("d", "")
            BUDGET.need(sum(_size(x) if isinstance(x, str) else len(str(x)) for x in items) + len(items) * _size(sep))
            a[0] = items
        elif name == "replace" and len(a) >= 3:
            s, old, new = str(a[0]), str(a[1]), str(a[2])
            times = len(s) + 1 if old == "" else s.count(old)
            BUDGET.need(len(s) + times * len(new))
        elif name == "center" and len(a) >= 2:
            BUDGET.need(int(a[1]) if isinstance(a[1], (int, float)) else 0)
        elif name == "indent":
            width = a[1] if len(a) > 1 else kwargs.get("width", 4)
            w = len(width) if isinstance(width, str) else int(width) if isinstance(width, (int, float)) else 0
            BUDGET.need((str(a[0]).count("\n") + 1) * (w + 1) + len(str(a[0])))
        elif name == "wordwrap" and a:
            s = str(a[0])
            width = a[1] if len(a) > 1 else kwargs.get("width", 79)
            wrap = a[4] if len(a) > 4 else kwargs.get("wrapstring") or "\n"
            BUDGET.need(len(s) + (len(s) // max(1, int(width) if isinstance(width, (int, float)) else 1) + 1) * _size(wrap))
        elif name == "format" and a:
            _check_percent(a[0], a[1:])
        elif name in ("batch", "slice") and len(a) >= 2:
            n = a[1]
            if isinstance(n, (int, float)) and n > LIMITS["ITEMS"]:
                raise LimitError(f"{name}({n}): over printkit's limit of {LIMITS['ITEMS']:,} items")
        elif name == "tojson":
            ind = a[1] if len(a) > 1 else kwargs.get("indent")
            if ind is not None and (len(ind) if isinstance(ind, str) else abs(int(ind)) if isinstance(ind, (int, float)) else 0) > 16:
                raise LimitError("tojson indent over 16, printkit's limit")
        elif name == "sum" and a:
            items = list(a[0])
            BUDGET.need(sum(_size(x) for x in items if isinstance(x, (str, list, tuple))))
            a[0] = items
        elif name == "truncate" and len(a) > 3:
            BUDGET.need(_size(a[3]))
        return a

    def wrap(name, f):
        @functools.wraps(f)
        def checked(*args, **kwargs):
            args = _pre(pre, name, args, kwargs)
            BUDGET.step()
            return BUDGET.made(f(*args, **kwargs))

        for flag in ("jinja_pass_arg",):
            if hasattr(f, flag):
                setattr(checked, flag, getattr(f, flag))
        return checked

    out = {}
    for name, f in filters.items():
        if hasattr(f, "jinja_pass_arg"):  # environment/context/eval-context first: the value is args[1]
            out[name] = _wrap_passing(name, f, pre)
        else:
            out[name] = wrap(name, f)
    return out


def _pre(pre, name, args, kwargs):
    try:
        return pre(name, args, kwargs)
    except LimitError:
        raise
    except Exception:  # a wrong argument: the filter itself says what is wrong
        return list(args)


def _wrap_passing(name, f, pre):
    import functools

    @functools.wraps(f)
    def checked(first, *args, **kwargs):
        args = _pre(pre, name, args, kwargs)
        BUDGET.step()
        return BUDGET.made(f(first, *args, **kwargs))

    checked.jinja_pass_arg = f.jinja_pass_arg
    return checked


def bounded_range(*args):
    """range() in templates: at most ITEMS numbers."""
    r = range(*args)
    if len(r) > LIMITS["ITEMS"]:
        raise LimitError(f"range of {len(r):,} numbers, over printkit's limit of {LIMITS['ITEMS']:,}")
    return r


def bounded_lipsum(n=5, html=True, min=20, max=100):
    from jinja2.utils import generate_lorem_ipsum

    if not all(isinstance(v, int) and 0 <= v <= 100 for v in (n, min, max)):
        raise LimitError("lipsum takes numbers up to 100")
    return generate_lorem_ipsum(n, html, min, max)


_STR_SAFE = {
    "upper", "lower", "title", "capitalize", "casefold", "swapcase", "strip", "lstrip", "rstrip",
    "split", "rsplit", "splitlines", "startswith", "endswith", "find", "rfind", "index", "rindex",
    "count", "partition", "rpartition", "removeprefix", "removesuffix", "isdigit", "isalpha", "isalnum",
    "isspace", "isupper", "islower", "istitle", "isnumeric", "isdecimal", "encode",
    "replace", "join", "center", "ljust", "rjust", "zfill", "expandtabs",
}


@lru_cache(maxsize=2)
def sandbox(autoescape: bool):
    """Jinja2's ImmutableSandboxedEnvironment (no attribute that leads to Python
    internals, no changing lists or dicts), with every loop, call, operator and
    filter counted against the limits above. Undefined names are errors."""
    import jinja2
    from jinja2 import nodes
    from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

    class Template(jinja2.Template):
        pk_source_len = 0
        pk_where = ""
        pk_names = None  # the names it reads, when its text depends on nothing else (memo below)

        def render(self, *args, **kwargs):
            """A rendering depends only on the values of the names the template
            reads (no random filter, no lipsum): rows that give them the same
            values (with their types: 1 and 1.0 print differently) get the text
            made for the first, as a deck's check pass and drawing both ask. A
            remembered text still counts the steps it took against the run's limit."""
            names = self.pk_names
            if names is None or kwargs or len(args) != 1 or type(args[0]) is not dict:
                return self._pk_render(*args, **kwargs)
            values = args[0]
            try:
                key = tuple((values[n].__class__, values[n]) for n in names)
                hit = self.pk_memo.get(key)
            except (KeyError, TypeError):  # a name missing (its error comes from Jinja2), a value not hashable
                return self._pk_render(values)
            if hit is not None:
                BUDGET.run_steps += hit[1]
                if BUDGET.run_steps > LIMITS["RUN_STEPS"]:
                    raise LimitError(f"{self.pk_where + ': ' if self.pk_where else ''}over {LIMITS['RUN_STEPS']:,} loop turns and calls in all, printkit's limit")
                return hit[0]
            before = BUDGET.run_steps
            out = self._pk_render(values)
            if len(self.pk_memo) >= 512:
                self.pk_memo.clear()
            self.pk_memo[key] = (out, BUDGET.run_steps - before)
            return out

        def _pk_render(self, *args, **kwargs):
            BUDGET.start(self.pk_source_len)
            try:
                return super().render(*args, **kwargs)
            except LimitError as exc:
                raise LimitError(f"{self.pk_where}: {exc}" if self.pk_where else str(exc)) from None
            except SecurityError as exc:
                raise LimitError(f"{self.pk_where}: not allowed in a template: {exc}") from None
            except RecursionError:
                raise LimitError(f"{self.pk_where}: template calls nested too deeply") from None

    class Sandbox(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset(["*", "**", "+", "%", "//", "/"])
        template_class = Template

        def __init__(self, **kw) -> None:
            super().__init__(**kw)
            self.globals["range"] = bounded_range
            self.globals["lipsum"] = bounded_lipsum
            self.filters = _checked_filters(self.filters)

        @staticmethod
        def concat(pieces) -> str:
            out, n = [], 0
            for piece in pieces:
                n += len(piece)
                if n > BUDGET.cap:
                    raise LimitError(f"a text over {BUDGET.cap:,} characters, printkit's limit")
                out.append(piece)
            return "".join(out)

        def getattr(self, obj, attribute):
            if isinstance(obj, str) and attribute in ("format", "format_map"):
                raise SecurityError("str.format is not allowed in templates (use the format filter)")
            return super().getattr(obj, attribute)

        def getitem(self, obj, argument):
            if isinstance(obj, str) and argument in ("format", "format_map"):
                raise SecurityError("str.format is not allowed in templates (use the format filter)")
            return super().getitem(obj, argument)

        def call_binop(self, context, operator, left, right):
            if operator == "*":
                for a, b in ((left, right), (right, left)):
                    if isinstance(a, (str, list, tuple)) and isinstance(b, int):
                        BUDGET.need(len(a) * max(0, b))
            elif operator == "**":
                if isinstance(right, (int, float)) and isinstance(left, (int, float)) and abs(left) > 1 and abs(right) * math.log2(abs(left) + 1) > 4096:
                    raise LimitError("a power over 4096 bits, printkit's limit")
            elif operator == "%" and isinstance(left, str):
                _check_percent(left)
            BUDGET.step()
            return BUDGET.made(super().call_binop(context, operator, left, right))

        def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805
            BUDGET.step()
            owner = getattr(__obj, "__self__", None)
            if isinstance(owner, str) and callable(__obj):
                name = getattr(__obj, "__name__", "")
                if name not in _STR_SAFE:
                    raise LimitError(f"text method .{name}() is not allowed in a template")
                if name in ("center", "ljust", "rjust", "zfill") and args and isinstance(args[0], int):
                    BUDGET.need(args[0])
                elif name == "expandtabs":
                    BUDGET.need(len(owner) * (args[0] if args and isinstance(args[0], int) else 8))
                elif name == "replace" and len(args) >= 2:
                    old, new = str(args[0]), str(args[1])
                    BUDGET.need(len(owner) + (len(owner) + 1 if old == "" else owner.count(old)) * len(new))
                elif name == "join" and args:
                    items = list(args[0]) if not isinstance(args[0], str) else args[0]
                    BUDGET.need(sum(_size(x) for x in items) + len(items) * len(owner))
                    args = (items, *args[1:])
            return BUDGET.made(super().call(__context, __obj, *args, **kwargs))

        def _parse(self, source, name, filename):
            tree = super()._parse(source, name, filename)
            for node in tree.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
                raise jinja2.TemplateSyntaxError("include, import and extends are not allowed: a template reads no other file", node.lineno, name, filename)
            for loop in tree.find_all(nodes.For):
                loop.iter = nodes.Call(nodes.ImportedName("printkit.custom.safety.bounded_iter"), [loop.iter], [], None, None, lineno=loop.lineno)
            for parent in list(tree.find_all(nodes.Node)):
                for field in parent.fields:
                    value = getattr(parent, field, None)
                    if isinstance(value, nodes.Concat):
                        setattr(parent, field, _wrap_concat(value, nodes))
                    elif isinstance(value, list):
                        setattr(parent, field, [(_wrap_concat(v, nodes) if isinstance(v, nodes.Concat) else v) for v in value])
            return tree

        def from_string(self, source, *args, **kwargs):
            t = super().from_string(source, *args, **kwargs)
            t.pk_source_len = len(source) if isinstance(source, str) else 0
            if isinstance(source, str):
                from jinja2 import meta

                ast = self.parse(source)
                names = meta.find_undeclared_variables(ast)
                used = {n.name for n in ast.find_all(nodes.Name)}
                if not used & set(self.globals) and not any(f.name == "random" for f in ast.find_all(nodes.Filter)):
                    t.pk_names = tuple(sorted(names))
                    t.pk_memo = {}
            return t

    return Sandbox(undefined=jinja2.StrictUndefined, autoescape=autoescape, keep_trailing_newline=False)


def compile_template(source: str, where: str, xml: bool = False):
    """The source compiled by Jinja2's sandbox (`xml`: autoescaped for an SVG);
    UsageError naming `where` for a placeholder Jinja2 cannot read."""
    import jinja2

    try:
        compiled = sandbox(xml).from_string(source)
        compiled.pk_where = where
        return compiled
    except jinja2.TemplateSyntaxError as exc:
        raise UsageError(f"{where}: placeholder error: {exc.message} (line {exc.lineno})") from None


def _wrap_concat(node, nodes):
    return nodes.Call(nodes.ImportedName("printkit.custom.safety.bounded_concat"), [node], [], None, None, lineno=node.lineno)


def expression(env, source: str, where: str = ""):
    """A compiled `show` condition: called with the row's values, run in the sandbox
    with the same budget as a template."""
    from jinja2.sandbox import SecurityError

    compiled = env.compile_expression(source)
    at = f"{where}: " if where else ""

    def run(**values):
        BUDGET.start(len(source))
        try:
            return compiled(**values)
        except LimitError as exc:
            raise LimitError(f"{at}{exc}") from None
        except SecurityError as exc:
            raise LimitError(f"{at}not allowed in a template: {exc}") from None
        except RecursionError:
            raise LimitError(f"{at}template calls nested too deeply") from None

    return run
