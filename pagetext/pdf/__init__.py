"""Opening and writing PDF files: pikepdf (qpdf), passwords, recovery, the page tree, object readers."""
