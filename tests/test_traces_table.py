"""The trace table of the topology (topologies.traces), without a broker.

Its changelog holds per-batch segments, not whole traces, so Faust's recovery must append
(TraceTable.apply_changelog_batch) and the topic must not be compacted. The restart test in
tests/integration/test_streaming.py checks the same recovery against a real broker.
"""

from __future__ import annotations

import inspect
import random
from types import SimpleNamespace
from typing import Any

import faust
import orjson
from faust.tables.recovery import Recovery

from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.trace import TraceSettings
from topologies.pipeline_app import PipelineTopology
from topologies.state import partition_for, plain_dict
from topologies.traces import RETENTION_MARGIN_S, Traces, TraceTable

PARTITIONS = 4


class RecordingPublisher:
    """BatchPublisher's add(), kept as changelog messages in the order written."""

    def __init__(self) -> None:
        self.records: list[tuple[str, bytes, bytes | None]] = []

    def add(self, topic: str, key: bytes | None, value: bytes | None) -> None:
        assert key is not None
        self.records.append((topic, key, value))

    def as_changelog(self) -> list[Any]:
        """The records as the events Faust's recovery hands a table."""
        return [
            SimpleNamespace(
                message=SimpleNamespace(
                    topic=topic,
                    key=key,
                    value=value,
                    partition=partition_for(key, PARTITIONS),
                    offset=offset,
                )
            )
            for offset, (topic, key, value) in enumerate(self.records)
        ]


def _traces(app_id: str, settings: TraceSettings | None = None) -> Traces:
    worker = WorkerSettings(broker="kafka://127.0.0.1:9", app_id=app_id, partitions=PARTITIONS)
    topology = PipelineTopology(
        worker,
        PipelineConfig(topics=TopicNames(raw=f"{app_id}.raw")),
        trace_settings=settings or TraceSettings(),
    )
    assert topology.traces is not None
    return topology.traces


def _clean(session_id: str, seq: int) -> tuple[dict[str, Any], bytes]:
    record = {
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
    return record, orjson.dumps(record)


def _held(traces: Traces) -> dict[str, Any]:
    return {
        session_id: (trace.document(), trace.dropped_through)
        for session_id, trace in plain_dict(traces.table).items()
    }


def test_the_trace_changelog_is_deleted_by_age_not_compacted() -> None:
    traces = _traces("traces-topic", TraceSettings(max_age_s=120.0))
    topic = traces.table.changelog_topic
    assert isinstance(traces.table, TraceTable)
    assert topic.get_topic_name() == "traces-topic-trace-segments"
    assert not topic.compacting and topic.deleting
    assert topic.retention.total_seconds() == 120.0 + RETENTION_MARGIN_S


def test_faust_recovery_still_applies_changelog_batches_through_the_table() -> None:
    # If a Faust upgrade stops calling Table.apply_changelog_batch, recovered traces would
    # hold raw segment bytes: fail here first.
    assert "table.apply_changelog_batch(" in inspect.getsource(Recovery)
    assert TraceTable.apply_changelog_batch is not faust.Table.apply_changelog_batch


def test_recovery_from_the_segments_rebuilds_every_trace() -> None:
    rng = random.Random(7)
    settings = TraceSettings(max_events=20)
    live = _traces("traces-live", settings)
    publisher = RecordingPublisher()
    sessions = [f"s-{n}" for n in range(12)]
    next_seq = dict.fromkeys(sessions, 0)
    released_once: set[tuple[str, int]] = set()
    for _ in range(60):  # batches
        released = []
        for session_id in rng.sample(sessions, 4):
            for _ in range(rng.randint(1, 5)):
                seq = next_seq[session_id]
                next_seq[session_id] += rng.choice((1, 1, 2))  # seqs have gaps
                released.append(_clean(session_id, seq))
                released_once.add((session_id, seq))
        if rng.random() < 0.2:
            released += released[:3]  # a replayed batch repeats released events
        live.append(released)
        live.write_changelog(publisher)  # type: ignore[arg-type]
    assert not live.pending
    # One record per touched session per batch, each holding only what that batch added:
    # every released event is written exactly once.
    assert len(publisher.records) <= 60 * 4
    written = [
        (key.decode(), event["seq"])
        for _, key, value in publisher.records
        for event in orjson.loads(value or b"")[3]
    ]
    assert sorted(written) == sorted(released_once)

    recovered = _traces("traces-recovered", settings)
    changelog = publisher.as_changelog()
    recovered.table.apply_changelog_batch(changelog[:100])
    recovered.table.apply_changelog_batch(changelog[100:])
    assert _held(recovered) == _held(live)
    # Re-reading its own records (a kept partition after a rebalance) changes nothing.
    recovered.table.apply_changelog_batch(changelog)
    assert _held(recovered) == _held(live)
    # The store learns each key's partition, as with the stock method.
    assert recovered.table.data._key_partition == {
        s: partition_for(s, PARTITIONS) for s in sessions
    }


def test_a_malformed_changelog_record_is_skipped_without_echoing_it(caplog: Any) -> None:
    traces = _traces("traces-bad")
    publisher = RecordingPublisher()
    traces.append([_clean("s-ok", 0)])
    traces.write_changelog(publisher)  # type: ignore[arg-type]
    publisher.records.insert(0, (traces.changelog_name, b"s-bad", b"CANARY not a segment"))
    recovered = _traces("traces-bad-recovered")
    recovered.table.apply_changelog_batch(publisher.as_changelog())
    assert list(plain_dict(recovered.table)) == ["s-ok"]
    assert "skipped a malformed trace changelog record" in caplog.text
    assert "CANARY" not in caplog.text


def test_unwritten_segments_of_kept_sessions_survive_a_rebalance() -> None:
    traces = _traces("traces-rebalance")
    sessions = [f"s-{n}" for n in range(8)]
    traces.append([_clean(s, 0) for s in sessions])
    gone = {partition_for("s-0", PARTITIONS)}
    kept = [s for s in sessions if partition_for(s, PARTITIONS) not in gone]
    assert kept and len(kept) < len(sessions)
    traces.drop_partitions(gone)
    publisher = RecordingPublisher()
    traces.write_changelog(publisher)  # type: ignore[arg-type]
    assert sorted(key.decode() for _, key, _ in publisher.records) == sorted(kept)
    assert sorted(plain_dict(traces.table)) == sorted(kept)
