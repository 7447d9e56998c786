PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/pip --quiet --disable-pip-version-check
# --no-compile: pip would byte-compile every installed file (a third of the install's time, most of it
# never imported); Python compiles what is imported on first use and keeps it.
INSTALL := $(PIP) install --no-compile
# Python's default, whatever the shell says: compiled modules are kept in __pycache__. With
# PYTHONDONTWRITEBYTECODE set (some machines set it), every test worker and every program a test starts
# compiles the package and rewrites the tests' asserts anew (11 s of each worker's collection against 4).
unexport PYTHONDONTWRITEBYTECODE
# One venv, two stamps: `make run` installs what the game needs, `make test` adds the test tools.
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
# The benchmarks' peers (the bench extra: Rust RiichiEnv) on top of the test tools.
BENCH_STAMP := $(VENV)/.installed-bench
# Ray (the cluster extra) on top of the test tools, for the soak's cluster tests (tests/test_cluster.py).
CLUSTER_STAMP := $(VENV)/.installed-cluster
# RLlib and the CPU build of torch (the cluster-train extra) in a venv of their own: RLlib pins a gymnasium
# other than the one the default suite types against (tests/test_rllib.py runs there).
TRAIN_VENV := .venv-train
TRAIN_STAMP := $(TRAIN_VENV)/.installed
# The markers of the tests that need an extra `make test` does not install (make soak runs them).
EXTRA_MARKERS := cluster or train
# pytest-xdist workers for `make soak` (auto: one per core; worksteal evens out the tail). `make test`
# runs one more than the cores: its browser and terminal tests leave a core idle while they wait on
# Chromium, the server or Textual's timers (measured on 2 cores: 219-226 s with 3 workers, 236 s with 2,
# 239 s with 4).
WORKERS ?= auto
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(len(os.sched_getaffinity(0)) + 1 \
	if hasattr(os, 'sched_getaffinity') else (os.cpu_count() or 1) + 1)")
# Sizes of the long runs in `make soak`; `make test` leaves them unset, so the tests' small defaults apply.
SOAK_HANDS ?= 200000
FUZZ_EXAMPLES ?= 2000
# Hands per built-in ruleset of the conformance soak (tests/test_conformance.py).
CONFORMANCE_HANDS ?= 10000
# Hands per bot and mode of the Sichuan bot soak (tests/test_bots_rulesets.py).
SICHUAN_BOT_HANDS ?= 200
# Hands of the Botzone adapter driven by the botzone rules (tests/test_botzone_judge.py).
BOTZONE_HANDS ?= 1000
# Hands of the same with the flowers in the judge's wall (walls of 36), per way of telling the adapter.
BOTZONE_FLOWER_HANDS ?= 300
# Random wins of the riichi differential soak against the mahjong package (tests/test_riichi_differential.py).
RIICHI_HANDS ?= 100000
# Hands of the match played through the table page in Chromium (tests/test_web_browser.py).
WEB_MATCH_HANDS ?= 16
# Hands of each ruleset and preset the random-clicking page plays in the browser soak (tests/test_web_table.py).
WEB_CLICK_HANDS ?= 4
# Hands the 8-fan advice is recounted on (tests/test_advice_memo.py).
ADVICE_HANDS ?= 200
# Hands per ruleset variant of the RL observation soak (tests/test_env.py).
ENV_HANDS ?= 100
# Tables played at once by the web load test (tests/test_web_load.py).
WEB_LOAD_TABLES ?= 50
# Deals of the riichi duplicate arena, defense against efficiency (tests/test_riichi_bots.py).
RIICHI_ARENA_DEALS ?= 100
# Random-bot hands per Sichuan mode and opening (tests/test_sichuan_game.py).
SICHUAN_HANDS ?= 2000
# Processes writing one score sheet at once (tests/test_sheet.py).
SHEET_WRITERS ?= 8
# Hands of the riichi games played through four `majiang mjai` programs (tests/test_mjai.py).
MJAI_HANDS ?= 100
# Hands per variant on which the riichi engine's fast paths are checked (tests/test_riichi_fast.py).
RIICHI_FAST_HANDS ?= 200
# Generated riichi games taken through mjai and tenhou.net/6 and back (tests/test_interop_roundtrip.py).
ROUNDTRIP_GAMES ?= 300
# Random hands per size the numpy batch shanten is compared on with the scalar code (tests/test_batch.py).
BATCH_HANDS ?= 50000

