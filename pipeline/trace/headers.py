"""The Kafka header on each record of ``chao.clean.session-events`` that carries its
trace's previous seq (the clean topic is also the traces' changelog)."""

from __future__ import annotations

from typing import Any, Final

from pipeline.trace.model import is_seq_or_none

# The record header that carries a trace's last seq before the record (prev_seq_header).
PREV_SEQ_HEADER: Final = "chao-trace-prev-seq"


def prev_seq_header(prev_last_seq: int) -> tuple[str, bytes]:
    """The header the topology puts on each record of ``chao.clean.session-events``: the
    session trace's ``last_seq`` before this event (-1: none), in ASCII digits.

    Why: the clean topic is also the trace table's changelog, and recovery reads only its
    recent part (the trace age bound). A session whose earlier events are not read must
    still count them as dropped, so a client resuming from one of them is told it fell
    behind instead of silently missing events. Clients may ignore the header.
    """
    return (PREV_SEQ_HEADER, b"%d" % prev_last_seq)


def parse_prev_seq(headers: Any) -> int:
    """The value of :func:`prev_seq_header` among a record's headers; -1 when absent.

    Raises ValueError for a header that is present but not a seq (a record not written by
    this pipeline: skipped, never trusted)."""
    for name, value in headers or ():
        if name == PREV_SEQ_HEADER:
            try:
                prev = int(value)
            except (TypeError, ValueError) as exc:
                raise ValueError("malformed prev-seq header") from exc
            if not is_seq_or_none(prev):
                raise ValueError("malformed prev-seq header")
            return prev
    return -1
