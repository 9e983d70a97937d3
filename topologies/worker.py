"""Running one worker of the topology in this process (``chao-pipeline worker``)."""

from __future__ import annotations

import logging

from pipeline.config import PipelineConfig, WorkerSettings
from topologies.faust_tuning import PipelineWorker, install_event_loop
from topologies.pipeline_app import PipelineTopology


def run_worker(settings: WorkerSettings, config: PipelineConfig | None = None) -> None:
    """Blocks until the worker stops (SIGTERM or Ctrl-C stop it cleanly)."""
    install_event_loop()
    topology = PipelineTopology(settings, config)
    logging.getLogger("chao").setLevel(settings.log_level.upper())
    # The web server's bind address and port come from the app's settings.
    worker = PipelineWorker(topology.app, loglevel=settings.log_level)
    worker.execute_from_commandline()
