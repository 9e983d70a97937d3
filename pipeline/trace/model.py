"""The trace of one session: its released clean events, bounded by count and age, with
the latest state of its tool cards (the package docstring, :mod:`pipeline.trace`, has the
document it serves)."""

from __future__ import annotations

import time
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import orjson

from pipeline.held_bytes import held
from pipeline.models.envelope import MAX_SEQ
from pipeline.trace import DEFAULT_MAX_AGE_S, DEFAULT_MAX_EVENTS, TraceSettings

Clock = Callable[[], float]

# Message types whose ``toolCalls`` hold the final state of the message's tool cards.
COMPLETED_MESSAGE_TYPES: Final = frozenset({"message.completed", "message.partially_completed"})


class TraceBodies(Protocol):
    """Where traces keep their events' encoded JSON when not in the process: a store keyed
    by (session id, seq). The worker's is on disk (``topologies.trace_bodies``, RocksDB),
    so a worker's memory holds 16 bytes per held event (its seq and append time) instead
    of the event's JSON (about 360 bytes); with each event it keeps what rebuilding the
    trace needs (:meth:`SessionTrace.rebuilt`).

    Nothing is deleted from it: a trace asks only for the events it holds, and the store
    keeps each event for at least the trace age bound after its put, then may forget it
    (the worker's ages events out as RocksDB compacts, which saves a delete per event)."""

    def put(
        self, session_id: str, seq: int, appended_at: float, prev_seq: int, encoded: bytes
    ) -> None:
        """One appended event: its append time and the trace's seq before it."""
        ...

    def get(self, session_id: str, seqs: Sequence[int]) -> list[bytes]:
        """The events of these seqs, in their order; each was put within the age bound."""
        ...


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
    are per event). With ``bodies`` the bytes are in that store instead of :attr:`encoded`
    (the worker's default: on disk). The limits, the clock and the store are configuration,
    not state.
    """

    session_id: str
    max_events: int = DEFAULT_MAX_EVENTS
    max_age_s: float = DEFAULT_MAX_AGE_S
    clock: Clock = field(default=time.time, repr=False, compare=False)
    encoded: list[bytes] = field(default_factory=list)  # seq ascending
    # Machine numbers, 8 bytes each, instead of a list of int and float objects (about 36
    # and 32 bytes each with their slots): a worker holds one of each per event.
    seqs: array[int] = field(default_factory=lambda: array("q"))  # one per event
    appended_at: array[float] = field(default_factory=lambda: array("d"))  # clock time
    last_seq: int = -1  # highest seq ever appended (-1: none)
    dropped_through: int = -1  # highest seq dropped by bounding (-1: none)
    # Where the events' bytes are when not in ``encoded`` (then ``encoded`` stays empty).
    bodies: TraceBodies | None = field(default=None, repr=False, compare=False)

    @classmethod
    def empty(
        cls,
        session_id: str,
        settings: TraceSettings | None = None,
        *,
        clock: Clock = time.time,
        bodies: TraceBodies | None = None,
    ) -> SessionTrace:
        """A new trace with the limits of ``settings`` (the defaults when None), its
        events' bytes in ``bodies`` when given, else in the trace."""
        if settings is None:
            return cls(session_id, clock=clock, bodies=bodies)
        return cls(session_id, settings.max_events, settings.max_age_s, clock, bodies=bodies)

    @classmethod
    def rebuilt(
        cls,
        session_id: str,
        stored: Iterable[tuple[int, float, int]],
        settings: TraceSettings | None,
        bodies: TraceBodies,
        *,
        clock: Clock = time.time,
    ) -> SessionTrace:
        """The trace whose events ``bodies`` holds: ``stored`` gives each one's (seq, append
        time, the trace's seq before it) in seq order, as :meth:`append` put them; then
        bounded as :meth:`append` bounds. An event whose previous seq is not the one before
        it here had events before it that are not (pruned, or never read): they count as
        dropped, as they did in the trace that put it."""
        trace = cls.empty(session_id, settings, clock=clock, bodies=bodies)
        before = -1
        for seq, appended_at, prev_seq in stored:
            if prev_seq != before:
                trace.dropped_through = max(trace.dropped_through, prev_seq)
            trace.seqs.append(seq)
            trace.appended_at.append(appended_at)
            before = seq
        trace.last_seq = max(before, trace.dropped_through)
        trace.prune()
        return trace

    @property
    def events(self) -> list[dict[str, Any]]:
        """The held events, decoded, in seq order."""
        return [orjson.loads(raw) for raw in self._encoded_from(0)]

    def _encoded_from(self, start: int) -> list[bytes]:
        """The held events' bytes from position ``start`` on."""
        if self.bodies is None:
            return self.encoded[start:]
        return self.bodies.get(self.session_id, self.seqs[start:])

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
        raw = encoded if encoded is not None else orjson.dumps(event)
        if self.bodies is None:
            # Right-sized: held for up to the age limit (pipeline.held_bytes says why).
            self.encoded.append(held(raw))
        else:
            self.bodies.put(self.session_id, seq, now, self.last_seq, raw)
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
        return [orjson.loads(raw) for raw in self._encoded_from(start)]

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


def is_seq_or_none(value: object) -> bool:
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
