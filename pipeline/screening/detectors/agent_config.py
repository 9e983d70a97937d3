"""Round 26: an agent framework's configuration quoted back (part of ``hidden_prompt``).

Agent frameworks keep an agent's hidden instructions in fields with fixed names: CrewAI's
``role`` / ``goal`` / ``backstory``, AutoGen's ``system_message``, LangGraph and
LangChain agents' ``prompt`` / ``instructions``, OpenAI Assistants' ``instructions``,
Dify's ``pre_prompt``, Semantic Kernel and Coze persona fields. Quoted back with their
content they are a system prompt, whatever language the content is in and whatever the
writer calls the file. What tells them from data with the same keys (``"role": "admin"``)
and from documentation of the fields (``backstory: the agent's background``) is the
content: sentence-like and addressed to the agent, an order or a persona (the order words
of every language's table in rules/prompt_words.toml: never, always, you are, eres, du
bist, 你是, あなたは …).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from pipeline.screening.detectors.prompt_words import CLOSING_QUOTE, PromptWords

__all__ = ["AGENT_FIELD_ANCHORS", "agent_config_quoted"]

# Field names that hold nothing but an agent's instructions: one of them with an order
# or a persona in it is enough.
_AGENT_ONLY: Final = frozenset(
    {
        "backstory",
        "system_message",
        "systemmessage",
        "system_prompt",
        "systemprompt",
        "pre_prompt",
        "agent_instructions",
        "persona_prompt",
    }
)
# CrewAI's trio: ``role`` and ``goal`` are common keys of business data, so two of the
# trio with content must stand together.
_CREW: Final = frozenset({"role", "goal", "backstory"})
# Generic names (a delivery's "instructions", a user's "prompt", a profile's "persona"):
# they count only where the text names an agent or an assistant.
_GENERIC: Final = frozenset({"instructions", "prompt", "persona"})

# The scan's literals: ``role`` alone never fires, so it is no anchor.
AGENT_FIELD_ANCHORS: Final = ("goal", "persona", *sorted(_AGENT_ONLY))

# The quote marks of ``prompt_words``, and those a quoted field value opens with too: a
# backtick, a closing mark used as the opener (”…”), „ closed either way, ‹…›.
_OPEN_QUOTES: Final = {**CLOSING_QUOTE, "`": "`", "”": "”", "„": "“”", "‹": "›"}
_NAMES: Final = "|".join(sorted(_AGENT_ONLY | _CREW | _GENERIC, key=len, reverse=True))
# A field: its name (quoted or not) then a colon or an equals sign, or an opening quote
# right after it (``role「…」`` in Japanese prose).
_FIELD_RE: Final = re.compile(
    r"(?<![\w.\-/])[\"'`]?(" + _NAMES + r")[\"'`]?"
    r"(?:\s{0,2}[:=：]\s{0,3}|(?=[" + re.escape("".join(_OPEN_QUOTES)) + r"]))"
)
_UNQUOTED_END_RE: Final = re.compile(r"[\n,;，；、}]")
# The text names an agent (for the generic field names).
_AGENT_NAMED_RE: Final = re.compile(
    r"agent|assistant|crewai|autogen|langgraph|langchain|semantic kernel|dify|coze|"
    r"агент|ассистент|智能体|智能體|代理|助手|エージェント|アシスタント|에이전트|어시스턴트|"
    r"asistente|assistente|assistent|asystent|asistan|agente"
)
_SENTENCE_WORDS: Final = 3
_SENTENCE_CJK: Final = 6
_CJK_RE: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_PLACEHOLDER_RE: Final = re.compile(
    r"^\s*(?:[<{\[(].*[>}\])]|\.{2,}|…|_+|x{3,}|todo|tbd|string|str|none|null|\$\w+)\s*$"
)


def _fields(low: str) -> Iterator[tuple[str, str]]:
    """(name, value) of every agent field in ``low``; at most 16 looked at."""
    for n, m in enumerate(_FIELD_RE.finditer(low)):
        if n >= 16:
            return
        start = m.end()
        opener = low[start : start + 1]
        if opener in _OPEN_QUOTES:
            closers = _OPEN_QUOTES[opener]
            ends = [at for at in (low.find(c, start + 1, start + 600) for c in closers) if at != -1]
            end = min(ends) if ends else min(len(low), start + 600)
            yield m.group(1), low[start + 1 : end]
        else:
            um = _UNQUOTED_END_RE.search(low, start, start + 300)
            yield m.group(1), low[start : um.start() if um else min(len(low), start + 300)]


def _sentence_like(value: str) -> bool:
    if _PLACEHOLDER_RE.match(value):
        return False
    return len(value.split()) >= _SENTENCE_WORDS or len(_CJK_RE.findall(value)) >= _SENTENCE_CJK


def _addressed(value: str, words: PromptWords) -> bool:
    """An order or a persona in ``value``. The tables' short words must end where the
    word ends ("mi" is no "mission"); in Chinese and Japanese, written without spaces, a
    two-character order (你是, 绝不) runs on into the next word by nature."""
    if words.order.any(value):
        return True
    return any(_CJK_RE.match(m.group()) for m in words.order.pattern.finditer(value))


def agent_config_quoted(low: str, words: PromptWords) -> bool:
    """Whether ``low`` (lower-cased plain text) quotes an agent's configuration: a field
    named as an agent's instructions whose content is sentence-like and addressed to the
    agent (an order or a persona)."""
    filled = [(name, value) for name, value in _fields(low) if value.strip()]
    if not filled:
        return False
    crew = {name for name, value in filled if name in _CREW and not _PLACEHOLDER_RE.match(value)}
    agent_named: bool | None = None
    for name, value in filled:
        if name in _CREW and name not in _AGENT_ONLY and len(crew) < 2:
            continue
        if name in _GENERIC:
            if agent_named is None:
                agent_named = _AGENT_NAMED_RE.search(low) is not None
            if not agent_named:
                continue
        if _sentence_like(value) and _addressed(value, words):
            return True
    return False
