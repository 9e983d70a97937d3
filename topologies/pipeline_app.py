"""The Faust topology: raw topic -> stateless stages -> re-key by session -> ordering and
stateful rules (state in a changelog-backed table) -> clean topics and dead letters.

The "stage" and "sequence" agents take whole fetched batches (``topologies.patches.
batch_delivery``, ``topologies.handoff``). An error in either stops the worker rather than
letting Faust restart the agent: the batch's messages would stay unprocessed behind later
ones, and the in-memory session states may be ahead of what was published; a restarted
worker (state from the changelog, input from the committed offsets) loses nothing.

::

    chao.raw.events (any key, any partition)
        |  agent "stage": validation, policy screening, tool normalization (Pipeline.stage)
        |--> chao.dead-letter            (records that can't be placed in a session)
        |--> ordered in place when this worker owns the session's re-key partition
        v    (same code and commit order as the "sequence" agent; no round trip)
    <app>-staged (internal re-key topic, key = sessionId)
        |  agent "sequence": per-session ordering + stateful rules (Pipeline.offer),
        |  timer "expire": reads the group's progress on the input (topologies.progress)
        |  and skips the gaps the input shows are not going to be filled in time
        |  table "sessions" (<app>-sessions-changelog): one SessionState per session
        |--> chao.clean.session-events + one family view per event
        |--> chao.dead-letter            (policy drops, rejected events in their turn)

Each agent, for a batch and holding the processing lock, computes the outputs from the
session states (which it changes in memory), publishes them and waits for the broker's
acks, and appends the released events to the session traces (in memory: the traces'
changelog is ``chao.clean.session-events`` itself, ``topologies.traces``); then, without
the lock, hands the batch to the checkpoint (the ``stage`` agent once its dead letters and
re-keyed events are acknowledged too). What happens next, and why a crash at any point
loses nothing: the commit order, in ``topologies.checkpoint.Checkpoint.commit``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable
from typing import Any, cast

import faust
import orjson
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from pipeline.api.settings import ApiSettings
from pipeline.config import PipelineConfig, WorkerSettings, bootstrap_addresses
from pipeline.core import Pipeline, record_key, topics_for
from pipeline.errors import ConfigError
from pipeline.kafka.engine import resolve_engine
from pipeline.kafka.offsets import GroupOffsets
from pipeline.kafka.stable_offsets import await_stable_offsets
from pipeline.metrics import PipelineCollector
from pipeline.stages.ordering import CLEAN, Clock, Output
from pipeline.stages.types import Source, StagedEvent
from pipeline.topics import arrival_warning, min_insync_replicas, worker_topics
from pipeline.trace import TraceSettings, prev_seq_header
from topologies import patches
from topologies.app import PipelineApp, app_settings
from topologies.faust_checkpoint import FaustCheckpoint
from topologies.handoff import BatchChannel
from topologies.http_api import SessionApi, faust_web_settings
from topologies.patches import BatchRoute, end_offsets
from topologies.patches.fetch_positions import next_offsets
from topologies.progress import TP, InputProgress, InputReading, advance
from topologies.publish import BatchPublisher, Task
from topologies.state import (
    CODEC_NAME,
    BatchedTableStore,
    drop_partitions,
    partition_for,
    register_codec,
)
from topologies.traces import Traces, broker_offset_lookup
from topologies.transactions import TaskProducers, kafka_producer_factory
from topologies.watchdog import Watchdog, hang_after

log = logging.getLogger("chao.topology")
# How often the gap timer reads the group's progress (three small requests, one of them to
# the group coordinator, per worker): a gap goes about a window plus two readings after
# its event arrived, and a group of many workers asks the broker a few times a second each.
READ_INTERVAL_S = 0.25


class PipelineTopology:
    """Builds the Faust app and wires the pipeline's stages into it."""

    def __init__(
        self,
        settings: WorkerSettings | None = None,
        config: PipelineConfig | None = None,
        *,
        clock: Clock = time.time,
        trace_settings: TraceSettings | None = None,
        api_settings: ApiSettings | None = None,
    ) -> None:
        self.config = config or PipelineConfig()
        # Every topic's name and partitions from the registry (pipeline.topics); a worker
        # has resolved its partitions from the broker (topologies.worker), others default.
        self.topics = worker_topics(settings or WorkerSettings(), self.config.topics)
        self.settings = (settings or WorkerSettings()).model_copy(
            update={"partitions": self.topics.partitions}
        )
        register_codec()
        # Faust's own web endpoints off: /table would serve the traces unchecked (http_api).
        self.app = PipelineApp(
            self.settings.app_id, **app_settings(self.settings), **faust_web_settings()
        )
        # Exactly-once: transactions per input partition (topologies.transactions).
        self.exactly_once = self.settings.processing_guarantee == "exactly_once"
        addresses = bootstrap_addresses(self.settings.broker)
        bootstrap = ",".join(f"{host}:{port}" for host, port in addresses)
        engine = resolve_engine(
            self.settings.broker_engine,
            addresses,
            unknown="kafka" if self.exactly_once else "tansu",
        )
        if self.exactly_once and engine != "kafka":
            raise ConfigError(
                "CHAO_PROCESSING_GUARANTEE=exactly_once needs Apache Kafka's transactions; "
                f"the broker at {self.settings.broker} is the embedded Tansu, which has none: "
                "use at_least_once there"
            )
        if self.exactly_once and self.settings.process_in_place:
            # A raw partition's transaction must not hold another partition's session
            # state: every event takes the re-key hop (topologies.transactions).
            self.settings = self.settings.model_copy(update={"process_in_place": False})
        # On Kafka, the first raw record says whether its timestamp is the append time that
        # contract 3.4 calls arrival (pipeline.topics.arrival_warning); Tansu has no choice.
        self._arrival_checked = engine != "kafka"
        self.patches = patches.apply(
            self.app,
            engine=engine,
            fetch_max_wait_ms=self.settings.fetch_max_wait_ms,
            read_committed=self.exactly_once,
        )
        app = self.app
        self.raw_topic = app.topic(
            self.topics.raw.name, key_serializer="raw", value_serializer="raw"
        )
        # The internal topics' replicas come from the app's settings (the raw topic's,
        # topologies.worker); from 3 replicas on, min.insync.replicas=2 as the operator's
        # topics (pipeline.topics.min_insync_replicas).
        in_sync = min_insync_replicas(self.settings.replication or 1)
        internal_config = {"min.insync.replicas": str(in_sync)} if in_sync else None
        self.staged_topic = app.topic(
            self.topics.staged.name,
            partitions=self.topics.partitions,
            internal=True,
            config=internal_config,
            key_serializer="raw",
            value_serializer="raw",
        )
        self.out_topics = {
            topic.name: app.topic(topic.name, key_serializer="raw", value_serializer="raw")
            for topic in self.topics.outputs()
        }
        # The changelog topic is declared here rather than derived by Faust (which would
        # pick JSON keys): raw keys make the changelog's key bytes equal the re-key
        # topic's, so a session's state and its events share a partition number.
        changelog = app.topic(
            self.topics.sessions_changelog.name,
            key_type=str,
            key_serializer="raw",
            value_serializer=CODEC_NAME,
            partitions=self.topics.partitions,
            compacting=self.topics.sessions_changelog.kind.cleanup_policy == "compact",
            deleting=False,
            acks=False,
            internal=True,
            config=internal_config,
            maxsize=131_072,
            allow_empty=True,
        )
        table: Any = app.Table(
            "sessions",
            partitions=self.topics.partitions,
            key_type=str,
            changelog_topic=changelog,
            # Partition by key, like the re-key topic: writes from the gap timer have no
            # current event to take a partition from.
            use_partitioner=True,
        )
        table.key_serializer = "raw"  # used when writing (send_changelog)
        table.value_serializer = CODEC_NAME
        self.table = table
        self.store = BatchedTableStore(self.table)
        self.changelog_name = changelog.get_topic_name()
        # Two publishers: the stage agent and the sequence agent publish concurrently.
        faust_producer: Any = self.app.producer
        producer = faust_producer._ensure_producer  # Faust's own aiokafka producer
        self.tasks = (
            TaskProducers(
                self.settings.app_id,
                kafka_producer_factory(bootstrap),
                stable=lambda tasks: await_stable_offsets(bootstrap, self.settings.app_id, tasks),
            )
            if self.exactly_once
            else None
        )
        tasks = self.tasks
        route = tasks.producer if tasks is not None else None
        opened = tasks.opened if tasks is not None else None  # a commit may have sealed it
        self.stage_publisher = BatchPublisher(producer, route, opened)
        self.publisher = BatchPublisher(producer, route, opened)
        # The changed states, at commit time: into the transactions the commit sealed.
        self.state_publisher = BatchPublisher(
            producer, tasks.sealed_producer if tasks is not None else None
        )
        # One batch at a time touches session state: the agents and the timers take turns.
        # (Exactly-once: one batch at a time, whole, and no batch while committing.)
        self.lock = asyncio.Lock()
        # What is processed and not committed yet, and the commit order (topologies.checkpoint).
        staged_name = self.staged_topic.get_topic_name()
        self.checkpoint = FaustCheckpoint(
            app,
            self.store,
            self.state_publisher,
            self.changelog_name,
            self.lock,
            tasks=self.tasks,
            task_topics=frozenset({self.raw_topic.get_topic_name(), staged_name}),
            state_task=self._session_task if self.exactly_once else None,
        )
        self.app.checkpoint = self.checkpoint
        self.pipeline = Pipeline(self.config, store=self.store, clock=clock)
        trace_settings = trace_settings or TraceSettings()
        self.traces = (
            Traces(
                app,
                self.topics.session_events.spec(),
                trace_settings,
                broker_offset_lookup(
                    [f"{host}:{port}" for host, port in bootstrap_addresses(self.settings.broker)]
                ),
                drop_counts=self.pipeline.sequencer.drop_counts,  # the trace's drops
            )
            if trace_settings.enabled
            else None
        )
        # The session endpoints, behind the token check (topologies.http_api, docs/api.md).
        self.api = (
            SessionApi(app, self.traces, api_settings, ready=self._recovered)
            if self.traces is not None
            else None
        )
        self.clock = clock
        # The input watermark (contract 3.4, topologies.progress): read by the gap timer
        # from the group's committed offsets and this worker's own positions.
        self.progress = InputProgress(
            self.raw_topic.get_topic_name(), stall_after_s=self.settings.stall_timeout_s
        )
        # Next offset not processed yet of the raw and re-key partitions this worker owns
        # (the agents advance them once a batch's outputs are acknowledged).
        self.positions: dict[TP, int] = {}
        self.positions_epoch = 0  # +1 at each revocation: a reading in flight is dropped
        self.group_offsets = GroupOffsets(
            [f"{host}:{port}" for host, port in addresses],
            self.settings.app_id,
            [self.raw_topic.get_topic_name(), self.staged_topic.get_topic_name()],
            # Tansu's ListOffsets answer is short after a multi-record batch: the same
            # workaround as Faust's consumer (a short end would let the watermark pass).
            adjust=end_offsets.configure if engine == "tansu" else None,
        )
        app.closers = [self.group_offsets.stop]
        self._reading_failed_at = 0.0  # last time a failed reading was logged
        self._read_at = -math.inf  # when the last reading of the input began (monotonic)
        self.ready = False  # set once the first rebalance (and table recovery) completed
        # Re-key partitions whose sessions this worker orders in place (_order_in_place).
        self.local_partitions: frozenset[int] = frozenset()
        self.prepared = False  # publishers know their topics' partitions (first batch)
        # Stops the worker when assigned partitions make no progress (topologies.watchdog).
        self.watchdog = Watchdog(
            self.settings.stall_timeout_s, self._partition_offsets, self._recovered, app.crash
        )
        self.registry = CollectorRegistry()
        self.registry.register(
            PipelineCollector(
                self.pipeline.stats,
                self.config,
                sessions_tracked=self._held,
                partition_offsets=self._partition_offsets,
                stalled=lambda: self.watchdog.stalled,
            )
        )
        self._wire()

    # -- wiring --------------------------------------------------------------------------

    def _wire(self) -> None:
        app = self.app
        settings = self.settings
        # The raw and re-key topics are subscribed through Faust's conductor, but their
        # messages reach the agents in whole fetched batches (patches.batch_delivery),
        # through in-memory channels: each agent's stream carries lists of messages.
        # A channel holds at most two batches: backpressure onto the fetch loop. Not
        # app.channel(): Faust clears those on resuming flow (topologies.handoff).
        self.raw_batches = BatchChannel(app, maxsize=2)
        self.staged_batches = BatchChannel(app, maxsize=2)
        app.topics.add(self.raw_topic)
        app.topics.add(self.staged_topic)
        raw_put = cast(BatchRoute, self.raw_batches.put)
        if settings.fault_hang_after_batches:  # fault injection, tests only (watchdog)
            raw_put = hang_after(settings.fault_hang_after_batches, raw_put)
        self.patches.batch_routes.update(
            {
                self.raw_topic.get_topic_name(): raw_put,
                self.staged_topic.get_topic_name(): cast(BatchRoute, self.staged_batches.put),
            }
        )
        # The checkpoint commits on this timer, at rebalances and at stop (PipelineApp).
        app.timer(settings.commit_interval, name="checkpoint")(self._commit)
        app.agent(self.raw_batches, name="stage")(self._stage_agent)
        app.agent(self.staged_batches, name="sequence")(self._sequence_agent)
        app.timer(settings.expire_interval_s, name="expire")(self._expire_gaps)
        app.timer(settings.idle_check_interval_s, name="forget-idle")(self._forget_idle)
        watch_every = min(5.0, settings.stall_timeout_s / 4)
        app.timer(watch_every, name="watchdog")(self.watchdog.check)
        # (Faust's signal types reject bound async methods that it calls fine.)
        app.on_partitions_revoked.connect(cast(Any, self._on_revoked))
        app.on_rebalance_complete.connect(cast(Any, self._on_rebalance_complete))
        # Faust calls a page function with the request only; its types say (view, request).
        app.page("/metrics")(cast(Any, self._metrics_page))
        app.page("/ready")(cast(Any, self._ready_page))
        app.page("/health")(cast(Any, self._health_page))

    def _held(self) -> int:
        return len(self.table)

    def _session_task(self, session_id: str) -> Task:
        """Exactly-once: the task (re-key partition) whose transaction holds a session's
        outputs and state."""
        return (
            self.staged_topic.get_topic_name(),
            partition_for(session_id, self.topics.partitions),
        )

    def _assigned_ends(self) -> dict[tuple[str, int], int]:
        """End offsets (high watermarks) of the assigned raw and re-key partitions; a
        partition not fetched from yet is left out (nothing known to wait for)."""
        consumer = self.app.consumer
        topics = {self.raw_topic.get_topic_name(), self.staged_topic.get_topic_name()}
        ends = {}
        for tp in consumer.assignment():
            if tp.topic in topics:
                try:
                    end = consumer.highwater(tp)
                except Exception:  # not fetched yet
                    continue
                if end is not None and end >= 0:
                    ends[(tp.topic, tp.partition)] = end
        return ends

    def _committed(self) -> dict[tuple[str, int], int]:
        committed = getattr(self.app.consumer, "_committed_offset", {})  # no public view
        return {(tp.topic, tp.partition): offset or 0 for tp, offset in committed.items()}

    async def _read_input(self) -> InputReading | None:
        """A look at the input for the watermark, in the order ``topologies.progress``
        explains: what is processed (this worker's own positions, then the group's
        committed offsets), then the end offsets. None when the broker did not answer (the
        watermark then stays where it is), a rebalance began meanwhile, or the last
        reading is younger than READ_INTERVAL_S."""
        if time.monotonic() - self._read_at < READ_INTERVAL_S:
            return None
        self._read_at = time.monotonic()
        epoch = self.positions_epoch
        owned = {(tp.topic, tp.partition) for tp in self.app.consumer.assignment()}
        own = {tp: at for tp, at in self.positions.items() if tp in owned}
        try:
            await self.group_offsets.start()
            committed = await self.group_offsets.processed()
            at = self.clock()
            ends = await self.group_offsets.ends()
        except Exception as exc:  # the broker's trouble: judged again on the next tick
            if time.monotonic() - self._reading_failed_at > 30:
                self._reading_failed_at = time.monotonic()
                log.warning(
                    "could not read the group's progress (gaps wait meanwhile): %s: %s",
                    type(exc).__name__,
                    exc,
                )
            return None
        if epoch != self.positions_epoch or self.app.rebalancing:
            return None
        processed = {tp: max(committed.get(tp, 0), own.get(tp, 0)) for tp in ends}
        return InputReading(at, processed, ends)

    def _partition_offsets(self) -> dict[tuple[str, int], tuple[int, int]]:
        """End and committed offsets of the assigned raw and re-key partitions."""
        committed = self._committed()
        return {key: (end, committed.get(key, 0)) for key, end in self._assigned_ends().items()}

    # Page handlers: Faust calls them with the request only (bound methods stay bound).
    async def _metrics_page(self, request: Any) -> Any:
        return self.app.web.bytes(
            generate_latest(self.registry), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )

    async def _ready_page(self, request: Any) -> Any:
        """200 once the worker has its partitions and recovered their state; lists them.
        503 with the stuck partitions once the watchdog found a stall."""
        ready = self.ready and not self.app.rebalancing and not self.watchdog.stalled
        assigned: dict[str, list[int]] = {}
        for tp in self.app.consumer.assignment() if ready else ():
            assigned.setdefault(tp.topic, []).append(tp.partition)
        body = {"ready": ready, "assigned": {t: sorted(p) for t, p in sorted(assigned.items())}}
        if self.watchdog.stalled:
            body.update(self.watchdog.ready_body())
        return self.app.web.json(body, status=200 if ready else 503)

    def _recovered(self) -> bool:
        """Partitions assigned and their state and traces recovered (what /ready says)."""
        return self.ready and not self.app.rebalancing

    async def _health_page(self, request: Any) -> Any:
        return self.app.web.json({"alive": True})

    async def _commit(self) -> None:
        await self.checkpoint.commit()

    async def _stage_agent(self, batches: Any) -> None:
        await self._stop_on_error("stage", self._stage_batches(batches))

    async def _sequence_agent(self, batches: Any) -> None:
        await self._stop_on_error("sequence", self._sequence_batches(batches))

    async def _stop_on_error(self, agent: str, work: Awaitable[None]) -> None:
        """Run an agent's batch loop; an error crashes the app (module docstring: why)."""
        try:
            await work
        except Exception as exc:
            # The exception's type and message only: no record text reaches them.
            log.error(
                "agent %s failed, stopping the worker: %s: %s", agent, type(exc).__name__, exc
            )
            await self.app.crash(exc)
            raise

    async def _stage_batches(self, batches: Any) -> None:
        stage = self.pipeline.stage
        publisher = self.stage_publisher
        staged_name = self.staged_topic.get_topic_name()
        dead_letter_name = self.config.topics.dead_letter
        dumps = orjson.dumps
        exactly_once = self.exactly_once
        async for batch in batches:
            await self._prepare_publishers()
            # Exactly-once: the whole batch under the lock (no commit in between; a
            # revocation waits for it) and each record in its input partition's transaction.
            async with self.lock if exactly_once else contextlib.nullcontext():
                messages, epoch = self.checkpoint.take(batch)
                if not self._arrival_checked and messages:
                    self._arrival_checked = True
                    first = messages[0]
                    warning = arrival_warning(first.topic, first.timestamp_type)
                    if warning is not None:
                        log.warning(warning)
                events: list[StagedEvent] = []
                tasks: list[Task | None] = []
                for message in messages:
                    task = (message.topic, message.partition) if exactly_once else None
                    source = Source(message.topic, message.partition, message.offset)
                    # Arrival (contract 3.4): when the record was appended to the raw topic.
                    staged = stage(message.value or b"", source, message.timestamp)
                    if isinstance(staged, StagedEvent):
                        events.append(staged)
                        tasks.append(task)
                    else:
                        publisher.add(dead_letter_name, None, dumps(staged), task=task)
                # The dead letters don't depend on the ordering below: they travel
                # meanwhile, so the batch waits for one round trip to the broker less.
                dead_letters_sent = asyncio.ensure_future(publisher.publish())
                try:
                    if exactly_once:
                        others = list(zip(events, tasks, strict=True))
                    else:
                        others = [(event, None) for event in await self._order_in_place(events)]
                finally:
                    await dead_letters_sent
                for event, task in others:
                    key = event.session_id.encode()
                    publisher.add(staged_name, key, dumps(event.to_wire()), task=task)
                await publisher.publish()
                self.checkpoint.processed(messages, epoch)
            _advance_past(self.positions, messages)

    async def _prepare_publishers(self) -> None:
        """Learn the partitions of every topic written to, once the first batch is in.

        Not when the agents start: Faust declares its internal topics later, and asking
        for the metadata of a topic that doesn't exist yet makes a broker with automatic
        topic creation create it with its default partition count.
        """
        if self.prepared:
            return
        staged = self.staged_topic.get_topic_name()
        await self.stage_publisher.prepare([staged, self.config.topics.dead_letter])
        await self.publisher.prepare(list(self.out_topics))
        await self.state_publisher.prepare([self.changelog_name])
        wanted = self.topics.partitions
        internal = [(self.stage_publisher, staged), (self.state_publisher, self.changelog_name)]
        if self.traces is not None:  # the traces' changelog (topologies.traces)
            internal.append((self.publisher, self.traces.changelog_name))
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
                raise error  # the agent stops the worker (_stop_on_error)
        self.prepared = True
        self.checkpoint.enabled = True

    async def _order_in_place(self, events: list[StagedEvent]) -> list[StagedEvent]:
        """Orders the events whose session's re-key partition this worker owns, without the
        round trip through the re-key topic; returns the others, to be re-keyed.

        Correct for any raw key: the partition is computed from the sessionId, exactly as
        the re-key topic's partitioner places it, so an event ordered here is one this
        worker's ``sequence`` agent would have received. The set of owned partitions is
        emptied under the lock when a rebalance starts and refilled once the rebalance
        (and the recovery of those partitions' state) has completed.
        """
        async with self.lock:
            local = self.local_partitions
            if not local or not events:
                return events
            partitions = self.topics.partitions
            mine: list[StagedEvent] = []
            others: list[StagedEvent] = []
            for event in events:
                if partition_for(event.session_id, partitions) in local:
                    mine.append(event)
                else:
                    others.append(event)
            if mine:
                await self._order_locked(mine)
            return others

    async def _sequence_batches(self, batches: Any) -> None:
        from_wire = StagedEvent.from_wire
        loads = orjson.loads
        exactly_once = self.exactly_once
        async for batch in batches:
            await self._prepare_publishers()
            if exactly_once:  # taken and marked processed under the lock too (stage agent)
                async with self.lock:
                    messages, epoch = self.checkpoint.take(batch)
                    await self._order_locked([from_wire(loads(m.value)) for m in messages])
                    self.checkpoint.processed(messages, epoch)
            else:
                messages, epoch = self.checkpoint.take(batch)
                events = [from_wire(loads(message.value)) for message in messages]
                async with self.lock:
                    await self._order_locked(events)
                self.checkpoint.processed(messages, epoch)
            _advance_past(self.positions, messages)

    async def _order_locked(self, events: list[StagedEvent]) -> None:
        """Ordering and stateful rules for a batch of staged events (caller holds the lock):
        outputs acknowledged before the lock is released (Checkpoint.commit: why)."""
        offer = self.pipeline.offer
        outputs: list[Output] = []
        for event in events:
            outputs += offer(event)
        await self._publish(outputs)

    async def _expire_gaps(self) -> None:
        # Once recovered, not once the first batch is in: a worker restarted with events
        # waiting on gaps and no new input must still skip those gaps (issue 19's stall).
        if self.app.rebalancing or not self.ready:
            return
        if not self.prepared:  # the internal topics exist once partitions are assigned
            await self._stop_on_error("expire", self._prepare_publishers())
        reading = await self._read_input()
        stalled_before = self.progress.stalled
        if reading is not None:
            self.progress.observe(reading)
            if self.progress.stalled and self.progress.stalled != stalled_before:
                log.warning(
                    "input partitions not processed for %.0f s (gaps wait up to %.0f s for "
                    "them, then are skipped as input_stalled): %s",
                    self.settings.stall_timeout_s,
                    self.config.gap_max_wait_s,
                    _names(self.progress.stalled),
                )
        async with self.lock:
            if self.app.rebalancing:  # began while this waited for the lock: the sessions
                return  # held may be another worker's now (and exactly-once: no producers)
            stalled_gaps = self.pipeline.stats.gaps_by_cause["input_stalled"]
            outputs = self.pipeline.expire(
                watermark=self.progress.watermark, input_stalled=bool(self.progress.stalled)
            )
            if outputs:
                await self._publish(outputs)
            skipped = self.pipeline.stats.gaps_by_cause["input_stalled"] - stalled_gaps
        if skipped:
            log.warning(
                "skipped %d gaps after %.0f s held while the input was stalled: %s",
                skipped,
                self.config.gap_max_wait_s,
                _names(self.progress.stalled),
            )

    async def _forget_idle(self) -> None:
        if self.app.rebalancing or not self.prepared:
            return
        async with self.lock:
            forgotten = self.pipeline.sequencer.forget_idle()
            if self.traces is not None:
                self.traces.expire()
        if forgotten:
            log.info("forgot %d idle sessions", forgotten)

    async def _publish(self, outputs: list[Output]) -> None:
        """Send every output to its topics and wait until the broker has them all."""
        if not outputs:
            return
        topics = self.config.topics
        publisher = self.publisher
        published = self.pipeline.stats.published
        dumps = orjson.dumps
        released: list[tuple[dict[str, Any], bytes]] = []
        session_events = topics.session_events
        prev_seq = self.traces.prev_seqs() if self.traces is not None else None
        task_of = self._session_task if self.exactly_once else None
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
        await publisher.publish()
        if self.traces is not None:  # released and on the clean topics: servable now
            self.traces.append(released)
        now = self.clock()
        observe = self.pipeline.stats.observe_latency
        for kind, record in outputs:
            if kind == CLEAN:
                observe(record["ts"], now)

    async def _on_revoked(self, sender: Any, *_: Any, **__: Any) -> None:
        # Holding the processing lock; exactly-once commits first (Checkpoint.revoking).
        # At-least-once, what is not committed is replayed by the partitions' next
        # owners; the checkpoint committed when the rebalance started, so normally
        # nothing is left.
        async with self.checkpoint.revoking():
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
            self.raw_batches.drop_waiting()
            self.staged_batches.drop_waiting()
            # Exactly-once: stop the producers (their transactions are empty after the
            # commit); the next assignment starts the producers of the partitions then
            # owned, fencing their previous owners.
            await self.checkpoint.close_tasks()

    async def _on_rebalance_complete(self, sender: Any, *_: Any, **__: Any) -> None:
        async with self.lock:
            # Forget sessions of partitions this worker no longer owns. Only here, after
            # the rebalance: Faust revokes every partition at the start of a rebalance and
            # resumes recovery of the ones it keeps where it stopped, so dropping them then
            # would lose them; a partition that really left is recovered in full if it
            # comes back.
            changelog = self.table.changelog_topic.get_topic_name()
            owned = {tp.partition for tp in self.app.consumer.assignment() if tp.topic == changelog}
            gone = set(range(self.topics.partitions)) - owned
            dropped = drop_partitions(self.table, gone, self.topics.partitions) if gone else 0
            if gone and self.traces is not None:
                self.traces.drop_partitions(gone)
            # Table recovery is done: rebuild the index of sessions waiting on a gap.
            self.pipeline.sequencer.reindex(restart_waits=True)
            if self.settings.process_in_place:
                staged = self.staged_topic.get_topic_name()
                self.local_partitions = frozenset(
                    tp.partition for tp in self.app.consumer.assignment() if tp.topic == staged
                )
        self.ready = True
        log.info(
            "rebalance complete: partitions %s, %d sessions held (%d handed over), "
            "%d events waiting",
            sorted(owned),
            len(self.table),
            dropped,
            self.pipeline.stats.waiting,
        )


def _names(partitions: list[TP]) -> str:
    return ", ".join(f"{topic}[{partition}]" for topic, partition in partitions)


def _advance_past(positions: dict[tuple[str, int], int], messages: list[Any]) -> None:
    """Note that an agent has processed every message of a batch (up to where the fetch
    left each partition, past transaction markers: patches.fetch_positions)."""
    for (topic, partition), offset in next_offsets(messages).items():
        advance(positions, topic, partition, offset)


def create_app(
    settings: WorkerSettings | None = None, config: PipelineConfig | None = None
) -> faust.App:
    return PipelineTopology(settings, config).app
