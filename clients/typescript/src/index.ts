export type * from "./types";
export { SseParser, type SseMessage } from "./sse";
export {
  openSessionStream,
  type SessionStream,
  type SessionStreamOptions,
  type StreamNotice,
  type Token,
} from "./stream";
export {
  emptyView,
  reduce,
  viewOfTrace,
  type ActivityView,
  type ArtifactView,
  type MessageView,
  type ReasoningStepView,
  type RunView,
  type SessionView,
  type TimelineItem,
  type ToolCardView,
} from "./view";
