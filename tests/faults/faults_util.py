"""Figures of a faulted run: what the topics hold compared with what the file mode gives.

Every figure is counted, not asserted, so a test can print them all before it fails:

- ``lost``: records the file mode gives that are not on their topic (clean events on
  ``session-events`` and on their family view, by ``(sessionId, seq)``; dead letters by
  content, without ``source``);
- ``reordered``: records of a session that came after a higher ``seq`` of the same session
  on the same topic (after exact repeats are dropped, as a consumer does);
- ``duplicated``: exact repeats (a ``(sessionId, seq)`` already seen on the topic, same
  bytes of JSON; a dead letter with the same source and content; a dead letter repeated
  from the other copy of a raw line the input holds twice: which copy of a duplicated line
  comes first differs between runs when the copies sit on different raw partitions, so a
  replay after a crash may dead-letter the copy the first run dropped as a duplicate);
- ``conflicting``: a repeated ``(sessionId, seq)`` whose content differs (never allowed);
- ``unexpected``: records the file mode does not give (an unknown ``(sessionId, seq)``,
  a dead letter with no counterpart);
- ``mismatched``: a clean record present under the right ``(sessionId, seq)`` but with other
  content than the file mode's;
- ``leaked``: output records and worker log lines that carry the generator's canary.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import IsolationLevel, Record, produce_lines, read_topics
from tests.integration.conftest import Deployment
from tests.integration.streaming_util import FAMILY_OF_VIEW, metric

# The product's consumer timing (the test deployments shorten the session timeout to speed
# other tests up): the tests of the no-loss promise run it as a user does, each setting
# unset so that the worker's own default applies (the session timeout's depends on the
# membership: pipeline.config.WorkerSettings.session_timeout).
DEFAULT_TIMING: dict[str, str | None] = {
    "CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S": None,
    "CHAO_WORKER_CONSUMER_HEARTBEAT_S": None,
}

CANARY = "QZXfault7c41e2"  # planted by the generator (TrafficProfile.canary) in forbidden places


@dataclass
class Figures:
    name: str
    events: int  # raw lines produced
    clean: int  # clean events the file mode gives
    dead: int  # dead letters the file mode gives
    lost: int = 0
    reordered: int = 0
    duplicated: int = 0
    conflicting: int = 0
    unexpected: int = 0
    mismatched: int = 0
    leaked: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    detail: list[str] = field(default_factory=list)  # first few problems, for the message
    # Where repeats were read (partition@offset of the copy and of the first one): kept
    # apart, at-least-once has hundreds of them and they are allowed there.
    repeats: list[str] = field(default_factory=list)

    def line(self) -> str:
        extra = "".join(f", {k}={_fmt(v)}" for k, v in self.extra.items())
        return (
            f"{self.name}: events={self.events:,} (file mode: {self.clean:,} clean, "
            f"{self.dead:,} dead letters), lost={self.lost}, reordered={self.reordered}, "
            f"duplicated={self.duplicated:,}, leaked={self.leaked}, "
            f"conflicting={self.conflicting}, unexpected={self.unexpected}, "
            f"mismatched={self.mismatched}{extra}"
        )

    def assert_clean(self) -> None:
        """Nothing lost, reordered, changed, invented or leaked (repeats are allowed)."""
        bad = {
            name: getattr(self, name)
            for name in ("lost", "reordered", "conflicting", "unexpected", "mismatched", "leaked")
            if getattr(self, name)
        }
        assert not bad, f"{self.line()}\n" + "\n".join(self.detail[:20])


def _fmt(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


def _dead_key(record: dict[str, Any]) -> bytes:
    return orjson.dumps(
        {k: v for k, v in record.items() if k != "source"}, option=orjson.OPT_SORT_KEYS
    )


def _event_id(line: bytes) -> str | None:
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    event_id = obj.get("eventId") if isinstance(obj, dict) else None
    return event_id if isinstance(event_id, str) else None


class Expected:
    """What each output topic must hold, from the file mode's outputs."""

    def __init__(
        self, deployment: Deployment, clean: list[Any], dead: list[Any], lines: list[bytes]
    ) -> None:
        topics = deployment.topics
        self.raw_topic = topics.raw
        self.dead_topic = topics.dead_letter
        self.clean_topic = topics.session_events
        # topic -> sessionId -> seq -> event
        self.by_topic: dict[str, dict[str, dict[int, dict[str, Any]]]] = {}
        families = {topics.session_events: None} | {
            getattr(topics, view): family for view, family in FAMILY_OF_VIEW.items()
        }
        for topic, family in families.items():
            sessions: dict[str, dict[int, dict[str, Any]]] = {}
            for event in clean:
                if family is None or event["family"] == family:
                    sessions.setdefault(event["sessionId"], {})[event["seq"]] = event
            self.by_topic[topic] = sessions
        self.dead = Counter(_dead_key(d) for d in dead)
        # eventIds the raw input carries more than once (duplicated lines)
        self.repeated_ids = {i for i, n in Counter(map(_event_id, lines)).items() if n > 1}
        self.clean_count = len(clean)
        self.dead_count = len(dead)


