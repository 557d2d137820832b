"""The worker process of bench.hidden: one JSON job a line on stdin, one JSON answer a line.

Jobs: {"task": "census", "pdf", "password"} counts every page's glyphs by hidden reason
(glyphs that show a character other than whitespace: spaces carry no text to hide);
{"task": "render", "pdf", "password", "pages", "cache", "seed"} runs the render check
(bench.hidden_render) on those pages. An empty line asks for the peak RSS and ends it.
"""

from __future__ import annotations

import json
import random
import resource
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

import pagetext
from bench.hidden_render import PixelMap, glyph_inks, ink_mask, neutralise, render

MAX_FLAGGED_PER_PAGE = 3000  # a page of thousands of hidden glyphs tells no more than 3000 do
UNFLAGGED_PER_PAGE = 200  # sample of shown glyphs per page, for the miss rate


def census(job: dict[str, Any]) -> dict[str, Any]:
    reasons: Counter[str] = Counter()
    flagged_pages: dict[int, dict[str, int]] = {}
    glyph_count = 0
    page_errors = 0
    with pagetext.open(job["pdf"], password=job.get("password")) as document:
        pages = len(document)
        for page in document:
            try:
                glyphs = page.glyphs(forms=True, annotations=True, hidden="flag")
            except Exception:  # a page that fails is counted, the file goes on
                page_errors += 1
                continue
            glyph_count += sum(1 for g in glyphs if g.text.strip())
            here: Counter[str] = Counter(r for g in glyphs if g.text.strip() for r in g.hidden or ())
            if here:
                flagged_pages[page.number] = dict(here)
                reasons.update(here)
    return {
        "pages": pages,
        "glyphs": glyph_count,
        "reasons": dict(reasons),
        "flagged_pages": flagged_pages,
        "page_errors": page_errors,
    }


def render_check(job: dict[str, Any]) -> dict[str, Any]:
    cache = Path(job["cache"])
    cache.mkdir(parents=True, exist_ok=True)
    stem = Path(job["pdf"]).stem
    blank, same = cache / f"{stem}.blank.pdf", cache / f"{stem}.same.pdf"
    complete = neutralise(Path(job["pdf"]), blank, same, job.get("password") or "")
    records = []
    with pagetext.open(job["pdf"], password=job.get("password")) as document:
        for number in job["pages"]:
            page = document[number - 1]
            glyphs = page.glyphs(forms=True, annotations=True, hidden="flag")
            before, after = render(same, number), render(blank, number)
            for name, pixels in (("same", before), ("blank", after)):
                Image.fromarray(pixels).save(cache / f"{stem}.p{number}.{name}.png")
            ink = ink_mask(before, after)
            mapping = PixelMap(page.visible_box, page.rotation, ink.shape)
            inks = glyph_inks(glyphs, [bool(g.hidden) for g in glyphs], mapping, ink)
            chosen = [i for i, g in enumerate(glyphs) if g.hidden and g.text.strip()][:MAX_FLAGGED_PER_PAGE]
            shown = [i for i, g in enumerate(glyphs) if not g.hidden and g.text.strip()]
            rng = random.Random(f"{job.get('seed', 0)}:{stem}:{number}")
            chosen += rng.sample(shown, min(UNFLAGGED_PER_PAGE, len(shown)))
            for i in chosen:
                g = glyphs[i]
                box = g.bbox
                records.append(
                    {
                        "page": number,
                        "index": i,
                        "text": g.text,
                        "reasons": list(g.hidden or ()),
                        "mode": g.render_mode,
                        "ink": inks[i][0],
                        "looked": inks[i][1],
                        "rect": list(mapping.rect(box)),
                    }
                )
    return {"records": records, "complete": complete}


def main() -> None:
    np.seterr(all="ignore")
    for line in sys.stdin:
        if not line.strip():
            usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            print(json.dumps({"max_rss_kb": usage}), flush=True)
            return
        job = json.loads(line)
        try:
            answer = census(job) if job["task"] == "census" else render_check(job)
        except Exception as error:  # the parent counts the failure and goes on
            answer = {"error": f"{type(error).__name__}: {error}", "trace": traceback.format_exc(limit=3)}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
