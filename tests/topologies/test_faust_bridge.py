"""Guards for the two bridge modules, the only ones that read private Faust and aiokafka
attributes outside the patches: topologies/faust_bridge.py (Faust's objects) and
pipeline/kafka/aiokafka_bridge.py (aiokafka's own clients, which the Kafka helpers of
``pipeline`` need too). Each attribute they use is pinned on the real classes and
instances (these tests fail when a faust-streaming or aiokafka upgrade moves or renames
one), and no other product module reads a private attribute of theirs."""

from __future__ import annotations

import ast
import asyncio
import inspect
from collections.abc import MutableMapping, MutableSet
from pathlib import Path
from typing import Any

import faust
import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.client import AIOKafkaClient
from aiokafka.cluster import ClusterMetadata
from faust.transport.consumer import Consumer
from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

from pipeline.config import WorkerSettings
from pipeline.kafka import aiokafka_bridge
from topologies import faust_bridge
from topologies.app import PipelineApp, app_settings

ROOT = Path(__file__).resolve().parents[2]
# The places allowed to read private Faust and aiokafka attributes: the two bridges and
# the patches.
BRIDGES = (
    ROOT / "topologies" / "faust_bridge.py",
    ROOT / "pipeline" / "kafka" / "aiokafka_bridge.py",
)
ALLOWED = (*BRIDGES, ROOT / "topologies" / "patches")
LIBRARIES = ("faust", "aiokafka", "mode")


def new_app(name: str) -> faust.App:
    return faust.App(name, broker="kafka://127.0.0.1:9")


# -- each attribute the bridge uses, on the real thing ------------------------------------------


def test_the_consumers_unacked_set_and_its_waiter() -> None:
    consumer: Any = new_app("bridge-consumer").consumer
    assert isinstance(consumer._unacked_messages, MutableSet)
    assert consumer._waiting_for_ack is None  # a future while a rebalance waits
    message = object.__new__(type("Message", (), {"__weakref__": None}))
    faust_bridge.hold_for_rebalance(consumer, message)
    assert message in consumer._unacked_messages
    faust_bridge.let_go(consumer, message)
    assert not consumer._unacked_messages
    # wait_empty waits on this future while the set holds anything; ack wakes it.
    assert "self._waiting_for_ack = asyncio.Future(" in inspect.getsource(Consumer._wait_for_ack)
    assert "notify(self._waiting_for_ack)" in inspect.getsource(Consumer.ack)

    async def woken() -> bool:
        consumer._waiting_for_ack = asyncio.get_running_loop().create_future()
        faust_bridge.wake_rebalance(consumer)
        return bool(consumer._waiting_for_ack.done())

    assert asyncio.run(woken())


def test_the_consumers_committed_offsets() -> None:
    consumer: Any = new_app("bridge-committed").consumer
    committed = faust_bridge.committed_offsets(consumer)
    assert committed is consumer._committed_offset and isinstance(committed, MutableMapping)
    # Faust's own commit reads it (what exactly-once writes there keeps Faust from
    # committing an offset back).
    assert "self._committed_offset" in inspect.getsource(type(consumer)._should_commit)
    assert faust_bridge.committed_offsets(object()) == {}


def test_the_producers_aiokafka_producer() -> None:
    producer: Any = new_app("bridge-producer").producer
    ensure = faust_bridge.aiokafka_producer(producer)
    assert ensure == producer._ensure_producer
    with pytest.raises(Exception, match="not yet started"):
        ensure()  # before the app started: NotReady
    assert "return self._producer" in inspect.getsource(type(producer)._ensure_producer)


