"""Guards for topologies/faust_tuning.py: they fail when a Faust or aiokafka upgrade
undoes or breaks what we change in how Faust runs."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import types
from typing import Any

import faust
from aiokafka import AIOKafkaConsumer
from faust.transport.consumer import Consumer
from faust.types import TP
from faust.types.tuples import ConsumerMessage

from pipeline.config import WorkerSettings
from topologies.faust_tuning import PREFETCH_BACKOFF_S, apply_faust_tuning, faust_app_settings


def test_faust_version_is_the_one_the_tuning_was_written_for() -> None:
    # The patches below were checked against this release; re-check them on an upgrade.
    assert faust.__version__ == "0.15.3"


def test_end_offsets_take_the_fetch_high_watermark() -> None:
    apply_faust_tuning()
    assert getattr(AIOKafkaConsumer.end_offsets, "chao_patch", False)
    # The private pieces the patch relies on are still there.
    assert "_client" in inspect.getsource(AIOKafkaConsumer.__init__)
    from aiokafka.protocol.fetch import FetchRequest

    assert FetchRequest(100, 1, 1024, 0, [("t", [(0, 0, 1024)])]).API_KEY == 1


def test_skipped_messages_are_not_acked() -> None:
    apply_faust_tuning()
    assert getattr(Consumer.ack, "chao_patch", False)
    # Faust still marks the messages a stream really starts on as tracked, and still has
    # the code path that acks skipped messages (the reason for the patch).
    source = inspect.getsource(faust.Stream._py_aiter)
    assert "message.tracked = True" in source
    assert "value is skipped_value" in source
    message = ConsumerMessage("t", 0, 5, 0.0, None, None, b"k", b"v", None)
    assert message.tracked is False

    class NoConsumer:
        """Touching any consumer state would fail: the untracked ack must stop first."""

    assert Consumer.ack(NoConsumer(), message) is False  # type: ignore[arg-type]
    assert message.acked is False
    assert TP("t", 0).partition == 0


def test_app_settings_are_accepted_by_faust() -> None:
    app = faust.App("tuning-check", **faust_app_settings(WorkerSettings()))
    conf = app.conf
    assert conf.producer_acks == -1
    assert conf.broker_session_timeout == WorkerSettings().consumer_session_timeout_s
    assert str(conf.store) == "memory:"
    assert conf.consumer_auto_offset_reset == "earliest"


def test_worker_consumer_gets_a_short_fetch_wait() -> None:
    apply_faust_tuning(WorkerSettings(fetch_max_wait_ms=70))
    from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

    assert getattr(AIOKafkaConsumerThread._create_worker_consumer, "chao_patch", False)
    # Faust still hard-codes the wait the patch overrides, and aiokafka still reads the
    # attribute the patch sets when it starts the consumer.
    assert "fetch_max_wait_ms=1500" in inspect.getsource(AIOKafkaConsumerThread)
    assert "fetch_max_wait_ms=self._fetch_max_wait_ms" in inspect.getsource(AIOKafkaConsumer.start)
    app = faust.App("fetch-wait-check", **faust_app_settings(WorkerSettings()))

    async def create() -> Any:  # aiokafka builds consumers inside a running loop
        thread = AIOKafkaConsumerThread(app.consumer)
        return thread._create_worker_consumer(app.transport)

    assert asyncio.run(create())._fetch_max_wait_ms == 70


def test_worker_consumer_gets_a_short_prefetch_backoff() -> None:
    apply_faust_tuning(WorkerSettings())
    from aiokafka.consumer import fetcher
    from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

    # aiokafka still backs off 0.1 s by default, reads the attribute the patch sets for
    # every fetch result, and still skips a broker while any of its results waits.
    assert inspect.signature(fetcher.Fetcher).parameters["prefetch_backoff"].default == 0.1
    assert "backoff=self._prefetch_backoff" in inspect.getsource(fetcher.Fetcher)
    assert "if node_id in backoff_by_nodes:" in inspect.getsource(fetcher.Fetcher)
    app = faust.App("prefetch-check", **faust_app_settings(WorkerSettings()))

    async def started_fetcher_backoff() -> float:
        thread = AIOKafkaConsumerThread(app.consumer)
        consumer = thread._create_worker_consumer(app.transport)

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

    assert asyncio.run(started_fetcher_backoff()) == PREFETCH_BACKOFF_S


def test_fetched_batches_are_delivered_under_one_wait() -> None:
    apply_faust_tuning()
    assert getattr(Consumer._drain_messages, "chao_patch", False)
    # What the replacement mirrors is still how Faust delivers: one wait_first per
    # message against the suspend event, gap bookkeeping and read offsets.
    from topologies import faust_tuning

    original = inspect.getsource(faust_tuning._original_drain_messages)
    assert "await self.wait_first(" in original
    assert "callback(message), self.suspend_flow.wait()" in original
    assert "await self._add_gap(tp, r_offset + 1, offset)" in original
    assert "set_read_offset(tp, offset)" in original


def test_producer_does_not_linger_on_whole_batches() -> None:
    app = faust.App("linger-check", **faust_app_settings(WorkerSettings()))
    assert app.conf.producer_linger == 0


def test_worker_logs_at_the_configured_level_without_spinner_and_redacted() -> None:
    import logging

    from topologies.faust_tuning import PipelineWorker, RedactRecordValues

    app = faust.App("log-check", **faust_app_settings(WorkerSettings()))
    worker = PipelineWorker(app, loglevel="warning")
    root = logging.getLogger("chao-test-root")
    root.addHandler(logging.NullHandler())
    # Faust's own version sets the root logger to DEBUG for its spinner at WARNING.
    assert "logger.setLevel(logging.DEBUG)" in inspect.getsource(faust.Worker)
    worker.on_setup_root_logger(root, logging.WARNING)
    assert root.level == logging.WARNING
    assert worker.spinner is None
    assert all(any(isinstance(f, RedactRecordValues) for f in h.filters) for h in root.handlers)


def test_log_records_lose_their_bytes_arguments() -> None:
    import logging

    from topologies.faust_tuning import RedactRecordValues

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
    import subprocess
    import sys

    script = """
