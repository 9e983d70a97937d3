"""Session traces in the topology: the ``traces`` table and the two HTTP endpoints.

The sequence agent hands every batch of *released* clean events to :meth:`Traces.append`
once the broker has acknowledged them on the clean topics; nothing else ever reaches a
trace, so nothing dropped, dead-lettered or redacted can be served. The table
(``<app>-traces-changelog``) is partitioned exactly like the session state (raw
sessionId keys, Kafka's default partitioner, same partition count), so the worker that
owns a session's events also owns its trace; changed traces are written to the changelog
with the session states, after the outputs and before the offsets (the commit order of
``topologies.pipeline_app``). Appends are idempotent by seq, so a replayed batch changes
nothing.

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

from typing import Any

import orjson
from aiohttp import web as aioweb
from faust.exceptions import SameNode
from faust.serializers import codecs
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
from topologies.state import drop_partitions, partition_for, plain_dict

TRACE_CODEC = "chao_session_trace"
TABLE_NAME = "traces"


class SessionTraceCodec(codecs.Codec):  # type: ignore[misc]
    """SessionTrace <-> compact JSON (its wire form); limits come from the settings."""

    def __init__(self, settings: TraceSettings) -> None:
        super().__init__()
        self.settings = settings

    def _dumps(self, obj: Any) -> bytes:
        return orjson.dumps(obj.to_wire())

    def _loads(self, data: bytes) -> Any:
        return SessionTrace.from_wire(orjson.loads(data), self.settings)


class Traces:
    """The trace table, the live tail and the endpoints of one worker."""

    def __init__(self, app: Any, app_id: str, partitions: int, settings: TraceSettings) -> None:
        self.app = app
        self.settings = settings
        self.partitions = partitions
        codecs.register(TRACE_CODEC, SessionTraceCodec(settings))
        changelog = app.topic(
            f"{app_id}-traces-changelog",
            key_type=str,
            key_serializer="raw",
            value_serializer=TRACE_CODEC,
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
        self.table.value_serializer = TRACE_CODEC
        self.tail = LiveTail(settings.sse_max_queue)
        self.dirty: set[str] = set()
        app.page("/sessions/{session_id}/trace")(self._trace_page)
        app.page("/sessions/{session_id}/events")(self._events_page)

    # -- writing (under the topology's lock) -----------------------------------------------

    def append(self, released: list[tuple[dict[str, Any], bytes]]) -> None:
        """Append the batch's released clean events (each with the JSON that went to the
        clean topic), then hand them to live subscribers."""
        data = plain_dict(self.table)
        appended = []
        for record, encoded in released:
            session_id = record["sessionId"]
            trace = data.get(session_id)
            if trace is None:
                trace = SessionTrace.empty(session_id, self.settings)
            if trace.append(record, encoded):
                data[session_id] = trace
                self.dirty.add(session_id)
                appended.append((session_id, record))
        for session_id, record in appended:
            self.tail.publish(session_id, record)

    def write_changelog(self, publisher: BatchPublisher) -> None:
        """Queue a changelog record for every changed trace (None: deleted)."""
        data = plain_dict(self.table)
        for session_id in self.dirty:
            trace = data.get(session_id)
            value = None if trace is None else orjson.dumps(trace.to_wire())
            publisher.add(self.changelog_name, session_id.encode(), value)
        self.dirty.clear()

    def expire(self) -> int:
        """Drop aged events; forget traces left empty. Returns how many were forgotten."""
        data = plain_dict(self.table)
        forgotten = 0
        for session_id in list(data.keys()):
            trace = data[session_id]
            if trace.prune() and not trace.seqs:
                del data[session_id]
                forgotten += 1
                self.dirty.add(session_id)
            elif trace.truncated:
                self.dirty.add(session_id)
        return forgotten

    def discard_pending(self) -> None:
        self.dirty.clear()

    def drop_partitions(self, gone: set[int]) -> int:
        """After a rebalance: forget traces of partitions now owned elsewhere, and end the
        live streams of their sessions (the clients reconnect and reach the new owner)."""
        dropped = drop_partitions(self.table, gone, self.partitions)
        moved = {
            session_id
            for session_id in self.tail.session_ids()
            if partition_for(session_id, self.partitions) in gone
        }
        if moved:
            self.tail.end("reassigned", "the session moved to another worker; reconnect", moved)
        return dropped

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
        trace = plain_dict(self.table).get(session_id)
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
        if plain_dict(self.table).get(session_id) is None:
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
            plain_dict(self.table).get,
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
