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
from pipeline.dev.generate import generate_events


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


def idle_session_bytes(sessions: int = 100_000, templates: int = 300) -> tuple[float, float]:
    """Memory per tracked idle session, at ``sessions`` sessions: (bytes, mean events).

    ``templates`` generated sessions run through the stage chain to their end; the state
    each leaves behind is what an idle session costs (seen eventIds, released tool cards,
    settled runs). ``sessions`` states are then loaded from those states' wire form, as a
    worker loads them from the changelog, each under its own session id, and indexed by
    the sequencer. Measured with tracemalloc: Python objects only, allocator slack aside.
    """
    import tracemalloc

    from pipeline.stages.ordering import SessionState

    template_pipeline = Pipeline(clock=lambda: 0.0)
    lines = list(generate_events(templates, seed=3))
    for offset, line in enumerate(lines):
        template_pipeline.process(line, Source("bench", 0, offset))
    template_pipeline.flush()
    wires = [orjson.dumps(state.to_wire()) for state in template_pipeline.sequencer.store.values()]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    pipeline = Pipeline(clock=lambda: 0.0)
    store = pipeline.sequencer.store
    for index in range(sessions):
        store[f"s-{index:016x}"] = SessionState.from_wire(orjson.loads(wires[index % len(wires)]))
    pipeline.sequencer.reindex()
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held / sessions, len(lines) / len(wires)


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
    per_session, events_per_session = idle_session_bytes()
    memory = (
        f"100,000 tracked idle sessions (states of generated sessions run to their end, "
        f"{events_per_session:.0f} raw lines per session on average), measured with "
        "tracemalloc.\n\n"
        "| measure | value | target |\n|---|---:|---|\n"
        f"| memory per tracked idle session | {per_session:,.0f} bytes "
        f"({per_session / 1024:.2f} KiB) | <= 2 KiB |\n"
    )
    print(memory)
    if not args.no_write:
        write_section("Stage chain vs bare orjson", "make bench", body)
        write_section("Memory per idle session", "make bench", memory)


if __name__ == "__main__":
    main()
