"""The channels that hand fetched batches from Faust's fetch loop to the two agents.

Why not a plain ``app.channel()``: a Faust channel's queue is a ``FlowControlQueue`` with
``clear_on_resume=True``, managed by the app's flow control, and Faust resumes flow
control at the end of every table recovery, after it has already resumed fetching from
the stream partitions. The resume empties the queue, so:

* batches fetched in that window and already handed over are dropped, while the fetch
  loop goes on past them. Their offsets are never processed, and Faust's gap filling
  lets a later commit pass over them: events lost (seen in the SIGKILL crash test:
  2,507 events);
* a fetch loop waiting to put into the full queue has its put cancelled. Faust's fetch
  loop takes the ``CancelledError`` for a shutdown and ends, and the agents wait for a
  batch forever: the worker stops consuming, with no error (seen in the same test: the
  last worker stalled with 28,398 events unprocessed).

A :class:`BatchChannel` is a Faust channel whose queues have a flow control of their own
that nothing suspends or resumes, so only this code empties them. Batches fetched under
an older assignment are dropped by the agents (consumer generation check in
``topologies.faust_checkpoint.ConsumerOffsets.take``) and, on revocation, by
:meth:`BatchChannel.drop_waiting`,
which takes them off the queue as an agent would (a waiting put then proceeds).
"""

from __future__ import annotations

import asyncio
from typing import Any

import faust
from mode.utils.queues import FlowControlEvent, ThrowableQueue

from topologies import faust_bridge


class BatchChannel(faust.Channel[Any]):
    """An in-memory Faust channel for lists of fetched messages, emptied only by its
    readers and by :meth:`drop_waiting`; at most ``maxsize`` batches wait (backpressure
    onto the fetch loop beyond that)."""

    @property
    def queue(self) -> ThrowableQueue[Any]:
        queue: ThrowableQueue[Any] | None = faust_bridge.channel_queue(self)
        if queue is None:
            queue = ThrowableQueue(
                maxsize=self.maxsize or 0,
                # Never suspended, never resumed: the app's flow control clears the queues
                # it manages when it resumes.
                flow_control=FlowControlEvent(initially_suspended=False),
                clear_on_resume=False,
            )
            faust_bridge.set_channel_queue(self, queue)
        return queue

    def queues(self) -> list[ThrowableQueue[Any]]:
        """The queues of the channel's subscribers (the agents' streams)."""
        return [subscriber.queue for subscriber in faust_bridge.channel_subscribers(self)]

    def waiting(self) -> int:
        """Batches waiting for the agent."""
        return sum(queue.qsize() for queue in self.queues())

    def drop_waiting(self) -> int:
        """Drop every waiting batch (fetched under an assignment that is being revoked);
        returns how many messages they held."""
        dropped = 0
        for queue in self.queues():
            # Not queue.clear(): that cancels a waiting put, which ends the fetch loop. The
            # batches only (qsize): mode's get_nowait would raise, and so take away, the
            # error thrown into the queue to end the agent's stream when the worker stops.
            while queue.qsize():
                batch: Any = asyncio.Queue.get_nowait(queue)
                dropped += len(batch)
        return dropped
