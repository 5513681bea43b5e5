# `run` creates .venv with the app's own dependencies when it is missing, and leaves three
# things to the app's background so that it starts at once (a fresh clone's first screen took
# 108 s, most of it these): the compiled engine's build (the Python engine answers meanwhile),
# the packages only some commands need (pyproject's extras japanese and cluster) and the
# bytecode of the packages (pip --no-compile). `test`, `bench` and the rest install everything
# with the test extras (ortools, pandas, pdfplumber...) and build the compiled engine first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
APP := $(VENV)/.app
STAMP := $(VENV)/.installed

.PHONY: run test bench lint clean sanitize

# The compiled engine (core/native/*.c) is not built here (PUZZLE_NATIVE=later, setup.py's
# switch) but by the app, with the machine's C compiler; its modules go when a source changed,
# so that none older than its source runs (the app builds them again).
# The venv is made without pip when $(PYTHON)'s own pip can install into it (pip >= 22.3:
# --python), pip going in with the rest: ensurepip compiles pip's bytecode, 17 s at load 13.
$(APP): pyproject.toml setup.py $(wildcard core/native/*.[ch])
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	rm -f core/native/_*.so
	if $(BIN)/python -m pip --version >/dev/null 2>&1; then pip="$(BIN)/python -m pip"; \
	elif $(PYTHON) -m pip --python $(BIN)/python --version >/dev/null 2>&1; then \
	  pip="$(PYTHON) -m pip --python $(BIN)/python"; \
	else $(BIN)/python -m ensurepip --default-pip >/dev/null && pip="$(BIN)/python -m pip"; fi; \
	PUZZLE_NATIVE=later $$pip install --quiet --no-compile pip -e .
	touch $(APP)

$(STAMP): $(APP)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The app starts at once; the compiled engine, the packages left for later, the built-in
# ナンクロ dictionaries and the print font are built and fetched in its background the first
# time (two minutes or so), their progress on the start screen, and what needs them says so
# meanwhile (without a network: how to install them).
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
