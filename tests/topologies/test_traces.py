"""The trace table of the topology (topologies.traces), without a broker.

Its changelog is the clean topic chao.clean.session-events, so Faust's recovery must append
events (TraceTable.apply_changelog_batch) and must start at the recent part of the topic
(TraceTable.persisted_offset, looked up in TraceTable.on_rebalance). The restart test in
tests/integration/test_streaming.py checks the same recovery against a real broker.
"""

from __future__ import annotations

import asyncio
import inspect
import random
import time
from types import SimpleNamespace
from typing import Any

import faust
import orjson
from faust.tables.manager import TableManager
from faust.tables.recovery import Recovery
from faust.types import TP

from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.kafka.admin import session_events_spec
from pipeline.trace import TraceSettings
from pipeline.trace.headers import PREV_SEQ_HEADER, prev_seq_header
from pipeline.trace.model import SessionTrace
from topologies.pipeline_app import PipelineTopology
from topologies.publish import Delivered
from topologies.state import partition_for, plain_dict
from topologies.traces import BULK_LOAD_BUDGET_S, READ_MARGIN_S, Traces, TraceTable

PARTITIONS = 4


class CleanTopic:
    """What ``BatchProcessor.publish`` (topologies.processing) writes to
    chao.clean.session-events for the traces, kept as the events Faust's recovery hands a
    table, in the order written."""

    def __init__(self, traces: Traces) -> None:
        self.traces = traces
        self.messages: list[Any] = []

    def publish(self, released: list[tuple[dict[str, Any], bytes]], at: float) -> None:
        """One batch: headers computed before it is published, then appended (live) with
        where its records landed, as ``BatchProcessor.publish`` hands them over."""
        prev_seq = self.traces.prev_seqs()
        delivered = []
        for record, value in released:
            header = prev_seq_header(prev_seq(record["sessionId"], record["seq"]))
            landed = self.add(record["sessionId"].encode(), value, [header], at)
            delivered.append(Delivered(landed.topic, landed.partition, landed.offset, 1))
        self.traces.append(released, delivered)

    def add(self, key: bytes, value: bytes, headers: Any, at: float) -> Any:
        """One record on the topic (another writer's too); returns its message."""
        partition = partition_for(key, PARTITIONS)
        topic = self.traces.changelog_name
        offset = sum(1 for m in self.messages if m.message.partition == partition)
        message = SimpleNamespace(
            topic=topic,
            key=key,
            value=value,
            partition=partition,
            offset=offset,
            tp=TP(topic, partition),
            headers=headers,
            timestamp=at,
        )
        self.messages.append(SimpleNamespace(message=message))
        return message


def _traces(app_id: str, settings: TraceSettings | None = None) -> Traces:
    worker = WorkerSettings(broker="kafka://127.0.0.1:9", app_id=app_id, partitions=PARTITIONS)
    topology = PipelineTopology(
        worker,
        PipelineConfig(topics=TopicNames(raw=f"{app_id}.raw")),
        trace_settings=settings or TraceSettings(),
    )
    assert topology.traces is not None
    # No broker here: the database's marks are checked against fake offsets where a test
    # needs them (tests/topologies/test_trace_bodies.py).
    topology.traces.table.offset_bounds = None
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


def test_the_traces_changelog_is_the_clean_topic_declared_as_the_admin_declares_it() -> None:
    traces = _traces("traces-topic")
    topic = traces.table.changelog_topic
    spec = session_events_spec(TopicNames(raw="traces-topic.raw"), PARTITIONS)
    assert isinstance(traces.table, TraceTable)
    assert topic.get_topic_name() == spec.name == "chao.clean.session-events"
    assert topic.partitions == PARTITIONS
    assert not topic.compacting and topic.deleting
    assert topic.retention is not None
    assert topic.retention.total_seconds() * 1000 == spec.retention_ms


def test_faust_still_calls_the_methods_the_trace_table_overrides() -> None:
    # If a Faust upgrade stops calling these, recovered traces would hold raw event bytes
    # (apply_changelog_batch) or recovery would read the clean topic's whole retention
    # (persisted_offset, on_rebalance before the recovery is told the offsets): fail here.
    assert "table.apply_changelog_batch(" in inspect.getsource(Recovery)
    assert "table.persisted_offset(tp)" in inspect.getsource(Recovery._add)
    manager = inspect.getsource(TableManager.on_rebalance)
    assert 0 <= manager.index("table.on_rebalance") < manager.index("recovery.on_rebalance")
    for name in ("apply_changelog_batch", "persisted_offset", "on_rebalance"):
        assert getattr(TraceTable, name) is not getattr(faust.Table, name), name


