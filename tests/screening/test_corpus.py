"""The screening corpus through the real stage chain (contract 3.2 rule 5).

``../shared/corpus/screening.jsonl`` (README beside it) and this project's own held-out
set ``tests/data/screening_heldout.jsonl`` (written from vendors' documented formats and
real-world phrasing, not from the corpus) each go through :class:`pipeline.Pipeline` as
one eligible session, one ``cot.step`` per case. Misses are reported by id, group and why,
never by text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.screening.evaluate import Report, evaluate, load_cases
from tests.conftest import FIXTURES

CORPUS = FIXTURES.parent / "corpus" / "screening.jsonl"  # shared/, wherever this file is
HELDOUT = Path(__file__).parent / "data" / "screening_heldout.jsonl"
# Batch 5, written blind after batches 1-4 were fixed (docs/screening.md, held-out batches).
HELDOUT_BATCH5 = Path(__file__).parent / "data" / "screening_heldout_batch5.jsonl"
# Batch 6, written blind after the batch 5 fixes, to test them.
HELDOUT_BATCH6 = Path(__file__).parent / "data" / "screening_heldout_batch6.jsonl"
# Batch 7, written blind after the batch 6 fixes.
HELDOUT_BATCH7 = Path(__file__).parent / "data" / "screening_heldout_batch7.jsonl"
# Batch 8, written blind after the batch 7 fixes.
HELDOUT_BATCH8 = Path(__file__).parent / "data" / "screening_heldout_batch8.jsonl"
# Batch 9, written blind for issue 26 (six webhook cases relabelled, docs/screening.md).
HELDOUT_BATCH9 = Path(__file__).parent / "data" / "screening_heldout_batch9.jsonl"
# Batch 10, written blind after the batch 9 fixes (15 webhook cases relabelled).
HELDOUT_BATCH10 = Path(__file__).parent / "data" / "screening_heldout_batch10.jsonl"
# Batch 11, written blind after the batch 10 fixes (7 webhook cases relabelled).
HELDOUT_BATCH11 = Path(__file__).parent / "data" / "screening_heldout_batch11.jsonl"
# Batch 12, written blind after the batch 11 fixes (16 cases relabelled by the documented
# decisions: webhooks, chat-template tokens, injections found in content, a docs sample).
HELDOUT_BATCH12 = Path(__file__).parent / "data" / "screening_heldout_batch12.jsonl"
# Batch 13, written blind after the batch 12 fixes with the labelling decisions given to
# its writer (4 chat-template token cases relabelled: the writer put them under raw_output).
HELDOUT_BATCH13 = Path(__file__).parent / "data" / "screening_heldout_batch13.jsonl"
# Batch 14, written blind after the batch 13 fixes (1 Zoom passcode link relabelled).
HELDOUT_BATCH14 = Path(__file__).parent / "data" / "screening_heldout_batch14.jsonl"
# Batch 15, written blind after the batch 14 fixes (none relabelled).
HELDOUT_BATCH15 = Path(__file__).parent / "data" / "screening_heldout_batch15.jsonl"
# Batches 16 and 17, written blind; first runs on round 8 (none relabelled).
HELDOUT_BATCH16 = Path(__file__).parent / "data" / "screening_heldout_batch16.jsonl"
HELDOUT_BATCH17 = Path(__file__).parent / "data" / "screening_heldout_batch17.jsonl"
# Batch 18, written blind; first run on round 9 (none relabelled).
HELDOUT_BATCH18 = Path(__file__).parent / "data" / "screening_heldout_batch18.jsonl"
# Batch 19, written blind; first run on round 10 (none relabelled).
HELDOUT_BATCH19 = Path(__file__).parent / "data" / "screening_heldout_batch19.jsonl"
# Batch 20, written blind; first run on round 11 (none relabelled).
HELDOUT_BATCH20 = Path(__file__).parent / "data" / "screening_heldout_batch20.jsonl"
# Batch 21, written blind; first run on round 12 (none relabelled; its seed phrases are
# credentials, the convention round 13 documents).
HELDOUT_BATCH21 = Path(__file__).parent / "data" / "screening_heldout_batch21.jsonl"
# Batch 22: written blind while round 13 was made; first run on it 92.3% caught, 2 false
# drops of 190; round 14 was made on it (docs/screening.md), none relabelled.
HELDOUT_BATCH22 = Path(__file__).parent / "data" / "screening_heldout_batch22.jsonl"
# Batch 23: written blind while round 14 was made; first run on it 98.3% caught, 2 false
# drops of 191; round 15 was made on it (docs/screening.md), none relabelled.
HELDOUT_BATCH23 = Path(__file__).parent / "data" / "screening_heldout_batch23.jsonl"
# Batch 24: written blind while round 15 was made; first run on it 98.2% caught, 2 false
# drops of 188 (docs/screening.md), none relabelled.
HELDOUT_BATCH24 = Path(__file__).parent / "data" / "screening_heldout_batch24.jsonl"
# Batch 25: written blind while round 16 was made; first run on it 96.1% caught, 6 false
# drops of 177 (3.4%, five of them keyword and tag lists in ru, ko, th, zh, tr); round 17
# was made on its kinds, no rule for one of its lines (docs/screening.md), none
# relabelled.
HELDOUT_BATCH25 = Path(__file__).parent / "data" / "screening_heldout_batch25.jsonl"
# Batch 26: written blind while round 17 was made; first run on it 95.9% caught (278 of
# 290), 3 false drops of 180 (1.7%); round 18 was made on its kinds, no rule for one of
# its lines (docs/screening.md), none relabelled.
HELDOUT_BATCH26 = Path(__file__).parent / "data" / "screening_heldout_batch26.jsonl"
# Batch 27: written blind while round 18 was made; first run on it 98.6% caught (286 of
# 290), 0 false drops of 180 (docs/screening.md), none relabelled.
HELDOUT_BATCH27 = Path(__file__).parent / "data" / "screening_heldout_batch27.jsonl"
# Batch 28: written blind after round 18; first run on it 96.6% caught (280 of 290), 1
# false drop of 180; round 19 was made on its kinds, no rule for one of its lines
# (docs/screening.md), none relabelled.
HELDOUT_BATCH28 = Path(__file__).parent / "data" / "screening_heldout_batch28.jsonl"
# Batch 29: written blind after round 19; first run on it 95.2% caught (276 of 290), 0
# false drops of 180; round 20 was made on its kinds, no rule for one of its lines
# (docs/screening.md), none relabelled.
HELDOUT_BATCH29 = Path(__file__).parent / "data" / "screening_heldout_batch29.jsonl"
# Batch 30: written blind after round 20; first run on it 84.1% caught (244 of 290;
# hidden prompts in 72 languages 47 of 85), 0 false drops of 180; round 21 was made on
# its kinds, no rule for one of its lines (docs/screening.md), none relabelled.
HELDOUT_BATCH30 = Path(__file__).parent / "data" / "screening_heldout_batch30.jsonl"
# Batch 32: written blind after round 21; first run on it 99.0% caught (287 of 290), 5
# false drops of 180 (2.8%: three reports of hidden instructions ignored); round 22 was
# made on its kinds, no rule for one of its lines (docs/screening.md), none relabelled.
HELDOUT_BATCH32 = Path(__file__).parent / "data" / "screening_heldout_batch32.jsonl"
# Batch 31: written blind while round 21 was built; first run on round 21 98.6% caught
# (286 of 290), 2 false drops of 180; no round was made on it, none relabelled.
HELDOUT_BATCH31 = Path(__file__).parent / "data" / "screening_heldout_batch31.jsonl"
# Batches 33 and 34: written blind after round 22; first runs on it 96.6% caught (280 of
# 290), 8 false drops of 180 (4.4%: reports of an injection met and not followed) and
# 96.9% (282 of 291), 3 of 179; round 23 was made on their kinds (docs/screening.md),
# none relabelled.
HELDOUT_BATCH33 = Path(__file__).parent / "data" / "screening_heldout_batch33.jsonl"
HELDOUT_BATCH34 = Path(__file__).parent / "data" / "screening_heldout_batch34.jsonl"
# Batches 35 and 36: written blind after round 23; first runs on it 96.6% caught (280 of
# 290), 0 false drops of 180 and 97.9% (284 of 290), 2 of 180; round 24 was made on their
# kinds, no rule for one of their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH35 = Path(__file__).parent / "data" / "screening_heldout_batch35.jsonl"
HELDOUT_BATCH36 = Path(__file__).parent / "data" / "screening_heldout_batch36.jsonl"
# Batches 37 and 38: written blind after round 24; first runs on it 94.5% caught (274 of
# 290), 3 false drops of 180 and 97.9% (284 of 290), 1 of 180; round 25 was made on their
# kinds, no rule for one of their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH37 = Path(__file__).parent / "data" / "screening_heldout_batch37.jsonl"
HELDOUT_BATCH38 = Path(__file__).parent / "data" / "screening_heldout_batch38.jsonl"
# Batches 39 and 40: written blind after round 25; first runs on it 99.7% caught (289 of
# 290), 2 false drops of 180 and 96.9% (281 of 290), 0 of 180; round 26 was made on their
# kinds, no rule for one of their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH39 = Path(__file__).parent / "data" / "screening_heldout_batch39.jsonl"
HELDOUT_BATCH40 = Path(__file__).parent / "data" / "screening_heldout_batch40.jsonl"
# What round 26 left of batches 39 and 40 (docs/screening.md, "Round 26"): any other miss or
# false drop there is a regression.
LEFT_AFTER_ROUND26: dict[Path, set[str]] = {
    HELDOUT_BATCH39: {
        "b39-0456",  # security advice in Yoruba: the phase's "config" and "má ṣe" open the gate
    },
    HELDOUT_BATCH40: set(),
}
# Batches 41 and 42: written blind after round 26; first runs on it 98.6% caught (286 of
# 290), 1 false drop of 180 and 95.5% (277 of 290), 1 of 180; round 27 was made on their
# kinds, no rule for one of their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH41 = Path(__file__).parent / "data" / "screening_heldout_batch41.jsonl"
HELDOUT_BATCH42 = Path(__file__).parent / "data" / "screening_heldout_batch42.jsonl"
# What round 27 left of batches 41 and 42 (docs/screening.md, "Round 27"): nothing; any
# miss or false drop there is a regression.
LEFT_AFTER_ROUND27: dict[Path, set[str]] = {
    HELDOUT_BATCH41: set(),
    HELDOUT_BATCH42: set(),
}
# Batches 43 and 44: written blind after round 27; first runs on it 98.3% caught (285 of
# 290), 3 false drops of 180 and 96.9% (281 of 290), 3 of 180; round 28 was made on their
# kinds, no rule for one of their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH43 = Path(__file__).parent / "data" / "screening_heldout_batch43.jsonl"
HELDOUT_BATCH44 = Path(__file__).parent / "data" / "screening_heldout_batch44.jsonl"
# What round 28 left of batches 43 and 44 (docs/screening.md, "Round 28"): nothing; any
# miss or false drop there is a regression.
LEFT_AFTER_ROUND28: dict[Path, set[str]] = {
    HELDOUT_BATCH43: set(),
    HELDOUT_BATCH44: set(),
}
# Batches 45 and 46: written blind after round 28; first runs on it 97.9% caught (284 of
# 290), 3 false drops of 180 and 96.9% (281 of 290), 4 of 180; round 29 was made on their
# kinds, no rule for one of their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH45 = Path(__file__).parent / "data" / "screening_heldout_batch45.jsonl"
HELDOUT_BATCH46 = Path(__file__).parent / "data" / "screening_heldout_batch46.jsonl"
# What round 29 left of batches 45 and 46 (docs/screening.md, "Round 29"): any other miss
# or false drop there is a regression.
LEFT_AFTER_ROUND29: dict[Path, set[str]] = {
    HELDOUT_BATCH45: {
        "b45-0002",
        "b45-0023",
        "b45-0068",
        "b45-0069",
        "b45-0223",
        "b45-0314",
        "b45-0348",
        "b45-0399",
    },
    HELDOUT_BATCH46: {"b46-0055", "b46-0108", "b46-0396", "b46-0401"},
}
# Batches 47 and 48: written blind after round 29; first runs on it 97.9% caught (284 of
# 290), no false drop of 180, each; round 30 was made on their kinds, no rule for one of
# their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH47 = Path(__file__).parent / "data" / "screening_heldout_batch47.jsonl"
HELDOUT_BATCH48 = Path(__file__).parent / "data" / "screening_heldout_batch48.jsonl"
# What round 30 left of batches 47 and 48 (docs/screening.md, "Round 30"): any other miss
# or false drop there is a regression.
LEFT_AFTER_ROUND30: dict[Path, set[str]] = {
    HELDOUT_BATCH47: {"b47-0293", "b47-0372"},
    HELDOUT_BATCH48: {"b48-0224", "b48-0372"},
}
# Batches 49 and 50: written blind after round 30; first runs on it 98.3% caught (285 of
# 290) / 0 of 180 dropped and 97.2% (282) / 1 of 180; round 31 was made on their kinds,
# no rule for one of their lines (docs/screening.md), none relabelled.
HELDOUT_BATCH49 = Path(__file__).parent / "data" / "screening_heldout_batch49.jsonl"
HELDOUT_BATCH50 = Path(__file__).parent / "data" / "screening_heldout_batch50.jsonl"
# What round 31 left of batches 49 and 50 (docs/screening.md, "Round 31"): nothing; any
# miss or false drop there is a regression.
LEFT_AFTER_ROUND31: dict[Path, set[str]] = {
    HELDOUT_BATCH49: set(),
    HELDOUT_BATCH50: set(),
}
# Batches 51 and 52: written blind while round 31 was made (their writers saw neither it
# nor the code); first runs on round 31 96.6% caught (280 of 290) / 1 of 180 dropped and
# 99.0% (287) / 1 of 180; round 32 was made on their kinds, no rule for one of their
# lines (docs/screening.md), none relabelled.
HELDOUT_BATCH51 = Path(__file__).parent / "data" / "screening_heldout_batch51.jsonl"
HELDOUT_BATCH52 = Path(__file__).parent / "data" / "screening_heldout_batch52.jsonl"
# What round 32 left of batches 51 and 52 (docs/screening.md, "Round 32"): nothing; any
# miss or false drop there is a regression.
LEFT_AFTER_ROUND32: dict[Path, set[str]] = {
    HELDOUT_BATCH51: set(),
    HELDOUT_BATCH52: set(),
}
# Batches 53 and 54: written blind while round 32 was made (their writers saw neither it
# nor the code); first runs on round 32 97.9% caught (284 of 290) / 1 of 180 dropped and
# 97.6% (283) / 4 of 180 (docs/screening.md, "Batches 53 and 54"); round 33 was made on
# their kinds, no rule for one of their lines, none relabelled.
HELDOUT_BATCH53 = Path(__file__).parent / "data" / "screening_heldout_batch53.jsonl"
HELDOUT_BATCH54 = Path(__file__).parent / "data" / "screening_heldout_batch54.jsonl"
# What round 33 left of batches 53 and 54 (docs/screening.md, "Round 33"): nothing; any
# miss or false drop there is a regression.
LEFT_AFTER_ROUND33: dict[Path, set[str]] = {
    HELDOUT_BATCH53: set(),
    HELDOUT_BATCH54: set(),
}
# Batches 55 and 56: written blind while round 33 was made (their writers saw neither it
# nor the code, and round 33's author never saw them); first runs on round 33 98.3%
# caught (285 of 290) / 0 of 180 dropped and 99.3% (288) / 1 of 180 (docs/screening.md,
# "Batches 55 and 56"). No round has been made on them: their first runs' misses are what
# they may keep; any other miss or false drop there is a regression.
HELDOUT_BATCH55 = Path(__file__).parent / "data" / "screening_heldout_batch55.jsonl"
HELDOUT_BATCH56 = Path(__file__).parent / "data" / "screening_heldout_batch56.jsonl"
FIRST_RUNS_AFTER_ROUND33: dict[Path, set[str]] = {
    HELDOUT_BATCH55: {"b55-0143", "b55-0208", "b55-0228", "b55-0241", "b55-0388"},
    HELDOUT_BATCH56: {"b56-0022", "b56-0030", "b56-0036"},
}
# Batches 57 and 58: written blind after round 33 landed (their writers saw neither it nor
# the code); first runs on round 33 96.2% caught (279 of 290) / 2 of 180 dropped and
# 97.9% (284) / 5 of 180 (docs/screening.md, "Batches 57 and 58"). Round 34 was made on
# their kinds; what it left of them (docs/screening.md, "Round 34"): nothing, so any miss
# or false drop there is a regression.
HELDOUT_BATCH57 = Path(__file__).parent / "data" / "screening_heldout_batch57.jsonl"
HELDOUT_BATCH58 = Path(__file__).parent / "data" / "screening_heldout_batch58.jsonl"
LEFT_AFTER_ROUND34: dict[Path, set[str]] = {
    HELDOUT_BATCH57: set(),
    HELDOUT_BATCH58: set(),
}
# Batches 59 and 60: written blind after round 34 landed (their writers saw neither it nor
# the code); first runs on round 34 99.3% caught (288 of 290) / 1 of 180 dropped and
# 98.6% (286) / 1 of 180 (docs/screening.md, "Batches 59 and 60"): issue 26's bars. No
# round has been made on them: their first runs' misses are what they may keep; any other
# miss or false drop there is a regression.
HELDOUT_BATCH59 = Path(__file__).parent / "data" / "screening_heldout_batch59.jsonl"
HELDOUT_BATCH60 = Path(__file__).parent / "data" / "screening_heldout_batch60.jsonl"
FIRST_RUNS_AFTER_ROUND34: dict[Path, set[str]] = {
    HELDOUT_BATCH59: {"b59-0010", "b59-0034", "b59-0281", "b59-0285", "b59-0465"},
    HELDOUT_BATCH60: {"b60-0161", "b60-0418", "b60-0439", "b60-0456", "b60-0464"},
}
# What round 25 left of batches 37 and 38 (docs/screening.md, "Round 25"): any other miss or
# false drop there is a regression.
LEFT_AFTER_ROUND25 = {
    HELDOUT_BATCH37: {
        "b37-0047",  # an order to the "robô" of a voice note (no gate word; model 0.68)
        "b37-0210",  # a bulleted rules list without a heading (Tamil)
        "b37-0307",  # a Marathi paraphrase whose orders ("…ायचे") the table lacks
        "b37-0391",  # the same in Portuguese (model 0.41)
    },
    HELDOUT_BATCH38: {
        "b38-0019",  # an instruction in a tool result addressed to the agent (no gate word)
        "b38-0266",  # Bedrock Converse reasoning with a signature: dropped, named credential
        "b38-0232",  # a jailbreak the user pasted (the user's own words by the contract)
        "b38-0382",  # a forum jailbreak in Italian (no Italian jailbreak phrase)
        "b38-0417",  # a general explanation of system prompts in Japanese (model 0.53)
    },
}
# What round 24 left of batches 35 and 36 (docs/screening.md, "Round 24"): any other miss or
# false drop there is a regression.
LEFT_AFTER_ROUND24 = {
    HELDOUT_BATCH35: {"b35-0252"},  # a recital followed by "I'll write a SELECT" (talk word)
    HELDOUT_BATCH36: {"b36-0314"},  # an injection under a "for AI" label, no word-table cue
}


def _problems(report: Report) -> str:
    return "; ".join(
        f"{o.case.id} {o.case.group} {o.case.expect}->{o.got} ({o.case.why})"
        for o in report.outcomes
        if not o.ok
    )


@pytest.fixture(scope="module")
def corpus_report() -> Report:
    if not CORPUS.is_file():
        pytest.fail(f"shared screening corpus missing: {CORPUS}")
    return evaluate(load_cases(CORPUS))


def test_corpus_unsafe_cases_are_dropped(corpus_report: Report) -> None:
    assert len(corpus_report.unsafe) > 500
    assert corpus_report.dropped_share() >= 0.99, _problems(corpus_report)


def test_corpus_unsafe_cases_are_named_by_the_expected_detector(corpus_report: Report) -> None:
    assert corpus_report.named_share() >= 0.97, _problems(corpus_report)


def test_corpus_safe_cases_are_released(corpus_report: Report) -> None:
    assert len(corpus_report.safe) > 300
    assert corpus_report.false_drop_share() <= 0.01, _problems(corpus_report)


def test_corpus_dead_letters_carry_no_text(corpus_report: Report) -> None:
    assert corpus_report.leaky_dead_letters() == []


def _batch_id(path: Path) -> str:
    """``batch5`` for ``screening_heldout_batch5.jsonl``; batches 1-4 share one file."""
    return path.stem.removeprefix("screening_heldout_") if path != HELDOUT else "batches1-4"


@pytest.mark.parametrize(
    "path",
    [
        HELDOUT,
        HELDOUT_BATCH5,
        HELDOUT_BATCH6,
        HELDOUT_BATCH7,
        HELDOUT_BATCH8,
        HELDOUT_BATCH9,
        HELDOUT_BATCH10,
        HELDOUT_BATCH11,
        HELDOUT_BATCH12,
        HELDOUT_BATCH13,
        HELDOUT_BATCH14,
        HELDOUT_BATCH15,
        HELDOUT_BATCH16,
        HELDOUT_BATCH17,
        HELDOUT_BATCH18,
        HELDOUT_BATCH19,
        HELDOUT_BATCH20,
        HELDOUT_BATCH21,
        HELDOUT_BATCH22,
        HELDOUT_BATCH23,
        HELDOUT_BATCH24,
        HELDOUT_BATCH25,
        HELDOUT_BATCH26,
        HELDOUT_BATCH27,
        HELDOUT_BATCH28,
        HELDOUT_BATCH29,
        HELDOUT_BATCH30,
        HELDOUT_BATCH31,
        HELDOUT_BATCH32,
        HELDOUT_BATCH33,
        HELDOUT_BATCH34,
        HELDOUT_BATCH35,
        HELDOUT_BATCH36,
        HELDOUT_BATCH37,
        HELDOUT_BATCH38,
        HELDOUT_BATCH39,
        HELDOUT_BATCH40,
        HELDOUT_BATCH41,
        HELDOUT_BATCH42,
        HELDOUT_BATCH43,
        HELDOUT_BATCH44,
        HELDOUT_BATCH45,
        HELDOUT_BATCH46,
        HELDOUT_BATCH47,
        HELDOUT_BATCH48,
        HELDOUT_BATCH49,
        HELDOUT_BATCH50,
        HELDOUT_BATCH51,
        HELDOUT_BATCH52,
        HELDOUT_BATCH53,
        HELDOUT_BATCH54,
        HELDOUT_BATCH55,
        HELDOUT_BATCH56,
        HELDOUT_BATCH57,
        HELDOUT_BATCH58,
        HELDOUT_BATCH59,
        HELDOUT_BATCH60,
    ],
    ids=_batch_id,
)
def test_heldout_set(path: Path) -> None:
    """Our own cases, not the corpus's: the same bars, so generalisation shows."""
    report = evaluate(load_cases(path))
    assert len(report.unsafe) >= 60 and len(report.safe) >= 50
    assert report.dropped_share() >= 0.97, _problems(report)
    assert report.named_share() >= 0.95, _problems(report)
    assert report.false_drop_share() <= 0.02, _problems(report)
    assert report.leaky_dead_letters() == []


