"""The sessions table's RocksDB store (topologies.state_store): what it keeps on disk, the
recovery rules, the bounded block cache, and the Faust behaviour it relies on."""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import faust
import orjson
import pytest
from faust.tables.base import Collection
from faust.tables.manager import TableManager
from faust.tables.recovery import Recovery
from faust.types import TP
from yarl import URL

from pipeline.stages.ordering import SessionState
from topologies import faust_bridge, state_store
from topologies.state import drop_partitions, encode_state, partition_for, plain_dict
from topologies.state_store import (
    CLEAN_KEY,
    IDENTITY_KEY,
    SessionStore,
    stale_reason,
    store_options,
)

PARTITIONS = 4
TOPIC = "app-sessions-changelog"
IDENTITY = orjson.dumps({"app": "app", "changelog": TOPIC})


def new_store(
    datadir: Path, *, cache_mb: int = 8, exactly_once: bool = False, changelog_end: int = 0
) -> SessionStore:
    """A store for the sessions table; ``changelog_end``: the changelog partitions' end
    offset that the broker reports (0: empty, as for a new deployment)."""
    state_store.register()
    app = faust.App("state-store-test", broker="kafka://127.0.0.1:9", datadir=str(datadir))
    changelog = app.topic(TOPIC, key_type=str, partitions=PARTITIONS)
    table: Any = app.Table(
        "sessions",
        partitions=PARTITIONS,
        changelog_topic=changelog,
        use_partitioner=True,
        store=f"{state_store.SCHEME}:sessions",
        options=store_options(cache_mb, PARTITIONS),
    )
    store = table.data
    assert isinstance(store, SessionStore)
    store.partitions = PARTITIONS
    store.identity = IDENTITY
    store.exactly_once = exactly_once

    async def bounds(tps: set[TP]) -> dict[TP, tuple[int, int]]:
        return {tp: (0, changelog_end) for tp in tps}

    store.offset_bounds = bounds
    return store


def keys_in(partition: int, count: int) -> list[str]:
    found = []
    n = 0
    while len(found) < count:
        key = f"session-{n}"
        if partition_for(key, PARTITIONS) == partition:
            found.append(key)
        n += 1
    return found


def record(key: str, state: SessionState | None) -> tuple[bytes, bytes | None]:
    return key.encode(), encode_state(state)


def changelog_event(key: str, partition: int, offset: int, state: SessionState | None) -> Any:
    raw_key, value = record(key, state)
    message = SimpleNamespace(
        tp=TP(TOPIC, partition), partition=partition, offset=offset, key=raw_key, value=value
    )
    return SimpleNamespace(message=message)


def assign(store: SessionStore, partitions: set[int]) -> None:
    tps = {TP(TOPIC, p) for p in partitions}
    # Faust's store asks the assignor for standbys: none here.
    store.app.assignor = SimpleNamespace(assigned_standbys=lambda: set())  # type: ignore[misc]
    asyncio.run(store.on_rebalance(tps, set(), tps))


def test_a_table_s_store_url_needs_a_path_or_faust_uses_the_app_s_store() -> None:
    # Why pipeline_app names "chao-rocksdb:sessions": Faust keeps a table's store URL only
    # when it is truthy, and "scheme://" is not.
    assert not URL(f"{state_store.SCHEME}://")
    assert URL(f"{state_store.SCHEME}:sessions")
    assert "URL(store) if store else None" in inspect.getsource(Collection.__init__)


def test_faust_recovery_starts_after_the_store_s_persisted_offset() -> None:
    # The restart reads only the tail because Faust's recovery asks the table, which asks
    # its store; an upgrade that stops doing so makes every start a full replay.
    assert "table.persisted_offset(tp)" in inspect.getsource(Recovery._add)
    assert "self.data.persisted_offset(tp)" in inspect.getsource(faust.Table.persisted_offset)
    # ... after the tables' (so the stores') on_rebalance, where the recovery rules wipe a
    # database before its offset is read.
    source = inspect.getsource(TableManager.on_rebalance)
    assert source.index("table.on_rebalance") < source.index("self.recovery.on_rebalance")


