"""The clean output (contract section 4) and the dead-letter record.

JSON Schema for both is generated from these models (``chao-pipeline schema``). The
stages build plain dicts for speed; the test suite validates every output of every
fixture against these models, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from pipeline.models.payloads import Activity

Family = Literal["session", "reasoning", "activity", "tool", "message", "artifact", "run"]
CardStatus = Literal[
    "pending", "executing", "completed", "failed", "degraded", "rejected", "skipped"
]
Approval = Literal["required", "approved", "rejected", "expired"]
Stage = Literal["validation", "cot_policy", "normalization"]
ValidationReason = Literal[
    "too_large", "invalid_json", "invalid_envelope", "unknown_type", "invalid_payload"
]
CotPolicyReason = Literal[
    "cot_disabled",
    "session_ineligible",
    "unmarked",
    "malformed",
    "unsafe_summary",
    "unknown_tool_card",
]
NormalizationReason = Literal["missing_tool_key", "missing_call_id", "invalid_activity"]
Reason = Literal[ValidationReason, CotPolicyReason, NormalizationReason]
# Every drop reason by stage, in the contract's order: the one list metrics and docs use.
REASONS_BY_STAGE: dict[str, tuple[str, ...]] = {
    "validation": get_args(ValidationReason),
    "cot_policy": get_args(CotPolicyReason),
    "normalization": get_args(NormalizationReason),
}


class _Clean(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ReasoningData(_Clean):
    """Exactly the display fields that are present; absent ones are absent, not null."""

    stepId: str | None = None
    summary: str | None = None
    phase: str | None = None
    ts: str | None = None
    toolCallId: str | None = None


class ToolCard(_Clean):
    """A normalized tool card: always all eight keys."""

    toolKey: str
    callId: str
    status: CardStatus
    approval: Approval | None
    input: Any
    output: Any
    activity: Activity | None
    redacted: bool


class MessageData(_Clean):
    messageId: str
    delta: str | None = None
    text: str | None = None
    toolCalls: list[ToolCard] | None = None


class SessionData(_Clean):
    visibleReasoning: bool


class _EventBase(_Clean):
    eventId: str
    type: str
    sessionId: str
    runId: str | None
    seq: int
    ts: str
    terminal: bool


class SessionEvent(_EventBase):
    family: Literal["session"]
    data: SessionData


class ReasoningEvent(_EventBase):
    family: Literal["reasoning"]
    data: ReasoningData


class ToolEvent(_EventBase):
    family: Literal["tool"]
    data: ToolCard


class MessageEvent(_EventBase):
    family: Literal["message"]
    data: MessageData


class ActivityEvent(_EventBase):
    family: Literal["activity"]
    data: dict[str, Any]


class ArtifactEvent(_EventBase):
    family: Literal["artifact"]
    data: dict[str, Any]


class RunEvent(_EventBase):
    family: Literal["run"]
    data: dict[str, Any]


CleanEvent = Annotated[
    SessionEvent
    | ReasoningEvent
    | ToolEvent
    | MessageEvent
    | ActivityEvent
    | ArtifactEvent
    | RunEvent,
    Field(discriminator="family"),
]


class DeadLetterSource(_Clean):
    """Where the raw record was read: topic, partition, offset (file mode: file name, 0, line)."""

    topic: str
    partition: int
    offset: int


class DeadLetter(_Clean):
    """Metadata of a rejected or policy-dropped event. Never the payload, never a value from it."""

    eventId: str | None
    sessionId: str | None
    seq: int | None
    type: str | None
    stage: Stage
    reason: Reason
    detail: str | None
    source: DeadLetterSource
