import { STATUS_CODES } from "node:http";

const headerEnd = Buffer.from("\r\n\r\n");
export const noBytes: Buffer = Buffer.alloc(0);
/** A request or response head longer than this is not JSON-RPC: the connection is piped as is. */
const maxHead = 64 * 1024;

/** One whole HTTP request read off the front of a connection's input. */
export type HttpRequestRead =
  | { bytes: Buffer; body: Buffer; rest: Buffer }
  /** Not all of it has arrived. */
  | "incomplete"
  /** Not a request the relay reads (a huge head, a chunked body): the connection is piped from here. */
  | "unreadable";

/**
 * The next whole HTTP/1.1 request in `input`: its bytes as they go to anvil, its body, and what
 * follows it. A WebSocket handshake loses its `sec-websocket-extensions` (no permessage-deflate,
 * so that frames stay readable); every other byte is kept.
 */
export function readHttpRequest(input: Buffer): HttpRequestRead {
  const end = input.indexOf(headerEnd);
  if (end === -1) return input.length > maxHead ? "unreadable" : "incomplete";
  let head = input.toString("latin1", 0, end);
  // Chunked bodies are not what JSON-RPC clients send: piped from here on, unread.
  if (/\r\ntransfer-encoding:/i.test(head)) return "unreadable";
  const length = Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1] ?? 0);
  const total = end + headerEnd.length + length;
  if (input.length < total) return "incomplete";
  let bytes = input.subarray(0, total);
  const body = input.subarray(end + headerEnd.length, total);
  if (/\r\nupgrade:[ \t]*websocket/i.test(head)) {
    head = head.replace(/\r\nsec-websocket-extensions:[^\r]*/gi, "");
    bytes = Buffer.concat([Buffer.from(head, "latin1"), headerEnd, body]);
  }
  return { bytes, body, rest: input.subarray(total) };
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

/** An answer of the relay's own as an HTTP/1.1 response; `closing` when the connection ends after it. */
export function httpAnswer(body: unknown, status = 200, closing = false): string {
  const text = JSON.stringify(body);
  const connection = closing ? "connection: close\r\n" : "";
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\ncontent-type: application/json\r\n${connection}content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}
