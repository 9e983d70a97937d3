"""The checkpoint's commit order, driven with fakes through every crash point and rebalance
interleaving (no broker, no sleeping): topologies/checkpoint.py.

The fakes keep what a broker would keep (outputs, written states, committed offsets);
after any crash, what is durable must satisfy at-least-once: every committed batch's
state changes are written, and every written state accounts only for published outputs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiokafka.errors as Errors
import pytest

from tests.group_fakes import FakeConsumerThread, FakeCoordinator
from topologies.checkpoint import Checkpoint, DeliveredOffsets, Membership


class Crash(Exception):
    pass


@dataclass
class Durable:
    """What survives a crash: the broker's topics and the committed offsets."""

    outputs: set[int] = field(default_factory=set)  # batches whose outputs were published
    states: dict[str, int] = field(default_factory=dict)  # session -> last batch applied
    committed: set[int] = field(default_factory=set)  # batches whose offsets are committed


@dataclass
class World:
    """A worker's memory and its fakes; ``crash_at`` names the call that fails."""

    durable: Durable = field(default_factory=Durable)
    sessions: dict[str, int] = field(default_factory=dict)  # in memory
    dirty: set[str] = field(default_factory=set)
    encoded: list[tuple[str, int]] = field(default_factory=list)
    acked: list[int] = field(default_factory=list)
    touched: dict[int, set[str]] = field(default_factory=dict)
    calls: list[str] = field(default_factory=list)
    crash_at: str | None = None
    pause_at: str | None = None
    answer: Membership = Membership.MEMBER  # the coordinator's, to membership()
    released: list[Any] = field(default_factory=list)
    paused: asyncio.Event = field(default_factory=asyncio.Event)
    go_on: asyncio.Event = field(default_factory=asyncio.Event)
    reopened: asyncio.Event | None = None  # set while a sealed commit runs

    async def step(self, name: str) -> None:
        self.calls.append(name)
        if name == self.pause_at:
            self.paused.set()
            await self.go_on.wait()
        if name == self.crash_at:
            raise Crash(name)

    # OutputSink
    async def flush(self) -> None:
        await self.step("flush")

    # StateWriter
    def take(self) -> Sequence[Any]:
        self.calls.append("take")
        taken, self.dirty = sorted(self.dirty), set()
        return taken

    def add(self, changes: Sequence[Any]) -> None:
        self.calls.append("add")
        self.encoded += [(session, self.sessions[session]) for session in changes]

    async def write(self) -> None:
        await self.step("write")
        encoded, self.encoded = self.encoded, []
        self.durable.states.update(encoded)

    def discard(self) -> None:
        self.dirty.clear()

    # OffsetCommitter
    def ack(self, batch: Sequence[Any]) -> None:
        self.calls.append("ack")
        self.acked += list(batch)

    async def commit(self) -> None:
        await self.step("commit")
        self.durable.committed.update(self.acked)
        self.acked = []
        if self.reopened is not None:
            self.reopened.set()
            self.reopened = None

    async def membership(self) -> Membership:
        await self.step("member?")
        return self.answer

    def seal(self) -> None:  # exactly-once: later outputs wait for this commit (opened)
        self.calls.append("seal")
        self.reopened = asyncio.Event()

    async def opened(self) -> None:
        if self.reopened is not None:
            await self.reopened.wait()

    def release(self, batches: Sequence[Sequence[Any]]) -> None:
        self.calls.append("release")
        self.released += [b for batch in batches for b in batch]


def checkpoint_for(world: World, chunk: int = 2) -> Checkpoint:
    return Checkpoint(world, world, world, asyncio.Lock(), state_chunk=chunk)


async def process(world: World, checkpoint: Checkpoint, batch: int, sessions: set[str]) -> bool:
    """An agent's turn: change states and publish under the lock, then mark processed
    (exactly-once: into transactions a running commit has not sealed, :meth:`World.opened`)."""
    epoch = checkpoint.epoch  # taken with the batch
    async with checkpoint.lock:
        for session in sessions:
            world.sessions[session] = batch
            world.dirty.add(session)
        world.touched[batch] = set(sessions)
        await world.opened()
        world.durable.outputs.add(batch)  # the agent waits for its outputs' acks
    return checkpoint.processed([batch], epoch)


