"""Build pagetext's package data from ../shared/data (run by hand when the data changes).

    python tools/build_data.py [SHARED_DATA_DIR]

Writes into pagetext/fonts/data/:
  cmap/NAME.bin.gz         each predefined CMap, its usecmap chain resolved: a JSON header line
                           (collection, WMode, codespace), then its code → CID runs as three
                           little-endian uint32 columns: first codes, spans (last − first),
                           first CIDs
  cid2unicode/ORD.utf16le  CID → Unicode for each Adobe character collection, UTF-16LE and not
                           compressed (one call decodes it; inflating and decoding UTF-8 took
                           four times as long, and CJK text shrank little): the CID count and a
                           line break, one character per CID (U+0000 for none, U+FFFF for a
                           longer text), then the longer texts in CID order, each after a
                           U+0000 (variation selectors stripped; gaps filled from cid2code's
                           UTF-32 column)
  LICENSE-CMAP.txt         Adobe's BSD notice for the two above
  encodings/NAME.txt       each simple-font encoding (ISO 32000-1 Annex D): the notice line, then
                           256 lines, code 0 to 255, each its glyph name or empty
  core14/NAME.txt          each standard-14 font's metrics (MODIFIED, DERIVED from Adobe's Core14
                           AFM files): the notice line, a line "ascent descent", a line of glyph
                           names, a line of their widths in hex (little-endian uint16: read as
                           an array, not parsed number by number), a line of "code glyph" pairs
                           (the built-in encoding)
  LICENSE-AFM.txt          the Adobe AFM notice that must travel with data derived from the AFM files
  LICENSE-AGL.txt          Adobe's BSD notice of the glyph lists (agl, aglfn below)
  names/NAME.txt           lists of standard glyph names, one a line, from fontTools (a core
                           dependency): cff-standard-strings (the 391 standard strings of Adobe
                           TN #5176 Appendix A) and mac-glyph-names (the 258 Macintosh names a
                           TrueType 'post' table indexes), agl (the Adobe Glyph List: a name and
                           its code points in hex a line, sorted), aglfn (the AGL for New Fonts: a
                           code point in four hex digits and its name a line, sorted) and
                           zapf-dingbats (the ITC Zapf Dingbats list, as agl);
                           a process reads these in microseconds, where importing the fontTools
                           modules that hold them takes 6-20 ms
Text a font loader splits in one call: a file per font and per encoding, so that a process
reads only those its documents use (the whole of the former JSON cost 14 M instructions to
parse, a sixth of a one-page document's read).
The installed package reads only these files, never ../shared.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pagetext.fonts.cmap import decode_unicode_bytes
from pagetext.pdf.atomic import atomic_open
from pagetext.syntax.lexer import iter_operations

ZAPF_DINGBAT_NAMES = 256  # names a0 to a255 are asked of fontTools: its list ends before
MAX_USECMAP_DEPTH = 8  # predefined chains are at most two deep; this guards against loops
NO_TEXT, LONGER_TEXT = "\x00", "\uffff"  # as pagetext.fonts.cmap.CollectionText reads them

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


_VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")


def _fail(message: str) -> None:
    raise SystemExit(f"build_data: {message}")


def _glyph(name: str) -> str:
    if not name or any(char.isspace() for char in name):
        _fail(f"glyph name {name!r} cannot be written as one word")
    return name


def _integer(value: object) -> int:
    if not isinstance(value, int):
        _fail(f"metric {value!r} is not an integer")
    return int(value)  # type: ignore[arg-type]


def _write(path: Path, data: bytes) -> None:
    """A file of the package data written whole or not at all: a temporary file renamed over
    it, so that an interrupted build leaves no half-written file (a folder it emptied to drop
    stale files is filled again by the next run)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(path) as stream:
        stream.write(data)


def _write_text(path: Path, lines: list[str]) -> None:
    _write(path, ("\n".join(lines) + "\n").encode("utf-8"))


def _write_gz(path: Path, data: bytes) -> None:
    _write(path, gzip.compress(data, compresslevel=9, mtime=0))


def resolve_cmap(name: str, cmaps: dict[str, dict[str, object]], depth: int = 0) -> dict[str, object]:
    """A predefined CMap with its usecmap chain applied: code → CID, the later definition
    winning within a file and the file's own over its parent's; the parent's codespace and
    collection where the file has none."""
    if depth > MAX_USECMAP_DEPTH:
        _fail(f"usecmap loop at {name}")
    source = cmaps[name]
    cids: dict[int, int] = {}
    for _, low, high, cid in source["ranges"]:  # type: ignore[attr-defined]
        for code in range(low, high + 1):
            cids[code] = cid + code - low
    codespace = source["codespace"]
    collection = source["collection"]
    parent_name = source["usecmap"]
    if parent_name:
        parent = resolve_cmap(str(parent_name), cmaps, depth + 1)
        cids = {**parent["cids"], **cids}  # type: ignore[dict-item]
        codespace = codespace or parent["codespace"]
        collection = collection or parent["collection"]
    return {"collection": collection, "wmode": source["wmode"], "codespace": codespace, "cids": cids}


