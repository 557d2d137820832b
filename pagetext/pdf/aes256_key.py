"""The file key of a document encrypted with AES-256 (ISO 32000-2 §7.6.4.3, revision 6), found
from a password here so that qpdf opens the document with the key rather than deriving it.

Revision 6 hashes a password through 64 rounds or more of AES-128 over some 4 KB and of
SHA-256/384/512 (Algorithm 2.B). qpdf does that with its own AES and SHA-2 for the owner and
the user password alike: a one-page document took 10-13 ms to read, which PDFium reads in
1-9. The compiled build's AES (_native_aes.c: the processor's AES instructions where it has
them), with hashlib's SHA-2, hashes the password once for the user's key (about 0.4 ms; 1.3
ms without the instructions), and once more for the owner's when that one does not open the
document. A key is taken only when the document's /Perms deciphers with it to the
permissions of /P and "adb" (Algorithm 13); any doubt leaves the password to qpdf, which
then reads the document as before. The plain build has no AES of its own: qpdf derives every
key there, and both builds read the same text.
"""

from __future__ import annotations

import hashlib
import mmap
import re
from collections.abc import Callable
from typing import Any, Final

from pagetext.errors import ignore_warning
from pagetext.pdf.file_bytes import FileBytes
from pagetext.pdf.file_tail import WHITE
from pagetext.syntax.lexer import iter_operations

Cipher = Callable[[bytes, bytes, bytes, bool], bytes]  # key, iv, data, encrypt → data


def _native_cbc() -> Cipher | None:
    try:
        from pagetext.pdf._native_aes import cbc
    except ImportError:
        return None
    return cbc


_CBC: Final = _native_cbc()

# The file's last trailer (or cross-reference stream dictionary, at startxref) names the
# encryption dictionary: read from this many bytes at the end and at the section.
_SECTION_BYTES: Final = 2048
_MAX_DICTIONARY_BYTES: Final = 8192  # an encryption dictionary is a few hundred bytes
MAX_PASSWORD_BYTES: Final = 127  # revision 6 takes the password's first 127 bytes (§7.6.4.3.3)
_ENCRYPT_REFERENCE: Final = re.compile(
    rb"/Encrypt" + WHITE + rb"+(\d+)" + WHITE + rb"+(\d+)" + WHITE + rb"+R"
)
_ZERO_IV: Final = bytes(16)
_SHA2: Final = (hashlib.sha256, hashlib.sha384, hashlib.sha512)


class Revision6:
    """The entries of a Standard security handler dictionary of revision 6 that find the key."""

    __slots__ = ("owner", "owner_key", "permissions", "sealed_permissions", "user", "user_key")

    def __init__(self, entries: dict[str, Any]) -> None:
        self.owner: bytes = entries["O"][:48]  # hash, validation salt, key salt
        self.user: bytes = entries["U"][:48]
        self.owner_key: bytes = entries["OE"]  # the file key, encrypted
        self.user_key: bytes = entries["UE"]
        self.sealed_permissions: bytes = entries["Perms"]
        self.permissions: int = entries["P"] & 0xFFFFFFFF


def revision6_entries(file: FileBytes) -> Revision6 | None:
    """The encryption entries of the file when it is encrypted with revision 6 of the Standard
    security handler, read from its bytes; None for any other file, and for one whose
    encryption dictionary is not found plainly (qpdf then reads it). None, too, in the plain
    build, which cannot use them."""
    if _CBC is None:
        return None
    # Every document is checked here and most are not encrypted: the file's last bytes, read
    # with it already (FileBytes.tail), tell; the whole file is read only for an encrypted one.
    reference = _reference(file)
    if reference is None:
        return None
    try:
        return _revision6(file.whole(), reference)
    except OSError:
        return None


