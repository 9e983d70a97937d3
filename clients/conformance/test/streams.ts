// Reading the streams global-setup wrote: for each session, its full stream and its
// resumed streams, each a list of frames with their SSE ids (null in a preamble).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const OUT = join(__dirname, "..", ".streams");

export type Frame = { id: string | null; frame: Record<string, unknown> & { type: string } };
export type Session = {
  sessionId: string;
  full: Frame[];
  resumed: Map<string, Frame[]>; // resume point (the id of the last frame the client had)
};

export function streamFiles(protocol: string): string[] {
  return readdirSync(OUT)
    .filter((name) => name.endsWith(`.${protocol}.jsonl`))
    .sort();
}

export function readSessions(file: string): Session[] {
  const sessions = new Map<string, Session>();
  for (const line of readFileSync(join(OUT, file), "utf8").split("\n")) {
    if (!line) continue;
    const record = JSON.parse(line) as {
      sessionId: string;
      after: string | null;
      stream?: true;
      id: string | null;
      frame: Frame["frame"];
    };
    let session = sessions.get(record.sessionId);
    if (!session) {
      session = { sessionId: record.sessionId, full: [], resumed: new Map() };
      sessions.set(record.sessionId, session);
    }
    if (record.stream) {
      if (record.after !== null) session.resumed.set(record.after, []);
      continue;
    }
    const frame = { id: record.id, frame: record.frame };
    if (record.after === null) session.full.push(frame);
    else session.resumed.get(record.after)?.push(frame);
  }
  return [...sessions.values()];
}

/** The frames a client had when its connection broke right after the frame `after`. */
export function cut(full: Frame[], after: string): Frame[] {
  const at = full.findIndex((f) => f.id === after);
  if (at < 0) throw new Error(`no frame ${after} in the full stream`);
  return full.slice(0, at + 1);
}

/** Sessions in groups, one test each (short tests keep the test runner responsive). */
export function groups(sessions: Session[], size = 20): Session[][] {
  const out: Session[][] = [];
  for (let i = 0; i < sessions.length; i += size) out.push(sessions.slice(i, i + size));
  return out;
}

/** The SSE body of a list of frames, as the pipeline's endpoint writes it. */
export function sse(frames: Frame[]): string {
  return frames
    .map((f) => (f.id === null ? "" : `id: ${f.id}\n`) + `data: ${JSON.stringify(f.frame)}\n\n`)
    .join("");
}

/** Counts for the run's summary line (printed by each test file's afterAll). */
export const tally = { sessions: 0, streams: 0, frames: 0, resumes: 0 };

// One turn of the event loop's poll phase, so that Vitest's worker reads its runner's
// replies. Why: the worker's calls to the runner time out after 60 s (fixed in Vitest),
// and a test file whose awaits all resolve as microtasks never reaches the poll phase that
// would read the reply; past 60 s of such work (the AI SDK and AG-UI files take 63-65 s on
// a busy 2-core machine) the run ends with "Timeout calling onTaskUpdate" although every
// test passed (.ci/run, 2026-12-07; vitest-dev/vitest#6479).
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
