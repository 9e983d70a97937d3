// The stream wrapper against a small SSE server in the test, which answers like the
// worker's GET /sessions/{id}/events and /trace (pipeline/trace/sse.py): the held events after
// Last-Event-ID (or ?after=), `event: error` messages, 400/401/404 JSON errors.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type StreamNotice, openSessionStream } from "../src/stream";
import type { CleanEvent, TraceDocument } from "../src/types";
import { emptyView, reduce, viewOfTrace } from "../src/view";
import { session } from "./fixtures";

type Behaviour = {
  events: CleanEvent[];
  /** Per connection (0-based): what to do after the backlog's first `take` events. */
  plan: (connection: number) => { take?: number; error?: string; repeat?: boolean } | undefined;
  /** Events up to this seq are no longer held: older resume points are too far behind. */
  droppedThrough?: number;
  token?: string;
};

let server: Server | undefined;
afterEach(() => server?.close());

type Seen = { connections: number; lastEventIds: (string | null)[]; auth: (string | null)[] };

async function serve(b: Behaviour): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { connections: 0, lastEventIds: [], auth: [] };
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    const token = req.headers.authorization?.replace(/^Bearer /, "") ?? url.searchParams.get("access_token");
    seen.auth.push(token);
    if (b.token !== undefined && token !== b.token) {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "unauthorized", message: "a valid token is required" }));
      return;
    }
    if (!url.pathname.startsWith("/sessions/s-")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "unknown_session", message: "no trace for this session" }));
      return;
    }
    const held = b.events.filter((e) => e.seq > (b.droppedThrough ?? -1));
    if (url.pathname.endsWith("/trace")) {
      const doc: TraceDocument = {
        sessionId: b.events[0]?.sessionId ?? "",
        events: held,
        toolCards: [],
        firstSeq: held[0]?.seq ?? null,
        lastSeq: b.events[b.events.length - 1]?.seq ?? null,
        truncated: b.droppedThrough !== undefined,
        drops: [],
      };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(doc));
      return;
    }
    const header = req.headers["last-event-id"];
    const lastId = typeof header === "string" && header ? header : url.searchParams.get("after");
    seen.lastEventIds.push(lastId);
    const connection = seen.connections++;
    res.writeHead(200, { "content-type": "text/event-stream" });
    const after = lastId === null ? -1 : Number(lastId);
    if (b.droppedThrough !== undefined && after < b.droppedThrough) {
      res.end(`event: error\ndata: ${JSON.stringify({ error: "too_far_behind", message: "reload" })}\n\n`);
      return;
    }
    const backlog = held.filter((e) => e.seq > after);
    const step = b.plan(connection);
    const sent = step?.take === undefined ? backlog : backlog.slice(0, step.take);
    let body = "";
    for (const e of sent) body += `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
    if (step?.repeat && sent.length) {
      const e = sent[0] as CleanEvent;
      body += `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
    }
    if (step?.error) body += `event: error\ndata: ${JSON.stringify({ error: step.error, message: "m" })}\n\n`;
    // half a message at the end of a cut connection: the parser must not deliver it
    if (step?.take !== undefined && !step.error) body += "id: 999\ndata: {\"seq\"";
    res.end(body);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const port = (server?.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, seen };
}

async function collect(url: string, events: CleanEvent[], extra: Partial<Parameters<typeof openSessionStream>[0]> = {}) {
  const got: CleanEvent[] = [];
  const notices: StreamNotice[] = [];
  const traces: TraceDocument[] = [];
  const last = events[events.length - 1]?.seq;
  let stream: ReturnType<typeof openSessionStream> | undefined;
  const finished = new Promise<void>((resolve) => {
    stream = openSessionStream({
      baseUrl: url,
      sessionId: events[0]?.sessionId ?? "s-x",
      retry: { initialMs: 5, maxMs: 20 },
      onEvent: (e) => {
        got.push(e);
        if (e.seq === last) resolve();
      },
      onTrace: (doc) => {
        traces.push(doc);
        if (doc.lastSeq === last && doc.events.length) resolve();
      },
      onNotice: (n) => {
        notices.push(n);
        if (n.action === "stop") resolve();
      },
      ...extra,
    });
  });
  await finished;
  stream?.close();
  await stream?.done;
  return { got, notices, traces, stream: stream as NonNullable<typeof stream> };
}

