import { z } from "zod";
import { errorBody } from "../http/errorBody.js";
import type { RouteDefinition } from "../routes/defineRoute.js";

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

type JsonSchema = Record<string, unknown>;

/**
 * Builds the OpenAPI 3.1 document of `routes` from the same zod schemas that validate requests,
 * so the document cannot drift from the API. Schemas with a `meta({ id })` become named
 * components.
 */
export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  options: { version: string; serverUrl?: string },
): OpenApiDocument {
  const components: Record<string, unknown> = {};
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      target: "draft-2020-12",
    }) as JsonSchema;
    return hoistDefinitions(json, components);
  };

  const paths: OpenApiDocument["paths"] = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const parameters = [
      ...objectParameters(route.params && convert(route.params, "input"), "path"),
      ...objectParameters(route.query && convert(route.query, "input"), "query"),
      ...(route.idempotent
        ? [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description:
                "1 to 255 visible ASCII characters (a UUID). A retry with the same key and body gets the first answer (with `Idempotent-Replayed: true`) and sends nothing; kept 24 hours.",
              schema: { type: "string", minLength: 1, maxLength: 255 },
            },
          ]
        : []),
    ];
    const responses: Record<string, unknown> = {
      [String(route.successStatus ?? 200)]: {
        description: "Success",
        content: { "application/json": { schema: convert(route.response, "output") } },
      },
    };
    const errorSchema = convert(errorBody, "output");
    const errors = {
      400: "Malformed JSON or failed validation.",
      ...(route.public ? {} : { 401: "A token is configured and the request has none or a wrong one." }),
      ...(route.body ? { 413: "The body is larger than the configured limit (100 kB by default)." } : {}),
      ...route.errors,
      500: "A bug: please report it.",
    };
    for (const [status, description] of Object.entries(errors)) {
      responses[status] = { description, content: { "application/json": { schema: errorSchema } } };
    }
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: !route.optionalBody,
              content: { "application/json": { schema: convert(route.body, "input") } },
            },
          }
        : {}),
      responses,
      ...(route.public ? { security: [] } : {}),
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "privnet admin API",
      version: options.version,
      description:
        "Wallets, sending, transaction history, network and bots of a privnet chain. Every error body is `{ error, code }`. When the server has a token configured, every route except /health needs `Authorization: Bearer <token>`.",
    },
    servers: [{ url: options.serverUrl ?? "/" }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
    },
  };
}

/** Moves `$defs` into the document's components and points the references there. */
function hoistDefinitions(schema: JsonSchema, components: Record<string, unknown>): JsonSchema {
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
  for (const [name, definition] of Object.entries($defs ?? {})) {
    components[name] = rewrite(definition);
  }
  const result = rewrite(rest) as JsonSchema;
  // A schema with its own id is a component too; the operation refers to it.
  if (typeof result.id === "string") {
    const { id, ...definition } = result;
    components[id] = definition;
    return { $ref: `#/components/schemas/${id}` };
  }
  return result;
}

/** OpenAPI parameters from an object schema's properties. */
function objectParameters(schema: JsonSchema | undefined, location: "path" | "query") {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}
