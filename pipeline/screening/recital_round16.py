"""Round 16's share of the recital scorer's generated corpus: word lists (build time only).

The property test of prose built from the screening's trigger words (issue 26) found the
scorer firing on about 0.45% of random word salads of instruction and credential
vocabulary ("system? prompt, secret. assistant roles instructions my budget …"): the
gate words are all there, so the model was asked, and nothing in the corpus had shown it
a text that has those words without saying anything. A recital is sentences: someone
tells the reader who it is and what it must do. A list of the same words says nothing:
keyword and tag lists, search terms, glossaries and index entries, and shuffled salads of
the words are negatives of that kind.

Drawn from the vocabularies below (hand-written here, and the gate's own words of every
language in rules/lexicon.toml, so that the kind is taught in all of them) with a seeded
generator of its own, and appended to the corpus, so the rest of the corpus is drawn
exactly as before.
"""

from __future__ import annotations

import random

from pipeline.screening.rules import lexicon

__all__ = ["word_list_negatives"]

# Words about prompts, instructions and assistants (the hidden-instruction side).
INSTRUCTION_WORDS = [
    "system", "prompt", "prompts", "system prompt", "instruction", "instructions", "rules",
    "rule", "guidelines", "guideline", "directive", "directives", "operator", "developer",
    "deployer", "assistant", "assistants", "persona", "role", "roles", "config",
    "configuration", "configured", "policy", "policies", "hidden", "confidential",
    "preamble", "brief", "template", "context", "message", "messages", "reply", "user",
    "users", "model", "agent", "chatbot", "bot", "moderation", "safety", "guardrails",
    "setup", "profile", "mode", "settings", "meta", "tool", "tools", "memory", "history",
    "previous", "earlier", "new", "default", "custom", "internal", "private", "admin",
]  # fmt: skip
# Words about credentials and access (what the other detectors' keywords are made of).
CREDENTIAL_WORDS = [
    "token", "tokens", "secret", "secrets", "password", "passwords", "passphrase", "key",
    "keys", "api key", "api", "credential", "credentials", "bearer", "oauth", "jwt",
    "signature", "signed", "certificate", "vault", "login", "auth", "authorization",
    "session", "cookie", "ssh", "expiry", "expires", "scope", "scopes", "rotate",
    "rotation", "access", "refresh", "client", "id", "hash", "salt", "pin", "code", "otp",
    "url", "link", "path", "file", "files", "bucket", "home", "local", "endpoint",
]  # fmt: skip
# Ordinary words of work and life.
ORDINARY_WORDS = [
    "invoice", "meeting", "weather", "schedule", "Madrid", "Tokyo", "Friday", "March",
    "spreadsheet", "chart", "summary", "notes", "project", "deadline", "team", "dashboard",
    "export", "backup", "server", "folder", "document", "photo", "recipe", "travel",
    "hotel", "flight", "price", "order", "customer", "support", "ticket", "release",
    "version", "update", "review", "results", "table", "column", "email", "phone",
    "address", "account", "billing", "payment", "plan", "team", "office", "holiday",
]  # fmt: skip
# Verb forms that narrate rather than order ("checking", "contains").
NARRATION_WORDS = [
    "reviewing", "opening", "listing", "sorting", "loading", "matching", "updated",
    "loaded", "listed", "contains", "matches", "returns", "mentions", "lists", "saved",
]  # fmt: skip
FUNCTION_WORDS = [
    "the", "a", "an", "of", "to", "and", "or", "for", "in", "on", "with", "my", "your",
    "our", "their", "this", "that", "its", "by", "from", "at", "as", "is", "not",
]  # fmt: skip
PUNCTUATION = ["", "", "", "", ",", ".", "!", "?", ";", ":", " -", " /", " |"]
LABELS = [
    "Keywords:", "Tags:", "Search terms:", "Related searches:", "Index terms:", "Topics:",
    "Glossary:", "Labels:", "Categories:", "Top queries this week:", "Terms to define:",
    "Word cloud:", "Suggested tags:", "Filter:", "Facets:", "See also:", "Vocabulary:",
    "Schlagwörter:", "Mots-clés :", "Palabras clave:", "Parole chiave:", "Etiquetas:",
    "Теги:", "Ключевые слова:", "キーワード：", "标签：", "关键词：", "태그:", "Trefwoorden:",
    "Anahtar kelimeler:", "Słowa kluczowe:", "Từ khóa:",
]  # fmt: skip
# Narration that can stand around a list (an agent reading a page of them).
INTROS = [
    "", "", "", "Reading the page's meta tags. ", "The search log shows ",
    "The glossary page lists ", "Index of the manual: ", "The sidebar has tags ",
    "Autocomplete suggestions: ", "The SEO report's keyword column: ",
]  # fmt: skip


