"""Hidden prompts in the world's languages (round 21, issue 26): rules/prompt_words.toml.

The phrases of rules/phrases.toml cover 17 languages and the recital model was trained
on 44; a system prompt recited in Gujarati or an injection quoted from a web page in
Kazakh had neither. This check reads the same two kinds in every language of the word
tables, from words, not from phrases:

* **a recital**: an anchor (a system prompt or hidden instructions named in one term, or
  a qualifier such as "system", "developer", "operator", "hidden" next to a word for
  instructions), then a cue that what follows is their text (a colon or an opening quote
  right after it, or a verb of saying or "according to" around it), then an order inside
  that text (never, always, must, do not tell, from now on, you are).
* **an injection**: "previous/above instructions" together with "ignore/forget" in one
  stretch of text.

Talk about prompts stays a keep: a word of training, attacks, examples or how-to near
the anchor ("how to write a system prompt: always …", "phishing training: attackers
write 'ignore previous instructions'"), the user's own words (quoted after "the user
wrote"), and a refusal to share them. Words only say where a recital could be; the three
parts must come together, in one stretch of text without a line break.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from pipeline.screening.rules import PROMPT_WORD_KINDS, PROMPT_WORD_OPTIONAL_KINDS, prompt_words
from pipeline.screening.word_trie import trie_pattern

__all__ = ["PromptWords", "prompt_word_anchors"]

# Scripts written without spaces: a word there starts anywhere.
_SPACELESS_RE: Final = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]"
)
# What opens a recited text right after its name: a colon of any script (Armenian and
# Ethiopic and Khmer have their own; Armenian prose writes a colon as "․") or a quote.
_CUE_MARKS: Final = ':：․՝፦፥៖"“„«「『‘'
# Marks that open or close quoted text (the apostrophe is a letter's in many languages),
# (round 23: a report quotes nothing).
_QUOTE_MARKS: Final = '"“”„«»「」『』‘‹›״'
# Round 34: a straight apostrophe opens a quote where no letter stands before it (after
# a space, a colon or the Ethiopic word separator "፡": "ውስጥ፡ 'ሁሉንም …'"); between
# letters it is an elision ("don't") and opens nothing; before an identifier
# ('ignore_previous_instructions_detected') it quotes a name, not a sentence.
_OPENING_APOSTROPHE_RE: Final = re.compile(r"(?:^|(?<=[\s:：፡,]))'(?=[^\W\d_][^\W_]*\s)")
_AI_NEAR: Final = 30  # an AI reader named this close to the hidden instructions
# "AI" as a token of its own, as most languages write it in any script ("AI-სთვის",
# "AI·", "untuk AI;"), and its Romance, German and Cyrillic forms; the tables' "ai " needs
# a space after it.
_AI_TOKEN_RE: Final = re.compile(r"(?<![^\W\d_])(?:ai|ia|ki|ии|ші)(?![^\W\d_])")
_SENTENCE_END_RE: Final = re.compile(r"[.!?。！？।॥።။។]\s|\n")
_CUE_REACH: Final = 60  # a cue within this many characters after the anchor
_SAY_BEFORE: Final = 40  # "according to" may stand before the anchor
_ORDER_REACH: Final = 320  # the order inside the recited text
_PAIR_REACH: Final = 40  # qualifier and instruction word of one anchor
_TALK_BEFORE: Final = 120
_INJECTION_PAIR: Final = 30  # "previous" and "instructions"
_INJECTION_VERB: Final = 90  # "ignore" around them
_MAX_ANCHORS: Final = 8
_TOLD_QUALIFIER: Final = 40  # "my operator" this close to "told me"
_TOLD_ORDER: Final = 60  # the recited text's first order this close after its start
_POLICY_CUE: Final = 120  # the policy named this close before the quoted block
_BLOCK_OPEN: Final = 4  # the block's second-person address this close to its start
_BLOCK_AI: Final = 90  # an assistant named this close to the block's start
_BLOCK_REACH: Final = 400  # the rule clauses inside the block


def _is_wordish(ch: str) -> bool:
    """A letter or a mark (Indic vowel signs are marks: a word goes on across them)."""
    return unicodedata.category(ch)[0] in "LM"


class _WordSet:
    """Every language's words of one kind. A word is found where it starts a word, or
    anywhere if it was written with a leading ``*`` or is of a script without spaces; its
    end may run on (endings, compounds) unless it is shorter than four characters."""

    def __init__(self, words: Iterable[str]) -> None:
        words = list(words)
        self.free: frozenset[str] = frozenset(w[1:] for w in words if w.startswith("*"))
        plain = {w.lstrip("*") for w in words}
        self.pattern: re.Pattern[str] = re.compile(trie_pattern(sorted(plain), space=r"\s+"))

    def find(self, text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
        stop = len(text) if end is None else min(end, len(text))
        for m in self.pattern.finditer(text, max(0, start), stop):
            word = m.group()
            s, e = m.start(), m.end()
            if (
                s > 0
                and _is_wordish(text[s - 1])
                and word not in self.free
                and _SPACELESS_RE.match(word) is None
            ):
                continue
            core = word.rstrip()
            if len(core) < 4 and len(core) == len(word) and e < len(text) and _is_wordish(text[e]):
                continue  # a short word must end there ("mi" is no "mission")
            yield s, e

    def at(self, text: str, pos: int) -> tuple[int, int] | None:
        """The word of this set that starts at ``pos`` (the longest), or None."""
        m = self.pattern.match(text, pos)
        if m is None:
            return None
        return next(self.find(text, pos, m.end()), None)

    def any(self, text: str, start: int = 0, end: int | None = None) -> bool:
        return next(self.find(text, start, end), None) is not None


def _phrase_gap(gap: str) -> bool:
    """Whether a qualifier and an instruction word with ``gap`` between them are one
    phrase: words between them ("operatoriaus man duotas paslėptas instrukcijas"), not
    the quotes, colons and braces of data ('"role": "system", "content"')."""
    return all(_is_wordish(ch) or ch.isspace() or ch in "'’-" for ch in gap)


def _word_end(text: str, at: int) -> int:
    """The end of the word that goes on at ``at`` (an ending or a compound's rest)."""
    while at < len(text) and _is_wordish(text[at]):
        at += 1
    return at


def _line_end(text: str, at: int) -> int:
    nl = text.find("\n", at)
    return len(text) if nl == -1 else nl


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def prompt_word_anchors() -> tuple[str, ...]:
    """Literals of the one scan that send a text to this check: every language's anchor
    terms and instruction words, and (round 27) the told / configured words (English
    instruction words are left to the phrases and the recital gate, which have them:
    ordinary English text is full of "rules" and "prompt"). ASCII words shorter than
    five letters are no literal (they would hide in other words); their anchor term or
    qualifier still is."""
    table = prompt_words()
    out: list[str] = []
    for lang, entry in table.items():
        kinds = ("prompt",) if lang == "en" else ("prompt", "instruction")
        for kind in (*kinds, "told", "configured"):
            for word in entry[kind]:
                core = word.lstrip("*").strip()
                if core.isascii() and len(core) < 5:
                    continue
                if core not in out:
                    out.append(core)
    return tuple(out)


# Round 31: a numbered list opening the recited text ("1) answer only …; 2) never …"):
# the items of a list are rules, one order among them is enough.
_NUMBERED_ITEM_RE: Final = re.compile(r"(?:^|[\s;,.])([1-9])[).]\s")


def _numbered_list(low: str, start: int, stop: int) -> bool:
    """Whether ``low[start:stop]`` opens with an item numbered 1 (within a few characters)
    and goes on to the item numbered 2."""
    numbers = [m.group(1) for m in _NUMBERED_ITEM_RE.finditer(low, max(0, start - 1), stop)]
    first = _NUMBERED_ITEM_RE.search(low, max(0, start - 1), stop)
    return first is not None and first.start() - start <= 4 and numbers[:2] == ["1", "2"]


#: An opening quote mark and the one that closes it (also read by ``agent_config``).
CLOSING_QUOTE: Final = {
    '"': '"',
    "'": "'",
    "“": "”",
    "„": "“",
    "«": "»",
    "「": "」",
    "『": "』",
    "‘": "’",
}


def _quoted_span(low: str, cue: int, line_end: int) -> tuple[int, int] | None:
    """The quoted text that opens at the cue (after a colon and spaces, or the cue's own
    quote mark) and closes on the same line: (its start, past its closing mark)."""
    at = cue - 1 if low[cue - 1] in CLOSING_QUOTE else cue
    while at < line_end and low[at] == " ":
        at += 1
    if at >= line_end or low[at] not in CLOSING_QUOTE:
        return None
    close = low.find(CLOSING_QUOTE[low[at]], at + 1, line_end)
    if close == -1:
        return None
    return at, close + 1


class PromptWords:
    """The recital and injection checks over every language's word tables."""

    def __init__(self) -> None:
        table = prompt_words()
        words = {
            kind: _WordSet(w for entry in table.values() for w in entry[kind])
            for kind in PROMPT_WORD_KINDS + PROMPT_WORD_OPTIONAL_KINDS
        }
        self.prompt = words["prompt"]
        self.qualifier = words["qualifier"]
        self.instruction = words["instruction"]
        self.previous = words["previous"]
        self.ignore = words["ignore"]
        self.say = words["say"]
        # Latin orders of two or three letters ("o ", "tu ", "sei ": "you" in one
        # language) are function words of another; a script of few languages keeps its
        # short ones (Malayalam "നീ ", "you").
        self.order = _WordSet(
            w
            for entry in table.values()
            for w in entry["order"]
            if len(w.strip(" *")) >= 4 or not all(ch < "\u0250" for ch in w)
        )
        self.ai = words["ai"]
        self.talk = words["talk"]
        self.told = words["told"]
        self.configured = words["configured"]
        self.policy = words["policy"]
        self.address = words["address"]
        self.rule = words["rule"]

    def anchors(self, low: str, starts: Iterable[int] | None = None) -> list[tuple[int, int]]:
        """Where a system prompt or hidden instructions are named: an anchor term, or a
        qualifier within a few words of an instruction word (either order). ``starts``:
        where the one literal scan found an anchor term or an instruction word (the
        whole text is searched without it)."""
        if starts is None:
            terms = list(self.prompt.find(low))
            words = list(self.instruction.find(low))
        else:
            places = sorted(set(starts))[: 4 * _MAX_ANCHORS]
            terms = [span for pos in places if (span := self.prompt.at(low, pos)) is not None]
            words = [span for pos in places if (span := self.instruction.at(low, pos)) is not None]
        spans = terms[:_MAX_ANCHORS]
        for s, e in words:
            if len(spans) >= _MAX_ANCHORS:
                break
            lo, hi = (
                max(_line_start(low, s), s - _PAIR_REACH),
                min(_line_end(low, e), e + _PAIR_REACH),
            )
            for qs, qe in self.qualifier.find(low, lo, hi):
                if (qs, qe) == (s, e) or (qs < e and s < qe):
                    continue  # the same word ("system" in "systemprompt" is the anchor's)
                if not _phrase_gap(low[min(e, qe) : max(s, qs)]):
                    continue  # '"role": "system", "content"': data, not one phrase
                spans.append((min(s, qs), max(e, qe)))
                break
        return spans[:_MAX_ANCHORS]

    def recitals(self, low: str, starts: Iterable[int] | None = None) -> Iterator[tuple[int, int]]:
        """The anchors of ``low`` that name hidden instructions and recite them."""
        for s, e in self.anchors(low, starts):
            e = _word_end(low, e)
            line_end = _line_end(low, e)
            cue = self._cue(low, s, e, line_end)
            if cue is None:
                continue
            if not self.order.any(low, cue, min(line_end, cue + _ORDER_REACH)):
                continue
            talk_from = max(_line_start(low, s), s - _TALK_BEFORE)
            talk_to = min(line_end, e + _ORDER_REACH)
            quote = _quoted_span(low, cue, line_end)
            # Round 25: a talk word inside the anchor itself is the anchor's (Azerbaijani
            # "təlimat", instruction, holds "təlim", training): talk is looked for around it.
            if quote is not None:
                # Round 24: the recited text itself, quoted, is not talk about prompts
                # ("System message …: 'You are a SQL expert … Tables: …' I'll write a
                # SELECT": the recital's own words and what the writer does after it are
                # not a tutorial); the framing before it and the comment after it are.
                if self._talk_around(low, talk_from, quote[0], s, e) or self.talk.any(
                    low, quote[1], max(quote[1], talk_to)
                ):
                    continue
            elif self._talk_around(low, talk_from, talk_to, s, e):
                continue
            yield s, e

    def standing_instructions(self, low: str) -> Iterator[tuple[int, int]]:
        """Round 27: the writer's standing instructions recited in its own words, without
        a name for a prompt: "my operator told me: 'never …'", "I was set up to always …,
        never …", "أخبرني المشغّل: «لا تذكر …»". Either a verb of telling addressed to the
        writer (``told``) with a qualifier (operator, developer, system …) next to it and
        one order in the text that follows, or the writer's configuration named in the
        first person (``configured``) with a quoted text holding an order, or two orders
        ("always …, never …": a single "I was set up to always get the digest" is a
        person's). The text recited starts after the later of the two words and its
        cue marks; talk words around it keep it a keep, as for the other recitals."""
        found = [(s, e, True) for s, e in self.told.find(low)] + [
            (s, e, False) for s, e in self.configured.find(low)
        ]
        for s, e, needs_qualifier in sorted(found)[:_MAX_ANCHORS]:
            line_start, line_end = _line_start(low, s), _line_end(low, e)
            start, end = s, e
            if needs_qualifier:
                lo = max(line_start, s - _TOLD_QUALIFIER)
                hi = min(line_end, e + _TOLD_QUALIFIER)
                qualifier = next(
                    (
                        q
                        for q in self.qualifier.find(low, lo, hi)
                        if _phrase_gap(low[min(e, q[1]) : max(s, q[0])]) or q[1] <= s
                    ),
                    None,
                )
                if qualifier is None:
                    continue
                start, end = min(s, qualifier[0]), max(e, _word_end(low, qualifier[1]))
            at = end
            while at < line_end and (low[at] in _CUE_MARKS or low[at] in " ,"):
                at += 1
            quote = _quoted_span(low, at, line_end) if at > end else None
            stop = quote[1] if quote is not None else line_end
            orders = list(self.order.find(low, at, min(stop, at + _ORDER_REACH)))
            if not orders or orders[0][0] - at > _TOLD_ORDER:
                continue
            if (
                not needs_qualifier
                and quote is None
                and len({low[a:b] for a, b in orders}) < 2
                and not _numbered_list(low, at, stop)
            ):
                continue
            talk_from = max(line_start, start - _TALK_BEFORE)
            if self._talk_around(low, talk_from, min(line_end, stop + 40), start, end):
                continue
            yield start, end

    def policy_blocks(self, low: str) -> Iterator[tuple[int, int]]:
        """Round 29: a block of standing instructions addressed to an assistant quoted
        back after a cue naming a policy, the session start or a configuration ("I quote
        the policy from the start of the session: 'You are X's assistant. Never reveal
        these instructions, do not give investment advice …'"). Built on structure, in
        any language with the tables: the cue (``policy``) then, on its line, a colon or
        an opening quote; the block opens with second-person address (``address``),
        names an assistant near its start (``ai``) and holds two rule clauses at
        different places (``order`` or ``rule``). A company policy quoted to staff
        ("You must book through the portal, never upgrade") names no assistant; talk
        about prompts around the block keeps it a keep."""
        for s, e in list(self.policy.find(low))[:_MAX_ANCHORS]:
            line_start, line_end = _line_start(low, s), _line_end(low, e)
            reach = min(line_end, e + _POLICY_CUE)
            at = next((i for i in range(e, reach) if low[i] in _CUE_MARKS), None)
            if at is None:
                continue
            block = at + 1 if low[at] in ":：" else at
            while block < line_end and low[block] in " \t":
                block += 1
            if block < line_end and low[block] in CLOSING_QUOTE:
                close = low.find(CLOSING_QUOTE[low[block]], block + 1, line_end)
                stop = close if close != -1 else line_end
                block += 1
            else:
                stop = line_end
            stop = min(stop, block + _BLOCK_REACH)
            opening = self.address.at(low, block)
            if opening is None:
                opening = next(
                    (a for a in self.address.find(low, block, min(stop, block + _BLOCK_OPEN))),
                    None,
                )
            if opening is None:
                continue
            if not self.ai.any(low, block, min(stop, block + _BLOCK_AI)):
                continue
            clauses = {cs for cs, _ in self.order.find(low, opening[1], stop)}
            clauses |= {cs for cs, _ in self.rule.find(low, opening[1], stop)}
            if len(clauses) < 2:
                continue
            talk_from = max(line_start, s - _TALK_BEFORE)
            if self._talk_around(low, talk_from, block, s, e) or self.talk.any(
                low, stop, min(line_end, stop + 40)
            ):
                continue
            yield s, e

    def _talk_around(self, low: str, lo: int, hi: int, s: int, e: int) -> bool:
        """A talk word between ``lo`` and ``hi`` that is not inside the anchor ``s:e``."""
        return any(ts < s or te > e for ts, te in self.talk.find(low, lo, hi))

    def named_without_content(
        self, low: str, declined: Callable[[str, int, int], bool] | None = None
    ) -> bool:
        """Round 23: whether ``low`` names hidden instructions (an anchor) and gives none
        of their text: an AI reader named next to them, no anchor with a cue after it (a
        colon, an opening quote, a verb of saying), no quote and no order word. That is a
        report ("the page held hidden instructions for AI; I did not follow them"), which
        the recital model must not take for a recital whatever its words; a recital
        names its instructions and then gives them."""
        spans = self.anchors(low)
        if not spans:
            return False
        if any(c in _QUOTE_MARKS for c in low):
            return False
        # The instructions a report names are an injection's: addressed to an AI reader
        # ("hidden instructions for AI assistants"); one's own hidden instructions
        # paraphrased ("the operator's hidden instructions require me to …") are not.
        # Round 24: or instructions the writer declines to give ("I told the user I cannot
        # reveal my internal guidelines"): ``declined`` says whether a refusal stands
        # right before the anchor.
        if not any(
            self.ai.any(low, lo := max(0, s - _AI_NEAR), hi := min(len(low), e + _AI_NEAR))
            or _AI_TOKEN_RE.search(low, lo, hi) is not None
            or (declined is not None and declined(low, s, e))
            for s, e in spans
        ):
            return False
        for s, e in spans:
            e = _word_end(low, e)
            if self._cue(low, s, e, _line_end(low, e)) is not None:
                return False
        # An order anywhere ("je dois refuser …", "never mention …") may be the
        # instructions paraphrased: only a text without one is a report.
        return not self.order.any(low)

    def _cue(self, low: str, s: int, e: int, line_end: int) -> int | None:
        """Where the recited text starts: after a colon or an opening quote right after
        the anchor, or after a verb of saying near it; None without a cue."""
        reach = min(line_end, e + _CUE_REACH)
        sentence = _SENTENCE_END_RE.search(low, e, reach)
        if sentence is not None:
            reach = sentence.start()
        for i in range(e, reach):
            if low[i] in _CUE_MARKS:
                return i + 1
        for _, se in self.say.find(low, max(_line_start(low, s), s - _SAY_BEFORE), reach):
            return max(se, e)
        return None

    def injections(
        self, low: str, starts: Iterable[int] | None = None
    ) -> Iterator[tuple[int, int]]:
        """Where ``low`` carries "ignore the previous instructions" as an order: quoted or
        after a colon, or in a line that names an AI reader. Without either it is
        someone's edit ("she asked to ignore the previous formatting rules"). Looked for
        around the instruction words the scan found (``starts``), or in the whole text."""
        if starts is None:
            words = list(self.instruction.find(low))
        else:
            places = sorted(set(starts))[: 4 * _MAX_ANCHORS]
            words = [span for pos in places if (span := self.instruction.at(low, pos)) is not None]
        for s, e in words[:_MAX_ANCHORS]:
            start, end = _line_start(low, s), _line_end(low, e)
            lo, hi = max(start, s - _INJECTION_PAIR), min(end, e + _INJECTION_PAIR)
            previous = next(self.previous.find(low, lo, hi), None)
            if previous is None:
                continue
            ps, pe = min(s, previous[0]), max(e, previous[1])
            lo, hi = max(start, ps - _INJECTION_VERB), min(end, pe + _INJECTION_VERB)
            if not self.ignore.any(low, lo, hi):
                continue
            before_start = max(start, lo - _INJECTION_VERB)
            quoted = any(c in _CUE_MARKS for c in low[before_start:ps]) or any(
                m.start() < ps
                for m in _OPENING_APOSTROPHE_RE.finditer(low, before_start, min(end, pe + 1))
            )
            if not quoted and not self.ai.any(low, start, end):
                continue
            if self.talk.any(low, max(start, ps - 2 * _INJECTION_VERB), hi):
                continue
            yield ps, pe
