"""Two and three workers in one group, each SIGKILLed once mid-stream and restarted 5 s
later (as a supervisor would), at the default settings: nothing lost, nothing late.

Raw events carry random keys over 4 partitions, so a session's events are spread over
partitions that different members own, and every kill leaves some partitions with nobody
processing them until the group notices (the consumer session timeout, 10 s by default)
and the restarted member rejoins. None of that time counts against the reorder window
(contract section 3.4): the survivors' gap timers judge gaps on the group's progress on
the input (``topologies.progress``), so no event is skipped as late. At-least-once
allows exact repeats; exactly-once (Kafka), read ``read_committed``, allows none, clean
or dead letter.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime

import pytest

from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.kafka.io import IsolationLevel
from tests.faults.faults_util import (
    CANARY,
    DEFAULT_TIMING,
    BackgroundProducer,
    Expected,
    assert_no_repeats,
    figures,
    late,
    read_complete,
    wait_for,
)
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import (
    assert_matches_file_mode,
    consumed,
    file_mode,
    wait_for_split,
    worker_summary,
)

pytestmark = pytest.mark.integration

SESSIONS = 300  # ~9,000 raw lines
PRODUCE_S = 40.0  # the pace: production spans the kills and restarts, then the rest at once
RESTART_AFTER_S = 5.0
SEED = 20261205
CASES = [
    pytest.param(2, "at_least_once", id="2-workers"),
    pytest.param(3, "at_least_once", id="3-workers"),
    pytest.param(2, "exactly_once", id="2-workers-exactly-once", marks=pytest.mark.kafka_only),
    pytest.param(3, "exactly_once", id="3-workers-exactly-once", marks=pytest.mark.kafka_only),
]


@pytest.mark.timeout(420)
@pytest.mark.parametrize(("members", "guarantee"), CASES)
def test_each_member_sigkilled_once_loses_nothing(
    deploy: type[Deployment], report, members: int, guarantee: str
) -> None:  # type: ignore[no-untyped-def]
    exactly_once = guarantee == "exactly_once"
    deployment = deploy(CHAO_PROCESSING_GUARANTEE=guarantee, **DEFAULT_TIMING)
    isolation: IsolationLevel = "read_committed" if exactly_once else "read_uncommitted"
    profile = TrafficProfile(canary=CANARY)
    lines = list(generate_events(SESSIONS, seed=SEED, profile=profile, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    expected = Expected(deployment, clean, dead, lines)
    rng = random.Random(SEED + members)

    workers = [deployment.worker(f"w{n}") for n in range(members)]
    for worker in workers:
        worker.wait_ready(timeout=120)
    wait_for_split(deployment, workers)
    producer = BackgroundProducer(
        deployment.broker.bootstrap,
        deployment.topics.raw,
        lines,
        rate=len(lines) / PRODUCE_S,
        seed=SEED,
    )
    wait_for(lambda: all(consumed(w) > 0 for w in workers), 60, "every member to consume")
    killed = []  # (member, lines produced at the kill)
    for n in range(members):
        time.sleep(rng.uniform(0.5, 4.0))
        victim = workers[n]
        assert victim.alive(), f"{victim.name} died on its own:\n{victim.log_tail()}"
        killed.append((victim.name, producer.sent))
        victim.kill()
        time.sleep(RESTART_AFTER_S)
        workers[n] = deployment.worker(f"w{n}-restarted")
    for worker in workers:
        worker.wait_ready(timeout=120)
    wait_for_split(deployment, workers)
    producer.hurry()
    producing = producer.join(timeout=240)
    assert producer.sent == len(lines)
    records, took = read_complete(deployment, expected, timeout=180, isolation_level=isolation)
    fig = figures(
        f"{members} members each SIGKILLed once ({guarantee}, {isolation})",
        expected,
        records,
        events=len(lines),
        logs=[w.log_path for w in deployment.workers],
    )
    late_now = [late(w) for w in workers]
    fig.extra = {
        "killed_at_produced": [k[1] for k in killed],
        "produce_s": round(producing, 1),
        "complete_after_s": None if took is None else round(took, 1),
        "late_in_survivors": late_now,
    }
    report(fig)
    assert all(at < len(lines) for _, at in killed), f"a kill came after the stream: {killed}"
    summaries = "\n".join(worker_summary(w) for w in workers)
    assert fig.lost == 0, f"{fig.line()}\n{summaries}\n" + "\n".join(fig.detail[:20])
    fig.assert_clean()
    assert late_now == [0.0] * members, f"late events counted: {late_now}\n{summaries}"
    if exactly_once:
        assert_no_repeats(fig)
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=True)
