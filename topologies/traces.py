"""Session traces in the topology: the ``traces`` table and the two HTTP endpoints.

The sequence agent hands every batch of *released* clean events to :meth:`Traces.append`
once the broker has acknowledged them on the clean topics; nothing else ever reaches a
trace, so nothing dropped, dead-lettered or redacted can be served. The table
(``<app>-traces-changelog``) holds one record per held event, keyed
``<sessionId>\x1f<seq>`` with the event's JSON as value, plus one small record per
session keyed ``<sessionId>\x1f`` with ``[lastSeq, droppedThrough]``. Every record of a
session goes to the partition its sessionId has (Kafka's default partitioner, same
partition count as the session state), so the worker that owns a session's events also
recovers its trace. One record per event, not the whole trace per change: a long
session's trace is not rewritten on every batch that touches it. Events dropped by
bounding get tombstones. New records are written with the session states, after the
outputs and before the offsets (the commit order of ``topologies.pipeline_app``); appends
are idempotent by seq, so a replayed batch changes nothing. After a rebalance the
per-session index is rebuilt from the recovered records; their age counts from then.

Endpoints (on every worker; see README "Reload and resume"):

- ``GET /sessions/{sessionId}/trace``: the trace document (``pipeline.trace``). A worker
  that does not own the session forwards the request to the owner (Faust's router: the
  owner's web address comes from the partition assignment).
- ``GET /sessions/{sessionId}/events?after=SEQ`` (or ``Last-Event-ID``): Server-Sent
  Events, the held events after SEQ then live ones. A worker that does not own the
  session answers 307 with the owner's URL (an EventSource and ``curl -L`` follow it): a
  stream is not proxied through a second worker.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import orjson
from aiohttp import web as aioweb
from faust.exceptions import SameNode
from yarl import URL

from pipeline.trace import (
    InvalidSeq,
    LiveTail,
    SessionTrace,
    TraceSettings,
    error_document,
    parse_last_event_id,
    stream_events,
    valid_session_id,
)
from topologies.publish import BatchPublisher
from topologies.state import partition_for, plain_dict

log = logging.getLogger("chao.traces")
TABLE_NAME = "traces"


SEPARATOR = "\x1f"  # never in a sessionId (contract section 1) nor in a decimal seq


def event_key(session_id: str, seq: int) -> bytes:
    return f"{session_id}{SEPARATOR}{seq}".encode()


def meta_key(session_id: str) -> bytes:
    return f"{session_id}{SEPARATOR}".encode()


class Traces:
    """The trace table, the per-session index, the live tail and the endpoints."""

    def __init__(self, app: Any, app_id: str, partitions: int, settings: TraceSettings) -> None:
        self.app = app
        self.settings = settings
        self.partitions = partitions
        changelog = app.topic(
            f"{app_id}-traces-changelog",
            key_type=str,
            key_serializer="raw",
            value_serializer="raw",
            partitions=partitions,
            compacting=True,
            deleting=False,
            acks=False,
            internal=True,
            allow_empty=True,
        )
        self.changelog_name = changelog.get_topic_name()
        self.table = app.Table(
            TABLE_NAME,
            partitions=partitions,
            key_type=str,
            changelog_topic=changelog,
            use_partitioner=True,
        )
        self.table.key_serializer = "raw"
        self.table.value_serializer = "raw"
        self.sessions: dict[str, SessionTrace] = {}  # the index the endpoints read
        self.tail = LiveTail(settings.sse_max_queue)
        self.pending: list[tuple[bytes, bytes | None, bytes]] = []  # key, value, session
        app.page("/sessions/{session_id}/trace")(self._trace_page)
        app.page("/sessions/{session_id}/events")(self._events_page)

    def _new_trace(self, session_id: str) -> SessionTrace:
        trace = SessionTrace.empty(session_id, self.settings)
        trace.dropped_seqs = []
        return trace

    # -- writing (under the topology's lock) -----------------------------------------------

    def append(self, released: list[tuple[dict[str, Any], bytes]]) -> None:
        """Append the batch's released clean events (each with the JSON that went to the
        clean topic), then hand them to live subscribers."""
        sessions = self.sessions
        touched: dict[str, SessionTrace] = {}
        appended = []
        for record, encoded in released:
            session_id = record["sessionId"]
            trace = sessions.get(session_id)
            if trace is None:
                trace = sessions[session_id] = self._new_trace(session_id)
            if trace.append(record, encoded):
                self.pending.append(
                    (event_key(session_id, record["seq"]), encoded, session_id.encode())
                )
                touched[session_id] = trace
                appended.append((session_id, record))
        for session_id, trace in touched.items():
            self._note_drops_and_meta(session_id, trace)
        for session_id, record in appended:
            self.tail.publish(session_id, record)

    def _note_drops_and_meta(
        self, session_id: str, trace: SessionTrace, *, forget: bool = False
    ) -> None:
        """Tombstones for the events bounding dropped, and the session's meta record (a
        tombstone too when the session is forgotten)."""
        partition_key = session_id.encode()
        for seq in trace.dropped_seqs or ():
            self.pending.append((event_key(session_id, seq), None, partition_key))
        if trace.dropped_seqs:
            trace.dropped_seqs.clear()
        meta = None if forget else orjson.dumps([trace.last_seq, trace.dropped_through])
        self.pending.append((meta_key(session_id), meta, partition_key))

    def write_changelog(self, publisher: BatchPublisher) -> None:
        """Queue the batch's changelog records, applying them to the table's memory too."""
        data = plain_dict(self.table)
        for key, value, partition_key in self.pending:
            if value is None:
                data.pop(key.decode(), None)
            else:
                data[key.decode()] = value
            publisher.add(self.changelog_name, key, value, partition_key)
        self.pending.clear()

    def expire(self) -> int:
        """Drop aged events; forget sessions left with none. Returns how many were forgotten."""
        forgotten = 0
        for session_id, trace in list(self.sessions.items()):
            if not trace.prune():
                continue
            self._note_drops_and_meta(session_id, trace, forget=not trace.seqs)
            if not trace.seqs:
                del self.sessions[session_id]
                forgotten += 1
        return forgotten

    def discard_pending(self) -> None:
        """On revocation: the unwritten records belong to a batch that will be replayed."""
        self.pending.clear()

    def rebuild(self) -> int:
        """After a rebalance (table recovery done): the per-session index from the table.

        Events recovered from the changelog count their age from now."""
        by_session: dict[str, dict[int, bytes]] = {}
        metas: dict[str, tuple[int, int]] = {}
        for key, value in plain_dict(self.table).items():
            session_id, _, seq = key.rpartition(SEPARATOR)
            if seq:
                by_session.setdefault(session_id, {})[int(seq)] = value
            else:
                last_seq, dropped_through = orjson.loads(value)
                metas[session_id] = (last_seq, dropped_through)
        now = time.time()
        self.sessions = {}
        for session_id, events in by_session.items():
            trace = self._new_trace(session_id)
            trace.seqs = sorted(events)
            trace.encoded = [events[seq] for seq in trace.seqs]
            trace.appended_at = [now] * len(trace.seqs)
            last_seq, dropped_through = metas.get(session_id, (trace.seqs[-1], -1))
            trace.last_seq = max(last_seq, trace.seqs[-1])
            trace.dropped_through = dropped_through
            self.sessions[session_id] = trace
        return len(self.sessions)

    def drop_partitions(self, gone: set[int]) -> int:
        """After a rebalance: forget traces of partitions now owned elsewhere, and end the
        live streams of their sessions (the clients reconnect and reach the new owner)."""
        data = plain_dict(self.table)
        for key in list(data):
            if partition_for(key.rpartition(SEPARATOR)[0], self.partitions) in gone:
                del data[key]
        moved = {
            session_id
            for session_id in self.tail.session_ids()
            if partition_for(session_id, self.partitions) in gone
        }
        if moved:
            self.tail.end("reassigned", "the session moved to another worker; reconnect", moved)
        return len(moved)

    # -- endpoints ---------------------------------------------------------------------------

    def _owner_url(self, session_id: str) -> URL | None:
        """The owner's base URL when another worker owns the session, else None."""
        try:
            url: URL = self.app.router.key_store(TABLE_NAME, session_id)
        except KeyError:
            return None  # assignment unknown yet: answer from here (404 at worst)
        own = URL(str(self.app.conf.canonical_url))
        if (url.host, url.port) == (own.host, own.port):
            return None
        return url

    async def _trace_page(self, request: Any, session_id: str) -> Any:
        web = self.app.web
        if not valid_session_id(session_id):
            return _error(web, 400, "invalid_session_id", "not a valid sessionId")
        try:
            return await self.app.router.route_req(TABLE_NAME, session_id, web, request)
        except (SameNode, KeyError):
            pass
        trace = self.sessions.get(session_id)
        if trace is None:
            return _error(web, 404, "unknown_session", "no trace for this session")
        return web.bytes(orjson.dumps(trace.document()), content_type="application/json")

    async def _events_page(self, request: Any, session_id: str) -> Any:
        web = self.app.web
        if not valid_session_id(session_id):
            return _error(web, 400, "invalid_session_id", "not a valid sessionId")
        try:
            after = parse_last_event_id(
                request.headers.get("Last-Event-ID"), request.query.get("after")
            )
        except InvalidSeq as exc:
            return _error(web, 400, "invalid_seq", str(exc))
        owner = self._owner_url(session_id)
        if owner is not None:
            location = request.url.with_host(owner.host).with_port(owner.port)
            return aioweb.Response(status=307, headers={"Location": str(location)})
        if self.sessions.get(session_id) is None:
            return _error(web, 404, "unknown_session", "no trace for this session")
        response = aioweb.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",
            }
        )
        await response.prepare(request)
        events = stream_events(
            self.sessions.get,
            self.tail,
            session_id,
            after,
            keepalive_s=self.settings.sse_keepalive_s,
        )
        try:
            async for chunk in events:
                await response.write(chunk)
        except (ConnectionResetError, RuntimeError):
            pass  # the client went away
        finally:
            await events.aclose()
        return response


def _error(web: Any, status: int, code: str, message: str) -> Any:
    return web.json(error_document(code, message), status=status)
