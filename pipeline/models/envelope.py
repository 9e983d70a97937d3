"""The raw envelope (contract section 1) and the field types shared by every model.

These pydantic models are the single source of the input schema: validation uses them
directly, and ``chao-pipeline schema`` generates JSON Schema from them.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

MAX_SEQ = 2**53 - 1
MAX_RECORD_BYTES = 1024 * 1024

# RFC 3339 date-time. The regex fixes the shape (fromisoformat alone accepts
# things like week dates and missing offsets); fromisoformat then checks the ranges.
_RFC3339 = re.compile(
    r"\A\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})\Z"
)


def check_rfc3339(value: str) -> str:
    """Accept an RFC 3339 timestamp and return it unchanged (clients get the producer's text)."""
    if not _RFC3339.match(value):
        raise ValueError("not an RFC 3339 timestamp")
    try:  # fast path: the usual "...T...Z" with at most 6 fraction digits
        datetime.fromisoformat(value)
        return value
    except ValueError:
        pass
    core = value.replace("t", "T").replace(" ", "T").replace("z", "Z")
    # Python < 3.11 parses at most 6 fraction digits; RFC 3339 allows more, so trim them.
    if "." in core:
        head, _, rest = core.partition(".")
        digits = len(rest) - len(rest.lstrip("0123456789"))
        core = head + "." + rest[: min(digits, 6)].ljust(6, "0") + rest[digits:]
    try:
        datetime.fromisoformat(core.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError("not an RFC 3339 timestamp") from None
    return value


Id128 = Annotated[StrictStr, Field(min_length=1, max_length=128)]
SessionId = Annotated[StrictStr, Field(pattern=r"^[A-Za-z0-9._:-]{1,128}$")]
Seq = Annotated[StrictInt, Field(ge=0, le=MAX_SEQ)]
Timestamp = Annotated[StrictStr, AfterValidator(check_rfc3339)]


class RawEnvelope(BaseModel):
    """One raw record on ``chao.raw.events``. Unknown fields are ignored, never forwarded."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    eventId: Id128
    type: StrictStr
    sessionId: SessionId
    runId: Id128 | None = None
    seq: Seq
    ts: Timestamp
    stepId: Id128 | None = None
    payload: dict[str, Any]


# Field order of the envelope: the first invalid one (in this order) names an
# ``invalid_envelope`` dead letter.
ENVELOPE_FIELDS: tuple[str, ...] = tuple(RawEnvelope.model_fields)
