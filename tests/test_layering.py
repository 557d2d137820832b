"""The package's one-way house (SPEC §8): every import runs down the layers, none closes a cycle,
no module reads another module's private names, no module grows past the size a reader takes in.

Imports are read with `ast` from the source, so imports inside functions and under TYPE_CHECKING
count as much as those at the top.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pagetext"

# SPEC §8, bottom first: a module may import from its own layer or one listed before it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "geometry", "limits", "budget", "_version"),
    ("syntax",),
    ("pdf",),
    ("fonts",),
    ("content",),
    ("structure",),
    ("layout",),
    ("tables",),
    ("edit",),
    ("export",),
    ("document_context", "page_content", "page_range", "page", "document"),
    ("output", "cli", "batch", "serve", "integrations", "ray", "__init__", "__main__"),
)
MAX_LINES = 400


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _layer(module: str) -> int:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    for index, names in enumerate(LAYERS):
        if top in names:
            return index
    raise AssertionError(f"{module} is in no layer of SPEC §8")


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int, list[str]]]:
    """(imported module, line, names taken from it) for every import of the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pagetext":
                    yield alias.name, node.lineno, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = _package_of(module, path).split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.split(".")[0] != "pagetext":
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    yield sub, node.lineno, []
                else:
                    yield base, node.lineno, [alias.name]


def _graph() -> dict[str, set[str]]:
    known = _modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, _, _ in _imports(name, path, known):
            if target in known and target != name:
                graph[name].add(target)
    return graph


def test_every_import_runs_down_the_layers() -> None:
    known = _modules()
    breaches = []
    for name, path in known.items():
        for target, line, _ in _imports(name, path, known):
            if target in known and _layer(target) > _layer(name):
                breaches.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
    assert not breaches, "\n".join(breaches)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_closes_a_cycle() -> None:
    graph = _graph()
    # A package's __init__ re-exporting its modules is not a cycle through them.
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    assert not _cycles(graph), _cycles(graph)


def _own_names(tree: ast.Module) -> set[str]:
    """Names a module defines itself: its functions, classes, and attributes it assigns."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)
    return own


def _outside_modules(tree: ast.Module) -> set[str]:
    """Names bound to modules from outside the package (`os._exit` is the standard library's)."""
    return {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name.split(".")[0] != "pagetext"
    }


def test_no_module_reads_another_modules_private_names() -> None:
    known = _modules()
    breaches = []
    for name, path in known.items():
        for target, line, names in _imports(name, path, known):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private and target != name:
                breaches.append(f"{path.relative_to(PACKAGE.parent)}:{line} takes {private} from {target}")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = _own_names(tree)
        outside = _outside_modules(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.attr not in own
                and not (isinstance(node.value, ast.Name) and node.value.id in outside)
            ):
                breaches.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} reads .{node.attr}")
    assert not breaches, "\n".join(breaches)


def test_no_module_is_over_the_size_a_reader_takes_in() -> None:
    long = {
        name: lines
        for name, path in _modules().items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, long
