"""The session traces on disk: one RocksDB database per worker process, with the
clean-topic offset each partition's traces reflect, so a restarted worker reads only the
clean topic's tail.

Why: a worker holds every released clean event of its sessions for the trace age bound
(``CHAO_TRACE_MAX_AGE_S``, an hour by default). In the process that was about 360 bytes
per event (a worker taking 5,000 events/s held about 6 GiB at the default hour), and every
start read the last hour of the clean topic back (tens of minutes at that rate). Here a
trace keeps only each event's seq and append time (16 bytes,
``pipeline.trace.model.SessionTrace``); the event's JSON, with what rebuilding the trace
needs, is in this database, and a restarted worker rebuilds its traces from it.

**Layout.** An event: key ``e``, the partition (2 bytes), the session id's UTF-8, a NUL
byte (which no session id holds: the ingest refuses it), the seq (8 bytes big-endian), so a
partition's events sort by session, then seq; value: the append time (a double), the
trace's previous seq (the ``chao-trace-prev-seq`` header's value, 8 bytes), the event's
JSON as published. A partition's mark: key ``m`` and the partition; value: a hash of the
deployment's identity (app id and clean topic) and the clean-topic offset through which the
partition's events are all here (:meth:`DiskTraceBodies.reflected`).

**When the mark moves** (``topologies.traces``): after recovery applies clean records (read
in offset order from where the partition's traces start), to the last one applied; after
the worker appends its own released events, to the last of their offsets only when they
follow the mark without a gap (a record of another writer between, such as a successor's
while this worker was paused, stops it until the next recovery re-reads from it). So a mark
never claims an offset whose event, or another writer's before it, is missing.

**When it is not trusted.** At a partition's assignment, a mark of another deployment, or
past the clean topic's end (the topic was recreated), makes the partition's entries
forgotten and its traces read from the topic as before. Under exactly-once the database is
emptied when opened and never read back: an event is appended when its batch is acked, and
its transaction might abort after a crash (as Kafka Streams wipes its stores after an
unclean exactly-once shutdown).

**Durability.** Writes skip the write-ahead log (a write to it per event cost more than the
put itself); instead the memtables are flushed to files in the background at most every
:data:`FLUSH_INTERVAL_S` while marks move, at the worker's idle check
(``CHAO_WORKER_IDLE_CHECK_INTERVAL_S``) when something was written since, and at a clean
stop. A crash loses what was written since the
last flush, and what the files keep is a prefix of the writes (one column family, memtables
flushed in order), so a mark is never ahead of the events it claims; the restart reads the
rest from the topic (while traffic flows, about :data:`FLUSH_INTERVAL_S` of it).

**Nothing is deleted one by one.** The database is opened with a time to live (RocksDB's
DBWithTTL) of the trace age bound plus :data:`TTL_MARGIN_S`: compactions drop entries older
than that, which no trace holds any more (a trace prunes by the same bound, counted from its
append, which is at or before the put; a rebuild prunes by age and count again). A delete
per pruned event would cost about as much as the put (1 us each). What it costs: disk holds
the events pruned by the count bound until they age out, and expired ones until a
compaction reaches their files; a mark not rewritten for that long is gone too, and the
partition is read from the topic.
"""

from __future__ import annotations

import hashlib
import logging
import math
import struct
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, cast

import rocksdict

from pipeline.errors import StateError
from topologies.state import partition_for

log = logging.getLogger("chao.traces")

#: The database under the worker's data directory (``CHAO_WORKER_DATADIR``).
DIRECTORY = "trace-bodies"
# Bounds of the memory RocksDB takes for the traces: two memtables of 8 MiB and a block
# cache of 8 MiB (reads are the trace endpoint's and a rebuild's, rare next to appends).
WRITE_BUFFER_BYTES = 8 * 1024 * 1024
MAX_WRITE_BUFFERS = 2
BLOCK_CACHE_BYTES = 8 * 1024 * 1024
#: How much longer than the trace age bound an entry is kept: an event stays in a trace until
#: the next expiry pass after it ages out (``CHAO_WORKER_IDLE_CHECK_INTERVAL_S``), and a
#: request may ask for it until then.
TTL_MARGIN_S = 600
#: How often the memtables are flushed to files (the module docstring, "Durability").
FLUSH_INTERVAL_S = 5.0

