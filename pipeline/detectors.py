"""Detectors for the ``unsafe_summary`` rule of the visible-reasoning policy.

Contract section 3.2, rule 5: a ``cot.*`` event's ``summary`` (or ``phase``) is
dropped when it carries a credential, a signed link, an internal path, a
hidden-prompt marker or raw model/provider output. :func:`first_unsafe` runs
the five detectors in the contract's priority order and returns the name of the
first that fires (recorded as the dead-letter ``detail``), or ``None``.

======================  =====================================================
detector                fires on (details in each function's docstring)
======================  =====================================================
``signed_link``         a URL query/fragment parameter that carries a signature
                        or an expiring token (``X-Amz-Signature=``, ``sig=``,
                        ``token=``, ...)
``credential``          vendor API keys, bearer tokens, ``Authorization:``
                        headers, passwords, private key blocks, JWTs,
                        ``api_key=``-style assignments, credentials in URLs
``internal_path``       absolute file-system paths, ``file://`` URLs, UNC
                        shares, hosts under ``.internal``/``.local``/``.corp``
``hidden_prompt``       chat-template control tokens and quoted-back system
                        prompts / instructions
``raw_output``          JSON (or Python-repr) fragments with provider keys
======================  =====================================================

Design notes for operators:

* Over-blocking is a defect too. Every detector looks for a *shape* (a key
  followed by ``=``/``:`` and a secret-looking value, a quoted key followed by
  a colon and a JSON value, a path under a known system root, ...), never for
  a bare word: prose such as "comparing the token counts", "reset their
  password", "the signature is missing" or "the system architecture" passes.
* Text that is not pure ASCII is first NFKC-normalised and stripped of
  invisible format characters (zero-width spaces, soft hyphens, bidi
  controls, ...), so full-width look-alikes (``＜｜im_start｜＞``) and
  zero-width splitting (``sk-\\u200blive-...``) do not evade the detectors.
* Hot path: every pattern starts with a literal character or a small set of
  them (so the regex engine can skip ahead instead of trying every
  position), case-insensitive patterns run on a lower-cased copy instead of
  using ``re.IGNORECASE``, each check is behind a cheap substring pre-filter,
  and every quantifier is bounded, so adversarial input cannot cause
  catastrophic backtracking. A 1000-character summary takes tens of
  microseconds.
* Only the standard library is used.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable

__all__ = [
    "DETECTORS",
    "DETECTOR_NAMES",
    "detect_credential",
    "detect_hidden_prompt",
    "detect_internal_path",
    "detect_raw_output",
    "detect_signed_link",
    "first_unsafe",
]

# ---------------------------------------------------------------------------
# shared helpers
# ---------------------------------------------------------------------------

# Invisible "format" characters that can be used to split a secret or marker
# so that a naive pattern misses it. Removed (not replaced) before detection.
_INVISIBLE: dict[int, None] = dict.fromkeys(
    [
        0x00AD,  # soft hyphen
        0x034F,  # combining grapheme joiner
        0x061C,  # arabic letter mark
        0x115F,
        0x1160,
        0x17B4,
        0x17B5,
        0x3164,
        0xFEFF,  # zero-width no-break space / BOM
        0xFFA0,
        *range(0x180B, 0x1810),  # mongolian variation selectors / vowel separator
        *range(0x200B, 0x2010),  # zero-width space/joiners, LRM/RLM
        *range(0x202A, 0x202F),  # bidi embeddings/overrides
        *range(0x2060, 0x2070),  # word joiner, invisible operators, bidi isolates
        *range(0xFE00, 0xFE10),  # variation selectors
        *range(0xE0000, 0xE0080),  # tag characters
    ]
)
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_ALNUM = frozenset(string.ascii_letters + string.digits)
_TRAILING_PUNCT = ".,;:!?)]}>'\"`"


def _normalise(text: str) -> str:
    """NFKC-normalise non-ASCII text and drop invisible format characters."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", text.translate(_INVISIBLE)).translate(_INVISIBLE)


def _lower(text: str) -> str:
    """ASCII-lower-cased copy of ``text`` with the same length.

    All patterns are ASCII, and keeping the length lets a match position in
    the copy be used to slice the original (case matters for secret values).
    """
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER)


def _at_word_start(text: str, index: int) -> bool:
    """True when ``text[index]`` is not preceded by an ASCII letter or digit."""
    return index == 0 or text[index - 1] not in _ALNUM


def _looks_secret(value: str, min_len: int = 8) -> bool:
    """Whether ``value`` looks like a machine-generated secret, not a word.

    True when the value is at least ``min_len`` characters and either mixes
    letters and digits (``hunter2x``, ``4f9c2a7e``, ``AB12CD34``) or, without
    digits, has at least three upper-case letters after its first character
    together with lower-case ones (base64 such as ``dXNlcjpwYXNz``). Words,
    capitalised words, CamelCase names (``JavaScript``) and pure numbers
    (``128000``) are not secrets.
    """
    if len(value) < min_len:
        return False
    has_digit = has_alpha = has_lower = False
    inner_upper = 0
    for i, ch in enumerate(value):
        if ch.isdigit():
            has_digit = True
        elif ch.isalpha():
            has_alpha = True
            if ch.islower():
                has_lower = True
            elif i > 0 and ch.isupper():
                inner_upper += 1
        if (has_digit and has_alpha) or (has_lower and inner_upper >= 3):
            return True
    return False


