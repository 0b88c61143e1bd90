import { expect } from "vitest";
import type { z } from "zod";
import type { RouteDefinition } from "../routes/defineRoute.js";
import { httpRequest } from "./httpRequest.js";
import type { RawAnswer } from "./RawAnswer.js";

export type MalformedInputSweepOptions = {
  /** The running server's base URL. */
  url: string;
  routes: readonly RouteDefinition[];
  /** The server's error body: every answer must fit it. */
  errorSchema: z.ZodType;
  /**
   * Per route that takes a body (`"post /send"`), a body it accepts: each bad field value is tried
   * alone in it. Its path is used as written (`/bots/:name/start`), so pick values that make even
   * this valid body fail further on if it must not write.
   */
  validBodies: Record<string, () => Record<string, unknown>>;
  /** Per field name: values it must refuse. */
  badFieldValues: Record<string, readonly unknown[]>;
  /** Per route: paths (with query) it must refuse. */
  badPaths?: Record<string, readonly string[]>;
};

/** Bodies no route accepts: not JSON, or JSON that is not an object. */
export const malformedBodies = [
  "{ not json",
  "{'single': 'quotes'}",
  '{"trailing": 1,}',
  "\u0000\u0001binary",
  "null",
  "[]",
  '[{"name":"x"}]',
  '"a string"',
  "42",
  "true",
  "1e400",
  `{"deep": ${"[".repeat(2000)}${"]".repeat(2000)}}`,
];

/** A number written into the JSON text as is, e.g. one no JavaScript number holds exactly. */
export class RawJsonNumber {
  constructor(readonly text: string) {}
}

/**
 * Fires malformed input at every route of a running server and expects each answer to be a 4xx
 * with the server's JSON error body — never a 5xx, never HTML: bodies that are not JSON objects,
 * each bad field value alone in an otherwise valid body, each required field left out, no body at
 * all where one is required, fields a route without a body does not take, and bad paths. Whether
 * anything was written is for the caller to check around it. Returns the number of requests.
 *
 * @example
 * const requests = await sweepMalformedInput({ url, routes: adminRoutes, errorSchema, validBodies, badFieldValues });
 */
export async function sweepMalformedInput(options: MalformedInputSweepOptions): Promise<number> {
  let requests = 0;
  const fire = async (method: string, path: string, body: string | undefined, what: string) => {
    requests++;
    const answer = await httpRequest(`${options.url}${path}`, {
      method: method.toUpperCase(),
      ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
    });
    expectJsonError(answer, options.errorSchema, what);
  };

  for (const route of options.routes) {
    const id = `${route.method} ${route.path}`;
    for (const raw of malformedBodies) await fire(route.method, route.path, raw, `${id} ${raw.slice(0, 40)}`);
    if (!route.body) {
      await fire(route.method, route.path, '{"unexpected":1}', `${id} with a field it does not take`);
    } else {
      const valid = options.validBodies[id];
      if (!valid) throw new Error(`No valid body for ${id}: add one to validBodies.`);
      if (route.body.required) await fire(route.method, route.path, undefined, `${id} without a body`);
      for (const field of Object.keys(valid())) {
        for (const value of options.badFieldValues[field] ?? []) {
          const body = toJson({ ...valid(), [field]: value });
          await fire(route.method, route.path, body, `${id} ${field}=${JSON.stringify(value)}`);
        }
        const { [field]: _left, ...rest } = valid();
        // A field the schema lets go missing would make a valid request (and write): not malformed.
        if (!route.body.schema.safeParse(rest).success) {
          await fire(route.method, route.path, JSON.stringify(rest), `${id} without ${field}`);
        }
      }
      await fire(
        route.method,
        route.path,
        toJson({ ...valid(), unexpected: 1 }),
        `${id} with an unknown field`,
      );
    }
    for (const path of options.badPaths?.[id] ?? [])
      await fire(route.method, path, undefined, `${id} ${path}`);
  }
  return requests;
}

function expectJsonError(answer: RawAnswer, errorSchema: z.ZodType, what: string) {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.headers["content-type"], what).toMatch(/^application\/json/);
  const checked = errorSchema.safeParse(answer.body);
  expect(checked.success, `${what}: ${answer.text}`).toBe(true);
  expect((answer.body as { error?: unknown }).error, what).toEqual(expect.stringMatching(/\S/));
  expect((answer.body as { code?: unknown }).code, what).toEqual(expect.stringMatching(/^[A-Z_]+$/));
}

/** JSON.stringify, with RawJsonNumber values written verbatim. */
function toJson(value: Record<string, unknown>): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner) =>
    inner instanceof RawJsonNumber ? `__raw_${raws.push(inner.text) - 1}__` : inner,
  );
  return text.replace(/"__raw_(\d+)__"/g, (_match, index) => raws[Number(index)] ?? "null");
}
