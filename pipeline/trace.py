"""Per-session clean traces for reload and live replay (issue #6), without a broker.

A client that reloads a conversation needs what it already saw: the session's clean
events in their recorded order and the latest state of every tool card. A client that
follows a session live needs the events after the last one it got, with no gap and no
repeat across reconnects. This module is the plain-data part of both; the topology keeps
one :class:`SessionTrace` per session in a changelog-backed Faust table, appends every
*released* clean event to it (so nothing dropped, dead-lettered or redacted can ever be
in it: only what ``chao.clean.session-events`` carries), and serves it over HTTP.

**The trace.** The exact clean-event dicts of one session, in ``seq`` order, bounded by
count (``CHAO_TRACE_MAX_EVENTS``) and by age (``CHAO_TRACE_MAX_AGE_S``, measured from when
the trace appended the event, not from the producer's ``ts``: a replayed backlog of old
events must still be held). The oldest events go first. The trace remembers the highest
seq it ever dropped (``dropped_through``), because seqs have gaps (dead-lettered events,
skipped gaps) and only a drop by bounding means a client can have missed something: a
client that asks for the events after a seq below ``dropped_through`` is told it fell too
far behind (:class:`TooFarBehind`) instead of getting a silently shorter list. Appends are
idempotent: an event whose seq is not above the highest seq already appended is ignored
(a repeat after an at-least-once replay, or an older event).

**The changelog is the clean topic.** The topology writes nothing for the traces: every
event a trace holds is on ``chao.clean.session-events`` already, keyed and partitioned like
the trace table, and a recovering worker replays that topic's recent records
(:func:`apply_clean_record`). Each record there carries the trace's previous seq in a
header (:func:`prev_seq_header`), so a replay that starts mid-session still knows what it
did not read.

**GET /sessions/{sessionId}/trace** returns :meth:`SessionTrace.document`::

    {
      "sessionId": "s-1",
      "events":    [<clean event>, ...],   # held events, seq ascending, exactly as published
      "toolCards": [<tool card>, ...],     # latest state per callId, in order of first appearance
      "firstSeq":  3,                      # seq of the first held event; null when none is held
      "lastSeq":   41,                     # highest seq ever appended (held or since dropped);
                                           #   null when nothing was appended; resume live
                                           #   with /events?after=<lastSeq>
      "truncated": false,                  # true once bounding dropped any event of the session
      "drops":     [{"stage": "cot_policy", "reason": "unsafe_summary", "count": 2}, ...]
                                           # the session's drop counts (pipeline.stages.drops)
    }

Each tool card is the contract's eight-key card (``toolKey``, ``callId``, ``status``,
``approval``, ``input``, ``output``, ``activity``, ``redacted``). Cards come from the held
events only: ``tool.*`` events and the ``toolCalls`` of ``message.completed`` and
``message.partially_completed`` (both finish a message and both may carry them, contract
3.3), a later event replacing the whole card of its callId. When the trace is truncated,
cards whose every event was dropped are gone too.

Errors (404 unknown session, 400 invalid id or resume point) and SSE error events share one
body, :func:`error_document`: ``{"error": "<code>", "message": "<text>"}``. Codes:
``invalid_session_id``, ``invalid_seq``, ``unknown_session``, ``too_far_behind`` (the
resume point is older than what is held: reload the trace document), ``slow_consumer``
(the client's live queue overflowed: reconnect with Last-Event-ID) and any code the
topology passes to :meth:`LiveTail.end` (for example when it loses a session's partition).

**GET /sessions/{sessionId}/events** streams Server-Sent Events (:func:`stream_events`):
``id: <seq>``, ``event: <type>``, ``data: <the clean event, one line of JSON>``. The resume
point is the ``Last-Event-ID`` header, else ``?after=SEQ``, else the whole held trace.
Messages never contain payload text.
"""

from __future__ import annotations

import asyncio
import re
import time
from bisect import bisect_right
from collections.abc import AsyncGenerator, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import orjson
from pydantic import Field, TypeAdapter, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from pipeline.models.envelope import MAX_SEQ, SessionId

