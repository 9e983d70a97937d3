"""Exactly-once on Apache Kafka: one transactional producer per input partition (a *task*),
and the checkpoint's offsets committed inside their transactions.

Why a producer per input partition, not one per worker: aiokafka speaks only version 0 of
TxnOffsetCommit, which carries no consumer-group generation (KIP-447 added it), so the
group coordinator accepts a transactional offset commit from a worker that has lost its
partitions. What fences such a *zombie* (a worker paused past its session timeout, then
resumed) is its transactional id: each input partition's outputs, state and offsets go
through the producer whose id names that partition (``<app>-<topic>-<partition>``), and a
worker that is assigned the partition starts that producer before it reads the partition's
committed offset. Starting it (InitProducerId) bumps the id's epoch: the broker aborts the
zombie's open transaction at once and refuses everything the zombie's producer sends after
(``ProducerFenced``: the zombie stops with an error). The same start aborts what a worker
killed mid-transaction left open, so read_committed readers never wait for its timeout.
Kafka Streams before KIP-447 (``exactly_once``, a producer per task) and Faust's own
transaction manager fence the same way.

Tasks are independent because in exactly-once mode a raw partition's task only stages
(its transaction holds dead letters and the partition's offset: no state; the re-keyed
events go outside the transactions, ``BatchProcessor.stage_batches`` says why) and a
re-key partition's task owns the sessions of that partition (their outputs and their
state changelog records, whose partition is the same number): no record of one task's
transaction depends on another's.

The commit order itself (what goes into a transaction, when it commits): the docstring of
:meth:`topologies.checkpoint.Checkpoint.commit`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.structs import OffsetAndMetadata

from pipeline.kafka.security import KafkaSecurity, aiokafka_options
from topologies.patches import find_coordinator

log = logging.getLogger("chao.transactions")

Task = tuple[str, int]  # the input (topic, partition) whose transaction a record belongs to


def transactional_id(app_id: str, task: Task) -> str:
    """The producer id that fences a partition's previous owner."""
    return f"{app_id}-{task[0]}-{task[1]}"


def kafka_producer_factory(
    bootstrap: str, security: KafkaSecurity | None = None, **settings: Any
) -> Callable[[str], Any]:
    """Builds the aiokafka transactional producer for one transactional id, with the
    client security settings (None: the environment's, pipeline.kafka.security)."""
    options = {**aiokafka_options(security), **settings}

    def make(tid: str) -> Any:
        producer = AIOKafkaProducer(
            bootstrap_servers=bootstrap,
            transactional_id=tid,
            enable_idempotence=True,
            acks="all",
            linger_ms=0,
            **options,
        )
        # A broker closing its connections (a rolling restart) must not fail the
        # transaction for good: topologies.patches.find_coordinator.
        return find_coordinator.configure(producer)

    return make


