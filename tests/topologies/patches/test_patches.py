"""Guards for topologies/patches: each fails when a faust-streaming or aiokafka upgrade
changes what a patch replaces or relies on (source pinned by hash: re-read the patch
against the new code, then update the hash), or undoes a patch; and the patches are
per app: applying twice changes nothing, and two apps share no state."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import inspect
import logging
import subprocess
import sys
import types
from collections.abc import Callable
from typing import Any

import faust
import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.consumer.fetcher import Fetcher, PartitionRecords
from aiokafka.consumer.subscription_state import Assignment, TopicPartitionState
from faust.transport.consumer import Consumer
from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread
from faust.types.tuples import ConsumerMessage

from pipeline.config import WorkerSettings
from pipeline.kafka.engine import Engine, engine_of, resolve_engine
from topologies import patches
from topologies.app import PipelineApp, app_settings
from topologies.logs import PipelineWorker, RedactRecordValues
from topologies.patches import (
    batch_delivery,
    end_offsets,
    find_coordinator,
    parse_errors,
    prefetch_backoff,
    recovery_past_markers,
    seek_before_resume,
    worker_consumer,
)

# What the patches replace or rely on, as read when they were written (first 16 hex
# digits of the sha256 of the source).
PINNED: dict[str, tuple[Callable[..., Any], str]] = {
    batch_delivery.PATCHED: (batch_delivery.ORIGINAL, "44a2500309e83c63"),
    worker_consumer.PATCHED: (worker_consumer.ORIGINAL, "c2701bfc3e6f6cad"),
    parse_errors.PATCHED: (parse_errors.ORIGINAL, "b73dcf1dd177a243"),
    end_offsets.PATCHED: (AIOKafkaConsumer.end_offsets, "f4b19078581881ba"),
    prefetch_backoff.PATCHED: (Fetcher.__init__, "bf21ecb7e0f210b7"),
    # fetch_wait sets the attribute AIOKafkaConsumer.start reads.
    "aiokafka.AIOKafkaConsumer.start": (AIOKafkaConsumer.start, "2f1ba70443327538"),
    # The checkpoint's hooks (topologies.app, topologies.faust_checkpoint).
    "faust.App.on_rebalance_start": (faust.App.on_rebalance_start, "5c1e23de30674082"),
    "faust.App.on_stop": (faust.App.on_stop, "bfe5a933defb2324"),
    "faust.transport.consumer.Consumer.wait_empty": (Consumer.wait_empty, "e4662fe24f094819"),
    "faust.transport.consumer.Consumer.ack": (Consumer.ack, "5fcf41cf45153475"),
    # Exactly-once (topologies.transactions, faust_checkpoint.TransactionalOffsets):
    # producers start before Faust's assignment handling; acks below Faust's committed
    # offset are ignored, so its own commits never move an offset back.
    "faust.App._on_partitions_assigned": (faust.App._on_partitions_assigned, "de932b7927db85b3"),
    "faust.transport.consumer.Consumer._should_commit": (
        Consumer._should_commit,
        "5ce941793947ad42",
    ),
    recovery_past_markers.PATCHED: (recovery_past_markers.ORIGINAL, "0dcc38568ad5018b"),
    seek_before_resume.PATCHED: (seek_before_resume.ORIGINAL, "d986a6710c1aca98"),
    recovery_past_markers.PATCHED_SEEK: (recovery_past_markers.ORIGINAL_SEEK, "19598ca63d94d250"),
    # fetch_positions: positions move past skipped control and aborted batches.
    "aiokafka PartitionRecords._unpack_records": (
        PartitionRecords._unpack_records,
        "b803e6d46480732c",
    ),
    "aiokafka Assignment.state_value": (Assignment.state_value, "183fea82ef48f3e6"),
    # The exactly-once producers retry FindCoordinator on a retriable error.
    find_coordinator.PATCHED: (find_coordinator.ORIGINAL, "33001a36bf6a0ae0"),
    "aiokafka TopicPartitionState.consumed_to": (
        TopicPartitionState.consumed_to,
        "c7b8f0f99ce9185e",
    ),
}


def test_faust_version_is_the_one_the_patches_were_written_for() -> None:
    assert faust.__version__ == "0.15.3"


@pytest.mark.parametrize("name", sorted(PINNED))
def test_patched_and_relied_on_code_is_unchanged(name: str) -> None:
    function, digest = PINNED[name]
    source = inspect.getsource(function)
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == digest, name


def new_app(
    name: str, engine: Engine | None = None, wait_ms: int = 70, read_committed: bool = False
) -> faust.App:
    app = PipelineApp(name, **app_settings(WorkerSettings()))
    if engine is not None:
        patches.apply(app, engine=engine, fetch_max_wait_ms=wait_ms, read_committed=read_committed)
    return app


def test_applying_twice_changes_nothing_and_the_faust_methods_are_replaced() -> None:
    app = new_app("twice", "tansu")
    first = patches.of(app)
    assert first is not None
    assert patches.apply(app, engine="kafka", fetch_max_wait_ms=1) is first
    assert first.engine == "tansu" and first.fetch_max_wait_ms == 70
    assert Consumer._drain_messages is batch_delivery.drain_messages
    assert AIOKafkaConsumerThread._create_worker_consumer is worker_consumer.create_worker_consumer


def built_consumer(app: faust.App) -> Any:
    async def create() -> Any:  # aiokafka builds consumers inside a running loop
        return AIOKafkaConsumerThread(app.consumer)._create_worker_consumer(app.transport)

    return asyncio.run(create())


def test_two_apps_share_nothing_and_tansu_workarounds_apply_on_tansu_only() -> None:
    tansu, kafka, bare = new_app("a", "tansu"), new_app("b", "kafka", 5), new_app("c")
    tansu_patches, kafka_patches = patches.of(tansu), patches.of(kafka)
    assert tansu_patches is not None and kafka_patches is not None
    tansu_patches.batch_routes["t"] = asyncio.sleep
    assert kafka_patches.batch_routes == {} and patches.of(bare) is None
    on_tansu, on_kafka, plain = (built_consumer(app) for app in (tansu, kafka, bare))
    # Fetch wait: the app's on every broker; Faust's own hard-coded 1500 ms elsewhere.
    assert "fetch_max_wait_ms=1500" in inspect.getsource(AIOKafkaConsumerThread)
    assert (on_tansu._fetch_max_wait_ms, on_kafka._fetch_max_wait_ms) == (70, 5)
    assert plain._fetch_max_wait_ms == 1500
    # End offsets: replaced on this one consumer only (Tansu).
    assert "end_offsets" in vars(on_tansu)
    assert "end_offsets" not in vars(on_kafka) and "end_offsets" not in vars(plain)
    # The prefetch backoff: every patched app, no other.
    assert "start" in vars(on_tansu) and "start" in vars(on_kafka)
    assert "start" not in vars(plain)


def test_exactly_once_consumer_reads_committed_others_do_not() -> None:
    # aiokafka hands the attribute to its fetcher when the consumer starts.
    assert "isolation_level=self._isolation_level" in inspect.getsource(AIOKafkaConsumer.start)
    eos, alo = new_app("eos", "kafka", read_committed=True), new_app("alo", "kafka")
    assert built_consumer(eos)._isolation_level == "read_committed"
    assert built_consumer(alo)._isolation_level == "read_uncommitted"


def test_worker_consumer_gets_a_short_prefetch_backoff() -> None:
    # aiokafka still backs off 0.1 s by default, reads the attribute set for every fetch
    # result, and still skips a broker while any of its results waits.
    assert inspect.signature(Fetcher).parameters["prefetch_backoff"].default == 0.1
    assert "backoff=self._prefetch_backoff" in inspect.getsource(Fetcher)
    assert "if node_id in backoff_by_nodes:" in inspect.getsource(Fetcher)
    app = new_app("prefetch", "kafka")

    async def started_fetcher_backoff() -> float:
        consumer = AIOKafkaConsumerThread(app.consumer)._create_worker_consumer(app.transport)

        async def no_broker() -> None:  # the fetcher is built after these two
            return None

        consumer._client.bootstrap = no_broker
        consumer._wait_topics = no_broker
        consumer._group_id = None  # no group coordinator: nothing else to connect
        await consumer.start()
        backoff = float(consumer._fetcher._prefetch_backoff)
        with contextlib.suppress(asyncio.CancelledError):  # its idle tasks, cancelled
            await consumer.stop()
        return backoff

    assert asyncio.run(started_fetcher_backoff()) == prefetch_backoff.PREFETCH_BACKOFF_S


def test_fetched_batches_are_delivered_under_one_wait() -> None:
    # What the replacement mirrors is still how Faust delivers: one wait_first per
    # message against the suspend event, gap bookkeeping and read offsets.
    original = inspect.getsource(batch_delivery.ORIGINAL)
    assert "await self.wait_first(" in original
    assert "callback(message), self.suspend_flow.wait()" in original
    assert "await self._add_gap(tp, r_offset + 1, offset)" in original
    assert "set_read_offset(tp, offset)" in original


def test_an_app_without_routes_drains_as_faust_does() -> None:
    calls: list[Any] = []

    async def original(self: Any, fetcher: Any) -> None:
        calls.append((self, fetcher))

    consumer: Any = type("C", (), {"app": new_app("no-routes", "tansu")})()
    saved = batch_delivery.ORIGINAL
    batch_delivery.ORIGINAL = original
    try:
        asyncio.run(batch_delivery.drain_messages(consumer, "fetcher"))
    finally:
        batch_delivery.ORIGINAL = saved
    assert calls == [(consumer, "fetcher")]


def test_parser_errors_still_reach_the_patched_handler() -> None:
    # aiohttp turns the parser's exception into a 400 error info and serves it through
    # _make_error_handler (topologies/patches/parse_errors.py); if it answered elsewhere,
    # the token-quoting body would be back (tests/topologies/test_http_api.py also fails then).
    from aiohttp.web_protocol import RequestHandler

    received = inspect.getsource(RequestHandler.data_received)
    assert "_ErrInfo(status=400, exc=exc, message=exc.message)" in received
    assert "request_handler = self._make_error_handler(message)" in inspect.getsource(
        RequestHandler.start
    )
    app = new_app("parse-errors", "tansu")
    assert RequestHandler._make_error_handler is parse_errors.make_error_handler
    assert app.web.web_app.get(parse_errors.MARK) is True
    assert new_app("bare").web.web_app.get(parse_errors.MARK) is None


def test_the_checkpoint_hooks_are_where_faust_calls_them() -> None:
    # The rebalance listener calls app.on_rebalance_start() before revoking; stopping
    # the app stops the consumer (its last commit) after on_stop's first line; a
    # rebalance waits for the unacked messages, and an ack removes one.
    from faust.transport.drivers import aiokafka as driver

    assert "thread.app.on_rebalance_start()" in inspect.getsource(driver.ConsumerRebalanceListener)
    assert "await self._stop_consumer()" in inspect.getsource(faust.App.on_stop)
    assert "while not self.should_stop and self._unacked_messages:" in inspect.getsource(
        Consumer.wait_empty
    )
    assert "self._unacked_messages.discard(message)" in inspect.getsource(Consumer.ack)

    class Recorder:
        def __init__(self) -> None:
            self.calls: list[str] = []

        def commit_soon(self) -> None:
            self.calls.append("commit_soon")

        async def commit(self) -> None:
            self.calls.append("commit")

    app = new_app("hooks", "tansu")
    recorder = Recorder()
    app.checkpoint = recorder
    app.on_rebalance_start()
    assert recorder.calls == ["commit_soon"] and app.rebalancing


def test_app_settings_are_accepted_by_faust() -> None:
    conf = new_app("settings").conf
    assert conf.producer_acks == -1
    assert conf.broker_session_timeout == WorkerSettings().session_timeout
    assert str(conf.store) == "memory:"
    assert conf.consumer_auto_offset_reset == "earliest"
    assert conf.producer_linger == 0


def test_engine_from_the_apis_a_broker_lists() -> None:
    kafka_3_9 = set(range(0, 75))
    tansu_0_6 = {0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24}
    assert engine_of(kafka_3_9) == "kafka"
    assert engine_of(tansu_0_6 | {25, 26, 28, 29, 30, 32, 36, 42, 60, 69, 71, 75}) == "tansu"
    assert resolve_engine("kafka", []) == "kafka"
    assert resolve_engine("tansu", [("127.0.0.1", 9)]) == "tansu"
    assert resolve_engine("auto", [("127.0.0.1", 9)]) == "tansu"  # nobody answers


def test_worker_logs_at_the_configured_level_without_spinner_and_redacted() -> None:
    worker = PipelineWorker(new_app("log-check"), loglevel="warning")
    root = logging.getLogger("chao-test-root")
    root.addHandler(logging.NullHandler())
    # Faust's own version sets the root logger to DEBUG for its spinner at WARNING.
    assert "logger.setLevel(logging.DEBUG)" in inspect.getsource(faust.Worker)
    worker.on_setup_root_logger(root, logging.WARNING)
    assert root.level == logging.WARNING
    assert worker.spinner is None
    assert all(any(isinstance(f, RedactRecordValues) for f in h.filters) for h in root.handlers)


def test_log_records_lose_their_bytes_arguments() -> None:
    record = logging.LogRecord(
        "faust.topics",
        logging.DEBUG,
        __file__,
        1,
        "send: k=%r v=%r n=%r",
        (b"key", b"SECRET value", 3),
        None,
    )
    assert RedactRecordValues().filter(record)
    text = record.getMessage()
    assert "SECRET" not in text and "<12 bytes>" in text and "n=3" in text
    message = ConsumerMessage("t", 2, 9, 0.0, None, None, b"k", b"SECRET", None)
    record = logging.LogRecord("x", logging.DEBUG, __file__, 1, "got %r", (message,), None)
    RedactRecordValues().filter(record)
    assert "SECRET" not in record.getMessage() and "t[2]@9" in record.getMessage()


def test_worker_garbage_collector_is_tuned_and_still_frees_cycles() -> None:
    """In a fresh interpreter (the test process keeps its own collector settings): what the
    worker calls once its app is built freezes what exists, raises the thresholds, and an
    old reference cycle that becomes garbage is still freed by the periodic full
    collections, without an explicit collect."""
    script = """
