"""pagetext.ray.read_pdfs: PDFs as a Ray Dataset, one row per page (pagetext.integrations.ray)."""

from pagetext.integrations.ray import COLUMNS, read_pdfs

__all__ = ["COLUMNS", "read_pdfs"]
