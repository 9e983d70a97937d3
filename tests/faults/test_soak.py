"""Soak: the single-worker crash test and a rebalance storm, while a CPU-heavy process
competes for the cores (``make soak`` runs the crash test ``CHAO_SOAK_RUNS`` times, 10 by
default; ``make test-faults`` runs it twice, and the storm once).

Crash: 2,500 generated sessions produced with random keys over a 4-partition raw topic,
paced over 30 s, while the only worker is SIGKILLed 5 times at random moments and restarted
each time; every setting is the default (reorder window 2 s) except what the test deployment
needs to be found (topic names, app id, web port). Storm: workers join and leave (stopped,
or SIGKILLed) every few seconds for a minute while the same kind of traffic is produced.

On Apache Kafka the crash test also runs once with the exactly-once worker, read
``read_committed``: there no clean record may repeat (a dead letter read twice is
reported: RELIABILITY.md, "Known gaps").

Each run asserts 0 lost, 0 unexpected (nor reordered, conflicting, mismatched, leaked) and
0 stalls: the output must be complete within a bound, and no worker's stall watchdog
(``topologies.watchdog``) may have fired. The test plays the supervisor: a worker that
exits on its own is restarted, and counted as a stall when its watchdog fired.
"""

from __future__ import annotations

import os
import random
import time
from datetime import UTC, datetime

import pytest

from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import IsolationLevel
from tests.faults.faults_util import (
    CANARY,
    DEFAULT_TIMING,
    BackgroundProducer,
    Expected,
    assert_no_repeats,
    figures,
    read_complete,
    stalls,
    wait_for,
)
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import assert_traces_match_topic, consumed, file_mode

pytestmark = pytest.mark.integration

SESSIONS = 2_500
PRODUCE_S = 30.0
KILLS = 5
RUNS = int(os.environ.get("CHAO_SOAK_RUNS", "2"))
STORM_S = 60.0


class Supervisor:
    """Keeps workers running as a process supervisor does: one that exits on its own is
    restarted under a new name (same app id, so same consumer group and state)."""

    def __init__(self, deployment: Deployment, prefix: str) -> None:
        self.deployment = deployment
        self.prefix = prefix
        self.started = 0
        self.restarts = 0

    def start(self) -> WorkerProcess:
        self.started += 1
        return self.deployment.worker(f"{self.prefix}{self.started}")

    def keep_alive(self, workers: list[WorkerProcess]) -> list[WorkerProcess]:
        kept = []
        for worker in workers:
            if worker.alive():
                kept.append(worker)
            else:
                worker.kill()  # closes its log
                self.restarts += 1
                kept.append(self.start())
        return kept


