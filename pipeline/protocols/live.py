"""The live AG-UI and AI SDK streams of ``GET /sessions/{sessionId}/events?protocol=...``.

:class:`ProtocolRenderer` plugs a :class:`~pipeline.protocols.ProtocolStream` into the live
tail (``pipeline.trace.sse.stream_events``): the frames after the resume point, computed from
**all** held events of the session (what comes before the point decides the preamble and
the frames after it), then the frames of each live event, then, when the stream must end,
the protocol's own error form (:meth:`ProtocolStream.error`).

Too far behind: a resume point is usable while every frame after it can be computed from
the held events: its seq must not be below the highest seq bounding dropped
(``dropped_through``), and a point inside a seq (``"<seq>:<index>"``) needs that seq held.
"""

from __future__ import annotations

from typing import Any

from pipeline.protocols import ProtocolStream
from pipeline.protocols.frames import Frame, ResumePoint
from pipeline.trace.model import SessionTrace, TooFarBehind


class ProtocolRenderer:
    """One live stream in a client protocol (``ag-ui``, ``ai-sdk``; ``clean`` works too)."""

    def __init__(self, protocol: str, point: ResumePoint | None) -> None:
        self.stream = ProtocolStream(protocol)
        self.point = point

    def backlog(self, trace: SessionTrace) -> bytes | TooFarBehind:
        point = self.point
        if point is not None and too_far_behind(point, trace.dropped_through):
            return TooFarBehind(point.seq, trace.dropped_through)
        return self._encode(self.stream.resume(trace.events, point))

    def live(self, event: dict[str, Any]) -> bytes:
        return self._encode(self.stream.feed(event))  # a repeat gives no frame

    def error(self, code: str, message: str) -> bytes:
        return self.stream.error(code, message)

    def _encode(self, frames: list[Frame]) -> bytes:
        sse = self.stream.sse
        return b"".join(sse(frame) for frame in frames)


def too_far_behind(point: ResumePoint, dropped_through: int) -> bool:
    """True when frames after ``point`` depend on events bounding dropped."""
    if point.frame is None:
        return point.seq < dropped_through
    return point.seq <= dropped_through


def clean_after(point: ResumePoint | None) -> int | None:
    """The clean stream's ``after`` seq for a resume point: a point inside a seq means the
    client lacks the rest of that seq, and the clean stream sends a seq as one frame."""
    if point is None:
        return None
    return point.seq if point.frame is None else point.seq - 1
