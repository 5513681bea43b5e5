"""The layers of docs/architecture.md, read from the source: every import statement, those
inside functions too (ast), between the project's modules. core imports no tui, cli,
Textual or Rich; a family imports no other family (but variants, classic Sudoku's); and no
module imports itself round a cycle."""

import ast
from pathlib import Path

from core.kinds import FAMILY_OBJECTS

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "dictionaries", "cli", "tui")
FAMILIES = {module.rsplit(".", 1)[0] for module, _ in FAMILY_OBJECTS}  # core.sudoku, ...
ALLOWED_BETWEEN_FAMILIES = {("core.variants", "core.sudoku")}


def modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name (a package by its own)."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: dict) -> set[str]:
    """The dotted names a module imports, anywhere in it (relative imports resolved): a
    submodule taken from a package is that submodule, any other name its module."""
    names = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                above = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{above}.{base}" if base else above
            names |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                      for alias in node.names}
    return names


def graph() -> dict[str, set[str]]:
    """Module -> the project's modules it imports (a name taken from a module: that module)."""
    known = modules()
    edges = {}
    for name, path in known.items():
        targets = set()
        for target in imported(name, path, known):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        edges[name] = targets
    return edges


def family_of(module: str) -> str | None:
    return next((f for f in FAMILIES if module == f or module.startswith(f + ".")), None)


def test_core_needs_no_terminal_and_no_layer_above():
    known = modules()
    for name, path in known.items():
        if name.split(".")[0] in ("core", "dictionaries"):
            above = {i for i in imported(name, path, known)
                     if i.split(".")[0] in ("tui", "cli", "textual", "rich")}
            assert not above, f"{name} imports {sorted(above)}"


def test_a_family_imports_no_other_family():
    assert len(FAMILIES) == len(FAMILY_OBJECTS) and FAMILIES <= set(graph())  # not vacuous
    for name, targets in graph().items():
        mine = family_of(name)
        for target in targets:
            theirs = family_of(target)
            if mine and theirs and theirs != mine:
                assert (mine, theirs) in ALLOWED_BETWEEN_FAMILIES, f"{name} imports {target}"


def test_no_import_cycles():
    """Tarjan's strongly connected components of the import graph: none of two or more."""
    edges = graph()
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in edges[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
                on_stack.discard(component[-1])
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in edges:
        if module not in index:
            visit(module)
    assert cycles == []


def test_the_graph_sees_function_level_imports():
    """The checks above would pass vacuously if the reader missed imports in functions."""
    edges = graph()
    assert "core.sudoku.targets" in edges["core.sudoku"]  # inside core.sudoku.generate
    assert "tui.app" in edges["cli"]  # inside open_app
    assert "core.sudoku.logic" in edges["core.variants.logic"]  # inside a method
