import { request as send } from "node:http";
import { type RawAnswer, readBodyText } from "./RawAnswer.js";

export type HttpRequestOptions = {
  method: string;
  headers?: Record<string, string>;
  /** Written as is. Absent: no body. */
  body?: string;
  /**
   * How the body's length is told. "content-length" (default): `Content-Length`, also `0` for no
   * body (what fetch sends). "chunked": `Transfer-Encoding: chunked` and no `Content-Length`, also
   * for no body (a zero-length chunked body).
   */
  framing?: "content-length" | "chunked";
};

/**
 * One request through node:http, framed as told, so tests can send what real clients send (fetch
 * cannot send a body on GET, nor leave out `Content-Length`).
 *
 * @example
 * const answer = await httpRequest(`${url}/update`, { method: "POST", framing: "chunked" });
 */
export function httpRequest(url: string, options: HttpRequestOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunked = options.framing === "chunked";
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const request = send(url, {
      method: options.method,
      headers: {
        ...options.headers,
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(body?.length ?? 0) }),
      },
    });
    request.once("error", reject);
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("error", reject);
      response.once("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: response.statusCode ?? 0, headers, text, body: readBodyText(text) });
      });
    });
    request.end(body);
  });
}
