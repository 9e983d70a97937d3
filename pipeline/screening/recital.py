"""A small linear scorer for hidden instructions recited without any marker.

Phrases (rules/phrases.toml) need the shape of a quote; a persona paragraph repeated as
the assistant's own ("You are Nova, ... Always ... Never ..."), an operator's rules under
a label of the writer's own, a rule list dumped after someone asked for it, or the same
in other languages has no fixed shape. This is a logistic model over word unigrams, word
pairs and 5-letter word prefixes, trained at build time on a generated corpus
(:mod:`pipeline.screening.recital_corpus`, :mod:`pipeline.screening.recital_training`)
and shipped as data (``rules/recital_model.json``): nothing is downloaded or trained at
run time, and nothing but the standard library is needed.

The model only sees texts that pass :func:`gate`: a rule word (``always``, ``never``,
``must``, ``do not`` ... in the contract's languages and more) together with a word that
points at a persona or an instruction set (``you are``, ``instructions``, ``rules``,
``operator``, ``configured`` ...). Ordinary reasoning almost never has both, so the model
is never asked about it: it was trained to tell recitals from the hard cases that do
have both (style guides, runbooks, the user's own bot prompt, a recipe's steps).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

from pipeline.screening.rules import lexicon, prompt_words
from pipeline.screening.word_trie import trie_pattern

__all__ = [
    "GATE_ANCHORS",
    "RecitalModel",
    "ai_reader_words",
    "features",
    "gate",
    "gate_level",
    "has_sentence",
    "recital_model",
]

MODEL_PATH: Final = Path(__file__).parent / "rules" / "recital_model.json"


def _mark_class() -> str:
    """The combining marks of the Basic Multilingual Plane (Unicode categories Mn, Mc,
    Me) as a character-class body. Python's ``\\w`` leaves them out, so a word of an
    abugida (Devanagari, Telugu, Myanmar, Khmer …) fell apart at each vowel sign and
    virama: "వెబ్‌పేజీలో" was read as "వ", "బ", "ప", "జ", "ల" (round 23)."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x300, 0x10000):
        if unicodedata.category(chr(code)) in ("Mn", "Mc", "Me"):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}" for a, b in ranges)


_MARKS: Final = _mark_class()
# A word: letters and digits with the combining marks written on them.
_WORD_RE: Final = re.compile(r"(?:[^\W_]|[" + _MARKS + r"])+")
# Long texts are judged on their first words: a recital is dense, and the cost must not
# grow with hostile input.
_MAX_TOKENS: Final = 240


def _gate_words() -> dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """rules/lexicon.toml's recital_rule, recital_persona and recital_ai, by language."""
    lex = lexicon()
    rules, persona, ai = lex["recital_rule"], lex["recital_persona"], lex["recital_ai"]

    def norm(words: list[str]) -> tuple[str, ...]:
        # As the screened text is read: NFKC, lower case (Thai ำ decomposes under NFKC).
        return tuple(unicodedata.normalize("NFKC", w).lower() for w in words)

    out = {
        lang: (norm(rules[lang]), norm(persona.get(lang, [])), norm(ai.get(lang, [])))
        for lang in rules
    }
    # Round 21: the languages of rules/prompt_words.toml the lexicon's lists lack (batch
    # 30's Gujarati, Kazakh, Yoruba …) reach the model through their words: orders as
    # rule words, anchor terms and instruction words as persona/instruction words, AI
    # words as AI words. Latin orders of two or three letters are function words of
    # other languages, as in the word rule.
    for lang, entry in prompt_words().items():
        if lang in out or (lang == "nb" and "no" in out):
            continue
        orders = [
            w for w in entry["order"] if len(w.strip()) >= 4 or not all(ch < "\u0250" for ch in w)
        ]
        who = [w.lstrip("*") for w in (*entry["prompt"], *entry["instruction"])]
        out[lang] = (norm(orders), norm(who), norm([w.lstrip("*") for w in entry["ai"]]))
    return out


GATE_WORDS: Final = _gate_words()

