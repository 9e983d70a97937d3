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

Where each part lives:

- :mod:`pipeline.trace` (here): the settings (:class:`TraceSettings`, ``CHAO_TRACE_*``);
- :mod:`pipeline.trace.model`: the trace (:class:`~pipeline.trace.model.SessionTrace`);
- :mod:`pipeline.trace.headers`: the Kafka header on the clean topic's records;
- :mod:`pipeline.trace.replay`: rebuilding traces from the clean topic (recovery);
- :mod:`pipeline.trace.http`: the endpoints' parameters and error documents;
- :mod:`pipeline.trace.sse`: SSE framing, the live tail and the event stream.
"""

from __future__ import annotations

from typing import Final

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_MAX_EVENTS: Final = 1000
DEFAULT_MAX_AGE_S: Final = 3600.0


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
