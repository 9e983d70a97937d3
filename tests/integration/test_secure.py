"""The worker and the reader on a secured Apache Kafka: SASL_SSL with SCRAM-SHA-512, the
authorizer on and nothing allowed without an ACL (pipeline/dev/secure_broker.py), each
principal with only its role's ACLs (pipeline/kafka/acls.py).

The secured broker is started here (make test-kafka runs these: kafka_only); if it cannot
start, every test fails. At the default settings throughout.
"""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition

from pipeline.dev.generate import generate_events
from pipeline.dev.secure_broker import SecureKafkaBroker, make_ca
from pipeline.kafka.access import check_access
from pipeline.kafka.acls import role_acls
from pipeline.kafka.io import produce_lines
from pipeline.kafka.reader import CleanTopicReader
from pipeline.kafka.security import SecurityError, aiokafka_options
from pipeline.topics import Topics
from tests.fixtures_util import expected, raw_lines
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import (
    assert_matches_file_mode,
    file_mode,
    play_in_order,
    read_outputs,
)

pytestmark = [pytest.mark.integration, pytest.mark.kafka_only, pytest.mark.secure]

# worker: its role's ACLs per deployment; reader: the reader role's; partial: the worker
# role's but one; stranger: none at all; no-txn: the worker role's but its transactional ids.
USERS = ("worker", "reader", "partial", "stranger", "no-txn")
EXACTLY_ONCE = {"CHAO_PROCESSING_GUARANTEE": "exactly_once"}


@pytest.fixture(scope="module")
def secure_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SecureKafkaBroker]:
    log = tmp_path_factory.mktemp("secure-broker") / "kafka.log"
    broker = SecureKafkaBroker(log_path=log, users=USERS)
    broker.start()  # raises BrokerError: the tests fail, they are not skipped
    yield broker
    broker.stop()


def secure_deployment(
    broker: SecureKafkaBroker,
    log_dir: Path,
    user: str = "worker",
    *,
    grant: bool = True,
    **env: str,
) -> Deployment:
    """A deployment whose topics the admin creates, whose workers connect as ``user``
    (granted the worker role's ACLs for the deployment's names when ``grant``)."""
    deployment = Deployment(
        broker,  # type: ignore[arg-type]
        log_dir,
        security=broker.security(),
        **{**broker.client_env(user), **env},
    )
    if grant:
        app_id = deployment.env["CHAO_WORKER_APP_ID"]
        broker.grant(role_acls(user, "worker", deployment.topics, app_id=app_id))
    return deployment


@pytest.fixture
def deployments(tmp_path: Path) -> Iterator[list[Deployment]]:
    made: list[Deployment] = []
    yield made
    for deployment in made:
        deployment.stop()


def produce(broker: SecureKafkaBroker, deployment: Deployment, lines: list[bytes]) -> None:
    asyncio.run(
        produce_lines(
            broker.bootstrap, deployment.topics.raw, lines, seed=5, security=broker.security()
        )
    )


def password(broker: SecureKafkaBroker, user: str) -> str:
    return broker.password_file(user).read_text().strip()


