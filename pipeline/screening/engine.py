"""The screening: one literal scan, then only the checks whose literals occurred.

:meth:`Screening.screen` is the one entry point the policy stage calls. In order:

1. The display text is what the client shows: the phase and the summary, joined by a
   line break (contract 3.2 rule 5: "judged together").
2. :func:`~pipeline.screening.normalise.normalise` gives the views a reader sees
   (decoded, NFKC, invisibles removed, look-alikes folded).
3. Extra views, only when there is something to see: the text on both sides of a line
   break that cuts a token (``sk-proj-Ab`` + newline + ``Cd…``, also the phase/summary
   seam), and base64 runs that decode to a PEM block or a JSON object.
4. One pass per view over the lower-cased text (Hyperscan's literal matcher, see
   :mod:`pipeline.screening.literals`) finds every anchor literal of every rule of every
   detector at once; its cost grows with the text, hardly with the number of rules
   (measured in BENCHMARKS.md, "Screening").
5. The detectors run in the contract's priority order (``signed_link``, ``credential``,
   ``internal_path``, ``hidden_prompt``, ``raw_output``); each looks only at the
   rules whose literals the pass found. The first that fires on any view names the drop.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from typing import Final

from pipeline.screening.context import Context
from pipeline.screening.detectors.base import Detector
from pipeline.screening.detectors.credential import CredentialDetector
from pipeline.screening.detectors.hidden_prompt import HiddenPromptDetector
from pipeline.screening.detectors.internal_path import InternalPathDetector
from pipeline.screening.detectors.raw_output import RawOutputDetector
from pipeline.screening.detectors.signed_link import SignedLinkDetector
from pipeline.screening.literals import LiteralScanner
from pipeline.screening.normalise import needs_work, normalise
from pipeline.screening.values import looks_like_password

__all__ = ["DETECTOR_NAMES", "Screening"]

DETECTOR_NAMES: Final = (
    "signed_link",
    "credential",
    "internal_path",
    "hidden_prompt",
    "raw_output",
)

# Characters that can continue a token across a line break (keys, URLs, markers, and
# Windows paths: a drive root in the phase and the rest in the summary, batch 19).
_SEAM_SIGNAL: Final = frozenset("0123456789_-/=%.:|<>[]@&?#$\\")
_SEAM_CLASS: Final = r"[A-Za-z0-9_\-+/=%.:~|<>\[\]@&?#$!*\\]"
_LEFT_RUN_RE: Final = re.compile(_SEAM_CLASS + r"+\Z")
_RIGHT_RUN_RE: Final = re.compile(_SEAM_CLASS + r"{1,400}")
_SEAM_CLASS_RE: Final = re.compile(_SEAM_CLASS)
_BREAK_RE: Final = re.compile(r"[\r\n]+")
_SEAM_CONTEXT: Final = 80
_DIRTY: Final = "\x00"  # a remembered phase that has something to check on its own
# Characters that send a text past the fast path: encodings to undo, defangs, breaks.
_SPECIAL_RE: Final = re.compile(r"[%&\\\[(\r\n]")
_MAX_PHASES: Final = 1024
# Positions kept per trigger: repeated text (``aaaa…``, a thousand ``token=``) must not
# make the checks' work grow with it; real text is far below this.
_MAX_POSITIONS: Final = 64
_B64_HEADER_RE: Final = re.compile(
    r"(?<![A-Za-z0-9+/])(?:LS0tLS1|LS0tLSBCRUdJTi|ewo|ew0K|eyJ|eyAi|W3si|WwogIHsi)[A-Za-z0-9+/_\-]{16,}={0,2}"
)


class Screening:
    """All detectors over one automaton. Build once (it compiles every rule)."""

    def __init__(self, detectors: Sequence[Detector] | None = None) -> None:
        self.detectors: tuple[Detector, ...] = tuple(
            detectors
            if detectors is not None
            else (
                SignedLinkDetector(),
                CredentialDetector(),
                InternalPathDetector(),
                HiddenPromptDetector(),
                RawOutputDetector(),
            )
        )
        self.names: tuple[str, ...] = tuple(d.name for d in self.detectors)
        table: dict[str, list[tuple[int, str]]] = {}
        for index, detector in enumerate(self.detectors):
            for literal, trigger in detector.anchors():
                entry = table.setdefault(literal, [])
                if (index, trigger) not in entry:
                    entry.append((index, trigger))
        self._scanner: LiteralScanner[tuple[tuple[int, str], ...]] = LiteralScanner(
            [(literal, tuple(entries)) for literal, entries in table.items()]
        )
        self.literals: tuple[str, ...] = tuple(table)
        self.anchor_count = len(table)
        self._phase_tails: dict[str, str] = {}

    # -- the entry point -------------------------------------------------------------------

    def screen(self, summary: str | None, phase: str | None = None) -> str | None:
        """The detector that names the drop of a step with this summary and phase, or None."""
        if summary is None:
            return None if phase is None else self.first_unsafe(phase)
        if phase is None:
            return self.first_unsafe(summary)
        # Phases are short labels from a small vocabulary: what the join needs to know of
        # one (is there anything to check in it alone, and the token it ends with) is
        # remembered. No literal contains a line break, so the scan cannot match across
        # the one that joins them: a clean phase, a clean summary and no token cut at the
        # join make a clean whole.
        tail = self._phase_tails.get(phase)
        if tail is None:
            tail = self._phase_tail(phase)
        if tail != _DIRTY and self._clean(summary):
            if not tail or not _SEAM_CLASS_RE.match(summary):
                return None
            rm = _RIGHT_RUN_RE.match(summary)
            run = rm.group() if rm is not None else ""
            if len(tail) + len(run) < 8 or (
                _SEAM_SIGNAL.isdisjoint(tail) and _SEAM_SIGNAL.isdisjoint(run)
            ):
                return None
        found = self.first_unsafe(phase + "\n" + summary)
        if found is None and tail == _DIRTY and _split_password(phase, summary):
            return "credential"
        return found

    def _phase_tail(self, phase: str) -> str:
        if not self._clean(phase):
            tail = _DIRTY
        else:
            lm = _LEFT_RUN_RE.search(phase, max(0, len(phase) - _SEAM_CONTEXT))
            tail = lm.group() if lm is not None else ""
        if len(self._phase_tails) < _MAX_PHASES:
            self._phase_tails[phase] = tail
        return tail

    def _clean(self, text: str) -> bool:
        """Nothing to check: its own view, no anchor literal, no line break cutting a token."""
        if text.isascii() and _SPECIAL_RE.search(text) is None:
            # The common case: no encoding to undo, no line break, so only the scan.
            low = text.lower()
            return "xxp" not in low and not self._scanner.any(low)
        return (
            not needs_work(text)
            and not self._scanner.any(text.lower())
            and (("\n" not in text and "\r" not in text) or not _seams(text))
        )

    def first_unsafe(self, text: str) -> str | None:
        """The first detector, in priority order, that fires on ``text`` (or None)."""
        # Fast path, most summaries: plain ASCII prose without a single anchor literal
        # and without a line break that cuts a token.
        if self._clean(text):
            return None
        views = self._views(text)
        active: set[int] = set()
        for view in views:
            active |= self._scan(view)
        if not active:
            return None
        for index, detector in enumerate(self.detectors):
            if index not in active:
                continue
            for view in views:
                if index in view.active and detector.check(view):
                    return detector.name
        return None

    def detects(self, name: str, text: str) -> bool:
        """Whether the detector called ``name`` fires on ``text`` (any view)."""
        index = self.names.index(name)
        views = self._views(text)
        for view in views:
            self._scan(view)
        return any(index in view.active and self.detectors[index].check(view) for view in views)

    def fired(self, text: str) -> list[str]:
        """Every detector that fires on ``text`` (for the evaluation tool)."""
        views = self._views(text)
        for view in views:
            self._scan(view)
        return [
            d.name
            for i, d in enumerate(self.detectors)
            if any(d.check(view) for view in views if i in view.active)
        ]

    # -- views and the scan ----------------------------------------------------------------

    def _views(self, text: str) -> list[Context]:
        norm = normalise(text)
        main = Context.of(norm.skeleton, norm.plain)
        views = [main]
        plain = norm.plain
        if "\n" in plain or "\r" in plain:
            views.extend(_seam_views(norm.skeleton, plain))
        if (
            "LS0t" in plain
            or "ewo" in plain
            or "ew0K" in plain
            or "eyJ" in plain
            or "W3si" in plain
            or "eyAi" in plain
        ):
            views.extend(_base64_views(plain))
        return views

    def _scan(self, view: Context) -> set[int]:
        hits: dict[str, list[int]] = {}
        active: dict[int, set[str]] = {}
        sources = (view.low,) if view.low_plain == view.low else (view.low, view.low_plain)
        for source in sources:
            for start, entries in self._scanner.hits(source):
                for index, trigger in entries:
                    positions = hits.get(trigger)
                    if positions is None:
                        hits[trigger] = [start]
                        active.setdefault(index, set()).add(trigger)
                    elif len(positions) < _MAX_POSITIONS and start not in positions:
                        positions.append(start)
        view.hits = hits
        view.active = active
        return set(active)


# The phase names a password ("DB password found in dump") and the summary states a
# value ("... the value after it is Y@lmA4HBHv6i"): the reader sees both together. Only a
# value with letters of both cases, a digit and a symbol counts, since the summary alone
# says nothing of what it is.
_PHASE_PASSWORD_RE: Final = re.compile(
    r"(?i)passw|passphrase|kennwort|contraseña|senha|mot de passe|пароль|hasło|wachtwoord|"
    r"lösenord|passord|salasana|şifre|密码|パスワード|비밀번호"
)
_STATED_VALUE_RE: Final = re.compile(
    r"(?:\bis|\bwas|:|=)\s{1,3}[\"'`]?(?P<v>[!-~]{8,64}?)[\"'`]?[.,;]?\s*$"
)


def _split_password(phase: str, summary: str) -> bool:
    if _PHASE_PASSWORD_RE.search(phase) is None:
        return False
    m = _STATED_VALUE_RE.search(summary)
    if m is None:
        return False
    v = m.group("v")
    return (
        any(c.islower() for c in v)
        and any(c.isupper() for c in v)
        and any(c.isdigit() for c in v)
        and any(not c.isalnum() for c in v)
        and looks_like_password(v)
    )


def _seams(plain: str) -> list[tuple[int, int, int, int]]:
    """Line breaks that may cut a token: (left run start, break start, break end, right
    run end), where the runs on both sides together hold a digit or a symbol."""
    found = []
    i = _next_break(plain, 0)
    while i != -1:
        brk = _BREAK_RE.match(plain, i)
        j = brk.end() if brk is not None else i + 1
        lm = _LEFT_RUN_RE.search(plain, max(0, i - _SEAM_CONTEXT), i)
        rm = _RIGHT_RUN_RE.match(plain, j)
        if lm is not None and rm is not None:
            left, right = lm.start(), rm.end()
            if right - j + i - left >= 8 and (
                not _SEAM_SIGNAL.isdisjoint(lm.group()) or not _SEAM_SIGNAL.isdisjoint(rm.group())
            ):
                found.append((left, i, j, right))
        i = _next_break(plain, j)
    return found


def _next_break(text: str, start: int) -> int:
    n, r = text.find("\n", start), text.find("\r", start)
    if n == -1:
        return r
    return n if r == -1 else min(n, r)


def _seam_views(skeleton: str, plain: str) -> list[Context]:
    """Text around each line break that cuts a token, with the break taken out."""
    views: list[Context] = []
    n = len(plain)
    for left, i, j, right in _seams(plain):
        a = max(0, left - _SEAM_CONTEXT)
        b = min(n, right + _SEAM_CONTEXT)
        views.append(Context.of(skeleton[a:i] + skeleton[j:b], plain[a:i] + plain[j:b]))
    return views


def _base64_views(plain: str) -> list[Context]:
    """Base64 runs that decode to a PEM block or a JSON object/array, decoded."""
    views: list[Context] = []
    for m in _B64_HEADER_RE.finditer(plain):
        run = m.group()
        if "." in plain[m.end() : m.end() + 1]:
            continue  # a JWT segment: the JWT check reads it
        data = run.replace("-", "+").replace("_", "/")
        data += "=" * (-len(data) % 4)
        try:
            raw = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            continue
        decoded = raw.decode("utf-8", errors="replace")
        printable = sum(c.isprintable() or c in "\r\n\t" for c in decoded)
        if not decoded or printable < 0.9 * len(decoded):
            continue
        norm = normalise(decoded)
        views.append(Context.of(norm.skeleton, norm.plain))
        if len(views) >= 4:
            break
    return views
