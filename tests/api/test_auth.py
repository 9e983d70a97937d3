"""The token check (pipeline.api.auth), without a broker or a web server: every 401, 403,
400 and 503 case, the three asymmetric algorithms from a JWK Set file and URL, the
configuration errors, and the token CLI."""

from __future__ import annotations

import asyncio
import http.server
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jwt
import pytest

from pipeline.api.auth import (
    OPEN_GRANT,
    Authenticator,
    Grant,
    build_authenticator,
    extract_token,
    mint_token,
)
from pipeline.api.errors import ApiError
from pipeline.api.jwks import JwksKeys, KeysUnavailable
from pipeline.api.settings import ApiSettings
from pipeline.cli import main
from pipeline.errors import ConfigError
from tests.api_util import (
    OTHER_SECRET,
    SECRET,
    KeyRing,
    claims,
    forge_hs256,
    hs256,
    unsigned,
)

SID = "s-0123456789abcdef"
OTHER = "s-fedcba9876543210"


def authenticator(**settings: Any) -> Authenticator:
    return build_authenticator(ApiSettings(**{"auth_secret": SECRET, **settings}))


def check(
    auth: Authenticator,
    token: str | None = None,
    *,
    query: list[str] | None = None,
    header: str | None = None,
) -> Grant:
    if header is None and token is not None:
        header = f"Bearer {token}"
    grant, _ = asyncio.run(auth.authenticate(header, query or []))
    return grant


def refused(auth: Authenticator, token: str | None = None, **kwargs: Any) -> ApiError:
    with pytest.raises(ApiError) as caught:
        check(auth, token, **kwargs)
    error = caught.value
    # No refusal quotes the token or the secret, in the body or the headers.
    shown = json.dumps(error.body()) + json.dumps(error.headers)
    if token:
        assert token not in shown
    assert SECRET not in shown
    return error


# -- 401, 403, 400, 503 ------------------------------------------------------------------------


def test_no_token_is_401_with_the_bare_challenge() -> None:
    error = refused(authenticator())
    assert (error.status, error.code) == (401, "missing_token")
    assert error.headers["WWW-Authenticate"] == 'Bearer realm="chao-pipeline"'
    # Another scheme is no bearer token at all.
    assert refused(authenticator(), header="Basic dXNlcjpwYXNz").code == "missing_token"


@pytest.mark.parametrize(
    ("token", "why"),
    [
        ("garbage", "not a well-formed JWT"),
        ("a.b.c", "not a well-formed JWT"),
        (hs256(claims(SID), OTHER_SECRET), "signature does not verify"),
        (unsigned(claims(SID)), "algorithm is not allowed"),
        (hs256(claims(SID, ttl=-120)), "expired"),
        (hs256(claims(SID, nbf=int(time.time()) + 600)), "not valid yet"),
        (hs256(claims(SID, iat=int(time.time()) + 600)), "not valid yet"),
        (hs256({"sessions": [SID], "iat": int(time.time())}), "lacks the exp claim"),
        (hs256(claims(SID, aud="someone-else")), "audience"),
        (hs256(claims(sessions=SID)), "sessions claim must be a list"),
        (hs256(claims(SID, scope=7)), "scope claim must be"),
    ],
    ids=[
        "garbage",
        "three-dots",
        "wrong-signature",
        "alg-none",
        "expired",
        "nbf-future",
        "iat-future",
        "no-exp",
        "aud-without-audience-configured",
        "sessions-not-a-list",
        "scope-not-a-string",
    ],
)
def test_bad_tokens_are_401_invalid_token(token: str, why: str) -> None:
    error = refused(authenticator(), token)
    assert error.status == 401
    assert error.code == ("token_expired" if why == "expired" else "invalid_token")
    assert why in error.message
    challenge = error.headers["WWW-Authenticate"]
    assert challenge.startswith('Bearer realm="chao-pipeline", error="invalid_token"')
    assert why in challenge


def test_alg_none_is_refused_in_the_query_too_and_none_cannot_be_configured() -> None:
    error = refused(authenticator(), query=[unsigned(claims(SID, scope="sessions:read:*"))])
    assert error.code == "invalid_token" and "algorithm" in error.message
    for algorithms in ("none", "HS256,None", "NONE"):
        with pytest.raises(ConfigError, match="'none' is never allowed"):
            authenticator(algorithms=algorithms)


