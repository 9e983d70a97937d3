"""Everything we change in how Faust runs, in one place, each with the reason.

A test (tests/test_faust_tuning.py) fails when a Faust or aiokafka upgrade undoes any of it.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from typing import Any

import faust
from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.protocol.fetch import FetchRequest
from faust.transport.consumer import CONSUMER_FETCHING, Consumer
from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

from pipeline.api.redact import RedactCredentials
from pipeline.config import WorkerSettings
from topologies.created_topics import patch_topic_creation


def faust_app_settings(settings: WorkerSettings) -> dict[str, Any]:
    """Keyword arguments for ``faust.App``."""
    return {
        "broker": settings.broker,
        # State lives in the changelog topic; the in-memory store is rebuilt from it at
        # start and on rebalance (no RocksDB to install, nothing on local disk to trust).
        "store": "memory://",
        "datadir": settings.datadir,
        "web_enabled": True,
        "web_bind": settings.web_host,
        "web_host": settings.web_host,
        "web_port": settings.web_port,
        "topic_partitions": settings.partitions,
        "topic_replication_factor": 1,
        "table_standby_replicas": 0,
        # A new consumer group starts from the beginning of the raw topic: nothing skipped.
        "consumer_auto_offset_reset": "earliest",
        # Every output is acknowledged by all in-sync replicas before it counts.
        "producer_acks": -1,
        # Detect a dead worker within seconds, not Faust's default of a minute and more.
        "broker_session_timeout": settings.consumer_session_timeout_s,
        "broker_heartbeat_interval": settings.consumer_heartbeat_s,
        # Each commit first writes the changed session states (BEFORE_COMMIT below).
        "broker_commit_interval": settings.commit_interval_s,
        # No producer linger: the agents hand whole batches to the producer already
        # (topologies/publish.py), and a linger would only delay each batch's ack.
        "producer_linger": 0.0,
    }


class PipelineWorker(faust.Worker):  # type: ignore[misc]
    """Faust's worker, with logging an operator can trust at any level.

    Why: with a level of WARNING or above, Faust adds a terminal "spinner" handler at DEBUG
    and sets the root logger to DEBUG (``faust.Worker._setup_spinner_handler``). Every debug
    call then builds a log record (a measurable cost per message: several per event) and
    a handler receives records whose arguments are raw record values
    (``faust.topics``: "send: topic=%r k=%r v=%r"). A worker is a service, not a terminal:
    no spinner; the root logger gets exactly the configured level; and every handler
    redacts message bodies (:class:`RedactRecordValues`), so even DEBUG logs carry no
    payload text.
    """

    def on_setup_root_logger(self, logger: logging.Logger, level: int) -> None:
        self.spinner = None
        logger.setLevel(level or logging.INFO)
        for handler in logger.handlers:
            handler.addFilter(RedactRecordValues())
            handler.addFilter(RedactCredentials())  # tokens (pipeline.api.redact)


class RedactRecordValues(logging.Filter):
    """Replace bytes arguments of log records (record keys and values) by their length.

    Faust and aiokafka pass raw keys and values as ``bytes`` arguments to debug messages;
    the pipeline itself never logs text. Objects that carry a value (Faust messages and
    events) are reduced to their coordinates.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and args:
            record.args = tuple(_redacted(arg) for arg in args)
        elif isinstance(args, dict) and args:
            record.args = {key: _redacted(value) for key, value in args.items()}
        return True


def _redacted(arg: Any) -> Any:
    if isinstance(arg, bytes | bytearray | memoryview):
        return f"<{len(arg)} bytes>"
    if hasattr(arg, "value") and hasattr(arg, "offset") and hasattr(arg, "topic"):
        return f"<message {arg.topic}[{getattr(arg, 'partition', '?')}]@{arg.offset}>"
    message = getattr(arg, "message", None)
    if message is not None and hasattr(message, "offset") and hasattr(message, "value"):
        return f"<event {message.topic}[{message.partition}]@{message.offset}>"
    return arg


