"""A worker restarted with events waiting on a gap and no new input releases them.

Regression (issue 19): the gap timer did nothing until the first batch after a recovery
had been fetched, so a worker that recovered sessions with events waiting on a gap, and
then received no input (the input was all committed before the crash), held those events
for ever: a silent stall, nothing lost from the broker but nothing released.
"""

from __future__ import annotations

import asyncio

import orjson
import pytest

from pipeline.kafka.io import produce_lines, read_topics
from tests.integration.streaming_util import committed_everything, metric, wait_until

pytestmark = pytest.mark.integration

# Long enough for the first worker to commit and be killed before it skips the gap itself.
WINDOW_S = 20


def envelope(seq: int, event_type: str, payload: dict) -> bytes:  # type: ignore[type-arg]
    return orjson.dumps(
        {
            "eventId": f"g-e{seq}",
            "type": event_type,
            "sessionId": "s-gap-restart",
            "runId": "run-1",
            "seq": seq,
            "ts": "2026-12-04T10:00:00Z",
            "payload": payload,
        }
    )


def test_restarted_worker_without_input_skips_old_gaps(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy(CHAO_REORDER_WINDOW_S=str(WINDOW_S))
    worker = deployment.worker("w1")
    worker.wait_ready()
    bootstrap = deployment.broker.bootstrap
    topics = deployment.topics
    # seq 1 never comes: seq 2 and 3 wait on its gap.
    lines = [
        envelope(0, "session.started", {"visibleReasoning": "eligible"}),
        envelope(2, "message.delta", {"messageId": "m-1", "delta": "b"}),
        envelope(3, "message.delta", {"messageId": "m-1", "delta": "c"}),
    ]
    asyncio.run(produce_lines(bootstrap, topics.raw, lines))

    def waiting(w) -> float:  # type: ignore[no-untyped-def]
        return metric(w.get("/metrics")[1].decode(), "chao_reorder_waiting_events")

    wait_until(lambda: waiting(worker) == 2, 30, "seq 2 and 3 to wait on the gap")
    # Offsets (and, before them, the session's state with its waiting events) committed.
    wait_until(lambda: committed_everything(worker), 30, "offsets committed")
    assert waiting(worker) == 2, "the first worker skipped the gap already: window too short"
    worker.kill()

    restarted = deployment.worker("w2")
    restarted.wait_ready(timeout=90)
    assert waiting(restarted) == 2  # recovered from the changelog, nothing new to read
    # No new input: the gap timer alone must skip the gap, a reorder window after recovery.
    records = asyncio.run(
        read_topics(
            bootstrap,
            [topics.session_events],
            until=lambda r: (
                {orjson.loads(x.value)["seq"] for x in r[topics.session_events]} >= {0, 2, 3}
            ),
            timeout=WINDOW_S + 60,
        )
    )
    seqs = [orjson.loads(r.value)["seq"] for r in records[topics.session_events]]
    assert sorted(set(seqs)) == [0, 2, 3], f"held events not released: {seqs}"
    assert waiting(restarted) == 0
    assert metric(restarted.get("/metrics")[1].decode(), "chao_events_consumed_total") == 0
