"""The character classes of PDF syntax (ISO 32000-1 §7.2.2) that the lexer and its helpers share."""

from __future__ import annotations

from typing import Final

WHITE_SPACE: Final = b"\x00\t\n\x0c\r "  # Table 1
DELIMITERS: Final = b"()<>[]{}/%"  # Table 2
# Bytes compared as ints: `b"\\" in data` first tries the argument as an int, and raising and
# clearing that TypeError costs a hundred times the search.
BACKSLASH: Final = 92  # "\\"
CR: Final = 13  # "\r"
NUMBER_SIGN: Final = 35  # "#"
