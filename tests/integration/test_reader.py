"""pipeline.kafka.reader against the embedded broker: clean records with the repeats an
at-least-once crash leaves (exact copies injected into the topic), read in a consumer
group; then the reader on what a real worker publishes."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import orjson
import pytest
from aiokafka import AIOKafkaProducer

from pipeline.dev.broker import EmbeddedBroker
from pipeline.kafka.admin import TopicSpec, create_topics
from pipeline.kafka.reader import CleanTopicReader
from pipeline.trace.headers import prev_seq_header
from tests.fixtures_util import raw_lines
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import file_mode

pytestmark = pytest.mark.integration


def clean_event(session: str, seq: int) -> dict[str, Any]:
    return {
        "eventId": f"{session}-e{seq}",
        "type": "message.delta",
        "sessionId": session,
        "runId": "r",
        "seq": seq,
        "ts": "2026-12-02T10:00:00.000Z",
        "family": "message",
        "terminal": False,
        "data": {"messageId": "m", "delta": str(seq)},
    }


async def produce(bootstrap: str, topic: str, records: list[tuple[dict[str, Any], int]]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await producer.start()
    try:
        for event, prev in records:
            await producer.send_and_wait(
                topic,
                orjson.dumps(event),
                key=event["sessionId"].encode(),
                headers=[prev_seq_header(prev)],
            )
    finally:
        await producer.stop()


async def read_all(
    reader: CleanTopicReader, want: int, timeout: float = 30.0, handle_last: bool = True
) -> list[dict[str, Any]]:
    """Read until ``want`` events came; ``handle_last=False``: stop right after the batch
    that completes them, as a reader that dies before it could commit that batch."""
    got: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    async with reader:
        async for batch in reader.batches(timeout_ms=200, idle_batches=True):
            got += batch
            if len(got) >= want or time.monotonic() > deadline:
                break
        if not handle_last:
            return got
        # settle: a little longer, so a record yielded twice would show
        settle = time.monotonic() + 1.5
        async for batch in reader.batches(timeout_ms=200, idle_batches=True):
            got += batch
            if time.monotonic() > settle:
                break
        await reader.commit()
    return got


def by_session(events: list[dict[str, Any]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for event in events:
        out.setdefault(event["sessionId"], []).append(event["seq"])
    return out


def test_repeats_in_the_topic_are_dropped_and_offsets_committed(broker: EmbeddedBroker) -> None:
    topic = f"t{uuid.uuid4().hex[:8]}.clean.session-events"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 3)]))
    sessions = [f"s-{i}" for i in range(12)]
    # seqs with gaps (dead-lettered events never reach a clean topic): 0, 1, 3, 4, 6
    seqs = [0, 1, 3, 4, 6]
    first = [
        (clean_event(s, seq), seqs[i - 1] if i else -1)
        for i, seq in enumerate(seqs)
        for s in sessions
    ]
    # a crash after publishing: the worker publishes the last three events of each session again
    repeats = [(e, p) for e, p in first if e["seq"] >= 3]
    asyncio.run(produce(broker.bootstrap, topic, first + repeats))

    group = f"g-{uuid.uuid4().hex[:6]}"
    reader = CleanTopicReader(broker.bootstrap, group_id=group, topic=topic)
    got = asyncio.run(read_all(reader, want=len(first)))
    assert by_session(got) == {s: seqs for s in sessions}
    assert reader.stats.repeats == len(repeats)
    assert reader.stats.missed == 0 and reader.stats.malformed == 0

    # the same group again: everything was committed, nothing is read twice
    again = CleanTopicReader(broker.bootstrap, group_id=group, topic=topic)
    assert asyncio.run(read_all(again, want=1, timeout=4.0)) == []
    assert again.stats.read == 0

    # events it never got: a record whose previous event is above what this reader applied
    asyncio.run(produce(broker.bootstrap, topic, [(clean_event("s-0", 9), 8)]))
    missed: list[tuple[str, int, int]] = []
    late = CleanTopicReader(
        broker.bootstrap,
        group_id=group,
        topic=topic,
        applied={"s-0": 6},
        on_missed=lambda s, a, p: missed.append((s, a, p)),
    )
    assert by_session(asyncio.run(read_all(late, want=1))) == {"s-0": [9]}
    assert missed == [("s-0", 6, 8)]


def test_a_reader_that_dies_before_committing_hands_its_batch_to_the_next(
    broker: EmbeddedBroker,
) -> None:
    topic = f"t{uuid.uuid4().hex[:8]}.clean.session-events"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 2)]))
    events = [(clean_event(f"s-{i % 4}", i // 4), i // 4 - 1) for i in range(40)]
    asyncio.run(produce(broker.bootstrap, topic, events))
    group = f"g-{uuid.uuid4().hex[:6]}"
    applied: dict[str, int] = {}  # the caller's own store, written with its output
    first = CleanTopicReader(broker.bootstrap, group_id=group, topic=topic, applied=applied)
    got = asyncio.run(read_all(first, want=40, handle_last=False))  # dies before committing
    assert len(got) == 40
    second = CleanTopicReader(broker.bootstrap, group_id=group, topic=topic, applied=applied)
    assert asyncio.run(read_all(second, want=1, timeout=4.0)) == []
    assert second.stats.read > 0 and second.stats.repeats == second.stats.read


def test_the_reader_on_what_a_worker_publishes(deploy: type[Deployment]) -> None:
    deployment = deploy(partitions=2)
    lines = [line for name in ("basic", "tools", "policy") for line in raw_lines(name)]
    clean, _ = file_mode(lines)
    deployment.worker("w1").wait_ready()
    asyncio.run(_produce_raw(deployment, lines))
    reader = CleanTopicReader(
        deployment.broker.bootstrap, group_id="downstream", topic=deployment.topics.session_events
    )
    got = asyncio.run(read_all(reader, want=len(clean), timeout=60.0))
    want: dict[str, list[dict[str, Any]]] = {}
    for event in clean:
        want.setdefault(event["sessionId"], []).append(event)
    got_by: dict[str, list[dict[str, Any]]] = {}
    for event in got:
        got_by.setdefault(event["sessionId"], []).append(event)
    assert got_by == want
    assert reader.stats.missed == 0


async def _produce_raw(deployment: Deployment, lines: list[bytes]) -> None:
    from pipeline.kafka.io import produce_lines

    await produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines)
