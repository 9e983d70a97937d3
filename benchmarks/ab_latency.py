"""One tree's side of an A/B latency pair (issue 24): bench_streaming's (b) backlog, the
latency stream at a fixed rate on the same worker, then on a fresh broker and worker.

Run it in each tree in turn, several pairs, so both see the same machine::

    PYTHONPATH=<tree> python benchmarks/ab_latency.py 10000

Prints one line: (b)'s events/s, p50/p99 after the backlog and fresh, the worker's RSS.
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.bench_streaming import (
    fresh_broker,
    lines_for,
    measure_latency,
    measure_worker,
    peak_rss_mib,
    single_worker_setup,
)
from pipeline import PipelineConfig


def main() -> None:
    rate = float(sys.argv[1]) if len(sys.argv) > 1 else 10_000.0
    config = PipelineConfig()
    lines = lines_for(200_000, seed=11, start=datetime.now(UTC))
    count = int(rate * 10)
    with tempfile.TemporaryDirectory(prefix="chao-ab-") as tmp:
        with fresh_broker(tmp, "b") as broker:
            worker = single_worker_setup(broker, config, Path(tmp), "bench-worker")
            try:
                backlog = measure_worker(broker, [worker], lines, config)
                stream = lines_for(count, seed=12, start=datetime.now(UTC))[:count]
                p50, p99, _ = measure_latency(broker, stream, rate, config)
                assert worker.process is not None
                rss = peak_rss_mib(worker.process.pid)
            finally:
                worker.stop()
        with fresh_broker(tmp, "latency") as broker:
            worker = single_worker_setup(broker, config, Path(tmp), "bench-worker-latency")
            try:
                worker.start()
                worker.wait_ready(timeout=120)
                f50, f99, _ = measure_latency(broker, stream, rate, config)
            finally:
                worker.stop()
    print(
        f"RESULT b={backlog:.0f} after_p50={p50:.0f} after_p99={p99:.0f} "
        f"fresh_p50={f50:.0f} fresh_p99={f99:.0f} rss={rss:.0f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
