"""The checkpoint: what the worker has processed but not yet committed, and the one method
that commits it (:meth:`Checkpoint.commit`, whose docstring is the commit order).

Pure: it talks to three small interfaces (:class:`OutputSink`, :class:`StateWriter`,
:class:`OffsetCommitter`), so tests drive it with fakes through every crash point and
rebalance (tests/topologies/test_checkpoint.py); ``topologies.faust_checkpoint`` adapts them to
Faust
and aiokafka. Why state at commit and not per batch, as Kafka Streams and Quix Streams do:
BENCHMARKS.md (a touched session's state, with the events waiting on its gaps, was
rewritten batch after batch).
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Protocol

#: Sessions whose state one hold of the processing lock encodes at a commit (about 10 ms).
STATE_CHUNK = 512


class OutputSink(Protocol):
    """Where the outputs go (the producer)."""

    async def flush(self) -> None:
        """Return once every output sent so far is acknowledged by the broker."""


class StateWriter(Protocol):
    """The changed session states and their changelog."""

    def take(self) -> Sequence[Any]:
        """The states changed since the last call (called under the processing lock)."""

    def add(self, changes: Sequence[Any]) -> None:
        """Encode some of them for writing (under the processing lock)."""

    async def write(self) -> None:
        """Send what :meth:`add` encoded; return once the broker acknowledged all of it."""

    def discard(self) -> None:
        """Forget changes not taken yet (their batches will be processed again)."""


class Membership(enum.Enum):
    """The group coordinator's answer: is this worker still a member of the generation
    whose partitions it processes?"""

    MEMBER = "member"
    EXPELLED = "expelled"  # refused, or rejoined since: its partitions may be others' now
    UNKNOWN = "unknown"  # no coordinator, or no answer: ask again at the next commit


class OffsetCommitter(Protocol):
    """The consumer's offsets."""

    def ack(self, batch: Sequence[Any]) -> None:
        """Mark a batch's messages committable."""

    async def commit(self) -> None:
        """Commit the offsets of every acked message to the broker."""

    def seal(self) -> None:
        """Exactly-once (``exclusive``) only: close the transactions this commit takes to
        records of later batches, until :meth:`commit` has committed them (under the
        processing lock, after the batches are acked and the states added)."""

    async def membership(self) -> Membership:
        """Ask the group coordinator now (topologies.membership)."""

    def release(self, batches: Sequence[Sequence[Any]]) -> None:
        """Let go of batches without committing them (the worker was expelled): a
        rebalance waits for them no longer; their partitions' owners replay them."""


