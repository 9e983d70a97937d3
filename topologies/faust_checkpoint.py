"""The checkpoint (topologies/checkpoint.py) on Faust and aiokafka: its three interfaces
and when it commits.

It commits on its own timer (every ``commit_interval_s``), at the start of every rebalance
(:meth:`FaustCheckpoint.commit_soon`, called by ``PipelineApp.on_rebalance_start``), once
more for each batch an agent finishes while the rebalance waits for it, and at stop. Faust
keeps committing on its own too, but it only ever commits offsets the checkpoint acked,
after their state was written: the agents ack nothing themselves.

While a batch is in flight one of its messages is in Faust's set of unacked messages, so a
rebalance waits (``Consumer.wait_empty``) until the checkpoint acked the batch before it
commits and revokes the partitions (one message per batch: the set is a WeakSet, costly
per message).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import faust

from topologies.checkpoint import Checkpoint
from topologies.publish import BatchPublisher
from topologies.state import BatchedTableStore, encode_state

log = logging.getLogger("chao.topology")


class ProducerOutputs:
    """OutputSink: the app's aiokafka producer (the agents' outputs, and anything sent
    through Faust's own producer path)."""

    def __init__(self, producer: Callable[[], Any]) -> None:
        self._producer = producer

    async def flush(self) -> None:
        await self._producer().flush()


class ChangelogState:
    """StateWriter: the sessions table's changed states, written to its changelog topic."""

    def __init__(self, store: BatchedTableStore, publisher: BatchPublisher, topic: str) -> None:
        self.store = store
        self.publisher = publisher
        self.topic = topic

    def take(self) -> Sequence[Any]:
        return self.store.flush()

    def add(self, changes: Sequence[Any]) -> None:
        add = self.publisher.add
        for key, state in changes:
            add(self.topic, key.encode(), encode_state(state))

    async def write(self) -> None:
        await self.publisher.publish()

    def discard(self) -> None:
        self.store.discard_pending()


class ConsumerOffsets:
    """OffsetCommitter: Faust's consumer (its acked offsets, its commit)."""

    def __init__(self, app: faust.App) -> None:
        self.app = app

    def take(self, messages: list[Any]) -> list[Any]:
        """The messages of a fetched batch that belong to the current assignment; the last
        one joins Faust's unacked messages (a rebalance waits for it). Messages fetched
        before a rebalance (older consumer generation) are dropped unacked: the
        partition's owner fetches them again from the committed offset."""
        generation = self.app.consumer_generation_id
        live = [m for m in messages if m.generation_id == generation]
        if live:
            consumer: Any = self.app.consumer
            consumer._unacked_messages.add(live[-1])  # no public way without sensors
        return live

    def ack(self, batch: Sequence[Any]) -> None:
        ack = self.app.consumer.ack
        for message in batch:
            ack(message)

    async def commit(self) -> None:
        await self.app.consumer.commit()


class FaustCheckpoint:
    """A :class:`Checkpoint` wired to a Faust app; an error while committing stops the
    worker (offsets must not be committed ahead of the state; a restart loses nothing)."""

    def __init__(
        self,
        app: faust.App,
        store: BatchedTableStore,
        publisher: BatchPublisher,
        changelog: str,
        lock: asyncio.Lock,
    ) -> None:
        self.app = app
        self.offsets = ConsumerOffsets(app)
        producer: Any = app.producer
        self.checkpoint = Checkpoint(
            ProducerOutputs(producer._ensure_producer),  # Faust's own aiokafka producer
            ChangelogState(store, publisher, changelog),
            self.offsets,
            lock,
        )
        self._soon: asyncio.Future[None] | None = None
        self._again = False
        # Set once the agents know their topics (first batch): nothing to commit before,
        # and the producer may not run yet.
        self.enabled = False

    def take(self, messages: list[Any]) -> tuple[list[Any], int]:
        """A fetched batch's live messages, and the epoch to hand to :meth:`processed`."""
        return self.offsets.take(messages), self.checkpoint.epoch

    def processed(self, messages: list[Any], epoch: int) -> None:
        self.checkpoint.processed(messages, epoch)
        if self.app.rebalancing:  # the rebalance waits for this batch's ack: now
            self.commit_soon()

    def revoke(self) -> None:
        self.checkpoint.revoke()

    def commit_soon(self) -> None:
        """Commit as soon as possible, in a task on the app's event loop (again after a
        running commit).

        Faust calls ``on_rebalance_start`` from its consumer thread, whose event loop is
        not the app's: a commit task started there awaited the app loop's lock and
        futures and crashed the worker ("attached to a different loop") at rebalances
        (the soak's storm). So from any other loop this hands over to the app's.
        """
        loop = self.app.loop
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not loop:
            if not loop.is_closed():  # closed: the worker has stopped, final_commit ran
                loop.call_soon_threadsafe(self.commit_soon)
            return
        self._again = True
        if self._soon is None or self._soon.done():
            self._soon = loop.create_task(self._commit_while_asked())

    async def _commit_while_asked(self) -> None:
        while self._again:
            self._again = False
            try:
                await self.commit()
            except Exception:  # logged, and the worker is stopping (commit)
                return

    async def commit(self) -> None:
        if not self.enabled or self.app.crash_reason is not None:
            return  # a failed batch may have changed states it never published
        try:
            await self.checkpoint.commit()
        except Exception as exc:
            log.error("commit failed, stopping the worker: %s: %s", type(exc).__name__, exc)
            await self.app.crash(exc)
            raise

    async def final_commit(self) -> None:
        """At stop, before Faust stops the consumer; a failure is logged (what is not
        committed is processed again after a restart)."""
        if not self.enabled or self.app.crash_reason is not None:
            return
        try:
            await self.checkpoint.commit()
        except Exception as exc:
            log.warning("last commit at stop failed: %s: %s", type(exc).__name__, exc)
