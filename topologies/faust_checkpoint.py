"""The checkpoint (topologies/checkpoint.py) on Faust and aiokafka: its three interfaces
and when it commits.

It commits on its own timer (every ``WorkerSettings.commit_interval``: the guarantee's
default unless set), at the start of every rebalance (:meth:`FaustCheckpoint.commit_soon`,
called by ``PipelineApp.on_rebalance_start``), once more for each batch an agent finishes
while the rebalance waits for it, and at stop. Faust
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
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import faust
from faust.types import TP

from topologies import faust_bridge
from topologies.checkpoint import Checkpoint, DeliveredOffsets, Membership
from topologies.membership import still_member
from topologies.patches.fetch_positions import FetchedBatch, next_offsets
from topologies.publish import BatchPublisher, Task
from topologies.state import BatchedTableStore, encode_state, partition_for
from topologies.state_store import SessionStore
from topologies.transactions import TaskProducers

log = logging.getLogger("chao.topology")


class ProducerOutputs:
    """OutputSink: the app's aiokafka producer (the agents' outputs, and anything sent
    through Faust's own producer path), and in exactly-once mode the tasks' producers."""

    def __init__(self, producer: Callable[[], Any], tasks: TaskProducers | None = None) -> None:
        self._producer = producer
        self._tasks = tasks

    async def flush(self) -> None:
        await self._producer().flush()
        if self._tasks is not None:
            await self._tasks.flush()


class ChangelogState:
    """StateWriter: the sessions table's changed states, written to its changelog topic."""

    def __init__(
        self,
        store: BatchedTableStore,
        publisher: BatchPublisher,
        topic: str,
        task_of: Callable[[str], Task | None] | None = None,
    ) -> None:
        self.store = store
        self.publisher = publisher
        self.topic = topic
        self.task_of = task_of  # exactly-once: the transaction a session's state joins
        # The RocksDB store (topologies.state_store), None in memory: the records written
        # go into it once acknowledged, with their offsets.
        local = getattr(store.table, "data", None)
        self.local = local if isinstance(local, SessionStore) else None
        self._local_pending: dict[int, list[tuple[bytes, bytes | None]]] = {}

    def take(self) -> Sequence[Any]:
        return self.store.flush()

    def add(self, changes: Sequence[Any]) -> None:
        add = self.publisher.add
        task_of = self.task_of
        local = self._local_pending if self.local is not None else None
        partitions = self.publisher.partitions(self.topic) if local is not None else 0
        for key, state in changes:
            task = None if task_of is None else task_of(key)
            raw_key, value = key.encode(), encode_state(state)
            add(self.topic, raw_key, value, task=task)
            if local is not None:
                local.setdefault(partition_for(raw_key, partitions), []).append((raw_key, value))

    async def write(self) -> None:
        pending, self._local_pending = self._local_pending, {}
        delivered = await self.publisher.publish()
        if self.local is None:
            return
        offsets: dict[int, list[tuple[int, int]]] = {}
        for where in delivered:
            if where.topic == self.topic:
                span = (where.first, where.first + where.count - 1)
                offsets.setdefault(where.partition, []).append(span)
        for partition, records in pending.items():
            if partition in offsets:
                self.local.write(partition, records, offsets[partition])

    def discard(self) -> None:
        self.store.discard_pending()


