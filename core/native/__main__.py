"""python -m core.native [--require]: which engine runs, a line a compiled part; with
--require, exit 1 when one of them did not build (make test: a failed build must fail, not pass
on the slow path), unless PUZZLE_ENGINE=python asked for the Python engine."""

import sys

from core import native

print(native.engine())
if "--require" in sys.argv[1:] and native.missing():
    print(f"make test needs the compiled engine ({', '.join(native.missing())} missing): "
          "see the reason above", file=sys.stderr)
    sys.exit(1)
