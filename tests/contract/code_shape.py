"""Reading the source tree: module sizes and the imports between a package's modules.

An import counts when it runs: at module level or inside a function (a
deferred import is still a dependency, only a late one). An import under
``if TYPE_CHECKING:`` does not count: it never runs (every module has
``from __future__ import annotations``), it only names a type for mypy, so
the usual pattern of helpers annotated with the state they act on, imported
by that state, is no cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Container, Iterator
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SOURCE / "pickletable"
GAMES = PACKAGE / "games"
MAX_LINES = 600


def modules() -> list[Path]:
    """Every Python module of pickletable, sorted."""
    return sorted(PACKAGE.rglob("*.py"))


def line_count(path: Path) -> int:
    """The number of lines of a file."""
    return len(path.read_text().splitlines())


def game_packages() -> list[Path]:
    """The folder of every game package."""
    return sorted(path.parent for path in GAMES.glob("*/__init__.py"))


def dotted(path: Path, source: Path = SOURCE) -> str:
    """A module's dotted name (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(source).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_kit(module: str) -> bool:
    """Whether a module is a game's kit (``pickletable.games.<id>.kit``) or what the kits
    share (``pickletable.games.kit``)."""
    parts = module.split(".")
    return parts[:2] == ["pickletable", "games"] and len(parts) in (3, 4) and parts[-1] == "kit"


def import_graph(
    package: Path, source: Path = SOURCE, *, module_level_only: Callable[[str], bool] = bool
) -> dict[str, set[str]]:
    """Which of a package's modules each of its modules imports (runtime imports only).

    For the modules `module_level_only` picks, an import inside a function does not
    count: a game kit's factories import the outer layers they build from, when called.
    """
    names = {dotted(path, source): path for path in sorted(package.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        deferred = module_level_only is bool or not module_level_only(name)
        for imported in _runtime_imports(tree, name, is_package, names, deferred):
            if imported in names and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (each a cycle or several)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _runtime_imports(
    tree: ast.Module, module: str, is_package: bool, known: Container[str], deferred: bool = True
) -> Iterator[str]:
    """The modules a module imports, skipping ``if TYPE_CHECKING:`` blocks (and, unless
    `deferred`, the imports inside functions).

    ``from a.b import c`` imports the module ``a.b.c`` if there is one, else a name of ``a.b``.
    """
    for node in _walk_runtime(tree, deferred):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, module, is_package)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                yield submodule if submodule in known else base


def _walk_runtime(node: ast.AST, deferred: bool = True) -> Iterator[ast.AST]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for branch in child.orelse:
                yield from _walk_runtime_with(branch, deferred)
            continue
        if not deferred and isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        yield child
        yield from _walk_runtime(child, deferred)


def _walk_runtime_with(node: ast.AST, deferred: bool) -> Iterator[ast.AST]:
    yield node
    yield from _walk_runtime(node, deferred)


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module a ``from ... import`` reads from (relative imports included)."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts.pop()
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)
