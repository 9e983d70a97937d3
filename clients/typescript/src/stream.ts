// Follow one session's live clean stream (GET /sessions/{id}/events) with no gap and no
// repeat across reconnects: resume with Last-Event-ID, drop repeats by seq, and reload the
// trace document (GET /sessions/{id}/trace) when the server says the client fell too far
// behind. Server errors arrive as typed notices.
//
// Transport: fetch with a streamed body, read with the SSE rules (src/sse.ts), not the
// browser's EventSource, for two reasons: an EventSource cannot send an Authorization
// header, and it only delivers the SSE event names a page listens to, while the clean
// stream names each event by its type and artifact types are open-ended (`artifact.*`,
// `preview.*`). The wrapper does what an EventSource does on a reconnect (it sends the last
// id as Last-Event-ID) and takes the token either way: `Authorization: Bearer` (default) or
// the `access_token` query parameter (`tokenIn: "query"`, for proxies that drop headers).
import { SseParser } from "./sse";
import type { CleanEvent, ErrorDocument, StreamErrorCode, TraceDocument } from "./types";

export type Token = string | (() => string | Promise<string>);

/** What the stream reports besides events. `action` says what the wrapper does next. */
export interface StreamNotice {
  code: StreamErrorCode;
  message: string;
  action: "reload" | "reconnect" | "stop";
}

export interface SessionStreamOptions {
  /** The worker's base URL, e.g. "http://127.0.0.1:6066". */
  baseUrl: string;
  sessionId: string;
  /** An access token (or a function returning a fresh one before each request). */
  token?: Token;
  tokenIn?: "header" | "query";
  /** Resume after this seq. Without it the wrapper loads the trace document first
   * (`onTrace`) and follows the live stream after its lastSeq. */
  after?: number;
  onEvent: (event: CleanEvent) => void;
  /** The session's trace document: the view must be rebuilt from it (first load, and
   * after `too_far_behind`). Its events are not passed to `onEvent` again. */
  onTrace?: (doc: TraceDocument) => void;
  onNotice?: (notice: StreamNotice) => void;
  fetch?: typeof fetch;
  /** Reconnect delays: doubled from `initialMs` up to `maxMs` while reconnects fail. */
  retry?: { initialMs?: number; maxMs?: number };
}

export interface SessionStream {
  /** The seq of the last event delivered (null: none yet). */
  readonly lastSeq: number | null;
  /** Events dropped as repeats (seq not above the last one delivered). */
  readonly repeats: number;
  /** Resolves when the stream stops for good (close(), or a notice with action "stop"). */
  readonly done: Promise<void>;
  close(): void;
}

// Errors after which the next connection can go at once: the stream itself was fine.
const RECONNECT_NOW: ReadonlySet<string> = new Set(["slow_consumer", "reassigned"]);
const STOP: ReadonlySet<string> = new Set(["unknown_session", "invalid_session_id", "invalid_seq", "unauthorized"]);

class Stopped extends Error {}
class Notified extends Error {} // a failure already reported as a notice

export function openSessionStream(options: SessionStreamOptions): SessionStream {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const initialMs = options.retry?.initialMs ?? 500;
  const maxMs = options.retry?.maxMs ?? 15_000;
  const abort = new AbortController();
  const state = { lastSeq: options.after ?? null as number | null, repeats: 0 };
  let closed = false;

  const notify = (code: StreamErrorCode, message: string, action: StreamNotice["action"]) =>
    options.onNotice?.({ code, message, action });

  async function request(path: string, extra: Record<string, string>, query: URLSearchParams): Promise<Response> {
    const headers: Record<string, string> = { ...extra };
    const token = typeof options.token === "function" ? await options.token() : options.token;
    if (token !== undefined) {
      if (options.tokenIn === "query") query.set("access_token", token);
      else headers.Authorization = `Bearer ${token}`;
    }
    const base = options.baseUrl.replace(/\/+$/, "");
    const qs = query.toString();
    return doFetch(`${base}/sessions/${encodeURIComponent(options.sessionId)}${path}${qs ? `?${qs}` : ""}`, {
      headers,
      signal: abort.signal,
    });
  }

  async function failure(response: Response): Promise<never> {
    let doc: Partial<ErrorDocument> = {};
    try {
      doc = (await response.json()) as ErrorDocument;
    } catch {
      // not a JSON error body
    }
    const code: StreamErrorCode =
      response.status === 401 || response.status === 403 ? "unauthorized" : doc.error ?? "http_error";
    const message = doc.message ?? `HTTP ${response.status}`;
    if (STOP.has(code) || response.status === 400 || response.status === 404) {
      notify(code, message, "stop");
      throw new Stopped(code);
    }
    notify(code, message, "reconnect");
    throw new Notified(code);
  }

  async function reload(): Promise<void> {
    const response = await request("/trace", { Accept: "application/json" }, new URLSearchParams());
    if (!response.ok) await failure(response);
    const doc = (await response.json()) as TraceDocument;
    state.lastSeq = doc.lastSeq;
    options.onTrace?.(doc);
  }

  /** One connection; returns what to do next. */
  async function follow(): Promise<"reconnect" | "now" | "reload"> {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    const query = new URLSearchParams();
    if (state.lastSeq !== null) {
      headers["Last-Event-ID"] = String(state.lastSeq);
      query.set("after", String(state.lastSeq));
    }
    const response = await request("/events", headers, query);
    if (!response.ok || response.body === null) await failure(response);
    const parser = new SseParser(state.lastSeq === null ? null : String(state.lastSeq));
    const decoder = new TextDecoder();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return "reconnect";
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (message.event === "error") {
            const doc = JSON.parse(message.data) as ErrorDocument;
            if (doc.error === "too_far_behind") {
              notify(doc.error, doc.message, "reload");
              return "reload";
            }
            if (STOP.has(doc.error)) {
              notify(doc.error, doc.message, "stop");
              throw new Stopped(doc.error);
            }
            notify(doc.error, doc.message, "reconnect");
            return RECONNECT_NOW.has(doc.error) ? "now" : "reconnect";
          }
          const event = JSON.parse(message.data) as CleanEvent;
          if (state.lastSeq !== null && event.seq <= state.lastSeq) {
            state.repeats++;
            continue;
          }
          state.lastSeq = event.seq;
          options.onEvent(event);
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      abort.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function run(): Promise<void> {
    let delay = initialMs;
    let mustReload = options.after === undefined;
    while (!closed) {
      try {
        if (mustReload) {
          await reload();
          mustReload = false;
        }
        const next = await follow();
        mustReload = next === "reload";
        delay = initialMs; // the connection worked: the next reconnect starts quick
        if (next !== "reconnect") continue;
      } catch (error) {
        if (error instanceof Stopped || closed) return;
        if (!(error instanceof Notified)) {
          notify("network", error instanceof Error ? error.name : "error", "reconnect");
        }
      }
      await sleep(Math.random() * delay);
      delay = Math.min(delay * 2, maxMs);
    }
  }

  const done = run().finally(() => {
    closed = true;
  });
  return {
    get lastSeq() {
      return state.lastSeq;
    },
    get repeats() {
      return state.repeats;
    },
    done,
    close() {
      closed = true;
      abort.abort();
    },
  };
}
