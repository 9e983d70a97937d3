"""Who may read a session: bearer tokens (JWT) checked with PyJWT, without a web framework.

A request carries its token in ``Authorization: Bearer <token>`` or, for a browser's
EventSource (which cannot set headers), in ``?access_token=<token>``; two different
tokens at once are refused (RFC 6750 section 2: one method per request).
:class:`Authenticator` turns what the request carried into a :class:`Grant` or an
:class:`~pipeline.api.errors.ApiError`:

- no token: 401 ``missing_token`` (bare ``WWW-Authenticate: Bearer realm=...``);
- a token that is not a JWT, names an algorithm the configuration does not allow (``none``
  is never allowed), has no matching key, does not verify, has expired (``exp`` is
  required), is not valid yet (``nbf``, ``iat``), is for another audience or issuer, or
  carries malformed claims: 401 (``error="invalid_token"``);
- a valid token that does not cover the session (:meth:`Authenticator.authorize`): 403
  ``insufficient_scope``;
- no key configured and auth not explicitly disabled: 503 ``auth_not_configured``.

Claims (docs/api.md): ``sessions``, a list of session ids the bearer may read, and/or
``scope`` (a space-separated string or a list) containing ``sessions:read:*``, which
covers every session. ``exp`` is required; ``nbf`` and ``iat`` are honoured with
``CHAO_API_LEEWAY_S`` of clock skew; ``aud`` must be ``CHAO_API_AUDIENCE`` when that is set
(and a token with an ``aud`` is refused when it is not: it was issued for someone else);
``iss`` must be ``CHAO_API_ISSUER`` when that is set.

Keys: HS* tokens are verified with ``CHAO_API_AUTH_SECRET``; RS256, ES256, EdDSA (and
the other asymmetric algorithms, when allowed) with the public keys of ``CHAO_API_JWKS``.
Which key verifies a token follows from the configuration, never from the token: an HS*
token is only ever checked against the secret, an asymmetric one only against the key
set's public keys.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import jwt
from jwt import PyJWK
from jwt.exceptions import (
    DecodeError,
    ExpiredSignatureError,
    ImmatureSignatureError,
    InvalidAlgorithmError,
    InvalidAudienceError,
    InvalidIssuedAtError,
    InvalidIssuerError,
    InvalidSignatureError,
    InvalidTokenError,
    MissingRequiredClaimError,
)

from pipeline.api import errors
from pipeline.api.jwks import JwksKeys, KeysUnavailable, is_url, loader_for
from pipeline.api.settings import ApiSettings
from pipeline.errors import ConfigError

# The scope that covers every session (operators, dashboards).
ALL_SESSIONS_SCOPE: Final = "sessions:read:*"
HMAC_ALGORITHMS: Final = ("HS256", "HS384", "HS512")
ASYMMETRIC_ALGORITHMS: Final = (
    "RS256",
    "RS384",
    "RS512",
    "PS256",
    "PS384",
    "PS512",
    "ES256",
    "ES384",
    "ES512",
    "EdDSA",
)
DEFAULT_ASYMMETRIC: Final = ("RS256", "ES256", "EdDSA")
# RFC 7518 section 3.2: an HS256 key at least as long as the hash output.
MIN_SECRET_BYTES: Final = 32
# Longer tokens are refused unread (they would not fit in a request line anyway).
MAX_TOKEN_CHARS: Final = 8192
# RFC 6750 section 2.1: b64token.
_B64TOKEN: Final = re.compile(r"\A[A-Za-z0-9\-._~+/]+=*\Z")
_BEARER: Final = re.compile(r"\A[Bb][Ee][Aa][Rr][Ee][Rr] +(\S*) *\Z")

Mode = Literal["required", "disabled", "unconfigured"]


@dataclass(frozen=True, slots=True)
class Grant:
    """What a verified token lets its bearer read.

    ``key`` identifies the token for the per-token stream limit (a digest of it, never the
    token); None when auth is disabled. ``expires_at`` is the token's ``exp`` (epoch
    seconds): a live stream ends there.
    """

    sessions: frozenset[str]
    all_sessions: bool
    key: str | None
    expires_at: float | None

    def covers(self, session_id: str) -> bool:
        return self.all_sessions or session_id in self.sessions


# What a request gets when auth is explicitly disabled (CHAO_API_AUTH=disabled).
OPEN_GRANT: Final = Grant(frozenset(), True, None, None)


@dataclass(frozen=True, slots=True)
class Credentials:
    """The token a request carried and where: ``header`` or ``query``."""

    token: str
    source: Literal["header", "query"]


def extract_token(authorization: str | None, query_tokens: Sequence[str]) -> Credentials | None:
    """The request's bearer token, or None when it carried none.

    An ``Authorization`` header of another scheme (Basic, ...) counts as no token. The same
    token sent both ways counts once (a client library that adds the header to a URL that
    has it already); two different ones are ambiguous. Raises
    :class:`~pipeline.api.errors.ApiError`: 400 for two different tokens or
    ``access_token`` given twice, 401 for a ``Bearer`` header whose token is empty or not a
    b64token.
    """
    header_token: str | None = None
    if authorization is not None and authorization.strip():
        match = _BEARER.match(authorization.strip())
        if match is not None:
            header_token = match.group(1)
            if not header_token or not _B64TOKEN.match(header_token):
                raise errors.invalid_token("the Authorization header is not 'Bearer <token>'")
    if len(query_tokens) > 1:
        raise errors.invalid_request("access_token is given more than once")
    if header_token is not None and query_tokens and query_tokens[0] != header_token:
        raise errors.invalid_request(
            "the token is given both in the Authorization header and as access_token; "
            "send it one way"
        )
    if header_token is not None:
        return Credentials(header_token, "header")
    if query_tokens:
        if not query_tokens[0]:
            raise errors.invalid_token("access_token is empty")
        return Credentials(query_tokens[0], "query")
    return None


def token_key(token: str) -> str:
    """A stable identifier of a token for counting its streams (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def grant_from_claims(claims: dict[str, Any], token: str) -> Grant:
    """The :class:`Grant` of verified claims; 401 when ``sessions`` or ``scope`` is
    malformed (a token that says something unreadable is not read generously)."""
    sessions = claims.get("sessions", [])
    if not isinstance(sessions, list) or not all(isinstance(s, str) for s in sessions):
        raise errors.invalid_token("the sessions claim must be a list of session ids")
    scope = claims.get("scope", "")
    if isinstance(scope, str):
        scopes = scope.split()
    elif isinstance(scope, list) and all(isinstance(s, str) for s in scope):
        scopes = scope
    else:
        raise errors.invalid_token("the scope claim must be a string or a list of strings")
    exp = claims.get("exp")
    return Grant(
        frozenset(sessions),
        ALL_SESSIONS_SCOPE in scopes,
        token_key(token),
        float(exp) if isinstance(exp, int | float) else None,
    )


class TokenVerifier:
    """Verifies a token's signature and registered claims; the keys and the allowed
    algorithms are the configuration's (module docstring)."""

    def __init__(
        self,
        *,
        algorithms: Iterable[str],
        secret: bytes | None = None,
        jwks: JwksKeys | None = None,
        audience: str | None = None,
        issuer: str | None = None,
        leeway_s: float = 30.0,
    ) -> None:
        self.algorithms = frozenset(algorithms)
        self._secret = secret
        self.jwks = jwks
        self.audience = audience
        self.issuer = issuer
        self.leeway_s = leeway_s

    def header(self, token: str) -> tuple[str, str | None]:
        """The token's (alg, kid), unverified; 401 unless alg is allowed."""
        if len(token) > MAX_TOKEN_CHARS:
            raise errors.invalid_token("the token is too long")
        try:
            header = jwt.get_unverified_header(token)
        except (DecodeError, InvalidTokenError):
            raise errors.invalid_token("the token is not a well-formed JWT") from None
        alg = header.get("alg")
        kid = header.get("kid")
        if not isinstance(alg, str) or alg not in self.algorithms:
            raise errors.invalid_token("the token's algorithm is not allowed")
        if kid is not None and not isinstance(kid, str):
            raise errors.invalid_token("the token's kid is not a string")
        return alg, kid

    def cached_key(self, alg: str, kid: str | None) -> bytes | PyJWK | None:
        """The key for (alg, kid) when it can be had without I/O."""
        if alg in HMAC_ALGORITHMS:
            return self._secret
        return None if self.jwks is None else self.jwks.cached_key(kid, alg)

    def load_key(self, alg: str, kid: str | None) -> bytes | PyJWK | None:
        """The key for (alg, kid), loading the key set if needed (blocks: run it in a
        thread). Raises KeysUnavailable."""
        if alg in HMAC_ALGORITHMS:
            return self._secret
        return None if self.jwks is None else self.jwks.signing_key(kid, alg)

    def verify(self, token: str, alg: str, key: bytes | PyJWK | None) -> Grant:
        """The token's grant; 401 for anything wrong with it (module docstring)."""
        if key is None:
            raise errors.invalid_token("no configured key matches the token (alg, kid)")
        try:
            claims = jwt.decode(
                token,
                key,
                algorithms=[alg],
                audience=self.audience,
                issuer=self.issuer,
                leeway=self.leeway_s,
                options={"require": ["exp"], "enforce_minimum_key_length": True},
            )
        except ExpiredSignatureError:
            raise errors.invalid_token("the token has expired", "token_expired") from None
        except (ImmatureSignatureError, InvalidIssuedAtError):
            raise errors.invalid_token("the token is not valid yet (nbf or iat)") from None
        except InvalidAudienceError:
            raise errors.invalid_token("the token is not for this audience (aud)") from None
        except InvalidIssuerError:
            raise errors.invalid_token("the token is not from the expected issuer") from None
        except MissingRequiredClaimError as exc:
            # exc.claim is one of the names this verifier requires (exp, aud, iss).
            raise errors.invalid_token(f"the token lacks the {exc.claim} claim") from None
        except InvalidSignatureError:
            raise errors.invalid_token("the token's signature does not verify") from None
        except InvalidAlgorithmError:
            raise errors.invalid_token("the token's algorithm is not allowed") from None
        except InvalidTokenError:
            raise errors.invalid_token("the token is not valid") from None
        return grant_from_claims(claims, token)


class Authenticator:
    """The API's one token check (module docstring). ``mode`` is ``required`` (a verifier
    is configured), ``disabled`` (explicitly) or ``unconfigured`` (503 for every request)."""

    def __init__(self, mode: Mode, verifier: TokenVerifier | None = None) -> None:
        if (mode == "required") != (verifier is not None):
            raise ValueError("a verifier is needed exactly when auth is required")
        self.mode = mode
        self.verifier = verifier

    async def authenticate(
        self, authorization: str | None, query_tokens: Sequence[str]
    ) -> tuple[Grant, Credentials | None]:
        """The grant of the request's token, and the token and where it came from."""
        if self.mode == "disabled":
            return OPEN_GRANT, None
        if self.verifier is None:
            raise errors.auth_not_configured()
        credentials = extract_token(authorization, query_tokens)
        if credentials is None:
            raise errors.missing_token()
        verifier = self.verifier
        token = credentials.token
        alg, kid = verifier.header(token)
        key = verifier.cached_key(alg, kid)
        if key is None:
            try:
                key = await asyncio.to_thread(verifier.load_key, alg, kid)
            except KeysUnavailable:
                raise errors.keys_unavailable() from None
        return verifier.verify(token, alg, key), credentials

    @staticmethod
    def authorize(grant: Grant, session_id: str) -> None:
        """403 unless the grant covers the session."""
        if not grant.covers(session_id):
            raise errors.insufficient_scope()


def allowed_algorithms(settings: ApiSettings) -> tuple[str, ...]:
    """The configured algorithms, checked against the keys configured; ConfigError names
    the setting (an algorithm name is not a secret)."""
    has_secret = settings.auth_secret is not None
    has_jwks = settings.jwks is not None
    if settings.algorithms:
        chosen = tuple(dict.fromkeys(settings.algorithms))
    else:
        chosen = (HMAC_ALGORITHMS[:1] if has_secret else ()) + (
            DEFAULT_ASYMMETRIC if has_jwks else ()
        )
    for alg in chosen:
        if alg.lower() == "none":
            raise ConfigError("CHAO_API_ALGORITHMS: 'none' is never allowed")
        if alg in HMAC_ALGORITHMS:
            if not has_secret:
                raise ConfigError(f"CHAO_API_ALGORITHMS: {alg} needs CHAO_API_AUTH_SECRET")
        elif alg in ASYMMETRIC_ALGORITHMS:
            if not has_jwks:
                raise ConfigError(f"CHAO_API_ALGORITHMS: {alg} needs CHAO_API_JWKS")
        else:
            known = ", ".join((*HMAC_ALGORITHMS, *ASYMMETRIC_ALGORITHMS))
            raise ConfigError(f"CHAO_API_ALGORITHMS: unknown algorithm {alg!r} (known: {known})")
    return chosen


def secret_bytes(settings: ApiSettings) -> bytes | None:
    """The HS256 secret, checked for length; the error never quotes it."""
    if settings.auth_secret is None:
        return None
    secret = settings.auth_secret.get_secret_value().encode()
    if len(secret) < MIN_SECRET_BYTES:
        raise ConfigError(
            f"CHAO_API_AUTH_SECRET is too short: use at least {MIN_SECRET_BYTES} bytes, for "
            "example the output of: python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"
        )
    return secret


def build_authenticator(settings: ApiSettings) -> Authenticator:
    """The authenticator the settings describe; ConfigError for an unusable configuration
    (a short secret, an unknown or unusable algorithm, an unreadable JWK Set file)."""
    if settings.auth == "disabled":
        return Authenticator("disabled")
    secret = secret_bytes(settings)
    if secret is None and settings.jwks is None:
        return Authenticator("unconfigured")
    algorithms = allowed_algorithms(settings)
    jwks = None
    if settings.jwks is not None:
        jwks = JwksKeys(
            loader_for(settings.jwks),
            refresh_s=settings.jwks_refresh_s,
            refetch_cooldown_s=30.0 if is_url(settings.jwks) else 1.0,
        )
    verifier = TokenVerifier(
        algorithms=algorithms,
        secret=secret,
        jwks=jwks,
        audience=settings.audience,
        issuer=settings.issuer,
        leeway_s=settings.leeway_s,
    )
    return Authenticator("required", verifier)


def mint_token(
    secret: bytes,
    *,
    sessions: Sequence[str] = (),
    all_sessions: bool = False,
    ttl_s: int = 3600,
    audience: str | None = None,
    issuer: str | None = None,
    now: float | None = None,
) -> str:
    """An HS256 token for ``sessions`` (or every session), valid for ``ttl_s`` seconds."""
    if not sessions and not all_sessions:
        raise ValueError("a token needs sessions or all_sessions")
    if ttl_s <= 0:
        raise ValueError("ttl_s must be positive")
    issued = int(time.time() if now is None else now)
    claims: dict[str, Any] = {"iat": issued, "exp": issued + ttl_s, "jti": secrets.token_hex(8)}
    if all_sessions:
        claims["scope"] = ALL_SESSIONS_SCOPE
    if sessions:
        claims["sessions"] = list(dict.fromkeys(sessions))
    if audience is not None:
        claims["aud"] = audience
    if issuer is not None:
        claims["iss"] = issuer
    return jwt.encode(claims, secret, algorithm="HS256")