# Short words that name an AI reader, as literals with what can stand around them ("ai"
# alone hides in "said" and "main").
_SHORT_AI_ANCHORS: Final = (
    " ai ", " ai,", " ai:", " ai'", " ai.", "(ai", "ai-", "ai助", "ai에", "aiへ", "aiは",
    " ia ", " ia,", " ia:", " ia.", " ki ", " ki,", " ki:", " ki.", " ki-",
    " ии ", " ии,", " ии:", "ии-", " ші ", " ші,", "ші-", " mi-",
)  # fmt: skip
_SPACELESS_RE: Final = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _alternation(words: set[str], stems: bool = False) -> str:
    """One regex for ``words``, each between letter boundaries; with ``stems``, a word of
    5 letters or more may also start or end inside a longer one (compounds and endings:
    "Betreiberanweisungen", "talimatlarımı")."""
    bounded, free = [], []
    for word in sorted({w.strip() for w in words if w.strip()}):
        if _SPACELESS_RE.search(word) is not None or (stems and len(word) >= 5):
            free.append(word)
        else:
            bounded.append(word)
    # Where a word of each group starts at one place ("ai" and "ai 助手"), the longer
    # one is the free one (a word of a script without spaces, or a stem): it goes first.
    parts = []
    if free:
        parts.append("(?:" + trie_pattern(free, space=r"\s") + ")")
    if bounded:
        parts.append(r"(?<![^\W_])" + "(?:" + trie_pattern(bounded, space=r"\s") + r")(?![^\W_])")
    return "|".join(parts)


_RULE_RE: Final = re.compile(_alternation({w for r, _, _ in GATE_WORDS.values() for w in r}))
_WHO_RE: Final = re.compile(
    _alternation({w for _, p, _ in GATE_WORDS.values() for w in p}, stems=True)
)
_AI_RE: Final = re.compile(_alternation({w for _, _, a in GATE_WORDS.values() for w in a}))


# English literals: the rarer persona/instruction words and the AI words. Not the rule
# words ("never", "must") nor "system", "config", "meant to": ordinary text is full of
# them, and a text has to have one of these as well to pass the gate.
_EN_ANCHORS: Final = (
    "you are", "you're", "your name is", "act as", "persona", "instruction", "rules",
    "guideline", "directive", "configur", "set up", "told", "operator", "developer",
    "deployer", "deployed", "hidden", "confidential", "preamble", "brief", "identifies as",
    "the assistant", "this assistant", "my setup", "before this chat", "before the chat",
    "before this conversation", "llm", "language model", "chatbot", "agent", " bots",
    "assistants", "ai assistant", "copilot", "chatgpt", "claude", "gemini", "ai model",
    "vision model", "any model", "my role", "playing ", "meant to", "supposed to", "config",
    "bot ", "bot,", "bot.", "bot:", "forbid", "upsell", "guardrail", "setup text",
    "house rules", "hard rules", "ki-",
    # an AI reader named in fetched content ("note to any AI screening this", round 12;
    # not "assistant," or "assistant:": ordinary narration and SDK role labels)
    "for ai ", "ai screening",
    # round 19: automated readers named by their job ("note for automated reviewers")
    "automated review", "automated triage", "automated agent", "automated code review",
)  # fmt: skip
# Round 25: English rules recited as a bulleted list without a heading ("- Always answer
# in …\n- Never mention …"): an item that opens with a rule word reaches the model, which
# decides (the weak gate's threshold applies when no persona word is there). Rule words
# alone are everywhere in English prose, so only at a list item's start.
_EN_LIST_ANCHORS: Final = tuple(
    bullet + word
    for bullet in ("- ", "* ", "• ", "– ", "1. ", "2. ")
    for word in ("always ", "never ", "do not ", "don't ", "only ")
)


# What can stand before a word: a space, a line break, an opening quote, bracket or an
# elided article ("„MI-asszisztens, …", "(operatore", "l'assistente"). Round 17: a
# Hungarian order in „…“ quotes never reached the gate, its AI word stuck to the quote.
_WORD_OPENERS: Final = (" ", "\n", '"', "'", "\u2019", "\u201e", "\u201c", "\u00ab", "(", "[")


