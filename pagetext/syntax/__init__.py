"""PDF syntax: the content-stream lexer, its strings and names, and its C twin (ISO 32000-1 §7.2–7.3)."""
