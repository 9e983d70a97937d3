// Helpers of the live tests: the harness's manifest (tests/live/harness.py), and a fetch
// that reads a worker's real SSE response and ends it right after a chosen frame: the
// forced disconnect. The client libraries read what it lets through, over HTTP, exactly
// as they read a network response.
import { readFileSync } from "node:fs";

export interface LiveSession {
  sessionId: string;
  source: string; // "fixture:<name>", "generated" or "inspector"
  lastSeq: number;
  fileModeLastSeq: number;
  fileModeDrops?: { stage: string; reason: string; count: number }[];
}

export interface Manifest {
  generatedSessions: number; // asked of the generator
  url: string;
  token: string;
  control: string;
  sessions: LiveSession[];
  inspector: { sessionId: string; token: string; parts: number; part: number; lastSeqs: number[] };
}

export function manifest(): Manifest {
  const path = process.env.CHAO_LIVE_MANIFEST;
  if (!path) throw new Error("CHAO_LIVE_MANIFEST is not set: run the live tests with `node live/run.mjs`");
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** The sessions the protocol tests read (not the inspector's, which the browser test
 * changes while it runs). */
export function protocolSessions(m: Manifest): LiveSession[] {
  return m.sessions.filter((s) => s.source !== "inspector");
}

export function eventsUrl(m: Manifest, sessionId: string, protocol: string): string {
  return `${m.url}/sessions/${encodeURIComponent(sessionId)}/events?protocol=${protocol}`;
}

/** What one connection saw. */
export interface Connection {
  status: number;
  headers: Headers;
  ids: (string | null)[]; // the id of every SSE message let through (null: none)
  cut: boolean; // ended by us right after the frame asked for
}

const NEWLINE = 0x0a;

/** A fetch whose response body is the worker's, message by message, ending right after
 * the message whose id is `stopAfter` (the connection is then aborted: the server sees
 * the client go), or at the first keepalive comment after the backlog (`: keepalive`),
 * which only comes once everything held was sent (a stream resumed after its last frame
 * has a preamble and nothing else). With `stopAfter` null it reads until the server ends
 * the stream (keepalives passed through). */
export function cuttingFetch(stopAfter: string | null, seen: Connection[]): typeof fetch {
  return async (input, init) => {
    const abort = new AbortController();
    const outer = init?.signal;
    outer?.addEventListener("abort", () => abort.abort());
    const response = await fetch(input, { ...init, signal: abort.signal });
    const connection: Connection = { status: response.status, headers: response.headers, ids: [], cut: false };
    seen.push(connection);
    if (!response.ok || response.body === null) return response;
    const reader = response.body.getReader();
    let pending = new Uint8Array(0);
    const finish = (out: ReadableStreamDefaultController<Uint8Array>) => {
      connection.cut = true;
      abort.abort();
      reader.cancel().catch(() => undefined);
      out.close();
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(out) {
        for (;;) {
          const end = messageEnd(pending);
          if (end < 0) {
            const { done, value } = await reader.read();
            if (done) {
              out.close();
              return;
            }
            const joined = new Uint8Array(pending.length + value.length);
            joined.set(pending);
            joined.set(value, pending.length);
            pending = joined;
            continue;
          }
          const message = pending.slice(0, end);
          pending = pending.slice(end);
          const text = new TextDecoder().decode(message);
          if (text.startsWith(":")) {
            if (stopAfter === null) {
              out.enqueue(message);
              return;
            }
            finish(out); // a keepalive: everything held was sent
            return;
          }
          const id = /^id: (.*)$/m.exec(text)?.[1] ?? null;
          connection.ids.push(id);
          out.enqueue(message);
          if (stopAfter !== null && id === stopAfter) finish(out);
          return;
        }
      },
      cancel() {
        abort.abort();
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

/** The index just past the first "\n\n" (the end of an SSE message), or -1. */
function messageEnd(bytes: Uint8Array): number {
  for (let i = 1; i < bytes.length; i++) {
    if (bytes[i] === NEWLINE && bytes[i - 1] === NEWLINE) return i + 1;
  }
  return -1;
}

/** Cut points of a session's stream: every frame id for the fixtures, two spread ones
 * (a third and two thirds in) for the others, never their last frame (a stream resumed
 * after its last frame is checked with the fixtures, where the keepalive ends it). */
export function cutPoints(ids: string[], everyFrame: boolean): string[] {
  if (everyFrame) return ids;
  const inner = ids.slice(0, -1);
  return [...new Set([1, 2].map((q) => inner[Math.floor((inner.length * q) / 3)]))].filter(
    (id): id is string => id !== undefined,
  );
}

export function authorization(m: Manifest, token = m.token): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A token for one session that expires in `ttlS` seconds (the harness mints it). */
export async function shortToken(m: Manifest, sessionId: string, ttlS: number): Promise<string> {
  const response = await fetch(`${m.control}/token?session=${encodeURIComponent(sessionId)}&ttl=${ttlS}`, {
    method: "POST",
  });
  return ((await response.json()) as { token: string }).token;
}

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}

/** The sessions in groups of 25, one test each (short tests keep the runner responsive). */
export function sessionGroups(sessions: LiveSession[]): (readonly [number, LiveSession[]])[] {
  const groups: (readonly [number, LiveSession[]])[] = [];
  for (let i = 0; i < sessions.length; i += 25) groups.push([groups.length, sessions.slice(i, i + 25)] as const);
  return groups;
}

/** The harness played every fixture and (nearly) every generated session. */
export function expectEverySession(m: Manifest, sessions: LiveSession[], expect: (v: unknown) => { toBeGreaterThanOrEqual(n: number): void }): void {
  expect(sessions.filter((s) => s.source.startsWith("fixture:")).length).toBeGreaterThanOrEqual(5);
  expect(sessions.filter((s) => s.source === "generated").length).toBeGreaterThanOrEqual(
    Math.floor(m.generatedSessions * 0.9),
  );
}

/** What a protocol's test supplies to {@link checkSession}. */
export interface ProtocolReader<R extends { connections: Connection[] }> {
  /** Connect once per stop point, resuming from the last id of the one before. */
  read(session: LiveSession, stops: (string | null)[]): Promise<R>;
  /** The header the protocol's stream must have (x-vercel-ai-ui-message-stream), or null. */
  header: string | null;
  /** Asserts what the library built from `resumed` equals what it built from `whole`. */
  same(whole: R, resumed: R, label: string): void;
}

export const tally = { sessions: 0, frames: 0, resumes: 0 };

/** One session whole, then after a forced disconnect at each cut point and a resume: the
 * stream is accepted (the reader throws otherwise), has an id on every frame and ends with
 * the session's last seq; the ids of the two connections together are the whole stream's
 * (no gap, no repeat); and the library built the same thing. Returns the whole read. */
export async function checkSession<R extends { connections: Connection[] }>(
  session: LiveSession,
  reader: ProtocolReader<R>,
  expect: (value: unknown, label?: string) => { toBe(v: unknown): void; toEqual(v: unknown): void },
): Promise<R> {
  const last = String(session.lastSeq);
  const whole = await reader.read(session, [last]);
  const [connection] = whole.connections;
  expect(connection?.status).toBe(200);
  expect(connection?.headers.get("x-vercel-ai-ui-message-stream") ?? null).toBe(reader.header);
  const ids = connection?.ids ?? [];
  expect(ids.every((id) => id !== null), session.sessionId).toBe(true);
  expect(ids[ids.length - 1]).toBe(last);
  tally.sessions++;
  tally.frames += ids.length;
  for (const cut of cutPoints(ids as string[], session.source.startsWith("fixture:"))) {
    const label = `${session.sessionId} resumed after ${cut}`;
    const resumed = await reader.read(session, [cut, last]);
    const [first, second] = resumed.connections;
    expect(first?.cut && first.ids[first.ids.length - 1] === cut, label).toBe(true);
    const seen = [...(first?.ids ?? []), ...(second?.ids ?? [])].filter((id) => id !== null);
    expect(seen, label).toEqual(ids);
    reader.same(whole, resumed, label);
    tally.resumes++;
  }
  return whole;
}
