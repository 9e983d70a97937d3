"""Session state in a Faust table: the codec, and a write-back view for batches.

The table (``<app>-sessions-changelog``) holds one :class:`SessionState` per session,
keyed by sessionId. Its changelog partitions line up with the re-key topic's partitions
(same key bytes, same partitioner, same partition count), so the worker that owns a
session's partition also owns its state, and a restarted or rebalanced worker recovers
it from the changelog.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, MutableMapping
from typing import Any

import orjson
from aiokafka.partitioner import murmur2
from faust.serializers import codecs

from pipeline.stages.ordering import SessionState

CODEC_NAME = "chao_session_state"


class SessionStateCodec(codecs.Codec):
    """SessionState <-> compact JSON (its wire form): the changelog's value format."""

    def _dumps(self, obj: Any) -> bytes:
        if isinstance(obj, SessionState):
            return orjson.dumps(obj.to_wire())  # as encode_state() does
        return orjson.dumps(obj)

    def _loads(self, data: bytes) -> Any:
        return SessionState.from_wire(orjson.loads(data))


def encode_state(state: SessionState | None) -> bytes | None:
    """A changelog record's value; None is a tombstone (the session was forgotten)."""
    return None if state is None else orjson.dumps(state.to_wire())


@functools.lru_cache(maxsize=65_536)  # murmur2 is pure Python; a session's key recurs
def partition_for(key: str | bytes, partitions: int) -> int:
    """The partition Kafka's default partitioner gives a key (as Faust's producer does)."""
    raw = key.encode() if isinstance(key, str) else key
    return int(murmur2(raw) & 0x7FFFFFFF) % partitions


def drop_partitions(table: Any, partitions: set[int], total: int) -> int:
    """Forget in-memory state of sessions in ``partitions`` without touching the changelog.

    Faust's in-memory store keeps keys written while a partition was owned after the
    partition is revoked; left there, a timer could act on a session another worker owns
    now. The changelog is the truth: recovery reloads a partition when it comes back.
    """
    store = table.data
    unload = getattr(store, "unload", None)
    if unload is not None:  # the RocksDB store: its databases stay (topologies.state_store)
        return int(unload(partitions))
    stale = [key for key in list(store.keys()) if partition_for(key, total) in partitions]
    for key in stale:
        del store[key]
    return len(stale)


def plain_dict(table: Any) -> MutableMapping[Any, Any]:
    """The dict under a table: the in-memory store's, or the decoded owned sessions of the
    RocksDB store (``topologies.state_store.SessionStore.data``).

    Why: ``table.data`` (Faust's Store) routes every read through ``ManagedUserDict`` hooks
    (for windowed tables and key-access callbacks) that these tables do not use; profiled at
    about 4% of the worker's CPU. Reads and writes here skip the hooks, not the changelog:
    the topology writes changelog records itself (``topologies.publish``).
    """
    store = table.data
    return getattr(store, "data", store)  # type: ignore[no-any-return]


def register_codec() -> None:
    if CODEC_NAME not in codecs.codecs:
        codecs.register(CODEC_NAME, SessionStateCodec())


class BatchedTableStore(MutableMapping[str, SessionState]):
    """The sequencer's store over a Faust table, written back once per batch.

    Writing a table key sends a changelog record, so writing on every event would send one
    state record per event. Instead changes collect here and :meth:`flush` writes each
    touched session once: after the batch's outputs are delivered, so the state never
    runs ahead of what was published.
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        self.dirty: dict[str, SessionState | None] = {}  # None: deleted

    def __getitem__(self, key: str) -> SessionState:
        if key in self.dirty:
            value = self.dirty[key]
            if value is None:
                raise KeyError(key)
            return value
        value = plain_dict(self.table).get(key)
        if value is None:
            raise KeyError(key)
        return value  # type: ignore[no-any-return]

    def __setitem__(self, key: str, value: SessionState) -> None:
        self.dirty[key] = value

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self.dirty[key] = None

    def __iter__(self) -> Iterator[str]:
        for key in list(plain_dict(self.table)):
            if key not in self.dirty:
                yield key
        for key, value in list(self.dirty.items()):
            if value is not None:
                yield key

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def flush(self) -> list[tuple[str, SessionState | None]]:
        """Apply every touched session to the table's in-memory store; return the changes
        (None: deleted), which the caller writes to the changelog topic itself, batched,
        after the outputs they account for (Faust's per-key changelog send is far slower)."""
        changes = list(self.dirty.items())
        data = plain_dict(self.table)
        for key, value in changes:
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
        self.dirty.clear()
        return changes

    def discard_pending(self) -> None:
        """Forget unflushed changes (on rebalance the table is the truth)."""
        self.dirty.clear()
