"""The batch processor (topologies.processing) driven the way Kafka Streams'
TopologyTestDriver drives a topology: records piped in, outputs read back, no broker and
no sleeping, time moved by hand.

The driver below wires a :class:`BatchProcessor` to fakes of its ports: a broker that
keeps what is published (and can hold a publish in flight), the consumer group's
assignment and offsets, the sessions table over the pipeline's own store. At-least-once it
commits through the real Faust checkpoint adapter on the fakes of Faust's consumer from
tests/topologies/test_checkpoint.py; exactly-once through the pure ``Checkpoint`` (exclusive) on
that
file's ``World``. The re-key hop is the driver's :meth:`Driver.pipe`: what the stage agent
published to the re-key topic goes to the sequence agent, as the broker would deliver it.
"""

from __future__ import annotations

import ast
import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import pytest

from pipeline.config import PipelineConfig
from pipeline.core import Pipeline
from pipeline.stages.ordering import SessionState
from tests.stages.test_ordering import FakeClock, event
from tests.topologies.test_checkpoint import FakeMessage, World, faust_checkpoint
from topologies.checkpoint import Checkpoint
from topologies.processing import (
    IDLE_READ_INTERVAL_S,
    READ_INTERVAL_S,
    READ_SETTLE_S,
    BatchProcessor,
    Layout,
    Options,
    Ports,
)
from topologies.progress import TP

ROOT = Path(__file__).resolve().parents[2]
CONFIG = PipelineConfig()
TOPICS = CONFIG.topics
RAW, STAGED, CHANGELOG = "raw", "staged", "sessions-changelog"
LAYOUT = Layout(
    raw=RAW,
    staged=STAGED,
    changelog=CHANGELOG,
    outputs=(
        TOPICS.session_events,
        TOPICS.reasoning,
        TOPICS.tool_cards,
        TOPICS.messages,
        TOPICS.artifacts,
        TOPICS.dead_letter,
    ),
    dead_letter=TOPICS.dead_letter,
    partitions=2,
)
# Sessions and their re-key partitions (the worker computes them with murmur2).
PARTITION = {"a": 0, "b": 1, "c": 0}


def partition_of(session_id: str) -> int:
    return PARTITION[session_id]


def owning(*partitions: int) -> set[TP]:
    """An assignment: raw, re-key and changelog partitions."""
    return {(topic, p) for topic in (RAW, STAGED, CHANGELOG) for p in partitions}


# -- fakes of the ports ----------------------------------------------------------------------


@dataclass(eq=False)
class Record(FakeMessage):
    """A fetched record: test_checkpoint's message with a value and its append time."""

    value: bytes | None = None
    timestamp: float = 0.0
    timestamp_type: int = 1  # LogAppendTime


@dataclass
class Sent:
    topic: str
    key: bytes | None
    value: bytes | None
    headers: Any
    task: tuple[str, int] | None


@dataclass
class Broker:
    """What the fake publishers have sent, in order; ``hold`` keeps a publish in flight."""

    sent: list[Sent] = field(default_factory=list)
    hold: asyncio.Event | None = None
    fail: Exception | None = None
    partitions: dict[str, int] = field(default_factory=dict)  # default: LAYOUT's

    def values(self, topic: str) -> list[dict[str, Any]]:
        return [orjson.loads(s.value or b"null") for s in self.sent if s.topic == topic]

    def seqs(self, session: str) -> list[int]:
        clean = self.values(TOPICS.session_events)
        return [record["seq"] for record in clean if record["sessionId"] == session]


class FakePublisher:
    """``opened`` (exactly-once): awaited before records of tasks go out, as
    ``BatchPublisher`` awaits ``TaskProducers.opened`` (a commit may have sealed them)."""

    def __init__(self, broker: Broker, opened: Callable[[], Awaitable[None]] | None = None) -> None:
        self.broker = broker
        self.opened = opened
        self.known: dict[str, int] = {}
        self.pending: list[Sent] = []

    async def prepare(self, topics: list[str]) -> None:
        for topic in topics:
            self.known[topic] = self.broker.partitions.get(topic, LAYOUT.partitions)

    def partitions(self, topic: str) -> int:
        return self.known[topic]

    def add(
        self,
        topic: str,
        key: bytes | None,
        value: bytes | None,
        headers: Any = (),
        task: tuple[str, int] | None = None,
    ) -> None:
        assert topic in self.known, f"{topic} not prepared"
        self.pending.append(Sent(topic, key, value, headers, task))

    async def publish(self) -> list[Any]:
        pending, self.pending = self.pending, []
        if not pending:
            return []
        if self.broker.hold is not None:
            await self.broker.hold.wait()
        if self.opened is not None and any(sent.task is not None for sent in pending):
            await self.opened()
        if self.broker.fail is not None:
            raise self.broker.fail
        self.broker.sent += pending
        return []


