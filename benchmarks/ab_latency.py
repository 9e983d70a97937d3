"""One tree's side of an A/B latency pair (issue 24): bench_streaming's (b) backlog, the
latency stream at a fixed rate on the same worker, then on a fresh broker and worker.

Run it in each tree in turn, several pairs, so both see the same machine::

    PYTHONPATH=<tree> python benchmarks/ab_latency.py 10000

or, for a tree older than this script, with this tree's harness and the other tree's
worker (``git worktree add --detach <dir> <commit>``; run from a directory outside both
trees, since ``python -m`` looks in the working directory first)::

    cd /tmp && PYTHONPATH=<this tree> python -m benchmarks.ab_latency 10000 --worker-tree <dir>

Prints one line: (b)'s events/s, p50/p99 after the backlog and fresh, the worker's RSS.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from datetime import UTC, datetime

from benchmarks.bench_streaming import lines_for, worker_and_latencies
from pipeline import PipelineConfig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rate", type=float, nargs="?", default=10_000.0, help="events/s")
    parser.add_argument("--worker-tree", help="run the workers from this tree's code")
    args = parser.parse_args()
    rate = args.rate
    if args.worker_tree:  # the harness is imported already; the workers inherit this
        os.environ["PYTHONPATH"] = os.path.abspath(args.worker_tree)
    lines = lines_for(200_000, seed=11, start=datetime.now(UTC))
    with tempfile.TemporaryDirectory(prefix="chao-ab-") as tmp:
        run = worker_and_latencies(tmp, PipelineConfig(), lines, rate=rate)
    (p50, p99, _), (f50, f99, _) = run.after, run.fresh
    print(
        f"RESULT b={run.end_to_end:.0f} after_p50={p50:.0f} after_p99={p99:.0f} "
        f"fresh_p50={f50:.0f} fresh_p99={f99:.0f} rss={run.rss:.0f} "
        f"worker_tree={args.worker_tree or os.environ.get('PYTHONPATH', '')}",
        flush=True,
    )


if __name__ == "__main__":
    main()
