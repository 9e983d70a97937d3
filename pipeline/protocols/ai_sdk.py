"""The clean stream as AI SDK UI message stream chunks (``ai`` 6, protocol ``v1``).

A UI message stream describes assistant *messages* made of parts. Here one clean run is
one assistant message (``messageId`` = runId; the session id when the run has none; a run
that comes back after another one gets ``<runId>@<seq>``, so the reader never resets a
message it already built). The mapping table is in ``docs/protocols.md``; in short:

- ``start`` opens the run's message (``messageMetadata``: sessionId and runId), a terminal
  event closes it with ``finish`` (``stop``; ``other`` for a partially completed message;
  ``error`` after an ``error`` chunk for ``run.failed`` / ``run.error``); an event of a
  finished run sends ``start`` with the same id and the reader goes on with that message;
- reasoning: ``cot.step`` / ``cot.tool.reasoning`` are one reasoning part each
  (``reasoning-start/delta/end``, id = eventId, the other display fields as
  ``providerMetadata.chao``); ``cot.phase`` and ``cot.completed`` are ``data-chao-reasoning``
  parts;
- tool cards are dynamic tool parts run by Chao (``dynamic: true``,
  ``providerExecuted: true``, so no client tries to run them): ``executing`` is
  ``tool-input-available`` (the last input the card carried), ``pending`` with approval
  ``required`` is ``tool-approval-request``, ``completed`` and ``degraded`` are
  ``tool-output-available``, ``failed`` is ``tool-output-error`` (errorText: the output as
  JSON, or ``failed``), ``rejected`` (a person said no) is ``tool-output-denied``, and
  ``skipped`` is ``tool-output-error`` with errorText ``approval expired`` when the approval
  expired (never a denial), else ``skipped``. Each card event also updates a
  ``data-chao-tool`` part (id = callId) holding the whole clean card;
- messages are text parts (id = messageId); a completed message's ``text`` only adds what
  the deltas did not stream; its ``toolCalls`` are handled like tool events;
- session, activity, artifact and run events are ``data-chao-<family>`` parts whose data is
  ``{"type": <clean type>, "data": <clean data>}`` (artifact parts keyed by artifactId, so
  an artifact's part holds its latest event).

Resume: the reader of a UI message stream builds one message at a time from its first
chunk, so a resumed stream starts by replaying the message open at the resume point (its
frames up to that point, without ids) and the client replaces that message by id, as the
AI SDK's own resumable streams do (:class:`AiSdkTracker`).
"""

from __future__ import annotations

from typing import Any, Final

from pipeline.protocols.frames import TextMessages, json_text

ERROR_TYPES: Final = frozenset({"run.failed", "run.error"})
_NATIVE: Final = {"dynamic": True, "providerExecuted": True}


