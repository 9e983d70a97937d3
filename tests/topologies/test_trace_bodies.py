"""The traces' event bodies on disk (topologies.trace_bodies): a real RocksDB database,
emptied at start and aging bodies out, and the traces table reading it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.errors import StateError
from pipeline.trace import TraceSettings
from tests.topologies.test_traces import PARTITIONS, _clean, _published, _traces
from topologies import trace_bodies
from topologies.pipeline_app import PipelineTopology
from topologies.state import partition_for, plain_dict
from topologies.trace_bodies import TTL_MARGIN_S, DiskTraceBodies, body_key
from topologies.traces import Traces

HOUR = 3600.0


def _stored(traces: Traces) -> set[bytes]:
    assert isinstance(traces.bodies, DiskTraceBodies)
    return set(traces.bodies.db.keys())


def _held(traces: Traces) -> set[bytes]:
    return {
        body_key(session_id, seq)
        for session_id, trace in plain_dict(traces.table).items()
        for seq in trace.seqs
    }


def test_bodies_round_trip_per_session_in_the_order_asked(tmp_path: Path) -> None:
    bodies = DiskTraceBodies(tmp_path / "bodies", HOUR)
    bodies.open()
    # "s-1" is a prefix of "s-10": the NUL after the id keeps their keys apart.
    for session_id in ("s-1", "s-10", "s-1\u00e9"):
        for seq in (0, 1, 255, 256, 2**40):
            bodies.put(session_id, seq, f"{session_id}/{seq}".encode())
    assert bodies.get("s-1", [256, 0, 2**40]) == [b"s-1/256", b"s-1/0", b"s-1/1099511627776"]
    assert bodies.get("s-10", [1]) == [b"s-10/1"]
    accented = "s-1\u00e9"
    assert bodies.get(accented, [255, 0]) == [f"{accented}/255".encode(), f"{accented}/0".encode()]
    assert len(list(bodies.db.keys())) == 15
    bodies.close()


def test_bodies_age_out_after_the_trace_age_bound_and_the_margin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time to live is the age bound plus the margin; RocksDB drops what is older when
    it compacts. Shortened here to seconds (the margin is a module constant)."""
    assert DiskTraceBodies(tmp_path / "a", HOUR).ttl_s == HOUR + TTL_MARGIN_S
    monkeypatch.setattr(trace_bodies, "TTL_MARGIN_S", 0)
    bodies = DiskTraceBodies(tmp_path / "bodies", 1.0)
    bodies.open()
    bodies.put("s-1", 0, b"{}")
    bodies.db.compact_range(None, None)
    assert bodies.get("s-1", [0]) == [b"{}"]  # younger than its time to live: kept
    time.sleep(2.5)  # RocksDB's TTL is in whole seconds
    bodies.db.compact_range(None, None)
    assert list(bodies.db.keys()) == []
    bodies.close()


def test_a_start_empties_what_the_last_process_left(tmp_path: Path) -> None:
    first = DiskTraceBodies(tmp_path / "bodies", HOUR)
    first.put("s-1", 0, b"{}")  # opened at first use
    first.close()
    first.put("s-1", 1, b"{}")  # after the stop: ignored, not reopened
    assert first.get("s-1", [0]) == []
    second = DiskTraceBodies(tmp_path / "bodies", HOUR)
    second.open()
    assert list(second.db.keys()) == []
    second.close()


def test_a_directory_another_worker_holds_is_refused_by_name(tmp_path: Path) -> None:
    holder = DiskTraceBodies(tmp_path / "bodies", HOUR)
    holder.open()
    holder.put("s-1", 0, b'{"secret":"CANARY"}')
    with pytest.raises(StateError) as refused:
        DiskTraceBodies(tmp_path / "bodies", HOUR).open()
    message = str(refused.value)
    assert str(tmp_path / "bodies") in message and "CHAO_WORKER_DATADIR" in message
    assert "CANARY" not in message
    assert holder.get("s-1", [0]) == [b'{"secret":"CANARY"}']  # the holder keeps its data
    holder.close()


def test_the_worker_keeps_bodies_on_disk_with_rocksdb_and_in_the_traces_in_memory() -> None:
    def topology(store: str) -> PipelineTopology:
        return PipelineTopology(
            WorkerSettings(
                broker="kafka://127.0.0.1:9", app_id=f"bodies-{store}", state_store=store
            ),
            PipelineConfig(topics=TopicNames(raw=f"bodies-{store}.raw")),
        )

    assert WorkerSettings().state_store == "rocksdb"  # the default: on disk
    on_disk = topology("rocksdb")
    assert isinstance(on_disk.trace_bodies, DiskTraceBodies)
    assert on_disk.traces is not None and on_disk.traces.bodies is on_disk.trace_bodies
    assert on_disk.traces.table.bodies is on_disk.trace_bodies  # recovery's traces too
    in_memory = topology("memory")
    assert in_memory.trace_bodies is None
    assert in_memory.traces is not None and in_memory.traces.bodies is None


def test_the_traces_serve_from_the_database_through_appends_expiry_and_a_rebalance() -> None:
    traces = _traces("bodies-live", TraceSettings(max_age_s=100.0, max_events=2))
    start = time.time()
    sessions = [f"s-{n}" for n in range(16)]
    traces.append([_clean(s, seq) for s in sessions for seq in range(3)])
    assert all(not trace.encoded for trace in plain_dict(traces.table).values())
    assert _held(traces) <= _stored(traces) and len(_held(traces)) == 32  # 2 per session
    document = traces.document("s-3")
    assert document is not None and [e["seq"] for e in document["events"]] == [1, 2]
    assert document["events"] == [_clean("s-3", seq)[0] for seq in (1, 2)]
    gone = {partition_for("s-0", PARTITIONS)}
    traces.drop_partitions(gone)
    for session_id, trace in plain_dict(traces.table).items():
        assert partition_for(session_id, PARTITIONS) not in gone
        assert [e["seq"] for e in trace.events] == [1, 2]
    traces.expire(start + 500.0)
    assert plain_dict(traces.table) == {}


def test_recovered_traces_read_their_events_from_the_database() -> None:
    settings = TraceSettings()
    topic, sessions = _published("bodies-written", 11, settings)
    recovered = _traces("bodies-recovered", settings)
    recovered.table.apply_changelog_batch(topic.messages)
    assert sorted(plain_dict(recovered.table)) == sorted(sessions)
    assert _held(recovered) <= _stored(recovered)
    assert all(not trace.encoded for trace in plain_dict(recovered.table).values())
    live = {s: t.document() for s, t in plain_dict(topic.traces.table).items()}
    assert {s: t.document() for s, t in plain_dict(recovered.table).items()} == live
