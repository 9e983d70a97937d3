"""Plain data passed between the stages.

A raw record becomes either a :class:`StagedEvent` (it has a usable ``sessionId`` and
``seq``, so the ordering stage must account for its place, even when an earlier stage
rejected it) or, when it cannot be placed in any session, a dead-letter dict at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

FAMILY_BY_TYPE: Final[dict[str, str]] = {
    "session.started": "session",
    "cot.step": "reasoning",
    "cot.phase": "reasoning",
    "cot.tool.reasoning": "reasoning",
    "cot.completed": "reasoning",
    "capability.resolved": "activity",
    "plan.step_added": "activity",
    "tool.started": "tool",
    "tool.progress": "tool",
    "tool.approval_required": "tool",
    "tool.approval_response": "tool",
    "tool.approval_timeout": "tool",
    "tool.completed": "tool",
    "tool.failed": "tool",
    "tool.degraded": "tool",
    "message.delta": "message",
    "message.completed": "message",
    "message.partially_completed": "message",
    "run.failed": "run",
    "run.error": "run",
    "run.settlement.completed": "run",
}
ARTIFACT_PREFIXES: Final = ("artifact.", "preview.")
TERMINAL_TYPES: Final = frozenset(
    {
        "message.completed",
        "message.partially_completed",
        "run.failed",
        "run.error",
        "run.settlement.completed",
    }
)
FAMILIES: Final = ("session", "reasoning", "activity", "tool", "message", "artifact", "run")
# Label for consumed records that have no family (invalid or unknown type).
NO_FAMILY: Final = "unknown"


def family_of(event_type: str) -> str | None:
    family = FAMILY_BY_TYPE.get(event_type)
    if family is None and event_type.startswith(ARTIFACT_PREFIXES):
        return "artifact"
    return family


class Source(NamedTuple):
    """Where a raw record was read. File mode: (file name, 0, 1-based line number)."""

    topic: str
    partition: int
    offset: int


class Rejection(NamedTuple):
    stage: str
    reason: str
    detail: str | None = None


DeadLetterDict = dict[str, Any]


@dataclass(slots=True)
class StagedEvent:
    """An event placed in its session, with its clean body already built.

    ``data`` is None whenever ``rejection`` is set: text of a rejected event never travels
    further than the stage that rejected it (not even to the repartition topic).
    ``call_id`` is the tool card's callId for tool events, and the referenced toolCallId
    for reasoning events (checked against the session's released cards on release).
    """

    session_id: str
    seq: int
    event_id: str | None
    type: str | None
    run_id: str | None
    ts: str | None
    family: str | None
    data: dict[str, Any] | None
    rejection: Rejection | None
    call_id: str | None
    source: Source
    # When the raw record was appended to the raw topic (its Kafka timestamp, seconds; 0:
    # unknown, the ordering stage then takes its clock): contract 3.4's "arrival". It
    # travels with the event through the re-key topic and the state changelog.
    arrived: float = 0.0
    # When this process began holding the event in a reorder buffer (its clock; not on
    # the wire: a restarted or rebalanced worker starts it anew). Only the long limit for
    # a stalled input (CHAO_GAP_MAX_WAIT_S) reads it.
    held: float = field(default=0.0, compare=False)

    def to_wire(self) -> list[Any]:
        """Compact, JSON-serialisable form (repartition topic, state changelog)."""
        return [
            self.session_id,
            self.seq,
            self.event_id,
            self.type,
            self.run_id,
            self.ts,
            self.family,
            self.data,
            list(self.rejection) if self.rejection else None,
            self.call_id,
            list(self.source),
            self.arrived,
        ]

    @classmethod
    def from_wire(cls, item: list[Any]) -> StagedEvent:
        (sid, seq, eid, typ, run, ts, fam, data, rej, call, src, arrived) = item
        return cls(
            sid,
            seq,
            eid,
            typ,
            run,
            ts,
            fam,
            data,
            Rejection(*rej) if rej else None,
            call,
            Source(*src),
            arrived,
        )


def dead_letter(
    rejection: Rejection,
    source: Source,
    *,
    event_id: str | None = None,
    session_id: str | None = None,
    seq: int | None = None,
    event_type: str | None = None,
) -> DeadLetterDict:
    """A dead-letter record: metadata only, by construction (no parameter takes payload)."""
    return {
        "eventId": event_id,
        "sessionId": session_id,
        "seq": seq,
        "type": event_type,
        "stage": rejection.stage,
        "reason": rejection.reason,
        "detail": rejection.detail,
        "source": {"topic": source.topic, "partition": source.partition, "offset": source.offset},
    }
