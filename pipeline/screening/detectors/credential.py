"""Detector ``credential``: API keys and tokens, passwords, private keys, JWTs.

Checks, each run only where the scan found its literal:

* vendor formats (rules/credentials.toml): self-identifying ones at their prefix, keyed
  ones after the variable, header or vendor name that must come right before them;
* a keyword (lexicon ``[password]``/``[secret]``, in many languages) or a variable,
  field, header or flag name (lexicon ``[identifier]``) followed by a value that looks
  like a secret (see :mod:`pipeline.screening.values` and :func:`_keyword_value`);
* private key blocks (PEM, OpenSSH, PGP, PuTTY), JWTs (header must decode to JSON with
  ``alg``/``typ``/``kid``), ``Authorization``/``Bearer``/``Basic`` values, passwords in
  URLs (``scheme://user:pass@host``), command-line passwords (``mysql -p…``,
  ``sshpass -p``, ``curl -u user:pass``, ``--password …``), ``.netrc`` lines, session
  cookies, Kubernetes Secret manifests.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Final

from pipeline.screening.context import Context
from pipeline.screening.rules import (
    RULES_DIR,
    VendorRule,
    credential_rules,
    lexicon,
    world_words,
)
from pipeline.screening.values import (
    OPEN_QUOTES,
    entropy,
    fold_lookalikes,
    is_placeholder,
    is_reference,
    looks_like_password,
    looks_machine_made,
    strip_value,
)
from pipeline.screening.word_trie import trie_pattern

__all__ = ["CredentialDetector"]

_ALNUM: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_IDENT_CHARS: Final = _ALNUM | frozenset("_-.")
# The value after the separator is on the same line (``DB_PASSWORD=`` then a new line is
# an empty value, not the next line).
_ASSIGN_RE: Final = re.compile(r"[\"'\]\)]{0,2}\s{0,3}(?P<sep>:=|=>|->|\+=|\?=|==|=|:|>)[ \t]{0,3}")
_CALL_PAIR_RE: Final = re.compile(r"[\"']\s{0,3},\s{0,3}(?=[\"'])")
_XML_VALUE_RE: Final = re.compile(r"[\"']\s{1,3}value\s?=\s?(?=[\"'])", re.IGNORECASE)
# A value ends where CJK punctuation or kana, ideographs or Hangul start: those scripts
# glue the particle or the closing bracket to it ("パスワード:Saffron-Violet-2360」と",
# batch 19).
_VALUE_RE: Final = re.compile(
    r"[^\s\"'`<>,;\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff01-\uff0f]{1,512}"
)
_QUOTED_RE: Final = re.compile(r"(?P<q>[\"'`])(?P<v>[^\"'`\n]{1,256})(?P=q)")
_CHUNK_RE: Final = re.compile(r"\S+")
# Keywords looked at per text: a text that repeats one keyword a hundred times is not
# screened a hundred times over (the first ones decide as well as the rest).
_MAX_KEYWORDS: Final = 16
_MIXED_RUN_RE: Final = re.compile(r"[!-~]+|[^!-~]+")
# Marks that end a label before its value: the colon, the full-width colon, "=", and
# (round 20) the label marks of scripts with their own: Armenian "՝", Ethiopic preface
# colon "፦" and colon "፥", Khmer "៖".
_COLONS: Final = ":：=՝፦፥៖"
_SPLIT_CAMEL_RE: Final = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


# Copulas and "that"/"as" of the scripts written without spaces, glued to the last word
# before the value (Thai คือ / ว่า / เป็น, Lao ແມ່ນ / ວ່າ, Khmer គឺ / ថា).
_GLUED_COPULAS: Final = ("คือ", "ว่า", "เป็น", "ແມ່ນ", "ວ່າ", "គឺ", "ថា")


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x0E00 <= o <= 0x0EFF  # Thai and Lao: written without spaces between words
        or 0x1000 <= o <= 0x109F  # Myanmar (round 20): the same
        or 0x1780 <= o <= 0x17FF  # Khmer (round 20): the same
        or 0x3040 <= o <= 0x30FF  # kana
        or 0x3400 <= o <= 0x9FFF  # CJK
        or 0xAC00 <= o <= 0xD7AF  # hangul
        or 0xF900 <= o <= 0xFAFF
    )


def _inside_word(text: str, end: int) -> bool:
    """Whether a keyword ending at ``end`` continues into a longer word (a plural is fine)."""
    if _is_cjk(text[end - 1]) or not _is_letter(text[end]):
        return False
    plural = text[end] in "sS" and (end + 1 == len(text) or not _is_letter(text[end + 1]))
    return not plural


# Hebrew writes "and", "the", "in", "to", "from", "that" (ו ה ב ל מ ש כ) as one-letter
# prefixes on the next word: "שהסיסמה" is "that the password". Up to two of them may
# stand before a keyword of the Hebrew list.
_HEBREW_PREFIXES: Final = frozenset("והבלמשכ")
# Turkish and Finnish add case and possessive endings to the word itself ("şifresini",
# "salasanan"): for these stems, letters after the keyword are an ending, not a new word.
# round 20: the agglutinative languages of rules/credential_words.toml name their stems
# there (Tamil "கடவுச்சொல்லை", Bengali "পাসওয়ার্ডটি", Basque "pasahitzarekin").
_SUFFIXED_STEMS: Final = ("şifre", "salasana", "jelsz", *world_words("stems"))


def _hebrew_prefix(text: str, start: int) -> bool:
    if not "\u05d0" <= text[start] <= "\u05ea":
        return False
    at = start
    while at > 0 and start - at < 2 and text[at - 1] in _HEBREW_PREFIXES:
        at -= 1
    return at < start and (at == 0 or not _is_letter(text[at - 1]))


def _suffixed(keyword: str) -> bool:
    return keyword.startswith(_SUFFIXED_STEMS)


def _is_letter(ch: str) -> bool:
    return ch.isalpha() or unicodedata.category(ch) in ("Mn", "Mc")


class CredentialDetector:
    name = "credential"

    def __init__(self) -> None:
        self.rules: tuple[VendorRule, ...] = credential_rules()
        lex = lexicon()
        # round 20: the words of ninety languages (rules/credential_words.toml) join the
        # lexicon's older lists
        self.password_words = tuple(
            dict.fromkeys(
                (
                    *(w for words in lex["password"].values() for w in words),
                    *world_words("password"),
                )
            )
        )
        self.secret_words = tuple(
            dict.fromkeys(
                (*(w for words in lex["secret"].values() for w in words), *world_words("secret"))
            )
        )
        self.link_words = frozenset((*lex["link"]["words"], *world_words("link")))
        self.fillers = frozenset(lex["link"]["fillers"])
        self.glued = tuple(sorted(lex["link"]["glued"], key=len, reverse=True))
        self.ident_password = frozenset(lex["identifier"]["password"])
        self.ident_secret = frozenset(lex["identifier"]["secret"])
        self.not_secret = frozenset(lex["identifier"]["not_secret"])
        self.cookie_names = frozenset(lex["cookie"]["names"])
        self._password_start = _by_start((*self.password_words, *self.ident_password))
        self._secret_start = _by_start((*self.secret_words, *self.ident_secret))
        self._credential_words = frozenset(
            w for w in (*self.password_words, *self.secret_words) if " " not in w
        )

    # -- anchors ---------------------------------------------------------------------------

    def anchors(self) -> Iterable[tuple[str, str]]:
        for index, rule in enumerate(self.rules):
            for anchor in rule.anchors:
                yield anchor, f"cred.rule.{index}"
        for word in self.password_words:
            yield word, "cred.kw.password"
        for word in self.secret_words:
            yield word, "cred.kw.secret"
        for word in self.ident_password:
            yield word, "cred.kw.password"
        for word in self.ident_secret:
            yield word, "cred.kw.secret"
        for literal in (
            "-----begin",
            "----- begin",
            "begin openssh private",
            "putty-user-key-file",
        ):
            yield literal, "cred.pem"
        # round 15: a PEM block in base64 (kubeconfig client-key-data, a Secret's data)
        yield "ls0tls1crudjti", "cred.b64pem"
        yield "eyj", "cred.jwt"
        for literal in ("bearer", "basic ", "authorization", "apikey ", "digest ", "ssws "):
            yield literal, "cred.auth"
        yield "://", "cred.userinfo"
        for literal in (
            "mysql",
            "mariadb",
            "sshpass",
            "docker login",
            "podman login",
            "redis-cli",
            "htpasswd",
            "curl ",
            "wget ",
            "sqlcmd",
            "mongo",
            "-passin",
            "-passout",
            "pass:",
            "convertto-securestring",
            "/p:",
            "-storepass",
            "-keypass",
            "-srcstorepass",
            "ldapsearch",
            "ldapmodify",
            "ldapadd",
            "smbclient",
            "net use",
            "7z ",
            "zip ",
            "unzip ",
            "psql",
            "helm repo add",
            "az login",
            "gpg ",
            "ssh-keygen",
            "rdesktop",
            "xfreerdp",
            "--pass",
            "--token",
            "--secret",
            "--api-key",
            "--apikey",
            "--access-key",
            "--secret-key",
            "--client-secret",
            "--auth-token",
            "--key ",
            "-u ",
            "--user ",
            "--user=",
            "login",
            "user",
            "usuario",
            "benutzer",
            "utilisateur",
            "usuário",
            "логин",
            "пользовател",
            "pgpass",
            "mosquitto_",
            "http -a",
            "http --auth",
            "https -a",
            "https --auth",
            # not "log in" alone: "backlog into" holds it
            "log in as",
            "log in with",
            "log in using",
            "log in to",
            "logging in",
            "sign in as",
            "sign in with",
            "sign in using",
            "sign in to",
            "signing in",
            "signin",
            "authenticate",
            "app password",
            "app-specific password",
            "app specific password",
            "sudo -s",
            "chpasswd",
            "--stdin",
            "password-stdin",
            "sqlplus",
            "rman target",
            "expdp",
            "impdp",
            "sqlldr",
            "rabbitmqctl",
            "psexec",
            "paexec",
            "schtasks",
            "net user",
            "ipmitool",
            'send "',
            "send '",
        ):
            yield literal, "cred.cli"
        for literal in ("client(", "clientv2(", "clientv3(", "client_v2("):
            yield literal, "cred.cli"
        for literal in ("auth=(", "auth = (", "auth=[", "basic_auth(", "jdbc:oracle:"):
            yield literal, "cred.cli"
        for literal in _NAMED_KEY_ANCHORS:
            yield literal, "cred.named"
        for literal in _PHRASE_WORDS:
            yield literal, "cred.phrase"
        for literal in (*_PIN_WORDS, *_CODE_WORDS):
            yield literal, "cred.pin"
        for literal in ("_headers=", "_headers:", "headers=", "headers:"):
            yield literal, "cred.headers"
        for literal in _RECOVERY_ANCHORS:
            yield literal, "cred.recovery"
        yield "bitlocker", "cred.bitlocker"
        for literal in _SIM_ANCHORS:
            yield literal, "cred.sim"
        for literal in (*_SEED_ANCHORS, *_WALLET_ANCHORS):
            yield literal, "cred.seed"
        yield "machine ", "cred.netrc"
        for literal in _CREDENTIAL_MAP_NAMES:
            yield literal, "cred.map"
        for literal in ("csv", ",password", "password,", '"password"'):
            yield literal, "cred.csv"
        for name in self.cookie_names:
            yield name + "=", "cred.cookie"
        for literal in ("__host-", "__secure-", "cookie:"):
            yield literal, "cred.cookie"
        for literal in ("base64", "b64"):
            yield literal, "cred.b64pass"
        yield "kind: secret", "cred.k8s"
        yield 'kind: "secret"', "cred.k8s"
        # round 8: values judged by their shape where no vendor list names them
        for anchors, tag in (
            (_GENERIC_PREFIX_ANCHORS, "cred.generic"),
            (_BARE_KEY_ANCHORS, "cred.barekey"),
            (_HOOK_ANCHORS, "cred.hook"),
            (_CONNSTR_ANCHORS, "cred.connstr"),
            (_TOTP_ANCHORS, "cred.totp"),
            (_AKSK_ANCHORS, "cred.aksk"),
        ):
            for literal in anchors:
                yield literal, tag

    # -- check -----------------------------------------------------------------------------

    def check(self, ctx: Context) -> bool:
        hits = ctx.hits
        for trigger, positions in hits.items():
            if trigger.startswith("cred.rule.") and self._vendor(
                ctx, self.rules[int(trigger[10:])], positions
            ):
                return True
        if "cred.pem" in hits and self._private_key(ctx):
            return True
        if "cred.b64pem" in hits and _b64_private_key(ctx.text):
            return True
        if "cred.jwt" in hits and self._jwt(ctx, hits["cred.jwt"]):
            return True
        if "cred.auth" in hits and self._auth_header(ctx):
            return True
        if "cred.userinfo" in hits and self._url_userinfo(ctx, hits["cred.userinfo"]):
            return True
        if "cred.cli" in hits and self._cli(ctx):
            return True
        if "cred.kw.password" in hits and _value_then_label(ctx.plain):
            return True
        if "cred.kw.password" in hits and self._password_named_after(ctx):
            return True
        if "cred.netrc" in hits and self._netrc(ctx):
            return True
        if "cred.map" in hits and _credential_map_line(ctx.text):
            return True
        if "cred.csv" in hits and _password_csv_row(ctx.text):
            return True
        if "cred.recovery" in hits and (
            _recovery_codes(ctx.text, ctx.low) or _recovery_codes(ctx.plain, ctx.low_plain)
        ):
            # round 13: keywords of other scripts are found in the plain view (the
            # skeleton folds Cyrillic "резервные коды" into Latin look-alikes)
            return True
        if "cred.bitlocker" in hits and _BITLOCKER_RE.search(ctx.text):
            return True
        if "cred.sim" in hits and _sim_keys(ctx.text):
            return True
        if "cred.seed" in hits and (_seed_phrase(ctx.low) or _bip39_run(ctx.low)):
            return True
        if "cred.kw.password" in hits and _app_password(ctx.low_plain):
            return True
        if "cred.named" in hits and _key_named_after(ctx.text):
            return True
        if "cred.phrase" in hits and _passphrase_words(ctx.low_plain):
            return True
        if "cred.pin" in hits and (_PIN_RE.search(ctx.low_plain) or _code_stated(ctx.low_plain)):
            return True
        if "cred.headers" in hits and _header_list(ctx.text):
            return True
        if "cred.cookie" in hits and self._cookie(ctx):
            return True
        if "cred.k8s" in hits and self._k8s_secret(ctx):
            return True
        if "cred.b64pass" in hits and _base64_declared_password(ctx.text):
            return True
        if "cred.generic" in hits and _generic_prefixed(ctx.text, hits["cred.generic"]):
            return True
        if "cred.barekey" in hits and _bare_key(ctx.text):
            return True
        if "cred.hook" in hits and _hook_url(ctx.text):
            return True
        if "cred.connstr" in hits and _connection_string(ctx.text):
            return True
        if "cred.aksk" in hits and _aksk_pair(ctx.text):
            return True
        if "cred.kw.password" in hits and _protocol_login_line(ctx.text):
            return True
        if "cred.totp" in hits and _totp_groups(ctx.text, ctx.low):
            return True
        for trigger, cls in (("cred.kw.password", "password"), ("cred.kw.secret", "secret")):
            if trigger in hits and self._keywords(ctx, hits[trigger], cls):
                return True
        return False

    # -- vendor formats --------------------------------------------------------------------

    def _vendor(self, ctx: Context, rule: VendorRule, positions: list[int]) -> bool:
        text = ctx.text
        for pos in positions:
            if rule.keyed:
                if self._keyed(ctx, rule, pos):
                    return True
                continue
            start = max(0, pos - rule.lookback)
            m = rule.pattern.search(text, start, min(len(text), pos + 4096))
            while m is not None and m.start() <= pos:
                if m.end() > pos and _random_enough(m.group(), rule):
                    return True
                m = rule.pattern.search(text, m.start() + 1, min(len(text), pos + 4096))
        return False

    def _keyed(self, ctx: Context, rule: VendorRule, pos: int) -> bool:
        """A keyed format: ``NAME…=value``, ``NAME: value``, ``"name": "value"``, ``name value``."""
        text, low = ctx.text, ctx.low
        # The anchor must start a word (or an identifier part).
        if (
            pos > 0
            and text[pos - 1] in _ALNUM
            and not (text[pos - 1].islower() and text[pos].isupper())
        ):
            return False
        end = pos
        anchor_end = pos
        # round 20: an anchor of several words ("klucz do crc") ends where its last
        # word does, not at the first space
        for anchor in rule.anchors:
            if low.startswith(anchor, pos):
                anchor_end = max(anchor_end, pos + len(anchor))
                if " " in anchor:
                    end = max(end, pos + len(anchor))
        while end < len(text) and text[end] in _IDENT_CHARS:
            end += 1
        window_end = min(len(text), end + 96)
        for m in rule.pattern.finditer(text, end, window_end):
            glue = low[end : m.start()]
            if len(glue) > 48 or "\n\n" in glue or ". " in glue:
                break
            if not _keyed_glue(glue):
                continue
            if _NAMED_NOT_KEY_RE.search(low, anchor_end, m.start()):
                continue  # round 30: "appsecret_checksum: …", "key fingerprint …"
            if _PUBLIC_LABEL_RE.search(low, max(end, m.start() - 48), m.start()):
                continue  # round 29: "the Solana public key 73Hc…": public, said to be
            if _random_enough(m.group(), rule):
                return True
        return False

    # -- structural formats ----------------------------------------------------------------

    def _private_key(self, ctx: Context) -> bool:
        text = ctx.text
        for m in _PRIVATE_KEY_RE.finditer(text):
            if _pem_body(text, m.start(), m.end()):
                return True
        return "putty-user-key-file" in ctx.low and "private-lines" in ctx.low

    def _jwt(self, ctx: Context, positions: list[int]) -> bool:
        text = ctx.text
        for pos in positions:
            m = _JWT_RE.match(text, pos)
            if m is not None and _jwt_header_ok(m.group("header")):
                return True
        return False

    def _auth_header(self, ctx: Context) -> bool:
        text, low = ctx.text, ctx.low
        for m in _AUTH_RE.finditer(low):
            scheme = m.group("scheme")
            value = text[m.start("value") : m.end("value")]
            if is_reference(value):
                continue
            if (scheme or m.group("scheme2")) == "basic":
                if _basic_credentials(value):
                    return True
                continue
            if scheme == "digest":
                if 'response="' in low[m.start() : m.start() + 400]:
                    return True
                continue
            if looks_machine_made(value, min_len=8):
                return True
        return False

    def _url_userinfo(self, ctx: Context, positions: list[int]) -> bool:
        text = ctx.text
        for pos in positions:
            m = _USERINFO_RE.match(text, pos)
            if m is None:
                continue
            password = m.group("password")
            # A symbol no name holds ("…:ember.Lantern47?@…", batch 19) makes it a value;
            # a mask or a placeholder is none, whatever its symbols (round 22: "***",
            # "xxxx", "<redacted>", "${DB_PASS}" in the userinfo), whatever the host.
            named = is_placeholder(password) or (
                is_reference(password) and not any(c in "?!#%^*~" for c in password)
            )
            if named or password.lower() in _DOC_PASSWORDS:
                continue
            if _PORT_RE.fullmatch(password) and "." in m.group("user"):
                continue  # ``https://host:8080?next=a@b.com``: a port, not a password
            if password.startswith("$") or password.startswith("{"):
                continue
            return True
        return False

    def _cli(self, ctx: Context) -> bool:
        text = ctx.text
        for pattern, grade in _CLI_PATTERNS:
            for m in pattern.finditer(text):
                value = strip_value(m.group("value"))
                if _value_ok(value, grade, quoted=False, terminal=True):
                    return True
        return False

    def _password_named_after(self, ctx: Context) -> bool:
        """``use X as the password``, ``X is the admin password``: the value comes first."""
        for m in _NAMED_AFTER_RE.finditer(ctx.text):
            if _value_ok(strip_value(m.group("value")), "password", quoted=False, terminal=True):
                return True
        return False

    def _netrc(self, ctx: Context) -> bool:
        for m in _NETRC_RE.finditer(ctx.text):
            if _value_ok(m.group("value"), "weak", quoted=False, terminal=True):
                return True
        return False

    def _cookie(self, ctx: Context) -> bool:
        text, low = ctx.text, ctx.low
        for m in _COOKIE_PAIR_RE.finditer(text):
            name = m.group("name").lower()
            value = m.group("value")
            cookie_context = "cookie" in low[max(0, m.start() - 120) : m.start()]
            if not (
                name in self.cookie_names
                or name.startswith(("__host-", "__secure-"))
                or _SESSION_NAME_RE.search(name) is not None
                or (cookie_context and ("sess" in name or name.endswith("sid")))
            ):
                continue
            if looks_machine_made(value, min_len=16) or (
                len(value) >= 20 and entropy(value) >= 3.5 and not is_reference(value)
            ):
                return True
        return False

    def _k8s_secret(self, ctx: Context) -> bool:
        low = ctx.low
        at = low.find("kind: secret")
        if at < 0:
            at = low.find('kind: "secret"')
        data = _K8S_DATA_RE.search(ctx.text, max(0, at - 400))
        if data is None:
            return False
        for m in _K8S_VALUE_RE.finditer(ctx.text, data.end()):
            if not is_reference(m.group("value")):
                return True
        return False

    # -- keyword + value -------------------------------------------------------------------

    def _keywords(self, ctx: Context, positions: list[int], cls: str) -> bool:
        by_start = self._password_start if cls == "password" else self._secret_start
        done: set[int] = set()
        for pos in sorted(positions)[:_MAX_KEYWORDS]:
            if pos in done:
                continue
            done.add(pos)
            # The longest keyword that starts here (``api key`` before ``api``), read in
            # the skeleton (look-alike letters folded) or, for other scripts, as written.
            kw = _longest_at(ctx.low, pos, by_start)
            text, low = ctx.text, ctx.low
            if ctx.low is not ctx.low_plain:
                # round 20: the plain view may hold a longer keyword than the skeleton
                # (Turkish "parolası": the skeleton folds ı to i and reads "parola" then
                # a longer word)
                kw_plain = _longest_at(ctx.low_plain, pos, by_start)
                if kw_plain is not None and (kw is None or len(kw_plain) > len(kw)):
                    kw, text, low = kw_plain, ctx.plain, ctx.low_plain
            if kw is None:
                continue
            if not kw.isascii():
                # A keyword of another script: its sentence is read as written (the
                # skeleton folds Arabic ه to o and ا to 1).
                text, low = ctx.plain, ctx.low_plain
            if self._keyword_value(ctx, text, low, pos, pos + len(kw), cls):
                if text is ctx.text and _folded_foreign_words(ctx, pos + len(kw)):
                    # round 32: the skeleton folded the look-alike letters of a word of
                    # another script after the keyword ("DB_PASSWORD в шаблоне" read as
                    # "шa6лoнe"): that word is read as written
                    if self._keyword_value(ctx, ctx.plain, ctx.low_plain, pos, pos + len(kw), cls):
                        return True
                    continue
                return True
        return False

    def _keyword_value(
        self, ctx: Context, plain: str, low: str, start: int, end: int, cls: str
    ) -> bool:
        first = low[start]
        keyword = low[start:end]
        if _PAGINATION_BEFORE_RE.search(low, max(0, start - 24), start):
            return False  # "the continuation token … is …", "next page token": a cursor
        # A stem that takes endings ("salasanansa:", batch 20) is read as a prose word
        # too: as an identifier its ending made it no name.
        if " " in keyword or not keyword.isascii() or _suffixed(keyword):
            # A phrase (``api key``, ``mot de passe``) or a word of another script: whole
            # words only. CJK has no spaces: there the particle after the keyword is
            # taken off by the prose reader.
            if (
                not _is_cjk(first)
                and start > 0
                and _is_letter(plain[start - 1])
                and not _hebrew_prefix(plain, start)
            ):
                return False
            if end < len(plain) and _inside_word(plain, end) and not _suffixed(keyword):
                return False
            # The ending is part of the word ("şifresini yazmış: …"): the value is read
            # after the whole word, where a verb and a colon may come before it.
            while _suffixed(keyword) and end < len(plain) and _is_letter(plain[end]):
                end += 1
            in_identifier = False
        elif first.isalnum():
            name_start, name_end = _identifier_span(plain, start, end)
            if name_start is None or name_end is None:
                return False
            name = low[name_start:name_end]
            if plain[max(0, name_start - 2) : name_start] == "${" or _in_template(
                plain, name_start
            ):
                return False  # ${DB_PASSWORD:?missing}, {{ .Data.password }}: a reference's name
            if not self._secret_name(plain[name_start:name_end], name, cls):
                return False
            after = min(len(plain), name_end + 16)
            if (
                _is_assigned_value(plain, name_start)
                and not _ASSIGN_RE.match(plain, name_end, after)
                and not _XML_VALUE_RE.match(plain, name_end, after)
            ):
                # ``-field=password``, ``type="password"``: the keyword is the value of
                # another name, so what follows it is not its value.
                return False
            if name == "pass" and not plain[name_end : name_end + 3].lstrip(" \"'").startswith("="):
                # "Pass: 3 of 5" is prose: after a bare "pass" without "=", only a value
                # that looks like a password counts.
                return self._value_after(plain, name_end, cls, in_identifier=False, strict=True)
            in_identifier = name != keyword and (
                name_start != start or name_end != end or any(c in "_-." for c in name)
            )
            end = name_end
        else:
            return False
        return self._value_after(plain, end, cls, in_identifier)

    def _secret_name(self, original: str, name: str, cls: str) -> bool:
        """Whether a variable/field/header name (lower case) names a secret of ``cls``."""
        stripped = name.strip("_-.").rstrip("0123456789")
        if stripped in self.not_secret or name in self.not_secret:
            return False
        if stripped in (self.password_words if cls == "password" else self.secret_words):
            return True  # the keyword itself: "Passwort", "token"
        parts = [p.lower() for p in _SPLIT_CAMEL_RE.findall(original)] or [stripped]
        words = self.ident_password if cls == "password" else self.ident_secret
        tail1 = parts[-1]
        tail2 = "_".join(parts[-2:]) if len(parts) >= 2 else tail1
        tail2_joined = "".join(parts[-2:]) if len(parts) >= 2 else tail1
        if tail1 in words or tail2 in words or tail2_joined in words:
            return True
        # Round 25: a listed name with a digit inside (WeChat Pay's ``apiv3_key``,
        # ``api_v2_secret``): the split above took the digit for a part of its own, so
        # the name's last separated parts are compared as written.
        if any(ch.isdigit() for ch in stripped) and any(
            stripped.endswith(w) and stripped[-len(w) - 1 : -len(w)] in ("", "_", "-", ".")
            for w in words
            if any(ch.isdigit() for ch in w)
        ):
            return True
        prose = self.password_words if cls == "password" else self.secret_words
        if tail1 in prose or tail2.replace("_", " ") in prose:
            return True  # WLAN-Passwort, Admin-Kennwort
        if tail1 in ("s",) and len(parts) >= 2 and parts[-2] in words:
            return True
        if len(parts) == 1:
            # One word: ``pgpassword``, ``dbpass``, ``apikey``; ``bypass``, ``monkey`` are
            # in not_secret or end in no listed word.
            return any(stripped.endswith(w) and len(w) >= 4 for w in words)
        if cls == "secret" and tail2 in ("secret_key_base", "key_base"):
            return True
        # Multi-word names with a prose keyword inside (``api key``, ``client secret``).
        return any(
            w in name
            for w in (self.password_words if cls == "password" else self.secret_words)
            if " " in w
        )

    def _names_credential(self, value: str) -> bool:
        """Whether ``value`` is made of words only (no digit), one of them a credential
        word of any language: a tag or a search term, not a secret."""
        parts = [p for p in _TERM_PART_RE.split(value.lower().lstrip("#")) if p]
        if not parts or any(not p.isalpha() for p in parts):
            return False
        return any(p in self._credential_words for p in parts)

    def _value_after(
        self, plain: str, end: int, cls: str, in_identifier: bool, *, strict: bool = False
    ) -> bool:
        if _ARN_BEFORE_RE.search(plain, max(0, end - 120), end):
            return False  # arn:aws:secretsmanager:…:secret:name names the secret, holds none
        if _EXAMPLES_AFTER_RE.match(plain, end) or _EXAMPLES_BEFORE_RE.search(
            plain, max(0, end - 80), end
        ):
            return False  # "passwords like 'qwerty' and 'letmein'": examples, not a value
        tags = _INLINE_TAGS_RE.match(plain, end)
        if tags is not None:
            # Round 23: inline markup between a keyword and its value ("Password:</b>
            # value", "<td>Passwort</td><td>value"): the value is read as a reader sees
            # it, the tags taken out (a colon inside them kept).
            glue = " " + ":" * (":" in tags.group() or "：" in tags.group()) + " "
            plain = plain[:end] + glue + plain[tags.end() :]
        limit = min(len(plain), end + 120)
        # 1. An assignment: ``= value``, ``: value``, ``"name": "value"``, ``>value<``.
        m = _ASSIGN_RE.match(plain, end, limit) or _XML_VALUE_RE.match(plain, end, limit)
        if m is not None:
            sep = m.groupdict().get("sep") or "="
            at = m.end()
            wrapped = _WRAPPED_VALUE_RE.match(plain, at, limit)
            if wrapped is not None and sep in (":", "="):
                # Round 24: the value wrapped in an object of its own (Terraform state's
                # outputs ``"db_password": {"value": "…", "sensitive": false}``, HCL
                # ``db_password = { value = "…" }``): the inner value is the key's value.
                at = wrapped.end()
            quoted = _QUOTED_RE.match(plain, at, limit)
            if quoted is not None:
                value = quoted.group("v")
                if " " in value and self._names_credential(value.strip(_LABEL_ENDS)):
                    return False  # round 28: a label ("Show password"), not a value
                return _value_ok(value, _grade(cls, "assign"), quoted=True, terminal=True)
            v = _VALUE_RE.match(plain, at, limit)
            if v is None:
                return False
            value = v.group()
            # A form-encoded body (``client_id=…&client_secret=…&scope=…``): the value
            # ends where the next field starts. A lone ``&`` stays (``Tr0ub4dor&3``).
            field = _NEXT_FORM_FIELD_RE.search(value)
            if field is not None:
                value = value[: field.start()]
            aside = _GLUED_ASIDE_RE.search(plain, at, min(len(plain), at + len(value) + 1))
            if aside is not None and not looks_like_password(value):
                # Round 24: a bracketed aside glued to the value ("初始密码：Orchid@13y8s（写在
                # 邮件里）", full-width brackets after NFKC): the value ends where the
                # aside opens, and is judged as prose (letters with digits or symbols).
                head = plain[at : aside.start()]
                if _value_ok(head, _grade(cls, "link"), quoted=False, terminal=False):
                    return True
            if sep.strip() == ">" and not _closes_tag(plain, v.end(), limit):
                return False  # ``-p<password> shop``: a placeholder, not ``<password>x</``
            if sep.strip() in (":", ">") and not in_identifier:
                # ``Password: must include 1 number`` is prose; ``password: hunter2`` is not.
                terminal = _is_terminal(plain, v.end())
                grade = _grade(cls, "assign") if terminal and not strict else _grade(cls, "link")
                return _value_ok(value, grade, quoted=False, terminal=terminal)
            if sep == "==":
                return False  # a comparison, not an assignment
            # ``name=value`` written without spaces is code or config, not prose.
            glued = sep == "=" and at == end + 1
            if glued and _dash_led_generated(value):
                return True
            return _value_ok(
                value,
                _grade(cls, "assign"),
                quoted=False,
                terminal=glued or _is_terminal(plain, v.end()),
            )
        pair = _CALL_PAIR_RE.match(plain, end, limit)
        if pair is not None and _quoted_name_before(plain, end):
            # ``define('DB_PASSWORD', 'x')``, ``os.environ.setdefault("API_KEY", "x")``
            quoted = _QUOTED_RE.match(plain, pair.end(), limit)
            if quoted is None or self._names_credential(quoted.group("v").strip(_LABEL_ENDS)):
                # round 28: a list of quoted UI strings ('Password', 'Show password',
                # 'Forgot your password?'): the next string names the subject, it is a
                # label, not the value
                return False
            grade = "password" if cls == "password" else "secret"
            return _value_ok(quoted.group("v"), grade, quoted=True, terminal=True)
        if in_identifier and cls == "secret" and not plain[end : end + 1].isspace():
            return False
        # 2. Prose: ``the password is hunter2``, ``密码是Xk9#mP2q``, ``API key: in the vault``.
        text = plain[end:limit]
        for glue in self.glued:
            if text.startswith(glue):
                text = text[len(glue) :]
                break
        else:
            if text and not text[0].isspace() and not _is_cjk(plain[end - 1]):
                return False  # glued to something else (``password@host``): not prose
        words = 0
        linked = True
        for chunk in _chunks(text):
            if chunk.startswith(("{{", "{%", "${", "<%=")):
                # round 14: a template expression stands where the value would be ("la
                # password è {{ .Values.db.password }}", a Helm chart): a reference
                return False
            stripped = strip_value(chunk)
            low_chunk = stripped.lower()
            if chunk[-1:] in _COLONS and low_chunk.rstrip(_COLONS) in self.link_words:
                # round 22: a copula with a colon is a copula even where another language
                # has the word as a filler (Basque "da:", "is", and Portuguese "da")
                linked = True
                continue
            if not stripped or low_chunk in self.fillers:
                continue
            if chunk in ("-", "—", "–", ":", "=", "→", "->", "=>"):
                linked = True
                continue
            if low_chunk in self.link_words or low_chunk.rstrip(_COLONS) in self.link_words:
                linked = True
                continue
            if words < 8 and low_chunk.endswith(_GLUED_COPULAS):
                # round 33: Thai, Lao and Khmer write the copula or "that" glued to the
                # words before it ("…ระบุรหัสผ่านระบบลิฟต์สกีว่า VALUE"): linked
                words += 1
                linked = True
                continue
            if strict and not linked:
                return False  # "I'll pass --flag X": the verb, not a keyword
            if "<|" in chunk or "|>" in chunk:
                # round 13: a chat-template token ("…follow<|im_end|>\",…") ends the
                # prose; what it carries is hidden_prompt's, not a value (batch 21)
                return False
            if words >= 16 or (words >= 8 and not linked):
                # round 15: past eight words only a value right after a copula counts, up
                # to sixteen: Vietnamese writes a word per syllable ("mật khẩu tài khoản
                # quản trị … được ghi trong ghi chú bàn giao là …"), and in any language
                # the sentence may name whose password it is at length before "is"
                if words >= 16:
                    return False
                words += 1
                if chunk[-1:] in ".。!?;！？；" and not chunk.endswith(".."):
                    return False
                linked = chunk[-1:] in _COLONS or chunk in ("/", "|")
                continue
            if words == 0 and chunk.startswith("-") and _dash_led_generated(chunk.rstrip(".,;")):
                # Round 28: a generated base64url value that starts with "-" right after
                # its keyword ("client_secret -udbG-a3kT…", a registration note): one
                # dash and a machine-made run, not a flag
                return True
            grade = _grade(cls, "link" if linked else "window")
            if self._names_credential(stripped) or _HEADER_NAME_RE.fullmatch(stripped):
                # round 19: "#passwort-vergessen", "reset-password": a tag or a term
                # made of words, one of them a credential word, names the subject of a
                # list; it is not a value (a multilingual tag list, batch 28)
                words += 1
                linked = False
                continue
            inner = chunk.rstrip(",.;:")
            if len(inner) > 2 and inner[0] in "([" and inner[-1] in ")]":
                # round 29: a bracketed aside in the subject ("lösenfrasen till
                # Swish-certifikatet (.p12) "…""): unless it holds the value itself
                # ("the password (Xk9#mP2q)"), it does not end the link to the value
                if _value_ok(strip_value(inner[1:-1]), grade, quoted=False, terminal=False):
                    return True
                words += 1
                continue
            if chunk[:1] not in OPEN_QUOTES and _COMPOUND_NOUN_RE.fullmatch(stripped):
                # round 29: "lösenordet till gäst-wifi Fjallripa226": a compound noun of
                # letters names whose password it is (``_value_ok`` refuses it as a
                # value); the value may still follow, as linked as before it
                words += 1
                continue
            if not _ELIDED_WORD_RE.match(low_chunk) and _value_ok(
                stripped, grade, quoted=chunk[:1] in OPEN_QUOTES, terminal=False
            ):
                return True
            words += 1
            if chunk[-1:] in ".。!?;！？；" and not chunk.endswith(".."):
                return False  # the sentence ended
            linked = chunk[-1:] in _COLONS or chunk in ("/", "|")
        return False


# --- helpers ------------------------------------------------------------------------------

# Round 31: an extension header's name in prose ("the HMAC goes in X-Signature", "send it
# as X-Api-Token"): letters joined by dashes after "X-", a name, never a value.
_HEADER_NAME_RE: Final = re.compile(r"X-[A-Za-z]+(?:-[A-Za-z]+)*")

# A base64 run that starts with "-----BEGIN" (``LS0tLS1CRUdJTi``) and goes on for a key's
# length. Whole, it decodes to the PEM text and the decoded view reads it; cut or garbled
# in the step text it no longer decodes to text, but what is shown is still most of a
# private key (round 15: a kubeconfig's client-key-data).
_B64_PEM_RE: Final = re.compile(r"LS0tLS1CRUdJTi[A-Za-z0-9+/]{100,}")


def _b64_private_key(text: str) -> bool:
    for m in _B64_PEM_RE.finditer(text):
        head = m.group()[:80]
        try:
            decoded = base64.b64decode(head[: len(head) // 4 * 4])
        except (binascii.Error, ValueError):
            continue
        if b"PRIVATE KEY" in decoded.split(b"\n", 1)[0][:60]:
            return True
    return False


# Round 26: a password element or attribute whose value is declared base64 (FileZilla's
# ``<Pass encoding="base64">…</Pass>`` in sitemanager.xml / recentservers.xml,
# ``password_b64=``, ``"passwordBase64": "…"``). Base64 is an encoding, not a protection:
# the value is the password, and its letters look like a word to the value checks.
_PASSWORD_NAME: Final = (
    r"(?:pass|password|passwd|pwd|passphrase|secret|kennwort|contrase(?:n|ñ)a|senha)"
)
_B64_VALUE: Final = r"(?P<v>[A-Za-z0-9+/]{4,512}={0,2})"
_B64_PASSWORD_RES: Final = (
    # <Pass encoding="base64">…</Pass>, the attribute anywhere in the opening tag
    re.compile(
        r"(?i)<(?P<n>"
        + _PASSWORD_NAME
        + r")\b[^<>]{0,80}?\bencoding\s?=\s?[\"']base64[\"'][^<>]{0,40}>"
        r"\s{0,2}" + _B64_VALUE + r"\s{0,2}</(?P=n)>"
    ),
    # password_b64=…, passwordBase64: "…", pass-base64 = '…'
    re.compile(
        r"(?i)(?<![A-Za-z])"
        + _PASSWORD_NAME
        + r"[_\-.]?(?:b64|base64)[\"']?\s{0,2}[:=]\s{0,3}[\"'`]?"
        + _B64_VALUE
        + r"(?![A-Za-z0-9+/=])"
    ),
    # <… password="…" … encoding="base64"> (the declaration after the value, one element)
    re.compile(
        r"(?i)\b" + _PASSWORD_NAME + r"\s?=\s?[\"']" + _B64_VALUE + r"[\"'][^<>]{0,80}?"
        r"\b(?:password_?)?encoding\s?=\s?[\"']base64[\"']"
    ),
)


_LABEL_ENDS: Final = "?!.:…¿¡ "
_PLACEHOLDER_WORDS: Final = frozenset({"password", "passwd", "secret", "example", "placeholder"})


def _base64_declared_password(text: str) -> bool:
    """Whether ``text`` holds a password declared base64 whose value decodes to one."""
    for pattern in _B64_PASSWORD_RES:
        for n, m in enumerate(pattern.finditer(text)):
            if n >= 8:
                break
            if _decodes_to_password(m.group("v")):
                return True
    return False


def _decodes_to_password(value: str) -> bool:
    """A base64 value that decodes to printable text of 4 characters or more, not a
    placeholder (``cGFzc3dvcmQ=`` is "password", ``KioqKg==`` is "****")."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        plain = decoded.decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    if len(plain) < 4 or not plain.isprintable() or len(set(plain)) < 3:
        return False
    return not is_placeholder(plain) and plain.lower() not in _PLACEHOLDER_WORDS


