"""Keys and tokens for the API tests: real keys (cryptography), real tokens (PyJWT)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from pathlib import Path
from typing import Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from jwt.algorithms import ECAlgorithm, OKPAlgorithm, RSAAlgorithm

SECRET = "unit-tests-only-hs256-secret-0123456789abcdef"
OTHER_SECRET = "another-hs256-secret-that-signs-nothing-valid-here"


def hs256(claims: dict[str, Any], secret: str = SECRET, **headers: Any) -> str:
    return jwt.encode(claims, secret, algorithm="HS256", headers=headers or None)


def claims(*sessions: str, ttl: float = 600, **extra: Any) -> dict[str, Any]:
    now = int(time.time())
    base: dict[str, Any] = {"iat": now, "exp": now + int(ttl)}
    if sessions:
        base["sessions"] = list(sessions)
    return {**base, **extra}


def unsigned(payload: dict[str, Any]) -> str:
    """A token with ``alg: none`` and no signature (RFC 7519 section 6)."""

    def part(obj: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(payload)}."


def forge_hs256(payload: dict[str, Any], key: bytes) -> str:
    """An HS256 token signed with ``key`` by hand (PyJWT refuses to sign with a public
    key: the classic algorithm-confusion forgery)."""

    def part(data: bytes) -> bytes:
        return base64.urlsafe_b64encode(data).rstrip(b"=")

    signing_input = part(b'{"alg":"HS256","typ":"JWT"}') + b"." + part(json.dumps(payload).encode())
    signature = hmac.new(key, signing_input, hashlib.sha256).digest()
    return (signing_input + b"." + part(signature)).decode()


class KeyRing:
    """One RS256, one ES256 and one EdDSA key pair, with their public JWK Set."""

    def __init__(self) -> None:
        self.private = {
            "RS256": rsa.generate_private_key(public_exponent=65537, key_size=2048),
            "ES256": ec.generate_private_key(ec.SECP256R1()),
            "EdDSA": ed25519.Ed25519PrivateKey.generate(),
        }
        self.kids = {alg: f"kid-{alg.lower()}" for alg in self.private}

    def jwk(self, alg: str) -> dict[str, Any]:
        public = self.private[alg].public_key()
        to_jwk = {"RS256": RSAAlgorithm, "ES256": ECAlgorithm, "EdDSA": OKPAlgorithm}[alg]
        key: dict[str, Any] = json.loads(to_jwk.to_jwk(public))  # type: ignore[attr-defined]
        return {**key, "kid": self.kids[alg], "use": "sig", "alg": alg}

    def jwks(self, *algs: str) -> dict[str, Any]:
        return {"keys": [self.jwk(alg) for alg in (algs or tuple(self.private))]}

    def write(self, path: Path, *algs: str) -> Path:
        path.write_text(json.dumps(self.jwks(*algs)))
        return path

    def public_pem(self, alg: str) -> bytes:
        return (
            self.private[alg]
            .public_key()
            .public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
        )

    def sign(self, alg: str, payload: dict[str, Any], kid: str | None = "default") -> str:
        headers = {} if kid is None else {"kid": self.kids[alg] if kid == "default" else kid}
        return jwt.encode(payload, self.private[alg], algorithm=alg, headers=headers)
