"""Restart to ready: a SIGKILLed worker's successor (same name, same data directory)
answering /ready 200, with a backlog of state behind it, per state store.

For each store (``CHAO_WORKER_STATE_STORE``) and backlog size: a fresh broker, one worker
at the default settings otherwise, ``--events`` generated raw lines of new sessions
produced at once and consumed, the offsets committed, then SIGKILL and a successor
started at once. Printed per run: the seconds from the successor's start to /ready 200,
the sessions changelog records its recovery read, the sessions it holds. Bounded: each
phase has ``--timeout`` seconds. Prints a table to paste into BENCHMARKS.md::

    python -m benchmarks.bench_restart --events 100000 350000 --stores memory rocksdb
    python -m benchmarks.bench_restart --traces off ...   # without the traces' replay
    python -m benchmarks.bench_restart --engine kafka --static ...   # KIP-345 on Kafka
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


def metric(worker: WorkerProcess, name: str) -> float:
    try:
        return sample_sum(worker.get("/metrics", timeout=5)[1].decode(), name)
    except OSError:  # a busy worker: asked again
        return -1.0


def wait(condition: object, timeout: float, what: str, worker: WorkerProcess) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline or not worker.alive():
            raise SystemExit(f"{what} not reached:\n{worker.log_tail()}")
        time.sleep(0.5)


def one_run(
    events: int, store: str, traces: bool, engine: str, timeout: float, static: bool = False
) -> tuple[int, int, float, float, float, float]:
    """(raw lines, sessions, seconds to ready at the first start, after the SIGKILL,
    changelog records read, sessions held)."""
    config = PipelineConfig()
    with (
        tempfile.TemporaryDirectory(prefix="chao-bench-restart-") as tmp,
        fresh_broker(tmp, f"restart-{store}-{events}", engine) as broker,
    ):
        env = {"CHAO_WORKER_STATE_STORE": store, "CHAO_TRACE_ENABLED": str(traces).lower()}
        if static:  # the successor takes the partitions back without a rebalance (KIP-345)
            env["CHAO_WORKER_GROUP_INSTANCE_ID"] = "bench-restart"
        first = single_worker_setup(broker, config, Path(tmp), "bench-restart")
        first.env.update(env)
        first.start()
        try:
            # The first start: no state, no dead member to wait out (the floor).
            first_s = first.wait_ready(timeout=120)
            lines = lines_for(events, seed=29, start=datetime.now(UTC))
            asyncio.run(produce_lines(broker.bootstrap, config.topics.raw, lines, seed=1))
            wait(
                lambda: metric(first, "chao_events_consumed_total") >= len(lines),
                timeout,
                "backlog consumed",
                first,
            )
            wait(
                lambda: metric(first, "chao_consumer_lag{") == 0,
                timeout,
                "offsets committed",
                first,
            )
            time.sleep(2)  # a commit interval more: the last states on the changelog
            sessions = int(metric(first, "chao_sessions_tracked"))
        finally:
            first.kill()
        successor = single_worker_setup(broker, config, Path(tmp), "bench-restart")
        successor.env.update(env)
        # Its predecessor's web address: a static member must keep it (docs/kafka.md).
        successor.web_port = first.web_port
        successor.env["CHAO_WORKER_WEB_PORT"] = str(first.web_port)
        started = time.monotonic()
        successor.start()
        try:
            successor.wait_ready(timeout=timeout)
            ready_s = time.monotonic() - started
            restored = metric(successor, "chao_state_changelog_records_restored_total")
            held = metric(successor, "chao_sessions_tracked")
        finally:
            successor.stop()
    return len(lines), sessions, first_s, ready_s, restored, held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, nargs="+", default=[100_000, 350_000])
    parser.add_argument("--stores", nargs="+", default=["memory", "rocksdb"])
    parser.add_argument("--traces", choices=["on", "off"], default="on")
    parser.add_argument("--engine", choices=["tansu", "kafka"], default="tansu")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per phase")
    parser.add_argument(
        "--static", action="store_true", help="static membership (the same instance id)"
    )
    args = parser.parse_args()
    print(
        f"{args.engine}, static membership {'on' if args.static else 'off'}\n"
        "| store | traces | raw events | sessions | first start to ready (s) "
        "| ready after SIGKILL (s) | changelog records read | sessions held |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for events in args.events:
        for store in args.stores:
            lines, sessions, first_s, ready_s, restored, held = one_run(
                events, store, args.traces == "on", args.engine, args.timeout, args.static
            )
            restored_text = "n/a" if store == "memory" else f"{restored:,.0f}"
            print(
                f"| {store} | {args.traces} | {lines:,} | {sessions:,} | {first_s:.1f} "
                f"| {ready_s:.1f} "
                f"| {restored_text} | {held:,.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
