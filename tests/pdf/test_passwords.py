"""Passwords in the form each security handler compares (SASLprep for AES-256, PDFDocEncoding before)."""

from __future__ import annotations

import pikepdf
import pytest

import pagetext
from pagetext.pdf.passwords import candidates, saslprep
from tests.pdfbuild import add_page, new_pdf, to_bytes


def _encrypted(user: str, revision: int) -> bytes:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Secret) Tj ET")
    # qpdf writes the password bytes it is given: for revision 6 we give it the SASLprep form,
    # as a conforming writer does; for revisions 3-4 pikepdf encodes it in PDFDocEncoding.
    options = {"aes": False, "metadata": False} if revision < 4 else {}
    return to_bytes(pdf, encryption=pikepdf.Encryption(owner="owner", user=user, R=revision, **options))


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("\u2168\u00a0abc", "IX abc"),  # NFKC folds the roman numeral; a no-break space is a space
        ("e\u0301t\u00e9", "\u00e9t\u00e9"),  # a decomposed accent composes
        ("pa\u00adss", "pass"),  # a soft hyphen is mapped to nothing
    ],
    ids=["nfkc-and-space", "composed", "soft-hyphen"],
)
def test_aes256_passwords_are_saslprep_normalised(typed: str, stored: str) -> None:
    data = _encrypted(stored, 6)
    with pagetext.open(data, password=typed) as doc:
        assert doc[0].text() == "Secret"


def test_aes256_passwords_use_their_first_127_bytes() -> None:
    long_password = "ü" * 70  # 140 bytes of UTF-8: the 64th character is cut in two
    assert candidates(long_password)[1] == long_password.encode("utf-8")[:127]
    stored = "ü" * 63 + "x"  # 127 bytes
    with pagetext.open(_encrypted(stored, 6), password="\u0075\u0308" * 63 + "x-and-more") as doc:
        assert doc[0].text() == "Secret"


@pytest.mark.parametrize("revision", [3, 4])
def test_older_revisions_take_the_password_in_pdfdocencoding(revision: int) -> None:
    data = _encrypted("\u20acuro \u2022 \u201cq\u201d", revision)  # €, • and quotes differ from Latin-1
    with pagetext.open(data, password="\u20acuro \u2022 \u201cq\u201d") as doc:
        assert doc[0].text() == "Secret"
    with pytest.raises(pagetext.PasswordError, match="wrong"):
        pagetext.open(data, password="euro")


def test_saslprep_rejects_what_the_profile_prohibits() -> None:
    assert saslprep("a\u0007b") is None  # a control character
    assert saslprep("\u05d0a\u05d1") is None  # right-to-left and left-to-right letters mixed
    assert saslprep("\u05d0\u05d1") == "\u05d0\u05d1"
    # A prohibited password is still tried as given.
    assert candidates("a\u0007b")[0] == "a\u0007b"


def test_candidates_do_not_repeat_the_same_bytes() -> None:
    assert candidates("plain") == ["plain"]
    assert candidates(b"\xa0raw") == [b"\xa0raw"]
