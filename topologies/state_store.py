"""The sessions table on RocksDB: Faust's RocksDB store, with the decoded states of the
owned partitions kept in a dict and the recovery rules of Kafka Streams.

Why Faust's store (``faust.stores.rocksdb.Store``, ``rocksdict``) and not one of our own:
it keeps one database per changelog partition under the app's table directory
(``<datadir>/v1/tables/sessions-<partition>.db``) and the changelog offset each database
reflects inside it (``persisted_offset`` / ``set_persisted_offset``); Faust's recovery
starts each partition after that offset, so a restarted worker reads only the tail of the
changelog (Kafka Streams' ``.checkpoint`` file, per partition).

What :class:`SessionStore` adds, and why:

- **The decoded states, in a dict** (``data``, what ``topologies.state.plain_dict``
  returns, as for the in-memory store). The sequencer changes a state in place between
  writes (``SessionState``'s waiting events, their ``held`` times, which are not on the
  wire), so a store that decodes on every read would lose those changes. The dict holds
  the owned partitions' sessions (loaded from the databases when a partition is
  assigned, kept current by recovery), as the in-memory store did; the databases make a
  restart read local files instead of the whole changelog.
- **Writes after the changelog's acks** (:meth:`SessionStore.write`): the topology writes
  the changelog itself (``topologies.faust_checkpoint.ChangelogState``), so Faust's own
  write path (``Table._on_changelog_sent``) never runs; once the broker acknowledged a
  commit's state records, they go into the partition's database in one atomic write
  batch, with the offset of the last one only when nothing of another writer lies
  between the offset the database reflected and these records (:func:`follows`). A
  database never claims an offset whose record, or another writer's before it, it lacks.
  Why the second half: a worker paused past its session (a zombie) that thaws gets the
  acks of records it sent, appended after those its partitions' new owner wrote
  meanwhile; claiming their offset would make the recovery at its rejoin start past the
  new owner's records, and its sessions would keep the states from before the pause (a
  CI run saw six events of one session dead-lettered that way). Unclaimed, the offset
  stays where it was and the recovery reads everything since, in the changelog's order.
- **The recovery rules** (:meth:`SessionStore.check_partitions`, when a partition is
  assigned, before Faust's recovery asks for the offsets): a database that is missing is
  created empty (the changelog rebuilds it); one whose identity marker names another app
  id or changelog topic, or none, is from another deployment; one whose offset is past the
  changelog's end, or before its start (records gone that it never saw), belongs to
  another incarnation of the topic: both are wiped and rebuilt. Under exactly-once, a
  database without the clean-stop marker (written at a clean stop after the final commit,
  removed when the database is opened) was left by a crash and may hold states of aborted
  transactions: wiped and rebuilt, as Kafka Streams does. The changelog stays the truth.

The block cache: Faust's default is 2 GiB per partition database; here it is the
worker's ``state_cache_mb`` split over the partitions (``CHAO_WORKER_STATE_CACHE_MB``).
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import orjson
import rocksdict
from aiokafka import AIOKafkaConsumer, TopicPartition
from faust.stores import STORES
from faust.stores import rocksdb as faust_rocksdb
from faust.types import TP
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector

from pipeline.kafka.security import aiokafka_options
from pipeline.stages.ordering import SessionState
from topologies import faust_bridge
from topologies.patches import end_offsets
from topologies.state import partition_for

log = logging.getLogger("chao.state")

#: The store's URL scheme (``Table(store=SCHEME + "://")``), registered with Faust's stores.
SCHEME = "chao-rocksdb"
# Keys of our own in each partition database, beside Faust's offset key; no session id
# can take them (they hold a NUL byte, which the ingest's id rules refuse; and they are
# skipped when the database is read).
IDENTITY_KEY = b"__chao\0identity__"
CLEAN_KEY = b"__chao\0clean-stop__"
OFFSET_KEY = faust_rocksdb.Store.offset_key
RESERVED = frozenset({IDENTITY_KEY, CLEAN_KEY, OFFSET_KEY})
# Smaller memtables than Faust's 64 MiB x 3 per partition database: a worker has one
# database per owned partition, and the sessions' records are small.
WRITE_BUFFER_BYTES = 4 * 1024 * 1024
MAX_WRITE_BUFFERS = 2
LOOKUP_TIMEOUT_S = 10.0

# async: {tp: (earliest offset, end offset)} of changelog partitions
OffsetBounds = Callable[[set[TP]], Any]


def store_options(cache_mb: int, partitions: int) -> dict[str, Any]:
    """The table's ``options`` (Faust's ``RocksDBOptions``): the block cache of each
    partition database is its share of ``cache_mb``."""
    per_partition = max(1, (cache_mb * 1024 * 1024) // max(1, partitions))
    return {
        "block_cache_size": per_partition,
        "block_cache_compressed_size": per_partition,
        "write_buffer_size": WRITE_BUFFER_BYTES,
        "max_write_buffer_number": MAX_WRITE_BUFFERS,
        "driver": "rocksdict",
    }


def broker_offset_bounds(bootstrap: list[str]) -> OffsetBounds:
    """Earliest and end offsets of changelog partitions, with a short-lived consumer of
    its own (Faust's consumer thread is inside its rebalance callback when the store asks,
    as for ``topologies.traces.broker_offset_lookup``)."""

    async def bounds(tps: set[TP]) -> dict[TP, tuple[int, int]]:
        consumer = AIOKafkaConsumer(
            bootstrap_servers=bootstrap,
            enable_auto_commit=False,
            request_timeout_ms=int(LOOKUP_TIMEOUT_S * 1000),
            **aiokafka_options(),
        )
        # Tansu's ListOffsets answers short ends; the fetch high watermark is right (the
        # patch changes nothing on Kafka): a short end would wipe a good store here.
        end_offsets.configure(consumer)
        await consumer.start()
        try:
            query = [TopicPartition(tp.topic, tp.partition) for tp in tps]
            earliest = await consumer.beginning_offsets(query)
            ends = await consumer.end_offsets(query)
        finally:
            await consumer.stop()
        return {TP(tp.topic, tp.partition): (earliest[tp], ends[tp]) for tp in query}

    return bounds


def decode_state(raw: bytes) -> SessionState:
    """A changelog record's value (``topologies.state.encode_state``)."""
    return SessionState.from_wire(orjson.loads(raw))


