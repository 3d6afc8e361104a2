"""PDF/X-1a:2001 (ISO 15930-1) for print shops.

What the standard asks of the file, and where printkit does it:
- only CMYK (or grey / spot) colour: the document runs in cmyk mode (color.py);
- an output intent naming the printing condition the colours are meant for:
  a registered condition of the ICC Characterization Data Registry
  (http://www.color.org), so no ICC profile needs to be embedded; the printer's
  RIP has the registered profile (see docs/print-shops.md);
- GTS_PDFXVersion and GTS_PDFXConformance in the Info dictionary, a Title,
  dates, /Trapped True or False (printkit does no trapping: False);
- TrimBox on every page (BleedBox where there is bleed), inside the MediaBox;
- every font embedded (printkit embeds every font it uses);
- no transparency, no encryption, PDF 1.3 features (ReportLab writes PDF 1.3
  unless asked for transparency, which the cmyk colour model refuses).
"""

from __future__ import annotations

from dataclasses import dataclass
from printkit.engine import rl

PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
PDFX_2003 = "PDF/X-1a:2003"  # ISO 15930-4: one key, GTS_PDFXVersion, names it
REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class Condition:
    identifier: str  # OutputConditionIdentifier: the registry's reference name
    info: str  # the profile people know it by
    condition: str  # the printing process, in words


#: Registered printing conditions (ICC Characterization Data Registry).
CONDITIONS: dict[str, Condition] = {
    "fogra39": Condition("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004)", "Offset printing on coated paper"),
    "fogra51": Condition("FOGRA51", "PSO Coated v3 (ISO 12647-2:2013)", "Offset printing on coated paper"),
    "swop": Condition("CGATS TR 001", "U.S. Web Coated (SWOP)", "Web offset printing on coated paper (SWOP)"),
    "gracol": Condition("CGATS TR 006", "GRACoL 2006 Coated #1", "Sheet-fed offset printing on coated paper (GRACoL)"),
}
#: The usual condition for a paper size: European sizes FOGRA39, US sizes SWOP.
BY_PAPER = {"a4": "fogra39", "a3": "fogra39", "letter": "swop", "tabloid": "swop"}


def condition_for(paper: str, chosen: str = "") -> str:
    """The key in CONDITIONS for a file on `paper` (or the one chosen)."""
    return chosen or BY_PAPER.get(paper, "fogra39")


def describe(opts) -> str:
    """One sentence for the run summary about the colour of the file ('' for RGB)."""
    if opts.pdfx:
        cond = CONDITIONS[condition_for(opts.paper, opts.output_intent)]
        return f" PDF/X-1a:{opts.pdfx_version}, CMYK for {cond.identifier} ({cond.info}), at most {opts.max_ink:.0%} ink."
    if opts.cmyk:
        return f" CMYK: black text and lines on the K plate only, at most {opts.max_ink:.0%} ink."
    return ""


def make_pdfx(canvas, condition_key: str, version: str = "2001") -> None:
    """Mark the canvas's document PDF/X-1a:2001 with the given output intent.

    Uses ReportLab's document objects: the Info dictionary gains the two GTS
    keys, the Catalog gains /OutputIntents. Call before anything is saved.
    """
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFCatalog, PDFDictionary, PDFInfo, PDFName, PDFString

    cond = CONDITIONS[condition_key]

    doc = rl.pdf_document(canvas)

    class PDFXInfo(PDFInfo):
        def format(self, document):
            # PDFInfo.format builds a PDFDictionary; rebuild it with the GTS keys
            d = {
                "Title": PDFString(self.title),
                "Author": PDFString(self.author),
                "Creator": PDFString(self.creator),
                "Producer": PDFString(self.producer),
                "Subject": PDFString(self.subject),
                "Keywords": PDFString(self.keywords),
                "CreationDate": rl.info_date(self, document),
                "ModDate": rl.info_date(self, document),
                "Trapped": PDFName(self.trapped),
            }
            if version == "2003":
                d["GTS_PDFXVersion"] = PDFString(PDFX_2003)
            else:
                d["GTS_PDFXVersion"] = PDFString(PDFX_VERSION)
                d["GTS_PDFXConformance"] = PDFString(PDFX_CONFORMANCE)
            return PDFDictionary(d).format(document)

    info = PDFXInfo()
    info.__dict__.update(doc.info.__dict__)
    info.trapped = "False"
    doc.info = info
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputCondition": PDFString(cond.condition),
            "OutputConditionIdentifier": PDFString(cond.identifier),
            "RegistryName": PDFString(REGISTRY),
            "Info": PDFString(cond.info),
        }
    )
    # the Catalog writes every key of its defaults it has a value for
    doc.Catalog.__Defaults__ = {**PDFCatalog.__Defaults__, "OutputIntents": PDFArray([intent])}
