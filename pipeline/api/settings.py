"""Settings of the client-facing HTTP API (``CHAO_API_*``): tokens, limits, CORS.

Read like every other setting (pydantic-settings). The values are checked when the API is
built (:func:`pipeline.api.auth.build_authenticator`), not here: pydantic's validation
errors quote the rejected input, and a rejected secret must never reach a log line.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from pipeline.config import NameList, split_csv


class ApiSettings(BaseSettings):
    """How the session endpoints (``/sessions/{id}/trace``, ``/sessions/{id}/events``) are
    protected. Every field can be set as ``CHAO_API_<NAME>``; docs/api.md explains each."""

    model_config = SettingsConfigDict(env_prefix="CHAO_API_", frozen=True)

    auth: Literal["required", "disabled"] = Field(
        "required",
        description="'required': the session endpoints need a token (and answer 503 until a "
        "key is configured); 'disabled': they serve anyone who reaches the port.",
    )
    auth_secret: SecretStr | None = Field(
        None, description="HS256 secret (at least 32 bytes) that tokens are signed with."
    )
    jwks: str | None = Field(
        None,
        description="Public keys for RS256, ES256 and EdDSA tokens: a JWK Set file path or an "
        "http(s) URL; kept for jwks_refresh_s and fetched again for an unknown kid.",
    )
    algorithms: NameList = Field(
        (),
        description="Allowed token algorithms (comma-separated). Default: HS256 with a "
        "secret, RS256,ES256,EdDSA with a JWK Set. 'none' is never allowed.",
    )
    audience: str | None = Field(
        None, description="When set, tokens must carry this 'aud'; when unset, any 'aud' fails."
    )
    issuer: str | None = Field(None, description="When set, tokens must carry this 'iss'.")
    leeway_s: float = Field(
        30.0, ge=0, le=300, description="Clock skew allowed on exp, nbf and iat."
    )
    jwks_refresh_s: float = Field(
        300.0, gt=0, description="How long a fetched or read JWK Set is used before reloading."
    )
    max_streams: int = Field(
        10_000, ge=1, description="Live SSE streams one worker serves at once (then 429)."
    )
    max_streams_per_token: int = Field(
        16, ge=1, description="Live SSE streams one token holds on one worker (then 429)."
    )
    cors_origins: NameList = Field(
        (),
        description="Browser origins allowed to call the session endpoints (comma-separated, "
        "e.g. https://app.example.com); none by default.",
    )

    @field_validator("auth_secret", "jwks", "audience", "issuer", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        # CHAO_API_AUTH_SECRET= (an empty variable, as compose files pass unset ones) means
        # "not configured", not "a secret of zero bytes".
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("algorithms", "cors_origins", mode="before")
    @classmethod
    def _split_csv(cls, value: object) -> object:
        return split_csv(value)