class Coverage:
    """Incremental 'is everything there yet' over records as they are read."""

    def __init__(self, expected: Expected) -> None:
        self.expected = expected
        self.seen_clean: set[tuple[str, int]] = set()
        self.seen_dead: Counter[bytes] = Counter()
        self.dead_sources: set[tuple[str, int, int]] = set()
        self.done: dict[str, int] = {}
        self.complete_at: float | None = None

    def update(self, records: dict[str, list[Record]]) -> bool:
        exp = self.expected
        for topic in (exp.clean_topic, exp.dead_topic):
            new = records[topic][self.done.get(topic, 0) :]
            self.done[topic] = len(records[topic])
            for record in new:
                value = orjson.loads(record.value)
                if topic == exp.clean_topic:
                    self.seen_clean.add((value["sessionId"], value["seq"]))
                else:
                    src = value.get("source") or {}
                    source = (src.get("topic"), src.get("partition"), src.get("offset"))
                    if source not in self.dead_sources:
                        self.dead_sources.add(source)
                        self.seen_dead[_dead_key(value)] += 1
        return self.complete()

    def complete(self) -> bool:
        exp = self.expected
        clean_ok = len(self.seen_clean) >= exp.clean_count and all(
            (sid, seq) in self.seen_clean
            for sid, seqs in exp.by_topic[exp.clean_topic].items()
            for seq in seqs
        )
        return clean_ok and all(self.seen_dead[k] >= n for k, n in exp.dead.items())


def read_complete(
    deployment: Deployment,
    expected: Expected,
    *,
    timeout: float,
    linger: float = 3.0,
    isolation_level: IsolationLevel = "read_uncommitted",
) -> tuple[dict[str, list[Record]], float | None]:
    """Read every output topic until the file mode's clean events and dead letters are all
    there (or ``timeout``), then ``linger`` seconds more so that extra records show up.
    Returns the records and the seconds it took until complete (None: never complete).
    ``isolation_level="read_committed"`` reads as a consumer of an exactly-once worker
    does: committed transactions only."""
    coverage = Coverage(expected)
    started = time.monotonic()
    cheap_check_at = [0]

    def until(records: dict[str, list[Record]]) -> bool:
        if coverage.complete_at is None:
            total = len(records[expected.clean_topic]) + len(records[expected.dead_topic])
            # Parse only once enough records could be there (cheap while far behind).
            if (
                total >= expected.clean_count + expected.dead_count
                or total - cheap_check_at[0] > 20_000
            ):
                cheap_check_at[0] = total
                if coverage.update(records):
                    coverage.complete_at = time.monotonic()
            return False
        return time.monotonic() - coverage.complete_at >= linger

    records = asyncio.run(
        read_topics(
            deployment.broker.bootstrap,
            deployment.outputs,
            until=until,
            timeout=timeout + linger,
            isolation_level=isolation_level,
        )
    )
    took = None if coverage.complete_at is None else coverage.complete_at - started
    return records, took


def figures(
    name: str,
    expected: Expected,
    records: dict[str, list[Record]],
    *,
    events: int,
    logs: Iterable[Path] = (),
) -> Figures:
    fig = Figures(name, events, expected.clean_count, expected.dead_count)
    needle = CANARY.encode()
    for topic_records in records.values():
        for record in topic_records:
            if needle in record.value or (record.key and needle in record.key):
                fig.leaked += 1
                fig.detail.append(f"canary in a record of {record.topic}@{record.offset}")
    for path in logs:
        leaked = sum(CANARY in line for line in path.read_text(errors="replace").splitlines())
        if leaked:
            fig.leaked += leaked
            fig.detail.append(f"canary in {leaked} lines of {path.name}")
    for topic, want in expected.by_topic.items():
        _clean_figures(fig, topic, want, records[topic])
    _dead_figures(fig, expected, records[expected.dead_topic])
    return fig


