"""Helpers for comparing what the topology publishes with what the file mode gives."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from pipeline import Pipeline, PipelineConfig, Source
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import Record, read_topics
from pipeline.kafka.reader import SessionSeqFilter
from pipeline.kafka.security import KafkaSecurity, aiokafka_options
from pipeline.metrics import sample_sum
from pipeline.stages.ordering import CLEAN, DEAD_LETTER
from pipeline.topics import Topics
from tests.integration.conftest import Deployment
from topologies.patches import end_offsets as end_offsets_patch

FAMILY_OF_VIEW = {
    "reasoning": "reasoning",
    "tool_cards": "tool",
    "messages": "message",
    "artifacts": "artifact",
}


def file_mode(
    lines: list[bytes], config: PipelineConfig | None = None
) -> tuple[list[Any], list[Any]]:
    pipeline = Pipeline(config, clock=lambda: 0.0)
    outputs = []
    for offset, line in enumerate(lines):
        outputs += pipeline.process(line, Source("f", 0, offset))
    outputs += pipeline.flush()
    return ([r for k, r in outputs if k == CLEAN], [r for k, r in outputs if k == DEAD_LETTER])


def read_outputs(
    deployment: Deployment,
    clean: int,
    dead: int,
    timeout: float,
    isolation_level: str = "read_uncommitted",
) -> dict[str, list[Record]]:
    """Read until at least the expected counts of distinct records arrived, then a little
    longer to catch extras. Distinct: after a crash the outputs hold exact repeats, and
    counting them let a test compare before the survivor had written everything.
    ``read_committed``: what a consumer of an exactly-once worker's topics reads."""
    committed = isolation_level == "read_committed"
    topics = deployment.topics

    def enough(records: dict[str, list[Record]]) -> bool:
        return (
            len({r.value for r in records[topics.session_events]}) >= clean
            and len({r.value for r in records[topics.dead_letter]}) >= dead
        )

    records = asyncio.run(
        read_topics(
            deployment.broker.bootstrap,
            deployment.outputs,
            until=enough,
            timeout=timeout,
            isolation_level=isolation_level,
            security=deployment.security,
        )
    )
    assert enough(records), (
        f"timed out: {len({r.value for r in records[topics.session_events]})}/{clean} clean, "
        f"{len({r.value for r in records[topics.dead_letter]})}/{dead} dead letters; "
        + "; ".join(worker_summary(w) for w in deployment.workers if w.alive())
    )
    # Everything expected is there; wait a moment, so an extra record (a duplicate the
    # pipeline should not have sent) shows up, then read every output topic again up to
    # its end (not for a fixed time: on a loaded machine 3 s did not read them all).
    time.sleep(3.0)
    ends = asyncio.run(
        end_offsets(deployment.broker.bootstrap, deployment.outputs, deployment.security)
    )
    records = asyncio.run(
        read_topics(
            deployment.broker.bootstrap,
            deployment.outputs,
            # Reading committed, positions count the transaction markers, offsets don't.
            until=(lambda r: False) if committed else (lambda r: read_up_to(r, ends)),
            timeout=timeout,
            isolation_level=isolation_level,
            ends=ends if committed else None,
            security=deployment.security,
        )
    )
    if not committed:
        assert read_up_to(records, ends), "the output topics were not read to their end"
    return records


async def end_offsets(
    bootstrap: str, topics: list[str], security: KafkaSecurity | None = None
) -> dict[tuple[str, int], int]:
    """The end offset of each partition of ``topics`` (the larger of ListOffsets and the
    fetch high watermark: the worker's own answer, right on Tansu too)."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, enable_auto_commit=False, **aiokafka_options(security)
    )
    end_offsets_patch.configure(consumer)
    await consumer.start()
    try:
        partitions = [
            TopicPartition(topic, p)
            for topic in topics
            for p in sorted(consumer.partitions_for_topic(topic) or ())
        ]
        if len({tp.topic for tp in partitions}) < len(topics):
            await consumer._client.force_metadata_update()
            partitions = [
                TopicPartition(topic, p)
                for topic in topics
                for p in sorted(consumer.partitions_for_topic(topic) or ())
            ]
        answer = await consumer.end_offsets(partitions)
    finally:
        await consumer.stop()
    return {(tp.topic, tp.partition): offset for tp, offset in answer.items()}


def read_up_to(records: dict[str, list[Record]], ends: dict[tuple[str, int], int]) -> bool:
    """Whether ``records`` hold each partition's records up to its end offset in ``ends``."""
    last: dict[tuple[str, int], int] = {}
    for topic, topic_records in records.items():
        for record in topic_records:
            key = (topic, record.partition)
            last[key] = max(last.get(key, -1), record.offset)
    return all(last.get(tp, -1) >= end - 1 for tp, end in ends.items() if end > 0)


