"""Partitions from the source: with CHAO_WORKER_PARTITIONS unset the worker takes the raw
topic's partition count and creates its internal topics with it; existing topics with
another count stop it at start with one line naming each topic and its count."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import orjson
import pytest

from pipeline.dev.generate import generate_events
from pipeline.kafka.admin import create_topics, topic_partitions
from pipeline.kafka.io import produce_lines
from pipeline.topics import Topics, TopicSpec
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import (
    assert_matches_file_mode,
    file_mode,
    read_outputs,
    wait_until,
)

pytestmark = pytest.mark.integration


def _registry(deployment: Deployment) -> Topics:
    return Topics(
        deployment.topics,
        app_id=deployment.env["CHAO_WORKER_APP_ID"],
        partitions=deployment.partitions,
    )


def _counts(deployment: Deployment, names: list[str]) -> dict[str, int | None]:
    return asyncio.run(topic_partitions(deployment.broker.bootstrap, names))


def _refused(deployment: Deployment, code: int = 1) -> str:
    """Start a worker that must refuse to run; its log, once it has exited with ``code``."""
    worker = deployment.worker("refused")
    wait_until(lambda: not worker.alive(), 60, "the worker to refuse to start")
    assert worker.process is not None and worker.process.returncode == code
    log = worker.log_tail(50)
    assert "Traceback" not in log, log
    return log


def test_a_worker_with_defaults_takes_the_raw_topics_partition_count(deploy) -> None:  # type: ignore[no-untyped-def]
    """The issue's case: a raw topic of 4 partitions and a worker with defaults (the old
    default, 8, made it crash on its first batch)."""
    deployment = deploy(partitions=4)
    del deployment.env["CHAO_WORKER_PARTITIONS"]
    registry = _registry(deployment)
    internal = [topic.name for topic in registry.internal()]
    assert _counts(deployment, internal) == dict.fromkeys(internal)  # not created yet

    worker = deployment.worker("w")
    worker.wait_ready()
    assert _counts(deployment, internal) == dict.fromkeys(internal, 4)
    said = f"partitions of the internal topics: 4 (from the raw topic {deployment.topics.raw})"
    assert said in worker.log_path.read_text(errors="replace")
    assigned = orjson.loads(worker.get("/ready")[1])["assigned"]
    assert assigned[registry.staged.name] == [0, 1, 2, 3], assigned

    lines = list(generate_events(60, seed=19, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines, seed=3))
    records = read_outputs(deployment, len(clean), len(dead), timeout=120)
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)
    assert worker.alive()


def test_existing_internal_topics_with_another_count_are_named(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy(partitions=4)
    del deployment.env["CHAO_WORKER_PARTITIONS"]
    registry = _registry(deployment)
    staged, changelog = registry.staged.name, registry.sessions_changelog.name
    asyncio.run(
        create_topics(
            deployment.broker.bootstrap,
            [TopicSpec(staged, 2), TopicSpec(changelog, 8, cleanup_policy="compact")],
        )
    )
    log = _refused(deployment)
    assert (
        f"chao-pipeline: topics with another partition count than the worker's 4 (the raw "
        f"topic {deployment.topics.raw} has 4): {staged} has 2, {changelog} has 8."
    ) in log, log
    assert _counts(deployment, [staged, changelog]) == {staged: 2, changelog: 8}  # untouched


def test_configured_partitions_are_checked_against_existing_topics(deploy) -> None:  # type: ignore[no-untyped-def]
    """CHAO_WORKER_PARTITIONS set: the internal topics and the clean topic (the traces'
    changelog) must have that count."""
    deployment = deploy(partitions=4)
    staged = _registry(deployment).staged.name
    asyncio.run(create_topics(deployment.broker.bootstrap, [TopicSpec(staged, 2)]))
    log = _refused(deployment)
    assert f"(CHAO_WORKER_PARTITIONS=4): {staged} has 2." in log, log


def test_a_clean_topic_with_another_count_is_named(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy(partitions=4)
    del deployment.env["CHAO_WORKER_PARTITIONS"]
    other = f"{deployment.topics.session_events}-2"
    asyncio.run(create_topics(deployment.broker.bootstrap, [TopicSpec(other, 2)]))
    deployment.env["CHAO_TOPIC_SESSION_EVENTS"] = other
    log = _refused(deployment)
    assert f"(the raw topic {deployment.topics.raw} has 4): {other} has 2." in log, log


def test_a_missing_raw_topic_is_named(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy(partitions=4)
    del deployment.env["CHAO_WORKER_PARTITIONS"]
    missing = f"{deployment.topics.raw}-missing"
    deployment.env["CHAO_TOPIC_RAW"] = missing
    log = _refused(deployment, code=2)  # as every missing topic (test_topics_command.py)
    assert f"1 topic(s) the worker reads or writes do not exist: {missing}; create" in log, log
    assert _counts(deployment, [missing]) == {missing: None}  # not created by asking
