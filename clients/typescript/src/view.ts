// A pure reducer from clean events to what a client renders for a session: reasoning steps,
// tool cards with their status and approval, messages, artifacts and activity, in the
// recorded order. `reduce(view, event)` never mutates `view`; an event whose seq is not
// above the last one applied is a repeat and changes nothing, so replaying a stream or a
// trace after a reconnect is harmless.
import type { CleanEvent, ToolCard, TraceDocument } from "./types";

export interface ReasoningStepView {
  /** stepId when the step has one (a later cot.step with it updates the step), else eventId. */
  key: string;
  kind: "step" | "tool_reasoning";
  summary: string;
  stepId?: string;
  phase?: string;
  ts?: string;
  /** The tool card this step explains (cot.tool.reasoning, or a cot.step naming one). */
  toolCallId?: string;
  seq: number;
}

export interface ToolCardView extends ToolCard {
  /** The last input / output any event of the card carried (an event may carry null for
   * "not in this event"). Always null for a redacted card. */
  input: unknown;
  output: unknown;
  /** The last approval state the card had (required, approved, rejected, expired): the
   * `approval` of a later event is null once the approval step is over. */
  lastApproval: ToolCard["approval"];
  /** The clean type of the last event that updated the card. */
  type: string;
  seq: number;
}

export interface MessageView {
  messageId: string;
  text: string;
  status: "streaming" | "completed" | "partial";
  toolCalls?: ToolCard[];
  seq: number;
}

export interface ArtifactView {
  /** data.artifactId when it is a string, else the eventId. */
  key: string;
  type: string;
  data: Record<string, unknown>;
  seq: number;
}

export interface ActivityView {
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  seq: number;
}

export interface RunView {
  runId: string | null;
  status: "running" | "completed" | "partial" | "failed" | "error";
  /** The terminal event types seen for the run, in order. */
  terminals: string[];
}

export type TimelineItem =
  | { kind: "reasoning"; key: string }
  | { kind: "tool"; key: string }
  | { kind: "message"; key: string }
  | { kind: "artifact"; key: string }
  | { kind: "activity"; key: string };

export interface SessionView {
  sessionId: string | null;
  lastSeq: number | null;
  visibleReasoning: boolean | null;
  phase: string | null;
  reasoningCompleted: boolean;
  reasoning: ReasoningStepView[];
  toolCards: ToolCardView[];
  messages: MessageView[];
  artifacts: ArtifactView[];
  activities: ActivityView[];
  runs: RunView[];
  /** Every item in the order it first appeared in the stream. */
  timeline: TimelineItem[];
}

export function emptyView(sessionId: string | null = null): SessionView {
  return {
    sessionId,
    lastSeq: null,
    visibleReasoning: null,
    phase: null,
    reasoningCompleted: false,
    reasoning: [],
    toolCards: [],
    messages: [],
    artifacts: [],
    activities: [],
    runs: [],
    timeline: [],
  };
}

/** The view of a trace document (GET /sessions/{id}/trace): its events, reduced. */
export function viewOfTrace(doc: TraceDocument): SessionView {
  return doc.events.reduce(reduce, emptyView(doc.sessionId));
}

function upsert<T>(items: T[], index: number, item: T): T[] {
  const copy = items.slice();
  if (index < 0) copy.push(item);
  else copy[index] = item;
  return copy;
}

function withItem(view: SessionView, item: TimelineItem): TimelineItem[] {
  const seen = view.timeline.some((t) => t.kind === item.kind && t.key === item.key);
  return seen ? view.timeline : [...view.timeline, item];
}

function cardView(previous: ToolCardView | undefined, card: ToolCard, type: string, seq: number): ToolCardView {
  const keep = (now: unknown, before: unknown) => (now !== null && now !== undefined ? now : before ?? null);
  return {
    ...card,
    input: card.redacted ? null : keep(card.input, previous?.input),
    output: card.redacted ? null : keep(card.output, previous?.output),
    lastApproval: card.approval ?? previous?.lastApproval ?? null,
    type,
    seq,
  };
}