def where_written(records: list[Record], session_id: str) -> str:
    """Where each of a session's records sits, as ``seq@partition:offset (timestamp ms)``:
    a repeat at two offsets was written twice (a replay or a producer retry); one offset
    listed twice was read twice."""
    placed = [
        (r.partition, r.offset, orjson.loads(r.value)["seq"], r.timestamp)
        for r in sorted(records, key=lambda r: (r.partition, r.offset))
        if r.key == session_id.encode()
    ]
    return "records: " + ", ".join(f"{s}@{p}:{o} ({t})" for p, o, s, t in placed)


def worker_warnings(deployment: Deployment, most: int = 40) -> str:
    """The last ``most`` WARNING/ERROR lines of each worker's log (a CI run keeps no
    files): what a failed comparison needs to tell a replay from a producer retry."""
    parts = []
    for worker in deployment.workers:
        lines = worker.log_path.read_text(errors="replace").splitlines()
        flagged = [line for line in lines if "[WARNING]" in line or "[ERROR]" in line]
        parts.append(f"\n{worker.name} log, warnings and errors:\n" + "\n".join(flagged[-most:]))
    return "".join(parts)


def per_session(records: list[Record]) -> dict[str, list[dict[str, Any]]]:
    """Each session's records in the order its partition holds them; checks the key."""
    sessions: dict[str, list[dict[str, Any]]] = {}
    for record in sorted(records, key=lambda r: (r.partition, r.offset)):
        event = orjson.loads(record.value)
        assert record.key == event["sessionId"].encode()
        sessions.setdefault(event["sessionId"], []).append(event)
    return sessions


def assert_traces_match_topic(
    workers: list[WorkerProcess], session_records: list[Record]
) -> dict[str, dict[str, Any]]:
    """Every session's trace document, asked of the workers in turn, holds exactly the
    session's events on ``chao.clean.session-events`` (exact repeats dropped, in order).
    Returns the documents by sessionId."""
    documents = {}
    for index, (session_id, events) in enumerate(sorted(per_session(session_records).items())):
        kept = drop_exact_repeats(events)
        worker = workers[index % len(workers)]
        status, body = worker.get(f"/sessions/{session_id}/trace", timeout=10.0)
        assert status == 200, f"trace of {session_id} from {worker.name}: {status}"
        document = orjson.loads(body)
        assert document["events"] == kept, f"trace of {session_id} differs from the topic"
        assert document["lastSeq"] == kept[-1]["seq"] and not document["truncated"]
        documents[session_id] = document
    return documents


