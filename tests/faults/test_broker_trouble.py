"""Broker trouble: the broker frozen mid-stream, the broker restarted mid-stream (Apache
Kafka only), and a worker started before its broker.

In each case the one worker process must recover by itself (no restart: the same process
is alive at the end), lose nothing (every clean event and dead letter the file mode gives
is on the topics; exact repeats allowed), and its log must say what it is waiting for.
"""

from __future__ import annotations

import asyncio
import os
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pipeline.config import TopicNames
from pipeline.dev.apache import KafkaBroker
from pipeline.dev.broker import Broker, free_port, new_broker
from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import produce_lines
from tests.faults.faults_util import (
    CANARY,
    BackgroundProducer,
    Expected,
    figures,
    read_complete,
    wait_for,
)
from tests.integration.conftest import API_SECRET, Deployment
from tests.integration.streaming_util import (
    assert_matches_file_mode,
    consumed,
    file_mode,
    worker_summary,
)

pytestmark = pytest.mark.integration

FREEZE_S = float(os.environ.get("CHAO_FAULTS_FREEZE_S", "10"))  # seconds frozen
SESSIONS = 300  # ~9,000 raw lines


def traffic(seed: int, sessions: int = SESSIONS) -> list[bytes]:
    profile = TrafficProfile(canary=CANARY)
    return list(generate_events(sessions, seed=seed, profile=profile, start=datetime.now(UTC)))


def log_text(worker: WorkerProcess) -> str:
    return worker.log_path.read_text(errors="replace")


def check_outputs(name, deployment, worker, lines, report, **extra):  # type: ignore[no-untyped-def]
    clean, dead = file_mode(lines)
    expected = Expected(deployment, clean, dead, lines)
    records, took = read_complete(deployment, expected, timeout=90)
    fig = figures(name, expected, records, events=len(lines), logs=[worker.log_path])
    fig.extra = {**extra, "complete_after_s": None if took is None else round(took, 1)}
    report(fig)
    assert fig.lost == 0, f"{fig.line()}\n{worker_summary(worker)}\n" + "\n".join(fig.detail[:20])
    fig.assert_clean()
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=True)


def test_broker_frozen_mid_stream(deploy, report) -> None:  # type: ignore[no-untyped-def]
    # At the default window: the freeze is a processing delay, which never counts against
    # it (contract 3.4), so no event held back by it is skipped as late.
    deployment = deploy()
    broker: Broker = deployment.broker
    worker = deployment.worker("w1")
    worker.wait_ready()
    pid = worker.process.pid
    lines = traffic(seed=71)
    producer = BackgroundProducer(broker.bootstrap, deployment.topics.raw, lines, rate=800, seed=7)
    wait_for(lambda: consumed(worker) > len(lines) / 4, 60, "a quarter of the stream consumed")
    before = consumed(worker)
    log_mark = len(log_text(worker))
    broker.pause()
    try:
        frozen_at = time.monotonic()
        # The fault itself lasts a fixed time; meanwhile the worker must stay up and serve.
        while time.monotonic() - frozen_at < FREEZE_S:
            assert worker.alive(), f"worker exited, broker frozen:\n{worker.log_tail()}"
            assert worker.get("/health", timeout=5.0)[0] == 200
            time.sleep(0.5)
    finally:
        broker.resume()
    # It goes on by itself: consumes again, and the stream completes.
    resumed_in = wait_for(
        lambda: consumed(worker) > before + 100, 60, "the worker to consume after the freeze"
    )
    # Its log said what it waited for, and that the wait is over.
    waiting = f"waiting for the Kafka broker at {broker.bootstrap}"
    answers = f"the Kafka broker at {broker.bootstrap} answers again"
    wait_for(lambda: answers in log_text(worker)[log_mark:], 30, f"the log line {answers!r}")
    during = log_text(worker)[log_mark:]
    warnings = [line for line in during.splitlines() if waiting in line]
    assert warnings, f"nothing in the worker's log says what it waits for:\n{during[-3000:]}"
    producer.join(timeout=120)
    check_outputs(
        f"broker frozen {FREEZE_S:g} s",
        deployment,
        worker,
        lines,
        report,
        consuming_again_after_s=round(resumed_in, 1),
        waiting_lines=len(warnings),
    )
    assert worker.alive() and worker.process.pid == pid, "the worker was restarted"
    print("\nworker log during the freeze:\n" + "\n".join(during.splitlines()[-10:]))


RESTART_SESSIONS = 150  # ~4,600 raw lines
# Paced so that production (46 s at most) outlasts the restart (6-21 s measured) on a
# loaded machine; once the worker consumes again the rest goes at once.
RESTART_RATE = 100.0


