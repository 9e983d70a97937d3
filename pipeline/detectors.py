"""The detectors of the ``unsafe_summary`` rule, by name (contract 3.2 rule 5).

The screening itself lives in :mod:`pipeline.screening` (normalisation, rule data, one
literal scan, the five detectors); this module keeps the names other modules and tests
use: :data:`DETECTOR_NAMES` in the contract's priority order, one ``detect_*`` function
per detector, and :func:`first_unsafe`.
"""

from __future__ import annotations

from collections.abc import Callable

from pipeline.screening import DETECTOR_NAMES, default_screening, first_unsafe

__all__ = [
    "DETECTORS",
    "DETECTOR_NAMES",
    "detect_credential",
    "detect_hidden_prompt",
    "detect_internal_path",
    "detect_raw_output",
    "detect_signed_link",
    "first_unsafe",
]

Detector = Callable[[str], bool]


def _detector(name: str) -> Detector:
    def detect(text: str) -> bool:
        return default_screening().detects(name, text)

    detect.__name__ = f"detect_{name}"
    detect.__doc__ = f"Whether the ``{name}`` detector fires on ``text`` (see pipeline.screening)."
    return detect


detect_signed_link = _detector("signed_link")
detect_credential = _detector("credential")
detect_internal_path = _detector("internal_path")
detect_hidden_prompt = _detector("hidden_prompt")
detect_raw_output = _detector("raw_output")

#: ``(name, detector)`` pairs in the contract's priority order.
DETECTORS: tuple[tuple[str, Detector], ...] = (
    ("signed_link", detect_signed_link),
    ("credential", detect_credential),
    ("internal_path", detect_internal_path),
    ("hidden_prompt", detect_hidden_prompt),
    ("raw_output", detect_raw_output),
)
