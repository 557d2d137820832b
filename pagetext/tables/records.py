"""Table records: what the table finder produces and what typing, merging and the outputs read."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pagetext.content.glyph import Glyph
from pagetext.geometry import Box
from pagetext.tables import frame, serialize

# A cell's kind: what its text is, read with the evidence of its column.
CellKind = str  # "empty" | "text" | "integer" | "decimal" | "percent" | "currency" | "date"
CellValue = int | Decimal | datetime.date | str | None


@dataclass(slots=True)
class Cell:
    """One cell of a table grid. row/col: its top-left slot (0-based); a spanning cell covers
    row_span × col_span slots. bbox in PDF user space of its page. text: from the assembly
    (word spaces, "\\n" between its lines). header: the cell is in a header row.
    kind/value: the typed reading of text (value None for empty and text cells: text is the
    value); currency: the currency code or symbol kept from the text ("" when none); note: a
    footnote mark split off after a number ("" when none). Typing: pagetext.tables.values."""

    row: int
    col: int
    bbox: Box
    text: str
    row_span: int = 1
    col_span: int = 1
    header: bool = False
    kind: CellKind = "text"
    value: CellValue = None
    currency: str = ""
    note: str = ""
    page: int = 0  # 1-based page the cell is drawn on (tables merged across pages span several)


@dataclass(slots=True)
class Table:
    """A table found on a page (or merged from a run of pages).

    page: 1-based number of its (first) page. bbox: on that page. n_rows/n_cols: grid size.
    header_rows: how many of the first rows are header rows. column_edges: the x positions of
    the column boundaries (n_cols + 1, left to right) on the first page, what merging across
    pages compares. method: "ruled" (from ruling lines) or "aligned" (from word alignment).
    pages: every page the table is on. merged_from: why each continuation was merged, one
    reason per merged page."""

    page: int
    bbox: Box
    n_rows: int
    n_cols: int
    cells: list[Cell]
    header_rows: int = 0
    column_edges: list[float] = field(default_factory=list)
    method: str = "ruled"
    pages: list[int] = field(default_factory=list)
    merged_from: list[str] = field(default_factory=list)

    # Outputs: pagetext.tables.serialize and .frame, which read a table through the protocols of
    # pagetext.tables.shape.
    def to_list(self) -> list[list[str]]:
        """n_rows × n_cols strings: a spanned cell's text in its top-left slot, "" in the
        slots it covers."""
        return serialize.grid(self)

    def to_csv(self) -> str:
        """All rows, header rows too, as CSV (RFC 4180: quoted where needed, CRLF)."""
        return serialize.to_csv(self)

    def to_markdown(self) -> str:
        """A GitHub-flavoured Markdown table; several header rows joined into its header line."""
        return serialize.to_markdown(self)

    def to_html(self) -> str:
        """An HTML <table>: header rows in <thead>, spans as rowspan/colspan."""
        return serialize.to_html(self)

    def to_pandas(self) -> Any:
        """A pandas DataFrame of the body rows (pip install 'pagetext[pandas]'): header rows
        as column names (a MultiIndex for several), typed columns (Int64, Float64, datetime64)."""
        return frame.to_pandas(self)


@dataclass(slots=True)
class TextWord:
    """A word in the frame: its box, its line (index into the page's lines), its style."""

    text: str
    box: Box
    line: int
    bold: bool
    size: float
    glyphs: tuple[Glyph, ...] = ()

    @property
    def center(self) -> tuple[float, float]:
        return ((self.box.x0 + self.box.x1) / 2, (self.box.y0 + self.box.y1) / 2)
