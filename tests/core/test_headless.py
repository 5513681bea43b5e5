import subprocess
import sys


def test_core_imports_without_terminal_libraries():
    code = (
        "import sys, core, core.sudoku, core.kinds, core.removal, core.symmetry, core.files\n"
        "import core.arith, core.numcro, dictionaries\n"
        "bad = [m for m in ('textual', 'rich', 'tui') if m in sys.modules]\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
