"""Every reader fed mutated inputs through the command line (issue 39): each command must end
with exit 0-3 and no traceback, within a time bound a command and a memory bound for the run.

    python bench/fuzz_readers.py [--inputs 5000] [--seed 39] [--seconds 30]

Readers: Sudoku, arithmetic, ナンクロ and variants text; f-puzzles and SudokuPad (scl) links;
ipuz (every family's); house-style TOML (export --style); masks (generate sudoku --mask), shapes
(generate arith --shape) and ナンクロ block patterns (generate numcro --blocks). JSON inputs
are mutated in their structure (a value swapped for one of another type, a huge, deep, empty
or half-character one; a key dropped or an unknown one added) as well as character by
character; links are mutated before and after compression. The commands run in this process
(cli.main, as `puzzle-tui` runs them): an exception out of main is a traceback. tests/cli/
test_fuzz_readers.py runs a small sample of the same inputs."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import resource
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli import main  # noqa: E402
from core.variants import formats as variant_formats  # noqa: E402
from core.variants import links  # noqa: E402

MEMORY_CAP = 2 << 30  # bytes of address space: a runaway allocation is a MemoryError, caught
ODD_VALUES = [None, True, False, 0, -1, 1, 10 ** 400, "9" * 5000,
              1e308, "", "x", "\ud800", "\uff11", [], {}, [[[[[[]]]]]], "R1C1", [1, 2],
              {"a": 1}, "R99C99", -10 ** 9, 0.5, "Infinity"]
TEXT_PIECES = ["9" * 5000, "\\ud800", "１", "[" * 200, "{" * 200, "NaN", "-1", "0", "*" * 40,
               "r0c0", "r99c99", "#", "?", "\t", "\n", " ", "=", ":", "|", "\u3000", "�"]


def samples() -> dict[str, list[str]]:
    """Seed inputs by reader (each a whole file's text)."""
    puzzles = ROOT / "puzzles"
    variant = (puzzles / "variants" / "mixed.txt").read_text()
    p = variant_formats.parse(variant)
    found = {
        "sudoku": [f.read_text() for f in sorted((puzzles / "sudoku").glob("*.txt"))],
        "arith": [f.read_text() for f in sorted((puzzles / "arith").glob("*.txt"))]
        + ["SEND+MORE=MONEY\n", "****/**=** r *\n", "**+**=***\n"],
        "numcro": [f.read_text() for f in sorted((puzzles / "numcro").glob("*.txt"))],
        "variants": [variant, "kind: variants\nsize: 4\nwhisper: r1c1 r1c2 r1c3\n"
                     "cage 7: r2c1 r2c2\nsandwich row 3: 2\nxsum 3: r1c0\n"],
        "fpuzzles": [links.write(p, "fpuzzles")],
        "scl": [links.write(p, "sudokupad", style="scl")],
        "style": ["based_on = 'large'\n[page]\npaper = 'a5'\nmargins = { top = 12 }\n"
                  "[grid]\ncell = 9\n[lines]\nbox = 0.6\n[fonts.givens]\nsize = 14\n"
                  "[heading]\nrating = false\n"],
        "mask": ["# . . | x . . | 1 . .\n" * 9, "#..#\n.#..\n..#.\n#..#\n"],
        "shape": [(puzzles / "shapes" / "ke.txt").read_text(), "@**+*@*=****\n"],
        "blocks": ['{"grid": [[1, 1, 0], [1, 0, 1], [0, 1, 1]]}\n'],
    }
    found["ipuz"] = _ipuz_samples(found)
    return found


def _ipuz_samples(found: dict) -> list[str]:
    from core import kinds
    from core.export import to_ipuz
    from dictionaries import DictionaryError

    out = []
    for text in found["sudoku"] + found["arith"] + found["numcro"] + found["variants"]:
        try:
            family, puzzle = kinds.parse(text)
        except ValueError:
            continue  # a file of many puzzles
        try:
            solution = family.count(puzzle, 2).solution
        except DictionaryError:  # no built-in ナンクロ dictionary here (the tests' home)
            solution = None
        out.append(to_ipuz(family, puzzle, solution))
    return out


# --- mutation ------------------------------------------------------------------------------

def mutate_text(text: str, rng: random.Random) -> str:
    for _ in range(rng.choice([1, 1, 1, 2, 3])):  # mostly one edit: most still parse
        at = rng.randrange(len(text) + 1)
        action = rng.randrange(5)
        piece = rng.choice(TEXT_PIECES) if rng.random() < 0.2 else chr(rng.choice(
            [rng.randrange(32, 127), rng.randrange(0x3000, 0x30ff), rng.randrange(0xff10, 0xff1a)]))
        if action == 0:
            text = text[:at] + piece + text[at + 1:]
        elif action == 1:
            text = text[:at] + piece + text[at:]
        elif action == 2:
            text = text[:at] + text[at + rng.randint(1, 20):]
        elif action == 3:  # a line repeated or moved
            lines = text.splitlines(keepends=True)
            if lines:
                line = rng.choice(lines)
                lines.insert(rng.randrange(len(lines) + 1), line)
                text = "".join(lines)
        else:
            text = text[:at] + text[at:at + rng.randint(1, 30)] * rng.randint(2, 5) + text[at:]
    return text


def mutate_json(data, rng: random.Random):
    """One change somewhere in the structure."""
    data = json.loads(json.dumps(data))
    holders = []

    def walk(node):
        if isinstance(node, dict):
            holders.append(node)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            holders.append(node)
            for v in node:
                walk(v)

    walk(data)
    for _ in range(rng.choice([1, 1, 2])):
        holder = rng.choice(holders)
        if isinstance(holder, dict):
            keys = list(holder)
            roll = rng.random()
            if keys and roll < 0.5:
                holder[rng.choice(keys)] = rng.choice(ODD_VALUES)
            elif keys and roll < 0.7:
                del holder[rng.choice(keys)]
            else:
                holder[rng.choice(["zz", "size", "grid", "value", "given", "cells", "lines",
                                   "antiknight", "center", "width", "kind"])] = \
                    rng.choice(ODD_VALUES)
        elif holder:
            i = rng.randrange(len(holder))
            roll = rng.random()
            if roll < 0.5:
                holder[i] = rng.choice(ODD_VALUES)
            elif roll < 0.75:
                holder.append(json.loads(json.dumps(holder[i])))
            else:
                del holder[i]
    return data


def mutated(reader: str, text: str, rng: random.Random) -> str:
    from core.variants import sudokupad
    from core.variants.lzlink import compress, decompress

    if reader == "fpuzzles" and rng.random() < 0.8:
        data = json.loads(decompress(text.split("load=", 1)[1]))
        return "https://www.f-puzzles.com/?load=" + compress(json.dumps(mutate_json(data, rng)))
    if reader == "scl" and rng.random() < 0.8:
        data = sudokupad.unzip_json(decompress(text.split("/scl", 1)[1]))
        return "https://sudokupad.app/scl" + compress(sudokupad.zip_json(mutate_json(data, rng)))
    if reader in ("ipuz", "blocks") and rng.random() < 0.7:
        return json.dumps(mutate_json(json.loads(text), rng), ensure_ascii=False)
    return mutate_text(text, rng)


# --- running -------------------------------------------------------------------------------

class TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise TooSlow


def commands(reader: str, path: str, out: str) -> list[list[str]]:
    """The commands that read an input of this reader (each bounded by --seconds)."""
    sample = str(ROOT / "puzzles" / "sudoku" / "six_by_six.txt")
    if reader == "style":
        return [["export", sample, "--to", "svg", "--style", path, "-o", out, "--force"]]
    if reader == "mask":
        return [["generate", "sudoku", "--mask", path, "--attempts", "2", "--seconds", "2",
                 "--seed", "1"]]
    if reader == "shape":
        return [["generate", "arith", "--shape", path, "--seconds", "1", "--seed", "1"]]
    if reader == "blocks":
        return [["generate", "numcro", "--blocks", path, "--seconds", "1", "--seed", "1"]]
    return [["check", path, "--json", "--seconds", "1"],
            ["solve", path, "--seconds", "1"],
            ["rate", path, "--seconds", "1"],
            ["export", path, "--to", "text", "-o", out, "--force"],
            ["export", path, "--to", "ipuz", "-o", out + ".ipuz", "--force"]]


def run_one(args: list[str], bound: float) -> tuple[int | str, str]:
    """(exit code, or "traceback" / "too slow", and what was said) of one command."""
    said = io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, bound)
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            code = main(args)
    except TooSlow:
        return "too slow", said.getvalue()
    except BaseException as error:  # noqa: BLE001 - what escapes main is the finding
        import traceback

        return "traceback", said.getvalue() + "".join(traceback.format_exception(error))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return code, said.getvalue()


