"""How every Kafka client of the product authenticates and encrypts: one settings class
(``CHAO_KAFKA_*``), turned into aiokafka's keyword arguments by :func:`aiokafka_options`
and into Faust's app settings by :func:`faust_options`.

Every client the product makes takes them: the Faust app's consumer and producers, the
exactly-once transactional producers, the admin and metadata clients, the group-progress
and trace-lookup clients, the clean-topic reader, the CLI and the benchmarks
(tests/kafka/test_security.py checks that no client is built without them).

Why one class: managed Kafka services and production clusters refuse plaintext,
unauthenticated clients (docs/kafka.md, "A secured cluster"); a setting forgotten in one
client would show up as one worker's client failing in production only.

Secrets (the SASL password, the OAUTHBEARER token) are :class:`pydantic.SecretStr` or
read from files when a connection needs them; an invalid configuration raises
:class:`~pipeline.errors.ConfigError` naming the variable, never its value
(:func:`load_security`).
"""

from __future__ import annotations

import base64
import logging
import os
import socket
import ssl
import time
from pathlib import Path
from typing import Any, Literal

import orjson
from pydantic import Field, SecretStr, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from pipeline.errors import ConfigError, PipelineError

log = logging.getLogger("chao.kafka.security")

SecurityProtocol = Literal["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"]
SaslMechanism = Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER"]
ENV_PREFIX = "CHAO_KAFKA_"
# A token whose expiry is this close is re-read from its file before a connection uses it.
TOKEN_REFRESH_MARGIN_S = 60.0


class SecurityError(PipelineError):
    """A Kafka client could not authenticate, verify the broker's certificate, or is not
    authorized for what it needs. The message names what failed (never a secret); exit
    code 2, as a configuration error: nothing is broken, the credentials or the ACLs are."""

    exit_code = 2


class SecuritySettingsError(ConfigError):
    """``CHAO_KAFKA_*`` are inconsistent or name unreadable files; exit code 2, as every
    other failure of the client's security (:class:`SecurityError`)."""

    exit_code = 2


