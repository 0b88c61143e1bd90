import fc from "fast-check";
import { expect } from "vitest";
import type { z } from "zod";
import { type OpenApiDocument, requestArbitrary } from "./requestArbitrary.js";
import { sendFuzzRequest } from "./sendFuzzRequest.js";

export type FuzzServerOptions<Fingerprint> = {
  /** The running server's base URL; its `/openapi.json` says what to generate. */
  url: string;
  /** The server's error body. */
  errorSchema: z.ZodType;
  runs: number;
  seed: number;
  /** What a refused request must not change. */
  fingerprint(): Promise<Fingerprint>;
  /** After a request that changed something: stop what it started and wait for its effects. */
  settle(): Promise<void>;
};

export type FuzzReport = { cases: number; byStatus: Record<number, number>; seed: number };

const safeMethods = new Set(["GET", "HEAD"]);

/**
 * Property-based fuzzing of every operation of a running server, generated from its OpenAPI
 * document: never a 5xx, every error a JSON body of the server's error shape with a short message,
 * and nothing changed by a request it refused. Throws (with the seed and the request) on the
 * first case that breaks one; returns what was answered.
 *
 * @example
 * const report = await fuzzServer({ url, errorSchema, runs: 5_000, seed, fingerprint, settle });
 */
export async function fuzzServer<Fingerprint>(options: FuzzServerOptions<Fingerprint>): Promise<FuzzReport> {
  const document = (await (await fetch(`${options.url}/openapi.json`)).json()) as OpenApiDocument;
  const host = new URL(options.url).host;
  const byStatus: Record<number, number> = {};
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(requestArbitrary(document, host), async (request) => {
      cases++;
      const checksState = !safeMethods.has(request.method);
      const before = checksState ? await options.fingerprint() : undefined;
      const answer = await sendFuzzRequest(options.url, request);
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      const what = `${request.method} ${request.target.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 300)}`;
      expect(answer.status, what).toBeGreaterThanOrEqual(200);
      expect(answer.status, what).toBeLessThan(500);
      if (answer.status >= 400) {
        if (request.method !== "HEAD") {
          expect(answer.contentType, what).toMatch(/^application\/json/);
          const body = JSON.parse(answer.text) as { error: string };
          expect(options.errorSchema.safeParse(body).success, what).toBe(true);
          // A short message, never an echo of the input.
          expect(body.error.length, what).toBeLessThan(400);
        }
        if (checksState)
          expect(await options.fingerprint(), `${what}: a refused request changed state`).toEqual(before);
      } else if (checksState) {
        await options.settle();
      }
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  return { cases, byStatus, seed: options.seed };
}
