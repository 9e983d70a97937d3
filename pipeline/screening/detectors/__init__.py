"""The contract's five detectors, one module each (see pipeline.screening.engine)."""
