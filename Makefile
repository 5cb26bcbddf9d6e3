# Monster Lair — every target does its own set-up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_WORKERS ?= 2

.PHONY: run test lint typecheck webcheck unit install clean play bench web compiled

# The browser client (Svelte + TypeScript, web/) builds into the package; rebuilt only when its sources change,
# or the rules documents it shows (docs/rules/*.md, imported at build time), or the server's API document
# (web/openapi.json, from which the build generates the client's types: web/src/lib/api.gen.ts).
WEB_DIST := src/monsterlair/web/dist/index.html
WEB_SRC := $(shell find web/src web/public web/tools -type f 2>/dev/null) $(wildcard docs/rules/*.md) web/index.html web/openapi.json web/package.json \
	web/package-lock.json web/vite.config.ts web/tsconfig.json web/svelte.config.js

web: $(WEB_DIST)

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

$(WEB_DIST): web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && npm run --silent build -- --logLevel warn
	@touch $(WEB_DIST)

$(STAMP): pyproject.toml | $(WEB_DIST)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[all,dev,ray]"
	@touch $(STAMP)

# The card games' rules, their events, the search and the RL environments' hot paths, compiled with mypyc
# (src/monsterlair/compiled.py): built when missing or when a compiled module's source changed, in place (next to the
# sources); a machine without a C compiler keeps the plain Python, which the package falls back to by itself.
compiled: $(STAMP)
	@$(BIN)/python -c "from monsterlair.compiled import main; main()"

install: $(STAMP) compiled

run: install $(WEB_DIST)
	$(BIN)/monsterlair serve

play: install
	$(BIN)/monsterlair play monster-smash --players 3

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts examples
	$(BIN)/ruff format --check src tests scripts examples

typecheck: $(STAMP)
	$(BIN)/mypy

# The web client's types (svelte-check; generates the API types first): 0 errors, 0 warnings. After the build, which
# generates them too (two jobs of `make test` writing one file at once could read it half written).
webcheck: web/node_modules/.package-lock.json | $(WEB_DIST)
	cd web && npm run --silent check

unit: install $(WEB_DIST)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal -q

# The checks and the compiled build run side by side (two jobs: the build is one C compiler for over a minute, the
# checks are mypy and svelte-check), then the tests; the build starts first, as it takes longest.
test:
	@$(MAKE) --no-print-directory -j2 compiled lint typecheck webcheck
	@$(MAKE) --no-print-directory unit

bench: install
	$(BIN)/monsterlair bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info src/monsterlair/web/dist web/node_modules
	find src -name '*.so' -delete
	rm -f src/monsterlair/_compiled.json
