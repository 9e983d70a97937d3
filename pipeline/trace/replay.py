"""Rebuilding session traces from ``chao.clean.session-events`` (a worker's recovery of
its traces table: ``topologies.traces``)."""

from __future__ import annotations

import time
from collections.abc import MutableMapping

import orjson

from pipeline.trace import TraceSettings
from pipeline.trace.model import Clock, SessionTrace, TraceBodies, is_seq_or_none


def apply_clean_record(
    traces: MutableMapping[str, SessionTrace],
    session_id: str,
    value: bytes,
    appended_at: float,
    prev_last_seq: int = -1,
    settings: TraceSettings | None = None,
    *,
    clock: Clock = time.time,
    bodies: TraceBodies | None = None,
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
    is then unchanged. A new trace keeps its events' bytes in ``bodies`` when given.
    """
    try:
        event = orjson.loads(value)
    except orjson.JSONDecodeError as exc:
        raise ValueError("malformed clean event record") from exc
    if not isinstance(event, dict):
        raise ValueError("malformed clean event record")
    seq = event.get("seq")
    if event.get("sessionId") != session_id or not is_seq_or_none(seq) or seq == -1:
        raise ValueError("clean event record of another session or without a seq")
    trace = traces.get(session_id)
    if trace is None:
        trace = SessionTrace.empty(session_id, settings, clock=clock, bodies=bodies)
    if prev_last_seq > trace.last_seq:
        trace.last_seq = prev_last_seq
        trace.dropped_through = max(trace.dropped_through, prev_last_seq)
    trace.append(event, value, appended_at)
    trace.prune()
    if trace.seqs:
        traces[session_id] = trace
    else:
        traces.pop(session_id, None)
