"""The traces' database on its own (topologies/trace_bodies.py): how fast events go in,
and how fast a restarted worker rebuilds its traces from it, per held event.

A restarted worker with the RocksDB store rebuilds each assigned partition's traces from
the database (``TraceTable.restore_local``) instead of reading the clean topic's last
trace age: this is the cost per event that replaces the replay's (BENCHMARKS.md, "Where a
restarted worker's time goes": about 10 us per event read in bulk). Prints only::

    python -m benchmarks.bench_trace_store --events 1000000
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import time
from pathlib import Path

import orjson

from pipeline.trace import TraceSettings
from pipeline.trace.model import SessionTrace
from topologies.trace_bodies import DiskTraceBodies

PARTITIONS = 8


def event_json(session_id: str, seq: int) -> bytes:
    """A clean event of the generated traffic's size (about 300 bytes)."""
    return orjson.dumps(
        {
            "eventId": f"{session_id}-e{seq}",
            "type": "message.delta",
            "sessionId": session_id,
            "runId": "run-0001",
            "seq": seq,
            "ts": "2026-12-07T10:00:00.000Z",
            "family": "message",
            "terminal": False,
            "data": {"messageId": "m-0001", "delta": "Checking the report's figures " * 5},
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--per-session", type=int, default=30)
    args = parser.parse_args()
    settings = TraceSettings()
    sessions = max(1, args.events // args.per_session)
    with tempfile.TemporaryDirectory(prefix="chao-trace-store-") as tmp:
        bodies = DiskTraceBodies(Path(tmp) / "db", settings.max_age_s, PARTITIONS)
        bodies.open()
        now = time.time()
        started = time.perf_counter()
        for n in range(args.events):
            session_id = f"session-{n % sessions:07d}"
            seq = n // sessions
            bodies.put(session_id, seq, now, seq - 1, event_json(session_id, seq))
        put_s = time.perf_counter() - started
        bodies.close()  # flushes, as a clean stop does

        again = DiskTraceBodies(Path(tmp) / "db", settings.max_age_s, PARTITIONS)
        again.open()
        started = time.perf_counter()
        rebuilt = held = 0
        for partition in range(PARTITIONS):
            for session_id, stored in itertools.groupby(
                again.stored(partition), key=lambda event: event[0]
            ):
                trace = SessionTrace.rebuilt(
                    session_id, ((seq, at, prev) for _, seq, at, prev in stored), settings, again
                )
                rebuilt += 1
                held += len(trace.seqs)
        rebuild_s = time.perf_counter() - started
        disk = sum(f.stat().st_size for f in (Path(tmp) / "db").iterdir())
        again.close()
    put_us = put_s / args.events * 1e6
    rebuild_us = rebuild_s / held * 1e6
    print(f"{args.events:,} events of {sessions:,} sessions, {PARTITIONS} partitions\n")
    print("| step | events/s | us per event |")
    print("|---|---:|---:|")
    print(f"| put (the event's JSON encoded too) | {1e6 / put_us:,.0f} | {put_us:.2f} |")
    print(
        f"| rebuild ({rebuilt:,} traces, {held:,} events) "
        f"| {1e6 / rebuild_us:,.0f} | {rebuild_us:.2f} |"
    )
    print(
        f"\ndatabase after a clean stop: {disk / 1e6:,.0f} MB, {disk / args.events:.0f} B per event"
    )


if __name__ == "__main__":
    main()
