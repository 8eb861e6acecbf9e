# Quick start: `make demo`, `make serve` and `make test`. Each creates .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo serve test lint bench bots-matrix compiled clean

# `make serve HOST=0.0.0.0 PORT=8080 DB=tables.db` to change them (the default bind is loopback)
HOST ?= 127.0.0.1
PORT ?= 8000
DB ?= capes.db

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/capes demo

serve: $(STAMP)
	$(BIN)/capes serve --host $(HOST) --port $(PORT) --db $(DB)

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

lint: $(STAMP)
	$(BIN)/ruff check capes tests bench
	$(BIN)/mypy capes/core

bench: $(STAMP)
	$(BIN)/python -c 'import pyspiel, chess' 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/run.py --peers

# The Champions bots' win-rate matrix (docs/bots.md): `make bots-matrix BOT=hard GAMES=20 SEED=0 ONLY=klaw:she_hulk`
BOT ?= normal
GAMES ?= 100
SEED ?= 0
ONLY ?=
bots-matrix: $(STAMP)
	$(BIN)/python bench/bots_matrix.py --bot $(BOT) --games $(GAMES) --seed $(SEED) $(if $(ONLY),--only $(ONLY))

# The optional compiled build (bench/compile.py: Cython and a C compiler) in build/compiled; use it with
# PYTHONPATH=build/compiled. The tests replay the recorded corpus with it when it is there (CI builds it).
compiled: $(STAMP)
	$(BIN)/python -c 'import Cython' 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[compile]'
	$(BIN)/python bench/compile.py --jobs 2

clean:
	rm -rf $(VENV) build/compiled
