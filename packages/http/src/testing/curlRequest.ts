import type { RawAnswer } from "./RawAnswer.js";
import { rawRequest } from "./rawRequest.js";

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
  return rawRequest(url, bytes);
}
