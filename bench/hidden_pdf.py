"""A small PDF writer for the hidden-text probes: one page, raw content streams, with the
fonts, images, forms, graphics states, optional content groups and annotations they need.

Raw content (pikepdf, no layout engine) so that each probe shows exactly the operators it
tests and nothing else a generator might add.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

LETTER = (0.0, 0.0, 612.0, 792.0)


def text(x: float, y: float, s: str, size: float = 12, pre: str = "") -> str:
    """A text object showing `s` at (x, y) in F1; `pre` is state operators for it alone (in q/Q,
    as render mode and colours outlive ET)."""
    shown = f"BT /F1 {size:g} Tf {pre} {x:g} {y:g} Td ({s}) Tj ET"
    return f"q {shown} Q\n" if pre else shown + "\n"


def circle(cx: float, cy: float, r: float) -> str:
    """A circle as four Bézier curves (the usual 0.5523 control-point distance)."""
    k = 0.5523 * r
    return (
        f"{cx + r:g} {cy:g} m "
        f"{cx + r:g} {cy + k:g} {cx + k:g} {cy + r:g} {cx:g} {cy + r:g} c "
        f"{cx - k:g} {cy + r:g} {cx - r:g} {cy + k:g} {cx - r:g} {cy:g} c "
        f"{cx - r:g} {cy - k:g} {cx - k:g} {cy - r:g} {cx:g} {cy - r:g} c "
        f"{cx + k:g} {cy - r:g} {cx + r:g} {cy - k:g} {cx + r:g} {cy:g} c h\n"
    )


class OnePage:
    """A one-page PDF being built; resources are named as they are added."""

    def __init__(
        self,
        media: tuple[float, float, float, float] = LETTER,
        crop: tuple[float, float, float, float] | None = None,
        rotate: int = 0,
    ) -> None:
        self.pdf = pikepdf.new()
        self.pdf.add_blank_page(page_size=(media[2] - media[0], media[3] - media[1]))
        self.page = self.pdf.pages[0].obj
        self.page.MediaBox = Array(list(media))
        if crop is not None:
            self.page.CropBox = Array(list(crop))
        if rotate:
            self.page.Rotate = rotate
        self.font = self.pdf.make_indirect(
            Dictionary(
                Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica, Encoding=Name.WinAnsiEncoding
            )
        )
        self.resources = self.new_resources()
        self.page.Resources = self.resources
        self.ocgs: list[Any] = []
        self.ocgs_off: list[Any] = []
        self.ocgs_on: list[Any] = []
        self.base_state = "/ON"

    def new_resources(self) -> Any:
        return Dictionary(Font=Dictionary(F1=self.font), XObject=Dictionary(), ExtGState=Dictionary())

    def image(self, gray: list[int], width: int, height: int, **extra: Any) -> Any:
        """An 8-bit DeviceGray image (samples row by row, top first)."""
        stream = self.pdf.make_stream(bytes(gray))
        stream.Type = Name.XObject
        stream.Subtype = Name.Image
        stream.Width = width
        stream.Height = height
        stream.ColorSpace = Name.DeviceGray
        stream.BitsPerComponent = 8
        for key, value in extra.items():
            stream[Name("/" + key)] = value
        return stream

    def add_xobject(self, name: str, xobject: Any, resources: Any = None) -> None:
        (resources if resources is not None else self.resources).XObject[Name("/" + name)] = xobject

    def form(self, content: str, bbox: tuple[float, ...] = LETTER, **extra: Any) -> Any:
        stream = self.pdf.make_stream(content.encode("latin-1"))
        stream.Type = Name.XObject
        stream.Subtype = Name.Form
        stream.BBox = Array(list(bbox))
        stream.Resources = self.new_resources()
        for key, value in extra.items():
            stream[Name("/" + key)] = value
        return stream

    def gstate(self, name: str, **entries: Any) -> None:
        self.resources.ExtGState[Name("/" + name)] = Dictionary(
            Type=Name.ExtGState, **{key: value for key, value in entries.items()}
        )

    def ocg(self, name: str, on: bool, listed: bool = True) -> Any:
        """An optional content group; `listed`: named in the default configuration's /ON or /OFF
        (an unlisted group takes /BaseState)."""
        group = self.pdf.make_indirect(Dictionary(Type=Name.OCG, Name=pikepdf.String(name)))
        self.ocgs.append(group)
        if listed:
            (self.ocgs_on if on else self.ocgs_off).append(group)
        return group

    def property(self, name: str, value: Any) -> None:
        if "/Properties" not in self.resources:
            self.resources.Properties = Dictionary()
        self.resources.Properties[Name("/" + name)] = value

    def annotation(self, subtype: str, rect: tuple[float, ...], appearance: Any, **extra: Any) -> None:
        annot = Dictionary(
            Type=Name.Annot,
            Subtype=Name("/" + subtype),
            Rect=Array(list(rect)),
            F=4,  # Print: shown and printed
            AP=Dictionary(N=appearance),
        )
        for key, value in extra.items():
            annot[Name("/" + key)] = value
        if "/Annots" not in self.page:
            self.page.Annots = Array()
        self.page.Annots.append(self.pdf.make_indirect(annot))

    def finish(self, content: str) -> pikepdf.Pdf:
        self.page.Contents = self.pdf.make_stream(content.encode("latin-1"))
        if self.ocgs:
            self.pdf.Root.OCProperties = Dictionary(
                OCGs=Array(self.ocgs),
                D=Dictionary(
                    BaseState=Name(self.base_state),
                    ON=Array(self.ocgs_on),
                    OFF=Array(self.ocgs_off),
                    Order=Array(self.ocgs),
                ),
            )
        return self.pdf


# --- the probes' record: marks and the reasons they must carry ---------------------------


@dataclass(frozen=True)
class Mark:
    text: str
    expect: frozenset[str]  # reasons that must be present; empty: must be visible


@dataclass(frozen=True)
class Probe:
    name: str
    build: Callable[[], pikepdf.Pdf]
    marks: tuple[Mark, ...]


def _marks(**expected: str) -> tuple[Mark, ...]:
    """MARK="reason reason" or MARK="" for a control."""
    return tuple(Mark(name, frozenset(reasons.split())) for name, reasons in expected.items())


PROBES: list[Probe] = []


def probe(**expected: str) -> Callable[[Callable[[], pikepdf.Pdf]], Callable[[], pikepdf.Pdf]]:
    def register(build: Callable[[], pikepdf.Pdf]) -> Callable[[], pikepdf.Pdf]:
        PROBES.append(Probe(build.__name__, build, _marks(**expected)))
        return build

    return register
