"""One worker draining a backlog on a fresh embedded broker: ``(b)`` of bench_streaming alone.

For before/after comparisons of two trees on a noisy machine, run alternately:

    PYTHONPATH=<tree> .venv/bin/python -m benchmarks.ab_drain --events 100000

(the worker subprocess inherits ``PYTHONPATH``, so it runs that tree's code).
"""

from __future__ import annotations

import argparse
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pipeline
from benchmarks import bench_streaming
from pipeline.config import PipelineConfig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    args = parser.parse_args()
    print(f"tree: {Path(pipeline.__file__).parent.parent}")
    config = PipelineConfig()
    lines = bench_streaming.lines_for(args.events, seed=11, start=datetime.now(UTC))
    with (
        tempfile.TemporaryDirectory(prefix="chao-ab-") as tmp,
        bench_streaming.fresh_broker(tmp, "b") as broker,
    ):
        worker = bench_streaming.single_worker_setup(broker, config, Path(tmp), "ab-worker")
        try:
            rate = bench_streaming.measure_worker(broker, [worker], lines, config)
        finally:
            worker.stop()
    print(f"(b) one worker draining {len(lines):,} raw lines: {rate:,.0f} events/s")


if __name__ == "__main__":
    main()
