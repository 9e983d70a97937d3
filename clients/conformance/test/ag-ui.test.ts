// The AG-UI streams of every fixture and of a generated run, fed to the official AG-UI
// client (@ag-ui/core's event schemas, @ag-ui/client's verifier and its agent pipeline:
// SSE parsing, schema enforcement, chunk transform, verifier, default reducer), whole and
// resumed after a forced disconnect at every frame (fixtures) or seq (generated run).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { AbstractAgent, transformHttpEventStream, verifyEvents } from "@ag-ui/client";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import { Observable, asyncScheduler, from, lastValueFrom, observeOn, of, toArray } from "rxjs";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Frame,
  OUT,
  breathe,
  cut,
  groups,
  readSessions,
  sse,
  streamFiles,
  tally,
} from "./streams";

const encoder = new TextEncoder();

/** An agent whose connection replays the given SSE body through the client's HTTP
 * transform, exactly as HttpAgent reads a response (asynchronously, as a network does:
 * the transform subscribes its consumer after it starts reading). */
class ReplayAgent extends AbstractAgent {
  body = "";
  run(input: RunAgentInput): Observable<BaseEvent> {
    return this.connect(input);
  }
  protected connect(_input: RunAgentInput): Observable<BaseEvent> {
    return transformHttpEventStream(
      of(
        {
          type: "headers" as never,
          status: 200,
          headers: new Headers({ "content-type": "text/event-stream" }),
        },
        { type: "data" as never, data: encoder.encode(this.body) },
      ).pipe(observeOn(asyncScheduler)),
    );
  }
}

async function connect(agent: ReplayAgent, frames: Frame[]): Promise<void> {
  agent.body = sse(frames);
  await agent.connectAgent();
}

async function messagesOf(...streams: Frame[][]): Promise<Message[]> {
  const agent = new ReplayAgent({ threadId: "t" });
  for (const frames of streams) await connect(agent, frames);
  return agent.messages;
}

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
  });
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(streamFiles("ag-ui"))("AG-UI %s", (file) => {
  const sessions = readSessions(file);
  const batches = groups(sessions);
  tally.sessions += sessions.length;
  for (const s of sessions) tally.streams += 1 + s.resumed.size;

  it("has sessions", () => {
    expect(sessions.length).toBeGreaterThan(0);
  });

  it("matches @ag-ui/core's event schemas, frame by frame", () => {
    let frames = 0;
    for (const session of sessions) {
      for (const list of [session.full, ...session.resumed.values()]) {
        for (const { frame } of list) {
          const parsed = EventSchemas.safeParse(frame);
          if (!parsed.success) {
            throw new Error(`${session.sessionId} ${frame.type}: ${parsed.error.message}`);
          }
          frames++;
        }
      }
    }
    expect(frames).toBeGreaterThan(sessions.length);
  });

  it("passes @ag-ui/client's verifier, whole and resumed", async () => {
    let streams = 0;
    for (const session of sessions) {
      await breathe();
      for (const list of [session.full, ...session.resumed.values()]) {
        if (list.length === 0) continue;
        const events = from(list.map((f) => f.frame as unknown as BaseEvent));
        await lastValueFrom(verifyEvents()(events).pipe(toArray()));
        streams++;
      }
    }
    expect(streams).toBeGreaterThan(sessions.length);
  });

  it.each(batches.map((b, i) => [i, b] as const))(
    "rebuilds the same messages after a disconnect and resume (sessions group %i)",
    async (_i, batch) => {
    let resumes = 0;
    for (const session of batch) {
      await breathe();
      const whole = await messagesOf(session.full);
      expect(whole.length).toBeGreaterThan(0);
      for (const [after, resumed] of session.resumed) {
        const got = await messagesOf(cut(session.full, after), resumed);
        expect(got, `${session.sessionId} resumed after ${after}`).toEqual(whole);
        resumes++;
        tally.resumes++;
      }
    }
    expect(resumes).toBeGreaterThanOrEqual(batch.length);
    expect(warnings).toEqual([]);
  });
});

describe("AG-UI SSE bytes of the fixtures", () => {
  const files = readdirSync(OUT).filter((name) => name.startsWith("sse-") && name.endsWith(".ag-ui.txt"));
  const jsonl = new Map(
    streamFiles("ag-ui")
      .filter((f) => f.startsWith("fixture-"))
      .flatMap((f) => readSessions(f))
      .map((s) => [s.sessionId, s.full] as const),
  );

  it.each(files)("%s parses into the same events and drives an agent", async (name) => {
    const session = name.slice("sse-".length, -".ag-ui.txt".length);
    const agent = new ReplayAgent({ threadId: session });
    agent.body = readFileSync(join(OUT, name), "utf8");
    const seen: unknown[] = [];
    await agent.connectAgent({}, { onEvent: ({ event }) => void seen.push(event) });
    const expected = (jsonl.get(session) ?? []).map((f) => f.frame);
    expect(expected.length).toBeGreaterThan(0);
    expect(seen).toEqual(expected);
    expect(warnings).toEqual([]);
  });
});

afterAll(() => {
  console.log(
    `AG-UI: ${tally.sessions} sessions, ${tally.streams} streams accepted, ` +
      `${tally.resumes} resumes rebuilt the same messages`,
  );
});
