# The records of each kind of line and of outside clue fill core.variants.model.LINE_RECORDS
# and OUTSIDE_RECORDS when the package is imported, before any puzzle is made (they compile
# into propagators, above the model).
from core.variants import kinds, outside  # noqa: F401