_EVENT = b"e"
_MARK = b"m"
_PARTITION = struct.Struct(">H")
_SEQ = struct.Struct(">Q")
_HEAD = struct.Struct(">dq")  # append time, previous seq
_MARK_VALUE = struct.Struct(">8sq")  # identity hash, offset
_ALL_KEYS_END = b"\xff"  # above every key: each starts with "e" or "m"

# (session id, seq, append time, previous seq) of one stored event
StoredEvent = tuple[str, int, float, int]


def _event_prefix(partition: int) -> bytes:
    return _EVENT + _PARTITION.pack(partition)


def _mark_key(partition: int) -> bytes:
    return _MARK + _PARTITION.pack(partition)


class DiskTraceBodies:
    """The traces' events in RocksDB (:class:`pipeline.trace.model.TraceBodies`, and the
    marks of :meth:`reflected`), opened by :meth:`open` when the worker starts (not when
    the topology is built: a topology built and not run must not take the directory)."""

    def __init__(
        self,
        path: str | Path,
        max_age_s: float,
        partitions: int,
        *,
        identity: bytes = b"",
        keep: bool = True,
    ) -> None:
        """``max_age_s``: the traces' age bound (``CHAO_TRACE_MAX_AGE_S``); ``partitions``:
        the clean topic's; ``identity``: what names the deployment (app id and clean topic);
        ``keep``: False under exactly-once (emptied at open, never read back)."""
        self.path = Path(path)
        self.ttl_s = math.ceil(max_age_s) + TTL_MARGIN_S
        self.partitions = partitions
        self.identity = hashlib.blake2b(identity, digest_size=8).digest()
        self.keep = keep
        self._db: rocksdict.Rdict | None = None
        self.closed = False
        self._flushed_at = time.monotonic()
        self._written = False

    def open(self) -> None:
        """Open the database (created when missing); empty it unless ``keep``. Raises
        :class:`~pipeline.errors.StateError` when it cannot be opened, such as when another
        process has it open: two workers must not share a data directory."""
        if self._db is not None or self.closed:
            return
        options = rocksdict.Options(raw_mode=True)
        options.create_if_missing(True)
        options.set_write_buffer_size(WRITE_BUFFER_BYTES)
        options.set_max_write_buffer_number(MAX_WRITE_BUFFERS)
        table = rocksdict.BlockBasedOptions()
        table.set_block_cache(rocksdict.Cache(BLOCK_CACHE_BYTES))
        options.set_block_based_table_factory(table)
        # Universal compaction: less background CPU per put than level compaction for
        # events that arrive in time order and leave by age (a paced loop of 20,000 puts/s,
        # all threads: 5.0 against 6.1 us per event; BENCHMARKS.md, "What the traces'
        # database costs the worker's throughput").
        options.set_compaction_style(rocksdict.DBCompactionStyle.universal())
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = rocksdict.Rdict(
                str(self.path), options, access_type=rocksdict.AccessType.with_ttl(self.ttl_s)
            )
        except Exception as exc:  # rocksdict raises a bare Exception (an IO error's text)
            raise StateError(
                f"cannot open the traces' database {self.path}: {exc} (is another worker "
                "using this CHAO_WORKER_DATADIR? each worker needs its own)"
            ) from None
        writes = rocksdict.WriteOptions()
        # A settable attribute at run time; rocksdict's stub declares it a method.
        writes.disable_wal = True  # type: ignore[assignment,method-assign]
        db.set_write_options(writes)
        if not self.keep:
            # Emptied under the lock the open took, then compacted so the old files go now.
            db.delete_range(b"", _ALL_KEYS_END)
            db.compact_range(None, None)
        self._db = db

    @property
    def db(self) -> rocksdict.Rdict:
        """The database, opened at first use when :meth:`open` was not called."""
        if self._db is None:
            self.open()
            assert self._db is not None
        return self._db

    def event_key(self, session_id: str, seq: int) -> bytes:
        """The key of one event of a session."""
        partition = partition_for(session_id, self.partitions)
        return _event_prefix(partition) + session_id.encode() + b"\0" + _SEQ.pack(seq)

    # -- the traces' events (pipeline.trace.model.TraceBodies) --------------------------------

    def put(
        self, session_id: str, seq: int, appended_at: float, prev_seq: int, encoded: bytes
    ) -> None:
        if not self.closed:  # after the stop: the next start reads the topic's tail anyway
            self.db.put(
                self.event_key(session_id, seq), _HEAD.pack(appended_at, prev_seq) + encoded
            )
            self._written = True

    def get(self, session_id: str, seqs: Sequence[int]) -> list[bytes]:
        if not seqs or self.closed:
            return []
        keys: list[Any] = [self.event_key(session_id, seq) for seq in seqs]
        # A list of keys: RocksDB's multi-get, one value or None per key.
        found: list[bytes | None] = self.db.get(keys) or []
        missing = sum(1 for value in found if value is None)
        if missing:
            # A wiring bug (a trace's seqs and its events disagree), never input: say so
            # and serve what there is rather than fail the request.
            log.error("%d trace events missing from the traces' database", missing)
        skip = _HEAD.size
        return [value[skip:] for value in found if value is not None]

    # -- what a restart reads back (topologies.traces) ----------------------------------------

    def reflected(self, partition: int) -> int | None:
        """The clean-topic offset through which the partition's events are all here: its
        mark, when written by this deployment and kept; else None."""
        if not self.keep or self.closed:
            return None
        value = self.db.get(_mark_key(partition))
        if value is None or len(value) != _MARK_VALUE.size:
            return None
        identity, offset = _MARK_VALUE.unpack(value)
        return int(offset) if identity == self.identity else None

    def note_reflected(self, partition: int, offset: int) -> None:
        """The partition's events are all here through ``offset`` (the caller's rule: the
        module docstring, "When the mark moves")."""
        if self.closed:
            return
        self.db.put(_mark_key(partition), _MARK_VALUE.pack(self.identity, offset))
        self._written = True
        if time.monotonic() - self._flushed_at >= FLUSH_INTERVAL_S:
            self.flush()

    def flush(self) -> None:
        """Have RocksDB's background threads write the memtables to files, if anything was
        written since the last time (the module docstring, "Durability")."""
        if self._written and not self.closed:
            self._written = False
            self._flushed_at = time.monotonic()
            self.db.flush(wait=False)

    def stored(self, partition: int) -> Iterator[StoredEvent]:
        """The partition's stored events, by session, then seq (expired ones included:
        the caller prunes)."""
        prefix = _event_prefix(partition)
        start = len(prefix)
        # Raw mode: keys and values are bytes (the stub types them as any value).
        items = cast(Iterator[tuple[bytes, bytes]], self.db.items(from_key=prefix))
        for key, value in items:
            if not key.startswith(prefix):
                return
            session_end = len(key) - _SEQ.size - 1
            appended_at, prev_seq = _HEAD.unpack_from(value)
            yield (
                key[start:session_end].decode(),
                _SEQ.unpack_from(key, session_end + 1)[0],
                appended_at,
                prev_seq,
            )

    def forget(self, partition: int) -> None:
        """Drop the partition's events and mark (they are not this topic's)."""
        if self.closed:
            return
        self.db.delete_range(_event_prefix(partition), _event_prefix(partition + 1))
        self.db.delete(_mark_key(partition))

    def close(self) -> None:
        """Close the database if open (at the worker's stop); later calls change nothing."""
        self.closed = True
        if self._db is not None:
            self._db.flush()  # without a write-ahead log, what is not in files is lost
            self._db.close()
            self._db = None


def worker_bodies(
    datadir: str | Path, max_age_s: float, partitions: int, *, identity: bytes, keep: bool
) -> DiskTraceBodies:
    """The worker's traces database under its data directory (not opened yet)."""
    return DiskTraceBodies(
        Path(datadir) / DIRECTORY, max_age_s, partitions, identity=identity, keep=keep
    )