def install_event_loop() -> None:
    """uvloop: a faster event loop (measured in BENCHMARKS.md); asyncio's own if missing."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is a dependency
        return
    uvloop.install()


#: Young-generation threshold of the cyclic garbage collector in a worker (CPython: 700).
GC_THRESHOLDS = (50_000, 20, 10)


def tune_garbage_collector() -> None:
    """Fewer, cheaper cyclic garbage collections in a worker; call once it is built.

    Why: a worker allocates a few hundred container objects per event (parsed records,
    clean events, outputs, Faust's message objects) and holds millions of long-lived ones
    (sessions, traces, Faust and its libraries). With CPython's defaults a young
    collection runs every 700 allocations, and the older generations, which it walks in
    full, are collected often enough that the collector took about a quarter of the
    worker's CPU draining a 200k-event backlog (BENCHMARKS.md: about 12,000 -> 16,000
    events/s on the same run). ``gc.freeze()`` moves everything that exists once the app
    is built (modules, Faust, the topology) out of the collector's sight for good; the
    thresholds let a young collection wait for 50,000 allocations and keep full
    collections periodic (every 10 of the middle ones), so cyclic garbage is still freed.
    Reference counting, which frees everything that isn't in a cycle, is untouched.
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def apply_faust_tuning(settings: WorkerSettings | None = None) -> None:
    """Process-wide adjustments; idempotent."""
    _patch_end_offsets()
    _patch_ack_of_skipped_messages()
    _patch_fetch_max_wait((settings or WorkerSettings()).fetch_max_wait_ms)
    _patch_drain_messages()
    _patch_force_commit()
    patch_topic_creation()


# -- deliver a fetched batch under one wait, not one wait per message ---------------------
#
# Why: ``Consumer._drain_messages`` wraps the delivery of every single message in
# ``wait_first(callback(message), suspend_flow.wait())``: a task for each of the two
# awaitables plus ``asyncio.wait`` bookkeeping, per message (profiled: about a third of
# the worker's CPU at full load). The replacement delivers all messages of one
# ``getmany`` result inside a single ``wait_first`` against the same suspend event, so a
# rebalance still interrupts delivery at once. Messages of the topics named in the app's
# ``chao_batch_routes`` go, as one list per topic, to the agent that takes batches of
# that topic (the remaining per-message path of Faust, conductor plus stream loop, costs
# about 100 us per message; measured in BENCHMARKS.md); all other topics (the state
# changelog during recovery, for one) take Faust's path unchanged. Everything else is
# Faust's code as it was: read offsets, gap detection for acks, commit every N acks
# (checked once per batch), the same stop and error handling. A message the interrupted
# batch did not deliver gets no read offset: it is fetched again after the rebalance
# (Faust's version marked it read; eager rebalancing clears read offsets anyway).


_original_drain_messages = Consumer._drain_messages

BATCH_ROUTES = "chao_batch_routes"
"""Attribute of the app: {topic name: async callable taking the list of messages of that
topic from one fetch}. Messages of these topics skip Faust's per-message delivery (the
conductor, the topic's queue, the stream's per-event loop) and go to the callable as one
batch; the callable owns tracking and acking them (see topologies.pipeline_app)."""


async def _drain_messages_by_batch(self: Consumer, fetcher: Any) -> None:  # pragma: no cover
    callback = self.callback
    getmany = self.getmany
    consumer_should_stop = self._stopped.is_set
    fetcher_should_stop = fetcher._stopped.is_set
    get_read_offset = self._read_offset.__getitem__
    set_read_offset = self._read_offset.__setitem__
    set_flag = self.diag.set_flag
    unset_flag = self.diag.unset_flag
    commit_every = self._commit_every
    acks_enabled_for = self.app.topics.acks_enabled_for

    routes: dict[str, Any] = getattr(self.app, BATCH_ROUTES, None) or {}

    async def deliver(batch: list[tuple[Any, Any]]) -> None:
        by_topic: dict[str, list[Any]] = {}
        for tp, message in batch:
            offset = message.offset
            r_offset = get_read_offset(tp)
            if r_offset is None or offset >= r_offset:
                gap = offset - (r_offset or 0)
                if gap > 1 and r_offset and acks_enabled_for(message.topic):
                    await self._add_gap(tp, r_offset + 1, offset)
                if message.topic in routes:
                    by_topic.setdefault(message.topic, []).append(message)
                else:
                    await callback(message)
                set_read_offset(tp, offset)
        for topic, messages in by_topic.items():
            await routes[topic](messages)

    try:
        while not (consumer_should_stop() or fetcher_should_stop()):
            set_flag(CONSUMER_FETCHING)
            batch = [item async for item in getmany(timeout=1.0)]
            await asyncio.sleep(0)  # getmany may not have released the loop
            if commit_every is not None and self._n_acked >= commit_every:
                self._n_acked = 0  # as Faust does, but checked once per batch
                await self.commit()
            if batch and not self.should_stop:
                await self.wait_first(deliver(batch), self.suspend_flow.wait())
            unset_flag(CONSUMER_FETCHING)
    except self.consumer_stopped_errors:
        if self.transport.app.should_stop:
            self.log.info("Broker stopped consumer, shutting down...")
            return
        raise
    except asyncio.CancelledError:
        if self.transport.app.should_stop:
            self.log.info("Consumer shutting down for user cancel.")
            return
        raise
    except Exception as exc:
        self.log.exception("Drain messages raised: %r", exc)
        raise
    finally:
        unset_flag(CONSUMER_FETCHING)