Clock = Callable[[], float]
TraceLookup = Callable[[str], "SessionTrace | None"]

# The record header that carries a trace's last seq before the record (prev_seq_header).
PREV_SEQ_HEADER: Final = "chao-trace-prev-seq"
DEFAULT_MAX_EVENTS: Final = 1000
DEFAULT_MAX_AGE_S: Final = 3600.0
# Message types whose ``toolCalls`` hold the final state of the message's tool cards.
COMPLETED_MESSAGE_TYPES: Final = frozenset({"message.completed", "message.partially_completed"})
# A comment line: keeps idle connections open through proxies and shows a gone client.
KEEPALIVE: Final = b": keepalive\n\n"

_SESSION_ID: Final = TypeAdapter(SessionId)
# Every known event type matches; an artifact type (free-form after "artifact.") that does
# not is named by its family, so no type can inject SSE lines or fields.
_SSE_EVENT_NAME: Final = re.compile(r"\A[A-Za-z0-9._:-]{1,128}\Z")
_DIGITS: Final = re.compile(r"\A[0-9]{1,16}\Z")


class TraceSettings(BaseSettings):
    """Settings of the session traces and their HTTP/SSE endpoints (``CHAO_TRACE_*``)."""

    model_config = SettingsConfigDict(env_prefix="CHAO_TRACE_", frozen=True)

    enabled: bool = Field(True, description="Keep session traces and serve the trace endpoints.")
    max_events: int = Field(
        DEFAULT_MAX_EVENTS, ge=1, description="Clean events held per session (oldest dropped)."
    )
    max_age_s: float = Field(
        DEFAULT_MAX_AGE_S, gt=0, description="Events held longer than this are dropped."
    )
    sse_max_queue: int = Field(
        1000,
        ge=1,
        description="Live events queued per SSE client; beyond it the client gets an error.",
    )
    sse_keepalive_s: float = Field(
        15.0, gt=0, description="An idle SSE stream sends a comment line this often."
    )


@dataclass(frozen=True, slots=True)
class TooFarBehind:
    """The answer to a resume point older than the trace holds: events after it are gone."""

    after: int
    dropped_through: int  # highest seq dropped by bounding


