"""Stage 2: the visible-reasoning policy (contract 3.2).

The six rules are checked in the contract's order. Rules 3-5 depend only on the event and
run in :func:`screen_reasoning` before ordering, so a rejected summary's text never travels
any further. Rules 1, 2 and 6 depend on configuration and on the session as it stands at
the event's place in the order; :func:`admit_reasoning` checks them on release.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import ValidationError

from pipeline.models.payloads import COT_DISPLAY_MODELS, COT_DISPLAY_VALUES, DISCLOSURE_MARKER
from pipeline.screening import DETECTOR_NAMES, default_screening, first_unsafe
from pipeline.stages.types import Rejection

COT_POLICY = "cot_policy"
COT_DISABLED: Final = Rejection(COT_POLICY, "cot_disabled")
SESSION_INELIGIBLE: Final = Rejection(COT_POLICY, "session_ineligible")
UNMARKED: Final = Rejection(COT_POLICY, "unmarked")
UNKNOWN_TOOL_CARD: Final = Rejection(COT_POLICY, "unknown_tool_card")
_PRIORITY: Final = {name: rank for rank, name in enumerate(DETECTOR_NAMES)}  # for callers


def screen_reasoning(event_type: str, payload: dict[str, Any]) -> dict[str, Any] | Rejection:
    """Rules 3-5: the display fields of a cot event, or why it must be dropped."""
    if payload.get("disclosure") != DISCLOSURE_MARKER:
        return UNMARKED
    # The plain twin of the display model does the common (valid) case; the model itself
    # only runs on a malformed payload, to name the field.
    data = COT_DISPLAY_VALUES[event_type](payload)
    if data is None:
        try:
            display = COT_DISPLAY_MODELS[event_type].model_validate(payload)
        except ValidationError as exc:
            # The first offending field, in the contract's field order; never its value.
            return Rejection(COT_POLICY, "malformed", str(exc.errors()[0]["loc"][0]))
        data = display.model_dump(exclude_none=True)
    summary = data.get("summary")
    phase = data.get("phase")
    # The client shows the phase and the summary together, so they are judged together
    # (text split between them is judged as it reads). A phase on its own is a short
    # label from a small vocabulary: its verdict is remembered.
    if summary is None:
        detector = None if phase is None else unsafe_phase(phase)
    else:
        # pipeline.screening.screen, without its wrapper's extra call per cot event
        detector = default_screening().screen(summary, phase)
    if detector is not None:
        return Rejection(COT_POLICY, "unsafe_summary", detector)
    return data


# Phases are short labels from a small vocabulary ("planning", "using tools", ...), unlike
# summaries, so the detectors' verdict on each is remembered: for the first distinct labels
# seen, up to a bound that hostile input can fill but not grow past.
_PHASE_VERDICTS: dict[str, str | None] = {}
MAX_REMEMBERED_PHASES: Final = 1024


def unsafe_phase(phase: str) -> str | None:
    """``first_unsafe(phase)``, remembered for the first MAX_REMEMBERED_PHASES labels."""
    try:
        return _PHASE_VERDICTS[phase]
    except KeyError:
        verdict = first_unsafe(phase)
        if len(_PHASE_VERDICTS) < MAX_REMEMBERED_PHASES:
            _PHASE_VERDICTS[phase] = verdict
        return verdict


def admit_reasoning(
    cot_disabled: bool,
    eligible: bool,
    screened: Rejection | None,
    event_type: str | None,
    tool_call_id: str | None,
    card_released: bool,
) -> Rejection | None:
    """Rules 1-6 in order, given the screening result of rules 3-5; None admits the event."""
    if cot_disabled:
        return COT_DISABLED
    if not eligible:
        return SESSION_INELIGIBLE
    if screened is not None:
        return screened
    if event_type == "cot.tool.reasoning" and not (tool_call_id and card_released):
        return UNKNOWN_TOOL_CARD
    return None
