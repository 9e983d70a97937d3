"""Patches of ``faust.tables.recovery.Recovery.on_recovery_completed`` and
``Recovery._resume_streams``, for an app that reads committed (exactly-once): the stream
partitions are sought to their committed offsets while still paused, and resumed only
then. Faust ends a rebalance with ``on_recovery_completed`` when the app has tables (the
worker always has: every rebalance of the worker takes that path) and with
``_resume_streams`` when it has none; both resume first and seek after.

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

Found again on Kafka 4.3.1 (issue 25), the soak's exactly-once crash run, 2 of 10 runs:
raw partition 2's offsets 3215-6022 dead-lettered twice by the same producer id and epoch
in one committed transaction, 0.85 s apart (the second copy right after the first, before
the worker's first commit), the broker's segments kept and read: the worker had taken
``on_recovery_completed`` (its log: "Seek stream partitions to committed offsets." and
"Worker ready" without ``_resume_streams``' "Resuming flow..."), which the first version
of this module, patching ``_resume_streams`` alone, left in Faust's order. A recovery with
nothing to read answers within the seek's round trip, so the window is short; a loaded
machine widens it.

The seek itself is Faust's (``Consumer.perform_seek``, with
:mod:`.seek_uncommitted_partitions`). In ``_resume_streams`` it runs before Faust's code and
Faust's second call is replaced for the duration of the call by a no-op; in
``on_recovery_completed``, which first waits for the tables' recovery callbacks, Faust's
``resume_partitions`` call is held back for the duration of the call and made once its
``perform_seek`` has returned. ``tests/test_patches.py`` pins both methods.
"""

from __future__ import annotations

from typing import Any

from faust.tables.recovery import Recovery

from topologies.patches import of

PATCHED = "faust.tables.recovery.Recovery._resume_streams"
ORIGINAL = Recovery._resume_streams
PATCHED_COMPLETED = "faust.tables.recovery.Recovery.on_recovery_completed"
ORIGINAL_COMPLETED = Recovery.on_recovery_completed


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


async def recovery_completed(self: Any, generation_id: int = 0) -> None:
    patches = of(self.app)
    if patches is None or not patches.read_committed:
        return await ORIGINAL_COMPLETED(self, generation_id)
    consumer = self.app.consumer
    resume = consumer.resume_partitions
    seek = consumer.perform_seek
    held: list[Any] = []

    def resume_after_the_seek(partitions: Any) -> None:
        if partitions:  # Faust seeks only when something is assigned
            held.append(partitions)
        else:
            resume(partitions)

    def release() -> None:
        while held:
            resume(held.pop(0))

    async def seek_then_resume() -> None:
        try:
            await seek()  # the partitions still paused
        finally:
            release()

    own = {name: vars(consumer).get(name) for name in ("resume_partitions", "perform_seek")}
    consumer.resume_partitions = resume_after_the_seek  # instance attributes, this call only
    consumer.perform_seek = seek_then_resume
    try:
        await ORIGINAL_COMPLETED(self, generation_id)
    finally:
        for name, value in own.items():
            if value is None:
                delattr(consumer, name)
            else:
                setattr(consumer, name, value)
        release()  # the seek failed or never came: resumed as Faust would have


def install() -> None:
    """Idempotent."""
    Recovery._resume_streams = resume_streams  # type: ignore[method-assign]
    Recovery.on_recovery_completed = recovery_completed  # type: ignore[method-assign]