def _closes_tag(text: str, end: int, limit: int) -> bool:
    """Whether an XML element's value ending at ``end`` is followed by a closing tag."""
    return text.startswith("</", end) or text.startswith("</", end + 1)


def _is_assigned_value(text: str, start: int) -> bool:
    """Whether the name starting at ``start`` is itself the value of an assignment."""
    before = text[max(0, start - 3) : start].rstrip("\"' ")
    if not before.endswith("=") or before.endswith(("==", "!=")):
        return False
    # ``OTEL_EXPORTER_OTLP_HEADERS=api-key=…``: the value of a header list is pairs of
    # names and values, so the inner name keeps its own value.
    outer = _OUTER_NAME_RE.search(text, max(0, start - 80), start)
    return outer is None or "header" not in outer.group(1).lower()


# A path rooted in a home directory ($HOME/…, ${HOME}/…, ~/…, ~user/…, %USERPROFILE%\…).
_HOME_ROOTED_RE: Final = re.compile(
    r"(?i)(?:\$home|\$\{home\}|~[a-z0-9_.\-]{0,32}|%userprofile%|\$env:userprofile)[/\\]"
)


def _grade(cls: str, where: str) -> str:
    if cls == "password":
        return {"assign": "weak", "link": "password", "window": "strong"}[where]
    return {"assign": "secret", "link": "secret", "window": "strong"}[where]