class ConsumerOffsets:
    """OffsetCommitter: Faust's consumer (its acked offsets, its commit)."""

    def __init__(self, app: faust.App) -> None:
        self.app = app

    def take(
        self,
        messages: list[Any],
        owned: Callable[[Task], bool] | None = None,
        fresh: Callable[[Any], bool] | None = None,
    ) -> list[Any]:
        """The messages of a fetched batch that belong to the current assignment; the last
        one joins Faust's unacked messages (a rebalance waits for it). Messages fetched
        before a rebalance (older consumer generation), or of a partition not ``owned``,
        are dropped unacked: the partition's owner fetches them again from the committed
        offset. Of the rest, those ``fresh`` refuses (exactly-once: delivered twice in
        this epoch, :class:`~topologies.checkpoint.DeliveredOffsets`) are dropped too: the
        first copy is acked with its batch."""
        generation = self.app.consumer_generation_id
        live = [
            m
            for m in messages
            if m.generation_id == generation and (owned is None or owned((m.topic, m.partition)))
        ]
        if fresh is not None:  # after the other filters: what it notes is then processed
            live = [m for m in live if fresh(m)]
        if live:
            faust_bridge.hold_for_rebalance(self.app.consumer, live[-1])
        if isinstance(messages, FetchedBatch):  # keep where the fetch left the partitions
            return messages if len(live) == len(messages) else messages.only(live)
        return live

    def ack(self, batch: Sequence[Any]) -> None:
        ack = self.app.consumer.ack
        for message in batch:
            ack(message)

    async def commit(self) -> None:
        await self.app.consumer.commit()

    def seal(self) -> None:
        raise NotImplementedError("at-least-once has no transactions to seal")

    async def membership(self) -> Membership:
        answer = await still_member(self.app)
        if answer is Membership.EXPELLED:
            log.warning(
                "not a member of the consumer group's generation of this assignment any more "
                "(expelled after missing its session timeout, or the group rebalanced since): "
                "nothing committed; the partitions' owners replay what it held"
            )
        return answer

    def release(self, batches: Sequence[Sequence[Any]]) -> None:
        consumer = self.app.consumer
        for batch in batches:
            if batch:
                faust_bridge.let_go(consumer, batch[-1])  # unacked: never committed
        faust_bridge.wake_rebalance(consumer)  # a rebalance waiting for them


