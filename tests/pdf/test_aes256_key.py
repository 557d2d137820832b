"""The AES-256 file key found from a password (pagetext.pdf.aes256_key): the key qpdf derives,
from the user's and the owner's password, and qpdf left to decide whenever it is in doubt."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pikepdf
import pytest

import pagetext
from pagetext.pdf import aes256_key
from pagetext.pdf.aes256_key import Revision6, file_key
from pagetext.pdf.aes256_key import revision6_entries as entries_of
from pagetext.pdf.file_bytes import open_file_bytes
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, new_pdf, to_bytes

compiled_only = pytest.mark.skipif(aes256_key._CBC is None, reason="the plain build leaves the key to qpdf")


def _encrypted(revision: int = 6, **options: object) -> bytes:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Secret) Tj ET")
    return to_bytes(pdf, encryption=pikepdf.Encryption(owner="owner", user="user", R=revision), **options)


def _qpdf_key(data: bytes, password: str) -> bytes:
    with pikepdf.open(io.BytesIO(data), password=password) as pdf:
        return bytes(pdf.encryption.encryption_key)


# FIPS-197 Appendix C: the plaintext 00112233...ff under the keys 000102...
@compiled_only
@pytest.mark.parametrize(
    ("key_bytes", "cipher"),
    [
        (16, "69c4e0d86a7b0430d8cdb78070b4c55a"),
        (24, "dda97ca4864cdfe06eaf70a0ec0d7191"),
        (32, "8ea2b7ca516745bfeafc49904b496089"),
    ],
)
def test_the_cipher_is_fips_197(key_bytes: int, cipher: str) -> None:
    assert aes256_key._CBC is not None
    key = bytes(range(key_bytes))
    plain = bytes.fromhex("00112233445566778899aabbccddeeff")
    assert aes256_key._CBC(key, bytes(16), plain, True).hex() == cipher
    assert aes256_key._CBC(key, bytes(16), bytes.fromhex(cipher), False) == plain


@compiled_only
def test_cbc_chains_the_blocks() -> None:
    assert aes256_key._CBC is not None
    key, iv = bytes(range(16)), bytes(range(16, 32))
    plain = bytes(range(64))
    sealed = aes256_key._CBC(key, iv, plain, True)
    # Each block's cipher is that of the block xor the cipher before it.
    previous = iv
    for at in range(0, 64, 16):
        block = bytes(a ^ b for a, b in zip(plain[at : at + 16], previous, strict=True))
        assert sealed[at : at + 16] == aes256_key._CBC(key, bytes(16), block, True)
        previous = sealed[at : at + 16]
    assert aes256_key._CBC(key, iv, sealed, False) == plain


@compiled_only
@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_the_aes_instructions_and_the_tables_encrypt_alike(key_bytes: int) -> None:
    # cbc encrypts by the processor's AES instructions where it has them (this machine's
    # check runs there), by the tables otherwise: the two must agree on every key and length.
    from pagetext.pdf._native_aes import cbc, cbc_by_tables

    generator = random.Random(key_bytes)
    for blocks in range(1, 40):
        key, iv = generator.randbytes(key_bytes), generator.randbytes(16)
        plain = generator.randbytes(16 * blocks)
        assert cbc(key, iv, plain, True) == cbc_by_tables(key, iv, plain, True)
        assert cbc(key, iv, cbc_by_tables(key, iv, plain, True), False) == plain


@compiled_only
@pytest.mark.parametrize("as_path", [False, True])
@pytest.mark.parametrize("streams", [pikepdf.ObjectStreamMode.disable, pikepdf.ObjectStreamMode.generate])
def test_the_user_and_owner_passwords_find_the_key_qpdf_derives(
    tmp_path: Path, as_path: bool, streams: pikepdf.ObjectStreamMode
) -> None:
    # A cross-reference table's trailer or a cross-reference stream names the dictionary.
    data = _encrypted(object_stream_mode=streams)
    path = tmp_path / "encrypted.pdf"
    path.write_bytes(data)
    entries = _entries(str(path) if as_path else data)
    assert entries is not None
    assert file_key(entries, "user") == _qpdf_key(data, "user")
    assert file_key(entries, "owner") == _qpdf_key(data, "owner")
    assert file_key(entries, "wrong") is None


@compiled_only
def test_other_files_have_no__entries() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Open) Tj ET")
    assert _entries(to_bytes(pdf)) is None
    assert _entries(_encrypted(4)) is None  # AES-128: qpdf's own derivation is quick


def test_encrypted_files_read_alike_with_either_password(tmp_path: Path) -> None:
    # Both builds: the compiled one opens with the key it found, the plain one leaves it to qpdf.
    data = _encrypted()
    path = tmp_path / "encrypted.pdf"
    path.write_bytes(data)
    for source in (data, str(path)):
        for password in ("user", "owner"):
            with pagetext.open(source, password=password) as doc:
                assert doc[0].text() == "Secret"
        with pytest.raises(pagetext.PasswordError):
            pagetext.open(source, password="wrong")


def test_a_key_perms_does_not_confirm_is_left_to_qpdf(tmp_path: Path) -> None:
    # /Perms altered (its sealed permissions no longer decipher to /P and "adb"): no key is
    # taken from it, and qpdf, which checks the password by /U and /O, still opens the file.
    data = _encrypted(object_stream_mode=pikepdf.ObjectStreamMode.disable)
    with pikepdf.open(io.BytesIO(data), password="user") as pdf:
        sealed = bytes(pdf.trailer.Encrypt.Perms)
    assert data.count(b"/Perms <" + sealed.hex().encode() + b">") == 1
    altered = data.replace(sealed.hex().encode(), bytes(16).hex().encode())
    entries = _entries(altered)
    if entries is not None:  # compiled
        assert file_key(entries, "user") is None
    with pagetext.open(altered, password="user") as doc:
        assert doc[0].text() == "Secret"


@compiled_only
@needs_corpus
def test_real_aes256_files_give_the_key_qpdf_derives_from_their_passwords() -> None:
    # real/'s AES-256 files (pypdf's, pdf.js's): each password its sidecar gives ("" when none).
    found = 0
    for path in sorted((CORPUS / "real").glob("*.pdf")):
        entries = _entries(str(path))
        if entries is None:
            continue
        found += 1
        expect = json.loads(path.with_suffix(".expect.json").read_text())
        password = expect.get("password") or ""
        assert file_key(entries, password) == _qpdf_key(path.read_bytes(), password), path.name
        assert _entries(path.read_bytes()) is not None  # the bytes read alike
        with pagetext.open(str(path), password=password or None) as doc:
            assert doc.text().strip(), path.name
    assert found >= 5


def _entries(source: str | bytes) -> Revision6 | None:
    """The revision 6 entries of a file by path or of bytes, read as open_pdf reads them."""
    file = open_file_bytes(source)
    assert file is not None
    try:
        return entries_of(file)
    finally:
        file.close()
