"""The hand-over of fetched batches to the processing loops (topologies.handoff).

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
from topologies.faust_tuning import BATCH_ROUTES
from topologies.handoff import BatchHandoff
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


def test_batches_survive_faust_flow_control_and_a_waiting_put_proceeds() -> None:
    async def run() -> list[Any]:
        topology = _topology()
        app = topology.app
        routes = getattr(app, BATCH_ROUTES)
        put = routes["handoff.raw"]
        await put(["a"])
        await put(["b"])
        blocked = asyncio.ensure_future(put(["c"]))  # the hand-over is full: waits
        await _let_others_run()
        assert not blocked.done()
        # Everything Faust does to its queues around a rebalance and a recovery.
        app.flow_control.suspend()
        app.flow_control.clear()
        app.flow_control.resume()
        got = [await asyncio.wait_for(topology.raw_batches.get(), 10) for _ in range(3)]
        await asyncio.wait_for(blocked, 10)
        return got

    assert asyncio.run(run()) == [["a"], ["b"], ["c"]]


def test_routes_feed_one_hand_over_per_topic() -> None:
    async def run() -> tuple[list[Any], list[Any]]:
        topology = _topology()
        routes = getattr(topology.app, BATCH_ROUTES)
        assert set(routes) == {"handoff.raw", topology.staged_topic.get_topic_name()}
        await routes["handoff.raw"](["raw"])
        await routes[topology.staged_topic.get_topic_name()](["staged"])
        return await topology.raw_batches.get(), await topology.staged_batches.get()

    assert asyncio.run(run()) == (["raw"], ["staged"])


def test_handoff_keeps_order_and_pushes_back() -> None:
    async def run() -> tuple[list[Any], bool, bool]:
        handoff = BatchHandoff(maxsize=2)
        await handoff.put([1])
        await handoff.put([2, 3])
        third = asyncio.ensure_future(handoff.put([4]))
        await _let_others_run()
        waited = not third.done()
        first = await handoff.get()
        await _let_others_run()
        return [first, await handoff.get(), await handoff.get()], waited, third.done()

    batches, waited, done = asyncio.run(run())
    assert batches == [[1], [2, 3], [4]]
    assert waited and done


def test_dropping_waiting_batches_counts_them_and_wakes_a_waiting_put() -> None:
    async def run() -> tuple[int, int, list[Any]]:
        handoff = BatchHandoff(maxsize=2)
        await handoff.put([1, 2])
        await handoff.put([3])
        blocked = asyncio.ensure_future(handoff.put([4, 5, 6]))
        await _let_others_run()
        dropped = handoff.drop_waiting()  # wakes the put, which then lands
        await asyncio.wait_for(blocked, 10)
        waiting = handoff.waiting()
        return dropped, waiting, await handoff.get()

    dropped, waiting, batch = asyncio.run(run())
    assert dropped == 3
    assert waiting == 1
    assert batch == [4, 5, 6]
