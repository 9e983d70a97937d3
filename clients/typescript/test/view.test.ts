// The reducer over the shared fixtures: what a client renders for each session.
import { describe, expect, it } from "vitest";
import type { CleanEvent } from "../src/types";
import { emptyView, reduce, viewOfTrace } from "../src/view";
import { fixture, fixtureNames, session } from "./fixtures";

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

const viewOf = (events: CleanEvent[]) => events.reduce(reduce, emptyView());

describe("view reducer", () => {
  it("renders the basic session: reasoning, the tool card, the message, the settled run", () => {
    const view = viewOf(session("basic", "s-basic"));
    expect(view.visibleReasoning).toBe(true);
    expect(view.reasoning.map((s) => [s.kind, s.summary])).toEqual([
      ["step", "Looking for the quarterly numbers in your workspace"],
      ["tool_reasoning", "Searching finds the latest figures"],
      ["step", "Summarising the three documents"],
    ]);
    expect(view.reasoningCompleted).toBe(true);
    expect(view.phase).toBe("planning");
    const search = view.toolCards.find((c) => c.callId === "call-1");
    expect(search).toMatchObject({ status: "completed", input: { query: "Q3 revenue" }, output: { hits: 3 } });
    expect(view.toolCards.find((c) => c.callId === "call-2")?.status).toBe("skipped");
    expect(view.messages).toEqual([
      expect.objectContaining({ messageId: "m1", text: "Q3 revenue was $4.2M.", status: "completed" }),
    ]);
    expect(view.activities.map((a) => a.type)).toEqual(["capability.resolved"]);
    expect(view.runs).toEqual([
      { runId: "run-1", status: "completed", terminals: ["message.completed", "run.settlement.completed"] },
    ]);
    expect(view.timeline.map((t) => t.kind)).toEqual([
      "reasoning", "activity", "tool", "reasoning", "reasoning", "message", "tool",
    ]);
  });

  it("keeps every approval outcome apart: approved, rejected by a person, expired", () => {
    const view = viewOf(session("tools", "s-tools"));
    const card = (id: string) => view.toolCards.find((c) => c.callId === id);
    expect(card("c1")).toMatchObject({ status: "completed", lastApproval: "approved", input: { to: "ana@example.com" } });
    expect(card("c2")).toMatchObject({ status: "rejected", lastApproval: "rejected" });
    expect(card("c3")).toMatchObject({ status: "skipped", lastApproval: "expired" });
    expect(card("step-8")).toMatchObject({ status: "degraded", output: { fallback: "placeholder" } });
    expect(card("c5")?.status).toBe("executing");
    expect(view.runs[0]?.status).toBe("failed");
  });

  it("keeps redacted cards empty and unfinished messages streaming", () => {
    const policy = fixture("policy");
    const thinking = viewOf(policy.get("s-policy") ?? []).toolCards.find((c) => c.callId === "t1");
    expect(thinking).toMatchObject({ redacted: true, input: null, output: null, status: "completed" });
    const gap = viewOf(session("gap", "s-gap"));
    expect(gap.messages[0]).toMatchObject({ text: "before the gapafter the gap", status: "streaming" });
  });

  it.each(fixtureNames())("%s: is pure, ignores repeats and equals the trace's view", (name) => {
    for (const [id, events] of fixture(name)) {
      let view = deepFreeze(emptyView());
      for (const event of events) {
        view = deepFreeze(reduce(view, event));
        expect(reduce(view, event)).toBe(view); // a repeat changes nothing
      }
      const trace = { sessionId: id, events, toolCards: [], firstSeq: 0, lastSeq: 0, truncated: false, drops: [] };
      expect(viewOfTrace(trace)).toEqual(view);
      expect(view.lastSeq).toBe(events[events.length - 1]?.seq);
    }
  });
});
