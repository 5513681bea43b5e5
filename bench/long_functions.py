"""Functions longer than a screen: every function (and method) over LIMIT lines in the
project's own packages, longest first, read with ast (decorators and docstring counted, as a
reader sees them). `python bench/long_functions.py [--limit N] [FOLDER ...]`; exit 1 when any
is found outside `HOT_LOOPS`, the hot loops a benchmark measures (split, they would cost a call
a node), each with the benchmark that times it."""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("core", "cli", "tui", "dictionaries")
LIMIT = 60
# (file, function) -> the benchmark that measures it: left whole on purpose
HOT_LOOPS: dict[tuple[str, str], str] = {
    # runs at every node of a multiplication's search; split in two, M02 ran 5 % slower
    ("core/arith/search.py", "_Product.depth"): "bench/bench_arith.py, bench/ab_arith.py",
}
# files another piece of work owns at present (the logic kernel: issue 38's first item)
SKIPPED = ("core/sudoku/ladder.py", "core/variants/logic.py", "core/sudoku/solver.py",
           "core/variants/engine.py")


def long_functions(folders=FOLDERS, limit: int = LIMIT) -> list[tuple[int, str, str]]:
    """(lines, file, qualified name) of every function over `limit` lines, longest first."""
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            name = path.relative_to(ROOT).as_posix()
            found += [(lines, name, qualified) for lines, qualified in _functions(tree)
                      if lines > limit]
    return sorted(found, key=lambda f: (-f[0], f[1], f[2]))


def _functions(tree: ast.AST, prefix: str = ""):
    """(lines, qualified name) of each function under `tree`, nested ones too."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            yield node.end_lineno - first + 1, prefix + node.name
            yield from _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", default=list(FOLDERS))
    parser.add_argument("--limit", type=int, default=LIMIT)
    args = parser.parse_args(argv)
    status = 0
    for lines, name, function in long_functions(args.folders, args.limit):
        hot = HOT_LOOPS.get((name, function))
        elsewhere = name in SKIPPED
        print(f"{lines:4} {name}:{function}" + (f"  (hot loop: {hot})" if hot else "")
              + ("  (the logic kernel's file: its own piece of work)" if elsewhere else ""))
        status |= hot is None and not elsewhere
    return status


if __name__ == "__main__":
    sys.exit(main())
