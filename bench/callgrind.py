"""Reading callgrind's output: self cost per function and shared object, call arcs, and
pagetext's stages as the inclusive cost of the compiled functions that run them.

callgrind's format (valgrind's docs, "Callgrind Format Specification"): `ob=`, `fn=` and
`cfn=` name the current object, function and callee, by "(id) name" the first time and by
"(id)" after; a cost line is a position and the costs; the cost line after `calls=` is the
inclusive cost of those calls (the caller's arc), every other one the function's own.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

# pagetext's stages: each the inclusive cost of the compiled functions that run it, given as
# "module.function" or "module.Class.method" (mypyc names them CPyDef_<module>___<name>, the
# module by the shortest part of its path that is unique), as "arc:caller>callee" for one
# call arc, or as a raw symbol. Indented stages are parts of the one above; "*" ones cut across
# the others and are not added into the rest. Font programs are parsed by fontTools, not
# compiled: the child calls load_program through ctypes (bench/first_read_child.py), the only
# ctypes call of the read, so that callgrind sees it start and end (as _ctypes_callproc: the
# C function it calls is a tail jump and no frame of its own).
STAGE_FUNCTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("content streams (read, inflate)", ("page_content.PageContent.content",)),
    ("interpretation (run_page)", ("interpreter.Interpreter.run_page",)),
    ("  fonts (load_font)", ("loader.load_font",)),
    ("    standard-14 metrics", ("encodings.core14_metrics",)),
    ("    ToUnicode CMaps", ("font.read_to_unicode",)),
    ("    widths", ("simple._widths",)),
    ("  font programs (fontTools, when a string first needs one)", ("_ctypes_callproc",)),
    ("  forms (draw_form)", ("interpreter.draw_form",)),
    ("  lexer (tokens to run_content)", ("arc:interpreter.run_content>PyIter_Next",)),
    ("  show (text_show.show)", ("text_show.show",)),
    ("    Glyph objects made", ("glyph.Glyph",)),
    # Default text reads the tree only for the /ActualText of a page's elements, after a
    # search of the file's bytes for the name (pdf/spelling.py).
    ("structure tree (for ActualText)", ("page_content.DocumentContext.actual_text_tree",)),
    ("  search of the file for /ActualText", ("spelling.may_hold_name",)),
    ("ActualText", ("marked.apply_actual_text",)),
    ("annotations", ("page_content.PageContent.annotations",)),
    ("untrack glyph records", ("untrack.untrack_records",)),
    ("assembly", ("assembly.assemble",)),
    ("drop caps, overlay", ("dropcap.join_drop_caps", "overlay.place_overlay")),
    ("reading order", ("reading.reading_order",)),
    ("freeing each page's records", ("page___Page_dealloc",)),
    # The package's own data files, read on first use in each process (then cached for the
    # next document, not for the next process).
    ("* package data (metrics, encodings, CMaps)", ("encodings._data", "predefined._package_data")),
)

# Shared objects grouped for the split by library (a regular expression on the object's path).
OBJECT_GROUPS = (
    ("qpdf", r"libqpdf"),
    ("zlib", r"libz\.|libz-|zlib"),
    ("pikepdf bindings", r"pikepdf"),
    ("pagetext compiled", r"__mypyc|pagetext"),
    ("CPython", r"libpython|/python3|bin/python"),
    ("libc / libstdc++", r"libc\.|libc-|libstdc\+\+|libm\.|ld-linux"),
    ("pdfium", r"pdfium"),
    ("mupdf", r"mupdf|fitz"),
)

_NAME = re.compile(r"^\((\d+)\)(?: (.*))?$")
_FILE_KEYS = ("fl", "fi", "fe", "cfi", "cfl")
# Which table of compressed names each key uses (files: where a function's code lies).
_KIND = {"ob": "ob", "cob": "ob", "fn": "fn", "cfn": "fn"} | dict.fromkeys(_FILE_KEYS, "fl")


@dataclass
class Profile:
    """One dump: self cost per function and per shared object, call arcs."""

    total: int = 0
    self_cost: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    object_cost: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    calls_out: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    arcs: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))

    def inclusive(self, name: str) -> int:
        """A function's own cost and its calls'; "arc:caller>callee" is one call arc's cost,
        the caller a compiled module.function. callgrind names the deeper levels of a
        recursion name'2, name'3 (--separate-recs), so a form inside a form counts once."""
        if name.startswith("arc:"):
            caller, _, callee = name[4:].partition(">")
            return sum(cost for (a, b), cost in self.arcs.items() if b == callee and compiled(a, caller))
        return self.self_cost.get(name, 0) + self.calls_out.get(name, 0)


def compiled(symbol: str, dotted: str) -> bool:
    """Whether `symbol` is callgrind's name of the compiled function module.function."""
    module, _, qualname = dotted.partition(".")
    name = re.escape(qualname.replace(".", "___"))
    return re.match(rf"^CPyDef_(?:\w+___)?{re.escape(module)}___{name}$", symbol) is not None


