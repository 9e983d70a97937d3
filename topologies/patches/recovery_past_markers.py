"""Patch of ``faust.tables.recovery.Recovery.active_remaining``: reading committed, a
changelog partition whose fetch position has passed its end is recovered, even when its
last offsets are transaction markers or aborted records.

Why: Faust counts a changelog partition recovered when it has seen a record at the
offset before the end offset (the high watermark). A partition written in transactions
(exactly-once: the session changelog, and ``chao.clean.session-events``, the traces'
changelog) ends with a commit or abort marker, an offset no record has, so recovery never
ended and the worker never became ready (the zombie test: the survivor recovered nothing
for a minute). Faust's own fix (``detect_aborted_tx``) runs only under its own
exactly-once machinery, which the worker does not use (topologies.transactions), and only
after two idle 5-second waits.

Here a partition still short of its end counts as recovered when everything fetched from
it has been delivered and taken by recovery (Faust's changelog queue is empty) and the
fetch position after that delivery (:mod:`.batch_delivery` notes it, AppPatches.
delivered_positions) is past the end: only markers or aborted records lie between. An app
that does not read committed gets Faust's answer unchanged.

Only a position noted after recovery last sought the partition counts, so
``Recovery._seek_offsets`` is wrapped too: it forgets the positions noted before. Without
that, a position noted while the partition waited for its seek (where the consumer's
offset reset left it: the end) made a newly assigned partition look recovered before a
single record was read: recovery was skipped, the sessions' state missing, and their
events dead-lettered or lost (the exactly-once zombie test, 3 runs in 4).
"""

from __future__ import annotations

from typing import Any

from faust.tables.recovery import Recovery

from topologies.patches import of

PATCHED = "faust.tables.recovery.Recovery.active_remaining"
ORIGINAL = Recovery.active_remaining
PATCHED_SEEK = "faust.tables.recovery.Recovery._seek_offsets"
ORIGINAL_SEEK = Recovery._seek_offsets


def active_remaining(self: Any) -> Any:
    remaining = ORIGINAL(self)
    patches = of(self.app)
    if patches is None or not patches.read_committed or not remaining:
        return remaining
    if not self.tables.changelog_queue.empty():
        return remaining  # fetched records wait to be taken: not recovered yet
    positions = patches.delivered_positions
    highwaters = self.active_highwaters
    for tp, left in remaining.items():
        if left > 0:
            position = positions.get((tp.topic, tp.partition))
            highwater = highwaters.get(tp)  # the last offset (end offset - 1)
            if position is not None and highwater is not None and position > highwater:
                remaining[tp] = 0
    return remaining


async def seek_offsets(self: Any, consumer: Any, tps: Any, offsets: Any, title: str) -> None:
    await ORIGINAL_SEEK(self, consumer, tps, offsets, title)
    patches = of(self.app)
    if patches is not None:
        # Noted before this seek: they say nothing about what recovery reads from here.
        positions = patches.delivered_positions
        for tp in tps:
            positions.pop((tp.topic, tp.partition), None)


def install() -> None:
    """Idempotent."""
    Recovery.active_remaining = active_remaining  # type: ignore[method-assign]
    Recovery._seek_offsets = seek_offsets  # type: ignore[method-assign]
