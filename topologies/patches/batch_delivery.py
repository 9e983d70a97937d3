"""Patch of ``faust.transport.consumer.Consumer._drain_messages``: a fetched batch is
delivered under one wait, and the messages of the app's batch routes go to their agent
as one list per topic.

Why: Faust wraps the delivery of every single message in ``wait_first(callback(message),
suspend_flow.wait())``: two tasks plus ``asyncio.wait`` bookkeeping per message (profiled:
about a third of the worker's CPU at full load), and then the conductor and the stream's
per-event loop (about 100 us per message; BENCHMARKS.md). Here all messages of one
``getmany`` result are delivered inside one ``wait_first`` against the same suspend event,
so a rebalance still interrupts delivery at once. Topics without a route (table
changelogs during recovery, for one) take Faust's per-message path unchanged. The rest is
Faust's code as it was: read offsets, gap detection for acks, commit every N acks (checked
once per batch), the same stop and error handling. A message the interrupted batch did not
deliver gets no read offset: it is fetched again after the rebalance. An app without
routes (``AppPatches.batch_routes``) runs Faust's own method. Each topic's list is a
:class:`.fetch_positions.FetchedBatch`: it carries where the fetch left its partitions.
"""

from __future__ import annotations

import asyncio
from typing import Any

from faust.transport.consumer import CONSUMER_FETCHING, Consumer

from topologies.patches import fetch_positions, of

PATCHED = "faust.transport.consumer.Consumer._drain_messages"
ORIGINAL = Consumer._drain_messages


async def drain_messages(self: Any, fetcher: Any) -> None:  # pragma: no cover - needs a broker
    patches = of(self.app)
    routes = patches.batch_routes if patches is not None else {}
    if not routes:
        return await ORIGINAL(self, fetcher)
    callback = self.callback
    getmany = self.getmany
    consumer_should_stop = self._stopped.is_set
    fetcher_should_stop = fetcher._stopped.is_set
    get_read_offset = self._read_offset.__getitem__
    set_read_offset = self._read_offset.__setitem__
    set_flag = self.diag.set_flag
    unset_flag = self.diag.unset_flag
    commit_every = self._commit_every
    acks_enabled_for = self.app.topics.acks_enabled_for
    # Reading committed: where every partition stands once a fetch is delivered (it may
    # have moved past markers and aborted records only), for recovery_past_markers.
    note_positions = None
    if patches is not None and patches.read_committed:

        def note_positions() -> None:
            patches.delivered_positions = fetch_positions.positions(self, self.assignment())

    async def deliver(batch: list[tuple[Any, Any]], at: dict[tuple[str, int], int]) -> None:
        by_topic: dict[str, list[Any]] = {}
        for tp, message in batch:
            offset = message.offset
            r_offset = get_read_offset(tp)
            if r_offset is None or offset >= r_offset:
                gap = offset - (r_offset or 0)
                if gap > 1 and r_offset and acks_enabled_for(message.topic):
                    await self._add_gap(tp, r_offset + 1, offset)
                if message.topic in routes:
                    by_topic.setdefault(message.topic, []).append(message)
                else:
                    await callback(message)
                set_read_offset(tp, offset)
        for topic, messages in by_topic.items():
            ends = {tp: offset for tp, offset in at.items() if tp[0] == topic}
            await routes[topic](fetch_positions.FetchedBatch(messages, ends))
        if note_positions is not None:
            note_positions()

    try:
        while not (consumer_should_stop() or fetcher_should_stop()):
            set_flag(CONSUMER_FETCHING)
            batch = [item async for item in getmany(timeout=1.0)]
            # Where the fetch left each partition, past markers (fetch_positions): read
            # before anything else can move the positions.
            at = fetch_positions.positions(self, {tp for tp, _ in batch}) if batch else {}
            await asyncio.sleep(0)  # getmany may not have released the loop
            if commit_every is not None and self._n_acked >= commit_every:
                self._n_acked = 0  # as Faust does, but checked once per batch
                await self.commit()
            if batch and not self.should_stop:
                await self.wait_first(deliver(batch, at), self.suspend_flow.wait())
            elif not batch and note_positions is not None:
                note_positions()
            unset_flag(CONSUMER_FETCHING)
    except self.consumer_stopped_errors:
        if self.transport.app.should_stop:
            self.log.info("Broker stopped consumer, shutting down...")
            return
        raise
    except asyncio.CancelledError:
        if self.transport.app.should_stop:
            self.log.info("Consumer shutting down for user cancel.")
            return
        raise
    except Exception as exc:
        self.log.exception("Drain messages raised: %r", exc)
        raise
    finally:
        unset_flag(CONSUMER_FETCHING)


def install() -> None:
    """Idempotent."""
    Consumer._drain_messages = drain_messages  # type: ignore[method-assign]