def cmap_bytes(cmap: dict[str, object]) -> bytes:
    """The runtime file of a resolved CMap: its header line, then its CID runs (consecutive
    codes with consecutive CIDs), sorted by first code, column by column (they pack tighter)."""
    header = {key: cmap[key] for key in ("collection", "wmode", "codespace")}
    runs: list[list[int]] = []
    cids: dict[int, int] = cmap["cids"]  # type: ignore[assignment]
    for code in sorted(cids):
        cid = cids[code]
        last = runs[-1] if runs else None
        if last is not None and last[1] + 1 == code and last[2] + code - last[0] == cid:
            last[1] = code
        else:
            runs.append([code, code, cid])
    columns = ([run[0] for run in runs], [run[1] - run[0] for run in runs], [run[2] for run in runs])
    packed = b"".join(struct.pack(f"<{len(runs)}I", *column) for column in columns)
    return json.dumps(header, separators=(",", ":")).encode("ascii") + b"\n" + packed


def build_cmap(path: Path, collection: str) -> dict[str, object]:
    """One predefined CMap as ranges: [[code_length, low, high, first_cid], ...]."""
    codespace: list[list[object]] = []
    ranges: list[list[int]] = []
    parent = None
    wmode = 0
    for operator, operands, _ in iter_operations(path.read_bytes(), _fail):
        if operator == "endcodespacerange":
            for i in range(0, len(operands), 2):
                low, high = operands[i], operands[i + 1]
                codespace.append([len(low), low.hex(), high.hex()])
        elif operator == "endcidrange":
            for i in range(0, len(operands), 3):
                low, high, cid = operands[i : i + 3]
                ranges.append([len(low), int.from_bytes(low, "big"), int.from_bytes(high, "big"), cid])
        elif operator == "endcidchar":
            for i in range(0, len(operands), 2):
                code, cid = operands[i : i + 2]
                value = int.from_bytes(code, "big")
                ranges.append([len(code), value, value, cid])
        elif operator == "usecmap":
            parent = operands[-1]
        elif operator == "def" and len(operands) >= 2 and operands[-2] == "WMode":
            wmode = operands[-1]
    return {
        "collection": collection,
        "wmode": wmode,
        "usecmap": parent,
        "codespace": codespace,
        "ranges": ranges,
    }


def build_cid2unicode(ucs2: Path, cid2code: Path | None) -> list[str]:
    """CID-indexed list of Unicode text ("" where the collection has none)."""
    table: dict[int, str] = {}
    for operator, operands, _ in iter_operations(ucs2.read_bytes(), _fail):
        if operator == "endbfchar":
            for i in range(0, len(operands), 2):
                table[int.from_bytes(operands[i], "big")] = decode_unicode_bytes(operands[i + 1])
        elif operator == "endbfrange":
            for i in range(0, len(operands), 3):
                low, high, target = operands[i : i + 3]
                first, last = int.from_bytes(low, "big"), int.from_bytes(high, "big")
                if isinstance(target, list):
                    for cid, item in zip(range(first, last + 1), target, strict=False):
                        table[cid] = decode_unicode_bytes(item)
                else:
                    base = decode_unicode_bytes(target)
                    for cid in range(first, last + 1):
                        table[cid] = base[:-1] + chr(ord(base[-1]) + cid - first)
    if cid2code is not None:
        # Fill what the UCS2 file lacks (GB1 Supplement 6, unmapped or U+FFFD/U+0000 entries)
        # from the master table's UTF-32 column.
        column = None
        for line in cid2code.read_text("utf-8").splitlines():
            fields = line.rstrip("\n").split("\t")
            if line.startswith("CID\t"):
                column = next((i for i, f in enumerate(fields) if f.endswith("-UTF32")), None)
                continue
            if column is None or line.startswith("#") or len(fields) <= column:
                continue
            cid = int(fields[0])
            value = fields[column].strip().split(",")[0].rstrip("v")
            if value != "*" and table.get(cid, "\ufffd") in ("\ufffd", "\x00", ""):
                table[cid] = chr(int(value, 16))
    size = max(table) + 1 if table else 0
    result = [""] * size
    for cid, text in table.items():
        text = _VARIATION_SELECTORS.sub("", text)
        result[cid] = "" if text in ("\ufffd", "\x00") else text
    return result


def collection_bytes(table: list[str]) -> bytes:
    """The runtime file of a CID → Unicode table (see the module's docstring)."""
    if any(char in text for text in table for char in (NO_TEXT, LONGER_TEXT)):
        _fail("U+0000 or U+FFFF in a CID → Unicode table")
    singles = "".join(text if len(text) == 1 else LONGER_TEXT if text else NO_TEXT for text in table)
    longer = "".join(NO_TEXT + text for text in table if len(text) > 1)
    return f"{len(table)}\n{singles}{longer}".encode("utf-16-le")