# ---------------------------------------------------------------------------
# signed_link
# ---------------------------------------------------------------------------

# A query (or fragment) parameter: separator, name, '=' and a non-empty value.
# Also matches the percent-encoded form found in nested redirect URLs
# (``%3F``/``%26`` separators, ``%3D`` equals) and HTML-escaped ``&amp;``.
_QUERY_PARAM_RE = re.compile(
    r"[?&#;%](?:(?<=%)(?:3[Ff]|26)|(?<=[?&#;]))"
    r"(?P<name>[A-Za-z][A-Za-z0-9_.-]{0,63})"
    r"(?:=|%3[Dd])"
    r"(?=[^\s&#\"'<>])"
)
_SIGNED_PARAM_EXACT = frozenset(
    {
        "sig",
        "signature",
        "token",
        "x_amz_signature",
        "x_amz_credential",
        "x_amz_security_token",
        "x_goog_signature",
        "x_goog_credential",
        "x_goog_security_token",
        "key_pair_id",
        "sas",
        "hmac",
        "jwt",
    }
)
# Name endings that denote a signature/credential/token (``temp_url_sig``,
# ``access_token``, ``id_token``, ``auth-token``, ``refresh_token``, ...).
_SIGNED_PARAM_SUFFIXES = ("signature", "_sig", "token", "credential")
# Opaque pagination cursors are not secrets.
_SIGNED_PARAM_NOT = frozenset(
    {
        "pagetoken",
        "page_token",
        "nextpagetoken",
        "next_page_token",
        "continuationtoken",
        "continuation_token",
        "synctoken",
        "sync_token",
    }
)


def _is_signed_param(name: str) -> bool:
    key = name.lower().replace("-", "_").replace(".", "_")
    if key in _SIGNED_PARAM_NOT:
        return False
    return key in _SIGNED_PARAM_EXACT or key.endswith(_SIGNED_PARAM_SUFFIXES)


def _signed_link(text: str, lower: str) -> bool:
    if "=" not in text and "%3d" not in lower:
        return False
    return any(_is_signed_param(m.group("name")) for m in _QUERY_PARAM_RE.finditer(text))


def detect_signed_link(text: str) -> bool:
    """Signed or token-bearing URL (detector ``signed_link``).

    Fires when a URL query or fragment carries a parameter (after ``?``,
    ``&``, ``#`` or ``;``, or their percent-encoded forms ``%3F``/``%26`` with
    ``%3D`` for ``=``) with a non-empty value and one of these names,
    case-insensitive, ``-``/``_``/``.`` treated alike:

    * AWS SigV4 presigned URLs: ``X-Amz-Signature``, ``X-Amz-Credential``,
      ``X-Amz-Security-Token``; S3 SigV2 ``Signature`` (with ``Expires``)
    * Google Cloud Storage: ``X-Goog-Signature``, ``X-Goog-Credential``,
      ``X-Goog-Security-Token``; GCS v2 ``Signature``
    * Azure SAS (``sv=..&se=..&sp=..&sig=..``): ``sig``
    * CloudFront signed URLs (``Expires``/``Policy`` + ``Signature`` +
      ``Key-Pair-Id``): ``Signature``, ``Key-Pair-Id``
    * generic: ``sig``, ``signature``, ``token``, ``sas``, ``hmac``, ``jwt``
    * any name ending in ``signature``, ``_sig`` (OpenStack ``temp_url_sig``),
      ``token`` (``access_token``, ``id_token``, ``refresh_token``,
      ``auth_token``, ``sas_token``, ``session_token``, ``accessToken``) or
      ``credential``

    Pagination cursors (``pageToken``, ``page_token``, ``nextPageToken``,
    ``continuationToken``, ``syncToken``) do not fire. Ordinary query strings
    (``?page=2``, ``?q=signature+verification``) pass.
    """
    text = _normalise(text)
    return _signed_link(text, _lower(text))


# ---------------------------------------------------------------------------
# credential
# ---------------------------------------------------------------------------

