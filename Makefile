PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench bench-shanten clean

$(STAMP): pyproject.toml
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[cli,test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/majiang play

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -m "not slow"
	MAJIANG_SOAK_HANDS=200000 $(BIN)/pytest -m slow

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/fan.py

bench-shanten: $(STAMP)
	$(BIN)/python benchmarks/shanten.py

.PHONY: bench-engine
bench-engine: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
