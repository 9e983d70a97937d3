"""The RocksDB state store's recovery rules on a real broker (topologies.state_store): a
missing store is rebuilt from the changelog, an older one is caught up reading only the
changelog's tail, one of another deployment is wiped and rebuilt, and under exactly-once
one left by a crash is wiped and rebuilt. The counts of changelog records read come from
the worker's ``chao_state_changelog_records_restored_total``; the changelog's end offsets
from the broker."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition

from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import produce_lines, read_topics
from pipeline.topics import Topics
from tests.integration.streaming_util import committed_everything, consumed, metric, wait_until
from topologies.patches import end_offsets

pytestmark = pytest.mark.integration

TS = "2026-12-02T10:00:00Z"


def session_lines(prefix: str, sessions: int) -> list[bytes]:
    """Two events per session: a started session with a tool card open."""
    lines = []
    for n in range(sessions):
        session_id = f"{prefix}-{n}"
        for seq, (kind, payload) in enumerate(
            [
                ("session.started", {"visibleReasoning": "eligible"}),
                ("tool.started", {"toolKey": "bits.search", "callId": f"call-{n}"}),
            ]
        ):
            lines.append(
                orjson.dumps(
                    {
                        "eventId": f"{session_id}-e{seq}",
                        "type": kind,
                        "sessionId": session_id,
                        "runId": "run-1",
                        "seq": seq,
                        "ts": TS,
                        "payload": payload,
                    }
                )
            )
    return lines


def reasoning_line(session_id: str, n: int) -> bytes:
    """The session's next event: reasoning about its open tool card (released only if the
    restarted worker knows the card: the state was recovered)."""
    return orjson.dumps(
        {
            "eventId": f"{session_id}-e2",
            "type": "cot.tool.reasoning",
            "sessionId": session_id,
            "runId": "run-1",
            "seq": 2,
            "ts": TS,
            "payload": {
                "disclosure": "visible_reasoning_v1",
                "toolCallId": f"call-{n}",
                "summary": "Searching the workspace",
            },
        }
    )


def changelog_end(deployment: Any) -> int:
    """The sessions changelog's end offsets, summed over its partitions."""
    topic = Topics(app_id=deployment.env["CHAO_WORKER_APP_ID"]).sessions_changelog.name

    async def ends() -> int:
        consumer = AIOKafkaConsumer(bootstrap_servers=deployment.broker.bootstrap)
        end_offsets.configure(consumer)  # Tansu's ListOffsets answers short ends
        await consumer.start()
        try:
            tps = [TopicPartition(topic, p) for p in range(deployment.partitions)]
            found = await consumer.end_offsets(tps)
        finally:
            await consumer.stop()
        return sum(found.values())

    return asyncio.run(ends())


def store_metrics(worker: WorkerProcess) -> tuple[float, float, float]:
    """(changelog records restored, partitions wiped, sessions held)."""
    text = worker.get("/metrics")[1].decode()
    return (
        metric(text, "chao_state_changelog_records_restored_total"),
        metric(text, "chao_state_store_wipes_total"),
        metric(text, "chao_sessions_tracked"),
    )


def feed(deployment: Any, worker: WorkerProcess, lines: list[bytes]) -> None:
    """Produce, and wait until the worker consumed and committed all of it."""
    before = consumed(worker)
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines))
    wait_until(lambda: consumed(worker) >= before + len(lines), 60, "the records consumed")
    wait_until(lambda: committed_everything(worker), 60, "offsets committed")


def reasoning_released(deployment: Any, lines: list[bytes]) -> list[str]:
    bootstrap = deployment.broker.bootstrap
    asyncio.run(produce_lines(bootstrap, deployment.topics.raw, lines))
    records = asyncio.run(
        read_topics(
            bootstrap,
            [deployment.topics.reasoning],
            until=lambda r: len(r[deployment.topics.reasoning]) >= len(lines),
            timeout=60,
        )
    )
    return sorted(orjson.loads(r.value)["sessionId"] for r in records[deployment.topics.reasoning])