async def batch_2_pending_after_a_commit(world: World) -> Checkpoint:
    """Batch 1 (session a) processed and committed, batch 2 (a and b) processed since."""
    checkpoint = checkpoint_for(world)
    await process(world, checkpoint, 1, {"a"})
    await checkpoint.commit()
    await process(world, checkpoint, 2, {"a", "b"})
    return checkpoint


def assert_at_least_once(world: World) -> None:
    durable = world.durable
    for batch in durable.committed:  # offsets never ahead of state
        for session in world.touched[batch]:
            assert durable.states.get(session, -1) >= batch, (batch, session, durable)
    for session, batch in durable.states.items():  # state never ahead of outputs
        assert batch in durable.outputs, (session, batch, durable)


def test_commit_order_outputs_then_state_then_offsets() -> None:
    async def run() -> World:
        world = World()
        checkpoint = checkpoint_for(world)
        await process(world, checkpoint, 1, {"a", "b", "c"})
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert world.calls == ["flush", "member?", "take", "add", "add", "write", "ack", "commit"]
    assert world.durable.committed == {1}
    assert world.durable.states == {"a": 1, "b": 1, "c": 1}
    assert_at_least_once(world)


@pytest.mark.parametrize("crash_at", ["flush", "write", "commit"])
def test_a_crash_at_any_step_leaves_durable_state_consistent(crash_at: str) -> None:
    async def run() -> World:
        world = World()
        checkpoint = await batch_2_pending_after_a_commit(world)
        await process(world, checkpoint, 3, {"c"})
        world.crash_at = crash_at
        with pytest.raises(Crash):
            await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert_at_least_once(world)
    # Nothing past the failing step happened: the uncommitted batches are replayed.
    assert world.durable.committed == {1}
    assert world.calls[-1] == crash_at
    if crash_at == "commit":
        assert world.durable.states == {"a": 2, "b": 2, "c": 3}


@pytest.mark.parametrize("pause_at", ["flush", "member?"])
def test_a_worker_expelled_from_its_group_commits_neither_state_nor_offsets(pause_at: str) -> None:
    """A worker frozen past its session timeout (at any point before the question) and
    thawed: its outputs may go out (repeats), but the states it built from what it held
    must not overwrite the ones its partitions' new owners wrote. What it processed since
    the last commit is dropped and released (the rejoin's revocation waits for it no
    longer; the owners replay it); a batch processed afterwards meets the same answer."""

    async def run() -> World:
        world = World()
        checkpoint = await batch_2_pending_after_a_commit(world)
        world.pause_at = pause_at
        commit = asyncio.ensure_future(checkpoint.commit())
        await world.paused.wait()
        world.answer = Membership.EXPELLED  # expelled while frozen
        world.go_on.set()
        await commit
        assert checkpoint.pending == [] and world.dirty == set() and world.released == [2]
        world.pause_at = None
        await process(world, checkpoint, 3, {"c"})  # a batch it still held
        await checkpoint.commit()
        assert world.released == [2, 3]
        async with checkpoint.revoking():  # the rejoin revokes; the partitions come back
            pass
        world.answer = Membership.MEMBER
        await process(world, checkpoint, 4, {"b"})
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert world.calls.count("write") == 2 and "ack" in world.calls
    assert world.durable.states == {"a": 1, "b": 4} and world.durable.committed == {1, 4}
    assert_at_least_once(world)


def test_with_no_answer_a_commit_keeps_what_it_holds_for_the_next() -> None:
    async def run() -> World:
        world = World(answer=Membership.UNKNOWN)
        checkpoint = checkpoint_for(world)
        await process(world, checkpoint, 1, {"a"})
        await checkpoint.commit()
        assert world.durable.committed == set() and world.released == []
        world.answer = Membership.MEMBER
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert world.durable.committed == {1} and world.durable.states == {"a": 1}