function applyCard(view: SessionView, card: ToolCard, type: string, seq: number): SessionView {
  const index = view.toolCards.findIndex((c) => c.callId === card.callId);
  const next = cardView(index < 0 ? undefined : view.toolCards[index], card, type, seq);
  return {
    ...view,
    toolCards: upsert(view.toolCards, index, next),
    timeline: withItem(view, { kind: "tool", key: card.callId }),
  };
}

const RUN_STATUS: Record<string, RunView["status"]> = {
  "message.completed": "completed",
  "message.partially_completed": "partial",
  "run.settlement.completed": "completed",
  "run.failed": "failed",
  "run.error": "error",
};

/** Apply one clean event. Pure: returns a new view (or the same one for a repeat). */
export function reduce(view: SessionView, event: CleanEvent): SessionView {
  if (view.lastSeq !== null && event.seq <= view.lastSeq) return view;
  let next: SessionView = { ...view, lastSeq: event.seq, sessionId: view.sessionId ?? event.sessionId };
  const runIndex = next.runs.findIndex((r) => r.runId === event.runId);
  if (runIndex < 0) {
    next.runs = [...next.runs, { runId: event.runId, status: "running", terminals: [] }];
  }
  switch (event.family) {
    case "session":
      next.visibleReasoning = event.data.visibleReasoning;
      break;
    case "reasoning": {
      const data = event.data;
      if (event.type === "cot.phase") {
        next.phase = data.phase ?? null;
        next.reasoningCompleted = false;
      } else if (event.type === "cot.completed") {
        next.reasoningCompleted = true;
      } else if (typeof data.summary === "string") {
        const key = data.stepId ?? event.eventId;
        const step: ReasoningStepView = {
          key,
          kind: event.type === "cot.tool.reasoning" ? "tool_reasoning" : "step",
          summary: data.summary,
          seq: event.seq,
          ...(data.stepId != null && { stepId: data.stepId }),
          ...(data.phase != null && { phase: data.phase }),
          ...(data.ts != null && { ts: data.ts }),
          ...(data.toolCallId != null && { toolCallId: data.toolCallId }),
        };
        const index = data.stepId == null ? -1 : next.reasoning.findIndex((s) => s.stepId === data.stepId);
        next.reasoning = upsert(next.reasoning, index, step);
        next.timeline = withItem(next, { kind: "reasoning", key });
        next.reasoningCompleted = false;
      }
      break;
    }
    case "tool":
      next = applyCard(next, event.data, event.type, event.seq);
      break;
    case "message": {
      const data = event.data;
      const index = next.messages.findIndex((m) => m.messageId === data.messageId);
      const before = index < 0 ? undefined : next.messages[index];
      const message: MessageView = {
        messageId: data.messageId,
        text: before?.text ?? "",
        status: before?.status ?? "streaming",
        seq: event.seq,
        ...(before?.toolCalls !== undefined && { toolCalls: before.toolCalls }),
      };
      if (event.type === "message.delta") {
        message.text += data.delta ?? "";
      } else {
        if (typeof data.text === "string") message.text = data.text;
        message.status = event.type === "message.partially_completed" ? "partial" : "completed";
        if (data.toolCalls != null) message.toolCalls = data.toolCalls;
      }
      next.messages = upsert(next.messages, index, message);
      next.timeline = withItem(next, { kind: "message", key: data.messageId });
      for (const card of data.toolCalls ?? []) next = applyCard(next, card, event.type, event.seq);
      break;
    }
    case "artifact": {
      const id = event.data.artifactId;
      const key = typeof id === "string" && id ? id : event.eventId;
      const index = next.artifacts.findIndex((a) => a.key === key);
      next.artifacts = upsert(next.artifacts, index, { key, type: event.type, data: event.data, seq: event.seq });
      next.timeline = withItem(next, { kind: "artifact", key });
      break;
    }
    case "activity":
      next.activities = [...next.activities, { eventId: event.eventId, type: event.type, data: event.data, seq: event.seq }];
      next.timeline = withItem(next, { kind: "activity", key: event.eventId });
      break;
    case "run":
      break;
  }
  const status = event.terminal ? RUN_STATUS[event.type] : undefined;
  if (status !== undefined) {
    next.runs = next.runs.map((run) =>
      run.runId === event.runId
        ? { ...run, status: run.status === "failed" || run.status === "error" ? run.status : status, terminals: [...run.terminals, event.type] }
        : run,
    );
  }
  return next;
}