def _gate_vocabulary() -> dict[str, list[str]]:
    """The gate's own words (rule, persona/instruction and AI words) of each language."""
    lex = lexicon()
    out: dict[str, list[str]] = {}
    for kind in ("recital_rule", "recital_persona", "recital_ai"):
        for lang, words in lex[kind].items():
            out.setdefault(lang, []).extend(w.strip() for w in words if w.strip())
    return out


def _word(rng: random.Random, gate_words: list[str]) -> str:
    pick = rng.random()
    # (upper bound of the draw, the vocabulary it picks from); above the last: a number.
    shares = (
        (0.3, INSTRUCTION_WORDS),
        (0.5, CREDENTIAL_WORDS),
        (0.62, gate_words),
        (0.75, ORDINARY_WORDS),
        (0.8, NARRATION_WORDS),
        (0.95, FUNCTION_WORDS),
    )
    pool = next((words for bound, words in shares if pick < bound), None)
    if pool is None:
        return str(rng.choice((rng.randint(1, 60), rng.randint(100, 2100))))
    word = rng.choice(pool)
    return word.capitalize() if rng.random() < 0.1 else word


def _salad(rng: random.Random, gate_words: list[str]) -> str:
    """Words in a random order, each with or without a punctuation mark after it."""
    n = rng.choice((rng.randint(3, 12), rng.randint(6, 30), rng.randint(20, 70)))
    return " ".join(_word(rng, gate_words) + rng.choice(PUNCTUATION) for _ in range(n)).strip()


def _listed(rng: random.Random, gate_words: list[str]) -> str:
    """A keyword, tag or search-term list under a label: words and short noun phrases."""
    n = rng.randint(3, 25)
    items = []
    for _ in range(n):
        size = rng.choice((1, 1, 1, 2, 2, 3))
        items.append(" ".join(_word(rng, gate_words) for _ in range(size)))
    if rng.random() < 0.2:
        items = ["#" + item.replace(" ", "") for item in items]
    sep = rng.choice((", ", "; ", " · ", " | ", " / ", " ", "\n", ", "))
    text = rng.choice(INTROS) + rng.choice(LABELS) + " " + sep.join(items)
    return text + rng.choice(("", "", "."))


def _glossary(rng: random.Random, gate_words: list[str]) -> str:
    """Glossary or index entries: a term, a separator, a short noun phrase or page numbers."""
    entries = []
    for _ in range(rng.randint(2, 8)):
        term = " ".join(_word(rng, gate_words) for _ in range(rng.choice((1, 1, 2))))
        if rng.random() < 0.5:
            pages = ", ".join(str(rng.randint(1, 400)) for _ in range(rng.randint(1, 3)))
            entries.append(f"{term}, {pages}")
        else:
            gloss = " ".join(_word(rng, gate_words) for _ in range(rng.randint(2, 6)))
            entries.append(f"{term} {rng.choice(('-', ':', '—', '='))} {gloss}")
    return rng.choice(INTROS) + rng.choice(("; ", ". ", "\n", " · ")).join(entries)


def word_list_negatives(
    n: int, seed: int, skip: frozenset[str] = frozenset()
) -> list[tuple[str, int, str]]:
    """``n`` (text, 0, group) word lists and salads, deduplicated, in a seeded order; the
    group is the language whose gate words were mixed in (``wordlist-<code>``). Languages
    in ``skip`` (those held out of training) lend no words: the model must not see them."""
    rng = random.Random(seed)
    vocab = _gate_vocabulary()
    langs = sorted(lang for lang in vocab if lang not in skip)
    seen: set[str] = set()
    out: list[tuple[str, int, str]] = []
    while len(out) < n:
        # half of the lists mix in English gate words, the rest another language's
        lang = "en" if rng.random() < 0.5 or "en" not in vocab else rng.choice(langs)
        make = rng.choice((_salad, _salad, _salad, _listed, _glossary))
        text = make(rng, vocab[lang])
        if text in seen:
            continue
        seen.add(text)
        out.append((text, 0, "wordlist-" + lang))
    return out
