"""Every private Faust and aiokafka attribute the worker reads or writes, outside the
patches (``topologies.patches``, which change how those libraries behave): one small
function each, with why no public way serves.

Everything else reaches Faust and aiokafka through their public API.
tests/topologies/test_faust_bridge.py
pins each attribute used here on the real classes (it fails when an upgrade of
faust-streaming or aiokafka moves or renames one) and checks that no other module reads
a private attribute of theirs.

The private attributes of aiokafka's own clients (metadata, the partition table), which
the Kafka helpers of ``pipeline.kafka`` need too, are in :mod:`pipeline.kafka.aiokafka_bridge`
(``pipeline`` never imports ``topologies``).

The module imports neither library (its functions take their objects).
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

# -- Faust's consumer (faust.transport.consumer.Consumer) ----------------------------------
# A rebalance waits (``Consumer.wait_empty``) while the consumer's set of unacked messages
# holds anything, and an ack removes a message from it. The checkpoint keeps one message
# per batch in flight there until the batch is committed (topologies.faust_checkpoint).


def hold_for_rebalance(consumer: Any, message: Any) -> None:
    """Make a rebalance wait for ``message`` (the last of a batch in flight). Faust adds a
    message to the set only through its per-message sensors path (``track_message``), far
    too costly per message; there is no public call for just this."""
    consumer._unacked_messages.add(message)


def let_go(consumer: Any, message: Any) -> None:
    """A rebalance stops waiting for ``message`` without Faust acking it (so without its
    offset ever being committed by Faust): the counterpart of :func:`hold_for_rebalance`."""
    consumer._unacked_messages.discard(message)


def wake_rebalance(consumer: Any) -> None:
    """Wake a rebalance waiting in ``Consumer.wait_empty`` to look at the set again (what
    ``Consumer.ack`` does after removing a message; mode's ``notify``)."""
    waiting = consumer._waiting_for_ack
    if waiting is not None and not waiting.done():
        waiting.set_result(None)


def committed_offsets(consumer: Any) -> MutableMapping[Any, int | None]:
    """Faust's committed offsets per TP, the map itself (no public view, and no public way
    to tell Faust of offsets committed elsewhere: exactly-once commits them in the tasks'
    transactions and writes them here, so Faust's own commits never move one back; the
    watchdog and the metrics read them). Empty for a consumer without one."""
    committed: MutableMapping[Any, int | None] = getattr(consumer, "_committed_offset", {})
    return committed


# -- Faust's producer and consumer thread (faust.transport.drivers.aiokafka) --------------


def aiokafka_producer(faust_producer: Any) -> Callable[[], Any]:
    """The call that returns Faust's running ``AIOKafkaProducer`` (raising NotReady before
    it started): the publishers send whole batches through it (topologies.publish), which
    Faust's per-record send path cannot."""
    ensure: Callable[[], Any] = faust_producer._ensure_producer
    return ensure


def consumer_thread(consumer: Any) -> Any:
    """Faust's consumer thread (``AIOKafkaConsumerThread``), where aiokafka's consumer and
    its group coordinator run (topologies.membership asks the coordinator there)."""
    return consumer._thread


def group_coordinator(thread: Any) -> Any:
    """aiokafka's ``GroupCoordinator`` of the consumer the thread runs (call on the
    thread): it knows the generation and member id the consumer joined with."""
    return aiokafka_consumer(thread)._coordinator


async def member_id(consumer: Any) -> str:
    """The member id Faust's ``consumer`` joined its group with ("" while it has none),
    read on the consumer thread, where aiokafka's coordinator runs."""
    thread = consumer_thread(consumer)

    async def read() -> str:
        return str(group_coordinator(thread).member_id or "")

    answer: str = await thread.call_thread(read)
    return answer


def aiokafka_consumer(thread: Any) -> Any:
    """aiokafka's ``AIOKafkaConsumer`` that Faust's consumer thread runs (call on the
    thread)."""
    return thread._ensure_consumer()


async def send_to_coordinator(coordinator: Any, node: int, request: Any, group: Any) -> Any:
    """Send one request to the group coordinator's node through the coordinator's own
    client connection: aiokafka's ``_do_heartbeat`` would reset the member on a refusal,
    racing the consumer's own rejoin (topologies.membership)."""
    return await coordinator._client.send(node, request, group=group)


# -- Faust's channels (faust.channels.Channel) ---------------------------------------------


def channel_queue(channel: Any) -> Any:
    """The queue a channel made, None before its first use (``Channel.queue`` makes one with
    the app's flow control, which a :class:`~topologies.handoff.BatchChannel` must not)."""
    return channel._queue


def set_channel_queue(channel: Any, queue: Any) -> None:
    """Give a channel its queue (read back by Faust through ``Channel.queue``)."""
    channel._queue = queue


def channel_subscribers(channel: Any) -> list[Any]:
    """The channels subscribed to ``channel``'s root (an agent's stream iterates over a
    clone): their queues hold the batches waiting."""
    root = channel._root if channel._root is not None else channel
    return list(root._subscribers)


# -- Faust's app and stores ------------------------------------------------------------------


class AssignmentHook:
    """Mixed into a ``faust.App`` (before it in the bases): awaits
    :meth:`before_partitions_assigned` before Faust handles an assignment, and skips
    Faust's handling when it answers False. Faust has no public hook that runs before
    its own handling (``on_partitions_assigned`` is a signal sent after the streams
    were told): exactly-once must start the assigned partitions' producers, fencing
    their previous owners, before the streams seek to the committed offsets."""

    async def before_partitions_assigned(self, assigned: Any) -> bool:
        return True

    async def _on_partitions_assigned(self, assigned: Any, generation_id: int = 0) -> None:
        if await self.before_partitions_assigned(assigned):
            app: Any = super()
            await app._on_partitions_assigned(assigned, generation_id)


def key_partitions(store: Any) -> MutableMapping[str, int] | None:
    """The in-memory store's map of key -> partition, by which it forgets the keys of
    partitions not assigned after recovery (``Store.on_recovery_completed``); a table that
    applies its changelog records itself keeps it as Faust's ``apply_changelog_batch``
    does. None for a store without one."""
    return getattr(store, "_key_partition", None)


def rocksdb_partition_db(store: Any, partition: int) -> Any:
    """The RocksDB database of one partition of Faust's RocksDB store, opened when not
    open yet (``Store._db_for_partition``; no public call: Faust reaches it only through
    the current event's partition, and the sessions table writes outside any event,
    topologies.state_store)."""
    return store._db_for_partition(partition)


def rocksdb_open_dbs(store: Any) -> MutableMapping[int, Any]:
    """The partition databases Faust's RocksDB store has open, by partition (the map
    itself: ``Store._dbs``; a wiped partition leaves it, topologies.state_store)."""
    dbs: MutableMapping[int, Any] = store._dbs
    return dbs
