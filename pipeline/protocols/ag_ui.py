"""The clean stream as AG-UI events (``@ag-ui/core`` 1.0, protocol 1.0).

One session is one AG-UI *thread* (``threadId`` = sessionId); each clean ``runId`` is a
*run*. The mapping table is in ``docs/protocols.md``; in short:

- every frame belongs to a run: the first event of a run opens it (``RUN_STARTED``); an
  event of another run closes the open one first; a terminal event closes it
  (``RUN_FINISHED``; ``RUN_ERROR`` for ``run.failed`` / ``run.error``), after closing what
  is open, as the verifier demands. An event of a settled run re-opens that run;
- reasoning: ``cot.step`` and ``cot.tool.reasoning`` are one reasoning message each
  (``REASONING_MESSAGE_START/CONTENT/END``, id = eventId, the display fields other than the
  summary as metadata) inside a reasoning span (``REASONING_START``) that ``cot.completed``
  or the end of the run closes; ``cot.phase`` is a ``STEP_STARTED`` (after a
  ``STEP_FINISHED`` of the previous phase);
- tool cards: the first event of a callId is the tool call (``TOOL_CALL_START``,
  ``TOOL_CALL_ARGS`` with the input as JSON when the card carries one, ``TOOL_CALL_END``);
  every event updates an activity message ``tool-card:<callId>`` holding the whole card
  (status, approval, input, output, activity, redacted) with ``ACTIVITY_SNAPSHOT``; an
  output at ``completed``, ``failed`` or ``degraded`` is a ``TOOL_CALL_RESULT`` (content =
  the output as JSON) unless the same status and output were already sent;
- messages: ``TEXT_MESSAGE_*`` (id = messageId); a completed message's ``text`` only adds
  what the deltas did not stream; its ``toolCalls`` are handled like tool events;
- activity and artifacts: ``ACTIVITY_SNAPSHOT`` (activity ``activity:<eventId>``, artifact
  ``artifact:<artifactId>`` when the data names one, else ``artifact:<eventId>``), with the
  clean type as ``activityType`` and the clean data as content; session and run events are
  ``CUSTOM`` events named by the clean type with the clean data as value.

Nothing the clean event does not carry is added: ids are the clean ids (prefixed where
AG-UI needs one id space), texts are the clean texts, a redacted card's null input and
output stay null (no arguments, no result). Approvals are NOT AG-UI interrupts: an
interrupt ends the run and makes the client answer it on its next run, while this stream
is a read-only tail of a run that goes on in Chao's backend (docs/protocols.md).
"""

from __future__ import annotations

from typing import Any, Final

from pipeline.protocols.frames import TextMessages, epoch_ms, json_text

RESULT_STATUSES: Final = frozenset({"completed", "failed", "degraded"})
ERROR_TYPES: Final = frozenset({"run.failed", "run.error"})
COMPLETED_TYPES: Final = frozenset({"message.completed", "message.partially_completed"})


