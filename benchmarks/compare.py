"""The worker against other processors on Apache Kafka, in one run (issue #17).

``python -m benchmarks.bench_streaming --broker kafka`` (``make bench-kafka``) measures,
over the same generated raw stream, each on a fresh Apache Kafka broker (4.3.1, or
``CHAO_KAFKA_VERSION``; ``pipeline.dev.apache``; it starts in about 3 s here, and a
fresh one leaves no earlier measurement's log segments, page cache, compaction or
consumer groups in the next):

(b)     the worker (``pipeline.dev.runner.WorkerProcess``) at-least-once, as bench_streaming's (b);
(b-sasl) the same worker over SASL_SSL on a secured broker
        (:class:`pipeline.dev.secure_broker.SecureKafkaBroker`: SCRAM-SHA-512, TLS, the
        authorizer on, the worker with only its role's ACLs): what TLS and SASL cost;
(b-eos) the same worker with ``CHAO_PROCESSING_GUARANTEE=exactly_once``: reported as not
        available when the worker refuses it, exits, or runs without transactions (no
        transaction markers on the clean topic: a worker that ignores the variable);
(b-eos-1s) the same at a 1 s commit interval (``CHAO_WORKER_COMMIT_INTERVAL_S=1``), the
        exactly-once default before issue 25: what the shorter default costs, in one run;
(a)     the bare aiokafka consume-parse-produce loop (:mod:`benchmarks.bare_loop`);
(q)     a Quix Streams application doing the same (:mod:`benchmarks.quix_app`);
(q2)    the same Quix application running the stage chain, writing the worker's outputs;
(f)     a plain Faust agent doing the same as (a) (:mod:`benchmarks.faust_plain`);
(b-w20) a diagnostic, run only when asked for (``--only b-w20``): the worker with its
        engine forced to Tansu's workarounds (``CHAO_WORKER_BROKER_ENGINE=tansu``). It
        found that Faust's 1,500 ms fetch wait made (b)'s latency on Kafka (0.8-1.3 s p50);
        the worker has used its 20 ms wait on every broker since.

each draining a backlog of the stream (events/s from the broker's timestamps of its first
and last output record), then, on the same running process, the end-to-end latency of a
second stream offered at half of (b)'s rate. (b) runs first to set that rate.

Latency: for the processors that order sessions (b, b-eos, q2), as bench_streaming's: a
clean event's timestamp minus the moment it became releasable. For the pass-through ones
(a, q, f), an output record's timestamp minus its input record's (the k-th output of a
(sessionId, seq) matched with the k-th input of it, since the stream repeats some lines).
For the worker, also when a ``read_committed`` reader of the clean topic first saw each
event (``bench_streaming.CommittedWatcher``): exactly-once outputs are readable only once
their transaction commits, which their timestamps do not show.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import orjson

from benchmarks.bench_streaming import (
    PARTITIONS,
    fresh_broker,
    lines_for,
    measure_latency,
    measure_worker,
    output_topics,
    percentile,
    produce_at_rate,
    single_worker_setup,
    span_rate,
)
from pipeline.config import PipelineConfig
from pipeline.dev.apache import kafka_release
from pipeline.dev.broker import Broker, die_with_parent, terminate
from pipeline.kafka.admin import TopicSpec, create_topics, pipeline_topics
from pipeline.kafka.io import Record, produce_lines, read_topics

EOS_ENV = "CHAO_PROCESSING_GUARANTEE"
ORDER = ("a", "q", "q2", "f", "b", "b-sasl", "b-eos", "b-eos-1s", "b-w20")
OLD_EOS_INTERVAL = "1"  # CHAO_WORKER_COMMIT_INTERVAL_S of (b-eos-1s)
LABELS = {
    "a": "(a) bare aiokafka consume-parse-produce loop",
    "q": "(q) Quix Streams app, consume-parse-produce",
    "q2": "(q2) Quix Streams app running the stage chain, writing the worker's outputs",
    "f": "(f) plain Faust agent, consume-parse-produce",
    "b": "(b) the worker, at-least-once",
    "b-sasl": "(b-sasl) the worker, at-least-once over SASL_SSL (SCRAM-SHA-512, TLS, the "
    "authorizer on, only the worker role's ACLs: `broker --secure`)",
    "b-eos": f"(b-eos) the worker, {EOS_ENV}=exactly_once (default commit interval)",
    "b-eos-1s": f"(b-eos-1s) (b-eos) at CHAO_WORKER_COMMIT_INTERVAL_S={OLD_EOS_INTERVAL} "
    "(its default before issue 25)",
    "b-w20": "(b-w20) diagnostic: (b) with a 20 ms fetch wait instead of Faust's 1,500 ms "
    "(CHAO_WORKER_BROKER_ENGINE=tansu: the worker's Tansu consumer settings)",
}


SWEEP = "b-eos@"  # tags of --eos-intervals: b-eos@0.25 is (b-eos) at a 0.25 s commit interval


def label(tag: str) -> str:
    if tag.startswith(SWEEP):
        interval = tag.removeprefix(SWEEP)
        return f"({tag}) (b-eos) at CHAO_WORKER_COMMIT_INTERVAL_S={interval}"
    return LABELS[tag]


def in_order(figures: dict[str, Figures]) -> list[str]:
    """The run's tags: the fixed ones in ORDER, then the interval sweep as run."""
    return [tag for tag in ORDER if tag in figures] + [t for t in figures if t.startswith(SWEEP)]