def test_audience_and_issuer_when_configured() -> None:
    auth = authenticator(audience="chao-api", issuer="https://idp.example")
    good = claims(SID, aud="chao-api", iss="https://idp.example")
    assert check(auth, hs256(good)).covers(SID)
    assert "audience" in refused(auth, hs256({**good, "aud": "other"})).message
    assert "lacks the aud claim" in refused(auth, hs256(claims(SID, iss=good["iss"]))).message
    assert "issuer" in refused(auth, hs256({**good, "iss": "https://evil.example"})).message


def test_leeway_for_clock_skew() -> None:
    just_expired = hs256(claims(SID, ttl=-10))
    assert check(authenticator(leeway_s=30), just_expired).covers(SID)
    assert refused(authenticator(leeway_s=0), just_expired).code == "token_expired"
    soon = hs256(claims(SID, nbf=int(time.time()) + 10))
    assert check(authenticator(leeway_s=30), soon).covers(SID)


def test_a_valid_token_for_another_session_is_403() -> None:
    auth = authenticator()
    grant = check(auth, hs256(claims(OTHER)))
    assert grant.covers(OTHER) and not grant.covers(SID)
    with pytest.raises(ApiError) as caught:
        auth.authorize(grant, SID)
    error = caught.value
    assert (error.status, error.code) == (403, "insufficient_scope")
    assert 'error="insufficient_scope"' in error.headers["WWW-Authenticate"]
    # A valid token with neither claim covers nothing.
    assert not check(auth, hs256(claims())).covers(SID)


def test_scope_covers_every_session_as_string_or_list() -> None:
    auth = authenticator()
    assert check(auth, hs256(claims(scope="openid sessions:read:*"))).covers(SID)
    assert check(auth, hs256(claims(scope=["sessions:read:*"]))).covers(OTHER)
    assert not check(auth, hs256(claims(scope="sessions:read"))).covers(SID)


def test_token_in_the_query_and_how_it_may_be_sent() -> None:
    auth = authenticator()
    token = hs256(claims(SID))
    grant, credentials = asyncio.run(auth.authenticate(None, [token]))
    assert grant.covers(SID) and credentials is not None and credentials.source == "query"
    assert check(auth, token, query=[token]).covers(SID)  # the same token twice: once
    other = hs256(claims(OTHER))
    both = refused(auth, token, query=[other])
    assert (both.status, both.code) == (400, "invalid_request")
    assert other not in json.dumps(both.body()) + json.dumps(both.headers)
    assert 'error="invalid_request"' in both.headers["WWW-Authenticate"]
    twice = refused(auth, query=[token, token])
    assert twice.status == 400
    assert refused(auth, query=[""]).code == "invalid_token"
    assert refused(auth, header="Bearer ").status == 401
    assert refused(auth, header="Bearer a b").status == 401
    assert extract_token("bearer  " + token, []) is not None  # the scheme is case-insensitive


def test_the_grant_identifies_the_token_without_holding_it() -> None:
    token = hs256(claims(SID))
    grant = check(authenticator(), token)
    assert grant.key is not None and token not in grant.key and grant.key in repr(grant)
    assert grant.key == check(authenticator(), token).key
    assert grant.key != check(authenticator(), hs256(claims(SID, jti="x"))).key
    assert grant.expires_at is not None and grant.expires_at > time.time()


def test_unconfigured_is_503_and_disabled_is_open() -> None:
    unconfigured = build_authenticator(ApiSettings())
    assert unconfigured.mode == "unconfigured"
    error = refused(unconfigured, hs256(claims(SID)))
    assert (error.status, error.code) == (503, "auth_not_configured")
    assert "CHAO_API_AUTH_SECRET" in error.message and "CHAO_API_AUTH=disabled" in error.message
    # An empty variable (as compose files pass an unset one) is no secret.
    assert build_authenticator(ApiSettings(auth_secret="  ")).mode == "unconfigured"
    disabled = build_authenticator(ApiSettings(auth="disabled", auth_secret=SECRET))
    assert check(disabled) is OPEN_GRANT and OPEN_GRANT.covers(SID)


