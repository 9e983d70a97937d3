"""The hand-over of fetched batches to the agents (topologies.handoff).

The worker used to hand batches over through Faust channels; Faust's flow control clears
their queues when it resumes after table recovery, which dropped fetched batches (events
lost past a later commit) and cancelled a waiting put, which ended the fetch loop (the
worker stalled, with no error).
"""

from __future__ import annotations

import asyncio
from typing import Any

import faust

from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from topologies.handoff import BatchChannel
from topologies.pipeline_app import PipelineTopology


async def _let_others_run() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_faust_channel_queues_drop_batches_when_flow_control_resumes() -> None:
    """Why the batches don't go through Faust channels: if a Faust upgrade changes this,
    the reason written in topologies.handoff is gone (the hand-over is still correct)."""

    async def run() -> tuple[bool, bool]:
        app = faust.App("handoff-why", broker="kafka://127.0.0.1:9")
        queue = app.channel(maxsize=2).queue
        app.flow_control.resume()
        await queue.put([1])
        await queue.put([2])
        blocked = asyncio.ensure_future(queue.put([3]))
        await _let_others_run()
        app.flow_control.resume()  # what Faust does at the end of every table recovery
        await _let_others_run()
        return queue.empty(), blocked.cancelled()

    emptied, put_cancelled = asyncio.run(run())
    assert emptied, "Faust no longer clears channel queues when flow control resumes"
    assert put_cancelled, "Faust no longer cancels a put waiting on a cleared channel queue"


def _topology() -> PipelineTopology:
    settings = WorkerSettings(broker="kafka://127.0.0.1:9", app_id="handoff-test")
    return PipelineTopology(settings, PipelineConfig(topics=TopicNames(raw="handoff.raw")))


def _subscribe(channel: BatchChannel) -> Any:
    """The agent's side of a channel: the clone its stream iterates over."""
    return channel.clone(is_iterator=True)


def test_batches_survive_faust_flow_control_and_a_waiting_put_proceeds() -> None:
    async def run() -> list[Any]:
        topology = _topology()
        app = topology.app
        agent_side = _subscribe(topology.raw_batches)
        put = topology.patches.batch_routes["handoff.raw"]
        await put(["a"])
        await put(["b"])
        blocked = asyncio.ensure_future(put(["c"]))  # two batches wait: the put waits
        await _let_others_run()
        assert not blocked.done()
        assert topology.raw_batches.waiting() == 2
        # Everything Faust does to its queues around a rebalance and a recovery.
        app.flow_control.suspend()
        app.flow_control.clear()
        app.flow_control.resume()
        got = [await asyncio.wait_for(agent_side.queue.get(), 10) for _ in range(3)]
        await asyncio.wait_for(blocked, 10)
        return got

    assert asyncio.run(run()) == [["a"], ["b"], ["c"]]


def test_routes_feed_one_channel_per_topic() -> None:
    async def run() -> tuple[Any, Any]:
        topology = _topology()
        raw_side = _subscribe(topology.raw_batches)
        staged_side = _subscribe(topology.staged_batches)
        routes = topology.patches.batch_routes
        staged = topology.staged_topic.get_topic_name()
        assert set(routes) == {"handoff.raw", staged}
        await routes["handoff.raw"](["raw"])
        await routes[staged](["staged"])
        return raw_side.queue.get_nowait(), staged_side.queue.get_nowait()

    assert asyncio.run(run()) == (["raw"], ["staged"])


def test_dropping_waiting_batches_counts_them_and_lets_a_waiting_put_proceed() -> None:
    async def run() -> tuple[int, int, Any]:
        channel = BatchChannel(faust.App("handoff-drop", broker="kafka://127.0.0.1:9"), maxsize=2)
        agent_side = _subscribe(channel)
        await channel.put([1, 2])
        await channel.put([3])
        blocked = asyncio.ensure_future(channel.put([4, 5, 6]))
        await _let_others_run()
        dropped = channel.drop_waiting()
        await asyncio.wait_for(blocked, 10)  # not cancelled: the fetch loop goes on
        return dropped, channel.waiting(), agent_side.queue.get_nowait()

    dropped, waiting, batch = asyncio.run(run())
    assert dropped == 3
    assert waiting == 1
    assert batch == [4, 5, 6]


def test_dropping_waiting_batches_leaves_the_error_that_ends_the_agents_stream() -> None:
    """A stopping worker throws StopAsyncIteration into the agent's queue to end its
    stream; a revocation at that moment drops the batches and leaves the error to the
    agent (mode's get_nowait raised it into the revocation, which then crashed)."""

    async def run() -> tuple[int, Any]:
        channel = BatchChannel(faust.App("handoff-stop", broker="kafka://127.0.0.1:9"), maxsize=4)
        agent_side = _subscribe(channel)
        await channel.put([1, 2])
        await agent_side.queue.throw(StopAsyncIteration())
        dropped = channel.drop_waiting()
        try:
            agent_side.queue.get_nowait()
        except StopAsyncIteration as exc:
            return dropped, exc
        return dropped, None

    dropped, error = asyncio.run(run())
    assert dropped == 2 and isinstance(error, StopAsyncIteration)


def test_an_agent_error_stops_the_worker_instead_of_restarting_the_agent() -> None:
    failure = RuntimeError("publish failed: broker gone")

    async def failing_batches(batches: Any) -> None:
        raise failure

    async def run() -> tuple[BaseException | None, BaseException | None]:
        topology = _topology()
        topology._sequence_batches = failing_batches  # type: ignore[method-assign]
        raised = None
        try:
            await topology._sequence_agent(None)
        except RuntimeError as exc:
            raised = exc
        return raised, topology.app.crash_reason

    raised, reason = asyncio.run(run())
    assert raised is failure  # Faust's supervisor sees it too
    assert reason is failure  # and the app has crashed: the worker exits
