"""The session traces' event bodies on disk: one RocksDB database per worker process.

Why: a worker holds every released clean event of its sessions for the trace age bound
(``CHAO_TRACE_MAX_AGE_S``, an hour by default). In the process that is about 360 bytes
per event, so a worker taking 5,000 events/s would hold about 6 GiB at the default hour.
Here a trace keeps only each event's seq and append time (16 bytes,
``pipeline.trace.model.SessionTrace``) and the bytes go to this database; RocksDB keeps
the recent ones in its memtables and the rest in files, within the bounds below.

What it is not: a checkpoint. The traces' truth is the clean topic (their changelog,
``topologies.traces``), and every start rebuilds them from it as before; so the database
is emptied when it is opened. Keeping it across restarts would need the clean-topic
offsets it reflects per partition, as the sessions store keeps (``topologies.state_store``);
not done (docs/kafka.md, "The state store").

Layout: key = the session id's UTF-8, a NUL byte (which no session id holds: the ingest
refuses it), the seq as 8 bytes big-endian, so one session's events sort together in seq
order; value = the event's JSON as published. Writes skip the write-ahead log: a crash
loses nothing that the next start does not rebuild anyway.

Nothing is deleted. The database is opened with a time to live (RocksDB's DBWithTTL) of the
trace age bound plus :data:`TTL_MARGIN_S`: compactions drop bodies older than that, which
no trace holds any more (a trace prunes by the same bound, counted from its append, which
is at or before the put). Why not a delete per pruned event: it costs about as much as
the put (1 us each), and the bodies of traces forgotten at a rebalance would need one too.
What it costs: disk holds the bodies of events pruned by the count bound until they age
out, and expired bodies until a compaction reaches their files.
"""

from __future__ import annotations

import logging
import math
import struct
from collections.abc import Sequence
from pathlib import Path

import rocksdict

from pipeline.errors import StateError

log = logging.getLogger("chao.traces")

#: The database under the worker's data directory (``CHAO_WORKER_DATADIR``).
DIRECTORY = "trace-bodies"
# Bounds of the memory RocksDB takes for the traces: two memtables of 8 MiB and a block
# cache of 8 MiB (reads are the trace endpoint's, rare next to appends).
WRITE_BUFFER_BYTES = 8 * 1024 * 1024
MAX_WRITE_BUFFERS = 2
BLOCK_CACHE_BYTES = 8 * 1024 * 1024
_SEQ = struct.Struct(">Q")
# Above every key: a key starts with a session id's UTF-8, whose bytes are never 0xFF.
_ALL_KEYS_END = b"\xff"
#: How much longer than the trace age bound a body is kept: an event stays in a trace until
#: the next expiry pass after it ages out (``CHAO_WORKER_IDLE_CHECK_INTERVAL_S``), and a
#: request may ask for it until then.
TTL_MARGIN_S = 600


def body_key(session_id: str, seq: int) -> bytes:
    """The key of one event's body."""
    return session_id.encode() + b"\0" + _SEQ.pack(seq)


class DiskTraceBodies:
    """Trace bodies in RocksDB (:class:`pipeline.trace.model.TraceBodies`), opened by
    :meth:`open` when the worker starts (not when the topology is built: a topology built
    and not run must not take the directory)."""

    def __init__(self, path: str | Path, max_age_s: float) -> None:
        """``max_age_s``: the traces' age bound (``CHAO_TRACE_MAX_AGE_S``)."""
        self.path = Path(path)
        self.ttl_s = math.ceil(max_age_s) + TTL_MARGIN_S
        self._db: rocksdict.Rdict | None = None
        self.closed = False

    def open(self) -> None:
        """Open the database (created when missing) and empty it. Raises
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
        # Emptied under the lock the open took (a process still using the directory makes
        # the open fail instead), then compacted so the old files go now.
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

    def put(self, session_id: str, seq: int, encoded: bytes) -> None:
        if not self.closed:  # after the stop: the next start rebuilds the traces anyway
            self.db.put(body_key(session_id, seq), encoded)

    def get(self, session_id: str, seqs: Sequence[int]) -> list[bytes]:
        if not seqs or self.closed:
            return []
        # A list of keys: RocksDB's multi-get, one value or None per key.
        found: list[bytes | None] = self.db.get([body_key(session_id, seq) for seq in seqs]) or []
        missing = sum(1 for body in found if body is None)
        if missing:
            # A wiring bug (a trace's seqs and its bodies disagree), never input: say so
            # and serve what there is rather than fail the request.
            log.error("%d trace bodies missing for a session", missing)
        return [body for body in found if body is not None]

    def close(self) -> None:
        """Close the database if open (at the worker's stop); later calls change nothing."""
        self.closed = True
        if self._db is not None:
            self._db.close()
            self._db = None


def worker_bodies(datadir: str | Path, max_age_s: float) -> DiskTraceBodies:
    """The worker's trace bodies under its data directory (not opened yet)."""
    return DiskTraceBodies(Path(datadir) / DIRECTORY, max_age_s)