def test_exactly_once_does_not_ask_for_membership_its_transactions_fence() -> None:
    async def run() -> World:
        world = World(answer=Membership.EXPELLED)
        checkpoint = Checkpoint(world, world, world, asyncio.Lock(), exclusive=True)
        await process(world, checkpoint, 1, {"a"})
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert "member?" not in world.calls and world.durable.committed == {1}


def test_a_batch_processed_while_the_state_is_written_waits_for_the_next_commit() -> None:
    async def run() -> World:
        world = World(pause_at="write")
        checkpoint = checkpoint_for(world)
        await process(world, checkpoint, 1, {"a"})
        commit = asyncio.ensure_future(checkpoint.commit())
        await world.paused.wait()
        await process(world, checkpoint, 2, {"a", "b"})  # changes "a" again
        world.go_on.set()
        await commit
        assert world.durable.committed == {1}
        assert_at_least_once(world)
        world.pause_at = None
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert world.durable.committed == {1, 2}
    assert world.durable.states == {"a": 2, "b": 2}
    assert_at_least_once(world)


def test_agents_go_on_between_state_chunks_and_a_state_may_run_ahead_of_offsets() -> None:
    """A state encoded after a later batch changed it is ahead of the offsets taken (a
    replay tolerates it) but never ahead of the outputs."""

    async def run() -> World:
        world = World(crash_at="commit")
        checkpoint = checkpoint_for(world, chunk=1)
        await process(world, checkpoint, 1, {"a", "b"})
        # The commit runs first, up to its yield after the first chunk ("a"); the agent's
        # batch then changes "b" before the second chunk encodes it.
        commit = asyncio.ensure_future(checkpoint.commit())
        agent = asyncio.ensure_future(process(world, checkpoint, 2, {"b"}))
        with pytest.raises(Crash):
            await commit
        assert await agent
        return world

    world = asyncio.run(run())
    assert world.durable.states == {"a": 1, "b": 2}  # "b" encoded after batch 2
    assert world.durable.committed == set()
    assert_at_least_once(world)


def test_commits_run_one_at_a_time() -> None:
    async def run() -> World:
        world = World(pause_at="write")
        checkpoint = checkpoint_for(world)
        await process(world, checkpoint, 1, {"a"})
        first = asyncio.ensure_future(checkpoint.commit())
        await world.paused.wait()
        second = asyncio.ensure_future(checkpoint.commit())
        for _ in range(5):
            await asyncio.sleep(0)
        assert world.calls.count("flush") == 1  # the second waits
        world.go_on.set()
        await asyncio.gather(first, second)
        return world

    world = asyncio.run(run())
    assert world.calls.count("flush") == 2 and world.durable.committed == {1}


def test_revocation_drops_what_is_not_committed() -> None:
    async def run() -> World:
        world = World()
        checkpoint = checkpoint_for(world)
        await process(world, checkpoint, 1, {"a"})
        async with checkpoint.revoking():
            pass
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert world.durable.committed == set() and world.durable.states == {}
    assert world.calls[-1] == "commit"  # an empty commit


def test_a_batch_taken_before_a_revocation_is_dropped_when_it_finishes() -> None:
    async def run() -> tuple[World, bool]:
        world = World()
        checkpoint = checkpoint_for(world)
        epoch = checkpoint.epoch  # the agent takes a batch
        async with checkpoint.lock:
            checkpoint.revoke()  # the rebalance revokes while it works
        accepted = checkpoint.processed([1], epoch)
        await checkpoint.commit()
        return world, accepted

    world, accepted = asyncio.run(run())
    assert not accepted and world.durable.committed == set()


