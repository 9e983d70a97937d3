"""``chao-pipeline protocol-stream``: a file of clean events as protocol streams.

For tests and tools (the Node conformance tests feed its output to the real client
libraries): the same :class:`~pipeline.protocols.ProtocolStream` the live endpoint uses,
over a file of clean events (``session-events.jsonl`` of ``chao-pipeline process``, or a
fixture's ``.expected.jsonl``), one session at a time.

Formats:

- ``sse``: the SSE body a client would read (one session: ``--session`` or an input with
  one session);
- ``jsonl``: one line per stream, ``{"sessionId", "after", "stream": true}``, then one line
  per frame of it, ``{"sessionId", "after", "id", "frame"}``: ``after`` is the resume point
  of that stream (null for a stream from the start), ``id`` the frame's SSE id (null in a
  preamble). ``--resume-points seqs`` (or ``frames``) adds, for every
  session, the stream resumed after each seq's last frame (or after every frame);
  ``sample`` does so for one session in 20 and adds three spread seq points of the others
  (for large inputs).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import orjson

from pipeline.errors import PipelineError
from pipeline.protocols import ProtocolStream, ResumePoint, parse_resume_point

SAMPLE_EVERY = 20  # --resume-points sample: every seq point of one session in this many


class ProtocolToolError(PipelineError):
    """Bad arguments or input for ``protocol-stream`` (the message never quotes event text)."""


def read_sessions(path: str) -> dict[str, list[dict[str, Any]]]:
    """The clean events of a file, by session, each session's in seq order."""
    sessions: dict[str, list[dict[str, Any]]] = {}
    handle: IO[bytes] = sys.stdin.buffer if path == "-" else Path(path).open("rb")  # noqa: SIM115
    try:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                event = orjson.loads(line)
                session_id = event["sessionId"]
                if not isinstance(event["seq"], int) or not isinstance(session_id, str):
                    raise TypeError
            except (orjson.JSONDecodeError, KeyError, TypeError) as exc:
                raise ProtocolToolError(f"line {number} is not a clean event") from exc
            sessions.setdefault(session_id, []).append(event)
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
    for events in sessions.values():
        events.sort(key=lambda e: e["seq"])
    return sessions


def _resume_points(
    protocol: str, events: list[dict[str, Any]], mode: str, number: int
) -> list[ResumePoint]:
    """The resume points of one session (``number``: its position in the input)."""
    if mode == "none":
        return []
    points = []
    for frame in ProtocolStream(protocol).resume(events):
        if frame.seq is not None and (mode == "frames" or frame.last):
            points.append(ResumePoint(frame.seq, None if frame.last else frame.index))
    if mode == "sample" and number % SAMPLE_EVERY:
        # every seq of one session in SAMPLE_EVERY, three spread points of the others
        return sorted({points[len(points) * q // 4] for q in (1, 2, 3)}) if points else []
    return points


def _lines(
    protocol: str, session_id: str, events: list[dict[str, Any]], after: ResumePoint | None
) -> Iterator[bytes]:
    after_id = None
    if after is not None:
        after_id = str(after.seq) if after.frame is None else f"{after.seq}:{after.frame}"
    yield orjson.dumps({"sessionId": session_id, "after": after_id, "stream": True}) + b"\n"
    for frame in ProtocolStream(protocol).resume(events, after):
        record = {"sessionId": session_id, "after": after_id, "id": frame.id, "frame": frame.data}
        yield orjson.dumps(record) + b"\n"


def write_streams(
    input_path: str,
    out: IO[bytes],
    *,
    protocol: str,
    session: str | None = None,
    after: str | None = None,
    fmt: str = "sse",
    resume_points: str = "none",
) -> int:
    """Write the streams; returns the number of sessions written."""
    sessions = read_sessions(input_path)
    if session is not None:
        if session not in sessions:
            raise ProtocolToolError("the input holds no event of that session")
        sessions = {session: sessions[session]}
    point = parse_resume_point(after, "--after") if after is not None else None
    if fmt == "sse" or point is not None:
        if len(sessions) != 1:
            raise ProtocolToolError(
                f"the input holds {len(sessions)} sessions: pick one with --session"
            )
        if resume_points != "none":
            raise ProtocolToolError("--resume-points needs --format jsonl and no --after")
    for number, (session_id, events) in enumerate(sessions.items()):
        if fmt == "sse":
            stream = ProtocolStream(protocol)
            for frame in stream.resume(events, point):
                out.write(stream.sse(frame))
            continue
        for line in _lines(protocol, session_id, events, point):
            out.write(line)
        for extra in _resume_points(protocol, events, resume_points, number):
            for line in _lines(protocol, session_id, events, extra):
                out.write(line)
    out.flush()
    return len(sessions)
