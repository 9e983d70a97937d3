"""Payload models of the raw families that the pipeline validates (contract 3.2 - 3.3, 4).

Field order matters: when a payload fails, the first invalid field in definition order
names the dead letter's ``detail``. Unknown payload fields are ignored and never forwarded:
every model here is ``extra="ignore"`` and the clean output is built from the model's fields
(or its plain twin's, below), never from the raw payload.

Each model has a plain-Python twin (``*_values``, after the models) that the hot path runs
first; see ``envelope.py`` for why. A twin accepts exactly the payloads its model accepts
and returns what the model dumps, or None: then the model runs to name the offending
field. ``tests/models/test_plain_twins.py`` proves the equivalence; keep each twin in step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Final, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from pipeline.models.envelope import Id128, Timestamp, is_id128, is_timestamp

SUMMARY_MAX_LENGTH = 1000
PHASE_MAX_LENGTH = 64
Summary = Annotated[StrictStr, Field(min_length=1, max_length=SUMMARY_MAX_LENGTH)]
Phase = Annotated[StrictStr, Field(min_length=1, max_length=PHASE_MAX_LENGTH)]
Str128 = Annotated[StrictStr, Field(max_length=128)]
Str500 = Annotated[StrictStr, Field(max_length=500)]
ActivityStatus = Literal["pending", "active", "completed", "failed"]

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
    status: ActivityStatus
    subjectType: Str128 | None = None
    subjectId: Str128 | None = None


class MessagePayload(_Payload):
    """The forwarded fields of a ``message.*`` payload (provider fields are dropped)."""

    messageId: Id128
    delta: StrictStr | None = None
    text: StrictStr | None = None
    toolCalls: list[Any] | None = None


# -- plain twins (see the module docstring) --------------------------------------------
# ``type(x) is str`` is what StrictStr asks of a JSON value. A field that is absent and one
# that is null are alike to every model here: required fields are never nullable, and
# optional ones default to None.

_ACTIVITY_STATUSES: Final = frozenset(get_args(ActivityStatus))


def _is_summary(value: Any) -> bool:
    return type(value) is str and 0 < len(value) <= SUMMARY_MAX_LENGTH


def _is_phase(value: Any) -> bool:
    return type(value) is str and 0 < len(value) <= PHASE_MAX_LENGTH


def _is_str_or_none(value: Any, max_length: int) -> bool:
    return value is None or (type(value) is str and len(value) <= max_length)


def cot_step_values(payload: dict[str, Any]) -> dict[str, Any] | None:
    """Twin of ``CotStep.model_validate(payload).model_dump(exclude_none=True)``."""
    step_id = payload.get("stepId")
    summary = payload.get("summary")
    phase = payload.get("phase")
    ts = payload.get("ts")
    tool_call_id = payload.get("toolCallId")
    if not (
        is_id128(step_id)
        and _is_summary(summary)
        and (phase is None or _is_phase(phase))
        and (ts is None or is_timestamp(ts))
        and (tool_call_id is None or is_id128(tool_call_id))
    ):
        return None
    data = {"stepId": step_id, "summary": summary}
    if phase is not None:
        data["phase"] = phase
    if ts is not None:
        data["ts"] = ts
    if tool_call_id is not None:
        data["toolCallId"] = tool_call_id
    return data


def cot_phase_values(payload: dict[str, Any]) -> dict[str, Any] | None:
    """Twin of ``CotPhase.model_validate(payload).model_dump(exclude_none=True)``."""
    phase = payload.get("phase")
    step_id = payload.get("stepId")
    ts = payload.get("ts")
    if not (
        _is_phase(phase)
        and (step_id is None or is_id128(step_id))
        and (ts is None or is_timestamp(ts))
    ):
        return None
    data = {"phase": phase}
    if step_id is not None:
        data["stepId"] = step_id
    if ts is not None:
        data["ts"] = ts
    return data


def cot_tool_reasoning_values(payload: dict[str, Any]) -> dict[str, Any] | None:
    """Twin of ``CotToolReasoning.model_validate(payload).model_dump(exclude_none=True)``."""
    tool_call_id = payload.get("toolCallId")
    summary = payload.get("summary")
    step_id = payload.get("stepId")
    ts = payload.get("ts")
    if not (
        is_id128(tool_call_id)
        and _is_summary(summary)
        and (step_id is None or is_id128(step_id))
        and (ts is None or is_timestamp(ts))
    ):
        return None
    data = {"toolCallId": tool_call_id, "summary": summary}
    if step_id is not None:
        data["stepId"] = step_id
    if ts is not None:
        data["ts"] = ts
    return data


def cot_completed_values(payload: dict[str, Any]) -> dict[str, Any] | None:
    """Twin of ``CotCompleted.model_validate(payload).model_dump(exclude_none=True)``."""
    ts = payload.get("ts")
    if ts is None:
        return {}
    return {"ts": ts} if is_timestamp(ts) else None


COT_DISPLAY_VALUES: dict[str, Callable[[dict[str, Any]], dict[str, Any] | None]] = {
    "cot.step": cot_step_values,
    "cot.phase": cot_phase_values,
    "cot.tool.reasoning": cot_tool_reasoning_values,
    "cot.completed": cot_completed_values,
}


def activity_values(raw: Any) -> dict[str, Any] | None:
    """Twin of ``Activity.model_validate(raw).model_dump()``: all eight keys."""
    if type(raw) is not dict:
        return None
    activity_type = raw.get("activityType")
    origin = raw.get("origin")
    label = raw.get("label")
    detail = raw.get("detail")
    render_hint = raw.get("renderHint")
    status = raw.get("status")
    subject_type = raw.get("subjectType")
    subject_id = raw.get("subjectId")
    if not (
        type(activity_type) is str
        and len(activity_type) <= 128
        and _is_str_or_none(origin, 128)
        and type(label) is str
        and len(label) <= 500
        and _is_str_or_none(detail, 500)
        and _is_str_or_none(render_hint, 128)
        and type(status) is str
        and status in _ACTIVITY_STATUSES
        and _is_str_or_none(subject_type, 128)
        and _is_str_or_none(subject_id, 128)
    ):
        return None
    return {
        "activityType": activity_type,
        "origin": origin,
        "label": label,
        "detail": detail,
        "renderHint": render_hint,
        "status": status,
        "subjectType": subject_type,
        "subjectId": subject_id,
    }


def message_values(payload: dict[str, Any]) -> dict[str, Any] | None:
    """Twin of ``MessagePayload.model_validate(payload).model_dump(exclude_none=True)``.

    ``toolCalls`` is returned as parsed (the model would copy the list).
    """
    message_id = payload.get("messageId")
    delta = payload.get("delta")
    text = payload.get("text")
    tool_calls = payload.get("toolCalls")
    if not (
        is_id128(message_id)
        and (delta is None or type(delta) is str)
        and (text is None or type(text) is str)
        and (tool_calls is None or type(tool_calls) is list)
    ):
        return None
    data: dict[str, Any] = {"messageId": message_id}
    if delta is not None:
        data["delta"] = delta
    if text is not None:
        data["text"] = text
    if tool_calls is not None:
        data["toolCalls"] = tool_calls
    return data