def _published(app_id: str, seed: int, settings: TraceSettings) -> tuple[CleanTopic, list[str]]:
    """A live worker's traces and the clean topic it wrote: 60 batches over 12 sessions,
    with gaps in the seqs and replayed batches."""
    rng = random.Random(seed)
    topic = CleanTopic(_traces(app_id, settings))
    sessions = [f"s-{n}" for n in range(12)]
    next_seq = dict.fromkeys(sessions, 0)
    now = time.time()
    for batch in range(60):
        released = []
        for session_id in rng.sample(sessions, 4):
            for _ in range(rng.randint(1, 5)):
                seq = next_seq[session_id]
                next_seq[session_id] += rng.choice((1, 1, 2))  # seqs have gaps
                released.append(_clean(session_id, seq))
        if rng.random() < 0.2:
            released += released[:3]  # a replayed batch repeats released events
        topic.publish(released, now + batch * 0.01)
    return topic, sessions


def test_recovery_from_the_clean_topic_rebuilds_every_trace() -> None:
    settings = TraceSettings(max_events=20)
    topic, sessions = _published("traces-live", 7, settings)
    live = topic.traces
    recovered = _traces("traces-recovered", settings)
    changelog = topic.messages
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
    # And the table knows where each partition was read to.
    for tp, offset in recovered.table.applied_through.items():
        assert offset == max(m.message.offset for m in changelog if m.message.tp == tp)
        assert recovered.table.persisted_offset(tp) == offset


def test_recovery_starts_at_the_first_recent_record_and_kept_partitions_are_not_reread() -> None:
    traces = _traces("traces-start")
    table = traces.table
    name = traces.changelog_name
    assigned = {TP(name, p) for p in range(PARTITIONS)} | {TP("other", 0)}
    asked: list[tuple[set[Any], int]] = []

    async def find(tps: set[Any], since_ms: int) -> dict[Any, int | None]:
        asked.append((tps, since_ms))
        return {tp: (None if tp.partition == 3 else 40 + tp.partition) for tp in tps}

    table.find_offsets = find
    table.bulk_load = None  # Faust's recovery reads them (the bulk read: tests below)
    asyncio.run(table.on_rebalance(assigned, set(), assigned, 0))
    ((tps, since_ms),) = asked
    assert tps == {TP(name, p) for p in range(PARTITIONS)}  # only the changelog's
    age_ms = time.time() * 1000 - since_ms
    bound_ms = (table.trace_settings.max_age_s + READ_MARGIN_S) * 1000
    assert bound_ms <= age_ms < bound_ms + 60_000
    # Faust reads from the offset after the persisted one: the first recent record is read.
    assert [table.persisted_offset(TP(name, p)) for p in range(PARTITIONS)] == [39, 40, 41, None]

    # Applied further than that: a kept partition resumes there and is not looked up again.
    table.applied_through[TP(name, 0)] = 100
    asked.clear()
    asyncio.run(table.on_rebalance(assigned, set(), set(), 1))
    ((tps, _),) = asked
    assert TP(name, 0) not in tps
    assert table.persisted_offset(TP(name, 0)) == 100

    # Gone after the rebalance: read in full (from the recent part) if it comes back.
    traces.drop_partitions({0})
    assert TP(name, 0) not in table.applied_through


def test_a_failed_start_lookup_reads_from_the_earliest_offset(caplog: Any) -> None:
    traces = _traces("traces-lookup-fails")
    name = traces.changelog_name

    async def find(tps: set[Any], since_ms: int) -> dict[Any, int | None]:
        raise ConnectionError("broker gone")

    traces.table.find_offsets = find
    traces.table.bulk_load = None
    assigned = {TP(name, 0)}
    asyncio.run(traces.table.on_rebalance(assigned, set(), assigned, 0))
    assert traces.table.persisted_offset(TP(name, 0)) is None
    assert "reading chao.clean.session-events from the earliest offsets" in caplog.text


def test_a_malformed_changelog_record_is_skipped_without_echoing_it(caplog: Any) -> None:
    traces = _traces("traces-bad")
    topic = CleanTopic(traces)
    now = time.time()
    topic.add(b"s-bad", b"CANARY not an event", [], now)
    topic.add(b"s-bad2", orjson.dumps(_clean("s-bad2", 1)[0]), [(PREV_SEQ_HEADER, b"CANARY")], now)
    topic.publish([_clean("s-ok", 0)], now)
    recovered = _traces("traces-bad-recovered")
    recovered.table.apply_changelog_batch(topic.messages)
    assert list(plain_dict(recovered.table)) == ["s-ok"]
    assert caplog.text.count("skipped a malformed clean event record") == 2
    assert "CANARY" not in caplog.text


def test_a_rebalance_forgets_the_traces_of_partitions_owned_elsewhere() -> None:
    traces = _traces("traces-rebalance")
    sessions = [f"s-{n}" for n in range(8)]
    traces.append([_clean(s, 0) for s in sessions])
    gone = {partition_for("s-0", PARTITIONS)}
    kept = [s for s in sessions if partition_for(s, PARTITIONS) not in gone]
    assert kept and len(kept) < len(sessions)
    traces.drop_partitions(gone)
    assert sorted(plain_dict(traces.table)) == sorted(kept)


