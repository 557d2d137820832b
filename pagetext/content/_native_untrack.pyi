"""Records out of the cycle collector's lists (_native_untrack.c), in the compiled build."""

from typing import Any

def untrack(objects: list[Any]) -> None: ...
def untrack_at_birth(type: type) -> None: ...  # noqa: A002
