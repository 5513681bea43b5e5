"""No function outside a measured hot loop is longer than a screen (bench/long_functions.py
lists them; its HOT_LOOPS names each loop left whole and the benchmark that measures it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "long_functions.py"


def load():
    spec = importlib.util.spec_from_file_location("long_functions", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_function_over_a_screen_but_the_measured_hot_loops():
    script = load()
    long = [(name, function, lines) for lines, name, function in script.long_functions()
            if (name, function) not in script.HOT_LOOPS and name not in script.SKIPPED]
    assert long == []


def test_the_script_finds_a_long_function(tmp_path, monkeypatch):
    """The listing sees a method, a nested function and decorators as lines of the function."""
    script = load()
    body = "\n".join(f"    x{i} = {i}" for i in range(61))
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        f"class A:\n    @staticmethod\n    def long():\n{body.replace('    ', '        ')}\n"
        f"def short():\n    def inner():\n{body.replace('    ', '        ')}\n    return inner\n")
    monkeypatch.setattr(script, "ROOT", tmp_path)
    assert script.long_functions(("pkg",)) == [(64, "pkg/m.py", "short"),
                                               (63, "pkg/m.py", "A.long"),
                                               (62, "pkg/m.py", "short.inner")]
