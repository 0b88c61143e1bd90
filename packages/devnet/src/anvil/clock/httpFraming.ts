import { STATUS_CODES } from "node:http";

const headerEnd = Buffer.from("\r\n\r\n");
export const noBytes: Buffer = Buffer.alloc(0);
/** A request or response head longer than this is not JSON-RPC: the connection is piped as is. */
const maxHead = 64 * 1024;

/** One whole HTTP request read off the front of a connection's input. */
export type HttpRequestRead =
  | { bytes: Buffer; body: Buffer; rest: Buffer; head: string }
  /** Not all of it has arrived. */
  | "incomplete"
  /** Not a request the relay reads (a huge head, a chunked body): the connection is piped from here. */
  | "unreadable"
  /** Its head says a body longer than the limit: refused before it is read. */
  | { tooLarge: number };

/**
 * The next whole HTTP/1.1 request in `input`: its bytes as they go to anvil, its body, and what
 * follows it. A WebSocket handshake loses its `sec-websocket-extensions` (no permessage-deflate,
 * so that frames stay readable); every other byte is kept.
 */
export function readHttpRequest(input: Buffer, maxBody = Number.POSITIVE_INFINITY): HttpRequestRead {
  const end = input.indexOf(headerEnd);
  if (end === -1) return input.length > maxHead ? "unreadable" : "incomplete";
  let head = input.toString("latin1", 0, end);
  // Chunked bodies are not what JSON-RPC clients send: piped from here on, unread.
  if (/\r\ntransfer-encoding:/i.test(head)) return "unreadable";
  const length = Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1] ?? 0);
  if (length > maxBody) return { tooLarge: length };
  const total = end + headerEnd.length + length;
  if (input.length < total) return "incomplete";
  let bytes = input.subarray(0, total);
  const body = input.subarray(end + headerEnd.length, total);
  if (/\r\nupgrade:[ \t]*websocket/i.test(head)) {
    head = head.replace(/\r\nsec-websocket-extensions:[^\r]*/gi, "");
    bytes = Buffer.concat([Buffer.from(head, "latin1"), headerEnd, body]);
  }
  return { bytes, body, rest: input.subarray(total), head };
}

/**
 * Counts whole HTTP answers in anvil's byte stream (status line, headers, `content-length` bytes
 * of body), calling `onAnswer` for each; `switched` once anvil accepted a WebSocket handshake,
 * `unreadable` when the answers can no longer be framed.
 */
export function answerCounter(onAnswer: () => void) {
  let head: Buffer = noBytes;
  let remaining = 0;
  return {
    read(chunk: Buffer): "ok" | "switched" | "unreadable" {
      let rest = chunk;
      while (rest.length > 0) {
        if (remaining > 0) {
          const taken = Math.min(remaining, rest.length);
          remaining -= taken;
          rest = rest.subarray(taken);
          if (remaining === 0) onAnswer();
          continue;
        }
        head = head.length === 0 ? rest : Buffer.concat([head, rest]);
        rest = noBytes;
        const end = head.indexOf(headerEnd);
        if (end === -1) return head.length > maxHead ? "unreadable" : "ok";
        const text = head.toString("latin1", 0, end);
        rest = head.subarray(end + headerEnd.length);
        head = noBytes;
        if (/^HTTP\/1\.\d 101/.test(text)) {
          onAnswer();
          return "switched";
        }
        if (/^HTTP\/1\.\d 1\d\d/.test(text)) continue; // 100 Continue: the answer follows
        if (/\r\ntransfer-encoding:/i.test(text)) return "unreadable";
        remaining = Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(text)?.[1] ?? 0);
        if (remaining === 0) onAnswer();
      }
      return "ok";
    },
  };
}

/**
 * An answer of the relay's own as an HTTP/1.1 response; `closing` when the connection ends after
 * it; `headers` added as given (`retry-after`).
 */
export function httpAnswer(
  body: unknown,
  status = 200,
  closing = false,
  headers: Readonly<Record<string, string>> = {},
): string {
  const text = JSON.stringify(body);
  const connection = closing ? "connection: close\r\n" : "";
  let extra = "";
  for (const [name, value] of Object.entries(headers)) extra += `${name}: ${value}\r\n`;
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\ncontent-type: application/json\r\n${extra}${connection}content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}

const headerPatterns = new Map<string, RegExp>();

/** The value of header `name` (lowercase) in an HTTP head, or undefined. */
export function headerOf(head: string, name: string): string | undefined {
  let pattern = headerPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\r\\n${name}:[ \\t]*([^\\r]*)`, "i");
    headerPatterns.set(name, pattern);
  }
  return pattern.exec(head)?.[1]?.trim();
}

/** The request line's path (`/`, `/<token>`), without its query. */
export function pathOf(head: string): string {
  const firstSpace = head.indexOf(" ");
  const secondSpace = head.indexOf(" ", firstSpace + 1);
  const target = head.slice(firstSpace + 1, secondSpace === -1 ? undefined : secondSpace);
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

/** `bytes` (an HTTP request) with its request line's target replaced by `/`. */
export function atRootPath(bytes: Buffer): Buffer {
  const lineEnd = bytes.indexOf("\r\n");
  const line = bytes.toString("latin1", 0, lineEnd);
  const firstSpace = line.indexOf(" ");
  const secondSpace = line.indexOf(" ", firstSpace + 1);
  const rewritten = `${line.slice(0, firstSpace)} /${line.slice(secondSpace)}`;
  return Buffer.concat([Buffer.from(rewritten, "latin1"), bytes.subarray(lineEnd)]);
}

/** Whether a JSON body is a batch: its first character that is not white space is `[`. */
export function isBatchBody(body: Buffer): boolean {
  for (const byte of body) {
    if (byte === 0x5b) return true;
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  }
  return false;
}
