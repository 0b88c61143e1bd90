import { curlRequest } from "./curlRequest.js";
import { httpRequest } from "./httpRequest.js";
import type { RawAnswer } from "./RawAnswer.js";

/**
 * The three ways clients send a POST without a body, by name: curl without `-d` (no
 * `Content-Length` at all, the bytes written over node:net), `Content-Length: 0` (what fetch sends)
 * and an empty chunked body. A route must answer all three alike.
 *
 * @example
 * for (const [how, send] of Object.entries(withoutBody)) expect((await send(`${url}/update`)).status, how).toBe(200);
 */
export const withoutBody: Record<string, (url: string) => Promise<RawAnswer>> = {
  "curl without -d (no Content-Length)": (url) => curlRequest(url, { method: "POST" }),
  "Content-Length: 0": (url) => httpRequest(url, { method: "POST" }),
  "an empty chunked body": (url) => httpRequest(url, { method: "POST", framing: "chunked" }),
};

/**
 * POST `body` as JSON (with `Content-Length`).
 *
 * @example
 * const answer = await postJson(`${url}/set-price`, { symbol: "ETH", price: "2500" });
 */
export function postJson(url: string, body: unknown): Promise<RawAnswer> {
  return httpRequest(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
}