@dataclass(slots=True)
class SessionTrace:
    """The released clean events of one session, bounded; rebuilt from the clean topic
    (:func:`apply_clean_record`).

    Events are held as their encoded JSON (the bytes the pipeline published) with their
    seqs beside them: bytes are about a quarter of the size of the dict and are not tracked
    by Python's cyclic garbage collector, whose full passes over millions of held dicts
    would pause the worker. :attr:`events` decodes them when asked (requests are rare; appends
    are per event). The limits and the clock are configuration, not state.
    """

    session_id: str
    max_events: int = DEFAULT_MAX_EVENTS
    max_age_s: float = DEFAULT_MAX_AGE_S
    clock: Clock = field(default=time.time, repr=False, compare=False)
    encoded: list[bytes] = field(default_factory=list)  # seq ascending
    seqs: list[int] = field(default_factory=list)  # one per event
    appended_at: list[float] = field(default_factory=list)  # clock time, one per event
    last_seq: int = -1  # highest seq ever appended (-1: none)
    dropped_through: int = -1  # highest seq dropped by bounding (-1: none)

    @classmethod
    def empty(
        cls, session_id: str, settings: TraceSettings | None = None, *, clock: Clock = time.time
    ) -> SessionTrace:
        """A new trace with the limits of ``settings`` (the defaults when None)."""
        if settings is None:
            return cls(session_id, clock=clock)
        return cls(session_id, settings.max_events, settings.max_age_s, clock)

    @property
    def events(self) -> list[dict[str, Any]]:
        """The held events, decoded, in seq order."""
        return [orjson.loads(raw) for raw in self.encoded]

    def append(
        self, event: dict[str, Any], encoded: bytes | None = None, now: float | None = None
    ) -> bool:
        """Add a released clean event; False when it is a repeat or older than the newest.

        ``encoded`` is the event's JSON when the caller has it already (the topology
        does: it is what went to the clean topic); ``now`` the append time when the caller
        has one (a batch's, or a replayed record's), else the clock's. Raises ValueError
        for an event of another session or without a usable seq: that is a wiring bug, not
        input to tolerate.
        """
        if event.get("sessionId") != self.session_id:
            raise ValueError("event belongs to another session")
        seq = event.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq <= MAX_SEQ:
            raise ValueError("event has no valid seq")
        if seq <= self.last_seq:
            return False
        if now is None:
            now = self.clock()
        self.encoded.append(encoded if encoded is not None else orjson.dumps(event))
        self.seqs.append(seq)
        self.appended_at.append(now)
        self.last_seq = seq
        self.prune(now)
        return True

    def prune(self, now: float | None = None) -> int:
        """Drop events beyond the count limit or older than the age limit; returns how many.

        Runs on every append; a timer may also call it so idle sessions age out.
        """
        now = self.clock() if now is None else now
        cut = max(0, len(self.seqs) - self.max_events)
        horizon = now - self.max_age_s
        while cut < len(self.appended_at) and self.appended_at[cut] < horizon:
            cut += 1
        if cut:
            self.dropped_through = self.seqs[cut - 1]
            del self.encoded[:cut]
            del self.seqs[:cut]
            del self.appended_at[:cut]
        return cut

    @property
    def first_seq(self) -> int | None:
        return self.seqs[0] if self.seqs else None

    @property
    def truncated(self) -> bool:
        return self.dropped_through >= 0

    def events_after(self, after: int | None) -> list[dict[str, Any]] | TooFarBehind:
        """The held events with seq > ``after`` (all held events when None), in seq order.

        :class:`TooFarBehind` when bounding dropped an event the client has not seen.
        """
        if after is None:
            return self.events
        if after < self.dropped_through:
            return TooFarBehind(after, self.dropped_through)
        start = bisect_right(self.seqs, after)
        return [orjson.loads(raw) for raw in self.encoded[start:]]

    def tool_cards(self) -> dict[str, dict[str, Any]]:
        """The latest card per callId, in order of first appearance; later events win."""
        return _tool_cards(self.events)

    def document(self, drops: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The body of GET /sessions/{sessionId}/trace (shape in the module docstring).

        ``drops`` are the session's drop counts (``pipeline.stages.drops``), which the
        ordering state holds, not the trace."""
        events = self.events
        return {
            "sessionId": self.session_id,
            "events": events,
            "toolCards": list(_tool_cards(events).values()),
            "firstSeq": self.first_seq,
            "lastSeq": self.last_seq if self.last_seq >= 0 else None,
            "truncated": self.truncated,
            "drops": drops or [],
        }


def prev_seq_header(prev_last_seq: int) -> tuple[str, bytes]:
    """The header the topology puts on each record of ``chao.clean.session-events``: the
    session trace's ``last_seq`` before this event (-1: none), in ASCII digits.

    Why: the clean topic is also the trace table's changelog, and recovery reads only its
    recent part (the trace age bound). A session whose earlier events are not read must
    still count them as dropped, so a client resuming from one of them is told it fell
    behind instead of silently missing events. Clients may ignore the header.
    """
    return (PREV_SEQ_HEADER, b"%d" % prev_last_seq)


def parse_prev_seq(headers: Any) -> int:
    """The value of :func:`prev_seq_header` among a record's headers; -1 when absent.

    Raises ValueError for a header that is present but not a seq (a record not written by
    this pipeline: skipped, never trusted)."""
    for name, value in headers or ():
        if name == PREV_SEQ_HEADER:
            try:
                prev = int(value)
            except (TypeError, ValueError) as exc:
                raise ValueError("malformed prev-seq header") from exc
            if not _is_seq_or_none(prev):
                raise ValueError("malformed prev-seq header")
            return prev
    return -1


def apply_clean_record(
    traces: MutableMapping[str, SessionTrace],
    session_id: str,
    value: bytes,
    appended_at: float,
    prev_last_seq: int = -1,
    settings: TraceSettings | None = None,
    *,
    clock: Clock = time.time,
) -> None:
    """Replay one record of ``chao.clean.session-events`` into ``traces`` (recovery).

    Replaying a session's clean records in topic order rebuilds its trace: each event is
    appended with the record's timestamp (when the pipeline published it, which is when
    the live trace appended it, to the broker's clock), so the count and age bounds cut
    what they cut live, and an event already held (an exact repeat after an at-least-once
    replay, or a worker re-reading its own records) is skipped by its seq. When the record
    says the trace held a newer seq before it than the one held here (``prev_last_seq``,
    :func:`prev_seq_header`: the records before it were not read, or are gone with the
    topic's retention), the events up to it count as dropped. A trace that holds nothing
    once the age bound is applied now is forgotten, as :meth:`Traces.expire` does live.
    Raises ValueError for a record that is not a clean event of ``session_id``; the trace
    is then unchanged.
    """
    try:
        event = orjson.loads(value)
    except orjson.JSONDecodeError as exc:
        raise ValueError("malformed clean event record") from exc
    if not isinstance(event, dict):
        raise ValueError("malformed clean event record")
    seq = event.get("seq")
    if event.get("sessionId") != session_id or not _is_seq_or_none(seq) or seq == -1:
        raise ValueError("clean event record of another session or without a seq")
    trace = traces.get(session_id)
    if trace is None:
        trace = SessionTrace.empty(session_id, settings, clock=clock)
    if prev_last_seq > trace.last_seq:
        trace.last_seq = prev_last_seq
        trace.dropped_through = max(trace.dropped_through, prev_last_seq)
    trace.append(event, value, appended_at)
    trace.prune()
    if trace.seqs:
        traces[session_id] = trace
    else:
        traces.pop(session_id, None)


def _is_seq_or_none(value: object) -> bool:
    """A seq (0..MAX_SEQ), or -1 for "none yet"."""
    return isinstance(value, int) and not isinstance(value, bool) and -1 <= value <= MAX_SEQ


def _tool_cards(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = {}
    for event in events:
        data = event.get("data")
        if not isinstance(data, dict):
            continue
        if event.get("family") == "tool":
            cards[data["callId"]] = data
        elif event.get("type") in COMPLETED_MESSAGE_TYPES:
            for card in data.get("toolCalls") or ():
                cards[card["callId"]] = card
    return cards


# --- HTTP and SSE helpers ------------------------------------------------------------------


class InvalidSeq(ValueError):
    """A resume point that is not a seq; ``field`` names the header or parameter."""

    def __init__(self, field_name: str) -> None:
        super().__init__(f"{field_name} must be an integer seq from 0 to {MAX_SEQ}")
        self.field = field_name


def valid_session_id(value: object) -> bool:
    """True when ``value`` is a session id the pipeline accepts (contract section 1).

    The same constraint as the envelope, so an id that can never have a trace gets a 400,
    not a 404.
    """
    try:
        _SESSION_ID.validate_python(value)
    except ValidationError:
        return False
    return True


def parse_last_event_id(header: str | None, after_param: str | None) -> int | None:
    """The resume point of an SSE request: the seq after which to send events, or None.

    ``Last-Event-ID`` (sent by a reconnecting EventSource) wins over ``?after=``; an empty
    header counts as absent, as the SSE spec has clients omit it when they have no id. A
    value that is not a decimal integer from 0 to 2^53-1 raises :class:`InvalidSeq` naming
    the field (never echoing the value).
    """
    if header is not None and header.strip():
        return _parse_seq("Last-Event-ID", header)
    if after_param is not None:
        return _parse_seq("after", after_param)
    return None


def _parse_seq(field_name: str, raw: str) -> int:
    text = raw.strip()
    if not _DIGITS.match(text):
        raise InvalidSeq(field_name)
    value = int(text)
    if value > MAX_SEQ:
        raise InvalidSeq(field_name)
    return value


def error_document(code: str, message: str) -> dict[str, str]:
    """The one error body of the trace endpoints, in HTTP responses and SSE error events."""
    return {"error": code, "message": message}


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