def test_missing_store_is_rebuilt_and_an_older_one_reads_only_the_tail(
    deploy: Any, tmp_path: Path
) -> None:
    deployment = deploy(CHAO_WORKER_STATE_STORE="rocksdb")
    datadir = str(tmp_path / "a-store")
    first = deployment.worker("a", CHAO_WORKER_DATADIR=datadir)
    first.wait_ready()
    feed(deployment, first, session_lines("old", 40))
    first.stop()  # a clean stop: the store holds every state the changelog has
    after_first = changelog_end(deployment)
    assert after_first > 0

    # Another worker with no store of its own: rebuilt from the whole changelog.
    other = deployment.worker("b")
    other.wait_ready()
    restored, wiped, held = store_metrics(other)
    assert (restored, wiped, held) == (after_first, 0, 40)
    feed(deployment, other, session_lines("new", 25))
    other.stop()
    after_other = changelog_end(deployment)
    assert after_other > after_first

    # The first worker's store is older than the changelog: caught up from its offsets,
    # reading only what the other worker wrote.
    again = deployment.worker("a-again", CHAO_WORKER_DATADIR=datadir)
    again.wait_ready()
    restored, wiped, held = store_metrics(again)
    assert (restored, wiped, held) == (after_other - after_first, 0, 65)
    # And the states are right: both phases' open tool cards are known.
    sessions = ["old-3", "new-7"]
    assert reasoning_released(
        deployment, [reasoning_line("old-3", 3), reasoning_line("new-7", 7)]
    ) == sorted(sessions)


def test_a_store_of_another_deployment_is_wiped_and_rebuilt(deploy: Any, tmp_path: Path) -> None:
    datadir = str(tmp_path / "shared-store")
    before = deploy(CHAO_WORKER_STATE_STORE="rocksdb")
    worker = before.worker("before", CHAO_WORKER_DATADIR=datadir)
    worker.wait_ready()
    feed(before, worker, session_lines("theirs", 20))
    worker.stop()

    # Another app id (and changelog) on the same data directory: its databases mean
    # nothing here.
    after = deploy(CHAO_WORKER_STATE_STORE="rocksdb")
    successor = after.worker("after", CHAO_WORKER_DATADIR=datadir)
    successor.wait_ready()
    restored, wiped, held = store_metrics(successor)
    assert restored == 0 and held == 0
    assert wiped > 0  # each partition database that held the other deployment's sessions
    feed(after, successor, session_lines("ours", 10))
    wait_until(lambda: store_metrics(successor)[2] == 10, 60, "the new sessions held")


@pytest.mark.kafka_only
def test_exactly_once_rebuilds_a_store_left_by_a_crash(deploy: Any, tmp_path: Path) -> None:
    deployment = deploy(CHAO_PROCESSING_GUARANTEE="exactly_once", CHAO_WORKER_STATE_STORE="rocksdb")
    datadir = str(tmp_path / "eos-store")
    worker = deployment.worker("eos", CHAO_WORKER_DATADIR=datadir)
    worker.wait_ready()
    feed(deployment, worker, session_lines("eos", 30))
    worker.stop()  # clean: the store is trusted

    clean = deployment.worker("eos-clean", CHAO_WORKER_DATADIR=datadir)
    clean.wait_ready()
    restored, wiped, held = store_metrics(clean)
    assert (restored, wiped, held) == (0, 0, 30)
    feed(deployment, clean, session_lines("more", 10))
    clean.kill()  # a crash: the store may hold states of aborted transactions

    crashed = deployment.worker("eos-crashed", CHAO_WORKER_DATADIR=datadir)
    crashed.wait_ready()
    restored, wiped, held = store_metrics(crashed)
    assert wiped > 0 and held == 40
    assert restored > 0  # rebuilt from the changelog
