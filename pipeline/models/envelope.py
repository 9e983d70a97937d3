"""The raw envelope (contract section 1) and the field types shared by every model.

These pydantic models are the single source of the input schema: ``chao-pipeline schema``
generates JSON Schema from them, and an invalid record is always rejected by them, so they
name the offending field. Validating a *valid* record with pydantic costs microseconds
(an instance is built, Python validators are called back, the stages dump it to a dict
again), so the hot path first runs a plain-Python twin of each input model
(:func:`envelope_values` here, the ``*_values`` functions in ``payloads.py``): a few type
and length checks that accept exactly what the model accepts and return the same values.
``tests/models/test_plain_twins.py`` proves that with hypothesis; keep each twin in step with its
model.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

MAX_SEQ = 2**53 - 1
MAX_RECORD_BYTES = 1024 * 1024
ID_MAX_LENGTH = 128
SESSION_ID_PATTERN = r"^[A-Za-z0-9._:-]{1,128}$"

# RFC 3339 date-time. The regex defines the shape (fromisoformat alone accepts
# things like week dates and missing offsets); fromisoformat then checks the ranges.
_RFC3339_SHAPE = (
    r"\A\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})\Z"
)
# ASCII digits only: RFC 3339's DIGIT is %x30-39 (Python's \d alone would also take
# Arabic-Indic and other Unicode digits, which fromisoformat then accepts in places).
_RFC3339_ASCII = re.compile(_RFC3339_SHAPE, re.ASCII)


# The same shape, checked without the regex engine (a third of the cost): every ASCII digit
# becomes "0", and the result must be one of the finitely many strings the regex matches
# with all its digits written "0". The regex can only match ASCII text, so any other text
# fails here as it does there. ``tests/models/test_plain_twins.py`` checks the two agree.
_DIGITS_TO_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)
_RFC3339_SHAPES = frozenset(
    f"0000-00-00{sep}00:00:00{fraction}{offset}".encode()
    for sep in "Tt "
    for fraction in ["", *("." + "0" * n for n in range(1, 10))]
    for offset in ("Z", "z", "+00:00", "-00:00")
)


def has_rfc3339_shape(value: str) -> bool:
    """``_RFC3339_ASCII.match(value) is not None``, without the regex engine."""
    return value.isascii() and value.encode().translate(_DIGITS_TO_ZERO) in _RFC3339_SHAPES


def is_rfc3339(value: str) -> bool:
    """Whether ``value`` is an RFC 3339 timestamp (shape by regex, ranges by fromisoformat)."""
    # has_rfc3339_shape, written out: this runs for every record's ts.
    if not (value.isascii() and value.encode().translate(_DIGITS_TO_ZERO) in _RFC3339_SHAPES):
        return False
    try:  # fast path: the usual "...T...Z" with at most 6 fraction digits
        datetime.fromisoformat(value)
        return True
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
        return False
    return True


def check_rfc3339(value: str) -> str:
    """Accept an RFC 3339 timestamp and return it unchanged (clients get the producer's text)."""
    if not is_rfc3339(value):
        raise ValueError("not an RFC 3339 timestamp")
    return value


Id128 = Annotated[StrictStr, Field(min_length=1, max_length=ID_MAX_LENGTH)]
SessionId = Annotated[StrictStr, Field(pattern=SESSION_ID_PATTERN)]
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


# -- plain twins (see the module docstring) --------------------------------------------

# pydantic runs patterns with Rust's regex, whose ``$`` matches only at the very end;
# Python's ``$`` also matches before a final newline, so the twin ends in ``\Z``.
_SESSION_ID = re.compile(SESSION_ID_PATTERN.removesuffix("$") + r"\Z")
# A session sends many records: the sessionIds that matched lately are remembered, so most
# records pay a set lookup instead of the regex. Emptied when full, so hostile input can
# fill it but not grow it.
_VALID_SESSION_IDS: set[str] = set()
MAX_REMEMBERED_SESSION_IDS = 4096


def is_session_id(value: str) -> bool:
    """Twin of ``SessionId`` for a str: the pattern, matched to the very end."""
    if value in _VALID_SESSION_IDS:
        return True
    if _SESSION_ID.match(value) is None:
        return False
    if len(_VALID_SESSION_IDS) >= MAX_REMEMBERED_SESSION_IDS:
        _VALID_SESSION_IDS.clear()
    _VALID_SESSION_IDS.add(value)
    return True


# The envelope's values in RawEnvelope's field order (absent optional fields are None).
EnvelopeValues = tuple[str, str, str, str | None, int, str, str | None, dict[str, Any]]


def is_id128(value: Any) -> bool:
    """Twin of ``Id128``: a string of 1..128 characters."""
    return type(value) is str and 0 < len(value) <= ID_MAX_LENGTH


def is_timestamp(value: Any) -> bool:
    """Twin of ``Timestamp``: an RFC 3339 string."""
    return type(value) is str and is_rfc3339(value)


def envelope_values(obj: dict[str, Any]) -> EnvelopeValues | None:
    """Twin of ``RawEnvelope.model_validate``: the values of a valid envelope, else None.

    ``type(x) is str``/``int`` is what strict mode asks of JSON values (and keeps bools out
    of ``seq``). The payload is returned as parsed rather than copied, with equal contents.
    None means invalid: run RawEnvelope to name the first offending field.
    """
    event_id = obj.get("eventId")
    event_type = obj.get("type")
    session_id = obj.get("sessionId")
    run_id = obj.get("runId")
    seq = obj.get("seq")
    ts = obj.get("ts")
    step_id = obj.get("stepId")
    payload = obj.get("payload")
    # The checks of is_id128 are written out in place: this runs for every record.
    if (
        type(event_id) is str
        and 0 < len(event_id) <= ID_MAX_LENGTH
        and type(event_type) is str
        and type(session_id) is str
        and (session_id in _VALID_SESSION_IDS or is_session_id(session_id))
        and (run_id is None or (type(run_id) is str and 0 < len(run_id) <= ID_MAX_LENGTH))
        and type(seq) is int
        and 0 <= seq <= MAX_SEQ
        and type(ts) is str
        and is_rfc3339(ts)
        and (step_id is None or (type(step_id) is str and 0 < len(step_id) <= ID_MAX_LENGTH))
        and type(payload) is dict
    ):
        return event_id, event_type, session_id, run_id, seq, ts, step_id, payload
    return None