# The modules `make compiled` builds with mypyc (opt-in; the pure-Python package stays the default): every
# module on the hot path of a row of benchmarks/all.py that mypyc takes as it is. Left pure, and why:
# docs/efficiency.md ("Compiled build").
COMPILED_MODULES := majiang/analysis/tables.py majiang/analysis/shanten.py majiang/analysis/decompose.py \
	majiang/analysis/efficiency.py majiang/analysis/ready.py majiang/rules/mcr/calculator.py \
	majiang/rules/mcr/fast.py majiang/rules/riichi/scoring.py
COMPILED := build/compiled

.PHONY: run test soak lint bench bench-fan bench-shanten bench-engine bench-riichi bench-web compiled test-compiled \
	learned-weights \
	bench-compiled bench-compare clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(INSTALL) -e '.[cli,web]'
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(INSTALL) -e '.[cli,test]'
	touch $(RUN_STAMP) $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(INSTALL) -e '.[cli,test,bench]'
	touch $(BENCH_STAMP)

$(CLUSTER_STAMP): $(STAMP)
	$(INSTALL) -e '.[cli,test,cluster]'
	touch $(CLUSTER_STAMP)

$(TRAIN_STAMP): pyproject.toml
	$(PYTHON) -m venv $(TRAIN_VENV)
	$(TRAIN_VENV)/bin/pip --quiet --disable-pip-version-check install --no-compile -e '.[cluster-train]' 'pytest>=8' 'pytest-asyncio>=0.23' \
		'hypothesis>=6.100'
	touch $(TRAIN_STAMP)

# The web server (it prints the URL to open); `majiang play` is the terminal game.
run: $(RUN_STAMP)
	$(BIN)/majiang serve

# Debian's Chromium for the browser tests (tests/test_web_browser.py); installed with apt when missing.
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }; \
	else echo "the browser tests need $(CHROMIUM): run 'sudo apt-get install -y chromium'" >&2; exit 1; fi

# Debian's PostgreSQL for the store's tests on PostgreSQL (tests/postgres.py starts a throwaway cluster
# with its initdb and pg_ctl); installed with apt when missing. Its binaries' folder names the version.
.PHONY: postgresql
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	if [ "$$(id -u)" = 0 ]; then apt-get install -y postgresql || { apt-get update && apt-get install -y postgresql; }; \
	else echo "the store's tests need Debian's postgresql: run 'sudo apt-get install -y postgresql'" >&2; exit 1; fi; fi

# The default suite: lint and every test but the long runs (the soaks and fuzzers marked slow, the big fixed
# differentials marked soak, the extras' tests): those run in make soak, at their soak sizes. Types (mypy,
# ~25 s of a core) are make lint's, which CI runs too (.ci/run): the five minutes of make test are the tests'.
test: $(STAMP) $(CHROMIUM) postgresql
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal -m "not slow and not soak and not ($(EXTRA_MARKERS))"

# The long soaks and fuzzers and the big fixed differentials (CI runs them after `make test`), the Ray
# cluster tests, then RLlib's training test in its own venv; pytest's exit 5 means none were selected.
soak: $(STAMP) $(CLUSTER_STAMP) $(TRAIN_STAMP) $(CHROMIUM) postgresql
	MAJIANG_SOAK_HANDS=$(SOAK_HANDS) MAJIANG_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) \
		MAJIANG_CONFORMANCE_HANDS=$(CONFORMANCE_HANDS) MAJIANG_SICHUAN_BOT_HANDS=$(SICHUAN_BOT_HANDS) \
		MAJIANG_BOTZONE_HANDS=$(BOTZONE_HANDS) MAJIANG_RIICHI_HANDS=$(RIICHI_HANDS) \
		MAJIANG_ADVICE_HANDS=$(ADVICE_HANDS) MAJIANG_ENV_HANDS=$(ENV_HANDS) \
		MAJIANG_WEB_LOAD_TABLES=$(WEB_LOAD_TABLES) MAJIANG_WEB_MATCH_HANDS=$(WEB_MATCH_HANDS) \
		MAJIANG_WEB_CLICK_HANDS=$(WEB_CLICK_HANDS) \
		MAJIANG_RIICHI_ARENA_DEALS=$(RIICHI_ARENA_DEALS) MAJIANG_SICHUAN_HANDS=$(SICHUAN_HANDS) \
		MAJIANG_SHEET_WRITERS=$(SHEET_WRITERS) MAJIANG_MJAI_HANDS=$(MJAI_HANDS) \
		MAJIANG_BOTZONE_FLOWER_HANDS=$(BOTZONE_FLOWER_HANDS) MAJIANG_RIICHI_FAST_HANDS=$(RIICHI_FAST_HANDS) \
		MAJIANG_ROUNDTRIP_GAMES=$(ROUNDTRIP_GAMES) MAJIANG_BATCH_HANDS=$(BATCH_HANDS) \
		$(BIN)/pytest -n $(WORKERS) --dist worksteal -m "slow or soak or cluster" || test $$? -eq 5
	RAY_USAGE_STATS_ENABLED=0 $(TRAIN_VENV)/bin/pytest -p no:cacheprovider -m train tests/test_rllib.py

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy

