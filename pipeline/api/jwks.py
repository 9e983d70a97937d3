"""Public keys for asymmetric tokens: a JWK Set from a file or an http(s) URL, cached.

:class:`JwksKeys` keeps the last set it loaded for ``refresh_s`` seconds, then loads it
again; a token whose ``kid`` is not in the set makes it load again at once, at most once
per ``refetch_cooldown_s`` (a stream of tokens with made-up kids must not turn into a
stream of fetches). When loading fails, the last good set goes on being used for up to
:data:`STALE_LIMIT_S` after it should have been replaced (an identity provider's outage
should not lock every client out at once); after that, verification answers 503.

Loading blocks (file or network): the web layer calls :meth:`JwksKeys.cached_key` first,
which never does I/O, and runs :meth:`JwksKeys.signing_key` in a thread only when that
finds nothing. Only public keys are taken: a symmetric (``oct``) key in a JWK Set is
ignored, so a published key set can never make an HMAC token verify.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from jwt import PyJWK, PyJWKClient, PyJWKSet
from jwt.exceptions import PyJWKClientError, PyJWKError, PyJWKSetError

from pipeline.errors import ConfigError, PipelineError

log = logging.getLogger("chao.api")

# How long past its refresh time the last good key set may still be used while loading fails.
STALE_LIMIT_S: Final = 3600.0
# Timeout of one fetch of a JWK Set URL.
FETCH_TIMEOUT_S: Final = 5.0

Loader = Callable[[], PyJWKSet]


class KeysUnavailable(PipelineError):
    """No usable key set: loading failed and no recent good set is left."""


def is_url(source: str) -> bool:
    return source.lower().startswith(("http://", "https://"))


def url_loader(url: str) -> Loader:
    """Fetches the set with PyJWT's :class:`~jwt.PyJWKClient` (http and https only, no
    redirects, a timeout); the caching is :class:`JwksKeys`'s."""
    client = PyJWKClient(url, cache_jwk_set=False, timeout=FETCH_TIMEOUT_S)

    def load() -> PyJWKSet:
        return client.get_jwk_set()

    return load


def file_loader(path: Path) -> Loader:
    def load() -> PyJWKSet:
        return PyJWKSet.from_json(path.read_text(encoding="utf-8"))

    return load


def loader_for(source: str) -> Loader:
    """The loader of ``CHAO_API_JWKS``; a file is read once here so that a missing or
    malformed file stops the worker at start, naming the setting."""
    if is_url(source):
        return url_loader(source)
    path = Path(source)
    load = file_loader(path)
    try:
        load()
    except OSError as exc:
        raise ConfigError(
            f"CHAO_API_JWKS: cannot read the JWK Set file {source}: "
            f"{exc.strerror or type(exc).__name__}"
        ) from None
    except (PyJWKError, PyJWKSetError, ValueError) as exc:
        raise ConfigError(
            f"CHAO_API_JWKS: {source} is not a JWK Set with a usable key ({type(exc).__name__})"
        ) from None
    return load


class JwksKeys:
    """A cached JWK Set (module docstring); thread-safe."""

    def __init__(
        self,
        load: Loader,
        *,
        refresh_s: float = 300.0,
        refetch_cooldown_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._load = load
        self.refresh_s = refresh_s
        self.refetch_cooldown_s = refetch_cooldown_s
        self._clock = clock
        self._lock = threading.Lock()
        self._keys: list[PyJWK] = []
        self._loaded_at: float | None = None  # last successful load
        self._tried_at: float | None = None  # last attempt, successful or not

    def cached_key(self, kid: str | None, alg: str) -> PyJWK | None:
        """The key for a token from the set in memory, if that set is fresh; no I/O."""
        loaded_at = self._loaded_at
        if loaded_at is None or self._clock() - loaded_at >= self.refresh_s:
            return None
        return _match(self._keys, kid, alg)

    def signing_key(self, kid: str | None, alg: str) -> PyJWK | None:
        """The key for a token (``kid`` and ``alg`` from its header), loading the set when
        it is due or does not know the kid; None when no key matches. Blocks while loading.
        Raises :class:`KeysUnavailable` when no recent good set can be had."""
        with self._lock:
            now = self._clock()
            due = self._loaded_at is None or now - self._loaded_at >= self.refresh_s
            if due:
                self._reload(now)
            key = _match(self._keys, kid, alg)
            if key is None and not due and self._cooled_down(now):
                self._reload(now)  # an unknown kid: maybe a key rotated in since
                key = _match(self._keys, kid, alg)
            if self._loaded_at is None or now - self._loaded_at >= self.refresh_s + STALE_LIMIT_S:
                raise KeysUnavailable("no usable JWK Set")
            return key

    def _cooled_down(self, now: float) -> bool:
        return self._tried_at is None or now - self._tried_at >= self.refetch_cooldown_s

    def _reload(self, now: float) -> None:
        failed_last = self._tried_at is not None and self._loaded_at != self._tried_at
        if failed_last and not self._cooled_down(now):
            return  # the last attempt failed: retry no more often than the cooldown
        self._tried_at = now
        try:
            key_set = self._load()
        except (OSError, PyJWKClientError, PyJWKError, PyJWKSetError, ValueError) as exc:
            log.warning(
                "could not load the JWK Set (CHAO_API_JWKS): %s; %s",
                type(exc).__name__,
                "using the last good one" if self._keys else "tokens cannot be verified yet",
            )
            return
        self._keys = [key for key in key_set.keys if _public_signing_key(key)]
        self._loaded_at = now


def _public_signing_key(key: PyJWK) -> bool:
    return key.key_type != "oct" and key.public_key_use in (None, "sig")


def _match(keys: list[PyJWK], kid: str | None, alg: str) -> PyJWK | None:
    """The key of that kid and algorithm; without a kid, the only key of the algorithm."""
    candidates = [key for key in keys if key.algorithm_name == alg]
    if kid is not None:
        candidates = [key for key in candidates if key.key_id == kid]
        return candidates[0] if candidates else None
    return candidates[0] if len(candidates) == 1 else None