def test_the_consumer_thread_and_its_group_coordinator() -> None:
    consumer: Any = new_app("bridge-thread").consumer
    assert any("_thread" in getattr(c, "__annotations__", {}) for c in type(consumer).__mro__)
    assert callable(AIOKafkaConsumerThread._ensure_consumer)
    assert "self._coordinator = " in inspect.getsource(AIOKafkaConsumer)
    from aiokafka.consumer.group_coordinator import GroupCoordinator

    source = "".join(inspect.getsource(c) for c in GroupCoordinator.__mro__[:-1])
    assert "self._client = " in source
    assert "group" in inspect.signature(AIOKafkaClient.send).parameters


def test_the_channel_queue_root_and_subscribers() -> None:
    channel: Any = new_app("bridge-channel").channel()
    assert faust_bridge.channel_queue(channel) is None  # made on first use
    queue = channel.queue
    assert faust_bridge.channel_queue(channel) is queue
    faust_bridge.set_channel_queue(channel, "q")
    assert channel._queue == "q"
    clone = channel.clone(is_iterator=True)
    assert clone._root is channel
    assert faust_bridge.channel_subscribers(channel) == [clone]
    assert faust_bridge.channel_subscribers(clone) == [clone]


def test_the_assignment_hook_extends_faust_s_handling_of_an_assignment() -> None:
    parameters = list(inspect.signature(faust.App._on_partitions_assigned).parameters)
    assert parameters == ["self", "assigned", "generation_id"]
    # PipelineApp's assignment handling is the hook's, which then calls Faust's.
    assert (
        PipelineApp._on_partitions_assigned is faust_bridge.AssignmentHook._on_partitions_assigned
    )
    assert PipelineApp.__mro__.index(faust_bridge.AssignmentHook) < PipelineApp.__mro__.index(
        faust.App
    )
    # The app hands it to its consumer, which calls it on every assignment.
    assert "on_partitions_assigned=self._on_partitions_assigned" in inspect.getsource(
        faust.App._new_consumer
    )

    class Refuses(PipelineApp):
        async def before_partitions_assigned(self, assigned: Any) -> bool:
            return False

    faust_calls: list[Any] = []

    async def handle(assigned: set[Any]) -> None:
        app = PipelineApp("bridge-hook", **app_settings(WorkerSettings()))
        refusing = Refuses("bridge-hook-refuses", **app_settings(WorkerSettings()))
        original = faust.App._on_partitions_assigned

        async def recorded(self: Any, assigned: Any, generation_id: int = 0) -> None:
            faust_calls.append((self.conf.id, assigned, generation_id))

        faust.App._on_partitions_assigned = recorded  # type: ignore[method-assign]
        try:
            await app._on_partitions_assigned(assigned, 7)
            await refusing._on_partitions_assigned(assigned, 8)
        finally:
            faust.App._on_partitions_assigned = original  # type: ignore[method-assign]

    asyncio.run(handle({"tp"}))
    assert faust_calls == [("bridge-hook", {"tp"}, 7)]


def test_the_in_memory_stores_key_partitions() -> None:
    table: Any = new_app("bridge-store").Table("t")
    key_partition = faust_bridge.key_partitions(table.data)
    assert key_partition is table.data._key_partition and isinstance(key_partition, dict)
    from faust.stores.memory import Store

    assert "_key_partition" in inspect.getsource(Store)
    assert faust_bridge.key_partitions(object()) is None


