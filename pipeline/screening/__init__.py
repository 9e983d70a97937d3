"""Screening of visible-reasoning display text (contract 3.2 rule 5, ``unsafe_summary``).

The one entry point is :func:`screen` (``summary`` and ``phase`` judged together, as the
client shows them); :func:`first_unsafe` screens one text. Both return the name of the
detector that names the drop, first in the contract's order ``signed_link``,
``credential``, ``internal_path``, ``hidden_prompt``, ``raw_output``, or None.

Layout: :mod:`.normalise` (what a reader sees), :mod:`.values` (does a value look like a
secret), :mod:`.rules` (the rule data, TOML), :mod:`.detectors` (one module per
detector), :mod:`.engine` (the one literal scan and the priority order),
:mod:`.evaluate` (the corpus evaluation behind ``chao-pipeline eval-screening``).
docs/screening.md has the design and the decisions.
"""

from __future__ import annotations

from functools import lru_cache

from pipeline.screening.engine import DETECTOR_NAMES, Screening

__all__ = ["DETECTOR_NAMES", "Screening", "default_screening", "first_unsafe", "screen"]


@lru_cache(maxsize=1)
def default_screening() -> Screening:
    """The screening with every rule, built on first use (about 0.7 s with the recital
    model; a worker builds it at start, topologies.worker)."""
    return Screening()


def screen(summary: str | None, phase: str | None = None) -> str | None:
    """The detector that names the drop of a cot event's display text, or None."""
    return default_screening().screen(summary, phase)


def first_unsafe(text: str) -> str | None:
    """The detector that names the drop of one display text, or None."""
    return default_screening().first_unsafe(text)
