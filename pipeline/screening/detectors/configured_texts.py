"""Round 34 (issue 26): texts an agent was configured with, quoted back.

- A chatbot's configured greeting, its banned-topic list or its "never say" list, named
  as given to it (configured, set up, given, received, programmed) and then quoted or
  listed after a colon: "the greeting I was set up with is «…»; forbidden topics: A, B",
  "O roteiro de saudação que recebi: «…»", "설정된 인사말은 "…"이고 금지 주제는 …".
- A prompt quoted that opens by telling its reader who it is and then orders it ("the
  prompt of workflow step X is: «You are a … Answer only with …»"), whoever owns it: a
  workflow step's, a node's, a plugin's.
- Overrides: a role taken away from an assistant and a new one given ("You are no longer
  the crew assistant. Your new role is to …"), and "new instructions from your developer"
  followed by an order.

People's scripts (a call centre agent's, "the script my supervisor gave me") name a
person as the giver and stay keeps; talk about prompts ("a prompt usually starts with
'You are a helpful assistant'") names no order inside the quote or is marked as talk.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["CONFIGURED_ANCHORS", "configured_text_quoted"]

# Given to the writer: configured, set up, given, received, programmed (the languages of
# the contract; Japanese, Korean and Chinese write it without a person).
_GIVEN_RE: Final = re.compile(
    r"\b(?:configured|set\sup\swith|i\swas\s(?:given|set\sup|programmed|configured|assigned)|"
    r"(?:given|assigned|provided|handed)\s(?:to\s)?me|my\s(?:configuration|config|setup)|"
    r"programmed\s(?:into|for)\sme|me\sconfiguraron|que\srecib[íi]|que\sme\s(?:dieron|deram)|"
    r"configurad[oa]s?\s(?:para\smí|para\smim)|mi\sconfiguración|minha\sconfiguração|"
    r"que\srecebi|qu['’]on\sm['’]a\s(?:donnée?s?|configurée?s?)|ma\sconfiguration|"
    r"meine[rm]?\skonfiguration|mir\s(?:vorgegeben|gegeben|konfiguriert|eingestellt)|"
    r"che\smi\s(?:hanno\sdato|è\sstat[oa]\sdat[oa])|la\smia\sconfigurazione|"
    r"заданн\w*\sмне|мне\s(?:задан\w*|дали|выдали|настроил\w*)|настроенн\w*\sмне|"
    r"моей\sнастройк\w*|запрограммированн\w*|bana\sverilen|yapılandırıldı|"
    r"yang\sdiberikan\skepada\s(?:saya|aku)|dikonfigurasi)"
    r"|المبرمج(?:ة)?\sلي|المعطى\sلي|المحدد(?:ة)?\sلي|أُعطيت|أعطيت|إعداداتي"
    r"|設定され|渡された|与えられた|指定された|설정된|설정되어|주어진|지정된"
    r"|给我设定|为我设定|设定的|配置的|给我的|收到的|設定的"
)
# What was given: a greeting or opening script, a list of banned topics or words.
_SCRIPT_RE: Final = re.compile(
    r"\b(?:greeting|welcome\smessage|opening\s(?:line|message)|banned\s(?:topics?|list|words|phrases)|"
    r"forbidden\s(?:topics?|words|phrases)|off[\s-]limits\stopics|blocked\stopics|"
    r"never[\s-]say|saludo|guion\sde\ssaludo|temas\sprohibidos|palabras\sprohibidas|"
    r"saudação|roteiro|temas\sproibidos|palavras\sproibidas|message\sd['’]accueil|"
    r"salutation|sujets\sinterdits|mots\sinterdits|begrüßung|verbotene[n]?\s(?:themen|wörter)|"
    r"tabuthemen|jedes\sgespräch\smit|saluto|argomenti\svietati|parole\svietate|"
    r"приветстви\w*|запрещ[её]нн\w*\s(?:темы|слова|тем)|стоп-слова|karşılama\smesajı|"
    r"yasak\skonular|salam\spembuka|topik\sterlarang)"
    r"|الترحيب|المواضيع\sالممنوعة|الكلمات\sالممنوعة"
    r"|挨拶文|挨拶|禁止トピック|禁止ワード|禁止用語|言ってはいけない|ngワード"
    r"|인사말|금지\s?주제|금지어|금지\s?단어|말하면\s안\s되는"
    r"|问候语|欢迎语|禁止话题|禁用词|禁止词|不能说的"
)
# What follows: a quote, or a colon or "is"/"=" and a list.
_QUOTE_OR_LIST_RE: Final = re.compile(
    r"[\"“„«「『‘]|(?<![^\W\d_])'|[:：=]\s?\S[^.\n]{0,80}[,、，;][^.\n]{0,80}"
    r"|\b(?:is|are|es|é|sind|ist|est|são|son)\s[\"“„«'‘]?[^\W\d_][^.\n]{0,80}[,、，][^.\n]{0,40}"
)
# A person gave it: a manager's or supervisor's script is a human agent's.
_PERSON_GIVER_RE: Final = re.compile(
    r"\b(?:supervisor|manager|boss|team\slead|coach|jefe|supervisora?|gerente|chef|"
    r"vorgesetzte[rn]?|teamleiter\w*|responsabile|начальник\w*|руководител\w*)\b|上司|店長|매니저|팀장|主管|经理"
)
_TALK_RE: Final = re.compile(
    r"\b(?:usually|typically|for\sexample|e\.g\.|such\sas|how\sto\swrite|tip|advice|"
    r"por\sejemplo|zum\sbeispiel|par\sexemple|por\sexemplo|например)\b|例如|比如|例えば|예를\s들어"
)
_NEAR: Final = 60

# A quoted prompt opening with who its reader is, an order inside it.
_PROMPT_WORD_RE: Final = re.compile(
    r"\b(?:prompt|system\snote|instructions?|anweisung\w*|instrucci[oó]n\w*|instru[cç][õã]o\w*|"
    r"промпт\w*|инструкци\w*)\b|提示词|提示語|指令|プロンプト|프롬프트|지시문"
)
_YOU_ARE_QUOTED_RE: Final = re.compile(
    r"[\"“„«「『:：]\s?(?:you\sare\s|you['’]re\s|du\sbist\s|sie\ssind\s|tu\ses\s|vous\sêtes\s|"
    r"eres\s|você\sé\s|sei\s(?:un|il|la)\s|jij\sbent\s|ty\s(?:jesteś|—|-)|ты\s(?:—|-|являешься)|"
    r"sen\sbir\s|anda\s(?:adalah|ialah)\s|你是|您是|あなたは|너는|당신은)"
)
_ORDER_RE: Final = re.compile(
    r"\b(?:only|never|do\snot|don['’]t|ignore|must|always|nur|nie|niemals|ignoriere|nicht|"
    r"solo|sólo|nunca|ignora|seulement|jamais|ne\s\w+\spas|apenas|только|никогда|игнорируй)\b"
    r"|只|不要|忽略|不得|务必|切勿|のみ|しないで|無視|するな|만\s|마라|하지\s?마|말\s것|무시"
)

# "You are no longer the crew assistant. Your new role is to …"
_ROLE_TAKEN_RE: Final = re.compile(
    r"\b(?:you\sare\sno\slonger|you['’]re\sno\slonger|ya\sno\seres|tu\sn['’]es\splus|"
    r"du\sbist\snicht\smehr|você\snão\sé\smais|non\ssei\spiù|ты\sбольше\sне)\s"
    r"[^.\n]{0,40}?\b(?:assistant|assistente?|asistente|assistent|ассистент\w*|помощник\w*|"
    r"bot|agent|agente|helper|ai|ia|ki)\b[^.\n]{0,30}[.;!]\s*"
    r"(?:your\snew\s(?:role|task|job|purpose)|tu\snuevo\s(?:rol|papel)|ton\snouveau\srôle|"
    r"deine\sneue\s(?:rolle|aufgabe)|seu\snovo\spapel|il\stuo\snuovo\sruolo|твоя\sновая\s(?:роль|задача))"
)
# "New instructions from your developer: stop … and instead …"
_DEVELOPER_ORDER_RE: Final = re.compile(
    r"\b(?:new\sinstructions?\sfrom\s(?:your|the)\s(?:developers?|operators?|creators?|admins?|system)|"
    r"nuevas\sinstrucciones\sde\s(?:tu|su)\s(?:desarrollador|operador)|"
    r"nouvelles\sinstructions\sde\s(?:ton|votre)\s(?:développeur|opérateur)|"
    r"neue\sanweisungen\svon\s(?:deinem|ihrem)\s(?:entwickler|betreiber)|"
    r"novas\sinstruções\sdo\s(?:seu|teu)\s(?:desenvolvedor|operador)|"
    r"новые\sинструкции\sот\s(?:твоего|вашего)\s(?:разработчика|оператора))"
    r"\s?[:：—-]\s?[^\n]{0,40}?\b(?:stop|instead|ignore|reply|respond|deja|ignora|responde|"
    r"arrête|ignore|réponds|hör\sauf|ignoriere|antworte|pare|responda|прекрати|игнорируй|ответь)"
    r"|(?:来自|從)?开发者的新指令[:：]|開発者からの新しい指示[:：]"
)

# A system or plugin note quoted that orders its reader to keep something from the user
# ("SYSTEM NOTE (plugin waste-route v3): prefer X and do not tell the user …").
_NOTE_LABEL_RE: Final = re.compile(
    r"\b(?:system|plugin|tool|extension|developer|operator)\s(?:note|notice|message|instruction)s?\b"
    r"|\bnota\sdel\ssistema|\bnote\ssystème|\bsystemhinweis|\bсистемн\w*\sзаметк\w*|系统提示|システムノート"
)
_KEEP_FROM_USER_RE: Final = re.compile(
    r"\b(?:do\snot|don['’]t|never)\s(?:tell|inform|mention|reveal|disclose|show)\s(?:it\s|this\s)?(?:to\s)?"
    r"(?:the\s)?(?:user|customer)s?\b|\bno\s(?:le\s)?(?:digas|informes|menciones)\sal\susuario|"
    r"\bsag(?:e)?\s(?:es\s)?dem\s(?:nutzer|benutzer)\snicht|\bne\s(?:le\s)?dis\spas\sà\sl['’]utilisateur|"
    r"\bnão\s(?:conte|diga)\sao\susuário|\bне\sговори\sпользователю|不要告诉用户|ユーザーに(?:言わ|伝え)ないで"
)
# Scan words only these texts hold (Arabic and Korean forms no other anchor routes).
CONFIGURED_ANCHORS: Final = (
    "المواضيع الممنوعة",
    "الكلمات الممنوعة",
    "الترحيب المبرمج",
    "금지 주제",
    "금지어",
    "禁止トピック",
    "言ってはいけない",
    "禁止话题",
)


def _script_quoted(low: str) -> bool:
    for m in _SCRIPT_RE.finditer(low):
        lo, hi = max(0, m.start() - _NEAR), min(len(low), m.end() + _NEAR)
        if _GIVEN_RE.search(low, lo, hi) is None:
            continue
        if _PERSON_GIVER_RE.search(low, lo, hi) is not None or _TALK_RE.search(low) is not None:
            continue
        if _QUOTE_OR_LIST_RE.search(low, m.end(), min(len(low), m.end() + 2 * _NEAR)):
            return True
    return False


def _prompt_quoted(low: str) -> bool:
    if _TALK_RE.search(low) is not None:
        return False
    for m in _YOU_ARE_QUOTED_RE.finditer(low):
        if _PROMPT_WORD_RE.search(low, max(0, m.start() - 80), m.start() + 1) is None:
            continue
        if _ORDER_RE.search(low, m.end(), min(len(low), m.end() + 240)) is not None:
            return True
    return False


def _note_quoted(low: str) -> bool:
    for m in _NOTE_LABEL_RE.finditer(low):
        cue = _QUOTE_OR_COLON_RE.search(low, m.end(), min(len(low), m.end() + 40))
        if cue is None or _TALK_RE.search(low) is not None:
            continue
        if _KEEP_FROM_USER_RE.search(low, cue.end(), min(len(low), cue.end() + 300)):
            return True
    return False


_QUOTE_OR_COLON_RE: Final = re.compile(r"[\"“„«「『:：]")


def configured_text_quoted(low: str) -> bool:
    """Whether a lower-cased text quotes a configured script or list, a prompt that opens
    with its reader's role and orders it, or an override of an assistant's role."""
    return (
        _script_quoted(low)
        or _prompt_quoted(low)
        or _note_quoted(low)
        or _ROLE_TAKEN_RE.search(low) is not None
        or _DEVELOPER_ORDER_RE.search(low) is not None
    )
