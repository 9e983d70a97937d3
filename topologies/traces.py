"""Session traces in the topology: the ``traces`` table and the two HTTP endpoints.

The sequence agent hands every batch of *released* clean events to :meth:`Traces.append`
once the broker has acknowledged them on the clean topics; nothing else ever reaches a
trace, so nothing dropped, dead-lettered or redacted can be served. Appends are idempotent
by seq, so a replayed batch changes nothing.

**The changelog is ``chao.clean.session-events``.** Every event a trace holds is on that
topic already, keyed by raw sessionId and partitioned by Kafka's default partitioner, and
the worker checks that it has the table's partition count, so the worker that owns a
session's events also owns its trace and Faust assigns the clean topic's partitions as the
table's changelog. Nothing is written for the traces. Why: writing each released event a
second time (trace segments, until 2026-12-03) doubled what the broker took per event, on
the same 2 cores as the worker; BENCHMARKS.md has the A/B. What it costs:

- each record on the clean topic carries the trace's previous seq in a header
  (``pipeline.trace.headers.prev_seq_header``), computed before the batch is published;
- recovery (:class:`TraceTable`) replays clean events, not segments, and reads only the
  recent part of each partition: from the first record younger than the trace age bound
  plus :data:`READ_MARGIN_S`, found by timestamp when the table is assigned the partition
  (Kafka's ListOffsets by time; nothing when no record is that young; a broker that
  cannot answer, such as the embedded Tansu, gives the earliest offset and the age bound
  cuts what is read). The header makes the events not read count as dropped.
- that recent part is read in bulk by a consumer of the table's own
  (:func:`broker_bulk_reader`) before Faust's recovery starts, for up to
  :data:`BULK_LOAD_BUDGET_S`; Faust's recovery reads what is left after it. Why: Faust's
  recovery handles each changelog record on its own (a task, a queue hop and a
  recomputation over every partition per record), about 100-165 us per clean event
  against about 10 us to apply one here, and a worker's traces hold an hour of them
  (BENCHMARKS.md, "Where a restarted worker's time goes").

**On disk.** With the RocksDB store (``CHAO_WORKER_STATE_STORE``, the default) a trace holds
each event's seq and append time, and the event's JSON goes to a database on disk
(``topologies.trace_bodies``: about 16 bytes per held event in the process instead of about
360), with a mark per partition of the clean-topic offset its events are complete through.
A partition assigned with a mark of this deployment below the topic's end is rebuilt from
the database (:meth:`TraceTable.restore_local`) and read from the topic only after the mark,
so a restarted worker reads the tail, not the last hour. With the memory store the JSON
stays in the trace and every assignment reads the recent part as above.

The endpoints that serve the traces and the live tail (``/sessions/{sessionId}/trace`` and
``/events``), with their token check and the routing between workers, are
``topologies.http_api``; they ask :meth:`Traces.trace` and :meth:`Traces.owner_url`.
"""

from __future__ import annotations

import itertools
import logging
import math
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import timedelta
from typing import Any

import faust
from aiokafka import AIOKafkaConsumer, TopicPartition
from faust.exceptions import NotReady
from faust.types import TP
from yarl import URL

from pipeline.kafka.admin import TopicSpec
from pipeline.kafka.security import aiokafka_options
from pipeline.trace import TraceSettings
from pipeline.trace.aging import OldestFirst
from pipeline.trace.headers import parse_prev_seq
from pipeline.trace.model import SessionTrace
from pipeline.trace.replay import apply_clean_record
from pipeline.trace.sse import LiveTail
from topologies import faust_bridge
from topologies.publish import Delivered
from topologies.state import drop_partitions, partition_for, plain_dict
from topologies.trace_bodies import DiskTraceBodies

log = logging.getLogger("chao.traces")
TABLE_NAME = "traces"
# Recovery reads back this much beyond the trace age bound: covers clock skew between the
# broker (which stamps the records) and the worker (which ages the traces).
READ_MARGIN_S = 600.0
# How long recovery waits for the broker to find the start offsets before reading more.
START_LOOKUP_TIMEOUT_S = 10.0

