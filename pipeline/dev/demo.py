"""``chao-pipeline demo``: the whole streaming path on this machine, then a summary.

Starts the embedded broker and one worker on free loopback ports, creates the topics,
plays realistic generated traffic (sessions interleaved over partitions, duplicates,
policy violations, tool failures, malformed records), reads the clean topics back and
prints what came out. Everything it started is stopped at the end, also on Ctrl-C.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import orjson
from tqdm import tqdm

from pipeline.api.auth import mint_token
from pipeline.config import PipelineConfig
from pipeline.core import Pipeline
from pipeline.dev.broker import EmbeddedBroker
from pipeline.dev.generate import generate_events
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.admin import create_topics, pipeline_topics
from pipeline.kafka.io import Record, produce_lines, read_topics
from pipeline.kafka.reader import CleanTopicReader, read_until
from pipeline.metrics import sample_sum
from pipeline.stages.ordering import CLEAN
from pipeline.stages.types import Source


def expected_counts(lines: list[bytes], config: PipelineConfig) -> tuple[int, int]:
    """(clean events, dead letters) the file mode gives for the same lines."""
    pipeline = Pipeline(config, clock=lambda: 0.0)
    clean = dead = 0
    for offset, line in enumerate(lines):
        for kind, _ in pipeline.process(line, Source("demo", 0, offset)):
            clean, dead = (clean + 1, dead) if kind == CLEAN else (clean, dead + 1)
    for kind, _ in pipeline.flush():
        clean, dead = (clean + 1, dead) if kind == CLEAN else (clean, dead + 1)
    return clean, dead


def summarize(records: dict[str, list[Record]], config: PipelineConfig, produced: int) -> str:
    topics = config.topics
    dead = [orjson.loads(r.value) for r in records[topics.dead_letter]]
    cards = [orjson.loads(r.value) for r in records[topics.tool_cards]]
    lines = [f"raw events in: {produced:,}"]
    lines.append("published:")
    for name, recs in records.items():
        lines.append(f"  {name:<28} {len(recs):>8,}")
    by_reason = Counter((d["stage"], d["reason"]) for d in dead)
    lines.append("dead letters by stage/reason:")
    lines += [f"  {s + '/' + r:<38} {n:>8,}" for (s, r), n in sorted(by_reason.items())]
    lines.append("cot steps dropped by reason:")
    cot = Counter(d["reason"] for d in dead if d["stage"] == "cot_policy")
    lines += [f"  {r:<38} {n:>8,}" for r, n in sorted(cot.items())]
    lines.append("tool failure rate by tool (failed / (completed + failed)):")
    ended = Counter(
        c["data"]["toolKey"] for c in cards if c["data"]["status"] in ("completed", "failed")
    )
    failed = Counter(c["data"]["toolKey"] for c in cards if c["data"]["status"] == "failed")
    for tool, n in sorted(ended.items()):
        lines.append(f"  {tool:<28} {failed[tool] / n:>7.1%}  ({failed[tool]}/{n})")
    return "\n".join(lines)


def _each_session_in_seq_order(events: list[dict[str, object]]) -> bool:
    last: dict[object, int] = {}
    for event in events:
        seq = event["seq"]
        assert isinstance(seq, int)
        if seq <= last.get(event["sessionId"], -1):
            return False
        last[event["sessionId"]] = seq
    return True


def _richest_session(records: list[Record]) -> str:
    """The session whose released events show the most kinds of things (for the
    inspector's URL)."""
    types: dict[str, set[str]] = {}
    for record in records:
        event = orjson.loads(record.value)
        types.setdefault(event["sessionId"], set()).add(event["type"])
    return max(sorted(types), key=lambda session_id: len(types[session_id]))


def run_demo(
    *, sessions: int = 400, seed: int = 2026, partitions: int = 4, keep_running: bool = False
) -> int:
    config = PipelineConfig()
    topics = config.topics
    lines = list(generate_events(sessions, seed=seed, start=datetime.now(UTC)))
    want_clean, want_dead = expected_counts(lines, config)
    # A secret for this run only: the worker's session endpoints need tokens (docs/api.md).
    secret = secrets.token_urlsafe(32)
    with tempfile.TemporaryDirectory(prefix="chao-demo-") as tmp:
        broker = EmbeddedBroker(log_path=Path(tmp) / "broker.log")
        worker = WorkerProcess(
            broker.url,
            log_dir=Path(tmp),
            env={
                "CHAO_WORKER_PARTITIONS": str(partitions),
                "CHAO_WORKER_LOG_LEVEL": "warning",
                "CHAO_API_AUTH_SECRET": secret,
            },
        )
        try:
            print("starting the embedded broker ... ", end="", flush=True)
            print(f"ready in {broker.start():.1f} s at {broker.url}")
            asyncio.run(create_topics(broker.bootstrap, pipeline_topics(topics, partitions)))
            print("starting a worker ... ", end="", flush=True)
            worker.start()
            print(f"ready in {worker.wait_ready():.1f} s at {worker.url}")
            with tqdm(total=len(lines), unit="ev", desc="producing raw events") as bar:
                started = time.monotonic()
                produced = asyncio.run(
                    produce_lines(
                        broker.bootstrap, topics.raw, lines, seed=seed, on_sent=bar.update
                    )
                )
            outputs = [
                topics.session_events,
                topics.reasoning,
                topics.tool_cards,
                topics.messages,
                topics.artifacts,
                topics.dead_letter,
            ]
            with tqdm(total=want_clean + want_dead, unit="ev", desc="reading clean topics") as bar:

                def done(records: dict[str, list[Record]]) -> bool:
                    have = len(records[topics.session_events]) + len(records[topics.dead_letter])
                    bar.update(have - bar.n)
                    return have >= want_clean + want_dead

                records = asyncio.run(
                    read_topics(broker.bootstrap, outputs, until=done, timeout=120)
                )
            elapsed = time.monotonic() - started
            metrics = worker.get("/metrics")[1].decode()
            print()
            print(summarize(records, config, produced))
            got_clean = len(records[topics.session_events])
            got_dead = len(records[topics.dead_letter])
            print("ordering (from the worker's /metrics):")
            for label, name in (
                ("gaps skipped", "chao_ordering_gaps_total"),
                ("late", "chao_ordering_late_total"),
                ("duplicates", "chao_duplicates_total"),
            ):
                print(f"  {label:<38} {sample_sum(metrics, name):>8,.0f}")
            print(
                f"end to end: {produced:,} raw events in {elapsed:.1f} s "
                f"({produced / elapsed:,.0f} events/s)"
            )
            # A downstream service's view of the same topic (docs/clients.md): each session's
            # events once, in seq order, with the offsets committed by its consumer group.
            reader = CleanTopicReader(
                broker.bootstrap, group_id="chao-demo-downstream", topic=topics.session_events
            )
            with tqdm(total=want_clean, unit="ev", desc="downstream reader") as bar:
                downstream = asyncio.run(
                    read_until(reader, want_clean, timeout=60, on_batch=bar.update)
                )
            in_order = _each_session_in_seq_order(downstream)
            print(
                f"downstream reader (pipeline.kafka.reader, group chao-demo-downstream): "
                f"{len(downstream):,} events of "
                f"{len({e['sessionId'] for e in downstream}):,} sessions, "
                f"{reader.stats.repeats} repeats dropped, "
                f"{'each session once and in seq order' if in_order else 'OUT OF ORDER'}"
            )
            same = (got_clean, got_dead) == (want_clean, want_dead)
            same = same and in_order and len(downstream) == want_clean
            print(
                f"file mode on the same input gives {want_clean:,} clean events and "
                f"{want_dead:,} dead letters: {'the stream matches' if same else 'MISMATCH'}"
            )
            print(
                f"worker endpoints (while it runs): {worker.url}/metrics  "
                f"{worker.url}/ready  {worker.url}/health"
            )
            released = records[topics.session_events]
            if released:
                session_id = orjson.loads(released[0].value)["sessionId"]
                token = mint_token(secret.encode(), sessions=[session_id], ttl_s=3600)
                bearer = {"Authorization": f"Bearer {token}"}
                status, body = worker.get(f"/sessions/{session_id}/trace", headers=bearer)
                held = len(orjson.loads(body).get("events", ())) if status == 200 else 0
                refused, _ = worker.get(f"/sessions/{session_id}/trace")
                print(
                    f"a session's trace ({held} events; README, 'Reload and resume'), with a "
                    f"token for that session (without one: {refused}; docs/api.md):"
                )
                print(
                    f"  curl -s -H 'Authorization: Bearer {token}' "
                    f"{worker.url}/sessions/{session_id}/trace"
                )
                print(
                    f"  curl -sN '{worker.url}/sessions/{session_id}/events?after=0"
                    f"&access_token={token}'"
                )
                print("  (add &protocol=ag-ui or &protocol=ai-sdk for the client protocols)")
                inspected = _richest_session(released)
                inspector_token = mint_token(secret.encode(), sessions=[inspected], ttl_s=3600)
                print("the session inspector (docs/inspector.md; the token expires in an hour):")
                print(f"  {worker.url}/inspect/{inspected}?access_token={inspector_token}")
            if keep_running:
                print(
                    "the broker and the worker keep running (traffic done): Ctrl-C stops them",
                    flush=True,
                )
                try:
                    while worker.alive():
                        time.sleep(1.0)
                except KeyboardInterrupt:
                    print("\nstopping the worker and the broker", file=sys.stderr)
                    return 0 if same else 1
                print("chao-pipeline: the worker exited", file=sys.stderr)
                return 1
            elif released:
                print("  (the worker stops now: `chao-pipeline demo --keep-running` keeps it up)")
            return 0 if same else 1
        except KeyboardInterrupt:
            print("\ninterrupted: stopping the worker and the broker", file=sys.stderr)
            return 130
        finally:
            worker.stop()
            broker.stop()
