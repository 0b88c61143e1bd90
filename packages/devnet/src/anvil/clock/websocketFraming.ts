import { messageBoundaries, type PausableStream, textFrame } from "./removedLogs.js";

/** One whole frame read off the front of a client's input, and the message it completes. */
export type ClientFrameRead = { bytes: Buffer; rest: Buffer; message: Buffer | undefined };

/**
 * Reads a client's WebSocket frames one by one (`read` answers undefined until a whole frame has
 * arrived); a frame that completes a data message comes with that message, unmasked.
 */
export function clientFrames() {
  let fragments: Buffer[] = [];
  return {
    read(input: Buffer): ClientFrameRead | undefined {
      if (input.length < 2) return undefined;
      const first = input[0] as number;
      const second = input[1] as number;
      let length = second & 0x7f;
      let at = 2;
      if (length === 126) {
        if (input.length < 4) return undefined;
        length = input.readUInt16BE(2);
        at = 4;
      } else if (length === 127) {
        if (input.length < 10) return undefined;
        length = Number(input.readBigUInt64BE(2));
        at = 10;
      }
      const masked = (second & 0x80) !== 0;
      const mask = masked ? input.subarray(at, at + 4) : undefined;
      if (masked) at += 4;
      if (input.length < at + length) return undefined;
      const bytes = input.subarray(0, at + length);
      const rest = input.subarray(at + length);
      if ((first & 0x0f) >= 0x8) return { bytes, rest, message: undefined }; // close, ping, pong
      const payload = Buffer.from(input.subarray(at, at + length));
      if (mask)
        for (let index = 0; index < payload.length; index++)
          payload[index] = (payload[index] as number) ^ (mask[index & 3] as number);
      fragments.push(payload);
      if ((first & 0x80) === 0) return { bytes, rest, message: undefined };
      const message = fragments.length === 1 ? payload : Buffer.concat(fragments);
      fragments = [];
      return { bytes, rest, message };
    },
  };
}

/**
 * anvil's side of a WebSocket connection as it passes to the client: framed (not copied) to know
 * where a message may go in, so that the relay can send messages of its own in between
 * (`deliver`), hold anvil's back for a moment (`stream`), and read the answers it waits for
 * (`answerOf`; only those are decoded).
 */
export function anvilMessages(toClient: (bytes: Buffer) => void) {
  const boundaries = messageBoundaries();
  const awaiting = new Map<string, (message: { result?: unknown } | undefined) => void>();
  /** Messages of the relay's own waiting for a message boundary. */
  let injected: Buffer[] = [];
  /** Holds going on: anvil's messages wait from the next boundary on. */
  let pauses = 0;
  let paused = false;
  /** anvil's bytes held back (from a boundary on) while paused. */
  let buffering = false;
  let heldBack: Buffer[] = [];
  const flushInjected = () => {
    const messages = injected;
    injected = [];
    for (const message of messages) toClient(message);
  };
  const stream: PausableStream = {
    pause() {
      pauses++;
      paused = true;
      if (boundaries.idle) buffering = true;
    },
    resume() {
      pauses = Math.max(0, pauses - 1);
      if (pauses > 0) return;
      paused = false;
      if (buffering || boundaries.idle) flushInjected();
      const bytesHeld = heldBack;
      heldBack = [];
      buffering = false;
      for (const bytes of bytesHeld) toClient(bytes);
    },
  };
  const onAnswerText = (text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const id = (message as { id?: unknown } | null)?.id;
      if (id === undefined) continue;
      const key = JSON.stringify(id);
      const waiting = awaiting.get(key);
      if (!waiting) continue;
      awaiting.delete(key);
      waiting(message as { result?: unknown });
    }
  };
  const wantsText = () => awaiting.size > 0;
  return {
    stream,
    /** Passes a chunk of anvil's on, with the relay's own messages at the boundaries. */
    relay(chunk: Buffer): void {
      const startsAtBoundary = boundaries.idle;
      const ends = boundaries.read(chunk, wantsText, onAnswerText);
      if (!paused && !buffering && injected.length === 0) {
        toClient(chunk);
        return;
      }
      let from = 0;
      let atBoundary = startsAtBoundary;
      const out = (segment: Buffer) => {
        if (atBoundary) {
          if (paused) buffering = true;
          else flushInjected();
        }
        if (buffering) heldBack.push(segment);
        else toClient(segment);
      };
      for (const end of ends) {
        out(chunk.subarray(from, end));
        from = end;
        atBoundary = true;
      }
      if (from < chunk.length) out(chunk.subarray(from));
      else if (atBoundary && !paused && !buffering) flushInjected();
    },
    deliver(messages: string[]): void {
      for (const message of messages) injected.push(textFrame(message));
      if (!paused && !buffering && boundaries.idle) flushInjected();
    },
    answerOf(id: unknown): Promise<{ result?: unknown } | undefined> {
      return new Promise((resolve) => awaiting.set(JSON.stringify(id), resolve));
    },
    /** The connection ended: nobody waits for an answer, nothing stays held. */
    close(): void {
      for (const waiting of [...awaiting.values()]) waiting(undefined);
      awaiting.clear();
      pauses = 0;
      if (paused) stream.resume();
    },
  };
}
