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
import functools
import io
import ipaddress
import itertools
import warnings
from urllib.parse import quote, unquote, unquote_to_bytes

from printkit.custom.svgcss import sheet_text
from printkit.errors import UsageError

PLACEHOLDER = re.compile(r"\{\{|\{%")  # where a template holds a placeholder or a tag


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
    "PLACEHOLDERS": _limit("PLACEHOLDERS", 5_000),  # {{ }} and {% %} tags in one template file (a card's face)
    "NUMBER_DIGITS": _limit("NUMBER_DIGITS", 100),  # digits of a number written in a placeholder
    "FILE_BYTES": _limit("FILE_BYTES", 32 * MB),  # any text file: project, template, data, rules page
    "IMAGE_BYTES": _limit("IMAGE_BYTES", 64 * MB),  # any picture, font or spreadsheet file
    "IMAGE_PIXELS": _limit("IMAGE_PIXELS", 25_000_000),  # pixels of one picture (a 300 dpi A3 is 17.4 million)
    "DATA_BYTES": _limit("DATA_BYTES", 4 * MB),  # a .csv or .json data file
    "PAGE_BYTES": _limit("PAGE_BYTES", 1 * MB),  # a text page's file ([[page]] text): 2.5 MB filled 1,000 pages, 12 MB ran out of memory
    "PAGE_BLOCKS": _limit("PAGE_BLOCKS", 20_000),  # headings, paragraphs and list items of a text page: 20,000 fill some 470 pages (50 MB); 330,000 one-letter paragraphs (660 KB) ran out of memory
    "XLSX_UNPACKED": _limit("XLSX_UNPACKED", 48 * MB),  # an .xlsx unpacked (it is a zip)
    "ROWS": _limit("ROWS", 10_000),  # data rows of one file
    "COLUMNS": _limit("COLUMNS", 200),  # data columns
    "CELL_CHARS": _limit("CELL_CHARS", 10_000),  # characters in one data cell
    "CARDS": _limit("CARDS", 5_000),  # cards and tokens in one project, after qty and copies
    "SVG_ELEMENTS": _limit("SVG_ELEMENTS", 50_000),  # elements in one SVG file (all the files it shows, together)
    "LAYOUT_CONDITIONS": _limit("LAYOUT_CONDITIONS", 200_000),  # show conditions a layout answers for one deck, each once for the values it reads (about 10 s of Jinja2 at most)
    "LAYOUT_ELEMENTS": _limit("LAYOUT_ELEMENTS", 500),  # [[element]] tables of one layout template (each looked at on every card)
    "SVG_DEPTH": _limit("SVG_DEPTH", 100),  # nesting of SVG elements
    "SVG_FILES": _limit("SVG_FILES", 50),  # SVG files one drawing shows (nested pictures)
    "FONT_FILES": _limit("FONT_FILES", 2_000),  # font files looked at in one fonts folder
    "SVG_EFFECTS": _limit("SVG_EFFECTS", 300),  # elements with a filter or mask in one SVG template (each drawn as a picture)
    "FILTER_WORK": _limit("FILTER_WORK", 4_000_000_000),  # pixel steps the filters of one picture may take (pixels x passes)
    "PATH_NUMBERS": _limit("PATH_NUMBERS", 1_000_000),  # numbers in the path data (d, points) of one SVG file
    "SNIPPET_DRAWINGS": _limit("SNIPPET_DRAWINGS", 100_000),  # the cards' own versions of elements with placeholders one run reads (each some 0.5 ms to draw; one more per 40 elements its document copies, resolves and walks)
    "UNIT_ELEMENTS": _limit("UNIT_ELEMENTS", 300_000),  # elements the documents of one SVG template's parts hold together (each part's copy of the drawing's frame: defs, groups; some 400 bytes each)
    "SHEET_CHARS": _limit("SHEET_CHARS", 16_000_000),  # characters one spreadsheet sheet holds once laid out (shared text counted per cell)
}


class LimitError(UsageError):
    """A project went past one of printkit's limits (exit 2)."""


def shown(text, limit: int = 80) -> str:
    from printkit.base.files import shown as _shown

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

#: IANA's IPv4 and IPv6 Special-Purpose Address Registries (iana-ipv4-special-registry,
#: iana-ipv6-special-registry as of 2025-10): each block and its "Globally Reachable"
#: column, True, False or None (N/A, or left empty for a deprecated block). Read here
#: rather than from Python's ipaddress, whose lists depend on its version (3.11 knows
#: neither 3fff::/20 nor 192.0.0.0/24, and calls the reachable blocks inside 2001::/23
#: private). IPv4-mapped, 6to4 and NAT64 (64:ff9b::/96) addresses are judged by the
#: IPv4 address they carry, before this table is read.
SPECIAL_PURPOSE = (
    ("0.0.0.0/8", '"this network"', False), ("0.0.0.0/32", '"this host on this network"', False),
    ("10.0.0.0/8", "private use", False), ("100.64.0.0/10", "shared address space", False),
    ("127.0.0.0/8", "loopback", False), ("169.254.0.0/16", "link local", False), ("172.16.0.0/12", "private use", False),
    ("192.0.0.0/24", "IETF protocol assignments", False), ("192.0.0.0/29", "IPv4 service continuity prefix", False),
    ("192.0.0.8/32", "IPv4 dummy address", False), ("192.0.0.9/32", "Port Control Protocol anycast", True),
    ("192.0.0.10/32", "TURN anycast", True), ("192.0.0.170/32", "NAT64/DNS64 discovery", False), ("192.0.0.171/32", "NAT64/DNS64 discovery", False),
    ("192.0.2.0/24", "documentation (TEST-NET-1)", False), ("192.31.196.0/24", "AS112-v4", True), ("192.52.193.0/24", "AMT", True),
    ("192.88.99.0/24", "deprecated 6to4 relay anycast", None), ("192.88.99.2/32", "6a44 relay anycast", False),
    ("192.168.0.0/16", "private use", False), ("192.175.48.0/24", "direct delegation AS112 service", True),
    ("198.18.0.0/15", "benchmarking", False), ("198.51.100.0/24", "documentation (TEST-NET-2)", False),
    ("203.0.113.0/24", "documentation (TEST-NET-3)", False), ("240.0.0.0/4", "reserved", False), ("255.255.255.255/32", "limited broadcast", False),
    ("::1/128", "loopback", False), ("::/128", "unspecified", False), ("::ffff:0:0/96", "IPv4-mapped", False),
    ("64:ff9b::/96", "IPv4-IPv6 translation", True), ("64:ff9b:1::/48", "local-use IPv4-IPv6 translation", False),
    ("100::/64", "discard-only", False), ("100:0:0:1::/64", "dummy IPv6 prefix", False),
    ("2001::/23", "IETF protocol assignments", False), ("2001::/32", "Teredo", None),
    ("2001:1::1/128", "Port Control Protocol anycast", True), ("2001:1::2/128", "TURN anycast", True),
    ("2001:1::3/128", "DNS-SD service registration anycast", True), ("2001:2::/48", "benchmarking", False),
    ("2001:3::/32", "AMT", True), ("2001:4:112::/48", "AS112-v6", True), ("2001:10::/28", "deprecated ORCHID", None),
    ("2001:20::/28", "ORCHIDv2", True), ("2001:30::/28", "drone remote ID entity tags", True),
    ("2001:db8::/32", "documentation", False), ("2002::/16", "6to4", None), ("2620:4f:8000::/48", "direct delegation AS112 service", True),
    ("3fff::/20", "documentation", False), ("5f00::/16", "segment routing (SRv6) SIDs", False),
    ("fc00::/7", "unique local", False), ("fe80::/10", "link-local unicast", False),
)


