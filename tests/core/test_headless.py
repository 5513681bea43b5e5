import subprocess
import sys


def test_core_imports_without_terminal_libraries():
    code = (
        "import sys, core, core.sudoku, core.kinds, core.removal, core.symmetry, core.files\n"
        "import core.arith, core.numcro, core.jobs, core.export, dictionaries\n"
        "bad = [m for m in ('textual', 'rich', 'tui') if m in sys.modules]\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_command_line_loads_no_app():
    """`puzzle-tui check` starts fast: the command line imports neither the app nor Textual."""
    code = ("import sys, cli\n"
            "print(','.join(m for m in ('textual', 'tui') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