@pytest.mark.parametrize("pause_at", ["flush", "write", "commit"])
def test_revocation_during_a_commit(pause_at: str) -> None:
    """Revoked while a commit is under way: batches taken before the revocation are not
    acked unless their offsets were already being committed, and the durable result is
    consistent either way."""

    async def run() -> World:
        world = World(pause_at=pause_at)
        checkpoint = checkpoint_for(world)
        await process(world, checkpoint, 1, {"a"})
        await process(world, checkpoint, 2, {"b"})
        commit = asyncio.ensure_future(checkpoint.commit())
        await world.paused.wait()
        async with checkpoint.lock:
            checkpoint.revoke()
        world.go_on.set()
        await commit
        # After the rebalance the worker goes on with a new batch.
        world.pause_at = None
        await process(world, checkpoint, 3, {"a"})
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert_at_least_once(world)
    if pause_at == "commit":  # already acked: the commit was on its way
        assert world.durable.committed == {1, 2, 3}
    else:
        assert world.durable.committed == {3}


@pytest.mark.parametrize("crash_at", ["flush", "write", "commit"])
@pytest.mark.parametrize("revoke_before", [False, True])
def test_every_crash_point_with_and_without_a_rebalance(crash_at: str, revoke_before: bool) -> None:
    """A longer run: batches over sessions, commits, an optional revocation and
    reassignment, and a crash at one step of the last commit."""

    async def run() -> World:
        world = World()
        checkpoint = checkpoint_for(world, chunk=3)
        sessions = [f"s{n}" for n in range(7)]
        for batch in range(1, 30):
            await process(world, checkpoint, batch, {sessions[batch % 7], sessions[batch % 3]})
            if batch % 5 == 0:
                await checkpoint.commit()
            if revoke_before and batch == 17:
                async with checkpoint.lock:
                    checkpoint.revoke()
        world.crash_at = crash_at
        with pytest.raises(Crash):
            await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert_at_least_once(world)
    assert max(world.durable.committed) == 25


# -- the Faust adapters (topologies.faust_checkpoint), on fakes of Faust's objects ----------


class FakeConsumer:
    def __init__(self, log: list[str]) -> None:
        self.log = log
        self._unacked_messages: set[Any] = set()
        self._waiting_for_ack: asyncio.Future[None] | None = None  # armed by wait_empty
        self.coordinator = FakeCoordinator()
        self._thread = FakeConsumerThread(self.coordinator)

    def ack(self, message: Any) -> bool:
        self.log.append(f"ack {message.offset}")
        self._unacked_messages.discard(message)
        return True

    async def commit(self) -> bool:
        self.log.append("commit offsets")
        return True


class FakeProducer:
    def __init__(self, log: list[str]) -> None:
        self.log = log

    async def flush(self) -> None:
        self.log.append("flush outputs")


class FakePublisher:
    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.records: list[tuple[str, bytes | None, bytes | None]] = []

    def add(self, topic: str, key: bytes | None, value: bytes | None, task: Any = None) -> None:
        self.records.append((topic, key, value))

    async def publish(self) -> list[Any]:
        self.log.append(f"write {len(self.records)} states")
        self.records = []
        return []


@dataclass(eq=False)
class FakeMessage:
    offset: int
    generation_id: int = 1
    topic: str = "t"
    partition: int = 0


def faust_checkpoint(log: list[str]) -> tuple[Any, Any]:
    from types import SimpleNamespace

    from pipeline.stages.ordering import SessionState
    from topologies.faust_checkpoint import FaustCheckpoint
    from topologies.state import BatchedTableStore

    producer = FakeProducer(log)
    app = SimpleNamespace(
        consumer=FakeConsumer(log),
        producer=SimpleNamespace(_ensure_producer=lambda: producer),
        consumer_generation_id=1,
        rebalancing=False,
        crash_reason=None,
        loop=asyncio.get_running_loop(),  # the app's loop: called from within it
    )
    store = BatchedTableStore(SimpleNamespace(data={}))
    checkpoint = FaustCheckpoint(app, store, FakePublisher(log), "changelog", asyncio.Lock())  # type: ignore[arg-type]
    checkpoint.enabled = True
    store["s1"] = SessionState.from_wire(SessionState().to_wire())
    return app, checkpoint