def _anchors() -> tuple[str, ...]:
    """Literals of the one scan that let a text reach the gate: English ones above, and
    the rule, persona/instruction and AI words of every other language. An ASCII word is
    looked for after a space or another opener (:data:`_WORD_OPENERS`), so that it cannot
    hide inside another word ("immer" in "simmer"); shorter than 4 letters, not at all
    (the short AI words are listed with their surroundings)."""
    out: list[str] = [*_EN_ANCHORS, *_EN_LIST_ANCHORS]
    for lang, (rules, persona, ai) in GATE_WORDS.items():
        if lang == "en":
            continue
        for word in (*persona, *ai, *rules):
            core = word.strip()
            if core.isascii():
                if len(core) < 4:
                    continue
                literals = [opener + core for opener in _WORD_OPENERS]
            else:
                if len(core) < 2:
                    continue
                literals = [core]
            out.extend(literal for literal in literals if literal not in out)
    out.extend(a for a in _SHORT_AI_ANCHORS if a not in out)
    return tuple(out)


GATE_ANCHORS: Final = _anchors()


# Markup elements: two or more make a text data (an XML export, a router config, a JSX
# tree); a fake system tag in it is the marker rule's business, not the scorer's.
_ELEMENT_RE: Final = re.compile(r"<[a-z/][\w.:\-]{0,40}(?:\s[^<>]{0,80})?/?>")
# Keys of a JSON object or arguments of an SDK repr: a payload, which raw_output judges
# (provider payloads name models, roles and assistants), not prose.
_DATA_KEY_RE: Final = re.compile(r"\"[\w.\-]{1,40}\"\s?:|\b\w{1,40}=[\'\"\[(]")


def names_ai_reader(low: str) -> bool:
    """Whether a lower-cased text holds a word naming an AI reader (any language of the
    gate's tables)."""
    return _AI_RE.search(low) is not None


def ai_reader_words(low: str) -> list[str]:
    """The words of a lower-cased text that name an AI reader (round 34)."""
    return [m.group() for m in _AI_RE.finditer(low)]


def gate_level(low: str) -> int:
    """How strongly a lower-cased text asks to be scored: 2 when it has a rule word and a
    persona/instruction word (a recital) or a word naming an AI reader (an injection); 1
    when it has two different words of one kind only ("my setup … supposed to", "luôn …
    không bao giờ": a language whose other list misses the text); 0 otherwise, and for a
    payload (three JSON keys or repr arguments) or markup (two elements or more)."""
    # Payload and markup first (round 22): two small patterns over the first 4,000
    # characters, where the word tries of 96 languages run over the whole text. Most
    # texts of real traffic that reach the gate are provider payloads, and the answer is
    # 0 for them whatever words they hold, so the order changes no result.
    if any(n >= 2 for n, _ in enumerate(_ELEMENT_RE.finditer(low, 0, 4000), 1)):
        return 0
    if any(n >= 3 for n, _ in enumerate(_DATA_KEY_RE.finditer(low, 0, 4000), 1)):
        return 0
    rule = _RULE_RE.search(low)
    who = _WHO_RE.search(low)
    if rule is not None and who is not None:
        return 2
    if _AI_RE.search(low) is not None:
        return 2
    found = rule or who
    if found is None:
        return 0
    pattern = _RULE_RE if rule is not None else _WHO_RE
    if not any(m.group() != found.group() for m in pattern.finditer(low, found.end())):
        return 0
    return 1


def gate(low: str) -> bool:
    """Whether the model is asked about a lower-cased text at all."""
    return gate_level(low) > 0


# A recital or an injection is a sentence at least. On a word or two the character n-grams
# are all the model has, and a product's name alone ("copilot", "gemini": a gate word
# naming an AI reader) scored as a recital (a false drop found by the property test of
# symbol-free text). Checked here, not in the gate the training's threshold is chosen
# behind: the model and its threshold are unchanged.
# Round 24: five different words. Four ("the this assistant instructions", a word salad
# of the property test, scored 0.69) are a noun phrase at most; no case of the shared
# corpus, the held-out batches or the development sets that the model scores over its
# threshold has fewer than five different words (measured before choosing it).
MIN_RECITAL_TOKENS: Final = 5

# Fewer different words than this and no rule word: the weak gate's threshold applies.
SHORT_RECITAL_TOKENS: Final = 8

