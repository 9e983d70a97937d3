"""The worker against the broker's limit, in one run on the embedded broker.

Measures, over the same generated raw stream (``--events``, at least 200k by default):

(a) the bare aiokafka consume-parse-produce loop (:mod:`benchmarks.bare_loop`): the limit;
(a2), (a3) the same loop doing the worker's work without Faust, its changelogs and traces
    (the stage chain, every output record, produced through the worker's
    ``topologies.publish.BatchPublisher``), directly and through a re-key hop;
(b) the pipeline worker end to end, from its first record out (the first raw record it
    took) to the last clean record on ``chao.clean.session-events``;
then, on the same worker, the end-to-end latency at a fixed offered load of half of (b)'s
rate, and the worker's peak RSS; and the latency at that load once more on a fresh broker
with a fresh worker (no backlog held by either). Rates come from the broker's record
timestamps, so the time spent reading results back is not counted. Each measurement gets
a fresh embedded broker: Tansu holds every record in memory and slows down as it fills,
which would otherwise charge each measurement for what the ones before it wrote.

Latency of a clean event = its timestamp on the clean topic minus the moment it became
releasable: the latest raw timestamp among the session's records with a seq up to its
own (an event can't come out before the ones it must follow have gone in).

Run: ``make bench`` (or ``python -m benchmarks.bench_streaming``). With ``--broker kafka``
(``make bench-kafka``) it runs instead, on Apache Kafka, the comparison of
:mod:`benchmarks.compare`: the bare loop, Quix Streams, a plain Faust agent and the worker
at-least-once and exactly-once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.partitioner import murmur2

from pipeline.config import PipelineConfig, TopicNames
from pipeline.dev.broker import Broker, new_broker
from pipeline.dev.demo import expected_counts
from pipeline.dev.generate import generate_events
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.admin import TopicSpec, create_topics, pipeline_topics
from pipeline.kafka.io import Record, produce_lines, read_topics
from pipeline.kafka.security import aiokafka_options
from pipeline.topics import Topics

PARTITIONS = 8
BARE_IN, BARE_OUT = "bench.bare.in", "bench.bare.out"  # suffixed per run
KAFKA_EVENTS = 100_000  # --broker kafka: six processors, the whole run in < 15 minutes
MEAN_LINES_PER_SESSION = 31  # of the generator's default profile (measured)


def lines_for(events: int, seed: int, start: datetime) -> list[bytes]:
    """At least ``events`` generated lines."""
    sessions = events // MEAN_LINES_PER_SESSION + 1
    while True:
        lines = list(generate_events(sessions, seed=seed, start=start))
        if len(lines) >= events:
            return lines
        sessions = int(sessions * events / len(lines)) + 10


def span_rate(count: int, first: Iterable[Record], last: Iterable[Record]) -> float:
    """count / (latest timestamp of ``last`` - earliest timestamp of ``first``)."""
    t0 = min(r.timestamp for r in first)
    t1 = max(r.timestamp for r in last)
    return count / max((t1 - t0) / 1000, 1e-3)


def releasable_at(raw: list[Record]) -> dict[tuple[str, int], int]:
    """(sessionId, seq) -> the ms at which everything up to that seq had gone in."""
    first_in: dict[str, dict[int, int]] = defaultdict(dict)
    for record in raw:
        try:
            obj = orjson.loads(record.value)
            session, seq = obj["sessionId"], obj["seq"]
        except (orjson.JSONDecodeError, KeyError, TypeError):
            continue
        if isinstance(session, str) and isinstance(seq, int):
            seen = first_in[session]
            seen[seq] = min(seen.get(seq, record.timestamp), record.timestamp)
    ready: dict[tuple[str, int], int] = {}
    for session, by_seq in first_in.items():
        latest = 0
        for seq in sorted(by_seq):
            latest = max(latest, by_seq[seq])
            ready[(session, seq)] = latest
    return ready


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def peak_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@contextlib.contextmanager
def fresh_broker(tmp: str, tag: str, engine: str = "tansu") -> Iterator[Broker]:
    """A new local broker (``engine``: tansu or kafka) for one measurement, stopped after it."""
    broker = new_broker(engine, log_path=Path(tmp) / f"broker-{tag}.log")
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


def measure_bare_loop(
    broker: Broker,
    lines: list[bytes],
    *,
    tag: str = "a",
    stages: bool = False,
    via: bool = False,
    batched: bool = False,
) -> float:
    """Events/s of :mod:`benchmarks.bare_loop` over ``lines``; ``stages`` and ``via`` as
    its options."""
    source, target = f"{BARE_IN}.{tag}", f"{BARE_OUT}.{tag}"
    middle = f"bench.bare.mid.{tag}"
    asyncio.run(
        create_topics(
            broker.bootstrap, [TopicSpec(t, PARTITIONS) for t in (source, middle, target)]
        )
    )
    asyncio.run(produce_lines(broker.bootstrap, source, lines, seed=1))
    started = time.monotonic()
    command = [sys.executable, "-m", "benchmarks.bare_loop", broker.bootstrap, source, target]
    command.append(str(len(lines)))
    if stages:
        command.append("--stages")
    if via:
        command += ["--via", middle]
    if batched:
        command.append("--batched")
    done = subprocess.run(command, check=True, timeout=600, capture_output=True)
    print(f"  ({tag}) bare loop done in {time.monotonic() - started:.1f} s wall")
    sent = int(orjson.loads(done.stdout.splitlines()[-1])["records_out"])
    # The rate from the broker's timestamps, as for the worker: first record out (to the
    # middle topic, if any) to the last record out.
    topics = [target, middle] if via else [target]
    records = asyncio.run(
        read_topics(
            broker.bootstrap,
            topics,
            until=lambda r: sum(len(r[t]) for t in topics) >= sent,
            timeout=120,
        )
    )
    out = records[target]
    return span_rate(len(lines), out + records[middle] if via else out, out)


def measure_worker(
    broker: Broker,
    workers: list[WorkerProcess],
    lines: list[bytes],
    config: PipelineConfig,
    tag: str = "b",
    *,
    timeout: float = 900,
    seen: list[dict[str, list[Record]]] | None = None,
) -> float:
    """Events/s of ``workers`` (one consumer group) draining ``lines`` from the raw topic:
    from their first record out to the last clean record. Stops waiting when a worker
    exits; ``seen`` gets the records read back."""
    topics = config.topics
    want_clean, want_dead = expected_counts(lines, config)
    asyncio.run(produce_lines(broker.bootstrap, topics.raw, lines, seed=1))
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.wait_ready(timeout=120)
    started = time.monotonic()
    staged = Topics(app_id=workers[0].env["CHAO_WORKER_APP_ID"]).staged.name

    def done(records: dict[str, list[Record]]) -> bool:
        have = len(records[topics.session_events]), len(records[topics.dead_letter])
        gone = not all(worker.alive() for worker in workers)
        return gone or (have[0] >= want_clean and have[1] >= want_dead)

    records = asyncio.run(
        read_topics(
            broker.bootstrap,
            [topics.session_events, topics.dead_letter, staged],
            until=done,
            timeout=timeout,
        )
    )
    if seen is not None:
        seen.append(records)
    print(f"  ({tag}) done in {time.monotonic() - started:.1f} s wall (incl. reading back)")
    clean, dead = records[topics.session_events], records[topics.dead_letter]
    assert (len(clean), len(dead)) == (want_clean, want_dead), (
        f"workers gave {len(clean)} clean / {len(dead)} dead, file mode {want_clean} / {want_dead}"
    )
    return span_rate(len(lines), records[staged] + dead + clean, clean)


def single_worker_setup(
    broker: Broker, config: PipelineConfig, log_dir: Path, name: str
) -> WorkerProcess:
    """The pipeline's topics and one worker (not started) with the default settings."""
    asyncio.run(create_topics(broker.bootstrap, pipeline_topics(config.topics, PARTITIONS)))
    env = {
        "CHAO_WORKER_PARTITIONS": str(PARTITIONS),
        "CHAO_WORKER_LOG_LEVEL": "warning",
        "CHAO_WORKER_APP_ID": "chao-bench",
    }
    return WorkerProcess(broker.url, name=name, log_dir=log_dir, env=env)