_drain_messages_by_batch.chao_patch = True  # type: ignore[attr-defined]


def _patch_drain_messages() -> None:
    if not getattr(Consumer._drain_messages, "chao_patch", False):
        Consumer._drain_messages = _drain_messages_by_batch


# -- a short fetch wait and a short prefetch backoff ------------------------------------------
#
# Why: Faust hard-codes fetch_max_wait_ms=1500 for its consumer. A broker that does not
# answer a waiting fetch as soon as data arrives (the embedded Tansu; measured: a record
# produced into an idle partition is delivered after ~1.23 s with 1500 ms, ~37 ms with
# 100 ms) then adds up to 1.5 s per hop, two hops per event: longer than the contract's 2 s
# reorder window, so events of one session on two partitions could be skipped as late. On
# Apache Kafka, which answers early, a short wait only means more empty fetches when idle.
#
# Why the prefetch backoff: aiokafka's fetcher sends no fetch to a broker while any
# partition led by it has fetched records nobody has taken yet, for up to its
# ``prefetch_backoff`` (0.1 s, not a consumer setting). Faust's consumer never takes the
# records of the changelog partitions it is not recovering (it leaves them out of
# ``getmany``, it does not pause them in aiokafka), yet the fetcher fetches each of them
# once: the worker's own first outputs and states. Each such fetch stopped every fetch from
# that broker for 100 ms (measured: a fresh worker at 9,000 events/s, p99 123 ms, all of it
# in the first second; 23 ms with 10 ms). A partition whose records wait for a busy agent
# still gets no new fetch until they are taken, so the buffer stays one result per partition.

_original_create_worker_consumer = AIOKafkaConsumerThread._create_worker_consumer
PREFETCH_BACKOFF_S = 0.01
_fetch_max_wait_ms = 100


def _create_worker_consumer_with_short_waits(self: Any, transport: Any) -> Any:
    consumer = _original_create_worker_consumer(self, transport)
    consumer._fetch_max_wait_ms = _fetch_max_wait_ms  # read by AIOKafkaConsumer.start()
    start = consumer.start

    async def start_with_short_prefetch_backoff() -> None:
        await start()  # creates the fetcher
        consumer._fetcher._prefetch_backoff = PREFETCH_BACKOFF_S  # read at each fetch

    consumer.start = start_with_short_prefetch_backoff
    return consumer


_create_worker_consumer_with_short_waits.chao_patch = True  # type: ignore[attr-defined]


def _patch_fetch_max_wait(milliseconds: int) -> None:
    global _fetch_max_wait_ms
    _fetch_max_wait_ms = milliseconds
    if not getattr(AIOKafkaConsumerThread._create_worker_consumer, "chao_patch", False):
        AIOKafkaConsumerThread._create_worker_consumer = _create_worker_consumer_with_short_waits


# -- never commit a message that was skipped, not processed ------------------------------
#
# Why: during a rebalance Faust's stream loop drains messages fetched under the old
# assignment (flow control suspended, or an older consumer generation) without processing
# them, and still acks them. The commit that Faust makes while it waits for streams to
# empty then moves the committed offset past messages nobody processed, and after the
# rebalance the new owner starts behind them: the events are lost (faust-streaming issues
# #527 and robinhood/faust #604 describe the same skipped offsets). A message the stream
# really started on is marked ``tracked`` first, so an untracked one is refused here: it
# stays uncommitted and is fetched again after the rebalance.

_original_ack = Consumer.ack


def _ack_tracked_only(self: Consumer, message: Any) -> bool:
    if not getattr(message, "tracked", True):
        return False
    return bool(_original_ack(self, message))


_ack_tracked_only.chao_patch = True  # type: ignore[attr-defined]


def _patch_ack_of_skipped_messages() -> None:
    if not getattr(Consumer.ack, "chao_patch", False):
        Consumer.ack = _ack_tracked_only


