// A small Server-Sent Events parser (the WHATWG rules: fields per line, a blank line ends
// a message, `id` persists across messages, comments ignored), for the fetch transport.

export type SseMessage = { event: string; data: string; id: string | null };

export class SseParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];
  private hasData = false;
  /** The last id seen, as an EventSource keeps it (an id-less message keeps the previous). */
  lastEventId: string | null = null;

  constructor(lastEventId: string | null = null) {
    this.lastEventId = lastEventId;
  }

  /** Feed decoded text; returns the messages it completed. */
  push(text: string): SseMessage[] {
    this.buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) return out;
      const newline = this.buffer.startsWith("\r\n", end) ? 2 : 1;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + newline);
      const message = this.line(line);
      if (message) out.push(message);
    }
  }

  private line(line: string): SseMessage | null {
    if (line === "") {
      const message = this.hasData
        ? { event: this.event || "message", data: this.data.join("\n"), id: this.lastEventId }
        : null;
      this.event = "";
      this.data = [];
      this.hasData = false;
      return message;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      this.data.push(value);
      this.hasData = true;
    } else if (field === "event") {
      this.event = value;
    } else if (field === "id" && !value.includes("\0")) {
      this.lastEventId = value;
    }
    return null;
  }
}
