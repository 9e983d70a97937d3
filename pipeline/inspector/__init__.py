"""The session inspector page (``/inspect/{sessionId}``): static files shipped in the package.

``static/index.html`` and ``static/inspector.css`` are written by hand; ``static/inspector.js``
is the bundle of ``clients/inspector/src/inspector.ts`` (which uses ``@chao/clean-stream``'s
stream wrapper and reducer), built with esbuild and committed, so the package needs no Node
at run time (``clients/inspector``: ``npm run build``; its test fails when the committed
bundle differs from what the source builds). No CDN, no external font: the page loads
nothing but these files and the worker's API, which its Content-Security-Policy enforces.

The page holds no session data and no token: it reads the token from its own URL
(``?access_token=``) in the browser, drops it from the address bar, and sends it as
``Authorization: Bearer`` to the session endpoints. docs/inspector.md.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Final

PAGE: Final = "index.html"
# The files under /inspect/assets/, with their content types.
# (The files are ASCII or declare UTF-8 themselves: aiohttp takes no charset here.)
ASSETS: Final[dict[str, str]] = {
    "inspector.js": "text/javascript",
    "inspector.css": "text/css",
}
PAGE_TYPE: Final = "text/html"
# The page may load its own script and style sheet and call its own origin, nothing else
# (data: images: its empty icon, so that a browser does not ask for /favicon.ico).
CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS: Final[dict[str, str]] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    # The page's URL may carry a token: never send it as a Referer (not even to the
    # worker's own assets), never keep the page in a cache.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


@cache
def static_file(name: str) -> bytes:
    """The bytes of a shipped file (``index.html`` or an asset); KeyError for others."""
    if name != PAGE and name not in ASSETS:
        raise KeyError(name)
    return resources.files(__package__).joinpath("static", name).read_bytes()