def _has_data(db: Any) -> bool:
    """Whether a database holds anything but our markers (Faust's offset counts: a foreign
    one would skip records). Its iterator is gone on return: an open one keeps the
    database locked after ``close``. (keys(): iter() of a raw-mode Rdict fails.)"""
    keys = db.keys()
    return any(key not in (IDENTITY_KEY, CLEAN_KEY) for key in keys)


def follows(reflected: int, offsets: list[tuple[int, int]], gap: int) -> bool:
    """Whether records delivered at ``offsets`` ((first, last) of each delivery) come right
    after offset ``reflected``, with nothing of another writer between or among them.

    ``gap``: offsets that may be skipped before each delivery with nothing written in
    them by anyone else: 0 at least once (only records in the partition); 1 under
    exactly-once (a transaction's commit marker; another writer's transaction takes two
    or more, a record and its marker)."""
    last = reflected
    for first, end in sorted(offsets):
        if first - last - 1 > gap:
            return False
        last = max(last, end)
    return True


def stale_reason(
    identity: bytes | None,
    expected: bytes,
    offset: int | None,
    bounds: tuple[int, int] | None,
    *,
    exactly_once: bool,
    clean: bool,
    has_data: bool,
) -> str | None:
    """Why a partition's database must be wiped before recovery; None: keep it.

    ``offset``: the changelog offset it reflects (None: none yet); ``bounds``: the
    changelog partition's (earliest, end) offsets, None when the broker did not say."""
    if not has_data:
        return None  # empty or new: the changelog fills it
    if identity != expected:
        return "another deployment"
    if exactly_once and not clean:
        return "unclean shutdown under exactly-once"
    if offset is not None and bounds is not None:
        earliest, end = bounds
        if offset >= end:
            return "past the changelog's end (another incarnation of the topic)"
        if offset + 1 < earliest:
            return "older than the changelog's start (records it never saw are gone)"
    return None


