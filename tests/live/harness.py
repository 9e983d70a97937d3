"""A live worker for the Node and browser tests (clients/conformance/live).

``python -m tests.live.harness --out DIR`` starts the embedded broker (Tansu) and one real
worker (``chao-pipeline worker``) with a secret of its own, plays traffic through them and
waits until the worker has released it all, then writes ``DIR/manifest.json`` and prints
one line, ``ready <path>``. It keeps everything running until it gets SIGTERM, SIGINT, a
closed stdin (the parent died) or ``POST /shutdown``, and stops everything it started. The
broker's and the worker's logs (and the worker's data) are in ``DIR/run/``.

The traffic:

- every shared fixture, its sessions renamed ``<sessionId>.<fixture>`` (two fixtures use
  the same session id), each fixture's lines in file order on one raw partition, so the
  worker gives what the file mode gives (drop counts included);
- a generated run (``--sessions``, seed 16), with random keys over every raw partition;
- the *inspector session*: the generated session of a small separate run that shows the
  most kinds of things (reasoning, tools with an approval, messages, artifacts), split by
  seq into parts; only the first is played at start.

A control server on a loopback port (``manifest.control``) lets a test change things:

- ``POST /advance``: play the inspector session's next part and wait until the worker's
  trace holds it; answers ``{"lastSeq": n, "part": i}``;
- ``POST /token?session=ID&ttl=S``: a token for one session expiring in S seconds (a
  live stream ends with ``token_expired`` then);
- ``POST /stop-worker`` (SIGTERM, then the part can be played while it is down with
  ``POST /advance?wait=false``), ``POST /start-worker`` (the same port, the same consumer
  group: it recovers its state and traces), ``POST /shutdown``.

The manifest holds short-lived tokens for this run's secret (git-ignored output folder);
nothing here prints a token.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import random
import secrets
import shutil
import signal
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import orjson
from aiokafka import AIOKafkaProducer

from pipeline.api.auth import mint_token
from pipeline.config import PipelineConfig
from pipeline.core import Pipeline
from pipeline.dev.broker import EmbeddedBroker, free_port
from pipeline.dev.generate import generate_events
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.admin import create_topics, pipeline_topics
from pipeline.metrics import sample_sum
from pipeline.models.envelope import SESSION_ID_PATTERN
from pipeline.stages.ordering import CLEAN
from pipeline.stages.types import Source

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(os.environ.get("CHAO_FIXTURES", ROOT.parent / "shared" / "fixtures"))
PARTITIONS = 4
TOKEN_TTL_S = 4 * 3600
INSPECTOR_PARTS = 3
SETTLE_TIMEOUT_S = 300.0


def log(message: str) -> None:
    print(f"[live harness] {message}", file=sys.stderr, flush=True)


# -- traffic -------------------------------------------------------------------------------


def fixture_lines() -> dict[str, list[bytes]]:
    """Each fixture's raw lines, session ids renamed ``<id>.<fixture>`` where valid."""
    import re

    valid = re.compile(SESSION_ID_PATTERN)
    out: dict[str, list[bytes]] = {}
    for path in sorted(FIXTURES.glob("*.raw.jsonl")):
        name = path.name.removesuffix(".raw.jsonl")
        lines = []
        for line in path.read_bytes().splitlines():
            if not line.strip():
                continue
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                lines.append(line)
                continue
            session_id = record.get("sessionId") if isinstance(record, dict) else None
            renamed = f"{session_id}.{name}" if isinstance(session_id, str) else None
            if renamed is not None and valid.match(session_id or "") and valid.match(renamed):
                record["sessionId"] = renamed
                line = orjson.dumps(record)
            lines.append(line)
        out[name] = lines
    if not out:
        raise SystemExit(f"no fixtures in {FIXTURES}")
    return out


def file_mode(lines: list[bytes]) -> Pipeline:
    pipeline = Pipeline(PipelineConfig(), clock=lambda: 0.0)
    for offset, line in enumerate(lines):
        pipeline.process(line, Source("f", 0, offset))
    pipeline.flush()
    return pipeline


