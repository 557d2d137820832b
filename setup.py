"""Optional compiled build: PAGETEXT_COMPILE=1 compiles the hot path with mypyc.

The package is plain Python; compiling the lexer, interpreter, fonts and layout modules
(the per-glyph work) with mypyc, and the content-stream lexer's C twin beside them, makes
extraction several times as fast. Everything else in the build is declared in pyproject.toml.
"""

import os
import sys

from setuptools import setup

# The per-glyph stages and what they call per object, and what page.text() runs per page
# (annotations) and per right-to-left line (inverse_bidi); the rest (document, CLI, font
# programs, limits) talks to pikepdf and fontTools once per document, where compiling gains
# nothing.
COMPILED = [
    "pagetext/budget.py",
    "pagetext/geometry.py",
    "pagetext/pdf/aes256_key.py",
    "pagetext/pdf/annots.py",
    "pagetext/pdf/file_bytes.py",
    "pagetext/pdf/file_objects.py",
    "pagetext/pdf/file_pages.py",
    "pagetext/pdf/file_tail.py",
    "pagetext/pdf/opening.py",
    "pagetext/pdf/pdf_handle.py",
    "pagetext/pdf/spelling.py",
    "pagetext/pdf/objects.py",
    "pagetext/page.py",
    "pagetext/page_content.py",
    "pagetext/document_context.py",
    "pagetext/syntax/chars.py",
    "pagetext/syntax/inline_image.py",
    "pagetext/syntax/lexer.py",
    "pagetext/syntax/literals.py",
    "pagetext/content/appearances.py",
    "pagetext/content/device.py",
    "pagetext/content/fields.py",
    "pagetext/content/glyph.py",
    "pagetext/content/glyph_run.py",
    "pagetext/content/graphics.py",
    "pagetext/content/interpreter.py",
    "pagetext/content/marked_content.py",
    "pagetext/content/state.py",
    "pagetext/content/text_show.py",
    "pagetext/content/text_state.py",
    "pagetext/content/untrack.py",
    "pagetext/fonts/cff_tables.py",
    "pagetext/fonts/program_bytes.py",
    "pagetext/fonts/truetype_tables.py",
    "pagetext/fonts/cid_metrics.py",
    "pagetext/fonts/cmap.py",
    "pagetext/fonts/cmap_file.py",
    "pagetext/fonts/code_texts.py",
    "pagetext/fonts/composite.py",
    "pagetext/fonts/encodings.py",
    "pagetext/fonts/font.py",
    "pagetext/fonts/cache.py",
    "pagetext/fonts/loader.py",
    "pagetext/fonts/predefined.py",
    "pagetext/fonts/simple.py",
    "pagetext/layout/accents.py",
    "pagetext/layout/artifacts.py",
    "pagetext/layout/advance.py",
    "pagetext/layout/assembly.py",
    "pagetext/layout/bidi_text.py",
    "pagetext/layout/dropcap.py",
    "pagetext/layout/placement.py",
    "pagetext/layout/inverse_bidi.py",
    "pagetext/layout/gaps.py",
    "pagetext/layout/grid.py",
    "pagetext/layout/gutters.py",
    "pagetext/layout/leaders.py",
    "pagetext/layout/overlay.py",
    "pagetext/layout/reading.py",
    "pagetext/layout/prepare.py",
    "pagetext/layout/records.py",
    "pagetext/layout/rejoin.py",
    "pagetext/layout/rows.py",
    "pagetext/layout/scripts.py",
    "pagetext/layout/spans.py",
    "pagetext/layout/table_rows.py",
    "pagetext/layout/tracking.py",
    "pagetext/layout/visual_words.py",
    "pagetext/structure/marked.py",
    "pagetext/structure/nodes.py",
    "pagetext/structure/tree.py",
]

# mypyc 2.4.0 and 2.4.1 stop with an internal error on `reversed()` of a list whose items
# are of a type from an untyped import (pikepdf in the build environment); 2.3 compiles it.
MYPYC = "mypy>=1.8,<2.4"

if os.environ.get("PAGETEXT_COMPILE") != "1":
    setup()
else:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # The front end first asks what the build needs (setup_requires), installs it, then
        # builds: only that first question arrives here without mypy.
        setup(setup_requires=[MYPYC])
    else:
        from setuptools import Extension

        modules = mypycify(COMPILED, opt_level="3", group_name="pagetext")
        if sys.platform.startswith("linux"):
            # The generated C calls its functions by their exported names, and in a shared
            # object built with -fPIC another library may replace (interpose) such a name, so
            # the compiler routes every one of those calls through the PLT and inlines none.
            # Nothing replaces them: binding them at build time takes 5 % of the instructions
            # a page costs (callgrind, the bench's 24 median documents).
            for module in modules:
                module.extra_compile_args = [*module.extra_compile_args, "-fno-semantic-interposition"]
        # The lexer's C twin: a byte loop that mypyc cannot make as tight (lexer.py).
        lexer = Extension("pagetext.syntax._native_lexer", ["pagetext/syntax/_native_lexer.c"])
        # Glyph records out of the cycle collector's lists (untrack.untrack_records).
        untrack = Extension("pagetext.content._native_untrack", ["pagetext/content/_native_untrack.c"])
        # AES for the revision 6 password hash (aes256_key.py): qpdf's own takes 10-13 ms a document.
        aes = Extension("pagetext.pdf._native_aes", ["pagetext/pdf/_native_aes.c"])
        # The search of a file's bytes for a name (spelling.py): 16 bytes a step, where
        # bytes.find takes 0.3 ms a MB for a ten-letter name and the # escapes a loop in Python.
        spelling = Extension("pagetext.pdf._native_spelling", ["pagetext/pdf/_native_spelling.c"])
        setup(ext_modules=[*modules, lexer, untrack, aes, spelling], setup_requires=[MYPYC])
