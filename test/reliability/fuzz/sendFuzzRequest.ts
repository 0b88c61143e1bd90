import { request as send } from "node:http";
import type { FuzzRequest } from "./requestArbitrary.js";

export type FuzzAnswer = { status: number; contentType: string | undefined; text: string };

/**
 * Sends a generated request through node:http as it is (its own Host, any method, the framing it
 * names) on a fresh connection, and reads the answer; an event stream that opened is closed after
 * its headers.
 *
 * @example
 * const answer = await sendFuzzRequest("http://127.0.0.1:3000", request);
 */
export function sendFuzzRequest(baseUrl: string, fuzz: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const body = fuzz.body === undefined ? undefined : Buffer.from(fuzz.body);
    const chunked = fuzz.framing === "chunked";
    const outgoing = send({
      host: url.hostname,
      port: url.port,
      method: fuzz.method,
      path: fuzz.target,
      agent: false,
      headers: {
        ...fuzz.headers,
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(body?.length ?? 0) }),
      },
    });
    outgoing.once("error", reject);
    outgoing.once("response", (response) => {
      const contentType = response.headers["content-type"];
      if (contentType?.startsWith("text/event-stream")) {
        response.destroy();
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, contentType, text: "" });
        return;
      }
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("error", reject);
      response.once("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    outgoing.end(body);
  });
}
