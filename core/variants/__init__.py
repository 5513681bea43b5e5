# The records of each kind of line fill core.variants.model.LINE_RECORDS when the package is
# imported, before any puzzle is made (they compile into propagators, above the model).
from core.variants import custom, kinds  # noqa: F401
