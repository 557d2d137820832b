"""`pagetext tables`: the tables of a PDF as CSV, Markdown, HTML or JSON.

pagetext tables FILE [-p RANGE] [--format csv|markdown|html|json] [-o OUT] [--no-merge]
"""

from __future__ import annotations

import argparse
import html
import os
import sys
from collections.abc import Iterator

import pagetext
from pagetext.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    Parser,
    Usage,
    output_stream,
    refuse_same_file,
    run_reporting,
    source,
)
from pagetext.export.common import write_chunks
from pagetext.export.tables import tables_json
from pagetext.tables.records import Table

FORMATS = ("csv", "markdown", "html", "json")


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pagetext tables",
        description="The tables of a PDF: cells with spans and typed values, "
        "tables continued across pages merged into one.",
    )
    parser.add_argument("file", help="the PDF to read; - for standard input")
    parser.add_argument("-p", "--pages", help="1-based pages, e.g. 1-3,7 or 5- (default: all)")
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="csv",
        help="csv (default: each table's rows, a blank line between tables), markdown, html "
        "(one document), json (the pagetext-tables/1 schema: cells, spans, boxes, typed values)",
    )
    parser.add_argument("-o", "--output", help="write here (atomically) instead of stdout; - for stdout")
    parser.add_argument(
        "--no-merge",
        dest="merge",
        action="store_false",
        help="one table per page: do not merge a table continued on the next page",
    )
    parser.add_argument("--password", help="user or owner password of an encrypted PDF")
    parser.add_argument("-v", "--verbose", action="store_true", help="print warnings about damaged content")
    return parser


def _where(table: Table) -> str:
    pages = table.pages or [table.page]
    return f"page {pages[0]}" if len(pages) == 1 else f"pages {pages[0]}–{pages[-1]}"


def _chunks(tables: list[Table], output_format: str, title: str) -> Iterator[str]:
    if output_format == "json":
        yield tables_json(tables) + "\n"
    elif output_format == "csv":
        for n, table in enumerate(tables):
            yield ("\r\n" if n else "") + table.to_csv()
    elif output_format == "markdown":
        for n, table in enumerate(tables, 1):
            yield ("\n" if n > 1 else "") + f"Table {n} ({_where(table)})\n\n" + table.to_markdown()
    else:
        yield (
            '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}</title>\n</head>\n<body>\n"
        )
        for n, table in enumerate(tables, 1):
            yield f"<h2>Table {n} ({_where(table)})</h2>\n" + table.to_html()
        yield "</body>\n</html>\n"


def run(argv: list[str]) -> int:
    """`pagetext tables FILE ...`: the exit code."""
    try:
        args = _parser().parse_args(argv)
    except Usage as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE

    def body() -> int:
        refuse_same_file(args.file, args.output)
        with pagetext.open(source(args.file), password=args.password) as doc:
            tables = doc.tables(args.pages, merge=args.merge)
        chunks = _chunks(tables, args.format, os.path.basename(args.file))
        with output_stream(args.output) as out:
            write_chunks(chunks, out)
        if not tables:
            print("pagetext tables: no tables found on the pages read", file=sys.stderr)
        return EXIT_OK

    return run_reporting("pagetext tables", body, args.verbose)
