"""Memory of one worker holding state: its RSS after each of several backlogs of new
sessions, at the default settings (session traces on), on the embedded broker.

Issue 29's first measure: how much a held event costs the live process. Each backlog is
``--events`` generated raw lines of new sessions (a new seed each), produced at once; the
RSS is read once the worker's ``chao_events_consumed_total`` reaches everything produced
and five seconds have passed. Prints only (a table to paste into BENCHMARKS.md)::

    python -m benchmarks.bench_memory --events 100000 --backlogs 3
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.bench_streaming import fresh_broker, lines_for, single_worker_setup
from pipeline import PipelineConfig
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import produce_lines
from pipeline.metrics import sample_sum


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def consumed(worker: WorkerProcess) -> float:
    try:
        return sample_sum(
            worker.get("/metrics", timeout=5)[1].decode(), "chao_events_consumed_total"
        )
    except OSError:  # a busy worker: asked again
        return -1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000, help="raw lines per backlog")
    parser.add_argument("--backlogs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600, help="seconds per backlog")
    args = parser.parse_args()
    config = PipelineConfig()
    with (
        tempfile.TemporaryDirectory(prefix="chao-bench-memory-") as tmp,
        fresh_broker(tmp, "memory") as broker,
    ):
        worker = single_worker_setup(broker, config, Path(tmp), "bench-memory-worker")
        worker.start()
        try:
            worker.wait_ready(timeout=120)
            assert worker.process is not None
            pid = worker.process.pid
            print("| after | raw events held | RSS (MiB) | growth (MiB per 100k events) |")
            print("|---|---:|---:|---:|")
            print(f"| ready | 0 | {rss_mib(pid):,.0f} | |")
            total = 0
            last = None
            for i in range(args.backlogs):
                lines = lines_for(args.events, seed=40 + i, start=datetime.now(UTC))
                total += len(lines)
                asyncio.run(produce_lines(broker.bootstrap, config.topics.raw, lines, seed=i))
                deadline = time.monotonic() + args.timeout
                while consumed(worker) < total:
                    if time.monotonic() > deadline or not worker.alive():
                        raise SystemExit(f"backlog {i + 1} not consumed:\n{worker.log_tail()}")
                    time.sleep(1)
                time.sleep(5)
                rss = rss_mib(pid)
                growth = "" if last is None else f"{(rss - last) / len(lines) * 1e5:,.0f}"
                print(f"| backlog {i + 1} | {total:,} | {rss:,.0f} | {growth} |", flush=True)
                last = rss
        finally:
            worker.stop()


if __name__ == "__main__":
    main()
