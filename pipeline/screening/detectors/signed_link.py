"""Detector ``signed_link``: a URL that carries a signature or an expiring token.

The parameters and path shapes are data (rules/signed_links.toml). A URL fires when its
query (or fragment, or a path parameter) has

* a signature parameter (``X-Amz-Signature``, ``sig``, ``hdnts``, ``q-signature`` …)
  with a real value;
* a token parameter (``token``, ``access_token``, ``verify``, ``code`` …) whose value
  looks like a token, not a word, a number or a placeholder; pagination cursors
  (``pageToken``, ``continuation_token`` …) never count;
* an expiry (``expires=1743743275``) next to a hash-like value of another parameter;
* a JWT anywhere in the URL (Cloudflare Stream, Mux, Supabase), or a signed path
  (Rails ActiveStorage ids, Bunny path tokens, Cloudinary ``s--…--``);
* a temporary download link whose secret is a path segment: a file-drop host's share id
  (``transfer.sh/get/…``, ``we.tl/t-…``, ``file.io/…``), or a generated path segment in a
  URL that the text says expires ("valid for 24 hours", "temporary link").

Names are compared in lower case with ``-``, ``_`` and ``.`` alike; the text is already
decoded (percent, HTML entities, JSON escapes), so ``%26sig%3D`` and ``&amp;sig=`` read
as ``&sig=``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from pipeline.screening.context import Context
from pipeline.screening.detectors.base import run_end, run_start
from pipeline.screening.rules import signed_link_data
from pipeline.screening.values import is_placeholder, looks_machine_made

__all__ = ["SignedLinkDetector"]

_URL_STOP: Final = frozenset(" \t\r\n\"'`<>()[]{}|\\,")
_PARAM_RE: Final = re.compile(r"(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,63})=(?P<value>[^&;#?\s]*)")
# Values that say something about a token parameter instead of being a token.
_NOT_TOKEN_VALUES: Final = frozenset(
    {
        "true",
        "false",
        "none",
        "null",
        "auto",
        "yes",
        "no",
        "on",
        "off",
        "required",
        "optional",
        "empty",
        "undefined",
        "nil",
        "0",
        "1",
    }
)
_JWT_IN_URL_RE: Final = re.compile(
    r"eyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}"
)
_HASHLIKE_RE: Final = re.compile(r"^[A-Za-z0-9_\-+/=%~.]{16,}$")
_S_HASH_RE: Final = re.compile(r"[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}")
_EPOCH_RE: Final = re.compile(r"^\d{9,13}$|^\d{4}-\d\d-\d\d")
# Signature names that are unmistakable even outside a URL query.
_UNMISTAKABLE_PREFIXES: Final = (
    "x_amz_",
    "x_goog_",
    "x_oss_",
    "x_tos_",
    "x_obs_",
    "q_sign",
    "hdn",
    "__token__",
)


def _norm_name(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


class SignedLinkDetector:
    name = "signed_link"

    def __init__(self) -> None:
        data = signed_link_data()
        self.signature = frozenset(data["signature_params"])
        self.token = frozenset(data["token_params"])
        self.weak_token = frozenset(data["weak_token_params"])
        self.not_token = frozenset(data["not_token_params"])
        self.expiry = frozenset(data["expiry_params"])
        self.paths = tuple(re.compile(p) for p in data["path_patterns"])

    def anchors(self) -> Iterable[tuple[str, str]]:
        names = {n for n in self.signature | self.token if len(n) >= 3}
        names |= {n for n in self.expiry if len(n) >= 3}
        names |= {"sig", "exp"}
        for name in names:
            for variant in {name, name.replace("_", "-"), name.replace("_", ".")}:
                if variant.startswith(("-", ".")):
                    continue
                yield variant + "=", "sl.param"
        # Token-ending names not listed (``upload_token``, ``sasToken``): ``token=`` covers.
        yield "token=", "sl.param"
        yield "signature=", "sl.param"
        yield "tokenhash=", "sl.param"  # Wowza SecureToken (``wowzatokenhash=``)
        yield "token_hash=", "sl.param"
        for short in ("t=", "k=", "e=", "tk=", "st=", "se=", "s="):
            yield "?" + short, "sl.param"
            yield "&" + short, "sl.param"
        yield "eyj", "sl.jwt"
        for literal in (
            "/rails/active_storage/",
            "/bcdn_token=",
            "res.cloudinary.com/",
            "/__token__=",
            "/hdnts=",
            "/hdnea=",
            "policy=ey",
            ".oraclecloud.com/p/",
            ".dl.dropboxusercontent.com/cd/0/",
            "/calendar/ical/",
            "?key=",
            "&key=",
            "?hash=",
            "&hash=",
            "?otp=",
            "&otp=",
            "?magic=",
            "&magic=",
            "?login_key=",
            "&login_key=",
            "&hm=",
            "?hm=",
            "invoice.stripe.com/i/",
            "app.box.com/s/",
            "downloader.disk.yandex.",
            "yadi.sk/",  # round 17: Yandex Disk public links
            # round 27: Cloudflare Stream's signed token in the path
            ".cloudflarestream.com/",
            "videodelivery.net/",
            "disk.yandex.",
            "disk.360.yandex.",
            "/reset/",
            "/password/",
            "/passwort/",
            "/kennwort/",
            "/mot-de-passe/",
            "/motdepasse/",
            "/contraseña/",
            "/contrasena/",
            "/senha/",
            "/wachtwoord/",
            "/haslo/",
            "/hasło/",
            "/recover/",
            "/recovery/",
            "/set-password/",
            "/new-password/",
            "/activate/",
            "/activation/",
            "/invite/",
            "/invitation/",
            "usp=sharing",
            "usp=drive_link",
            "photos.app.goo.gl/",
            "1drv.ms/",
            "icloud.com/",
            "mega.nz/",
            "airtable.com/app",
            "join.slack.com/t/",
            "files.slack.com/files-pub/",  # round 15: Slack public file links
            "slack-files.com/",
            "/dashboard/snapshot/",
            "/public-dashboards/",
            "files.stripe.com/links/",
            "zoom.us/rec/",
            ".myshopify.com/account/",
            "docusign.net/signing/",
            "vimeo.com/",
            ".imgix.net/",
            "md5=",
            ".sharepoint.com/:",
        ):
            yield literal, "sl.path"
        for literal in _TEMP_HOSTS:
            yield literal, "sl.temp"
        for literal in _EXPIRY_WORDS:
            yield literal, "sl.expiring"
        for literal in _SHARE_ANCHORS:
            yield literal, "sl.share"

    def check(self, ctx: Context) -> bool:
        hits = ctx.hits
        if "sl.param" in hits and self._params(ctx, hits["sl.param"]):
            return True
        if "sl.jwt" in hits and self._jwt(ctx, hits["sl.jwt"]):
            return True
        if "sl.path" in hits and any(p.search(ctx.low) for p in self.paths):
            return True
        if "sl.temp" in hits and _temp_host_link(ctx.text, ctx.low):
            return True
        if "sl.share" in hits and _share_path_link(ctx.text):
            return True
        return "sl.expiring" in hits and _expiring_path_link(ctx.text, ctx.low)

    # -- query parameters ------------------------------------------------------------------

    def _params(self, ctx: Context, positions: list[int]) -> bool:
        text = ctx.text
        seen_runs: set[int] = set()
        for pos in positions:
            start = run_start(text, pos, _URL_STOP)
            if start in seen_runs:
                continue
            seen_runs.add(start)
            end = run_end(text, pos, _URL_STOP)
            if self._query_signed(text[start:end]):
                return True
        return False

    def _query_signed(self, run: str) -> bool:
        urlish = "://" in run or run.lower().startswith("www.") or "/" in run.split("?", 1)[0]
        params: list[tuple[str, str, bool]] = []
        for m in _PARAM_RE.finditer(run):
            in_query = m.start() > 0 and run[m.start() - 1] in "?&;#/"
            params.append((_norm_name(m.group("name")), m.group("value"), in_query))
        has_expiry = False
        hashes = 0
        for name, value, in_query in params:
            if not value or is_placeholder(value):
                continue
            if name in self.signature:
                if name == "authorization" and len(value) < 10:
                    continue
                if in_query or name.startswith(_UNMISTAKABLE_PREFIXES):
                    return True
                continue
            if not in_query:
                continue
            if name in self.not_token or value.lower() in _NOT_TOKEN_VALUES:
                continue
            is_token_name = name in self.token or (
                name.endswith(("token", "_sig", "signature", "_sas", "tokenhash", "token_hash"))
                and len(name) > 5
            )
            if is_token_name and urlish:
                if name in self.weak_token or len(name) <= 2:
                    if looks_machine_made(value, min_len=10):
                        return True
                elif len(value) >= 3:
                    return True
            if name in self.expiry and _EPOCH_RE.match(value):
                has_expiry = True
            elif name == "s" and _S_HASH_RE.fullmatch(value):
                return True  # imgix md5, Vimeo sha1 file-link signatures
            elif _HASHLIKE_RE.match(value) and looks_machine_made(value, min_len=16):
                hashes += 1
        return has_expiry and hashes > 0 and urlish

    # -- JWT in a URL ----------------------------------------------------------------------

    def _jwt(self, ctx: Context, positions: list[int]) -> bool:
        text = ctx.text
        for pos in positions:
            m = _JWT_IN_URL_RE.match(text, pos)
            if m is None:
                continue
            start = run_start(text, pos, _URL_STOP)
            if "://" in text[start:pos] or text[start:pos].lower().startswith("www."):
                return True
        return False


# File-drop services whose share id in the path is the whole secret of the link.
_TEMP_HOSTS: Final = (
    "transfer.sh/", "we.tl/", "wetransfer.com/downloads/", "file.io/", "gofile.io/d/",
    "pixeldrain.com/u/", "0x0.st/", "tmpfiles.org/", "temp.sh/", "send.vis.ee/download/",
    "filebin.net/", "bashupload.com/", "litterbox.catbox.moe/",
)  # fmt: skip
_TEMP_HOST_RE: Final = re.compile(
    r"(?:transfer\.sh/(?:get/)?|we\.tl/t-|wetransfer\.com/downloads/|file\.io/|gofile\.io/d/|"
    r"pixeldrain\.com/u/|0x0\.st/|tmpfiles\.org/(?:dl/)?|temp\.sh/|send\.vis\.ee/download/|"
    r"filebin\.net/|bashupload\.com/|litterbox\.catbox\.moe/)(?P<id>[A-Za-z0-9_\-]{5,})"
)
# Words that say a link stops working: the generated segment of its path is its key.
_EXPIRY_WORDS: Final = (
    "expire", "expiring", "temporary link", "temporary download", "temporary url",
    "temp link", "valid for", "one-time link", "one-time download", "single-use",
    "time-limited", "short-lived", "self-destruct", "tijdelijke", "geldig", "temporaire",
    "temporal", "temporário", "temporária", "temporaneo", "temporäre", "gültig", "válido",
    "valable", "valido", "caduca", "scade", "временн", "действительн", "有効期限", "一時",
    "有效期", "临时", "過期", "过期", "만료", "임시",
)  # fmt: skip
_URL_RE: Final = re.compile(r"https?://(?P<host>[^/\s\"'<>]+)(?P<path>/[^\s\"'<>?#)\]]*)")
_HEX_ONLY_RE: Final = re.compile(r"^[0-9a-f]+$")


def _temp_host_link(text: str, low: str) -> bool:
    for m in _TEMP_HOST_RE.finditer(text):
        at = m.start()
        before = low[max(0, at - 12) : at]
        # ``transfer.sh/`` as the host of a URL, not a word inside a longer name
        if at == 0 or before.endswith(("://", "www.", " ", "(", "<", '"', "'")):
            ident = m.group("id")
            if not is_placeholder(ident) and any(c.isdigit() or c.isupper() for c in ident):
                return True
    return False


def _expiring_path_link(text: str, low: str) -> bool:
    for word in _EXPIRY_WORDS:
        at = low.find(word)
        if at == -1:
            continue
        window_start, window_end = max(0, at - 200), min(len(text), at + 200)
        for m in _URL_RE.finditer(text, window_start, window_end):
            for segment in [*m.group("path").split("/")[:-1], _stem(m.group("path"))]:
                if _generated_segment(segment):
                    return True
    return False


def _stem(path: str) -> str:
    last = path.rsplit("/", 1)[-1]
    return "" if "." in last else last  # ``report.pdf`` names the file, it opens nothing


def _generated_segment(segment: str) -> bool:
    """A path segment that is a key: long, mixed, random; not a hash or id anyone logs."""
    if len(segment) < 16 or _HEX_ONLY_RE.match(segment.lower()):
        return False  # commit ids, digests and UUID-less hex are everywhere in public URLs
    if not any(c.isdigit() for c in segment) or not any(c.isalpha() for c in segment):
        return False
    return looks_machine_made(segment, min_len=16)


# "Anyone with the link" shares of services without a rule of their own (round 8): a
# share-named path segment, then a generated id (``/share/<32 hex>``, ``/s/Xk29…``). The
# id is the capability; a file name after the word (``/share/logo.png``) is not. One
# plain word may stand between the share segment and the id (round 19: Box's
# ``/shared/static/<id>.pdf``; ``/share/file/<id>``, ``/s/view/<id>`` have the same shape).
# Round 24: public dashboards and boards shared to anyone with the link name the share
# segment otherwise: Datadog ``/sb/<org>-<token>`` (shared board), Metabase
# ``/public/dashboard/<uuid>`` and ``/public/question/<uuid>``; the random segment is the
# capability in the same way.
_SHARE_ANCHORS: Final = ("/share/", "/shared/", "/sharing/", "/s/", "/invite/", "/sb/", "/public/")
_SHARE_PATH_RE: Final = re.compile(
    r"https?://[^/\s\"'<>]+(?:/[^/\s\"'<>?#]*)*?/"
    r"(?:share|shared|sharing|s|invite|sb|public(?=/(?:dashboards?|question|boards?|view)/))/"
    r"(?:[a-z]{1,12}/)?(?P<id>[A-Za-z0-9_\-]{12,128})(?=[/?#\s\"'<>),.;]|\Z)"
)


def _share_path_link(text: str) -> bool:
    for m in _SHARE_PATH_RE.finditer(text):
        ident = m.group("id")
        if is_placeholder(ident):
            continue
        if _HEX_ONLY_RE.match(ident.lower()):
            if len(ident) >= 24 and len(set(ident.lower())) >= 8:
                return True
            continue
        if _generated_segment(ident) or (
            len(ident) >= 12 and looks_machine_made(ident, min_len=12) and _mixed_id(ident)
        ):
            return True
    return False


def _mixed_id(ident: str) -> bool:
    return any(c.isdigit() for c in ident) and any(c.isalpha() for c in ident)
