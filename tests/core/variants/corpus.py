"""The differential corpus of the two variants engines: random small puzzles of every
constraint kind (4x4 to 9x9, with few givens and with more) and the community puzzles of
bench/data (the f-puzzles links and ISS's sample). `differences` counts each on both engines
and says where the compiled one differs from the Python one: the count, the solutions in
order, the search nodes, whether it stopped."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from core import native
from core.search import node_capped
from core.variants import engine, links
from tests.core.variants.custom_helpers import KINDS as RULE_KINDS
from tests.core.variants.custom_helpers import random_custom, random_either
from tests.core.variants.helpers import KINDS, random_puzzle

DATA = Path(__file__).resolve().parents[3] / "bench" / "data"
SIZES = (4, 6, 8, 9)


@contextmanager
def python_engine():
    """The Python engine for the variants while inside (the compiled one is put back)."""
    kept = native.variants
    native.variants = None
    try:
        yield
    finally:
        native.variants = kept


def random_corpus(n: int, seed: int) -> Iterator[tuple[str, object]]:
    """(name, puzzle): `n` random puzzles, every kind and size in turn (built on the Python
    engine, so the corpus is the same whichever engine runs)."""
    rng = random.Random(seed)
    with python_engine():
        for i in range(n):
            kind, size = KINDS[i % len(KINDS)], SIZES[i // len(KINDS) % len(SIZES)]
            givens = rng.randint(0, size * size // 3)
            try:
                yield f"{kind} {size}x{size} #{i}", random_puzzle(kind, size, rng, givens)
            except ValueError:
                continue  # a kind that does not fit this size (a jigsaw's shapes, ...)
        for i in range(n // 8):  # then rules no kind names, several kinds a puzzle
            size = SIZES[i % len(SIZES)]
            kinds = rng.sample(RULE_KINDS, 3)
            givens = rng.randint(0, size * size // 3)
            yield (f"rules {' '.join(kinds)} {size}x{size} #{i}",
                   random_custom(size, rng, kinds * 2, givens))
        for i in range(n // 16):  # then ors of rules
            size = SIZES[i % len(SIZES)]
            yield (f"rules either {size}x{size} #{i}",
                   random_either(size, rng, rng.randint(0, size * size // 3)))
        yield from zero_corpus(n // 8, rng)


ZERO_KINDS = ("cage", "little", "arrow", "evenodd", "black", "v", "regionsum", "zipper",
              "doublearrow", "relation", "pattern", "sums", "contains")


def zero_corpus(many: int, rng) -> Iterator[tuple[str, object]]:
    """Puzzles of digits from 0 (the kinds whose clues the shift changes), 4x4 to 9x9."""
    from tests.core.variants.test_digits_from_zero import puzzle

    for i in range(many):
        kind, size = ZERO_KINDS[i % len(ZERO_KINDS)], SIZES[i // len(ZERO_KINDS) % len(SIZES)]
        try:
            p, _ = puzzle(kind, rng, rng.randint(0, size * size // 3), size)
        except ValueError:
            continue  # a kind that does not fit this size
        yield f"zero {size}x{size} {kind} #{i}", p


def community() -> Iterator[tuple[str, object]]:
    """(name, puzzle) of the f-puzzles links and ISS's sample that read."""
    for line in (DATA / "fpuzzles_links.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            kind, _, link = line.split("\t")
            yield f"link {kind}", links.read(link)
    for line in (DATA / "iss_sample.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _source, _solution, data = line.split("\t")
            try:
                yield f"iss {name}", links.read("https://www.f-puzzles.com/?load=" + data)
            except ValueError:
                continue  # refused by name (tests/core/variants/test_iss_sample.py)


def answers(p, limit: int, polls: int | None):
    """What a count says that both engines must agree on."""
    stop = node_capped(None, polls) if polls else None
    found = engine.count(p, limit, stop)
    return found.count, tuple(found.solutions), found.nodes, found.stopped, found.differs


def differences(puzzles, limit: int = 2, polls: int | None = None) -> Iterator[str]:
    """A line per puzzle whose answers differ between the engines."""
    for name, p in puzzles:
        ours = answers(p, limit, polls)
        with python_engine():
            theirs = answers(p, limit, polls)
        if ours != theirs:
            yield (f"{name}: compiled {ours[0]} solutions, {ours[2]} nodes, stopped {ours[3]}; "
                   f"Python {theirs[0]}, {theirs[2]}, {theirs[3]}"
                   + ("" if ours[1] == theirs[1] else "; the solutions differ"))
