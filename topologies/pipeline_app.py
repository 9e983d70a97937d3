"""The Faust topology: raw topic -> stateless stages -> re-key by session -> ordering and
stateful rules (state in a changelog-backed table) -> clean topics and dead letters.

What is done with each batch, each timer tick and each rebalance is
``topologies.processing`` (no Faust in it; tests/topologies/test_processing.py drives it with
fakes). This module builds the Faust app and adapts it: the agents, timers and rebalance
handlers below only translate Faust's streams, partitions and signals into the
processor's plain inputs. The "stage" and "sequence" agents take whole fetched batches
(``topologies.patches.batch_delivery``, ``topologies.handoff``). An error in either stops
the worker rather than letting Faust restart the agent
(``BatchProcessor.stop_on_error``: why).

::

    chao.raw.events (any key, any partition)
        |  agent "stage": validation, policy screening, tool normalization (Pipeline.stage)
        |--> chao.dead-letter            (records that can't be placed in a session)
        |--> ordered in place when this worker owns the session's re-key partition
        v    (same code and commit order as the "sequence" agent; no round trip)
    <app>-staged (internal re-key topic, key = sessionId)
        |  agent "sequence": per-session ordering + stateful rules (Pipeline.offer)
        |  table "sessions" (<app>-sessions-changelog): one SessionState per session
        |--> chao.clean.session-events + one family view per event
        |      table "traces" (its changelog: chao.clean.session-events itself,
        |      topologies.traces): the released events of each session, served over HTTP
        |--> chao.dead-letter            (policy drops, rejected events in their turn)

    timers: "checkpoint" (commit_interval): commits what is processed (topologies.checkpoint)
            "expire" (expire_interval_s): reads the group's progress on the input
                (topologies.progress) and skips the gaps the input shows are not going
                to be filled in time
            "forget-idle" (idle_check_interval_s): forgets idle sessions and traces
            "watchdog" (min(5 s, stall_timeout_s / 4)): stops a worker whose assigned
                partitions make no progress (topologies.watchdog)
            "subscribed-metadata" (5 s): asks the brokers again while a subscribed topic
                is missing from the consumer's metadata (topologies.subscribed_metadata)
    signals: partitions revoked, rebalance complete (BatchProcessor.revoked,
            BatchProcessor.rebalance_complete)

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
import time
from collections.abc import Iterable
from typing import Any, cast

import orjson
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from pipeline.api.settings import ApiSettings
from pipeline.config import PipelineConfig, WorkerSettings, bootstrap_addresses
from pipeline.core import Pipeline
from pipeline.errors import ConfigError
from pipeline.kafka.engine import Engine, resolve_engine
from pipeline.kafka.offsets import GroupOffsets
from pipeline.kafka.stable_offsets import await_stable_offsets
from pipeline.metrics import PipelineCollector
from pipeline.stages.ordering import Clock
from pipeline.topics import min_insync_replicas, worker_topics
from pipeline.trace import TraceSettings
from topologies import faust_bridge, patches, previous_member, state_store, subscribed_metadata
from topologies.app import PipelineApp, app_settings
from topologies.faust_checkpoint import FaustCheckpoint
from topologies.handoff import BatchChannel
from topologies.http_api import SessionApi, faust_web_settings
from topologies.patches import BatchRoute, end_offsets
from topologies.processing import BatchProcessor, Layout, Options, Ports, session_tasks
from topologies.progress import TP
from topologies.publish import BatchPublisher
from topologies.state import (
    CODEC_NAME,
    BatchedTableStore,
    drop_partitions,
    partition_for,
    plain_dict,
    register_codec,
)
from topologies.trace_bodies import worker_bodies
from topologies.traces import Traces, broker_bulk_reader, broker_offset_lookup
from topologies.transactions import TaskProducers, kafka_producer_factory
from topologies.watchdog import Watchdog, hang_after

#: How often the consumer's metadata is looked at for a missing subscribed topic.
METADATA_CHECK_S = 5.0


class PipelineTopology:
    """Builds the Faust app and wires the pipeline's stages into it: one builder per
    concern, called in the order they depend on each other."""

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
        self.clock = clock
        engine = self._settle_settings(settings or WorkerSettings())
        register_codec()
        state_store.register()
        # Faust's own web endpoints off: /table would serve the traces unchecked (http_api).
        self.app = PipelineApp(
            self.settings.app_id, **app_settings(self.settings), **faust_web_settings()
        )
        self.patches = patches.apply(
            self.app,
            engine=engine,
            fetch_max_wait_ms=self.settings.fetch_max_wait_ms,
            read_committed=self.exactly_once,
        )
        self._declare_topics()
        self._declare_sessions_table()
        # One batch at a time touches session state: the agents and the timers take turns.
        self.lock = asyncio.Lock()
        # Exactly-once, the stage agent holds this one for a batch instead: it touches no
        # session state, and its batches need only keep out of a commit's sealing.
        self.stage_lock = asyncio.Lock()
        self._build_publishers()
        self._build_checkpoint()
        self.pipeline = Pipeline(self.config, store=self.store, clock=clock)
        self._build_traces(trace_settings or TraceSettings())
        # The session endpoints, behind the token check (topologies.http_api, docs/api.md).
        self.api = (
            SessionApi(self.app, self.traces, api_settings, ready=self._recovered)
            if self.traces is not None
            else None
        )
        self._build_inboxes()
        self._build_group_offsets(engine)
        self._build_processor(engine)
        # Stops the worker when assigned partitions make no progress (topologies.watchdog).
        self.watchdog = Watchdog(
            self.settings.stall_timeout_s, self._partition_offsets, self._recovered, self.app.crash
        )
        self._build_metrics()
        self._wire()

    # -- builders, one per concern ---------------------------------------------------------

    def _settle_settings(self, settings: WorkerSettings) -> Engine:
        """The settings the worker runs with, and the broker engine; the rules that tie a
        processing guarantee to a broker."""
        # Every topic's name and partitions from the registry (pipeline.topics); a worker
        # has resolved its partitions from the broker (topologies.worker), others default.
        self.topics = worker_topics(settings, self.config.topics)
        self.settings = settings.model_copy(update={"partitions": self.topics.partitions})
        # Exactly-once: transactions per input partition (topologies.transactions).
        self.exactly_once = self.settings.processing_guarantee == "exactly_once"
        self.addresses = bootstrap_addresses(self.settings.broker)
        self.bootstrap = ",".join(f"{host}:{port}" for host, port in self.addresses)
        static = self.settings.group_instance_id is not None
        engine = resolve_engine(
            self.settings.broker_engine,
            self.addresses,
            # Both are refused on Tansu below: a worker started before its Kafka broker
            # must not be refused for want of an answer.
            unknown="kafka" if self.exactly_once or static else "tansu",
        )
        if self.exactly_once and engine != "kafka":
            raise ConfigError(
                "CHAO_PROCESSING_GUARANTEE=exactly_once needs Apache Kafka's transactions; "
                f"the broker at {self.settings.broker} is the embedded Tansu, which has none: "
                "use at_least_once there"
            )
        if static and engine != "kafka":
            # Tansu 0.6 answers a static member's JoinGroup at generation 0 and the member
            # rejoins every few seconds for ever: it would never process anything.
            raise ConfigError(
                "CHAO_WORKER_GROUP_INSTANCE_ID (static membership) needs Apache Kafka; the "
                f"broker at {self.settings.broker} is the embedded Tansu, whose group "
                "coordinator never settles a static member: unset it there (docs/kafka.md, "
                "'Static membership')"
            )
        if self.exactly_once and self.settings.process_in_place:
            # A raw partition's transaction must not hold another partition's session
            # state: every event takes the re-key hop (topologies.transactions).
            self.settings = self.settings.model_copy(update={"process_in_place": False})
        return engine

    def _internal_config(self) -> dict[str, str] | None:
        # The internal topics' replicas come from the app's settings (the raw topic's,
        # topologies.worker); from 3 replicas on, min.insync.replicas=2 as the operator's
        # topics (pipeline.topics.min_insync_replicas).
        in_sync = min_insync_replicas(self.settings.replication or 1)
        return {"min.insync.replicas": str(in_sync)} if in_sync else None

    def _declare_topics(self) -> None:
        """The raw topic, the re-key topic and the output topics."""
        app = self.app
        self.raw_topic = app.topic(
            self.topics.raw.name, key_serializer="raw", value_serializer="raw"
        )
        self.staged_topic = app.topic(
            self.topics.staged.name,
            partitions=self.topics.partitions,
            internal=True,
            config=self._internal_config(),
            key_serializer="raw",
            value_serializer="raw",
        )
        self.out_topics = {
            topic.name: app.topic(topic.name, key_serializer="raw", value_serializer="raw")
            for topic in self.topics.outputs()
        }

    def _declare_sessions_table(self) -> None:
        """The sessions table, its changelog topic, and the batch write-back store over it."""
        app = self.app
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
            config=self._internal_config(),
            maxsize=131_072,
            allow_empty=True,
        )
        rocks = self.settings.state_store == "rocksdb"
        table: Any = app.Table(
            "sessions",
            partitions=self.topics.partitions,
            key_type=str,
            changelog_topic=changelog,
            # Partition by key, like the re-key topic: writes from the gap timer have no
            # current event to take a partition from.
            use_partitioner=True,
            # RocksDB under the datadir, or in memory (topologies.state_store). With a
            # path: Faust takes a table's store URL only when it is truthy, and yarl's
            # "scheme://" is not (the table would fall back to the app's store).
            store=f"{state_store.SCHEME}:sessions" if rocks else "memory:sessions",
            options=(
                state_store.store_options(self.settings.state_cache_mb, self.topics.partitions)
                if rocks
                else None
            ),
        )
        table.key_serializer = "raw"  # used when writing (send_changelog)
        table.value_serializer = CODEC_NAME
        self.table = table
        self.store = BatchedTableStore(self.table)
        self.changelog_name = changelog.get_topic_name()
        self.session_store: state_store.SessionStore | None = None
        if rocks:
            store = table.data
            assert isinstance(store, state_store.SessionStore)
            store.partitions = self.topics.partitions
            store.exactly_once = self.exactly_once
            # Who wrote a database: another app id or changelog topic is another
            # deployment (its records mean nothing here).
            store.identity = orjson.dumps(
                {"app": self.settings.app_id, "changelog": self.changelog_name}
            )
            store.offset_bounds = state_store.broker_offset_bounds(
                [f"{host}:{port}" for host, port in self.addresses]
            )
            self.session_store = store
            app.on_clean_stop = [store.mark_clean]

    def _build_publishers(self) -> None:
        """Four publishers over Faust's producer (the stage agent's dead letters and
        re-keyed events, the sequence agent's outputs: the agents publish concurrently;
        the checkpoint writes the changelog), and in exactly-once mode the tasks'
        transactional producers all but the re-keyed events route through."""
        producer = faust_bridge.aiokafka_producer(self.app.producer)  # Faust's own
        app_id = self.settings.app_id
        bootstrap = self.bootstrap
        self.tasks = (
            TaskProducers(
                app_id,
                kafka_producer_factory(bootstrap),
                stable=lambda tasks: await_stable_offsets(bootstrap, app_id, tasks),
            )
            if self.exactly_once
            else None
        )
        tasks = self.tasks
        route = tasks.producer if tasks is not None else None
        opened = tasks.opened if tasks is not None else None  # a commit may have sealed it
        self.stage_publisher = BatchPublisher(producer, route, opened)
        # Exactly-once too outside the transactions (BatchProcessor.stage_batches: why).
        self.rekey_publisher = BatchPublisher(producer)
        self.publisher = BatchPublisher(producer, route, opened)
        # The changed states, at commit time: into the transactions the commit sealed.
        self.state_publisher = BatchPublisher(
            producer, tasks.sealed_producer if tasks is not None else None
        )

    def _partition_of(self, session_id: str) -> int:
        """A session's re-key (and changelog) partition."""
        return partition_for(session_id, self.topics.partitions)

    def _build_checkpoint(self) -> None:
        """What is processed and not committed yet, and the commit order
        (topologies.checkpoint); the app commits through it at rebalances and stop."""
        staged_name = self.staged_topic.get_topic_name()
        self.checkpoint = FaustCheckpoint(
            self.app,
            self.store,
            self.state_publisher,
            self.changelog_name,
            self.lock,
            tasks=self.tasks,
            task_topics=frozenset({self.raw_topic.get_topic_name(), staged_name}),
            state_task=(
                session_tasks(staged_name, self._partition_of) if self.exactly_once else None
            ),
            stage_lock=self.stage_lock,
        )
        self.app.checkpoint = self.checkpoint

    def _build_traces(self, trace_settings: TraceSettings) -> None:
        """The traces table (topologies.traces), when traces are on."""
        bootstrap = [f"{host}:{port}" for host, port in self.addresses]
        # The events' bytes on disk with the RocksDB store (topologies.trace_bodies: why),
        # opened when the worker starts (topologies.worker).
        self.trace_bodies = (
            worker_bodies(
                self.settings.datadir,
                trace_settings.max_age_s,
                self.topics.partitions,
                # Marks of another deployment are not this topic's (trace_bodies).
                identity=orjson.dumps(
                    {"app": self.settings.app_id, "clean": self.topics.session_events.name}
                ),
                # Exactly-once: emptied at start, never read back (trace_bodies: why).
                keep=not self.exactly_once,
            )
            if trace_settings.enabled and self.settings.state_store == "rocksdb"
            else None
        )
        self.traces: Traces | None = (
            Traces(
                self.app,
                self.topics.session_events.spec(),
                trace_settings,
                broker_offset_lookup(bootstrap),
                drop_counts=self.pipeline.sequencer.drop_counts,  # the trace's drops
                bulk_load=broker_bulk_reader(bootstrap),
                bodies=self.trace_bodies,
                offset_bounds=state_store.broker_offset_bounds(bootstrap),
            )
            if trace_settings.enabled
            else None
        )

    def _build_inboxes(self) -> None:
        """The in-memory channels that hand fetched batches to the agents."""
        # The raw and re-key topics are subscribed through Faust's conductor, but their
        # messages reach the agents in whole fetched batches (patches.batch_delivery),
        # through in-memory channels: each agent's stream carries lists of messages.
        # A channel holds at most two batches: backpressure onto the fetch loop. Not
        # app.channel(): Faust clears those on resuming flow (topologies.handoff).
        self.raw_batches = BatchChannel(self.app, maxsize=2)
        self.staged_batches = BatchChannel(self.app, maxsize=2)

    def _build_group_offsets(self, engine: Engine) -> None:
        """The group's offsets on the input, for the gap timer's watermark."""
        self.group_offsets = GroupOffsets(
            [f"{host}:{port}" for host, port in self.addresses],
            self.settings.app_id,
            [self.raw_topic.get_topic_name(), self.staged_topic.get_topic_name()],
            # Tansu's ListOffsets answer is short after a multi-record batch: the same
            # workaround as Faust's consumer (a short end would let the watermark pass).
            adjust=end_offsets.configure if engine == "tansu" else None,
        )
        self.app.closers = [self.group_offsets.stop, self._close_trace_bodies]

    async def _close_trace_bodies(self) -> None:
        if self.trace_bodies is not None:
            self.trace_bodies.close()

    def _build_processor(self, engine: Engine) -> None:
        """The batch processor (topologies.processing) over this app's ports."""
        layout = Layout(
            raw=self.raw_topic.get_topic_name(),
            staged=self.staged_topic.get_topic_name(),
            changelog=self.changelog_name,
            outputs=tuple(self.out_topics),
            dead_letter=self.config.topics.dead_letter,
            partitions=self.topics.partitions,
        )
        ports = Ports(
            stage_publisher=self.stage_publisher,
            rekey_publisher=self.rekey_publisher,
            publisher=self.publisher,
            state_publisher=self.state_publisher,
            checkpoint=self.checkpoint,
            group=_FaustGroup(self.app),
            input_offsets=self.group_offsets,
            sessions=_SessionsTable(self.table, self.topics.partitions),
            inboxes=_Inboxes((self.raw_batches, self.staged_batches)),
            crash=self.app.crash,
            traces=self.traces,
        )
        options = Options(
            exactly_once=self.exactly_once,
            process_in_place=self.settings.process_in_place,
            stall_timeout_s=self.settings.stall_timeout_s,
            check_arrival=engine == "kafka",
        )
        self.processor = BatchProcessor(
            self.pipeline,
            self.config,
            layout,
            ports,
            options,
            lock=self.lock,
            stage_lock=self.stage_lock,
            partition_of=self._partition_of,
            clock=self.clock,
        )

    def _build_metrics(self) -> None:
        """The Prometheus registry /metrics serves."""
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
        self.registry.register(state_store.StoreCollector(lambda: self.session_store))

    def _wire(self) -> None:
        """The batch routes, agents, timers, rebalance handlers and pages."""
        app = self.app
        settings = self.settings
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
        app.timer(settings.expire_interval_s, name="expire")(self.processor.expire_gaps)
        app.timer(settings.idle_check_interval_s, name="forget-idle")(self.processor.forget_idle)
        watch_every = min(5.0, settings.stall_timeout_s / 4)
        app.timer(watch_every, name="watchdog")(self.watchdog.check)
        app.timer(METADATA_CHECK_S, name="subscribed-metadata")(self._check_metadata)
        # (Faust's signal types reject bound async methods that it calls fine.)
        app.on_partitions_revoked.connect(cast(Any, self._on_revoked))
        app.on_rebalance_complete.connect(cast(Any, self._on_rebalance_complete))
        # Faust calls a page function with the request only; its types say (view, request).
        app.page("/metrics")(cast(Any, self._metrics_page))
        app.page("/ready")(cast(Any, self._ready_page))
        app.page("/health")(cast(Any, self._health_page))

    # -- state read by the pages, the watchdog and the metrics -----------------------------

    @property
    def ready(self) -> bool:
        """Set once the first rebalance (and table recovery) completed."""
        return self.processor.ready

    @ready.setter
    def ready(self, value: bool) -> None:
        self.processor.ready = value

    def _held(self) -> int:
        return len(plain_dict(self.table))  # Faust's len() of a RocksDB table reads it all

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
        committed = faust_bridge.committed_offsets(self.app.consumer)
        return {(tp.topic, tp.partition): offset or 0 for tp, offset in committed.items()}

    def _partition_offsets(self) -> dict[tuple[str, int], tuple[int, int]]:
        """End and committed offsets of the assigned raw and re-key partitions."""
        committed = self._committed()
        return {key: (end, committed.get(key, 0)) for key, end in self._assigned_ends().items()}

    def _recovered(self) -> bool:
        """Partitions assigned and their state and traces recovered (what /ready says)."""
        return self.ready and not self.app.rebalancing

    # -- adapters: Faust's calls into the processor ----------------------------------------

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

    async def _health_page(self, request: Any) -> Any:
        return self.app.web.json({"alive": True})

    async def _commit(self) -> None:
        await self.checkpoint.commit()

    async def _stage_agent(self, batches: Any) -> None:
        await self.processor.stop_on_error("stage", self._stage_batches(batches))

    async def _sequence_agent(self, batches: Any) -> None:
        await self.processor.stop_on_error("sequence", self._sequence_batches(batches))

    async def _stage_batches(self, batches: Any) -> None:
        # A Faust stream of batches (lists of Faust's messages) is an async iterable of
        # plain lists of records: nothing to translate.
        await self.processor.stage_batches(batches)

    async def _sequence_batches(self, batches: Any) -> None:
        await self.processor.sequence_batches(batches)

    async def _on_revoked(self, sender: Any, *_: Any, **__: Any) -> None:
        await self.processor.revoked()

    async def _check_metadata(self) -> None:
        # Once assigned (the consumer runs) and not mid-rebalance (a join asks anyway).
        if self.ready and not self.app.rebalancing:
            await subscribed_metadata.check(self.app)

    async def _on_rebalance_complete(self, sender: Any, *_: Any, **__: Any) -> None:
        await self.processor.rebalance_complete()
        if self.settings.group_instance_id is None:  # for a successor (previous_member)
            member_id = await faust_bridge.member_id(self.app.consumer)
            if member_id:
                previous_member.remember(self.settings.datadir, self.settings.app_id, member_id)


class _FaustGroup:
    """processing.Group: the app's consumer, its assignment as (topic, partition) pairs."""

    def __init__(self, app: PipelineApp) -> None:
        self.app = app

    def rebalancing(self) -> bool:
        return bool(self.app.rebalancing)

    def assigned(self) -> Iterable[TP]:
        return [(tp.topic, tp.partition) for tp in self.app.consumer.assignment()]


class _SessionsTable:
    """processing.SessionTable: the sessions table's in-memory store."""

    def __init__(self, table: Any, partitions: int) -> None:
        self.table = table
        self.total = partitions

    def __len__(self) -> int:
        return len(plain_dict(self.table))

    def drop_partitions(self, gone: set[int]) -> int:
        return drop_partitions(self.table, gone, self.total)


class _Inboxes:
    """processing.Inboxes: the agents' batch channels."""

    def __init__(self, channels: tuple[BatchChannel, ...]) -> None:
        self.channels = channels

    def drop_waiting(self) -> None:
        for channel in self.channels:
            channel.drop_waiting()