import gc, weakref
from topologies.worker import GC_THRESHOLDS, tune_garbage_collector
tune_garbage_collector()
assert gc.get_threshold() == GC_THRESHOLDS, gc.get_threshold()
assert gc.get_freeze_count() > 10_000, gc.get_freeze_count()
class Node: pass
node = Node(); node.self = node
alive = weakref.ref(node)
gc.collect(1)  # survivors of the middle generation: the cycle is old now
del node
young, middle, old = GC_THRESHOLDS
for _ in range(middle * (old + 1) + 5):  # each round: one young collection at least
    hold = [[] for _ in range(young + 1000)]  # net container allocations drive it
    del hold
    if alive() is None:
        break
assert alive() is None, "an old cycle outlived the full collections"
print("ok")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_run_worker_tunes_the_garbage_collector_after_building_the_app() -> None:
    from topologies import worker

    source = inspect.getsource(worker.run_worker)
    assert source.index("tune_garbage_collector()") > source.index("PipelineTopology(")


def test_recovery_reading_committed_ends_past_trailing_markers() -> None:
    """A changelog partition whose last offsets are markers is recovered once the fetch
    position passed its end and recovery took everything delivered; not before, and never
    for an app that does not read committed."""
    from collections import Counter
    from types import SimpleNamespace

    from faust.types import TP

    tp, other = TP("changelog", 0), TP("changelog", 1)
    queue: asyncio.Queue[Any] = asyncio.Queue()

    def recovery(app: Any) -> Any:
        return SimpleNamespace(
            app=app,
            tables=SimpleNamespace(changelog_queue=queue),
            active_highwaters=Counter({tp: 9, other: 4}),  # end offsets 10 and 5
            active_offsets=Counter({tp: 7, other: 2}),  # last records seen: 7 and 2
        )

    eos = new_app("recovers-eos", "kafka", read_committed=True)
    alo = new_app("recovers-alo", "kafka")
    eos_patches = patches.of(eos)
    assert eos_patches is not None
    eos_patches.delivered_positions = {("changelog", 0): 10, ("changelog", 1): 4}
    remaining = recovery_past_markers.active_remaining(recovery(eos))
    assert remaining == Counter({tp: 0, other: 2})  # offsets 8, 9: markers; 3: not read
    assert recovery_past_markers.active_remaining(recovery(alo)) == Counter({tp: 2, other: 2})
    queue.put_nowait("a record not taken yet")
    assert recovery_past_markers.active_remaining(recovery(eos))[tp] == 2