def _clean_figures(
    fig: Figures,
    topic: str,
    want: dict[str, dict[int, dict[str, Any]]],
    records: list[Record],
) -> None:
    got: dict[str, dict[int, dict[str, Any]]] = {}
    first_at: dict[tuple[str, int], str] = {}
    top: dict[str, int] = {}
    for record in sorted(records, key=lambda r: (r.partition, r.offset)):
        event = orjson.loads(record.value)
        sid, seq = event["sessionId"], event["seq"]
        if record.key != sid.encode():
            fig.mismatched += 1
            fig.detail.append(f"{topic} {sid} seq {seq}: key {record.key!r}")
        seen = got.setdefault(sid, {})
        at = f"{record.partition}@{record.offset}"
        if seq in seen:
            if seen[seq] == event:
                fig.duplicated += 1
                if len(fig.repeats) < 20:
                    first = first_at[(sid, seq)]
                    fig.repeats.append(f"{topic} {sid} seq {seq}: at {at}, first at {first}")
            else:
                fig.conflicting += 1
                fig.detail.append(f"{topic} {sid} seq {seq}: a repeat that is not an exact copy")
            continue
        seen[seq] = event
        first_at[(sid, seq)] = at
        if sid in top and seq < top[sid]:
            fig.reordered += 1
            fig.detail.append(f"{topic} {sid}: seq {seq} after seq {top[sid]}")
        top[sid] = max(top.get(sid, seq), seq)
    for sid, seqs in want.items():
        have = got.get(sid, {})
        for seq, event in seqs.items():
            if seq not in have:
                fig.lost += 1
                fig.detail.append(f"{topic} {sid} seq {seq}: lost ({event['type']})")
            elif have[seq] != event:
                fig.mismatched += 1
                fig.detail.append(f"{topic} {sid} seq {seq}: differs from the file mode")
    for sid, seqs in got.items():
        extra = set(seqs) - set(want.get(sid, {}))
        fig.unexpected += len(extra)
        if extra:
            fig.detail.append(f"{topic} {sid}: unexpected seqs {sorted(extra)[:5]}")


_DEAD_META = ("eventId", "sessionId", "seq", "type", "stage", "reason")


def _dead_figures(fig: Figures, expected: Expected, records: list[Record]) -> None:
    by_source: dict[tuple[Any, ...], bytes] = {}
    for record in records:
        value = orjson.loads(record.value)
        src = value.get("source") or {}
        if src.get("topic") != expected.raw_topic or not src.get("offset", -1) >= 0:
            fig.mismatched += 1
            fig.detail.append(f"dead letter with source {src}")
        source = (src.get("topic"), src.get("partition"), src.get("offset"))
        key = _dead_key(value)
        if source in by_source:
            if by_source[source] == key:
                fig.duplicated += 1
                meta = {k: value.get(k) for k in ("stage", "reason", "sessionId", "seq")}
                fig.repeats.append(
                    f"dead letter for {source} twice ({meta}; at {record.partition}@"
                    f"{record.offset})"
                )
            else:
                fig.conflicting += 1
                fig.detail.append(f"two different dead letters for source {source}")
            continue
        by_source[source] = key
    got = Counter(by_source.values())
    for key, n in expected.dead.items():
        if got[key] < n:
            fig.lost += n - got[key]
            fig.detail.append(f"dead letter lost: {key.decode()[:200]}")
    for key, n in got.items():
        extra = n - expected.dead[key]
        if extra <= 0:
            continue
        if expected.dead[key] and orjson.loads(key).get("eventId") in expected.repeated_ids:
            fig.duplicated += extra  # from the other copy of a duplicated raw line
            meta = {k: v for k, v in orjson.loads(key).items() if k in _DEAD_META}
            fig.repeats.append(f"dead letter {meta} {n} times, the file mode {expected.dead[key]}")
        else:
            fig.unexpected += extra
            fig.detail.append(f"unexpected dead letter: {key.decode()[:200]}")


async def produce_patiently(
    bootstrap: str,
    topic: str,
    lines: list[bytes],
    *,
    seed: int,
    rate: float | None,
    on_sent: Callable[[int], None],
    request_timeout_s: float = 300.0,
    idempotent: bool = False,
    hurry: Callable[[], bool] | None = None,
) -> None:
    """``pipeline.kafka.io.produce_lines`` (same random keys for a seed), with a request
    timeout longer than any fault here: the test's own producer must ride out a frozen
    broker (aiokafka's default of 40 s fails its batches), so that what is measured is the
    worker. No retries on top: a retried send could put a raw line twice on the topic.
    ``idempotent`` (Kafka only): a batch aiokafka resends after a lost answer (a broker
    stopped mid-request) is not written twice either."""
    await produce_lines(
        bootstrap,
        topic,
        lines,
        seed=seed,
        rate=rate,
        on_sent=on_sent,
        request_timeout_s=request_timeout_s,
        idempotent=idempotent,
        hurry=hurry,
    )