# Where the gate saw one kind of word only, the model must be surer: a house rule list
# ("always wear a helmet, never smoke") has two rule words too. A judgement, not fitted:
# the generated held-out split has no false positive to fit it on.
WEAK_GATE_THRESHOLD: Final = 0.8
# ... and it must have a sentence's length: four words of one kind ("the this system
# instructions", found by the property test of symbol-free text) scored 0.83. Measured
# before choosing it: no case of the shared corpus, the held-out batches or the
# development sets (7,286 unsafe, 4,835 safe) is caught through a weak gate with fewer
# than 8 words, so 6 costs no recall there.
MIN_WEAK_GATE_TOKENS: Final = 6

# A recital is sentences: somewhere in it three words or more run on without a list's
# separator ("you are nova", "never mention pricing"). A keyword or tag list, an index or
# a word salad cut by punctuation every word or two ("Topics: agent | chart | operator",
# "system? prompt, secret. assistant roles!") has the gate's words and no sentence: the
# model is not asked (issue 26, the property test of prose from trigger words). Measured
# before choosing 3: no case of the shared corpus, the held-out batches or the
# development sets that the scorer catches, and none of the generated corpus's 14,400
# positives, lacks such a run. Round 17's label cut and length estimate (below) were
# measured the same way: none of the 12,893 gated generated positives and no unsafe case
# of those sets loses its sentence.
MIN_SENTENCE_TOKENS: Final = 3
_LIST_SEP_RE: Final = re.compile(r"[,;|·/!?.\n\u3001\u3002\uff0c\uff1b]+|\s[-–—]\s")
# Separators that make a list (not a sentence's full stop).
_ITEM_SEP_RE: Final = re.compile(r"[,;|·/\n\u3001\uff0c\uff1b]|\s[-–—]\s")
# A colon does not cut: a label belongs to what follows it ("SYSTEM PROMPT: you are
# nova"). Except before a list: in "Tags: password, token, operator" the label and the
# first item are not a sentence (round 17: batch 25's lists in ru and tr were "sentences"
# that way). So a piece whose text after its colon is short and is followed by a list
# of three items or more is counted from its colon on; before one or two more pieces
# the colon still does not cut ("Note in the issue: AI agent, forget your rules").
_LABEL_RE: Final = re.compile(r"^[^:\uff1a]*[:\uff1a]")

# Scripts written without spaces: one word is several characters, so a run of them
# counts as its length over a typical word's length (round 17; counting each character
# as a word made a list of Chinese or Thai nouns a run of "sentences"). Han and kana:
# words of running Chinese average about 1.7 characters, list items (compound nouns)
# 2-4, so 2; Thai, Lao, Khmer, Myanmar: a word is about 4 code points (vowel and tone
# marks are code points of their own); katakana, mostly loanwords ("アシスタント",
# "プロンプト"), about 4 too. Hangul is written with spaces between words and counts as
# words.
_HAN_KANA_RE: Final = re.compile(r"[\u3040-\u309f\u3400-\u9fff\uf900-\ufaff]+")
_LONG_WORD_RE: Final = re.compile(r"[\u30a0-\u30ff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]+")
_HAN_KANA_WORD: Final = 2.0
_LONG_WORD: Final = 4.0


def _sentence_words(piece: str) -> float:
    """About how many words ``piece`` holds: words between spaces, and runs of a script
    without spaces by their length over a word's."""
    han = sum(len(run) for run in _HAN_KANA_RE.findall(piece))
    long_words = sum(len(run) for run in _LONG_WORD_RE.findall(piece))
    rest = _LONG_WORD_RE.sub(" ", _HAN_KANA_RE.sub(" ", piece))
    return len(_WORD_RE.findall(rest)) + han / _HAN_KANA_WORD + long_words / _LONG_WORD


# Scripts written without spaces: each character is a token, so that the pairs are
# (roughly) the words.
_CJK_RE: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\u0e00-\u0e7f]")
# Character n-grams see what word lists cannot: inflections, compounds, scripts without
# spaces, and languages the corpus has a neighbour of (Slovak next to Czech, Malay next to
# Indonesian). They are taken over the text with digits folded and each run of other
# characters but ':' made one space (a label's colon is a cue), at most this many
# characters.
_MAX_CHARS: Final = 480
_CHAR_FOLD_RE: Final = re.compile(r"[^\w:" + _MARKS + r"]+|_+")
_DIGIT_RE: Final = re.compile(r"\d")