def test_configuration_errors_name_the_setting_never_the_secret() -> None:
    short = "short-secret"
    with pytest.raises(ConfigError) as caught:
        build_authenticator(ApiSettings(auth_secret=short))
    assert "CHAO_API_AUTH_SECRET" in str(caught.value) and short not in str(caught.value)
    assert short not in repr(ApiSettings(auth_secret=short))
    with pytest.raises(ConfigError, match="RS256 needs CHAO_API_JWKS"):
        authenticator(algorithms="HS256,RS256")
    with pytest.raises(ConfigError, match="HS256 needs CHAO_API_AUTH_SECRET"):
        build_authenticator(ApiSettings(jwks="http://127.0.0.1:9/jwks", algorithms="HS256"))
    with pytest.raises(ConfigError, match="unknown algorithm"):
        authenticator(algorithms="XS999")
    with pytest.raises(ConfigError, match="CHAO_API_JWKS: cannot read"):
        build_authenticator(ApiSettings(jwks="/no/such/jwks.json"))


# -- asymmetric keys ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ring() -> KeyRing:
    return KeyRing()


@pytest.mark.parametrize("alg", ["RS256", "ES256", "EdDSA"])
def test_asymmetric_tokens_from_a_jwks_file(ring: KeyRing, tmp_path: Path, alg: str) -> None:
    auth = build_authenticator(ApiSettings(jwks=str(ring.write(tmp_path / "jwks.json"))))
    assert check(auth, ring.sign(alg, claims(SID))).covers(SID)
    # Without a kid: the only key of that algorithm.
    assert check(auth, ring.sign(alg, claims(SID), kid=None)).covers(SID)
    assert "no configured key" in refused(auth, ring.sign(alg, claims(SID), kid="gone")).message
    assert refused(auth, ring.sign(alg, claims(SID, ttl=-120))).code == "token_expired"


def test_no_algorithm_confusion(ring: KeyRing, tmp_path: Path) -> None:
    """An HS256 token signed with the public key as its secret is refused: HS* is allowed
    only with a configured secret, and a key set never holds a secret."""
    path = ring.write(tmp_path / "jwks.json", "RS256")
    auth = build_authenticator(ApiSettings(jwks=str(path)))
    forged = forge_hs256(claims(SID), ring.public_pem("RS256"))
    assert "algorithm is not allowed" in refused(auth, forged).message
    forged_jwk = forge_hs256(claims(SID), json.dumps(ring.jwk("RS256")).encode())
    assert "algorithm is not allowed" in refused(auth, forged_jwk).message
    # Both configured: an HS256 token is checked against the secret only.
    both = build_authenticator(ApiSettings(jwks=str(path), auth_secret=SECRET))
    assert "signature" in refused(both, forged).message
    assert check(both, hs256(claims(SID))).covers(SID)
    assert check(both, ring.sign("RS256", claims(SID))).covers(SID)
    # A symmetric key inside a JWK Set is ignored.
    oct_set = {
        "keys": [{"kty": "oct", "k": "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMzQ", "kid": "o"}]
    }
    (tmp_path / "oct.json").write_text(
        json.dumps({"keys": [*ring.jwks("ES256")["keys"], *oct_set["keys"]]})
    )
    only_public = build_authenticator(ApiSettings(jwks=str(tmp_path / "oct.json")))
    assert only_public.verifier is not None and only_public.verifier.jwks is not None
    assert only_public.verifier.jwks.signing_key("o", "HS256") is None


