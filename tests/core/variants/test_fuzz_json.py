"""Real f-puzzles links, SudokuPad scl links and variants ipuz files with their JSON's types
mutated at random (a list where a number was, a number where a list was, text, nulls, nested
objects): each reads to a valid puzzle or raises the family's clean error (ParseError through
kinds.parse, LinkError from a link, ParseError or ModelError from ipuz), never another
exception."""

import copy
import json
import random
from pathlib import Path

import pytest

from core import kinds
from core.errors import ParseError
from core.export import to_ipuz
from core.variants import ipuz, links, sudokupad
from core.variants.family import VARIANTS
from core.variants.lzlink import LinkError, compress, decompress
from core.variants.model import Line, ModelError, Variant, features, make, parts_of
from tests.core.variants.test_formats import every_kind

ROOT = Path(__file__).resolve().parents[3]
MUTATIONS = 300  # a family
REPLACEMENTS = (
    lambda rng: [rng.randint(0, 9)],
    lambda rng: rng.choice([5, -1, 0, 1.5, 10 ** 6, 1e308]),
    lambda rng: rng.choice(["x", "", "R1C1", "5", "#CFCFCF", "title: t", "it's", 'a "b",c:t']),
    lambda rng: None,
    lambda rng: {"a": [1, {"b": None}]},
    lambda rng: rng.choice([True, False]),
    lambda rng: rng.choice([[], {}]),
    lambda rng: [[0.5, 0.5], [1.5, 1.5]],
    lambda rng: [["R1C1", "R1C2"], 3],
)


def real_fpuzzles() -> list[dict]:
    lines = (ROOT / "bench" / "data" / "fpuzzles_links.txt").read_text().splitlines()
    found = [line.split("\t")[-1] for line in lines if line and not line.startswith("#")]
    return [json.loads(decompress(link.split("load=")[1])) for link in found]


def puzzles() -> list[Variant]:
    """The real links' puzzles, some of every kind of today's, and a 5x5 (no boxes)."""
    real = [links.read("https://www.f-puzzles.com/?load=" + compress(json.dumps(data)))
            for data in real_fpuzzles()]
    today = [p for p in every_kind() if features(p) <= sudokupad.CARRIED]
    rows = [i // 5 for i in range(25)]
    return real + random.Random(3).sample(today, 25) + [
        make(5, None, rows, lines=[Line("renban", (0, 1, 2))], candidates=[(24, 3)])]


GRIDS = ("grid", "cells", "puzzle")  # most of a puzzle's JSON: mutated a quarter of the time


def _places(node, top=None):
    """Every place inside the JSON: (container, key, the top-level key it is under)."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(
        node, list) else ()
    for key, value in items:
        yield node, key, key if top is None else top
        yield from _places(value, key if top is None else top)


def mutate(data: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        places = list(_places(data))
        shapes = [place for place in places if place[2] not in GRIDS]
        container, key, _ = rng.choice(shapes if shapes and rng.random() < 0.75 else places)
        container[key] = rng.choice(REPLACEMENTS)(rng)
    return data


def _check(read, text: str, clean) -> str:
    """'read' or 'refused'; anything but a clean error fails the test."""
    try:
        p = read(text)
    except clean:
        return "refused"
    if isinstance(p, Variant):  # valid: make() checks it again
        assert make(p.size, p.givens, p.regions, **parts_of(p)) == p
    return "read"


@pytest.fixture(scope="module")
def sources():
    ps = puzzles()
    return {"fpuzzles": real_fpuzzles(), "scl": [sudokupad.write(p) for p in ps],
            "ipuz": [json.loads(to_ipuz(VARIANTS, p)) for p in ps]}


ENCODE = {
    "fpuzzles": lambda d: "https://www.f-puzzles.com/?load=" + compress(json.dumps(d)),
    "scl": lambda d: "https://sudokupad.app/scl" + compress(sudokupad.zip_json(d)),
    "ipuz": lambda d: json.dumps(d),
}
FAMILY_READ = {
    "fpuzzles": (links.read, LinkError), "scl": (links.read, LinkError),
    "ipuz": (lambda text: ipuz.from_ipuz(json.loads(text)), (ParseError, ModelError)),
}


@pytest.mark.parametrize("source", ENCODE)
def test_mutated_json_reads_or_is_refused_cleanly(source, sources):
    rng = random.Random(f"fuzz-{source}")
    outcomes = {"read": 0, "refused": 0}
    for i in range(MUTATIONS):
        text = ENCODE[source](mutate(rng.choice(sources[source]), rng))
        reader, clean = FAMILY_READ[source]
        outcome = _check(reader, text, clean)
        through_registry = _check(lambda t: kinds.parse(t)[1], text, ParseError)
        if source != "ipuz":  # (the registry reads an ipuz file by its `kind`)
            assert through_registry == outcome, (i, text)
        outcomes[outcome] += 1
    assert outcomes["refused"] > MUTATIONS // 3  # the mutations do reach the readers
    print(source, outcomes)


def test_unmutated_sources_read():
    for data in real_fpuzzles():
        assert _check(links.read, ENCODE["fpuzzles"](data), ()) == "read"
    for p in puzzles():
        assert links.read(ENCODE["scl"](sudokupad.write(p))) == p
        family, back = kinds.parse(to_ipuz(VARIANTS, p))
        assert back == p if family is VARIANTS else p.classic