def two_worker_setup(broker: Broker, log_dir: Path) -> tuple[PipelineConfig, list[WorkerProcess]]:
    """Topics of their own and two workers in one group, for the scale-out figure."""
    names = TopicNames(**{field: f"bench2.{field}" for field in TopicNames.model_fields})
    config = PipelineConfig(topics=names)
    asyncio.run(create_topics(broker.bootstrap, pipeline_topics(names, PARTITIONS)))
    env = {
        "CHAO_WORKER_PARTITIONS": str(PARTITIONS),
        "CHAO_WORKER_LOG_LEVEL": "warning",
        "CHAO_WORKER_APP_ID": "chao-bench2",
        # The group forms while the backlog waits: no event may be skipped as late then.
        "CHAO_REORDER_WINDOW_S": "60",
        **{f"CHAO_TOPIC_{field.upper()}": name for field, name in names},
    }
    workers = [
        WorkerProcess(broker.url, name=f"bench2-{n}", log_dir=log_dir, env=env) for n in (1, 2)
    ]
    return config, workers


def output_topics(config: PipelineConfig) -> list[str]:
    """The topics the worker writes its outputs to: clean, views, dead letters."""
    names = config.topics
    return [getattr(names, field) for field in type(names).model_fields if field != "raw"]


async def produce_at_rate(bootstrap: str, topic: str, lines: list[bytes], rate: float) -> None:
    """Offer ``lines`` at ``rate`` per second, in 10 ms ticks, each tick's records as one
    batch per partition (random keys, Kafka's default partitioner).

    Why not ``produce_lines``: its per-record ``send`` costs this 2-core machine most of a
    core at a few thousand records/s, and a record waits behind the producer's own backlog
    after its timestamp is taken, which would count as pipeline latency.
    """
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap, acks="all", linger_ms=0, **aiokafka_options()
    )
    await producer.start()
    try:
        partitions = sorted(await producer.partitions_for(topic))
        rng = random.Random(3)
        started = time.monotonic()
        sent = 0
        pending = []
        while sent < len(lines):
            due = min(len(lines), int((time.monotonic() - started) * rate) + 1)
            batches: dict[int, Any] = {}
            for line in lines[sent:due]:
                key = rng.randbytes(8).hex().encode()
                partition = partitions[(murmur2(key) & 0x7FFFFFFF) % len(partitions)]
                batch = batches.get(partition)
                if batch is None:
                    batch = batches[partition] = producer.create_batch()
                if batch.append(key=key, value=line, timestamp=None) is None:
                    pending.append(await producer.send_batch(batch, topic, partition=partition))
                    batch = batches[partition] = producer.create_batch()
                    batch.append(key=key, value=line, timestamp=None)
            for partition, batch in batches.items():
                pending.append(await producer.send_batch(batch, topic, partition=partition))
            sent = due
            await asyncio.sleep(0.01)
        await asyncio.gather(*pending)
    finally:
        await producer.stop()