class Checkpoint:
    """Owns the batches processed since the last commit and commits them in order.

    The agents call :meth:`processed` for each batch whose outputs the broker has
    acknowledged (they changed session states in memory on the way, under ``lock``);
    :meth:`commit` runs on a timer, at a rebalance and at stop; :meth:`revoking` when the
    worker's partitions are taken away.
    """

    def __init__(
        self,
        outputs: OutputSink,
        state: StateWriter,
        offsets: OffsetCommitter,
        lock: asyncio.Lock,
        *,
        state_chunk: int = STATE_CHUNK,
        exclusive: bool = False,
        stage_lock: asyncio.Lock | None = None,
    ) -> None:
        """``stage_lock`` (exclusive only): what the stage agent holds for a whole batch
        instead of the processing lock, since it changes no session state; so its batches
        do not queue behind the sequence agent's. Sealing and revocation take both."""
        self.outputs = outputs
        self.state = state
        self.offsets = offsets
        self.lock = lock  # the processing lock: batches change states holding it
        self.state_chunk = state_chunk
        # Exactly-once: transactions sealed under the processing lock (commit's docstring).
        self.exclusive = exclusive
        self.stage_lock = stage_lock
        self.epoch = 0  # one per assignment: a batch carries the epoch it was taken in
        self.pending: list[Sequence[Any]] = []
        self._committing = asyncio.Lock()  # one commit at a time
        # Set by :meth:`fail`: a batch failed holding a lock; nothing is committed after.
        self.failed: BaseException | None = None

    def processed(self, batch: Sequence[Any], epoch: int) -> bool:
        """A batch taken in ``epoch`` is processed and its outputs acknowledged: its offsets
        go with the next commit. A batch of an earlier epoch (taken before a revocation)
        is dropped: its partitions' owners process it again from the committed offsets."""
        if epoch != self.epoch:
            return False
        self.pending.append(batch)
        return True

    def fail(self, exc: BaseException) -> None:
        """A batch or a timer failed while it held the processing lock (or, exactly-once,
        the stage lock): called before it lets go of the lock. It may have changed session
        states whose outputs never reached the broker (the broker refused them, or a
        stage raised half-way), or, exactly-once, added part of its records to open
        transactions. From here this checkpoint commits nothing: a commit that waited for
        the lock would write those states (a restart would then take the batch's events
        for released and drop them: lost) or commit the half batch. The worker is
        stopping (the agent's error stops it); its successor replays everything from the
        last commit."""
        if self.failed is None:
            self.failed = exc

    def revoke(self) -> None:
        """The partitions are revoked: what is not committed is processed again by their
        next owners (call under the processing lock)."""
        self.epoch += 1
        self.pending.clear()
        self.state.discard()

    async def commit(self) -> None:
        """Commit what is processed, in the order that makes a crash at any point lose
        nothing (at-least-once with idempotent processing, the default; Tansu has no
        transactions; exactly-once below):

        1. **outputs flushed**: every output sent is acknowledged by the broker. (The
           agents publish a batch's outputs and wait for their acks, holding the lock,
           before the batch is :meth:`processed`: a state change is on its way out before
           the lock is released.)
        2. **state**: under the processing lock, briefly, the batches processed so far and
           the sessions changed since the last commit are taken; each changed session's
           state is then encoded once, a chunk of sessions per hold of the lock, so the
           agents go on between chunks. A state encoded after a later batch changed it is
           ahead of the offsets taken (a replay tolerates that), never of the outputs, and
           that batch marked it changed again for the next commit. Without the lock, the
           states are written and acknowledged (state flushed).
        3. **offsets**: only then are the batches taken acked and their offsets committed.
           A batch processed after step 2 began waits for the next commit, with the state
           it changed.

        A batch that fails holding the lock marks the checkpoint failed first
        (:meth:`fail`): a commit checks that mark each time it holds the lock and last
        before it writes the states, and writes and commits nothing once it is set.

        Between steps 1 and 2 the group coordinator is asked whether this worker is still
        a member (:meth:`OffsetCommitter.membership`; topologies.membership: why). A
        worker frozen past its session timeout was expelled and its partitions' new
        owners write their own states: its late state write would be the changelog's last
        word, and the next owner would recover it stale (events lost). Expelled, it
        commits nothing more: the batches processed and the states changed since the last
        commit are dropped (released: the revocation of its rejoin waits for them no
        longer; their partitions' owners replay them from the committed offsets, as after
        a crash). With no answer it commits nothing this time and keeps them for the next
        commit. A yes keeps the member in the group for a session timeout, so the state
        written next lands before anybody else may own the partitions, unless the worker
        freezes that long again in those milliseconds; exactly-once's transactions close
        that window too.

        So offsets are never committed ahead of the state, and state is never written
        ahead of the outputs it accounts for. A crash replays from the last commit with
        the state of that commit and republishes exact repeats of records already out,
        up to a commit interval of them: a consumer may see the same ``(sessionId, seq)``
        twice and must drop the second copy; events re-keyed twice are dropped by eventId
        when ordered. If a step fails, nothing after it happens and the error propagates
        (the worker stops; a restart loses nothing). If the partitions are revoked while
        a commit runs, it acks nothing (the next owners replay the batches).

        **Exactly-once** (``exclusive``; Apache Kafka, topologies.transactions): every
        output and state record is written inside the open transaction of the input
        partition it comes from (an agent processes a whole batch holding the processing
        lock, the stage agent its own ``stage_lock``), but the re-keyed events: they are
        acknowledged before their batch is processed, and their reader drops a copy of
        one it has seen (``BatchProcessor.stage_batches``). After step 1, holding both
        locks, the commit takes the batches processed and the sessions changed, encodes
        and adds those states, acks the batches (each partition's next offset) and
        **seals** the transactions it takes (:meth:`OffsetCommitter.seal`): the ones
        written to and the ones its offsets and states go to. Then it lets go of the
        locks: the agents process the next batches while the states are written into the
        sealed transactions and each partition's offset goes into its transaction and the
        transactions commit (the round trips).
        A record of a later batch for a sealed transaction waits until that transaction
        has committed and the next is open, so the transactions hold exactly the outputs
        of the batches taken and the states they changed, and a later batch's records,
        state and offsets go together into the next ones. A crash before a transaction
        commits aborts it (the broker does, or the partition's next owner when it starts
        its producer): outputs, state and offsets are all there or none is, so a consumer
        reading read_committed sees no repeat. A live worker never aborts a transaction
        that holds records: a revocation commits first (:meth:`revoking`), and any failure
        stops the worker.
        """
        async with self._committing:
            if self.failed is not None:
                return
            await self.outputs.flush()
            if not self.exclusive:
                membership = await self.offsets.membership()
                if membership is not Membership.MEMBER:
                    if membership is Membership.EXPELLED:
                        async with self.lock:
                            dropped, self.pending = self.pending, []
                            self.state.discard()
                        self.offsets.release(dropped)
                    return
            if self.exclusive:
                async with self._no_batch():
                    if self.failed is not None:
                        return
                    self._seal()
                await self._commit_sealed()
                return
            async with self.lock:
                if self.failed is not None:
                    return
                epoch = self.epoch
                changes = self.state.take()
                batches, self.pending = self.pending, []
            for start in range(0, len(changes), self.state_chunk):
                async with self.lock:
                    self.state.add(changes[start : start + self.state_chunk])
                await asyncio.sleep(0)  # an uncontended lock does not yield by itself
            if self.failed is not None:  # a batch failed between two chunks
                return
            await self.state.write()
            if epoch != self.epoch:
                return
            for batch in batches:
                self.offsets.ack(batch)
            await self.offsets.commit()

    @asynccontextmanager
    async def _no_batch(self) -> AsyncIterator[None]:
        """Exactly-once: held while no agent is within a batch (the stage lock, then the
        processing lock)."""
        if self.stage_lock is None:
            async with self.lock:
                yield
            return
        async with self.stage_lock, self.lock:
            yield

    def _seal(self) -> None:
        """Exactly-once: take what this commit holds and seal its transactions (the commit
        lock and the processing lock held)."""
        changes = self.state.take()
        batches, self.pending = self.pending, []
        self.state.add(changes)
        for batch in batches:
            self.offsets.ack(batch)
        self.offsets.seal()

    async def _commit_sealed(self) -> None:
        """Exactly-once: write the states and commit the sealed transactions (the commit
        lock held)."""
        await self.state.write()
        await self.offsets.commit()

    @asynccontextmanager
    async def revoking(self, *, commit: bool = True) -> AsyncIterator[None]:
        """The partitions are being revoked: the caller lets go of what it holds inside
        (holding the processing lock), then :meth:`revoke` runs.

        Exactly-once (``exclusive``) first commits what is processed (unless ``commit``
        is false: the worker is failing), holding the commit lock and then the stage and
        processing locks (the order :meth:`commit` takes them) until the revocation is
        done: no batch is processed between that commit and the revocation, so the
        transactions it leaves open are empty. Aborting one that held records instead
        would leave the worker with session states that account for outputs nobody will
        ever read: were the partition assigned back, its replay would drop those events
        as already emitted (lost). A failed commit is raised once the caller's part has
        run. At-least-once only takes the processing lock: its outputs are out, so the
        states it holds stay consistent with them, and what it did not commit is replayed.
        """
        if not self.exclusive:
            async with self.lock:
                yield
                self.revoke()
            return
        async with self._committing, self._no_batch():
            failed: Exception | None = None
            if commit and self.failed is None:
                try:
                    await self.outputs.flush()
                    self._seal()
                    await self._commit_sealed()
                except Exception as exc:
                    failed = exc
            try:
                yield
            finally:
                self.revoke()
            if failed is not None:
                raise failed