# Well-known vendor key formats (case-sensitive prefixes). Must start a word.
# The (slow-to-scan) regexes only run when ``_has_key_prefix`` finds a prefix.
_VENDOR_KEY_RE = re.compile(
    r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"  # AWS access key id
    r"|gh[pousr]_[A-Za-z0-9]{30,255}"  # GitHub tokens
    r"|github_pat_[A-Za-z0-9_]{30,255}"  # GitHub fine-grained PAT
    r"|xox[abposre]-[A-Za-z0-9-]{10,255}"  # Slack tokens
    r"|xapp-[0-9]-[A-Za-z0-9-]{10,255}"  # Slack app-level token
    r"|AIza[0-9A-Za-z_-]{35}"  # Google API key
    r"|ya29\.[0-9A-Za-z_-]{20,2048}"  # Google OAuth access token
    r"|glpat-[0-9A-Za-z_-]{20,255}"  # GitLab PAT
    r"|npm_[A-Za-z0-9]{36}"  # npm token
    r"|pypi-[A-Za-z0-9_-]{50,512}"  # PyPI token
    r"|hf_[A-Za-z0-9]{30,255}"  # Hugging Face token
    r"|SG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,128}"  # SendGrid
    r"|whsec_[A-Za-z0-9+/=]{24,255}"  # Stripe webhook secret
    r"|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"  # Shopify
)
# ``sk-``/``sk_`` secret keys (OpenAI, Anthropic ``sk-ant-``, Stripe
# ``sk_live_``/``sk_test_``) and Stripe ``pk_live_``/``rk_live_`` keys. The
# body must contain a random-looking run of 12+ alphanumerics, so that words
# such as ``sk-learn`` do not fire. Must start a word.
# Explicit vendor markers (``sk_live_``, ``sk-proj-``, ``sk-ant-`` ...) fire on any body:
# nothing in ordinary prose is spelled that way, and real keys are not always "random".
_SK_KEY_RE = re.compile(
    r"(?:(?P<strong>[spr]k[-_](?:live|test)[-_]|sk-(?:proj|ant|svcacct|admin)-)|sk[-_])"
    r"(?P<body>[A-Za-z0-9_-]{12,512})"
)
# Prefixes that end in '-' or '_': found by scanning the (rare) separator
# characters and looking back, which is much cheaper than a regex scan.
_DASH_PREFIXES = (
    "sk-",
    "k-live-",
    "k-test-",
    "sk-proj-",
    "xapp-",
    "glpat-",
    "pypi-",
    *(f"xox{c}-" for c in "abposre"),
)
_UNDERSCORE_PREFIXES = (
    "sk_",
    "k_live_",
    "k_test_",
    "github_pat_",
    "npm_",
    "hf_",
    "whsec_",
    *(f"gh{c}_" for c in "pousr"),
    *(f"shp{c}_" for c in ("at", "ss", "ca", "pa")),
)
_A_PREFIX_RE = re.compile(r"A(?:KIA|SIA|BIA|CCA|Iza)")  # literal-first: fast


def _prefix_ends_at_separator(sep: str, prefixes: tuple[str, ...], text: str) -> bool:
    """Whether one of ``prefixes`` (each ending in ``sep``) ends at some ``sep`` in text."""
    at = text.find(sep)
    while at != -1:
        if text.endswith(prefixes, 0, at + 1):
            return True
        at = text.find(sep, at + 1)
    return False


def _has_key_prefix(text: str) -> bool:
    """Cheap necessary condition for ``_VENDOR_KEY_RE`` / ``_SK_KEY_RE``."""
    # Plain ``in`` tests first: each costs a fraction of a regex call, and most text has
    # neither an upper-case A nor a '-' or '_'.
    return (
        ("A" in text and _A_PREFIX_RE.search(text) is not None)
        or ("-" in text and _prefix_ends_at_separator("-", _DASH_PREFIXES, text))
        or ("_" in text and _prefix_ends_at_separator("_", _UNDERSCORE_PREFIXES, text))
        or "ya29." in text
        or "SG." in text
    )


_SK_RUN_RE = re.compile(r"[A-Za-z0-9]{12,512}")
# The following two run on the lower-cased copy; the value is then sliced
# from the original text by position.
_BEARER_RE = re.compile(r"bearer(?<![a-z0-9]bearer)\s{1,3}(?P<value>[a-z0-9._~+/=-]{8,4096})")
_AUTH_HEADER_RE = re.compile(
    r"authorization(?<![a-z0-9]authorization)[\"']?\s{0,3}[:=]\s{0,3}[\"']?"
    r"(?:(?:bearer|basic|token|digest|bot|apikey|api-key|hmac|aws4-hmac-sha256|"
    r"negotiate|ntlm|sharedkey|sso-key)\s{1,3})?"
    r"(?P<value>[^\s\"',;<>]{6,4096})"
)
_PRIVATE_KEY_RE = re.compile(r"-{3,5}\s?BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY")
_JWT_RE = re.compile(
    r"eyJ(?<![A-Za-z0-9_-]eyJ)[A-Za-z0-9_-]{4,4096}\.[A-Za-z0-9_-]{4,8192}\.[A-Za-z0-9_-]{0,4096}"
)
# scheme://user:password@host
_URL_USERINFO_RE = re.compile(
    r":(?<=[A-Za-z0-9+.-]:)//[^\s/?#@:\"'<>]{1,256}:[^\s/?#@\"'<>]{1,256}@[A-Za-z0-9\[]"
)
# Webhook URLs whose path *is* the secret (runs on the lower-cased copy).
_WEBHOOK_RE = re.compile(
    r"hooks\.slack\.com/(?:services|workflows|triggers)/[a-z0-9]"
    r"|discord(?:app)?\.com/api/webhooks/[0-9]"
)
# ``name = value`` / ``name: value`` / ``"name": "value"`` assignments are
# found from the separator backwards: the (lower-cased) text just before a
# ``:`` or ``=``, less up to 4 spaces/quotes, must end with one of these names
# at the start of a word (``db_password``, ``x-api-key`` and
# ``aws_secret_access_key`` end with one; ``bypass`` or ``monkey`` do not).
_ASSIGN_NAMES = (
    "password",
    "passwd",
    "passphrase",
    "pass",
    "pwd",
    "secret",
    "token",
    "apikey",
    "api_key",
    "api-key",
    "api key",
    "access_key",
    "access-key",
    "access key",
    "private_key",
    "private-key",
    "private key",
    "secret_key",
    "secret-key",
    "secret key",
)
_ASSIGN_NAME_TAILS = tuple(sorted({n[-3:] for n in _ASSIGN_NAMES}))
_ASSIGN_HINTS = ("pass", "pwd", "secret", "token", "key")
_PASSWORD_NAMES = ("password", "passwd", "passphrase", "pass", "pwd")
# The value stops at the next ``:`` or ``=`` (base64 padding excepted), so the
# values of successive assignments never overlap and the scan stays linear.
_ASSIGN_VALUE_RE = re.compile(r"\s{0,3}(?P<quote>[\"']?)(?P<value>[^\s\"'<>,;&:=]{1,512}={0,2})")


