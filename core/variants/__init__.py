# The records of each kind of line, of outside clue, of shape, of clue on a group of cells and
# of rule fill core.variants.model's LINE_RECORDS, OUTSIDE_RECORDS, SHAPE_RECORDS,
# GROUP_RECORDS and RULE_RECORDS when the package is imported, before any puzzle is made (they
# compile into propagators, above the model).
from core.variants import custom, groups, kinds, outside, shapes  # noqa: F401
