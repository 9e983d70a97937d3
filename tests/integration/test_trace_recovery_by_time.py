"""Trace recovery by time on Apache Kafka (kafka_only: Tansu cannot look offsets up by
time, and there recovery reads whole partitions).

A recovering worker rebuilds its sessions' traces from ``chao.clean.session-events`` and
reads only its recent part: from the first record younger than the trace age bound plus
``READ_MARGIN_S``, found with Kafka's ListOffsets by timestamp (``offsets_for_times``,
``topologies.traces.broker_offset_lookup``). What it does not read, the ``chao-trace-prev-seq``
header makes it count as dropped: the trace says ``truncated`` and a resume point before
its first event gets ``too_far_behind`` (docs/architecture.md, "Session traces").

The records are written here as a worker would have written them hours ago (same key,
partition, header, JSON; timestamps set back), then a fresh worker recovers them.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
from typing import Any

import orjson
import pytest
from aiokafka import AIOKafkaProducer
from faust.types import TP

from pipeline.kafka.admin import TopicSpec, create_topics
from pipeline.trace import DEFAULT_MAX_AGE_S
from pipeline.trace.headers import prev_seq_header
from topologies.state import partition_for
from topologies.traces import READ_MARGIN_S, broker_offset_lookup

pytestmark = [pytest.mark.integration, pytest.mark.kafka_only]

HOUR_MS = 3600 * 1000
# Older than the age bound plus the read margin (1 h + 10 min): never to be read.
OLD_MS = int(time.time() * 1000) - 3 * HOUR_MS
assert 3 * HOUR_MS > (DEFAULT_MAX_AGE_S + READ_MARGIN_S) * 1000


def clean_event(session_id: str, seq: int) -> dict[str, Any]:
    return {
        "eventId": f"{session_id}-e{seq}",
        "type": "message.delta",
        "sessionId": session_id,
        "runId": "run-1",
        "seq": seq,
        "ts": "2026-12-03T10:00:00.000Z",
        "family": "message",
        "terminal": False,
        "data": {"messageId": "m1", "delta": f"part {seq}"},
    }


async def write(
    bootstrap: str, topic: str, partitions: int, records: list[tuple[str, bytes, int, int]]
) -> list[tuple[int, int]]:
    """(key, value, prev_seq, timestamp ms) in order, each to its key's partition as the
    worker's producer places it; returns (partition, offset) of each."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await producer.start()
    placed = []
    try:
        for key, value, prev_seq, timestamp_ms in records:
            sent = await producer.send_and_wait(
                topic,
                value,
                key=key.encode(),
                partition=partition_for(key, partitions),
                timestamp_ms=timestamp_ms,
                headers=[prev_seq_header(prev_seq)],
            )
            placed.append((sent.partition, sent.offset))
    finally:
        await producer.stop()
    return placed


def test_offset_lookup_by_time_on_kafka(broker) -> None:  # type: ignore[no-untyped-def]
    """broker_offset_lookup gives the first offset at or after the time per partition,
    the end offset where no record is that young (recovery then reads none of it)."""
    topic = f"lookup-{time.monotonic_ns()}"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 3)]))
    now_ms = int(time.time() * 1000)
    keys = {p: next(f"k{n}" for n in range(1000) if partition_for(f"k{n}", 3) == p) for p in (0, 1)}
    records = [(keys[0], b"{}", -1, OLD_MS + n) for n in range(3)]
    records += [(keys[0], b"{}", -1, now_ms + n) for n in range(2)]
    records += [(keys[1], b"{}", -1, OLD_MS + n) for n in range(2)]
    placed = asyncio.run(write(broker.bootstrap, topic, 3, records))
    assert [p for p, _ in placed] == [0] * 5 + [1] * 2

    find = broker_offset_lookup([broker.bootstrap])
    since_ms = now_ms - 60_000
    found = asyncio.run(find({TP(topic, 0), TP(topic, 1), TP(topic, 2)}, since_ms))
    assert found == {TP(topic, 0): placed[3][1], TP(topic, 1): placed[6][1] + 1, TP(topic, 2): 0}
    # At or after: a time equal to a record's timestamp finds that record.
    exact = asyncio.run(find({TP(topic, 0)}, OLD_MS + 1))
    assert exact == {TP(topic, 0): placed[1][1]}


def session_in(partition: int, partitions: int, prefix: str) -> str:
    """A session id whose records go to ``partition``."""
    return next(
        f"{prefix}-{n}"
        for n in range(10_000)
        if partition_for(f"{prefix}-{n}", partitions) == partition
    )


