"""Per-session drop counts: how many of a session's events were dropped, by stage and reason.

Metadata only: a stage and a reason from the pipeline's own vocabulary (the dead-letter
topic's ``stage`` and ``reason``, plus ``ordering``/``late``), never a detail, a value or a
text. The session inspector (``/inspect/{sessionId}``) shows them beside what a client
renders, from the trace document's ``drops``.

Where they are counted: at the owner of the session, in the ordering stage. A raw event
rejected by an earlier stage still counts for ordering (contract section 3), so the
ordering stage sees every dropped seq of the session with its stage and reason when it
releases it in its turn, and dead-letters it there. So a session's counts are:

- every dead letter of the session: validation, visible-reasoning policy and tool-card
  normalization drops of events that have a usable ``sessionId`` and ``seq``;
- ``ordering``/``late``: an event whose seq had already been passed (its gap was skipped
  after the reorder window, or another event took the seq), so its content never reached
  the clean stream.

Not counted per session: records that cannot be placed in any session (no usable
``sessionId`` or ``seq``: they are dead-lettered by the stateless stage, which knows no
session), and duplicates (the content was released under the first copy; a worker's
at-least-once replay after a crash produces them too). Both stay in the global metrics.

The counts live in the session's ordering state (:class:`~pipeline.stages.ordering.
SessionState`), so they are written to the state changelog with it at every commit and a
restarted or rebalanced worker recovers them exactly: a replayed batch starts from the
state of the last commit and counts its drops again only if that state had not counted
them. They are forgotten with the state (idle timeout, eviction at ``max_sessions``).
"""

from __future__ import annotations

from typing import Any, Final

# The stages in the order of the pipeline; the trace document lists drops in this order.
DROP_STAGES: Final = ("validation", "cot_policy", "normalization", "ordering")
LATE: Final = ("ordering", "late")

DropCounts = dict[tuple[str, str], int]


def count_drop(drops: DropCounts | None, stage: str, reason: str) -> DropCounts:
    """``drops`` with one more drop of (stage, reason); a new dict when it was None."""
    if drops is None:
        drops = {}
    key = (stage, reason)
    drops[key] = drops.get(key, 0) + 1
    return drops


def drops_to_wire(drops: DropCounts) -> list[list[Any]]:
    """The compact wire form: ``[[stage, reason, count], ...]``."""
    return [[stage, reason, count] for (stage, reason), count in drops.items()]


def drops_from_wire(item: list[list[Any]]) -> DropCounts:
    return {(str(stage), str(reason)): int(count) for stage, reason, count in item}


def drop_list(drops: DropCounts | None) -> list[dict[str, Any]]:
    """The trace document's ``drops``: ``[{"stage", "reason", "count"}]`` in pipeline
    stage order, then by reason."""
    if not drops:
        return []

    def order(item: tuple[tuple[str, str], int]) -> tuple[int, str]:
        (stage, reason), _ = item
        rank = DROP_STAGES.index(stage) if stage in DROP_STAGES else len(DROP_STAGES)
        return rank, reason

    return [
        {"stage": stage, "reason": reason, "count": count}
        for (stage, reason), count in sorted(drops.items(), key=order)
    ]
