"""The screening's rule data: TOML files beside this module, loaded once.

``credentials.toml``
    One ``[[rule]]`` per credential format (vendor and kind): the pattern of the secret,
    the literals that anchor it, whether it needs a name before it (``keyed``), a
    positive example and a near miss. See docs/screening.md, "Adding a rule".
``lexicon.toml``
    Keywords by language (passwords, secrets, system prompts), the words that link a
    keyword to its value, and the provider keys and values of raw model output.
``phrases.toml``
    Hidden-prompt phrases by language: a system prompt quoted back, an injection.
``signed_links.toml``
    Query parameters and path shapes of signed URLs, by provider.

Everything is validated when loaded: a malformed file fails at import, not on traffic.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

__all__ = [
    "PhraseRule",
    "VendorRule",
    "credential_rules",
    "lexicon",
    "phrase_rules",
    "signed_link_data",
]

RULES_DIR: Final = Path(__file__).parent


class RuleError(ValueError):
    """A rule file is malformed (raised at load time, naming the file and rule)."""


def _load(name: str) -> dict[str, Any]:
    with (RULES_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


@dataclass(frozen=True, slots=True)
class VendorRule:
    """One credential format (one entry of credentials.toml)."""

    id: str
    vendor: str
    kind: str
    pattern: re.Pattern[str]
    anchors: tuple[str, ...]
    keyed: bool
    lookback: int
    example: str
    near_miss: str
    source: str


@dataclass(frozen=True, slots=True)
class PhraseRule:
    """One hidden-prompt phrase (one entry of phrases.toml)."""

    id: str
    kind: str
    lang: str
    pattern: re.Pattern[str]
    anchors: tuple[str, ...]
    example: str
    near_miss: str


def _str(rule: dict[str, Any], key: str, where: str) -> str:
    value = rule.get(key)
    if not isinstance(value, str) or not value:
        raise RuleError(f"{where}: field {key!r} must be a non-empty string")
    return value


def _anchors(rule: dict[str, Any], where: str) -> tuple[str, ...]:
    anchors = rule.get("anchors")
    if not isinstance(anchors, list) or not anchors:
        raise RuleError(f"{where}: field 'anchors' must be a non-empty list")
    out = []
    for anchor in anchors:
        if not isinstance(anchor, str) or not anchor or anchor != anchor.lower():
            raise RuleError(f"{where}: anchors must be non-empty lower-case strings")
        out.append(anchor)
    return tuple(out)


def _compile(pattern: str, where: str, flags: int = 0) -> re.Pattern[str]:
    try:
        return re.compile(pattern, flags)
    except re.error as exc:
        raise RuleError(f"{where}: bad pattern: {exc}") from exc


def _entries(file: str, table: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(id, where, entry) of each ``[[table]]`` of ``file``; ids must be unique."""
    seen: set[str] = set()
    for index, raw in enumerate(_load(file).get(table, [])):
        rule_id = _str(raw, "id", f"{file} {table} #{index + 1}")
        where = f"{file} {table} {rule_id!r}"
        if rule_id in seen:
            raise RuleError(f"{where}: duplicate id")
        seen.add(rule_id)
        yield rule_id, where, raw


@lru_cache(maxsize=1)
def credential_rules() -> tuple[VendorRule, ...]:
    rules: list[VendorRule] = []
    for rule_id, where, raw in _entries("credentials.toml", "rule"):
        # Self-identifying formats must start a token; keyed ones are found after a name.
        body = _str(raw, "pattern", where)
        rules.append(
            VendorRule(
                id=rule_id,
                vendor=_str(raw, "vendor", where),
                kind=_str(raw, "kind", where),
                pattern=_compile(r"(?<![A-Za-z0-9])(?:" + body + r")(?![A-Za-z0-9])", where),
                anchors=_anchors(raw, where),
                keyed=bool(raw.get("keyed", False)),
                lookback=int(raw.get("lookback", 0)),
                example=_str(raw, "example", where),
                near_miss=_str(raw, "near_miss", where),
                source=_str(raw, "source", where),
            )
        )
    return tuple(rules)


@lru_cache(maxsize=1)
def phrase_rules() -> tuple[PhraseRule, ...]:
    rules: list[PhraseRule] = []
    for rule_id, where, raw in _entries("phrases.toml", "phrase"):
        kind = _str(raw, "kind", where)
        if kind not in ("quoted", "injection", "identity"):
            raise RuleError(f"{where}: kind must be quoted, injection or identity")
        rules.append(
            PhraseRule(
                id=rule_id,
                kind=kind,
                lang=_str(raw, "lang", where),
                pattern=_compile(_str(raw, "pattern", where), where),
                anchors=_anchors(raw, where),
                example=_str(raw, "example", where),
                near_miss=_str(raw, "near_miss", where),
            )
        )
    return tuple(rules)


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    return _load("lexicon.toml")


@lru_cache(maxsize=1)
def signed_link_data() -> dict[str, Any]:
    return _load("signed_links.toml")
