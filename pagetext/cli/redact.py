"""`pagetext redact`: remove text from a PDF for good (see pagetext.edit.redact).

pagetext redact FILE (-o OUT.pdf | --in-place) [--text S]... [--regex R]... [--ignore-case]
                 [--box PAGE:x0,y0,x1,y1]... [--fill black|none] [--password PW]
                 [--scrub-metadata] [--images keep|remove|blank] [--force]
"""

from __future__ import annotations

import argparse
import sys

import pagetext
from pagetext.cli.common import (
    EXIT_DAMAGED,
    EXIT_OK,
    EXIT_USAGE,
    Parser,
    Usage,
    refuse_same_file,
    run_reporting,
)
from pagetext.edit.redact import RedactionReport
from pagetext.edit.select import Target
from pagetext.errors import UsageError
from pagetext.geometry import Box

FILLS = {"black": (0.0, 0.0, 0.0), "none": None}


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pagetext redact",
        description="Remove text from a PDF: the glyphs' bytes leave the content, everything else "
        "stays where it was. Boxes are in PDF user space (points, origin bottom-left of the "
        "unrotated page).",
    )
    parser.add_argument("file", help="the PDF to redact")
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("-o", "--output", help="the redacted PDF to write (never the input itself)")
    target.add_argument(
        "--in-place", action="store_true", help="replace FILE by its redacted version (written atomically)"
    )
    parser.add_argument("--text", action="append", default=[], help="text to remove (repeatable)")
    parser.add_argument("--regex", action="append", default=[], help="Python regular expression (repeatable)")
    parser.add_argument("--ignore-case", action="store_true", help="match --text and --regex in any case")
    parser.add_argument(
        "--box", action="append", default=[], help="PAGE:x0,y0,x1,y1 area to clear (repeatable)"
    )
    parser.add_argument(
        "--fill", choices=sorted(FILLS), default="black", help="paint over the targets (default black)"
    )
    parser.add_argument("--password", help="user or owner password of an encrypted PDF")
    parser.add_argument("--scrub-metadata", action="store_true", help="also drop the document info and XMP")
    parser.add_argument(
        "--images",
        choices=["keep", "remove", "blank"],
        default="keep",
        help="images under a target: keep (default), remove them, or blank the covered pixels",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="accept a painted box over text that cannot be edited (Type3 glyphs, clip text, patterns)",
    )
    return parser


def parse_box(spec: str) -> tuple[int, Box]:
    """PAGE:x0,y0,x1,y1 → (page number, Box)."""
    try:
        page, coords = spec.split(":", 1)
        x0, y0, x1, y1 = (float(v) for v in coords.split(","))
        return int(page), Box.from_corners(x0, y0, x1, y1)
    except ValueError as error:
        raise UsageError(f"--box {spec!r}: expected PAGE:x0,y0,x1,y1") from error


def run(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except Usage as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE

    def body() -> int:
        boxes = [parse_box(spec) for spec in args.box]
        if not (args.text or args.regex or boxes):
            raise UsageError("nothing to redact: give --text, --regex or --box")
        if not args.in_place:
            refuse_same_file(args.file, args.output)
        with pagetext.open(args.file, password=args.password) as doc:
            targets: list[Target] = list(boxes)
            for text in args.text:
                targets.extend(doc.search(text, ignore_case=args.ignore_case))
            for pattern in args.regex:
                targets.extend(doc.search(pattern, ignore_case=args.ignore_case, regex=True))
            if not targets:
                print("pagetext redact: nothing matched; no file written", file=sys.stderr)
                return EXIT_DAMAGED
            report = doc.redact(
                targets,
                args.file if args.in_place else args.output,
                fill=FILLS[args.fill],
                images=args.images,
                scrub_metadata=args.scrub_metadata,
                force=args.force,
            )
        _print_report(report)
        return EXIT_OK

    return run_reporting("pagetext redact", body)


def _print_report(report: RedactionReport) -> None:
    for page in report.pages:
        extra = f", {page.annotations} annotation(s)" if page.annotations else ""
        extra += f", {page.images} image(s)" if page.images else ""
        extra += f", {len(page.covered_only)} covered only" if page.covered_only else ""
        print(f"page {page.page_number}: {page.glyphs_removed} glyph(s) removed{extra}", file=sys.stderr)
    if report.glyphs_removed == 0 and not any(p.images or p.annotations for p in report.pages):
        print("pagetext redact: the targets cover no text", file=sys.stderr)
