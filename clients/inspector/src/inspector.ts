// The session inspector page (/inspect/{sessionId}, pipeline/inspector/static/index.html):
// what a client renders for the session, live, and the session's drop counts.
//
// - The token comes from the page's own URL (?access_token=): kept in sessionStorage for
//   this tab (a reload still works), removed from the address bar at once, and sent as
//   `Authorization: Bearer` to the session endpoints of the page's own origin. The server
//   never writes it into the page.
// - The view is @chao/clean-stream's: openSessionStream loads the trace document, follows
//   the live stream after its lastSeq, resumes with Last-Event-ID after a broken
//   connection or a worker restart, drops repeats by seq, reloads the trace after
//   too_far_behind; reduce() turns the events into what a client renders.
// - Drop counts are in the trace document (`drops`), re-read every few seconds.
// - Everything is rendered with textContent: no event text is ever parsed as HTML.
import {
  type CleanEvent,
  type DropCount,
  type SessionView,
  type StreamNotice,
  type ToolCardView,
  type TraceDocument,
  emptyView,
  openSessionStream,
  reduce,
  viewOfTrace,
} from "@chao/clean-stream";

const DROPS_REFRESH_MS = 5_000;
const TOKEN_KEY = "chao-inspector-token";

type Status = "loading" | "live" | "reconnecting" | "stopped";

interface State {
  sessionId: string;
  view: SessionView;
  events: CleanEvent[];
  trace: Pick<TraceDocument, "firstSeq" | "lastSeq" | "truncated"> | null;
  drops: DropCount[];
  status: Status;
  notice: string | null;
}

// -- small DOM helpers ------------------------------------------------------------------------

type Child = Node | string | null | undefined | false;

