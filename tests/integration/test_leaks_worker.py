"""Leaks through the real worker: planted text never reaches a topic, the worker's log at
DEBUG level, /metrics or the trace API (tests/test_leaks.py covers the stages in process)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import orjson
import pytest

from pipeline import PipelineConfig
from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.kafka.io import produce_lines
from tests.integration.streaming_util import file_mode, read_outputs
from tests.test_leaks import CANARY, sessions_for_every_reason

pytestmark = pytest.mark.integration


def test_worker_at_debug_level_leaks_nothing(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy(
        CHAO_WORKER_LOG_LEVEL="debug",
        CHAO_COT_DISABLED_PREFIXES="beta-",
    )
    worker = deployment.worker("debug")
    worker.wait_ready()
    profile = TrafficProfile(canary=CANARY, malformed_rate=0.05, violation_rate=0.3)
    lines = sessions_for_every_reason() + list(
        generate_events(20, seed=23, profile=profile, start=datetime.now(UTC))
    )
    planted = sum(CANARY.encode() in line for line in lines)
    assert planted > 100  # the check below tests something
    clean, dead = file_mode(lines, PipelineConfig(cot_disabled_prefixes=("beta-",)))
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines))
    records = read_outputs(deployment, len(clean), len(dead), timeout=90)
    # Every clean topic and the dead-letter topic. (The internal re-key topic and the state
    # changelog carry events that passed the stateless stages and still await the
    # stateful rules, e.g. a cot.tool.reasoning whose card is unknown: docs/architecture.md.)
    for topic, found in records.items():
        assert found or topic != deployment.topics.session_events
        for record in found:
            assert CANARY.encode() not in record.value, f"canary on {topic}"
    metrics = worker.get("/metrics")[1]
    assert CANARY.encode() not in metrics
    sessions = {
        orjson.loads(r.value)["sessionId"] for r in records[deployment.topics.session_events]
    }
    assert sessions
    for session_id in sessions:
        status, body = worker.get(f"/sessions/{session_id}/trace")  # with a token
        assert status == 200
        assert CANARY.encode() not in body
    worker.stop()
    log = worker.log_path.read_bytes()
    assert b"[DEBUG]" in log  # the worker really logged at DEBUG
    assert CANARY.encode() not in log
