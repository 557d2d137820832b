"""The `pagetext` command: the text of a PDF's pages to stdout or a file."""

from __future__ import annotations

import argparse
import sys
import warnings

import pagetext
from pagetext.errors import DamagedPdfError, PasswordError, PdfError, PdfWarning, UsageError

EXIT_OK, EXIT_DAMAGED, EXIT_USAGE, EXIT_PASSWORD = 0, 1, 2, 3


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pagetext", description="Extract the text of PDF pages as a viewer shows it."
    )
    parser.add_argument("file", help="the PDF to read")
    parser.add_argument("-p", "--pages", help="1-based pages, e.g. 1-3,7 or 5- (default: all)")
    parser.add_argument("-o", "--output", help="write the text here instead of stdout")
    parser.add_argument("--password", help="user or owner password of an encrypted PDF")
    parser.add_argument("--page-separator", default="\f", help="text between pages (default: form feed)")
    parser.add_argument("--bom", action="store_true", help="start the output with a UTF-8 BOM")
    parser.add_argument("-v", "--verbose", action="store_true", help="print warnings about damaged content")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    separator = args.page_separator.encode().decode("unicode_escape")
    with warnings.catch_warnings():
        warnings.simplefilter("default" if args.verbose else "ignore", PdfWarning)
        try:
            with pagetext.open(args.file, password=args.password) as doc:
                target = args.output or sys.stdout.buffer
                doc.write_text(target, pages=args.pages, page_separator=separator, bom=args.bom)
                if not args.output:
                    sys.stdout.buffer.write(b"\n")
                    sys.stdout.flush()
        except BrokenPipeError:
            sys.stderr.close()  # the reader went away (e.g. `| head`): not an error
            return EXIT_OK
        except PasswordError as error:
            print(f"pagetext: {error}", file=sys.stderr)
            return EXIT_PASSWORD
        except UsageError as error:
            print(f"pagetext: {error}", file=sys.stderr)
            return EXIT_USAGE
        except (DamagedPdfError, PdfError) as error:
            print(f"pagetext: {error}", file=sys.stderr)
            return EXIT_DAMAGED
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
