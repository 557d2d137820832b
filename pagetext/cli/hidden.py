"""`pagetext hidden`: the text a viewer does not show, page by page, with the reasons.

pagetext hidden FILE [-p RANGE] [--format text|json] [-o OUT] [--password PW]

A report, not a verdict: the exit code is 0 whether or not hidden text was found (1, 2, 3
and 4 as for `pagetext FILE`: a damaged file, a usage error, a password, an output that
cannot be written).
"""

from __future__ import annotations

import argparse
import sys

import pagetext
from pagetext.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    STDIO,
    Parser,
    Usage,
    output_stream,
    refuse_same_file,
    run_reporting,
    source,
)
from pagetext.export.common import write_chunks
from pagetext.export.hidden import report_json, report_lines

FORMATS = ("text", "json")
DESCRIPTION = """\
Report the text of a PDF that a viewer does not show: hidden instructions aimed at
language models, keyword stuffing, redactions that only drew a box over the text.
Each span of hidden words is listed with its page, reasons, box (x0,y0,x1,y1 in PDF
user space) and text; a last line counts the spans per reason. The reasons:

  invisible-mode    drawn in render mode 3 or 7 (not an OCR layer over its image)
  clipped           outside the clipping path in force
  covered           under an opaque fill or image painted later
  same-color        in a colour that cannot be told from what lies beneath
  transparent       fill alpha 0, or a soft mask that removes it
  tiny              under 1 pt high
  off-page          its centre outside the visible page
  optional-content  in a layer that is off by default

Exit code 0 whether or not hidden text was found."""
EXAMPLES = """examples:
  pagetext hidden resume.pdf
  pagetext hidden paper.pdf -p 1-3 --format json -o hidden.json"""


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pagetext hidden",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EXAMPLES,
    )
    parser.add_argument("file", help="the PDF to read; - for standard input")
    parser.add_argument("-p", "--pages", help="1-based pages, e.g. 1-3,7 or 5- (default: all)")
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (default: a line per span, then a summary) or json (the pagetext-hidden/1 schema)",
    )
    parser.add_argument("-o", "--output", help="write here (atomically) instead of stdout; - for stdout")
    parser.add_argument("--password", help="user or owner password of an encrypted PDF")
    parser.add_argument("-v", "--verbose", action="store_true", help="print warnings about damaged content")
    return parser


def run(argv: list[str]) -> int:
    """`pagetext hidden FILE ...`: the exit code."""
    try:
        args = _parser().parse_args(argv)
    except Usage as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE

    def body() -> int:
        refuse_same_file(args.file, args.output)
        with pagetext.open(source(args.file), password=args.password) as doc:
            pages = len(doc.page_indices(args.pages))
            spans = doc.hidden_text(args.pages)
        # Every page is read before the output is opened: a file that fails half way leaves
        # no half report behind.
        if args.format == "json":
            chunks = iter([report_json(spans, "" if args.file == STDIO else args.file, pages)])
        else:
            chunks = report_lines(spans, pages)
        with output_stream(args.output) as out:
            write_chunks(chunks, out)
        return EXIT_OK

    return run_reporting("pagetext hidden", body, args.verbose)