def test_expiry_forgets_aged_traces_and_looks_only_at_those_due(monkeypatch: Any) -> None:
    traces = _traces("traces-expiry", TraceSettings(max_age_s=100.0))
    start = time.time()
    traces.append([_clean(f"s-{n}", 0) for n in range(500)])
    pruned: list[str] = []
    prune = SessionTrace.prune

    def counted(trace: SessionTrace, now: float | None = None) -> int:
        pruned.append(trace.session_id)
        return prune(trace, now)

    monkeypatch.setattr(SessionTrace, "prune", counted)
    assert traces.expire(start + 50.0) == 0
    assert pruned == []  # none due: no trace looked at (was: all 500, every 30 s)
    # s-0 goes on: an event 120 s later. Its index entry still says "start": popped
    # early, pruned of its first event, noted again with its real oldest time.
    record, encoded = _clean("s-0", 1)
    plain_dict(traces.table)["s-0"].append(record, encoded, now=start + 120.0)
    pruned.clear()
    assert traces.expire(start + 150.0) == 499
    assert len(pruned) == 500
    assert list(plain_dict(traces.table)) == ["s-0"]
    assert plain_dict(traces.table)["s-0"].first_seq == 1
    pruned.clear()
    assert traces.expire(start + 200.0) == 0
    assert pruned == []  # s-0's oldest event is from start + 120 s: not due before + 220
    assert traces.expire(start + 221.0) == 1


def test_expiry_after_a_replay_sees_the_replayed_traces() -> None:
    settings = TraceSettings(max_age_s=100.0)
    topic, sessions = _published("traces-expiry-live", 3, settings)
    recovered = _traces("traces-expiry-recovered", settings)
    recovered.table.apply_changelog_batch(topic.messages)
    assert sorted(plain_dict(recovered.table)) == sorted(sessions)
    assert recovered.expire(time.time() + 50.0) == 0
    assert recovered.expire(time.time() + 200.0) == len(sessions)
    assert plain_dict(recovered.table) == {}


def _as_fetched(messages: list[Any]) -> dict[Any, list[Any]]:
    """The clean topic's records as aiokafka's consumer returns them (timestamps in ms)."""
    by_tp: dict[Any, list[Any]] = {}
    for event in messages:
        m = event.message
        record = SimpleNamespace(
            key=m.key,
            value=m.value,
            headers=m.headers,
            offset=m.offset,
            timestamp=m.timestamp * 1000,
        )
        by_tp.setdefault(m.tp, []).append(record)
    return by_tp


def test_the_recent_records_are_read_in_bulk_before_faust_recovery() -> None:
    """on_rebalance reads each wanted partition from its recent start in bulk, so the
    traces are the live ones and Faust's recovery starts after what was read."""
    topic, sessions = _published("traces-bulk-live", 11, TraceSettings(max_events=20))
    live = topic.traces
    fetched = _as_fetched(topic.messages)

    recovered = _traces("traces-bulk-recovered", TraceSettings(max_events=20))
    table = recovered.table
    name = recovered.changelog_name
    asked: list[tuple[dict[Any, int], float]] = []

    async def find(tps: set[Any], since_ms: int) -> dict[Any, int | None]:
        return {tp: 0 for tp in tps}  # every record is recent

    async def load(starts: dict[Any, int], apply: Any, budget_s: float) -> None:
        asked.append((dict(starts), budget_s))
        for tp, start in starts.items():
            records = [r for r in fetched.get(tp, []) if r.offset >= start]
            for n in range(0, len(records), 7):  # in batches, as getmany hands them over
                apply(tp, records[n : n + 7])

    table.find_offsets, table.bulk_load = find, load
    assigned = {TP(name, p) for p in range(PARTITIONS)}
    asyncio.run(table.on_rebalance(assigned, set(), assigned, 0))
    ((starts, budget_s),) = asked
    assert starts == {tp: 0 for tp in assigned} and budget_s == BULK_LOAD_BUDGET_S
    assert _held(recovered) == _held(live)
    for tp in assigned:  # Faust's recovery goes on after the last record read
        assert table.persisted_offset(tp) == max(r.offset for r in fetched[tp])
    assert table.data._key_partition == {s: partition_for(s, PARTITIONS) for s in sessions}


def test_a_failed_bulk_read_leaves_the_rest_to_faust_recovery(caplog: Any) -> None:
    traces = _traces("traces-bulk-fails")
    table = traces.table
    name = traces.changelog_name
    tp = TP(name, 0)
    record = SimpleNamespace(
        key=b"s-1", value=_clean("s-1", 0)[1], headers=[], offset=5, timestamp=time.time() * 1000
    )

    async def find(tps: set[Any], since_ms: int) -> dict[Any, int | None]:
        raise ConnectionError("no lookup by time here (the embedded broker)")

    async def load(starts: dict[Any, int], apply: Any, budget_s: float) -> None:
        assert starts == {tp: 0}  # the lookup failed: from the earliest offset
        apply(tp, [record])
        raise ConnectionError("broker gone")

    table.find_offsets, table.bulk_load = find, load
    asyncio.run(table.on_rebalance({tp}, set(), {tp}, 0))
    assert list(plain_dict(table)) == ["s-1"]
    assert table.persisted_offset(tp) == 5  # Faust's recovery reads from offset 6
    assert "could not read the traces' recent events in bulk" in caplog.text
