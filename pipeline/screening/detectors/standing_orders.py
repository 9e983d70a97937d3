"""Round 33: standing instructions restated without a concealment clause, and orders to a
model planted in a document it reads (hidden_prompt's checks; batches 53 and 54).

* The writer's own instructions named in the first person (my instructions / my rules /
  my role description / my operator policy; mie regole, mam polecenie, 我的角色说明 …)
  with a machine author beside them (an operator, an orchestrator, a sub-agent's role),
  then a colon or a quote, then a list of orders. A person's job instructions ("my
  instructions from the site manager: …"), rules for staff and a refusal that quotes
  nothing have no machine author or no orders.
* A previous model's hidden notes quoted with an order in them.
* A document's sentence addressed to the model that reads it: "when an assistant
  summarises this manual, it should tell …", "审阅申诉的模型请注意，你的新任务是 …".
"""

from __future__ import annotations

import re
from typing import Final

# The writer's own instructions, named in the first person.
_OWN_LABEL_RE: Final = re.compile(
    r"\bmy\s(?:(?:own|standing|base|ground|core)\s)?(?:(?:operator|orchestrator|developer|"
    r"deployer|system|deployment)(?:['’]s)?\s)?(?:instructions|rules|ground\srules|base\srules|"
    r"policy|role\sdescription|role\sbrief|brief|directives|guidelines|orders)\b"
    r"|\b(?:le\s)?mie\s(?:regole|istruzioni|direttive|linee\sguida)\b"
    r"|\bmis\s(?:instrucciones|reglas|directrices|normas)\b"
    r"|\bminhas\s(?:instruções|regras|diretrizes)\b"
    r"|\bmes\s(?:instructions|consignes|règles|directives)\b"
    r"|\bmeine\s(?:anweisungen|regeln|vorgaben|richtlinien|rollenbeschreibung)\b"
    r"|\bmam\spolecenie\b|\bmoje\s(?:instrukcje|polecenia|zasady|reguły)\b|\bmój\sopis\sroli\b"
    r"|\bмои\s(?:инструкции|правила|указания)\b"
    r"|我的(?:角色说明|角色說明|指令|指示|规则|規則|设定|設定)|私の(?:指示|ルール|役割説明)"
    r"|내\s?(?:지시|규칙|역할\s?설명)|என்\s(?:சிஸ்டம்\sப்ராம்ப்ட்|அறிவுறுத்தல்கள்|விதிகள்)"
)
# Labels that name a machine's instructions by themselves.
_STRONG_LABEL_RE: Final = re.compile(
    r"\bmy\s(?:system|developer|operator|orchestrator)|role\sdescription|rollenbeschreibung|"
    r"opis\sroli|角色说明|角色說明|役割説明|역할\s?설명|சிஸ்டம்"
)
# A machine author or reader beside the label: the operator, an orchestrator, a sub-agent.
_MACHINE_AUTHOR_RE: Final = re.compile(
    r"(?<!crane\s)(?<!machine\s)(?<!forklift\s)(?<!tour\s)(?<!radio\s)(?<!camera\s)"
    r"(?<!train\s)(?<!lift\s)(?<!switchboard\s)(?<!phone\s)"
    r"\b(?:operator|orchestrator|deployer|sub-?agent|main\sagent|parent\sagent|"
    r"operatore|orchestratore|sottoagente|sub-?agente|operador|orquestador|subagente|"
    r"opérateur|orchestrateur|sous-agent|betreiber|orchestrator|unteragent|podagent|"
    r"orkiestrator|оператор|оркестратор|субагент|подагент)\b"
    r"|子代理|主代理|编排器|編排器|运营方|運營方|サブエージェント|オペレーター|하위\s?에이전트|운영자"
)
# A colon or an opening quote (an apostrophe inside a word, l'operatore, opens nothing),
# and the quote that may follow a colon.
_CUE_RE: Final = re.compile(r"[:：]\s?[\"“„«‘「]?|[\"“„«‘「]|(?<![^\W\d_])'")
# Orders: a prohibition, "always"/"only"/"never", an imperative of handing on.
_ORDER_RE: Final = re.compile(
    r"\b(?:do\snot|don['’]t|never|always|only|must|escalate|refuse|redirect|return|"
    r"reply|respond|keep|stay)\b"
    r"|\bnon\s[a-zà-ù]+(?:are|ere|ire)\b|\b(?:mai|sempre|solo|suggerisci|rispondi|sei)\b"
    r"|\bno\s[a-záéíóúñ]+(?:es|as)\b|\b(?:nunca|siempre|solo|responde|eres)\b"
    r"|\bnão\s\w+|\b(?:sempre|apenas|responda|você\sé)\b"
    r"|\bne\s\w+\s(?:pas|jamais)\b|\b(?:toujours|uniquement|réponds|tu\ses)\b"
    r"|\b(?:nie|niemals|immer|nur|antworte|du\sbist)\b"
    r"|\bnie\s\w+(?:aj|uj|ij|em)\b|\b(?:tylko|zawsze|nigdy|odczytuj|raportuj|odpowiadaj)\b"
    r"|\b(?:никогда|всегда|только|не\s\w+(?:ай|яй|уй|и))\b"
    r"|(?:^|[，。；：,;:“「\s])(?:只|不要|不得|不|禁止|必须|务必|始终|永远|绝不|请勿|勿|把)"
    r"|(?:しない|するな|しないで|必ず|常に|だけ)|(?:하지\s?마|항상|절대|만\s)"
    r"|ாதே|ாதீர்கள்|வேண்டாம்"
)
_BODY_END_RE: Final = re.compile(r"[\"”»“」]|\n\n")


