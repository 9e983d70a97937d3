"""Exactly-once on Apache Kafka (kafka_only: Tansu has no transactions).

``CHAO_PROCESSING_GUARANTEE=exactly_once``: a consumer reading the clean topics
read_committed gets the file mode's output with no repeat, also across SIGKILLs of the
worker; read_uncommitted it may see what the killed worker's aborted transactions held.
The fault tests add more kills, a zombie and a broker restart (tests/faults).
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import orjson
import pytest

from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.kafka.io import produce_lines
from tests.integration.streaming_util import (
    assert_matches_file_mode,
    file_mode,
    metric,
    read_outputs,
    wait_until,
    worker_summary,
)

pytestmark = [pytest.mark.integration, pytest.mark.kafka_only]

EXACTLY_ONCE = {"CHAO_PROCESSING_GUARANTEE": "exactly_once"}


def consumed(worker) -> float:  # type: ignore[no-untyped-def]
    return metric(worker.get("/metrics")[1].decode(), "chao_events_consumed_total")


def with_gaps(lines: list[bytes], sessions: int) -> list[bytes]:
    """``lines`` without the seq-3 event of the first ``sessions`` sessions that have one."""
    dropped: set[str] = set()
    kept = []
    for line in lines:
        try:
            event = orjson.loads(line)
        except orjson.JSONDecodeError:
            event = None
        if (
            isinstance(event, dict)
            and event.get("seq") == 3
            and isinstance(event.get("sessionId"), str)
            and len(dropped) < sessions
        ):
            dropped.add(event["sessionId"])
            continue
        kept.append(line)
    assert len(dropped) == sessions
    return kept


def test_one_worker_gives_the_file_mode_output_read_committed(deploy) -> None:  # type: ignore[no-untyped-def]
    """Also: gaps are skipped after the reorder window, and the worker stays ready when
    the input stops. Both look at how far the re-key topic is read, whose partitions end
    with transaction markers (topologies.patches.fetch_positions): counted as records
    waiting, the gaps were never skipped and the watchdog stopped the idle worker."""
    deployment = deploy(
        partitions=4,
        CHAO_WORKER_STALL_TIMEOUT_S="6",
        **EXACTLY_ONCE,
    )
    worker = deployment.worker("w")
    worker.wait_ready()
    lines = with_gaps(list(generate_events(120, seed=21, start=datetime.now(UTC))), 3)
    clean, dead = file_mode(lines)
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines, seed=3))
    records = read_outputs(deployment, len(clean), len(dead), 120, "read_committed")
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)
    log = worker.log_path.read_text(errors="replace")
    assert "transactional producers started" in log
    time.sleep(15)  # idle, more than twice the stall timeout
    assert worker.alive(), worker_summary(worker)
    status, body = worker.get("/ready")
    assert status == 200, body
    assert metric(worker.get("/metrics")[1].decode(), "chao_worker_stalled") == 0


def test_sigkilled_worker_repeats_nothing_read_committed(deploy) -> None:  # type: ignore[no-untyped-def]
    """Three SIGKILLs mid-stream, each followed by a restart: read_committed, nothing is
    lost and nothing repeated."""
    deployment = deploy(partitions=4, **EXACTLY_ONCE)
    profile = TrafficProfile(malformed_rate=0.005, duplicate_rate=0.02)
    lines = list(generate_events(300, seed=22, profile=profile, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    bootstrap = deployment.broker.bootstrap
    parts = 4
    size = len(lines) // parts + 1
    worker = deployment.worker("w0")
    worker.wait_ready()
    for n in range(parts):
        chunk = lines[n * size : (n + 1) * size]
        asyncio.run(produce_lines(bootstrap, deployment.topics.raw, chunk, seed=n))
        if n == parts - 1:
            break
        wait_until(lambda w=worker: consumed(w) > 50, 60, "the worker to process part of the chunk")
        worker.kill()
        worker = deployment.worker(f"w{n + 1}")
        worker.wait_ready()
    records = read_outputs(deployment, len(clean), len(dead), 180, "read_committed")
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)