def test_faust_adapter_commits_in_order_and_drops_messages_of_an_old_generation() -> None:
    log: list[str] = []

    async def run() -> Any:
        app, checkpoint = faust_checkpoint(log)
        messages, epoch = checkpoint.take([FakeMessage(4, 0), FakeMessage(5), FakeMessage(6)])
        assert [m.offset for m in messages] == [5, 6]
        assert app.consumer._unacked_messages == {messages[-1]}  # a rebalance waits for it
        checkpoint.processed(messages, epoch)
        assert log == []  # acked only by a commit
        await checkpoint.commit()
        return app

    app = asyncio.run(run())
    assert log == ["flush outputs", "write 1 states", "ack 5", "ack 6", "commit offsets"]
    assert app.consumer._unacked_messages == set()


@pytest.mark.parametrize(
    ("answer", "commits"),
    [
        (Errors.NoError, True),
        (Errors.RebalanceInProgressError, True),  # a member until it rejoins
        (Errors.UnknownMemberIdError, False),  # expelled
        (Errors.IllegalGenerationError, False),
        (Errors.RequestTimedOutError(), False),  # no answer: the next commit asks again
    ],
)
def test_faust_adapter_commits_only_while_the_coordinator_says_it_is_a_member(
    answer: Any, commits: bool
) -> None:
    log: list[str] = []

    async def run() -> Any:
        app, checkpoint = faust_checkpoint(log)
        app.consumer.coordinator.answer = answer
        app.consumer._waiting_for_ack = asyncio.get_running_loop().create_future()
        messages, epoch = checkpoint.take([FakeMessage(5)])
        checkpoint.processed(messages, epoch)
        await checkpoint.commit()
        return app

    app = asyncio.run(run())
    assert app.consumer.coordinator.sent == [(1, "group", 1, "member-1")]
    if commits:
        assert log == ["flush outputs", "write 1 states", "ack 5", "commit offsets"]
    else:
        assert log == ["flush outputs"]
    # Expelled: released unacked (Faust commits nothing) and a rebalance waiting in
    # wait_empty woken; no answer: still held for the next commit.
    expelled = answer in (Errors.UnknownMemberIdError, Errors.IllegalGenerationError)
    assert app.consumer._waiting_for_ack.done() == expelled
    assert bool(app.consumer._unacked_messages) == (not commits and not expelled)
    assert app.crash_reason is None  # not a failure: the rejoin revokes and replays


def test_faust_adapter_commits_at_once_when_a_rebalance_waits_for_a_batch() -> None:
    log: list[str] = []

    async def run() -> None:
        app, checkpoint = faust_checkpoint(log)
        messages, epoch = checkpoint.take([FakeMessage(7)])
        app.rebalancing = True
        checkpoint.processed(messages, epoch)
        for _ in range(10):
            await asyncio.sleep(0)

    asyncio.run(run())
    assert log[-2:] == ["ack 7", "commit offsets"]


def test_a_rebalance_started_on_the_consumer_thread_commits_on_the_app_loop() -> None:
    """Faust calls on_rebalance_start from its consumer thread, which runs its own event
    loop: the commit must still run on the app's loop, where its lock and futures live
    (a task started on the thread's loop crashed workers at rebalances)."""
    import threading

    log: list[str] = []

    async def run() -> None:
        _app, checkpoint = faust_checkpoint(log)
        messages, epoch = checkpoint.take([FakeMessage(9)])
        async with checkpoint.checkpoint.lock:  # bound to the app's loop from here on
            await asyncio.sleep(0)
        checkpoint.processed(messages, epoch)
        # Another thread and loop, as Faust's AIOKafkaConsumerThread.
        thread = threading.Thread(target=lambda: asyncio.run(on_thread(checkpoint)))
        thread.start()
        while thread.is_alive():
            await asyncio.sleep(0.01)
        for _ in range(50):
            await asyncio.sleep(0)
            if "commit offsets" in log:
                break

    async def on_thread(checkpoint: Any) -> None:
        checkpoint.commit_soon()

    asyncio.run(run())
    assert log[-2:] == ["ack 9", "commit offsets"], log