def test_recovery_forgets_positions_noted_before_it_sought_the_partition() -> None:
    """A position noted before recovery sought a partition (where the offset reset left a
    newly assigned one: its end) must not make it look recovered: it was, before the
    fix, and recovery of a partition taken over from a zombie was skipped."""
    from collections import Counter
    from types import SimpleNamespace

    from faust.types import TP

    tp, kept = TP("changelog", 0), TP("changelog", 1)
    app = new_app("recovers-seek", "kafka", read_committed=True)
    app_patches = patches.of(app)
    assert app_patches is not None
    recovery: Any = SimpleNamespace(
        app=app,
        tables=SimpleNamespace(changelog_queue=asyncio.Queue()),
        active_highwaters=Counter({tp: 9, kept: 9}),
        active_offsets=Counter({tp: -1, kept: -1}),  # nothing read yet
    )
    app_patches.delivered_positions = {("changelog", 0): 10, ("changelog", 1): 10}
    assert recovery_past_markers.active_remaining(recovery) == Counter({tp: 0, kept: 0})
    sought: list[dict[Any, int]] = []

    class Consumer:
        async def seek_wait(self, offsets: dict[Any, int]) -> None:
            sought.append(offsets)

    asyncio.run(
        recovery_past_markers.seek_offsets(recovery, Consumer(), {tp}, Counter({tp: -1}), "x")
    )
    assert sought == [{tp: 0}]  # Faust's seek ran
    assert recovery_past_markers.active_remaining(recovery) == Counter({tp: 10, kept: 0})


