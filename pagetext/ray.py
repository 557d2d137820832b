"""pagetext.ray.read_pdfs: PDFs as a Ray Dataset, one row per page (pagetext.integrations.ray)."""

from pagetext.integrations.ray import COLUMNS, SCHEMA, read_pdfs

__all__ = ["COLUMNS", "SCHEMA", "read_pdfs"]