class TaskProducers:
    """The transactional producers of the tasks a worker is assigned, each with an open
    transaction.

    ``make`` builds an unstarted producer for a transactional id (aiokafka's, or a fake in
    tests). :meth:`assign` starts the producers (fencing the tasks' previous owners) and
    opens their transactions; :meth:`producer` hands one out to a publisher;
    :meth:`seal` closes the transactions a commit takes (the ones written to, and those
    given) to new records; :meth:`commit` commits the sealed transactions with the offsets
    given and opens the next; :meth:`close` aborts what is open and stops them.

    Why sealing: the checkpoint takes what a commit holds under the processing lock and
    then lets the agents go on while the commit's round trips run
    (:meth:`topologies.checkpoint.Checkpoint.commit`). A record an agent publishes
    meanwhile belongs to a later batch, whose offsets are not in this commit, so it must
    not join a sealed transaction: :meth:`opened` waits until that task's next transaction
    is open. Records for tasks this commit does not take go into their open transactions
    at once.
    """

    def __init__(
        self,
        app_id: str,
        make: Callable[[str], Any],
        stable: Callable[[list[Task]], Awaitable[object]] | None = None,
    ) -> None:
        """``stable``: awaited with every assigned task after the new ones' producers
        started, before anything reads their committed offsets: it returns once no
        transactional offset commit of theirs is pending (on Kafka,
        :func:`pipeline.kafka.stable_offsets.await_stable_offsets`)."""
        self.app_id = app_id
        self.make = make
        self.stable = stable
        self.producers: dict[Task, Any] = {}
        self.written: set[Task] = set()  # tasks whose open transaction holds records
        # Tasks whose transaction a commit has taken; each event is set once the task's
        # next transaction is open (or the commit failed: ``failed``).
        self.sealed: dict[Task, asyncio.Event] = {}
        self.failed: BaseException | None = None

    async def assign(self, tasks: Iterable[Task]) -> None:
        """Start a producer for each task not started yet and open its transaction (the
        start fences the task's previous owner and completes what it left open); then
        wait until every assigned task's committed offset is stable: a commit made just
        before this rebalance, by the previous owner or by this worker, may still be
        pending at the group coordinator, and an offset read then is the one before it
        (its records would be processed again)."""
        assigned = sorted(set(tasks))
        new = [task for task in assigned if task not in self.producers]
        if new:
            await self._start_all(new)
        if self.stable is not None and assigned:
            await self.stable(assigned)

    async def _start_all(self, new: list[Task]) -> None:
        started = await asyncio.gather(*(self._start(task) for task in new), return_exceptions=True)
        failed = None
        for task, result in zip(new, started, strict=True):
            if isinstance(result, BaseException):
                failed = failed or result
            else:
                self.producers[task] = result
        if failed is not None:
            raise failed
        log.info("transactional producers started for %d tasks (previous owners fenced)", len(new))

    async def _start(self, task: Task) -> Any:
        producer = self.make(transactional_id(self.app_id, task))
        try:
            await producer.start()  # InitProducerId: fences the id's previous holder
            await producer.begin_transaction()
        except BaseException:
            await _quietly(producer.stop())
            raise
        return producer

    def producer(self, task: Task | None) -> Any:
        """The producer of ``task``'s transaction (its records are committed with it)."""
        if task is None:
            raise RuntimeError("exactly-once: a record without its input partition's task")
        try:
            producer = self.producers[task]
        except KeyError:
            raise RuntimeError(f"exactly-once: no transaction for {task[0]}[{task[1]}]") from None
        if task not in self.sealed:
            self.written.add(task)
        return producer

    def sealed_producer(self, task: Task | None) -> Any:
        """The producer of a transaction the running commit sealed (the commit's own
        records: the changed states)."""
        if task is None or task not in self.sealed:
            name = "no task" if task is None else f"{task[0]}[{task[1]}]"
            raise RuntimeError(f"exactly-once: a commit's record for an unsealed task: {name}")
        return self.producers[task]

    async def opened(self, task: Task | None) -> None:
        """Return once ``task``'s transaction takes new records: at once, unless a commit
        sealed it (then when its next transaction is open). Raises if that commit
        failed."""
        if task is None:
            return
        reopened = self.sealed.get(task)
        if reopened is not None:
            await reopened.wait()
        if self.failed is not None:
            raise RuntimeError("exactly-once: the commit of a transaction failed") from self.failed

    def seal(self, tasks: Iterable[Task] = ()) -> list[Task]:
        """Close the transactions a commit takes, the ones written to and ``tasks`` (those
        with offsets or state to commit), to records of later batches
        (:meth:`opened`); return them. Call with the processing lock held."""
        if self.sealed:
            raise RuntimeError("exactly-once: a commit is already sealed")
        sealed = sorted(self.written | set(tasks))
        missing = [task for task in sealed if task not in self.producers]
        if missing:
            names = ", ".join(f"{t}[{p}]" for t, p in missing)
            raise RuntimeError(f"exactly-once: offsets of unassigned partitions: {names}")
        self.written.clear()
        self.sealed = {task: asyncio.Event() for task in sealed}
        return sealed

    async def flush(self) -> None:
        """Every record sent so far is acknowledged (still uncommitted)."""
        await asyncio.gather(*(self.producers[task].flush() for task in self.written))

    async def commit(self, offsets: Mapping[Task, int], group_id: str) -> None:
        """Commit each sealed transaction (:meth:`seal`; without one, seal the tasks written
        to and those of ``offsets`` now): its input offset (``offsets``, the next offset to
        read) goes in with it; then open the next and let records for it in (:meth:`opened`).
        The tasks commit side by side: each is atomic by itself, and none depends on another
        (module docstring)."""
        if not self.sealed:
            self.seal(offsets)
        outside = [task for task in offsets if task not in self.sealed]
        if outside:
            names = ", ".join(f"{t}[{p}]" for t, p in outside)
            raise RuntimeError(f"exactly-once: offsets of unsealed partitions: {names}")
        sealed = self.sealed
        try:
            await asyncio.gather(
                *(self._commit(task, offsets.get(task), group_id, sealed[task]) for task in sealed)
            )
        except BaseException as exc:
            self.failed = self.failed or exc
            raise
        finally:
            for reopened in sealed.values():  # the failed ones raise in opened()
                reopened.set()
            self.sealed = {}

    async def _commit(
        self, task: Task, offset: int | None, group_id: str, reopened: asyncio.Event
    ) -> None:
        producer = self.producers[task]
        if offset is not None:
            await producer.send_offsets_to_transaction(
                {TopicPartition(*task): OffsetAndMetadata(offset, "")}, group_id
            )
        await producer.commit_transaction()
        await producer.begin_transaction()
        reopened.set()  # this task takes records again; the others may still commit

    async def close(self) -> list[Task]:
        """Abort the open transactions (what they hold is processed again by the
        partitions' next owners) and stop every producer; return the tasks whose
        aborted transaction held records."""
        producers, self.producers = self.producers, {}
        written, self.written = sorted(self.written | set(self.sealed)), set()
        if self.sealed:  # a commit that never finished: whoever waits on it must not go on
            self.failed = self.failed or RuntimeError("exactly-once: transactions closed")
            for reopened in self.sealed.values():
                reopened.set()
            self.sealed = {}
        await asyncio.gather(*(_abort_and_stop(p) for p in producers.values()))
        return written


async def _abort_and_stop(producer: Any) -> None:
    await _quietly(producer.abort_transaction())  # fenced or broken: the broker aborts it
    await _quietly(producer.stop())


async def _quietly(work: Awaitable[Any]) -> None:
    try:
        await work
    except Exception as exc:  # closing: the next owner's start aborts what is left open
        log.debug("while closing a transactional producer: %s: %s", type(exc).__name__, exc)