def _cjk_phrase(v: str) -> bool:
    """CJK letters and punctuation only (quotation marks of one string and the next's)."""
    return any(map(_is_cjk, v)) and all(
        _is_cjk(ch) or unicodedata.category(ch)[0] == "P" for ch in v
    )


def _value_ok(value: str, grade: str, *, quoted: bool, terminal: bool) -> bool:
    v = fold_lookalikes(strip_value(value))
    if not v or is_reference(v) or v[0] in ")]},;(":
        return False
    if _SECRET_PATH_RE.fullmatch(v):
        # round 29: a secrets manager's name for a secret (``prod/mpesa/daraja-consumer``,
        # ``kv/data/prod/payments/paystack``): a path of words names it, holds no value
        return False
    if not quoted and not terminal and _COMPOUND_NOUN_RE.fullmatch(v):
        return False  # round 29: "das Passwort des Kiosk-Kontos": whose password, in prose
    if v.startswith("pk.eyJ"):
        return False  # a Mapbox public token: public by design (docs/screening.md)
    if _HOME_ROOTED_RE.match(v):
        # "credentials under $HOME/.config/gcloud/…" (batch 19): a location, which
        # internal_path names; the file may hold a secret, the text does not show one.
        return False
    if _EMPTY_ASSIGN_RE.fullmatch(v):
        return False  # ``API_KEY=``: the next empty assignment, not a value
    if _BRACKETED_HOST_RE.fullmatch(v):
        return False  # round 28: ``[smtp.example.com]:587``, a relay's address in a map
    pair = _MAIL_USER_PASS_RE.fullmatch(v)
    if pair is not None:
        # round 28: ``user@domain:secret`` (a map line, a login pair): the secret is what
        # is judged; ``you@example.org:YOUR_PASSWORD`` holds a placeholder
        secret = pair.group("p")
        return not is_placeholder(secret) and looks_like_password(secret)
    if grade == "weak":
        if len(v) < 4 or v.lower() in _NOT_PASSWORD_WORDS or not v.isascii():
            return False
        if v.startswith(("/", "./", "~/", "http://", "https://")) or "://" in v:
            return False
        if not terminal and not quoted:
            return looks_like_password(v)
        return True
    if grade == "password":
        # Round 26: a quoted run of CJK letters is a phrase written without spaces (UI
        # strings: “请输入验证码”, "enter the verification code"), not a quoted password.
        return looks_like_password(v) or (
            quoted and len(v) >= 6 and " " not in v and not _cjk_phrase(v)
        )
    if grade == "secret":
        if looks_machine_made(v, min_len=8):
            return True
        return (
            quoted
            and len(v) >= 8
            and " " not in v
            and not _PROSE_VALUE_RE.match(v)
            and not (v.isalpha() and v.islower() and len(v) <= 10)
            # round 34: a scope's name ('repo:read', 'rute:baca', 'files.write'): words
            # of lower-case letters joined by ":" or ".", a permission's name, no value
            and _SCOPE_NAME_RE.fullmatch(v) is None
        )
    if _HUMAN_PASSWORD_RE.match(v) and not _PARTS_NAME_RE.match(v) and looks_like_password(v):
        # A few words after its keyword ("das Admin-Passwort des Routers im Lager
        # glacier.Orbit57?", batch 19): a person's password, with lower and upper case, a
        # digit and a symbol, is no word or name either.
        return True
    return looks_machine_made(v, min_len=8) and _mixed_enough(v)


# A token scope's name: two to four lower-case words joined by ":" or ".".
_SCOPE_NAME_RE: Final = re.compile(r"[^\W\d_A-Z]{2,20}(?:[:.][^\W\d_A-Z]{2,20}){1,3}")
# A path of two or more words (letters, an optional number part) joined by "/".
_SECRET_PATH_RE: Final = re.compile(
    r"[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*(?:/[a-z][a-z]+[0-9]*(?:[-_.][a-z][a-z0-9]*)*)+/?"
)
# Words of letters only joined by hyphens, each capitalised or lower case: a compound noun.
_COMPOUND_NOUN_RE: Final = re.compile(r"[^\W\d_][^\W\d_A-Z]+(?:-[^\W\d_][^\W\d_A-Z]+)+")
# A value labelled public right before it: a public key or address is no secret.
_PUBLIC_LABEL_RE: Final = re.compile(
    r"(?:public[ _-]?key|pubkey|public address|wallet address|clé publique|clave pública|"
    r"chave pública|öffentliche[rn]? schlüssel|открытый ключ|публичный ключ|kunci publik|"
    r"公钥|公開鍵|공개 ?키)\W{0,4}$"
)


# Capitalised words and a number joined by hyphens: a format's or product's name
# (PuTTY-User-Key-File-3), not a password typed in prose.
_PARTS_NAME_RE: Final = re.compile(r"^(?:[A-Z][A-Za-z]*-)+[A-Za-z0-9]+$")
# Lower and upper case, a digit and a symbol among 8-40 printable characters.
_HUMAN_PASSWORD_RE: Final = re.compile(
    r"^(?=[!-~]{8,40}$)(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9])"
)


def _dash_led_generated(value: str) -> bool:
    """A generated value of the base64url alphabet that happens to start with ``-``
    (one in 64 does: ``client_secret=-IhW…`` in a form body, round 18). After a glued
    ``name=`` a single dash is part of the value; a flag (``--from-file``, ``-p``) has a
    second dash or is short, and is no machine-made run."""
    v = strip_value(value)
    if len(v) < 17 or not v.startswith("-") or v.startswith("--") or "=" in v[:-3]:
        return False
    return looks_machine_made(v[1:], min_len=16) and _mixed_enough(v[1:])


def _mixed_enough(v: str) -> bool:
    """For a value found a few words away from its keyword: clearly generated."""
    digits = sum(c.isdigit() for c in v)
    letters = sum(c.isalpha() for c in v)
    if len(v) >= 20:
        return letters > 0 and (digits > 0 or entropy(v) >= 4.0)
    classes = (
        any(c.isupper() for c in v) + any(c.islower() for c in v) + any(not c.isalnum() for c in v)
    )
    return letters >= 3 and (digits >= 2 or (digits >= 1 and classes >= 2) or classes >= 3)