class NotAvailable(Exception):
    """A measurement that could not be made; its message says why."""


@dataclass
class Figures:
    rate: float | None = None
    p50: float | None = None
    p99: float | None = None
    latencies: int = 0
    offered: float | None = None  # events/s of the latency stream, when it was not (b)'s half
    # The worker's events as a read_committed reader saw them (ms; CommittedWatcher).
    seen_p50: float | None = None
    seen_p99: float | None = None
    note: str = ""
    load: tuple[float, float] | None = None  # the machine's 1-minute load, start and end
    extra: dict[str, str] = field(default_factory=dict)


def session_seq(value: bytes) -> tuple[str, int] | None:
    try:
        obj = orjson.loads(value)
        session, seq = obj["sessionId"], obj["seq"]
    except (orjson.JSONDecodeError, KeyError, TypeError):
        return None
    if isinstance(session, str) and isinstance(seq, int) and not isinstance(seq, bool):
        return session, seq
    return None


def sessions_of(lines: Iterable[bytes]) -> set[str]:
    return {key[0] for key in map(session_seq, lines) if key is not None}


def of_sessions(records: Iterable[Record], sessions: set[str]) -> list[Record]:
    """The records of ``sessions`` (a topic holds the backlog's records too)."""
    out = []
    for record in records:
        key = session_seq(record.value)
        if key is not None and key[0] in sessions:
            out.append(record)
    return out


def pass_through_latencies(inputs: Iterable[Record], outputs: Iterable[Record]) -> list[float]:
    """Output timestamp minus input timestamp (ms) of each record a pass-through processor
    copied: the k-th output of a (sessionId, seq), by timestamp, against the k-th input of
    it. Lines without a sessionId and seq (malformed) are left out."""
    sent: dict[tuple[str, int], list[int]] = defaultdict(list)
    for record in inputs:
        key = session_seq(record.value)
        if key is not None:
            sent[key].append(record.timestamp)
    came: dict[tuple[str, int], list[int]] = defaultdict(list)
    for record in outputs:
        key = session_seq(record.value)
        if key is not None:
            came[key].append(record.timestamp)
    latencies = []
    for key, stamps in came.items():
        for at_in, at_out in zip(sorted(sent.get(key, ())), sorted(stamps), strict=False):
            latencies.append(float(at_out - at_in))
    return latencies


def transaction_markers(records: Iterable[Record]) -> bool:
    """True when the records (read from offset 0 of a topic that was never compacted)
    skip offsets: a transactional producer's commit markers take offsets that consumers
    never see. A non-transactional writer leaves every offset to a record."""
    by_partition: dict[tuple[str, int], list[int]] = defaultdict(list)
    for record in records:
        by_partition[(record.topic, record.partition)].append(record.offset)
    return any(max(offsets) + 1 > len(offsets) for offsets in by_partition.values())