def session_ids(lines: list[bytes]) -> list[str]:
    """The sessionId of each line that has one (malformed lines and others left out)."""
    found = []
    for line in lines:
        try:
            session = orjson.loads(line).get("sessionId")
        except (orjson.JSONDecodeError, AttributeError):
            continue
        if isinstance(session, str):
            found.append(session)
    return found


def clean_key(value: Any) -> tuple[str, int]:
    """(sessionId, seq) of a clean record's decoded value."""
    return (value["sessionId"], value["seq"])


class CommittedWatcher:
    """A ``read_committed`` reader of the clean topic running while the load is offered:
    when it first saw each (sessionId, seq) of ``sessions`` (ms, this machine's clock, the
    one the raw records' CreateTime comes from).

    What a consumer of an exactly-once worker's outputs sees: a record of a transaction
    is readable only once the transaction commits, and its timestamp (when it was
    produced, inside the transaction) does not show that wait. For a writer without
    transactions it is the record's arrival at a reader: its timestamp plus a fetch.
    """

    def __init__(
        self,
        bootstrap: str,
        topic: str,
        sessions: set[str],
        key_of: Callable[[Any], tuple[str, int]] = clean_key,
    ) -> None:
        """``key_of``: (sessionId, seq) of a record's decoded value (the clean topic's by
        default; ``benchmarks.eos_latency_breakdown`` reads the re-key topic's too)."""
        self.bootstrap = bootstrap
        self.topic = topic
        self.sessions = sessions
        self.key_of = key_of
        self.seen: dict[tuple[str, int], float] = {}
        self._task: asyncio.Task[None] | None = None
        self._consumer: AIOKafkaConsumer | None = None

    async def start(self) -> None:
        """Positioned at the topic's end (the backlog's records are not this phase's)."""
        consumer = AIOKafkaConsumer(
            bootstrap_servers=self.bootstrap,
            enable_auto_commit=False,
            isolation_level="read_committed",
            fetch_max_wait_ms=20,  # the worker's own wait: the reader adds little
            **aiokafka_options(),  # CHAO_KAFKA_* (pipeline.kafka.security)
        )
        await consumer.start()
        self._consumer = consumer
        for _ in range(50):
            found = consumer.partitions_for_topic(self.topic)
            if found:
                break
            await consumer._client.force_metadata_update()
            await asyncio.sleep(0.2)
        partitions = [TopicPartition(self.topic, p) for p in sorted(found or ())]
        consumer.assign(partitions)
        await consumer.seek_to_end(*partitions)
        for tp in partitions:  # resolved now, before any of this phase's records exist
            await consumer.position(tp)
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self._consumer is not None
        while True:
            batches = await self._consumer.getmany(timeout_ms=100, max_records=5000)
            now = time.time() * 1000
            for messages in batches.values():
                for message in messages:
                    try:
                        key = self.key_of(orjson.loads(message.value or b""))
                    except (orjson.JSONDecodeError, KeyError, TypeError, IndexError):
                        continue
                    if key[0] in self.sessions:
                        self.seen.setdefault(key, now)

    async def wait(self, count: int, timeout: float) -> None:
        """Until ``count`` events were seen or ``timeout`` passed."""
        deadline = time.monotonic() + timeout
        while len(self.seen) < count and time.monotonic() < deadline:
            if self._task is not None and self._task.done():
                self._task.result()  # the reader failed: say why
            await asyncio.sleep(0.1)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._consumer is not None:
            await self._consumer.stop()