def released(lines: list[bytes]) -> dict[str, int]:
    """Each session's last released seq in the file mode."""
    pipeline = Pipeline(PipelineConfig(), clock=lambda: 0.0)
    last: dict[str, int] = {}
    outputs = []
    for offset, line in enumerate(lines):
        outputs += pipeline.process(line, Source("f", 0, offset))
    outputs += pipeline.flush()
    for kind, record in outputs:
        if kind == CLEAN:
            last[record["sessionId"]] = max(last.get(record["sessionId"], -1), record["seq"])
    return last


def inspector_parts(start: datetime) -> tuple[str, list[list[bytes]]]:
    """The inspector session's lines in parts split by seq (no part waits on a later one).

    The session of a small generated run whose released events show the most kinds of
    things a client renders (reasoning steps, an approval, an artifact, a message), and
    that has drops to count."""
    lines = list(generate_events(40, seed=7, start=start))
    by_session: dict[str, list[tuple[int, bytes]]] = {}
    for line in lines:
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        if not isinstance(record, dict):
            continue
        session_id, seq = record.get("sessionId"), record.get("seq")
        if isinstance(session_id, str) and isinstance(seq, int) and not isinstance(seq, bool):
            by_session.setdefault(session_id, []).append((seq, line))

    def score(session_id: str) -> tuple[int, int, int]:
        pipeline = Pipeline(PipelineConfig(), clock=lambda: 0.0)
        outputs = []
        for offset, (_, line) in enumerate(by_session[session_id]):
            outputs += pipeline.process(line, Source("f", 0, offset))
        outputs += pipeline.flush()
        types = {record["type"] for kind, record in outputs if kind == CLEAN}
        wanted = {"cot.step", "tool.approval_required", "message.completed"}
        shown = len(wanted & types) + any(t.startswith(("artifact.", "preview.")) for t in types)
        return (shown, len(pipeline.sequencer.drop_counts(session_id)) > 0, len(types))

    chosen = max(sorted(by_session), key=score)
    seqs = sorted({seq for seq, _ in by_session[chosen]})
    cuts = [seqs[len(seqs) * i // INSPECTOR_PARTS] for i in range(1, INSPECTOR_PARTS)]
    parts: list[list[bytes]] = [[] for _ in range(INSPECTOR_PARTS)]
    for seq, line in sorted(by_session[chosen], key=lambda item: item[0]):
        parts[sum(seq >= cut for cut in cuts)].append(line)
    return chosen, parts


async def produce(bootstrap: str, topic: str, keyed: list[tuple[bytes, bytes]]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=5)
    await producer.start()
    try:
        pending = [await producer.send(topic, value, key=key) for key, value in keyed]
        for future in pending:
            await future
    finally:
        await producer.stop()


# -- the harness -----------------------------------------------------------------------------


class Harness:
    def __init__(self, out: Path, sessions: int) -> None:
        self.out = out
        self.sessions = sessions
        # The broker's and the worker's logs and the worker's data: in the (git-ignored)
        # output folder, replaced by each run, kept after it for a look when a test fails.
        self.tmp = out / "run"
        shutil.rmtree(self.tmp, ignore_errors=True)
        self.tmp.mkdir(parents=True)
        self.secret = secrets.token_urlsafe(32)
        self.config = PipelineConfig()
        self.broker = EmbeddedBroker(log_path=self.tmp / "broker.log")
        self.worker = WorkerProcess(
            "",  # set once the broker runs
            log_dir=self.tmp,
            env={
                "CHAO_WORKER_PARTITIONS": str(PARTITIONS),
                "CHAO_WORKER_LOG_LEVEL": "warning",
                "CHAO_API_AUTH_SECRET": self.secret,
                # A resumed stream with nothing after its preamble is read until the first
                # keepalive (clients/conformance/live/live.ts): keep it short.
                "CHAO_TRACE_SSE_KEEPALIVE_S": "1",
                # The tests open thousands of short streams with one token; a stream the
                # client left counts until the worker's next write (a keepalive) fails.
                "CHAO_API_MAX_STREAMS_PER_TOKEN": "100000",
                "CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S": "6",
                "CHAO_WORKER_CONSUMER_HEARTBEAT_S": "1",
            },
        )
        self.produced = 0
        self.lock = threading.Lock()
        self.part = 0
        self.inspector_id = ""
        self.inspector: list[list[bytes]] = []
        self.inspector_last: list[int] = []

    # -- start ----------------------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        topics = self.config.topics
        log("starting the embedded broker")
        self.broker.start()
        self.worker.env["CHAO_WORKER_BROKER"] = self.broker.url
        asyncio.run(create_topics(self.broker.bootstrap, pipeline_topics(topics, PARTITIONS)))
        log("starting a worker")
        self.worker.start()
        self.worker.wait_ready(timeout=120)

        start = datetime.now(UTC)
        fixtures = fixture_lines()
        generated = list(generate_events(self.sessions, seed=16, start=start))
        self.inspector_id, self.inspector = inspector_parts(start)
        self.inspector_last = []
        for i in range(len(self.inspector)):
            cumulative = [line for part in self.inspector[: i + 1] for line in part]
            self.inspector_last.append(released(cumulative)[self.inspector_id])

        keyed: list[tuple[bytes, bytes]] = []
        for name, lines in fixtures.items():
            keyed += [(f"fixture-{name}".encode(), line) for line in lines]  # one partition
        rng = random.Random(16)
        keyed += [(rng.randbytes(8).hex().encode(), line) for line in generated]
        keyed += [(b"inspector", line) for line in self.inspector[0]]
        log(f"playing {len(keyed):,} raw records")
        asyncio.run(produce(self.broker.bootstrap, topics.raw, keyed))
        self.produced = len(keyed)
        self.part = 1

        expected_last: dict[str, tuple[str, int]] = {}
        expected_drops: dict[str, list[dict[str, Any]]] = {}
        for name, lines in fixtures.items():
            pipeline = file_mode(lines)
            for session_id, last in released(lines).items():
                expected_last[session_id] = (f"fixture:{name}", last)
                expected_drops[session_id] = pipeline.sequencer.drop_counts(session_id)
        for session_id, last in released(generated).items():
            expected_last.setdefault(session_id, ("generated", last))
        expected_last[self.inspector_id] = ("inspector", self.inspector_last[0])

        last_seqs = self.settle(set(expected_last))
        sessions = []
        for session_id, (source, file_last) in sorted(expected_last.items()):
            entry: dict[str, Any] = {
                "sessionId": session_id,
                "source": source,
                "lastSeq": last_seqs[session_id],
                "fileModeLastSeq": file_last,
            }
            if session_id in expected_drops:
                entry["fileModeDrops"] = expected_drops[session_id]
            sessions.append(entry)
        return {
            "generatedSessions": self.sessions,
            "url": self.worker.url,
            "token": mint_token(self.secret.encode(), all_sessions=True, ttl_s=TOKEN_TTL_S),
            "sessions": sessions,
            "inspector": {
                "sessionId": self.inspector_id,
                "token": mint_token(
                    self.secret.encode(), sessions=[self.inspector_id], ttl_s=TOKEN_TTL_S
                ),
                "parts": len(self.inspector),
                "part": self.part,
                "lastSeqs": self.inspector_last,
            },
        }

    def settle(self, session_ids: set[str]) -> dict[str, int]:
        """Wait until the worker consumed every record and nothing waits in a reorder
        buffer, then until two passes over the traces agree; each session's lastSeq."""
        deadline = time.monotonic() + SETTLE_TIMEOUT_S
        while True:
            metrics = self.worker.get("/metrics", timeout=10)[1].decode()
            consumed = sample_sum(metrics, "chao_events_consumed_total")
            waiting = sample_sum(metrics, "chao_reorder_waiting_events")
            if consumed >= self.produced and waiting == 0:
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"worker did not settle: {consumed}/{self.produced} consumed")
            time.sleep(0.5)
        previous: dict[str, int] | None = None
        while True:
            current = {sid: self.last_seq(sid) for sid in sorted(session_ids)}
            missing = sorted(sid for sid, last in current.items() if last is None)
            if not missing and current == previous:
                return {sid: last for sid, last in current.items() if last is not None}
            if time.monotonic() > deadline:
                raise SystemExit(f"traces did not settle; no trace for {missing[:5]}")
            previous = {sid: last for sid, last in current.items() if last is not None}
            time.sleep(1.0)

    def last_seq(self, session_id: str) -> int | None:
        token = mint_token(self.secret.encode(), sessions=[session_id], ttl_s=60)
        status, body = self.worker.get(
            f"/sessions/{session_id}/trace",
            timeout=10,
            headers={"Authorization": f"Bearer {token}"},
        )
        if status != 200:
            return None
        last = orjson.loads(body)["lastSeq"]
        return last if isinstance(last, int) else None

    # -- control -------------------------------------------------------------------------

    def advance(self, wait: bool) -> dict[str, Any]:
        with self.lock:
            if self.part >= len(self.inspector):
                return {"error": "no part left", "part": self.part}
            lines = self.inspector[self.part]
            asyncio.run(
                produce(
                    self.broker.bootstrap,
                    self.config.topics.raw,
                    [(b"inspector", line) for line in lines],
                )
            )
            want = self.inspector_last[self.part]
            self.part += 1
        if wait:
            self.wait_for_inspector(want)
        return {"part": self.part, "lastSeq": want}

    def wait_for_inspector(self, want: int) -> None:
        deadline = time.monotonic() + 120
        while self.last_seq(self.inspector_id) != want:
            if time.monotonic() > deadline:
                raise RuntimeError("the inspector session's part did not arrive")
            time.sleep(0.3)

    def token(self, query: str) -> dict[str, Any]:
        """A token for one session (``session=``) that expires in ``ttl=`` seconds."""
        from urllib.parse import parse_qs

        params = parse_qs(query)
        session_id = params["session"][0]
        ttl = int(params.get("ttl", ["60"])[0])
        return {"token": mint_token(self.secret.encode(), sessions=[session_id], ttl_s=ttl)}

    def stop_worker(self) -> dict[str, Any]:
        return {"exit": self.worker.stop()}

    def start_worker(self) -> dict[str, Any]:
        self.worker.start()
        seconds = self.worker.wait_ready(timeout=120)
        if self.part:
            self.wait_for_inspector(self.inspector_last[self.part - 1])
        return {"ready_s": round(seconds, 1)}

    def stop(self) -> None:
        self.worker.stop()
        self.broker.stop()


class Command:
    """A control request, run on the main thread: the worker must be started there (its
    process dies with the thread that started it: ``die_with_parent``, PR_SET_PDEATHSIG)."""

    def __init__(self, path: str, query: str) -> None:
        self.path, self.query = path, query
        self.done = threading.Event()
        self.answer: dict[str, Any] = {}
        self.status = 200


def run_command(harness: Harness, command: Command, stopping: threading.Event) -> None:
    try:
        if command.path == "/advance":
            command.answer = harness.advance(wait="wait=false" not in command.query)
        elif command.path == "/token":
            command.answer = harness.token(command.query)
        elif command.path == "/stop-worker":
            command.answer = harness.stop_worker()
        elif command.path == "/start-worker":
            command.answer = harness.start_worker()
        elif command.path == "/shutdown":
            command.answer = {"stopping": True}
            stopping.set()
        else:
            command.answer, command.status = {"error": "unknown command"}, 404
    except Exception as exc:  # reported to the test, which fails
        command.answer, command.status = {"error": f"{type(exc).__name__}: {exc}"}, 500
    finally:
        command.done.set()


def serve(commands: queue.Queue[Command]) -> ThreadingHTTPServer:
    class Control(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            path, _, query = self.path.partition("?")
            command = Command(path, query)
            commands.put(command)
            command.done.wait()
            body = json.dumps(command.answer).encode()
            self.send_response(command.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Control)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--sessions", type=int, default=300)
    args = parser.parse_args()
    stopping = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stopping.set())
    harness = Harness(args.out, args.sessions)
    commands: queue.Queue[Command] = queue.Queue()
    try:
        manifest = harness.start()
        server = serve(commands)
        manifest["control"] = f"http://127.0.0.1:{server.server_address[1]}"
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / "manifest.json"
        path.write_text(json.dumps(manifest, indent=1))
        counts = Counter(s["source"].split(":")[0] for s in manifest["sessions"])
        log(f"worker at {manifest['url']}, sessions {dict(counts)}")
        print(f"ready {path}", flush=True)

        def parent_gone() -> None:
            sys.stdin.read()  # returns at EOF: the parent closed the pipe or died
            stopping.set()

        threading.Thread(target=parent_gone, daemon=True).start()
        while not stopping.is_set():
            try:
                command = commands.get(timeout=0.2)
            except queue.Empty:
                continue
            run_command(harness, command, stopping)
        server.shutdown()
        return 0
    finally:
        harness.stop()


if __name__ == "__main__":
    sys.exit(main())