def exits_with(worker: Any, timeout: float = 120.0) -> tuple[int, str]:
    """The exit code of a worker expected to stop by itself, and its log."""
    assert worker.process is not None
    try:
        code = worker.process.wait(timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(
            f"{worker.name} still runs after {timeout}s:\n{worker.log_tail()}"
        ) from None
    worker.stop()
    return code, worker.log_path.read_text(errors="replace")


def test_worker_at_least_once_over_sasl_ssl_with_only_its_acls_and_the_reader(
    secure_broker: SecureKafkaBroker, tmp_path: Path, deployments: list[Deployment]
) -> None:
    """The worker, with only the worker role's ACLs, gives the file mode's output; a
    reader with only the reader role's ACLs reads every clean event once."""
    deployment = secure_deployment(secure_broker, tmp_path)
    deployments.append(deployment)
    worker = deployment.worker("w")
    worker.wait_ready()
    lines = list(generate_events(80, seed=30, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    produce(secure_broker, deployment, lines)
    records = read_outputs(deployment, len(clean), len(dead), timeout=120)
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)

    # The reader: its role's ACLs for this deployment's names and a group of its own.
    group = f"{deployment.env['CHAO_WORKER_APP_ID']}-reader"
    secure_broker.grant(role_acls("reader", "reader", deployment.topics, group=group))

    async def read_all() -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        async with CleanTopicReader(
            secure_broker.bootstrap,
            group_id=group,
            topic=deployment.topics.session_events,
            security=secure_broker.security("reader"),
        ) as reader:
            async for batch in reader.batches(idle_batches=True, timeout_ms=500):
                events += batch
                if len(events) >= len(clean):
                    await reader.commit()
                    break
        return events

    events = asyncio.run(asyncio.wait_for(read_all(), 120))
    assert sorted((e["sessionId"], e["seq"]) for e in events) == sorted(
        (e["sessionId"], e["seq"]) for e in clean
    )
    log = worker.log_path.read_text(errors="replace")
    assert "Kafka access checked: SASL_SSL SCRAM-SHA-512 as worker" in log


def test_worker_exactly_once_over_sasl_ssl_with_only_its_acls(
    secure_broker: SecureKafkaBroker, tmp_path: Path, deployments: list[Deployment]
) -> None:
    deployment = secure_deployment(secure_broker, tmp_path, **EXACTLY_ONCE)
    deployments.append(deployment)
    worker = deployment.worker("w")
    worker.wait_ready()
    lines = list(generate_events(80, seed=31, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    produce(secure_broker, deployment, lines)
    records = read_outputs(deployment, len(clean), len(dead), 120, "read_committed")
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)
    assert "transactional producers started" in worker.log_path.read_text(errors="replace")


@pytest.mark.parametrize("guarantee", ["at_least_once", "exactly_once"])
def test_every_fixture_over_sasl_ssl_with_only_its_acls(
    secure_broker: SecureKafkaBroker,
    tmp_path: Path,
    deployments: list[Deployment],
    fixture_name: str,
    guarantee: str,
) -> None:
    """The conformance run (tests/integration/test_streaming.py) over SASL_SSL: every
    shared fixture, its records in the file's order with random keys, through a worker
    that has only the worker role's ACLs, gives the file mode's output exactly (no
    repeat; the outputs read ``read_committed`` under exactly-once)."""
    deployment = secure_deployment(secure_broker, tmp_path, CHAO_PROCESSING_GUARANTEE=guarantee)
    deployments.append(deployment)
    worker = deployment.worker("w")
    worker.wait_ready()
    lines = [line for line in raw_lines(fixture_name) if line.strip()]
    clean, dead = file_mode(lines)
    assert clean == expected(fixture_name)
    asyncio.run(play_in_order(deployment, worker, lines))
    isolation = "read_committed" if guarantee == "exactly_once" else "read_uncommitted"
    records = read_outputs(deployment, len(clean), len(dead), 60, isolation)
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)


def test_reader_is_denied_the_raw_dead_letter_and_internal_topics(
    secure_broker: SecureKafkaBroker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The reader role reads the clean topics only: the broker says it may not read the
    raw, dead-letter and internal topics, and a fetch from one is refused."""
    deployment = secure_deployment(secure_broker, tmp_path, grant=False)
    group = "denied-reader"
    secure_broker.grant(role_acls("reader", "reader", deployment.topics, group=group))
    topics = Topics(deployment.topics, app_id=deployment.env["CHAO_WORKER_APP_ID"])
    forbidden = [
        deployment.topics.raw,
        deployment.topics.dead_letter,
        topics.staged.name,
        topics.sessions_changelog.name,
    ]
    reader = secure_broker.security("reader")
    with pytest.raises(SecurityError) as denied:
        asyncio.run(
            check_access(secure_broker.bootstrap, reader, {t: {"read"} for t in forbidden}, None)
        )
    for topic in forbidden:
        assert f"Read topic {topic}" in str(denied.value)
    # What it is granted passes the same check.
    clean = {t: {"read"} for t in deployment.outputs if t != deployment.topics.dead_letter}
    asyncio.run(check_access(secure_broker.bootstrap, reader, clean, group))

    # A consumer of the reader's trying anyway: the raw topic holds records, it reads none,
    # and the broker's refusal is what aiokafka reports.
    produce(secure_broker, deployment, list(generate_events(3, seed=33, start=datetime.now(UTC))))

    async def fetch_raw() -> int:
        consumer = AIOKafkaConsumer(
            bootstrap_servers=secure_broker.bootstrap,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            # aiokafka waits a request timeout (40 s) for metadata the broker refuses.
            request_timeout_ms=5000,
            **aiokafka_options(reader),
        )
        await consumer.start()
        try:
            consumer.assign([TopicPartition(deployment.topics.raw, 0)])
            records = await consumer.getmany(timeout_ms=5000)
            return sum(len(batch) for batch in records.values())
        finally:
            await consumer.stop()

    with caplog.at_level(logging.ERROR, logger="aiokafka"):
        assert asyncio.run(asyncio.wait_for(fetch_raw(), 60)) == 0
    refusal = f"Topic {deployment.topics.raw} is not authorized for this client"
    assert refusal in caplog.text


def test_wrong_password_fails_fast(secure_broker: SecureKafkaBroker, tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.password"
    wrong.write_text("not-the-password\n")
    deployment = secure_deployment(
        secure_broker, tmp_path, CHAO_KAFKA_SASL_PASSWORD_FILE=str(wrong)
    )
    code, log = exits_with(deployment.worker("w"))
    assert code == 2, log
    last = log.strip().splitlines()[-1]
    assert last.startswith("chao-pipeline: authentication failed at 127.0.0.1:"), log
    assert "as user 'worker' with SCRAM-SHA-512" in last
    assert "not-the-password" not in log and password(secure_broker, "worker") not in log
    # The CLI's admin commands alike.
    env = {**os.environ, **deployment.env, "CHAO_WORKER_BROKER": secure_broker.url}
    done = subprocess.run(
        [sys.executable, "-m", "pipeline.cli", "topics", "--create"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("chao-pipeline: authentication failed at "), done.stderr
    assert "not-the-password" not in done.stdout + done.stderr


def test_untrusted_ca_fails_fast(secure_broker: SecureKafkaBroker, tmp_path: Path) -> None:
    other_ca, _, _ = make_ca(tmp_path / "other-ca", "some other CA")
    deployment = secure_deployment(secure_broker, tmp_path, CHAO_KAFKA_SSL_CAFILE=str(other_ca))
    code, log = exits_with(deployment.worker("w"))
    assert code == 2, log
    last = log.strip().splitlines()[-1]
    assert last.startswith("chao-pipeline: TLS verification of the broker at 127.0.0.1:"), log
    assert "certificate verify failed" in last or "unable to get local issuer" in last, last


def test_missing_acl_fails_fast_naming_the_topic(
    secure_broker: SecureKafkaBroker, tmp_path: Path
) -> None:
    """User ``partial`` has the worker role's ACLs but Write on the dead-letter topic."""
    deployment = secure_deployment(secure_broker, tmp_path, "partial", grant=False)
    app_id = deployment.env["CHAO_WORKER_APP_ID"]
    acls = role_acls("partial", "worker", deployment.topics, app_id=app_id)
    dead_letter = deployment.topics.dead_letter
    kept = [a for a in acls if not (a.name == dead_letter and a.operation == "write")]
    assert len(kept) == len(acls) - 1
    secure_broker.grant(kept)
    code, log = exits_with(deployment.worker("w"))
    assert code == 2, log
    last = log.strip().splitlines()[-1]
    assert last == (
        f"chao-pipeline: authorization failed: user 'partial' may not Write topic "
        f"{dead_letter} (the worker role's ACLs: chao-pipeline topics --acls User:partial "
        "--role worker; docs/kafka.md)"
    ), log


def test_exactly_once_without_the_transactional_id_acl_fails_fast(
    secure_broker: SecureKafkaBroker, tmp_path: Path
) -> None:
    """The one ACL the start cannot ask about (asking would fence a running producer):
    refused when the exactly-once producers start, one line, exit code 2."""
    deployment = secure_deployment(secure_broker, tmp_path, "no-txn", grant=False, **EXACTLY_ONCE)
    app_id = deployment.env["CHAO_WORKER_APP_ID"]
    acls = role_acls("no-txn", "worker", deployment.topics, app_id=app_id)
    secure_broker.grant([a for a in acls if a.resource != "transactional-id"])
    code, log = exits_with(deployment.worker("w"))
    assert code == 2, log
    last = log.strip().splitlines()[-1]
    assert last == (
        "chao-pipeline: authorization failed: the broker refused the exactly-once producers' "
        f"transactional ids (Write on transactional-id prefix {app_id}-: chao-pipeline "
        "topics --acls ... --role worker)"
    ), log


def test_a_user_without_acls_is_told_each_topic_and_the_group(
    secure_broker: SecureKafkaBroker, tmp_path: Path
) -> None:
    deployment = secure_deployment(secure_broker, tmp_path, "stranger", grant=False)
    code, log = exits_with(deployment.worker("w"))
    assert code == 2, log
    last = log.strip().splitlines()[-1]
    assert f"Read topic {deployment.topics.raw}" in last
    assert f"Read group {deployment.env['CHAO_WORKER_APP_ID']}" in last


def test_no_secret_in_debug_logs(
    secure_broker: SecureKafkaBroker, tmp_path: Path, deployments: list[Deployment]
) -> None:
    """A worker at DEBUG processes events and stops: its whole log holds neither its
    password nor the admin's. The same for the CLI's admin commands."""
    deployment = secure_deployment(secure_broker, tmp_path, CHAO_WORKER_LOG_LEVEL="debug")
    deployments.append(deployment)
    worker = deployment.worker("w")
    worker.wait_ready()
    lines = list(generate_events(10, seed=32, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    produce(secure_broker, deployment, lines)
    read_outputs(deployment, len(clean), len(dead), timeout=120)
    assert worker.stop() == 0
    log = worker.log_path.read_text(errors="replace")
    assert " DEBUG " in log or "[DEBUG]" in log, "the worker did not log at DEBUG"
    for user in ("worker", "admin"):
        assert password(secure_broker, user) not in log, f"{user}'s password in the log"
    # The CLI with the admin's settings (topic listing and creation, ACLs applied).
    env = {**worker.env, **secure_broker.client_env("admin"), "CHAO_WORKER_LOG_LEVEL": "debug"}
    done = subprocess.run(
        [sys.executable, "-m", "pipeline.cli", "topics", "--create", "--broker", secure_broker.url],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert password(secure_broker, "admin") not in done.stdout + done.stderr