class SessionStore(faust_rocksdb.Store):
    """Faust's RocksDB store for the sessions table, with the owned sessions decoded in
    :attr:`data` (see the module's docstring)."""

    # Set by topologies.pipeline_app before the first rebalance.
    partitions: int = 1
    exactly_once: bool = False
    identity: bytes = b""
    offset_bounds: OffsetBounds | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.data: dict[str, SessionState] = {}
        self.loaded: set[int] = set()
        self.restored_records = 0  # changelog records applied by recovery, this process
        self.wipes: dict[str, int] = {}  # by reason
        # Writes whose offset was not claimed: another writer's records came between.
        self.unclaimed_writes = 0

    # -- the decoded states ----------------------------------------------------------------

    def stored_items(self, partition: int) -> Iterator[tuple[bytes, bytes]]:
        for key, value in faust_bridge.rocksdb_partition_db(self, partition).items():
            if key not in RESERVED:
                yield key, value

    def load(self, partitions: Iterable[int]) -> int:
        """Decode the sessions of newly owned partitions into :attr:`data`."""
        count = 0
        for partition in sorted(set(partitions) - self.loaded):
            for key, value in self.stored_items(partition):
                self.data[key.decode()] = decode_state(value)
                count += 1
            self.loaded.add(partition)
        return count

    def unload(self, partitions: set[int]) -> int:
        """Forget the decoded sessions of partitions owned elsewhere now (their databases
        stay: a partition that comes back is caught up from its offset)."""
        total = self.partitions
        gone = [key for key in self.data if partition_for(key, total) in partitions]
        for key in gone:
            del self.data[key]
        self.loaded -= partitions
        return len(gone)

    # -- writes ----------------------------------------------------------------------------

    def write(
        self,
        partition: int,
        records: list[tuple[bytes, bytes | None]],
        offsets: list[tuple[int, int]],
    ) -> None:
        """The state records the broker acknowledged on the changelog partition, delivered
        at ``offsets`` (first, last of each delivery): into the partition's database, with
        the last offset when they follow the one it reflects (:func:`follows`),
        atomically."""
        db = faust_bridge.rocksdb_open_dbs(self).get(partition)
        if db is None:
            return  # revoked meanwhile: its next owner has them from the changelog
        batch = rocksdict.WriteBatch(raw_mode=True)
        for key, value in records:
            if value is None:
                batch.delete(key)
            else:
                batch.put(key, value)
        reflected = db.get(OFFSET_KEY)
        gap = 1 if self.exactly_once else 0
        if reflected is not None and follows(int(reflected), offsets, gap):
            batch.put(OFFSET_KEY, str(max(last for _, last in offsets)).encode())
        else:
            self.unclaimed_writes += 1
        db.write(batch)

    def apply_changelog_batch(
        self,
        batch: Iterable[Any],
        to_key: Callable[[Any], Any],
        to_value: Callable[[Any], Any],
    ) -> None:
        events = list(batch)
        super().apply_changelog_batch(events, to_key, to_value)
        self.restored_records += len(events)
        data, loaded = self.data, self.loaded
        for event in events:
            message = event.message
            if message.partition in loaded:  # else loaded from the database later
                key = message.key.decode()
                if message.value is None:
                    data.pop(key, None)
                else:
                    data[key] = decode_state(message.value)

    # -- rebalances and the recovery rules -------------------------------------------------

    async def on_rebalance(
        self,
        assigned: set[TP],
        revoked: set[TP],
        newly_assigned: set[TP],
        generation_id: int = 0,
    ) -> None:
        await super().on_rebalance(assigned, revoked, newly_assigned, generation_id)
        topics = self.table.changelog_topic.topics
        mine = {tp for tp in newly_assigned if tp.topic in topics}
        if mine:
            await self.check_partitions(mine)
            self.load(tp.partition for tp in mine)

    def revoke_partitions(self, table: Any, tps: set[TP]) -> None:
        topics = table.changelog_topic.topics
        self.unload({tp.partition for tp in tps if tp.topic in topics})
        super().revoke_partitions(table, tps)

    async def check_partitions(self, tps: set[TP]) -> None:
        """Apply the recovery rules to newly assigned partitions' databases (module
        docstring), then mark them open (no clean-stop marker until the next clean stop)."""
        bounds: dict[TP, tuple[int, int]] = {}
        if self.offset_bounds is not None:
            try:
                bounds = await self.offset_bounds(tps)
            except Exception as exc:  # the identity and clean rules still apply
                log.warning(
                    "could not read the sessions changelog's offsets to check the local "
                    "store against: %s",
                    type(exc).__name__,
                )
        for tp in sorted(tps):
            db = faust_bridge.rocksdb_partition_db(self, tp.partition)
            reason = stale_reason(
                db.get(IDENTITY_KEY),
                self.identity,
                self.persisted_offset(tp),
                bounds.get(tp),
                exactly_once=self.exactly_once,
                clean=db.get(CLEAN_KEY) is not None,
                has_data=_has_data(db),
            )
            if reason is not None:
                log.warning(
                    "local state of %s[%d] wiped (%s): rebuilding it from the changelog",
                    tp.topic,
                    tp.partition,
                    reason,
                )
                del db  # the last reference but the store's: wipe closes it
                self.wipe(tp.partition)
                self.wipes[reason] = self.wipes.get(reason, 0) + 1
                db = faust_bridge.rocksdb_partition_db(self, tp.partition)
            db.put(IDENTITY_KEY, self.identity)
            db.delete(CLEAN_KEY)
            earliest, end = bounds.get(tp, (0, -1))
            if earliest == end and db.get(OFFSET_KEY) is None:
                # An empty changelog partition: an empty database reflects all of it, so
                # the first acknowledged write can claim its offset (follows()).
                db.put(OFFSET_KEY, str(end - 1).encode())

    def wipe(self, partition: int) -> None:
        """Delete a partition's database (and its decoded sessions); the next open makes
        an empty one."""
        db = faust_bridge.rocksdb_open_dbs(self).pop(partition, None)
        if db is not None:
            db.close()
        self.unload({partition})
        shutil.rmtree(self.partition_path(partition), ignore_errors=True)

    def mark_clean(self) -> None:
        """At a clean stop, after the final commit: every open database reflects only
        committed records."""
        for db in faust_bridge.rocksdb_open_dbs(self).values():
            db.put(CLEAN_KEY, b"1")
            db.flush()

    async def stop(self) -> None:
        # Close the databases (Faust leaves them to the garbage collector), so the files
        # are complete and unlocked when the process exits.
        for db in list(faust_bridge.rocksdb_open_dbs(self).values()):
            db.close()
        await super().stop()