def measure_latency(
    broker: Broker,
    lines: list[bytes],
    rate: float,
    config: PipelineConfig,
    *,
    written: Callable[[], int] | None = None,
    seen_latencies: list[float] | None = None,
) -> tuple[float, float, int]:
    """p50, p99 (ms) and count of the latencies of ``lines`` offered at ``rate``: a
    clean event's timestamp (when the worker produced it) minus when it became releasable.

    The read stops when the clean topic holds the file mode's clean events of ``lines``
    or, with ``written`` (a processor without the gap timer, whose events behind a missing
    one never come out), when the output topics hold the records it says it has written
    in all (called once the offered load is in).

    ``seen_latencies``, when given, receives each clean event's latency as a
    ``read_committed`` reader of the clean topic saw it during the load
    (:class:`CommittedWatcher`): for an exactly-once worker, up to a commit later than
    its timestamp says.
    """
    topics = config.topics
    of_lines = session_ids(lines)
    sessions = set(of_lines)
    with_session = len(of_lines)  # lines with a sessionId: what ours() keeps of the raw topic
    want_clean, _ = expected_counts(lines, config)

    async def offer() -> dict[tuple[str, int], float]:
        if seen_latencies is None:
            await produce_at_rate(broker.bootstrap, topics.raw, lines, rate)
            return {}
        watcher = CommittedWatcher(broker.bootstrap, topics.session_events, sessions)
        await watcher.start()
        try:
            await produce_at_rate(broker.bootstrap, topics.raw, lines, rate)
            await watcher.wait(want_clean, timeout=300)
        finally:
            await watcher.stop()
        return watcher.seen

    seen = asyncio.run(offer())
    outputs = [topics.session_events]
    out: Callable[[dict[str, list[Record]]], bool]
    if written is None:
        out = lambda r: len(ours(r[topics.session_events])) >= want_clean  # noqa: E731
    else:
        outputs = output_topics(config)
        total = written()
        out = lambda r: sum(len(r[t]) for t in outputs) >= total  # noqa: E731

    def until(records: dict[str, list[Record]]) -> bool:
        """Every output, and every input line (else some latencies would have no start)."""
        return out(records) and len(ours(records[topics.raw])) >= with_session

    def ours(records: list[Record]) -> list[Record]:
        """Records of this phase's sessions (the topics also hold the throughput run)."""
        out = []
        for record in records:
            try:
                if orjson.loads(record.value).get("sessionId") in sessions:
                    out.append(record)
            except (orjson.JSONDecodeError, AttributeError):
                pass
        return out

    records = asyncio.run(
        read_topics(broker.bootstrap, [topics.raw, *outputs], until=until, timeout=300)
    )
    ready = releasable_at(ours(records[topics.raw]))
    latencies = []
    for record in ours(records[topics.session_events]):
        event = orjson.loads(record.value)
        at = ready.get((event["sessionId"], event["seq"]))
        if at is not None:
            latencies.append(float(record.timestamp - at))
    if seen_latencies is not None:
        seen_latencies.extend(at_seen - ready[key] for key, at_seen in seen.items() if key in ready)
    return percentile(latencies, 0.5), percentile(latencies, 0.99), len(latencies)


