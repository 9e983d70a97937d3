"""Chao clean-stream pipeline: raw Chao events in, clean client-ready streams out.

The public API is deliberately small; everything else is an implementation detail.
"""

from pipeline.config import PipelineConfig
from pipeline.core import Pipeline
from pipeline.errors import PipelineError
from pipeline.stages.ordering import SessionState
from pipeline.stages.stats import Stats
from pipeline.stages.types import Source

__all__ = ["Pipeline", "PipelineConfig", "PipelineError", "SessionState", "Source", "Stats"]