# -- end offsets from the fetch high watermark ---------------------------------------------
#
# Why: the embedded test broker (Tansu 0.6.0) answers ListOffsets(LATEST) with the base
# offset of the partition's last batch + 1 instead of its last offset + 1 whenever that batch
# held more than one record. Faust compares a changelog's end offset with what it has read
# during table recovery, so the short answer makes recovery stop early (state lost) or crash
# with ConsistencyError. A Fetch response's high watermark is right, so end offsets are
# taken as the larger of the two answers. On Apache Kafka both agree and the extra fetch
# (only on end_offsets calls: recovery and lag checks, never per event) changes nothing.

_original_end_offsets = AIOKafkaConsumer.end_offsets


async def _fetch_high_watermarks(
    consumer: AIOKafkaConsumer, offsets: dict[TopicPartition, int]
) -> dict[TopicPartition, int]:
    client = consumer._client
    by_node: dict[int, dict[str, list[tuple[int, int, int]]]] = collections.defaultdict(
        lambda: collections.defaultdict(list)
    )
    for tp, offset in offsets.items():
        node = client.cluster.leader_for_partition(tp)
        if offset <= 0 or node is None or node < 0:  # empty partition: the answer is right
            continue
        # Fetch one existing record (offset - 1); only the response's high watermark is used.
        by_node[node][tp.topic].append((tp.partition, offset - 1, 1024))
    result = dict(offsets)
    for node, topics in by_node.items():
        # max_wait_ms=100, min_bytes=1 (Tansu answers min_bytes=0 with no partitions),
        # max_bytes=1024, isolation level read_uncommitted.
        request = FetchRequest(100, 1, 1024, 0, list(topics.items()))
        response = await client.send(node, request)
        for topic, partitions in response.topics:
            for partition_data in partitions:
                partition, error_code, high_watermark = partition_data[:3]
                tp = TopicPartition(topic, partition)
                if error_code == 0 and high_watermark >= 0 and tp in result:
                    result[tp] = max(result[tp], high_watermark)
    return result


async def _end_offsets_from_high_watermark(
    self: AIOKafkaConsumer, partitions: list[TopicPartition]
) -> dict[TopicPartition, int]:
    offsets = await _original_end_offsets(self, partitions)
    try:
        return await _fetch_high_watermarks(self, offsets)
    except Exception:  # never worse than the broker's own answer
        return dict(offsets)


_end_offsets_from_high_watermark.chao_patch = True  # type: ignore[attr-defined]


def _patch_end_offsets() -> None:
    if not getattr(AIOKafkaConsumer.end_offsets, "chao_patch", False):
        AIOKafkaConsumer.end_offsets = _end_offsets_from_high_watermark


# -- session state written at each offset commit, not after every batch ---------------------
#
# Why: the topology used to write every session a batch touched to the state changelog,
# and wait for it, before acking the batch. A session's events arrive out of order across
# raw partitions, so a touched session usually has events waiting on a gap, and its whole
# state (those events included) was rewritten batch after batch: measured 0.15 records and
# 730 bytes per event on the state changelog, more than twice the bytes of the clean output,
# plus one more broker round trip per batch. Kafka Streams and Quix Streams write state
# at commit time instead: flush the outputs, then the state, then commit the offsets.
# Faust's every commit (its commit timer, every N acks, while waiting for streams to
# empty at a rebalance, at stop) goes through ``Consumer.force_commit``; the app's
# ``chao_before_commit`` context is entered around it, and the topology writes the
# changed session states there and only then acks the batches whose changes those records
# hold (its agents defer their acks to it), so the offsets Faust then commits never run
# ahead of the state.
# A crash replays from the last commit with the state of that commit: the same
# at-least-once repeats, up to a commit interval of them.

BEFORE_COMMIT = "chao_before_commit"
"""Attribute of the app: a callable returning an async context manager that every offset
commit runs inside (see topologies.pipeline_app: the commit order)."""

_original_force_commit = Consumer.force_commit


async def _force_commit_after_state(
    self: Consumer, topics: Any = None, start_new_transaction: bool = True
) -> bool:
    before_commit = getattr(self.app, BEFORE_COMMIT, None)
    if before_commit is None:
        return bool(await _original_force_commit(self, topics, start_new_transaction))
    async with before_commit():
        return bool(await _original_force_commit(self, topics, start_new_transaction))


_force_commit_after_state.chao_patch = True  # type: ignore[attr-defined]


def _patch_force_commit() -> None:
    if not getattr(Consumer.force_commit, "chao_patch", False):
        Consumer.force_commit = _force_commit_after_state  # type: ignore[method-assign]