class TransactionalOffsets:
    """OffsetCommitter in exactly-once mode: the acked batches' next offsets go into the
    tasks' transactions, which commit them (topologies.transactions).

    After the transactions committed, Faust's bookkeeping is brought up to date: its
    committed offsets (what the watchdog and the progress tracker read, and what keeps
    Faust's own periodic commit from committing anything: acks below them are ignored),
    and each batch's message in the unacked set is released (a rebalance waits for it).
    """

    def __init__(
        self,
        app: faust.App,
        tasks: TaskProducers,
        state_tasks: Callable[[], Iterable[Task]] = tuple,
    ) -> None:
        """``state_tasks``: the tasks of the state records added for this commit."""
        self.app = app
        self.tasks = tasks
        self.state_tasks = state_tasks
        self.offsets: dict[Task, int] = {}
        self.batches: list[Sequence[Any]] = []

    def ack(self, batch: Sequence[Any]) -> None:
        offsets = self.offsets
        for key, offset in next_offsets(batch).items():
            if offset > offsets.get(key, -1):
                offsets[key] = offset
        self.batches.append(batch)

    async def membership(self) -> Membership:
        return Membership.MEMBER  # not asked: the tasks' transactional ids fence

    def release(self, batches: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError("exactly-once never releases: a revocation commits")

    def seal(self) -> None:
        self.tasks.seal({*self.offsets, *self.state_tasks()})

    async def commit(self) -> None:
        offsets, self.offsets = self.offsets, {}
        batches, self.batches = self.batches, []
        await self.tasks.commit(offsets, self.app.conf.id)
        consumer = self.app.consumer
        committed = faust_bridge.committed_offsets(consumer)  # no public way to tell Faust
        for (topic, partition), offset in offsets.items():
            tp = TP(topic, partition)
            before = committed[tp]
            if before is None or offset > before:
                committed[tp] = offset
        for batch in batches:
            if batch:
                faust_bridge.let_go(consumer, batch[-1])
                consumer.ack(batch[-1])  # below the committed offset: only wakes waiters


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
        *,
        tasks: TaskProducers | None = None,
        task_topics: frozenset[str] = frozenset(),
        state_task: Callable[[str], Task | None] | None = None,
        stage_lock: asyncio.Lock | None = None,
    ) -> None:
        """``tasks`` (exactly-once): the transactional producers, one per assigned
        partition of ``task_topics``; ``state_task`` maps a session to the task whose
        transaction its state joins; ``stage_lock``: the stage agent's lock (exactly-once,
        :class:`Checkpoint`)."""
        self.app = app
        self.offsets = ConsumerOffsets(app)
        self.tasks = tasks
        self.task_topics = task_topics
        self.checkpoint = Checkpoint(
            # Faust's own aiokafka producer
            ProducerOutputs(faust_bridge.aiokafka_producer(app.producer), tasks),
            ChangelogState(store, publisher, changelog, state_task),
            self.offsets
            if tasks is None
            else TransactionalOffsets(app, tasks, publisher.pending_tasks),
            lock,
            exclusive=tasks is not None,
            stage_lock=stage_lock if tasks is not None else None,
        )
        self.delivered = DeliveredOffsets()  # exactly-once: records delivered twice
        self._soon: asyncio.Future[None] | None = None
        self._again = False
        # Set once the agents know their topics (first batch): nothing to commit before,
        # and the producer may not run yet.
        self.enabled = False

    def take(self, messages: list[Any]) -> tuple[list[Any], int]:
        """A fetched batch's live messages, and the epoch to hand to :meth:`processed`.

        Exactly-once, live also means that the partition's transaction is open: a batch
        an agent took just before a revocation, and so processes after it (the generation
        changes only at the next assignment), belongs to partitions whose producers the
        revocation closed; processed, it failed ("no transaction") and stopped the worker.
        And a record delivered a second time in this epoch (Faust's seek after recovery)
        is left out: :class:`~topologies.checkpoint.DeliveredOffsets`.
        """
        epoch = self.checkpoint.epoch
        if self.tasks is None:
            return self.offsets.take(messages), epoch
        delivered = self.delivered
        skipped = delivered.skipped

        def fresh(m: Any) -> bool:
            return delivered.fresh(m.topic, m.partition, m.offset, epoch)

        live = self.offsets.take(messages, self.tasks.producers.__contains__, fresh)
        if delivered.skipped != skipped:
            log.info(
                "skipped %d records delivered a second time in this assignment (their "
                "first copies are in the open transactions)",
                delivered.skipped - skipped,
            )
        return live, epoch

    def processed(self, messages: list[Any], epoch: int) -> None:
        self.checkpoint.processed(messages, epoch)
        if self.app.rebalancing:  # the rebalance waits for this batch's ack: now
            self.commit_soon()

    def fail(self, exc: BaseException) -> None:
        self.checkpoint.fail(exc)

    @asynccontextmanager
    async def revoking(self) -> AsyncIterator[None]:
        """:meth:`Checkpoint.revoking`; a failure (exactly-once: the commit) stops the
        worker, whose memory may then hold what its aborted transactions accounted for."""
        commit = self.enabled and self.app.crash_reason is None
        try:
            async with self.checkpoint.revoking(commit=commit):
                yield
        except Exception as exc:
            log.error("revocation failed, stopping the worker: %s: %s", type(exc).__name__, exc)
            await self.app.crash(exc)

    async def assign_tasks(self, assigned: Iterable[Any]) -> None:
        """Exactly-once: start the producers of the assigned input partitions (fencing
        their previous owners) before anything reads their committed offsets."""
        if self.tasks is not None:
            topics = self.task_topics
            await self.tasks.assign(
                {(tp.topic, tp.partition) for tp in assigned if tp.topic in topics}
            )

    async def close_tasks(self) -> None:
        """Exactly-once: abort the open transactions and stop the producers (inside
        :meth:`revoking`, and at stop). Aborting one that held records while the worker
        goes on would leave it with states its aborted outputs accounted for
        (:meth:`Checkpoint.revoking`): that stops the worker."""
        if self.tasks is None:
            return
        aborted = await self.tasks.close()
        if aborted and self.app.crash_reason is None and not self.app.should_stop:
            names = ", ".join(f"{topic}[{partition}]" for topic, partition in aborted)
            exc = RuntimeError(f"exactly-once: aborted transactions that held records: {names}")
            log.error("%s; stopping the worker", exc)
            await self.app.crash(exc)

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

    async def final_commit(self) -> bool:
        """At stop, before Faust stops the consumer; a failure is logged (what is not
        committed is processed again after a restart). True: everything processed is
        committed (or nothing was), so the local state store holds only committed states
        (topologies.state_store's clean-stop marker)."""
        if self.app.crash_reason is not None:
            return False
        if not self.enabled:
            return True
        try:
            await self.checkpoint.commit()
        except Exception as exc:
            log.warning("last commit at stop failed: %s: %s", type(exc).__name__, exc)
            return False
        return True
