// The live worker's AG-UI streams (GET /sessions/{id}/events?protocol=ag-ui), read over
// HTTP by the official AG-UI client: its HTTP request and SSE transform
// (runHttpRequest, transformHttpEventStream) in an agent whose connectAgent() runs the
// schema enforcement, verifier and default reducer; each event also through @ag-ui/core's
// EventSchemas. Every session of the harness (the shared fixtures and a generated run),
// whole, and after a forced disconnect (after every frame of the fixtures, two spread
// frames of the generated sessions) and a resume with Last-Event-ID: the messages the
// agent rebuilt equal those of the whole stream, and the frame ids seen over the two
// connections are those of the whole stream, with no gap and no repeat.
import { AbstractAgent, runHttpRequest, transformHttpEventStream } from "@ag-ui/client";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import type { Observable } from "rxjs";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Connection,
  type LiveSession,
  type ProtocolReader,
  authorization,
  checkSession,
  cuttingFetch,
  eventsUrl,
  expectEverySession,
  inParallel,
  manifest,
  protocolSessions,
  sessionGroups,
  shortToken,
  tally,
} from "./live";

const m = manifest();
const sessions = protocolSessions(m);

/** A read-only agent on the live endpoint: each connectAgent() is one HTTP stream. */
class LiveAgent extends AbstractAgent {
  fetchImpl: typeof fetch = fetch;
  lastEventId: string | null = null;
  token = m.token;
  constructor(private readonly url: string) {
    super({ threadId: "live" });
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    return this.connect(input);
  }
  protected connect(_input: RunAgentInput): Observable<BaseEvent> {
    const headers: Record<string, string> = { ...authorization(m, this.token), Accept: "text/event-stream" };
    if (this.lastEventId !== null) headers["Last-Event-ID"] = this.lastEventId;
    return transformHttpEventStream(runHttpRequest(() => this.fetchImpl(this.url, { headers })));
  }
}

type Read = { messages: Message[]; connections: Connection[]; events: BaseEvent[] };

/** Connect once per stop point (resuming from the last id of the one before); a null stop
 * reads until the server ends the stream, with `firstToken` (else the operator's). */
async function read(session: LiveSession, stops: (string | null)[], firstToken?: string): Promise<Read> {
  const agent = new LiveAgent(eventsUrl(m, session.sessionId, "ag-ui"));
  const connections: Connection[] = [];
  const events: BaseEvent[] = [];
  for (const [index, stop] of stops.entries()) {
    agent.token = index === 0 && firstToken !== undefined ? firstToken : m.token;
    agent.fetchImpl = cuttingFetch(stop, connections);
    await agent.connectAgent({}, { onEvent: ({ event }) => void events.push(event) });
    const ids = connections[connections.length - 1]?.ids.filter((id) => id !== null) ?? [];
    agent.lastEventId = ids[ids.length - 1] ?? agent.lastEventId;
  }
  return { messages: agent.messages, connections, events };
}

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  for (const level of ["warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

const reader: ProtocolReader<Read> = {
  read: (session, stops) => read(session, stops),
  header: null,
  same: (whole, resumed, label) => expect(resumed.messages, label).toEqual(whole.messages),
};

describe("AG-UI on the live worker", () => {
  it("serves every session of the harness (fixtures and the generated run)", () => {
    expectEverySession(m, sessions, expect);
  });

  it.each(sessionGroups(sessions))(
    "whole and after forced disconnects: accepted, and the same messages (sessions group %i)",
    async (_i, group) => {
      await inParallel(group, 4, async (session) => {
        const whole = await checkSession(session, reader, expect);
        for (const event of whole.events) {
          const parsed = EventSchemas.safeParse(event);
          if (!parsed.success) throw new Error(`${session.sessionId} ${event.type}: ${parsed.error.message}`);
        }
        expect(whole.messages.length).toBeGreaterThan(0);
      });
      expect(warnings).toEqual([]);
    },
  );

  it("ends a stream whose token expires with an id-less RUN_ERROR (code token_expired), and a resume with a new token rebuilds the same messages", async () => {
    const session = sessions.find((s) => s.source === "fixture:tools") as LiveSession;
    const whole = await read(session, [String(session.lastSeq)]);
    const token = await shortToken(m, session.sessionId, 3);
    const resumed = await read(session, [null, String(session.lastSeq)], token);
    const codes = (events: BaseEvent[]) =>
      (events.filter((e) => e.type === "RUN_ERROR") as (BaseEvent & { code?: string })[]).map((e) => e.code);
    // The fixture's own run.failed, then the stream's error (after the run is re-opened:
    // after a RUN_ERROR the verifier takes nothing but a RUN_STARTED).
    expect(codes(whole.events)).toEqual(["run.failed"]);
    expect(codes(resumed.events)).toEqual(["run.failed", "token_expired"]);
    const [first, second] = resumed.connections;
    expect(first?.cut).toBe(false); // the server ended it
    expect(first?.ids[first.ids.length - 1]).toBeNull(); // the error has no id
    expect(second?.ids.filter((id) => id !== null)).toEqual([]); // nothing was missing
    expect(resumed.messages).toEqual(whole.messages);
    expect(warnings).toEqual([]);
  });

  it("gives each fixture session the drop counts the file mode counts", async () => {
    const fixtures = sessions.filter((s) => s.fileModeDrops !== undefined);
    expect(fixtures.some((s) => (s.fileModeDrops ?? []).length > 3)).toBe(true);
    for (const session of fixtures) {
      const response = await fetch(`${m.url}/sessions/${session.sessionId}/trace`, { headers: authorization(m) });
      const doc = (await response.json()) as { drops: unknown; lastSeq: number };
      expect(doc.drops, session.sessionId).toEqual(session.fileModeDrops);
      expect(doc.lastSeq).toBe(session.fileModeLastSeq);
    }
  });
});

afterAll(() => {
  console.log(
    `AG-UI live: ${tally.sessions} sessions, ${tally.frames} frames, ` +
      `${tally.resumes} forced disconnects resumed to the same messages`,
  );
});
