"""The batch processor: what the worker does with each fetched batch, on each gap-timer
and idle-timer tick, and at each rebalance, over plain lists of records.

It imports neither Faust nor aiokafka (tests/topologies/test_processing.py checks): it talks to the
outside through the small ports below, so tests drive it the way Kafka Streams'
``TopologyTestDriver`` drives a topology, with fakes and a controllable clock
(tests/topologies/test_processing.py). ``topologies.pipeline_app`` adapts Faust to these ports (its
agents, timers and rebalance handlers only translate Faust's objects and call in here).

What one batch goes through (the module docstring of ``topologies.pipeline_app`` has the
diagram):

- :meth:`BatchProcessor.stage_batches` (agent "stage", the raw topic): the stateless
  stages; dead letters published; the events whose session's re-key partition this
  worker owns ordered in place (at-least-once only), the others published to the re-key
  topic;
- :meth:`BatchProcessor.sequence_batches` (agent "sequence", the re-key topic): ordering
  and stateful rules, outputs published;
- :meth:`BatchProcessor.expire_gaps` (timer "expire"): a reading of the group's progress
  on the input, then the gaps skipped that the input shows are not going to be filled in
  time (contract 3.4, ``topologies.progress``);
- :meth:`BatchProcessor.forget_idle` (timer "forget-idle");
- :meth:`BatchProcessor.revoked` and :meth:`BatchProcessor.rebalance_complete` (the
  rebalance signals).

Each batch changes session states in memory holding the processing lock, publishes its
outputs and waits for the broker's acks, and only then is handed to the checkpoint
(``topologies.checkpoint.Checkpoint.commit``: the commit order, and why a crash at any
point loses nothing); a failure while it holds the lock marks the checkpoint failed
first, so that no commit writes what it changed (``BatchProcessor._holding``).
Exactly-once: the whole batch is taken and processed under the lock (no commit in
between, a revocation waits for it) and every output joins the transaction of the input
partition it comes from, but the re-keyed events, which the sequence agent deduplicates
(:meth:`BatchProcessor.stage_batches`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import (
    AsyncIterable,
    AsyncIterator,
    Awaitable,
    Callable,
    Iterable,
    Sequence,
)
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import orjson

from pipeline.config import PipelineConfig
from pipeline.core import Pipeline, record_key, topics_for
from pipeline.stages.ordering import CLEAN, Clock, Output
from pipeline.stages.types import Source, StagedEvent
from pipeline.topics import arrival_warning
from pipeline.trace.headers import prev_seq_header
from topologies.patches.fetch_positions import next_offsets
from topologies.progress import TP, InputProgress, InputReading, advance

if TYPE_CHECKING:  # the processor imports neither Faust nor aiokafka (publish does)
    from topologies.publish import Delivered

log = logging.getLogger("chao.topology")
# How often the gap timer reads the group's progress (three small requests, one of them to
# the group coordinator, per worker) while some event waits on a gap: a gap goes about a
# window plus two readings after its event arrived.
READ_INTERVAL_S = 0.25
# ... and while none does. Only the stall tracking (``InputProgress.stalled``, the long
# limit's "not processed for stall_after_s") needs readings then, and seconds are its
# grain. Why not READ_INTERVAL_S throughout: most of the time nothing waits (the bench
# traffic: 6 of 97,691 events behind a missing seq), and each worker of a group would
# otherwise ask the broker four times a second for nothing; on the embedded broker those
# requests showed in the latency after a backlog (BENCHMARKS.md, 2026-12-07). A gap that
# appears is read for at the next tick: the last reading is older than READ_INTERVAL_S.
IDLE_READ_INTERVAL_S = 5.0
# Readings of the input after broker trouble. Why: a broker that froze (a GC or VM pause,
# SIGSTOP) answers, once it runs again and until it learns that the cluster fenced it and
# moved its partitions to another leader, from the log it had when it stopped: end offsets
# that leave out what the new leader appended meanwhile, records that arrived before the
# reading's clock time. The watermark would then pass events not yet read and skip gaps
# early (the three-broker frozen-broker test, exactly-once: 10 and 12 gaps skipped, 16 and
# 12 events late, in 2 of 9 runs). A worker sees such trouble: its reading, or the gap
# timer's tick around it (which waits for the processing lock, held by batches waiting on
# the broker), takes longer than READ_TROUBLE_S, or the reading fails. Then no reading
# that began within READ_SETTLE_S after it is used. A broker is fenced only after its
# session timeout (9 s by default on Kafka), so a worker whose ticks run on time has had
# no leader stop under it; a thawed broker learns its fencing within a second or two.
# The cost: after broker trouble, gaps wait READ_SETTLE_S longer; nothing is skipped early.
READ_TROUBLE_S = 2.0
READ_SETTLE_S = 10.0

Task = tuple[str, int]  # an input partition whose transaction a record joins (exactly-once)
Headers = list[tuple[str, bytes]]


# -- ports ---------------------------------------------------------------------------------


class Record(Protocol):
    """A fetched record (Faust's ``ConsumerMessage`` is one)."""

    topic: str
    partition: int
    offset: int
    value: bytes | None
    timestamp: float  # seconds: when the broker appended it (contract 3.4's arrival)
    timestamp_type: int


class Publisher(Protocol):
    """Records collected, then sent together (``topologies.publish.BatchPublisher``)."""

    async def prepare(self, topics: list[str]) -> None:
        """Learn the partition count of every topic :meth:`add` will be given."""

    def partitions(self, topic: str) -> int:
        """The partition count :meth:`prepare` learned."""

    def add(
        self,
        topic: str,
        key: bytes | None,
        value: bytes | None,
        headers: Headers = ...,
        task: Task | None = None,
    ) -> None:
        """Collect one record (exactly-once: into ``task``'s transaction)."""

    async def publish(self) -> Any:
        """Send what was collected; return once the broker acknowledged all of it."""


class CheckpointPort(Protocol):
    """What is processed and not committed (``topologies.faust_checkpoint.FaustCheckpoint``)."""

    enabled: bool  # set once the publishers know their topics: nothing to commit before

    def take(self, messages: list[Any]) -> tuple[list[Any], int]:
        """The batch's live records (of the current assignment), and its epoch."""

    def processed(self, messages: list[Any], epoch: int) -> None:
        """The batch's outputs are acknowledged: its offsets go with the next commit."""

    def fail(self, exc: BaseException) -> None:
        """A batch failed holding a lock: nothing is committed any more
        (``topologies.checkpoint.Checkpoint.fail``: why)."""

    def revoking(self) -> AbstractAsyncContextManager[None]:
        """Held while the processor lets go of the revoked partitions."""

    async def close_tasks(self) -> None:
        """Exactly-once: stop the revoked partitions' producers."""


class Group(Protocol):
    """This worker's place in the consumer group."""

    def rebalancing(self) -> bool:
        """A rebalance is under way (the partitions held may be others' already)."""

    def assigned(self) -> Iterable[TP]:
        """The partitions assigned to this worker, every topic: (topic, partition)."""


class InputOffsets(Protocol):
    """The group's offsets on the raw and re-key topics (``pipeline.kafka.offsets``)."""

    async def start(self) -> None: ...

    async def processed(self) -> dict[TP, int]:
        """Next offset not processed, group-wide (committed, else the log start)."""

    async def ends(self) -> dict[TP, int]:
        """End offsets."""


class SessionTable(Protocol):
    """The sessions table's in-memory store."""

    def __len__(self) -> int: ...

    def drop_partitions(self, gone: set[int]) -> int:
        """Forget the sessions of partitions owned elsewhere now; how many."""


class Inboxes(Protocol):
    """The batches fetched and not yet taken by the processor (``topologies.handoff``)."""

    def drop_waiting(self) -> None:
        """Drop them: fetched under an assignment that is being revoked."""


class TraceLog(Protocol):
    """The session traces (``topologies.traces.Traces``)."""

    changelog_name: str

    def prev_seqs(self) -> Callable[[str, int], int]: ...

    def append(
        self,
        released: list[tuple[dict[str, Any], bytes]],
        delivered: list[Delivered] | None = None,
    ) -> None: ...

    def expire(self) -> int: ...

    def drop_partitions(self, gone: set[int]) -> int: ...


Crash = Callable[[BaseException], Awaitable[None]]


@dataclass(frozen=True)
class Layout:
    """The topics the processor reads and writes, and their partition count."""

    raw: str
    staged: str  # the internal re-key topic
    changelog: str  # the sessions table's changelog
    outputs: tuple[str, ...]  # the clean topics and dead letters
    dead_letter: str
    partitions: int  # of the re-key topic and the changelogs


@dataclass(frozen=True)
class Options:
    exactly_once: bool = False
    process_in_place: bool = True
    stall_timeout_s: float = 60.0
    # On Kafka the first raw record says whether its timestamp is the append time that
    # contract 3.4 calls arrival (pipeline.topics.arrival_warning); Tansu has no choice.
    check_arrival: bool = False


@dataclass
class Ports:
    stage_publisher: Publisher  # dead letters (agent "stage")
    # The re-keyed events (agent "stage"); exactly-once too outside the transactions:
    # BatchProcessor.stage_batches says why.
    rekey_publisher: Publisher
    publisher: Publisher  # ordered outputs
    state_publisher: Publisher  # changelogs, written by the checkpoint at commit time
    checkpoint: CheckpointPort
    group: Group
    input_offsets: InputOffsets
    sessions: SessionTable
    inboxes: Inboxes
    crash: Crash  # stops the worker
    traces: TraceLog | None = None


def session_tasks(staged: str, partition_of: Callable[[str], int]) -> Callable[[str], Task]:
    """Exactly-once: the task (re-key partition) whose transaction holds a session's
    outputs and state."""

    def task_of(session_id: str) -> Task:
        return (staged, partition_of(session_id))

    return task_of


# -- the processor -------------------------------------------------------------------------


class BatchProcessor:
    """Batches in, outputs published, batches handed to the checkpoint."""

    def __init__(
        self,
        pipeline: Pipeline,
        config: PipelineConfig,
        layout: Layout,
        ports: Ports,
        options: Options,
        *,
        lock: asyncio.Lock,
        stage_lock: asyncio.Lock | None = None,
        partition_of: Callable[[str], int],
        clock: Clock = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.pipeline = pipeline
        self.config = config
        self.layout = layout
        self.ports = ports
        self.options = options
        # One batch at a time touches session state: the agents and the timers take turns.
        # (Exactly-once: one batch at a time, whole: a commit takes and seals what it
        # commits between batches, never within one.)
        self.lock = lock
        # Exactly-once: what the stage agent holds for a batch instead (it changes no
        # session state), which the checkpoint takes to seal (Checkpoint's stage_lock).
        self.stage_lock = stage_lock if stage_lock is not None else lock
        self.partition_of = partition_of
        self.clock = clock
        self.monotonic = monotonic
        self.session_task = session_tasks(layout.staged, partition_of)
        self._arrival_checked = not options.check_arrival
        # The input watermark (contract 3.4, topologies.progress): read by the gap timer
        # from the group's committed offsets and this worker's own positions.
        self.progress = InputProgress(layout.raw, stall_after_s=options.stall_timeout_s)
        # Next offset not processed yet of the raw and re-key partitions this worker owns
        # (the agents advance them once a batch's outputs are acknowledged).
        self.positions: dict[TP, int] = {}
        self.positions_epoch = 0  # +1 at each revocation: a reading in flight is dropped
        self._reading_failed_at = 0.0  # last time a failed reading was logged
        self._read_at = -math.inf  # when the last reading of the input began (monotonic)
        self._trouble_at = -math.inf  # when the last broker trouble ended (READ_SETTLE_S)
        self.ready = False  # set once the first rebalance (and table recovery) completed
        # Re-key partitions whose sessions this worker orders in place (_order_in_place).
        self.local_partitions: frozenset[int] = frozenset()
        self.prepared = False  # publishers know their topics' partitions (first batch)

    async def stop_on_error(self, agent: str, work: Awaitable[None]) -> None:
        """Run an agent's batch loop; an error stops the worker rather than letting Faust
        restart the agent: the batch's messages would stay unprocessed behind later ones,
        and the in-memory session states may be ahead of what was published; a restarted
        worker (state from the changelog, input from the committed offsets) loses nothing."""
        try:
            await work
        except Exception as exc:
            # The exception's type and message only: no record text reaches them.
            log.error(
                "agent %s failed, stopping the worker: %s: %s", agent, type(exc).__name__, exc
            )
            await self.ports.crash(exc)
            raise

    @contextlib.asynccontextmanager
    async def _holding(self, lock: asyncio.Lock | None) -> AsyncIterator[None]:
        """Held for the work of a batch or a timer: ``lock`` (the processing lock; the
        stage lock for an exactly-once stage batch; None: no lock). A failure inside marks
        the checkpoint failed before the lock is let go, so that a commit waiting for the
        lock writes none of the states it changed and commits no half batch
        (Checkpoint.fail). Cancellation too: the work may have stopped half-way."""
        async with lock if lock is not None else contextlib.nullcontext():
            try:
                yield
            except BaseException as exc:
                self.ports.checkpoint.fail(exc)
                raise

    # -- the agents ------------------------------------------------------------------------

    async def stage_batches(self, batches: AsyncIterable[list[Any]]) -> None:
        """Agent "stage": raw records in; dead letters, events ordered in place, re-keyed
        events out.

        Exactly-once, a raw partition's transaction holds its dead letters and its offset,
        not its re-keyed events: those are sent at-least-once, acknowledged before the
        batch counts as processed (so before its offset commits). A re-keyed event is a
        function of its raw record alone, so a batch processed again (after a crash, or by
        a fenced zombie before it stops) re-keys the same events again, and the sequence
        agent releases nothing twice: a copy of an event its session has released (seq
        below the next, eventId seen) or holds (same seq and eventId) is counted as a
        duplicate (pipeline.stages.ordering), in the transaction that commits the
        session's state. Dead letters have no seq to be deduplicated by, so they stay
        in the transaction with the offset. What it buys: an event no longer waits for a
        commit of the raw partition's transaction before the sequence agent can read it
        (one commit on its way instead of two; BENCHMARKS.md, "Exactly-once: one commit
        on an event's way").
        """
        stage = self.pipeline.stage
        publisher = self.ports.stage_publisher
        rekey = self.ports.rekey_publisher
        checkpoint = self.ports.checkpoint
        staged_name = self.layout.staged
        dead_letter_name = self.layout.dead_letter
        dumps = orjson.dumps
        exactly_once = self.options.exactly_once
        async for batch in batches:
            await self.prepare()
            # Exactly-once: the whole batch under the stage lock (no commit in between; a
            # revocation waits for it) and each dead letter in its input partition's
            # transaction.
            async with self._holding(self.stage_lock if exactly_once else None):
                messages, epoch = checkpoint.take(batch)
                if not self._arrival_checked and messages:
                    self._arrival_checked = True
                    first = messages[0]
                    warning = arrival_warning(first.topic, first.timestamp_type)
                    if warning is not None:
                        log.warning(warning)
                events: list[StagedEvent] = []
                for message in messages:
                    task = (message.topic, message.partition) if exactly_once else None
                    source = Source(message.topic, message.partition, message.offset)
                    # Arrival (contract 3.4): when the record was appended to the raw topic.
                    staged = stage(message.value or b"", source, message.timestamp)
                    if isinstance(staged, StagedEvent):
                        events.append(staged)
                    else:
                        publisher.add(dead_letter_name, None, dumps(staged), task=task)
                # The dead letters don't depend on the ordering below: they travel
                # meanwhile, so the batch waits for one round trip to the broker less.
                dead_letters_sent = asyncio.ensure_future(publisher.publish())
                try:
                    others = events if exactly_once else await self._order_in_place(events)
                    for event in others:
                        rekey.add(staged_name, event.session_id.encode(), dumps(event.to_wire()))
                    await rekey.publish()
                finally:
                    await dead_letters_sent
                checkpoint.processed(messages, epoch)
            _advance_past(self.positions, messages)

    async def sequence_batches(self, batches: AsyncIterable[list[Any]]) -> None:
        """Agent "sequence": re-keyed events in; ordered outputs out."""
        from_wire = StagedEvent.from_wire
        loads = orjson.loads
        checkpoint = self.ports.checkpoint
        async for batch in batches:
            await self.prepare()
            if self.options.exactly_once:  # taken and marked processed under the lock too
                async with self._holding(self.lock):
                    messages, epoch = checkpoint.take(batch)
                    await self._order_locked([from_wire(loads(m.value)) for m in messages])
                    checkpoint.processed(messages, epoch)
            else:
                messages, epoch = checkpoint.take(batch)
                events = [from_wire(loads(message.value)) for message in messages]
                async with self._holding(self.lock):
                    await self._order_locked(events)
                checkpoint.processed(messages, epoch)
            _advance_past(self.positions, messages)

    async def prepare(self) -> None:
        """Learn the partitions of every topic written to, once the first batch is in.

        Not when the agents start: Faust declares its internal topics later, and asking
        for the metadata of a topic that doesn't exist yet makes a broker with automatic
        topic creation create it with its default partition count.
        """
        if self.prepared:
            return
        ports, layout = self.ports, self.layout
        staged = layout.staged
        await ports.stage_publisher.prepare([layout.dead_letter])
        await ports.rekey_publisher.prepare([staged])
        await ports.publisher.prepare(list(layout.outputs))
        await ports.state_publisher.prepare([layout.changelog])
        wanted = layout.partitions
        internal = [(ports.rekey_publisher, staged), (ports.state_publisher, layout.changelog)]
        if ports.traces is not None:  # the traces' changelog (topologies.traces)
            internal.append((ports.publisher, ports.traces.changelog_name))
        for publisher, name in internal:
            have = publisher.partitions(name)
            if have != wanted:
                # A session's events and state must share a partition number, and Faust
                # assigns the re-key topic and the changelogs together only when their
                # partition counts are equal.
                error = RuntimeError(
                    f"internal topic {name} has {have} partitions, the worker uses {wanted} "
                    "(the raw topic's count at start, or CHAO_WORKER_PARTITIONS); recreate "
                    "the internal topics or set the partitions they have"
                )
                raise error  # the agent stops the worker (stop_on_error)
        self.prepared = True
        ports.checkpoint.enabled = True

    async def _order_in_place(self, events: list[StagedEvent]) -> list[StagedEvent]:
        """Orders the events whose session's re-key partition this worker owns, without the
        round trip through the re-key topic; returns the others, to be re-keyed.

        Correct for any raw key: the partition is computed from the sessionId, exactly as
        the re-key topic's partitioner places it, so an event ordered here is one this
        worker's ``sequence`` agent would have received. The set of owned partitions is
        emptied under the lock when a rebalance starts and refilled once the rebalance
        (and the recovery of those partitions' state) has completed.
        """
        async with self._holding(self.lock):
            local = self.local_partitions
            if not local or not events:
                return events
            partition_of = self.partition_of
            mine: list[StagedEvent] = []
            others: list[StagedEvent] = []
            for event in events:
                if partition_of(event.session_id) in local:
                    mine.append(event)
                else:
                    others.append(event)
            if mine:
                await self._order_locked(mine)
            return others

    async def _order_locked(self, events: list[StagedEvent]) -> None:
        """Ordering and stateful rules for a batch of staged events (caller holds the lock):
        outputs acknowledged before the lock is released (Checkpoint.commit: why)."""
        offer = self.pipeline.offer
        outputs: list[Output] = []
        for event in events:
            outputs += offer(event)
        await self.publish(outputs)

    async def publish(self, outputs: list[Output]) -> None:
        """Send every output to its topics and wait until the broker has them all."""
        if not outputs:
            return
        topics = self.config.topics
        publisher = self.ports.publisher
        traces = self.ports.traces
        published = self.pipeline.stats.published
        dumps = orjson.dumps
        released: list[tuple[dict[str, Any], bytes]] = []
        session_events = topics.session_events
        prev_seq = traces.prev_seqs() if traces is not None else None
        task_of = self.session_task if self.options.exactly_once else None
        for output in outputs:
            record = output[1]
            key = record_key(record)
            value = dumps(record)
            # Exactly-once: a session's outputs join its re-key partition's transaction.
            task = None if task_of is None else task_of(record["sessionId"])
            for name in topics_for(output, topics):
                if name == session_events and prev_seq is not None:
                    # The traces' changelog: what recovery needs beside the event.
                    headers = [prev_seq_header(prev_seq(record["sessionId"], record["seq"]))]
                    publisher.add(name, key, value, headers, task=task)
                else:
                    publisher.add(name, key, value, task=task)
                published[name] += 1
            if output[0] == CLEAN:
                released.append((record, value))
        delivered = await publisher.publish()
        if traces is not None:  # released and on the clean topics: servable now
            traces.append(released, delivered)
        now = self.clock()
        observe = self.pipeline.stats.observe_latency
        for kind, record in outputs:
            if kind == CLEAN:
                observe(record["ts"], now)

    # -- the timers ------------------------------------------------------------------------

    async def expire_gaps(self) -> None:
        """Timer "expire": read the input's progress, skip the gaps it lets go."""
        started = self.monotonic()
        try:
            await self._expire_gaps()
        finally:
            if self.monotonic() - started > READ_TROUBLE_S:  # held up: READ_SETTLE_S
                self._trouble_at = self.monotonic()

    async def _expire_gaps(self) -> None:
        group = self.ports.group
        # Once recovered, not once the first batch is in: a worker restarted with events
        # waiting on gaps and no new input must still skip those gaps (issue 19's stall).
        if group.rebalancing() or not self.ready:
            return
        if not self.prepared:  # the internal topics exist once partitions are assigned
            await self.stop_on_error("expire", self.prepare())
        reading = await self.read_input()
        stalled_before = self.progress.stalled
        if reading is not None:
            self.progress.observe(reading)
            if self.progress.stalled and self.progress.stalled != stalled_before:
                log.warning(
                    "input partitions not processed for %.0f s (gaps wait up to %.0f s for "
                    "them, then are skipped as input_stalled): %s",
                    self.options.stall_timeout_s,
                    self.config.gap_max_wait_s,
                    _names(self.progress.stalled),
                )
        async with self._holding(self.lock):
            if group.rebalancing():  # began while this waited for the lock: the sessions
                return  # held may be another worker's now (and exactly-once: no producers)
            stalled_gaps = self.pipeline.stats.gaps_by_cause["input_stalled"]
            outputs = self.pipeline.expire(
                watermark=self.progress.watermark, input_stalled=bool(self.progress.stalled)
            )
            if outputs:
                await self.publish(outputs)
            skipped = self.pipeline.stats.gaps_by_cause["input_stalled"] - stalled_gaps
        if skipped:
            log.warning(
                "skipped %d gaps after %.0f s held while the input was stalled: %s",
                skipped,
                self.config.gap_max_wait_s,
                _names(self.progress.stalled),
            )

    async def read_input(self) -> InputReading | None:
        """A look at the input for the watermark, in the order ``topologies.progress``
        explains: what is processed (this worker's own positions, then the group's
        committed offsets), then the end offsets. None when the broker did not answer (the
        watermark then stays where it is), answered the end offsets later than
        READ_TROUBLE_S or began within READ_SETTLE_S after broker trouble, a rebalance
        began meanwhile, or the last reading is younger than READ_INTERVAL_S (while an event
        waits on a gap) or IDLE_READ_INTERVAL_S (while none does)."""
        monotonic = self.monotonic
        waiting = self.pipeline.sequencer.has_waiting()
        if monotonic() - self._read_at < (READ_INTERVAL_S if waiting else IDLE_READ_INTERVAL_S):
            return None
        self._read_at = monotonic()
        group, offsets = self.ports.group, self.ports.input_offsets
        epoch = self.positions_epoch
        owned = set(group.assigned())
        own = {tp: at for tp, at in self.positions.items() if tp in owned}
        try:
            await offsets.start()
            committed = await offsets.processed()
            at = self.clock()
            asked = monotonic()
            ends = await offsets.ends()
            answered_s = monotonic() - asked
        except Exception as exc:  # the broker's trouble: judged again on the next tick
            self._trouble_at = monotonic()
            if monotonic() - self._reading_failed_at > 30:
                self._reading_failed_at = monotonic()
                log.warning(
                    "could not read the group's progress (gaps wait meanwhile): %s: %s",
                    type(exc).__name__,
                    exc,
                )
            return None
        if epoch != self.positions_epoch or group.rebalancing():
            return None
        if answered_s > READ_TROUBLE_S:  # trouble: this reading and the next ones wait
            self._trouble_at = monotonic()
            log.warning(
                "the end offsets took %.1f s to come back: readings wait %.0f s before they "
                "are used again (a broker that stalled may answer from a log it no longer "
                "leads)",
                answered_s,
                READ_SETTLE_S,
            )
        if asked - self._trouble_at < READ_SETTLE_S:
            return None
        processed = {tp: max(committed.get(tp, 0), own.get(tp, 0)) for tp in ends}
        return InputReading(at, processed, ends)

    async def forget_idle(self) -> None:
        """Timer "forget-idle": sessions and traces idle past their timeouts."""
        if self.ports.group.rebalancing() or not self.prepared:
            return
        traces = self.ports.traces
        async with self._holding(self.lock):
            forgotten = self.pipeline.sequencer.forget_idle()
            if traces is not None:
                traces.expire()
        if forgotten:
            log.info("forgot %d idle sessions", forgotten)

    # -- rebalances ------------------------------------------------------------------------

    async def revoked(self) -> None:
        """The partitions are being revoked."""
        # Holding the processing lock; exactly-once commits first (Checkpoint.revoking).
        # At-least-once, what is not committed is replayed by the partitions' next
        # owners; the checkpoint committed when the rebalance started, so normally
        # nothing is left.
        checkpoint = self.ports.checkpoint
        async with checkpoint.revoking():
            # From here until the rebalance completes every event goes through the re-key
            # topic: whoever owns its partition afterwards orders it.
            self.local_partitions = frozenset()
            # What this worker processed and did not commit may be replayed by others: only
            # the group's committed offsets count now (topologies.progress).
            self.positions.clear()
            self.positions_epoch += 1
            self.progress.restart()
            # Batches still waiting were fetched under the assignment being revoked: the
            # partitions' owners fetch them again from the committed offsets.
            self.ports.inboxes.drop_waiting()
            # Exactly-once: stop the producers (their transactions are empty after the
            # commit); the next assignment starts the producers of the partitions then
            # owned, fencing their previous owners.
            await checkpoint.close_tasks()

    async def rebalance_complete(self) -> None:
        """The rebalance, and the recovery of the assigned partitions' state, is done."""
        layout, ports = self.layout, self.ports
        async with self.lock:
            # Forget sessions of partitions this worker no longer owns. Only here, after
            # the rebalance: Faust revokes every partition at the start of a rebalance and
            # resumes recovery of the ones it keeps where it stopped, so dropping them then
            # would lose them; a partition that really left is recovered in full if it
            # comes back.
            assigned = list(ports.group.assigned())
            owned = {partition for topic, partition in assigned if topic == layout.changelog}
            gone = set(range(layout.partitions)) - owned
            dropped = ports.sessions.drop_partitions(gone) if gone else 0
            if gone and ports.traces is not None:
                ports.traces.drop_partitions(gone)
            # Table recovery is done: rebuild the index of sessions waiting on a gap.
            self.pipeline.sequencer.reindex(restart_waits=True)
            if self.options.process_in_place:
                self.local_partitions = frozenset(
                    partition for topic, partition in assigned if topic == layout.staged
                )
        self.ready = True
        log.info(
            "rebalance complete: partitions %s, %d sessions held (%d handed over), "
            "%d events waiting",
            sorted(owned),
            len(ports.sessions),
            dropped,
            self.pipeline.stats.waiting,
        )


def _names(partitions: Sequence[TP]) -> str:
    return ", ".join(f"{topic}[{partition}]" for topic, partition in partitions)


def _advance_past(positions: dict[TP, int], messages: Sequence[Any]) -> None:
    """Note that an agent has processed every message of a batch (up to where the fetch
    left each partition, past transaction markers: patches.fetch_positions)."""
    for (topic, partition), offset in next_offsets(messages).items():
        advance(positions, topic, partition, offset)
