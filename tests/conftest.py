from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.dev.broker import ENGINES

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures"
FIXTURE_NAMES = sorted(p.name.removesuffix(".raw.jsonl") for p in FIXTURES.glob("*.raw.jsonl"))

if not FIXTURE_NAMES:  # fail loudly: a missing fixture folder must never pass as "no tests"
    raise RuntimeError(f"no fixtures found in {FIXTURES}")


@pytest.fixture(params=FIXTURE_NAMES)
def fixture_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


# -- which broker the streaming tests run on ------------------------------------------------
#
# tests/integration and tests/faults start their brokers through tests.integration.conftest,
# on the engine chosen here: --broker=tansu|kafka, else CHAO_TEST_BROKER, else tansu; on
# Kafka, the version of $CHAO_KAFKA_VERSION, else pipeline.dev.apache's default (4.x).
# Tests marked kafka_only (what Tansu cannot do: time lookups, transactions) run only on
# Kafka; on Tansu they are deselected, and pytest reports them as deselected, not passed.

BROKER_ENV = "CHAO_TEST_BROKER"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--broker",
        choices=ENGINES,
        default=None,
        help=f"broker of the streaming tests: tansu (embedded) or kafka (Apache Kafka from "
        f"its jars); default: ${BROKER_ENV}, else tansu",
    )


def broker_engine(config: pytest.Config) -> str:
    chosen = config.getoption("--broker") or os.environ.get(BROKER_ENV, "").strip() or "tansu"
    if chosen not in ENGINES:
        raise pytest.UsageError(f"{BROKER_ENV}={chosen!r}: use one of {', '.join(ENGINES)}")
    return str(chosen)


def pytest_report_header(config: pytest.Config) -> str:
    engine = broker_engine(config)
    if engine == "kafka":  # the version: $CHAO_KAFKA_VERSION, else the default (4.x)
        from pipeline.dev.apache import kafka_release
        from pipeline.errors import BrokerError

        try:
            engine = f"kafka {kafka_release().version}"
        except BrokerError as exc:
            raise pytest.UsageError(str(exc)) from None
    return f"streaming tests on: {engine}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Tests marked cluster (a three-broker Kafka cluster, tests/faults/test_cluster.py) run
    # only when a marker expression names them (make test-cluster: -m cluster), not in
    # make test-faults-kafka's run of tests/faults.
    skip_cluster = "cluster" not in (config.getoption("markexpr", "") or "")
    skip_kafka = broker_engine(config) != "kafka"

    def deselect(item: pytest.Item) -> bool:
        return bool(
            (skip_kafka and item.get_closest_marker("kafka_only"))
            or (skip_cluster and item.get_closest_marker("cluster"))
        )

    deselected = [item for item in items if deselect(item)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if not deselect(item)]


@pytest.fixture(scope="session")
def broker_engine_name(request: pytest.FixtureRequest) -> str:
    """The engine the streaming tests run on (``tansu`` or ``kafka``)."""
    return broker_engine(request.config)