def test_faust_adapter_commits_nothing_once_the_worker_crashed() -> None:
    log: list[str] = []

    async def run() -> None:
        app, checkpoint = faust_checkpoint(log)
        messages, epoch = checkpoint.take([FakeMessage(8)])
        checkpoint.processed(messages, epoch)
        app.crash_reason = RuntimeError("agent failed")
        await checkpoint.commit()
        await checkpoint.final_commit()

    asyncio.run(run())
    assert log == []


def test_exactly_once_a_batch_during_a_commit_runs_but_joins_the_next_transactions() -> None:
    """Exclusive (exactly-once): the commit takes the batches and states under the lock and
    seals their transactions; a batch that comes while the commit's round trips run is
    processed (the lock is free), but its outputs wait until the sealed transactions have
    committed, so those hold exactly the batches taken and their states, and the later
    batch goes whole into the next commit."""

    async def run() -> World:
        world = World(pause_at="write")
        checkpoint = Checkpoint(world, world, world, asyncio.Lock(), exclusive=True)
        await process(world, checkpoint, 1, {"a"})
        commit = asyncio.ensure_future(checkpoint.commit())
        await world.paused.wait()
        agent = asyncio.ensure_future(process(world, checkpoint, 2, {"a", "b"}))
        for _ in range(5):
            await asyncio.sleep(0)
        assert world.sessions == {"a": 2, "b": 2}  # processed meanwhile
        assert not agent.done() and 2 not in world.durable.outputs  # its outputs wait
        world.go_on.set()
        await commit
        assert await agent
        assert world.durable.committed == {1}
        assert world.durable.states == {"a": 1}  # taken before batch 2 changed it
        world.pause_at = None
        await checkpoint.commit()
        return world

    world = asyncio.run(run())
    assert world.calls[:7] == ["flush", "take", "add", "ack", "seal", "write", "commit"]
    assert world.calls[-7:] == ["flush", "take", "add", "ack", "seal", "write", "commit"]
    assert world.durable.committed == {1, 2}
    assert world.durable.states == {"a": 2, "b": 2}
    assert_at_least_once(world)


def test_exactly_once_commits_at_a_revocation_and_processes_nothing_in_between() -> None:
    """A revocation commits first and holds the locks until it is done: the transactions
    it then closes are empty, so the worker never keeps a state whose outputs an abort
    threw away (before: the zombie test lost events, their session replayed as already
    emitted). A commit already running finishes first; an agent's batch waits, and one
    taken before the revocation is dropped (its partition's next owner replays it)."""

    async def run() -> tuple[World, list[str], bool]:
        world = World(pause_at="write")
        checkpoint = Checkpoint(world, world, world, asyncio.Lock(), exclusive=True)
        await process(world, checkpoint, 1, {"a"})
        running = asyncio.ensure_future(checkpoint.commit())
        await world.paused.wait()
        inside: list[str] = []
        agents: list[asyncio.Future[bool]] = []

        async def revocation() -> None:
            async with checkpoint.revoking():
                inside.append(f"closing after {world.calls.count('commit')} commits")
                # An agent takes a batch now: it cannot change a state until this is done.
                agents.append(asyncio.ensure_future(process(world, checkpoint, 2, {"b"})))
                for _ in range(5):
                    await asyncio.sleep(0)
                inside.append(f"batch 2 waiting: {not agents[0].done()}")

        revoked = asyncio.ensure_future(revocation())
        for _ in range(5):
            await asyncio.sleep(0)
        assert not revoked.done()  # waits for the running commit
        world.pause_at = None
        world.go_on.set()
        await asyncio.gather(running, revoked)
        return world, inside, await agents[0]

    world, inside, accepted = asyncio.run(run())
    # The running commit (batch 1), the revocation's own (nothing new), the caller's part.
    assert inside == ["closing after 2 commits", "batch 2 waiting: True"]
    assert world.durable.committed == {1} and world.durable.states == {"a": 1}
    assert not accepted  # taken under the revoked assignment: dropped, replayed


