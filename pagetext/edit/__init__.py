"""Editing: search, redaction and replacement, written back through the glyph records.

A consumer of the content stage: each glyph's TextSource names the stream, the string token
and the text state it was shown with; the lexer's byte spans locate the bytes to change.
"""
