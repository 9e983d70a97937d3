"""The stage chain's events/s next to a bare orjson parse-and-dump loop, same lines, same run.

Run: ``make bench`` (or ``python -m benchmarks.bench_stages --events 100000``).
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable

import orjson

from benchmarks.report import write_section
from pipeline import Pipeline, Source
from pipeline.generate import generate_events


def bare_orjson(lines: list[bytes]) -> int:
    """The floor any JSON-in, JSON-out service pays: parse each line, dump it again."""
    n = 0
    for line in lines:
        try:  # noqa: SIM105 - contextlib.suppress would slow the baseline down
            orjson.dumps(orjson.loads(line))
        except orjson.JSONDecodeError:
            pass
        n += 1
    return n


def stage_chain(lines: list[bytes]) -> int:
    """All four stages, including serialising every output record."""
    pipeline = Pipeline(clock=lambda: 0.0)
    dumps = orjson.dumps
    n = 0
    for offset, line in enumerate(lines):
        for _, record in pipeline.process(line, Source("bench", 0, offset)):
            dumps(record)
        n += 1
    for _, record in pipeline.flush():
        dumps(record)
    return n


def best_rate(fn: Callable[[list[bytes]], int], lines: list[bytes], repeats: int) -> float:
    best = 0.0
    for _ in range(repeats):
        gc.collect()
        started = time.perf_counter()
        n = fn(lines)
        best = max(best, n / (time.perf_counter() - started))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000, help="at least this many lines")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()

    lines: list[bytes] = []
    sessions = 0
    while len(lines) < args.events:
        sessions += 500
        lines = list(generate_events(sessions, seed=7))
    mean_size = sum(map(len, lines)) / len(lines)
    print(f"{len(lines):,} lines ({sessions:,} sessions, mean {mean_size:.0f} bytes)")
    # Interleave the two so drift on a shared machine hits both alike.
    orjson_rate = chain_rate = 0.0
    for _ in range(args.repeats):
        orjson_rate = max(orjson_rate, best_rate(bare_orjson, lines, 1))
        chain_rate = max(chain_rate, best_rate(stage_chain, lines, 1))
    ratio = chain_rate / orjson_rate
    body = (
        f"{len(lines):,} generated raw lines ({sessions:,} sessions, shuffled, duplicated and "
        f"malformed lines included, mean {mean_size:.0f} bytes); best of {args.repeats}.\n\n"
        "| loop | events/s |\n|---|---:|\n"
        f"| bare orjson parse + dump | {orjson_rate:,.0f} |\n"
        f"| stage chain (4 stages + dump of outputs) | {chain_rate:,.0f} |\n"
        f"| **ratio chain / orjson** | **{ratio:.3f}** (target >= 0.2) |\n"
    )
    print(body)
    if not args.no_write:
        write_section("Stage chain vs bare orjson", "make bench", body)


if __name__ == "__main__":
    main()