def register() -> None:
    """Make ``chao-rocksdb://`` a Faust store URL (Faust resolves a store by the URL's
    scheme through this mapping's aliases, as for its own ``rocksdb://``)."""
    STORES.aliases.setdefault(SCHEME, f"{__name__}:SessionStore")


class StoreCollector(Collector):
    """The store's counters on /metrics."""

    def __init__(self, store: Callable[[], SessionStore | None]) -> None:
        self.store = store

    def collect(self) -> Iterator[CounterMetricFamily]:
        store = self.store()
        restored = CounterMetricFamily(
            "chao_state_changelog_records_restored",
            "Sessions changelog records read by recovery into the local store",
        )
        restored.add_metric([], store.restored_records if store is not None else 0)
        yield restored
        wipes = CounterMetricFamily(
            "chao_state_store_wipes", "Local store partitions wiped and rebuilt", labels=["reason"]
        )
        for reason, count in sorted((store.wipes if store is not None else {}).items()):
            wipes.add_metric([reason], count)
        yield wipes
        unclaimed = CounterMetricFamily(
            "chao_state_store_unclaimed_writes",
            "Acknowledged state writes whose changelog offset the local store did not take: "
            "another writer's records came between (a zombie's, or a new owner's); the "
            "next recovery reads them",
        )
        unclaimed.add_metric([], store.unclaimed_writes if store is not None else 0)
        yield unclaimed
