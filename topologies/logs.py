"""A worker's logs: at the configured level, without Faust's terminal spinner, and with no
record values in them."""

from __future__ import annotations

import logging
from typing import Any

import faust

from pipeline.api.redact import RedactCredentials


class PipelineWorker(faust.Worker):
    """Faust's worker, with logging an operator can trust at any level.

    Why: with a level of WARNING or above, Faust adds a terminal "spinner" handler at DEBUG
    and sets the root logger to DEBUG (``faust.Worker._setup_spinner_handler``). Every debug
    call then builds a log record (a measurable cost per message: several per event) and
    a handler receives records whose arguments are raw record values
    (``faust.topics``: "send: topic=%r k=%r v=%r"). A worker is a service, not a terminal:
    no spinner; the root logger gets exactly the configured level; and every handler
    redacts message bodies (:class:`RedactRecordValues`), so even DEBUG logs carry no
    payload text.
    """

    def on_setup_root_logger(self, logger: logging.Logger, level: int) -> None:
        self.spinner = None
        logger.setLevel(level or logging.INFO)
        for handler in logger.handlers:
            handler.addFilter(RedactRecordValues())
            handler.addFilter(RedactCredentials())  # tokens (pipeline.api.redact)


class RedactRecordValues(logging.Filter):
    """Replace bytes arguments of log records (record keys and values) by their length.

    Faust and aiokafka pass raw keys and values as ``bytes`` arguments to debug messages;
    the pipeline itself never logs text. Objects that carry a value (Faust messages and
    events) are reduced to their coordinates.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and args:
            record.args = tuple(_redacted(arg) for arg in args)
        elif isinstance(args, dict) and args:
            record.args = {key: _redacted(value) for key, value in args.items()}
        return True


def _redacted(arg: Any) -> Any:
    if isinstance(arg, bytes | bytearray | memoryview):
        return f"<{len(arg)} bytes>"
    if hasattr(arg, "value") and hasattr(arg, "offset") and hasattr(arg, "topic"):
        return f"<message {arg.topic}[{getattr(arg, 'partition', '?')}]@{arg.offset}>"
    message = getattr(arg, "message", None)
    if message is not None and hasattr(message, "offset") and hasattr(message, "value"):
        return f"<event {message.topic}[{message.partition}]@{message.offset}>"
    return arg
