"""A user's script on pagetext's public API: tests/test_build.py checks it with mypy --strict
against the package as installed (PEP 561: py.typed). Not collected by pytest."""

from __future__ import annotations

from pathlib import Path

import pagetext
from pagetext.batch import FileResult, extract_many


def page_words(path: Path, password: str | None) -> list[str]:
    params = pagetext.LayoutParams(word_gap=0.2)
    try:
        with pagetext.open(path, password=password, limits=pagetext.Limits()) as doc:
            page: pagetext.Page = doc[0]
            words: list[pagetext.Word] = page.words(params=params)
            lines: list[pagetext.Line] = page.lines(order="content")
            glyphs: list[pagetext.Glyph] = page.glyphs(forms=True, visible_only=True)
            box: pagetext.Box = page.visible_box
            text: str = doc.text(pages="1-2")
            title: str | None = doc.metadata.get("Title")
            hits = doc.search("total", ignore_case=True)
            first_hit: int = hits[0].page_number if hits else 0
            cells: list[list[str]] = [row for table in doc.tables() for row in table.to_list()]
            return [
                *(word.text for word in words),
                *(line.text for line in lines),
                *(glyph.text for glyph in glyphs),
                f"{box.x0} {text} {title} {first_hit} {len(cells)}",
            ]
    except pagetext.PasswordError as error:
        return [f"wrong password: {error}"]
    except pagetext.PdfError as error:
        return [str(error)]


def many(paths: list[Path]) -> dict[str, int]:
    results: list[FileResult] = list(extract_many(paths, workers=2, format="json"))
    return {result.path: result.pages for result in results if result.ok}


if __name__ == "__main__":
    print(page_words(Path("file.pdf"), None), many([Path("file.pdf")]))
