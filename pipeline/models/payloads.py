"""Payload models of the raw families that the pipeline validates (contract 3.2 - 3.3, 4).

Field order matters: when a payload fails, the first invalid field in definition order
names the dead letter's ``detail``. Unknown payload fields are ignored and never forwarded:
every model here is ``extra="ignore"`` and the clean output is built from the model, never
from the raw payload.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from pipeline.models.envelope import Id128, Timestamp

Summary = Annotated[StrictStr, Field(min_length=1, max_length=1000)]
Phase = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Str128 = Annotated[StrictStr, Field(max_length=128)]
Str500 = Annotated[StrictStr, Field(max_length=500)]

DISCLOSURE_MARKER = "visible_reasoning_v1"


class _Payload(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class CotStep(_Payload):
    """Display fields of ``cot.step``."""

    stepId: Id128
    summary: Summary
    phase: Phase | None = None
    ts: Timestamp | None = None
    toolCallId: Id128 | None = None


class CotPhase(_Payload):
    """Display fields of ``cot.phase``."""

    phase: Phase
    stepId: Id128 | None = None
    ts: Timestamp | None = None


class CotToolReasoning(_Payload):
    """Display fields of ``cot.tool.reasoning``."""

    toolCallId: Id128
    summary: Summary
    stepId: Id128 | None = None
    ts: Timestamp | None = None


class CotCompleted(_Payload):
    """Display fields of ``cot.completed``: nothing beyond the marker."""

    ts: Timestamp | None = None


COT_DISPLAY_MODELS: dict[str, type[_Payload]] = {
    "cot.step": CotStep,
    "cot.phase": CotPhase,
    "cot.tool.reasoning": CotToolReasoning,
    "cot.completed": CotCompleted,
}


class Activity(_Payload):
    """A tool card's ``activity`` block: exactly these eight fields are forwarded."""

    activityType: Str128
    origin: Str128 | None = None
    label: Str500
    detail: Str500 | None = None
    renderHint: Str128 | None = None
    status: Literal["pending", "active", "completed", "failed"]
    subjectType: Str128 | None = None
    subjectId: Str128 | None = None


class MessagePayload(_Payload):
    """The forwarded fields of a ``message.*`` payload (provider fields are dropped)."""

    messageId: Id128
    delta: StrictStr | None = None
    text: StrictStr | None = None
    toolCalls: list[Any] | None = None
