"""Stage 4: per-session ordering, and the rules that depend on released order.

Events are released per session in ``seq`` order. Everything stateful happens on release,
so the result does not depend on how raw events were interleaved across partitions:
duplicate eventIds, eligibility, the authorisation of tool cards for
``cot.tool.reasoning``, and run settlement.

All of a session's state is one small :class:`SessionState`. The sequencer reads and
writes it through a ``MutableMapping`` (a dict in file mode, a Faust table in the
topology) and always assigns it back after a change, so a changelog-backed table records
every change. Time comes from an injectable clock, so tests drive the reorder window
without sleeping.

When a gap is skipped (contract section 3.4): a waiting event's ``arrived`` is when its raw
record was appended to the raw topic, and the gap timer is given the *input watermark*, a
time such that every raw record that arrived before it has been processed everywhere in
the group (``topologies.progress``). A gap is skipped for the window once the oldest event
waiting behind it arrived at least the reorder window before the watermark: whatever
happened to the workers meanwhile (backlog, crash, rebalance), the missing event cannot
still be in the input with an arrival within the window. While the input is stalled (some
partition is not processed at all), the timer is told so and a gap also goes once its
event has been held for ``gap_max_wait_s``. Each skip is counted by cause, and each
session remembers its last skipped ranges, so an event that comes after its gap was
skipped is counted ``late`` by the cause that skipped it.

Memory is bounded per session (``max_waiting_events``, ``max_seen_event_ids``, 256 settled
runs) and in the number of sessions: the sequencer keeps its sessions in order of last
activity, and a new session arriving at ``max_sessions`` evicts the least recently active
one. An evicted session's waiting events are released first (its gaps skipped, as the
reorder window would), so eviction loses no event it had received; what it forgets is the
session's eligibility, released tool cards and seen eventIds, as ``forget_idle`` does. A seq
far ahead costs one waiting entry, never anything proportional to the distance.
"""

from __future__ import annotations

import base64
import hashlib
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any, Final

from pipeline.config import PipelineConfig
from pipeline.stages.drops import (
    LATE,
    DropCounts,
    count_drop,
    drop_list,
    drops_from_wire,
    drops_to_wire,
)
from pipeline.stages.policy import admit_reasoning
from pipeline.stages.stats import Stats
from pipeline.stages.types import TERMINAL_TYPES, Rejection, StagedEvent, dead_letter

Clock = Callable[[], float]
CLEAN: Final = "clean"
DEAD_LETTER: Final = "dead_letter"
Output = tuple[str, dict[str, Any]]  # (CLEAN | DEAD_LETTER, record)
OTHER_TOOL: Final = "other"
_MAX_SETTLED_RUNS: Final = 256
_MAX_SKIPPED: Final = 16  # skipped seq ranges a session remembers (late events' causes)

# Why a gap was skipped (chao_ordering_gaps_total{cause}).
GAP_WINDOW: Final = "window"  # the input shows the missing event is not coming in time
GAP_INPUT_STALLED: Final = "input_stalled"  # the long limit while the input is stalled
GAP_MAX_WAITING: Final = "max_waiting"  # the session held max_waiting_events
GAP_EVICTED: Final = "evicted"  # the session was evicted at max_sessions
GAP_END_OF_INPUT: Final = "end_of_input"  # file mode: the input ended
GAP_CAUSES: Final = (GAP_WINDOW, GAP_INPUT_STALLED, GAP_MAX_WAITING, GAP_EVICTED, GAP_END_OF_INPUT)
# Why an event was late (chao_ordering_late_total{cause}): the cause of the skip that passed
# its seq, or ``seq_taken`` when another event had been released (or is waiting) under it.
LATE_SEQ_TAKEN: Final = "seq_taken"
LATE_CAUSES: Final = (GAP_WINDOW, GAP_INPUT_STALLED, GAP_MAX_WAITING, LATE_SEQ_TAKEN)
_DIGEST_SIZE: Final = 8