function el(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function byId(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "null";
}

function details(label: string, value: unknown, cls: string): HTMLElement {
  return el("details", { class: cls }, el("summary", {}, label), el("pre", {}, json(value)));
}

// -- the token --------------------------------------------------------------------------------

function takeToken(sessionId: string): string | null {
  const key = `${TOKEN_KEY}:${sessionId}`;
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get("access_token");
  if (fromUrl) {
    try {
      sessionStorage.setItem(key, fromUrl);
    } catch {
      // storage off: the token lives in this page only
    }
    url.searchParams.delete("access_token");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

// -- rendering --------------------------------------------------------------------------------

function reasoningItem(view: SessionView, key: string): HTMLElement | null {
  const step = view.reasoning.find((s) => s.key === key);
  if (!step) return null;
  const meta = el(
    "div",
    { class: "meta" },
    el("span", { class: "kind" }, step.kind === "tool_reasoning" ? "tool reasoning" : "reasoning"),
    step.phase ? el("span", { class: "chip" }, step.phase) : null,
    step.toolCallId ? el("span", { class: "ref" }, `tool ${step.toolCallId}`) : null,
  );
  return el("li", { class: "item reasoning", "data-kind": "reasoning", "data-key": key }, meta, el("p", { class: "summary" }, step.summary));
}

const APPROVAL_TEXT: Record<string, string> = {
  required: "approval required",
  approved: "approved",
  rejected: "rejected by a person",
  expired: "approval expired",
};

function toolItem(card: ToolCardView): HTMLElement {
  const approval = card.lastApproval;
  const head = el(
    "div",
    { class: "meta" },
    el("span", { class: "kind" }, "tool"),
    el("strong", { class: "tool-key" }, card.toolKey),
    el("span", { class: "status-badge", "data-status": card.status }, card.status),
    approval ? el("span", { class: "approval", "data-approval": approval }, APPROVAL_TEXT[approval] ?? approval) : null,
    el("span", { class: "ref" }, card.callId),
  );
  const body: Child[] = [];
  if (card.redacted) {
    body.push(el("p", { class: "redacted" }, "input and output redacted"));
  } else {
    if (card.input !== null && card.input !== undefined) body.push(details("input", card.input, "io"));
    if (card.output !== null && card.output !== undefined) body.push(details("output", card.output, "io"));
  }
  if (card.activity) body.push(details("activity", card.activity, "io"));
  return el("li", { class: "item tool", "data-kind": "tool", "data-key": card.callId, "data-status": card.status }, head, ...body);
}

function messageItem(view: SessionView, key: string): HTMLElement | null {
  const message = view.messages.find((m) => m.messageId === key);
  if (!message) return null;
  return el(
    "li",
    { class: "item message", "data-kind": "message", "data-key": key, "data-status": message.status },
    el("div", { class: "meta" }, el("span", { class: "kind" }, "message"), el("span", { class: "chip" }, message.status)),
    el("p", { class: "text" }, message.text),
  );
}

function artifactItem(view: SessionView, key: string): HTMLElement | null {
  const artifact = view.artifacts.find((a) => a.key === key);
  if (!artifact) return null;
  const title = typeof artifact.data.title === "string" ? artifact.data.title : key;
  return el(
    "li",
    { class: "item artifact", "data-kind": "artifact", "data-key": key },
    el("div", { class: "meta" }, el("span", { class: "kind" }, "artifact"), el("span", { class: "chip" }, artifact.type), el("span", { class: "ref" }, key)),
    el("p", { class: "title" }, title),
    details("data", artifact.data, "io"),
  );
}

function activityItem(view: SessionView, key: string): HTMLElement | null {
  const activity = view.activities.find((a) => a.eventId === key);
  if (!activity) return null;
  return el(
    "li",
    { class: "item activity", "data-kind": "activity", "data-key": key },
    el("div", { class: "meta" }, el("span", { class: "kind" }, "activity"), el("span", { class: "chip" }, activity.type)),
    details("data", activity.data, "io"),
  );
}

function timelineItems(view: SessionView): HTMLElement[] {
  const items: HTMLElement[] = [];
  for (const item of view.timeline) {
    let node: HTMLElement | null = null;
    if (item.kind === "reasoning") node = reasoningItem(view, item.key);
    else if (item.kind === "tool") {
      const card = view.toolCards.find((c) => c.callId === item.key);
      node = card ? toolItem(card) : null;
    } else if (item.kind === "message") node = messageItem(view, item.key);
    else if (item.kind === "artifact") node = artifactItem(view, item.key);
    else node = activityItem(view, item.key);
    if (node) items.push(node);
  }
  return items;
}

function render(state: State): void {
  const { view } = state;
  document.body.dataset.state = state.status;
  document.body.dataset.lastSeq = view.lastSeq === null ? "" : String(view.lastSeq);
  byId("session-id").textContent = state.sessionId;
  const status = byId("status");
  status.dataset.state = state.status;
  status.textContent = state.status;
  byId("last-seq").textContent = view.lastSeq === null ? "\u2013" : String(view.lastSeq);
  byId("phase").textContent = view.phase ?? "\u2013";
  const runs = new Map<string, number>();
  for (const run of view.runs) runs.set(run.status, (runs.get(run.status) ?? 0) + 1);
  byId("runs").textContent = runs.size ? [...runs].map(([status, n]) => `${n} ${status}`).join(", ") : "\u2013";
  const notice = byId("notice");
  notice.hidden = state.notice === null;
  notice.textContent = state.notice ?? "";

  const items = timelineItems(view);
  byId("timeline").replaceChildren(...items);
  byId("timeline-empty").hidden = items.length > 0;

  const rows = state.drops.map((d) =>
    el(
      "tr",
      { "data-stage": d.stage, "data-reason": d.reason, "data-count": String(d.count) },
      el("td", {}, d.stage),
      el("td", {}, d.reason),
      el("td", { class: "num" }, String(d.count)),
    ),
  );
  if (rows.length === 0) rows.push(el("tr", { class: "none" }, el("td", { colspan: "3" }, "no drops")));
  byId("drops").querySelector("tbody")?.replaceChildren(...rows);
  byId("drops-total").textContent = String(state.drops.reduce((sum, d) => sum + d.count, 0));

  byId("held").textContent = String(state.events.length);
  byId("first-seq").textContent = state.events[0] ? String(state.events[0].seq) : "\u2013";
  byId("truncated").textContent = state.trace ? (state.trace.truncated ? "yes" : "no") : "\u2013";
  byId("visible-reasoning").textContent = view.visibleReasoning === null ? "\u2013" : view.visibleReasoning ? "yes" : "no";

  byId("event-count").textContent = String(state.events.length);
  byId("events").replaceChildren(
    ...state.events.map((e) =>
      el("li", { "data-seq": String(e.seq), "data-type": e.type }, el("span", { class: "seq" }, String(e.seq)), el("span", { class: "type" }, e.type)),
    ),
  );
}

// -- wiring -----------------------------------------------------------------------------------

function start(): void {
  const parts = location.pathname.split("/");
  const sessionId = decodeURIComponent(parts[parts.length - 1] ?? "");
  const state: State = {
    sessionId,
    view: emptyView(sessionId),
    events: [],
    trace: null,
    drops: [],
    status: "loading",
    notice: null,
  };
  let scheduled = false;
  const update = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      render(state);
    });
  };
  const token = takeToken(sessionId);
  if (!token) {
    state.status = "stopped";
    state.notice = "This page needs a token for the session: open it with ?access_token=<token> (chao-pipeline token --session <id>).";
    render(state);
    return;
  }
  const headers = { Authorization: `Bearer ${token}` };
  const tracePath = `/sessions/${encodeURIComponent(sessionId)}/trace`;

  // Status from the stream's own requests: a stream answered 200 is live; a request that
  // fails is a reconnect in progress (the wrapper retries with backoff).
  const observed: typeof fetch = async (input, init) => {
    try {
      const response = await fetch(input, init);
      if (String(input).includes("/events")) {
        state.status = response.ok ? "live" : "reconnecting";
        if (response.ok) state.notice = null;
        update();
      }
      return response;
    } catch (error) {
      if (state.status !== "stopped") state.status = "reconnecting";
      update();
      throw error;
    }
  };

  const onTrace = (doc: TraceDocument) => {
    state.view = viewOfTrace(doc);
    state.events = doc.events.slice();
    state.trace = { firstSeq: doc.firstSeq, lastSeq: doc.lastSeq, truncated: doc.truncated };
    state.drops = doc.drops;
    update();
  };

  const onNotice = (notice: StreamNotice) => {
    if (notice.code === "reassigned") {
      // The session moved to another worker: load the page again through this one, which
      // redirects it to the new owner (the page and the API must share an origin).
      location.replace(`${location.pathname}?access_token=${encodeURIComponent(token)}`);
      return;
    }
    if (notice.action === "stop") {
      state.status = "stopped";
      state.notice = `Stopped: ${notice.code} (${notice.message})`;
    } else if (notice.code !== "network") {
      state.notice = `${notice.code}: ${notice.action === "reload" ? "reloading the trace" : "reconnecting"}`;
    }
    update();
  };

  openSessionStream({
    baseUrl: location.origin,
    sessionId,
    token,
    fetch: observed,
    retry: { initialMs: 250, maxMs: 4_000 },
    onTrace,
    onEvent: (event) => {
      state.view = reduce(state.view, event);
      state.events.push(event);
      update();
    },
    onNotice,
  });

  // The drop counts (and whether the trace was cut) from the trace document.
  const refresh = async () => {
    try {
      const response = await fetch(tracePath, { headers });
      if (!response.ok) return;
      const doc = (await response.json()) as TraceDocument;
      state.drops = doc.drops;
      state.trace = { firstSeq: doc.firstSeq, lastSeq: doc.lastSeq, truncated: doc.truncated };
      update();
    } catch {
      // the worker is away: the stream's own reconnects say so
    }
  };
  setInterval(() => void refresh(), DROPS_REFRESH_MS);
  render(state);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