def _reference(file: FileBytes) -> tuple[int, int] | None:
    """The encryption dictionary's object number and generation, named by the trailer in the
    file's last bytes or by the cross-reference stream dictionary at `startxref`."""
    references = _references(file.read(max(0, file.size - _SECTION_BYTES), _SECTION_BYTES))
    if not references:
        offset = file.startxref()
        if offset is None or offset >= file.size:
            return None
        references = _references(file.read(offset, _SECTION_BYTES))
    return references.pop() if len(references) == 1 else None


def _references(data: bytes) -> set[tuple[int, int]]:
    if b"/Encrypt" not in data:  # most files: a scan of the bytes, not of the pattern
        return set()
    return {(int(found[1]), int(found[2])) for found in _ENCRYPT_REFERENCE.finditer(data)}


def _revision6(data: bytes | mmap.mmap, reference: tuple[int, int]) -> Revision6 | None:
    """The revision 6 entries of the encryption dictionary `reference` of the file `data`,
    at its last definition in the file."""
    header = b"%d %d obj" % reference
    start = data.rfind(header)
    if start < 0 or (start > 0 and data[start - 1 : start].isdigit()):
        return None
    body_start = start + len(header)
    end = data.find(b"endobj", body_start, body_start + _MAX_DICTIONARY_BYTES)
    if end < 0:
        return None
    operations = list(iter_operations(bytes(data[body_start:end]) + b" W", ignore_warning))
    if len(operations) != 1 or len(operations[0][1]) != 1 or not isinstance(operations[0][1][0], dict):
        return None
    entries: dict[str, Any] = operations[0][1][0]
    if entries.get("Filter") != "Standard" or entries.get("V") != 5 or entries.get("R") != 6:
        return None
    # /O and /U: 48 bytes (some writers pad them to 127); /OE, /UE and /Perms as specified.
    for key, length, exact in (
        ("O", 48, False),
        ("U", 48, False),
        ("OE", 32, True),
        ("UE", 32, True),
        ("Perms", 16, True),
    ):
        value = entries.get(key)
        if not isinstance(value, bytes) or len(value) < length or (exact and len(value) != length):
            return None
    permissions = entries.get("P")
    if not isinstance(permissions, int) or isinstance(permissions, bool):
        return None
    return Revision6(entries)


def file_key(entries: Revision6, password: str | bytes) -> bytes | None:
    """The file key that `password` opens, as the user's or the owner's (§7.6.4.3.3,
    Algorithm 2.A), or None when neither deciphers /Perms to the document's permissions."""
    if _CBC is None:
        return None
    secret = (password.encode("utf-8") if isinstance(password, str) else password)[:MAX_PASSWORD_BYTES]
    user = entries.user
    for salt, user_data, sealed in (
        (user[40:48], b"", entries.user_key),
        (entries.owner[40:48], user, entries.owner_key),
    ):
        key = _CBC(password_hash(secret, salt, user_data), _ZERO_IV, sealed, False)
        if _opens_permissions(key, entries):
            return key
    return None


def _opens_permissions(key: bytes, entries: Revision6) -> bool:
    """Algorithm 13: /Perms deciphered with the key holds /P (its low four bytes first),
    then after four more bytes and the metadata flag, "adb"."""
    assert _CBC is not None
    opened = _CBC(key, _ZERO_IV, entries.sealed_permissions, False)
    return opened[9:12] == b"adb" and int.from_bytes(opened[:4], "little") == entries.permissions


def password_hash(password: bytes, salt: bytes, user_data: bytes) -> bytes:
    """Algorithm 2.B (§7.6.4.3.4): the hash of a password with a salt and, for the owner
    password, the 48 bytes of /U."""
    assert _CBC is not None
    key = hashlib.sha256(password + salt + user_data).digest()
    rounds = 0
    while True:
        encrypted = _CBC(key[:16], key[16:32], (password + key + user_data) * 64, True)
        # The first 16 bytes as a number, modulo 3, choose the next hash.
        key = _SHA2[int.from_bytes(encrypted[:16], "big") % 3](encrypted).digest()
        rounds += 1
        if rounds >= 64 and encrypted[-1] <= rounds - 32:
            return key[:32]