# Every row of the speed table (issue 13) in one run, each with its peer and target (benchmarks/all.py).
bench: $(BENCH_STAMP)
	$(BIN)/python benchmarks/all.py

bench-fan: $(STAMP)
	$(BIN)/python benchmarks/fan.py

bench-shanten: $(STAMP)
	$(BIN)/python benchmarks/shanten.py

bench-engine: $(BENCH_STAMP)
	$(BIN)/python benchmarks/engine.py

bench-riichi: $(STAMP)
	$(BIN)/python benchmarks/riichi.py

# A learned policy distilled from the search bot (docs/bots.md, "A learned policy"): teacher data, DAgger
# rounds and training, one process, about an hour of CPU. No weights ship (the policy loses to fan-aware):
# they are written to $(LEARNED_WORK)/learned.npz, beside the data.
LEARNED_WORK ?= build/learned
learned-weights: $(STAMP)
	rm -rf $(LEARNED_WORK) && mkdir -p $(LEARNED_WORK)
	$(BIN)/python -m majiang.bots.distill all --work $(LEARNED_WORK) --out $(LEARNED_WORK)/learned.npz

# A copy of the package with COMPILED_MODULES built by mypyc, in $(COMPILED); nothing in src/ changes.
# test-compiled and bench-compiled put it ahead of the editable install (PYTHONPATH); the copy's
# majiang/_compiled.txt names the compiled modules (tests/conftest.py reads it for the `pure_only` marker).
COMPILED_STAMP := $(VENV)/.installed-compiled

$(COMPILED_STAMP): pyproject.toml $(STAMP)
	$(INSTALL) -e '.[cli,test,compiled]'
	touch $(COMPILED_STAMP)

compiled: $(COMPILED_STAMP)
	rm -rf $(COMPILED) && mkdir -p $(COMPILED)
	cp -r src/majiang $(COMPILED)/majiang
	cd $(COMPILED) && ../../$(BIN)/mypyc $(COMPILED_MODULES) > mypyc.log 2>&1 || { tail -30 mypyc.log; exit 1; }
	echo $(COMPILED_MODULES) | tr ' ' '\n' > $(COMPILED)/majiang/_compiled.txt
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "import importlib, pathlib; \
		names = pathlib.Path('$(COMPILED)/majiang/_compiled.txt').read_text().split(); \
		pure = [n for n in names if not importlib.import_module( \
			n[:-3].replace('/', '.').removesuffix('.__init__')).__file__.endswith('.so')]; \
		assert not pure, f'not compiled: {pure}'"

# The whole default suite on the compiled copy: the tests, the docs' and README's examples and the
# doctests of the copy's pure modules (the compiled ones' run in tests/test_compiled_doctests.py; pytest
# cannot collect them from the .py files their extensions replace). Tests marked pure_only, which read what
# compiling changes, are deselected and counted (docs/efficiency.md).
test-compiled: compiled
	PYTHONPATH=$(COMPILED) $(BIN)/pytest -n $(WORKERS) --dist worksteal -p no:cacheprovider \
		-m "not soak and not ($(EXTRA_MARKERS))" \
		tests docs README.md $(COMPILED)/majiang $(addprefix --ignore=$(COMPILED)/,$(COMPILED_MODULES))

# Every row of the speed table on the compiled copy; bench-compare prints pure and compiled side by side.
bench-compiled: compiled
	PYTHONPATH=$(COMPILED) $(BIN)/python benchmarks/all.py

bench-compare: compiled
	$(BIN)/python benchmarks/all.py --compare-compiled $(COMPILED)

bench-web: $(STAMP)
	$(BIN)/python benchmarks/web_load.py --tables 50

clean:
	rm -rf $(VENV) $(TRAIN_VENV) build *.egg-info src/*.egg-info