def fuzz(inputs: int, seed: int, bound: float, folder: Path, say=print) -> dict:
    """Run `inputs` mutated inputs spread over the readers; the figures and the findings."""
    rng = random.Random(seed)
    seeds = samples()
    readers = sorted(seeds)
    codes: Counter = Counter()
    by_reader: Counter = Counter()
    findings: list[tuple[str, list[str], object, str]] = []
    slowest = (0.0, None)
    start = time.monotonic()
    for i in range(inputs):
        reader = readers[i % len(readers)]
        text = mutated(reader, rng.choice(seeds[reader]), rng)
        path = folder / f"input-{reader}.{'toml' if reader == 'style' else 'txt'}"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))  # half a character: as is
        by_reader[reader] += 1
        for args in commands(reader, str(path), str(folder / "out.txt")):
            began = time.monotonic()
            code, said = run_one(args, bound)
            took = time.monotonic() - began
            if took > slowest[0]:
                slowest = (took, (reader, args[0], text[:200]))
            codes[code] += 1
            if code not in (0, 1, 2, 3) or "Traceback" in said:
                findings.append((reader, args, code, text))
                say(f"FINDING {reader} {args[0]}: {code}\n{said[-1500:]}\ninput: {text[:300]!r}")
        if (i + 1) % 500 == 0:
            say(f"{i + 1} inputs, {time.monotonic() - start:.0f} s, exits {dict(codes)}")
    return {"inputs": inputs, "readers": dict(by_reader), "commands": sum(codes.values()),
            "exits": dict(codes), "findings": findings, "seconds": time.monotonic() - start,
            "slowest": slowest, "peak_rss_mb": resource.getrusage(
                resource.RUSAGE_SELF).ru_maxrss / 1024}


def main_(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="the bound on one command's time")
    args = parser.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    with tempfile.TemporaryDirectory() as folder:
        result = fuzz(args.inputs, args.seed, args.seconds, Path(folder))
    print(f"{result['inputs']} inputs ({result['readers']}), {result['commands']} commands "
          f"in {result['seconds']:.0f} s; exits {result['exits']}; peak RSS "
          f"{result['peak_rss_mb']:.0f} MB (address space capped at {MEMORY_CAP >> 20} MB); "
          f"slowest command {result['slowest'][0]:.1f} s {result['slowest'][1]}; "
          f"{len(result['findings'])} findings")
    return 1 if result["findings"] else 0


if __name__ == "__main__":
    sys.exit(main_())
