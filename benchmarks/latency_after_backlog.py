"""Whose is the latency tail after a backlog: the broker's or the worker's? (issues 24, 27)

make bench's latency "after the backlog" (the worker that drained 200k events, on the
broker that holds them) has a longer tail than on a fresh broker and worker. One run here
takes the same kind of stream, at one offered rate, four ways:

- after: (b)'s backlog drained, then the latency stream on the same worker and broker;
- restarted: that worker stopped and started again (a new process on the same data
  directory, topics and group: the state it restores is the backlog's, its heap is new),
  a stream of other sessions;
- filled broker, new worker: that worker stopped, a second deployment (its own, empty
  topics and its own group, the same settings) started on the same filled broker;
- fresh: the same stream on a fresh broker and worker.

What it showed on Tansu (BENCHMARKS.md, "The tail after the backlog is the embedded
broker's"): the restarted worker is as slow as (or slower than) the one after the
backlog and a new worker on empty topics of the filled broker as fast as a fresh one, so
the tail goes with the topics, not with the worker's process; Tansu's cost per fetch grows
with the partition (``benchmarks/tansu_fetch_cost.py``).

    cd /tmp && PYTHONPATH=<tree> python -m benchmarks.latency_after_backlog 9000 \
        [--broker kafka] [--profile DIR]

``--broker kafka``: the four streams on Apache Kafka (one node, ``pipeline.dev.apache``)
instead of the embedded Tansu.

``--profile DIR``: py-spy samples each worker during its stream (raw format, 200 Hz, 9 s)
into DIR/after.txt, DIR/restarted.txt, DIR/filled.txt and DIR/fresh.txt. Prints one
RESULT line (p50 / p99 in ms).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from benchmarks import bench_streaming as bench
from pipeline.config import PipelineConfig, TopicNames
from pipeline.dev.broker import Broker
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.admin import create_topics, pipeline_topics


def py_spy() -> str | None:
    """py-spy's path: on PATH, or beside this Python (the project's virtualenv has it)."""
    return shutil.which("py-spy") or shutil.which("py-spy", path=str(Path(sys.executable).parent))


def profiled(
    worker: WorkerProcess,
    profile: Path | None,
    name: str,
    measure: Callable[[], tuple[float, float, int]],
) -> tuple[float, float, int]:
    """``measure()``, with py-spy sampling ``worker`` meanwhile when ``profile`` is set."""
    spy = py_spy()
    if profile is None or spy is None or worker.process is None:
        return measure()
    sampler = subprocess.Popen(
        [
            spy,
            "record",
            "-d",
            "9",
            "-r",
            "200",
            "-f",
            "raw",
            "-o",
            str(profile / f"{name}.txt"),
            "-p",
            str(worker.process.pid),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        return measure()
    finally:
        sampler.wait(timeout=60)


def started_and_measured(
    worker: WorkerProcess,
    profile: Path | None,
    name: str,
    broker: Broker,
    stream: list[bytes],
    rate: float,
    config: PipelineConfig,
) -> tuple[float, float, int]:
    """Start ``worker``, take the latency stream on it (profiled as ``name``), stop it."""
    try:
        worker.start()
        worker.wait_ready(timeout=120)
        return profiled(
            worker, profile, name, lambda: bench.measure_latency(broker, stream, rate, config)
        )
    finally:
        worker.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rate", type=float, nargs="?", default=9000.0, help="events/s")
    parser.add_argument("--profile", type=Path, help="py-spy samples into this directory")
    parser.add_argument("--broker", choices=("tansu", "kafka"), default="tansu")
    args = parser.parse_args()
    rate, profile, engine = args.rate, args.profile, args.broker
    if profile is not None:
        if py_spy() is None:
            raise SystemExit("--profile needs py-spy (make install puts it in .venv/bin)")
        profile.mkdir(parents=True, exist_ok=True)
    lines = bench.lines_for(200_000, seed=11, start=datetime.now(UTC))
    count = int(rate * 10)
    stream = bench.lines_for(count, seed=12, start=datetime.now(UTC))[:count]
    # The restarted worker reads the same topics: its stream needs sessions of its own.
    second_stream = bench.lines_for(count, seed=13, start=datetime.now(UTC))[:count]
    config = PipelineConfig()
    # The second deployment's own topics: the filled broker's records are not its input.
    names = {field: f"x.{getattr(config.topics, field)}" for field in TopicNames.model_fields}
    second = PipelineConfig(topics=TopicNames.model_validate(names))
    with tempfile.TemporaryDirectory(prefix="chao-after-backlog-") as tmp:
        with bench.fresh_broker(tmp, "b", engine) as broker:
            worker = bench.single_worker_setup(broker, config, Path(tmp), "bench-worker")
            try:
                drained = bench.measure_worker(broker, [worker], lines, config)
                after = profiled(
                    worker,
                    profile,
                    "after",
                    lambda: bench.measure_latency(broker, stream, rate, config),
                )
                worker.stop()
                restarted = started_and_measured(
                    worker, profile, "restarted", broker, second_stream, rate, config
                )
            finally:
                worker.stop()
            asyncio.run(
                create_topics(broker.bootstrap, pipeline_topics(second.topics, bench.PARTITIONS))
            )
            env = {
                "CHAO_WORKER_PARTITIONS": str(bench.PARTITIONS),
                "CHAO_WORKER_LOG_LEVEL": "warning",
                "CHAO_WORKER_APP_ID": "chao-bench-second",
                **{f"CHAO_TOPIC_{field.upper()}": name for field, name in names.items()},
            }
            newcomer = WorkerProcess(
                broker.url, name="bench-worker-second", log_dir=Path(tmp), env=env
            )
            filled = started_and_measured(newcomer, profile, "filled", broker, stream, rate, second)
        with bench.fresh_broker(tmp, "fresh", engine) as broker:
            worker = bench.single_worker_setup(broker, config, Path(tmp), "bench-worker-fresh")
            fresh = started_and_measured(worker, profile, "fresh", broker, stream, rate, config)
    print(
        f"RESULT broker={engine} rate={rate:.0f} b={drained:.0f} "
        f"after={after[0]:.0f}/{after[1]:.0f} "
        f"restarted={restarted[0]:.0f}/{restarted[1]:.0f} "
        f"filled_broker_new_worker={filled[0]:.0f}/{filled[1]:.0f} "
        f"fresh={fresh[0]:.0f}/{fresh[1]:.0f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