# Copying an unkeyed, empty hasher is cheaper than building one from keyword arguments,
# and gives the same digest.
_BLAKE2B_64: Final = hashlib.blake2b(digest_size=_DIGEST_SIZE)


class SeenIds:
    """The eventIds a session has released, oldest first, as 8-byte digests.

    Why digests: an idle session is mostly its seen eventIds, and a Python str per id (plus
    a dict slot) costs about 120 bytes where a BLAKE2b-64 digest in one bytearray costs 8
    (measured in BENCHMARKS.md, "Memory per idle session"). Two different eventIds of one
    session collide with probability about n^2 / 2^65 (below 3e-12 at the 10,000-id cap);
    a collision would count the second event as a duplicate.
    """

    __slots__ = ("_data",)
    DIGEST = _DIGEST_SIZE

    def __init__(self, data: bytes = b"") -> None:
        self._data = bytearray(data)

    @classmethod
    def of(cls, event_ids: Iterable[str]) -> SeenIds:
        seen = cls()
        for event_id in event_ids:
            seen._data += _digest(event_id)
        return seen

    def __contains__(self, event_id: object) -> bool:
        return isinstance(event_id, str) and self.has(_digest(event_id))

    def has(self, key: bytes) -> bool:
        """Whether the digest ``key`` (of :func:`digest`) is held."""
        data = self._data
        at = data.find(key)
        while at != -1:
            if at % self.DIGEST == 0:  # aligned: a whole digest, not a straddling match
                return True
            at = data.find(key, at + 1)
        return False

    def add(self, event_id: str, limit: int) -> None:
        """Remember ``event_id``; forget the oldest beyond ``limit`` ids."""
        self.add_digest(_digest(event_id), limit)

    def add_digest(self, key: bytes, limit: int) -> None:
        data = self._data
        data += key
        if len(data) > limit * self.DIGEST:
            del data[: len(data) - limit * self.DIGEST]

    def add_new(self, key: bytes, limit: int) -> bool:
        """``add_digest`` unless ``has(key)``; whether it was new."""
        data = self._data
        at = data.find(key)
        while at != -1:
            if at % _DIGEST_SIZE == 0:  # aligned, as in has()
                return False
            at = data.find(key, at + 1)
        data += key
        if len(data) > limit * _DIGEST_SIZE:
            del data[: len(data) - limit * _DIGEST_SIZE]
        return True

    def add_new_id(self, event_id: str, limit: int) -> bool:
        """``add_new(digest(event_id), limit)`` in one call: this runs for every release."""
        hasher = _BLAKE2B_64.copy()  # _digest, written out
        hasher.update(event_id.encode())
        return self.add_new(hasher.digest(), limit)

    def __len__(self) -> int:
        return len(self._data) // self.DIGEST

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeenIds) and self._data == other._data

    def __repr__(self) -> str:
        return f"SeenIds({len(self)} ids)"

    def to_wire(self) -> str:
        return base64.b64encode(self._data).decode()

    @classmethod
    def from_wire(cls, item: str | list[str]) -> SeenIds:
        """From :meth:`to_wire`; a list of eventIds (the first wire form) is accepted too."""
        if isinstance(item, list):
            return cls.of(item)
        return cls(base64.b64decode(item))


def _skip_cause(state: SessionState, seq: int) -> str:
    """Why ``seq``, below the session's next seq, was passed: the cause of the skipped range
    holding it, or ``seq_taken`` (released under another event; or a range forgotten)."""
    for first, end, cause in reversed(state.skipped):
        if first <= seq < end:
            return str(cause)
    return LATE_SEQ_TAKEN


def _digest(event_id: str) -> bytes:
    hasher = _BLAKE2B_64.copy()
    hasher.update(event_id.encode())
    return hasher.digest()


