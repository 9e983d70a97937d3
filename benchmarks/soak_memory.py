"""A worker's memory over a long run: ``make soak-memory`` (issue 29).

One worker at the default settings (session traces on) takes new sessions at a steady
rate for ``--minutes`` (30 by default): half of its own maximum, measured first by draining
a backlog of 100k raw lines on the same broker and worker (or ``--rate``). Every 10 s the
worker's RSS (``/proc/<pid>/status``), the raw events it has consumed
(``chao_events_consumed_total``) and what was produced are sampled; a worker that falls
behind shows as a growing lag, not as a lower RSS.

Writes ``benchmarks/soak_memory.csv`` (every sample), ``benchmarks/soak_memory.png`` (RSS
and lag against time; matplotlib, in the ``bench`` extras) and the section "Memory soak"
of BENCHMARKS.md (a row a minute). ``--trace-max-age-s`` sets ``CHAO_TRACE_MAX_AGE_S``
for the run, so that a run shorter than the default hour of traces still shows what
happens once the age limit is reached; the section says when it was set.

Bounded: ``--minutes`` of production (at most 120), then at most 300 s for the worker to
catch up. On Apache Kafka by default (``--broker tansu`` for the embedded broker, which
holds every record in memory and slows as it fills, so it can't take 30 minutes of
traffic without charging the worker for it).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.bench_memory import consumed, rss_mib
from benchmarks.bench_streaming import (
    fresh_broker,
    lines_for,
    measure_worker,
    produce_at_rate,
    single_worker_setup,
)
from benchmarks.report import write_section
from pipeline import PipelineConfig

HERE = Path(__file__).resolve().parent
SAMPLE_EVERY_S = 10.0
CHUNK_S = 10.0  # lines are generated and offered in chunks of this many seconds
CATCH_UP_S = 300.0


@dataclass
class Sample:
    at_s: float
    rss_mib: float
    produced: int
    consumed: int


class Sampler(threading.Thread):
    """Reads the worker's RSS and consumed count every SAMPLE_EVERY_S, beside the producer."""

    def __init__(self, pid: int, worker: object) -> None:
        super().__init__(daemon=True)
        self.pid, self.worker = pid, worker
        self.started_at = time.monotonic()
        self.produced = 0  # lines offered before the current chunk
        self.chunk: tuple[float, int, float] = (0.0, 0, 0.0)  # (started, lines, rate)
        self.samples: list[Sample] = []
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.wait(SAMPLE_EVERY_S):
            self.sample()

    def sample(self) -> Sample:
        seen = consumed(self.worker)  # type: ignore[arg-type]
        if seen < 0 and self.samples:  # the worker did not answer in time: the last count
            seen = self.samples[-1].consumed
        started, lines, rate = self.chunk
        offered = self.produced + min(lines, int((time.monotonic() - started) * rate))
        row = Sample(time.monotonic() - self.started_at, rss_mib(self.pid), offered, int(seen))
        self.samples.append(row)
        return row


def soak(args: argparse.Namespace) -> tuple[float, float, list[Sample]]:
    """(the worker's maximum rate, the rate offered, the samples)."""
    config = PipelineConfig()
    with (
        tempfile.TemporaryDirectory(prefix="chao-soak-memory-") as tmp,
        fresh_broker(tmp, "soak", engine=args.broker) as broker,
    ):
        worker = single_worker_setup(broker, config, Path(tmp), "soak-memory-worker")
        if args.trace_max_age_s is not None:
            worker.env["CHAO_TRACE_MAX_AGE_S"] = str(args.trace_max_age_s)
        try:
            backlog = lines_for(100_000, seed=70, start=datetime.now(UTC))
            maximum = measure_worker(broker, [worker], backlog, config, tag="max")
            rate = args.rate or maximum / 2
            print(f"maximum {maximum:,.0f} events/s; offering {rate:,.0f} events/s", flush=True)
            assert worker.process is not None
            sampler = Sampler(worker.process.pid, worker)
            sampler.produced = len(backlog)
            sampler.start()
            deadline = time.monotonic() + args.minutes * 60
            chunk = 0
            while time.monotonic() < deadline:
                count = int(rate * CHUNK_S)
                lines = lines_for(count, seed=100 + chunk, start=datetime.now(UTC))[:count]
                sampler.chunk = (time.monotonic(), len(lines), rate)
                asyncio.run(produce_at_rate(broker.bootstrap, config.topics.raw, lines, rate))
                sampler.chunk = (0.0, 0, 0.0)
                sampler.produced += len(lines)
                chunk += 1
                if not worker.alive():
                    raise SystemExit(f"the worker exited:\n{worker.log_tail()}")
                if chunk % 6 == 0 and sampler.samples:
                    last = sampler.samples[-1]
                    print(
                        f"  {last.at_s / 60:5.1f} min: RSS {last.rss_mib:,.0f} MiB, "
                        f"lag {last.produced - last.consumed:,}",
                        flush=True,
                    )
            caught_up = time.monotonic() + CATCH_UP_S
            while consumed(worker) < sampler.produced and time.monotonic() < caught_up:
                time.sleep(1)
            sampler.halt.set()
            sampler.join()
            sampler.sample()
            return maximum, rate, sampler.samples
        finally:
            worker.stop()