# ``API_KEY=``, ``db_password:`` (one case only: base64 padding ``…U2N0ByaXZlcjU=`` mixes)
_NEXT_FORM_FIELD_RE: Final = re.compile(r"&[A-Za-z_][\w.\-\[\]]{0,40}=")
_OUTER_NAME_RE: Final = re.compile(r"([\w.\-]{1,64})\s?=\s?[\"']?\s?\Z")
_EMPTY_ASSIGN_RE: Final = re.compile(r"[A-Z_][A-Z0-9_]{0,64}[=:]|[a-z_][a-z0-9_.\-]{0,64}[=:]")
_WRAPPED_VALUE_RE: Final = re.compile(r"\{\s{0,3}[\"']?value[\"']?\s{0,3}[:=]\s{0,3}(?=[\"'])")
# An opening bracket after six characters of a value, then a letter of any script: an aside
# glued to the value, not part of it (``f(x)``-shaped values keep their closing bracket).
_GLUED_ASIDE_RE: Final = re.compile(r"(?<=[^\s(\[]{6})[(\[][^\W\d_]")
_PROSE_VALUE_RE: Final = re.compile(r"^[a-z]+(?:[_\-.][a-z]+)+$")
_ARN_BEFORE_RE: Final = re.compile(r"\barn:aws[\w\-]*:secretsmanager:[^\s]*\Z")
_EXAMPLES_BEFORE_RE: Final = re.compile(
    r"\b(?:passwords|passcodes|pins|passphrases)\s(?:like|such\sas|e\.g\.|including)\s",
    re.IGNORECASE,
)
_EXAMPLES_AFTER_RE: Final = re.compile(
    r"s?\s(?:like|such\sas|e\.g\.|for\sexample|for\sinstance|including)\s", re.IGNORECASE
)
# A word with an elided article or pronoun (French, Italian, Catalan): ``l'utilisateur``,
# ``d'accès``, ``dell'utente``; its apostrophe is no password's symbol.
_ELIDED_WORD_RE: Final = re.compile(
    r"^(?:[cdjlmnst]|qu|dell|dall|nell|sull|all|coll|un)['’][^\W\d_]{2,}[.,;:!?]?$"
)
_NOT_PASSWORD_WORDS: Final = frozenset(
    [
        "none",
        "null",
        "nil",
        "true",
        "false",
        "yes",
        "no",
        "required",
        "optional",
        "hidden",
        "masked",
        "redacted",
        "secret",
        "password",
        "passwd",
        "empty",
        "blank",
        "string",
        "str",
        "text",
        "default",
        "example",
        "sample",
        "changeme",
        "unknown",
        "unset",
        "reset",
        "field",
        "input",
        "value",
        "protected",
        "enabled",
        "disabled",
        "auto",
        "prompt",
        "ask",
        "manager",
        "policy",
    ]
)
_DOC_PASSWORDS: Final = frozenset({"password", "pass", "passwd", "pwd", "secret", "token"})


_TERM_PART_RE: Final = re.compile(r"[\s\-_.#/]+")
_QUOTE_CHARS: Final = "\"'"


def _quoted_name_before(text: str, end: int) -> bool:
    """Whether the quoted string that closes at ``end`` is a name (``'DB_PASSWORD'``),
    not a phrase: ``"api token password", "…"`` is a list of search terms (round 19)."""
    start = max(text.rfind(q, max(0, end - 80), end) for q in _QUOTE_CHARS)
    return start != -1 and not any(c.isspace() for c in text[start + 1 : end])


def _is_terminal(text: str, index: int) -> bool:
    """Whether a value ending at ``index`` ends its line or clause (config, not prose)."""
    rest = text[index : index + 40]
    stripped = rest.lstrip(" \t")
    if not stripped or stripped[0] in "\r\n,;}&)]|#<":
        return True
    # Another assignment follows (``user=admin pass=x``, ``host: a  port: 1``).
    return re.match(r"[A-Za-z_][\w.-]{0,40}\s?[:=]", stripped) is not None


def _chunks(text: str) -> Iterator[str]:
    """Words of ``text``; a run of ASCII glued to CJK text is a word of its own."""
    for m in _CHUNK_RE.finditer(text):
        chunk = m.group()
        if chunk.isascii() or not any(_is_cjk(c) for c in chunk):
            yield chunk
            continue
        yield from _MIXED_RUN_RE.findall(chunk)


def _identifier_span(text: str, start: int, end: int) -> tuple[int | None, int | None]:
    """The variable/field name around an ASCII keyword at ``text[start:end]``."""
    s = start
    while s > 0 and text[s - 1] in _IDENT_CHARS:
        s -= 1
    e = end
    while e < len(text) and text[e] in _IDENT_CHARS:
        e += 1
    # Trailing dots and dashes end a sentence or a flag, not a name.
    while e > end and text[e - 1] in ".-":
        e -= 1
    while s < start and text[s] in ".-":
        s += 1
    # round 13: an escape left in the text (``"…system\\nSecret rules…"``, JSON shown
    # raw) is not the start of the name: ``\\nSecret`` is the word "Secret"
    if s < start and s > 0 and text[s - 1] == "\\" and text[s] in "ntr":
        s += 1
    # ``--password`` and ``-p`` style flags keep their name without the dashes.
    if s > 0 and text[s - 1].isalpha() and not text[s - 1].isascii():
        return None, None  # inside a word of another script
    return s, e


def _longest_at(low: str, pos: int, by_start: dict[str, tuple[str, ...]]) -> str | None:
    """The longest keyword starting at ``pos`` (``by_start``: keywords by first 2 chars)."""
    for word in by_start.get(low[pos : pos + 2], ()):
        if low.startswith(word, pos):
            return word  # longest first
    return None


def _by_start(words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for word in set(words):
        table.setdefault(word[:2], []).append(word)
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in table.items()}


# Round 30: what names a value of a key's length that is not the key (an id, a checksum,
# a fingerprint, a hash of it), between the key's name and the value.
_NAMED_NOT_KEY_RE: Final = re.compile(
    r"(?:\b|_|-)(?:ids?|identifier|checksum|fingerprint|hash|digest|kcv|crc|serial)(?:\b|_|-)"
)
_OTHER_FIELD_RE: Final = re.compile(
    r"[\"']?\b(?:id|model|object|created|name|index|type|object_id|request_id|uuid)[\"']?\s?[:=]"
)
_KEYED_GLUE_RE: Final = re.compile(
    r"key|token|secret|passw|\bpass\b|pwd|\bsid\b|auth|credential|\bapi|\bis\b|\bwas\b|appid|"
    r"\bes\b|\bist\b|\best\b|\bé\b|\bto\b|clave|chave|clé|jeton|schlüssel|ключ|токен|"
    # a personal access token's short name, and the token/key words of other scripts: the
    # keyword may be written in the text's script and the value in Latin letters
    # ("Azure DevOps PAT …", "Azure DevOps のトークン …", batch 18)
    r"\bpats?\b|\bpin\b|トークン|キー|토큰|키\b|令牌|密钥|秘钥|โทเค็น|คีย์|טוקן|מפתח|"
    r"رمز|توكن|مفتاح|κλειδί|διακριτικό|टोकन|कुंजी|avain|tunnus|anahtar|belirteç"
)


# Inline formatting and table-cell tags right after a keyword, with a colon or spaces
# around them (HTML mails and exports: "<b>Password:</b> …", "<td>Passwort</td><td>…").
_INLINE_TAGS_RE: Final = re.compile(
    r"(?:\s{0,3}[:：]?\s{0,3}</?(?:b|strong|i|em|u|span|font|mark|code|td|th|dt|dd|label|"
    r"small|big)(?:\s[^<>]{0,60})?>)+\s{0,3}[:：]?",
    re.IGNORECASE,
)


def _keyed_glue(glue: str) -> bool:
    """Text between a vendor name and a keyed value: an assignment, a label, a header."""
    g = glue.strip(" \t\"'`")
    if _OTHER_FIELD_RE.search(g):
        return False  # ``Mistral …: {"id": "…"`` — the value belongs to another field
    if not g:
        return True  # ``TWILIO 0123…``: name and value side by side
    if any(sep in g for sep in ("=", ":", "->", ">")):
        return True
    if g == "(":
        return True  # ``client.login('…')``: the value is the call's argument
    return _KEYED_GLUE_RE.search(g) is not None


def _random_enough(match: str, rule: VendorRule) -> bool:
    """A visible mask (``ghp_XXXX…``, ``sk-…****``) or a run of words is not a key."""
    body = match
    low = match.lower()
    for anchor in rule.anchors:
        if low.startswith(anchor):
            body = match[len(anchor) :]
            break
    low_body = body.lower()
    if "/" in match:
        # A webhook URL: its workspace and channel ids remain even when the last part is
        # masked; when every part is zeros or X (``T00000000/B00000000/XXXX…``, Slack's
        # documentation) nothing of anyone's remains.
        parts = [p for p in match.split("/")[1:] if (p and not p.isalpha()) or len(p) >= 16]
        return not parts or any(not _doc_id(p) for p in parts)
    if not body or set(low_body) <= _MASK_BODY_CHARS:
        return False
    if any(m in low_body for m in ("xxxxxx", "******", "••••", "your", "redacted", "placeholder")):
        return False
    if _MASK_GROUP_RE.search(low_body):
        # Round 28: a group of one mask character among the groups (``xxxx xxxx xxxx
        # xxxx``, WordPress's own example of an application password; the rule's match
        # may begin on words before it, "look like xxxx xxxx"): a format, not a value.
        return False
    # kebab/snake words (``pa-the-quick-brown-fox``) are names, not keys
    return _WORDS_BODY_RE.match(body) is None


def _doc_id(part: str) -> bool:
    """A documentation stand-in path part: zeros or X after an optional one-letter kind
    (``T00000000``, also the short ``T000/B000/XXXX`` of some guides)."""
    body = part[1:] if len(part) >= 4 and part[0].isalpha() and part[0] not in "xX" else part
    return len(body) >= 3 and set(body.lower()) <= frozenset("0x*")


_MASK_GROUP_RE: Final = re.compile(r"(?<![a-z0-9])([x*•#])\1{3,}(?![a-z0-9])")
_MASK_BODY_CHARS: Final = frozenset("x*•#0.-_ ")
_WORDS_BODY_RE: Final = re.compile(r"^[a-z]{2,}(?:[\-_][a-z]{2,}){2,}$")


# Round 28: and the secret key blocks of formats that are not PEM private keys but are
# written like them: OpenVPN's static key (tls-auth, tls-crypt, ``--secret``) and its
# tls-crypt-v2 client and server keys.
_PRIVATE_KEY_RE: Final = re.compile(
    r"-{3,5}\s?BEGIN\s?(?:[A-Z0-9 ]{0,40}PRIVATE\s?KEY(?:\s?BLOCK)?|"
    r"OpenVPN\s(?:Static\skey\sV\d|tls-crypt-v2\s(?:client|server)\skey))\s?-{0,5}",
    re.IGNORECASE,
)
_PEM_PLACEHOLDER_RE: Final = re.compile(
    r"^(?:\.{3}|…|<[^<>\n]{0,80}>|\[[^\[\]\n]{0,80}\]|\{[^{}\n]{0,80}\}|[x*•#]{3,}|\(.{0,80}\))"
    r"|your|paste|here|redacted|placeholder|omitted|truncated|elided|replace|changeme|"
    r"change_me|todo|fixme|insert",
    re.IGNORECASE,
)
_PEM_BODY_RE: Final = re.compile(
    r"(?:proc-type:|version:|comment:|dek-info:|hash:)|[A-Za-z0-9+/]{4,}", re.IGNORECASE
)


def _pem_body(text: str, start: int, end: int) -> bool:
    """Whether a private key header at ``text[start:end]`` opens a key, not talk about one.

    A header at the end of the text is a block cut short (the body did not fit). A header
    inside a sentence ("the file starts with …KEY-----, so it is PKCS#1", "the header
    …KEY----- confirms the format") is named, and a body that is a placeholder (``...``,
    ``<paste your key>``) is a template.
    """
    rest = text[end : end + 160].replace("\\n", "\n").replace("\\r", "")
    if not rest.strip(" \t\r\n\"'`"):
        return True
    same_line = rest.split("\n", 1)[0].strip(" \t\r")
    line_before = text[max(0, start - 80) : start].rsplit("\n", 1)[-1].rstrip(" \t")
    in_sentence = bool(line_before) and (line_before[-1].isalpha() or line_before[-1] == ",")
    if same_line and not same_line.startswith(('"', "'", "`")):
        # A block pasted on one line, also when the writer cut it short with an ellipsis
        # ("MIIEpAIBAAKCAQEA…", batch 19): what is shown of the key is its secret part.
        token = same_line.split()[0].rstrip(".…").rstrip("=")
        if len(token) >= 16 and _PEM_BODY_RE.fullmatch(token) is not None:
            return True
        # Inside a sentence it is named; at the start of a line it opens a block whatever
        # follows, unless what follows is a placeholder.
        return not in_sentence and not _PEM_PLACEHOLDER_RE.search(same_line)
    body = next((line.strip(" \t\r\"'`|") for line in rest.split("\n")[1:] if line.strip()), "")
    if not body or _PEM_PLACEHOLDER_RE.search(body):
        return False
    return _PEM_BODY_RE.match(body) is not None


_JWT_RE: Final = re.compile(
    r"(?<![A-Za-z0-9_\-])(?P<header>eyJ[A-Za-z0-9_\-]{6,2048})\.[A-Za-z0-9_\-]{2,8192}\."
    r"[A-Za-z0-9_\-]{0,4096}"
)


def _b64decode(value: str) -> bytes | None:
    value = value.replace("-", "+").replace("_", "/")
    value += "=" * (-len(value) % 4)
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return None


def _jwt_header_ok(header: str) -> bool:
    raw = _b64decode(header)
    if raw is None:
        return False
    try:
        data = json.loads(raw.decode("utf-8", errors="strict"))
    except (UnicodeDecodeError, ValueError):
        # A header cut short still starts like one.
        return raw.startswith((b'{"alg"', b'{"typ"', b'{"kid"', b'{"enc"', b'{ "alg"'))
    return isinstance(data, dict) and bool({"alg", "typ", "kid", "enc"} & set(data))


_AUTH_RE: Final = re.compile(
    r"(?:(?<![a-z0-9])(?:proxy-)?authorization[\"']?\s{0,3}[:=]\s{0,3}[\"']?\s{0,3}"
    r"(?:(?P<scheme>bearer|basic|token|digest|bot|apikey|api-key|hmac|sso-key|ssws|"
    r"genie ?key|key|otp|negotiate|ntlm|splunk|[a-z][a-z0-9_\-]{2,30})\s{1,3})?"
    r"|(?<![a-z0-9])(?P<scheme2>bearer|apikey|ssws)\s{1,3})"
    r"(?P<value>[a-z0-9._~+/=:\-]{6,4096})"
)


def _basic_credentials(value: str) -> bool:
    raw = _b64decode(value.rstrip("."))
    if raw is None or len(raw) < 3:
        return False
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    user, sep, password = decoded.partition(":")
    if not sep or not decoded.isprintable():
        return False
    if not password:
        # round 20: APIs that take the secret key as the user name and no password
        # (Xendit, Stripe, Paystack, Mailgun-style ``key:``) send base64 of ``secret:``:
        # the user part is then the secret, when it has a generated key's shape
        return len(user) >= 16 and looks_machine_made(user) and not is_placeholder(user)
    return not is_placeholder(password)


