"""One session's clean stream in the client protocols: clean, AG-UI and AI SDK.

Pure code over plain clean-event dicts (the exact records of ``chao.clean.session-events``,
or a trace document's ``events``), testable without a broker or an HTTP server:

    stream = ProtocolStream("ag-ui")
    frames = stream.resume(trace_events, parse_resume_point(last_event_id))
    ...                                   # then, for each live event:
    frames = stream.feed(event)
    body = b"".join(stream.sse(frame) for frame in frames)

Every frame keeps the clean ``seq`` it comes from (``Frame.id``: ``"<seq>"`` on the last
frame of a seq, ``"<seq>:<index>"`` before it), so a resume with ``Last-Event-ID`` has no
gap and no repeat. ``docs/protocols.md`` has the mapping tables and the resume semantics.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Literal, Protocol, get_args

from pipeline.protocols.ag_ui import AgUiAdapter, AgUiTracker
from pipeline.protocols.ai_sdk import AiSdkAdapter, AiSdkTracker
from pipeline.protocols.frames import (
    Frame,
    InvalidResumePoint,
    ResumePoint,
    parse_resume_point,
    resume_point_of,
    sse_frame,
    tag,
)

ProtocolName = Literal["clean", "ag-ui", "ai-sdk"]
PROTOCOLS: Final[tuple[str, ...]] = get_args(ProtocolName)
# HTTP response headers a protocol's SSE stream needs beyond text/event-stream.
EXTRA_HEADERS: Final[dict[str, dict[str, str]]] = {
    "clean": {},
    "ag-ui": {},
    "ai-sdk": {"x-vercel-ai-ui-message-stream": "v1"},
}

__all__ = [
    "EXTRA_HEADERS",
    "PROTOCOLS",
    "Frame",
    "InvalidResumePoint",
    "ProtocolName",
    "ProtocolStream",
    "ResumePoint",
    "parse_resume_point",
    "resume_point_of",
]


class _Adapter(Protocol):
    def feed(self, event: dict[str, Any]) -> list[dict[str, Any]]: ...


class _Tracker(Protocol):
    def observe(self, frame: dict[str, Any]) -> None: ...

    def preamble(self) -> list[dict[str, Any]]: ...


class _CleanAdapter:
    """The clean protocol: each clean event is its own frame, unchanged."""

    def feed(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        return [event]


class _NoPreamble:
    def observe(self, frame: dict[str, Any]) -> None:
        pass

    def preamble(self) -> list[dict[str, Any]]:
        return []


def _parts(protocol: str) -> tuple[_Adapter, _Tracker]:
    if protocol == "ag-ui":
        return AgUiAdapter(), AgUiTracker()
    if protocol == "ai-sdk":
        return AiSdkAdapter(), AiSdkTracker()
    if protocol == "clean":
        return _CleanAdapter(), _NoPreamble()
    raise ValueError(f"unknown protocol; expected one of {', '.join(PROTOCOLS)}")


class ProtocolStream:
    """The frames of one session's stream in one protocol, from a resume point on.

    Feed the session's clean events in seq order, each once: :meth:`resume` for what is
    already held (the trace), then :meth:`feed` for each live event. An event whose seq is
    not above the last one fed is ignored (a repeat), like the trace ignores it.
    """

    def __init__(self, protocol: str) -> None:
        self.protocol = protocol
        self._adapter, self._tracker = _parts(protocol)
        self._after: ResumePoint | None = None
        self._preamble_due = False
        self._last_seq = -1
        # AG-UI: the last RUN_STARTED this stream sent, and whether its last run event was
        # a RUN_ERROR (after which the client's verifier accepts only a RUN_STARTED).
        self._run_started: dict[str, Any] | None = None
        self._run_errored = False

    def resume(
        self, events: Iterable[dict[str, Any]], after: ResumePoint | None = None
    ) -> list[Frame]:
        """The stream for a client that has every frame up to ``after`` (None: nothing).

        ``events`` are the session's clean events (all of them up to ``after`` are needed
        to know what the client has; the events after it are sent). The result starts with
        the protocol's preamble when ``after`` is given: frames without an id that let the
        client's library accept what follows (see the adapters' trackers).
        """
        self._after = after
        self._preamble_due = after is not None
        out: list[Frame] = []
        for event in events:
            out += self._feed(event)
        if self._preamble_due:
            out += self._take_preamble()
        return self._sent(out)

    def feed(self, event: dict[str, Any]) -> list[Frame]:
        """The frames of one clean event that the client does not have yet."""
        return self._sent(self._feed(event))

    def _sent(self, frames: list[Frame]) -> list[Frame]:
        """Notes what the client gets (for :meth:`error`)."""
        if self.protocol == "ag-ui":
            for frame in frames:
                kind = frame.data["type"]
                if kind == "RUN_STARTED":
                    self._run_started, self._run_errored = frame.data, False
                elif kind in ("RUN_FINISHED", "RUN_ERROR"):
                    self._run_errored = kind == "RUN_ERROR"
        return frames

    def _feed(self, event: dict[str, Any]) -> list[Frame]:
        seq = event["seq"]
        if seq <= self._last_seq:
            return []
        self._last_seq = seq
        frames = tag(seq, self._adapter.feed(event))
        after = self._after
        if after is None:
            return frames
        out: list[Frame] = []
        for frame in frames:
            if after.covers(frame):
                self._tracker.observe(frame.data)
                continue
            if self._preamble_due:
                out += self._take_preamble()
            out.append(frame)
        if frames and not after.covers(frames[-1]):
            self._after = None  # every later frame is new to the client
        return out

    def _take_preamble(self) -> list[Frame]:
        self._preamble_due = False
        return [Frame(data) for data in self._tracker.preamble()]

    def error(self, code: str, message: str) -> bytes:
        """The SSE message that ends a stream with a stream error (``slow_consumer``,
        ``reassigned``, ``too_far_behind``, ``token_expired``...), in the protocol's own
        error form, without an id (the client's Last-Event-ID stays where it was):

        - clean: ``event: error`` with ``{"error": code, "message": message}``;
        - AG-UI: ``RUN_ERROR {message, code}`` (the clean stream's own run errors carry a
          clean type, ``run.failed`` / ``run.error``, as their code). When the last run
          event this stream sent was a RUN_ERROR, the AG-UI verifier accepts only a
          ``RUN_STARTED`` next: the run is re-opened first (same ids, as for any event of a
          run that ended), then errors;
        - AI SDK: ``error {errorText: "<code>: <message>"}`` (the clean stream's own run
          errors are the bare type, ``run.failed`` / ``run.error``).
        """
        if self.protocol == "clean":
            from pipeline.trace.sse import sse_error

            return sse_error(code, message)
        if self.protocol == "ag-ui":
            out = b""
            if self._run_errored and self._run_started is not None:
                out = sse_frame(Frame(dict(self._run_started)))
            return out + sse_frame(Frame({"type": "RUN_ERROR", "message": message, "code": code}))
        return sse_frame(Frame({"type": "error", "errorText": f"{code}: {message}"}))

    def sse(self, frame: Frame) -> bytes:
        """The SSE message of a frame. The clean protocol names each event by its type (as
        ``GET /sessions/{id}/events`` does); the others send unnamed events, which an
        EventSource delivers to ``onmessage``."""
        if self.protocol == "clean":
            from pipeline.trace.sse import sse_event

            return sse_event(frame.data)
        return sse_frame(frame)