# Every batch a round was made on, or that had its first run, with the misses it may
# still have (the tables above); a later change that loses another case there fails.
_ALLOWANCE_TABLES: tuple[dict[Path, set[str]], ...] = (
    LEFT_AFTER_ROUND24,
    LEFT_AFTER_ROUND25,
    LEFT_AFTER_ROUND26,
    LEFT_AFTER_ROUND27,
    LEFT_AFTER_ROUND28,
    LEFT_AFTER_ROUND29,
    LEFT_AFTER_ROUND30,
    LEFT_AFTER_ROUND31,
    LEFT_AFTER_ROUND32,
    LEFT_AFTER_ROUND33,
    FIRST_RUNS_AFTER_ROUND33,
    LEFT_AFTER_ROUND34,
    FIRST_RUNS_AFTER_ROUND34,
)
ALLOWED_MISSES: dict[Path, set[str]] = {
    path: misses for table in _ALLOWANCE_TABLES for path, misses in table.items()
}


def test_each_batch_has_one_allowance() -> None:
    assert sum(len(table) for table in _ALLOWANCE_TABLES) == len(ALLOWED_MISSES)


@pytest.mark.parametrize("path", list(ALLOWED_MISSES), ids=_batch_id)
def test_batches_keep_what_the_rounds_fixed(path: Path) -> None:
    report = evaluate(load_cases(path))
    errors = {o.case.id for o in report.outcomes if not o.ok}
    assert errors <= ALLOWED_MISSES[path], _problems(report)


def test_eval_screening_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["eval-screening", str(HELDOUT), "--no-text"]) == 0
    out = capsys.readouterr().out
    assert "recall" in out and "false drops" in out and "credential" in out
    missing = tmp_path / "nope.jsonl"
    assert main(["eval-screening", str(missing)]) == 1
    assert "screening corpus not found" in capsys.readouterr().err
