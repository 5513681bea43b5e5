"""python -m core.native [--require]: which engine runs, a line per compiled module; with
--require, exit 1 when a compiled module did not build (make test: a failed build must fail,
not pass on the slow path), unless PUZZLE_ENGINE=python asked for the Python engine."""

import sys

from core import native

print(native.engine())
for line in native.engines():
    print("  " + line)
missing = [name for name in native.MODULES if getattr(native, name) is None]
if "--require" in sys.argv[1:] and missing and not native.forced():
    print(f"make test needs the compiled engine ({', '.join(missing)}): see the reason above",
          file=sys.stderr)
    sys.exit(1)
