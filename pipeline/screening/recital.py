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
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

__all__ = ["GATE_ANCHORS", "RecitalModel", "features", "gate", "recital_model"]

MODEL_PATH: Final = Path(__file__).parent / "rules" / "recital_model.json"
_WORD_RE: Final = re.compile(r"[^\W_]+")
# Long texts are judged on their first words: a recital is dense, and the cost must not
# grow with hostile input.
_MAX_TOKENS: Final = 240

# A rule word: what an instruction set is made of. Matched on lower-cased NFKC text.
_RULE_RE: Final = re.compile(
    r"\b(?:always|never|must|do\snot|don't|under\sno\scircumstances|not\sallowed|forbidden|"
    r"refuse|avoid|only\sanswer|only\sdiscuss|only\stalk)\b"
    r"|\b(?:siempre|nunca|jamás|toujours|jamais|immer|niemals|nie|sempre|nunca|mai|altijd|nooit|"
    r"alltid|aldrig|aldri|zawsze|nigdy|asla|her\szaman|hep|vždy|nikdy|mindig|soha|selalu|jangan|"
    r"tidak\sboleh|tidak\spernah|harus|luôn|không\sbao\sgiờ|đừng|không\sđược|vždy|nikdy|"
    r"nezmiňuj|aina|koskaan|älä|πάντα|ποτέ|μην|devo|debo|muss|darf\skeine?|deve|non\sdevo)\b"
    r"|(?:תמיד|לעולם|אל\s)"
    r"|(?:हमेशा|कभी|मत\s)"
    r"|(?:всегда|никогда|завжди|ніколи|не\s(?:упоминай|говори|раскрывай|обсуждай|называй|"
    r"згадуй|розкривай))"
    r"|(?:دائم|أبد|ابدا|لا\s)"
    r"|(?:始终|总是|永远|绝不|不要|不得|不能|每次都|禁止|務必|务必|常に|必ず|決して|しないで|しない|"
    r"禁止|항상|절대|하지\s?마|말고|마라)"
)
# A word that points at a persona or an instruction set.
_WHO_RE: Final = re.compile(
    r"\byou\sare\b|\byou're\b|\byour\sname\sis\b|\bact\sas\b|\bpersona|instruction|\brules?\b|"
    r"guideline|directive|configur|\bset\sup\b|\btold\b|prompt|operator|developer|deployer|"
    r"deployed|hidden|confidential|preamble|\bbrief\b|\bsystem\b|\bidentif(?:y|ies)\sas\b|"
    r"\bthe\sassistant\b|\bthe\sai\b"
    r"|\beres\b|\btu\ses\b|\bdu\sbist\b|\bdu\sär\b|\bvocê\sé\b|\bsei\b|\bje\sbent\b|"
    r"\bjesteś\b|\bsen\b|\bты\b|\bти\b|أنت|你是|您是|あなたは|당신은|너는|\bkamu\sadalah\b|"
    r"\banda\sadalah\b|\bbạn\slà\b|तुम|आप|निर्देश|\binstruksi\b|chỉ\sdẫn|hướng\sdẫn|"
    r"pokyn|οδηγί|ohje|viesti|הנחי|프롬프트|시스템|システム|系统|系統|pesan|mensagem|mensaje|"
    r"\bregeln\b|\bregole\b|\breglas\b|\bregras\b|\bsou\b|\bsoy\b|\bjsi\b|\bolet\b|είσαι|את\s|אתה\s"
    r"|instrucc|consigne|anweisung|instruç|istruzion|instructie|instruktion|instrukcj|talimat|"
    r"инструкц|інструкц|настро|налашт|تعليمات|指令|指示|规则|規則|设定|設定|지침|지시|설정|"
    r"eingerichtet|konfigur"
)
# Literals the one scan looks for, so that a text with none of them never reaches the
# gate (lower case; a few per language, the WHO side: the rarer one in ordinary text).
GATE_ANCHORS: Final = (
    "you are", "you're", "your name is", "act as", "persona", "instruction", "rules",
    "guideline", "directive", "configur", "set up", "told", "operator", "developer",
    "deployer", "deployed", "hidden", "confidential", "preamble", "brief", "identifies as",
    "the assistant", "eres", "tu es", "du bist", "du är", "você é", "sei ", "je bent",
    "jesteś", "ты", "ти ", "أنت", "你是", "您是", "あなたは", "당신은", "너는", "instrucc",
    "consigne", "anweisung", "instruç", "istruzion", "instructie", "instruktion", "instrukcj",
    "talimat", "инструкц", "інструкц", "настро", "налашт", "تعليمات", "指令", "指示", "规则",
    "規則", "设定", "設定", "지침", "지시", "설정", "eingerichtet", "konfigur",
    "kamu adalah", "anda adalah", "instruksi", "bạn là", "chỉ dẫn", "hướng dẫn", "तुम", "आप",
    "pokyn", "οδηγί", "ohje", "viesti", "הנחי", "프롬프트", "시스템", "システム", "系统", "系統",
    "pesan", "mensagem", "mensaje", "regeln", "regole", "reglas", "regras", "είσαι", "jsi ",
    "olet ",
    "निर्देश",
)  # fmt: skip


def gate(low: str) -> bool:
    """Whether a lower-cased text has both a rule word and a persona/instruction word."""
    return _RULE_RE.search(low) is not None and _WHO_RE.search(low) is not None


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x3040 <= o <= 0x30FF
        or 0x3400 <= o <= 0x9FFF
        or 0xAC00 <= o <= 0xD7AF
        or 0xF900 <= o <= 0xFAFF
        or 0x0E00 <= o <= 0x0E7F
    )


def _tokens(low: str) -> list[str]:
    out: list[str] = []
    for m in _WORD_RE.finditer(low):
        word = m.group()
        if any(_is_cjk(c) for c in word):
            # Scripts written without spaces: each character is a token, so that the
            # pairs are (roughly) the words.
            out.extend(word)
        else:
            out.append(word)
        if len(out) >= _MAX_TOKENS:
            break
    return out[:_MAX_TOKENS]


def features(low: str) -> set[str]:
    """Features of a lower-cased text: words, word pairs (with the text's start and end),
    and the 5-letter prefix of each word of 7 letters or more, so that inflected forms
    (instructions/instrucciones/instruções) share something."""
    feats: set[str] = set()
    prev = "^"
    for tok in _tokens(low):
        feats.add(tok)
        feats.add(prev + " " + tok)
        if len(tok) >= 7:
            feats.add(tok[:5] + "~")
        prev = tok
    feats.add(prev + " $")
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
        w = self.weights
        return logistic(self.bias + scale * sum(w.get(f, 0.0) for f in feats))

    def fires(self, low: str) -> bool:
        return gate(low) and self.score(low) >= self.threshold


@lru_cache(maxsize=1)
def recital_model() -> RecitalModel:
    """The shipped model (rules/recital_model.json), loaded once."""
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    return RecitalModel(
        weights={str(k): float(v) for k, v in data["weights"].items()},
        bias=float(data["bias"]),
        threshold=float(data["threshold"]),
    )
