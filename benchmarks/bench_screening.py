"""The screening's own rate, and what its one literal pass costs as rules are added.

Run: ``make bench`` (or ``python -m benchmarks.bench_screening``).

1. Rate with the full rule set, in summaries per second: on the summaries (with their
   phases) of generated traffic, as the policy stage sees them, and on the screening
   corpus (hard cases: every one has something to look at).
2. The literal pass against the number of anchor literals: the shipped automaton, and
   the same literals repeated with 3 and 15 more sets of made-up literals, scanning the
   generated summaries. Alongside, the engines the choice was made against (Hyperscan,
   RE2 sets, one Python alternation), when they are installed; they are not
   dependencies of the project.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import re
import string
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import orjson

from benchmarks.report import write_section
from pipeline.dev.generate import generate_events
from pipeline.screening import Screening

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "screening.jsonl"


def generated_pairs(sessions: int) -> list[tuple[str, str | None]]:
    pairs: list[tuple[str, str | None]] = []
    for line in generate_events(sessions, seed=7):
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        if not isinstance(record, dict) or not str(record.get("type", "")).startswith("cot."):
            continue
        payload = record.get("payload")
        if isinstance(payload, dict) and isinstance(payload.get("summary"), str):
            phase = payload.get("phase")
            pairs.append((payload["summary"], phase if isinstance(phase, str) else None))
    return pairs


def corpus_pairs() -> list[tuple[str, str | None]]:
    if not CORPUS.is_file():
        return []
    cases = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    return [(c["summary"], c.get("phase")) for c in cases]


def best_rate(fn: Callable[[], int], repeats: int) -> float:
    best = 0.0
    for _ in range(repeats):
        gc.collect()
        started = time.perf_counter()
        n = fn()
        best = max(best, n / (time.perf_counter() - started))
    return best


def screening_rate(
    screening: Screening, pairs: Sequence[tuple[str, str | None]], repeats: int
) -> float:
    def run() -> int:
        screen = screening.screen
        for summary, phase in pairs:
            screen(summary, phase)
        return len(pairs)

    return best_rate(run, repeats)


def chain_share(lines: list[bytes], repeats: int) -> tuple[float, float]:
    """CPU seconds of the stage chain over ``lines``: as shipped, and with the screening
    replaced by a no-op (everything else the same), best of ``repeats`` each, interleaved.
    CPU time, not wall time: on a shared machine the difference is what is wanted."""
    from benchmarks.bench_stages import stage_chain
    from pipeline.stages import policy

    # The policy stage reaches the summaries' screening through this name (phase labels'
    # verdicts are remembered after their first sight, the same in both runs).
    real = policy.default_screening

    class NoScreening:
        def screen(self, summary: str, phase: str | None = None) -> None:
            return None

    none = NoScreening()

    def cpu() -> float:
        gc.collect()
        started = time.process_time()
        stage_chain(lines)
        return time.process_time() - started

    with_screening = without = float("inf")
    try:
        for _ in range(repeats):
            policy.default_screening = real  # type: ignore[assignment]
            with_screening = min(with_screening, cpu())
            policy.default_screening = lambda: none  # type: ignore[assignment,return-value]
            without = min(without, cpu())
    finally:
        policy.default_screening = real  # type: ignore[assignment]
    return with_screening, without


def _made_up_literals(n: int, rng: random.Random) -> list[str]:
    alphabet = string.ascii_lowercase + string.digits + "_-."
    return [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(5, 12))) + "_" for _ in range(n)
    ]


Row = tuple[str, int, float]
Runner = Callable[[], int]


def _engines(words: list[str], lows: list[str]) -> list[tuple[str, Runner]]:
    """(label, run over all texts) for each engine that is installed."""
    from pipeline.screening.literals import LiteralScanner

    scanner = LiteralScanner([(w, i) for i, w in enumerate(words)])

    def hs_any() -> int:
        for low in lows:
            scanner.any(low)
        return len(lows)

    def hs_all() -> int:
        for low in lows:
            scanner.hits(low)
        return len(lows)

    engines: list[tuple[str, Runner]] = [
        ("Hyperscan literal mode (used): any literal?", hs_any),
        ("Hyperscan: every hit with its position", hs_all),
    ]
    try:
        import ahocorasick  # type: ignore[import-not-found]

        automaton = ahocorasick.Automaton()
        for i, w in enumerate(words):
            automaton.add_word(w, (len(w), i))
        automaton.make_automaton()

        def ac_any() -> int:
            for low in lows:
                next(automaton.iter(low), None)
            return len(lows)

        def ac_all() -> int:
            for low in lows:
                [(end - n + 1, i) for end, (n, i) in automaton.iter(low)]
            return len(lows)

        engines += [
            ("Aho-Corasick (pyahocorasick): any literal?", ac_any),
            ("Aho-Corasick: every hit with its position", ac_all),
        ]
    except ImportError:
        pass
    try:
        import re2  # type: ignore[import-not-found]

        rset = re2.Set.SearchSet()
        for w in words:
            rset.Add(re.escape(w))
        rset.Compile()

        def re2_ids() -> int:
            for low in lows:
                rset.Match(low)
            return len(lows)

        engines.append(("RE2 Set: ids of the literals that occur", re2_ids))
    except ImportError:
        pass
    except Exception:  # RE2 refuses sets past its memory budget
        engines.append(("RE2 Set: does not compile (memory budget)", lambda: 0))
    return engines


def _alternation_row(words: list[str], sample: list[str]) -> Row:
    alternation = re.compile("|".join(re.escape(w) for w in words))

    def search() -> int:
        for low in sample:
            alternation.search(low)
        return len(sample)

    return ("one Python re alternation: first hit", len(words), best_rate(search, 1))


def scan_costs(literals: list[str], texts: list[str], repeats: int) -> list[Row]:
    """(engine, literal count, texts/s): engines interleaved, best of ``repeats`` rounds."""
    rng = random.Random(1)
    rows: list[Row] = []
    lows = [t.lower() for t in texts]
    for factor in (1, 4, 16):
        words = literals + _made_up_literals(len(literals) * (factor - 1), rng)
        engines = _engines(words, lows)
        best: dict[str, float] = {}
        for _ in range(repeats):
            for label, run in engines:
                rate = best_rate(run, 1)
                best[label] = max(best.get(label, 0.0), rate)
        rows += [(label, len(words), best[label]) for label, _ in engines]
        if factor == 1:
            rows.append(_alternation_row(words, lows[:500]))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=3500)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()

    started = time.perf_counter()
    screening = Screening()
    build_s = time.perf_counter() - started
    pairs = generated_pairs(args.sessions)
    corpus = corpus_pairs()
    gen_rate = screening_rate(screening, pairs, args.repeats)
    corpus_rate = screening_rate(screening, corpus, args.repeats) if corpus else 0.0
    rules = screening.detectors[1].rules  # type: ignore[attr-defined]
    body = (
        f"Full rule set: {len(rules)} credential formats, {screening.anchor_count:,} anchor "
        f"literals over the five detectors; built in {build_s:.2f} s. Best of "
        f"{args.repeats}.\n\n"
        "| input | summaries | summaries/s |\n|---|---:|---:|\n"
        f"| generated traffic (summary with its phase, as the policy stage screens it) "
        f"| {len(pairs):,} | {gen_rate:,.0f} |\n"
    )
    if corpus:
        body += (
            f"| screening corpus (every case has something to check) | {len(corpus):,} "
            f"| {corpus_rate:,.0f} |\n"
        )
    lines = list(generate_events(args.sessions, seed=7))
    with_s, without_s = chain_share(lines, args.repeats)
    per_event = (with_s - without_s) / len(lines) * 1e6
    body += (
        f"\nThe stage chain over the same {len(lines):,} generated raw lines, CPU time, best "
        f"of {args.repeats}: {with_s:.3f} s with the screening, {without_s:.3f} s with it "
        f"replaced by a no-op: the screening is {(with_s - without_s) / with_s:.1%} of the "
        f"chain ({per_event:.2f} us per raw line).\n"
    )
    literals = list(screening.literals)
    texts = [(p + "\n" + s) if p else s for s, p in pairs[:20000]]
    rows = scan_costs(literals, texts, max(args.repeats, 5))
    body += (
        "\nThe one literal pass against the number of literals (generated summaries; the "
        "shipped literals, then with 3 and 15 times as many made-up ones added). The "
        "engines it was chosen against are shown when installed (pyahocorasick, "
        "google-re2; not dependencies):\n\n"
        "| engine | literals | texts/s |\n|---|---:|---:|\n"
    )
    for engine, count, rate in rows:
        body += f"| {engine} | {count:,} | {rate:,.0f} |\n"
    print(body)
    if not args.no_write:
        write_section("Screening", "make bench", body)


if __name__ == "__main__":
    main()
