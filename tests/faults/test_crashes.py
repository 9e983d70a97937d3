"""The single worker SIGKILLed at random moments (ordering in place, and again with every
event through the re-key topic) while a stream of 50k+ events goes through. (The
exactly-once worker's crash test on Kafka is the soak's, tests/faults/test_soak.py.)

The worker is killed (no flush, no commit) ``KILLS`` times, each time after a random delay
once its successor has become ready and has processed events; a new worker process with
the same app id (consumer group, changelog) is started at once and waited for. Production
is paced (random raw keys over 4 partitions) slowly enough to outlast the kills; once the
last successor is ready, the lines not sent yet go at once (a backlog for it). (The soak,
tests/faults/test_soak.py, runs the same kills over 30 s of production beside a CPU hog.)
Every setting is the product's default (reorder window 2 s, consumer session timeout
10 s): the downtime is a processing delay, which never counts against the window
(contract 3.4), so no event may be skipped as late. Afterwards every clean event and
dead letter the file mode gives must be on the topics, each session's
events in strictly increasing seq on every topic once exact repeats are dropped, repeats
only exact copies, nothing else published, the generator's canary nowhere, and every
session's trace (rebuilt by each new worker from the trace changelog) equal to its events
on the clean topic. Exactly-once adds: 0 exact repeats (``duplicated``) for the
``read_committed`` reader, on every topic, dead letters included.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from pipeline.dev.generate import TrafficProfile, generate_events
from tests.faults.faults_util import (
    CANARY,
    DEFAULT_TIMING,
    BackgroundProducer,
    Expected,
    Figures,
    figures,
    read_complete,
    wait_for,
)
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import (
    assert_matches_file_mode,
    assert_traces_match_topic,
    consumed,
    file_mode,
    worker_summary,
)

pytestmark = pytest.mark.integration

SESSIONS = 1_650  # ~31 lines each: >= 50,000 raw lines
MIN_EVENTS = 50_000
KILLS = 5
RATE = 500.0  # lines/s offered: production (105 s at most) spans the kills (~5 x 12 s)
SEED = 20261202


@pytest.mark.timeout(420)
@pytest.mark.parametrize("in_place", [True, False], ids=["in-place", "via-re-key-topic"])
def test_sigkilled_worker_loses_nothing(deploy, report, in_place: bool) -> None:  # type: ignore[no-untyped-def]
    # A single worker orders every event in place; with CHAO_WORKER_PROCESS_IN_PLACE=false
    # every event crosses the re-key topic, as events of sessions another worker owns do.
    deployment = deploy(CHAO_WORKER_PROCESS_IN_PLACE=str(in_place).lower(), **DEFAULT_TIMING)
    crash_run(
        deployment,
        report,
        name="crash" if in_place else "crash, via the re-key topic",
        sessions=SESSIONS,
        min_events=MIN_EVENTS,
        kills=KILLS,
        rate=RATE,
        # In place: restarted on its data directory, as a supervisor with a volume does (the
        # successor removes its predecessor from the group: topologies.previous_member);
        # via the re-key topic: each successor on a new one, as a replacement machine.
        same_datadir=in_place,
    )


def crash_run(
    deployment: Deployment,
    report: Callable[[Figures], None],
    *,
    name: str,
    sessions: int,
    min_events: int,
    kills: int,
    rate: float,
    same_datadir: bool = False,
) -> Figures:
    """Produce ``sessions`` generated sessions at ``rate`` while the worker is SIGKILLed
    ``kills`` times and restarted; read the outputs, report the figures and assert 0 lost
    (nor reordered, conflicting, unexpected, mismatched, leaked) and the traces; exact
    repeats are allowed (at-least-once: they are counted in the figures). The lines not
    sent yet when the last successor is ready go at once, and the last tenth is held back
    until then, so every kill falls mid-stream. ``same_datadir``: every successor starts on
    the first worker's data directory (else each on its own)."""
    profile = TrafficProfile(canary=CANARY)
    lines = list(generate_events(sessions, seed=SEED, profile=profile, start=datetime.now(UTC)))
    assert len(lines) >= min_events
    # The leak check has teeth: the canary is in the input, often.
    assert sum(CANARY.encode() in line for line in lines) > max(10, len(lines) // 500)
    clean, dead = file_mode(lines)
    expected = Expected(deployment, clean, dead, lines)
    rng = random.Random(SEED)

    worker = first = deployment.worker("w0")
    worker.wait_ready(timeout=90)
    # A tenth of the stream waits for the last restart: every kill is mid-stream however
    # long the restarts take on this machine.
    producer = BackgroundProducer(
        deployment.broker.bootstrap,
        deployment.topics.raw,
        lines,
        rate=rate,
        seed=SEED,
        hold_back=len(lines) // 10,
    )
    killed = []  # (events produced at the kill, events the victim had consumed, downtime s)
    for n in range(1, kills + 1):
        # A random moment once the worker is really working (it consumed something).
        wait_for(lambda w=worker: consumed(w) > 0, 60, f"worker {worker.name} to consume")
        time.sleep(rng.uniform(0.2, 5.0))
        assert worker.alive(), f"worker {worker.name} died on its own:\n{worker.log_tail()}"
        taken, produced = consumed(worker), producer.sent
        worker.kill()
        killed_at = time.monotonic()
        volume = {"CHAO_WORKER_DATADIR": str(first.datadir)} if same_datadir else {}
        worker = deployment.worker(f"w{n}", **volume)
        worker.wait_ready(timeout=90)
        killed.append((produced, int(taken), round(time.monotonic() - killed_at, 1)))
    producer.hurry()
    producing = producer.join(timeout=240)
    assert producer.sent == len(lines)
    records, took = read_complete(deployment, expected, timeout=150)
    fig = figures(
        name,
        expected,
        records,
        events=len(lines),
        logs=[w.log_path for w in deployment.workers],
    )
    fig.extra = {
        "kills": len(killed),
        "repeats_per_kill": round(fig.duplicated / len(killed), 1),
        "produce_s": round(producing, 1),
        "complete_after_s": None if took is None else round(took, 1),
        "killed_at_produced": [k[0] for k in killed],
        "victim_consumed": [k[1] for k in killed],
        "downtime_s": [k[2] for k in killed],
    }
    report(fig)
    # Every victim was killed mid-stream: it had consumed events, more were still coming.
    assert all(k[1] > 0 and k[0] < len(lines) for k in killed), killed
    assert fig.lost == 0, f"{fig.line()}\n{worker_summary(worker)}\n" + "\n".join(fig.detail[:20])
    fig.assert_clean()
    # And the integration tests' own comparison, on the same records.
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=True)
    # Each restarted worker rebuilt the traces from the clean topic (their changelog): every
    # session's trace is still exactly its events on the clean topic.
    assert_traces_match_topic([worker], records[deployment.topics.session_events])
    return fig