def _assignment_is_secret(name: str, sep: str, quoted: bool, value: str) -> bool:
    value = value.rstrip(_TRAILING_PUNCT)
    if not any(ch.isalnum() for ch in value):  # empty, masked (``****``) or punctuation
        return False
    if name in _PASSWORD_NAMES:
        if name == "pwd" and value[0] in "/~":  # shell ``PWD=/home/...``
            return False
        if name == "pass" and sep != "=":
            return False  # "pass: ..." is prose; only ``pass=...`` counts
        if sep == "=" or quoted:
            return True
        return _looks_secret(value, min_len=4)
    if quoted:
        return len(value) >= 8
    return _looks_secret(value, min_len=8)


def _separators(text: str) -> list[int]:
    """Positions of every ``:`` and ``=`` in ``text`` (``str.find`` is fastest)."""
    found: list[int] = []
    for sep in ":=":
        at = text.find(sep)
        while at != -1:
            found.append(at)
            at = text.find(sep, at + 1)
    return found


def _secret_assignment(text: str, lower: str) -> bool:
    for sep_at in _separators(text):
        end = sep_at
        while end > 0 and sep_at - end < 4 and lower[end - 1] in " \t\"'":
            end -= 1
        if not lower.endswith(_ASSIGN_NAME_TAILS, 0, end):
            continue
        for name in _ASSIGN_NAMES:
            if lower.endswith(name, 0, end):
                if not _at_word_start(lower, end - len(name)):
                    break
                value = _ASSIGN_VALUE_RE.match(text, sep_at + 1)
                if value is not None and _assignment_is_secret(
                    name, text[sep_at], bool(value.group("quote")), value.group("value")
                ):
                    return True
                break
    return False


def _credential(text: str, lower: str) -> bool:
    if _has_key_prefix(text):
        for m in _VENDOR_KEY_RE.finditer(text):
            if _at_word_start(text, m.start()):
                return True
        for m in _SK_KEY_RE.finditer(text):
            if _at_word_start(text, m.start()) and (
                m.group("strong")
                or any(
                    _looks_secret(run.group(), 12) for run in _SK_RUN_RE.finditer(m.group("body"))
                )
            ):
                return True
    if "bearer" in lower:
        for m in _BEARER_RE.finditer(lower):
            if _looks_secret(text[m.start("value") : m.end("value")]):
                return True
    if "authorization" in lower:
        for m in _AUTH_HEADER_RE.finditer(lower):
            if _looks_secret(text[m.start("value") : m.end("value")], 6):
                return True
    if "private key" in lower and _PRIVATE_KEY_RE.search(text):
        return True
    if "eyJ" in text and _JWT_RE.search(text):
        return True
    if "://" in text and "@" in text and _URL_USERINFO_RE.search(text):
        return True
    if "hooks" in lower and _WEBHOOK_RE.search(lower):
        return True
    return (
        ("=" in text or ":" in text)
        and any(hint in lower for hint in _ASSIGN_HINTS)
        and _secret_assignment(text, lower)
    )