@lru_cache(maxsize=1)
def _special_networks() -> tuple:
    """SPECIAL_PURPOSE as (network, name, reachable), the most specific block first."""
    rows = [(ipaddress.ip_network(net), name, reach) for net, name, reach in SPECIAL_PURPOSE]
    return tuple(sorted(rows, key=lambda r: -r[0].prefixlen))


def special_purpose(ip):
    """The registries' most specific block holding `ip`, as (network, name,
    globally reachable), or None for an address in no special-purpose block."""
    for net, name, reach in _special_networks():
        if net.version == ip.version and ip in net:
            return net, name, reach
    return None


def address_refusal(ip) -> str | None:
    """Why printkit does not connect to `ip` (an ipaddress address), or None for an
    address on the public internet. Refused: this computer (loopback, unspecified),
    local networks (private, carrier-grade NAT, link-local, where a cloud server's
    metadata service answers), multicast, reserved and documentation ranges, every
    block of IANA's special-purpose registries not marked globally reachable
    (SPECIAL_PURPOSE) and every address Python's ipaddress calls private or not
    global (the two readings together), and an IPv6 address that carries one of those (IPv4-mapped,
    6to4, NAT64)."""
    if ip.version == 6:
        inner = ip.ipv4_mapped or ip.sixtofour
        if inner is None and ip in ipaddress.IPv6Network("64:ff9b::/96"):  # NAT64: the IPv4 address is the last 32 bits
            inner = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if inner is not None:  # judged by the IPv4 address it carries
            why = address_refusal(inner)
            return f"{why} (written as IPv6)" if why else None
    special = special_purpose(ip)
    # both readings refuse: a block the registries call globally reachable inside one that
    # Python calls private (2001:20::/28 ORCHIDv2 in 2001::/23) stays refused, as it was
    if special is not None and special[2] is True:
        special = None
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
    if special is not None:
        return f"not an address on the public internet (IANA's {special[1]} block, {special[0]})"
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
    from printkit.base.files import open_regular

    cap = LIMITS["FILE_BYTES"] if cap is None else cap
    with open_regular(path, what, cap):
        pass


def read_bytes(path, what: str = "file", cap: int | None = None) -> bytes:
    """The bytes of a regular file of at most `cap` bytes (checked again while reading:
    a file that grows is cut off and refused)."""
    from printkit.base.files import open_regular

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


#: the picture formats printkit reads (Pillow's names; a camera's JPEG with
#: several pictures comes as JPEG's own MPO). Any other is refused before it is
#: decoded: Pillow hands an EPS or PostScript file to Ghostscript, a program that
#: runs the file's PostScript (it can loop for ever, and read and write files).
PICTURE_FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF")


