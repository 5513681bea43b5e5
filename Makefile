# `run` creates .venv with the app's own dependencies when it is missing; `test`, `bench` and
# the rest add the test extras (ortools, pandas, pdfplumber...: on a fresh clone they more than
# doubled the time to the first screen).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
APP := $(VENV)/.app
STAMP := $(VENV)/.installed

.PHONY: run test bench lint clean sanitize

# The compiled engine (core/native/*.c) builds here, with the machine's C compiler.
$(APP): pyproject.toml setup.py $(wildcard core/native/*.[ch])
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e .
	touch $(APP)

$(STAMP): $(APP)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The app starts at once; the built-in ナンクロ dictionaries and the print font are fetched
# in its background the first time (about a minute), their progress on the start screen, and
# what needs them says so meanwhile (without a network: how to install them).
run: $(APP)
	$(BIN)/puzzle-tui $(ARGS)

# The suite in a process per core, then the real-terminal tests alone (their keys are timed);
# pytest's 5 (nothing selected, e.g. PYTEST_ARGS naming one file) is no failure.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m core.native --require
	$(BIN)/python -m pytest -n auto -m "not serial" $(PYTEST_ARGS) || [ $$? -eq 5 ]
	$(BIN)/python -m pytest -m serial $(PYTEST_ARGS) || [ $$? -eq 5 ]

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/puzzle-tui install
	for b in bench/bench_*.py; do $(BIN)/python $$b || exit 1; done

# The compiled engine built with AddressSanitizer and UndefinedBehaviorSanitizer, in a folder
# of its own, then the engines' differential corpus run on it: any report fails.
sanitize: $(STAMP)
	$(BIN)/python bench/sanitize.py

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info core/native/*.so