def plot(samples: list[Sample], title: str, path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise SystemExit("matplotlib is missing: pip install -e '.[bench]'") from exc
    minutes = [s.at_s / 60 for s in samples]
    fig, rss_axis = plt.subplots(figsize=(9, 4.5))
    rss_axis.plot(minutes, [s.rss_mib for s in samples], color="tab:blue", label="RSS (MiB)")
    rss_axis.set_xlabel("minutes")
    rss_axis.set_ylabel("worker RSS (MiB)", color="tab:blue")
    rss_axis.set_ylim(bottom=0)
    lag_axis = rss_axis.twinx()
    lag_axis.plot(
        minutes, [s.produced - s.consumed for s in samples], color="tab:orange", label="lag"
    )
    lag_axis.set_ylabel("raw events not yet consumed", color="tab:orange")
    lag_axis.set_ylim(bottom=0)
    rss_axis.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--broker", choices=("kafka", "tansu"), default="kafka")
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--rate", type=float, help="events/s (default: half the measured maximum)")
    parser.add_argument("--trace-max-age-s", type=float, help="CHAO_TRACE_MAX_AGE_S for the run")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    if not 0 < args.minutes <= 120:
        parser.error("--minutes must be in (0, 120]")
    maximum, rate, samples = soak(args)
    # What was offered in fact: generating each chunk's lines takes time between chunks.
    first, last = samples[0], samples[-1]
    offered = (last.produced - first.produced) / max(last.at_s - first.at_s, 1e-9)
    lines = [
        "| minute | RSS (MiB) | raw events produced | consumed | lag |",
        "|---:|---:|---:|---:|---:|",
    ]
    next_minute = 0.0
    for sample in samples:
        if sample.at_s >= next_minute * 60 or sample is samples[-1]:
            lines.append(
                f"| {sample.at_s / 60:.1f} | {sample.rss_mib:,.0f} | {sample.produced:,} | "
                f"{sample.consumed:,} | {sample.produced - sample.consumed:,} |"
            )
            next_minute = sample.at_s // 60 + 1
    table = "\n".join(lines)
    print(table)
    if args.no_write:
        return
    with open(HERE / "soak_memory.csv", "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["seconds", "rss_mib", "produced", "consumed"])
        for s in samples:
            writer.writerow([f"{s.at_s:.1f}", f"{s.rss_mib:.1f}", s.produced, s.consumed])
    age = (
        "the default trace age (1 h)"
        if args.trace_max_age_s is None
        else f"CHAO_TRACE_MAX_AGE_S={args.trace_max_age_s:g}"
    )
    title = f"one worker, {offered:,.0f} events/s for {args.minutes:g} min, {age}"
    plot(samples, title, HERE / "soak_memory.png")
    command = "make soak-memory" + (
        ""
        if args.trace_max_age_s is None
        else f" SOAK_MEMORY_ARGS='--trace-max-age-s {args.trace_max_age_s:g}'"
    )
    body = (
        f"One worker on {args.broker}, default settings except {age}; its maximum "
        f"{maximum:,.0f} events/s (a 100k backlog drained first), then new sessions offered at "
        f"{rate:,.0f} events/s ({offered:,.0f} in fact, with the time to generate them) for "
        f"{args.minutes:g} minutes; RSS sampled every {SAMPLE_EVERY_S:g} s "
        "(all samples: `benchmarks/soak_memory.csv`; plot: `benchmarks/soak_memory.png`).\n\n"
        f"{table}\n\n![RSS and lag](benchmarks/soak_memory.png)\n"
    )
    write_section("Memory soak", command, body)


if __name__ == "__main__":
    main()