class AgUiAdapter:
    """Turns one session's clean events, in seq order, into AG-UI events."""

    def __init__(self) -> None:
        self.run: str | None = None  # the open run's id
        self.texts = TextMessages()
        self.span: str | None = None  # open reasoning span id
        self.step: str | None = None  # open step (phase) name
        self.tool_calls: set[str] = set()  # callIds that have their TOOL_CALL_START
        self.results: dict[str, tuple[str, str]] = {}  # callId -> last (status, output)
        self.result_count: dict[str, int] = {}

    def feed(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        session_id = event["sessionId"]
        run_id = event.get("runId") or self.run or session_id
        if self.run is not None and self.run != run_id:
            self._close(out)
            out.append({"type": "RUN_FINISHED", "threadId": session_id, "runId": self.run})
            self.run = None
        if self.run is None:
            out.append({"type": "RUN_STARTED", "threadId": session_id, "runId": run_id})
            self.run = run_id
        family = event["family"]
        data = event["data"]
        etype = event["type"]
        if family == "reasoning":
            self._reasoning(etype, event["eventId"], data, out)
        elif family == "tool":
            self._tool(data, out)
        elif family == "message":
            self._message(etype, data, out)
        elif family == "activity":
            out.append(_snapshot(f"activity:{event['eventId']}", etype, data))
        elif family == "artifact":
            key = data.get("artifactId")
            key = key if isinstance(key, str) and key else event["eventId"]
            out.append(_snapshot(f"artifact:{key}", etype, data))
        else:  # session, run
            out.append({"type": "CUSTOM", "name": etype, "value": data})
        if event.get("terminal"):
            self._close(out)
            if etype in ERROR_TYPES:
                out.append({"type": "RUN_ERROR", "message": etype, "code": etype})
            else:
                out.append({"type": "RUN_FINISHED", "threadId": session_id, "runId": run_id})
            self.run = None
        timestamp = epoch_ms(event.get("ts"))
        if timestamp is not None:
            for frame in out:
                frame["timestamp"] = timestamp
        return out

    # -- families ------------------------------------------------------------------------

    def _reasoning(
        self, etype: str, event_id: str, data: dict[str, Any], out: list[dict[str, Any]]
    ) -> None:
        if etype == "cot.phase":
            phase = data["phase"]
            if self.step != phase:
                if self.step is not None:
                    out.append({"type": "STEP_FINISHED", "stepName": self.step})
                out.append({"type": "STEP_STARTED", "stepName": phase})
                self.step = phase
            return
        if etype == "cot.completed":
            self._close_reasoning(out)
            return
        summary = data.get("summary")
        if not isinstance(summary, str) or not summary:
            return  # cot.step and cot.tool.reasoning always carry one (contract 3.2)
        if self.span is None:
            self.span = f"reasoning:{event_id}"
            out.append({"type": "REASONING_START", "messageId": self.span})
        start: dict[str, Any] = {
            "type": "REASONING_MESSAGE_START",
            "messageId": event_id,
            "role": "reasoning",
        }
        metadata = {k: data[k] for k in ("stepId", "phase", "ts", "toolCallId") if k in data}
        if metadata:
            start["metadata"] = metadata
        out.append(start)
        out.append({"type": "REASONING_MESSAGE_CONTENT", "messageId": event_id, "delta": summary})
        out.append({"type": "REASONING_MESSAGE_END", "messageId": event_id})

    def _tool(self, card: dict[str, Any], out: list[dict[str, Any]]) -> None:
        call_id = card["callId"]
        if call_id not in self.tool_calls:
            self.tool_calls.add(call_id)
            out.append(
                {"type": "TOOL_CALL_START", "toolCallId": call_id, "toolCallName": card["toolKey"]}
            )
            if card["input"] is not None:
                out.append(
                    {
                        "type": "TOOL_CALL_ARGS",
                        "toolCallId": call_id,
                        "delta": json_text(card["input"]),
                    }
                )
            out.append({"type": "TOOL_CALL_END", "toolCallId": call_id})
        out.append(_snapshot(f"tool-card:{call_id}", "tool_card", card))
        output = card["output"]
        status = card["status"]
        if status in RESULT_STATUSES and output is not None:
            result = (status, json_text(output))
            if self.results.get(call_id) != result:
                self.results[call_id] = result
                count = self.result_count.get(call_id, 0) + 1
                self.result_count[call_id] = count
                out.append(
                    {
                        "type": "TOOL_CALL_RESULT",
                        "messageId": f"tool-result:{call_id}:{count}",
                        "toolCallId": call_id,
                        "content": result[1],
                        "role": "tool",
                    }
                )

    def _message(self, etype: str, data: dict[str, Any], out: list[dict[str, Any]]) -> None:
        message_id = data["messageId"]
        if etype == "message.delta":
            delta = data["delta"]
            if self.texts.delta(message_id, delta):
                out.append(
                    {"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"}
                )
            if delta:
                out.append(
                    {"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": delta}
                )
            return
        opening, missing, closing = self.texts.complete(message_id, data.get("text"))
        if opening:
            out.append({"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"})
        if missing:
            out.append({"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": missing})
        if closing:
            end: dict[str, Any] = {"type": "TEXT_MESSAGE_END", "messageId": message_id}
            if etype == "message.partially_completed":
                end["metadata"] = {"partial": True}
            out.append(end)
        for card in data.get("toolCalls") or ():
            self._tool(card, out)

    # -- helpers -------------------------------------------------------------------------

    def _close_reasoning(self, out: list[dict[str, Any]]) -> None:
        if self.span is not None:
            out.append({"type": "REASONING_END", "messageId": self.span})
            self.span = None
        if self.step is not None:
            out.append({"type": "STEP_FINISHED", "stepName": self.step})
            self.step = None

    def _close(self, out: list[dict[str, Any]]) -> None:
        """Close what is open: a run may only finish with nothing open."""
        for message_id in self.texts.close_all():
            out.append({"type": "TEXT_MESSAGE_END", "messageId": message_id})
        self._close_reasoning(out)


def _snapshot(message_id: str, activity_type: str, content: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "ACTIVITY_SNAPSHOT",
        "messageId": message_id,
        "activityType": activity_type,
        "content": content,
        "replace": True,
    }


class AgUiTracker:
    """What is open in an AG-UI stream, read from its frames: the preamble of a resumed
    stream re-opens it so that the client's verifier accepts the frames that follow.

    The verifier wants ``RUN_STARTED`` first in every stream and a START before any
    content or END of a message, tool call, reasoning span or step; the client's reducer
    treats a START of a message or tool call it already has as a continuation (the text
    goes on in the same message), so re-opening changes nothing in its state.
    """

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.run: dict[str, Any] | None = None
        self.steps: dict[str, None] = {}
        self.spans: dict[str, None] = {}
        self.texts: dict[str, dict[str, Any]] = {}
        self.tools: dict[str, dict[str, Any]] = {}
        self.reasonings: dict[str, None] = {}

    def observe(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "RUN_STARTED":
            self.run = {"type": kind, "threadId": frame["threadId"], "runId": frame["runId"]}
        elif kind in ("RUN_FINISHED", "RUN_ERROR"):
            self._reset()  # a finished run leaves nothing open
        elif kind == "STEP_STARTED":
            self.steps[frame["stepName"]] = None
        elif kind == "STEP_FINISHED":
            self.steps.pop(frame["stepName"], None)
        elif kind == "REASONING_START":
            self.spans[frame["messageId"]] = None
        elif kind == "REASONING_END":
            self.spans.pop(frame["messageId"], None)
        elif kind == "TEXT_MESSAGE_START":
            self.texts[frame["messageId"]] = {
                "type": kind,
                "messageId": frame["messageId"],
                "role": frame.get("role", "assistant"),
            }
        elif kind == "TEXT_MESSAGE_END":
            self.texts.pop(frame["messageId"], None)
        elif kind == "TOOL_CALL_START":
            self.tools[frame["toolCallId"]] = {
                "type": kind,
                "toolCallId": frame["toolCallId"],
                "toolCallName": frame["toolCallName"],
            }
        elif kind == "TOOL_CALL_END":
            self.tools.pop(frame["toolCallId"], None)
        elif kind == "REASONING_MESSAGE_START":
            self.reasonings[frame["messageId"]] = None
        elif kind == "REASONING_MESSAGE_END":
            self.reasonings.pop(frame["messageId"], None)

    def preamble(self) -> list[dict[str, Any]]:
        if self.run is None:
            return []  # the next frame of the stream is a RUN_STARTED
        out = [dict(self.run)]
        out += [{"type": "STEP_STARTED", "stepName": name} for name in self.steps]
        out += [{"type": "REASONING_START", "messageId": span} for span in self.spans]
        out += [dict(text) for text in self.texts.values()]
        out += [dict(tool) for tool in self.tools.values()]
        out += [
            {"type": "REASONING_MESSAGE_START", "messageId": mid, "role": "reasoning"}
            for mid in self.reasonings
        ]
        return out
