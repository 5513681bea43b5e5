"""Sudoku Explainer's rating (core.sudoku.explainer) against ratings made by the referee,
Sukaku Explainer v1.15.10's serate (a measuring tool of bench/; never called by tests)."""

import pytest

from core.sudoku.explainer.rater import explain

# (puzzle, serate's rating, SE's name of the hardest step): from
# tests/data/sudoku/se_sample.txt, one puzzle per technique that rates quickly
KNOWN = [
    ("000210500010000030000305740031060050050000070080090120068902000070000080002031000", 2.5,
     "Direct Hidden Triplet"),
    ("600589002030402060000070000000000000102060904006050800800040001010000070750020098", 2.6,
     "Pointing"),
    ("000050000000206000064000390045000810000020000000107000053000980090804060100030004", 3.0,
     "Naked Pair"),
    ("000102600000050290900006003300600900100030008007008005400500002026040000005203000", 3.2,
     "X-Wing"),
    ("200900000800503000054706002008000009097000420100000300300105890000802003000007005", 4.0,
     "Skyscraper"),
    ("009001300852030070300007000040920003090000040100074020000700002030050498004300700", 4.1,
     "Two-string Kite"),
    ("080926004509008000000000003006010000070409080000080100600000000000200601900361070", 4.3,
     "Grouped 2-String Kite 01"),
    ("200010007000207000050000020005020400001549200300708001070804030000000000630000085", 4.5,
     "Unique Rectangle type 1"),
    ("000000000706308905004675800097030650058902710000000000009000100000103000010060080", 4.6,
     "Unique Loop 6 type 1"),
    ("001000700923000841080000030500000002000106000010902060000208000702000905040507010", 5.5,
     "WXYZ-Wing 126"),
    ("000000407702000090059700030000186002004090600300254000030001920090000704801000000", 5.7,
     "BUG type 2"),
    ("157000832800000009006000400500090008000040000000201000603709504080000010020108070", 6.2,
     "VWXYZ-Wing 1514"),
    ("000401000006000400050020070090108020800000006000607000009856300430010065000000000", 6.7,
     "Bidirectional Y-Cycle"),
    ("006100002080020000034805000307000040060000090040000103000601930000030050500008200", 7.1,
     "Forcing Chain"),
]


@pytest.mark.parametrize("puzzle, rating, hardest", KNOWN)
def test_known_ratings(puzzle, rating, hardest, engine):
    result = explain([int(c) for c in puzzle])
    assert result.solved
    assert (result.rating, result.hardest) == (rating, hardest)


def _sound_walk(puzzle: str, scale: str = "sukaku"):
    """SE's solution step by step: every removal spares the true digit, every placement is
    true. Returns the names of the steps."""
    from core.sudoku import count, parse
    from core.sudoku.explainer.board import Board, digits
    from core.sudoku.explainer.rater import first_hint, producers

    truth = count(parse(puzzle)).solution
    board = Board.from_givens([int(c) for c in puzzle])
    techniques = producers(scale)
    names = []
    while not board.solved:
        _, hint = first_hint(board, techniques)
        assert hint is not None
        for cell, mask in hint.removals.items():
            assert truth[cell] not in digits(mask), hint.describe()
        if hint.cell >= 0:
            assert truth[hint.cell] == hint.value, hint.describe()
        names.append(hint.name)
        hint.apply(board)
    return names


# puzzles whose solution takes unique rectangles and loops (types 1-4) and BUG (types 1-3)
UNIQUENESS = [
    "200010007000207000050000020005020400001549200300708001070804030000000000630000085",
    "000008906060000000980004572009001730500070009043900100876100093000000060304600000",
    "006200310208030050073060000000700001000689000400003000000090270060020105052008900",
    "000306000070000040000127000008209300006000500400030001007000400020050010019000270",
    "000050000700000009050642010890000027002000600000305000100000005000080000320501086",
    "000000407702000090059700030000186002004090600300254000030001920090000704801000000",
    "167320500093500007020004000370000000000000000000000051000100030800005970009043618",
]


@pytest.mark.parametrize("puzzle", UNIQUENESS)
def test_uniqueness_eliminations_spare_the_solution(puzzle, engine):
    names = _sound_walk(puzzle)
    assert any(n.startswith(("Unique", "BUG")) for n in names)
