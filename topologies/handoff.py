"""The hand-over of fetched batches from Faust's fetch loop to the processing loops.

Why not a Faust channel: a channel's queue is a ``FlowControlQueue`` with
``clear_on_resume=True``, and Faust resumes flow control at the end of every table
recovery, after it has already resumed fetching from the stream partitions. The resume
empties the queue by clearing its deque directly, so:

* batches fetched in that window and handed over are dropped while the fetch loop has
  moved on past them. Their offsets are never processed, and a later commit can pass
  over them: events lost (seen in the SIGKILL crash test: 2,507 events);
* a fetch loop waiting to put into the full queue has its put cancelled. Faust's fetch
  loop takes the ``CancelledError`` for a shutdown and ends, and the processing loops
  wait for a batch forever: the worker stops consuming, with no error (seen in the same
  test: the last worker stalled with 28,398 events unprocessed).

:class:`BatchHandoff` is a plain bounded queue that only this code empties. Batches
fetched under an older assignment are dropped by the processing loops (consumer
generation check in ``PipelineTopology._take``) and, on revocation, by
:meth:`drop_waiting`, which lets a waiting ``put`` proceed as a ``get`` would.
"""

from __future__ import annotations

import asyncio
from typing import Any


class BatchHandoff:
    """At most ``maxsize`` fetched batches waiting for one processing loop (backpressure
    onto the fetch loop beyond that)."""

    def __init__(self, maxsize: int = 2) -> None:
        self._queue: asyncio.Queue[list[Any]] = asyncio.Queue(maxsize)

    async def put(self, messages: list[Any]) -> None:
        """Hand over one batch; waits while ``maxsize`` batches are waiting."""
        await self._queue.put(messages)

    async def get(self) -> list[Any]:
        """The oldest waiting batch; waits for one."""
        return await self._queue.get()

    def waiting(self) -> int:
        return self._queue.qsize()

    def drop_waiting(self) -> int:
        """Drop every waiting batch (fetched under an assignment that is being revoked);
        returns how many messages they held."""
        dropped = 0
        while True:
            try:
                dropped += len(self._queue.get_nowait())  # get_nowait wakes a waiting put
            except asyncio.QueueEmpty:
                return dropped