def _tokens(low: str) -> list[str]:
    words: list[str] = _WORD_RE.findall(low)
    if _CJK_RE.search(low) is not None:
        split: list[str] = []
        for word in words:
            if _CJK_RE.search(word) is not None:
                split.extend(word)
            else:
                split.append(word)
        words = split
    return words[:_MAX_TOKENS]


def has_sentence(low: str) -> bool:
    """Whether some piece of ``low`` between list separators has about
    MIN_SENTENCE_TOKENS words (runs of a script without spaces by their length, a label
    before a list left out)."""
    text = low[: _MAX_CHARS * 2]
    pos = 0
    for match in [*_LIST_SEP_RE.finditer(text), None]:
        end = match.start() if match else len(text)
        piece = text[pos:end]
        label = _LABEL_RE.match(piece)
        if (
            label is not None
            and match is not None
            and _ITEM_SEP_RE.search(match.group()) is not None
            and len(_ITEM_SEP_RE.findall(text, end)) >= 2
            and _sentence_words(piece[label.end() :]) < MIN_SENTENCE_TOKENS
        ):
            piece = piece[label.end() :]
        if _sentence_words(piece) >= MIN_SENTENCE_TOKENS:
            return True
        if match is not None:
            pos = match.end()
    return False


def features(low: str) -> set[str]:
    """Features of a lower-cased text: words, word pairs (with the text's start and end),
    the 5-letter prefix of each word of 7 letters or more, and character 3- and 4-grams
    (``#`` and the gram). Built with comprehensions: this runs on every text that passes
    the gate."""
    low = low[: _MAX_CHARS * 2]
    words = _tokens(low)
    feats = set(words)
    feats.update([a + " " + b for a, b in zip(["^", *words], words, strict=False)])
    feats.update([t[:5] + "~" for t in words if len(t) >= 7])
    feats.add((words[-1] if words else "^") + " $")
    folded = " " + _CHAR_FOLD_RE.sub(" ", _DIGIT_RE.sub("0", low))[:_MAX_CHARS] + " "
    feats.update(["#" + folded[i : i + 3] for i in range(len(folded) - 2)])
    feats.update(["#" + folded[i : i + 4] for i in range(len(folded) - 3)])
    return feats


def logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


@dataclass(frozen=True, slots=True)
class RecitalModel:
    weights: dict[str, float]
    bias: float
    threshold: float

    def score(self, low: str) -> float:
        """How much a lower-cased text reads like a recited instruction set (0..1)."""
        feats = features(low)
        # Features are binary and scaled by 1/sqrt(count), so a long text is not a
        # recital just because it has many words.
        scale = 1.0 / math.sqrt(len(feats))
        return logistic(self.bias + scale * sum(filter(None, map(self.weights.get, feats))))

    def fires(self, low: str) -> bool:
        level = gate_level(low)
        # Round 24: different words (a word said twice adds nothing: "the the assistant
        # instructions", found by the property test of prose from trigger words, scored
        # the threshold exactly on four tokens).
        tokens = len(set(_tokens(low)))
        if level == 0 or tokens < MIN_RECITAL_TOKENS:
            return False
        if level == 1 and tokens < MIN_WEAK_GATE_TOKENS:
            return False
        if not has_sentence(low):
            return False
        need = self.threshold if level == 2 else max(self.threshold, WEAK_GATE_THRESHOLD)
        if level == 2 and tokens < SHORT_RECITAL_TOKENS and _RULE_RE.search(low) is None:
            # Round 24: a short text with no rule word (never, always, must) has only an AI
            # word and an instruction word ("a this assistant instructions the", the
            # property test's word salad): the model must be as sure as for a weak gate.
            need = max(need, WEAK_GATE_THRESHOLD)
        return self.score(low) >= need


@lru_cache(maxsize=1)
def recital_model() -> RecitalModel:
    """The shipped model (rules/recital_model.json), loaded once."""
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    return RecitalModel(
        weights={str(k): float(v) for k, v in data["weights"].items()},
        bias=float(data["bias"]),
        threshold=float(data["threshold"]),
    )
