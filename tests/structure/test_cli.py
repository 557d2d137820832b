"""pagetext --order structure|auto and --format json --structure."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.pdfbuild import add_page, new_pdf, to_bytes
from tests.structure.tagged import build, element

CONTENT = (
    b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (Second) Tj EMC ET "
    b"BT /F1 10 Tf /P <</MCID 1>> BDC 72 720 Td (First) Tj EMC ET"
)


def _tagged(tmp_path: Path) -> Path:
    pdf = new_pdf()
    page = add_page(pdf, CONTENT)
    build(pdf, page, [element("Document", element("Caption", 0), element("P", 1))], role_map={})
    path = tmp_path / "tagged.pdf"
    path.write_bytes(to_bytes(pdf))
    return path


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "pagetext", *args], capture_output=True, check=False)


def test_order_structure_and_auto(tmp_path: Path) -> None:
    path = str(_tagged(tmp_path))
    assert run(path).stdout.decode() == "First\nSecond\n"
    assert run(path, "--order", "structure").stdout.decode() == "Second\nFirst\n"
    assert run(path, "--order", "auto").stdout.decode() == "Second\nFirst\n"


def test_json_with_structure(tmp_path: Path) -> None:
    result = run(str(_tagged(tmp_path)), "--format", "json", "--structure")
    assert result.returncode == 0, result.stderr
    page = json.loads(result.stdout)["pages"][0]
    assert page["structure_trust"] == {"ok": True, "reasons": []}
    (document,) = page["structure"]
    assert document["type"] == "Document"
    assert [(kid["type"], kid["glyphs"]) for kid in document["kids"]] == [
        ("Caption", [0, 1, 2, 3, 4, 5]),
        ("P", [6, 7, 8, 9, 10]),
    ]
    assert "structure" not in json.loads(run(str(_tagged(tmp_path)), "--format", "json").stdout)["pages"][0]
