"""How benchmarks/profile_worker.py charges py-spy's samples to the parts of the work."""

from __future__ import annotations

from benchmarks.profile_worker import part_of, split

RAW = "\n".join(
    [
        # orjson called from the publisher: publish, not the stage chain above it
        "process 1;main (pipeline/cli.py:10);BatchProcessor.stage_batches "
        "(topologies/processing.py:300);BatchProcessor.publish (topologies/processing.py:442) 7",
        # the stage chain called from the agent: the stage chain
        "process 1;BatchProcessor.stage_batches (topologies/processing.py:311);"
        "stage (pipeline/stages/validate.py:40);screen (pipeline/screening/rules.py:9) 3",
        # nothing of ours: other
        "process 1;run_forever (asyncio/base_events.py:600) 2",
        "not a stack line",
    ]
)


def test_a_sample_goes_to_its_innermost_named_frame() -> None:
    parts, own, total = split(RAW)
    assert total == 12
    assert parts["publish (serialise, batch, send)"] == 7
    assert parts["stage chain"] == 3
    assert parts["other (Faust, mode, the event loop)"] == 2
    assert own["screen (pipeline/screening/rules.py:9)"] == 3


def test_a_function_named_part_matches_only_that_function() -> None:
    assert part_of("BatchProcessor.publish (topologies/processing.py:442)") == (
        "publish (serialise, batch, send)"
    )
    assert part_of("BatchProcessor.expire_gaps (topologies/processing.py:470)") is None
    assert part_of("SessionSequencer.offer (pipeline/stages/ordering.py:280)") == "ordering"
