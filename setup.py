"""The compiled engine: C twins of the hot loops (core/native/*.c). `optional=True`: a machine
without a C compiler still installs, and runs the Python engine (puzzle-tui --version says so).

PUZZLE_NATIVE=later installs without them: `make run` does, so that the app starts at once and
builds them in its background (core/native/build.py; the Python engine meanwhile)."""

import os

from setuptools import Extension, setup

# the four modules compile side by side (45-50 s one after the other on a loaded 2-core
# machine, 27-38 s two at a time)
MODULES = [
    Extension("core.native._sudoku", ["core/native/sudoku.c"],
              depends=["core/native/common.h", "core/native/minlex.h"], optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
    Extension("core.native._variants", ["core/native/variants.c"],
              depends=["core/native/common.h"], optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
    Extension("core.native._chains", ["core/native/chains.c"], optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
    Extension("core.native._explainer", ["core/native/explainer.c"], optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
]
later = os.environ.get("PUZZLE_NATIVE", "").strip().lower() == "later"
setup(options={"build_ext": {"parallel": os.cpu_count() or 1}},
      ext_modules=[] if later else MODULES)
