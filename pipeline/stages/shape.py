"""Hostile shapes of a parsed record: duplicate keys and extreme nesting (validation stage).

Both checks run on a record whose envelope is valid (an invalid one is dead-lettered
anyway and carries nothing further), so the rejection keeps the record's place in its
session. Details name a field from a fixed list, never a value and never a key taken from
the input (an arbitrary key is reported as ``payload``).

**Duplicate keys.** JSON parsers disagree on ``{"a": 1, "a": 2}``: orjson and Python keep the
last value, others the first or refuse it. A record whose envelope or payload repeats a key
means one thing here and another to a different reader of the raw topic, so text could be
smuggled past a screen. Such a record is dead-lettered: ``invalid_envelope`` naming the
repeated envelope field, or ``invalid_payload`` naming the payload field that holds the
repeat (at any depth inside the payload). A repeated unknown envelope field is ignored, like
unknown fields are. The check is cheap when nothing is wrong: a record that is byte for
byte what orjson writes for the parsed object (compact, UTF-8, no escapes it would not
write) cannot hold a repeated key, and that comparison costs one ``orjson.dumps`` (about
5% of the stage chain's time per record). Only other records (pretty-printed, escaped
non-ASCII, ...) are parsed a second time, with the standard library's parser reporting each
object's key pairs (a few microseconds). ``CHAO_REJECT_DUPLICATE_KEYS=false`` turns the
check off for producers that are trusted to write each key once.

**Nesting.** orjson parses up to 1024 levels but writes only 254, so a record between the two
would crash the first ``orjson.dumps`` of its clean event or state downstream. A record
nested deeper than ``PipelineConfig.max_nesting_depth`` (default 128, envelope = level 1) is
dead-lettered ``invalid_json``, as a deeper one that orjson refuses to parse is. Nesting can
only exceed the limit in a record with more opening brackets than the limit (and twice as
many bytes), so the common record pays a length comparison, and a long one two
``bytes.count`` calls, before any walk.
"""

from __future__ import annotations

import json
from typing import Any, Final

import orjson

from pipeline.models.envelope import ENVELOPE_FIELDS
from pipeline.models.payloads import COT_DISPLAY_MODELS, MessagePayload
from pipeline.stages.types import Rejection

_VALIDATION: Final = "validation"
# Bytes a valid envelope takes besides the values that could nest: its braces, the required
# keys, 1-character eventId, type and sessionId, seq 0 and the shortest RFC 3339 ts (less 2,
# to stay on the safe side). A record nested deeper than N levels has N more opening and
# closing brackets on top of that.
_MIN_ENVELOPE_BYTES: Final = (
    len(
        b'{"eventId":"e","type":"t","sessionId":"s","seq":0,"ts":"2026-01-01T00:00:00Z","payload":}'
    )
    - 2
)
TOO_DEEP: Final = Rejection(_VALIDATION, "invalid_json")

#: Payload fields any stage reads, by name: these may appear in a dead letter's detail.
KNOWN_PAYLOAD_FIELDS: Final = frozenset(
    {name for model in COT_DISPLAY_MODELS.values() for name in model.model_fields}
    | set(MessagePayload.model_fields)
    | {
        "disclosure",
        "visibleReasoning",
        "toolKey",
        "key",
        "callId",
        "toolCallId",
        "input",
        "args",
        "data",
        "output",
        "activity",
        "approved",
        "status",
        "approval",
    }
)


def screen_shape(
    raw: bytes, obj: dict[str, Any], max_depth: int, *, duplicates: bool = True
) -> Rejection | None:
    """Why a record with a valid envelope must still be rejected for its shape, or None."""
    if (
        len(raw) > 2 * max_depth + _MIN_ENVELOPE_BYTES
        and raw.count(b"[") + raw.count(b"{") > max_depth
        and nested_deeper_than(obj, max_depth)
    ):
        return TOO_DEEP
    if not duplicates:
        return None
    try:
        if orjson.dumps(obj) == raw:  # orjson's own form cannot hold a repeated key
            return None
    except orjson.JSONEncodeError:  # unreachable below orjson's 254 levels; fail closed
        return TOO_DEEP
    return duplicate_key(raw)


def nested_deeper_than(value: Any, levels: int) -> bool:
    """Whether objects and arrays in ``value`` nest more than ``levels`` deep (iterative)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node
        if depth > levels:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def duplicate_key(raw: bytes) -> Rejection | None:
    """The rejection for a repeated key in the envelope or the payload, or None.

    The slow path: only records that are not in orjson's own compact form come here.
    """
    repeated: list[tuple[dict[str, Any], list[str]]] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) != len(items):
            seen: set[str] = set()
            names = [k for k, _ in items if k in seen or seen.add(k)]  # type: ignore[func-returns-value]
            repeated.append((obj, names))  # keeps obj alive: ids below stay unique
        return obj

    try:
        top = json.loads(raw, object_pairs_hook=pairs)
    except (ValueError, RecursionError):  # orjson read it; the standard parser should too
        return TOO_DEEP
    if not repeated or not isinstance(top, dict):
        return None
    by_id = {id(obj): names for obj, names in repeated}
    names = by_id.get(id(top), [])
    for field in ENVELOPE_FIELDS:
        if field in names:
            return Rejection(_VALIDATION, "invalid_envelope", field)
    payload = top.get("payload")
    if not isinstance(payload, dict):
        return None
    if id(payload) in by_id:
        return _invalid_payload(by_id[id(payload)][0])
    for key, value in payload.items():
        if _holds_any(value, by_id):
            return _invalid_payload(key)
    return None  # repeats only inside unknown envelope fields: ignored with them


def _invalid_payload(key: str) -> Rejection:
    return Rejection(
        _VALIDATION, "invalid_payload", key if key in KNOWN_PAYLOAD_FIELDS else "payload"
    )


def _holds_any(value: Any, ids: dict[int, list[str]]) -> bool:
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if id(node) in ids:
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False