class AiSdkAdapter:
    """Turns one session's clean events, in seq order, into UI message stream chunks."""

    def __init__(self) -> None:
        self.message: str | None = None  # the current message's id
        self.message_run: str | None = None  # the run key of the current message
        self.finished = False  # the current message got its finish
        self.used: set[str] = set()  # message ids already used
        self.texts = TextMessages()
        self.inputs: dict[str, Any] = {}  # last non-null input per callId
        self.parts: dict[str, tuple[str, str]] = {}  # callId -> native state in this message

    def feed(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        session_id = event["sessionId"]
        run_key = event.get("runId") or self.message_run or session_id
        if self.message is not None and self.message_run != run_key:
            self._close_text(out)
            if not self.finished:
                out.append({"type": "finish"})
            self.message = None
        if self.message is None:
            message_id = run_key if run_key not in self.used else f"{run_key}@{event['seq']}"
            self.used.add(message_id)
            self.message, self.message_run, self.finished = message_id, run_key, False
            self.parts = {}
            out.append(
                {
                    "type": "start",
                    "messageId": message_id,
                    "messageMetadata": {"sessionId": session_id, "runId": event.get("runId")},
                }
            )
        elif self.finished:
            out.append({"type": "start", "messageId": self.message})
            self.finished = False
        family = event["family"]
        etype = event["type"]
        data = event["data"]
        event_id = event["eventId"]
        if family == "reasoning":
            self._reasoning(etype, event_id, data, out)
        elif family == "tool":
            self._tool(etype, data, out)
        elif family == "message":
            self._message(etype, data, out)
        else:  # session, activity, artifact, run
            key = event_id
            if family == "artifact":
                artifact_id = data.get("artifactId")
                key = artifact_id if isinstance(artifact_id, str) and artifact_id else event_id
            out.append(_data_part(family, key, etype, data))
        if event.get("terminal"):
            self._close_text(out)
            if etype in ERROR_TYPES:
                out.append({"type": "error", "errorText": etype})
                reason = "error"
            elif etype == "message.partially_completed":
                reason = "other"
            else:
                reason = "stop"
            out.append({"type": "finish", "finishReason": reason})
            self.finished = True
        return out

    # -- families ------------------------------------------------------------------------

    def _reasoning(
        self, etype: str, event_id: str, data: dict[str, Any], out: list[dict[str, Any]]
    ) -> None:
        summary = data.get("summary")
        if etype not in ("cot.step", "cot.tool.reasoning") or not isinstance(summary, str):
            out.append(_data_part("reasoning", event_id, etype, data))
            return
        start: dict[str, Any] = {"type": "reasoning-start", "id": event_id}
        metadata = {k: data[k] for k in ("stepId", "phase", "ts", "toolCallId") if k in data}
        if metadata:
            start["providerMetadata"] = {"chao": metadata}
        out.append(start)
        out.append({"type": "reasoning-delta", "id": event_id, "delta": summary})
        out.append({"type": "reasoning-end", "id": event_id})

    def _tool(self, etype: str, card: dict[str, Any], out: list[dict[str, Any]]) -> None:
        call_id = card["callId"]
        if card["input"] is not None:
            self.inputs[call_id] = card["input"]
        known_input = self.inputs.get(call_id)
        status, approval, output = card["status"], card["approval"], card["output"]
        input_state = ("input", json_text(known_input))
        want: tuple[str, str]
        if status in ("completed", "degraded"):
            want = ("output", json_text(output))
        elif status == "failed":
            want = ("error", "failed" if output is None else json_text(output))
        elif status == "skipped":
            want = ("error", "approval expired" if approval == "expired" else "skipped")
        elif status == "rejected":
            want = ("denied", "")
        elif status == "pending" and approval == "required":
            want = ("approval", "")
        else:  # executing, or pending without an approval request
            want = input_state
        have = self.parts.get(call_id)
        if have is None:  # the part must exist in this message before any other chunk
            out.append(
                {
                    "type": "tool-input-available",
                    "toolCallId": call_id,
                    "toolName": card["toolKey"],
                    "input": known_input,
                    **_NATIVE,
                }
            )
            have = self.parts[call_id] = input_state
        if want != have:
            if want[0] == "input":
                out.append(
                    {
                        "type": "tool-input-available",
                        "toolCallId": call_id,
                        "toolName": card["toolKey"],
                        "input": known_input,
                        **_NATIVE,
                    }
                )
            elif want[0] == "approval":
                out.append(
                    {"type": "tool-approval-request", "approvalId": call_id, "toolCallId": call_id}
                )
            elif want[0] == "output":
                out.append(
                    {
                        "type": "tool-output-available",
                        "toolCallId": call_id,
                        "output": output,
                        **_NATIVE,
                    }
                )
            elif want[0] == "error":
                out.append(
                    {
                        "type": "tool-output-error",
                        "toolCallId": call_id,
                        "errorText": want[1],
                        **_NATIVE,
                    }
                )
            else:
                out.append({"type": "tool-output-denied", "toolCallId": call_id})
            self.parts[call_id] = want
        out.append(_data_part("tool", call_id, etype, card))

    def _message(self, etype: str, data: dict[str, Any], out: list[dict[str, Any]]) -> None:
        message_id = data["messageId"]
        if etype == "message.delta":
            delta = data["delta"]
            if self.texts.delta(message_id, delta):
                out.append({"type": "text-start", "id": message_id})
            if delta:
                out.append({"type": "text-delta", "id": message_id, "delta": delta})
            return
        opening, missing, closing = self.texts.complete(message_id, data.get("text"))
        if opening:
            out.append({"type": "text-start", "id": message_id})
        if missing:
            out.append({"type": "text-delta", "id": message_id, "delta": missing})
        if closing:
            out.append({"type": "text-end", "id": message_id})
        for card in data.get("toolCalls") or ():
            self._tool(etype, card, out)

    # -- helpers -------------------------------------------------------------------------

    def _close_text(self, out: list[dict[str, Any]]) -> None:
        for message_id in self.texts.close_all():
            out.append({"type": "text-end", "id": message_id})


def _data_part(family: str, key: str, etype: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"type": f"data-chao-{family}", "id": key, "data": {"type": etype, "data": data}}


class AiSdkTracker:
    """The message open at a point of an AI SDK stream, read from its frames: the preamble
    of a resumed stream replays it (every chunk since the first ``start`` of its id, but
    the ``error`` chunks, which change no message and were reported already), so a fresh
    reader rebuilds exactly the message the client had, and the frames that follow go on
    from there."""

    def __init__(self) -> None:
        self.message: str | None = None
        self.frames: list[dict[str, Any]] = []

    def observe(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "start" and frame.get("messageId") != self.message:
            self.message = frame.get("messageId")
            self.frames = []
        if self.message is not None and frame["type"] != "error":
            self.frames.append(frame)

    def preamble(self) -> list[dict[str, Any]]:
        return list(self.frames)
