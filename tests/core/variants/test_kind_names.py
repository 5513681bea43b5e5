"""Issue 34's done-when: a kind's name is found in its record, its handler (when it has a shape
of its own) and tests, nowhere else. The production code is scanned as tokens (identifiers and
string literals; comments and docstrings say what the code is about and are not scanned) for
the words that name a kind; each word found outside the record modules and the handlers must be
in ALLOWED below, with why."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PRODUCTION = ("core", "cli", "tui")  # of which the variants' code: core/variants and
# what imports it
# The words that name a kind (its record's name, field or word, or ISS's type for it), as the
# scan finds them in an identifier or string split at '_' and lower-to-upper case changes.
# Not scanned: words every puzzle says in another sense too (between, white, black, even,
# odd, diagonal, extra, x, v...), and the names of families of kinds: "parity" (the even
# and odd cells; PARITY, f-puzzles' cell key "parity") and "kropki" (white and black dots).
NAMES = ("renban thermo thermos whisper whispers killer arrow arrows sandwich sandwiches "
         "xsum skyscraper palindrome lockout entropic modular zipper cage cages quadruple quads "
         "windoku antiknight antiking clone clones indexer indexers little nabner regionsum "
         "doublearrow slowthermo").split()
# The kinds' records: each names its own kinds (and the records' pieces they share).
RECORDS = {"core/variants/" + name for name in (
    "kinds.py", "marks.py", "shapes.py", "groups.py", "outside.py", "grid_rules.py",
    "cell_clues.py", "custom.py")}
# The handlers: the propagators a kind with a shape of its own compiles into, and their
# compiled twins' mapping. A handler's class may be named anywhere (the plan, the logic's
# keys, the compiled map): it names the shape it computes, not a kind.
HANDLERS = {"core/variants/lines.py", "core/variants/propagators.py",
            "core/variants/compiled.py"}
# What stays, by file: the words, and why.
ALLOWED = {
    "core/variants/iss.py": (
        {"skyscraper", "cage", "cages", "arrow", "arrows", "little", "killer", "thermo"},
        "ISS's own types that no kind here holds, each refused by name with why (NO_KIND: "
        "HiddenSkyscraper, RellikCage, ChaosArrow, a Sum that is no little killer's...), and "
        "the example .Thermo~R1C1~R1C2 of ISS's syntax in a refusal"),
    "core/variants/fpuzzles.py": (
        {"cage", "cages", "killer"},
        "f-puzzles' own plain `cage` list (its killer cages are `killercage`, the record's), "
        "read only as a drawn copy or the puzzle's words"),
    "core/variants/sudokupad/reader.py": (
        {"cage", "cages", "arrow", "arrows", "little", "killer"},
        "SudokuPad's own item lists `cages` and `arrows` and their grey, which draw several "
        "kinds (a cage: killer cages, regions, ways, disjoint groups; an arrow: arrows and "
        "little killers' pointers), and its refusals of a drawing by what it looks like"),
    "core/variants/sudokupad/writer.py": ({"cages", "arrow", "arrows"}, "as the reader's"),
    "core/variants/sudokupad/scl.py": ({"cages", "arrows"}, "as the reader's"),
    "core/variants/sudokupad/styles.py": ({"cages", "arrow"}, "as the reader's"),
    "core/variants/sudokupad/__init__.py": ({"arrow"}, "as the reader's (ARROW_GREY)"),
    "tui/screens/variants_editor.py": ({"arrows"}, "shift+arrows (the keys)"),
    "tui/widgets/variants_grid.py": ({"arrows"}, "the arrow keys"),
    "core/variants/lzlink.py": ({"little"}, "little-endian bytes"),
}


def _words(token: str) -> str:
    return re.sub(r"([a-z])([A-Z])", r"\1 \2", token).lower().replace("_", " ")


def _docstrings(tree: ast.AST) -> set[int]:
    """The lines where a docstring starts (module, class, function)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.add(body[0].lineno)
    return found


def _handler_classes() -> set[str]:
    names = set()
    for path in HANDLERS:
        tree = ast.parse((ROOT / path).read_text())
        names |= {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    return names


def scan(path: Path, handlers: set[str]) -> list[tuple[int, str, str]]:
    """(line, word, token) of each kind's name in the file's identifiers and strings."""
    source = path.read_text()
    docstrings = _docstrings(ast.parse(source))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and token.start[0] in docstrings:
            continue
        if token.type not in (tokenize.NAME, tokenize.STRING):
            continue
        text = token.string
        if token.type == tokenize.NAME and text in handlers:
            continue  # a handler's class
        if token.type == tokenize.STRING and text.strip("\"'").split(" ")[0] in handlers:
            continue  # the logic's key of a handler ("Thermo slow")
        said = _words(text)
        found += [(token.start[0], name, text[:60]) for name in NAMES
                  if re.search(rf"(?<![a-z]){name}(?![a-z])", said)]
    return found


def _production() -> list[Path]:
    """The variants' production code: core/variants and every module that imports it (the
    rest of the workbench says skyscraper of a Sudoku technique, arrows of keys)."""
    found = []
    for path in sorted(p for top in PRODUCTION for p in (ROOT / top).rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("core/variants/") or "core.variants" in path.read_text():
            found.append(path)
    return found


def _allowed(name: str, word: str) -> bool:
    return word in ALLOWED.get(name, ((), ""))[0]


def test_no_kind_is_named_outside_its_record_and_handler():
    handlers = _handler_classes()
    stray = []
    for path in _production():
        name = path.relative_to(ROOT).as_posix()
        if name in RECORDS or name in HANDLERS:
            continue
        stray += [f"{name}:{line}: {word} in {text}" for line, word, text in scan(path, handlers)
                  if not _allowed(name, word)]
    assert not stray, "a kind named outside its record:\n" + "\n".join(stray)


def test_every_allowance_is_still_needed():
    """An allowance no longer used is dropped (the list says only what is true)."""
    handlers = _handler_classes()
    used = {(path.relative_to(ROOT).as_posix(), word) for path in _production()
            for _, word, _ in scan(path, handlers)}
    allowed = {(name, word) for name, (words, _) in ALLOWED.items() for word in words}
    assert allowed <= used, sorted(allowed - used)


def test_the_scan_finds_a_kind_named_in_code(tmp_path):
    """The scan itself: a kind's name in code or a message is found, in a comment or
    docstring it is not, nor in a handler's class."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""renban lines"""\nRENBAN_WORDS = ("whisper",)  # zipper\n'
                      'x = Renban\ny = "a slowthermo line"\n')
    found = {(line, word) for line, word, _ in scan(sample, {"Renban"})}
    assert found == {(2, "renban"), (2, "whisper"), (4, "slowthermo")}
