// The session inspector page (/inspect/{sessionId}) in a real browser: Debian's Chromium,
// headless, driven by playwright-core, on the live worker of the harness. The page must show
// exactly the session's trace (its event list, and the view @chao/clean-stream's reducer
// makes of it: reasoning steps, tool cards with status and approval, messages, artifacts),
// and the trace's drop counts; update when new events arrive; survive a worker restart by
// resuming (no event lost or shown twice). A screenshot is saved to out/inspector/.
// If Chromium cannot start, the tests fail.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TraceDocument, viewOfTrace } from "../../typescript/src/index";
import { manifest } from "./live";

const m = manifest();
const session = m.inspector;
const CHROMIUM = process.env.CHAO_CHROMIUM ?? "/usr/bin/chromium";
// The flags this machine kind needs (GUIDE.md); a fresh profile each run.
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const SCREENSHOTS = resolve(__dirname, "..", "..", "..", "out", "inspector");

let profile = "";
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const consoleErrors: string[] = [];

async function control(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${m.control}${path}`, { method: "POST" });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`harness ${path}: ${JSON.stringify(body)}`);
  return body;
}

async function trace(): Promise<TraceDocument> {
  const response = await fetch(`${m.url}/sessions/${session.sessionId}/trace`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TraceDocument;
}

async function waitForLastSeq(seq: number): Promise<void> {
  await page.waitForFunction((want) => document.body.dataset.lastSeq === want, String(seq), { timeout: 90_000 });
}

/** What the page shows, read from its DOM. */
async function shown(p: Page) {
  return p.evaluate(() => {
    const all = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
    return {
      events: all("#events li").map((li) => [Number(li.dataset.seq), li.dataset.type]),
      timeline: all("#timeline > li").map((li) => [li.dataset.kind, li.dataset.key]),
      messages: all("#timeline > li.message").map((li) => [li.dataset.key, li.querySelector(".text")?.textContent]),
      reasoning: all("#timeline > li.reasoning").map((li) => [li.dataset.key, li.querySelector(".summary")?.textContent]),
      tools: all("#timeline > li.tool").map((li) => [
        li.dataset.key,
        li.dataset.status,
        li.querySelector(".approval")?.getAttribute("data-approval") ?? null,
      ]),
      artifacts: all("#timeline > li.artifact").map((li) => li.dataset.key),
      drops: all("#drops tbody tr[data-stage]").map((tr) => [tr.dataset.stage, tr.dataset.reason, Number(tr.dataset.count)]),
      state: document.body.dataset.state,
    };
  });
}

/** The page shows exactly the trace document: its events, the view the reducer makes of
 * them, its drop counts. Waits for the drop counts' refresh. */
async function expectPageShowsTrace(): Promise<TraceDocument> {
  const doc = await trace();
  const view = viewOfTrace(doc);
  const drops = doc.drops.map((d) => [d.stage, d.reason, d.count]);
  await page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll<HTMLElement>("#drops tbody tr[data-stage]")].map(
      (tr) => [tr.dataset.stage, tr.dataset.reason, Number(tr.dataset.count)],
    )) === want,
    JSON.stringify(drops),
    { timeout: 30_000 },
  );
  const got = await shown(page);
  expect(got.events).toEqual(doc.events.map((e) => [e.seq, e.type]));
  expect(got.timeline).toEqual(view.timeline.map((t) => [t.kind, t.key]));
  expect(got.messages).toEqual(view.messages.map((msg) => [msg.messageId, msg.text]));
  expect(got.reasoning).toEqual(
    view.timeline.filter((t) => t.kind === "reasoning").map((t) => [t.key, view.reasoning.find((s) => s.key === t.key)?.summary]),
  );
  expect(got.tools).toEqual(
    view.timeline
      .filter((t) => t.kind === "tool")
      .map((t) => {
        const card = view.toolCards.find((c) => c.callId === t.key);
        return [t.key, card?.status, card?.lastApproval ?? null];
      }),
  );
  expect(got.artifacts).toEqual(view.artifacts.map((a) => a.key).filter((k) => got.artifacts.includes(k)));
  expect(got.artifacts.length).toBe(view.artifacts.length);
  expect(got.drops).toEqual(drops);
  return doc;
}

beforeAll(async () => {
  profile = mkdtempSync(join(tmpdir(), "chao-chromium-"));
  // Fails (and so every test here) when Chromium is missing or cannot start.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1360, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe("the session inspector page in Chromium", () => {
  it("is served without the token in it, takes the token from its URL and drops it from there", async () => {
    const url = `${m.url}/inspect/${session.sessionId}?access_token=${session.token}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).not.toContain(session.token);
    expect(html).not.toContain(session.sessionId); // the page is the same for every session
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.state === "live", undefined, { timeout: 60_000 });
    expect(page.url()).not.toContain("access_token");
    expect(page.url()).toBe(`${m.url}/inspect/${session.sessionId}`);
  });

  it("shows exactly the trace's events, the client view of them and the drop counts", async () => {
    await waitForLastSeq(session.lastSeqs[0] as number);
    const doc = await expectPageShowsTrace();
    expect(doc.events.length).toBeGreaterThan(3);
  });

  it("updates when new events arrive", async () => {
    const { lastSeq } = (await control("/advance")) as { lastSeq: number };
    expect(lastSeq).toBe(session.lastSeqs[1]);
    await waitForLastSeq(lastSeq);
    await expectPageShowsTrace();
  });

  it("survives a worker restart by resuming: nothing lost, nothing shown twice", async () => {
    const before = (await shown(page)).events.length;
    await control("/stop-worker");
    await page.waitForFunction(() => document.body.dataset.state === "reconnecting", undefined, { timeout: 60_000 });
    // Events arrive while the worker is down: the restarted worker processes them.
    await control("/advance?wait=false");
    await control("/start-worker");
    await waitForLastSeq(session.lastSeqs[2] as number);
    await page.waitForFunction(() => document.body.dataset.state === "live", undefined, { timeout: 60_000 });
    const doc = await expectPageShowsTrace();
    expect(doc.events.length).toBeGreaterThan(before);
    const shot = await shown(page);
    expect(new Set(shot.events.map(([seq]) => seq)).size).toBe(shot.events.length);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "inspector.png"), fullPage: true });
    // Only the stream cut by the stop, the refused connections while the worker was down
    // and its 503 not_ready while it recovered; no script error, no CSP refusal, nothing
    // else failed to load.
    expect(pageErrors).toEqual([]);
    const expected = /net::ERR_CONNECTION_REFUSED|net::ERR_EMPTY_RESPONSE|net::ERR_INCOMPLETE_CHUNKED_ENCODING|status of 503 \(Service Unavailable\)/;
    expect(consoleErrors.filter((e) => !expected.test(e))).toEqual([]);
  });
});