class FakeGroup:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.partitions: set[TP] = set()

    def rebalancing(self) -> bool:
        return bool(self.app.rebalancing)

    def assigned(self) -> list[TP]:
        return sorted(self.partitions)


class FakeInputOffsets:
    """The group's committed offsets and the end offsets, as the test sets them."""

    def __init__(self) -> None:
        self.committed: dict[TP, int] = {}
        self.end: dict[TP, int] = {}
        self.readings = 0  # end-offset requests answered

    async def start(self) -> None:
        pass

    async def processed(self) -> dict[TP, int]:
        return dict(self.committed)

    async def ends(self) -> dict[TP, int]:
        self.readings += 1
        return dict(self.end)


class FakeSessions:
    def __init__(self, store: dict[str, SessionState]) -> None:
        self.store = store

    def __len__(self) -> int:
        return len(self.store)

    def drop_partitions(self, gone: set[int]) -> int:
        stale = [key for key in self.store if partition_of(key) in gone]
        for key in stale:
            del self.store[key]
        return len(stale)


class FakeInboxes:
    def __init__(self) -> None:
        self.dropped = 0

    def drop_waiting(self) -> None:
        self.dropped += 1


class ExactlyOnceCheckpoint:
    """The checkpoint port over the pure exclusive Checkpoint (exactly-once) and
    test_checkpoint's World (outputs, states and offsets a broker keeps)."""

    def __init__(self, world: World, lock: asyncio.Lock, stage_lock: asyncio.Lock) -> None:
        self.world = world
        self.checkpoint = Checkpoint(
            world, world, world, lock, exclusive=True, stage_lock=stage_lock
        )
        self.enabled = False
        self.closed = 0

    def take(self, messages: list[Any]) -> tuple[list[Any], int]:
        return list(messages), self.checkpoint.epoch

    def processed(self, messages: list[Any], epoch: int) -> None:
        self.checkpoint.processed(messages, epoch)

    def fail(self, exc: BaseException) -> None:
        self.checkpoint.fail(exc)

    def revoking(self) -> AbstractAsyncContextManager[None]:
        return self.checkpoint.revoking()

    async def commit(self) -> None:
        await self.checkpoint.commit()

    async def close_tasks(self) -> None:
        self.world.calls.append("close tasks")
        self.closed += 1


async def batches_of(*batches: list[Any]) -> AsyncIterator[list[Any]]:
    for batch in batches:
        yield batch


