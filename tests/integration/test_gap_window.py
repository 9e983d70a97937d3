"""The reorder window's purpose, at the defaults (contract section 3.4): on a caught-up
input a real gap is skipped about a window after the event waiting on it arrived, and the
missing event, produced 5 s after its successor, comes late: dropped and counted late by
the cause of the skip (``window``)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

import orjson
import pytest

from pipeline.config import PipelineConfig, TopicNames
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import produce_lines, read_topics
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import metric, wait_until

pytestmark = pytest.mark.integration


def envelope(seq: int, event_type: str, payload: dict) -> bytes:  # type: ignore[type-arg]
    return orjson.dumps(
        {
            "eventId": f"w-e{seq}",
            "type": event_type,
            "sessionId": "s-window",
            "runId": "run-1",
            "seq": seq,
            "ts": "2026-12-05T10:00:00Z",
            "payload": payload,
        }
    )


@dataclass
class StartedSession:
    """A worker at the defaults whose session has seq 0 released."""

    worker: WorkerProcess
    bootstrap: str
    topics: TopicNames

    def released(self) -> list[int]:
        """The seqs on the clean session-events topic so far."""
        topic = self.topics.session_events
        records = asyncio.run(
            read_topics(self.bootstrap, [topic], until=lambda r: False, timeout=0.5)
        )
        return [orjson.loads(r.value)["seq"] for r in records[topic]]


def start_session(deployment: Deployment) -> StartedSession:
    worker = deployment.worker("w")
    worker.wait_ready()
    bootstrap, topics = deployment.broker.bootstrap, deployment.topics
    started = envelope(0, "session.started", {"visibleReasoning": "eligible"})
    asyncio.run(produce_lines(bootstrap, topics.raw, [started], seed=1))
    session = StartedSession(worker, bootstrap, topics)
    wait_until(lambda: session.released() == [0], 30, "seq 0 released")
    return session


def test_a_real_gap_is_skipped_after_the_window_and_its_event_is_late(deploy) -> None:  # type: ignore[no-untyped-def]
    window = PipelineConfig().reorder_window_s
    session = start_session(deploy())
    # seq 1 is missing: seq 2 waits on its gap.
    waiting = envelope(2, "message.delta", {"messageId": "m", "delta": "two"})
    asyncio.run(produce_lines(session.bootstrap, session.topics.raw, [waiting], seed=2))
    produced = time.monotonic()
    wait_until(lambda: session.released() == [0, 2], 30, "seq 2 released after its gap")
    skipped_after = time.monotonic() - produced
    # Not before the window, and about a window later (a reading or two of the group's
    # progress, the timer's tick and this test's polling on top).
    assert window <= skipped_after < window + 3.0, skipped_after
    text = session.worker.get("/metrics")[1].decode()
    assert metric(text, 'chao_ordering_gaps_total{cause="window"}') == 1
    # The missing event, 5 s after its successor: past the window, so it is late.
    time.sleep(max(0.0, 5.0 - (time.monotonic() - produced)))
    missing = envelope(1, "message.delta", {"messageId": "m", "delta": "one"})
    asyncio.run(produce_lines(session.bootstrap, session.topics.raw, [missing], seed=3))

    def late() -> float:
        text = session.worker.get("/metrics")[1].decode()
        return metric(text, 'chao_ordering_late_total{cause="window"}')

    wait_until(lambda: late() == 1, 30, "seq 1 counted late")
    assert session.released() == [0, 2]
    text = session.worker.get("/metrics")[1].decode()
    assert metric(text, "chao_ordering_late_total") == 1
    assert metric(text, "chao_ordering_gaps_total") == 1


async def send_held(bootstrap: str, topic: str, lines: list[bytes], timestamp_ms: int) -> None:
    """Each line as one record whose producer timestamp (CreateTime) is ``timestamp_ms``,
    1 s apart (one producer: the appends are that far apart, whatever the load)."""
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await producer.start()
    try:
        for n, line in enumerate(lines):
            if n:
                await asyncio.sleep(1.0)
            await producer.send_and_wait(topic, line, key=b"k", timestamp_ms=timestamp_ms)
    finally:
        await producer.stop()


@pytest.mark.kafka_only
def test_a_record_held_in_its_producer_does_not_shorten_the_window(deploy) -> None:  # type: ignore[no-untyped-def]
    """Arrival is the append to the raw topic (contract 3.4), not the producer's clock: a
    batch held in its producer across a leader change (a broker failover, a rolling
    restart) is appended later than its timestamps say. Here seq 2 carries a timestamp
    10 s old and seq 1 is appended 1 s after it, well within the window of their appends:
    both are released in order. With the raw topic's timestamps from the producers
    (Kafka's default, CreateTime) the worker took seq 2 for 10 s old, skipped its gap at
    once and dropped seq 1 as late (the raw topic is created with LogAppendTime,
    pipeline.topics.RAW_TIMESTAMP_TYPE)."""
    session = start_session(deploy())
    waiting = envelope(2, "message.delta", {"messageId": "m", "delta": "two"})
    missing = envelope(1, "message.delta", {"messageId": "m", "delta": "one"})
    held_since = int((time.time() - 10.0) * 1000)
    asyncio.run(send_held(session.bootstrap, session.topics.raw, [waiting, missing], held_since))
    wait_until(lambda: session.released() == [0, 1, 2], 30, "seq 1 and 2 released in order")
    text = session.worker.get("/metrics")[1].decode()
    assert metric(text, "chao_ordering_late_total") == 0
    assert metric(text, "chao_ordering_gaps_total") == 0
