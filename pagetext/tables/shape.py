"""What the table outputs read of a table: its grid and its cells' text and typed values.

The outputs (CSV, Markdown, HTML, pandas) type against these protocols, not the records, so that
`Table.to_csv()` and its kin can call them without an import cycle.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Protocol


class CellShape(Protocol):
    """A cell's place in the grid, its text and its typed reading (pagetext.tables.records.Cell)."""

    @property
    def row(self) -> int: ...
    @property
    def col(self) -> int: ...
    @property
    def row_span(self) -> int: ...
    @property
    def col_span(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> int | Decimal | datetime.date | str | None: ...


class TableShape(Protocol):
    """A table's grid size, header rows and cells (pagetext.tables.records.Table)."""

    @property
    def n_rows(self) -> int: ...
    @property
    def n_cols(self) -> int: ...
    @property
    def header_rows(self) -> int: ...
    @property
    def cells(self) -> Sequence[CellShape]: ...
