import type { CleanEvent, ToolCard } from "./generated/clean-event";

export type { CleanEvent, ToolCard };
export type {
  ActivityEvent,
  ArtifactEvent,
  MessageEvent,
  ReasoningEvent,
  RunEvent,
  SessionEvent,
  ToolEvent,
} from "./generated/clean-event";
export type { DeadLetter } from "./generated/dead-letter";

/** GET /sessions/{sessionId}/trace (pipeline/trace.py, SessionTrace.document). */
export interface TraceDocument {
  sessionId: string;
  events: CleanEvent[];
  toolCards: ToolCard[];
  firstSeq: number | null;
  lastSeq: number | null;
  truncated: boolean;
}

/** Error codes of the trace endpoints and of the live stream's `error` events. */
export type StreamErrorCode =
  | "too_far_behind"
  | "slow_consumer"
  | "reassigned"
  | "unknown_session"
  | "invalid_session_id"
  | "invalid_seq"
  | "unauthorized"
  | "http_error"
  | "network"
  | (string & {});

/** The body of an error response or of an `event: error` message. */
export interface ErrorDocument {
  error: StreamErrorCode;
  message: string;
}