class Driver:
    """A processor on fakes; build inside a running loop (the checkpoint's lock)."""

    def __init__(self, *, exactly_once: bool = False, in_place: bool = True) -> None:
        self.clock = FakeClock()
        self.store: dict[str, SessionState] = {}
        self.pipeline = Pipeline(CONFIG, store=self.store, clock=self.clock)
        self.broker = Broker()
        self.log: list[str] = []  # the at-least-once checkpoint's calls
        self.app, faust = faust_checkpoint(self.log)
        self.world = World()
        self.checkpoint: Any = faust
        lock = faust.checkpoint.lock
        self.stage_lock = asyncio.Lock()
        if exactly_once:
            self.checkpoint = ExactlyOnceCheckpoint(self.world, lock, self.stage_lock)
        self.group = FakeGroup(self.app)
        self.offsets = FakeInputOffsets()
        self.inboxes = FakeInboxes()
        self.crashed: list[BaseException] = []
        opened = self.world.opened if exactly_once else None
        self.processor = BatchProcessor(
            self.pipeline,
            CONFIG,
            LAYOUT,
            Ports(
                stage_publisher=FakePublisher(self.broker, opened),
                rekey_publisher=FakePublisher(self.broker),
                publisher=FakePublisher(self.broker, opened),
                state_publisher=FakePublisher(self.broker),
                checkpoint=self.checkpoint,
                group=self.group,
                input_offsets=self.offsets,
                sessions=FakeSessions(self.store),
                inboxes=self.inboxes,
                crash=self._crash,
            ),
            Options(exactly_once=exactly_once, process_in_place=in_place),
            lock=lock,
            stage_lock=self.stage_lock,
            partition_of=partition_of,
            clock=self.clock,
            monotonic=self.clock,
        )
        self.next_offset: dict[TP, int] = {}
        self.piped = 0  # records of the re-key topic already delivered

    async def _crash(self, exc: BaseException) -> None:
        self.crashed.append(exc)

    def record(self, topic: str, partition: int, value: bytes) -> Record:
        offset = self.next_offset.get((topic, partition), 0)
        self.next_offset[(topic, partition)] = offset + 1
        return Record(
            offset,
            generation_id=self.app.consumer_generation_id,
            topic=topic,
            partition=partition,
            value=value,
            timestamp=self.clock(),
        )

    def raw(self, session: str, seq: int, partition: int = 0) -> Record:
        return self.record(RAW, partition, event(seq, session=session))

    async def stage(self, *records: Record) -> None:
        await self.processor.stage_batches(batches_of(list(records)))

    async def pipe(self) -> list[Record]:
        """Deliver what was published to the re-key topic since the last pipe."""
        staged = [s for s in self.broker.sent if s.topic == STAGED][self.piped :]
        self.piped += len(staged)
        records = [
            self.record(STAGED, partition_of((s.key or b"").decode()), s.value or b"")
            for s in staged
        ]
        if records:
            await self.processor.sequence_batches(batches_of(records))
        return records

    async def assign(self, *partitions: int) -> None:
        """A rebalance completes with these partitions (a new generation)."""
        self.app.consumer_generation_id += 1
        self.app.consumer.coordinator.generation = self.app.consumer_generation_id
        self.group.partitions = owning(*partitions)
        await self.processor.rebalance_complete()

    def caught_up(self) -> None:
        """Every partition processed to its end (nothing to read anywhere)."""
        self.offsets.end = {tp: 10 for tp in owning(0, 1) if tp[0] != CHANGELOG}
        self.offsets.committed = dict(self.offsets.end)

    async def tick(self, seconds: float) -> None:
        """The gap timer after ``seconds``."""
        self.clock.now += seconds
        await self.processor.expire_gaps()


def run(scenario: Any, **driver: Any) -> Driver:
    async def main() -> Driver:
        d = Driver(**driver)
        await scenario(d)
        return d

    return asyncio.run(main())


# -- the processor imports no Faust --------------------------------------------------------


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_processor_imports_neither_faust_nor_aiokafka() -> None:
    # Its own modules (topologies/processing*), followed transitively...
    todo = [p for p in (ROOT / "topologies").iterdir() if p.name.startswith("processing")]
    assert todo, "topologies/processing* not found"
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        seen.add(path)
        for name in _imports(path):
            top = name.split(".")[0]
            assert top not in ("faust", "aiokafka", "mode"), f"{path.name} imports {name}"
            if name.startswith("topologies.processing"):
                module = ROOT / (name.replace(".", "/") + ".py")
                package = ROOT / name.replace(".", "/") / "__init__.py"
                for found in (module, package):
                    if found.exists() and found not in seen:
                        todo.append(found)
    # ...and everything it loads, whatever the module.
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, topologies.processing; "
            "print(sorted({m.split('.')[0] for m in sys.modules}))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for library in ("faust", "aiokafka", "mode"):
        assert f"'{library}'" not in loaded, f"importing topologies.processing loads {library}"


# -- ordering: in place and through the re-key topic ----------------------------------------