@dataclass(slots=True)
class SessionState:
    """Everything the pipeline remembers about one session; serialisable with to_wire()."""

    next_seq: int = 0
    waiting: dict[int, StagedEvent] = field(default_factory=dict)
    eligible: bool = False
    cards: set[str] = field(default_factory=set)  # callIds of released tool cards
    seen: SeenIds = field(default_factory=SeenIds)  # released eventIds (bounded)
    settled: list[str] = field(default_factory=list)  # runIds whose terminal was released
    last_seen: float = 0.0  # clock time of the session's last record (idle expiry)
    # The session's drops by (stage, reason) (pipeline.stages.drops); None until the first.
    drops: DropCounts | None = None
    # The last skipped seq ranges, [first, end (exclusive), cause], oldest first: the cause
    # a late event is counted under. Empty for most sessions.
    skipped: list[list[Any]] = field(default_factory=list)

    def to_wire(self) -> list[Any]:
        wire = [
            self.next_seq,
            [event.to_wire() for event in self.waiting.values()],
            self.eligible,
            sorted(self.cards),
            self.seen.to_wire(),
            self.settled,
            self.last_seen,
        ]
        if self.drops or self.skipped:  # only then: most sessions drop and skip nothing
            wire.append(drops_to_wire(self.drops) if self.drops else None)
        if self.skipped:
            wire.append(self.skipped)
        return wire

    @classmethod
    def from_wire(cls, item: list[Any]) -> SessionState:
        """From :meth:`to_wire`; the 7- and 8-item forms of earlier releases too."""
        next_seq, waiting, eligible, cards, seen, settled, last_seen, *more = item
        events = (StagedEvent.from_wire(raw) for raw in waiting)
        return cls(
            next_seq,
            {event.seq: event for event in events},
            eligible,
            set(cards),
            SeenIds.from_wire(seen),
            list(settled),
            last_seen,
            drops_from_wire(more[0]) if more and more[0] else None,
            [list(skip) for skip in more[1]] if len(more) > 1 else [],
        )


