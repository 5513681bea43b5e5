"""python -m core.native [--require]: which engine runs; with --require, exit 1 when a
compiled module did not build (make test: a failed build must fail, not pass on the slow path),
unless PUZZLE_ENGINE=python asked for the Python engine."""

import sys

from core import native

print(native.engine())
missing = native.sudoku is None or native.explainer is None
if "--require" in sys.argv[1:] and missing and not native.forced():
    print("make test needs the compiled engine: see the reason above", file=sys.stderr)
    sys.exit(1)
