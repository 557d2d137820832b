"""Opening a document with a list of passwords: batch and Ray jobs take one list for all
their files."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from pagetext import document
from pagetext.document import Document
from pagetext.errors import PasswordError
from pagetext.limits import Limits
from pagetext.pdf.opening import Source


def open_with_passwords(
    source: Source, name: str, passwords: Sequence[str], limits: Limits | None = None
) -> Document:
    """The document, opened without a password or with the first of `passwords` that opens
    it (batch and Ray jobs take a list for all their files); `name` says which in the error."""
    try:
        return document.open(source, limits=limits)
    except PasswordError as error:
        if not passwords:
            raise
        for password in passwords:
            with contextlib.suppress(PasswordError):
                return document.open(source, password=password, limits=limits)
        raise PasswordError(
            f"{name!r} is encrypted and none of the {len(passwords)} password(s) given opens it"
        ) from error
