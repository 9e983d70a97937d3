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
/** GET /sessions/{sessionId}/trace: generated from schemas/trace-document.schema.json. */
export type { DropCount, TraceDocument } from "./generated/trace-document";

/** Error codes of the trace endpoints and of the live stream's `error` events. */
export type StreamErrorCode =
  | "too_far_behind"
  | "slow_consumer"
  | "reassigned"
  | "token_expired"
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
