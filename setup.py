"""The compiled engine: C twins of the hot loops (core/native/*.c). `optional=True`: a machine
without a C compiler still installs, and runs the Python engine (puzzle-tui --version says so)."""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension("core.native._sudoku", ["core/native/sudoku.c"], depends=["core/native/minlex.h"],
              optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
    Extension("core.native._variants", ["core/native/variants.c"], optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
    Extension("core.native._chains", ["core/native/chains.c"], optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
    Extension("core.native._explainer", ["core/native/explainer.c"], optional=True,
              extra_compile_args=["-std=c11", "-O3"]),
])
