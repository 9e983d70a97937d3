"""The text one detector pass looks at, and what the one literal scan found in it."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Context", "lower_same_length"]


def lower_same_length(text: str) -> str:
    """``text.lower()``, except characters whose lower case is longer stay as they are.

    Positions found in the lower-cased copy must be valid in the text itself.
    """
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


@dataclass(slots=True)
class Context:
    """One view of a display text.

    ``plain`` and ``text`` have the same length (see :mod:`pipeline.screening.normalise`):
    ``text`` is the skeleton (ASCII look-alikes folded), ``plain`` keeps other scripts
    as they are. ``low``/``low_plain`` are their lower-cased copies, also of the same
    length, so a position found in one is valid in all four. ``hits`` maps each trigger
    of a detector to the start positions of the literals that raised it; ``active``
    maps the index of each detector that got a hit to its triggers.
    """

    text: str
    plain: str
    low: str
    low_plain: str
    hits: dict[str, list[int]] = field(default_factory=dict)
    active: dict[int, set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str, plain: str | None = None) -> Context:
        low = lower_same_length(text)
        if plain is None or plain == text:
            return cls(text, text, low, low)
        return cls(text, plain, low, lower_same_length(plain))

    def positions(self, trigger: str) -> list[int]:
        return self.hits.get(trigger, [])