def traffic(seed: int) -> tuple[list[bytes], list[object], list[object]]:
    profile = TrafficProfile(canary=CANARY)
    lines = list(generate_events(SESSIONS, seed=seed, profile=profile, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    return lines, clean, dead


def soak_deployment(deploy, **env: str) -> Deployment:  # type: ignore[no-untyped-def]
    # Defaults for everything the worker does; the test deployment only names its topics
    # and group (tests/integration/conftest.py). Its shorter consumer session timeout is
    # put back to the default too.
    deployment = deploy(**DEFAULT_TIMING, **env)
    return with_partitions_from_the_source(deployment)


def with_partitions_from_the_source(deployment: Deployment) -> Deployment:
    """No CHAO_WORKER_PARTITIONS: the workers take the raw topic's count (4 here)."""
    del deployment.env["CHAO_WORKER_PARTITIONS"]
    return deployment


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    ("run", "guarantee"),
    [pytest.param(run, "at_least_once", id=f"run{run}") for run in range(RUNS)]
    + [pytest.param(0, "exactly_once", id="exactly-once", marks=pytest.mark.kafka_only)],
)
def test_soak_crashes(deploy, report, cpu_hog, run: int, guarantee: str) -> None:  # type: ignore[no-untyped-def]
    seed = 20261204 + run
    exactly_once = guarantee == "exactly_once"
    isolation: IsolationLevel = "read_committed" if exactly_once else "read_uncommitted"
    deployment = soak_deployment(deploy, CHAO_PROCESSING_GUARANTEE=guarantee)
    lines, clean, dead = traffic(seed)
    expected = Expected(deployment, clean, dead, lines)
    rng = random.Random(seed)
    supervisor = Supervisor(deployment, "w")

    worker = supervisor.start()
    worker.wait_ready(timeout=90)
    producer = BackgroundProducer(
        deployment.broker.bootstrap,
        deployment.topics.raw,
        lines,
        rate=len(lines) / PRODUCE_S,
        seed=seed,
    )
    kills = []  # (lines produced at the kill, events the victim had consumed)
    for _ in range(KILLS):
        # A random moment once the worker really works; once production is over, a
        # restarted worker may have nothing left to consume (everything was committed).
        wait_for(
            lambda w=worker: consumed(w) > 0 or producer.done or not w.alive(),
            90,
            "the worker to consume",
        )
        time.sleep(rng.uniform(0.2, 6.0))
        [worker] = supervisor.keep_alive([worker])
        kills.append((producer.sent, int(consumed(worker))))
        worker.kill()
        worker = supervisor.start()
        worker.wait_ready(timeout=90)
    producing = producer.join(timeout=240)
    assert producer.sent == len(lines)
    records, took = read_complete(deployment, expected, timeout=240, isolation_level=isolation)
    [worker] = supervisor.keep_alive([worker])
    fig = figures(
        f"soak crash run {run + 1} ({guarantee}, {isolation})",
        expected,
        records,
        events=len(lines),
        logs=[w.log_path for w in deployment.workers],
    )
    stalled = stalls(deployment)
    fig.extra = {
        "kills": len(kills),
        "produce_s": round(producing, 1),
        "complete_after_s": None if took is None else round(took, 1),
        "stalls": stalled,
        "killed_at_produced": [k[0] for k in kills],
    }
    report(fig)
    problems = "\n".join(fig.detail[:20])
    assert took is not None, f"output incomplete (a stall?)\n{fig.line()}\n{problems}"
    fig.assert_clean()
    assert fig.lost == 0 and fig.unexpected == 0
    assert stalled == 0, f"the stall watchdog fired {stalled} times\n{fig.line()}"
    if exactly_once:  # a read_committed reader sees every clean record once
        assert_no_repeats(fig)
    # Each restarted worker rebuilt the traces from their changelog: every session's trace
    # is still exactly its events on the clean topic.
    assert_traces_match_topic([worker], records[deployment.topics.session_events])


@pytest.mark.timeout(600)
def test_soak_rebalance_storm(deploy, report, cpu_hog) -> None:  # type: ignore[no-untyped-def]
    """Workers join and leave every few seconds for a minute while traffic flows."""
    seed = 20261205
    # At the default window: a session's gap may wait on a partition whose owner just died
    # or is catching up, and that time does not count (contract 3.4).
    # The test deployment's short consumer session timeout (4 s): a SIGKILLed member is
    # noticed sooner, so more of the changes end in a completed rebalance.
    deployment = with_partitions_from_the_source(deploy())
    lines, clean, dead = traffic(seed)
    expected = Expected(deployment, clean, dead, lines)
    rng = random.Random(seed)
    supervisor = Supervisor(deployment, "s")

    workers = [supervisor.start()]
    workers[0].wait_ready(timeout=90)
    producer = BackgroundProducer(
        deployment.broker.bootstrap,
        deployment.topics.raw,
        lines,
        rate=len(lines) / STORM_S,
        seed=seed,
    )
    changes = {"joined": 0, "stopped": 0, "killed": 0}
    ends = time.monotonic() + STORM_S
    while time.monotonic() < ends:
        time.sleep(rng.uniform(3.0, 8.0))
        workers = supervisor.keep_alive(workers)
        if len(workers) < 2 or (len(workers) < 3 and rng.random() < 0.5):
            workers.append(supervisor.start())
            changes["joined"] += 1
        else:
            leaving = workers.pop(rng.randrange(len(workers)))
            if rng.random() < 0.5:
                leaving.stop()
                changes["stopped"] += 1
            else:
                leaving.kill()
                changes["killed"] += 1
    producing = producer.join(timeout=240)
    assert producer.sent == len(lines)
    records, took = read_complete(deployment, expected, timeout=240)
    fig = figures(
        "soak rebalance storm",
        expected,
        records,
        events=len(lines),
        logs=[w.log_path for w in deployment.workers],
    )
    stalled = stalls(deployment)
    rebalances = sum(
        w.log_path.read_text(errors="replace").count("rebalance complete")
        for w in deployment.workers
    )
    fig.extra = {
        **changes,
        "rebalances_completed": rebalances,
        "produce_s": round(producing, 1),
        "complete_after_s": None if took is None else round(took, 1),
        "stalls": stalled,
    }
    report(fig)
    problems = "\n".join(fig.detail[:20])
    assert took is not None, f"output incomplete (a stall?)\n{fig.line()}\n{problems}"
    fig.assert_clean()
    assert stalled == 0, f"the stall watchdog fired {stalled} times\n{fig.line()}"