def test_owned_sessions_are_ordered_in_place_the_others_re_keyed() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0)  # this worker orders sessions of re-key partition 0 ("a")
        await d.stage(d.raw("a", 0), d.raw("b", 0), d.record(RAW, 0, b"not json"), d.raw("a", 1))
        assert d.broker.seqs("a") == [0, 1]  # ordered in place: no round trip
        assert d.broker.seqs("b") == []
        assert [s.key for s in d.broker.sent if s.topic == STAGED] == [b"b"]
        assert len(d.broker.values(TOPICS.dead_letter)) == 1
        await d.pipe()  # the re-key topic's owner (here: this worker too) orders "b"
        assert d.broker.seqs("b") == [0]
        assert d.processor.positions == {(RAW, 0): 4, (STAGED, 1): 1}
        await d.checkpoint.commit()

    d = run(scenario)
    # At-least-once: outputs flushed, then the state, then the offsets (both batches).
    assert d.log == [
        "flush outputs",
        "write 1 states",  # the faust_checkpoint fixture's own changed session
        *(f"ack {offset}" for offset in (0, 1, 2, 3)),  # the raw batch
        "ack 0",  # the re-keyed one
        "commit offsets",
    ]


def test_without_in_place_every_event_takes_the_re_key_hop_and_comes_out_in_order() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        # One session's events on two raw partitions, in two fetches, out of order.
        await d.stage(d.raw("a", 2, partition=1), d.raw("a", 0, partition=0))
        assert d.broker.seqs("a") == []
        await d.pipe()
        assert d.broker.seqs("a") == [0]  # 2 waits for 1
        await d.stage(d.raw("a", 1, partition=1))
        await d.pipe()

    d = run(scenario, in_place=False)
    assert d.broker.seqs("a") == [0, 1, 2]
    assert d.pipeline.stats.waiting == 0


def test_a_batch_replayed_after_a_crash_of_its_commit_publishes_no_new_seq() -> None:
    """At-least-once: a replay republishes nothing the state says was emitted (the
    consumer's (sessionId, seq) dedupe covers the repeats a crash before the state's
    write leaves)."""

    async def scenario(d: Driver) -> None:
        await d.assign(0)
        first = [d.raw("a", 0), d.raw("a", 1)]
        await d.stage(*first)
        again = [d.record(RAW, 0, r.value or b"") for r in first]
        await d.stage(*again)

    d = run(scenario)
    assert d.broker.seqs("a") == [0, 1]


# -- gaps (contract 3.4) ----------------------------------------------------------------------


async def _gap_waiting(d: Driver) -> None:
    """Session "a": seq 0 out, seq 2 waiting for seq 1, ordered in place."""
    await d.assign(0, 1)
    await d.stage(d.raw("a", 0), d.raw("a", 2))
    assert d.broker.seqs("a") == [0] and d.pipeline.stats.waiting == 1


def test_a_gap_is_skipped_after_the_window_once_the_input_is_caught_up() -> None:
    window = CONFIG.reorder_window_s

    async def scenario(d: Driver) -> None:
        await _gap_waiting(d)
        d.caught_up()
        # The watermark trails the clock by two readings; within the window nothing goes.
        for _ in range(3):
            await d.tick(READ_INTERVAL_S)
        assert d.clock.now - 1000.0 < window
        assert d.broker.seqs("a") == [0]
        for _ in range(int(window / READ_INTERVAL_S) + 2):
            await d.tick(READ_INTERVAL_S)

    d = run(scenario)
    assert d.broker.seqs("a") == [0, 2]
    assert d.pipeline.stats.gaps_by_cause["window"] == 1


def test_the_input_is_read_seldom_while_nothing_waits_and_often_once_a_gap_appears() -> None:
    """Readings are requests to the broker (one to the group coordinator): while no event
    waits on a gap only the stall tracking needs them; a gap is read for at the next tick
    and still goes a window plus about two readings after its event arrived."""
    window = CONFIG.reorder_window_s
    idle_ticks = int(4 * IDLE_READ_INTERVAL_S / READ_INTERVAL_S)

    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        d.caught_up()
        await d.stage(d.raw("a", 0), d.raw("a", 1))  # in order: nothing waits
        for _ in range(idle_ticks):
            await d.tick(READ_INTERVAL_S)
        assert d.offsets.readings <= 5  # about one per IDLE_READ_INTERVAL_S, not 80
        idle_readings = d.offsets.readings
        await d.stage(d.raw("a", 3))  # seq 2 missing: seq 3 waits
        arrived = d.clock.now
        await d.tick(READ_INTERVAL_S)
        assert d.offsets.readings == idle_readings + 1  # at once, not IDLE_READ_INTERVAL_S on
        while d.broker.seqs("a") == [0, 1]:
            await d.tick(READ_INTERVAL_S)
            assert d.clock.now - arrived < window + 4 * READ_INTERVAL_S, "the gap was not skipped"
        assert d.clock.now - arrived >= window
        assert d.offsets.readings >= idle_readings + int(window / READ_INTERVAL_S)
        after_gap = d.offsets.readings
        for _ in range(idle_ticks):  # nothing waits again: seldom again
            await d.tick(READ_INTERVAL_S)
        assert d.offsets.readings - after_gap <= 5

    d = run(scenario)
    assert d.broker.seqs("a") == [0, 1, 3]
    assert d.pipeline.stats.gaps_by_cause["window"] == 1