class KafkaSecurity(BaseSettings):
    """TLS and SASL settings of every Kafka client (``CHAO_KAFKA_<FIELD>``)."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, frozen=True, extra="ignore")

    security_protocol: SecurityProtocol = Field(
        "PLAINTEXT", description="PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL."
    )
    sasl_mechanism: SaslMechanism | None = Field(
        None, description="With SASL_*: PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER."
    )
    sasl_username: str | None = Field(None, description="PLAIN and SCRAM: the user name.")
    sasl_password: SecretStr | None = Field(
        None, description="PLAIN and SCRAM: the password (or CHAO_KAFKA_SASL_PASSWORD_FILE)."
    )
    sasl_password_file: Path | None = Field(
        None,
        description="PLAIN and SCRAM: a file holding the password (a mounted secret); "
        "one trailing newline is ignored.",
    )
    sasl_oauth_token_file: Path | None = Field(
        None,
        description="OAUTHBEARER: a file holding the access token, re-read before each "
        "new connection and whenever the token it holds is within a minute of its expiry "
        "(a sidecar or the platform rotates it).",
    )
    ssl_cafile: Path | None = Field(
        None,
        description="With SSL/SASL_SSL: CA bundle (PEM) the broker's certificate "
        "must chain to; unset: the system's CAs.",
    )
    ssl_certfile: Path | None = Field(
        None, description="Mutual TLS: this client's certificate (PEM), with SSL_KEYFILE."
    )
    ssl_keyfile: Path | None = Field(
        None, description="Mutual TLS: this client's private key (PEM, unencrypted)."
    )
    ssl_check_hostname: bool = Field(
        True,
        description="Verify that the broker's certificate names the host connected to. "
        "Off only for a test broker whose certificate cannot name its address.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> KafkaSecurity:
        problems = security_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def sasl(self) -> bool:
        return self.security_protocol.startswith("SASL_")

    @property
    def tls(self) -> bool:
        return self.security_protocol in ("SSL", "SASL_SSL")

    @property
    def secured(self) -> bool:
        return self.security_protocol != "PLAINTEXT"

    def password(self) -> str:
        """The SASL password, from the setting or its file (read now: a rotated secret is
        picked up by the next client built)."""
        if self.sasl_password is not None:
            return self.sasl_password.get_secret_value()
        if self.sasl_password_file is not None:
            try:
                return _read_secret(self.sasl_password_file)
            except OSError as exc:
                raise ConfigError(
                    f"{ENV_PREFIX}SASL_PASSWORD_FILE: cannot read {self.sasl_password_file} "
                    f"({exc.strerror or type(exc).__name__})"
                ) from None
        raise ConfigError(f"{ENV_PREFIX}SASL_PASSWORD or {ENV_PREFIX}SASL_PASSWORD_FILE: unset")

    def describe(self) -> str:
        """What a log line may say about these settings (no secret)."""
        if not self.sasl:
            return self.security_protocol
        who = f" as {self.sasl_username}" if self.sasl_username else ""
        return f"{self.security_protocol} {self.sasl_mechanism}{who}"


def _env(field: str) -> str:
    return f"{ENV_PREFIX}{field.upper()}"


def security_problems(s: KafkaSecurity) -> list[str]:
    """Each inconsistency of ``s``, naming the variables (never their values)."""
    problems = []
    if s.sasl:
        if s.sasl_mechanism is None:
            problems.append(f"{_env('sasl_mechanism')}: required with {s.security_protocol}")
        elif s.sasl_mechanism == "OAUTHBEARER":
            if s.sasl_oauth_token_file is None:
                problems.append(f"{_env('sasl_oauth_token_file')}: required with OAUTHBEARER")
        else:
            if not s.sasl_username:
                problems.append(f"{_env('sasl_username')}: required with {s.sasl_mechanism}")
            if (s.sasl_password is None) == (s.sasl_password_file is None):
                problems.append(
                    f"{_env('sasl_password')} or {_env('sasl_password_file')}: exactly one "
                    f"is required with {s.sasl_mechanism}"
                )
    else:
        for name in ("sasl_mechanism", "sasl_username", "sasl_password", "sasl_password_file"):
            if getattr(s, name) is not None:
                problems.append(f"{_env(name)}: set, but {s.security_protocol} uses no SASL")
    if not s.tls:
        for name in ("ssl_cafile", "ssl_certfile", "ssl_keyfile"):
            if getattr(s, name) is not None:
                problems.append(f"{_env(name)}: set, but {s.security_protocol} uses no TLS")
    if (s.ssl_certfile is None) != (s.ssl_keyfile is None):
        problems.append(f"{_env('ssl_certfile')} and {_env('ssl_keyfile')}: set both or neither")
    for name in (
        "sasl_password_file",
        "sasl_oauth_token_file",
        "ssl_cafile",
        "ssl_certfile",
        "ssl_keyfile",
    ):
        path = getattr(s, name)
        if path is not None and not os.access(path, os.R_OK):
            problems.append(f"{_env(name)}: {path} is not a readable file")
    return problems


def load_security(**overrides: Any) -> KafkaSecurity:
    """The settings from the environment (and ``overrides``); a :class:`ConfigError`
    naming each bad variable and why, never echoing a value (pydantic's own message
    quotes the input)."""
    try:
        return KafkaSecurity(**overrides)
    except ValidationError as exc:
        reasons = []
        for error in exc.errors(include_url=False, include_context=False, include_input=False):
            where = ".".join(str(part) for part in error["loc"])
            message = error["msg"].removeprefix("Value error, ")
            reasons.append(f"{_env(where)}: {message}" if where else message)
        raise SecuritySettingsError("Kafka client security: " + "; ".join(reasons)) from None


def _read_secret(path: Path) -> str:
    return path.read_text().removesuffix("\n").removesuffix("\r")


def ssl_context(security: KafkaSecurity) -> ssl.SSLContext:
    """aiokafka's context (certificate and hostname verification on), with the CA
    bundle and the client certificate configured."""
    from aiokafka.helpers import create_ssl_context

    try:
        context = create_ssl_context(
            cafile=str(security.ssl_cafile) if security.ssl_cafile else None,
            certfile=str(security.ssl_certfile) if security.ssl_certfile else None,
            keyfile=str(security.ssl_keyfile) if security.ssl_keyfile else None,
        )
    except (ssl.SSLError, OSError) as exc:
        raise ConfigError(
            f"{ENV_PREFIX}SSL_CAFILE/SSL_CERTFILE/SSL_KEYFILE: not usable as PEM "
            f"({type(exc).__name__}: {getattr(exc, 'reason', None) or exc.strerror or ''})"
        ) from None
    context.check_hostname = security.ssl_check_hostname
    made: ssl.SSLContext = context
    return made


class FileTokenProvider:
    """OAUTHBEARER: the access token from a file, re-read whenever a connection asks for
    it and the cached one is unknown, changed on disk, or within
    :data:`TOKEN_REFRESH_MARGIN_S` of its expiry (a JWT's ``exp``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._token: str | None = None
        self._mtime = 0.0
        self._expires = 0.0

    async def token(self) -> str:
        return self.current()

    def current(self) -> str:
        try:
            mtime = self.path.stat().st_mtime
        except OSError as exc:
            raise SecurityError(
                f"{ENV_PREFIX}SASL_OAUTH_TOKEN_FILE: cannot read {self.path} "
                f"({exc.strerror or type(exc).__name__})"
            ) from None
        stale = time.time() > self._expires - TOKEN_REFRESH_MARGIN_S
        if self._token is None or mtime != self._mtime or stale:
            token = _read_secret(self.path).strip()
            if not token:
                raise SecurityError(f"{ENV_PREFIX}SASL_OAUTH_TOKEN_FILE: {self.path} is empty")
            self._token, self._mtime = token, mtime
            self._expires = jwt_expiry(token) or time.time() + TOKEN_REFRESH_MARGIN_S
        return self._token

    def extensions(self) -> dict[str, str]:
        return {}


def jwt_expiry(token: str) -> float | None:
    """A JWT's ``exp`` (seconds since the epoch), unverified (the broker verifies it);
    None for an opaque token."""
    parts = token.split(".")
    if len(parts) != 3:
        return None
    try:
        claims = orjson.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
        exp = claims.get("exp") if isinstance(claims, dict) else None
    except (ValueError, orjson.JSONDecodeError):
        return None
    return float(exp) if isinstance(exp, int | float) else None


def _token_provider(security: KafkaSecurity) -> Any:
    from aiokafka.abc import AbstractTokenProvider

    assert security.sasl_oauth_token_file is not None

    class Provider(FileTokenProvider, AbstractTokenProvider):  # type: ignore[misc]
        pass

    return Provider(security.sasl_oauth_token_file)


def aiokafka_options(security: KafkaSecurity | None = None) -> dict[str, Any]:
    """Keyword arguments for every aiokafka client (producer, consumer, admin client,
    ``AIOKafkaClient``, ``create_conn``): ``security`` or, when None, the settings of the
    environment (:func:`load_security`)."""
    s = security if security is not None else load_security()
    options: dict[str, Any] = {"security_protocol": s.security_protocol}
    if s.tls:
        options["ssl_context"] = ssl_context(s)
    if s.sasl:
        options["sasl_mechanism"] = s.sasl_mechanism
        if s.sasl_mechanism == "OAUTHBEARER":
            options["sasl_oauth_token_provider"] = _token_provider(s)
        else:
            options["sasl_plain_username"] = s.sasl_username
            options["sasl_plain_password"] = s.password()
    return options


def faust_options(security: KafkaSecurity | None = None) -> dict[str, Any]:
    """Settings for ``faust.App`` (``broker_credentials``): Faust hands them to each
    aiokafka client it builds (its consumer, its producer, which also creates topics)."""
    s = security if security is not None else load_security()
    if not s.secured:
        return {}
    import faust

    context = ssl_context(s) if s.tls else None
    credentials: Any
    if not s.sasl:
        credentials = faust.SSLCredentials(context)
    elif s.sasl_mechanism == "OAUTHBEARER":
        credentials = faust.OAuthCredentials(oauth_cb=_token_provider(s), ssl_context=context)
    else:
        credentials = faust.SASLCredentials(
            username=s.sasl_username,
            password=s.password(),
            ssl_context=context,
            mechanism=s.sasl_mechanism,
        )
    return {"broker_credentials": credentials}


def env_lines(
    security_env: dict[str, str], comment: str | None = None, broker: str | None = None
) -> str:
    """Ready-to-export lines (``CHAO_KAFKA_...=value``) of settings that hold no secret
    (passwords go by file)."""
    lines = [f"# {comment}"] if comment else []
    if broker:
        lines.append(f"CHAO_WORKER_BROKER={broker}")
    lines += [f"{name}={value}" for name, value in security_env.items()]
    return "\n".join(lines)


def probe_connection(
    host: str, port: int, timeout: float, security: KafkaSecurity | None = None
) -> socket.socket:
    """A blocking socket to host:port for the raw-protocol probes (ApiVersions, which a
    SASL listener answers before authentication): TLS-wrapped, verifying the broker's
    certificate, when the security protocol uses TLS. The caller closes it."""
    s = security if security is not None else load_security()
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(timeout)
    if not s.tls:
        return sock
    try:
        return ssl_context(s).wrap_socket(sock, server_hostname=host)
    except BaseException:
        sock.close()
        raise
