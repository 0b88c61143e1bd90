import { z } from "zod";
import { errorBody } from "../http/errorBody.js";
import type { OracleRoute } from "../routes/defineOracleRoute.js";

type JsonSchema = Record<string, unknown>;

export type OracleOpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

/**
 * The OpenAPI 3.1 document of the oracle API, generated from the same zod schemas that validate
 * requests (the approach of @privnet/express-adapter's builder, with this API's error body).
 * Schemas with `meta({ id })` become named components.
 */
export function buildOracleOpenApi(routes: readonly OracleRoute[], version: string): OracleOpenApiDocument {
  const components: Record<string, unknown> = {};
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonSchema =>
    hoist(
      z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema,
      components,
    );
  const error = { content: { "application/json": { schema: convert(errorBody, "output") } } };
  const paths: OracleOpenApiDocument["paths"] = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const params = route.params ? convert(route.params, "input") : undefined;
    const parameters = Object.entries((params?.properties ?? {}) as Record<string, JsonSchema>).map(
      ([name, schema]) => ({ name, in: "path", required: true, schema }),
    );
    const responses: Record<string, unknown> = {
      200: {
        description: "Success",
        content: { "application/json": { schema: convert(route.response, "output") } },
      },
    };
    for (const [status, description] of Object.entries({
      ...route.errors,
      500: "A bug: please report it.",
    })) {
      responses[status] = { description, ...error };
    }
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: convert(route.body, "input") } },
            },
          }
        : {}),
      responses,
    };
  }
  paths["/prices/stream"] = {
    get: {
      operationId: "streamPrices",
      summary: "Server-sent events: `prices` (a snapshot on connect) then `price` per on-chain update",
      responses: {
        200: {
          description: "An event stream",
          content: { "text/event-stream": { schema: { type: "string" } } },
        },
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "privnet oracle API",
      version,
      description:
        "Prices of the privnet PriceOracle contract, read back from the chain, and the simulator that pushes them. Success bodies carry `success: true`; errors are `{ success: false, error, code }`.",
    },
    paths,
    components: { schemas: components },
  };
}

function hoist(schema: JsonSchema, components: Record<string, unknown>): JsonSchema {
  const { $defs, $schema: _dialect, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [
          key,
          key === "$ref" && typeof inner === "string"
            ? inner.replace("#/$defs/", "#/components/schemas/")
            : rewrite(inner),
        ]),
      );
    }
    return value;
  };
  for (const [name, definition] of Object.entries($defs ?? {})) components[name] = rewrite(definition);
  const result = rewrite(rest) as JsonSchema;
  if (typeof result.id === "string") {
    const { id, ...definition } = result;
    components[id] = definition;
    return { $ref: `#/components/schemas/${id}` };
  }
  return result;
}