def detect_credential(text: str) -> bool:
    """Credentials: keys, tokens, passwords (detector ``credential``).

    Fires on any of:

    * Vendor API keys and tokens, starting a word (prefixes case-sensitive):
      ``sk-...``/``sk_...`` secret keys (OpenAI ``sk-``, ``sk-proj-``,
      Anthropic ``sk-ant-``, Stripe ``sk_live_``/``sk_test_``/``sk-live-``)
      whose body has a random-looking run of 12+ alphanumerics (letters
      mixed with digits); Stripe ``pk_live_``/``pk_test_``/``rk_live_``/
      ``rk_test_``; AWS access key ids ``AKIA``/``ASIA``/``ABIA``/``ACCA`` +
      16 upper-case alphanumerics; GitHub ``ghp_``/``gho_``/``ghu_``/``ghs_``/
      ``ghr_`` + 30 or more alphanumerics and ``github_pat_``; Slack
      ``xoxb-``/``xoxp-``/``xoxa-``/``xoxo-``/``xoxs-``/``xoxr-``/``xoxe-`` and
      ``xapp-``; Google ``AIza`` + 35 characters and OAuth ``ya29.``; GitLab
      ``glpat-``; npm ``npm_``; PyPI ``pypi-``; Hugging Face ``hf_``; SendGrid
      ``SG.<id>.<secret>``; Stripe webhook ``whsec_``; Shopify
      ``shpat_``/``shpss_``/``shpca_``/``shppa_``.
    * ``Bearer <token>`` (any case) where the token is 8+ characters of
      ``[A-Za-z0-9._~+/=-]`` and looks machine-generated (letters mixed with
      digits, or base64-like mixed case).
    * ``Authorization:`` / ``Proxy-Authorization:`` headers (any case, ``:``
      or ``=``, optionally quoted, optional scheme ``Bearer``/``Basic``/
      ``Token``/``Digest``/``Bot``/``ApiKey``/``AWS4-HMAC-SHA256``/...) whose
      value is 6+ characters and looks machine-generated.
    * Passwords in text: ``password``, ``passwd``, ``passphrase``, ``pwd``
      (any case, also prefixed: ``db_password``, ``MYSQL_PASSWORD``,
      ``admin-pwd``) followed by ``=`` and any value, or by ``:`` and a quoted
      value or a value of 4+ characters mixing letters and digits
      (``password: hunter2``); ``pass=`` only with ``=``. JSON form
      ``"password": "..."`` too. ``PWD=/home/..`` (a shell working directory)
      is left to internal_path; masked values (``password=****``) pass.
    * Passwords in URLs: ``scheme://user:password@host``.
    * Private key blocks: ``-----BEGIN ... PRIVATE KEY`` (RSA, EC, DSA,
      OPENSSH, ENCRYPTED, PGP ... BLOCK).
    * JWTs: three base64url segments separated by dots, the first starting
      ``eyJ`` (base64 of ``{"``).
    * Generic assignments (any case) ``api_key``, ``api-key``, ``api key``,
      ``apikey``, ``x-api-key``, ``secret``, ``client_secret``,
      ``secret_key``, ``access_key``, ``aws_secret_access_key``,
      ``private_key``, ``token``, ``access_token``, ``auth_token`` ...
      followed by ``=`` or ``:`` and a value that is quoted and 8+
      characters, or 8+ characters that look machine-generated
      (``token: 4f9c2a7e1b3d8c6a``). ``Token: 1500``, ``secret: none``,
      ``max_token=512`` pass.
    * Webhook URLs whose path is the secret: ``hooks.slack.com/services/...``,
      ``discord.com/api/webhooks/...``.
    """
    text = _normalise(text)
    return _credential(text, _lower(text))


# ---------------------------------------------------------------------------
# internal_path
# ---------------------------------------------------------------------------

_UNIX_ROOTS = (
    "home|etc|var|root|usr|opt|tmp|srv|proc|mnt|boot|bin|sbin|lib|lib64|"
    "Users|Library|Volumes|private|Applications|System"
)
# A lookbehind placed *after* the first literal keeps the pattern literal-first.
_PATH_CONTEXT = r"A-Za-z0-9_.~/\\-"  # characters that put a '/' inside a word/URL
_UNIX_PATH_RE = re.compile(r"/(?<![" + _PATH_CONTEXT + r"]/)(?:" + _UNIX_ROOTS + r")/")
_HOME_PATH_RE = re.compile(r"~(?<![" + _PATH_CONTEXT + r"]~)(?:[A-Za-z_][A-Za-z0-9_.-]{0,31})?/")
_DRIVE_PATH_RE = re.compile(
    r":(?<=[A-Za-z]:)(?<![A-Za-z0-9][A-Za-z]:)(?:\\{1,2}|/)[A-Za-z0-9_.$~-]"
)
_UNC_PATH_RE = re.compile(
    r"\\\\(?<![A-Za-z0-9]\\\\)\\{0,2}[A-Za-z0-9_.$-]{1,255}\\{1,2}[A-Za-z0-9_.$ -]"
)
_FILE_URL_SCHEMES = ("file:/", "smb:/", "nfs:/", "cifs:/", "afp:/")
_FILE_URL_RE = re.compile(r"(?:file|smb|nfs|cifs|afp):/")  # on the lower-cased copy
_HOST_SUFFIXES = (".internal", ".local", ".corp", ".lan", ".intranet", ".home.arpa")
_INTERNAL_HOST_RE = re.compile(  # on the lower-cased copy
    r"\.(?<=[a-z0-9_-]\.)(?:internal|localdomain|local|corp|lan|intranet|home\.arpa)"
    r"(?![a-z0-9_-])(?!\.[a-z0-9])"
)


def _internal_path(text: str, lower: str) -> bool:
    if "/" in text:
        if _UNIX_PATH_RE.search(text):
            return True
        if "~" in text and _HOME_PATH_RE.search(text):
            return True
        if ":/" in text:
            for m in _FILE_URL_RE.finditer(lower):
                if _at_word_start(lower, m.start()):
                    return True
    if ":" in text and _DRIVE_PATH_RE.search(text):
        return True
    if "\\\\" in text and _UNC_PATH_RE.search(text):
        return True
    return (
        "." in text
        and any(s in lower for s in _HOST_SUFFIXES)
        and _INTERNAL_HOST_RE.search(lower) is not None
    )