# async: {tp: first offset at or after a time (ms), else the end offset; None: unknown}
OffsetLookup = Callable[[set[TP], int], Any]
# async (first offsets to read, apply(tp, records), budget in seconds): reads each
# partition from its offset to the end it had when asked, handing the records over in
# batches, until done or the budget is spent (then Faust's recovery reads the rest).
BulkLoad = Callable[[dict[TP, int], Callable[[TP, list[Any]], None], float], Any]
# async: {tp: (earliest offset, end offset)} (topologies.state_store.broker_offset_bounds)
OffsetBounds = Callable[[set[TP]], Any]
# How long a rebalance's bulk read of the traces may take. It runs in the table's
# on_rebalance, before Faust's recovery; kept well under the group's rebalance timeout
# (Faust's 60 s), so a member busy reading still joins a rebalance that starts meanwhile.
BULK_LOAD_BUDGET_S = 15.0


class TraceTable(faust.Table[str, SessionTrace]):
    """The ``traces`` table: its changelog is the clean topic, so recovery appends events.

    Faust's recovery hands each batch of changelog records to :meth:`apply_changelog_batch`,
    whose stock version stores every record as the key's whole value. Here each record is
    replayed into the session's trace instead (``pipeline.trace.replay.apply_clean_record``). A
    malformed record is skipped with a warning naming its position (never its bytes): one
    bad record must not stop a worker's recovery.

    Where recovery starts: Faust starts each changelog partition after the table's
    :meth:`persisted_offset`, which for an in-memory store is None (the earliest offset).
    Here it is the later of the last record this table applied from the partition (a
    partition kept over a rebalance is not read again) and the record before the first
    one younger than the age bound, or the partition's last record when none is that young
    (looked up in :meth:`on_rebalance`, which Faust awaits before it asks for the
    offsets). ``tests/topologies/test_traces.py`` fails if Faust stops calling either method.
    """

    trace_settings: TraceSettings = TraceSettings()
    # Set by Traces: finds, per partition, the first offset at or after a time (ms).
    find_offsets: OffsetLookup | None = None
    # Set by Traces: reads the recent records in bulk before Faust's recovery does.
    bulk_load: BulkLoad | None = None
    # Set by Traces: where the traces keep their events (None: in the traces).
    bodies: DiskTraceBodies | None = None
    # Set by Traces with a database kept across restarts: the partitions' offset bounds.
    offset_bounds: OffsetBounds | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        self.applied_through: dict[TP, int] = {}  # last offset applied, per partition
        self.read_from: dict[TP, int] = {}  # the offset before the first one to read
        # The end offsets of the partitions being recovered, when they were assigned: once
        # recovery is done, the traces hold every recent event before them.
        self.ends_at_assignment: dict[TP, int] = {}
        # Set when records were replayed into the traces: Traces' age index has not seen
        # the traces they made (Traces.expire rebuilds it).
        self.replayed = False

    def apply_changelog_batch(self, batch: Iterable[Any]) -> None:
        """Faust's recovery: each event's message is a clean record (timestamp in s).
        Grouped by partition, in order within each (a session lives in one partition), so
        the per-call set-up of :meth:`apply_records` runs once per partition, not per record."""
        by_tp: dict[TP, list[Any]] = {}
        for event in batch:
            message = event.message
            by_tp.setdefault(message.tp, []).append(message)
        for tp, messages in by_tp.items():
            self.apply_records(tp, messages, seconds=1.0)

    def apply_bulk(self, tp: TP, records: list[Any]) -> None:
        """The bulk read's records (aiokafka's: timestamp in ms)."""
        self.apply_records(tp, records, seconds=1e-3)

    def apply_records(self, tp: TP, records: list[Any], *, seconds: float) -> None:
        """Replay clean records of one partition into the traces (``seconds``: the
        records' timestamp unit in seconds); a malformed record is skipped and logged."""
        data = plain_dict(self)
        # The in-memory store forgets keys of partitions not assigned after recovery by
        # this map (Store.on_recovery_completed); keep it as the stock method does.
        key_partition = faust_bridge.key_partitions(self.data)
        settings = self.trace_settings
        applied = self.applied_through
        self.replayed = True
        for record in records:
            applied[tp] = max(applied.get(tp, -1), record.offset)
            try:
                session_id = record.key.decode()
                headers = record.headers
                if isinstance(headers, Mapping):
                    headers = headers.items()
                apply_clean_record(
                    data,
                    session_id,
                    record.value,
                    float(record.timestamp) * seconds,
                    parse_prev_seq(headers),
                    settings,
                    bodies=self.bodies,
                )
            except (ValueError, AttributeError, TypeError) as exc:
                log.warning(
                    "skipped a malformed clean event record at %s[%d]@%d: %s",
                    tp.topic,
                    tp.partition,
                    record.offset,
                    type(exc).__name__,
                )
                continue
            if key_partition is not None:
                key_partition[session_id] = tp.partition
        if self.persistent and tp in applied:
            # Read in offset order from where the partition's traces start: complete.
            assert self.bodies is not None
            self.bodies.note_reflected(tp.partition, applied[tp])

    @property
    def persistent(self) -> bool:
        """Whether the traces' database is read back (module docstring, "On disk")."""
        return self.bodies is not None and self.bodies.keep

    def persisted_offset(self, tp: TP) -> int | None:
        known = (self.applied_through.get(tp), self.read_from.get(tp))
        offsets = [offset for offset in known if offset is not None]
        return max(offsets) if offsets else None

    async def on_rebalance(
        self, assigned: set[TP], revoked: set[TP], newly_assigned: set[TP], generation_id: int = 0
    ) -> None:
        await super().on_rebalance(assigned, revoked, newly_assigned, generation_id)
        changelog = self.changelog_topic.get_topic_name()
        wanted = {tp for tp in assigned if tp.topic == changelog and tp not in self.applied_through}
        self.read_from = {tp: o for tp, o in self.read_from.items() if tp in assigned}
        self.ends_at_assignment = {}
        if not wanted:
            return
        if self.persistent and self.offset_bounds is not None:
            await self.restore_local(wanted)
        if self.find_offsets is not None:
            await self.find_recent(wanted)
        await self.read_in_bulk(wanted)

    async def restore_local(self, wanted: set[TP]) -> None:
        """Rebuild the traces of each partition whose database mark is this deployment's
        and below the topic's end; forget the entries of a partition without one, or whose
        mark is past the end (the topic was recreated). Recovery then reads the topic after
        the mark only."""
        assert self.bodies is not None and self.offset_bounds is not None
        bodies = self.bodies
        try:
            bounds = await self.offset_bounds(wanted)
        except Exception as exc:  # read the topic as without a database, never fail here
            log.warning(
                "could not read the clean topic's offsets, reading the traces from it: %s",
                type(exc).__name__,
            )
            for tp in wanted:  # what is read now is all the partitions' database will hold
                bodies.forget(tp.partition)
            return
        started = time.monotonic()
        data = plain_dict(self)
        key_partition = faust_bridge.key_partitions(self.data)
        restored = events = 0
        for tp in sorted(wanted):
            end = bounds.get(tp, (None, None))[1]
            if end is None:
                continue
            self.ends_at_assignment[tp] = end
            mark = bodies.reflected(tp.partition)
            if mark is None:  # none kept, or another deployment's: nothing of it is used
                bodies.forget(tp.partition)
                continue
            if mark >= end:
                log.warning(
                    "the traces' database is past the end of %s[%d] (%d >= %d): the topic was "
                    "recreated; reading the partition from it",
                    tp.topic,
                    tp.partition,
                    mark,
                    end,
                )
                bodies.forget(tp.partition)
                continue
            for session_id, stored in itertools.groupby(
                bodies.stored(tp.partition), key=lambda event: event[0]
            ):
                trace = SessionTrace.rebuilt(
                    session_id,
                    ((seq, at, prev) for _, seq, at, prev in stored),
                    self.trace_settings,
                    bodies,
                )
                if trace.seqs:
                    data[session_id] = trace
                    if key_partition is not None:
                        key_partition[session_id] = tp.partition
                    restored += 1
                    events += len(trace.seqs)
            self.applied_through[tp] = mark
            self.replayed = True
        log.info(
            "rebuilt %d traces (%d events) from the local database in %.1f s",
            restored,
            events,
            time.monotonic() - started,
        )

    async def on_recovery_completed(self, active_tps: set[TP], standby_tps: set[TP]) -> None:
        """Recovery has read every partition to the end it had at the assignment: mark
        them so (the traces' database), then Faust's own steps."""
        if self.persistent:
            assert self.bodies is not None
            for tp, end in self.ends_at_assignment.items():
                if tp in active_tps:
                    through = max(self.applied_through.get(tp, -1), end - 1)
                    self.applied_through[tp] = through
                    self.bodies.note_reflected(tp.partition, through)
            self.ends_at_assignment = {}
        await super().on_recovery_completed(active_tps, standby_tps)

    async def find_recent(self, wanted: set[TP]) -> None:
        """Where each partition's recent part starts (:attr:`read_from`)."""
        assert self.find_offsets is not None
        since_ms = int((time.time() - self.trace_settings.max_age_s - READ_MARGIN_S) * 1000)
        try:
            found = await self.find_offsets(wanted, since_ms)
        except Exception as exc:  # read more, never fail the rebalance over an optimization
            log.warning(
                "could not find where the traces' recent events start, reading %s from the "
                "earliest offsets: %s",
                self.changelog_topic.get_topic_name(),
                type(exc).__name__,
            )
            return
        for tp, offset in found.items():
            if offset is not None and offset > 0:
                self.read_from[tp] = offset - 1  # Faust reads from the offset after this

    async def read_in_bulk(self, wanted: set[TP]) -> None:
        """Read the recent part of the partitions in bulk (module docstring: why); what is
        applied moves :meth:`persisted_offset` on, so Faust's recovery reads only the rest."""
        if self.bulk_load is None:
            return
        starts = {tp: _after(self.persisted_offset(tp)) for tp in wanted}
        started = time.monotonic()
        try:
            await self.bulk_load(starts, self.apply_bulk, BULK_LOAD_BUDGET_S)
        except Exception as exc:  # Faust's recovery reads what is not applied
            log.warning(
                "could not read the traces' recent events in bulk, Faust's recovery reads them: %s",
                type(exc).__name__,
            )
        applied = sum(
            self.applied_through.get(tp, start - 1) - start + 1 for tp, start in starts.items()
        )
        log.info(
            "read %d offsets of %s for the traces in %.1f s",
            applied,
            self.changelog_topic.get_topic_name(),
            time.monotonic() - started,
        )

    def forget_partitions(self, gone: set[int]) -> None:
        """Partitions owned elsewhere now: read them in full if they come back."""
        for offsets in (self.applied_through, self.read_from):
            for tp in [tp for tp in offsets if tp.partition in gone]:
                del offsets[tp]