class SessionSequencer:
    """Releases each session's staged events in ``seq`` order and applies the stateful rules."""

    def __init__(
        self,
        config: PipelineConfig,
        *,
        store: MutableMapping[str, SessionState] | None = None,
        clock: Clock = time.time,
        stats: Stats | None = None,
    ) -> None:
        self.config = config
        self.store: MutableMapping[str, SessionState] = {} if store is None else store
        self.clock = clock
        self.stats = stats if stats is not None else Stats()
        self._tool_labels = frozenset(config.tool_keys)
        self._max_seen = config.max_seen_event_ids  # read on every release
        self._max_waiting = config.max_waiting_events  # read for every event held back
        self._max_sessions = config.max_sessions  # read for every new session
        # The config is frozen: what cot_disabled_for reads, read once (every cot release).
        self._cot_enabled = config.cot_enabled
        self._cot_disabled_prefixes = config.cot_disabled_prefixes
        # Sessions holding waiting events: the timer only looks at these.
        self._waiting_sessions: set[str] = set()
        # At most the arrival time of every waiting event. The timer runs ten times a
        # second and most ticks have nothing to skip: while this bound is past the
        # deadline it skips its pass over every waiting event (profiled: 4% of a worker
        # draining a shuffled backlog). The same for the time held (the long limit).
        self._oldest_arrival = -math.inf
        self._oldest_held = -math.inf
        # Every session in the store, least recently active first (eviction at the cap).
        # Kept here rather than measured on the store: a Faust table's len() is not O(1).
        self._recency: OrderedDict[str, None] = OrderedDict()

    # -- entry points -------------------------------------------------------------------

    def offer(self, event: StagedEvent) -> list[Output]:
        """Take one staged event; return what it releases (possibly nothing)."""
        out: list[Output] = []
        session_id = event.session_id
        state = self.store.get(session_id)
        recency = self._recency
        if state is None:
            state = SessionState()
            recency.pop(session_id, None)  # a stale entry (state deleted elsewhere)
            if len(recency) >= self._max_sessions:
                self._make_room(out)
            recency[session_id] = None
        else:
            try:
                recency.move_to_end(session_id)
            except KeyError:  # state restored behind the sequencer's back (no reindex)
                recency[session_id] = None
        now = self.clock()
        state.last_seen = now
        seq = event.seq
        waiting = state.waiting
        if seq == state.next_seq and not waiting:
            # The common case first: the next event, nothing held back (the branches
            # below, in their order, would come to the same).
            self._release(session_id, state, event, out)
            self._waiting_sessions.discard(session_id)  # what _drain would do
        elif seq < state.next_seq:
            if event.event_id is not None and event.event_id in state.seen:
                self.stats.duplicates += 1
            else:
                self._count_late(state, _skip_cause(state, seq))
        elif waiting and (held := waiting.get(seq)) is not None:
            # Same seq already waiting: a redelivery, or a second event claiming the seq
            # (counted as late: the seq is taken, first come first served).
            if held.event_id is not None and held.event_id == event.event_id:
                self.stats.duplicates += 1
            else:
                self._count_late(state, LATE_SEQ_TAKEN)
        elif seq == state.next_seq:
            # A known eventId under a new seq is released as a duplicate (counted, no
            # output), so its seq still counts and nobody waits for it.
            self._release(session_id, state, event, out)
            self._drain(session_id, state, out)
        else:
            if not event.arrived:  # no record timestamp (file mode, tests): now
                event.arrived = now
            event.held = now
            if event.arrived < self._oldest_arrival:
                self._oldest_arrival = event.arrived
            if now < self._oldest_held:
                self._oldest_held = now
            waiting[seq] = event
            self.stats.waiting += 1
            self._waiting_sessions.add(session_id)
            while len(waiting) > self._max_waiting:
                self._skip_gap(session_id, state, out, GAP_MAX_WAITING)
        self.store[session_id] = state
        return out

    def has_waiting(self) -> bool:
        """Whether some event may be waiting on a gap (the gap timer reads the input often
        only then). May say yes for a session whose wait ended; never no while one waits."""
        return bool(self._waiting_sessions)

    def expire(
        self, *, watermark: float | None = None, input_stalled: bool = False
    ) -> list[Output]:
        """Skip the gaps the input shows are not going to be filled in time (timer).

        ``watermark``: a time such that every raw record that arrived before it has been
        processed, wherever it went (``topologies.progress``); None: the clock (a caller
        with no input to watch, such as a test or a finite input). A session's gap is
        skipped (cause ``window``) once the oldest event waiting in it arrived at least the
        reorder window before the watermark. ``input_stalled``: some input partition is not
        being processed at all; then a gap also goes (cause ``input_stalled``) once its
        oldest event has been held here for ``gap_max_wait_s``.
        """
        out: list[Output] = []
        now = self.clock()
        window_deadline = (now if watermark is None else min(now, watermark)) - (
            self.config.reorder_window_s
        )
        held_deadline = now - self.config.gap_max_wait_s if input_stalled else -math.inf
        if self._oldest_arrival > window_deadline and self._oldest_held > held_deadline:
            return out  # nothing can go yet
        oldest_arrival = oldest_held = math.inf
        for session_id in list(self._waiting_sessions):
            state = self.store.get(session_id)
            if state is None or not state.waiting:
                self._waiting_sessions.discard(session_id)
                continue
            changed = False
            while state.waiting:
                arrived = min(e.arrived for e in state.waiting.values())
                held = min(e.held for e in state.waiting.values())
                if arrived <= window_deadline:
                    cause = GAP_WINDOW
                elif held <= held_deadline:
                    cause = GAP_INPUT_STALLED
                else:
                    oldest_arrival = min(oldest_arrival, arrived)
                    oldest_held = min(oldest_held, held)
                    break
                self._skip_gap(session_id, state, out, cause)
                changed = True
            if changed:
                self.store[session_id] = state
        self._oldest_arrival = oldest_arrival
        self._oldest_held = oldest_held
        return out

    def flush(self) -> list[Output]:
        """Release everything that waits, skipping every gap (end of a finite input)."""
        out: list[Output] = []
        for session_id in list(self._waiting_sessions):
            state = self.store.get(session_id)
            while state is not None and state.waiting:
                self._skip_gap(session_id, state, out, GAP_END_OF_INPUT)
            if state is not None:
                self.store[session_id] = state
        self._waiting_sessions.clear()
        return out

    def forget_idle(self, session_ids: Iterable[str] | None = None) -> int:
        """Forget sessions idle longer than the configured timeout; returns how many.

        Without ``session_ids`` the pass walks the sessions least recently active first
        (``_recency``: every session this sequencer took or reindexed; the topology
        reindexes after each recovery) and stops at the first one active since the
        horizon. So a pass costs the idle sessions it finds, not every session held: the
        timer runs under the processing lock, and a worker holding a million sessions
        would otherwise stop its batches for seconds at each pass. An idle session still
        waiting on a gap is kept (the gap timer owns it) and walked past.
        """
        horizon = self.clock() - self.config.session_idle_timeout_s
        store, recency = self.store, self._recency
        idle: list[tuple[str, bool]] = []  # (session, held in the store)
        if session_ids is None:
            for session_id in recency:  # oldest first
                state = store.get(session_id)
                if state is None:  # gone from the store already (handed over): unindex
                    idle.append((session_id, False))
                elif state.last_seen > horizon:
                    break  # every later one was active more recently
                elif not state.waiting:
                    idle.append((session_id, True))
        else:
            for session_id in list(session_ids):
                state = store.get(session_id)
                if state is not None and state.last_seen <= horizon and not state.waiting:
                    idle.append((session_id, True))
        forgotten = 0
        for session_id, held in idle:
            recency.pop(session_id, None)
            if held:
                del store[session_id]
                forgotten += 1
        self.stats.sessions_forgotten += forgotten
        return forgotten

    def reindex(self, *, restart_waits: bool = False) -> None:
        """Rebuild the set of sessions with waiting events after state was restored.

        ``restart_waits``: every waiting event counts as held from now (the long limit for
        a stalled input starts anew in this process). Its arrival, the input's time, stays:
        the window is judged on the input (``expire``), whoever held the event before.
        """
        states = list(self.store.items())
        self._waiting_sessions = {sid for sid, state in states if state.waiting}
        self._oldest_arrival = -math.inf  # unknown: the next timer tick looks at them all
        self._oldest_held = -math.inf
        states.sort(key=lambda item: item[1].last_seen)  # stable: store order breaks ties
        self._recency = OrderedDict.fromkeys(sid for sid, _ in states)
        self.stats.waiting = sum(len(self.store[sid].waiting) for sid in self._waiting_sessions)
        if restart_waits:
            now = self.clock()
            for sid in self._waiting_sessions:
                for event in self.store[sid].waiting.values():
                    event.held = now

    def drop_counts(self, session_id: str) -> list[dict[str, Any]]:
        """The session's drops by stage and reason (``pipeline.stages.drops``); empty when
        none, or when its state is not held here (forgotten, or owned by another worker)."""
        state = self.store.get(session_id)
        return drop_list(state.drops if state is not None else None)

    # -- internals ----------------------------------------------------------------------

    def _make_room(self, out: list[Output]) -> None:
        """Evict least recently active sessions until a new one fits under the cap.

        An evicted session's waiting events are released first (its gaps skipped), so
        nothing it received is lost.
        """
        recency = self._recency
        while recency and len(recency) >= self.config.max_sessions:
            session_id, _ = recency.popitem(last=False)
            state = self.store.get(session_id)
            if state is None:  # already gone from the store (e.g. handed over): not counted
                continue
            while state.waiting:
                self._skip_gap(session_id, state, out, GAP_EVICTED)
            self._waiting_sessions.discard(session_id)
            del self.store[session_id]
            self.stats.sessions_evicted += 1

    def _drain(self, session_id: str, state: SessionState, out: list[Output]) -> None:
        waiting = state.waiting
        stats = self.stats
        release = self._release
        while (event := waiting.pop(state.next_seq, None)) is not None:
            stats.waiting -= 1
            release(session_id, state, event, out)
        if not waiting:
            self._waiting_sessions.discard(session_id)

    def _skip_gap(
        self, session_id: str, state: SessionState, out: list[Output], cause: str
    ) -> None:
        first, state.next_seq = state.next_seq, min(state.waiting)
        state.skipped.append([first, state.next_seq, cause])
        del state.skipped[:-_MAX_SKIPPED]
        self.stats.gaps += 1
        self.stats.gaps_by_cause[cause] += 1
        self._drain(session_id, state, out)

    def _count_late(self, state: SessionState, cause: str) -> None:
        self.stats.late += 1
        self.stats.late_by_cause[cause] += 1
        state.drops = count_drop(state.drops, *LATE)

    def _release(
        self, session_id: str, state: SessionState, event: StagedEvent, out: list[Output]
    ) -> None:
        """Apply the stateful rules to the event at ``state.next_seq`` and emit its result."""
        seq = event.seq
        state.next_seq = seq + 1
        event_id = event.event_id
        if event_id is not None:
            # SeenIds.add_new_id, written out (this runs for every released event): hashed
            # once, checked and remembered.
            hasher = _BLAKE2B_64.copy()
            hasher.update(event_id.encode())
            key = hasher.digest()
            seen = state.seen._data
            at = seen.find(key)
            while at != -1:
                if at % _DIGEST_SIZE == 0:  # aligned: a whole digest (SeenIds.has)
                    self.stats.duplicates += 1  # same eventId under another seq
                    return
                at = seen.find(key, at + 1)
            seen += key
            limit = self._max_seen * _DIGEST_SIZE
            if len(seen) > limit:
                del seen[: len(seen) - limit]
        rejection = event.rejection
        data = event.data
        family = event.family
        if family == "reasoning":
            call_id = event.call_id
            card_released = call_id in state.cards if call_id else False
            rejection = admit_reasoning(
                # PipelineConfig.cot_disabled_for, with the values read at start
                not self._cot_enabled or session_id.startswith(self._cot_disabled_prefixes),
                state.eligible,
                rejection,
                event.type,
                call_id,
                card_released,
            )
            if rejection is None and call_id and not card_released and data:
                # cot.step with an unknown optional toolCallId: released without it.
                data = {k: v for k, v in data.items() if k != "toolCallId"}
            if rejection is not None:
                self.stats.cot_dropped[rejection.reason] += 1
        if rejection is not None:
            state.drops = count_drop(state.drops, rejection.stage, rejection.reason)
            self._dead_letter(event, rejection, out)
            return
        if data is None:  # unreachable: a staged event without rejection always has data
            return
        if family == "tool":
            state.cards.add(data["callId"])
            tool_key = data["toolKey"]
            label = tool_key if tool_key in self._tool_labels else OTHER_TOOL
            self.stats.tool_events[(label, data["status"])] += 1
        elif family == "message":
            if "toolCalls" in data:
                state.cards.update(card["callId"] for card in data["toolCalls"])
        elif family == "session" and data["visibleReasoning"]:
            state.eligible = True
        event_type = event.type
        run_id = event.run_id
        terminal = event_type in TERMINAL_TYPES
        if terminal and run_id is not None and run_id not in state.settled:
            state.settled.append(run_id)
            del state.settled[:-_MAX_SETTLED_RUNS]
        self.stats.released[family or ""] += 1
        out.append(
            (
                CLEAN,
                {
                    "eventId": event_id,
                    "type": event_type,
                    "sessionId": session_id,
                    "runId": run_id,
                    "seq": seq,
                    "ts": event.ts,
                    "family": family,
                    "terminal": terminal,
                    "data": data,
                },
            )
        )

    def _dead_letter(self, event: StagedEvent, rejection: Rejection, out: list[Output]) -> None:
        self.stats.dead_letters[(rejection.stage, rejection.reason)] += 1
        if rejection.reason == "unsafe_summary" and rejection.detail:
            self.stats.unsafe_detectors[rejection.detail] += 1
        out.append(
            (
                DEAD_LETTER,
                dead_letter(
                    rejection,
                    event.source,
                    event_id=event.event_id,
                    session_id=event.session_id,
                    seq=event.seq,
                    event_type=event.type,
                ),
            )
        )
