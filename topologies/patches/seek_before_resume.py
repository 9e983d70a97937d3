"""Patch of ``faust.tables.recovery.Recovery._resume_streams``, for an app that reads
committed (exactly-once): the stream partitions are sought to their committed offsets
while still paused, and Faust's own seek after resuming them is skipped.

Why: once table recovery is done, Faust resumes the stream partitions, then seeks them to
the committed offsets, then ends the rebalance. Records fetched in between, from wherever
the consumer stood, were processed and committed in a transaction; then the seek (to the
offset it had read before that commit) delivered them again and a second transaction
committed them once more. Seen in the exactly-once zombie test's loops, with the broker's
log segments kept and dumped (``kafka.tools.DumpLogSegments``): raw offsets dead-lettered
by the same producer id and epoch in two committed transactions 0.3 s apart. Seeking
first, with the partitions paused (aiokafka neither returns their records nor keeps what
it had buffered for them once sought), every stream record processed after a rebalance
is fetched from the committed offset read after the partitions' transactional producers
started (topologies.transactions). At-least-once keeps Faust's order: what the window
costs there is repeats, which it allows.

The seek itself is Faust's (``Consumer.perform_seek``, with
:mod:`.seek_uncommitted_partitions`); Faust's second call, after the resume, is replaced
for the duration of the call by a no-op. ``tests/topologies/patches/test_patches.py`` pins the
method.
"""

from __future__ import annotations

from typing import Any

from faust.tables.recovery import Recovery

from topologies.patches import of

PATCHED = "faust.tables.recovery.Recovery._resume_streams"
ORIGINAL = Recovery._resume_streams


async def _already_sought() -> None:
    """Faust's seek after the resume: done before it (see the module docstring)."""


async def resume_streams(self: Any, generation_id: int = 0) -> None:
    patches = of(self.app)
    if patches is None or not patches.read_committed:
        return await ORIGINAL(self, generation_id)
    app = self.app
    consumer = app.consumer
    if app.consumer_generation_id == generation_id and consumer.assignment():
        await self._wait(consumer.perform_seek(), timeout=app.conf.broker_request_timeout)
    own = vars(consumer).get("perform_seek")  # None: the class's method (Faust's)
    consumer.perform_seek = _already_sought  # an instance attribute, for this call only
    try:
        await ORIGINAL(self, generation_id)
    finally:
        if own is None:
            del consumer.perform_seek
        else:
            consumer.perform_seek = own


def install() -> None:
    """Idempotent."""
    Recovery._resume_streams = resume_streams  # type: ignore[method-assign]