def build(shared: Path) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    index = {}
    for line in (shared / "cmap" / "INDEX.tsv").read_text("utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        index[fields[0]] = fields[1]
    shutil.rmtree(OUT / "cmap", ignore_errors=True)
    cmaps = {name: build_cmap(shared / "cmap" / name, collection) for name, collection in index.items()}
    for name in sorted(cmaps):
        _write_gz(OUT / "cmap" / f"{name}.bin.gz", cmap_bytes(resolve_cmap(name, cmaps)))
    shutil.rmtree(OUT / "cid2unicode", ignore_errors=True)
    for ucs2 in sorted((shared / "cid2unicode").glob("Adobe-*-UCS2")):
        ordering = ucs2.name.split("-")[1]
        masters = sorted((shared / "cid2unicode" / "cid2code").glob(f"Adobe-{ordering}-*_cid2code.txt"))
        table = build_cid2unicode(ucs2, masters[0] if masters else None)
        _write(OUT / "cid2unicode" / f"{ordering}.utf16le", collection_bytes(table))
    _write(OUT / "LICENSE-CMAP.txt", (shared / "cmap" / "LICENSE").read_bytes())

    source = json.loads((shared / "encodings" / "encodings.json").read_text("utf-8"))
    shutil.rmtree(OUT / "encodings", ignore_errors=True)
    for name, entry in source.items():
        if isinstance(entry, dict) and "codes" in entry:
            lines = [glyph or "" for glyph in _code_table(entry["codes"])]
            _write_text(OUT / "encodings" / f"{name}.txt", [AFM_NOTICE, *lines])

    fonts = json.loads((shared / "afm" / "core14_metrics.json").read_text("utf-8"))["fonts"]
    shutil.rmtree(OUT / "core14", ignore_errors=True)
    for name, font in fonts.items():
        bbox = font["FontBBox"]
        # Symbol and ZapfDingbats have no Ascender/Descender: their FontBBox stands in.
        ascent = bbox[3] if font.get("Ascender") is None else font["Ascender"]
        descent = bbox[1] if font.get("Descender") is None else font["Descender"]
        glyphs = " ".join(_glyph(glyph) for glyph in font["widths"])
        widths = [_integer(width) for width in font["widths"].values()]
        if not all(0 <= width <= 0xFFFF for width in widths):
            _fail(f"{name}: a width beyond 16 bits")
        encoding = " ".join(
            f"{int(code)} {_glyph(glyph)}" for code, glyph in font["builtin_encoding"].items()
        )
        extent = f"{_integer(ascent)} {_integer(descent)}"
        packed = struct.pack(f"<{len(widths)}H", *widths).hex()
        _write_text(OUT / "core14" / f"{name}.txt", [AFM_NOTICE, extent, glyphs, packed, encoding])
    _write(OUT / "LICENSE-AFM.txt", (shared / "afm" / "LICENSE").read_bytes())
    build_names()


def build_names() -> None:
    from fontTools import agl
    from fontTools.cffLib import cffStandardStrings
    from fontTools.ttLib.standardGlyphOrder import standardGlyphOrder

    shutil.rmtree(OUT / "names", ignore_errors=True)
    lists = {"cff-standard-strings": cffStandardStrings, "mac-glyph-names": standardGlyphOrder}
    for name, glyphs in lists.items():
        _write_text(OUT / "names" / f"{name}.txt", [_glyph(str(glyph)) for glyph in glyphs])
    lines = [
        " ".join([_glyph(name), *(f"{code:04X}" for code in codes)])
        for name, codes in sorted(agl.LEGACY_AGL2UV.items())
    ]
    _write_text(OUT / "names" / "agl.txt", lines)
    # AGLFN's name for each code point it lists (fontTools' UV2AGL): the name fontTools gives a
    # TrueType glyph that has no 'post' name, after the least code point a Unicode cmap maps to it.
    assert all(code <= 0xFFFF for code in agl.UV2AGL), "AGLFN lists code points of the BMP only"
    _write_text(
        OUT / "names" / "aglfn.txt", [f"{code:04X} {name}" for code, name in sorted(agl.UV2AGL.items())]
    )
    # The dingbats by name (aN), as a PDF names them: those fontTools maps otherwise in a font
    # of ZapfDingbats than elsewhere.
    lines = []
    for number in range(ZAPF_DINGBAT_NAMES):
        dingbat = agl.toUnicode(f"a{number}", isZapfDingbats=True)
        if dingbat != agl.toUnicode(f"a{number}") and len(dingbat) == 1:
            lines.append(f"a{number} {ord(dingbat):04X}")
    _write_text(OUT / "names" / "zapf-dingbats.txt", sorted(lines))
    # agl.txt and aglfn.txt derive from Adobe's agl-aglfn (BSD-3-Clause): its notice, as the
    # lists in fontTools carry it, travels with them.
    notice = agl._aglfnText.split("# ----", 2)[1].split("\n")[1:]
    _write_text(
        OUT / "LICENSE-AGL.txt", [line[2:] if line.startswith("# ") else line.lstrip("#") for line in notice]
    )


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parent.parent / "shared" / "data")