# ``scheme://user:password@host`` (also ``redis://:password@host``). The user may hold
# an ``@`` (``postmaster%40mg.example.com`` decoded) and the password any punctuation a
# reader would type (``p@ss?w#rd``): the host is after the last ``@`` of the authority.
_USERINFO_RE: Final = re.compile(
    r"://(?P<user>[^\s/?#:\"'<>]{0,256}):(?P<password>[^\s/\"'<>]{1,256})"
    r"@(?P<host>[A-Za-z0-9\[][^\s/?#@\"'<>]{0,255})(?=[\s/?#\"'<>)\],;]|\Z)"
)
_PORT_RE: Final = re.compile(r"\d{1,5}(?:[?#].*)?")
_CLI_PATTERNS: Final[tuple[tuple[re.Pattern[str], str], ...]] = (
    # mysql -pSECRET (glued: ``-p secret`` prompts and names a database)
    (
        re.compile(
            r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlsh)\b[^\n|;&]{0,120}?"
            r"\s-p(?P<value>[^\s\"'-][^\s]{2,127}|[\"'][^\"'\n]{3,127}[\"'])"
        ),
        "weak",
    ),
    (
        re.compile(
            r"\b(?:sshpass|sqlcmd|bcp|mongo|mongosh|mongodump|mongorestore|mongoexport)\b"
            r"[^\n|;&]{0,120}?\s-[pP]\s?(?P<value>[^\s-][^\s]{2,127})"
        ),
        "weak",
    ),
    (
        re.compile(
            r"\b(?:docker|podman|buildah|skopeo|helm|oras|crane|nerdctl)\b[^\n|;&]{0,80}?"
            r"\blogin\b[^\n|;&]{0,120}?\s(?:-p|--password)[\s=](?P<value>[^\s-][^\s]{2,255})"
        ),
        "weak",
    ),
    (
        re.compile(r"\bredis-cli\b[^\n|;&]{0,120}?\s(?:-a|--pass)\s(?P<value>[^\s-][^\s]{2,255})"),
        "weak",
    ),
    (
        re.compile(
            r"\bhtpasswd\s+-[a-zA-Z]*b[a-zA-Z]*\s+\S+\s+\S+\s+(?P<value>[^\s-][^\s]{2,255})"
        ),
        "weak",
    ),
    # curl -u user:pass, wget --user x --password y
    (
        re.compile(
            r"\b(?:curl|http|httpie|wget)\b[^\n|;&]{0,200}?\s(?:-u|--user)[\s=]"
            r"[\"']?[^\s:\"']{1,128}:(?P<value>[^\s\"'@]{3,255})"
        ),
        "weak",
    ),
    (
        re.compile(
            r"\b(?:wget|curl|lftp|git)\b[^\n|;&]{0,200}?--(?:http-|ftp-|proxy-)?password[\s=]"
            r"(?P<value>[^\s-][^\s]{2,255})"
        ),
        "weak",
    ),
    # openssl -passin pass:SECRET, keytool -storepass SECRET, xfreerdp /p:SECRET
    (re.compile(r"-pass(?:in|out)\s+pass:(?P<value>\S{3,255})"), "weak"),
    # ~/.pgpass: host:port:database:user:password
    (
        re.compile(
            r"pgpass\b[^\n]{0,40}?[\s:]\s?[A-Za-z0-9.\-*]+:(?:\d{2,5}|\*):[^\s:]+:[^\s:]+:"
            r"(?P<value>\S{4,128})"
        ),
        "password",
    ),
    # login admin / pass X, user: bob, pwd: X
    (
        re.compile(
            r"(?i)\b(?:login|user(?:name)?|usuario|benutzer(?:name)?|utilisateur|usuário|"
            r"логин|пользователь)\s?[:=]?\s?\S{1,64}\s?(?:/|,|;|\||and|y|und|et|e|и)\s?"
            r"(?:pass(?:word)?|pwd|pw|passwort|contraseña|senha|mot de passe|пароль)\s?[:=]?\s?"
            r"(?P<value>\S{4,128})"
        ),
        "password",
    ),
    (
        re.compile(r"(?:^|\s)-(?:src|dest)?(?:store|key)pass\s+(?P<value>[^\s-]\S{2,255})"),
        "weak",
    ),
    (re.compile(r"(?:^|\s)/p:(?P<value>\S{3,255})"), "weak"),
    (
        re.compile(
            r"\bnet\s+use\s+(?:[A-Za-z]:\s+|\*\s+)?\S+\s+(?:/user:\S+\s+)?"
            r"(?P<value>[^\s/*]\S{2,255})"
        ),
        "password",
    ),
    # mosquitto_pub/_sub -P secret; httpie -a user:pass
    (
        re.compile(r"\bmosquitto_(?:pub|sub|rr)\b[^\n|;&]{0,160}?\s-P\s(?P<value>[^\s-]\S{2,255})"),
        "weak",
    ),
    (
        re.compile(
            r"\bhttps?\s(?:[^\n|;&]{0,80}?\s)?(?:-a|--auth)[\s=][\"']?[^\s:\"']{1,128}:"
            r"(?P<value>[^\s\"'@]{3,255})"
        ),
        "weak",
    ),
    # ~/.pgpass line named after it: host:port:db:user:password ... pgpass
    (
        re.compile(
            r"(?<![\w.:\-])(?:[A-Za-z][A-Za-z0-9.\-]*|\*):(?:\d{2,5}|\*):[^\s:]+:[^\s:]+:"
            r"(?P<value>[^\s:]{4,128})\s[^\n]{0,60}?pgpass"
        ),
        "password",
    ),
    # "log in as root with X", "sign in to the portal with X"
    (
        re.compile(
            r"(?i)\b(?:log\s?in|logging\sin|sign\s?in|signing\sin|authenticate)\b"
            r"[^\n.;]{0,60}?\b(?:with|using)\s(?:the\s)?(?:password\s|passphrase\s)?"
            r"(?P<value>[`\"']?\S{6,128})"
        ),
        "password",
    ),
    # a password piped into a command that reads it: echo X | sudo -S, | chpasswd,
    # | passwd --stdin, | docker login --password-stdin
    (
        re.compile(
            r"\b(?:echo|printf)\s+(?:-[ne]+\s+)?(?:[\"']?[\w.\-]{1,64}:)?"
            r"(?P<value>[\"'][^\"'\n]{3,128}[\"']|[^\s|\"']{3,128})[\"']?\s*\|\s*(?:sudo\s+)?"
            r"(?:sudo\s+(?:-\w+\s+)*-S\b|chpasswd\b|passwd\s+--stdin\b|"
            r"\S+(?:\s+\S+){0,6}\s+--password-stdin\b)"
        ),
        "weak",
    ),
    # Oracle tools: sqlplus user/password@db
    (
        re.compile(
            r"\b(?:sqlplus|rman|expdp|impdp|sqlldr|exp|imp)\s+(?:-\w+\s+)*[\w$#]{1,64}/"
            r"(?P<value>[^\s@/]{3,128})(?=@|\s|$)"
        ),
        "weak",
    ),
    # Windows remote execution and scheduled tasks: psexec -p X, schtasks /rp X
    (
        re.compile(
            r"(?i)\b(?:psexec|paexec)(?:64)?(?:\.exe)?\b[^\n]{0,160}?\s-p\s"
            r"(?P<value>[^\s-]\S{2,127})"
        ),
        "weak",
    ),
    (re.compile(r"(?i)\bschtasks\b[^\n]{0,240}?\s/rp\s(?P<value>[^\s/*]\S{2,127})"), "weak"),
    # user management commands with the password as an argument
    (
        re.compile(
            r"\brabbitmqctl\s+(?:add_user|change_password)\s+\S+\s+(?P<value>[^\s-]\S{2,127})"
        ),
        "weak",
    ),
    (re.compile(r"\bnet\s+user\s+\S+\s+(?P<value>[^\s/*]\S{2,127})"), "password"),
    (re.compile(r"\bipmitool\b[^\n]{0,120}?\s-P\s(?P<value>[^\s-]\S{2,127})"), "weak"),
    # expect scripts: expect "password:" ... send "X\r"
    (
        re.compile(
            r"(?i)\bexpect\s+(?:-\w+\s+)?[\"'][^\"'\n]{0,30}pass(?:word|phrase)?[^\"'\n]{0,5}[\"']"
            r"[^\n]{0,40}?\bsend\s+(?:--\s+)?[\"'](?P<value>[^\"'\n\\]{3,128})"
        ),
        "weak",
    ),
    # Google/Apple app passwords: four groups of four letters
    (
        re.compile(
            r"(?i)\bapp(?:-|\s)?(?:specific\s)?password\b[^\n]{0,24}?[\s:=]"
            r"(?P<value>[a-z]{4}(?P<sep>[ \-])[a-z]{4}(?P=sep)[a-z]{4}(?P=sep)[a-z]{4})\b"
        ),
        "weak",
    ),
    (re.compile(r"\bsmbclient\b[^\n]{0,120}?\s-U\s+[^\s%]+%(?P<value>\S{3,255})"), "weak"),
    (
        re.compile(
            r"\bldap(?:search|modify|add|delete|passwd)\b[^\n]{0,160}?\s-w\s(?P<value>\S{3,255})"
        ),
        "weak",
    ),
    (re.compile(r"\b(?:7z|7za)\b[^\n]{0,80}?\s-p(?P<value>[^\s-]\S{2,255})"), "weak"),
    (re.compile(r"\b(?:zip|unzip)\b[^\n]{0,80}?\s-P\s(?P<value>[^\s-]\S{2,255})"), "weak"),
    (
        re.compile(r"\baz\s+login\b[^\n]{0,120}?\s(?:-p|--password)\s(?P<value>[^\s-]\S{2,255})"),
        "weak",
    ),
    (
        re.compile(
            r"\bssh-keygen\b[^\n]{0,120}?\s-[NP]\s(?P<value>[\"'][^\"'\n]{3,127}[\"']|[^\s\"'-]\S{2,127})"
        ),
        "weak",
    ),
    (re.compile(r"\bgpg\b[^\n]{0,120}?--passphrase[\s=](?P<value>[^\s-]\S{2,255})"), "weak"),
    (re.compile(r"\brdesktop\b[^\n]{0,120}?\s-p\s(?P<value>[^\s-]\S{2,255})"), "weak"),
    (
        re.compile(
            r"ConvertTo-SecureString\s+(?:-String\s+)?(?P<value>[\"'][^\"'\n]{3,255}[\"'])",
            re.IGNORECASE,
        ),
        "weak",
    ),
    # "the staging admin login is root / O!V3jP#!k": a user and its password as a pair
    (
        re.compile(
            r"(?i)\b(?:login|log-in|sign-in|credentials?|creds)\b[^\n.;]{0,40}?"
            r"(?:\b(?:is|are|was|were)\b|:|=)\s{1,3}[`\"']?[\w.@\-]{2,64}\s?/\s?"
            r"(?P<value>[^\s`\"']{6,128})"
        ),
        "password",
    ),
    # a user and password tuple given to a driver or HTTP client:
    # GraphDatabase.driver(uri, auth=("neo4j", "…")), requests.get(url, auth=("u", "…"))
    (
        re.compile(
            r"\b(?:auth|http_auth|basic_auth|httpauth|credentials)\s?(?:=\s?)?[(\[]\s?"
            r"[\"'][^\"'\n]{1,64}[\"']\s?,\s?[\"'](?P<value>[^\"'\n]{4,128})[\"']"
        ),
        "weak",
    ),
    # Oracle thin JDBC URL with user/password before the @
    (
        re.compile(
            r"(?i)jdbc:oracle:(?:thin|oci):(?P<user>[\w$#]{1,64})/(?P<value>[^\s@/]{3,128})@"
        ),
        "weak",
    ),
    # an API key as the first argument of a vendor's client: cohere.ClientV2("…")
    (
        re.compile(
            r"\b[A-Za-z_][\w.]{0,40}(?:Client|client)(?:V\d|_v\d)?\(\s{0,3}[\"']"
            r"(?P<value>[A-Za-z0-9_\-]{24,128})[\"']"
        ),
        "secret",
    ),
    # Generic long flags: --password=x, --api-key x, --client-secret=x, --token x
    (
        re.compile(
            r"(?<![\w-])--(?:[a-z0-9]+-)*(?:password|passwd|pass|passphrase)[\s=]"
            r"(?P<value>[\"'][^\"'\n]{3,255}[\"']|[^\s\"'-]\S{2,255})"
        ),
        "weak",
    ),
    (
        re.compile(
            r"(?<![\w-])--(?!(?:starting|next|page|continuation|resume|skip|sync)-token)"
            r"(?:[a-z0-9]+-)*(?:token|secret|api-key|apikey|access-key|secret-key|"
            r"client-secret|auth-token|private-key|key)[\s=]"
            r"(?P<value>[\"'][^\"'\n]{6,255}[\"']|[^\s\"'-]\S{5,255})"
        ),
        "secret",
    ),
)
# "use X as the password", "X is the admin passphrase" (run where a password keyword is)
_NAMED_AFTER_RE: Final = re.compile(
    r"(?i)(?<![^\s(\[])(?P<value>[`\"']?[^\s`\"']{6,128}[`\"']?)\s(?:as|is|was)\s(?:the|my|our|your|its|their)?"
    r"\s?(?:[\w\-]{1,24}\s){0,2}(?:password|passphrase|passcode|pass\sphrase)\b"
    r"(?![\s\-]?(?:hash|hashing|hasher|policy|policies|field|manager|reset|length|rule|"
    r"requirement|prompt|input|column|storage|strength|check|validation|form))"
)
# Recovery and backup codes: a keyword, then codes of the shapes vendors print (GitHub
# ``d8d40-b87be``, Google ``8404 1856``, BitLocker eight groups of six digits, generic
# ``ABCD-EF12``). Two codes, or one BitLocker key, make a list that opens an account.
_RECOVERY_ANCHORS: Final = (
    "recovery code", "recovery-code", "backup code", "backup-code", "recovery key",
    "scratch code", "emergency code", "2fa code", "wiederherstellungscode", "backup-code",
    "código de recuperación", "códigos de recuperación", "code de récupération",
    "codes de récupération", "código de recuperação", "códigos de recuperação",
    "код восстановления", "коды восстановления", "恢复代码", "备用码", "リカバリーコード",
    "バックアップコード", "복구 코드", "백업 코드", "kod odzyskiwania", "kody odzyskiwania",
    "herstelcode", "herstelsleutel", "codice di recupero", "codici di recupero",
    "kurtarma kodu", "kurtarma anahtarı", "恢复密钥", "复原密钥", "回復キー", "復旧キー",
    "복구 키", "wiederherstellungsschlüssel", "clé de récupération", "clave de recuperación",
    "chave de recuperação", "ключ восстановления",
    # round 12: "backup codes" as the contract's languages say it (batch 20's Spanish)
    "código de respaldo", "códigos de respaldo", "códigos de seguridad", "code de secours",
    "codes de secours", "codice di backup", "codici di backup", "código de backup",
    "códigos de backup", "резервный код", "резервные коды", "备份码", "备用代码",
    "バックアップ用コード", "kody zapasowe", "záložní kódy", "yedek kod", "varakoodi",
    "varmuuskoodi", "reservekode", "reservkod", "back-upcode", "קודי גיבוי", "رموز الاحتياط",
    "رموز النسخ الاحتياطي", "mã dự phòng", "kode cadangan", "backup-codes", "notfallcode",
    # round 13: the recovery-code words a few more languages use
    "резервных код", "резервными код", "кодов восстановления", "резервні коди", "коди відновлення",
    "バックアップ コード", "リカバリコード", "復旧コード", "回復コード", "救援代码", "恢复码",
    "备份代码",
    "복구코드", "백업코드", "kurtarma kodları", "yedek kodlar", "yedekleme kodu", "herstelcodes",
    "back-upcodes", "reservkoder", "återställningskod", "gendannelseskode", "palautuskoodi",
    "helyreállítási kód", "tartalék kód", "kódy pro obnovení", "kody zapasowe", "zapasowe kody",
    "códigos de recuperação", "codici di emergenza", "codes d'urgence", "recovery codes",
    "backup codes", "rescue code", "one-time recovery",
    # round 20: every language of rules/credential_words.toml
    *world_words("recovery"),
)  # fmt: skip
_CODE_RE: Final = re.compile(
    r"(?<![\w-])(?:\d{6}(?:-\d{6}){7}"
    r"|[0-9a-z]{4,6}-[0-9a-z]{4,6}"
    r"|[A-Z0-9]{4}(?:-[A-Z0-9]{4}){5,9}"
    r"|\d{4}\s\d{4}"
    r"|[A-Z0-9]{4,5}-[A-Z0-9]{4,5}(?:-[A-Z0-9]{4,5}){0,2}"
    r"|\d{8,10}"
    # round 14: Microsoft's recovery code (five groups of five), a single code in groups
    # of four lower-case letters and digits (Authy, Bitwarden)
    r"|[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}"
    r"|[a-z0-9]{4}(?:-[a-z0-9]{4}){2,5}"
    # round 13: eight to twelve lower-case letters and digits (batch 21's Japanese)
    r"|[0-9a-z]{8,12}"
    # round 21: GitLab's recovery codes are 16 hex characters
    r"|[0-9a-f]{16})(?![A-Za-z0-9_-])"
)


