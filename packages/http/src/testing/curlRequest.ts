import { connect } from "node:net";
import { type RawAnswer, readBodyText } from "./RawAnswer.js";

export type CurlRequestOptions = {
  /** `-X`. Default: POST with a body, GET without. */
  method?: string;
  /** `-H name: value`, in order. */
  headers?: [string, string][];
  /** `-d`: sent with `Content-Length` and, unless a header gives another, curl's form content type. */
  body?: string;
};

/**
 * Writes, over a plain TCP socket, the bytes curl writes for `curl -s [-X method] [-H …] [-d body]
 * <url>`, and reads the answer. Without `-d` there is no `Content-Length` and no body at all,
 * which neither fetch nor node:http send for a POST.
 *
 * @example
 * const answer = await curlRequest(`${url}/bots/transfer/start`, { method: "POST" }); // curl -s -X POST …
 */
export function curlRequest(url: string, options: CurlRequestOptions = {}): Promise<RawAnswer> {
  const target = new URL(url);
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const lines = [
    `${method} ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    "User-Agent: curl/8.5.0",
    "Accept: */*",
    ...(options.headers ?? []).map(([name, value]) => `${name}: ${value}`),
  ];
  if (options.body !== undefined) {
    const named = new Set((options.headers ?? []).map(([name]) => name.toLowerCase()));
    if (!named.has("content-type")) lines.push("Content-Type: application/x-www-form-urlencoded");
    lines.push(`Content-Length: ${Buffer.byteLength(options.body)}`);
  }
  const bytes = `${lines.join("\r\n")}\r\n\r\n${options.body ?? ""}`;

  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    let received = Buffer.alloc(0);
    socket.once("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      try {
        const answer = parseAnswer(received);
        if (!answer) return;
        socket.destroy();
        resolve(answer);
      } catch (error) {
        socket.destroy();
        reject(error);
      }
    });
    socket.once("close", () => reject(new Error(`The connection closed before a whole answer: ${received}`)));
    socket.write(bytes);
  });
}

/** A whole HTTP/1.1 answer framed by Content-Length, or undefined while more is to come. */
function parseAnswer(received: Buffer): RawAnswer | undefined {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine = "", ...headerLines] = received.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = headers["content-length"];
  if (length === undefined) throw new Error(`An answer without Content-Length: ${statusLine}`);
  const body = received.subarray(end + 4);
  if (body.length < Number(length)) return undefined;
  const text = body.subarray(0, Number(length)).toString("utf8");
  return { status: Number(statusLine.split(" ")[1]), headers, text, body: readBodyText(text) };
}