def parse(path: Path) -> Profile:
    """Self and call costs of one callgrind dump of one event (Ir)."""
    profile = Profile()
    names: dict[str, dict[str, str]] = {"ob": {}, "fn": {}, "fl": {}}

    def resolve(kind: str, value: str) -> str:
        match = _NAME.match(value)
        if not match:
            return value
        table = names[_KIND[kind]]
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1), value)

    current_ob = current_fn = callee = ""
    after_calls = False
    with path.open(errors="replace") as lines:
        for line in lines:
            if not line or line[0] in "\n#":
                continue
            if line[0].isdigit() or line[0] in "+-*":
                parts = line.split()
                cost = int(parts[1]) if len(parts) > 1 else 0
                if after_calls:
                    profile.calls_out[current_fn] += cost
                    profile.arcs[(current_fn, callee)] += cost
                    after_calls = False
                else:
                    profile.self_cost[current_fn] += cost
                    profile.object_cost[current_ob] += cost
                    profile.total += cost
                continue
            key, _, value = line.rstrip("\n").partition("=")
            if key == "calls":
                after_calls = True
            elif key == "ob":
                current_ob = resolve(key, value)
            elif key == "fn":
                current_fn = resolve(key, value)
            elif key == "cfn":
                callee = resolve(key, value)
            elif key in _KIND:
                resolve(key, value)  # defines a compressed name used later
    return profile


def dump_files(out: Path) -> dict[str, Path]:
    """The files of one run by phase label (callgrind writes <out>.<n> per client request)."""
    files: dict[str, Path] = {}
    for part in sorted(out.parent.glob(out.name + ".*"), key=lambda p: int(p.suffix[1:])):
        label = ""
        with part.open(errors="replace") as handle:
            for line in handle:
                if line.startswith("desc: Trigger: Client Request: "):
                    label = line.split(": ", 3)[-1].strip()
                    break
                if line.startswith("events:"):
                    break
        files[label or part.suffix] = part
    return files


def dumps(out: Path) -> dict[str, Profile]:
    """The dumps of one run by phase label."""
    return {label: parse(part) for label, part in dump_files(out).items()}


def event_totals(path: Path) -> dict[str, int]:
    """A dump's totals by event name (its `events:` line names them, `summary:` or `totals:`
    gives them): with --cache-sim and --branch-sim, Ir, Dr, Dw, I1mr, D1mr, D1mw, ..., Bcm, Bim."""
    names: list[str] = []
    with path.open(errors="replace") as handle:
        for line in handle:
            if line.startswith("events:"):
                names = line.split()[1:]
            elif line.startswith(("summary:", "totals:")) and names:
                return dict(zip(names, (int(value) for value in line.split()[1:]), strict=False))
    return {}


def _symbols(read: Profile, spec: str) -> list[str]:
    if "." not in spec or spec.startswith("arc:"):
        return [spec]
    return [name for name in read.self_cost.keys() | read.calls_out.keys() if compiled(name, spec)]


def pagetext_stages(read: Profile) -> dict[str, int]:
    """Instructions of each stage of pagetext's read (STAGE_FUNCTIONS), the rest last."""
    stages = {
        name: sum(read.inclusive(symbol) for spec in specs for symbol in _symbols(read, spec))
        for name, specs in STAGE_FUNCTIONS
    }
    top_level = sum(cost for name, cost in stages.items() if not name.startswith((" ", "*")))
    stages["rest (outside the stages)"] = read.total - top_level
    return stages


def object_split(profile: Profile) -> dict[str, int]:
    """Self instructions by library (OBJECT_GROUPS), the rest as 'other'."""
    split: dict[str, int] = defaultdict(int)
    for obj, cost in profile.object_cost.items():
        group = next((name for name, pattern in OBJECT_GROUPS if re.search(pattern, obj)), "other")
        split[group] += cost
    return dict(split)


def top_functions(profile: Profile, count: int) -> list[tuple[str, int]]:
    """The functions with the most instructions of their own."""
    return sorted(profile.self_cost.items(), key=lambda item: -item[1])[:count]
