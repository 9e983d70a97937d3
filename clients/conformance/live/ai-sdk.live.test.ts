// The live worker's AI SDK UI message streams (GET /sessions/{id}/events?protocol=ai-sdk),
// read over HTTP by the `ai` package itself: its chat transport's resume request
// (DefaultChatTransport.reconnectToStream: a GET, then its SSE parser and UI message chunk
// schema, which throw on any chunk they reject) and its message builder
// (readUIMessageStream, which reports any chunk it cannot place). Every session of the
// harness, whole, and after a forced disconnect (after every frame of the fixtures, two
// spread frames of the generated sessions) and a resume with Last-Event-ID: the messages
// rebuilt (kept by id, as a client does) equal those of the whole stream, and the frame ids
// seen over the two connections are the whole stream's, with no gap and no repeat.
import { DefaultChatTransport, type UIMessage, UIMessageStreamError, readUIMessageStream } from "ai";
import { afterAll, describe, expect, it } from "vitest";
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

type Read = { messages: Map<string, UIMessage>; connections: Connection[]; errors: string[] };

/** Connect once per stop point (resuming from the last id of the one before), each
 * connection read by a new readUIMessageStream, messages kept by id; a null stop reads
 * until the server ends the stream, with `firstToken` (else the operator's). */
async function read(session: LiveSession, stops: (string | null)[], firstToken?: string): Promise<Read> {
  const result: Read = { messages: new Map(), connections: [], errors: [] };
  let lastEventId: string | null = null;
  for (const [index, stop] of stops.entries()) {
    const token = index === 0 && firstToken !== undefined ? firstToken : m.token;
    const headers: Record<string, string> = { ...authorization(m, token) };
    if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
    const transport = new DefaultChatTransport<UIMessage>({
      fetch: cuttingFetch(stop, result.connections),
      prepareReconnectToStreamRequest: () => ({ api: eventsUrl(m, session.sessionId, "ai-sdk"), headers }),
    });
    const stream = await transport.reconnectToStream({ chatId: session.sessionId });
    if (stream === null) throw new Error("no stream (204)");
    let protocolError: unknown;
    for await (const message of readUIMessageStream({
      stream,
      onError: (error) => {
        if (error instanceof UIMessageStreamError || !(error instanceof Error)) protocolError = error;
        else result.errors.push(error.message);
      },
    })) {
      result.messages.set(message.id, message);
    }
    if (protocolError !== undefined) throw protocolError;
    const ids = result.connections[result.connections.length - 1]?.ids.filter((id) => id !== null) ?? [];
    lastEventId = ids[ids.length - 1] ?? lastEventId;
  }
  return result;
}

const reader: ProtocolReader<Read> = {
  read: (session, stops) => read(session, stops),
  header: "v1",
  same: (whole, resumed, label) => {
    expect([...resumed.messages.entries()], label).toEqual([...whole.messages.entries()]);
    // A run's error chunk is reported once: before the cut or after it, never twice.
    expect(resumed.errors, label).toEqual(whole.errors);
  },
};

describe("AI SDK on the live worker", () => {
  it("serves every session of the harness (fixtures and the generated run)", () => {
    expectEverySession(m, sessions, expect);
  });

  it("ends a stream whose token expires with an id-less error chunk 'token_expired: ...', and a resume with a new token rebuilds the same messages", async () => {
    const session = sessions.find((s) => s.source === "fixture:tools") as LiveSession;
    const whole = await read(session, [String(session.lastSeq)]);
    const token = await shortToken(m, session.sessionId, 3);
    const resumed = await read(session, [null, String(session.lastSeq)], token);
    expect(resumed.errors.length).toBe(whole.errors.length + 1);
    expect(resumed.errors[resumed.errors.length - 1]).toMatch(/^token_expired: /);
    const [first] = resumed.connections;
    expect(first?.cut).toBe(false); // the server ended it
    expect(first?.ids[first.ids.length - 1]).toBeNull(); // the error has no id
    expect([...resumed.messages.entries()]).toEqual([...whole.messages.entries()]);
  });

  it.each(sessionGroups(sessions))(
    "whole and after forced disconnects: accepted, and the same messages (sessions group %i)",
    async (_i, group) => {
      await inParallel(group, 4, async (session) => {
        const whole = await checkSession(session, reader, expect);
        expect(whole.messages.size).toBeGreaterThan(0);
      });
    },
  );
});

afterAll(() => {
  console.log(
    `AI SDK live: ${tally.sessions} sessions, ${tally.frames} frames, ` +
      `${tally.resumes} forced disconnects resumed to the same messages`,
  );
});
