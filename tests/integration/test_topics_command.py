"""Topics checked at start and created by ``chao-pipeline topics --create``, on a real broker
(Tansu, or Apache Kafka with ``--broker=kafka``): a worker whose clean and dead-letter topics
do not exist exits at once with code 2 and one line naming them and the command; that
command, run as printed, creates them with the registry's configs and is idempotent; the
worker then starts."""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import sys
import time
import uuid
from typing import Any

import pytest
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType

from pipeline.kafka.admin import topic_partitions
from pipeline.topics import CREATE_COMMAND, Topics
from tests.integration.streaming_util import wait_until
from topologies.worker import TOPICS_WAIT_S

pytestmark = pytest.mark.integration

# The start-up check gives up after TOPICS_WAIT_S; the rest is Python and the broker (the
# stall watchdog that used to stop such a worker fired after 60 s).
FAIL_FAST_S = TOPICS_WAIT_S + 20.0


async def topic_configs(bootstrap: str, names: list[str]) -> dict[str, dict[str, str]]:
    """Each topic's configuration as the broker describes it."""
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=10_000)
    await admin.start()
    try:
        resources = [ConfigResource(ConfigResourceType.TOPIC, name) for name in names]
        responses = await admin.describe_configs(resources)
    finally:
        await admin.close()
    configs: dict[str, dict[str, str]] = {}
    for response in responses:
        for resource in response.to_object()["resources"]:
            entries = resource["config_entries"]
            configs[resource["resource_name"]] = {
                entry["config_names"]: entry["config_value"] for entry in entries
            }
    return configs


def cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pipeline.cli", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_missing_topics_stop_the_worker_and_topics_create_makes_them(deploy: Any) -> None:
    deployment = deploy(partitions=4)
    # The case: the raw topic exists (the deployment created it), the clean and
    # dead-letter topics do not.
    fresh = f"n{uuid.uuid4().hex[:8]}"
    names = deployment.topics.model_copy(
        update={
            "session_events": f"{fresh}.clean.session-events",
            "dead_letter": f"{fresh}.dead-letter",
        }
    )
    deployment.env["CHAO_TOPIC_SESSION_EVENTS"] = names.session_events
    deployment.env["CHAO_TOPIC_DEAD_LETTER"] = names.dead_letter
    app_id = deployment.env["CHAO_WORKER_APP_ID"]
    registry = Topics(names, app_id=app_id, partitions=4)
    missing = [names.session_events, names.dead_letter]
    bootstrap = deployment.broker.bootstrap

    worker = deployment.worker("no-topics")
    started = time.monotonic()
    wait_until(lambda: not worker.alive(), FAIL_FAST_S, "the worker to exit")
    assert worker.process is not None and worker.process.returncode == 2
    log = worker.log_path.read_text(errors="replace")
    said = [line for line in log.splitlines() if line.startswith("chao-pipeline:")]
    command = f"{CREATE_COMMAND} --broker {deployment.broker.url} --app-id {app_id} --partitions 4"
    assert said == [
        f"chao-pipeline: 2 topic(s) the worker reads or writes do not exist: "
        f'{", ".join(missing)}; create them with: {command} (docs/kafka.md, "Topics")'
    ], log
    assert "not found in cluster metadata" not in log and "Traceback" not in log, log
    print(f"refused in {time.monotonic() - started:.1f} s")
    # Asking created nothing (the metadata of every topic is read, none is named).
    everything = [topic.name for topic in registry]
    assert asyncio.run(topic_partitions(bootstrap, missing)) == dict.fromkeys(missing)

    # The command, run as printed, with the worker's environment (its topic names).
    argv = shlex.split(command)
    assert argv[:1] == ["chao-pipeline"]
    done = cli(deployment.env, *argv[1:])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    created = {line.split()[1].rstrip(":") for line in lines if line.startswith("created ")}
    existed = {line.split()[1].rstrip(":") for line in lines if line.startswith("exists ")}
    internal = {topic.name for topic in registry.internal()}
    assert created == {*missing, *internal}, done.stdout
    assert existed == set(everything) - created, done.stdout
    assert f"created {names.dead_letter}: 4 partitions, replication 1, " in done.stdout
    assert asyncio.run(topic_partitions(bootstrap, everything)) == dict.fromkeys(everything, 4)
    configs = asyncio.run(topic_configs(bootstrap, everything))
    for topic in registry:
        wanted = topic.spec().configs()
        assert {key: configs[topic.name].get(key) for key in wanted} == wanted, topic.name

    # Idempotent: a second run creates nothing and says so.
    again = cli(deployment.env, *argv[1:])
    assert again.returncode == 0, again.stderr
    assert [line.split()[:2] for line in again.stdout.splitlines()] == [
        ["exists", f"{name}:"] for name in everything
    ], again.stdout

    # And the worker starts.
    deployment.worker("with-topics").wait_ready()
