"""What `import pagetext` and a plain text read import: a process that reads one document pays
for every module imported, and the exporters, the table finder and fontTools took more time
to import than a short document takes to read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample.pdf"

# Imported only by what needs them: other export formats, tables, damaged files, font programs
# that only fontTools reads, a reading of what a viewer hides.
LAZY = (
    "fontTools.agl",
    "fontTools.cffLib",
    "fontTools.ttLib",
    "pagetext.export.json",
    "pagetext.export.markdown",
    "pagetext.export.chunks",
    "pagetext.export.common",
    "pagetext.export.page_view",
    "pagetext.layout.paragraphs",
    "pagetext.tables.merge",
    "pagetext.tables.values",
    "pagetext.pdf.recovery",
    "pagetext.content.visibility",
    "pagetext.content.visibility_reading",
)


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize(
    "code",
    [
        "import pagetext",
        f"import pagetext\nwith pagetext.open({str(SAMPLE)!r}) as doc: doc.text()",
        f"import sys\nsys.argv = ['pagetext', {str(SAMPLE)!r}]\nfrom pagetext.cli import main\nmain()",
    ],
    ids=["import", "text", "command"],
)
def test_a_text_read_leaves_the_heavy_modules_unimported(code: str) -> None:
    loaded = _modules_after(code)
    assert "pagetext.document" in loaded
    assert sorted(set(LAZY) & loaded) == []


def test_the_export_package_still_offers_its_names() -> None:
    loaded = _modules_after(
        "import pagetext.export as export\n"
        "assert callable(export.to_json) and callable(export.page_record)\n"
        "assert callable(export.paragraph_blocks)"
    )
    assert "pagetext.export.json" in loaded
    import pagetext.export

    with pytest.raises(AttributeError, match="no_such_name"):
        pagetext.export.no_such_name  # noqa: B018