def test_the_bridge_reaches_the_partition_databases(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    db = faust_bridge.rocksdb_partition_db(store, 2)
    assert faust_bridge.rocksdb_open_dbs(store) == {2: db}
    assert faust_bridge.rocksdb_open_dbs(store) is store._dbs


def test_the_block_cache_is_the_setting_shared_over_the_partitions(tmp_path: Path) -> None:
    store = new_store(tmp_path, cache_mb=8)
    db = faust_bridge.rocksdb_partition_db(store, 0)
    assert db.property_int_value("rocksdb.block-cache-capacity") == 8 * 1024 * 1024 // PARTITIONS


def test_acknowledged_states_persist_with_their_offset_and_load_back(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    assign(store, {1})
    first, second = keys_in(1, 2)
    states = [record(first, SessionState(next_seq=3)), record(second, SessionState())]
    store.write(1, states, [(0, 1)])
    store.write(1, [record(second, None)], [(2, 2)])
    assert store.persisted_offset(TP(TOPIC, 1)) == 2
    asyncio.run(store.stop())

    again = new_store(tmp_path, changelog_end=3)
    assign(again, {1})
    assert set(again.data) == {first}
    assert again.data[first].next_seq == 3
    assert again.persisted_offset(TP(TOPIC, 1)) == 2
    assert again.restored_records == 0  # nothing read from the changelog to get here


def test_a_revoked_partition_leaves_memory_not_disk(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    assign(store, {0, 3})
    (a,) = keys_in(0, 1)
    (b,) = keys_in(3, 1)
    store.write(0, [record(a, SessionState())], [(0, 0)])
    store.write(3, [record(b, SessionState())], [(0, 0)])
    store.load({0, 3})
    store.data.update({a: SessionState(), b: SessionState()})
    table = SimpleNamespace(data=store)
    assert drop_partitions(table, {3}, PARTITIONS) == 1
    assert set(plain_dict(table)) == {a}
    assert store.load({3}) == 1  # still on disk
    assert set(store.data) == {a, b}


def test_recovery_records_update_the_loaded_sessions_and_are_counted(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    assign(store, {2})
    (key,) = keys_in(2, 1)

    store.apply_changelog_batch([changelog_event(key, 2, 7, SessionState(next_seq=8))], None, None)
    assert store.data[key].next_seq == 8
    store.apply_changelog_batch([changelog_event(key, 2, 8, None)], None, None)
    assert key not in store.data
    assert store.restored_records == 2
    assert store.persisted_offset(TP(TOPIC, 2)) == 8


@pytest.mark.parametrize(
    ("reflected", "offsets", "gap", "expected"),
    [
        (9, [(10, 12)], 0, True),  # right after
        (9, [(10, 10), (11, 14)], 0, True),  # two deliveries, back to back
        (9, [(11, 14), (10, 10)], 0, True),  # in any order
        (9, [(11, 12)], 0, False),  # offset 10 is another writer's record
        (9, [(10, 10), (12, 12)], 0, False),  # ... or between two of ours
        (9, [(11, 12)], 1, True),  # exactly-once: 10 is our last commit's marker
        (9, [(12, 12)], 1, False),  # 10-11: another writer's record and marker
        (-1, [(0, 3)], 0, True),  # an empty changelog's first records
    ],
)
def test_a_write_follows_the_reflected_offset_only_with_nothing_between(
    reflected: int, offsets: list[tuple[int, int]], gap: int, expected: bool
) -> None:
    assert state_store.follows(reflected, offsets, gap) is expected


def test_acks_after_another_writer_s_records_leave_the_offset_for_recovery(
    tmp_path: Path,
) -> None:
    # The zombie of CI at 497ccf9: a worker paused past its session thaws and gets the
    # acks of states it sent, appended after those the partition's new owner wrote
    # meanwhile (offsets 2-3), then rejoins with the same partition.
    store = new_store(tmp_path)
    assign(store, {1})
    (key,) = keys_in(1, 1)
    store.write(1, [record(key, SessionState(next_seq=2))], [(0, 1)])
    store.data[key] = SessionState(next_seq=2)
    store.write(1, [record(key, SessionState(next_seq=3))], [(4, 4)])  # the zombie's
    assert store.persisted_offset(TP(TOPIC, 1)) == 1  # not 4: 2-3 are not in it
    assert store.unclaimed_writes == 1
    # So the recovery at the rejoin reads 2-4 (Faust starts after the persisted offset)
    # and ends where the changelog ends: the zombie's record is the last word.
    store.apply_changelog_batch(
        [
            changelog_event(key, 1, 2, SessionState(next_seq=5)),
            changelog_event(key, 1, 3, SessionState(next_seq=9)),
            changelog_event(key, 1, 4, SessionState(next_seq=3)),
        ],
        None,
        None,
    )
    assert store.persisted_offset(TP(TOPIC, 1)) == 4
    assert store.data[key].next_seq == 3
    store.write(1, [record(key, SessionState(next_seq=4))], [(5, 5)])  # contiguous again
    assert store.persisted_offset(TP(TOPIC, 1)) == 5
    assert store.unclaimed_writes == 1


def test_the_changelog_writer_hands_the_store_each_delivery_s_offsets(tmp_path: Path) -> None:
    # ChangelogState (topologies.faust_checkpoint) gives the store the (first, last) of
    # every delivery, not only the last offset: a write whose deliveries have another
    # writer's records between them must not be claimed either.
    from topologies.faust_checkpoint import ChangelogState
    from topologies.publish import Delivered

    store = new_store(tmp_path)
    assign(store, {1})
    first, second = keys_in(1, 2)

    class Publisher:
        def __init__(self) -> None:
            self.deliveries: list[Delivered] = []

        def partitions(self, topic: str) -> int:
            return PARTITIONS

        def add(self, topic: str, key: bytes, value: bytes | None, task: Any = None) -> None:
            pass

        async def publish(self) -> list[Delivered]:
            return self.deliveries

    publisher = Publisher()
    table = SimpleNamespace(data=store)
    writer = ChangelogState(SimpleNamespace(table=table), publisher, TOPIC)  # type: ignore[arg-type]
    writer.add([(first, SessionState()), (second, SessionState())])
    publisher.deliveries = [Delivered(TOPIC, 1, 0, 1), Delivered(TOPIC, 1, 1, 1)]
    asyncio.run(writer.write())
    assert store.persisted_offset(TP(TOPIC, 1)) == 1
    writer.add([(first, SessionState(next_seq=1)), (second, SessionState(next_seq=1))])
    publisher.deliveries = [Delivered(TOPIC, 1, 2, 1), Delivered(TOPIC, 1, 4, 1)]  # 3: not ours
    asyncio.run(writer.write())
    assert store.persisted_offset(TP(TOPIC, 1)) == 1
    assert store.unclaimed_writes == 1


def test_a_database_claims_no_offset_until_it_reflects_a_known_point(tmp_path: Path) -> None:
    async def unknown(tps: set[TP]) -> dict[TP, tuple[int, int]]:
        raise OSError("broker gone")

    async def non_empty(tps: set[TP]) -> dict[TP, tuple[int, int]]:
        return {tp: (0, 7) for tp in tps}

    for bounds in (unknown, non_empty):
        store = new_store(tmp_path / bounds.__name__)
        store.offset_bounds = bounds
        assign(store, {2})
        (key,) = keys_in(2, 1)
        # New database: until recovery read the changelog's records into it, it cannot
        # say what it reflects.
        store.write(2, [record(key, SessionState())], [(7, 7)])
        assert store.persisted_offset(TP(TOPIC, 2)) is None, bounds.__name__
        assert store.unclaimed_writes == 1
    empty = new_store(tmp_path / "empty")
    assign(empty, {2})
    assert empty.persisted_offset(TP(TOPIC, 2)) == -1


@pytest.mark.parametrize(
    ("identity", "offset", "bounds", "exactly_once", "clean", "reason"),
    [
        (IDENTITY, 10, (0, 20), False, False, None),  # older: caught up from 10
        (IDENTITY, 19, (0, 20), False, False, None),  # up to date
        (IDENTITY, None, (0, 20), False, False, None),  # no offset yet: all of it
        (None, 10, (0, 20), False, False, "another deployment"),
        (b'{"app":"other"}', 10, (0, 20), False, False, "another deployment"),
        (IDENTITY, 20, (0, 20), False, False, "past the changelog"),  # topic recreated
        (IDENTITY, 3, (5, 20), False, False, "older than the changelog's start"),
        (IDENTITY, 10, (0, 20), True, False, "unclean shutdown"),
        (IDENTITY, 10, (0, 20), True, True, None),
        (IDENTITY, 10, None, False, False, None),  # broker did not say: identity only
    ],
)
def test_the_recovery_rules(
    identity: bytes | None,
    offset: int | None,
    bounds: tuple[int, int] | None,
    exactly_once: bool,
    clean: bool,
    reason: str | None,
) -> None:
    found = stale_reason(
        identity, IDENTITY, offset, bounds, exactly_once=exactly_once, clean=clean, has_data=True
    )
    if reason is None:
        assert found is None
    else:
        assert found is not None and reason in found
    assert (
        stale_reason(None, IDENTITY, None, None, exactly_once=True, clean=False, has_data=False)
        is None
    )


def test_exactly_once_wipes_what_a_crash_left_and_keeps_a_clean_stop(tmp_path: Path) -> None:
    store = new_store(tmp_path, exactly_once=True)
    assign(store, {1})
    (key,) = keys_in(1, 1)
    store.write(1, [record(key, SessionState())], [(0, 0)])
    db = faust_bridge.rocksdb_partition_db(store, 1)
    assert db.get(IDENTITY_KEY) == IDENTITY and db.get(CLEAN_KEY) is None
    store.mark_clean()
    asyncio.run(store.stop())

    clean = new_store(tmp_path, exactly_once=True, changelog_end=1)
    assign(clean, {1})
    assert set(clean.data) == {key} and clean.wipes == {}
    # Opened again and never stopped cleanly (a SIGKILL): the marker is gone.
    asyncio.run(clean.stop())

    crashed = new_store(tmp_path, exactly_once=True, changelog_end=1)
    assign(crashed, {1})
    assert crashed.data == {}
    assert crashed.persisted_offset(TP(TOPIC, 1)) is None  # the changelog rebuilds it
    assert crashed.wipes == {"unclean shutdown under exactly-once": 1}


def test_a_store_of_another_deployment_is_wiped(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    assign(store, {0})
    (key,) = keys_in(0, 1)
    store.write(0, [record(key, SessionState())], [(0, 0)])
    asyncio.run(store.stop())

    other = new_store(tmp_path, changelog_end=1)
    other.identity = orjson.dumps({"app": "another", "changelog": TOPIC})
    assign(other, {0})
    assert other.data == {} and other.persisted_offset(TP(TOPIC, 0)) is None
    assert other.wipes == {"another deployment": 1}


def test_a_store_past_the_changelog_s_end_is_wiped(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    assign(store, {0})
    (key,) = keys_in(0, 1)
    store.write(0, [record(key, SessionState())], [(0, 30)])
    asyncio.run(store.stop())

    async def bounds(tps: set[TP]) -> dict[TP, tuple[int, int]]:
        return {tp: (0, 5) for tp in tps}  # the topic was recreated: 5 records in all

    recreated = new_store(tmp_path)
    recreated.offset_bounds = bounds
    assign(recreated, {0})
    assert recreated.data == {} and recreated.persisted_offset(TP(TOPIC, 0)) is None
