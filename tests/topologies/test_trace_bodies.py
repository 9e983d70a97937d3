"""The traces on disk (topologies.trace_bodies): a real RocksDB database with a mark per
partition, read back by a restarted worker's traces table (topologies.traces), without a
broker: the clean topic is the fake of tests/topologies/test_traces.py."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from faust.types import TP

from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.errors import StateError
from pipeline.trace import TraceSettings
from tests.topologies.test_traces import (
    PARTITIONS,
    CleanTopic,
    _as_fetched,
    _clean,
    _traces,
)
from topologies import trace_bodies
from topologies.pipeline_app import PipelineTopology
from topologies.state import partition_for, plain_dict
from topologies.trace_bodies import TTL_MARGIN_S, DiskTraceBodies
from topologies.traces import Traces

HOUR = 3600.0
IDENTITY = b'{"app":"a","clean":"chao.clean.session-events"}'


def _bodies(path: Path, *, identity: bytes = IDENTITY, keep: bool = True) -> DiskTraceBodies:
    return DiskTraceBodies(path, HOUR, PARTITIONS, identity=identity, keep=keep)


def _documents(traces: Traces) -> dict[str, Any]:
    return {
        session_id: (trace.document(), trace.dropped_through, trace.last_seq)
        for session_id, trace in plain_dict(traces.table).items()
    }


class Worker:
    """One worker's traces on a database at ``path``, over the fake clean topic ``topic``
    (shared by the workers of a test, as the broker's is)."""

    def __init__(self, name: str, path: Path, topic: CleanTopic | None, **bodies: Any) -> None:
        self.traces = _traces(name, TraceSettings(max_events=20))
        self.bodies = _bodies(path, **bodies)
        self.bodies.open()
        self.traces.bodies = self.traces.table.bodies = self.bodies
        self.topic = topic if topic is not None else CleanTopic(self.traces)
        self.read: list[dict[TP, int]] = []  # what each recovery read from, per partition
        table = self.traces.table

        async def bounds(tps: set[TP]) -> dict[TP, tuple[int, int]]:
            return {tp: (0, self.ends().get(tp.partition, 0)) for tp in tps}

        async def find(tps: set[TP], since_ms: int) -> dict[TP, int | None]:
            return {tp: 0 for tp in tps}  # every record is recent (as on Tansu)

        async def load(starts: dict[TP, int], apply: Any, budget_s: float) -> None:
            self.read.append(dict(starts))
            fetched = _as_fetched(self.topic.messages)
            for tp, start in starts.items():
                records = [r for r in fetched.get(tp, []) if r.offset >= start]
                if records:
                    apply(tp, records)

        table.offset_bounds, table.find_offsets, table.bulk_load = bounds, find, load

    def ends(self) -> dict[int, int]:
        ends: dict[int, int] = {}
        for event in self.topic.messages:
            ends[event.message.partition] = event.message.offset + 1
        return ends

    def assign(self, partitions: range | list[int] = range(PARTITIONS)) -> None:
        """A rebalance giving it these partitions, then the end of its recovery."""
        name = self.traces.changelog_name
        assigned = {TP(name, p) for p in partitions}
        table = self.traces.table
        asyncio.run(table.on_rebalance(assigned, set(), assigned, 0))
        asyncio.run(table.on_recovery_completed(assigned, set()))

    def publish(self, released: list[tuple[dict[str, Any], bytes]]) -> None:
        """A batch on the clean topic, then appended with where it landed (live)."""
        self.topic.traces = self.traces
        self.topic.publish(released, time.time())

    def mark(self, partition: int) -> int | None:
        return self.bodies.reflected(partition)


def _batches(sessions: int, rounds: int, start: int = 0) -> list[list[tuple[Any, bytes]]]:
    return [
        [_clean(f"s-{n}", seq) for n in range(sessions)] for seq in range(start, start + rounds)
    ]


def test_events_round_trip_per_session_in_the_order_asked(tmp_path: Path) -> None:
    bodies = _bodies(tmp_path / "db")
    bodies.open()
    # "s-1" is a prefix of "s-10": the NUL after the id keeps their keys apart.
    for session_id in ("s-1", "s-10", "s-1\u00e9"):
        for seq in (0, 1, 255, 256, 2**40):
            bodies.put(session_id, seq, 5.0, seq - 1, f"{session_id}/{seq}".encode())
    assert bodies.get("s-1", [256, 0, 2**40]) == [b"s-1/256", b"s-1/0", b"s-1/1099511627776"]
    assert bodies.get("s-10", [1]) == [b"s-10/1"]
    accented = "s-1\u00e9"
    assert bodies.get(accented, [255, 0]) == [f"{accented}/255".encode(), f"{accented}/0".encode()]
    stored = [e for p in range(PARTITIONS) for e in bodies.stored(p)]
    assert len(stored) == 15
    assert ("s-1", 256, 5.0, 255) in stored and (accented, 2**40, 5.0, 2**40 - 1) in stored
    for p in range(PARTITIONS):  # each partition's own, by session then seq
        mine = list(bodies.stored(p))
        assert all(partition_for(s, PARTITIONS) == p for s, *_ in mine)
        assert mine == sorted(mine, key=lambda e: (e[0].encode(), e[1]))
    bodies.close()


def test_events_age_out_after_the_trace_age_bound_and_the_margin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time to live is the age bound plus the margin; RocksDB drops what is older when
    it compacts. Shortened here to seconds (the margin is a module constant)."""
    assert _bodies(tmp_path / "a").ttl_s == HOUR + TTL_MARGIN_S
    monkeypatch.setattr(trace_bodies, "TTL_MARGIN_S", 0)
    bodies = DiskTraceBodies(tmp_path / "db", 1.0, PARTITIONS)
    bodies.open()
    bodies.put("s-1", 0, 1.0, -1, b"{}")
    bodies.db.compact_range(None, None)
    assert bodies.get("s-1", [0]) == [b"{}"]  # younger than its time to live: kept
    time.sleep(2.5)  # RocksDB's TTL is in whole seconds
    bodies.db.compact_range(None, None)
    assert list(bodies.db.keys()) == []
    bodies.close()


def test_marks_are_the_deployments_and_exactly_once_keeps_nothing(tmp_path: Path) -> None:
    first = _bodies(tmp_path / "db")
    first.put("s-1", 0, 1.0, -1, b"{}")  # opened at first use
    first.note_reflected(2, 41)
    first.close()
    first.note_reflected(2, 99)  # after the stop: ignored, not reopened
    assert first.reflected(2) is None and first.get("s-1", [0]) == []
    again = _bodies(tmp_path / "db")
    assert again.reflected(2) == 41 and again.reflected(1) is None
    assert again.get("s-1", [0]) == [b"{}"]
    again.close()
    other = _bodies(tmp_path / "db", identity=b'{"app":"b"}')
    assert other.reflected(2) is None  # another deployment's mark
    other.close()
    once = _bodies(tmp_path / "db", keep=False)
    once.open()
    assert once.reflected(2) is None and list(once.db.keys()) == []  # emptied
    once.close()


def test_a_directory_another_worker_holds_is_refused_by_name(tmp_path: Path) -> None:
    holder = _bodies(tmp_path / "db")
    holder.open()
    holder.put("s-1", 0, 1.0, -1, b'{"secret":"CANARY"}')
    with pytest.raises(StateError) as refused:
        _bodies(tmp_path / "db").open()
    message = str(refused.value)
    assert str(tmp_path / "db") in message and "CHAO_WORKER_DATADIR" in message
    assert "CANARY" not in message
    assert holder.get("s-1", [0]) == [b'{"secret":"CANARY"}']  # the holder keeps its data
    holder.close()


def test_the_worker_keeps_traces_on_disk_with_rocksdb_and_in_memory_without() -> None:
    def topology(store: str, guarantee: str = "at_least_once") -> PipelineTopology:
        return PipelineTopology(
            WorkerSettings(
                broker="kafka://127.0.0.1:9",
                app_id=f"bodies-{store}",
                state_store=store,
                processing_guarantee=guarantee,
            ),
            PipelineConfig(topics=TopicNames(raw=f"bodies-{store}.raw")),
        )

    assert WorkerSettings().state_store == "rocksdb"  # the default: on disk
    on_disk = topology("rocksdb")
    assert isinstance(on_disk.trace_bodies, DiskTraceBodies) and on_disk.trace_bodies.keep
    assert on_disk.traces is not None and on_disk.traces.bodies is on_disk.trace_bodies
    assert on_disk.traces.table.bodies is on_disk.trace_bodies  # recovery's traces too
    assert on_disk.traces.table.offset_bounds is not None
    exactly_once = topology("rocksdb", "exactly_once")
    assert exactly_once.trace_bodies is not None and not exactly_once.trace_bodies.keep
    in_memory = topology("memory")
    assert in_memory.trace_bodies is None
    assert in_memory.traces is not None and in_memory.traces.bodies is None


def test_a_restarted_worker_rebuilds_its_traces_and_reads_only_the_tail(tmp_path: Path) -> None:
    live = Worker("restart-live", tmp_path / "db", None)
    live.assign()
    for batch in _batches(sessions=12, rounds=30):  # past the 20-event bound
        live.publish(batch)
    assert all(not trace.encoded for trace in plain_dict(live.traces.table).values())
    ends = live.ends()
    assert [live.mark(p) for p in range(PARTITIONS)] == [ends[p] - 1 for p in range(PARTITIONS)]
    # SIGKILLed: never closed. (RocksDB's lock is the process's: closed here to reopen.)
    live.bodies.close()
    # The topic goes on after the kill (a successor's records): read as the tail.
    tail = Worker("restart-tail", tmp_path / "tail", live.topic)
    tail.assign()
    for batch in _batches(sessions=12, rounds=3, start=30):
        tail.publish(batch)

    restarted = Worker("restart-again", tmp_path / "db", live.topic)
    restarted.assign()
    (starts,) = restarted.read
    assert starts == {TP(restarted.traces.changelog_name, p): ends[p] for p in range(PARTITIONS)}
    assert _documents(restarted.traces) == _documents(tail.traces)
    for session_id in ("s-0", "s-7"):
        document = restarted.traces.document(session_id)
        assert document is not None and document["truncated"] is True
        assert [e["seq"] for e in document["events"]] == list(range(13, 33))


def test_a_mark_stops_at_another_writers_record_until_recovery_reads_past_it(
    tmp_path: Path,
) -> None:
    worker = Worker("gap-worker", tmp_path / "db", None)
    worker.assign()
    worker.publish(_batches(sessions=8, rounds=1)[0])
    marks = [worker.mark(p) for p in range(PARTITIONS)]
    # Another writer's record lands in partition 1 (this worker paused, a successor ran).
    session = next(f"s-{n}" for n in range(8) if partition_for(f"s-{n}", PARTITIONS) == 1)
    other = worker.topic.messages[-1].message
    worker.topic.add(session.encode(), _clean(session, 1)[1], other.headers, time.time())
    worker.publish(_batches(sessions=8, rounds=1, start=1)[0])
    assert worker.mark(1) == marks[1]  # stopped before the other writer's record
    assert all(worker.mark(p) == worker.ends()[p] - 1 for p in range(PARTITIONS) if p != 1)
    worker.bodies.close()
    restarted = Worker("gap-restarted", tmp_path / "db", worker.topic)
    restarted.assign()
    (starts,) = restarted.read
    assert starts[TP(restarted.traces.changelog_name, 1)] == marks[1] + 1  # read again
    assert [restarted.mark(p) for p in range(PARTITIONS)] == [
        worker.ends()[p] - 1 for p in range(PARTITIONS)
    ]


def test_a_mark_past_the_topics_end_forgets_the_partition(tmp_path: Path) -> None:
    worker = Worker("recreated-old", tmp_path / "db", None)
    worker.assign()
    worker.publish(_batches(sessions=8, rounds=5)[0])
    worker.bodies.close()
    # The clean topic was deleted and created again: the ends are back at the start.
    fresh = Worker("recreated-new", tmp_path / "db", CleanTopic(worker.traces))
    fresh.assign()
    assert plain_dict(fresh.traces.table) == {}
    assert all(not list(fresh.bodies.stored(p)) for p in range(PARTITIONS))
    assert [fresh.mark(p) for p in range(PARTITIONS)] == [-1] * PARTITIONS


def test_another_deployments_traces_are_never_rebuilt(tmp_path: Path) -> None:
    first = Worker("deployment-a", tmp_path / "db", None)
    first.assign()
    first.publish(_batches(sessions=8, rounds=1)[0])
    expected = _documents(first.traces)
    first.bodies.close()
    # The same data directory under another app id (IDENTITY differs): its own topic.
    second = Worker("deployment-b", tmp_path / "db", None, identity=b'{"app":"b"}')
    second.assign()
    assert plain_dict(second.traces.table) == {}
    assert all(not list(second.bodies.stored(p)) for p in range(PARTITIONS))
    second.publish([_clean("s-99", 0)])
    second.bodies.close()
    # Back to the first: its marks were of the data it had, which is gone: read again.
    again = Worker("deployment-a-again", tmp_path / "db", first.topic)
    again.assign()
    assert _documents(again.traces) == expected
    assert again.read == [{TP(again.traces.changelog_name, p): 0 for p in range(PARTITIONS)}]
    again.bodies.close()
    # And rebuilt from its own database next time, with nothing of the other's in it.
    last = Worker("deployment-a-last", tmp_path / "db", first.topic)
    last.assign()
    assert _documents(last.traces) == expected
    assert last.read == [
        {TP(last.traces.changelog_name, p): last.ends()[p] for p in range(PARTITIONS)}
    ]


def test_a_second_worker_on_a_held_data_directory_stops_before_touching_the_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The directory's lock (the traces' database) is taken before the predecessor noted
    in it is removed from the group: a second worker started on a live worker's directory
    must fail on the lock, not expel the live worker first (a run by hand did, until the
    order was changed)."""
    from topologies import worker

    datadir = tmp_path / "data"
    live = DiskTraceBodies(datadir / trace_bodies.DIRECTORY, HOUR, PARTITIONS)
    live.open()  # the live worker, holding the directory
    left: list[str] = []
    monkeypatch.setattr(worker, "install_event_loop", lambda: None)
    monkeypatch.setattr(worker, "wait_for_broker", lambda *args, **kwargs: True)
    monkeypatch.setattr(worker, "resolve_partitions", lambda settings, config: settings)
    monkeypatch.setattr(worker, "create_internal_topics", lambda settings, config: None)
    monkeypatch.setattr(worker, "leave_for_predecessor", lambda *args: left.append("asked"))
    monkeypatch.setattr(worker.PipelineTopology, "__init__", _topology_with_real_bodies)
    settings = WorkerSettings(
        broker="kafka://127.0.0.1:9", app_id="second", partitions=PARTITIONS, datadir=str(datadir)
    )
    with pytest.raises(StateError, match="CHAO_WORKER_DATADIR"):
        worker.run_worker(settings)
    assert left == []
    live.close()


def _topology_with_real_bodies(self: Any, settings: WorkerSettings, config: Any = None) -> None:
    """Only what run_worker needs of a topology before the worker starts: the traces'
    database where the worker keeps it (the test conftest's per-topology directories aside)."""
    self.trace_bodies = trace_bodies.worker_bodies(
        settings.datadir, HOUR, PARTITIONS, identity=b"", keep=True
    )
