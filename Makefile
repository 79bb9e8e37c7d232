# Every target sets itself up: a fresh clone needs only `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint docs bench clean chromium services axe

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "pickletable needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster,rl,peers]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/pickletable serve

# CI runs only `make test`: it checks lint, formatting, types and the docs build first,
# then runs the tests on every core (`-n auto`; see docs/development.md).
test: lint docs chromium services axe
	$(BIN)/python -m pytest -rs -n auto --durations=40

# axe-core for the accessibility tests (tests/browser/test_accessibility.py), at the version
# package-lock.json pins; without npm those tests skip and say how to install it.
axe:
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --silent; \
	else echo "npm is missing: install Node.js and run 'npm ci' (the accessibility tests skip without it)."; fi

# Debian packages some tests need: installed when missing and we can (as root, with
# apt-get); otherwise say how, and those tests skip.
# $(call debian_package,PACKAGE,COMMAND THAT SUCCEEDS WHEN IT IS THERE,WHICH TESTS)
define debian_package
	@if $(2); then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Debian's $(1) for $(3)..."; \
		apt-get install -y -qq $(1) >/dev/null 2>&1 || \
		{ apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq $(1) >/dev/null 2>&1; } || \
		echo "Could not install $(1): run 'apt-get install -y $(1)'; $(3) will skip."; \
	else \
		echo "$(1) is missing and cannot be installed here: run 'sudo apt-get install -y $(1)' ($(3) skip without it)."; \
	fi
endef

# The browser tests drive Debian's Chromium headless shell (Playwright's own download does
# not work everywhere): the same Blink as `chromium`, without the full browser's window
# compositing, at about half the browser process's processor time.
CHROMIUM ?= /usr/lib/chromium/chromium-headless-shell
chromium:
	$(call debian_package,chromium-headless-shell,[ -x "$(CHROMIUM)" ],the browser tests)

# The tests against real PostgreSQL and Redis servers use the ones named by
# PICKLETABLE_TEST_POSTGRES_URL / PICKLETABLE_TEST_REDIS_URL, else start throwaway ones
# from the machine's initdb/pg_ctl and redis-server.
services:
	$(call debian_package,postgresql,command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1,the PostgreSQL tests)
	$(call debian_package,redis-server,command -v redis-server >/dev/null 2>&1,the Redis tests)

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

# The documentation site, into site/ (open site/index.html); a broken link fails it.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The one bench is the command (`pickletable bench --help`); `--peers` needs the peers extra.
bench: $(STAMP)
	$(BIN)/pickletable bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis site
