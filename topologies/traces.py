"""Session traces in the topology: the ``traces`` table and the two HTTP endpoints.

The sequence agent hands every batch of *released* clean events to :meth:`Traces.append`
once the broker has acknowledged them on the clean topics; nothing else ever reaches a
trace, so nothing dropped, dead-lettered or redacted can be served. The table
(``<app>-trace-segments``) is partitioned exactly like the session state (raw
sessionId keys, Kafka's default partitioner, same partition count), so the worker that
owns a session's events also owns its trace. Appends are idempotent by seq, so a replayed
batch changes nothing.

The changelog is append-only: after each batch's outputs, one *segment* per touched session
holding only the events the batch added (``pipeline.trace.encode_segment``), sent in order
without waiting; the next commit waits for them before the offsets that cover them (the
commit order of ``topologies.pipeline_app``). Why: writing the whole trace on every batch
that touched it cost the broker each event again per batch, tens of MB/s at full load, and the
worker waited for those bytes before acking. Recovery therefore appends rather than overwrites
(:class:`TraceTable`), and the topic is deleted by age, not compacted: compaction would
keep only a session's last segment. Its retention is the trace age bound plus
:data:`RETENTION_MARGIN_S`, so no segment goes before its events would have aged out of
the trace anyway; a segment older than the age bound replays into nothing.

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
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

import faust
import orjson
from aiohttp import web as aioweb
from faust.exceptions import SameNode
from yarl import URL

from pipeline.trace import (
    InvalidSeq,
    LiveTail,
    SessionTrace,
    TraceSettings,
    apply_segment,
    encode_segment,
    error_document,
    parse_last_event_id,
    stream_events,
    valid_session_id,
)
from topologies.publish import BatchPublisher
from topologies.state import drop_partitions, partition_for, plain_dict

log = logging.getLogger("chao.traces")
TABLE_NAME = "traces"
# Kept on the changelog beyond the trace age bound: covers clock skew between the worker
# (which stamps the segments) and the broker (which ages the log by record timestamp).
RETENTION_MARGIN_S = 600.0


class TraceTable(faust.Table[str, SessionTrace]):
    """The ``traces`` table: its changelog holds segments, so recovery appends.

    Faust's recovery (and standby replication) hands each batch of changelog records to
    :meth:`apply_changelog_batch`, whose stock version stores every record as the key's
    whole value. Here each record is replayed into the session's trace instead
    (``pipeline.trace.apply_segment``). A malformed record is skipped with a warning naming
    its position (never its bytes): one bad record must not stop a worker's recovery.
    ``tests/test_traces_table.py`` fails if Faust stops calling this method.
    """

    trace_settings: TraceSettings = TraceSettings()

    def apply_changelog_batch(self, batch: Iterable[Any]) -> None:
        store = self.data
        data = plain_dict(self)
        # The in-memory store forgets keys of partitions not assigned after recovery by
        # this map (Store.on_recovery_completed); keep it as the stock method does.
        key_partition = getattr(store, "_key_partition", None)
        settings = self.trace_settings
        for event in batch:
            message = event.message
            try:
                session_id = message.key.decode()
                if message.value is None:  # a tombstone: no trace
                    data.pop(session_id, None)
                    continue
                apply_segment(data, session_id, message.value, settings)
            except (ValueError, AttributeError) as exc:
                log.warning(
                    "skipped a malformed trace changelog record at %s[%d]@%d: %s",
                    message.topic,
                    message.partition,
                    message.offset,
                    type(exc).__name__,
                )
                continue
            if key_partition is not None:
                key_partition[session_id] = message.partition


class Traces:
    """The trace table, the live tail and the endpoints of one worker."""

    def __init__(self, app: Any, app_id: str, partitions: int, settings: TraceSettings) -> None:
        self.app = app
        self.settings = settings
        self.partitions = partitions
        changelog = app.topic(
            f"{app_id}-trace-segments",
            key_type=str,
            key_serializer="raw",
            value_serializer="raw",
            partitions=partitions,
            compacting=False,
            deleting=True,
            retention=timedelta(seconds=settings.max_age_s + RETENTION_MARGIN_S),
            acks=False,
            internal=True,
            allow_empty=True,
        )
        self.changelog_name = changelog.get_topic_name()
        table = TraceTable(
            app,
            name=TABLE_NAME,
            beacon=app.tables.beacon,
            partitions=partitions,
            key_type=str,
            changelog_topic=changelog,
            use_partitioner=True,
        )
        table.trace_settings = settings
        table.key_serializer = "raw"
        table.value_serializer = "raw"
        self.table = app.tables.add(table)
        self.tail = LiveTail(settings.sse_max_queue)
        # Per session, what the next segment holds: the trace's last seq before its first
        # event, the time of that event, and the events' JSON.
        self.pending: dict[str, tuple[int, float, list[bytes]]] = {}
        app.page("/sessions/{session_id}/trace")(self._trace_page)
        app.page("/sessions/{session_id}/events")(self._events_page)

    # -- writing (under the topology's lock) -----------------------------------------------

    def append(self, released: list[tuple[dict[str, Any], bytes]]) -> None:
        """Append the batch's released clean events (each with the JSON that went to the
        clean topic), then hand them to live subscribers."""
        data = plain_dict(self.table)
        pending = self.pending
        now = time.time()
        appended = []
        for record, encoded in released:
            session_id = record["sessionId"]
            trace = data.get(session_id)
            if trace is None:
                trace = SessionTrace.empty(session_id, self.settings)
            prev_last_seq = trace.last_seq
            if trace.append(record, encoded, now):
                data[session_id] = trace
                segment = pending.get(session_id)
                if segment is None:
                    pending[session_id] = (prev_last_seq, now, [encoded])
                else:
                    segment[2].append(encoded)
                appended.append((session_id, record))
        for session_id, record in appended:
            self.tail.publish(session_id, record)

    def write_changelog(self, publisher: BatchPublisher) -> None:
        """Queue one changelog segment per session that appended since the last write."""
        name = self.changelog_name
        for session_id, (prev_last_seq, appended_at, encoded) in self.pending.items():
            publisher.add(
                name, session_id.encode(), encode_segment(prev_last_seq, appended_at, encoded)
            )
        self.pending.clear()

    def expire(self) -> int:
        """Drop aged events; forget traces left empty. Returns how many were forgotten.

        Nothing is written: the changelog ages out by retention, and a replayed segment
        is cut by the same age bound."""
        data = plain_dict(self.table)
        forgotten = 0
        for session_id in list(data.keys()):
            trace = data[session_id]
            if trace.prune() and not trace.seqs:
                del data[session_id]
                forgotten += 1
        return forgotten

    def drop_partitions(self, gone: set[int]) -> int:
        """After a rebalance: forget traces of partitions now owned elsewhere, and end the
        live streams of their sessions (the clients reconnect and reach the new owner).

        Unwritten segments of those sessions go too: their events are on the clean topics,
        and the new owner replays the batch from the committed offsets and appends them
        itself. Segments of the sessions kept are written after the next batch: the trace
        in memory already holds their events, so a replay would not append them again.
        """
        dropped = drop_partitions(self.table, gone, self.partitions)
        for session_id in [s for s in self.pending if partition_for(s, self.partitions) in gone]:
            del self.pending[session_id]
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