def ratio_cell(rate: float | None, base: float | None) -> str:
    if rate is None or not base:
        return "n/a"
    return f"{rate / base:.3f}"


def table(figures: dict[str, Figures], half: float | None) -> str:
    """The markdown table of one run: rate, ratio to (a), p50/p99 at half of (b) from
    the output records' timestamps and as a read_committed reader saw them."""
    base = figures.get("a", Figures()).rate
    at = f"{half:,.0f} events/s" if half else "half of (b)"
    rows = [
        f"| processor | events/s | ratio to (a) | latency p50 / p99 at {at} (ms) | "
        "seen by a read_committed reader: p50 / p99 (ms) | machine load | notes |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for tag in in_order(figures):
        one = figures[tag]
        rate = f"{one.rate:,.0f}" if one.rate is not None else "not available"
        latency = (
            f"{one.p50:.0f} / {one.p99:.0f}"
            if one.p50 is not None and one.p99 is not None
            else "n/a"
        )
        if one.offered is not None and latency != "n/a":
            latency += f" (at {one.offered:,.0f} events/s)"
        seen = (
            f"{one.seen_p50:.0f} / {one.seen_p99:.0f}"
            if one.seen_p50 is not None and one.seen_p99 is not None
            else "n/a"
        )
        load = f"{one.load[0]:.1f}-{one.load[1]:.1f}" if one.load else ""
        rows.append(
            f"| {label(tag)} | {rate} | {ratio_cell(one.rate, base)} | {latency} | {seen} | "
            f"{load} | {one.note} |"
        )
    return "\n".join(rows) + "\n"


def guarantee_ratios(figures: dict[str, Figures]) -> str:
    """What exactly-once costs in throughput, within the run: (b-eos) against (b) and
    against (b-eos-1s)."""
    out = []
    pairs = [("b-eos", "b"), ("b-eos-1s", "b"), ("b-eos", "b-eos-1s")]
    pairs += [(tag, "b-eos-1s") for tag in figures if tag.startswith(SWEEP)]
    for tag, base in pairs:
        if tag in figures and base in figures:
            cell = ratio_cell(figures[tag].rate, figures[base].rate)
            if cell != "n/a":
                out.append(f"- {tag} / {base} throughput: {cell}\n")
    return "".join(out)


# --- the pass-through processors: (a), (q), (f) -------------------------------------------


Command = Callable[[str, str, str, int, Path], list[str]]


def bare_command(bootstrap: str, source: str, target: str, total: int, tmp: Path) -> list[str]:
    return [sys.executable, "-m", "benchmarks.bare_loop", bootstrap, source, target, str(total)]


def quix_command(bootstrap: str, source: str, target: str, total: int, tmp: Path) -> list[str]:
    return [sys.executable, "-m", "benchmarks.quix_app", bootstrap, source, target]


def faust_command(bootstrap: str, source: str, target: str, total: int, tmp: Path) -> list[str]:
    datadir = tmp / "faust-plain.data"
    return [sys.executable, "-m", "benchmarks.faust_plain", bootstrap, source, target, str(datadir)]


def start(command: list[str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=die_with_parent,
        )


def log_tail(log: Path, lines: int = 8) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def drain_timeout(events: int) -> float:
    """How long a processor may take over a backlog: at least 300 events/s."""
    return max(120.0, events / 300)


def measure_pass_through(
    broker: Broker,
    tag: str,
    command: Command,
    lines: list[bytes],
    latency_lines: list[bytes],
    rate: float,
    tmp: Path,
) -> Figures:
    source, target = f"bench.{tag}.in", f"bench.{tag}.out"
    asyncio.run(
        create_topics(broker.bootstrap, [TopicSpec(t, PARTITIONS) for t in (source, target)])
    )
    asyncio.run(produce_lines(broker.bootstrap, source, lines, seed=1))
    total = len(lines) + len(latency_lines)
    log = tmp / f"{tag}.log"
    process = start(command(broker.bootstrap, source, target, total, tmp), log)
    started = time.monotonic()
    try:

        def have(count: int) -> Callable[[dict[str, list[Record]]], bool]:
            """``count`` records in and out; a processor that fails ends the wait (the
            bare loop exits 0 after ``total``)."""

            def done(records: dict[str, list[Record]]) -> bool:
                if process.poll() not in (None, 0):
                    return True
                inputs = records.get(source)
                return len(records[target]) >= count and (inputs is None or len(inputs) >= count)

            return done

        out = asyncio.run(
            read_topics(
                broker.bootstrap,
                [target],
                until=have(len(lines)),
                timeout=drain_timeout(len(lines)),
            )
        )[target]
        if len(out) < len(lines):
            raise NotAvailable(
                f"{len(out):,} of {len(lines):,} records out (exit code {process.poll()}):\n"
                + log_tail(log)
            )
        print(f"  ({tag}) backlog done in {time.monotonic() - started:.1f} s wall")
        figures = Figures(rate=span_rate(len(lines), out, out))
        asyncio.run(produce_at_rate(broker.bootstrap, source, latency_lines, rate))
        records = asyncio.run(
            read_topics(broker.bootstrap, [source, target], until=have(total), timeout=300)
        )
        sessions = sessions_of(latency_lines)
        latencies = pass_through_latencies(
            of_sessions(records[source], sessions), of_sessions(records[target], sessions)
        )
        if latencies:
            figures.p50 = percentile(latencies, 0.5)
            figures.p99 = percentile(latencies, 0.99)
            figures.latencies = len(latencies)
        return figures
    finally:
        terminate(process, 30)


# --- (q2): Quix running the stage chain ---------------------------------------------------


def read_progress(path: Path) -> tuple[int, int]:
    """(records in, records out) from :mod:`benchmarks.quix_app`'s ``--progress`` file."""
    try:
        figures = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return 0, 0
    return int(figures["in"]), int(figures["out"])


def wait_progress(
    path: Path, records_in: int, process: subprocess.Popen[bytes], timeout: float, log: Path
) -> int:
    """Wait until the app has taken ``records_in`` records; returns the records it wrote."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        taken, written = read_progress(path)
        if taken >= records_in:
            return written
        time.sleep(0.2)
    taken, _ = read_progress(path)
    raise NotAvailable(
        f"took {taken:,} of {records_in:,} records (exit code {process.poll()}):\n" + log_tail(log)
    )


def measure_quix_stages(
    broker: Broker, lines: list[bytes], latency_lines: list[bytes], rate: float, tmp: Path
) -> Figures:
    config = PipelineConfig()
    asyncio.run(create_topics(broker.bootstrap, pipeline_topics(config.topics, PARTITIONS)))
    asyncio.run(produce_lines(broker.bootstrap, config.topics.raw, lines, seed=1))
    log, progress = tmp / "q2.log", tmp / "q2.progress"
    command = [sys.executable, "-m", "benchmarks.quix_app", broker.bootstrap, "-", "-"]
    process = start([*command, "--stages", "--progress", str(progress)], log)
    started = time.monotonic()
    outputs = output_topics(config)
    try:
        written = wait_progress(progress, len(lines), process, drain_timeout(len(lines)), log)
        records = asyncio.run(
            read_topics(
                broker.bootstrap,
                outputs,
                until=lambda r: sum(len(r[t]) for t in outputs) >= written,
                timeout=120,
            )
        )
        out = [record for topic in outputs for record in records[topic]]
        if len(out) < written:
            raise NotAvailable(f"{len(out):,} of the {written:,} records written arrived")
        print(f"  (q2) backlog done in {time.monotonic() - started:.1f} s wall")
        figures = Figures(rate=span_rate(len(lines), out, out))
        total = len(lines) + len(latency_lines)
        p50, p99, n = measure_latency(
            broker,
            latency_lines,
            rate,
            config,
            written=lambda: wait_progress(progress, total, process, 300, log),
        )
        figures.p50, figures.p99, figures.latencies = p50, p99, n
        return figures
    finally:
        terminate(process, 30)


# --- (b), (b-eos): the worker ---------------------------------------------------------------


def measure_worker_run(
    broker: Broker,
    lines: list[bytes],
    load: Callable[[float], tuple[list[bytes], float]],
    tmp: Path,
    tag: str,
    env: dict[str, str] | None = None,
    timeout: float = 900,
) -> Figures:
    """The worker draining ``lines``, then the latency of the lines offered at the rate
    that ``load`` gives for the worker's measured rate; with ``env`` set as given (b-eos:
    the guarantee)."""
    from pipeline.errors import PipelineError

    config = PipelineConfig()
    worker = single_worker_setup(broker, config, tmp, f"bench-worker-{tag}")
    worker.env.update(env or {})
    seen: list[dict[str, list[Record]]] = []
    try:
        try:
            throughput = measure_worker(
                broker, [worker], lines, config, tag=tag, timeout=timeout, seen=seen
            )
        except (PipelineError, AssertionError) as exc:
            exited = "" if worker.alive() else f"worker exited ({worker.process.poll()}); "  # type: ignore[union-attr]
            raise NotAvailable(f"{exited}{exc}\n{worker.log_tail(8)}") from exc
        figures = Figures(rate=throughput)
        if env and env.get(EOS_ENV) == "exactly_once":
            clean = seen[-1][config.topics.session_events]
            if not transaction_markers(clean):
                raise NotAvailable(
                    "the worker ran without transactions (no transaction markers on the "
                    f"clean topic: it ignores {EOS_ENV}), at {throughput:,.0f} events/s"
                )
        latency_lines, rate = load(throughput)
        visible: list[float] = []
        figures.p50, figures.p99, figures.latencies = measure_latency(
            broker, latency_lines, rate, config, seen_latencies=visible
        )
        if visible:
            figures.seen_p50 = percentile(visible, 0.5)
            figures.seen_p99 = percentile(visible, 0.99)
            figures.extra["read_committed reader"] = (
                f"saw {len(visible):,} of the {figures.latencies:,} clean events"
            )
        if worker.process is not None:
            from benchmarks.bench_streaming import peak_rss_mib

            figures.extra["peak RSS"] = f"{peak_rss_mib(worker.process.pid):,.0f} MiB"
        return figures
    finally:
        worker.stop()


# --- the run ---------------------------------------------------------------------------------


@contextlib.contextmanager
def environment(values: dict[str, str]) -> Iterator[None]:
    """``values`` in this process's environment meanwhile: the benchmark's own clients
    read CHAO_KAFKA_* there (pipeline.kafka.security), and worker processes inherit it."""
    before = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def measure(tag: str, run: Callable[[], Figures]) -> Figures:
    """One measurement; a failure is reported, not raised, so the others still run."""
    started, load_before = time.monotonic(), os.getloadavg()[0]
    try:
        figures = run()
    except NotAvailable as exc:
        reason = str(exc).strip()
        print(f"  ({tag}) not available: {reason}")
        lines = [line.strip() for line in reason.splitlines() if line.strip()]
        said = lines[0] if len(lines) < 2 else f"{lines[0]} ... {lines[-1]}"
        figures = Figures(note="not available: " + said[:300].replace("|", "/"))
    except Exception as exc:  # a broken measurement must not cost the others
        print(f"  ({tag}) failed: {type(exc).__name__}: {exc}")
        traceback.print_exc()
        figures = Figures(note=f"failed: {type(exc).__name__}: {str(exc)[:200]}")
    figures.load = (load_before, os.getloadavg()[0])
    if figures.rate is not None:
        latency = (
            f", p50 {figures.p50:.0f} ms, p99 {figures.p99:.0f} ms ({figures.latencies:,})"
            if figures.p50 is not None and figures.p99 is not None
            else ""
        )
        print(
            f"  ({tag}) {figures.rate:,.0f} events/s{latency}  [{time.monotonic() - started:.0f} s]"
        )
    return figures


def compare(
    events: int,
    latency_seconds: float,
    engine: str,
    tmp: Path,
    only: set[str] | None = None,
    eos_intervals: tuple[float, ...] = (),
    eos_load: str = "b",
) -> tuple[list[bytes], float | None, dict[str, Figures]]:
    """``eos_load``: "b", every latency stream at half of (b)'s rate; "eos", the
    exactly-once rows' at half of (b-eos-1s)'s (the exactly-once worker's own capacity at
    its old interval; it then runs right after (b)), so that the intervals are compared
    at a load the exactly-once worker has room for."""
    lines = lines_for(events, seed=11, start=datetime.now(UTC))
    print(f"{len(lines):,} raw lines, mean {sum(map(len, lines)) / len(lines):.0f} bytes")
    figures: dict[str, Figures] = {}
    latency_lines: list[bytes] = []
    half: float | None = None

    def stream_at_half(rate: float) -> tuple[list[bytes], float]:
        """The latency stream offered at half of ``rate``, and that load."""
        load = rate / 2
        count = int(load * latency_seconds)
        return lines_for(count, seed=12, start=datetime.now(UTC))[:count], load

    def half_of(rate: float) -> tuple[list[bytes], float]:
        """(b)'s offered load, the same for every processor after it."""
        nonlocal latency_lines, half
        latency_lines, half = stream_at_half(rate)
        return latency_lines, half

    def worker_b() -> Figures:
        with fresh_broker(str(tmp), "b", engine) as broker:
            return measure_worker_run(broker, lines, half_of, tmp, "b")

    figures["b"] = measure("b", worker_b)
    if not half or not latency_lines:
        raise SystemExit("(b) could not be measured: no offered load for the latencies")
    rate = half

    def pass_through(tag: str, command: Command) -> Callable[[], Figures]:
        def run() -> Figures:
            with fresh_broker(str(tmp), tag, engine) as broker:
                return measure_pass_through(broker, tag, command, lines, latency_lines, rate, tmp)

        return run

    def quix_stages() -> Figures:
        with fresh_broker(str(tmp), "q2", engine) as broker:
            return measure_quix_stages(broker, lines, latency_lines, rate, tmp)

    eos_lines, eos_rate = latency_lines, rate

    def half_of_eos(own: float) -> tuple[list[bytes], float]:
        nonlocal eos_lines, eos_rate
        eos_lines, eos_rate = stream_at_half(own)
        return eos_lines, eos_rate

    def worker_eos(
        tag: str,
        env: dict[str, str],
        load: Callable[[float], tuple[list[bytes], float]] | None = None,
    ) -> Callable[[], Figures]:
        def run() -> Figures:
            with fresh_broker(str(tmp), tag, engine) as broker:
                budget = max(120.0, 10 * len(lines) / (figures["b"].rate or 1000))
                figures_of = measure_worker_run(
                    broker,
                    lines,
                    load or (lambda _: (eos_lines, eos_rate)),
                    tmp,
                    tag,
                    env={EOS_ENV: "exactly_once", **env},
                    timeout=budget,
                )
                if eos_load == "eos":
                    figures_of.offered = eos_rate
                return figures_of

        return run

    old = {"CHAO_WORKER_COMMIT_INTERVAL_S": OLD_EOS_INTERVAL}
    if eos_load == "eos":
        figures["b-eos-1s"] = measure("b-eos-1s", worker_eos("b-eos-1s", old, half_of_eos))
        if figures["b-eos-1s"].rate is None:
            raise SystemExit("(b-eos-1s) could not be measured: no exactly-once load")

    def worker_short_wait() -> Figures:
        with fresh_broker(str(tmp), "b-w20", engine) as broker:
            return measure_worker_run(
                broker,
                lines,
                lambda _: (latency_lines, rate),
                tmp,
                "b-w20",
                env={"CHAO_WORKER_BROKER_ENGINE": "tansu"},
            )

    def worker_sasl() -> Figures:
        from pipeline.dev.secure_broker import SecureKafkaBroker
        from pipeline.kafka.acls import role_acls

        broker = SecureKafkaBroker(log_path=tmp / "broker-b-sasl.log")
        broker.start()
        try:
            # single_worker_setup's app id; the benchmark's own clients connect as admin.
            names = PipelineConfig().topics
            broker.grant(role_acls("worker", "worker", names, app_id="chao-bench"))
            with environment(broker.client_env("admin")):
                return measure_worker_run(
                    broker,  # type: ignore[arg-type]
                    lines,
                    lambda _: (latency_lines, rate),
                    tmp,
                    "b-sasl",
                    env=broker.client_env("worker"),
                )
        finally:
            broker.stop()

    if only is None or "a" in only:
        figures["a"] = measure("a", pass_through("a", bare_command))
    if only is None or "q" in only:
        figures["q"] = measure("q", pass_through("q", quix_command))
    if only is None or "q2" in only:
        figures["q2"] = measure("q2", quix_stages)
    if only is None or "f" in only:
        figures["f"] = measure("f", pass_through("f", faust_command))
    if only is None or "b-sasl" in only:
        figures["b-sasl"] = measure("b-sasl", worker_sasl)
    if only is None or "b-eos" in only:
        figures["b-eos"] = measure("b-eos", worker_eos("b-eos", {}))
    if (only is None or "b-eos-1s" in only) and "b-eos-1s" not in figures:
        figures["b-eos-1s"] = measure("b-eos-1s", worker_eos("b-eos-1s", old))
    for interval in eos_intervals:  # --eos-intervals: the same worker at other intervals
        tag = f"{SWEEP}{interval:g}"
        at = {"CHAO_WORKER_COMMIT_INTERVAL_S": f"{interval:g}"}
        figures[tag] = measure(tag, worker_eos(tag, at))
    if only is not None and "b-w20" in only:
        figures["b-w20"] = measure("b-w20", worker_short_wait)
    return lines, half, figures


SECTION = "On Apache Kafka (issue #17)"


def section_body(lines: list[bytes], half: float | None, figures: dict[str, Figures]) -> str:
    extra = "".join(
        f"- {label(tag)}: {name} {value}\n"
        for tag in in_order(figures)
        for name, value in figures[tag].extra.items()
    )
    return (
        f"{len(lines):,} generated raw lines (mean {sum(map(len, lines)) / len(lines):.0f} "
        f"bytes), {PARTITIONS} partitions, Apache Kafka {kafka_release().version} (one KRaft "
        "node on loopback, "
        "`pipeline.dev.apache`), a fresh broker for each processor. Each processor drains "
        "the backlog (events/s from the broker's timestamps of its first and last output "
        "record), then, on the same running process, a second stream is offered at half of "
        "(b)'s rate for the latencies. The machine is shared: other sessions ran tests "
        "beside this run (machine load: the 1-minute load average at the start and the end "
        "of each measurement, on 2 cores), so compare the ratios within this run only.\n\n"
        + table(figures, half)
        + ("\n" + guarantee_ratios(figures) if guarantee_ratios(figures) else "")
        + ("\n" + extra if extra else "")
    )


def main(
    events: int,
    latency_seconds: float,
    write: bool,
    only: set[str] | None = None,
    eos_intervals: tuple[float, ...] = (),
    eos_load: str = "b",
) -> None:
    import logging
    import tempfile

    from benchmarks.report import write_section

    # aiokafka warns at each retried send to a partition whose leader Kafka is still
    # electing just after the topic's creation; the sends are retried and succeed.
    logging.getLogger("aiokafka").setLevel(logging.ERROR)

    with tempfile.TemporaryDirectory(prefix="chao-bench-kafka-") as folder:
        lines, half, figures = compare(
            events, latency_seconds, "kafka", Path(folder), only, eos_intervals, eos_load
        )
    print()
    print(table(figures, half))
    print(guarantee_ratios(figures))
    if write and only is None and not eos_intervals and eos_load == "b":
        command = (
            "make bench-kafka (python -m benchmarks.bench_streaming --broker kafka "
            f"--events {events})"
        )
        write_section(SECTION, command, section_body(lines, half, figures))