def test_a_gap_waits_while_a_partition_is_behind_however_long() -> None:
    """A raw partition with records not yet processed (a backlog elsewhere in the group,
    making progress): its records may hold the missing seq, so the gap waits past the
    window and past the long limit."""

    async def scenario(d: Driver) -> None:
        await _gap_waiting(d)
        d.caught_up()
        behind = (RAW, 1)
        d.offsets.end[behind] = 10_000  # a backlog...
        for _ in range(200):
            d.offsets.committed[behind] += 1  # ...being processed: not stalled
            await d.tick(5.0)
        assert d.processor.progress.stalled == []
        assert d.clock.now - 1000.0 > CONFIG.gap_max_wait_s

    d = run(scenario)
    assert d.broker.seqs("a") == [0]
    assert d.pipeline.stats.waiting == 1


def test_a_gap_goes_after_the_long_limit_while_a_partition_is_stalled() -> None:
    async def scenario(d: Driver) -> None:
        await _gap_waiting(d)
        d.caught_up()
        d.offsets.end[(RAW, 1)] += 5  # records nobody processes
        while d.clock.now - 1000.0 < CONFIG.gap_max_wait_s - 5:
            await d.tick(5.0)
        assert d.broker.seqs("a") == [0]
        assert d.processor.progress.stalled == [(RAW, 1)]
        await d.tick(10.0)

    d = run(scenario)
    assert d.broker.seqs("a") == [0, 2]
    assert d.pipeline.stats.gaps_by_cause["input_stalled"] == 1


def test_the_gap_timer_waits_for_the_first_rebalance_and_for_a_running_one() -> None:
    async def scenario(d: Driver) -> None:
        d.caught_up()
        # Before the first rebalance completes (the state is not recovered yet): events
        # are processed (re-keyed: nothing is owned yet), but no gap is judged.
        await d.stage(d.raw("a", 0), d.raw("a", 2))
        await d.pipe()
        for _ in range(10):
            await d.tick(1.0)
        assert d.broker.seqs("a") == [0]
        assert d.processor.progress.watermark == float("-inf")
        await d.assign(0, 1)
        d.app.rebalancing = True
        for _ in range(10):
            await d.tick(1.0)
        assert d.broker.seqs("a") == [0]
        assert d.processor.progress.watermark == float("-inf")
        d.app.rebalancing = False
        for _ in range(3):
            await d.tick(READ_INTERVAL_S)

    d = run(scenario)
    assert d.broker.seqs("a") == [0, 2]


def test_an_unanswered_reading_leaves_the_watermark_where_it_is() -> None:
    async def scenario(d: Driver) -> None:
        await _gap_waiting(d)
        d.caught_up()

        async def refused() -> dict[TP, int]:
            raise ConnectionError("broker gone")

        d.offsets.processed = refused  # type: ignore[method-assign]
        for _ in range(20):
            await d.tick(5.0)

    d = run(scenario)
    assert d.broker.seqs("a") == [0]
    assert d.processor.progress.watermark == float("-inf")


