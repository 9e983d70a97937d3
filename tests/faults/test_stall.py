"""The stall watchdog on a real worker: a stall is induced, the watchdog notices it, says
so (/ready 503 with the stuck partitions, chao_worker_stalled 1, a log line naming them)
and stops the worker with a non-zero exit code; the restarted worker finishes the job with
nothing lost.

The stall is induced with the explicit fault-injection setting
``CHAO_WORKER_FAULT_HANG_AFTER_BATCHES`` (off by default; ``topologies.watchdog.hang_after``):
from the Nth fetched batch of raw records on, the delivery to the agent never returns, as
when an agent hangs on an await nobody wakes. The worker process stays alive and answers
HTTP; only its input stops moving, which is what issue 19's stall looked like.
"""

from __future__ import annotations

import orjson
import pytest

from pipeline.dev.generate import TrafficProfile, generate_events
from tests.faults.faults_util import (
    CANARY,
    BackgroundProducer,
    Expected,
    figures,
    read_complete,
    wait_for,
)
from tests.integration.streaming_util import file_mode, metric

pytestmark = pytest.mark.integration

SESSIONS = 300
SEED = 20261206
TIMEOUT_S = 10


@pytest.mark.timeout(420)
def test_watchdog_stops_a_stalled_worker_and_its_successor_loses_nothing(deploy, report) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy(
        CHAO_WORKER_STALL_TIMEOUT_S=str(TIMEOUT_S),
        CHAO_WORKER_FAULT_HANG_AFTER_BATCHES="5",
    )
    lines = list(generate_events(SESSIONS, seed=SEED, profile=TrafficProfile(canary=CANARY)))
    clean, dead = file_mode(lines)
    expected = Expected(deployment, clean, dead, lines)

    stalled = deployment.worker("stalled")
    stalled.wait_ready(timeout=90)
    producer = BackgroundProducer(
        deployment.broker.bootstrap, deployment.topics.raw, lines, rate=1_000.0, seed=SEED
    )
    # The supervisor's view while it lives: /ready and the gauge, until it exits.
    seen: dict[str, object] = {}

    def exited() -> bool:
        if not stalled.alive():
            return True
        try:
            status, body = stalled.get("/ready", timeout=1.0)
            if status == 503 and b"stalled" in body:
                seen["ready"] = orjson.loads(body)
                text = stalled.get("/metrics", timeout=1.0)[1].decode()
                seen["gauge"] = metric(text, "chao_worker_stalled")
        except OSError:
            pass
        return False

    wait_for(exited, 180, "the watchdog to stop the stalled worker", step=0.2)
    assert stalled.process is not None and stalled.process.returncode != 0
    log = stalled.log_path.read_text(errors="replace")
    [line] = [line for line in log.splitlines() if "worker stalled" in line]
    assert f"{deployment.topics.raw}[" in line and "records waiting, no progress since" in line
    ready = seen.get("ready")
    assert isinstance(ready, dict), f"/ready never answered 503 with the stall: {seen}"
    assert ready["ready"] is False and ready["stalled"], ready
    assert {s["topic"] for s in ready["stalled"]} == {deployment.topics.raw}
    assert seen.get("gauge") == 1

    # The supervisor restarts it (here: without the fault), and the job gets done.
    deployment.env.pop("CHAO_WORKER_FAULT_HANG_AFTER_BATCHES")
    restarted = deployment.worker("restarted")
    restarted.wait_ready(timeout=90)
    producer.join(timeout=240)
    records, took = read_complete(deployment, expected, timeout=180)
    fig = figures(
        "stall watchdog",
        expected,
        records,
        events=len(lines),
        logs=[w.log_path for w in deployment.workers],
    )
    fig.extra = {"complete_after_s": None if took is None else round(took, 1)}
    report(fig)
    fig.assert_clean()
    assert took is not None
    assert restarted.alive() and "worker stalled" not in restarted.log_path.read_text()
