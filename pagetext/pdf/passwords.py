"""Passwords as the security handlers compare them (ISO 32000-1 §7.6.3.3, ISO 32000-2 §7.6.4.3.2).

A user types Unicode; the handlers compare bytes. Revisions 2–4 take the password in
PDFDocEncoding; revision 6 (AES-256) takes it SASLprep-processed (RFC 4013) as UTF-8,
truncated to 127 bytes. The revision is only known once the file is open, so `candidates`
lists every form to try, the password as given first.
"""

from __future__ import annotations

import stringprep
import unicodedata
from typing import Final

import pikepdf.codec  # noqa: F401  (registers the "pdfdoc" codec)

# §7.6.4.3.2: only the first 127 bytes of the UTF-8 password are used.
MAX_PASSWORD_BYTES: Final = 127

_PROHIBITED: Final = (  # RFC 4013 §2.3: the stringprep tables SASLprep prohibits
    stringprep.in_table_c12,
    stringprep.in_table_c21_c22,
    stringprep.in_table_c3,
    stringprep.in_table_c4,
    stringprep.in_table_c5,
    stringprep.in_table_c6,
    stringprep.in_table_c7,
    stringprep.in_table_c8,
    stringprep.in_table_c9,
)


def saslprep(text: str) -> str | None:
    """The RFC 4013 form of `text` (as a query: unassigned code points allowed), or None when
    the profile prohibits it (control characters, private use, a bidi rule broken)."""
    # §2.1 mapping: non-ASCII spaces to SPACE, "commonly mapped to nothing" removed.
    mapped = "".join(
        " " if stringprep.in_table_c12(char) else char for char in text if not stringprep.in_table_b1(char)
    )
    normal = unicodedata.normalize("NFKC", mapped)  # §2.2
    if any(test(char) for char in normal for test in _PROHIBITED):
        return None
    # RFC 3454 §6: a string with right-to-left characters has no left-to-right ones, and
    # starts and ends with a right-to-left character.
    rtl = [stringprep.in_table_d1(char) for char in normal]
    mixed = any(stringprep.in_table_d2(char) for char in normal)
    if any(rtl) and (mixed or not (rtl[0] and rtl[-1])):
        return None
    return normal


def candidates(password: str | bytes) -> list[str | bytes]:
    """The forms of a password to try, without repeats: as given, the revision 6 form, the
    PDFDocEncoding form of revisions 2–4, then Latin-1 and UTF-8 (what some writers used)."""
    if isinstance(password, bytes):
        return [password]
    forms: list[str | bytes] = [password]
    prepared = saslprep(password)
    if prepared is not None:
        forms.append(prepared.encode("utf-8")[:MAX_PASSWORD_BYTES])
    for codec in ("pdfdoc", "latin-1", "utf-8"):
        try:
            forms.append(password.encode(codec))
        except UnicodeEncodeError:
            continue
    # pikepdf hands a str to qpdf as UTF-8: a form with the same bytes is no new try.
    unique: list[str | bytes] = []
    seen: set[bytes] = set()
    for form in forms:
        key = form.encode("utf-8") if isinstance(form, str) else form
        if key not in seen:
            seen.add(key)
            unique.append(form)
    return unique
