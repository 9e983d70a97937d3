"""Server-Sent Events of a session: framing, the live tail that fans released events out
to the connected clients, and the stream itself (backlog, then live events)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol

import orjson

from pipeline.trace.http import error_document
from pipeline.trace.model import SessionTrace, TooFarBehind

TraceLookup = Callable[[str], "SessionTrace | None"]

# A comment line: keeps idle connections open through proxies and shows a gone client.
KEEPALIVE: Final = b": keepalive\n\n"
# Every known event type matches; an artifact type (free-form after "artifact.") that does
# not is named by its family, so no type can inject SSE lines or fields.
_SSE_EVENT_NAME: Final = re.compile(r"\A[A-Za-z0-9._:-]{1,128}\Z")


def sse_event(event: dict[str, Any]) -> bytes:
    """One clean event as an SSE message: id is the seq, event the type, data one JSON line.

    orjson escapes every control character inside strings, so the data is always one line.
    """
    name = event.get("type")
    if not isinstance(name, str) or not _SSE_EVENT_NAME.match(name):
        family = event.get("family")
        name = family if isinstance(family, str) and _SSE_EVENT_NAME.match(family) else "message"
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (event["seq"], name.encode(), orjson.dumps(event))


def sse_error(code: str, message: str) -> bytes:
    """An ``error`` SSE message. It has no id, so the client's Last-Event-ID stays the seq
    of the last event it received and a reconnect resumes exactly there."""
    return b"event: error\ndata: %s\n\n" % orjson.dumps(error_document(code, message))


# --- Live tail -----------------------------------------------------------------------------


@dataclass(eq=False, slots=True)
class Subscriber:
    """One live SSE client of one session. ``ended`` says why the stream must close."""

    session_id: str
    # A None item only wakes the reader (after ``ended`` was set).
    queue: asyncio.Queue[dict[str, Any] | None]
    ended: tuple[str, str] | None = None  # (error code, message)


class LiveTail:
    """Fans released clean events out to the live SSE clients of each session.

    ``publish`` never blocks the pipeline: each client has a bounded queue, and a client
    whose queue is full is ended with a ``slow_consumer`` error (its queue is emptied to
    free memory) instead of losing events silently; it can reconnect with Last-Event-ID and
    get the rest from the trace. The topology must append an event to the trace before it
    publishes it here (see :func:`stream_events`).
    """

    def __init__(self, max_queue: int = 1000) -> None:
        if max_queue < 1:
            raise ValueError("max_queue must be at least 1")
        self.max_queue = max_queue
        self._subscribers: dict[str, set[Subscriber]] = {}

    def subscribe(self, session_id: str) -> Subscriber:
        subscriber = Subscriber(session_id, asyncio.Queue(self.max_queue + 1))
        self._subscribers.setdefault(session_id, set()).add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        subscribers = self._subscribers.get(subscriber.session_id)
        if subscribers is not None:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._subscribers[subscriber.session_id]

    def session_ids(self) -> set[str]:
        """Sessions with at least one live subscriber."""
        return set(self._subscribers)

    def subscriber_count(self, session_id: str | None = None) -> int:
        if session_id is not None:
            return len(self._subscribers.get(session_id, ()))
        return sum(len(subscribers) for subscribers in self._subscribers.values())

    def publish(self, session_id: str, event: dict[str, Any]) -> int:
        """Queue ``event`` for every live client of the session; returns how many got it."""
        delivered = 0
        for subscriber in self._subscribers.get(session_id, ()):
            if subscriber.ended is not None:
                continue
            # The queue holds one slot more than max_queue, for the wake-up of _end.
            if subscriber.queue.qsize() >= self.max_queue:
                _end(
                    subscriber,
                    "slow_consumer",
                    "the client fell behind the live stream; reconnect with Last-Event-ID",
                )
                continue
            subscriber.queue.put_nowait(event)
            delivered += 1
        return delivered

    def end(self, code: str, message: str, session_ids: set[str] | None = None) -> int:
        """Close the streams of these sessions (all when None) with an error event.

        For example when the worker loses a session's partition: its live events will no
        longer pass here, so its clients must reconnect rather than wait in silence.
        """
        ended = 0
        for session_id, subscribers in self._subscribers.items():
            if session_ids is None or session_id in session_ids:
                for subscriber in subscribers:
                    if subscriber.ended is None:
                        _end(subscriber, code, message)
                        ended += 1
        return ended


def _end(subscriber: Subscriber, code: str, message: str) -> None:
    subscriber.ended = (code, message)
    queue = subscriber.queue
    while not queue.empty():
        queue.get_nowait()
    queue.put_nowait(None)  # wake a reader waiting on the empty queue


class StreamRenderer(Protocol):
    """What one live stream sends: the bytes of its backlog, of each live event, and of an
    error that ends it. :class:`CleanRenderer` is the clean stream; the AG-UI and AI SDK
    streams are ``pipeline.protocols.live.ProtocolRenderer``."""

    def backlog(self, trace: SessionTrace) -> bytes | TooFarBehind: ...

    def live(self, event: dict[str, Any]) -> bytes: ...

    def error(self, code: str, message: str) -> bytes: ...


class CleanRenderer:
    """The clean stream: each clean event is one SSE message (:func:`sse_event`), the held
    events after ``after`` first; a live event not above the last one sent is skipped."""

    def __init__(self, after: int | None) -> None:
        self.after = after
        self.last = -1 if after is None else after

    def backlog(self, trace: SessionTrace) -> bytes | TooFarBehind:
        events = trace.events_after(self.after)
        if isinstance(events, TooFarBehind):
            return events
        if events:
            self.last = events[-1]["seq"]
        return b"".join(sse_event(event) for event in events)

    def live(self, event: dict[str, Any]) -> bytes:
        if event["seq"] <= self.last:
            return b""
        self.last = event["seq"]
        return sse_event(event)

    def error(self, code: str, message: str) -> bytes:
        return sse_error(code, message)


async def stream_events(
    trace_lookup: TraceLookup,
    tail: LiveTail,
    session_id: str,
    after: int | None,
    *,
    keepalive_s: float | None = None,
    renderer: StreamRenderer | None = None,
) -> AsyncGenerator[bytes, None]:
    """The SSE stream of a session: the held events after ``after``, then live ones.

    Subscribes before reading the trace, so an event released in between is in the queue
    or in the backlog (the topology appends to the trace before publishing to the tail),
    and the renderer skips every live event whose seq is not above the last one sent: no
    gap and no repeat. ``after`` older than what the trace holds gives a ``too_far_behind``
    error and the stream ends; so does an unknown session (``unknown_session``) and an
    ended subscription. With ``keepalive_s`` an idle stream sends :data:`KEEPALIVE` that
    often. ``renderer`` (default: the clean stream after ``after``) decides the bytes.
    """
    render = renderer if renderer is not None else CleanRenderer(after)
    subscriber = tail.subscribe(session_id)
    try:
        trace = trace_lookup(session_id)
        if trace is None:
            tail.unsubscribe(subscriber)  # before the last yield: the reader may stop there
            yield render.error("unknown_session", "no trace is held for this session")
            return
        backlog = render.backlog(trace)
        if isinstance(backlog, TooFarBehind):
            tail.unsubscribe(subscriber)
            yield render.error(
                "too_far_behind",
                f"events up to seq {backlog.dropped_through} are no longer held; "
                "reload the trace and resume after its lastSeq",
            )
            return
        if backlog:
            yield backlog
        queue = subscriber.queue
        while True:
            if subscriber.ended is not None:
                tail.unsubscribe(subscriber)
                yield render.error(*subscriber.ended)
                return
            if keepalive_s is None:
                item = await queue.get()
            else:
                try:
                    item = await asyncio.wait_for(queue.get(), keepalive_s)
                except TimeoutError:
                    yield KEEPALIVE
                    continue
            if item is None:
                continue  # a wake-up: checked above on the next turn
            chunk = render.live(item)
            if chunk:
                yield chunk
    finally:
        tail.unsubscribe(subscriber)
