"""python -m core.native [--require] [--build]: which engine runs, a line a compiled part; with
--require, exit 1 when one of them did not build (make test: a failed build must fail, not pass
on the slow path), unless PUZZLE_ENGINE=python asked for the Python engine. --build first
builds the missing parts in place (core/native/build.py: what the app runs in its background
after `make run`); exit 1 when none could be built."""

import sys

from core import native

if "--build" in sys.argv[1:] and native.missing():
    from core.native.build import BuildFailed, build

    try:
        built = build()
    except BuildFailed as error:
        print(f"the compiled engine was not built: {error}", file=sys.stderr)
        sys.exit(1)
    native.load_built()
    names = ", ".join(name.lstrip("_") for name in built)
    print(f"the compiled engine: built ({names})")
print(native.engine())
if "--require" in sys.argv[1:] and native.missing():
    print(f"make test needs the compiled engine ({', '.join(native.missing())} missing): "
          "see the reason above", file=sys.stderr)
    sys.exit(1)