class BackgroundProducer:
    """:func:`produce_patiently` in a thread (its own event loop), so the test can inject
    faults meanwhile. ``sent`` counts acknowledged lines; ``join`` re-raises its error.
    ``hurry()`` ends the pacing: a test that paced the stream slowly enough for its faults
    to fall mid-stream on a loaded machine sends the rest at once when they are done.
    ``hold_back``: the last lines wait for ``hurry()`` however long the faults take, so a
    fault the test injects before it hurries is mid-stream on any machine (a restart that
    waits for the worker to be ready took 22-31 s each on a busy CI machine, and a paced
    stream ran out before the fifth of five kills)."""

    def __init__(
        self,
        bootstrap: str,
        topic: str,
        lines: list[bytes],
        *,
        rate: float | None,
        seed: int,
        idempotent: bool = False,
        hold_back: int = 0,
    ) -> None:
        self.sent = 0
        self.error: BaseException | None = None
        self.started = time.monotonic()
        self.finished: float | None = None
        self.hurried = threading.Event()

        def on_sent(count: int) -> None:
            self.sent += count

        split = len(lines) - max(0, min(hold_back, len(lines)))
        parts = [(lines[:split], seed), (lines[split:], seed + 1)]

        def run() -> None:
            try:
                for n, (part, part_seed) in enumerate(parts):
                    if n and part:
                        self.hurried.wait()  # the held-back tail: once the faults are done
                    if part:
                        asyncio.run(
                            produce_patiently(
                                bootstrap,
                                topic,
                                part,
                                seed=part_seed,
                                on_sent=on_sent,
                                rate=rate,
                                idempotent=idempotent,
                                hurry=self.hurried.is_set,
                            )
                        )
            except BaseException as exc:  # reported by join()
                self.error = exc
            finally:
                self.finished = time.monotonic()

        self.thread = threading.Thread(target=run, name="producer", daemon=True)
        self.thread.start()

    def hurry(self) -> None:
        """Send the lines not sent yet without pacing."""
        self.hurried.set()

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()

    def join(self, timeout: float) -> float:
        """Wait for the last line to be acknowledged; returns the seconds producing took."""
        self.thread.join(timeout)
        assert not self.thread.is_alive(), f"producer still running after {timeout}s"
        if self.error is not None:
            raise self.error
        assert self.finished is not None
        return self.finished - self.started


def wait_for(condition: Callable[[], bool], timeout: float, what: str, step: float = 0.2) -> float:
    """Like streaming_util.wait_until, returning the seconds it took."""
    started = time.monotonic()
    deadline = started + timeout
    while time.monotonic() < deadline:
        if condition():
            return time.monotonic() - started
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def late(worker: WorkerProcess) -> float:
    """Events the worker dropped as late because a skip passed their seq. Not counted:
    ``seq_taken``, where a replayed record without a usable eventId (an invalid envelope
    kept for its place) can't be told from a late one (docs/decisions.md, "Duplicates vs. late")."""
    try:
        text = worker.get("/metrics", timeout=2.0)[1].decode()
    except OSError:
        return float("nan")
    skips = ("window", "input_stalled", "max_waiting")
    return sum(metric(text, f'chao_ordering_late_total{{cause="{cause}"}}') for cause in skips)


STALL_LINE = "worker stalled"  # topologies.watchdog's log line


def stalls(deployment: Deployment) -> int:
    """How many times a worker's stall watchdog fired (its log line)."""
    return sum(w.log_path.read_text(errors="replace").count(STALL_LINE) for w in deployment.workers)


def assert_no_repeats(fig: Figures) -> None:
    """Exactly-once, read ``read_committed``: no record repeats, clean or dead letter. (A
    dead letter read twice was the last kind seen: Faust's seek after a table recovery
    delivered records the agents had already taken into the same transaction;
    topologies.checkpoint.DeliveredOffsets processes such a record once.)"""
    assert not fig.repeats, f"repeats for a read_committed reader: {fig.line()}\n" + "\n".join(
        fig.repeats[:20]
    )