# A BitLocker recovery key has one shape in every language (eight groups of six digits):
# with "BitLocker" anywhere in the text, the key needs no translated "recovery key".
# Round 28: a SIM card's keys (provisioning files, HSS/AuC imports): the subscriber key
# Ki (or K) and the operator key OPc (or OP) are 128-bit values written as 32 hex
# characters. Ki and OPc name themselves; the one-letter K and OP count only where the
# text is about SIMs (IMSI, ICCID, USIM, Milenage).
_SIM_ANCHORS: Final = ("ki=", "ki:", "ki =", "ki :", "opc", "imsi", "iccid", "usim", "milenage")
_SIM_KEY_RE: Final = re.compile(
    r"(?<![\w\-])(?P<name>ki|opc|k|op)\s{0,2}(?:[=:]|is)?\s{0,2}[\"']?(?P<v>[0-9a-f]{32})(?![\w\-])",
    re.IGNORECASE,
)
_SIM_CONTEXT_RE: Final = re.compile(r"\b(?:imsi|iccid|usim|milenage|sim)\b", re.IGNORECASE)


def _sim_keys(text: str) -> bool:
    for m in _SIM_KEY_RE.finditer(text):
        if m.group("name").lower() in ("k", "op") and _SIM_CONTEXT_RE.search(text) is None:
            continue
        if looks_machine_made(m.group("v"), min_len=16):
            return True
    return False


_BITLOCKER_RE: Final = re.compile(r"(?<![\w-])\d{6}(?:[-\u2010-\u2015 ]\d{6}){7}(?![\w-])")


def _recovery_codes(text: str, low: str) -> bool:
    for anchor in _RECOVERY_ANCHORS:
        at = low.find(anchor)
        while at != -1:
            window = text[at + len(anchor) : at + len(anchor) + 240]
            codes = [m.group() for m in _CODE_RE.finditer(window)]
            codes = [c for c in codes if len(set(c)) > 3]
            # a code of letters only counts beside codes with digits ("coxfoxji" in a
            # list of vcd3jfva, 9gz56gxi …); a list of words is no list of codes
            if sum(any(ch.isdigit() for ch in c) for c in codes) < 2:
                codes = [c for c in codes if any(ch.isdigit() for ch in c)]
            # two codes, or one long key (BitLocker 55, Apple 34, Microsoft 29
            # characters), or one code of three or more groups of letters and digits
            # (round 14: "복구 코드 bzd2-va56-1mbj")
            if (
                len(codes) >= 2
                or any(len(c) >= 29 for c in codes)
                or any(_grouped_code(c) for c in codes)
            ):
                return True
            at = low.find(anchor, at + 1)
    return False


# A wallet's seed phrase named as one, then its words: BIP39 words are 3 to 8 lower-case
# letters, and a phrase has 12 to 24 of them. Twelve such words in a row with no short
# word between them ("a", "it", "to") do not happen in prose.
_SEED_ANCHORS: Final = (
    # not "mnemonic" alone: assembly mnemonics (mov add sub ...) are short words too
    "seed phrase", "seed words", "recovery phrase", "mnemonic:", 'mnemonic":', "mnemonic=",
    "mnemonic =", "mnemonic is", "mnemonic phrase", "mnemonic words", "secret phrase",
    "backup phrase", "wallet words", "recovery words", "seed:",
    # the same named in the contract's other languages
    "frase semilla", "frase de recuperación", "frase de recuperacion", "palabras semilla",
    "frase semente", "frase de recuperação", "frase de recuperacao", "palavras-semente",
    "phrase de récupération", "phrase secrète", "mots de récupération",
    "wiederherstellungsphrase", "seed-phrase", "seed-wörter", "seed-фраза", "сид-фраза",
    "мнемоническая фраза", "фраза восстановления", "frase seed", "frase di recupero",
    "palabras de recuperación", "palabras de recuperacion", "palavras de recuperação",
    "mots de passe de récupération", "wiederherstellungswörter", "слов восстановления",
)  # fmt: skip
# round 13: a wallet named in the contract's languages; the words themselves are then
# judged against the BIP-39 list (_bip39_run), so a wallet word alone costs nothing.
# Round 28: after a wallet's name (not a seed named as one), twelve short words count
# only as a list: after a colon or an opening quote. A wallet's terms of service in
# prose ("dompet digital … PIN dan kode OTP bersifat rahasia dan tidak boleh …") are
# twelve short words too.
_WALLET_ANCHORS: Final = (
    "wallet", "mnemonic", "seed", "bip39", "bip-39", "cüzdan", "kurtarma kelime",
    "지갑", "복구 문구", "시드", "वॉलेट", "सीड", "बटुआ", "кошел", "portefeuille",
    "billetera", "cartera", "carteira", "portafoglio", "geldbörse", "钱包", "錢包", "助记词",
    "助記詞", "ウォレット", "シードフレーズ", "محفظة", "عبارة الاسترداد", "ארנק", "lompakko",
    "plånbok", "tegnebog", "lommebok", "portemonnee", "portfel", "peněženk", "ví tiền",
    "cụm từ khôi phục", "dompet", "frasa pemulihan", "กระเป๋าเงิน", "πορτοφόλι", "гаманець",
    "pénztárca", "portofel", "ledger", "trezor", "metamask", "phantom",
)  # fmt: skip
_SEED_WORDS_RE: Final = re.compile(
    r"(?:(?:\d{1,2}[.)]\s?)?[a-z]{3,8}[\s,]{1,3}){11,23}(?:\d{1,2}[.)]\s?)?[a-z]{3,8}\b"
)


# round 14: a value, an arrow pointing back at it, then the label naming it a password
# ("WnQQx5VyjJwamdNQ90 ← 管理者パスワード", a hand-over note's layout): the label follows
# the value, in any language of the password words.
_VALUE_LABEL_RE: Final = re.compile(
    r"(?<![^\s(\[「『\"'])(?P<value>[^\s←⟵⇐<>「」『』\"'`()（）]{10,128})\s{0,2}"
    r"(?:←|⟵|⇐|<-{1,2}|<==?)\s{0,2}(?P<label>[^\n]{0,40})"
)


def _value_then_label(text: str) -> bool:
    for m in _VALUE_LABEL_RE.finditer(text):
        value = strip_value(m.group("value"))
        if not _APP_PASSWORD_KW_RE.search(m.group("label").lower()):
            continue
        if looks_machine_made(value, min_len=10) and _value_ok(
            value, "password", quoted=False, terminal=True
        ):
            return True
    return False


def _grouped_code(code: str) -> bool:
    """Three or more groups, letters and digits mixed: a generated code, not a date or a
    part number of digits only."""
    groups = code.split("-")
    return (
        len(groups) >= 3
        and any(c.isdigit() for c in code)
        and any(c.isalpha() for c in code)
        and len(set(code.lower()) - {"-"}) >= 6
    )


# round 13: a seed phrase is a run of BIP-39 words whatever language the sentence around
# it is in (batch 21: Korean, Turkish, Hindi). The list is public (rules/bip39_english.txt,
# MIT, see its LICENSE file); none of "a", "the", "to", "of", "is", "and" is in it, so
# twelve of its words in a row do not happen in prose.
_BIP39: Final = frozenset((RULES_DIR / "bip39_english.txt").read_text(encoding="utf-8").split())
_BIP39_WORD_RE: Final = re.compile(r"[a-z]{3,8}")
_BIP39_GAP_RE: Final = re.compile(r"[\s,;·|/\-]{1,3}(?:\d{1,2}[.):]?\s{0,2})?")


def _bip39_run(low: str, need: int = 12) -> bool:
    run = 0
    last_end = -1
    for m in _BIP39_WORD_RE.finditer(low):
        word = m.group()
        bounded = (m.start() == 0 or not low[m.start() - 1].isalpha()) and (
            m.end() == len(low) or not low[m.end()].isalpha()
        )
        if not bounded or word not in _BIP39:
            run = 0
            last_end = -1
            continue
        if run and not _BIP39_GAP_RE.fullmatch(low, last_end, m.start()):
            run = 0
        run += 1
        last_end = m.end()
        if run >= need:
            return True
    return False


# Google and Apple app passwords: four groups of four random letters, near a password
# word in any language ("Gmail-sovellussalasana …", "App 专用密码 qvrp-kysl-…", batch 21).
# Round 27: WordPress application passwords are six groups of four letters and digits
# ("abCd 3FgH …"): four to six groups of four, of letters and digits, at least two of
# them with a letter (a card or a phone number in groups of four is digits only).
_APP_PASSWORD_RE: Final = re.compile(
    r"(?<![\w-])(?P<v>[a-z0-9]{4}(?P<sep>[ \-])[a-z0-9]{4}(?P=sep)[a-z0-9]{4}(?P=sep)[a-z0-9]{4}"
    r"(?:(?P=sep)[a-z0-9]{4}){0,2})(?![\w-])"
)
_APP_PASSWORD_KW_RE: Final = re.compile(
    r"passw|passcode|kennwort|contraseña|senha|mot de passe|пароль|hasł|wachtwoord|lösenord|"
    r"passord|salasan|şifre|parola|密码|密碼|パスワード|비밀번호|암호|mật khẩu|sandi|κωδικ|"
    r"heslo|jelsz|סיסמ|كلمة المرور|كلمة السر|पासवर्ड|รหัสผ่าน|adgangskode|kodeord|lozink"
)


def _app_password(low: str) -> bool:
    for m in _APP_PASSWORD_RE.finditer(low):
        groups = m.group("v").replace("-", " ").split()
        # "blue lamp door fish" reads as words; a generated one does not; "xxxx-xxxx-…"
        # is the documentation's mask
        if sum(g in _BIP39 or g in _DESCRIPTION_WORDS for g in groups) >= 2 or any(
            len(set(g)) <= 2 for g in groups
        ):
            continue
        if sum(not g.isdigit() for g in groups) < 2:
            continue  # "4111 1111 2222 3333": a number written in groups
        before = low[max(0, m.start() - 80) : m.start()]
        if _APP_PASSWORD_KW_RE.search(before):
            return True
    return False


def _seed_phrase(low: str) -> bool:
    for anchor in _SEED_ANCHORS:
        at = low.find(anchor)
        if at != -1 and _SEED_WORDS_RE.search(low, at + len(anchor), at + len(anchor) + 300):
            return True
    for anchor in _WALLET_ANCHORS:
        at = low.find(anchor)
        if at == -1:
            continue
        words = _SEED_WORDS_RE.search(low, at + len(anchor), at + len(anchor) + 300)
        if (
            words is not None
            and low[: words.start()].rstrip()[-1:] in _LIST_OPENERS
            # round 33: "ledger" is also an account book; after it a sentence of short
            # words ("you only read the coop ledger, you never …") holds words no BIP-39
            # list has
            and not _PROSE_WORDS & set(_BIP39_WORD_RE.findall(words.group()))
        ):
            return True
    return False


_LIST_OPENERS: Final = ":：\"'“«„「=→-"
# English function words none of the BIP-39 lists (English, Spanish, French, Italian,
# Portuguese, Czech) holds; "you", "this", "only", "never" are in the English list.
_PROSE_WORDS: Final = frozenset(
    {"the", "and", "are", "was", "were", "for", "with", "your", "not", "from", "our",
     "but", "his", "her", "its", "has", "have", "will", "would", "should", "they", "them"}
) - _BIP39  # fmt: skip


# "LDAU54WG562YZ26WZ2XU como access key", "X をアクセスキーとして使い", "use X as the API
# key": a generated value named as a key after it (what the reader sees is a credential,
# whatever its exact vendor alphabet).
_NAMED_KEY_ANCHORS: Final = (
    "as the access key", "as access key", "as the api key", "as api key", "as the secret key",
    "as the token", "as the api token", "as the access token", "as the client secret",
    "as the key id", "as the access key id", "como access key", "como chave de acesso",
    "como clave de acceso", "como api key", "como la api key", "como token", "comme clé",
    "als zugriffsschlüssel", "als access key", "als api-key", "als api key", "come chiave",
    "come access key", "をアクセスキー", "をapiキー", "をシークレット", "をトークン",
    "作为访问密钥",
    "作为api密钥", "作为令牌", "作为密钥", "в качестве ключа", "в качестве токена",
)  # fmt: skip
_KEY_NAMED_AFTER_RE: Final = re.compile(
    r"(?i)(?<![\w/.\-])(?P<value>[A-Za-z0-9+/_\-]{16,128})\s?[`\"'”»」]?\s?"
    r"(?:(?:as|como|comme|als|come)\s(?:the\s|la\s|a\s|o\s|le\s|die\s|den\s|il\s)?"
    r"(?:access\s?key|api\s?key|secret\s?key|token|api\stoken|access\stoken|client\ssecret|"
    r"key\sid|access\skey\sid|chave|clave|clé|zugriffsschlüssel|api-key|chiave)"
    r"|を(?:アクセスキー|apiキー|シークレット|トークン)|作为(?:访问密钥|api密钥|令牌|密钥)"
    r"|в\sкачестве\s(?:ключа|токена))"
)


def _key_named_after(text: str) -> bool:
    for m in _KEY_NAMED_AFTER_RE.finditer(text):
        if looks_machine_made(m.group("value"), min_len=16):
            return True
    return False


# A passphrase stated in prose is several plain words ("the passphrase is velvet orbit
# cactus nineteen lanterns"): no character class tells it from a sentence, so the words
# after the copula up to the clause's end are taken, and they must not read as a
# description ("is stored in the vault", "is four random words from the list").
_PHRASE_WORDS: Final = (
    "passphrase", "pass phrase", "lösenfras", "passfras", "frase de contraseña",
    "frase secreta", "phrase secrète", "phrase de passe", "frase segreta", "frase-senha",
    "frase de senha", "кодовая фраза", "парольная фраза", "wachtwoordzin",
    # round 12: more languages (batch 20's Japanese SSH key passphrase)
    "パスフレーズ", "암호 문구", "密码短语", "口令短语", "salalause", "tunnuslause",
    "passordfrase", "hasło-fraza", "fraza hasła", "parola d'accesso", "phrase de passe",
    "geheimphrase", "passphrase-", "פסוקת סיסמה", "عبارة المرور",
    # round 13: more languages (batch 21's Dutch "wachtzin")
    "wachtzin", "toegangszin", "lösenordsfras", "adgangsfrase", "parola cümlesi",
    "şifre cümlesi", "секретная фраза", "парольна фраза", "heslová fráze", "jelmondat",
    "암호문구", "패스프레이즈", "पासफ़्रेज़", "पासफ्रेज", "cụm mật khẩu", "frasa sandi",
    "φράση πρόσβασης", "frase-passe", "frase d'accesso", "mot de passe phrase",
)  # fmt: skip
_PHRASE_VALUE_RE: Final = re.compile(
    # "as" too: "gives the passphrase as 'sorrel quartz saffron 36'" (batch 19)
    # one line break may come between (round 13: the keyword in the phase, the words in
    # the summary: the reader sees them together)
    r"(?:[^.\n]|\n(?!\n)){0,60}?(?:(?:\s(?:is|was|as|als|comme|como|è|era|är|var|es|est|ist|lautet|é|era|—|-|:|"
    r"это|—\s)|:)\s{1,3}"
    # CJK: a particle or colon glued to an opening bracket ("パスフレーズは「…」", round 12)
    r"|[はが是는은：:]\s{0,2}(?=[「『“\"])"
    # the line break that joins the phase naming the passphrase to the summary giving it
    r"|\n(?!\n))"
    # round 19: a source named between the copula and a quoted value ("ist laut Chat
    # „…“", "is, per the wiki, '…'"): up to three words, then the quote must open
    r"(?:(?:[^\W\d_]+,?\s){1,3}(?=[«\"“'‘„‚「『]))?"
    # a space may pad the quotes (« … », French)
    r"[«\"“'‘„‚「『]?\s?(?P<value>[^\W_]+(?:[ \-][^\W_]+){2,6}?)"
    # a closing quote ends the value whatever follows it ("… 36' so the job can …")
    r"(?:\s?[»\"”'’“‘」』]|(?=\s?(?:[,.;:!?()]|\s(?:and|e|och|y|et|und|и|og|en|ed)\s|$)))"
)
_DESCRIPTION_WORDS: Final = frozenset(
    re.findall(
        r"\S+",
        """the a an in on at to of for from by with stored kept saved managed required set
    not never still also same different long short strong weak your my our their this
    that it its random words word generated written shown hidden secret private empty
    il la lo le un una di da con per nel nella salvata conservata lunga sicura
    el los las unos del en guardada segura larga de du des une dans est stockée longue
    der die das ein eine im gespeichert lang sicher det en ett i lagrad lång
    в на не хранится длинная is are was were be been but or so if as what which who when
    because used needed correct wrong invalid valid expired accepted rejected too very can
    cannot should must will would has have had does did do more less than then into only
    just about after before over under between through während und oder aber ma o pero
    mais ou et y e and och men once twice during while until""",
    )
)
_NUMBER_WORDS: Final = frozenset(
    re.findall(
        r"\S+",
        """one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy
    eighty ninety hundred uno due tre quattro cinque sei sette otto nove dieci venti
    trenta trentadue quaranta dos tres cuatro cinco seis siete ocho nueve diez veinte
    treinta cuarenta deux trois quatre cinq six sept huit neuf dix vingt trente zwei drei
    vier fünf sechs sieben acht neun zehn zwanzig dreißig""",
    )
)


