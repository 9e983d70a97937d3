"""Frames, frame ids, resume points and SSE encoding shared by the protocol adapters.

An adapter turns each clean event of one session into zero or more protocol *frames*
(one AG-UI event or one AI SDK UI-message chunk each). Every frame is tagged with the clean
``seq`` it comes from and its position among that seq's frames, which gives it an id:

- the LAST frame of a seq has the id ``"<seq>"`` (exactly the clean seq, as on the clean
  stream), so after each complete clean event the client's ``Last-Event-ID`` is the seq;
- an earlier frame of the same seq has the id ``"<seq>:<index>"`` (index from 0).

Why every frame has an id: one clean event can become several frames, and some frames
change the client's state when applied twice (a text delta, a tool result). If only the
last frame carried the id, a connection cut between two frames of one seq would make the
resumed stream send the first ones again. With an id on every frame a resume point names
the exact frame, and the stream goes on with the next one: no gap and no repeat, also
inside one clean event. Frames are a pure function of the session's clean events, so the
frame ``"<seq>:<index>"`` is the same frame on every connection.

A resumed stream starts with a *preamble* (frames with no id, see the adapters'
trackers): what each protocol's client needs to accept the frames that follow, such as a
``RUN_STARTED`` and the re-opening of a message started before the resume point (AG-UI),
or the replay of the message open at the resume point (AI SDK). Frames without an id leave
the client's ``Last-Event-ID`` unchanged (SSE keeps the last id seen), so a connection cut
inside the preamble resumes from the same point and gets the same preamble.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, NamedTuple

import orjson

from pipeline.models.envelope import MAX_SEQ

_RESUME_ID: Final = re.compile(r"\A([0-9]{1,16})(?::([0-9]{1,6}))?\Z")


@dataclass(frozen=True, slots=True)
class Frame:
    """One protocol frame: its payload and where it comes from in the clean stream.

    ``seq`` and ``index`` are None for preamble frames, which have no id.
    """

    data: dict[str, Any]
    seq: int | None = None
    index: int | None = None
    last: bool = True

    @property
    def id(self) -> str | None:
        """The SSE id: ``"<seq>"`` on the last frame of a seq, ``"<seq>:<index>"`` before it."""
        if self.seq is None:
            return None
        return str(self.seq) if self.last else f"{self.seq}:{self.index}"

    @property
    def position(self) -> tuple[int, int]:
        """Sort key of the frame in the stream; the last frame of a seq sorts after every
        earlier one and equals the whole-seq resume point."""
        assert self.seq is not None and self.index is not None
        return (self.seq, _LAST if self.last else self.index)


_LAST: Final = 1 << 30  # position index of a seq's last frame (and of a whole-seq point)


class ResumePoint(NamedTuple):
    """Where a client stopped: after frame number ``frame`` of ``seq``, or after all of
    ``seq`` when ``frame`` is None (the ``Last-Event-ID`` ``"<seq>"``)."""

    seq: int
    frame: int | None = None

    @property
    def position(self) -> tuple[int, int]:
        return (self.seq, _LAST if self.frame is None else self.frame)

    def covers(self, frame: Frame) -> bool:
        """True when the client already has ``frame`` (it is at or before this point)."""
        return frame.position <= self.position


class InvalidResumePoint(ValueError):
    """A resume point that is not a frame id; ``field`` names the header or parameter."""

    def __init__(self, field_name: str) -> None:
        super().__init__(
            f"{field_name} must be a frame id: a seq from 0 to {MAX_SEQ}, "
            "optionally followed by ':' and a frame index"
        )
        self.field = field_name


def parse_resume_point(text: str, field_name: str = "Last-Event-ID") -> ResumePoint:
    """Parse a frame id (``"12"`` or ``"12:0"``) into a :class:`ResumePoint`.

    Raises :class:`InvalidResumePoint` naming the field, never echoing the value.
    """
    match = _RESUME_ID.match(text.strip())
    if match is None:
        raise InvalidResumePoint(field_name)
    seq = int(match.group(1))
    if seq > MAX_SEQ:
        raise InvalidResumePoint(field_name)
    frame = match.group(2)
    return ResumePoint(seq, None if frame is None else int(frame))


def resume_point_of(header: str | None, after_param: str | None) -> ResumePoint | None:
    """The resume point of a stream request: ``Last-Event-ID`` (sent by a reconnecting
    EventSource; an empty one counts as absent) wins over ``?after=``; None when neither.

    Raises :class:`InvalidResumePoint` naming the field, never echoing the value.
    """
    if header is not None and header.strip():
        return parse_resume_point(header, "Last-Event-ID")
    if after_param is not None:
        return parse_resume_point(after_param, "after")
    return None


def tag(seq: int, payloads: list[dict[str, Any]]) -> list[Frame]:
    """The frames of one clean event, with their positions."""
    count = len(payloads)
    return [Frame(data, seq, i, i == count - 1) for i, data in enumerate(payloads)]


def epoch_ms(ts: object) -> int | None:
    """An RFC 3339 timestamp (validated upstream) as epoch milliseconds; None if unreadable."""
    if not isinstance(ts, str):
        return None
    try:
        return int(datetime.fromisoformat(ts).timestamp() * 1000)
    except ValueError:
        return None


def json_text(value: Any) -> str:
    """Compact JSON text of a clean value (tool input or output), as the protocols carry it."""
    return orjson.dumps(value).decode()


def sse_frame(frame: Frame, event_name: str | None = None) -> bytes:
    """One frame as an SSE message: ``id`` (when the frame has one), ``event`` (only when
    given), ``data`` as one line of JSON (orjson escapes every control character)."""
    parts = []
    frame_id = frame.id
    if frame_id is not None:
        parts.append(b"id: " + frame_id.encode())
    if event_name is not None:
        parts.append(b"event: " + event_name.encode())
    parts.append(b"data: " + orjson.dumps(frame.data))
    return b"\n".join(parts) + b"\n\n"


class TextMessages:
    """Which text messages a stream has open and what each has streamed, shared by the
    adapters: a completed message's ``text`` only adds what the deltas did not stream."""

    def __init__(self) -> None:
        self.open: dict[str, None] = {}  # in opening order
        self.sent: dict[str, str] = {}

    def delta(self, message_id: str, delta: str) -> bool:
        """Record a delta; True when the message must be opened before it."""
        opening = message_id not in self.open
        self.open[message_id] = None
        self.sent[message_id] = self.sent.get(message_id, "") + delta
        return opening

    def complete(self, message_id: str, text: object) -> tuple[bool, str, bool]:
        """(open it first, text to add, close it) for a completed message.

        ``text`` is the completed message's text when it carries one. A text that does
        not extend what was streamed (a delta lost in a skipped gap) adds nothing: no
        protocol here can replace streamed text.
        """
        missing = ""
        opening = False
        if isinstance(text, str):
            sent = self.sent.get(message_id)
            if sent is None:
                missing = text
            elif text.startswith(sent):
                missing = text[len(sent) :]
            if sent is None or missing:
                opening = message_id not in self.open
                self.open[message_id] = None
                self.sent[message_id] = (sent or "") + missing
        closing = message_id in self.open
        self.open.pop(message_id, None)
        return opening, missing, closing

    def close_all(self) -> list[str]:
        """The open messages, now closed, in opening order."""
        closed = list(self.open)
        self.open.clear()
        return closed