def open_image(path_or_file, name):
    """A PIL image opened (header only) after the size checks, decoded later by the caller.
    Only PICTURE_FORMATS are opened (another format raises as a file that is no
    picture does). Pillow's own decompression-bomb warning never reaches the
    terminal: printkit's limit is lower and checked here first."""
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = LIMITS["IMAGE_PIXELS"]  # anything opening pictures later (ReportLab, the drawer) errs too
    if isinstance(path_or_file, (str, os.PathLike)):
        regular(path_or_file, "picture", LIMITS["IMAGE_BYTES"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            im = Image.open(path_or_file, formats=PICTURE_FORMATS)
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
    count_path_numbers(root, name)
    return root


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def count_path_numbers(root, name) -> int:
    """Numbers in the path data (d, points) of an SVG tree: a path of millions of
    segments is refused before anything lays it out (PATH_NUMBERS)."""
    total, limit = 0, LIMITS["PATH_NUMBERS"]
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for key in ("d", "points"):
            value = el.get(key)
            if value and len(value) > 8:
                total += sum(1 for _ in _NUMBER.finditer(value))
            elif value:
                total += 2
        if total > limit:
            raise LimitError(f"{shown(name)}: over {limit:,} numbers in its paths, printkit's limit: simplify the drawing")
    return total


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


_DATA_PICTURE = r"(?i)data:image/[a-z0-9+.-]+((?:;[^,;]*)*?)(;\s*base64\s*)?,"  # compiled by re at the first data: address


def _data_uri_bytes(href: str, name):
    """The bytes a data:image/... address holds, in any spelling a renderer
    reads: base64 or percent-encoded, with parameters (`;charset=...`) or
    without. None when it is no such address. UsageError naming the file when
    the base64 is broken."""
    import base64
    import binascii

    m = re.match(_DATA_PICTURE, href[:512])
    if not m:
        return None
    body = href[m.end():]
    if not m.group(2):
        return unquote_to_bytes(body)
    try:
        return base64.b64decode("".join(body.split()), validate=False)
    except (binascii.Error, ValueError):
        raise UsageError(f"{shown(name)}: an embedded picture is not valid base64") from None


def _data_uri_pixels(href: str, name) -> None:
    """A data: address's picture checked against the pixel limit (LimitError
    when over it); one that is no picture Pillow reads (a truncated or mistyped
    embed) is refused in one line (UsageError), not left out unsaid."""
    raw = _data_uri_bytes(href, name)
    if raw is None:
        return
    try:
        with open_image(io.BytesIO(raw), f"{name} (embedded picture)") as im:
            im.size
    except LimitError:
        raise
    except Exception:
        raise UsageError(f"{shown(name)}: an embedded picture ({shown(href, 40)}) is not a picture printkit can read: embed it again, or link the picture's file") from None


def load_picture(path, name=None, decode: bool = True):
    """A picture file decoded through open_image (a regular file within the size
    limit, a format printkit reads, within the pixel limit), as a PIL image
    (`decode` False: its header checked only, None returned). UsageError naming
    it when it is no picture printkit reads."""
    name = path if name is None else name
    try:
        with open_image(path, name) as im:
            if not decode:
                return None
            im.load()
            return im.copy()
    except UsageError:
        raise
    except Exception:
        raise UsageError(f"{shown(name)}: not a picture printkit reads (PNG, JPEG, GIF, WebP, BMP or TIFF)") from None


def _png_base64(im) -> str:
    import base64

    buf = io.BytesIO()
    im.convert("RGBA").save(buf, "PNG")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def data_uri_image(href: str, name, any_format: bool = False):
    """The PNG or JPEG (`any_format`: any picture printkit reads) a data:
    address holds, decoded and loaded (within the pixel limit), or None when it
    holds something else."""
    raw = _data_uri_bytes(href, name)
    if raw is None:
        return None
    try:
        with open_image(io.BytesIO(raw), f"{name} (embedded picture)") as im:
            if im.format not in ("PNG", "JPEG") and not any_format:
                return None
            im.load()
            return im.copy()
    except LimitError:
        raise
    except Exception:
        return None


def check_svg_refs(path: Path, roots, chain: tuple = (), counted: list | None = None, root=None) -> None:
    """Every file an SVG file shows checked by the gate (resolve_svg without
    changing the tree): inside `roots`, regular files within the limits, no
    picture that shows itself. Placeholders not yet filled are checked once
    filled, when the card's document is resolved for drawing."""
    path = Path(path)
    if root is None:
        root = parse_svg(read_bytes(path, "SVG file"), path)
    _Refs(roots, embed=False, counted=counted, chain=chain).walk(root, path.parent, path)


def resolve_svg(root, base, roots, name, *, locate=None):
    """The gate's answer for a document about to be drawn (by printkit's drawer or
    resvg): every reference it makes, after its placeholders are filled, resolved
    through `confine` and replaced by what was checked. A picture becomes a
    data: address of the bytes read and checked here; a drawing in another SVG
    file (<use>, <image>) is copied in, its own references resolved the same way;
    a CSS url() to another file, an @import, an XML base or a link (<a>) is removed;
    a reference outside `roots` or to the web stops the run (UsageError naming it).
    The renderer is handed nothing it would have to look up itself.
    `root` is changed in place and returned; `base` is the folder relative
    references start from; `locate(href)` may find a picture elsewhere in the
    project (the template's picture folders)."""
    _Refs(roots, embed=True, locate=locate).walk(root, Path(base), name)
    return root


_SVG_NS = "http://www.w3.org/2000/svg"
_CSS_HINT = re.compile(r"url|\\|@import|src", re.I)
_BOX_ATTRS = ("x", "y", "width", "height", "preserveAspectRatio")
_CARRIED = ("transform", "style", "class", "opacity", "clip-path", "mask", "filter", "id", "visibility", "display")


class _Refs:
    """One walk over an SVG tree and the files it names (see resolve_svg)."""

    def __init__(self, roots, embed: bool, locate=None, counted=None, chain: tuple = ()) -> None:
        self.roots = roots
        self.embed = embed
        self.locate = locate
        self.counted = [0] if counted is None else counted
        self.chain = chain
        self.files: dict = {}  # real path -> a resolved copy of that SVG file's tree
        self.serial = 0

    # -- the walk ---------------------------------------------------------------------
    def walk(self, root, base: Path, name, chain: tuple | None = None) -> None:
        from lxml import etree

        chain = self.chain if chain is None else chain
        count_svg(root, name, self.counted)
        for el in list(root.iter()):
            tag = el.tag
            if not isinstance(tag, str):
                if self.embed and tag in (etree.PI, etree.Entity, etree.Comment) and el.getparent() is not None:
                    _drop(el)  # a style sheet instruction, an entity left unexpanded: nothing a renderer should see
                continue
            local = tag.rsplit("}", 1)[-1]
            if tag.startswith("{") and not tag.startswith("{" + _SVG_NS + "}"):
                if self.embed and el.getparent() is not None:
                    _drop(el)  # XInclude, XHTML, an editor's own elements: no renderer draws them, none is handed one
                continue
            if local == "style":
                sheet = sheet_text(el)  # the whole sheet, also past a processing instruction or an element inside it
                if sheet and _CSS_HINT.search(sheet) and (self.embed or "{{" not in sheet):
                    sheet = self.css(sheet, "sheet", local, base, name)
                if self.embed and (len(el) or sheet != el.text):
                    for child in list(el):
                        el.remove(child)  # with its tail: the renderer is handed the sheet checked, as one text
                    el.text = sheet or None
            if local == "script" and self.embed:
                _drop(el)
                continue
            for key, value in list(el.attrib.items()):
                attr = key.rsplit("}", 1)[-1]
                if attr in ("href", "src"):
                    new = self.ref(el, local, value, base, name, chain)
                    if self.embed:
                        if new is None:
                            del el.attrib[key]
                        elif new is not value:
                            el.set(key, new)
                elif attr == "base" and key.startswith("{http://www.w3.org/XML/1998/namespace}"):
                    if self.embed:
                        del el.attrib[key]
                elif _CSS_HINT.search(value) and ("(" in value or "\\" in value) and (self.embed or "{{" not in value):
                    new = self.css(value, "decls" if attr == "style" else "value", local, base, name)
                    if self.embed and new != value:
                        el.set(key, new)

    # -- one reference ------------------------------------------------------------------
    def ref(self, el, tag: str, value: str, base: Path, name, chain: tuple):
        """What an href (or src) becomes: the same text for a reference inside the
        document, a data: address, "" for a file copied in, None to remove it."""
        href = value.strip()
        if not href or href.startswith("#"):
            return value
        if not self.embed and ("{{" in href or "{%" in href):
            return value  # filled in per card, and checked then
        if tag == "a":
            return None  # a link is never drawn
        if href[:5].lower() == "data:":
            return self.data(href, tag, base, name, chain)
        target, _, fragment = href.partition("#")
        if is_url(target):
            raise UsageError(f"{shown(name)}: <{tag}> names the web address {shown(target, 60)}; printkit reads only files in the project folder")
        full = self.file(target, tag, base, name)
        if full is None:
            return None
        if full.suffix.lower() in (".svg", ".svgz"):
            return self.svg_file(el, tag, full, fragment, name, chain)
        if not self.embed:
            load_picture(full, full, decode=False)  # a regular file, a picture printkit reads within the pixel limit (header only)
            return value
        return _picture_uri(full)

    def file(self, target: str, tag: str, base: Path, name) -> Path | None:
        """The gate for a file an SVG names: resolved, links followed, confined."""
        text = unquote(target)
        full = Path(text)
        if not full.is_absolute():
            full = base / full
        if self.locate is not None and tag == "image" and not os.path.lexists(full):
            found = self.locate(text)
            full = found if found is not None else full
        confine(full, self.roots, f"the file <{tag}> in {Path(str(name)).name} names", named=target)
        return full if os.path.lexists(full) else None

    def data(self, href: str, tag: str, base: Path, name, chain: tuple):
        head = href[:80].lower()
        if head.startswith("data:image/svg+xml"):
            import base64

            comma = href.find(",")
            meta, body = href[5:comma], href[comma + 1:]
            try:
                raw = base64.b64decode("".join(body.split())) if meta.lower().endswith(";base64") else unquote_to_bytes(body)
            except ValueError:
                raise UsageError(f"{shown(name)}: an embedded drawing is not valid base64") from None
            if len(chain) >= LIMITS["SVG_FILES"]:  # a drawing in a data: address is a picture shown inside another too
                raise LimitError(f"{shown(name)}: pictures nested over {LIMITS['SVG_FILES']} deep (drawings in data: addresses), printkit's limit")
            inner = parse_svg(raw, f"{name} (embedded drawing)")
            self.walk(inner, base, name, chain + (f"{Path(str(name)).name} (embedded drawing)",))  # a drawing inside a data: address names files too
            if not self.embed:
                return href
            from lxml import etree

            # written again percent-encoded, not in base64: in base64 each level of drawings in
            # drawings grew by a third again (45 levels of a 100 KB file came to 200 MB); escaped,
            # a level adds two characters for each one escaped, as the project's own escaping does

            return "data:image/svg+xml," + quote(etree.tostring(inner), safe="/=:;,.-_()'*+!@$~?")
        if head.startswith("data:image/"):
            if _data_uri_bytes(href, name) is None:  # no address printkit reads: nothing handed on
                return href if not self.embed else None
            _data_uri_pixels(href, name)  # a picture printkit reads, within the pixel limit
            if not self.embed or re.match(r"data:image/(png|jpeg);base64,[A-Za-z0-9+/=\s]*$", href):
                return href
            im = data_uri_image(href, name, any_format=True)  # what a renderer reads is what was checked
            return None if im is None else "data:image/png;base64," + _png_base64(im)
        return href if not self.embed else None  # not a picture: nothing to draw

    def svg_file(self, el, tag: str, full: Path, fragment: str, name, chain: tuple):
        """A drawing in another SVG file: checked (and followed), and in a resolved
        document copied in under fresh ids."""
        import copy

        real = os.path.realpath(full)
        if real in chain:
            raise UsageError(f"{shown(full)}: shows itself (through {' -> '.join(Path(c).name for c in chain[chain.index(real):])} -> {full.name}): a picture cannot contain itself")
        if len(chain) >= LIMITS["SVG_FILES"]:
            raise LimitError(f"{shown(full)}: pictures nested over {LIMITS['SVG_FILES']} deep, printkit's limit")
        if real not in self.files:
            inner = parse_svg(read_bytes(full, "SVG file"), full)
            self.walk(inner, full.parent, full, chain + (real,))
            self.files[real] = inner
        if not self.embed:
            return el.get(XLINK) or el.get("href")
        self.serial += 1
        prefix = f"pk{self.serial}-"
        inner = copy.deepcopy(self.files[real])
        count_svg(inner, full, self.counted)  # every copy counts: a drawing used a thousand times is a thousand drawings
        _prefix_ids(inner, prefix)
        root = el.getroottree().getroot()
        from lxml import etree

        if tag == "image" and not fragment:
            holder = etree.Element(f"{{{_SVG_NS}}}g")
            for k in _CARRIED:
                if el.get(k) is not None:
                    holder.set(k, el.get(k))
            nested = etree.SubElement(holder, f"{{{_SVG_NS}}}svg")
            for k in _BOX_ATTRS:
                if el.get(k) is not None:
                    nested.set(k, el.get(k))
            box = inner.get("viewBox")
            if not box:
                try:
                    box = f"0 0 {float(re.sub(r'[a-z%]+$', '', inner.get('width', '100')))} {float(re.sub(r'[a-z%]+$', '', inner.get('height', '100')))}"
                except ValueError:
                    box = None
            if box:
                nested.set("viewBox", box)
            for child in list(inner):
                nested.append(child)
            parent = el.getparent()
            if parent is not None:
                parent.replace(el, holder)
            return ""
        defs = etree.SubElement(root, f"{{{_SVG_NS}}}defs")
        group = etree.SubElement(defs, f"{{{_SVG_NS}}}g", id=f"{prefix}root")
        for child in list(inner):
            group.append(child)
        return f"#{prefix}{fragment or 'root'}"

    # -- CSS ------------------------------------------------------------------------------
    def css(self, text: str, kind: str, tag: str, base: Path, name) -> str:
        try:
            return self._css(text, kind, tag, base, name)
        except RecursionError:  # blocks nested thousands deep: tinycss2 reads them by recursion
            raise LimitError(f"{shown(Path(str(name)).name)}: the CSS in <{tag}> is nested too deeply to read, printkit's limit") from None

    def _css(self, text: str, kind: str, tag: str, base: Path, name) -> str:
        """A style sheet, a style attribute or a property value with every url()
        not inside the document checked by the gate, then removed (no renderer
        reads another file for CSS); @import rules dropped."""
        import tinycss2
        from tinycss2 import ast

        if kind == "sheet":
            nodes = tinycss2.parse_stylesheet(text, skip_comments=True)
        elif kind == "decls":
            nodes = tinycss2.parse_blocks_contents(text, skip_comments=True)
        else:
            nodes = tinycss2.parse_component_value_list(text, skip_comments=True)
        changed = [False]

        def url_of(tok):
            if tok.type == "url":
                return tok.value
            if tok.type == "function" and tok.lower_name in ("url", "src"):
                args = [a for a in tok.arguments if a.type not in ("whitespace", "comment")]
                return args[0].value if args and args[0].type == "string" else ""
            return None

        def fix(tokens):
            for i, tok in enumerate(tokens):
                if tok.type == "error":  # CSS that cannot be read (`stroke:url(;`): no renderer reads it, nor can it be written back
                    tokens[i] = ast.WhitespaceToken(tok.source_line, tok.source_column, " ")
                    changed[0] = True
                    continue
                if tok.type == "bad-url":  # an address CSS cannot read: nothing to hand on
                    tokens[i] = ast.IdentToken(tok.source_line, tok.source_column, "none")
                    changed[0] = True
                    continue
                u = url_of(tok)
                if u is not None:
                    u = u.strip()
                    if u.startswith("#"):
                        continue
                    target = u.split("#", 1)[0]
                    if u[:5].lower() != "data:" and target and not is_url(target):
                        self.file(target, tag, base, name)  # a file: through the gate (outside the project: refused); a web address: never fetched
                    tokens[i] = ast.IdentToken(tok.source_line, tok.source_column, "none")
                    changed[0] = True
                    continue
                for field in ("arguments", "content", "value", "prelude"):
                    inner = getattr(tok, field, None)
                    if isinstance(inner, list):
                        fix(inner)

        kept = []
        for node in nodes:
            if node.type == "at-rule" and node.lower_at_keyword == "import":
                fix(list(node.prelude or []))  # checked, then dropped: nothing is imported
                changed[0] = True
                continue
            box = [node]
            fix(box)
            kept.append(box[0])
        if not changed[0]:
            return text
        return tinycss2.serialize(kept)


def _drop(el) -> None:
    parent = el.getparent()
    if parent is None:
        return
    if el.tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def _prefix_ids(root, prefix: str) -> None:
    """Every id in a tree copied in made unique, and the references to them moved along."""
    ids = {el.get("id") for el in root.iter() if isinstance(el.tag, str) and el.get("id")}
    if not ids:
        return
    local = re.compile(r"url\(\s*(['\"]?)#([^)'\"]+)\1\s*\)")
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for key, value in list(el.attrib.items()):
            attr = key.rsplit("}", 1)[-1]
            if attr == "id" and value in ids:
                el.set(key, prefix + value)
            elif attr in ("href", "src") and value.startswith("#") and value[1:] in ids:
                el.set(key, "#" + prefix + value[1:])
            elif "url(" in value:
                el.set(key, local.sub(lambda m: f"url({m.group(1)}#{prefix + m.group(2) if m.group(2) in ids else m.group(2)}{m.group(1)})", value))
        if el.tag.rsplit("}", 1)[-1] == "style" and el.text and "url(" in el.text:
            el.text = local.sub(lambda m: f"url({m.group(1)}#{prefix + m.group(2) if m.group(2) in ids else m.group(2)}{m.group(1)})", el.text)


_URIS: dict = {}


def _picture_uri(full: Path) -> str | None:
    """A picture file read through the gate's checks (a regular file within the
    size limit, a picture within the pixel limit) as a data: address of the
    bytes read (PNG and JPEG as they are; other formats printkit reads, as PNG).
    UsageError naming a file that is no picture printkit reads (an EPS is a
    program: never decoded). Remembered by file and change time."""
    import base64

    st = os.stat(full)
    key = (os.path.realpath(full), st.st_mtime_ns, st.st_size)
    if key in _URIS:
        return _URIS[key]
    data = read_bytes(full, "picture", LIMITS["IMAGE_BYTES"])
    try:
        with open_image(io.BytesIO(data), full) as im:
            fmt = im.format
            if fmt in ("PNG", "JPEG"):
                uri = f"data:image/{fmt.lower()};base64," + base64.b64encode(data).decode("ascii")
            else:
                im.load()
                buf = io.BytesIO()
                im.convert("RGBA").save(buf, "PNG")
                uri = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
    except LimitError:
        raise
    except Exception:
        raise UsageError(f"{shown(full)}: not a picture printkit reads (PNG, JPEG, GIF, WebP, BMP or TIFF)") from None
    if len(_URIS) >= 64:
        _URIS.clear()
    _URIS[key] = uri
    return uri


# -- templates -----------------------------------------------------------------------

class _Budget(threading.local):
    """The work one rendering may do: characters made and steps (loop turns, calls).
    One per thread (`printkit serve` renders in several)."""

    def __init__(self) -> None:
        self.chars = self.steps = self.run_steps = self.snippets = 0
        self.cap = LIMITS["TEXT_CHARS"]

    def snippet(self, name, elements: int = 0) -> None:
        """Count one card's own version of an element with placeholders (read,
        checked and drawn as a drawing of its own, in a copy of its document of
        `elements` elements: each 40 of them, some 0.5 ms to copy, resolve and walk, count one
        more); refuse past the run's limit."""
        self.snippets += 1 + elements // 40
        if self.snippets > LIMITS["SNIPPET_DRAWINGS"]:
            raise self.over(name)

    @staticmethod
    def over(name) -> LimitError:
        """The refusal past SNIPPET_DRAWINGS: counted card by card (snippet), or
        bounded before any card is checked (SvgTemplate.count_versions)."""
        return LimitError(f"{shown(name)}: over {LIMITS['SNIPPET_DRAWINGS']:,} versions of its elements with placeholders over the cards (each card's own, one per element, one more per 40 elements of the drawing's defs and groups it is drawn in), "
                          "printkit's limit: put the parts that change together in one group with the placeholders on it, or print fewer cards at once")

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
        """Count a value a template made; refuse one too large. A list, tuple,
        dict or namespace is also measured as the text it prints as (its items'
        text, each item that is itself a list counted every time it appears):
        `[x, x]` forty times over holds 80 lists and prints as a trillion
        characters, and 8,000 copies of a 100,000-character text are 8,000 items."""
        if isinstance(value, (str, list, tuple, dict, set, frozenset, bytes)) or _is_namespace(value):
            n = len(value) if not _is_namespace(value) else 0
            limit = self.cap if isinstance(value, (str, bytes)) else LIMITS["ITEMS"]
            if n > limit:
                raise LimitError(f"a value of {n:,} {'characters' if isinstance(value, str) else 'items'}, over printkit's limit of {limit:,}")
            if not isinstance(value, (str, bytes)):
                printed, n = _printed_size(value, LIMITS["TEMPLATE_WORK"])
                if printed > LIMITS["TEMPLATE_WORK"]:
                    raise LimitError(f"a list or dict that prints as over {LIMITS['TEMPLATE_WORK']:,} characters, printkit's limit")
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


def _is_namespace(value) -> bool:
    from jinja2.utils import Namespace

    return isinstance(value, Namespace)


def _printed_size(value, cap: int) -> tuple[int, int]:
    """(about how many characters `value` prints as, items looked at): a list,
    tuple, set, dict or namespace walked once per distinct one (a list that holds
    the same list twice is looked at once and counted twice), stopped past `cap`."""
    sizes: dict = {}
    looked = [0]

    def size(v) -> int:
        if isinstance(v, (str, bytes)):
            return len(v) + 2
        if isinstance(v, bool) or v is None:
            return 5
        if isinstance(v, int):
            return v.bit_length() // 3 + 2
        if _is_namespace(v):
            v = v._Namespace__attrs  # what it prints: <Namespace {...}>
        if not isinstance(v, (list, tuple, set, frozenset, dict)):
            return 24  # a number, a loop, a macro: a short text
        key = id(v)
        if key in sizes:
            return sizes[key]
        sizes[key] = 0  # a namespace inside itself prints as {...}
        total = 16
        # a dict's keys and values, not its items: an item is a new pair each time, whose
        # id the next pair takes once it is gone (`sizes` knows the containers held)
        for item in (itertools.chain.from_iterable(v.items()) if isinstance(v, dict) else v):
            looked[0] += 1
            total += size(item) + 2
            if total > cap:
                break
        sizes[key] = total
        return total

    return size(value), looked[0]


def bounded_made(value):
    """A list, tuple or dict a template writes out (`[x, x]`), or what it sets on a
    namespace: measured as BUDGET.made measures what an operator or filter makes
    (not a step: a literal in a loop costs what it did before it was measured)."""
    return BUDGET.made(value)


def new_run() -> None:
    """A project is read again (a new run, or `serve` refreshing): the run's step count starts over."""
    BUDGET.run_steps = BUDGET.snippets = 0


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


def bounded_test(value):
    """The test of an `{% if %}` or an `x if y else z`: each one made counts as a
    step, so ifs inside loops stay within the card's steps."""
    BUDGET.step()
    return value


def count_placeholders(text, where: str) -> int:
    """The {{ }} and {% %} tags in a template's text (or a file's bytes), refused
    past PLACEHOLDERS before anything is parsed: Jinja2 turns each into Python
    code, and 150,000 of them took 1.5 GB and most of a minute to compile."""
    n = text.count("{{" if isinstance(text, str) else b"{{") + text.count("{%" if isinstance(text, str) else b"{%")
    if n > LIMITS["PLACEHOLDERS"]:
        raise LimitError(f"{where}: {n:,} placeholders ({{{{ }}}} and {{% %}} tags), over printkit's limit of {LIMITS['PLACEHOLDERS']:,} in one template")
    return n


def _size(x) -> int:
    try:
        return len(x)
    except TypeError:
        return len(str(x)) if isinstance(x, (int, float)) else 0


_WIDTH = r"[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?[a-zA-Z%]"  # compiled by re at the first % format


def _percent_specs(fmt: str):
    """The flags, width and precision of each `%` conversion in `fmt`, after its
    mapping key if it has one (`%(name)5s`; a key may hold parentheses in pairs)."""
    at = fmt.find("%")
    while at >= 0:
        at += 1
        if fmt.startswith("(", at):
            depth = 0
            while at < len(fmt):
                depth += {"(": 1, ")": -1}.get(fmt[at], 0)
                at += 1
                if depth == 0:
                    break
        m = re.compile(_WIDTH).match(fmt, at)
        if m:
            yield m
            at = m.end()
        at = fmt.find("%", at)


def _check_percent(fmt, args=()) -> None:
    """`'%999999999d' % 1` would make a gigabyte: widths over the text limit are
    refused. Anything that is not text is checked as the text the format filter
    makes of it (`['%999999999d']|format(1)` formats the list's text)."""
    if not isinstance(fmt, str):
        fmt = str(fmt)
    for m in _percent_specs(fmt):
        for g in m.groups():
            if g == "*":
                raise LimitError("'*' widths in % formats are not allowed in templates")
            if g and int(g) > BUDGET.cap:
                raise LimitError(f"a % format width of {int(g):,}, over printkit's limit of {BUDGET.cap:,}")


def _checked_filters(filters: dict) -> dict:
    """Every built-in filter, its result counted; the ones that can multiply
    their input (join, replace, center, indent, wordwrap, format, batch, slice,
    tojson, sum) checked before they run."""
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


_FILTERS: dict = {}


def _checked_filters_once(filters: dict) -> dict:
    """_checked_filters, made once for both sandboxes (they start from the same built-ins)."""
    if not _FILTERS:
        _FILTERS.update(_checked_filters(filters))
    return dict(_FILTERS)


def _pre(pre, name, args, kwargs):
    try:
        return pre(name, args, kwargs)
    except LimitError:
        raise
    except Exception:  # a wrong argument: the filter itself says what is wrong
        return list(args)


def _wrap_passing(name, f, pre):
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
    "isspace", "isupper", "islower", "istitle", "isnumeric", "isdecimal",
    "replace", "join", "center", "ljust", "rjust", "zfill", "expandtabs",
}


@lru_cache(maxsize=2)
def sandbox(autoescape: bool):
    """Jinja2's ImmutableSandboxedEnvironment (no attribute that leads to Python
    internals, no changing lists or dicts), with every loop, call, operator and
    filter counted against the limits above. Undefined names are errors."""
    import jinja2
    from jinja2 import nodes
    from jinja2.runtime import Macro
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
            _memo_keep(self, key, (out, BUDGET.run_steps - before), len(out))
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
            self.filters = _checked_filters_once(self.filters)

        @staticmethod
        def concat(pieces) -> str:
            """What render() joins: the pieces as the template's generator makes
            them, the length checked before each is kept, so a text over the
            limit stops where it crosses it and is never built whole."""
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
            if __obj is bounded_made:  # a literal measured, not a call the template makes
                return bounded_made(*args)
            BUDGET.step()
            if isinstance(__obj, Macro):  # the arguments a macro takes beyond its own become a tuple and a dict
                if __obj.catch_varargs and len(args) > len(__obj.arguments):
                    BUDGET.made(args[len(__obj.arguments):])
                if __obj.catch_kwargs and kwargs:
                    BUDGET.made(kwargs)
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

        def _tokenize(self, source, name, filename=None, state=None):
            """Jinja2's tokens, with numbers written in a placeholder at most
            NUMBER_DIGITS long (a 5,000-digit one is past what Python turns into
            a number, and no card needs one)."""
            if _LONG_NUMBER.search(source):
                cap = LIMITS["NUMBER_DIGITS"]
                for lineno, token, value in self.lexer.tokeniter(source, name, filename, state):
                    if token in ("integer", "float") and len(value) > cap:
                        raise jinja2.TemplateSyntaxError(f"a number of {len(value):,} characters, over printkit's limit of {cap}", lineno, name, filename)
            return super()._tokenize(source, name, filename, state)

        def _parse(self, source, name, filename):
            tree = super()._parse(source, name, filename)
            for node in tree.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
                raise jinja2.TemplateSyntaxError("include, import and extends are not allowed: a template reads no other file", node.lineno, name, filename)
            for loop in tree.find_all(nodes.For):
                loop.iter = nodes.Call(nodes.ImportedName("printkit.custom.safety.bounded_iter"), [loop.iter], [], None, None, lineno=loop.lineno)
            for node in tree.find_all(nodes.Assign):  # {% set ns.x = ... %}: a namespace changed, measured again
                if isinstance(node.target, nodes.NSRef):
                    node.node = _wrap_made(node.node, nodes)
            for test in tree.find_all((nodes.If, nodes.CondExpr)):
                if test.test is not None:
                    test.test = nodes.Call(nodes.ImportedName("printkit.custom.safety.bounded_test"), [test.test], [], None, None, lineno=test.lineno)
            for parent in list(tree.find_all(nodes.Node)):
                for field in parent.fields:
                    value = getattr(parent, field, None)
                    if isinstance(value, nodes.Concat):
                        setattr(parent, field, _wrap_concat(value, nodes))
                    elif _literal(value, nodes):
                        setattr(parent, field, _wrap_made(value, nodes))
                    elif isinstance(value, list):
                        setattr(parent, field, [(_wrap_concat(v, nodes) if isinstance(v, nodes.Concat) else _wrap_made(v, nodes) if _literal(v, nodes) else v) for v in value])
            return tree

        def from_string(self, source, *args, **kwargs):
            t = super().from_string(source, *args, **kwargs)
            t.pk_source_len = len(source) if isinstance(source, str) else 0
            if isinstance(source, str):
                self.remember(t, self.parse(source))
            return t

        def from_tree(self, tree, source: str):
            """The template of a tree parse() gave (the source parsed once)."""
            t = self.template_class.from_code(self, self.compile(tree, None, None), self.make_globals(None), None)
            t.pk_source_len = len(source)
            self.remember(t, tree)
            return t

        def remember(self, t, ast) -> None:
            """Renderings of `t` are remembered per the values of the names it reads,
            when its text depends on nothing else: no global, no random filter, and
            no name it sets itself (a loop's, a `set`'s, a macro's), so that every
            name it reads is a value of the row. (Read off the tree in one walk:
            jinja2.meta's way generates the template's code a second time.)"""
            names, plain = set(), True
            for node in ast.find_all((nodes.Name, nodes.Filter)):
                if type(node) is nodes.Filter:
                    plain = plain and node.name != "random"
                elif node.ctx != "load" or node.name in self.globals:
                    plain = False
                else:
                    names.add(node.name)
            if plain:
                t.pk_names = tuple(sorted(names))
                t.pk_memo = {}
                t.pk_kept = 0
                t.pk_held = False  # in _MEMO_HELD

    # optimized=False: no constant is worked out while compiling (all of it runs in the
    # sandbox, counted), and no optimizer pass to pay for at every start
    return Sandbox(undefined=jinja2.StrictUndefined, autoescape=autoescape, keep_trailing_newline=False, optimized=False)


_LONG_NUMBER = re.compile(r"[0-9_]{%d}" % (LIMITS["NUMBER_DIGITS"] + 1))
_COMPILED: dict = {}
MEMO_CHARS = 4_000_000  # characters of rendered text all templates together remember
MEMO_TEXTS = 512  # texts one template remembers
_MEMO_HELD: list = []  # the templates whose memo holds something
_MEMO_KEPT = [0]  # the characters their memos hold


def _memo_keep(t, key, entry, size: int) -> None:
    """Remember a rendering: at most MEMO_TEXTS a template, MEMO_CHARS for all
    templates together, and 2,048 templates (when full, every memo starts over:
    the templates of a project `serve` has read again are let go)."""
    if _MEMO_KEPT[0] + size > MEMO_CHARS or len(_MEMO_HELD) >= 2048:
        for held in _MEMO_HELD:
            held.pk_memo.clear()
            held.pk_kept = 0
            held.pk_held = False
        _MEMO_HELD.clear()
        _MEMO_KEPT[0] = 0
    if len(t.pk_memo) >= MEMO_TEXTS:
        _MEMO_KEPT[0] -= t.pk_kept
        t.pk_memo.clear()
        t.pk_kept = 0
    if not t.pk_held:
        _MEMO_HELD.append(t)
        t.pk_held = True
    t.pk_memo[key] = entry
    t.pk_kept += size
    _MEMO_KEPT[0] += size


def compile_template(source: str, where: str, xml: bool = False):
    """The source compiled by Jinja2's sandbox (`xml`: autoescaped for an SVG), once:
    the same text, place and kind give the same compiled template. UsageError
    naming `where` for a placeholder Jinja2 cannot read, LimitError for one over
    the limits (tags, number digits, nesting)."""
    key = (source, xml, where)
    hit = _COMPILED.get(key)
    if hit is not None:
        return hit
    import jinja2

    count_placeholders(source, where)
    env = sandbox(xml)
    try:
        tree = parsed(source, xml)
        compiled = Column.of(tree, source, where, xml)
        if compiled is None:
            compiled = env.from_tree(tree, source)
            compiled.pk_where = where
    except jinja2.TemplateSyntaxError as exc:
        raise UsageError(f"{where}: placeholder error: {exc.message} (line {exc.lineno})") from None
    except (RecursionError, MemoryError):
        raise LimitError(f"{where}: placeholders nested too deeply, printkit's limit") from None
    if len(_COMPILED) >= 1024:
        _COMPILED.clear()
    _COMPILED[key] = compiled
    return compiled


_TREES: dict = {}  # source -> (xml, the tree compile_template parsed): read again by template.columns_used and row_keys


def parsed(source: str, xml: bool | None = None):
    """Jinja2's sandbox parse of `source`, made once: the tree compile_template
    compiled (kept as long as _COMPILED keeps templates, as many) is the one
    template.columns_used and row_keys read (`xml` None: either sandbox's
    tree, which differ in nothing a reader of names sees; parsed by the plain
    sandbox, not kept, when none was compiled). Jinja2 compiles a tree without
    changing it. TemplateSyntaxError as env.parse raises it (not kept)."""
    hit = _TREES.get(source)
    if hit is not None and (xml is None or hit[0] == xml):
        return hit[1]
    tree = sandbox(bool(xml)).parse(source)
    if xml is not None:
        if len(_TREES) >= 1024:
            _TREES.clear()
        _TREES[source] = (xml, tree)
    return tree


class Column:
    """A template whose whole body is one column's value, with fixed text around
    it or none (`{{ name }}`, `art/{{ art }}.svg`), as Jinja2's own parser read
    it. It gives the text Jinja2's compiled template gives, by the steps that
    template takes: the text before, the value passed through Jinja2's escape
    (XML) or str(), the text after, the length checked as the sandbox's concat
    checks it. A value of any other type than text, a number, a truth value or
    none, or a name the row lacks, is left to the compiled template itself
    (compiled then), so its text and errors are Jinja2's.
    tests/test_template_engine.py compares the two on many values."""

    __slots__ = ("before", "name", "after", "xml", "where", "cap", "source", "_jinja", "_last")
    PLAIN = (str, int, float, bool, type(None))

    def __init__(self, before: str, name: str, after: str, xml: bool, where: str, source: str) -> None:
        self.before, self.name, self.after, self.xml, self.where, self.source = before, name, after, xml, where, source
        self.cap = LIMITS["TEXT_CHARS"] + len(source)
        self._jinja = None
        self._last = (self, "")  # the last value and its text: a row's copies are escaped once

    @classmethod
    def of(cls, tree, source: str, where: str, xml: bool):
        """A Column for a parsed template that is one Output of
        [TemplateData], Name, [TemplateData] naming no global; else None."""
        from jinja2 import nodes

        if len(tree.body) != 1 or type(tree.body[0]) is not nodes.Output:
            return None
        parts = tree.body[0].nodes
        kinds = [type(n) for n in parts]
        if kinds.count(nodes.Name) != 1 or any(k not in (nodes.Name, nodes.TemplateData) for k in kinds) or len(parts) > 3:
            return None
        at = kinds.index(nodes.Name)
        if (len(parts) == 3 and at != 1) or parts[at].ctx != "load" or parts[at].name in sandbox(xml).globals:
            return None
        before = parts[0].data if at == 1 else ""
        after = parts[at + 1].data if at + 1 < len(parts) else ""
        return cls(before, parts[at].name, after, xml, where, source)

    def jinja(self):
        """The template Jinja2 compiles from the same source (made when first needed)."""
        if self._jinja is None:
            t = sandbox(self.xml).from_string(self.source)
            t.pk_where = self.where
            self._jinja = t
        return self._jinja

    def render(self, values=None, **kwargs):
        if kwargs or type(values) is not dict:
            return self.jinja().render(*(() if values is None else (values,)), **kwargs)
        value = values.get(self.name, values)  # the dict itself: missing
        last = self._last
        if last[0] is value:
            return last[1]
        if value.__class__ not in self.PLAIN:
            return self.jinja().render(values)
        if self.xml:
            from markupsafe import escape  # what Jinja2's compiled template calls

            text = str(escape(value))  # a plain str, as Jinja2's concat joins it ("".join)
        else:
            text = str(value)
        n = len(self.before) + len(text) + len(self.after)
        if n > self.cap:
            raise LimitError(f"{self.where + ': ' if self.where else ''}a text over {self.cap:,} characters, printkit's limit")
        text = self.before + text + self.after
        self._last = (value, text)
        return text


def _literal(node, nodes) -> bool:
    """A list, tuple or dict a template writes out (not a tuple it assigns to)."""
    return isinstance(node, (nodes.List, nodes.Dict)) or isinstance(node, nodes.Tuple) and node.ctx == "load"


def _wrap_made(node, nodes):
    return nodes.Call(nodes.ImportedName("printkit.custom.safety.bounded_made"), [node], [], None, None, lineno=node.lineno)


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
