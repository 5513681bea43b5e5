from pathlib import Path

# the public puzzle sets the tests read (sources and licences: tests/data/README.md)
DATA = Path(__file__).resolve().parent / "data"
