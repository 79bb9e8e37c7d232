# Every target sets itself up: a fresh clone needs only `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean chromium services

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "pickletable needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster,rl]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/pickletable serve

# CI runs only `make test`: it checks lint, formatting and types first.
test: lint chromium services
	$(BIN)/python -m pytest -rs

# The browser tests drive Debian's Chromium (Playwright's own download does not work
# everywhere). Install it when missing and we can; otherwise say how, and they skip.
CHROMIUM ?= /usr/bin/chromium
chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Debian's chromium for the browser tests..."; \
		apt-get install -y -qq chromium >/dev/null 2>&1 || \
		{ apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium >/dev/null 2>&1; } || \
		echo "Could not install chromium: run 'apt-get install -y chromium'; browser tests will skip."; \
	else \
		echo "Browser tests need Chromium at $(CHROMIUM): run 'sudo apt-get install -y chromium' (they skip without it)."; \
	fi

# The tests against real PostgreSQL and Redis servers use the ones named by
# PICKLETABLE_TEST_POSTGRES_URL / PICKLETABLE_TEST_REDIS_URL, else start throwaway ones
# from the machine's initdb/pg_ctl and redis-server: install those when missing and we can.
services:
	@if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Debian's postgresql for the database tests..."; \
		apt-get install -y -qq postgresql >/dev/null 2>&1 || \
		{ apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq postgresql >/dev/null 2>&1; } || \
		echo "Could not install postgresql: run 'apt-get install -y postgresql'; its tests will skip."; \
	else \
		echo "PostgreSQL tests need initdb: run 'sudo apt-get install -y postgresql' (they skip without it)."; \
	fi
	@if command -v redis-server >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Debian's redis-server for the Redis tests..."; \
		apt-get install -y -qq redis-server >/dev/null 2>&1 || \
		{ apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq redis-server >/dev/null 2>&1; } || \
		echo "Could not install redis-server: run 'apt-get install -y redis-server'; its tests will skip."; \
	else \
		echo "Redis tests need redis-server: run 'sudo apt-get install -y redis-server' (they skip without it)."; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

# The one bench is the command (`pickletable bench --help`); `--peers` needs the peers extra.
bench: $(STAMP)
	$(BIN)/pickletable bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