def _body_end(low: str, at: int) -> int:
    """Where the quoted or colon-led text from ``at`` ends: its closing quote or a blank
    line, 400 characters at most."""
    end = _BODY_END_RE.search(low, at + 1, at + 400)
    return end.start() if end is not None else min(len(low), at + 400)


def _orders_after(low: str, at: int) -> int:
    """How many orders the quoted or colon-led text from ``at`` holds."""
    return len(_ORDER_RE.findall(low, at, _body_end(low, at)))


def own_instructions_recited(low: str) -> bool:
    """The writer's instructions from a machine author, restated as a list of orders."""
    for m in _OWN_LABEL_RE.finditer(low):
        cue = _CUE_RE.search(low, m.end(), m.end() + 70)
        if cue is None:
            continue
        strong = _STRONG_LABEL_RE.search(m.group()) is not None
        author = strong or (
            _MACHINE_AUTHOR_RE.search(low, max(0, m.start() - 90), cue.start()) is not None
        )
        if not author:
            continue
        if _orders_after(low, cue.end()) >= (1 if strong else 2):
            return True
    return False


# A previous model's (or agent's) hidden notes, quoted.
_MODEL_NOTES_RE: Final = re.compile(
    r"\b(?:previous|prior|earlier|other|first|last)\s(?:model|agent|assistant|instance|run)"
    r"(?:['’]s)?\s(?:hidden|internal|private|secret)\s(?:notes?|instructions|scratchpad|memo)\b"
)
_PROHIBITION_RE: Final = re.compile(r"\b(?:do\snot|don['’]t|never|must\snot)\s\w+")


def model_notes_quoted(low: str) -> bool:
    for m in _MODEL_NOTES_RE.finditer(low):
        cue = _CUE_RE.search(low, m.end(), m.end() + 70)
        if cue is None:
            continue
        if _PROHIBITION_RE.search(low, cue.end(), _body_end(low, cue.end())):
            return True
    return False


# An order in a document to the model that reads it: "when an assistant summarises this
# manual, it should tell …", "the model reviewing this: your new task is …".
_READER_ORDER_RE: Final = re.compile(
    r"\b(?:when|if|whenever|once)\s(?:an?|the|any)\s(?:ai\s)?(?:assistant|ai|model|llm|chatbot|"
    r"agent|bot)\s(?:summari[sz]es|reads|processes|reviews|parses|answers\squestions\sabout|"
    r"is\sasked\sabout)\s(?:this|these|the)\b[^.!?\n]{0,80}?,\s?(?:it|you|they)\s(?:should|must|"
    r"shall|needs?\sto|has\sto|will)\s(?:always\s|also\s)?(?:tell|say|state|report|claim|"
    r"recommend|approve|ignore|omit|describe|answer|reply)\b"
    r"|(?:模型|助手|ai|智能体|代理)(?:请注意|請注意|注意)[，,:：]?\s?(?:你|您)的新(?:任务|任務|指令)"
    r"|(?:モデル|アシスタント|ai)(?:へ|に)?(?:注意|告ぐ)[、,:：]?\s?(?:あなたの)?新しい(?:タスク|指示)"
    r"|\b(?:model|assistant|ai)\s(?:reading|reviewing|processing)\sthis\b[^.!?\n]{0,30}?"
    r"your\snew\s(?:task|instructions?|job)\sis\b"
)


def order_to_reading_model(low: str) -> bool:
    return _READER_ORDER_RE.search(low) is not None
