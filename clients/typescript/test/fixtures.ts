import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CleanEvent } from "../src/types";

export const FIXTURES = resolve(__dirname, "..", "..", "..", process.env.CHAO_FIXTURES ?? "../shared/fixtures");

/** The clean events of a fixture, by session, each session's in seq order. */
export function fixture(name: string): Map<string, CleanEvent[]> {
  const sessions = new Map<string, CleanEvent[]>();
  for (const line of readFileSync(join(FIXTURES, `${name}.expected.jsonl`), "utf8").split("\n")) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as CleanEvent;
    sessions.set(event.sessionId, [...(sessions.get(event.sessionId) ?? []), event]);
  }
  for (const events of sessions.values()) events.sort((a, b) => a.seq - b.seq);
  return sessions;
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((n) => n.endsWith(".expected.jsonl"))
    .map((n) => n.replace(".expected.jsonl", ""));
}

export function session(name: string, id: string): CleanEvent[] {
  const events = fixture(name).get(id);
  if (!events) throw new Error(`no session ${id} in ${name}`);
  return events;
}
