"""Bodies of the worker's HTTP API (docs/api.md), for the OpenAPI document.

The handlers build plain dicts for speed, as the stages do; the tests validate what they
answer against these models (and schemathesis checks a live worker against the document
generated from them), so the two cannot drift apart. The events and tool cards are the
clean-event models themselves: nothing is described twice.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pipeline.models.clean import CleanEvent, Reason, ToolCard
from pipeline.models.envelope import SessionId


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# The dead-letter stages and reasons, and ordering's late events (pipeline.stages.drops).
DropStage = Literal["validation", "cot_policy", "normalization", "ordering"]
DropReason = Literal[Reason, "late"]


class DropCount(_Body):
    """How many of the session's events one stage dropped for one reason (metadata only:
    never a detail, a value or a text; ``pipeline.stages.drops``)."""

    stage: DropStage = Field(description="The dead-letter stage, or `ordering` for late events.")
    reason: DropReason = Field(
        description="The dead-letter reason; `late`: the event's seq had already been passed "
        "(its gap was skipped, or another event took the seq)."
    )
    count: int = Field(ge=1)


class TraceDocument(_Body):
    """``GET /sessions/{sessionId}/trace``: a session's held clean events and the latest
    state of each of its tool cards (``pipeline.trace``)."""

    sessionId: SessionId
    events: list[CleanEvent] = Field(
        description="The held events, seq ascending, exactly as published on "
        "chao.clean.session-events."
    )
    toolCards: list[ToolCard] = Field(
        description="The latest card per callId, in order of first appearance, from tool "
        "events and the toolCalls of completed messages among the held events."
    )
    firstSeq: int | None = Field(description="Seq of the first held event; null when none.")
    lastSeq: int | None = Field(
        description="Highest seq ever appended (held or since dropped); null when none. "
        "Resume live with /events?after=<lastSeq>."
    )
    truncated: bool = Field(description="True once bounding dropped any event of the session.")
    drops: list[DropCount] = Field(
        description="The session's dropped events counted by stage and reason, in pipeline "
        "stage order: its dead letters (validation, cot_policy, normalization) and its late "
        "events (ordering). Not records that could not be placed in a session, not "
        "duplicates. Kept with the session's ordering state (docs/inspector.md)."
    )


class ErrorBody(_Body):
    """Every refusal of the API, and the data of an SSE ``error`` event."""

    error: str = Field(description="A stable code, e.g. invalid_token, unknown_session.")
    message: str = Field(description="What went wrong, for people; never quotes a credential.")


class StalledPartition(_Body):
    """An assigned input partition with records waiting and no progress (the watchdog)."""

    topic: str
    partition: int
    waiting: int = Field(description="Records between the committed offset and the end.")


class ReadyBody(_Body):
    """``GET /ready``: 200 once the worker has its partitions and their state, else 503."""

    ready: bool
    assigned: dict[str, list[int]] = Field(
        description="Assigned partitions by topic (empty while not ready)."
    )
    stalled: list[StalledPartition] | None = Field(
        None,
        description="Only once the stall watchdog found partitions with records waiting and "
        "no progress for CHAO_WORKER_STALL_TIMEOUT_S: they (the worker then exits to be "
        "restarted).",
    )


class HealthBody(_Body):
    """``GET /health``: the process answers."""

    alive: bool