def test_the_aiokafka_client_calls_and_metadata_table() -> None:
    assert list(inspect.signature(AIOKafkaClient._wait_on_metadata).parameters) == [
        "self",
        "topic",
    ]
    assert inspect.iscoroutinefunction(AIOKafkaClient._wait_on_metadata)
    assert list(inspect.signature(AIOKafkaClient.force_metadata_update).parameters) == ["self"]
    assert "self._client = AIOKafkaClient(" in inspect.getsource(AIOKafkaConsumer.__init__)
    assert "self.cluster = ClusterMetadata(" in inspect.getsource(AIOKafkaClient.__init__)
    # The bridge calls exactly those (on stand-ins: no broker here).
    calls: list[Any] = []

    class Client:
        cluster = ClusterMetadata()

        async def _wait_on_metadata(self, topic: str) -> None:
            calls.append(("wait", topic))

        async def force_metadata_update(self) -> None:
            calls.append("refresh")

    class Consumer:
        _client = Client()

    async def bridge_calls() -> None:
        await aiokafka_bridge.wait_on_metadata(Client(), "t")
        await aiokafka_bridge.refresh_metadata(Consumer())

    asyncio.run(bridge_calls())
    assert calls == [("wait", "t"), "refresh"]
    assert aiokafka_bridge.consumer_cluster(Consumer()) is Client.cluster
    table = aiokafka_bridge.partition_table(ClusterMetadata())
    assert table == {} and isinstance(table, dict)
    assert "_partitions" in inspect.getsource(ClusterMetadata.update_metadata)


# -- nobody else reads them -------------------------------------------------------------------


def _product_files() -> list[Path]:
    files = [*(ROOT / "pipeline").rglob("*.py"), *(ROOT / "topologies").rglob("*.py")]
    return sorted(
        f for f in files if not any(f == allowed or allowed in f.parents for allowed in ALLOWED)
    )


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _library_names(tree: ast.Module) -> set[str]:
    """Names bound in the module to something imported from Faust, aiokafka or mode."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in LIBRARIES:
                    names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in LIBRARIES:
            names |= {alias.asname or alias.name for alias in node.names}
    return names


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
        node = node.value if not isinstance(node, ast.Call) else node.func
    return node.id if isinstance(node, ast.Name) else None


def private_reads(path: Path) -> list[str]:
    """Private attributes of other code read or written in ``path``: ``x._name`` (not on
    self or cls) and getattr/setattr/hasattr with a "_name", unless the module defines
    that name itself; and any ``self._name`` inside a class derived from a Faust,
    aiokafka or mode class (those attributes are the library's)."""
    tree = ast.parse(path.read_text())
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _private(node.value)
            and node.value.isidentifier()
        ):
            own.add(node.value)  # __slots__ entries
    library = _library_names(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(_root_name(b) in library for b in node.bases):
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Attribute)
                    and _private(inner.attr)
                    and isinstance(inner.value, ast.Name)
                    and inner.value.id == "self"
                ):
                    found.append(f"{path.name}:{inner.lineno} self.{inner.attr} ({node.name})")
        if isinstance(node, ast.Attribute) and _private(node.attr):
            on_self = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if not on_self and node.attr not in own:
                found.append(f"{path.name}:{node.lineno} .{node.attr}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and _private(node.args[1].value)
        ):
            # A string names the attribute: "own" counts the string itself, so only the
            # module's real definitions may vouch for it.
            name = node.args[1].value
            defined = any(
                (isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and n.attr == name)
                or (isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name)
                for n in ast.walk(tree)
            )
            if not defined:
                found.append(f"{path.name}:{node.lineno} {node.func.id}(..., {name!r})")
    return found


def test_no_module_but_the_bridge_and_the_patches_reads_private_library_attributes() -> None:
    files = _product_files()
    assert len(files) > 50 and not any(f in BRIDGES for f in files)
    found = [hit for f in files for hit in private_reads(f)]
    assert found == [], "read these through a bridge module: " + ", ".join(found)


def test_the_scan_finds_what_it_is_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import faust\n"
        "class Channel(faust.Channel):\n"
        "    def queue(self):\n"
        "        return self._queue\n"
        "def f(consumer, store):\n"
        "    consumer._unacked_messages.add(1)\n"
        "    return getattr(store, '_key_partition', None)\n"
        "class Own:\n"
        "    __slots__ = ('_data',)\n"
        "def g(own):\n"
        "    return own._data\n"
    )
    assert sorted(hit.split(" ", 1)[1] for hit in private_reads(sample)) == [
        "._unacked_messages",
        "getattr(..., '_key_partition')",
        "self._queue (Channel)",
    ]