class _JwksServer:
    """A loopback HTTP server serving a JWK Set, counting the fetches."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body
        self.fetches = 0
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                outer.fetches += 1
                data = json.dumps(outer.body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks.json"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def jwks_server(ring: KeyRing) -> Iterator[_JwksServer]:
    server = _JwksServer(ring.jwks("RS256", "ES256"))
    yield server
    server.close()


def test_asymmetric_tokens_from_a_jwks_url_cached(ring: KeyRing, jwks_server: _JwksServer) -> None:
    auth = build_authenticator(ApiSettings(jwks=jwks_server.url))
    for _ in range(3):
        assert check(auth, ring.sign("RS256", claims(SID))).covers(SID)
        assert check(auth, ring.sign("ES256", claims(OTHER))).covers(OTHER)
    assert jwks_server.fetches == 1  # cached
    # An unknown kid makes it fetch again, but not more often than the cooldown.
    for _ in range(3):
        refused(auth, ring.sign("EdDSA", claims(SID)))
    assert jwks_server.fetches == 1  # within the 30 s cooldown of the first fetch


def test_jwks_cache_refresh_rotation_and_outage() -> None:
    """JwksKeys with a controllable clock and loader."""
    ring_a, ring_b = KeyRing(), KeyRing()
    from jwt import PyJWKSet

    current = {"set": PyJWKSet.from_dict(ring_a.jwks("ES256")), "fail": False}
    loads = []

    def load() -> PyJWKSet:
        loads.append(1)
        if current["fail"]:
            raise OSError("down")
        return current["set"]  # type: ignore[return-value]

    now = [1000.0]
    keys = JwksKeys(load, refresh_s=300, refetch_cooldown_s=30, clock=lambda: now[0])
    kid = ring_a.kids["ES256"]
    assert keys.cached_key(kid, "ES256") is None  # nothing loaded: no I/O here
    assert keys.signing_key(kid, "ES256") is not None and len(loads) == 1
    assert keys.cached_key(kid, "ES256") is not None
    # Rotation: a new key set; an unknown kid reloads once the cooldown has passed.
    ring_b.kids["ES256"] = "kid-rotated"
    current["set"] = PyJWKSet.from_dict(ring_b.jwks("ES256"))
    assert keys.signing_key("kid-rotated", "ES256") is None and len(loads) == 1
    now[0] += 31
    assert keys.signing_key("kid-rotated", "ES256") is not None and len(loads) == 2
    # Outage: the last good set is used past its refresh time, up to the stale limit.
    current["fail"] = True
    now[0] += 301
    assert keys.signing_key("kid-rotated", "ES256") is not None
    now[0] += 3600
    with pytest.raises(KeysUnavailable):
        keys.signing_key("kid-rotated", "ES256")


def test_unreachable_jwks_url_is_503_not_401(ring: KeyRing) -> None:
    auth = build_authenticator(ApiSettings(jwks="http://127.0.0.1:9/jwks.json"))
    error = refused(auth, ring.sign("RS256", claims(SID)))
    assert (error.status, error.code) == (503, "auth_unavailable")
    assert error.headers["Retry-After"].isdigit()


# -- minting -----------------------------------------------------------------------------------


def test_mint_token_round_trip() -> None:
    auth = authenticator()
    token = mint_token(SECRET.encode(), sessions=[SID, SID, OTHER], ttl_s=60)
    grant = check(auth, token)
    assert grant.sessions == {SID, OTHER} and not grant.all_sessions
    assert check(auth, mint_token(SECRET.encode(), all_sessions=True)).all_sessions
    with pytest.raises(ValueError):
        mint_token(SECRET.encode())


def test_token_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("CHAO_API_AUTH_SECRET", raising=False)
    assert main(["token", "--session", SID]) == 2
    err = capsys.readouterr().err
    assert "no HS256 secret configured" in err and "CHAO_API_AUTH_SECRET" in err

    monkeypatch.setenv("CHAO_API_AUTH_SECRET", SECRET)
    monkeypatch.setenv("CHAO_API_AUDIENCE", "chao-api")
    assert main(["token", "--session", SID, "--session", OTHER, "--ttl", "120"]) == 0
    out = capsys.readouterr().out.strip()
    decoded = jwt.decode(out, SECRET, algorithms=["HS256"], audience="chao-api")
    assert decoded["sessions"] == [SID, OTHER] and decoded["exp"] - decoded["iat"] == 120
    assert check(authenticator(audience="chao-api"), out).covers(OTHER)

    assert main(["token", "--all-sessions"]) == 0
    assert (
        jwt.decode(
            capsys.readouterr().out.strip(), SECRET, algorithms=["HS256"], audience="chao-api"
        )["scope"]
        == "sessions:read:*"
    )
    assert main(["token", "--session", "not a session id"]) == 2
    assert main(["token", "--session", SID, "--ttl", "0"]) == 2
    with pytest.raises(SystemExit):
        main(["token"])  # --session or --all-sessions is required

    monkeypatch.setenv("CHAO_API_AUTH_SECRET", "too-short")
    assert main(["token", "--all-sessions"]) == 1
    assert "too-short" not in capsys.readouterr().err
