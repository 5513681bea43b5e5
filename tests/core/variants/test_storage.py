"""The Variant's storage (docs/architecture.md, "The model's fields"): the kinds of shapes,
groups and cell clues keep their items in one field, `clues`, given and read by each record's
field; two puzzles with the same rules compare equal and hash alike however they were made."""

import pickle
import random
from dataclasses import replace

import pytest

from core.variants import engine
from core.variants.cell_clues import CELL_KINDS
from core.variants.model import (
    GROUP_RECORDS,
    SHAPE_RECORDS,
    Variant,
    constraint_fields,
    make,
    parts_of,
    stored,
)
from tests.core.variants.corpus import random_corpus

RECORDS = {**SHAPE_RECORDS, **GROUP_RECORDS, **CELL_KINDS}


def made_again(p, parts: dict, **more) -> Variant:
    return make(p.size, p.givens, p.regions, first=p.first, **parts, **more)


# every kind on 4x4 to 9x9, rules, digits from 0; made again from their parts, as a reader
# makes them (the corpus sets givens after make: a given cell's candidates go)
CORPUS = [made_again(p, parts_of(p)) for _, p in random_corpus(120, 5)]


def test_every_record_is_stored_under_its_field_once():
    names = constraint_fields()
    assert len(names) == len(set(names))
    assert list(stored()) == [name for name in names if name in RECORDS]
    assert set(stored()) == set(RECORDS)
    assert [name for name in names if name not in RECORDS] == [
        "rules", "marks", "negative", "lines", "outside", "custom"]


def test_the_corpus_has_every_record():
    assert {name for p in CORPUS for name, _ in p.clues} == set(RECORDS)


def test_a_puzzle_made_again_from_its_parts_in_any_order_is_equal():
    rng = random.Random(3)
    for p in CORPUS:
        parts = list(parts_of(p).items())
        rng.shuffle(parts)
        again = made_again(p, dict(parts), meta=[("title", "another title")])
        assert again == p and hash(again) == hash(p)  # meta is not compared
        assert again.clues == p.clues
        assert dict(p.clues) == {name: getattr(p, name) for name in stored()
                                 if getattr(p, name)}


def test_replace_sets_and_clears_a_records_items():
    for p in CORPUS:
        for name, items in p.clues:
            cleared = replace(p, **{name: ()})
            assert getattr(cleared, name) == () and name not in dict(cleared.clues)
            assert cleared == made_again(p, {**parts_of(p), name: ()}) != p
            assert replace(cleared, **{name: items}) == p


def test_a_field_no_record_has_is_refused():
    p = CORPUS[0]
    with pytest.raises(TypeError, match="a Variant has no field 'cage'"):
        replace(p, cage=())
    with pytest.raises(TypeError, match="a Variant has no field 'quad'"):
        Variant(4, (0,) * 16, p.regions, quad=())
    with pytest.raises(TypeError, match="make\\(\\) takes no part 'thermo'"):
        make(4, thermo=((0, 1, 2),))


def test_the_plan_cache_finds_a_puzzle_made_again():
    engine.plan_of.cache_clear()
    for p in CORPUS[:20]:
        plan = engine.plan_of(engine.shape_of(p))
        assert engine.plan_of(engine.shape_of(made_again(p, parts_of(p)))) is plan


def test_the_repr_names_every_constraint():
    p = CORPUS[0]
    shown = repr(p)
    at = [shown.index(f" {name}=") for name in constraint_fields()]
    assert at == sorted(at)


def test_a_puzzle_sent_to_a_worker_process_keeps_its_records_items():
    """The app's jobs pickle puzzles into spawned processes."""
    for p in CORPUS:
        q = pickle.loads(pickle.dumps(p))
        assert q == p and hash(q) == hash(p) and q.clues == p.clues
        assert all(getattr(q, name) == getattr(p, name) for name in stored())
