"""Where a worker's time goes while it drains a backlog (issue 28): py-spy on the worker.

One worker at the default settings on a fresh broker (Apache Kafka by default, as
``make bench-kafka``) drains a backlog of ``--events`` generated raw lines. Once it is
ready and busy, py-spy samples it twice for ``--seconds`` each: once for the flame graph
(``benchmarks/profile_worker.svg``), once for the raw stacks that this script splits into
the parts of the worker's work. Meanwhile the worker's CPU time (``/proc/<pid>/stat``) and
its consumed count (``chao_events_consumed_total``) give the CPU microseconds per event.

Each sample is charged to the innermost frame that belongs to one of the parts (a sample
in orjson called from the publisher is "publish"; one in the stage chain called from the
agent is "stage chain"); samples in no part's frames are "other" (Faust's and mode's
machinery, the event loop). Prints a markdown table of the parts and of the top frames by
own time, to paste into BENCHMARKS.md::

    python -m benchmarks.profile_worker [--broker kafka|tansu] [--events 400000] [--seconds 20]

py-spy is in the ``bench`` extras (a sampling profiler that attaches to a running process
without changing it: the worker runs exactly as in production).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import shutil
import subprocess
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.bench_memory import consumed
from benchmarks.bench_streaming import fresh_broker, lines_for, single_worker_setup
from pipeline import PipelineConfig
from pipeline.kafka.io import produce_lines

HERE = Path(__file__).resolve().parent

# The parts of a worker's work, by the code a frame is in: (part, path fragment, function
# or "" for any). The first part whose fragment a frame matches names the frame; a sample
# goes to the part of its innermost named frame.
PARTS: list[tuple[str, str, str]] = [
    ("traces", "topologies/traces.py", ""),
    ("traces", "pipeline/trace/", ""),
    ("ordering", "pipeline/stages/ordering.py", ""),
    ("stage chain", "pipeline/stages/", ""),
    ("stage chain", "pipeline/screening/", ""),
    ("stage chain", "pipeline/models/", ""),
    ("stage chain", "pipeline/summary.py", ""),
    ("stage chain", "pipeline/detectors.py", ""),
    ("stage chain", "pydantic", ""),
    ("checkpoint and state", "topologies/checkpoint.py", ""),
    ("checkpoint and state", "topologies/faust_checkpoint.py", ""),
    ("checkpoint and state", "topologies/state.py", ""),
    ("checkpoint and state", "topologies/transactions.py", ""),
    ("publish (serialise, batch, send)", "topologies/processing.py", "publish"),
    ("publish (serialise, batch, send)", "topologies/publish.py", ""),
    ("producer (aiokafka)", "aiokafka/producer/", ""),
    ("producer (aiokafka)", "aiokafka/record/", ""),
    ("consumer (aiokafka, Faust)", "aiokafka/consumer/", ""),
    ("consumer (aiokafka, Faust)", "faust/transport/", ""),
    ("consumer (aiokafka, Faust)", "topologies/processing.py", "stage_batches"),
    ("consumer (aiokafka, Faust)", "topologies/processing.py", "sequence_batches"),
    ("network (aiokafka conn)", "aiokafka/conn.py", ""),
    ("network (aiokafka conn)", "aiokafka/client.py", ""),
    # Faust runs its consumer in a thread of its own with its own event loop (mode's
    # ServiceThread): a sample whose innermost frame is that thread's start is its loop
    # waiting or running native callbacks.
    ("consumer thread's loop", "mode/threads.py", "_start_thread"),
]


def part_of(frame: str) -> str | None:
    """``frame`` as py-spy's raw format writes it: ``function (path:line)``."""
    function, _, where = frame.partition(" (")
    for part, fragment, name in PARTS:
        if fragment in where and (not name or function.rsplit(".", 1)[-1] == name):
            return part
    return None


def split(raw: str) -> tuple[collections.Counter[str], collections.Counter[str], int]:
    """(samples by part, samples by own frame, all samples) of py-spy's raw output."""
    parts: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    for line in raw.splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = stack.split(";")
        total += count
        own[frames[-1]] += count
        for frame in reversed(frames):
            part = part_of(frame)
            if part is not None:
                parts[part] += count
                break
        else:
            parts["other (Faust, mode, the event loop)"] += count
    return parts, own, total


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--broker", choices=("kafka", "tansu"), default="kafka")
    parser.add_argument("--events", type=int, default=400_000)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    spy = shutil.which("py-spy")
    if spy is None:
        raise SystemExit("py-spy is missing: pip install -e '.[bench]'")
    config = PipelineConfig()
    with (
        tempfile.TemporaryDirectory(prefix="chao-profile-") as tmp,
        fresh_broker(tmp, "profile", engine=args.broker) as broker,
    ):
        worker = single_worker_setup(broker, config, Path(tmp), "profile-worker")
        lines = lines_for(args.events, seed=21, start=datetime.now(UTC))
        asyncio.run(produce_lines(broker.bootstrap, config.topics.raw, lines, seed=1))
        worker.start()
        try:
            worker.wait_ready(timeout=120)
            assert worker.process is not None
            pid = worker.process.pid
            time.sleep(3)  # past the first fetches
            before_events, before_cpu, started = consumed(worker), cpu_seconds(pid), time.time()
            svg = HERE / "profile_worker.svg"
            raw_path = Path(tmp) / "stacks.txt"
            for output, fmt in ((svg, "flamegraph"), (raw_path, "raw")):
                sample = ["-d", str(int(args.seconds)), "-r", "100", "--nonblocking"]
                subprocess.run(
                    [spy, "record", "-p", str(pid), *sample, "-f", fmt, "-o", str(output)],
                    check=True,
                    capture_output=True,
                )
            after_events, after_cpu = consumed(worker), cpu_seconds(pid)
            window = time.time() - started
            left = len(lines) - after_events
            raw = raw_path.read_text()
        finally:
            worker.stop()
    events = after_events - before_events
    if left <= 0:
        print(f"warning: the backlog ran out during the window ({len(lines):,} lines)")
    cpu = after_cpu - before_cpu
    print(
        f"{args.broker}: {events:,.0f} raw events in {window:.1f} s ({events / window:,.0f}/s); "
        f"worker CPU {cpu:.1f} s ({cpu / window:.0%} of a core), "
        f"{cpu / max(events, 1) * 1e6:.0f} us of CPU per event"
    )
    parts, own, total = split(raw)
    per_event = cpu / max(events, 1) * 1e6
    print("\n| part | share of samples | us per event |\n|---|---:|---:|")
    for part, count in parts.most_common():
        share = count / total
        print(f"| {part} | {share:.1%} | {share * per_event:.1f} |")
    print(f"\n{total:,} samples. Top frames by own time:\n\n| frame | own |\n|---|---:|")
    for frame, count in own.most_common(20):
        print(f"| `{frame}` | {count / total:.1%} |")


if __name__ == "__main__":
    main()