def drop_exact_repeats(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a downstream consumer sees with at-least-once delivery: the events the clean
    topic reader (pipeline.kafka.reader) admits. Asserts that every event it drops is an
    exact copy of one it admitted (a repeat, not an event out of order)."""
    admitted = SessionSeqFilter()
    seen: dict[tuple[str, int], dict[str, Any]] = {}
    kept = []
    for event in events:
        key = (event["sessionId"], event["seq"])
        if not admitted.admit(event):
            assert seen.get(key) == event, "a dropped event that is not an exact repeat"
            continue
        seen[key] = event
        kept.append(event)
    return kept


def assert_matches_file_mode(
    records: dict[str, list[Record]],
    deployment: Deployment,
    clean: list[Any],
    dead: list[Any],
    *,
    allow_repeats: bool,
) -> None:
    topics = deployment.topics
    want = {}
    for event in clean:
        want.setdefault(event["sessionId"], []).append(event)
    views = {topics.session_events: None} | {
        getattr(topics, view): family for view, family in FAMILY_OF_VIEW.items()
    }
    for topic, family in views.items():
        got = per_session(records[topic])
        expected = {
            sid: [e for e in events if family is None or e["family"] == family]
            for sid, events in want.items()
        }
        expected = {sid: events for sid, events in expected.items() if events}
        if allow_repeats:
            got = {sid: drop_exact_repeats(events) for sid, events in got.items()}
        assert got.keys() == expected.keys(), topic
        for sid in expected:
            seqs = [e["seq"] for e in got[sid]]
            assert seqs == sorted(set(seqs)), (
                f"{topic} {sid}: seq not strictly increasing; {where_written(records[topic], sid)}"
                + worker_warnings(deployment)
            )
            assert got[sid] == expected[sid], f"{topic} {sid}"
    got_dead = [orjson.loads(r.value) for r in records[topics.dead_letter]]
    for record in got_dead:
        source = record.pop("source")
        assert source["topic"] == topics.raw and source["offset"] >= 0
    want_dead = Counter(
        orjson.dumps(d, option=orjson.OPT_SORT_KEYS)
        for d in ({k: v for k, v in r.items() if k != "source"} for r in dead)
    )
    got_counter = Counter(orjson.dumps(d, option=orjson.OPT_SORT_KEYS) for d in got_dead)
    if allow_repeats:
        assert set(got_counter) == set(want_dead)
    else:
        assert got_counter == want_dead


metric = sample_sum  # the name the tests read best with


def consumed(worker: WorkerProcess) -> float:
    """The worker's chao_events_consumed_total; 0 while /metrics does not answer within
    2 s (a loaded machine), so a poll asks again instead of failing on one slow answer."""
    try:
        return metric(worker.get("/metrics", timeout=2.0)[1].decode(), "chao_events_consumed_total")
    except OSError:
        return 0.0


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def wait_for_split(deployment: Deployment, workers: list[WorkerProcess]) -> None:
    """Wait until every worker owns some re-key partitions and no two own the same."""
    staged_topic = Topics(app_id=deployment.env["CHAO_WORKER_APP_ID"]).staged.name

    def split() -> bool:
        owned = [
            set(orjson.loads(w.get("/ready")[1])["assigned"].get(staged_topic, [])) for w in workers
        ]
        return all(owned) and sum(map(len, owned)) == len(set().union(*owned))

    wait_until(split, 30, "the workers to split the partitions")


def committed_everything(worker: WorkerProcess) -> bool:
    """All assigned raw and re-key partitions committed to their end (lag 0 everywhere)."""
    text = worker.get("/metrics")[1].decode()
    lags = [line for line in text.splitlines() if line.startswith("chao_consumer_lag{")]
    return bool(lags) and metric(text, "chao_consumer_lag{") == 0


def worker_summary(worker: WorkerProcess) -> str:
    """The ordering counters of a live worker, for failure messages."""
    try:
        text = worker.get("/metrics")[1].decode()
    except OSError as exc:
        return f"{worker.name}: /metrics unreachable ({exc})"
    names = (
        "chao_ordering_gaps_total",
        "chao_ordering_late_total",
        "chao_duplicates_total",
        "chao_reorder_waiting_events",
        "chao_events_consumed_total",
    )
    lags = [
        line.replace("chao_consumer_lag", "lag")
        for line in text.splitlines()
        if line.startswith("chao_consumer_lag{") and not line.endswith(" 0.0")
    ]
    counters = ", ".join(f"{n}={metric(text, n):.0f}" for n in names)
    return f"{worker.name}: {counters}; partitions behind: {lags or 'none'}"


async def play_in_order(deployment: Deployment, worker: WorkerProcess, lines: list[bytes]) -> None:
    """Produce with random keys (so over several partitions), each record once the worker
    has taken the one before: records arrive in the file's order. The contract makes the
    output independent of interleaving, except for two different events claiming one seq,
    which are first come, first served (the out-of-order fixture has such a pair). With the
    deployment's client security (a secured broker)."""
    rng = random.Random(len(lines))
    producer = AIOKafkaProducer(
        bootstrap_servers=deployment.broker.bootstrap,
        acks="all",
        **aiokafka_options(deployment.security),
    )
    await producer.start()
    try:
        for offset, line in enumerate(lines, start=1):
            await producer.send_and_wait(
                deployment.topics.raw, line, key=rng.randbytes(8).hex().encode()
            )
            deadline = time.monotonic() + 30
            while consumed(worker) < offset:
                assert time.monotonic() < deadline, f"record {offset} was not consumed"
                await asyncio.sleep(0.02)
    finally:
        await producer.stop()