def test_exactly_once_seeks_the_stream_partitions_before_resuming_them() -> None:
    """Faust resumes the stream partitions, then seeks them to the committed offsets:
    records fetched in between were processed and committed, then delivered again by the
    seek (two committed copies). Reading committed, the seek comes first, once; an app
    that does not read committed keeps Faust's order."""
    from types import SimpleNamespace

    def run(read_committed: bool) -> list[str]:
        calls: list[str] = []
        name = f"resume-{read_committed}"
        app = new_app(name, "kafka", read_committed=read_committed)

        async def perform_seek() -> None:
            calls.append("seek")

        async def send() -> None:
            calls.append("rebalance complete")

        consumer = SimpleNamespace(
            perform_seek=perform_seek,
            assignment=lambda: {("raw", 0)},
            resume_partitions=lambda tps: calls.append("resume"),
            resume_flow=lambda: calls.append("flow"),
        )

        async def waited(work: Any, timeout: Any = None) -> Any:
            return await work

        async def maybe_start() -> None:
            pass

        fake_app = SimpleNamespace(
            chao_patches=patches.of(app),
            consumer=consumer,
            consumer_generation_id=3,
            conf=SimpleNamespace(broker_request_timeout=5.0),
            on_rebalance_complete=SimpleNamespace(send=send),
            flow_control=SimpleNamespace(resume=lambda: None),
            _fetcher=SimpleNamespace(maybe_start=maybe_start),
            on_rebalance_end=lambda: calls.append("rebalance end"),
        )
        recovery: Any = SimpleNamespace(
            app=fake_app,
            _wait=waited,
            _is_changelog_tp=lambda tp: False,
            completed=asyncio.Event(),
            tables=SimpleNamespace(on_actives_ready=lambda: None, on_standbys_ready=lambda: None),
            log=SimpleNamespace(info=lambda *a: None, dev=lambda *a: None),
        )
        asyncio.run(seek_before_resume.resume_streams(recovery, 3))
        assert consumer.perform_seek is perform_seek  # the no-op was for that call only
        return calls

    assert run(True) == ["seek", "rebalance complete", "resume", "flow", "rebalance end"]
    assert run(False) == ["rebalance complete", "resume", "seek", "flow", "rebalance end"]


