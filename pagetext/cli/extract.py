"""`pagetext FILE` and `pagetext explain`: the text of a PDF's pages, and why it comes out as it does.

pagetext FILE [-p RANGE] [-o OUT] [--password PW] [--order reading|content|structure|auto]
              [--format text|json|hocr|alto|markdown] [--glyphs] [--structure] [--dehyphenate]
              [--no-annotations] [--furniture] [--page-chunks] [--hidden keep|drop|flag]
pagetext explain FILE -p N [--order]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import IO

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
from pagetext.document import Document
from pagetext.export.formats import FORMATS
from pagetext.layout.assembly import explain
from pagetext.layout.params import LayoutParams
from pagetext.output import OutputOptions, write_document
from pagetext.page import HIDDEN

EPILOG = """subcommands (pagetext COMMAND --help for each):
  tables    the tables of a PDF as CSV, Markdown, HTML or JSON
  hidden    the text a viewer does not show (invisible, clipped, covered, white on white, ...)
            and why, page by page
  batch     many PDFs on all cores into an output directory, with a report
  redact    remove text from a PDF for good
  serve     an HTTP service: POST /v1/extract
  explain   why each word space and line break was (or was not) inserted on a page;
            with --order, why the page reads in the order it does
  --version the versions of pagetext (and whether the compiled build), pikepdf and qpdf

examples:
  pagetext report.pdf -p 1-3 -o report.txt
  cat report.pdf | pagetext - --format json -o -
  pagetext report.pdf --format markdown --page-chunks -o chunks.jsonl
  pagetext resume.pdf --hidden drop        (only the text a reader sees)
  pagetext hidden resume.pdf
  pagetext tables report.pdf --format markdown
  pagetext batch pdfs/ -o out/ -j 4
  pagetext redact report.pdf -o public.pdf --text "Jane Doe"
  pagetext serve --port 8080
  pagetext explain report.pdf -p 2
  pagetext explain report.pdf -p 2 --order
