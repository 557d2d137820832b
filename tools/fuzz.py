"""Long-running mutational fuzzing, run by hand (the test suite runs short hypothesis passes).

    python tools/fuzz.py TARGET --minutes 30 [--seed N]

TARGET is one of: lexer, cmap, interpreter, open. Inputs are mutated from real data (content
streams and whole files of ../shared/corpus, CMaps of ../shared/data): byte flips, cuts,
duplicated chunks, inserted tokens. Any exception other than a PdfError, or an input that
runs longer than 20 s, is a finding: it is saved under tools/fuzz-findings/ and reported.
Every finding becomes a regression test.
"""

from __future__ import annotations

import argparse
import io
import random
import signal
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path

import pikepdf

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pagetext  # noqa: E402
from pagetext.fonts.cmap import parse_cmap  # noqa: E402
from pagetext.syntax.lexer import iter_operations  # noqa: E402

SHARED = ROOT.parent / "shared"
FINDINGS = ROOT / "tools" / "fuzz-findings"
TOKENS = [
    b"BT",
    b"ET",
    b"Tj",
    b"TJ",
    b"Tf",
    b"Do",
    b"q",
    b"Q",
    b"cm",
    b"BI",
    b"ID",
    b"EI",
    b"(",
    b")",
    b"<",
    b">",
    b"[",
    b"]",
    b"<<",
    b">>",
    b"/",
    b"%",
    b"\\",
    b"1e308",
    b"-0",
    b"99999999999",
]


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def mutate(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        choice = rng.random()
        if not out:
            out.extend(rng.choice(TOKENS))
        elif choice < 0.4:
            out[rng.randrange(len(out))] = rng.randrange(256)
        elif choice < 0.55:
            del out[rng.randrange(len(out)) :]
        elif choice < 0.75:
            start = rng.randrange(len(out))
            out[start:start] = out[start : start + rng.randint(1, 512)]
        else:
            position = rng.randrange(len(out))
            out[position:position] = b" " + rng.choice(TOKENS) + b" "
    return bytes(out)


def _content_streams() -> list[bytes]:
    streams = []
    for pdf_path in sorted((SHARED / "corpus" / "real").glob("*.pdf"))[:60]:
        try:
            with pikepdf.open(pdf_path) as pdf:
                for page in list(pdf.pages)[:2]:
                    contents = page.obj.get("/Contents")
                    if isinstance(contents, pikepdf.Stream):
                        streams.append(contents.read_bytes()[:20000])
        except Exception:  # unreadable seeds are simply not used
            continue
    return streams or [b"BT /F1 10 Tf (seed) Tj ET"]


def _page_pdf(content: bytes) -> bytes:
    pdf = pikepdf.new()
    font = pdf.make_indirect(
        pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica
        )
    )
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page,
        MediaBox=pikepdf.Array([0, 0, 612, 792]),
        Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)),
        Contents=pdf.make_stream(content),
    )
    pdf.pages.append(pikepdf.Page(page))
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def _read_all(data: bytes) -> None:
    try:
        with pagetext.open(data) as doc:
            for page in doc:
                page.text()
                page.glyphs(forms=True)
    except pagetext.PdfError:
        pass


def targets() -> dict[str, tuple[Callable[[], list[bytes]], Callable[[bytes], None]]]:
    return {
        "lexer": (_content_streams, lambda data: list(iter_operations(data, lambda m: None)) and None),
        "cmap": (
            lambda: [p.read_bytes()[:30000] for p in sorted((SHARED / "data" / "cmap").glob("*-H"))[:40]],
            lambda data: list(parse_cmap(data, lambda m: None)[0].split(data[:64])) and None,
        ),
        "interpreter": (_content_streams, lambda data: _read_all(_page_pdf(data))),
        "open": (
            lambda: [
                p.read_bytes()
                for p in sorted((SHARED / "corpus" / "real").glob("*.pdf"))
                if p.stat().st_size < 200_000
            ][:40],
            _read_all,
        ),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=sorted(targets()))
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seeds_of, run = targets()[args.target]
    seeds = seeds_of()
    rng = random.Random(args.seed)
    signal.signal(signal.SIGALRM, _alarm)
    warnings.simplefilter("ignore")
    end = time.monotonic() + 60 * args.minutes
    runs = findings = 0
    while time.monotonic() < end:
        data = mutate(rng.choice(seeds), rng)
        signal.alarm(20)
        try:
            run(data)
        except Exception as error:
            findings += 1
            FINDINGS.mkdir(parents=True, exist_ok=True)
            name = f"{args.target}-{args.seed}-{runs}"
            (FINDINGS / f"{name}.bin").write_bytes(data)
            kind = "hang" if isinstance(error, Hang) else type(error).__name__
            print(f"finding {name}: {kind}: {error}", file=sys.stderr)
            traceback.print_exc(limit=-4)
        finally:
            signal.alarm(0)
        runs += 1
    print(f"{args.target}: {runs} inputs in {args.minutes} min, {findings} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