def _after(offset: int | None) -> int:
    """The first offset to read after ``offset`` (None: from the start)."""
    return 0 if offset is None else offset + 1


def _side_consumer(bootstrap: list[str], **options: Any) -> AIOKafkaConsumer:
    """A short-lived consumer of the traces table's own, outside Faust's (which is inside
    its rebalance callback when the table needs one): no group, no commits."""
    return AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        request_timeout_ms=int(START_LOOKUP_TIMEOUT_S * 1000),
        **aiokafka_options(),  # CHAO_KAFKA_* (pipeline.kafka.security)
        **options,
    )


def broker_offset_lookup(bootstrap: list[str]) -> OffsetLookup:
    """A lookup of the first offsets at or after a time, with its own short-lived
    consumer: Faust's consumer thread is inside its rebalance callback when the table
    needs the answer, so asking it would wait on itself. A partition without a record that
    young (Kafka's answer None: all its records are older) gets its end offset, so
    recovery reads none of it rather than all of it."""

    async def find(tps: set[TP], since_ms: int) -> dict[TP, int | None]:
        consumer = _side_consumer(bootstrap)
        await consumer.start()
        try:
            query = {TopicPartition(tp.topic, tp.partition): since_ms for tp in tps}
            # The ends first: a record written after them makes the lookup find it.
            ends = await consumer.end_offsets(list(query))
            answer = await consumer.offsets_for_times(query)
        finally:
            await consumer.stop()
        by_tp = {(tp.topic, tp.partition): tp for tp in tps}
        return {
            # None: no record that young, every record before the end is older.
            by_tp[(tp.topic, tp.partition)]: (ends.get(tp) if found is None else found.offset)
            for tp, found in answer.items()
        }

    return find