def detect_internal_path(text: str) -> bool:
    """Internal paths and hosts (detector ``internal_path``).

    Fires on any of:

    * Unix absolute paths under a system root: ``/home/``, ``/etc/``,
      ``/var/``, ``/root/``, ``/usr/``, ``/opt/``, ``/tmp/``, ``/srv/``,
      ``/proc/``, ``/mnt/``, ``/boot/``, ``/bin/``, ``/sbin/``, ``/lib/``,
      ``/lib64/`` and macOS ``/Users/``, ``/Library/``, ``/Volumes/``,
      ``/private/``, ``/Applications/``, ``/System/`` (case-sensitive; the
      root must be followed by ``/``). A slash inside a word or URL
      (``example.com/home/``, ``km/h``, ``2026/12/02``, ``/summarize``) does
      not count.
    * Windows drive paths: ``C:\\...``, ``C:\\\\...`` (JSON-escaped),
      ``C:/...`` (a single drive letter that starts a word).
    * UNC shares: ``\\\\host\\share`` (also JSON-escaped).
    * Home-relative paths: ``~/...``, ``~user/...``.
    * ``file:`` URLs (``file:///etc/passwd``, ``file://host/share``) and
      ``smb:``/``nfs:``/``cifs:``/``afp:`` URLs (any case).
    * Host names whose last label is ``.internal``, ``.local``,
      ``.localdomain``, ``.corp``, ``.lan``, ``.intranet`` or ``.home.arpa``
      (any case), e.g. ``metadata.google.internal``,
      ``db.default.svc.cluster.local``, ``wiki.acme.corp``. The suffix must end
      the host name: ``local.example.com`` or the word "local" pass.
    """
    text = _normalise(text)
    return _internal_path(text, _lower(text))


# ---------------------------------------------------------------------------
# hidden_prompt  (both patterns run on the lower-cased copy)
# ---------------------------------------------------------------------------

_PROMPT_MARKER_RE = re.compile(
    # ChatML / Llama-3 / Phi control tokens: <|im_start|>, <|im_end|>,
    # <|system|>, <|user|>, <|assistant|>, <|endoftext|>, <|eot_id|>,
    # <|start_header_id|>, DeepSeek <｜begin▁of▁sentence｜>, ...
    r"<[|\uff5c][^\s|\uff5c<>]{1,64}[|\uff5c]>"
    # Llama-2 instruction and system markers
    r"|\[/?inst\]|<</?sys>>"
    # Gemma turn markers
    r"|<(?:start_of_turn|end_of_turn)>"
    # XML-ish system / developer / instruction blocks
    r"|</?(?:system|system[_-]?prompt|system[_-]?message|system[_-]?reminder|"
    r"developer|developer[_-]?message|instructions)(?:\s[^<>]{0,100})?>"
    # Alpaca-style headers
    r"|###\s{0,3}(?:system|instruction)s?\s{0,3}:"
)
_PROMPT_SOURCE = r"(?:system|developer|hidden)"
_QUOTE_VERBS = (
    r"(?:says?|said|is|are|was|were|reads?|states?|tells?|told|contains?|includes?|"
    r"instructs?|asks?|requires?|specifies|mentions|forbids|prohibits|begins|starts)\b"
)
_QUOTE_ADJ = r"(?:(?:hidden|secret|internal|original|initial|full)\s{1,3})?"
_PROMPT_QUOTE_RE = re.compile(
    # "my system prompt says", "the system prompt is", "the hidden prompt reads"
    r"\b(?:my|the|our|this|its)\s{1,3}"
    + _QUOTE_ADJ
    + _PROMPT_SOURCE
    + r"\s{1,3}prompt\s{1,3}"
    + _QUOTE_VERBS
    # "my system instructions say", "my developer message states" (only "my":
    # "the system message" / "the developer instructions" are ordinary prose)
    + r"|\bmy\s{1,3}"
    + _QUOTE_ADJ
    + _PROMPT_SOURCE
    + r"\s{1,3}(?:instructions?|message)\s{1,3}"
    + _QUOTE_VERBS
    # "SYSTEM PROMPT:", "system prompt =", "hidden prompt:"
    + r"|\b"
    + _PROMPT_SOURCE
    + r"\s{1,3}prompt\s{0,3}[:=]"
    # "according to my system prompt", "as per the system prompt",
    # "per my developer instructions"
    + r"|\b(?:according\s{1,3}to|as\s{1,3}per|per|as\s{1,3}stated\s{1,3}in|"
    r"as\s{1,3}instructed\s{1,3}(?:by|in))\s{1,3}"
    r"(?:(?:my|the)\s{1,3}" + _PROMPT_SOURCE + r"\s{1,3}prompt"
    r"|my\s{1,3}"
    + _PROMPT_SOURCE
    + r"\s{1,3}(?:instructions?|message))"
    # "begin system prompt", "end of system prompt"
    + r"|\b(?:begin|end)(?:\s{1,3}of)?\s{1,3}(?:the\s{1,3})?system\s{1,3}prompt\b"
    # "my instructions say ..."
    r"|\bmy\s{1,3}(?:(?:hidden|secret|original|initial)\s{1,3})?instructions\s{1,3}"
    r"(?:say|said|are|state|read|tell\s{1,3}me|told\s{1,3}me)\b"
    # "ignore (all) previous instructions" and similar injection echoes
    r"|\b(?:ignore|disregard|forget|override)\s{1,3}(?:all\s{1,3}|any\s{1,3})?"
    r"(?:(?:the|your|my|of\s{1,3}the)\s{1,3})?"
    r"(?:previous|prior|above|earlier|preceding|former|original)\s{1,3}"
    r"(?:instructions?|prompts?|messages?|directions?|rules|directives)\b"
    # canonical system-prompt opener quoted back
    r"|\byou\s{1,3}are\s{1,3}an?\s{1,3}(?:(?:helpful|harmless|honest|friendly)"
    r"(?:,|\s{1,3}and)?\s{1,3}){1,3}(?:ai\s{1,3})?assistant\b"
)


