"""File mode (contract section 6): the same stages over a file of raw envelopes."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Final

import orjson
from tqdm import tqdm

from pipeline.config import PipelineConfig
from pipeline.core import Pipeline, topics_for
from pipeline.stages.ordering import Output
from pipeline.stages.stats import Stats
from pipeline.stages.types import Source
from pipeline.topics import file_topics, output_names

# The output files, named like the topics they stand for (contract section 6).
FILE_TOPICS: Final = file_topics()
OUTPUT_STEMS: Final = output_names(FILE_TOPICS)
_CHUNK: Final = 1 << 16


def iter_lines(stream: IO[bytes], limit: int) -> Iterator[tuple[int, bytes | None]]:
    """(1-based line number, line without newline) pairs; ``None`` for a line over ``limit``.

    A line longer than ``limit`` is skipped without being held in memory, so one huge
    line can neither exhaust memory nor stop the run.
    """
    line_no = 0
    while True:
        line = stream.readline(limit + 2)
        if not line:
            return
        line_no += 1
        if line.endswith(b"\n") or len(line) <= limit:
            yield line_no, line.rstrip(b"\r\n")
            continue
        while line and not line.endswith(b"\n"):  # discard the rest of the long line
            line = stream.readline(_CHUNK)
        yield line_no, None


class _Outputs:
    """Writes each output file next to its final name and renames it when the run ends,
    so an interrupted run never leaves a file that looks complete."""

    def __init__(self, out_dir: Path) -> None:
        out_dir.mkdir(parents=True, exist_ok=True)
        self.out_dir = out_dir
        self.files = {
            stem: (out_dir / f".{stem}.jsonl.partial").open("wb") for stem in OUTPUT_STEMS
        }

    def write(self, outputs: list[Output], stats: Stats) -> None:
        for output in outputs:
            line = orjson.dumps(output[1]) + b"\n"
            for stem in topics_for(output, FILE_TOPICS):
                self.files[stem].write(line)
                stats.published[stem] += 1

    def commit(self) -> None:
        for stem, handle in self.files.items():
            handle.close()
            os.replace(self.out_dir / f".{stem}.jsonl.partial", self.out_dir / f"{stem}.jsonl")

    def abort(self) -> None:
        for handle in self.files.values():
            handle.close()


def process_file(
    input_path: str,
    out_dir: Path,
    config: PipelineConfig | None = None,
    *,
    progress: bool | None = None,
) -> Stats:
    """Run the pipeline over ``input_path`` (``-``: standard input) into ``out_dir``.

    The reorder window is not timed here: a file has no arrival times worth trusting, so
    gaps are skipped at the waiting-events cap or at the end of the input, and the output
    is the same however fast the machine is.
    """
    config = config or PipelineConfig()
    pipeline = Pipeline(config, clock=lambda: 0.0)
    name = "-" if input_path == "-" else Path(input_path).name
    if input_path == "-":
        stream: IO[bytes] = sys.stdin.buffer
        total = None
    else:
        stream = open(input_path, "rb")  # noqa: SIM115 - closed in finally
        total = os.fstat(stream.fileno()).st_size
    show = progress if progress is not None else sys.stderr.isatty() and (total or 0) > 1 << 20
    outputs = _Outputs(out_dir)
    bar = tqdm(total=total, unit="B", unit_scale=True, disable=not show, file=sys.stderr, desc=name)
    try:
        for line_no, line in iter_lines(stream, config.max_record_bytes):
            bar.update(len(line) + 1 if line is not None else 0)
            source = Source(name, 0, line_no)
            if line is None:
                outputs.write(pipeline.reject_too_large(source), pipeline.stats)
                continue
            if not line.strip():
                continue
            outputs.write(pipeline.process(line, source), pipeline.stats)
        outputs.write(pipeline.flush(), pipeline.stats)
    except BaseException:
        outputs.abort()
        raise
    finally:
        bar.close()
        if stream is not sys.stdin.buffer:
            stream.close()
    outputs.commit()
    return pipeline.stats