def test_exactly_once_revocation_commits_what_was_processed() -> None:
    async def run() -> World:
        world = World()
        checkpoint = Checkpoint(world, world, world, asyncio.Lock(), exclusive=True)
        await process(world, checkpoint, 1, {"a"})
        await process(world, checkpoint, 2, {"b"})
        async with checkpoint.revoking():
            assert world.durable.committed == {1, 2}
        return world

    world = asyncio.run(run())
    assert world.durable.states == {"a": 1, "b": 2}
    assert world.calls == ["flush", "take", "add", "ack", "ack", "seal", "write", "commit"]


def test_exactly_once_revocation_whose_commit_fails_still_revokes_then_raises() -> None:
    async def run() -> tuple[World, Checkpoint, list[str]]:
        world = World(crash_at="commit")
        checkpoint = Checkpoint(world, world, world, asyncio.Lock(), exclusive=True)
        await process(world, checkpoint, 1, {"a"})
        inside: list[str] = []
        with pytest.raises(Crash):
            async with checkpoint.revoking():
                inside.append("closed")  # the caller still lets go of what it holds
        return world, checkpoint, inside

    world, checkpoint, inside = asyncio.run(run())
    assert inside == ["closed"] and checkpoint.epoch == 1 and checkpoint.pending == []
    assert world.durable.committed == set()


def test_a_failed_worker_revokes_without_committing() -> None:
    async def run() -> World:
        world = World()
        checkpoint = Checkpoint(world, world, world, asyncio.Lock(), exclusive=True)
        await process(world, checkpoint, 1, {"a"})
        async with checkpoint.revoking(commit=False):
            pass
        return world

    world = asyncio.run(run())
    assert world.durable.committed == set() and "flush" not in world.calls


def test_exactly_once_takes_only_messages_of_partitions_whose_transaction_is_open() -> None:
    """A batch taken just before a revocation is processed after it (the generation
    changes only at the next assignment): its partitions' producers are closed, so its
    messages are dropped unacked (their owner replays them), not processed into no
    transaction (which stopped the worker)."""
    from types import SimpleNamespace

    from topologies.faust_checkpoint import ConsumerOffsets
    from topologies.patches.fetch_positions import FetchedBatch

    app: Any = SimpleNamespace(
        consumer_generation_id=1, consumer=SimpleNamespace(_unacked_messages=set())
    )
    messages = [FakeMessage(o, topic="raw", partition=p) for p, o in ((0, 4), (1, 7), (0, 5))]
    batch = FetchedBatch(messages, {("raw", 0): 9, ("raw", 1): 8})
    open_tasks = {("raw", 0)}
    live = ConsumerOffsets(app).take(batch, open_tasks.__contains__)
    assert [(m.partition, m.offset) for m in live] == [(0, 4), (0, 5)]
    assert isinstance(live, FetchedBatch) and live.next_offsets == {("raw", 0): 9}
    assert app.consumer._unacked_messages == {messages[2]}
    assert ConsumerOffsets(app).take(batch, set().__contains__) == []


def _deliver(delivered: DeliveredOffsets, offsets: Sequence[int], epoch: int = 0) -> list[int]:
    """The offsets of ``offsets`` (one partition, delivered in this order) processed."""
    return [o for o in offsets if delivered.fresh("raw", 0, o, epoch)]


def test_records_delivered_again_after_the_seek_of_a_recovery_are_processed_once() -> None:
    # Faust resumes, the agents take 10..14, then its seek to the committed offset 10
    # delivers 10..14 again and goes on: 10..14 once, then the rest.
    delivered = DeliveredOffsets()
    assert _deliver(delivered, range(10, 15)) == [10, 11, 12, 13, 14]
    assert _deliver(delivered, range(10, 20)) == [15, 16, 17, 18, 19]
    assert delivered.skipped == 5


def test_a_rewind_to_offsets_never_delivered_in_the_epoch_processes_them() -> None:
    # The fetch began past the committed offset (20..24 taken), the seek goes back to 15:
    # 15..19 were never processed in this epoch and must be (nothing lost); 20..24 not again.
    delivered = DeliveredOffsets()
    assert _deliver(delivered, range(20, 25)) == [20, 21, 22, 23, 24]
    assert _deliver(delivered, range(15, 28)) == [15, 16, 17, 18, 19, 25, 26, 27]


