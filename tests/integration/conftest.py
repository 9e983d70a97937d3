"""Integration tests run against a real Kafka-protocol broker, started here: the embedded
Tansu, or Apache Kafka with ``--broker=kafka`` / ``CHAO_TEST_BROKER=kafka`` (tests/conftest.py).

If the broker cannot start, every test here fails loudly; nothing is skipped.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pipeline.api.auth import mint_token
from pipeline.config import TopicNames
from pipeline.dev.broker import Broker, new_broker
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.admin import create_topics, pipeline_topics
from pipeline.kafka.security import KafkaSecurity

# The HS256 secret every test deployment's workers verify tokens with (CHAO_API_AUTH_SECRET).
API_SECRET = "integration-tests-only-secret-0123456789abcdef"


def api_token(*sessions: str, ttl_s: int = 3600, secret: str = API_SECRET) -> str:
    """A token for these sessions, or for every session when none is named."""
    return mint_token(secret.encode(), sessions=sessions, all_sessions=not sessions, ttl_s=ttl_s)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="session")
def broker(tmp_path_factory: pytest.TempPathFactory, broker_engine_name: str) -> Iterator[Broker]:
    log = tmp_path_factory.mktemp("broker") / f"{broker_engine_name}.log"
    started = new_broker(broker_engine_name, log_path=log)
    started.start()  # raises BrokerError: the tests fail, they are not skipped
    yield started
    started.stop()


class Deployment:
    """One isolated pipeline on the shared broker: its own topic names and consumer group."""

    def __init__(
        self,
        broker: Broker,
        log_dir: Path,
        partitions: int = 4,
        default_names: bool = False,
        replication: int = 1,
        security: KafkaSecurity | None = None,
        **env: str | None,
    ) -> None:
        """``security``: how the test itself (topic creation, reading the outputs)
        connects, an admin's on a secured broker (tests/integration/test_secure.py); the
        workers' own settings go in ``env`` (CHAO_KAFKA_*)."""
        self.broker = broker
        self.security = security
        self.log_dir = log_dir
        self.partitions = partitions
        if default_names:  # the production names (at most one such deployment per broker)
            self.topics = TopicNames()
            app_id = "chao-pipeline"
        else:
            prefix = f"t{uuid.uuid4().hex[:8]}"
            self.topics = TopicNames(
                raw=f"{prefix}.raw.events",
                session_events=f"{prefix}.clean.session-events",
                reasoning=f"{prefix}.clean.reasoning",
                tool_cards=f"{prefix}.clean.tool-cards",
                messages=f"{prefix}.clean.messages",
                artifacts=f"{prefix}.clean.artifacts",
                dead_letter=f"{prefix}.dead-letter",
            )
            app_id = f"{prefix}-pipeline"
        # A value of None unsets the setting: the worker runs at the product's default.
        settings: dict[str, str | None] = {
            "CHAO_WORKER_APP_ID": app_id,
            "CHAO_WORKER_PARTITIONS": str(partitions),
            "CHAO_WORKER_LOG_LEVEL": "info",
            "CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S": "4",
            "CHAO_WORKER_CONSUMER_HEARTBEAT_S": "0.5",
            "CHAO_API_AUTH_SECRET": API_SECRET,
            **{f"CHAO_TOPIC_{name.upper()}": value for name, value in self.topics},
            **env,
        }
        self.env = {name: value for name, value in settings.items() if value is not None}
        # Every worker.get() carries an operator's token (every session), unless a test
        # passes its own headers.
        self.api_headers = bearer(api_token())
        self.workers: list[WorkerProcess] = []
        # replication: 3 on a cluster (tests/faults/test_cluster.py), as `chao-pipeline
        # topics --create` creates them there (and min.insync.replicas 2).
        specs = pipeline_topics(self.topics, partitions, replication)
        asyncio.run(create_topics(broker.bootstrap, specs, security=security))

    @property
    def outputs(self) -> list[str]:
        t = self.topics
        return [t.session_events, t.reasoning, t.tool_cards, t.messages, t.artifacts, t.dead_letter]

    def worker(self, name: str, web_port: int | None = None, **env: str) -> WorkerProcess:
        """A worker of this deployment started, with ``env`` beside the deployment's own
        (and on ``web_port``, else a free port)."""
        worker = WorkerProcess(
            self.broker.url,
            name=name,
            log_dir=self.log_dir,
            env={**self.env, **env},
            web_port=web_port,
            headers=self.api_headers,
        )
        self.workers.append(worker)
        return worker.start()

    def stop(self) -> None:
        for worker in self.workers:
            worker.stop()


@pytest.fixture
def deploy(broker: Broker, tmp_path: Path) -> Iterator[type[Deployment]]:
    made: list[Deployment] = []

    def factory(**kwargs: Any) -> Deployment:
        deployment = Deployment(broker, tmp_path, **kwargs)  # type: ignore[arg-type]
        made.append(deployment)
        return deployment

    yield factory  # type: ignore[misc]
    for deployment in made:
        deployment.stop()
