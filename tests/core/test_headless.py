import subprocess
import sys
from pathlib import Path

MIXED = Path(__file__).resolve().parents[2] / "puzzles" / "variants" / "mixed.txt"


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



def test_reading_a_link_loads_only_the_family_that_reads_it():
    """A link names its site (core/sites.py), and the registry the family that reads it: the
    other families (ナンクロ and its dictionaries among them) stay unloaded."""
    from core import kinds

    family, mixed = kinds.parse(MIXED.read_text(encoding="utf-8"))
    link = family.to_link(mixed, "sudokupad")
    code = ("import sys\nfrom core import kinds\n"
            "family, items = kinds.read(sys.argv[1])\n"
            "print(','.join(m for m in ('core.numcro', 'core.arith', 'dictionaries', 'lmdb')\n"
            "               if m in sys.modules))\n"
            "print(family.name, items[0][1] == kinds.parse(sys.argv[2])[1])")
    out = subprocess.run([sys.executable, "-c", code, link, MIXED.read_text(encoding="utf-8")],
                         capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["", "variants True"]
