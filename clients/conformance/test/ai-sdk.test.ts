// The AI SDK streams of every fixture and of a generated run, read by the `ai` package
// itself: its SSE parser with the UI message chunk schema (parseJsonEventStream +
// uiMessageChunkSchema) and its message builder (readUIMessageStream), whole and resumed
// after a forced disconnect at every frame (fixtures) or seq (generated run). A client
// keeps the messages it built by id; a resumed stream rebuilds the open one.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  type UIMessage,
  type UIMessageChunk,
  UIMessageStreamError,
  parseJsonEventStream,
  readUIMessageStream,
  uiMessageChunkSchema,
} from "ai";
import { afterAll, describe, expect, it } from "vitest";
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

function bytes(text: string): ReadableStream<Uint8Array> {
  const data = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      // in two pieces, cut inside a frame, as a network delivers them
      const half = Math.floor(data.length / 2);
      controller.enqueue(data.slice(0, half));
      controller.enqueue(data.slice(half));
      controller.close();
    },
  });
}

/** The chunks the AI SDK's own SSE reader and schema accept; throws on any rejected. */
async function parse(body: string): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = parseJsonEventStream({ stream: bytes(body), schema: uiMessageChunkSchema }).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    if (!value.success) throw new Error(`rejected chunk: ${String(value.error)}`);
    chunks.push(value.value);
  }
}

type Read = { messages: Map<string, UIMessage>; errors: string[] };

/** Build messages as a client does: readUIMessageStream over one connection's chunks,
 * keeping the latest snapshot of each message id. A stream-protocol error (a chunk the
 * reader cannot place) fails the test; `error` chunks are collected. */
async function read(body: string, into?: Read): Promise<Read> {
  const result: Read = into ?? { messages: new Map(), errors: [] };
  const chunks = await parse(body);
  let protocolError: unknown;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
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
  return result;
}

describe.each(streamFiles("ai-sdk"))("AI SDK %s", (file) => {
  const sessions = readSessions(file);
  const batches = groups(sessions);
  tally.sessions += sessions.length;
  for (const s of sessions) tally.streams += 1 + s.resumed.size;

  it("is accepted chunk by chunk by the AI SDK's SSE reader and chunk schema", async () => {
    let chunks = 0;
    for (const session of sessions) {
      await breathe();
      for (const list of [session.full, ...session.resumed.values()]) {
        const parsed = await parse(sse(list));
        expect(parsed).toEqual(list.map((f) => f.frame));
        chunks += parsed.length;
      }
    }
    expect(chunks).toBeGreaterThan(sessions.length);
  });

  it.each(batches.map((b, i) => [i, b] as const))(
    "rebuilds the same messages after a disconnect and resume (sessions group %i)",
    async (_i, batch) => {
    let resumes = 0;
    for (const session of batch) {
      await breathe();
      const whole = await read(sse(session.full));
      expect(whole.messages.size).toBeGreaterThan(0);
      const errorChunks = session.full.filter((f) => f.frame.type === "error").length;
      expect(whole.errors.length).toBe(errorChunks);
      for (const [after, rest] of session.resumed) {
        const first = await read(sse(cut(session.full, after)));
        const resumed = await read(sse(rest), first);
        expect(
          [...resumed.messages.entries()],
          `${session.sessionId} resumed after ${after}`,
        ).toEqual([...whole.messages.entries()]);
        resumes++;
        tally.resumes++;
      }
    }
    expect(resumes).toBeGreaterThanOrEqual(batch.length);
  });
});

describe("AI SDK SSE bytes of the fixtures", () => {
  const files = readdirSync(OUT).filter((n) => n.startsWith("sse-") && n.endsWith(".ai-sdk.txt"));
  const jsonl = new Map<string, Frame[]>(
    streamFiles("ai-sdk")
      .filter((f) => f.startsWith("fixture-"))
      .flatMap((f) => readSessions(f))
      .map((s) => [s.sessionId, s.full] as const),
  );

  it.each(files)("%s parses into the same chunks", async (name) => {
    const session = name.slice("sse-".length, -".ai-sdk.txt".length);
    const chunks = await parse(readFileSync(join(OUT, name), "utf8"));
    const expected = (jsonl.get(session) ?? []).map((f) => f.frame);
    expect(expected.length).toBeGreaterThan(0);
    expect(chunks).toEqual(expected);
  });
});

afterAll(() => {
  console.log(
    `AI SDK: ${tally.sessions} sessions, ${tally.streams} streams accepted, ` +
      `${tally.resumes} resumes rebuilt the same messages`,
  );
});