def test_end_offsets_that_come_back_late_are_not_used() -> None:
    """A frozen broker answers, once thawed, the end-offsets request it held, from the log
    it had when it stopped; meanwhile the new leader appended the missing seq. Such a
    reading would let the watermark pass the missing event (READ_TROUBLE_S)."""

    async def scenario(d: Driver) -> None:
        await _gap_waiting(d)
        d.caught_up()
        stale = dict(d.offsets.end)  # the frozen leader's log
        held = (RAW, 1)
        d.offsets.end[held] += 1  # the new leader appended one record (seq 1, unread)

        async def answered_after_the_freeze() -> dict[TP, int]:
            d.clock.now += 15.0  # the broker was frozen this long
            return dict(stale)

        d.offsets.ends = answered_after_the_freeze  # type: ignore[method-assign]
        for _ in range(4):
            await d.tick(READ_INTERVAL_S)
        assert d.clock.now - 1000.0 > CONFIG.reorder_window_s + 30
        assert d.broker.seqs("a") == [0]  # the gap still waits
        del d.offsets.ends  # answers in time again: the true end, one record unread
        for _ in range(20):
            await d.tick(READ_INTERVAL_S)
        assert d.broker.seqs("a") == [0]
        await d.stage(d.record(RAW, 1, event(1, session="a")))  # read at last

    d = run(scenario)
    assert d.broker.seqs("a") == [0, 1, 2]
    assert d.pipeline.stats.gaps_by_cause["window"] == 0


def test_readings_wait_after_a_tick_held_up_by_broker_trouble() -> None:
    """The gap timer's tick waited 15 s for the processing lock (batches waiting on a
    frozen leader); right after the thaw, its next readings go to the thawed broker, which
    answers at once but from the log it had when it froze (READ_SETTLE_S)."""

    assert READ_SETTLE_S > 8  # the ticks below

    async def scenario(d: Driver) -> None:
        await _gap_waiting(d)
        d.caught_up()
        stale = dict(d.offsets.end)
        lock = d.processor.lock
        await lock.acquire()  # a batch holds it, waiting on the frozen leader

        async def thaw_after_the_freeze() -> None:
            await _yield()
            d.clock.now += 15.0
            lock.release()

        thaw = asyncio.ensure_future(thaw_after_the_freeze())
        await d.tick(READ_INTERVAL_S)
        await thaw
        d.offsets.end[(RAW, 1)] += 1  # the new leader appended seq 1 meanwhile, unread

        async def thawed_leader() -> dict[TP, int]:
            return dict(stale)  # at once, from its log of before the freeze

        d.offsets.ends = thawed_leader  # type: ignore[method-assign]
        for _ in range(32):  # 8 s: within READ_SETTLE_S, past the window
            await d.tick(READ_INTERVAL_S)
        assert d.broker.seqs("a") == [0]  # the gap still waits
        await d.stage(d.record(RAW, 1, event(1, session="a")))

    d = run(scenario)
    assert d.broker.seqs("a") == [0, 1, 2]
    assert d.pipeline.stats.gaps_by_cause["window"] == 0


# -- revocation and assignment interleavings --------------------------------------------------


def test_a_batch_in_flight_when_partitions_are_revoked_is_not_committed() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        d.broker.hold = asyncio.Event()
        in_flight = asyncio.ensure_future(d.stage(d.raw("a", 0), d.raw("a", 1)))
        await _yield()
        revoking = asyncio.ensure_future(d.processor.revoked())
        await _yield()
        assert not revoking.done()  # waits for the batch's outputs (the lock)
        d.broker.hold.set()
        await asyncio.gather(in_flight, revoking)
        assert d.broker.seqs("a") == [0, 1]  # its outputs are out...
        await d.checkpoint.commit()
        # ...but not its offsets: the partitions' next owners replay it (and drop it as
        # already emitted when its session's state came with the commit before).
        assert not [entry for entry in d.log if entry.startswith("ack")]
        assert d.processor.positions == {}
        assert d.processor.local_partitions == frozenset()
        assert d.inboxes.dropped == 1

    run(scenario)


def test_a_batch_fetched_under_a_revoked_assignment_is_dropped_its_owner_orders_it() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        old = [d.raw("b", 0)]
        await d.processor.revoked()
        # Until the rebalance completes nothing is ordered in place: it is re-keyed.
        await d.stage(d.raw("a", 0))
        assert d.broker.seqs("a") == [] and d.broker.values(STAGED)
        await d.assign(0)  # partition 1 ("b") went to another worker
        await d.stage(*old)  # fetched under the old generation: dropped unprocessed
        assert d.broker.seqs("b") == [] and len(d.broker.values(STAGED)) == 1
        await d.pipe()

    d = run(scenario)
    assert d.broker.seqs("a") == [0]
    assert d.processor.local_partitions == frozenset({0})


