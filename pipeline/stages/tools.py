"""Stage 3: tool-card normalization (contract 3.3).

Turns the many shapes of a tool-like payload into one card with exactly eight keys.
Stateless; the session's record of released cards is kept by the ordering stage.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import ValidationError

from pipeline.models.payloads import Activity, activity_values
from pipeline.stages.types import Rejection

STATUS_BY_TYPE: Final[dict[str, str]] = {
    "tool.started": "executing",
    "tool.progress": "executing",
    "tool.approval_required": "pending",
    "tool.approval_timeout": "skipped",
    "tool.completed": "completed",
    "tool.failed": "failed",
    "tool.degraded": "degraded",
}
APPROVAL_BY_TYPE: Final[dict[str, str]] = {
    "tool.approval_required": "required",
    "tool.approval_timeout": "expired",
}
CARD_STATUSES: Final = frozenset(
    {"pending", "executing", "completed", "failed", "degraded", "rejected", "skipped"}
)
APPROVALS: Final = frozenset({"required", "approved", "rejected", "expired"})

NORMALIZATION = "normalization"
MISSING_TOOL_KEY: Final = Rejection(NORMALIZATION, "missing_tool_key")
MISSING_CALL_ID: Final = Rejection(NORMALIZATION, "missing_call_id")
INVALID_ACTIVITY: Final = Rejection(NORMALIZATION, "invalid_activity")


def first_present(payload: dict[str, Any], key: str, fallback: str) -> Any:
    """The contract's ``a ?? b``: the first value that is present and not null."""
    value = payload.get(key)
    return payload.get(fallback) if value is None else value


def normalize_activity(raw: Any) -> dict[str, Any] | None:
    """The eight activity keys (absent ones null); raises ValueError when invalid."""
    values = activity_values(raw)  # the model's plain twin: the common, valid case
    if values is not None:
        return values
    try:
        return Activity.model_validate(raw).model_dump()
    except ValidationError:
        raise ValueError("invalid activity") from None


def build_card(
    payload: dict[str, Any],
    *,
    call_id: Any,
    status: str,
    approval: str | None,
    reasoning_carriers: tuple[str, ...],
) -> dict[str, Any] | Rejection:
    """A card from a tool-like payload, or the rejection that names why it can't be one."""
    # first_present is written out here: this runs for every tool event and every entry of
    # message.toolCalls. toolKey and callId are identifiers: a value that is present but
    # not a string of 1..128 characters is as unusable as a missing one.
    get = payload.get
    tool_key = get("toolKey")
    if tool_key is None:
        tool_key = get("key")
    if not (isinstance(tool_key, str) and 0 < len(tool_key) <= 128):
        return MISSING_TOOL_KEY
    if not (isinstance(call_id, str) and 0 < len(call_id) <= 128):
        return MISSING_CALL_ID
    activity = get("activity")
    if activity is not None:
        try:
            activity = normalize_activity(activity)
        except ValueError:
            return INVALID_ACTIVITY
    # A reasoning carrier's input and output are raw thinking: never forwarded.
    if tool_key in reasoning_carriers:
        redacted = True
        tool_input = tool_output = None
    else:
        redacted = False
        tool_input = get("input")
        if tool_input is None:
            tool_input = get("args")
        tool_output = get("data")
        if tool_output is None:
            tool_output = get("output")
    return {
        "toolKey": tool_key,
        "callId": call_id,
        "status": status,
        "approval": approval,
        "input": tool_input,
        "output": tool_output,
        "activity": activity,
        "redacted": redacted,
    }


def normalize_tool_event(
    event_type: str, payload: dict[str, Any], step_id: str | None, carriers: tuple[str, ...]
) -> dict[str, Any] | Rejection:
    """The card of a ``tool.*`` event."""
    status: str
    approval: str | None
    if event_type == "tool.approval_response":
        approved = payload.get("approved") is True
        status, approval = ("executing", "approved") if approved else ("rejected", "rejected")
    else:
        status, approval = STATUS_BY_TYPE[event_type], APPROVAL_BY_TYPE.get(event_type)
    call_id = payload.get("callId")
    if call_id is None:
        call_id = payload.get("toolCallId")
    return build_card(
        payload,
        call_id=call_id if call_id is not None else step_id,
        status=status,
        approval=approval,
        reasoning_carriers=carriers,
    )


def normalize_tool_calls(entries: list[Any], carriers: tuple[str, ...]) -> tuple[list[Any], int]:
    """Normalize ``message.toolCalls``; returns (valid cards, number of entries removed).

    An invalid entry is removed on its own and never blocks the message.
    """
    cards: list[Any] = []
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        status = entry.get("status")
        if not isinstance(status, str) or status not in CARD_STATUSES:
            continue
        approval = entry.get("approval")
        card = build_card(
            entry,
            call_id=first_present(entry, "callId", "toolCallId"),
            status=status,
            approval=approval if isinstance(approval, str) and approval in APPROVALS else None,
            reasoning_carriers=carriers,
        )
        if isinstance(card, dict):
            cards.append(card)
    return cards, len(entries) - len(cards)
