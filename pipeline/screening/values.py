"""Does a value look like a secret? Shared by every keyword-anchored check.

A keyword (``password``, ``token``, ``Passwort``, ``密码`` ...) says where a secret could
be; the value next to it decides whether one is there. Three grades:

* :func:`is_reference` - not a value at all: a placeholder (``<your-api-key>``,
  ``YOUR_API_KEY``, ``[REDACTED]``, ``********``, ``xxxx``), a variable reference
  (``${DB_PASS}``, ``$TOKEN``, ``%PASS%``, ``{{ secrets.X }}``), a call
  (``getpass.getpass()``, ``os.environ["X"]``) or a dotted name (``settings.SECRET_KEY``).
* :func:`looks_like_password` - good enough after an explicit ``password is``/``=``/``:``:
  at least 6 characters with letters and digits or symbols (``hunter2``, ``Tr0ub4dor&3``),
  not a plain word, identifier, number or well-known technical term.
* :func:`looks_machine_made` - what a token, key or secret value looks like: long enough,
  several character classes or a hex/base64 run, enough entropy, not an identifier
  (``max_token_count``, ``PasswordResetController``) or a date or version.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections import Counter
from typing import Final

from pipeline.screening.normalise import skeleton_table

__all__ = [
    "OPEN_QUOTES",
    "entropy",
    "fold_lookalikes",
    "is_placeholder",
    "is_reference",
    "looks_like_password",
    "looks_machine_made",
    "strip_value",
]

# round 18: the low-9 quotes of German, Czech, Polish and Baltic text („…“, ‚…‘) and the
# single guillemets ‹…› quote a value as well ("… lautet „Tx8@…“").
_QUOTES_AND_PUNCT: Final = "\"'`“”‘’«»„‚‹›‟「」『』"
# round 13: the Arabic comma, semicolon and question mark and the Devanagari danda end a
# value too ("… هي FDyrnDQ^jW%SmI0l3HI، سأطلب …", batch 21)
# What can open a quoted value in prose.
# (Not 「『: a CJK quote holds words as often as a value, "パスフレーズは「長い文にする」".)
OPEN_QUOTES: Final = "\"'`«»“”‘„‚‹"
_TRAILING: Final = ".,;:!?)]}>" + _QUOTES_AND_PUNCT + "。，、；：！？）」』" + "،؛؟।॥"
_LEADING: Final = "([{<" + _QUOTES_AND_PUNCT + "（「『"


def strip_value(value: str) -> str:
    """The value without the quotes and sentence punctuation around it."""
    value = value.strip()
    while value and value[-1] in _TRAILING:
        # A trailing ``=`` run is base64 padding, kept; a closing bracket that opened in
        # the value (``f(x)``) is kept so calls stay recognisable.
        if value[-1] in ")]}>" and {")": "(", "]": "[", "}": "{", ">": "<"}[value[-1]] in value:
            break
        value = value[:-1]
    while value and value[0] in _LEADING:
        if value[0] in "([{<" and {"(": ")", "[": "]", "{": "}", "<": ">"}[value[0]] in value:
            break
        value = value[1:]
    return value


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


# --- not a value -------------------------------------------------------------------------

_PLACEHOLDER_RE: Final = re.compile(
    r"""
    ^(?:
      <[^<>]{1,80}>                                  # <your-api-key>, <PASSWORD>
    | [\[(][^\[\]()]{0,40}(?:redact|hidden|mask|remov|secret|password|token|key|omit|censor
      |filter|scrub|saniti[sz]|strip|elide|elision|obfuscat|truncat|suppress|withheld
      |sensitive|anonymi[sz]|hash|protect|private|confidential|not\sshown|hidden)
      [^\[\]()]{0,40}[\])]                            # [REDACTED], [Filtered], (scrubbed)
    | \{\{[^{}]{1,120}\}\}                           # {{ secrets.X }}, {{password}}
    | \$\{\{?[^{}]{1,120}\}?\}                       # ${DB_PASS}, ${{ secrets.X }}
    | \$\(?[A-Za-z_][A-Za-z0-9_]{0,80}\)?            # $TOKEN, $(TOKEN)
    | \$env:[A-Za-z_][A-Za-z0-9_]{0,80}              # PowerShell $env:TOKEN
    | %[A-Za-z_][A-Za-z0-9_]{0,80}%                  # %PASSWORD%
    | \#\{[^{}]{1,80}\}                              # Ruby #{token}
    | <%=?[^%]{1,80}%>                               # ERB
    | \{[A-Za-z_][A-Za-z0-9_.-]{0,80}\}              # {token}, {api_key}
    | :[a-z_][a-z0-9_]{1,80}                         # :token (route/SQL parameter)
    | @[A-Za-z_][A-Za-z0-9_]{0,80}                   # @password (SQL parameter)
    | ENC\[.{1,200}\]                                # encrypted-value wrappers
    )$
    """,
    re.VERBOSE | re.IGNORECASE,
)
# What stands where a value was taken out: masks and log scrubbers' words (round 24: Rails
# and Sentry "[FILTERED]", "scrubbed", "sanitized"); not a value, alone or inside a mask.
_SCRUBBED: Final = frozenset(
    [
        "hidden",
        "masked",
        "redacted",
        "removed",
        "omitted",
        "filtered",
        "scrubbed",
        "sanitized",
        "sanitised",
        "obfuscated",
        "elided",
        "withheld",
        "secret",
    ]
)
# Words that describe a value instead of being one (``password: required``), in lower case.
_NOT_VALUES: Final = frozenset(
    [
        # where a secret is kept, not what it is
        "localstorage",
        "sessionstorage",
        "indexeddb",
        "keychain",
        "keystore",
        "httponly",
        "httponly-cookie",
        "httponly-cookies",
        "http-only-cookie",
        "none",
        "null",
        "nil",
        "undefined",
        "true",
        "false",
        "yes",
        "no",
        "on",
        "off",
        "empty",
        "blank",
        "required",
        "optional",
        *_SCRUBBED,
        "password",
        "passwd",
        "pwd",
        "pass",
        "token",
        "key",
        "apikey",
        "api_key",
        "value",
        "string",
        "str",
        "text",
        "int",
        "integer",
        "bool",
        "boolean",
        "number",
        "varchar",
        "char",
        "bytes",
        "field",
        "input",
        "output",
        "default",
        "example",
        "sample",
        "placeholder",
        "changeme",
        "dummy",
        "test",
        "testing",
        "todo",
        "tbd",
        "fixme",
        "xxx",
        "unknown",
        "unset",
        "env",
        "environment",
        "variable",
        "config",
        "settings",
        "secretstr",
        "secretbytes",
        "sensitive",
        "private",
        "public",
        "here",
        "there",
        "same",
        "see",
        "below",
        "above",
    ]
)
# ``getpass.getpass()``, ``os.environ["X"]``, ``process.env.X``, ``settings.SECRET_KEY``,
# ``self.password``, ``config.get('x')``, ``Secret(...)``, ``vault:secret/data/x#key``.
_CALL_OR_NAME_RE: Final = re.compile(
    r"""
    ^(?:
      [A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*\s?\((?:[^()]*|.*\))  # a call: getpass(), f(x)
    | [A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*\[.*\]?         # an index: os.environ["X"]
    | [A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+                # a dotted name: settings.KEY
    | (?:vault|ref|secret|secrets|ssm|arn|env|aws-sm|gcp-sm|op|sops|kms):[^\s]{1,200}
    )$
    """,
    re.VERBOSE,
)
_RANDOM_SEGMENT_RE: Final = re.compile(
    r"^(?=[A-Za-z0-9_]{8,}$)(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?![A-Z][a-z]+(?:[A-Z][a-z]+)*\d{0,2}$)"
    r"(?![A-Za-z]+(?:_[A-Za-z]+)*\d{0,2}$)"
)
# Inside a mask (``***REDACTED***``, ``__hidden__``), "censored" too.
_SCRUB_WORDS: Final = _SCRUBBED | {"censored"}
_MASK_CHARS: Final = frozenset("*•●·xX#.…-_0?")


def is_placeholder(value: str) -> bool:
    """True when ``value`` only holds the place of a secret: a template variable, a mask."""
    v = strip_value(value)
    if not v:
        return True
    if set(v) <= _MASK_CHARS:  # ********, xxxx
        return True
    inner = v.strip("*#_~=-")
    if inner != v and inner.lower() in _SCRUB_WORDS:
        return True  # round 24: **FILTERED**, ***REDACTED***, __hidden__: a mask
    if _PLACEHOLDER_RE.match(v):  # ${X}, <key>, $TOKEN
        # ``$Ckg4NpWw_cAhU`` has a shell variable's shape, but no one names a variable
        # like that: a value that starts with "$" and mixes case and digits at random.
        return not (v.startswith("$") and _RANDOM_SEGMENT_RE.match(v[1:].strip("()")))
    # YOUR_API_KEY, your-token-here, INSERT_KEY_HERE, <redacted> spelled out; TOKEN,
    # SPACE_ID, REPLACE_ME: a capitalised name of what goes there
    # Round 31: an article or a possessive ahead of a generated body ("a-XQFX…0eVS5…",
    # a Qiniu access key) is the value's first letter, not "a token here".
    return (
        (
            bool(_PLACEHOLDER_WORDS_RE.search(v.lower()))
            and not any(
                len(seg) >= 16 and _RANDOM_SEGMENT_RE.match(seg) for seg in re.split(r"[\-: ]", v)
            )
        )
        or bool(_CAMEL_PLACEHOLDER_RE.match(v))
        or bool(_CAPS_PLACEHOLDER_RE.match(v))
    )


def is_reference(value: str) -> bool:
    """True when ``value`` is a placeholder, a reference or a call, not a secret."""
    v = fold_lookalikes(strip_value(value))
    if not v or is_placeholder(v):
        return True
    low = v.lower()
    if low in _NOT_VALUES or _SECRET_NAME_RE.match(v):
        return True
    if _WORD_DOT_WORD_RE.match(v):
        # ``ember.Lantern47``, ``glacier.Orbit57`` (batch 19): two words joined by a dot,
        # the second capitalised and ending in digits, is how people build passwords;
        # attribute names are not capitalised words with a number.
        return False
    if _CALL_OR_NAME_RE.match(v):
        # ``settings.SECRET_KEY`` is a name; ``s.wgTEKw22ldxbtsqZpBQtxDoG`` (Vault) and
        # ``f.a5KYMr6ZXN4n`` are values with a dot: a segment mixing case and digits that
        # is no identifier makes the whole a value.
        return not any(_RANDOM_SEGMENT_RE.match(seg) for seg in re.split(r"[.(\[]", v))
    return len(set(low)) <= 2 and len(v) >= 4  # aaaa, abababab


_WORD_DOT_WORD_RE: Final = re.compile(r"^[a-z]{3,12}\.[A-Z][a-z]{2,12}\d{2,4}$")
# A variable's name that ends in the secret it holds (``TF_VAR_db_password``,
# ``DB_PASSWORD``, ``stripe_secret_key``) names where the value comes from; it is no value.
_SECRET_NAME_RE: Final = re.compile(
    r"^(?:[A-Za-z]{1,24}_)+(?:password|passwd|pwd|pass|passphrase|secret|token|key|"
    r"api_?key|access_?key|secret_?key|credentials?)$",
    re.IGNORECASE,
)
_PLACEHOLDER_WORDS_RE: Final = re.compile(
    r"^(?:your|my|our|their|the|a|an|some|insert|put|enter|replace|paste|add|example|"
    r"sample|dummy|fake|test|placeholder)[_\- ]"
    r"|[_\- ](?:here|goes[_\- ]here|placeholder|redacted)$"
    r"|^(?:redacted|placeholder|changeme|change[_\-]me|replace[_\-]?me|xxx+|tbd|todo)"
    # "change this" in the contract's other languages (cambia_esto, changez-moi, ändern)
    r"|^(?:cambia[_\-]?esto|c[aá]mbiame|cambiar[_\-]?esto|changez[_\-]?moi|[aà][_\-]changer|"
    r"bitte[_\-]?[aä]ndern|aendern|[aä]ndern|mude[_\-]?isso|troque[_\-]?isso|altere[_\-]?isso|"
    r"cambiami|da[_\-]?cambiare|wijzig[_\-]?dit|zmie[nń][_\-]?to)$"
    r"|x{5,}|\*{3,}|•{3,}|█{2,}|<redacted>|\.\.\.|…"
)
_CAPS_PLACEHOLDER_RE: Final = re.compile(
    r"^[A-Z_]{0,30}(?:TOKEN|KEY|SECRET|SIGNATURE|SIG|PASSWORD|PASS|PASSPHRASE|ID|CODE|VALUE|"
    r"REPLACE_ME|CHANGE_ME|HERE)[A-Z_]{0,30}$"
)
# Documentation's camel-case stand-ins: myPassword, yourSecretKey, exampleToken (letters
# only: ``myPassw0rd!`` is a value).
_CAMEL_PLACEHOLDER_RE: Final = re.compile(
    r"^(?:my|your|our|the|some|example|sample|dummy|fake|test|new|strong|secure)"
    r"(?:[A-Z][a-z]+){1,4}$"
)


# --- what a value looks like -------------------------------------------------------------

_WORD_RE: Final = re.compile(r"^(?:[A-Z]?[a-z]+|[A-Z]{1,12})$")  # word, Word, WORD
# hunter2, Summer2024, 2FAST: a word and a number. Letters whose case switches inside
# (``58kbwtTeQz``, a 10-character client secret, round 17) are not a word.
_WORD_DIGITS_RE: Final = re.compile(
    r"^(?:(?:[A-Z]?[a-z]+|[A-Z]+)\d{1,4}|\d{1,4}(?:[A-Z]?[a-z]+|[A-Z]+))$"
)
_IDENTIFIER_RE: Final = re.compile(
    r"^(?:[a-z][a-z0-9]*(?:[_\-.][a-z0-9]+)+"  # snake / kebab / dotted: max_token_count
    r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"  # SCREAMING_SNAKE: DB_PASSWORD
    r"|[a-z]+(?:[A-Z][a-z0-9]+)+"  # camelCase: apiKeyName
    r"|(?:[A-Z][a-z]+)+(?:[A-Z][a-z]+|\d{1,2})?)$"  # PascalCase: PasswordResetController
)
_WORDS_JOINED_RE: Final = re.compile(r"^[A-Za-z]{2,}(?:[:/|][A-Za-z]{2,}){1,8}$")
_NUMBERISH_RE: Final = re.compile(
    r"^(?:[+\-]?[\d.,:/\-_ ]+[a-zA-Z%]{0,3}"  # 1500, 10.2.1, 2026-01-01, 12:30, 3/4, 12ms
    r"|v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?"  # v1.2.3-beta
    r"|\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+\-]\d\d:?\d\d)?)?)$"
)
_DICEWARE_RE: Final = re.compile(
    r"^(?=(?:.*\d){2})(?:[^\W\d_]{2,12}[-_.]){2,7}(?:[^\W\d_]{2,12}[-_.])?\d{2,6}$"
    r"|^(?=(?:.*\d){2})\d{2,6}(?:[-_.][^\W\d_]{2,12}){3,8}$"
)
_POSSESSIVE_RE: Final = re.compile(r"^[A-Za-z]+['’](?:s|t|d|ll|re|ve|m)$")
# Round 25: a word of any script written with an apostrophe letter inside (Uzbek's o‘ and
# g‘, "o‘zgartirildi"; Ukrainian "пам'ять"; Italian "dell'utente"; Hawaiian ʻokina):
# lower-case letters (the first may be a capital) and apostrophe marks only.
_APOSTROPHE_WORD_RE: Final = re.compile(r"^[^\W\d_][^\W\d_]*(?:['’‘ʻʼ`][^\W\d_]+)+$")
_NAME_PARTS_RE: Final = re.compile(r"^(?:[A-Za-z][a-z]*[A-Z]*[a-z]*-){2,}[A-Za-z]+(?:-?\d{1,3})?$")
# round 18: two words joined by one hyphen (``Passwort-Manager``, ``WLAN-Schlüssel``,
# ``Zero-Trust``): a compound noun, not a generated value. Round 28: a word may end in a
# brand's capitals (``BankID-koder``, ``PayPal-Konto``, ``iCloud-Schlüssel``).
_TWO_WORDS_RE: Final = re.compile(
    r"^(?:[a-z]?[A-ZÀ-Þ]?[a-zß-ÿ]{2,}(?:[A-ZÀ-Þ][a-zß-ÿ]{2,}|[A-ZÀ-Þ]{2,4})?|[A-ZÀ-Þ]{2,6})"
    r"-(?:[A-ZÀ-Þ]?[a-zß-ÿ]{2,}|[A-ZÀ-Þ]{2,6})$"
)
_UUID_RE: Final = re.compile(r"^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$")
_HEX_RE: Final = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
_B64_RE: Final = re.compile(r"^[A-Za-z0-9+/_\-]+={0,3}$")
# Words people put after "password"/"key" that are names of things, not values.
_TECH_TERMS: Final = frozenset(
    [
        "argon2",
        "argon2id",
        "argon2i",
        "argon2d",
        "pbkdf2",
        "bcrypt",
        "scrypt",
        "sha1",
        "sha-1",
        "sha256",
        "sha-256",
        "sha512",
        "sha-512",
        "sha3",
        "md5",
        "aes128",
        "aes256",
        "aes-128",
        "aes-256",
        "aes-256-gcm",
        "rsa2048",
        "rsa4096",
        "ed25519",
        "x25519",
        "secp256k1",
        "wpa2",
        "wpa3",
        "wpa2-psk",
        "wpa3-sae",
        "oauth2",
        "oauth2.0",
        "openid",
        "fido2",
        "u2f",
        "totp",
        "hotp",
        "webauthn",
        "passkey",
        "passkeys",
        "2fa",
        "mfa",
        "sso",
        "saml",
        "saml2",
        "ldap",
        "ldaps",
        "kerberos",
        "ntlm",
        "ntlmv2",
        "pci-dss",
        "hipaa",
        "gdpr",
        "iso27001",
        "soc2",
        "nist",
        "sp800-63b",
        "owasp",
        "utf-8",
        "utf8",
        "base64",
        "base32",
        "hex",
        "x509",
        "x.509",
        "pkcs1",
        "pkcs8",
        "pkcs12",
        "pkcs#1",
        "pkcs#8",
        "pkcs#12",
        "jwt",
        "jws",
        "jwe",
        "jwk",
        "jwks",
        "hs256",
        "hs384",
        "hs512",
        "rs256",
        "rs384",
        "rs512",
        "es256",
        "es384",
        "ps256",
        "http2",
        "http3",
        "tls1.2",
        "tls1.3",
        "ssl3",
        "ipv4",
        "ipv6",
        "1password",
        "keepassxc",
        "keepass",
        "bitwarden",
        "lastpass",
        "dashlane",
        "gpt-4",
        "gpt-4o",
        "gpt4",
        "gpt-3.5",
    ]
)


def _classes(value: str) -> tuple[int, bool, bool, bool, bool]:
    lower = upper = digit = symbol = False
    for ch in value:
        if ch.isdigit():
            digit = True
        elif ch.isalpha():
            if ch.isupper():
                upper = True
            else:
                lower = True
        else:
            symbol = True
    return lower + upper + digit + symbol, lower, upper, digit, symbol


# ``name=value`` inside a value (``--from-literal=password=$X``, ``a=1&b=2``): the name is
# word-shaped (lower, UPPER, snake or camel case, 3 characters at least) and starts the
# value or follows a separator. A password with "=" among its symbols (``Ry=oZF0Xi@c``,
# ``du^H=179=QvN*``, batch 20) has no such name before it (round 12; the rule was any
# letter before "=").
_ASSIGNMENT_INSIDE_RE: Final = re.compile(
    r"(?:^|[\-&;,?/:])(?:[a-z_][a-z0-9_.\-]{2,}|[A-Z_][A-Z0-9_]{2,}|[a-z]+(?:[A-Z][a-z0-9]+)+"
    r"|[A-Z][a-z]+(?:[A-Z][a-z0-9]+)*[a-z0-9])=[^=\s]"
)


def _latin(v: str) -> bool:
    """ASCII, or Latin letters with diacritics among ASCII (``Kacsa#Tó2024``,
    ``Sauna!Järvi42``: a password typed on a Finnish or Hungarian keyboard)."""
    if v.isascii():
        return True
    return all(c.isascii() or (c.isalpha() and "LATIN" in unicodedata.name(c, "")) for c in v)


def _national_as_latin(v: str) -> str:
    """A password typed on a Cyrillic or Greek keyboard (``Берёза404!yiYC``) read as one
    of Latin letters, when it also has an ASCII digit and an ASCII symbol or letter (a
    word of that script with a number, ``Версия2``, stays a word)."""
    if _latin(v):
        return v
    ok = all(
        c.isascii() or (c.isalpha() and unicodedata.name(c, "").startswith(("CYRILLIC", "GREEK")))
        for c in v
    )
    has_digit = any(c.isascii() and c.isdigit() for c in v)
    has_other = any(c.isascii() and not c.isdigit() for c in v)
    if not (ok and has_digit and has_other):
        return v
    return "".join(c if c.isascii() else ("A" if c.isupper() else "a") for c in v)


_ROOTED_PATH_RE: Final = re.compile(
    r"(?:%[A-Za-z_][A-Za-z0-9_]*%|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|[A-Za-z]:)[\\/][A-Za-z0-9_.]"
)


_ONE_BRACE_RE: Final = re.compile(r"[^(){}$]+[{}][^(){}$]+")


def _not_a_secret_shape(v: str) -> bool:
    low = v.lower()
    return (
        not _latin(v)
        or v[0] in "-)]},;("
        or _ASSIGNMENT_INSIDE_RE.search(v) is not None  # --from-literal=password=$X
        # a call or a template ("getpass()", "{token}", "${VAR:?unset}"); one brace
        # inside a value without "$" is a symbol of it (round 21: "6O2MX2}Ch", a
        # percent-decoded %7D)
        or (any(c in v for c in "(){}") and not _ONE_BRACE_RE.fullmatch(v))
        or low in _TECH_TERMS
        or _NUMBERISH_RE.match(v) is not None
        or "://" in v
        or v.startswith(("./", "../", "~/"))
        # round 20: a path rooted in an environment variable or a drive
        # (``%APPDATA%\gcloud\…``, ``$JENKINS_HOME/jobs/…``, ``C:\Users\…``) is a place
        or _ROOTED_PATH_RE.match(v) is not None
        # a path, unless one run of base64 that happens to start with "/"
        or (v.startswith("/") and (len(v) < 24 or "/" in v[1:] or "." in v))
        or ("@" in v and "." in v.rsplit("@", 1)[-1] and ":" not in v)  # an e-mail address
    )


def fold_lookalikes(v: str) -> str:
    """A value mixing Latin letters with Cyrillic or Greek look-alikes (``mаrlin.Lаntern95!``
    with a Cyrillic а, batch 19) read with the look-alikes made Latin: a word of one
    script stays as it is."""
    if v.isascii() or not any(c.isascii() and c.isalpha() for c in v):
        return v
    return v.translate(skeleton_table())


def _any_script_word(v: str) -> bool:
    """Round 28: a word of any alphabet written as a word (lower case, capitalised or all
    capitals): "Wyjaśniłem", "Größe". ``_WORD_RE`` reads ASCII only, so a capitalised
    word with a diacritic passed for a password of lower and upper case."""
    return v.isalpha() and (v[1:].islower() or (v.isupper() and len(v) <= 12))


def looks_like_password(value: str) -> bool:
    """After an explicit ``password is``/``=``/``:``: does the value look like one?"""
    v = fold_lookalikes(strip_value(value))
    if 6 <= len(v) <= 128 and _DICEWARE_RE.match(v) and not is_reference(v):
        # Generated passphrases: three or more words joined by - _ . and a number
        # (``Lale-Kirpi-Mavi-2209``, ``синий-трамвай-58``), in any script.
        return True
    if len(v) < 6 or len(v) > 128 or is_reference(v):
        return False
    if _not_a_secret_shape(_national_as_latin(v)):
        return False
    if _POSSESSIVE_RE.match(v):
        return False  # field's, user's, don't: a word, not a password
    if _APOSTROPHE_WORD_RE.match(v) and not any(c.isupper() for c in v[1:]):
        return False
    n_classes, lower, upper, digit, symbol = _classes(v)
    if n_classes < 2:
        return False
    if not digit and not symbol and (_WORD_RE.match(v) or _any_script_word(v)):
        return False
    if not digit and _IDENTIFIER_RE.match(v):
        return False
    if not digit and _WORDS_JOINED_RE.match(v):
        return False  # hostname:port:database, user/password: a format, not a value
    # Letters with digits or symbols: hunter2, Tr0ub4dor&3, p@ssw0rd, S3cure!, Eb?D2RihM
    return digit or symbol or (lower and upper and len(v) >= 8)


def looks_machine_made(value: str, *, min_len: int = 10) -> bool:
    """Does ``value`` look like a generated token, key or secret (not a word or name)?"""
    v = strip_value(value)
    n = len(v)
    if n < min_len or n > 4096 or is_reference(v) or _not_a_secret_shape(v):
        return False
    if _UUID_RE.match(v):
        return True
    n_classes, lower, upper, digit, symbol = _classes(v)
    ent = entropy(v)
    if _HEX_RE.match(v) and n >= 16:
        return len(set(v.lower())) >= 6 and ent >= 2.8
    if _IDENTIFIER_RE.match(v) and not (digit and n >= 20):
        return False
    if _NAME_PARTS_RE.match(v):
        return False  # PuTTY-User-Key-File-3, Content-Security-Policy: a name of parts
    if _TWO_WORDS_RE.match(v):
        return False
    if _WORD_DIGITS_RE.match(v) and n < 16:
        return False
    if not digit and not symbol:
        # Letters only: base64-ish only when long and irregularly mixed in case.
        if not (lower and upper) or n < 16:
            return False
        switches = sum(1 for a, b in itertools.pairwise(v) if a.isupper() != b.isupper())
        return switches >= n // 4 and ent >= 3.5
    if n_classes < 2:
        return False
    # Enough entropy for its length: random strings of n characters reach about log2(n).
    return ent >= min(3.2, math.log2(n) - 0.4) and (n_classes >= 3 or n >= 14 or digit)


def is_b64ish(value: str) -> bool:
    return _B64_RE.match(value) is not None