def _passphrase_words(low: str) -> bool:
    for word in _PHRASE_WORDS:
        at = low.find(word)
        while at != -1:
            m = _PHRASE_VALUE_RE.match(low, at + len(word))
            if m is not None:
                parts = m.group("value").replace("-", " ").split()
                stops = sum(p in _DESCRIPTION_WORDS for p in parts)
                digit = any(c.isdigit() for c in m.group("value"))
                # a quoted run of words is set apart by the writer as the value
                quoted = (
                    m.group(0).rstrip().endswith(("'", '"', "”", "»", "’", "“", "‘", "」", "』"))
                )
                if (
                    3 <= len(parts) <= 7
                    and parts[0] not in _DESCRIPTION_WORDS
                    # "is typed twice", "is being rotated": a verb, not the phrase
                    and not parts[0].endswith(("ed", "ing"))
                    and (stops == 0 or (stops == 1 and digit))
                    and (
                        digit or quoted or any(p in _NUMBER_WORDS for p in parts) or len(parts) >= 4
                    )
                ):
                    return True
            at = low.find(word, at + 1)
    return False


# A PIN or unlock code stated with its digits: "the keypad PIN is 426998", "el código de
# desbloqueo es 901526". "The PIN is 6 digits" describes one.
_PIN_WORDS: Final = (
    "pin ", "pin:", "pin=", "pin-code", "pin code", "pincode", "unlock code",
    "código de desbloqueo", "code de déverrouillage", "entsperrcode", "codice di sblocco",
    "código de desbloqueio", "пин-код", "код разблокировки", "解锁码", "ロック解除コード",
)  # fmt: skip
# round 13: a code that opens a door, an alarm, a card or a bank ID, named in the
# contract's languages, then its digits a few words on ("the server-room door code
# 512275", "le code PIN de la carte …, 3474", "BankID-kod 371882", batch 21).
_CODE_WORDS: Final = (
    "door code", "gate code", "alarm code", "disarm code", "keypad code", "access code",
    "entry code", "lock code", "safe code", "lockbox code", "garage code", "building code",
    "code pin", "code d'accès", "code de la porte", "code porte", "digicode", "code d'alarme",
    "türcode", "zugangscode", "alarmcode", "tresorcode", "pin-nummer", "pin-kod", "pinkod",
    # round 15: the same compounds written with a hyphen ("Tresor-Code", "Alarm-Code")
    "tresor-code", "alarm-code", "tür-code", "zugangs-code", "safe-code", "door-code",
    "portkod", "dörrkod", "larmkod", "bankid-kod", "kod till", "pin-koodi", "ovikoodi",
    "hälytyskoodi", "pääsykoodi", "adgangskode", "dørkode", "alarmkode", "deurcode",
    "toegangscode", "pincode", "código pin", "código de acceso", "código de la puerta",
    "código de alarma", "código da porta", "código de acesso", "codice pin", "codice d'accesso",
    "codice della porta", "codice allarme", "kod pin", "kod do drzwi", "kod dostępu",
    "kód pin", "kód ke dveřím", "pin kodu", "kapı kodu", "alarm kodu", "şifre kodu",
    "код доступа", "код от двери", "код домофона", "код сигнализации", "пин-код", "пин код",
    "кодом доступа", "门禁码", "门禁密码", "开门密码", "密码锁", "ドアコード", "暗証番号",
    "입구 비밀번호", "도어락 비밀번호", "출입 코드", "رمز الباب", "رمز الدخول", "الرقم السري",
    "קוד כניסה", "קוד הדלת", "पिन", "mã pin", "mã cửa", "kode pin", "kode akses",
    "รหัส pin", "κωδικός pin", "pin-код", "pin code", "pin-code", "pin number",
    # round 14: the code of a safe or an alarm in more words (Hebrew writes "the code to
    # the safe", "the code of the alarm")
    "קוד לכספת", "קוד הכספת", "קוד של הכספת", "קוד האזעקה", "קוד של האזעקה", "קוד אזעקה",
    "code du coffre", "code de l'alarme", "código de la caja fuerte", "código del alarma",
    "код сейфа", "код от сейфа", "код сигнализации", "kluiscode", "kassaskåpskod",
    "kasa şifresi", "保险箱密码", "保险柜密码", "金庫の番号", "금고 비밀번호",
    # round 14: one-time codes. Decided (docs/screening.md): a one-time code next to its
    # word is a credential while it is valid, and the screen cannot know it has expired;
    # a client team would not want a live login or payment code on a screen. The words
    # name a code sent to confirm a login or a payment, in the contract's languages.
    "one-time code", "one-time login code", "one-time passcode", "one-time password",
    "one-time pin", "one time code", "one-time sign-in code", "verification code",
    "login code", "sign-in code", "2fa code", "mfa code", "sms code", "otp", "totp code",
    "authentication code", "security code", "code à usage unique", "code de vérification",
    "code reçu par sms", "code sms", "code otp", "einmalcode", "einmalpasswort",
    "bestätigungscode", "verifizierungscode", "sicherheitscode", "sms-code",
    "código de un solo uso", "código de verificación", "código de verificação",
    "código de uso único", "código sms", "codice monouso", "codice di verifica",
    "codice usa e getta", "eenmalige code", "verificatiecode", "одноразовый код",
    "одноразовый пароль", "код подтверждения", "код из sms", "код из смс", "проверочный код",
    "одноразовий код", "одноразовий пароль", "код підтвердження", "код з sms", "код з смс",
    "κωδικό μίας χρήσης", "κωδικός μίας χρήσης", "κωδικό επαλήθευσης", "κωδικός επαλήθευσης",
    "رمز التحقق", "رمز لمرة واحدة", "كلمة مرور لمرة واحدة", "رمز التأكيد", "קוד אימות",
    "קוד חד פעמי", "קוד חד-פעמי", "mã otp", "mã xác nhận", "mã xác thực", "mã một lần",
    "認証コード", "確認コード", "ワンタイムパスワード", "ワンタイムコード", "セキュリティコード",
    "验证码", "驗證碼", "动态码", "一次性密码", "校验码", "인증번호", "인증 번호", "인증 코드",
    "인증코드", "일회용 비밀번호", "doğrulama kodu", "tek kullanımlık kod", "sms kodu",
    "kod weryfikacyjny", "kod jednorazowy", "kod sms", "kode otp", "kode verifikasi",
    "ओटीपी", "सत्यापन कोड", "รหัสยืนยัน", "vahvistuskoodi", "kertakäyttökoodi",
    "engångskod", "verifieringskod", "ověřovací kód", "jednorázový kód", "ellenőrző kód",
    "egyszer használatos kód", "cod de verificare", "کد تایید", "رمز یکبار مصرف",
)  # fmt: skip
_CODE_STATED_RE: Final = re.compile(
    # one line break may come between: the keyword in the phase, the digits in the summary
    r"(?:[^.\n\d!?。]|\n(?!\n)){0,60}?(?<![\w#№/:.\-])(?P<v>\d{4,8})(?![\w/:%\-]|[.,]\d)"
)
_CODE_NOT_AFTER_RE: Final = re.compile(
    r"(?:room|ticket|case|issue|floor|suite|ext|line|order|step|version|port|error|page|"
    r"zimmer|chambre|salle|habitación|sala|stanza|комната|комнаты|номер|no\.?|nr\.?|n°|in|since|"
    r"kamer|rum|raum|huone|huoneen|pokój|pokoju|oda|rom|quarto|etage|stock|piso|andar|"
    r"verdieping|gebouw|building|bâtiment|gebäude|edificio|ticket|tiquet|incident|"
    r"year|en|año|depuis|seit|im|nel|dal|с|в|om)\s$"
)
_CODE_UNITS_RE: Final = re.compile(
    r"\s?(?:digits?|dígitos|chiffres|stellen|ziffern|cifre|characters|numbers|цифр|位|桁|"
    r"자리|siffror|numeroa|merkkiä|attempts|tries|times|minutes|seconds|days|hours|mal|fois|"
    r"veces|volte|раз|回|次)"
)


# Every code word in one pattern (round 15: the words were looked for one ``find`` at a
# time, about 200 scans of each text that hit one). Searching again from one past each
# start finds overlapping words too; the longest word at a place goes first, and its window
# after reaches at least as far as a shorter one's there.
_CODE_WORDS_RE: Final = re.compile(trie_pattern(_CODE_WORDS))


def _code_stated(low: str) -> bool:
    search = _CODE_WORDS_RE.search
    found = search(low)
    while found is not None:
        at, end = found.span()
        if not (low[at].isascii() and low[at].isalpha() and at > 0 and low[at - 1].isalpha()):
            m = _CODE_STATED_RE.match(low, end)
            if m is not None and not _CODE_UNITS_RE.match(low, m.end()):
                before = low[max(0, m.start("v") - 12) : m.start("v")]
                if not _CODE_NOT_AFTER_RE.search(before):
                    return True
        found = search(low, at + 1)
    return False


_PIN_RE: Final = re.compile(
    r"(?:\bpin(?:[\s\-]?code)?|\bpincode|\bunlock\scode|código\sde\sdesbloque(?:o|io)|"
    r"code\sde\sdéverrouillage|entsperrcode|codice\sdi\ssblocco|пин-код|код\sразблокировки|"
    r"解锁码|ロック解除コード)\b[^.\n\d]{0,50}?"
    r"(?:\b(?:is|was|es|era|est|ist|lautet|è|é|to|это)\b|[:=是は])\s{0,2}(?P<v>\d{4,8})\b"
    r"(?!\s?(?:digits?|dígitos|chiffres|stellen|ziffern|cifre|characters|numbers|цифр|位|桁))"
)
# A header list (``OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=…,x-dataset=…``,
# ``headers: {x-api-key: …}``): headers carry authentication, so a generated value in
# one is a credential whatever the header is called.
_HEADER_LIST_RE: Final = re.compile(
    r"(?i)headers[\"']?\s?[=:]\s?[\"'{]?\s?(?P<body>[^\n\"'}]{4,600})"
)
_HEADER_PAIR_RE: Final = re.compile(
    r"(?P<name>[A-Za-z][\w.\-]{1,64})\s?[=:]\s?(?P<value>[^,;&]{4,400})"
)
_BENIGN_HEADERS: Final = frozenset(
    {"content-type", "accept", "user-agent", "x-honeycomb-dataset", "x-request-id",
     "x-scope-orgid", "x-tenant", "x-dataset", "content-encoding", "accept-encoding"}
)  # fmt: skip


def _header_list(text: str) -> bool:
    for m in _HEADER_LIST_RE.finditer(text):
        for pair in _HEADER_PAIR_RE.finditer(m.group("body")):
            if pair.group("name").lower() in _BENIGN_HEADERS:
                continue
            words = pair.group("value").split()
            if words and looks_machine_made(words[-1], min_len=16):
                return True
    return False


# Round 28: the credential maps of mail servers and similar daemons, named, with a line
# of them: Postfix's sasl_passwd (``[host]:port user:password``), Exim's passwd.client
# (``host:user:password``), pppd's chap-secrets / pap-secrets (``user * secret *``), the
# authinfo and msmtp files of mail clients. The value is judged as a password.
_CREDENTIAL_MAP_NAMES: Final = (
    "sasl_passwd", "sasl_password", "password_maps", "passwd.client", "client_passwd",
    "chap-secrets", "pap-secrets", "authinfo", "smtp_auth", "auth_users", "relay_passwd",
    "smarthost_passwd", "msmtprc", "passwd-file",
)  # fmt: skip
_MAP_HOST: Final = r"\[?(?:\*\.)?[A-Za-z0-9][\w*\-]*(?:\.[\w*\-]+)*\.[A-Za-z]{2,24}\]?"
_CREDENTIAL_MAP_LINE_RE: Final = re.compile(
    # host[:port] user:password (Postfix)
    rf"(?<![\w.@/\-]){_MAP_HOST}(?::\d{{1,5}})?[ \t]+"
    r"(?P<u1>[^\s:\[\]]{1,128}):(?P<p1>\S{4,128})"
    # host:user:password (Exim)
    rf"|(?<![\w.@/\-]){_MAP_HOST}[ \t]?:[ \t]?"
    r"(?P<u2>[^\s:/]{1,128})[ \t]?:[ \t]?(?P<p2>\S{4,128})"
    # user server secret addresses (pppd)
    r"|(?<![\w\-])\"?(?P<u3>[\w.@\-]{1,64})\"?[ \t]+(?:\*|[\w.\-]{1,64})[ \t]+"
    r"\"?(?P<p3>[^\s\"]{4,128})\"?[ \t]+(?:\*|\d[\d./]{6,})"
)
_MAP_VALUE_END: Final = "»\"'`.,;)”’"


def _credential_map_line(text: str) -> bool:
    for m in _CREDENTIAL_MAP_LINE_RE.finditer(text):
        value = (m.group("p1") or m.group("p2") or m.group("p3") or "").rstrip(_MAP_VALUE_END)
        if not is_placeholder(value) and looks_like_password(value):
            return True
    return False


# Round 28: a password manager's CSV export (Chrome, Firefox, Bitwarden, 1Password,
# KeePass): a header that names a password column, then a row; the row's field in that
# column is judged as a password. Without the header, in a text that names a CSV, a row
# written as name?, URL, user name, password (the browsers' and 1Password's order).
_CSV_HEADER_RE: Final = re.compile(
    r"(?<![\w,\"])\"?[a-z_ ]{2,20}\"?(?:,\"?[a-z_ ]{2,20}\"?){2,12}(?![\w,\"])", re.IGNORECASE
)
_CSV_PASSWORD_COLUMNS: Final = frozenset({"password", "login_password", "pass", "passwort", "pwd"})
_CSV_ROW_RE: Final = re.compile(r"(?<![\w,\"])[^\s,]{0,64}(?:,[^\s,]{0,128}){2,16}")
_CSV_URL_ROW_RE: Final = re.compile(
    r"(?:^|(?<=[\s:>\"'«(]))(?:[^\s,]{1,64},)?(?:https?://|www\.)[^\s,]{3,200},"
    r"(?P<user>[^\s,]{1,128}),(?P<pw>[^\s,]{4,128})(?=,|\s|$|[.;)»\"'])"
)