def test_a_rebalance_forgets_the_sessions_of_partitions_that_left_and_keeps_the_others() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        await d.stage(d.raw("a", 0), d.raw("b", 0), d.raw("b", 2))
        assert set(d.store) == {"a", "b"}
        await d.processor.revoked()
        assert set(d.store) == {"a", "b"}  # not at revocation: recovery may resume
        await d.assign(1)
        assert set(d.store) == {"b"}
        # Assigned back: session "b" goes on where it was, "a" starts from its
        # recovered state (here: none, as a fresh partition).
        await d.stage(d.raw("b", 1), d.raw("c", 0))
        await d.pipe()

    d = run(scenario)
    assert d.broker.seqs("b") == [0, 1, 2]
    assert d.broker.seqs("c") == [0]  # partition 0 is another worker's: re-keyed, piped
    assert d.processor.ready


# -- exactly-once ---------------------------------------------------------------------------------


def test_exactly_once_outputs_join_the_transaction_of_their_input_partition() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        await d.stage(d.raw("a", 0, partition=1), d.record(RAW, 1, b"{"), d.raw("b", 0))
        # Nothing ordered in place: the raw partition's transaction holds its records'
        # dead letters; the re-keyed events go outside the transactions.
        assert d.broker.seqs("a") == [] and d.broker.seqs("b") == []
        assert sorted((s.topic, s.task or ()) for s in d.broker.sent) == [
            (TOPICS.dead_letter, (RAW, 1)),
            (STAGED, ()),
            (STAGED, ()),
        ]

    run(scenario, exactly_once=True)


def test_exactly_once_ordered_outputs_join_their_sessions_re_key_transaction() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        await d.stage(d.raw("a", 0), d.raw("b", 0))
        await d.pipe()

    d = run(scenario, exactly_once=True)
    ordered = [s for s in d.broker.sent if s.topic != STAGED]
    assert ordered and all(s.task == (STAGED, partition_of(s.key.decode())) for s in ordered)  # type: ignore[union-attr]


def test_exactly_once_re_keyed_events_staged_again_are_released_once() -> None:
    """The re-keyed events are outside the transactions: a raw batch processed again (its
    transaction aborted by a crash after its events were re-keyed, or a fenced zombie's
    batch) re-keys them again, and the sequence agent counts the copies as duplicates."""

    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        first = [d.raw("a", 0), d.raw("a", 1), d.raw("b", 0, partition=1)]
        await d.stage(*first)
        await d.pipe()
        await d.checkpoint.checkpoint.commit()
        await d.stage(*first)  # the same records again, as a replay delivers them
        await d.stage(d.raw("a", 2))
        await d.pipe()

    d = run(scenario, exactly_once=True)
    assert d.broker.seqs("a") == [0, 1, 2] and d.broker.seqs("b") == [0]
    assert d.pipeline.stats.duplicates == 3 and d.pipeline.stats.late == 0


def test_exactly_once_a_commit_takes_whole_batches_only() -> None:
    """A batch is processed whole holding the lock: a commit that starts meanwhile takes
    and seals its transactions after the batch, never with half of it."""

    async def scenario(d: Driver) -> None:
        world = d.world
        await d.assign(0, 1)
        d.broker.hold = asyncio.Event()
        batch = asyncio.ensure_future(d.stage(d.raw("a", 0), d.raw("b", 0)))
        await _yield()
        commit = asyncio.ensure_future(d.checkpoint.checkpoint.commit())
        await _yield()
        assert "take" not in world.calls and not commit.done()  # waits for the batch
        d.broker.hold.set()
        await asyncio.gather(batch, commit)
        assert world.calls == ["flush", "take", "add", "ack", "seal", "write", "commit"]
        assert len(world.durable.committed) == 2  # both records, one commit

    run(scenario, exactly_once=True)


def test_exactly_once_the_stage_agent_does_not_wait_for_the_processing_lock() -> None:
    """It changes no session state: its batches go on while the sequence agent (or a
    timer) holds the processing lock, e.g. waiting for its outputs' acknowledgements."""

    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        async with d.processor.lock:
            await asyncio.wait_for(d.stage(d.raw("a", 0), d.record(RAW, 0, b"{")), 1)
        assert sorted(s.topic for s in d.broker.sent) == sorted([STAGED, TOPICS.dead_letter])

    run(scenario, exactly_once=True)