"""
# Options that shape one format's output only: given with another format they would do nothing.
FORMAT_OPTIONS = {
    "glyphs": ("json",),
    "structure": ("json",),
    "bom": ("text",),
    "furniture": ("markdown",),
    "page_chunks": ("markdown",),
}
PROGRESS_FROM = 10  # pages: shorter documents finish before a progress line would help


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the PDF to read; - for standard input")
    parser.add_argument("--password", help="user or owner password of an encrypted PDF")
    parser.add_argument("-v", "--verbose", action="store_true", help="print warnings about damaged content")


def _extract_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pagetext",
        description="Extract the text of PDF pages as a viewer shows it.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="store_true", help="print the versions of pagetext, its build and qpdf"
    )
    _common(parser)
    parser.add_argument("-p", "--pages", help="1-based pages, e.g. 1-3,7 or 5- (default: all)")
    parser.add_argument("-o", "--output", help="write here (atomically) instead of stdout; - for stdout")
    parser.add_argument(
        "--order",
        choices=["reading", "content", "structure", "auto"],
        default="reading",
        help="reading: columns as a person reads them (default); content: stream order; "
        "structure: the tags of a tagged PDF; auto: the tags where they can be trusted",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="output format: text (default), json (the pagetext/1 schema), hocr (hOCR 1.2), "
        "alto (ALTO 4.4), markdown",
    )
    parser.add_argument("--glyphs", action="store_true", help="JSON: add every glyph record of each page")
    parser.add_argument(
        "--structure", action="store_true", help="JSON: add each page's structure tree and its trust"
    )
    parser.add_argument(
        "--dehyphenate",
        action="store_true",
        help="text: join words hyphenated across line ends (hyphen-/ation -> hyphenation); "
        "ALTO: mark them (HYP, HypPart1/HypPart2); markdown always joins them",
    )
    parser.add_argument("--page-separator", default="\\f", help="text between pages (default: \\f)")
    parser.add_argument("--bom", action="store_true", help="start text output with a UTF-8 BOM")
    parser.add_argument(
        "--no-annotations",
        dest="annotations",
        action="store_false",
        help="leave out the text of annotations and form fields (in by default, as a viewer shows it)",
    )
    parser.add_argument(
        "--furniture",
        action="store_true",
        help="markdown: keep running headers and footers and page numbers (left out by default)",
    )
    parser.add_argument(
        "--page-chunks",
        action="store_true",
        help="markdown: JSON Lines, one object per page for retrieval: text (the page's Markdown) "
        "and metadata (page, page_label, page_count, source; title and author when the file has them)",
    )
    parser.add_argument(
        "--hidden",
        choices=HIDDEN,
        default="keep",
        help="text a viewer does not show (invisible, clipped, covered, same colour as beneath, "
        "transparent, tiny, off the page, optional content off): keep it (default), drop it, or "
        "flag it (json: the reasons on each such word; other formats read as keep); "
        "see `pagetext hidden`",
    )
    return parser


def _explain_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pagetext explain",
        description="Show why each word space and line break was "
        "(or was not) inserted on a page: gap, box height, threshold, decision.",
    )
    _common(parser)
    parser.add_argument("-p", "--page", type=int, default=1, help="1-based page number (default: 1)")
    parser.add_argument(
        "--order",
        action="store_true",
        help="explain the reading order instead: the columns cut, the tables kept whole, with the evidence",
    )
    return parser


def _progress(total: int) -> Callable[[int, int], None] | None:
    """A progress line on stderr for long documents, when stderr is a terminal."""
    if not sys.stderr.isatty() or total < PROGRESS_FROM:
        return None

    def report(done: int, total: int) -> None:
        sys.stderr.write(f"\rpagetext: page {done}/{total}")
        sys.stderr.flush()

    return report


def _write_text(args: argparse.Namespace, doc: Document, out: IO[bytes]) -> None:
    options = OutputOptions(
        format=args.format,
        pages=args.pages,
        order=args.order,
        page_separator=args.page_separator.encode().decode("unicode_escape"),
        bom=args.bom,
        annotations=args.annotations,
        structure=args.structure,
        glyphs=args.glyphs,
        dehyphenate=args.dehyphenate,
        furniture=args.furniture,
        page_chunks="lines" if args.page_chunks else "",
        source="" if args.file == STDIO else args.file,
        hidden=args.hidden,
    )
    progress = _progress(len(doc.page_indices(args.pages)))
    write_document(doc, out, options, progress)
    if progress is not None:
        sys.stderr.write("\r\x1b[K")  # the progress line is gone once the text is out


def _explain(args: argparse.Namespace, doc: Document, out: IO[bytes]) -> None:
    if not 1 <= args.page <= len(doc):
        raise pagetext.UsageError(f"page {args.page} is out of range: the document has {len(doc)} page(s)")
    page = doc[args.page - 1]
    if args.order:
        notes = [
            f"# page {page.number}: reading order decisions, indented by depth of the cut",
            *page.explain_order(),
        ]
        out.write(("\n".join(notes) + "\n").encode())
        return
    params = LayoutParams()
    rows = [
        f"# page {page.number}: rules word_gap={params.word_gap} × box height, "
        f"line_shift={params.line_shift} × larger box height",
        "# prev\tnext\tgap\tbox_h\tspace_at\tshift\tbreak_at\tdecision\treason",
    ]
    for prev, glyph, d in explain(page.glyphs(forms=True, visible_only=True), params):
        decision = "LINE BREAK" if d.line_break else ("SPACE" if d.space else "join")
        rows.append(
            f"{prev.text!r}\t{glyph.text!r}\t{d.gap:.2f}\t{d.height:.2f}\t{d.space_limit:.2f}\t"
            f"{d.shift:.2f}\t{d.line_limit:.2f}\t{decision}\t{d.reason}"
        )
    out.write(("\n".join(rows) + "\n").encode())


def _check_format_options(args: argparse.Namespace) -> None:
    for option, formats in FORMAT_OPTIONS.items():
        if getattr(args, option) and args.format not in formats:
            flag = "--" + option.replace("_", "-")
            raise Usage(f"pagetext: {flag} applies to --format {' or '.join(formats)}, not {args.format}")


def run(argv: list[str], is_explain: bool = False) -> int:
    """`pagetext FILE ...` (or `pagetext explain FILE ...` with is_explain): the exit code."""
    try:
        args = (_explain_parser() if is_explain else _extract_parser()).parse_args(argv)
        if not is_explain:
            _check_format_options(args)
    except Usage as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE

    def body() -> int:
        output = None if is_explain else args.output
        refuse_same_file(args.file, output)
        with pagetext.open(source(args.file), password=args.password) as doc, output_stream(output) as out:
            if is_explain:
                _explain(args, doc, out)
            else:
                _write_text(args, doc, out)
        return EXIT_OK

    return run_reporting("pagetext", body, args.verbose)