def _password_csv_row(text: str) -> bool:
    for header in _CSV_HEADER_RE.finditer(text):
        names = [n.strip(' "').lower() for n in header.group().split(",")]
        column = next((i for i, n in enumerate(names) if n in _CSV_PASSWORD_COLUMNS), None)
        if column is None:
            continue
        for row in _CSV_ROW_RE.finditer(text, header.end(), header.end() + 600):
            fields = [f.strip('"') for f in row.group().split(",")]
            if len(fields) > column and row.start() != header.start():
                value = fields[column].rstrip(".;")
                if not is_placeholder(value) and looks_like_password(value):
                    return True
    if "csv" not in text.lower():
        return False
    for m in _CSV_URL_ROW_RE.finditer(text):
        value = m.group("pw").rstrip(".;")
        if not is_placeholder(value) and looks_like_password(value):
            return True
    return False


_MAIL_USER_PASS_RE: Final = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+:(?P<p>\S+)")
_BRACKETED_HOST_RE: Final = re.compile(r"\[[A-Za-z0-9][\w\-]*(?:\.[\w\-]+)+\](?::\d{1,5})?")
_NETRC_RE: Final = re.compile(
    r"\blogin\s+\S{1,128}\s+password\s+(?P<value>\S{3,255})", re.IGNORECASE
)
_COOKIE_PAIR_RE: Final = re.compile(
    r"(?<![\w.\-])(?P<name>[A-Za-z_.][\w.\-]{1,64})=(?P<value>[A-Za-z0-9%._~+/=:\-]{16,4096})"
)
_SESSION_NAME_RE: Final = re.compile(
    r"(?:^|[_.\-])sess(?:ion)?(?:[_\-]?(?:id|key|token))?$|sessid$"
)
_K8S_DATA_RE: Final = re.compile(r"\b(?:data|stringData)\s?:", re.IGNORECASE)
_K8S_VALUE_RE: Final = re.compile(
    r"(?:^|\n|\s)[\w.\-]{1,64}:\s{1,3}[\"']?(?P<value>[A-Za-z0-9+/]{8,}={0,2})[\"']?(?=\s|$)"
)


def _in_template(text: str, at: int) -> bool:
    """Whether ``at`` is inside a ``{{ … }}`` template expression (Go, Jinja, Helm)."""
    opened = text.rfind("{{", max(0, at - 60), at)
    return opened != -1 and text.find("}}", opened, at) == -1 and "}}" in text[at : at + 60]


# --- round 8: values judged by their shape --------------------------------------------------
# Vendor lists grow after the fact; these judge the value where the text says what it is
# by shape alone.

# A prefix with a part that says "secret" (``tfl_live_…``, ``acct_key_…``, ``whs_…``),
# then a generated body. Non-secret ids (``ch_…``, ``cus_…``, ``pi_…``) have no such part.
_GENERIC_PREFIX_ANCHORS: Final = (
    "_live_", "_prod_", "sk_", "pk_", "rk_", "_pat_", "pat_", "_secret_", "secret_", "_key_",
    "key_", "_token_", "token_", "tok_", "_api_", "api_", "_auth_", "auth_", "access_",
    "whs_", "_wh_", "hook_", "deploy_", "dpl_", "sess_", "refresh_", "priv_", "sk-",
    "-live-", "-prod-", "key-", "token-", "secret-", "pat-",
)  # fmt: skip
_SECRETISH_PARTS: Final = frozenset(
    {"sk", "pk", "rk", "live", "prod", "secret", "key", "token", "tok", "pat", "api", "auth",
     "access", "priv", "private", "wh", "whs", "whsec", "hook", "deploy", "dpl", "sess",
     "session", "refresh", "signing", "bearer", "apikey", "cred", "creds"}
)  # fmt: skip
_TOKEN_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_PART_SPLIT_RE: Final = re.compile(r"[_\-]")


def _token_around(text: str, pos: int) -> str:
    """The run of token characters around ``pos``; empty when a mask follows it
    (``bedrock-api-key-YmVk…********``: the shown part is the fixed start of a masked key)."""
    start = pos
    while start > 0 and text[start - 1] in _TOKEN_CHARS and pos - start < 64:
        start -= 1
    end = pos
    while end < len(text) and text[end] in _TOKEN_CHARS and end - pos < 512:
        end += 1
    if text[end : end + 1] in ("*", "•", "…", "●") or text.startswith("...", end):
        return ""
    return text[start:end]


def _generic_prefixed(text: str, positions: list[int]) -> bool:
    seen: set[str] = set()
    for pos in positions[:_MAX_KEYWORDS]:
        token = _token_around(text, pos)
        if token in seen or len(token) < 24:
            continue
        seen.add(token)
        parts = _PART_SPLIT_RE.split(token)
        for i, part in enumerate(parts[:-1]):
            if not part or len(part) > 12 or not part[0].isalpha():
                break  # the prefix is a few short words; a long part is the body
            if part.lower() not in _SECRETISH_PARTS:
                continue
            body = "".join(parts[i + 1 :])
            if (
                len(body) >= 20
                and not is_placeholder(body)
                and looks_machine_made(body, min_len=20)
                and _mixed_enough(body)
            ):
                return True
            break
    return False


# "the service account's key is 9Fq…/…+…": a bare "key", "secret" or "token" stated with a
# copula or a colon, and a long generated value (not a hex digest: those are cache keys).
_BARE_KEY_ANCHORS: Final = (
    " key is ",
    " key was ",
    " key: ",
    " keys are ",
    " key = ",
    " key reads ",
)
_BARE_KEY_RE: Final = re.compile(
    r"(?i)(?<![\w-])key(?:s)?\s(?:is|was|are|reads|=|:)\s{1,3}[`\"'“]?"
    r"(?P<value>[A-Za-z0-9+/=_\-.~]{24,512})"
)


def _bare_key(text: str) -> bool:
    for m in _BARE_KEY_RE.finditer(text):
        value = m.group("value").rstrip(".")
        if _HEX_VALUE_RE.fullmatch(value) or _UUID_PART_RE.fullmatch(value):
            continue  # a digest or an id (a cache key, a message key), not a secret
        if looks_machine_made(value, min_len=24) and _mixed_enough(value):
            return True
    return False


_HEX_VALUE_RE: Final = re.compile(r"[0-9a-fA-F]+")

# A webhook's secret in its path or host (decision: credential): a URL with "hook" in it
# (or a deploy hook, a Pipedream endpoint, a Bitrix24 REST hook) and a generated part.
_HOOK_ANCHORS: Final = ("hook", "/deploy/", ".pipedream.net", "/rest/")
_URL_RE: Final = re.compile(r"https?://[^\s\"'<>`)\]]{8,2048}")
_UUID_PART_RE: Final = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")


def _hook_url(text: str) -> bool:
    for m in _URL_RE.finditer(text):
        url = m.group().rstrip(".,;:")
        low = url.lower()
        host = low.partition("://")[2].partition("/")[0]
        if not (
            "hook" in low
            or "/deploy/" in low
            or host.endswith(".pipedream.net")
            or re.search(r"/rest/\d+/", low)
        ):
            continue
        original = url.partition("://")[2]
        parts = [p for p in re.split(r"[/?#&=@.]", original) if p]
        if host.endswith(".pipedream.net"):
            parts = [original.split(".", 1)[0], *parts]
        for part in parts[1:] if not host.endswith(".pipedream.net") else parts:
            if _doc_id(part) or is_placeholder(part):
                continue
            if _UUID_PART_RE.fullmatch(part):
                return True
            if len(part) >= 12 and looks_machine_made(part, min_len=12) and _mixed_enough(part):
                return True
    return False


# Connection strings written with their escaping: ADO.NET braces (``Password={Pa;ss}}w}``,
# ``}}`` an escaped brace) and Oracle EZConnect (``scott/T1ger#Pwd@//host:1521/svc``).
_CONNSTR_ANCHORS: Final = ("password={", "pwd={", "password = {", "@//")
_ADO_BRACED_RE: Final = re.compile(
    r"(?i)\b(?:password|pwd)\s?=\s?\{(?P<value>(?:[^}\n]|\}\}){1,128})\}"
)
_EZCONNECT_RE: Final = re.compile(
    r"(?<![\w/])[A-Za-z][\w$#]{0,29}/(?P<value>[^\s/@\"']{3,64})@//[A-Za-z0-9][\w.\-]*(?::\d{1,5})?/"
)


def _connection_string(text: str) -> bool:
    for m in _ADO_BRACED_RE.finditer(text):
        value = m.group("value").replace("}}", "}")
        if (
            not is_placeholder(value)
            and not is_reference("{" + value + "}")
            and (looks_like_password(value) or ";" in value)
        ):
            return True
    return any(looks_like_password(m.group("value")) for m in _EZCONNECT_RE.finditer(text))


# A TOTP seed as authenticator apps print it for manual entry: four or more groups of
# four base32 characters, named as a 2FA/TOTP secret or key nearby; or (round 19) the
# same seed written as one run of 16 to 64 base32 characters ("la semilla TOTP de la
# cuenta: JBSWY3DP…"). 2FA words are often the ASCII acronyms in every language; the
# words for it in other scripts are listed too.
_TOTP_ANCHORS: Final = (
    "2fa",
    "totp",
    "two-factor",
    "authenticator",
    "mfa ",
    "otp ",
    "autenticador",
    "authentificateur",
    "autenticatore",
    "authenticatie",
    "zwei-faktor",
    "2-faktor",
    "двухфактор",
    "аутентификатор",
    "二段階認証",
    "2段階認証",
    "双重验证",
    "双因素",
    "两步验证",
    "二次验证",
    "2단계 인증",
    "이중 인증",
    "otp-",
    # round 20: every language of rules/credential_words.toml
    *world_words("totp"),
)
_TOTP_GROUPS_RE: Final = re.compile(
    r"(?<![A-Za-z0-9])(?:[A-Z2-7]{4}[ \-]){3,7}[A-Z2-7]{4}(?![A-Za-z0-9])"
)
_TOTP_RUN_RE: Final = re.compile(r"(?<![A-Za-z0-9_\-/+])[A-Z2-7]{16,64}={0,6}(?![A-Za-z0-9_\-/+])")
# What the seed is called: secret, key, seed, code, setup, in the languages of the
# anchors above (the 2FA word alone may be an app's name: "the Authenticator app").
_TOTP_SECRET_WORDS: Final = (
    "secret", "key", "seed", "code", "setup", "semilla", "clave", "secreto", "código",
    "codigo", "semente", "chave", "segredo", "graine", "clé", "cle ", "secrète", "seme",
    "chiave", "segreto", "codice", "schlüssel", "geheimnis", "sleutel", "geheim",
    "секрет", "ключ", "код", "シークレット", "キー", "シード", "密钥", "秘钥", "种子",
    "密鑰", "시크릿", "키", "시드",
    # round 20: every language of rules/credential_words.toml ("TOTP-siemen")
    *world_words("seed"),
)  # fmt: skip


# round 20: an AK/SK pair assigned under names that say so (``obs_ak: …`` and
# ``obs_sk: …``, ``HUAWEICLOUD_SDK_AK``/``_SK``, ``"ak": …, "sk": …``). Huawei Cloud,
# Tencent, Baidu, Volcengine, Qiniu and other clouds call their key pair AK/SK; an access
# key id of 16-40 upper-case letters and digits next to a secret of 30-64 generated
# characters is the pair whatever the vendor. The pair, not one half: an AK alone is
# an id.
_AKSK_ANCHORS: Final = ("_sk", ".sk", "-sk", '"sk"', "'sk'", " sk:", " sk=", "(sk:", "\tsk:")
_AK_RE: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_.\-])*(?:ak|access[_\-]?key[_\-]?id)[\"']?"
    r"\s{0,3}[:=]\s{0,3}[\"']?(?P<v>[A-Za-z0-9]{16,40})(?![A-Za-z0-9+/=])"
)
_SK_RE: Final = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_.\-])*sk[\"']?"
    r"\s{0,3}[:=]\s{0,3}[\"']?(?P<v>[A-Za-z0-9+/]{30,64})(?![A-Za-z0-9+/=])"
)


# Round 31: the login line of a line protocol, the passcode in it. APRS-IS and CWOP
# ("user CALL-SSID pass 12345 vers app 1.0": the passcode is the network's password for
# that call sign; -1 logs in receive-only and is no secret), and the USER / PASS commands
# of POP3, FTP and IRC one after the other ("USER ops\r\nPASS T0psecret!").
_APRS_LOGIN_RE: Final = re.compile(
    r"(?i)(?<![\w-])user\s+[A-Za-z0-9]{3,9}(?:-[A-Za-z0-9]{1,2})?\s+pass\s+(?P<v>-?\d{1,5})(?!\w)"
)
_USER_PASS_COMMANDS_RE: Final = re.compile(
    r"(?<![\w-])USER\s+[^\s\\]{1,64}(?:\s|\\r|\\n|;|\|)+PASS\s+(?P<v>[^\s\\]{4,128})"
)


def _protocol_login_line(text: str) -> bool:
    for m in _APRS_LOGIN_RE.finditer(text):
        if not m.group("v").startswith("-"):
            return True
    for m in _USER_PASS_COMMANDS_RE.finditer(text):
        value = m.group("v").rstrip(".,;")
        if not is_reference(value) and looks_like_password(value):
            return True
    return False


# A word written in one script other than Latin (Cyrillic, Greek …), letters only.
_FOREIGN_WORD_RE: Final = re.compile(r"[^\W\d_a-zA-Z]{2,}")


def _folded_foreign_words(ctx: Context, end: int) -> bool:
    """Round 32: whether the skeleton differs from the text as written, after ``end``,
    only inside words of letters that are none of them Latin (a Russian word whose а, б,
    о, е the skeleton made a, 6, o, e). A value mixing scripts or holding digits differs
    elsewhere, and is still read in the skeleton."""
    plain, skeleton = ctx.plain, ctx.text
    if len(plain) != len(skeleton) or plain == skeleton:
        return False
    stop = min(len(plain), end + 120)
    changed = [i for i in range(end, stop) if plain[i] != skeleton[i]]
    if not changed:
        return False
    words = [m.span() for m in _FOREIGN_WORD_RE.finditer(plain, end, stop)]
    return all(any(a <= i < b for a, b in words) for i in changed)


def _aksk_pair(text: str) -> bool:
    for sk in _SK_RE.finditer(text):
        secret = sk.group("v")
        if not looks_machine_made(secret) or is_placeholder(secret):
            continue
        window = text[max(0, sk.start() - 300) : sk.end() + 300]
        for ak in _AK_RE.finditer(window):
            key_id = ak.group("v")
            # an access key id: upper-case letters and digits, both present
            if key_id.isupper() and any(c.isdigit() for c in key_id):
                return True
    return False


def _totp_groups(text: str, low: str) -> bool:
    for m in _TOTP_GROUPS_RE.finditer(text):
        if not _totp_named(low, m.start()):
            continue
        groups = m.group().replace("-", " ").split()
        if len(set(groups)) == len(groups) and entropy("".join(groups)) >= 3.0:
            return True
    for m in _TOTP_RUN_RE.finditer(text):
        run = m.group().rstrip("=")
        digits = sum(c.isdigit() for c in run)
        # a seed is random base32: digits 2-7 among the letters, no long word in it
        if digits < 2 or digits > len(run) // 2 or entropy(run) < 3.5:
            continue
        if _totp_named(low, m.start()):
            return True
    return False


def _totp_named(low: str, start: int) -> bool:
    window = low[max(0, start - 160) : start]
    return any(a in window for a in _TOTP_ANCHORS) and any(w in window for w in _TOTP_SECRET_WORDS)


# Words before "token"/"key" that make it a pagination cursor or a continuation marker.
_PAGINATION_BEFORE_RE: Final = re.compile(
    r"(?:continuation|next|page|pagination|paging|sync|resume|skip|delta|change|"
    r"starting|start|cursor|nextpage|next_page)[\s_\-]?\Z"
)