const tools = session("tools", "s-tools");

describe("openSessionStream", () => {
  it("resumes with Last-Event-ID after every cut: every event once, in order", async () => {
    const { url, seen } = await serve({ events: tools, plan: () => ({ take: 3 }) });
    const { got, stream } = await collect(url, tools, { after: -1 });
    expect(got.map((e) => e.seq)).toEqual(tools.map((e) => e.seq));
    expect(seen.lastEventIds.slice(0, 4)).toEqual(["-1", "2", "5", "8"]);
    expect(stream.repeats).toBe(0);
  });

  it("drops repeats by seq", async () => {
    const { url } = await serve({ events: tools, plan: (c) => ({ take: 4, repeat: c % 2 === 0 }) });
    const { got, stream } = await collect(url, tools, { after: -1 });
    expect(got.map((e) => e.seq)).toEqual(tools.map((e) => e.seq));
    expect(stream.repeats).toBeGreaterThan(0);
  });

  it("reports slow_consumer and reassigned as typed notices and reconnects", async () => {
    const errors = ["slow_consumer", "reassigned"];
    const { url } = await serve({ events: tools, plan: (c) => (c < 2 ? { take: 5, error: errors[c] } : undefined) });
    const { got, notices } = await collect(url, tools, { after: -1 });
    expect(got.map((e) => e.seq)).toEqual(tools.map((e) => e.seq));
    expect(notices.map((n) => [n.code, n.action])).toEqual([
      ["slow_consumer", "reconnect"],
      ["reassigned", "reconnect"],
    ]);
  });

  it("reloads the trace document when it fell too far behind", async () => {
    const { url } = await serve({ events: tools, plan: () => undefined, droppedThrough: 4 });
    const { got, notices, traces } = await collect(url, tools, { after: 1 });
    expect(notices.map((n) => n.code)).toEqual(["too_far_behind"]);
    expect(traces).toHaveLength(1);
    const view = got.reduce(reduce, viewOfTrace(traces[0] as TraceDocument));
    expect(view).toEqual(tools.filter((e) => e.seq > 4).reduce(reduce, emptyView("s-tools")));
  });

  it("loads the trace first when it has no resume point, then follows the live stream", async () => {
    const half = tools.slice(0, 7);
    const { url } = await serve({ events: half, plan: () => undefined });
    const { traces, got, stream } = await collect(url, half);
    expect(traces[0]?.events).toEqual(half);
    expect(got).toEqual([]);
    expect(stream.lastSeq).toBe(6);
  });

  it("sends the token as a Bearer header or as access_token, and stops when refused", async () => {
    const { url, seen } = await serve({ events: tools, plan: () => undefined, token: "t0k" });
    const header = await collect(url, tools, { after: -1, token: "t0k" });
    expect(header.got).toHaveLength(tools.length);
    const query = await collect(url, tools, { after: -1, token: () => "t0k", tokenIn: "query" });
    expect(query.got).toHaveLength(tools.length);
    expect(seen.auth.filter((t) => t === "t0k").length).toBeGreaterThanOrEqual(2);
    const refused = await collect(url, tools, { after: -1, token: "wrong" });
    expect(refused.notices).toEqual([{ code: "unauthorized", message: "a valid token is required", action: "stop" }]);
  });

  it("stops on an unknown session", async () => {
    const { url } = await serve({ events: tools, plan: () => undefined });
    const events = tools.map((e) => ({ ...e, sessionId: "x-unknown" }));
    const { notices } = await collect(url, events, { after: -1 });
    expect(notices.map((n) => [n.code, n.action])).toEqual([["unknown_session", "stop"]]);
  });
});