def broker_bulk_reader(bootstrap: list[str]) -> BulkLoad:
    """A bulk reader of the clean topic's recent records, with its own short-lived
    consumer (for the reason :func:`broker_offset_lookup` gives). Reads ``read_committed``:
    under exactly-once the clean topic holds transactions, and an aborted record was never
    released (without transactions it reads the same as ``read_uncommitted``)."""

    async def load(
        starts: dict[TP, int], apply: Callable[[TP, list[Any]], None], budget_s: float
    ) -> None:
        deadline = time.monotonic() + budget_s
        consumer = _side_consumer(
            bootstrap,
            isolation_level="read_committed",
            # An offset below the log's start (gone with retention): from its start.
            auto_offset_reset="earliest",
        )
        await consumer.start()
        try:
            by_tp = {TopicPartition(tp.topic, tp.partition): tp for tp in starts}
            consumer.assign(list(by_tp))
            ends = await consumer.end_offsets(list(by_tp))
            left = set()
            for kafka_tp, tp in by_tp.items():
                if starts[tp] < ends[kafka_tp]:
                    consumer.seek(kafka_tp, starts[tp])
                    left.add(kafka_tp)
            consumer.pause(*(set(by_tp) - left))
            while left and time.monotonic() < deadline:
                fetched = await consumer.getmany(timeout_ms=200, max_records=10_000)
                for kafka_tp, records in fetched.items():
                    apply(by_tp[kafka_tp], records)
                for kafka_tp in list(left):  # control records move positions too
                    if await consumer.position(kafka_tp) >= ends[kafka_tp]:
                        left.discard(kafka_tp)
                        consumer.pause(kafka_tp)
        finally:
            await consumer.stop()

    return load


