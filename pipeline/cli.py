"""``chao-pipeline``: the command line. Subcommands import what they need lazily, so
``process`` never pays for importing Faust."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def _cmd_process(args: argparse.Namespace) -> int:
    from pipeline.config import PipelineConfig
    from pipeline.filemode import process_file
    from pipeline.summary import format_summary

    if args.input != "-" and not Path(args.input).is_file():
        print(f"chao-pipeline: input file not found: {args.input}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    stats = process_file(args.input, Path(args.out), PipelineConfig(), progress=args.progress)
    print(format_summary(stats, elapsed_s=time.perf_counter() - started))
    print(f"output: {args.out}")
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from pipeline.schema import write_schemas

    for path in write_schemas(Path(args.out)):
        print(path)
    return 0


def _cmd_generate(args: argparse.Namespace) -> int:
    from pipeline.generate import generate_file

    lines = generate_file(Path(args.out), args.sessions, seed=args.seed)
    print(f"wrote {lines:,} raw lines for {args.sessions:,} sessions to {args.out}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chao-pipeline",
        description="Turn Chao's raw events into clean, client-ready streams.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    process = sub.add_parser("process", help="run the stages over a file of raw envelopes")
    process.add_argument("input", help="file of raw envelopes, one JSON per line ('-': stdin)")
    process.add_argument("--out", required=True, help="directory for the output files")
    progress = process.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="always show a progress bar",
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show a progress bar"
    )
    process.set_defaults(func=_cmd_process)

    schema = sub.add_parser("schema", help="write JSON Schema generated from the models")
    schema.add_argument("--out", default="schemas", help="directory (default: schemas)")
    schema.set_defaults(func=_cmd_schema)

    generate = sub.add_parser("generate", help="write realistic raw traffic to a file")
    generate.add_argument("--out", required=True, help="output file")
    generate.add_argument("--sessions", type=int, default=1000)
    generate.add_argument("--seed", type=int, default=0)
    generate.set_defaults(func=_cmd_generate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("chao-pipeline: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
