"""The topology on a real broker: fixtures, scale-out with a crash, restart with state."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import orjson
import pytest

from pipeline import Pipeline, Source
from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.kafka.io import produce_lines, read_topics
from pipeline.stages.types import StagedEvent
from pipeline.topics import Topics
from tests.fixtures_util import expected, expected_dead_letters, raw_lines
from tests.integration.streaming_util import (
    assert_matches_file_mode,
    committed_everything,
    file_mode,
    metric,
    play_in_order,
    read_outputs,
    wait_for_split,
    wait_until,
)

pytestmark = pytest.mark.integration


def test_every_fixture_gives_the_file_mode_output(deploy, fixture_name: str) -> None:  # type: ignore[no-untyped-def]
    # At the default window: arrival is judged on the input (contract 3.4), so the result
    # does not depend on this machine's speed; the gap fixture's gap is skipped at its end.
    deployment = deploy()
    worker = deployment.worker("w1")
    worker.wait_ready()
    lines = [line for line in raw_lines(fixture_name) if line.strip()]
    clean, dead = file_mode(lines)
    # The file mode itself is the contract's output (checked in tests/test_fixtures.py).
    assert clean == expected(fixture_name)
    assert len(dead) == len(expected_dead_letters(fixture_name))
    asyncio.run(play_in_order(deployment, worker, lines))
    records = read_outputs(deployment, len(clean), len(dead), timeout=60)
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)
    raw_topic = deployment.topics.raw
    raw = asyncio.run(
        read_topics(
            deployment.broker.bootstrap,
            [raw_topic],
            until=lambda r: len(r[raw_topic]) >= len(lines),
            timeout=30,
        )
    )[raw_topic]
    assert len(raw) == len(lines)
    assert len({r.partition for r in raw}) >= min(2, len(lines))


@pytest.mark.parametrize("in_place", [True, False], ids=["in-place", "via-re-key-topic"])
def test_one_worker_orders_in_place_or_through_the_rekey_topic(deploy, in_place: bool) -> None:  # type: ignore[no-untyped-def]
    """Both ways to the ordering stage give the file mode's output. A single worker owns
    every re-key partition, so by default nothing goes through the re-key topic; with
    CHAO_WORKER_PROCESS_IN_PLACE=false every staged event does.

    Eight partitions, not the broker's default of four: the internal topics must get the
    configured count (asking for their metadata before Faust declared them used to make
    the broker create them with its default)."""
    deployment = deploy(
        partitions=8,
        CHAO_WORKER_PROCESS_IN_PLACE=str(in_place).lower(),
    )
    worker = deployment.worker("w")
    worker.wait_ready()
    staged_topic = Topics(app_id=deployment.env["CHAO_WORKER_APP_ID"]).staged.name
    assigned = orjson.loads(worker.get("/ready")[1])["assigned"]
    assert assigned[staged_topic] == list(range(8)), assigned

    lines = list(generate_events(80, seed=9, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines, seed=4))
    records = read_outputs(deployment, len(clean), len(dead), timeout=120)
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=False)
    stager = Pipeline()
    placed = sum(
        isinstance(stager.stage(line, Source("raw", 0, n)), StagedEvent)
        for n, line in enumerate(lines)
    )
    # In place, 3 s of reading must find nothing; else it reads until every event is in.
    staged = asyncio.run(
        read_topics(
            deployment.broker.bootstrap,
            [staged_topic],
            until=lambda r: not in_place and len(r[staged_topic]) >= placed,
            timeout=3 if in_place else 30,
        )
    )[staged_topic]
    assert len(staged) == (0 if in_place else placed)


def test_two_workers_split_partitions_and_survive_a_sigkill(deploy) -> None:  # type: ignore[no-untyped-def]
    # At the default window: the events the dead worker had not staged yet wait for the
    # group to take its partitions over (contract 3.4: processing delays never count).
    deployment = deploy()
    first, second = deployment.worker("a"), deployment.worker("b")
    first.wait_ready()
    second.wait_ready()
    wait_for_split(deployment, [first, second])

    profile = TrafficProfile(malformed_rate=0.005, duplicate_rate=0.02)
    lines = list(generate_events(250, seed=5, profile=profile, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    half = len(lines) // 2
    bootstrap = deployment.broker.bootstrap
    asyncio.run(produce_lines(bootstrap, deployment.topics.raw, lines[:half], seed=1))
    # Wait until the victim has really processed part of the stream, then crash it.
    wait_until(
        lambda: metric(second.get("/metrics")[1].decode(), "chao_events_consumed_total") > 100,
        30,
        "the victim to process part of the stream",
    )
    second.kill()
    asyncio.run(produce_lines(bootstrap, deployment.topics.raw, lines[half:], seed=2))
    records = read_outputs(deployment, len(clean), len(dead), timeout=120)
    assert_matches_file_mode(records, deployment, clean, dead, allow_repeats=True)


@pytest.mark.parametrize(
    ("same_datadir", "clean_stop"),
    [(True, True), (True, False), (False, False)],
    ids=["in-place-stopped", "in-place-killed", "new-machine-killed"],
)
def test_restarted_worker_keeps_session_state(deploy, same_datadir: bool, clean_stop: bool) -> None:  # type: ignore[no-untyped-def]
    """Stopped or killed, restarted on its data directory (as a supervisor with a volume
    does) or on a new one (a replacement machine): the session's state and trace come back
    each way, from the local databases or from the changelogs. After a kill the traces'
    database has what it flushed (topologies/trace_bodies.py), the rest is read again."""
    deployment = deploy()
    worker = deployment.worker("w1")
    worker.wait_ready()
    ts = "2026-12-02T10:00:00Z"

    def envelope(seq: int, event_type: str, payload: dict) -> bytes:  # type: ignore[type-arg]
        return orjson.dumps(
            {
                "eventId": f"r-e{seq}",
                "type": event_type,
                "sessionId": "s-restart",
                "runId": "run-1",
                "seq": seq,
                "ts": ts,
                "payload": payload,
            }
        )

    before = [
        envelope(0, "session.started", {"visibleReasoning": "eligible"}),
        envelope(1, "tool.started", {"toolKey": "bits.search", "callId": "call-1"}),
    ]
    bootstrap = deployment.broker.bootstrap
    asyncio.run(produce_lines(bootstrap, deployment.topics.raw, before))
    read_outputs(deployment, 2, 0, timeout=30)
    # Offsets committed: the restarted worker must recover the card, not replay the records.
    wait_until(lambda: committed_everything(worker), 30, "offsets committed")
    if clean_stop:
        assert worker.stop() == 0
    else:
        worker.kill()
    env = {"CHAO_WORKER_DATADIR": str(worker.datadir)} if same_datadir else {}
    restarted = deployment.worker("w1-restarted", **env)
    restarted.wait_ready()
    after = [
        envelope(
            2,
            "cot.tool.reasoning",
            {
                "disclosure": "visible_reasoning_v1",
                "toolCallId": "call-1",
                "summary": "Searching the workspace",
            },
        )
    ]
    asyncio.run(produce_lines(bootstrap, deployment.topics.raw, after))
    records = asyncio.run(
        read_topics(
            bootstrap,
            [deployment.topics.reasoning, deployment.topics.dead_letter],
            until=lambda r: len(r[deployment.topics.reasoning]) >= 1,
            timeout=30,
        )
    )
    assert [orjson.loads(r.value)["eventId"] for r in records[deployment.topics.reasoning]] == [
        "r-e2"
    ]
    assert records[deployment.topics.dead_letter] == []
    metrics = restarted.get("/metrics")[1].decode()
    # The restarted worker read only the new record: the card came from recovered state.
    assert metric(metrics, "chao_events_consumed_total") == 1
    # The session's trace was recovered too (events 0 and 1 were released before the kill).
    status, body = restarted.get("/sessions/s-restart/trace")
    trace = orjson.loads(body)
    assert status == 200, trace
    assert [e["seq"] for e in trace["events"]] == [0, 1, 2] and trace["lastSeq"] == 2
    assert [c["callId"] for c in trace["toolCards"]] == ["call-1"]
    # After a clean stop in place, the trace came from the local database, not the topic.
    if clean_stop:
        log = restarted.log_path.read_text()
        assert "rebuilt 1 traces (2 events) from the local database" in log


def test_idle_sessions_are_forgotten_and_memory_stays_bounded(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy(CHAO_SESSION_IDLE_TIMEOUT_S="1", CHAO_WORKER_IDLE_CHECK_INTERVAL_S="0.5")
    worker = deployment.worker("w1")
    worker.wait_ready()
    lines = [line for line in raw_lines("basic") if line.strip()]
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines))
    read_outputs(deployment, len(expected("basic")), 0, timeout=30)

    def forgotten() -> bool:
        text = worker.get("/metrics")[1].decode()
        return (
            metric(text, "chao_sessions_forgotten_total") >= 1
            and metric(text, "chao_sessions_tracked") == 0
        )

    wait_until(forgotten, 30, "the idle session to be forgotten")
