"""Build pagetext's package data from ../shared/data (run by hand when the data changes).

    python tools/build_data.py [SHARED_DATA_DIR]

Writes into pagetext/fonts/data/:
  encodings.json  simple-font encodings as 256-entry code → glyph-name lists (ISO 32000-1 Annex D)
  core14.json     metrics of the standard 14 fonts: ascent, descent, FontBBox, widths by glyph
                  name, built-in encoding (MODIFIED, DERIVED from Adobe's Core14 AFM files)
  LICENSE-AFM.txt the Adobe AFM notice that must travel with data derived from the AFM files
The installed package reads only these files, never ../shared.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "pagetext" / "fonts" / "data"

AFM_NOTICE = (
    "MODIFIED, DERIVED data: built by pagetext's tools/build_data.py from Adobe's Core14 AFM "
    "files (header values, advance widths and built-in encodings only; kerning, glyph boxes and "
    "ligatures left out) and from the encoding tables of ISO 32000-1 Annex D. See LICENSE-AFM.txt."
)


def _code_table(codes: dict[str, str]) -> list[str | None]:
    table: list[str | None] = [None] * 256
    for code, glyph in codes.items():
        table[int(code)] = glyph
    return table


def build(shared: Path) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    source = json.loads((shared / "encodings" / "encodings.json").read_text("utf-8"))
    encodings = {
        name: _code_table(entry["codes"])
        for name, entry in source.items()
        if isinstance(entry, dict) and "codes" in entry
    }
    (OUT / "encodings.json").write_text(
        json.dumps({"notice": AFM_NOTICE, "encodings": encodings}, separators=(",", ":")), "utf-8"
    )

    fonts = json.loads((shared / "afm" / "core14_metrics.json").read_text("utf-8"))["fonts"]
    core14 = {}
    for name, font in fonts.items():
        bbox = font["FontBBox"]
        core14[name] = {
            # Symbol and ZapfDingbats have no Ascender/Descender: their FontBBox stands in.
            "ascent": bbox[3] if font.get("Ascender") is None else font["Ascender"],
            "descent": bbox[1] if font.get("Descender") is None else font["Descender"],
            "bbox": bbox,
            "widths": font["widths"],
            "encoding": _code_table(font["builtin_encoding"]),
        }
    (OUT / "core14.json").write_text(
        json.dumps({"notice": AFM_NOTICE, "fonts": core14}, separators=(",", ":")), "utf-8"
    )
    shutil.copyfile(shared / "afm" / "LICENSE", OUT / "LICENSE-AFM.txt")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parent.parent / "shared" / "data")
