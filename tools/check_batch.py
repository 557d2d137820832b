"""Check a `pagetext batch` run against `pagetext FILE`, file by file, run by hand.

    python tools/check_batch.py OUTDIR [--inputs DIR] [--format text|json|hocr|alto|markdown] [-j N]

For every record of OUTDIR/report.jsonl it runs `python -m pagetext FILE --format F` (this
checkout's package) and compares: where the command exits 0, the batch must report ok and
its output must hold exactly the bytes the command printed; where the command fails, the
batch must report the file as not read and have no output for it. Prints the counts and
every mismatch; exit code 1 if there is one. With --inputs, every *.pdf below DIR must have
its record.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _check(outdir: Path, record: dict[str, Any], format: str) -> str | None:  # noqa: A002
    """None when the batch agrees with the command on this file, else what differs."""
    command = [sys.executable, "-m", "pagetext", record["path"], "--format", format]
    printed = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    if printed.returncode != 0:
        if record["status"] == "ok":
            return f"the command failed (exit {printed.returncode}) but the batch says ok"
        return None
    if record["status"] != "ok":
        return f"the command read it but the batch says {record['status']}: {record['error']}"
    written = (outdir / record["output"]).read_bytes()
    if written != printed.stdout:
        return f"output differs: {len(written)} bytes written, {len(printed.stdout)} printed"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--format", default="text", choices=["text", "json", "hocr", "alto", "markdown"])
    parser.add_argument("--inputs", type=Path, help="the directory the batch read")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="commands run at once (default: 2)")
    args = parser.parse_args()
    lines = (args.outdir / "report.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    with ThreadPoolExecutor(args.jobs) as pool:
        verdicts = list(pool.map(lambda record: _check(args.outdir, record, args.format), records))
    same_ok = same_failed = mismatches = 0
    for record, verdict in zip(records, verdicts, strict=True):
        if verdict is not None:
            print(f"MISMATCH {record['path']}: {verdict}")
            mismatches += 1
        elif record["status"] == "ok":
            same_ok += 1
        else:
            same_failed += 1
    if args.inputs is not None:
        reported = {Path(record["path"]).resolve() for record in records}
        for pdf in sorted(p for p in args.inputs.rglob("*") if p.suffix.lower() == ".pdf"):
            if pdf.resolve() not in reported:
                print(f"MISSING {pdf}: no record in the report")
                mismatches += 1
    print(
        f"{len(records)} files: {same_ok} byte-identical to the command, {same_failed} failed in both, "
        f"{mismatches} mismatches"
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
