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
``credential_words.toml``
    Credential words (password, secret/token/key, 2FA, seed, recovery codes) of about
    ninety languages, one table per language; merged into the lexicon's lists.
``prompt_words.toml``
    Hidden-prompt words of the same languages (system prompt, hidden instructions,
    "ignore previous instructions", recital cues and orders), one table per language.

Everything is validated when loaded: a malformed file fails at import, not on traffic.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

__all__ = [
    "PhraseRule",
    "VendorRule",
    "credential_rules",
    "credential_words",
    "lexicon",
    "phrase_rules",
    "prompt_words",
    "signed_link_data",
    "world_words",
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


# The parts of a language's table in credential_words.toml: the first five are required.
WORD_KINDS: Final = ("password", "secret", "totp", "seed", "recovery")
OPTIONAL_WORD_KINDS: Final = ("stems", "link")


def _as_read(word: str) -> str:
    """A word as the screening's plain view reads it: invisible format characters
    (joiners, soft hyphens) removed, NFKC (which splits Thai and Lao ``ำ`` and
    decomposes some Indic nukta letters), lower case."""
    word = "".join(ch for ch in word if unicodedata.category(ch) != "Cf")
    return unicodedata.normalize("NFKC", word).lower().strip()


@lru_cache(maxsize=1)
def credential_words() -> dict[str, dict[str, tuple[str, ...]]]:
    """Language code -> kind -> words, normalised; every language has every kind of
    WORD_KINDS (a table without one fails at load time)."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for code, table in _load("credential_words.toml").get("lang", {}).items():
        where = f"credential_words.toml lang.{code}"
        _str(table, "name", where)
        entry: dict[str, tuple[str, ...]] = {}
        for kind in (*WORD_KINDS, *OPTIONAL_WORD_KINDS):
            words = table.get(kind, [] if kind in OPTIONAL_WORD_KINDS else None)
            if not isinstance(words, list) or (kind in WORD_KINDS and not words):
                raise RuleError(f"{where}: {kind!r} must be a non-empty list of words")
            if not all(isinstance(w, str) and w.strip() for w in words):
                raise RuleError(f"{where}: {kind!r} holds an empty or non-string word")
            entry[kind] = tuple(dict.fromkeys(_as_read(w) for w in words))
        out[code] = entry
    return out


def world_words(kind: str) -> tuple[str, ...]:
    """Every language's words of one kind, without repeats, in file order."""
    return tuple(dict.fromkeys(w for entry in credential_words().values() for w in entry[kind]))


# The parts of a language's table in prompt_words.toml, all required.
PROMPT_WORD_KINDS: Final = (
    "prompt",
    "qualifier",
    "instruction",
    "previous",
    "ignore",
    "say",
    "order",
    "ai",
    "talk",
)
# Round 27: parts a table may leave out (written for the languages that have them):
#   told        a verb of telling or instructing addressed to the writer ("told me",
#               "instructed me", "أخبرني", "მითხრა"); it recites hidden instructions only
#               next to a qualifier ("my operator told me: ...")
#   configured  the writer's own standing instructions named in the first person ("I was
#               set up to", "the instructions I was given", "my instructions say")
# Round 29 (for a quoted block of standing instructions):
#   policy      a cue naming standing instructions: policy, the start of the session,
#               configuration
#   address     second-person address that opens such a block: you are, you
#   rule        a rule clause the order words leave out: do not (a negative imperative's
#               particle), never, always
PROMPT_WORD_OPTIONAL_KINDS: Final = ("told", "configured", "policy", "address", "rule")


@lru_cache(maxsize=1)
def prompt_words() -> dict[str, dict[str, tuple[str, ...]]]:
    """Language code -> kind -> words of prompt_words.toml, read as the plain view reads
    them (a leading ``*``, "may stand inside a word", is kept); every language has every
    kind of PROMPT_WORD_KINDS (a table without one fails at load time)."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for code, table in _load("prompt_words.toml").get("lang", {}).items():
        where = f"prompt_words.toml lang.{code}"
        _str(table, "name", where)
        entry: dict[str, tuple[str, ...]] = {}
        for kind in PROMPT_WORD_KINDS + PROMPT_WORD_OPTIONAL_KINDS:
            words = table.get(kind, [] if kind in PROMPT_WORD_OPTIONAL_KINDS else None)
            if kind in PROMPT_WORD_OPTIONAL_KINDS and words == []:
                entry[kind] = ()
                continue
            if not isinstance(words, list) or not words:
                raise RuleError(f"{where}: {kind!r} must be a non-empty list of words")
            if not all(isinstance(w, str) and w.strip(" *") for w in words):
                raise RuleError(f"{where}: {kind!r} holds an empty or non-string word")
            # the trailing space of a short word ("ai ", "tu ") says where it ends: kept
            entry[kind] = tuple(
                dict.fromkeys(
                    ("*" if w.startswith("*") else "")
                    + _as_read(w.lstrip("*"))
                    + (" " if w.endswith(" ") else "")
                    for w in words
                )
            )
        out[code] = entry
    return out