def test_gaps_of_markers_extend_a_run_and_other_partitions_are_apart() -> None:
    delivered = DeliveredOffsets()
    assert _deliver(delivered, [3, 5, 9]) == [3, 5, 9]  # 4, 6-8: markers, aborted records
    assert delivered.fresh("raw", 1, 3, 0)  # another partition
    assert delivered.fresh("rekey", 0, 3, 0)  # another topic
    assert _deliver(delivered, [3, 5, 9, 10]) == [10]


def test_a_new_epoch_forgets_what_was_delivered() -> None:
    # After a revocation the committed offset and that commit's state are the truth: the
    # partition's records from there on are processed again (this worker or another).
    delivered = DeliveredOffsets()
    assert _deliver(delivered, range(0, 5), epoch=0) == [0, 1, 2, 3, 4]
    assert _deliver(delivered, range(2, 6), epoch=1) == [2, 3, 4, 5]
    assert _deliver(delivered, range(2, 6), epoch=1) == []


# -- a batch that fails holding the lock ----------------------------------------------------


async def _failing_batch(
    world: World, checkpoint: Checkpoint, batch: int, go: asyncio.Event, lock: asyncio.Lock
) -> None:
    """A batch that changes session a's state holding ``lock``, then fails (its outputs
    refused) and marks the checkpoint failed before it lets go of the lock, as the
    processor does (BatchProcessor._holding)."""
    async with lock:
        try:
            world.sessions["a"] = batch
            world.dirty.add("a")
            await go.wait()
            raise ConnectionError("outputs refused")
        except BaseException as exc:
            checkpoint.fail(exc)
            raise


@pytest.mark.parametrize("exclusive", [False, True], ids=["at-least-once", "exactly-once"])
def test_a_commit_waiting_for_a_batch_that_fails_commits_nothing(exclusive: bool) -> None:
    """Without the mark, the commit waiting for the lock would write session a's state of
    the failed batch, whose outputs the broker never took (at-least-once), or seal and
    commit the half batch (exactly-once): a restart would take its events for released."""

    async def run() -> World:
        world = World()
        checkpoint = Checkpoint(world, world, world, asyncio.Lock(), exclusive=exclusive)
        await process(world, checkpoint, 1, {"b"})  # processed, not committed yet
        go = asyncio.Event()
        batch = asyncio.ensure_future(_failing_batch(world, checkpoint, 2, go, checkpoint.lock))
        await asyncio.sleep(0)
        commit = asyncio.ensure_future(checkpoint.commit())
        for _ in range(10):
            await asyncio.sleep(0)
        assert not commit.done()  # waits for the batch's lock
        go.set()
        with pytest.raises(ConnectionError):
            await batch
        await commit
        await checkpoint.commit()  # and nothing at any later commit either
        return world

    world = asyncio.run(run())
    assert world.durable.states == {} and world.durable.committed == set()
    assert "write" not in world.calls and "commit" not in world.calls


def test_a_batch_that_fails_between_two_chunks_keeps_the_commit_from_writing() -> None:
    """The commit encodes the changed states a chunk per hold of the lock; a batch that
    changed a session and failed in between may have been encoded in a later chunk: the
    states are not written, the offsets not committed."""

    async def run() -> World:
        world = World()
        checkpoint = checkpoint_for(world, chunk=1)
        await process(world, checkpoint, 1, {"a", "b"})
        go = asyncio.Event()
        world.pause_at = "member?"
        commit = asyncio.ensure_future(checkpoint.commit())
        await world.paused.wait()
        go.set()
        with pytest.raises(ConnectionError):
            await _failing_batch(world, checkpoint, 2, go, checkpoint.lock)
        world.go_on.set()
        await commit
        return world

    world = asyncio.run(run())
    assert world.durable.states == {} and world.durable.committed == set()