def test_exactly_once_a_batch_during_a_commits_round_trips_joins_the_next_commit() -> None:
    """While the sealed transactions commit (the lock is free) the next batch is
    processed, but its records for those transactions (a dead letter) wait until they have
    committed; its re-keyed event, outside the transactions, goes at once."""

    async def scenario(d: Driver) -> None:
        world = d.world
        await d.assign(0, 1)
        await d.stage(d.raw("a", 0))
        world.pause_at = "write"
        commit = asyncio.ensure_future(d.checkpoint.checkpoint.commit())
        await world.paused.wait()
        sent = len(d.broker.sent)
        batch = asyncio.ensure_future(d.stage(d.raw("a", 1), d.record(RAW, 0, b"{")))
        await _yield()
        assert not batch.done()  # waits for the transactions
        assert [s.topic for s in d.broker.sent[sent:]] == [STAGED]
        world.go_on.set()
        await asyncio.gather(commit, batch)
        assert len(world.durable.committed) == 1  # the first batch only
        assert [s.topic for s in d.broker.sent[sent:]] == [STAGED, TOPICS.dead_letter]
        world.pause_at = None
        await d.checkpoint.checkpoint.commit()
        assert len(world.durable.committed) == 3  # and the second batch's two records

    run(scenario, exactly_once=True)


def test_exactly_once_revocation_commits_then_closes_the_tasks() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0, 1)
        await d.stage(d.raw("a", 0))
        await d.processor.revoked()

    d = run(scenario, exactly_once=True)
    assert d.world.calls[-5:] == ["ack", "seal", "write", "commit", "close tasks"]
    assert len(d.world.durable.committed) == 1


# -- failures -----------------------------------------------------------------------------------


def test_an_internal_topic_with_another_partition_count_stops_the_worker() -> None:
    async def scenario(d: Driver) -> None:
        d.broker.partitions[STAGED] = 3
        await d.assign(0)
        with pytest.raises(RuntimeError, match="staged has 3 partitions"):
            await d.processor.stop_on_error("stage", d.stage(d.raw("a", 0)))

    d = run(scenario)
    assert len(d.crashed) == 1 and d.broker.sent == []


def test_a_failed_publish_stops_the_worker_before_the_batch_is_processed() -> None:
    async def scenario(d: Driver) -> None:
        await d.assign(0)
        d.broker.fail = ConnectionError("broker gone")
        with pytest.raises(ConnectionError):
            await d.processor.stop_on_error("stage", d.stage(d.raw("a", 0)))
        await d.checkpoint.commit()

    d = run(scenario)
    assert d.crashed and "ack 0" not in d.log


@pytest.mark.parametrize("exactly_once", [False, True], ids=["at-least-once", "exactly-once"])
def test_a_commit_waiting_for_a_batch_whose_publish_fails_writes_nothing(
    exactly_once: bool,
) -> None:
    """The batch changed session a's state holding the lock, then the broker refused its
    outputs. A commit that waited for the lock meanwhile must not write that state (or,
    exactly-once, seal and commit the transactions): a restart would take the event for
    released and drop it when replayed (Checkpoint.fail)."""

    async def scenario(d: Driver) -> None:
        await d.assign(0)  # session a ordered in place (at-least-once)
        d.broker.hold = asyncio.Event()
        records = d.raw("a", 0), d.record(RAW, 0, b"{")  # an event and a dead letter
        batch = asyncio.ensure_future(d.processor.stop_on_error("stage", d.stage(*records)))
        await _yield()
        commit = asyncio.ensure_future(d.checkpoint.commit())
        await _yield()
        assert not commit.done()  # waits for the batch
        d.broker.fail = ConnectionError("outputs refused")
        d.broker.hold.set()
        with pytest.raises(ConnectionError):
            await batch
        await commit

    d = run(scenario, exactly_once=exactly_once)
    assert d.crashed
    if exactly_once:
        assert "seal" not in d.world.calls and d.world.durable.committed == set()
    else:
        assert not any(call.startswith("write") for call in d.log), d.log
        assert not any(call.startswith("ack") for call in d.log), d.log


async def _yield(times: int = 20) -> None:
    for _ in range(times):
        await asyncio.sleep(0)
