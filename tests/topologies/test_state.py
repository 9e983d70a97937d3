"""The session-state table pieces of the topology, without a broker."""

from __future__ import annotations

import hashlib
from typing import Any

from aiokafka.partitioner import DefaultPartitioner
from faust.serializers import codecs

from pipeline import SessionState
from pipeline.stages.ordering import SeenIds
from topologies.state import (
    CODEC_NAME,
    BatchedTableStore,
    drop_partitions,
    encode_state,
    partition_for,
    register_codec,
)


class FakeTable(dict[str, Any]):
    """A Faust table as the store sees it: a mapping with ``data``; counts writes."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    @property
    def data(self) -> dict[str, Any]:
        return self

    def __setitem__(self, key: str, value: Any) -> None:
        self.writes += 1
        super().__setitem__(key, value)


def test_codec_round_trips_session_state() -> None:
    register_codec()
    state = SessionState(next_seq=4, eligible=True, cards={"c1"}, seen=SeenIds.of(["e1"]))
    assert codecs.loads(CODEC_NAME, codecs.dumps(CODEC_NAME, state)) == state


def test_batched_store_writes_each_session_once_per_flush() -> None:
    table = FakeTable()
    store = BatchedTableStore(table)
    for seq in range(10):
        state = store.get("s1") or SessionState()
        state.next_seq = seq + 1
        store["s1"] = state
    store["s2"] = SessionState()
    assert table.writes == 0 and store["s1"].next_seq == 10
    changes = store.flush()
    assert [key for key, _ in changes] == ["s1", "s2"]
    assert table.writes == 2 and table["s1"].next_seq == 10
    del store["s2"]
    assert "s2" not in store and "s2" in table
    assert store.flush() == [("s2", None)]  # the caller writes a tombstone
    assert "s2" not in table


def test_changelog_values_decode_with_the_table_codec() -> None:
    # The topology writes changelog records itself (encode_state); recovery reads them
    # with the table's codec, so the two must agree, and None must be a tombstone.
    register_codec()
    state = SessionState(next_seq=7, eligible=False, cards={"c9"}, seen=SeenIds.of(["e"]))
    encoded = encode_state(state)
    assert encoded is not None and codecs.loads(CODEC_NAME, encoded) == state
    assert encode_state(None) is None


def test_partition_for_matches_the_kafka_default_partitioner() -> None:
    partitioner = DefaultPartitioner()
    for key in ("s-1", "s-abcdef0123456789", "x", "session:with.dots-and_underscores"):
        for n in (1, 4, 8, 12):
            assert partition_for(key, n) == partitioner(key.encode(), list(range(n)), [])


def test_drop_partitions_forgets_only_those_partitions() -> None:
    table = FakeTable()
    keys = [f"s-{i}" for i in range(50)]
    for key in keys:
        dict.__setitem__(table, key, SessionState())
    gone = {0, 2}
    dropped = drop_partitions(table, gone, 4)
    assert dropped == sum(1 for k in keys if partition_for(k, 4) in gone)
    assert all(partition_for(k, 4) not in gone for k in table)


def test_seen_ids_are_compact_bounded_and_exact_for_aligned_digests() -> None:
    seen = SeenIds()
    for n in range(20):
        seen.add(f"e-{n}", limit=16)
    assert len(seen) == 16
    assert "e-19" in seen and "e-4" in seen and "e-3" not in seen  # oldest four forgotten
    assert "never" not in seen and 7 not in seen
    assert SeenIds.from_wire(seen.to_wire()) == seen
    assert SeenIds.from_wire(["a", "b"]) == SeenIds.of(["a", "b"])  # the first wire form


def test_seen_ids_ignore_a_match_that_straddles_two_digests(monkeypatch: Any) -> None:
    from pipeline.stages import ordering

    digests = {"a": b"AAAABBBB", "b": b"CCCCDDDD", "straddle": b"BBBBCCCC"}
    monkeypatch.setattr(ordering, "_digest", digests.__getitem__)
    seen = SeenIds.of(["a", "b"])
    assert "a" in seen and "b" in seen
    assert "straddle" not in seen  # found at offset 4 of the bytes, not a stored digest


def test_seen_ids_digest_is_blake2b_64_of_the_utf8_event_id() -> None:
    from pipeline.stages import ordering

    for event_id in ["", "e-1", "ünï", "x" * 200]:
        expected = hashlib.blake2b(event_id.encode(), digest_size=8).digest()
        assert ordering._digest(event_id) == expected


def test_seen_ids_add_new_is_has_then_add_digest() -> None:
    seen = SeenIds(b"AAAABBBBCCCCDDDD")
    assert not seen.add_new(b"AAAABBBB", limit=16) and len(seen) == 2
    assert seen.add_new(b"BBBBCCCC", limit=16)  # straddles two digests: new
    assert seen.has(b"BBBBCCCC") and len(seen) == 3
    assert seen.add_new(b"EEEEFFFF", limit=2)  # beyond the limit the oldest are forgotten
    assert seen == SeenIds(b"BBBBCCCCEEEEFFFF")


def test_seen_ids_add_new_id_is_add_new_of_the_digest() -> None:
    from pipeline.stages import ordering

    by_id, by_digest = SeenIds(), SeenIds()
    for event_id in ["e-1", "e-2", "e-1", "ünï", "e-3", "e-2"]:
        new = by_digest.add_new(ordering._digest(event_id), limit=3)
        assert by_id.add_new_id(event_id, limit=3) is new
        assert by_id == by_digest and event_id in by_id