import gc, weakref
from topologies.faust_tuning import GC_THRESHOLDS, tune_garbage_collector
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
    import inspect as _inspect

    from topologies import worker

    source = _inspect.getsource(worker.run_worker)
    assert source.index("tune_garbage_collector()") > source.index("PipelineTopology(")


def test_every_offset_commit_runs_inside_the_apps_before_commit_context(
    monkeypatch: Any,
) -> None:
    apply_faust_tuning()
    from topologies import faust_tuning

    assert getattr(Consumer.force_commit, "chao_patch", False)
    # Every way Faust commits still goes through force_commit: its commit timer, the
    # commit every N acks, waiting for the agents at a rebalance, and stopping.
    assert "self.force_commit(" in inspect.getsource(Consumer.commit)
    assert "await self.commit()" in inspect.getsource(Consumer._commit_handler.fun)
    assert "await T(self.commit)()" in inspect.getsource(Consumer.wait_empty)
    assert "self.commit_and_end_transactions()" in inspect.getsource(Consumer.on_stop)
    # And force_commit is what computes the offsets and commits them.
    original = inspect.getsource(faust_tuning._original_force_commit)
    assert "self._commit_tps(" in original

    order: list[str] = []

    async def fake_force_commit(self: Any, topics: Any, start_new_transaction: bool) -> bool:
        order.append("commit offsets")
        return True

    @contextlib.asynccontextmanager
    async def before_commit() -> Any:
        order.append("write state")
        yield
        order.append("release lock")

    monkeypatch.setattr(faust_tuning, "_original_force_commit", fake_force_commit)
    consumer = types.SimpleNamespace(app=types.SimpleNamespace(chao_before_commit=before_commit))
    assert asyncio.run(Consumer.force_commit(consumer)) is True  # type: ignore[arg-type]
    assert order == ["write state", "commit offsets", "release lock"]
    # An app without the hook commits as Faust does.
    bare = types.SimpleNamespace(app=types.SimpleNamespace())
    assert asyncio.run(Consumer.force_commit(bare)) is True  # type: ignore[arg-type]
    assert order[-1] == "commit offsets"