@pytest.mark.kafka_only
@pytest.mark.timeout(300)
def test_broker_restarted_mid_stream(tmp_path: Path, report) -> None:  # type: ignore[no-untyped-def]
    """The Kafka broker process stopped (SIGTERM: its controlled shutdown) and started
    again on the same storage and port while the worker consumes a paced stream.

    Its own broker, not the session's: the restart is the test's. The test's producer is
    idempotent, so that a batch aiokafka resends across the restart cannot put a raw line
    twice on the topic (what is measured is the worker)."""
    broker = KafkaBroker(log_path=tmp_path / "kafka.log")
    broker.start()
    deployment = None
    try:
        # At the default window: the restart does not count against it (contract 3.4).
        deployment = Deployment(broker, tmp_path)
        worker = deployment.worker("w1")
        worker.wait_ready(timeout=90)
        pid = worker.process.pid
        lines = traffic(seed=83, sessions=RESTART_SESSIONS)
        producer = BackgroundProducer(
            broker.bootstrap,
            deployment.topics.raw,
            lines,
            rate=RESTART_RATE,
            seed=8,
            idempotent=True,
        )
        wait_for(lambda: consumed(worker) > len(lines) / 4, 60, "a quarter of the stream consumed")
        log_mark = len(log_text(worker))
        folder, port = broker.folder, broker.port
        at_produced = producer.sent
        stopping = time.monotonic()
        broker.stop(keep_storage=True)
        stop_s = time.monotonic() - stopping
        assert worker.alive(), f"worker exited, broker stopped:\n{worker.log_tail()}"
        before = consumed(worker)
        start_s = broker.start()
        down_s = time.monotonic() - stopping
        assert (broker.folder, broker.port) == (folder, port), "not the same broker"
        # It goes on by itself: consumes again, and the stream completes.
        resumed_in = wait_for(
            lambda: consumed(worker) > before + 100, 90, "the worker to consume after the restart"
        )
        resumed_at_produced = producer.sent
        producer.hurry()
        producer.join(timeout=180)
        during = log_text(worker)[log_mark:]
        waiting = f"waiting for the Kafka broker at {broker.bootstrap}"
        check_outputs(
            "Kafka broker restarted",
            deployment,
            worker,
            lines,
            report,
            restarted_at_produced=at_produced,
            consuming_again_at_produced=resumed_at_produced,
            stop_s=round(stop_s, 1),
            start_s=round(start_s, 1),
            down_s=round(down_s, 1),
            consuming_again_after_s=round(resumed_in, 1),
            waiting_lines=sum(waiting in line for line in during.splitlines()),
        )
        assert worker.alive() and worker.process.pid == pid, "the worker was restarted"
        assert at_produced <= resumed_at_produced < len(lines), "the stream ended first"
        print("\nworker log around the restart:\n" + "\n".join(during.splitlines()[:15]))
    finally:
        if deployment is not None:
            deployment.stop()
        broker.stop()


@pytest.mark.parametrize("delay_s", [5.0, 30.0], ids=["broker-5s-late", "broker-30s-late"])
def test_worker_started_before_its_broker(  # type: ignore[no-untyped-def]
    tmp_path: Path, report, delay_s: float, broker_engine_name: str
) -> None:
    port = free_port()
    address = f"127.0.0.1:{port}"
    # The environment a default-names Deployment gives (checked once the broker exists).
    env = {
        "CHAO_WORKER_APP_ID": "chao-pipeline",
        "CHAO_WORKER_PARTITIONS": "4",
        "CHAO_WORKER_LOG_LEVEL": "info",
        "CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S": "4",
        "CHAO_WORKER_CONSUMER_HEARTBEAT_S": "0.5",
        "CHAO_API_AUTH_SECRET": API_SECRET,
        **{f"CHAO_TOPIC_{name.upper()}": value for name, value in TopicNames()},
    }
    worker = WorkerProcess(f"kafka://{address}", name="early", log_dir=tmp_path, env=env)
    worker.start()
    late_log = tmp_path / f"late-{broker_engine_name}.log"
    broker = new_broker(broker_engine_name, port, log_path=late_log)
    deployment = None
    try:
        started = time.monotonic()
        waiting = f"waiting for the Kafka broker at {address}"
        wait_for(lambda: waiting in log_text(worker), 20, f"the log line {waiting!r}")
        # Nothing listens for delay_s (the fault lasts a fixed time); the worker must wait.
        while time.monotonic() - started < delay_s:
            assert worker.alive(), f"worker gave up without a broker:\n{worker.log_tail()}"
            time.sleep(0.5)
        pid = worker.process.pid
        broker.start()
        deployment = Deployment(broker, tmp_path, default_names=True)
        deployment.workers.append(worker)
        assert deployment.env == env
        ready_in = worker.wait_ready(timeout=60)
        log = log_text(worker)
        waiting_lines = [line for line in log.splitlines() if waiting in line]
        # One line at once, then one every 5 s: the operator sees it is still waiting.
        assert len(waiting_lines) >= int(delay_s // 5), waiting_lines
        assert "connection refused" in waiting_lines[0], waiting_lines[0]
        assert f"the Kafka broker at {address} answers" in log
        lines = traffic(seed=int(delay_s))
        asyncio.run(produce_lines(broker.bootstrap, deployment.topics.raw, lines, seed=3))
        check_outputs(
            f"worker {delay_s:g} s before its broker",
            deployment,
            worker,
            lines,
            report,
            waiting_lines=len(waiting_lines),
            ready_after_broker_s=round(ready_in, 1),
        )
        assert worker.alive() and worker.process.pid == pid, "the worker was restarted"
    finally:
        if deployment is None:
            worker.stop()
        else:
            deployment.stop()
        broker.stop()


def test_broker_wait_limit_gives_up_clearly(tmp_path: Path) -> None:
    """CHAO_WORKER_BROKER_WAIT_S bounds the wait: then the worker exits 1, saying why."""
    address = f"127.0.0.1:{free_port()}"
    worker = WorkerProcess(
        f"kafka://{address}",
        name="bounded",
        log_dir=tmp_path,
        env={"CHAO_WORKER_BROKER_WAIT_S": "3"},
    )
    worker.start()
    try:
        wait_for(lambda: not worker.alive(), 30, "the worker to give up")
        assert worker.process is not None and worker.process.returncode == 1
        log = log_text(worker)
        assert f"waiting for the Kafka broker at {address}" in log
        assert f"no Kafka broker answered at {address} within 3 s" in log
        assert "Traceback" not in log
    finally:
        worker.stop()