class Traces:
    """The trace table, the live tail and the endpoints of one worker."""

    def __init__(
        self,
        app: Any,
        clean_topic: TopicSpec,
        settings: TraceSettings,
        find_offsets: OffsetLookup | None = None,
        drop_counts: Callable[[str], list[dict[str, Any]]] | None = None,
        bulk_load: BulkLoad | None = None,
        bodies: DiskTraceBodies | None = None,
        offset_bounds: OffsetBounds | None = None,
    ) -> None:
        self.app = app
        self.settings = settings
        # Where the events' bytes are held (topologies.trace_bodies; None: in the process).
        self.bodies = bodies
        # The sessions' drop counts, held by the ordering state (pipeline.stages.drops).
        self.drop_counts = drop_counts
        self.partitions = clean_topic.partitions
        retention = clean_topic.retention_ms
        # Declared like the admin declares it (pipeline.kafka.admin): Faust creates a
        # table's changelog topic when it is missing, and must not create this one with
        # other settings.
        changelog = app.topic(
            clean_topic.name,
            key_type=str,
            key_serializer="raw",
            value_serializer="raw",
            partitions=clean_topic.partitions,
            compacting=False,
            deleting=True,
            retention=None if retention is None else timedelta(milliseconds=retention),
            allow_empty=True,
        )
        self.changelog_name = changelog.get_topic_name()
        table = TraceTable(
            app,
            name=TABLE_NAME,
            beacon=app.tables.beacon,
            partitions=clean_topic.partitions,
            key_type=str,
            changelog_topic=changelog,
            use_partitioner=True,
        )
        table.trace_settings = settings
        table.find_offsets = find_offsets
        table.bulk_load = bulk_load
        table.bodies = bodies
        table.offset_bounds = offset_bounds
        table.key_serializer = "raw"
        table.value_serializer = "raw"
        self.table = app.tables.add(table)
        self.tail = LiveTail(settings.sse_max_queue)
        self.oldest = OldestFirst()  # what expire() looks at (pipeline.trace.aging: why)

    # -- writing (under the topology's lock) -----------------------------------------------

    def prev_seqs(self) -> Callable[[str, int], int]:
        """For one batch, before it is published: a function giving each released event's
        previous seq in its session's trace (the header of
        ``pipeline.trace.headers.prev_seq_header``), following the events of the batch as
        :meth:`append` will append them."""
        data = plain_dict(self.table)
        last: dict[str, int] = {}

        def prev(session_id: str, seq: int) -> int:
            before = last.get(session_id)
            if before is None:
                trace = data.get(session_id)
                before = trace.last_seq if trace is not None else -1
            if seq > before:  # what SessionTrace.append appends
                last[session_id] = seq
            return before

        return prev

    def append(
        self,
        released: list[tuple[dict[str, Any], bytes]],
        delivered: list[Delivered] | None = None,
    ) -> None:
        """Append the batch's released clean events (each with the JSON that went to the
        clean topic), then hand them to live subscribers. ``delivered``: where the batch's
        records landed, which moves the database's marks (:meth:`note_delivered`)."""
        data = plain_dict(self.table)
        note = self.oldest.note
        now = time.time()
        appended = []
        for record, encoded in released:
            session_id = record["sessionId"]
            trace = data.get(session_id)
            if trace is None:
                trace = SessionTrace.empty(session_id, self.settings, bodies=self.bodies)
            if trace.append(record, encoded, now):
                data[session_id] = trace
                note(session_id, trace.appended_at[0])
                appended.append((session_id, record))
        if delivered and self.table.persistent:
            self.note_delivered(delivered)
        for session_id, record in appended:
            self.tail.publish(session_id, record)

    def note_delivered(self, delivered: list[Delivered]) -> None:
        """Move a partition's mark over this worker's records on the clean topic when they
        follow it without a gap: a record of another writer between (a successor's, while
        this worker was paused) stops the mark until the next recovery reads from it."""
        assert self.bodies is not None
        applied = self.table.applied_through
        name = self.changelog_name
        ranges = sorted((d.partition, d.first, d.count) for d in delivered if d.topic == name)
        for partition, batches in itertools.groupby(ranges, key=lambda r: r[0]):
            tp = TP(name, partition)
            through = before = applied.get(tp)
            if through is None:
                continue
            for _, first, count in batches:
                if first != through + 1:
                    break
                through = first + count - 1
            if through != before:
                applied[tp] = through
                self.bodies.note_reflected(partition, through)

    def expire(self, now: float | None = None) -> int:
        """Drop aged events; forget traces left empty. Returns how many were forgotten.

        Looks only at the traces whose oldest event was older than the age bound when
        last noted (:class:`~pipeline.trace.aging.OldestFirst`), not at every trace: it
        runs under the batches' lock. After a replay the index is rebuilt once.

        Nothing is written: recovery reads only what is younger than the age bound, and
        cuts a replayed event by the same bound. The traces' database flushes what was
        written since its last flush (``topologies.trace_bodies``, "Durability")."""
        now = time.time() if now is None else now
        if self.bodies is not None:
            self.bodies.flush()
        data = plain_dict(self.table)
        oldest = self.oldest
        if self.table.replayed:
            self.table.replayed = False
            oldest.rebuild(
                (session_id, trace.appended_at[0] if trace.appended_at else -math.inf)
                for session_id, trace in data.items()
            )
        forgotten = 0
        for session_id in oldest.pop_due(now - self.settings.max_age_s):
            trace = data.get(session_id)
            if trace is None:
                continue  # forgotten meanwhile (its partition moved)
            trace.prune(now)
            if trace.seqs:
                oldest.note(session_id, trace.appended_at[0])
            else:
                del data[session_id]
                forgotten += 1
        return forgotten

    def drop_partitions(self, gone: set[int]) -> int:
        """After a rebalance: forget traces of partitions now owned elsewhere, and end the
        live streams of their sessions (the clients reconnect and reach the new owner)."""
        dropped = drop_partitions(self.table, gone, self.partitions)
        self.table.forget_partitions(gone)
        moved = {
            session_id
            for session_id in self.tail.session_ids()
            if partition_for(session_id, self.partitions) in gone
        }
        if moved:
            self.tail.end("reassigned", "the session moved to another worker; reconnect", moved)
        return dropped

    # -- what the endpoints ask (topologies.http_api) -----------------------------------------

    def trace(self, session_id: str) -> SessionTrace | None:
        """The session's trace, when this worker holds it."""
        return plain_dict(self.table).get(session_id)

    def document(self, session_id: str) -> dict[str, Any] | None:
        """The session's trace document with its drop counts, when this worker holds it."""
        trace = self.trace(session_id)
        if trace is None:
            return None
        drops = self.drop_counts(session_id) if self.drop_counts is not None else None
        return trace.document(drops)

    def owner_url(self, session_id: str) -> URL | None:
        """The owner's base URL when another worker owns the session, else None."""
        try:
            url: URL = self.app.router.key_store(TABLE_NAME, session_id)
        except (KeyError, NotReady):
            return None  # assignment or producer not there yet: answer from here (404 at worst)
        own = URL(str(self.app.conf.canonical_url))
        if (url.host, url.port) == (own.host, own.port):
            return None
        return url
