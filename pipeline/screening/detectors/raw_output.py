"""Detector ``raw_output``: a provider's payload, stream or SDK object, or reasoning tags.

Structural, not a word list: JSON objects (also single-quoted Python dicts and SDK reprs
such as ``ChatCompletion(id='chatcmpl-…', choices=[Choice(…)])``) are parsed where they
parse, read key by key where they are cut short, and their keys and values scored with
the weights of rules/lexicon.toml ``[raw_output]``:

* 3 for a key only providers use (``finish_reason``, ``stop_reason``, ``usageMetadata``,
  ``reasoning_content``, ``logprobs`` …) or a provider value of ``type``/``object``/
  ``event`` (``"chat.completion"``, ``"thinking"``, ``"tool_use"``,
  ``"content_block_delta"``, ``"response.output_text.delta"`` …);
* 1.5 for keys providers share with other data (``choices``, ``candidates``,
  ``thinking``, ``signature``, ``delta``, ``usage``), a chat role value of ``role``,
  or a model name under ``model``;
* bonuses for provider structure: ``choices``/``candidates`` holding objects, a
  ``message``/``delta`` object with ``content`` or ``role``, ``role`` next to
  ``content``, a message id (``chatcmpl-``, ``msg_``, ``toolu_``, ``resp_`` …).

An object fires at 3: ``{"role": "editor"}``, ``{"choices": ["a", "b"]}`` or
``{"signature": "J. Doe"}`` do not. Server-sent event lines with a provider's event
name, and the tags models wrap raw reasoning and tool calls in (``<think>``,
``<thinking>``, ``<tool_call>``, ``<function_calls>``, ``<function=…>``,
``[TOOL_CALLS]``) fire too, unless the tag is only named in prose ("the <think> tag").
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from typing import Any, Final

from pipeline.screening.context import Context
from pipeline.screening.rules import lexicon

__all__ = ["RawOutputDetector"]

_DECODER: Final = json.JSONDecoder()
_PAIR_RE: Final = re.compile(
    r"(?P<q>[\"'])(?P<key>[A-Za-z_][A-Za-z0-9_.\-]{0,40})(?P=q)\s{0,5}:\s{0,5}"
    r"(?P<val>\"(?:[^\"\\\n]|\\.){0,200}\"?|'(?:[^'\\\n]|\\.){0,200}'?|[\[{]\s{0,3}[\"'{\[]?"
    r"|-?\d[\d.eE+\-]{0,20}|true|false|null|None|True|False)"
)
_KWARG_RE: Final = re.compile(
    r"(?<![\w.])(?P<key>[a-z_][a-z0-9_]{1,40})=(?P<val>'(?:[^'\\\n]|\\.){0,200}'?"
    r"|\"(?:[^\"\\\n]|\\.){0,200}\"?|[\[{]\s{0,3}[\"'{\[A-Z]?|None|True|False|-?\d[\d.]{0,20}"
    r"|<[^<>]{0,60}>|[A-Z][A-Za-z]{1,40}\()"
)
_SDK_RE: Final = re.compile(r"(?<![\w.])(?P<cls>[A-Z][A-Za-z]{2,40})\((?=[a-z_]{2,40}=)")
_SSE_EVENT_RE: Final = re.compile(r"(?:^|\n|\s)event:\s?(?P<name>[a-z_.]{4,60})")
_SSE_DONE_RE: Final = re.compile(r"data:\s?\[done\]")
_TAG_RE: Final = re.compile(
    r"</?(?:[a-z]{1,12}:)?(?:think|thinking|reasoning|reflection|scratchpad|tool_call|"
    r"antthinking|inner_monologue|internal_monologue|inner_thoughts?|thought|"
    r"tool_calls|tool_response|function_calls|function_results)>"
    r"|<invoke\sname=|<parameter\sname=|<function=[a-z_][\w.\-]{0,60}>|\[tool_calls\]"
    r"|\[/?(?:think|thinking|reasoning)\]|◁/?think▷|</?antartifact[\s>]"
)
# The list a provider puts its outputs in: OpenAI's "choices", Gemini's "candidates",
# round 25: Cohere's generate "generations" (as LangChain's LLMResult names them too).
_OUTPUT_LISTS: Final = ("choices", "candidates", "generations")
_CHOICE_ITEM_KEYS: Final = frozenset(
    {"index", "message", "delta", "finish_reason", "finishreason", "logprobs"}
)


def _choice_like(inner: set[str] | frozenset[str]) -> bool:
    """Keys of an item of ``choices``/``candidates``/``content`` as providers write it."""
    return bool(_CHOICE_ITEM_KEYS & inner) or len(_CHOICE_KEYS & inner) >= 2


# Keys naming why a generation ended; their values are the providers' own words.
_REASON_KEYS: Final = frozenset(
    {"finish_reason", "finishreason", "stop_reason", "stopreason", "done_reason",
     "completionreason"}
)  # fmt: skip
# Shared keys whose provider value is a number (the others hold objects, lists, text).
_NUMERIC_MEDIUM: Final = frozenset({"input_tokens", "output_tokens", "seed", "best_of"})
# Keys a provider's ``delta``/``usage``/``message`` object holds.
_PROVIDER_INNER: Final = frozenset(
    {
        "content", "role", "text", "type", "tool_calls", "reasoning_content", "thinking",
        "partial_json", "stop_reason", "function_call", "refusal", "parts", "audio",
        "prompt_tokens", "completion_tokens", "total_tokens", "input_tokens", "output_tokens",
        "prompt_token_count", "candidates_token_count", "billed_units", "signature",
        "message", "prompttokens", "completiontokens", "cache_read_input_tokens",
    }
)  # fmt: skip
# Event and object type names of providers' streams (OpenAI Responses and Realtime,
# Assistants threads, Anthropic stream events).
_EVENT_PREFIXES: Final = (
    "response.",
    "thread.message",
    "thread.run",
    "conversation.item.",
    "input_audio_buffer.",
    "content_block_",
)
_DOC_NODE_TYPES: Final = frozenset(
    {
        "doc", "paragraph", "heading", "blockquote", "bulletlist", "bullet_list",
        "orderedlist", "ordered_list", "listitem", "list_item", "codeblock", "code_block",
        "hardbreak", "hard_break", "horizontalrule", "tablerow", "tablecell", "mention",
        "root", "block", "span", "emphasis", "strong", "inlinecode", "thematicbreak",
    }
)  # fmt: skip
# Shared keys whose provider value is reasoning text (or an object of settings), never
# one plain word.
_THOUGHT_KEYS: Final = frozenset({"thinking", "reasoning", "thought"})
# A content block's own type beside it ({"type": "thinking", "thinking": "x"}) makes it one.
_THOUGHT_TYPES: Final = ("thinking", "redacted_thinking", "reasoning", "thought")
_ONE_WORD_RE: Final = re.compile(r"[^\W\d_]{1,16}")
# Provider type values that are also plain English words in ordinary JSON.
_PLAIN_WORD_VALUES: Final = frozenset({"response", "reasoning", "thinking"})
_TAG_TALK_AFTER_RE: Final = re.compile(
    r"\s?(?:tags?|blocks?|elements?|markers?|tokens?|sections?|components?|and\b|or\b|/|,|\)|`|'|\"|’)"
)
_TAG_TALK_BEFORE: Final = ("`", "'", '"', "‘", "(", "and ", "or ", "the ", "a ", "an ", "/")
_MODEL_RE: Final = re.compile(
    r"^(?:gpt-|o[1-9](?:-|$)|chatgpt|claude|gemini|gemma|llama|meta-llama|mistral|mixtral|"
    r"codestral|command|deepseek|qwen|grok|phi-|text-davinci|davinci|anthropic\.|"
    r"amazon\.|cohere\.|models/)"
)
_ID_PREFIXES: Final = (
    "chatcmpl-",
    "cmpl-",
    "msg_0",
    "msg_",
    "toolu_",
    "resp_",
    "rs_",
    "fc_",
    "call_",
    "gen-",
    "run-",
    "srvtoolu_",
    "req_",
)
_CHOICE_KEYS: Final = frozenset(
    {
        "index",
        "message",
        "delta",
        "content",
        "finish_reason",
        "finishreason",
        "type",
        "text",
        "logprobs",
    }
)
_SIGNATURE_RE: Final = re.compile(r"^E[a-zA-Z][A-Za-z0-9+/=_\-]{10,}$|^[A-Za-z0-9+/=]{40,}$")


# A model's internals written out: the token ids a decoder produced (``token_ids=[128000,
# 128006, …]``), a ReAct scratchpad (``Thought: … Action: … Action Input: …``), and
# SentencePiece's sequence tokens run together (``</s><s>``).
_TRACE_RE: Final = re.compile(
    r"\b(?:token_ids|input_ids|output_ids|generated_ids|token\sids)\s?[=:]\s?\[\s?\d{1,6}"
    r"(?:\s?,\s?\d{1,6}){5,}"
    r"|\bthought:\s[^\n]{3,300}?\s+action:\s?[^\n]{1,80}?\s+action\sinput:"
    r"|</s>\s?<s>"
    r"|[\"']thought[\"']\s?:\s?true\b"
    r"|\bintermediate_steps\s?[:=]\s?\[\s?\(\s?agentaction\("
    # agent frameworks' console traces: LlamaIndex, LangChain's AgentExecutor, CrewAI
    r"|===\scalling\sfunction\s===|>\sentering\snew\s[a-z]*\s?chain\.\.\."
    r"|##\sthought:[^\n]{1,200}\n##\s(?:using\stool|action)"
    # a tokenizer's pieces (SentencePiece ▁ word starts) listed
    r"|\[\s?['\"]▁[^'\"]{1,20}['\"](?:\s?,\s?['\"][^'\"]{1,20}['\"]){3,}"
    # AutoGPT's reply object
    r"|[\"']thoughts[\"']\s?:\s?\{[^}]{0,400}[\"'](?:criticism|speak|plan)[\"']\s?:"
    # a bare id list that starts with a tokenizer's special ids (Llama 3 <|begin_of_text|>
    # 128000 and header ids, Qwen's 151643-151645, GPT-2's 50256, cl100k's 100257)
    r"|\[\s?(?:128000|128006|151643|151644|151645|50256|100257)\s?,\s?\d{1,6}"
    r"(?:\s?,\s?\d{1,6}){4,}"
    # ReAct in the contract's languages: a thought, an action, an observation
    r"|\b(?:thought|pensée|pensee|pensamiento|pensamento|pensiero|gedanke|мысль)\s?:[^\n]{3,300}?"
    r"\b(?:action|acción|accion|ação|acao|azione|aktion|действие)\s?:[^\n]{1,120}?"
    r"\b(?:observation|observación|observacion|observação|observacao|osservazione|beobachtung|"
    r"наблюдение)\s?:"
    # next-token alternatives with their log-probabilities: 'tok' -0.03, 'tok' -3.71, ...
    r"|(?:['\"‘“][^'\"’”\n]{1,24}['\"’”]\s?[:=]?\s?-\d{1,3}\.\d{1,6}\s?[,;]\s?){2,}"
    r"['\"‘“][^'\"’”\n]{1,24}['\"’”]\s?[:=]?\s?-\d{1,3}\.\d{1,6}"
    # a scratchpad labelled in brackets
    r"|\[(?:scratchpad|private\sscratchpad|thinking|reasoning|internal\snotes?|chain[\s\-]of[\s\-]thought)\]"
)
_TRACE_ANCHORS: Final = (
    "token_ids",
    "input_ids",
    "output_ids",
    "generated_ids",
    "token ids",
    "action input:",
    "</s><s>",
    "</s> <s>",
    '"thought":',
    "'thought':",
    '"thought" :',
    "intermediate_steps",
    "=== calling function",
    "> entering new",
    "## thought:",
    "['▁",
    '["▁',
    '"thoughts"',
    "'thoughts'",
    "[128000",
    "[128006",
    "[151643",
    "[151644",
    "[151645",
    "[50256",
    "[100257",
    "[ 128000",
    "observation",
    "observación",
    "observacion",
    "observação",
    "osservazione",
    "beobachtung",
    "наблюдение",
    "next token",
    "next-token",
    "top-5",
    "top-k",
    "top_k",
    "logprob",
    "log prob",
    "log-prob",
    "[scratchpad]",
    "[private scratchpad]",
    "[thinking]",
    "[reasoning]",
    "[internal note",
    "[chain",
)


class RawOutputDetector:
    name = "raw_output"

    def __init__(self) -> None:
        raw = lexicon()["raw_output"]
        self.strong = frozenset(raw["strong"])
        self.medium = frozenset(k.lower() for k in raw["medium"])
        self.values = frozenset(raw["values"])
        self.roles = frozenset(raw["roles"])
        self.finish = frozenset(raw["finish"])
        self.sdk_classes = frozenset(raw["sdk_classes"])

    def anchors(self) -> Iterable[tuple[str, str]]:
        keys = (
            self.strong
            | self.medium
            | {
                "role",
                "type",
                "object",
                "event",
                "content",
                "message",
                "model",
                "done",
                "id",
                "response",
            }
        )
        for key in keys:
            yield f'"{key}"', "ro.json"
            yield f"'{key}'", "ro.json"
        for cls in self.sdk_classes:
            yield cls + "(", "ro.sdk"
        for literal in ("event:", "data: [done]", "data:[done]"):
            yield literal, "ro.sse"
        for literal in _TRACE_ANCHORS:
            yield literal, "ro.trace"
        for literal in (
            "<think",
            "</think",
            "<reasoning",
            "</reasoning",
            "<reflection",
            "<scratchpad",
            "<tool_call",
            "</tool_call",
            "<tool_response",
            "<function_calls",
            "<function_results",
            "<invoke",
            "<parameter name",
            "<function=",
            "[tool_calls]",
            # namespaced (``<seed:think>``), bracketed (Magistral ``[THINK]``), Kimi's
            # ``◁think▷``, ``<thought>``
            "<antthinking",
            "<antartifact",
            ":think>",
            ":thinking>",
            "[think]",
            "[/think]",
            "[thinking]",
            "[reasoning]",
            "◁think▷",
            "◁/think▷",
            "<inner_monologue",
            "<internal_monologue",
            "<inner_thought",
            "<thought>",
        ):
            yield literal, "ro.tag"

    def check(self, ctx: Context) -> bool:
        hits = ctx.hits
        if "ro.tag" in hits and self._tags(ctx.low):
            return True
        if "ro.sse" in hits and self._sse(ctx.low):
            return True
        if "ro.trace" in hits and _TRACE_RE.search(ctx.low):
            return True
        if "ro.json" in hits and self._json(ctx.text):
            return True
        return "ro.sdk" in hits and self._sdk(ctx.text)

    # -- tags and streams ------------------------------------------------------------------

    def _tags(self, low: str) -> bool:
        for m in _TAG_RE.finditer(low):
            before = low[max(0, m.start() - 4) : m.start()]
            if before.endswith(_TAG_TALK_BEFORE) and _TAG_TALK_AFTER_RE.match(low, m.end()):
                continue
            if _TAG_TALK_AFTER_RE.match(low, m.end()) and not low.startswith(('"', "'"), m.end()):
                continue
            if before.endswith(("`", "'", '"', "‘")):
                continue
            return True
        return False

    def _sse(self, low: str) -> bool:
        for m in _SSE_EVENT_RE.finditer(low):
            if m.group("name") in self.values or m.group("name").startswith(
                ("response.", "content_block", "message_")
            ):
                return True
        return len(_SSE_DONE_RE.findall(low)) >= 1 and "data: {" in low

    # -- JSON and dict reprs ---------------------------------------------------------------

    def _json(self, text: str) -> bool:
        # Parsed objects first: their structure is known. An object that does not parse
        # (cut short: a summary has 1000 characters; or not quite JSON) is read key by
        # key from where it starts; text before the first object is read key by key too
        # (``"finish_reason": "stop"`` on its own).
        pos = text.find("{")
        if pos != 0 and self._score_pairs(text[: pos if pos > 0 else len(text)], 0) >= 3:
            return True
        count = 0
        while pos != -1 and count < 8:
            count += 1
            parsed = _parse_at(text, pos)
            if parsed is None:
                return self._score_pairs(text, pos) >= 3
            obj, end = parsed
            if _chat_data(obj) and _DATA_CONTEXT_RE.search(text, max(0, pos - 160), pos):
                pos = text.find("{", end)  # a row of someone's chat dataset, named as such
                continue
            if self._score_obj(obj) >= 3:
                return True
            pos = text.find("{", end)
        return False

    def _score_obj(self, obj: Any, depth: int = 0) -> float:
        if depth > 8:
            return 0.0
        total = 0.0
        if isinstance(obj, list):
            return max((self._score_obj(v, depth + 1) for v in obj[:20]), default=0.0)
        if not isinstance(obj, dict):
            return 0.0
        keys = {str(k).lower(): v for k, v in obj.items()}
        chat = (isinstance(keys.get("role"), str) and keys["role"].lower() in self.roles) or (
            isinstance(keys.get("type"), str) and keys["type"].lower().startswith(_THOUGHT_TYPES)
        )
        if isinstance(keys.get("type"), str) and keys["type"].lower() in _DOC_NODE_TYPES:
            # A rich-text document tree (ProseMirror/Tiptap, Slate, Lexical, Atlassian
            # ADF, Portable Text, mdast): nodes with "type" and "content" all the way down,
            # which no provider's payload names like this.
            return 0.0
        for key, value in keys.items():
            total += self._key_score(key, value, chat)
            inner = (
                {str(k).lower() for k in value[0]}
                if isinstance(value, list) and value and isinstance(value[0], dict)
                else {str(k).lower() for k in value}
                if isinstance(value, dict)
                else set()
            )
            if key in (*_OUTPUT_LISTS, "output", "content") and isinstance(value, list):
                # a provider's item key, or two shared ones: {"label", "text"} is a quiz's
                total += 1.5 if _choice_like(inner) else 0.0
            if key in ("message", "delta") and isinstance(value, dict):
                total += (
                    2.0 if {"content", "role", "tool_calls", "reasoning_content"} & inner else 0.0
                )
        if (
            isinstance(keys.get("role"), str)
            and keys["role"].lower() in self.roles
            and ("content" in keys or "parts" in keys or "tool_calls" in keys)
        ):
            total += 1.0
        if (
            keys.get("type") == "text"
            and isinstance(keys.get("content"), str)
            and set(keys) <= {"type", "content", "text", "index", "annotations", "id"}
        ):
            total += 1.5  # a content part: {"type": "text", "content": …} and nothing else
        if isinstance(keys.get("done"), bool) and ("response" in keys or "message" in keys):
            total += 1.5  # Ollama: {"model", "created_at", "response" | "message", "done"}
        nested = max(
            (self._score_obj(v, depth + 1) for v in keys.values() if isinstance(v, dict | list)),
            default=0.0,
        )
        return max(total + min(nested, 1.5), nested)

    def _key_score(self, key: str, value: Any, chat: bool = True) -> float:
        """``chat``: a chat role value (``"role": "assistant"``) or a thinking block's type
        stands in the same object."""
        sval = value.lower() if isinstance(value, str) else None
        if key in _REASON_KEYS:
            # round 22: "stop_reason" is also a plant's, a job's or a ticket's field
            # ({"stop_reason": "maintenance", "line": "Line 3"}); a provider writes one
            # of its own values there (or null while streaming). Another value is a
            # shared key: it needs other provider keys beside it.
            return 3.0 if value is None or sval in self.finish else 1.5
        if key in self.strong:
            return 3.0
        if key == "signature":
            return 3.0 if isinstance(value, str) and _SIGNATURE_RE.match(value) else 1.0
        if key in ("type", "object", "event"):
            if sval in _PLAIN_WORD_VALUES:
                return 1.5  # {"type": "response"}: also ordinary data; needs company
            if sval in self.values or (sval is not None and sval.startswith(_EVENT_PREFIXES)):
                return 3.0
            return 0.75 if sval in ("text", "message", "function") else 0.0
        if key in self.medium:
            if (
                not chat
                and key in _THOUGHT_KEYS
                and sval is not None
                and _ONE_WORD_RE.fullmatch(sval)
            ):
                # round 33: {"thinking": "non", "model": "Epson EB-X49"}: a spreadsheet's
                # column; a provider's thinking is text, or an object in a request, or
                # a word beside a chat role ({"role": "assistant", "thinking": "check"})
                return 0.25
            if isinstance(value, int | float) and key not in _NUMERIC_MEDIUM:
                return 0.25  # {"delta": 0.05, "usage": 12}: a metric, not a payload
            if (
                isinstance(value, dict)
                and value
                and not ({str(k).lower() for k in value} & _PROVIDER_INNER)
            ):
                return 0.25  # {"usage": {"disk": "40%"}}: data, not a provider's object
            if (
                key in _OUTPUT_LISTS
                and isinstance(value, list)
                and value
                and all(isinstance(v, str) for v in value)
            ):
                return 0.25  # a quiz's choices
            return 1.5
        if key == "role":
            return 1.5 if sval in self.roles else 0.25
        if key == "content":
            return 0.75 if isinstance(value, str) else 0.5
        if key == "model":
            return 1.5 if sval is not None and _MODEL_RE.match(sval) else 0.25
        if key == "id":
            return 2.0 if sval is not None and sval.startswith(_ID_PREFIXES) else 0.0
        if key in ("finish", "stop_reason_value"):
            return 0.0
        if key in ("message", "delta", "index", "created", "text", "name", "arguments", "parts"):
            return 0.25
        return 0.0

    def _score_pairs(self, text: str, start: int) -> float:
        total = 0.0
        role_chat = has_content = False
        chat = any(
            isinstance(v := _scalar(p.group("val")), str)
            and (
                (p.group("key").lower() == "role" and v.lower() in self.roles)
                or (p.group("key").lower() == "type" and v.lower().startswith(_THOUGHT_TYPES))
            )
            for p in _PAIR_RE.finditer(text, start, min(len(text), start + 600))
        )
        for m in _PAIR_RE.finditer(text, start):
            key = m.group("key").lower()
            raw_val = m.group("val")
            value: Any = _scalar(raw_val)
            if key in _OUTPUT_LISTS and raw_val.startswith("[") and "{" in raw_val:
                inner = text[m.end() : m.end() + 80].lower()
                if _choice_like(
                    {k for k in _CHOICE_KEYS if f'"{k}"' in inner or f"'{k}'" in inner}
                ):
                    total += 1.5
            if key in ("message", "delta") and raw_val.startswith("{"):
                window = text[m.end() : m.end() + 60].lower()
                if '"content"' in window or "'content'" in window or '"role"' in window:
                    total += 2.0
            if (
                key in _OUTPUT_LISTS
                and raw_val.startswith("[")
                and raw_val.rstrip().endswith(('"', "'"))
            ):
                value = ["x"]  # a list of strings: a quiz, not provider output
            total += self._key_score(key, value, chat)
            if key == "role" and isinstance(value, str) and value.lower() in self.roles:
                role_chat = True
            if key == "content":
                has_content = True
            if (
                key == "done"
                and isinstance(value, bool)
                and re.search(r"[\"'](?:response|message)[\"']\s?:", text[start:])
            ):
                total += 1.5
            if total + (1.0 if role_chat and has_content else 0.0) >= 3:
                return 3.0
        return total + (1.0 if role_chat and has_content else 0.0)

    # -- SDK reprs -------------------------------------------------------------------------

    def _sdk(self, text: str) -> bool:
        for m in _SDK_RE.finditer(text):
            cls = m.group("cls").lower()
            if cls not in self.sdk_classes:
                continue
            total = 0.5
            if cls not in (
                "message",
                "choice",
                "usage",
                "content",
                "part",
                "candidate",
                "delta",
                "response",
                "functioncall",
                "choices",
            ):
                total = 2.0
            role_chat = has_content = False
            for kw in _KWARG_RE.finditer(text, m.end(), min(len(text), m.end() + 1500)):
                key = kw.group("key")
                value = _scalar(kw.group("val"))
                total += self._key_score(key, value)
                if key == "role" and isinstance(value, str) and value.lower() in self.roles:
                    role_chat = True
                if key == "content":
                    has_content = True
                if total + (1.0 if role_chat and has_content else 0.0) >= 3:
                    return True
        return False


# --- helpers ------------------------------------------------------------------------------


def _parse_at(text: str, start: int) -> tuple[Any, int] | None:
    """The JSON value (or single-quoted Python dict) starting at ``start``, and its end."""
    try:
        return _DECODER.raw_decode(text, start)
    except ValueError:
        pass
    if text.startswith(("{'", "{ '"), start):
        end = _balanced_end(text, start)
        if end is not None:
            try:
                return ast.literal_eval(text[start:end]), end
            except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
                return None
    return None


def _balanced_end(text: str, start: int) -> int | None:
    depth = 0
    in_str: str | None = None
    i = start
    while i < len(text) and i - start < 4000:
        ch = text[i]
        if in_str:
            if ch == "\\":
                i += 2
                continue
            if ch == in_str:
                in_str = None
        elif ch in "\"'":
            in_str = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _scalar(raw: str) -> Any:
    raw = raw.strip()
    if raw[:1] in "\"'":
        body = raw[1:-1] if len(raw) >= 2 and raw[-1] == raw[0] else raw[1:]
        return body
    if raw in ("null", "None"):
        return None
    if raw in ("true", "True"):
        return True
    if raw in ("false", "False"):
        return False
    if raw[:1] in "[{":
        return {} if raw[0] == "{" else []
    return 0


# A chat message as datasets store it ({"role", "content"}, a fine-tuning row's
# {"messages": [...]}) is a provider's shape too; where the text names it as data (a
# dataset, a fine-tuning or training file, an export, a chat log, a row or line of a file)
# it is the user's data, not a payload the model produced (contract 3.2 rule 5: "JSON data
# whose keys merely resemble a provider's").
_CHAT_ROW_KEYS: Final = frozenset({"role", "content", "name", "ts", "timestamp", "id", "time"})
_DATA_CONTEXT_RE: Final = re.compile(
    r"(?i)data\s?set|fine[\s\-]?tun|training\s(?:file|data|set)|\.jsonl\b|jsonl\s|"
    r"chat[\s\-]?logs?\b|\bexport|\brows?\b|\bline\s\d+|\bformat\b|\bschema\b|"
    r"数据集|对话数据|格式|訓練|データセット|jeu\sde\sdonnées|l['’]export|conjunto\sde\sdatos|"
    r"datensatz|exporta"
)


def _chat_data(obj: Any) -> bool:
    """A chat message row ({"role": "user", "content": "…"}) or a list of them under
    "messages", and nothing else."""
    if isinstance(obj, dict) and set(obj) == {"messages"}:
        rows = obj["messages"]
        return isinstance(rows, list) and bool(rows) and all(_chat_data(r) for r in rows)
    return (
        isinstance(obj, dict)
        and {"role", "content"} <= set(obj) <= _CHAT_ROW_KEYS
        and isinstance(obj.get("role"), str)
        and isinstance(obj.get("content"), str)
    )