@dataclass(frozen=True)
class WorkerRun:
    """(b) and its two latency streams (:func:`worker_and_latencies`)."""

    end_to_end: float  # (b): events/s draining the backlog
    rate: float  # the latency streams' offered rate, events/s
    after: tuple[float, float, int]  # p50, p99 (ms), count: on (b)'s worker, after it
    fresh: tuple[float, float, int]  # the same stream on a fresh broker and worker
    rss: float  # (b)'s worker's peak RSS, MiB


def worker_and_latencies(
    tmp: str,
    config: PipelineConfig,
    lines: list[bytes],
    *,
    rate: float | None = None,
    seconds: float = 10.0,
) -> WorkerRun:
    """One worker drains ``lines`` ((b)); the same worker then takes a latency stream of
    ``seconds`` at ``rate`` (None: half of (b)'s rate); then the same stream on a fresh
    broker and a fresh worker, without the backlog's 200k events in Tansu's memory (it
    slows as it fills: module docstring) and in the worker's session traces. Shared by
    ``main`` and ``benchmarks/ab_latency.py`` (A/B pairs at one offered load)."""
    with fresh_broker(tmp, "b") as broker:
        worker = single_worker_setup(broker, config, Path(tmp), "bench-worker")
        try:
            end_to_end = measure_worker(broker, [worker], lines, config)
            offered = rate or end_to_end / 2
            count = int(offered * seconds)
            latency_lines = lines_for(count, seed=12, start=datetime.now(UTC))[:count]
            after = measure_latency(broker, latency_lines, offered, config)
            rss = peak_rss_mib(worker.process.pid) if worker.process else float("nan")
        finally:
            worker.stop()
    with fresh_broker(tmp, "latency") as broker:
        worker = single_worker_setup(broker, config, Path(tmp), "bench-worker-latency")
        try:
            worker.start()
            worker.wait_ready(timeout=120)
            fresh = measure_latency(broker, latency_lines, offered, config)
        finally:
            worker.stop()
    return WorkerRun(end_to_end, offered, after, fresh, rss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--broker",
        choices=("tansu", "kafka"),
        default="tansu",
        help="tansu: the measurements above; kafka: the comparison of benchmarks.compare "
        "(the bare loop, Quix Streams, plain Faust, the worker at-least-once and exactly-once)",
    )
    parser.add_argument(
        "--events", type=int, help=f"raw lines (default: tansu 200k, kafka {KAFKA_EVENTS:,})"
    )
    parser.add_argument("--latency-seconds", type=float, default=10.0)
    parser.add_argument(
        "--latency-rate",
        type=float,
        help="offer the latency streams at this rate (events/s) instead of half of (b)'s: "
        "two trees compared at the same load (not written)",
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument(
        "--only",
        help="kafka: a comma-separated subset of a,q,q2,f,b-sasl,b-eos,b-eos-1s,b-w20 ((b) "
        "always runs); not written",
    )
    parser.add_argument(
        "--eos-intervals",
        help="kafka: also the exactly-once worker at each of these commit intervals "
        "(seconds, comma-separated; rows b-eos@INTERVAL); not written",
    )
    parser.add_argument(
        "--eos-load",
        choices=("b", "eos"),
        default="b",
        help="kafka: the exactly-once rows' latency stream at half of (b)'s rate (b), or at "
        "half of (b-eos-1s)'s, the exactly-once worker's own rate at its old interval (eos; "
        "not written)",
    )
    args = parser.parse_args()
    if args.broker == "kafka":
        from benchmarks import compare

        only = set(args.only.split(",")) if args.only else None
        intervals = (
            tuple(float(x) for x in args.eos_intervals.split(",")) if args.eos_intervals else ()
        )
        if any(not interval > 0 for interval in intervals):
            parser.error("--eos-intervals: every interval must be above 0 seconds")
        compare.main(
            args.events or KAFKA_EVENTS,
            args.latency_seconds,
            not args.no_write,
            only,
            intervals,
            args.eos_load,
        )
        return
    args.events = args.events or 200_000
    config = PipelineConfig()
    start = datetime.now(UTC)
    lines = lines_for(args.events, seed=11, start=start)
    print(f"{len(lines):,} raw lines, mean {sum(map(len, lines)) / len(lines):.0f} bytes")
    with tempfile.TemporaryDirectory(prefix="chao-bench-") as tmp:
        # A fresh broker for each measurement: Tansu keeps every record in memory and gets
        # slower as it fills (measured: the same worker run three times in a row on one
        # broker, 18.6k, 15.4k, 13.5k events/s), so a shared broker would charge each
        # measurement for the records the ones before it left.
        with fresh_broker(tmp, "a") as broker:
            bare = measure_bare_loop(broker, lines)
        print(f"  (a) bare aiokafka loop: {bare:,.0f} events/s")
        # The same loop doing the worker's work without Faust: the stage chain in
        # memory and every output record the worker writes, produced as the worker
        # produces them (its BatchPublisher), no changelogs, and again through a re-key
        # hop (what a session owned by another worker takes).
        with fresh_broker(tmp, "a2") as broker:
            chain = measure_bare_loop(broker, lines, tag="a2", stages=True, batched=True)
        with fresh_broker(tmp, "a3") as broker:
            hop = measure_bare_loop(broker, lines, tag="a3", stages=True, via=True, batched=True)
        print(f"  (a2) bare loop + stage chain: {chain:,.0f} events/s, a2/a {chain / bare:.3f}")
        print(f"  (a3) ... through a re-key hop: {hop:,.0f} events/s, a3/a {hop / bare:.3f}")
        run = worker_and_latencies(
            tmp, config, lines, rate=args.latency_rate, seconds=args.latency_seconds
        )
        end_to_end, half = run.end_to_end, run.rate
        print(f"  (b) worker end to end: {end_to_end:,.0f} events/s, b/a {end_to_end / bare:.3f}")
        p50, p99, n = run.after
        print(f"  latency at {half:,.0f} events/s: p50 {p50:.0f} ms, p99 {p99:.0f} ms ({n:,})")
        rss = run.rss
        print(f"  worker peak RSS: {rss:,.0f} MiB")
        fresh_p50, fresh_p99, fresh_n = run.fresh
        print(
            f"  latency at {half:,.0f} events/s, fresh broker and worker: p50 {fresh_p50:.0f} "
            f"ms, p99 {fresh_p99:.0f} ms ({fresh_n:,})"
        )
        # Both cores: two workers in one group (half the sessions cross the re-key
        # topic, since raw keys are random).
        with fresh_broker(tmp, "b2") as broker:
            config2, pair = two_worker_setup(broker, Path(tmp))
            try:
                scaled = measure_worker(broker, pair, lines, config2, tag="b2")
            finally:
                for member in pair:
                    member.stop()
        print(f"  (b2) two workers: {scaled:,.0f} events/s, b2/a {scaled / bare:.3f}")
    if not args.no_write and not args.latency_rate:
        from benchmarks.report import write_section

        body = (
            f"{len(lines):,} generated raw lines (mean {sum(map(len, lines)) / len(lines):.0f} "
            f"bytes), {PARTITIONS} partitions, embedded Tansu broker on loopback (a fresh "
            "broker for each of a, a2, a3, b with its latency, the fresh latency, b2).\n\n"
            "| measure | value | target |\n|---|---:|---|\n"
            f"| (a) bare aiokafka consume-parse-produce loop | {bare:,.0f} events/s | |\n"
            f"| (b) worker end to end | {end_to_end:,.0f} events/s | |\n"
            f"| **b/a** | **{end_to_end / bare:.3f}** | >= 0.5 |\n"
            f"| (a2) the bare loop running the stage chain and writing the worker's output "
            f"records the way the worker writes them (batch builders; no Faust, no "
            f"changelogs, no traces) | {chain:,.0f} events/s | |\n"
            f"| (a3) as (a2), through a re-key hop | {hop:,.0f} events/s | |\n"
            f"| a2/a: the work and its records, without Faust | {chain / bare:.3f} | |\n"
            f"| **b/a2**: the worker against the same work without Faust | "
            f"**{end_to_end / chain:.3f}** | |\n"
            f"| (b2) two workers in one group, same machine | {scaled:,.0f} events/s, "
            f"b2/a {scaled / bare:.3f} | |\n"
            f"| latency p50 at {half:,.0f} events/s (half of b), on b's broker and worker "
            f"after its backlog | {p50:.0f} ms | |\n"
            f"| latency p99 at {half:,.0f} events/s, after the backlog | {p99:.0f} ms | "
            "< 100 ms |\n"
            f"| latency p50 at {half:,.0f} events/s, fresh broker and worker | "
            f"{fresh_p50:.0f} ms | |\n"
            f"| latency p99 at {half:,.0f} events/s, fresh broker and worker | "
            f"{fresh_p99:.0f} ms | < 100 ms |\n"
            f"| worker peak RSS | {rss:,.0f} MiB | |\n"
        )
        write_section("Worker vs bare aiokafka loop", "make bench", body)


if __name__ == "__main__":
    main()
