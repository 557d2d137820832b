"""The name search of spelling.py (_native_spelling.c), in the compiled build."""

import mmap

def next_candidate(data: bytes | mmap.mmap, start: int, name: bytes) -> int: ...