def recover(deployment, records: list[tuple[str, bytes, int, int]]):  # type: ignore[no-untyped-def]
    """Write the records to the clean topic, then start a worker that recovers them."""
    topic = deployment.topics.session_events
    placed = asyncio.run(write(deployment.broker.bootstrap, topic, deployment.partitions, records))
    worker = deployment.worker("recovering")
    worker.wait_ready(timeout=90)
    return worker, placed


def trace(worker, session_id: str) -> tuple[int, Any]:  # type: ignore[no-untyped-def]
    status, body = worker.get(f"/sessions/{session_id}/trace", timeout=10)
    return status, orjson.loads(body)


def read_records(worker, topic: str, placed: list[tuple[int, int]]) -> list[bool]:  # type: ignore[no-untyped-def]
    """For malformed records at ``placed``: whether the worker read each one (it logs each
    one it skips, by position)."""
    log = worker.log_path.read_text(errors="replace")
    return [
        f"skipped a malformed clean event record at {topic}[{partition}]@{offset}" in log
        for partition, offset in placed
    ]


def test_recovery_reads_only_the_recent_part_and_counts_the_rest_dropped(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy()
    topic, partitions = deployment.topics.session_events, deployment.partitions
    now_ms = int(time.time() * 1000)
    # Two sessions on one partition, one more on another; both partitions have recent records.
    kept = session_in(0, partitions, "s-recent-part")  # seqs 0-9 hours ago, 10-14 now
    gone = session_in(0, partitions, "s-only-old")  # every record hours ago
    fresh = session_in(1, partitions, "s-all-recent")  # every record now
    records: list[tuple[str, bytes, int, int]] = []
    for seq in range(10):
        records.append((kept, orjson.dumps(clean_event(kept, seq)), seq - 1, OLD_MS + seq))
        records.append((gone, orjson.dumps(clean_event(gone, seq)), seq - 1, OLD_MS + seq))
    # Old records that are not clean events: a worker that read them would log each one.
    records += [(key, b"not json, old", 9, OLD_MS + 100) for key in (kept, gone, fresh)]
    for seq in range(10, 15):
        records.append((kept, orjson.dumps(clean_event(kept, seq)), seq - 1, now_ms + seq))
    for seq in range(3):
        records.append((fresh, orjson.dumps(clean_event(fresh, seq)), seq - 1, now_ms + seq))
    records.append((fresh, b"not json, recent", 2, now_ms + 10))  # read, so logged
    worker, placed = recover(deployment, records)

    status, document = trace(worker, kept)
    assert status == 200, document
    assert [e["seq"] for e in document["events"]] == [10, 11, 12, 13, 14]
    assert document["events"][0] == clean_event(kept, 10)
    # Seqs 0-9 were not read: the header of seq 10 says the trace held seq 9 before it.
    assert document["truncated"] is True
    assert document["firstSeq"] == 10 and document["lastSeq"] == 14
    assert trace(worker, gone)[0] == 404  # nothing recent: nothing held
    status, document = trace(worker, fresh)
    assert status == 200 and [e["seq"] for e in document["events"]] == [0, 1, 2]
    assert document["truncated"] is False

    # A resume point among the events not read: the client is told it fell behind.
    url = f"{worker.url}/sessions/{kept}/events?after=5"
    request = urllib.request.Request(url, headers=worker.headers)  # the deployment's token
    with urllib.request.urlopen(request, timeout=10) as response:
        head = b""
        while b"\n\n" not in head:
            head += response.read1(4096)
    assert b"event: error" in head and b"too_far_behind" in head, head

    # What was read: the recent malformed record, none of the old ones.
    assert read_records(worker, topic, placed[-1:]) == [True]  # the check has teeth
    assert read_records(worker, topic, placed[20:23]) == [False, False, False]


def test_a_partition_with_only_old_records_is_not_read(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy()
    topic, partitions = deployment.topics.session_events, deployment.partitions
    old = session_in(2, partitions, "s-quiet-partition")
    records = [
        (old, orjson.dumps(clean_event(old, seq)), seq - 1, OLD_MS + seq) for seq in range(5)
    ]
    records.append((old, b"not json, old", 4, OLD_MS + 100))
    worker, placed = recover(deployment, records)
    assert trace(worker, old)[0] == 404
    assert read_records(worker, topic, placed[-1:]) == [False], "the old records were read"