class _LookupClient:
    """A client whose FindCoordinator answers are scripted: errors first, then a node id."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.metadata_updates = 0

    async def coordinator_lookup(self, coordinator_type: int, key: str) -> int:
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return int(answer)

    async def force_metadata_update(self) -> bool:
        self.metadata_updates += 1
        return True

    async def ready(self, node_id: int, group: Any = None) -> bool:
        return True


def _sender(client: _LookupClient) -> Any:
    from aiokafka.producer.sender import Sender

    sender = Sender.__new__(Sender)  # only what _find_coordinator reads
    sender.client = client
    sender._coordinators = {}
    sender._retry_backoff = 0.0
    sender._txn_manager = types.SimpleNamespace(transactional_id="t")
    return sender


def test_exactly_once_producers_retry_find_coordinator_on_a_closed_connection() -> None:
    """aiokafka fails the transaction for good when the broker it asks where the
    coordinator is closes the connection (a broker in its controlled shutdown): the
    exactly-once worker crashed in a rolling restart. The patched lookup retries it, and
    raises what is not retriable as before."""
    from aiokafka.errors import (
        KafkaConnectionError,
        KafkaError,
        TransactionalIdAuthorizationFailed,
    )

    closed = KafkaConnectionError("Connection at 127.0.0.1:1 closed")
    unpatched = _sender(_LookupClient(closed, 2))
    with pytest.raises(KafkaError):  # aiokafka as it is: the error that crashed the worker
        asyncio.run(unpatched._find_coordinator(0, "t"))

    client = _LookupClient(closed, closed, 2)
    sender = _sender(client)
    sender._find_coordinator = types.MethodType(find_coordinator.find_coordinator_retrying, sender)
    assert asyncio.run(sender._find_coordinator(0, "t")) == 2
    assert client.metadata_updates == 2

    refused = _sender(_LookupClient(TransactionalIdAuthorizationFailed(), 2))
    refused._find_coordinator = types.MethodType(
        find_coordinator.find_coordinator_retrying, refused
    )
    with pytest.raises(TransactionalIdAuthorizationFailed):
        asyncio.run(refused._find_coordinator(0, "t"))


def test_the_transactional_producers_are_built_with_the_retry() -> None:
    from topologies.transactions import kafka_producer_factory

    async def built() -> Any:
        producer = kafka_producer_factory("127.0.0.1:9")("app-raw-0")
        try:
            return producer._sender._find_coordinator.__func__
        finally:
            await producer.stop()  # never started: closes its client

    assert asyncio.run(built()) is find_coordinator.find_coordinator_retrying