def _may_quote_prompt(lower: str) -> bool:
    """Cheap necessary condition for ``_PROMPT_QUOTE_RE`` to match."""
    if ("system" in lower or "developer" in lower or "hidden" in lower) and (
        "prompt" in lower or "instruction" in lower or "message" in lower
    ):
        return True
    if "instructions" in lower and "my" in lower:
        return True
    if "assistant" in lower and "you" in lower:
        return True
    # The injection verbs, written out: any(...) over a tuple costs more than the four
    # tests themselves, and this runs on every summary.
    return "ignore" in lower or "disregard" in lower or "forget" in lower or "override" in lower


def _hidden_prompt(text: str, lower: str) -> bool:
    if ("<" in text or "[" in text or "#" in text) and _PROMPT_MARKER_RE.search(lower):
        return True
    return _may_quote_prompt(lower) and _PROMPT_QUOTE_RE.search(lower) is not None


def detect_hidden_prompt(text: str) -> bool:
    """Hidden-prompt markers and quoted-back prompts (detector ``hidden_prompt``).

    Fires on any of (case-insensitive):

    * Chat-template control tokens ``<|...|>``: ``<|im_start|>``,
      ``<|im_end|>``, ``<|system|>``, ``<|user|>``, ``<|assistant|>``,
      ``<|endoftext|>``, ``<|eot_id|>``, ``<|start_header_id|>`` and the
      like, including full-width ``<｜...｜>`` forms.
    * ``[INST]``, ``[/INST]``, ``<<SYS>>``, ``<</SYS>>``, ``<start_of_turn>``,
      ``<end_of_turn>``.
    * Tags ``<system>``, ``</system>``, ``<system_prompt>``,
      ``<system-reminder>``, ``<system_message>``, ``<developer>``,
      ``<developer_message>``, ``<instructions>`` (with or without
      attributes), and ``### System:`` / ``### Instruction:`` headers.
    * The system prompt quoted back: ``my|the|our|this|its``
      [``hidden|secret|internal|original|initial|full``]
      ``system|developer|hidden`` ``prompt`` followed by
      ``says|said|is|are|was|were|reads|states|tells|told|contains|includes|
      instructs|asks|requires|specifies|mentions|forbids|prohibits|begins|
      starts`` (``my system prompt says``, ``the system prompt is``); the same
      with ``instruction(s)`` or ``message`` after ``my`` only (``my system
      instructions say``); a label ``SYSTEM PROMPT:`` / ``hidden prompt:`` /
      ``system prompt =``; ``according to|per|as per|as stated in|as
      instructed by`` + ``my|the system|developer|hidden prompt`` or ``my
      system|developer|hidden instructions|message``; ``begin|end (of) (the)
      system prompt``; ``my (hidden|original ...) instructions
      say|are|state|read|tell me``.
    * Injection echoes: ``ignore|disregard|forget|override`` [``all|any``]
      [``the|your|my``] ``previous|prior|above|earlier|preceding|former|
      original`` ``instructions|prompts|messages|directions|rules|directives``.
    * The canonical opener ``You are a helpful (and harmless ...) (AI)
      assistant``.

    Mentions such as "the system architecture", "the user's prompt", "writing
    a system prompt for their bot", "the system message is shown on login",
    "the developer instructions are in the README" or "follow the
    instructions in the README" pass.
    """
    text = _normalise(text)
    return _hidden_prompt(text, _lower(text))


# ---------------------------------------------------------------------------
# raw_output
# ---------------------------------------------------------------------------

# A quoted key followed by a colon: ``"key":``, JSON-escaped ``\"key\":`` or
# Python-repr ``'key':``.
_QUOTED_KEY_RE = re.compile(r"[\"'](?P<key>[A-Za-z_]{1,40})\\?[\"']\s{0,5}:")
# A JSON (or Python-repr) value start right after the colon.
_JSON_VALUE_RE = re.compile(
    r"\s{0,5}(?:\\?[\"'{\[]|-?[0-9]|(?:true|false|null|None|True|False)(?![A-Za-z0-9_]))"
)
_PROVIDER_KEYS = frozenset(
    {
        "role",
        "choices",
        "thinking",
        "redacted_thinking",
        "signature",
        "finish_reason",
        "finishreason",
        "stop_reason",
        "stop_sequence",
        "logprobs",
        "top_logprobs",
        "tool_use",
        "tool_calls",
        "tool_call_id",
        "function_call",
        "reasoning_content",
        "encrypted_content",
        "candidates",
        "safetyratings",
        "usagemetadata",
        "promptfeedback",
        "prompt_tokens",
        "completion_tokens",
        "input_tokens",
        "output_tokens",
        "system_fingerprint",
        "content_block",
    }
)
# Keys that are generic on their own but are provider output next to "content".
_COMPANION_KEYS = frozenset(
    {"type", "text", "message", "delta", "parts", "model", "usage", "index", "id", "object"}
)
# Keys whose value names a provider block / event / object kind.
_TYPE_KEYS = frozenset({"type", "object", "event"})
# Provider-specific values: content-block / stream-event types and object kinds.
_PROVIDER_VALUE_RE = re.compile(
    r"\s{0,5}\\?[\"'](?:thinking|redacted_thinking|tool_use|tool_result|server_tool_use|"
    r"text_delta|thinking_delta|signature_delta|input_json_delta|message_start|"
    r"message_delta|message_stop|content_block_start|content_block_delta|"
    r"content_block_stop|chat\.completion|chat\.completion\.chunk|text_completion|"
    r"function_call|function_call_output|reasoning)\\?[\"']"
)