class DeliveredOffsets:
    """Exactly-once: the offsets each input partition has delivered for processing in the
    current epoch (one assignment), so that a record delivered a second time in the same
    epoch is not processed twice.

    Why: Faust ends the recovery of an app with tables by resuming the stream partitions
    and only then seeking them to their committed offsets (``Recovery.on_recovery_completed``);
    what the agents took in between is processed, and the seek delivers it again. Both
    copies would land in the partition's one open transaction: the clean copy is dropped by
    its seq when ordered, but a dead letter has no seq and was read twice by a
    ``read_committed`` reader (docs/kafka.md, "What running on Kafka found", item 8). The
    first copy's outputs, state changes and offset are in that transaction already (or in
    one committed earlier in the epoch), so the second copy has nothing left to do.
    Seeking before the resume instead lost events (the same item says how).

    A partition's deliveries are kept as runs ``[first, last]``: an offset some run holds
    was delivered before (a rewind to offsets already processed: skipped); any other
    after the current run's last offset extends that run (offsets between are transaction
    markers or aborted records, never delivered), one at or before it starts a new run.
    Forward jumps within an epoch (the seek to a committed offset ahead of where the fetch
    began) only cover offsets committed before the epoch, which no seek of the epoch goes
    back to.
    Forgotten at each new epoch: the next owner of a partition (this worker included)
    starts from the committed offset with the state of that commit.
    """

    def __init__(self) -> None:
        self.epoch = 0
        self._runs: dict[tuple[str, int], list[list[int]]] = {}
        self._current: dict[tuple[str, int], list[int]] = {}
        self.skipped = 0  # records skipped as delivered twice, since start

    def fresh(self, topic: str, partition: int, offset: int, epoch: int) -> bool:
        """Whether the record at ``offset`` is delivered for the first time in ``epoch``
        (and is noted as delivered)."""
        if epoch != self.epoch:
            self.epoch = epoch
            self._runs.clear()
            self._current.clear()
        tp = (topic, partition)
        runs = self._runs.get(tp)
        if runs is None:
            run = [offset, offset]
            self._runs[tp] = [run]
            self._current[tp] = run
            return True
        for first, last in runs:
            if first <= offset <= last:
                self.skipped += 1
                return False
        current = self._current[tp]
        if offset > current[1]:
            current[1] = offset
        else:
            run = [offset, offset]
            runs.append(run)
            self._current[tp] = run
        return True