def _in_object(text: str, quote_at: int, colon_end: int) -> bool:
    """Whether the quoted key at ``quote_at`` sits in a JSON/dict context."""
    i = quote_at
    if i > 0 and text[i - 1] == "\\":
        i -= 1
    stop = max(0, i - 10)
    while i > stop and text[i - 1] in " \t\r\n":
        i -= 1
    if i > 0 and text[i - 1] in "{,[":
        return True
    return _JSON_VALUE_RE.match(text, colon_end) is not None


def _raw_output(text: str, lower: str) -> bool:
    if ":" not in text or ('"' not in text and "'" not in text):
        return False
    has_content = has_companion = False
    for m in _QUOTED_KEY_RE.finditer(text):
        if not _in_object(text, m.start(), m.end()):
            continue
        key = m.group("key").lower()
        if key in _PROVIDER_KEYS:
            return True
        if key == "content":
            has_content = True
        elif key in _COMPANION_KEYS:
            has_companion = True
            if key in _TYPE_KEYS and _PROVIDER_VALUE_RE.match(text, m.end()):
                return True
        if has_content and has_companion:
            return True
    return False


def detect_raw_output(text: str) -> bool:
    """Raw model/provider output (detector ``raw_output``).

    Looks for quoted keys followed by a colon, ``"key": ...`` (also
    JSON-escaped ``\\"key\\":`` and Python-repr ``'key':``), that are in an
    object context: preceded by ``{``, ``[`` or ``,``, or followed by a JSON
    value (a string, object, array, number, ``true``/``false``/``null``). It
    fires when such a key is:

    * a provider key: ``role``, ``choices``, ``thinking``,
      ``redacted_thinking``, ``signature``, ``finish_reason``/``finishReason``,
      ``stop_reason``, ``stop_sequence``, ``logprobs``, ``top_logprobs``,
      ``tool_use``, ``tool_calls``, ``tool_call_id``, ``function_call``,
      ``reasoning_content``, ``encrypted_content``, ``candidates``,
      ``safetyRatings``, ``usageMetadata``, ``promptFeedback``,
      ``prompt_tokens``, ``completion_tokens``, ``input_tokens``,
      ``output_tokens``, ``system_fingerprint``, ``content_block``
      (case-insensitive); or
    * ``content`` alongside one of ``type``, ``text``, ``message``, ``delta``,
      ``parts``, ``model``, ``usage``, ``index``, ``id``, ``object``; or
    * ``type``, ``object`` or ``event`` with a provider value: ``"thinking"``,
      ``"redacted_thinking"``, ``"tool_use"``, ``"tool_result"``,
      ``"server_tool_use"``, ``"text_delta"``, ``"thinking_delta"``,
      ``"signature_delta"``, ``"input_json_delta"``, ``"message_start"``,
      ``"message_delta"``, ``"message_stop"``, ``"content_block_*"``,
      ``"chat.completion"``, ``"chat.completion.chunk"``,
      ``"text_completion"``, ``"function_call"``, ``"function_call_output"``,
      ``"reasoning"`` (e.g. ``{"type": "tool_use"}``).

    Prose using the words (``Choosing the role of lead``, ``Thinking about
    it``, ``Phase "thinking": gathering sources``) and ordinary JSON
    (``{"city": "Lisbon"}``) pass.
    """
    text = _normalise(text)
    return _raw_output(text, _lower(text))


# ---------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------

Detector = Callable[[str], bool]

#: ``(name, detector)`` pairs in the contract's priority order. Each detector
#: normalises its input itself, so it can be used on its own.
DETECTORS: tuple[tuple[str, Detector], ...] = (
    ("signed_link", detect_signed_link),
    ("credential", detect_credential),
    ("internal_path", detect_internal_path),
    ("hidden_prompt", detect_hidden_prompt),
    ("raw_output", detect_raw_output),
)

#: Detector names in priority order; the first that fires names the drop.
DETECTOR_NAMES: tuple[str, ...] = tuple(name for name, _ in DETECTORS)

# The same checks on already-normalised text and its lower-cased copy.
_CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("signed_link", _signed_link),
    ("credential", _credential),
    ("internal_path", _internal_path),
    ("hidden_prompt", _hidden_prompt),
    ("raw_output", _raw_output),
)


def first_unsafe(text: str) -> str | None:
    """Return the name of the first detector that fires on ``text``, or None.

    Detectors run in priority order ``signed_link``, ``credential``,
    ``internal_path``, ``hidden_prompt``, ``raw_output`` (see
    :data:`DETECTOR_NAMES`); ``None`` means the text is safe to display.
    Non-ASCII text is NFKC-normalised and stripped of invisible format
    characters first.
    """
    normalised = _normalise(text)
    lower = _lower(normalised)
    for name, check in _CHECKS:
        if check(normalised, lower):
            return name
    return None
