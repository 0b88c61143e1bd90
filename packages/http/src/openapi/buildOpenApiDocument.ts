import { z } from "zod";
import type { EventStreamDefinition } from "../routes/defineEventStream.js";
import type { RouteDefinition } from "../routes/defineRoute.js";

/** A JSON Schema object, as the OpenAPI document carries it. */
export type JsonSchema = Record<string, unknown>;

/** An OpenAPI parameter object (path, query or header). */
export type OpenApiParameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

/** What sets one API's document apart: its name, its error body, its auth. */
export type OpenApiOptions = {
  title: string;
  description: string;
  version: string;
  /** The schema of every error body (give it `meta({ id: "Error" })` to name it). */
  errorSchema: z.ZodType;
  /** Bearer-token auth: every route but the public ones needs it, and can answer 401. */
  bearerAuth?: boolean;
  /** Extra parameters of a route (e.g. a header it honours). */
  parameters?: (route: RouteDefinition) => OpenApiParameter[];
  /** Default "/". */
  serverUrl?: string;
};

/**
 * Builds the OpenAPI 3.1 document of `routes` and `streams` from the same zod schemas that
 * validate requests and check answers, so the document cannot drift from the API. Schemas with a
 * `meta({ id })` become named components.
 *
 * @example
 * const document = buildOpenApiDocument(routes, [], { title: "my API", description: "…", version: "1.0.0", errorSchema });
 */
export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  streams: readonly EventStreamDefinition[],
  options: OpenApiOptions,
): OpenApiDocument {
  const components: Record<string, unknown> = {};
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonSchema =>
    hoistDefinitions(
      z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema,
      components,
    );
  const errorContent = { "application/json": { schema: convert(options.errorSchema, "output") } };
  const needsToken = (route: { public?: boolean }) => options.bearerAuth === true && !route.public;

  const paths: OpenApiDocument["paths"] = {};
  const add = (path: string, method: string, operation: Record<string, unknown>) => {
    const key = path.replace(/:(\w+)/g, "{$1}");
    paths[key] ??= {};
    (paths[key] as Record<string, unknown>)[method] = operation;
  };

  for (const route of routes) {
    const parameters = [
      ...objectParameters(route.params && convert(route.params, "input"), "path"),
      ...objectParameters(route.query && convert(route.query, "input"), "query"),
      ...(options.parameters?.(route) ?? []),
    ];
    const successes =
      typeof route.successStatus === "object"
        ? route.successStatus.statuses
        : { [route.successStatus ?? 200]: "Success" };
    const responses: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(successes)) {
      responses[status] = {
        description,
        content: { "application/json": { schema: convert(route.response, "output") } },
      };
    }
    const errors = {
      400: "Malformed JSON or failed validation.",
      ...(needsToken(route) ? { 401: "A token is configured and the request has none or a wrong one." } : {}),
      ...(route.body ? { 413: "The body is larger than the configured limit." } : {}),
      ...route.errors,
      500: "A bug: please report it.",
    };
    for (const [status, description] of Object.entries(errors)) {
      responses[status] ??= { description, content: errorContent };
    }
    add(route.path, route.method, {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: route.body.required,
              content: { "application/json": { schema: convert(route.body.schema, "input") } },
            },
          }
        : {}),
      responses,
      ...(route.public && options.bearerAuth ? { security: [] } : {}),
    });
  }

  for (const stream of streams) {
    const parameters = objectParameters(stream.query && convert(stream.query, "input"), "query");
    add(stream.path, "get", {
      operationId: stream.operationId,
      summary: stream.summary,
      ...(stream.description ? { description: stream.description } : {}),
      tags: [stream.tag],
      ...(parameters.length ? { parameters } : {}),
      responses: {
        200: {
          description: `Server-sent events: ${stream.events}`,
          content: { "text/event-stream": { schema: { type: "string" } } },
        },
        400: { description: "Malformed query.", content: errorContent },
        ...(needsToken(stream)
          ? {
              401: {
                description: "A token is configured and the request has none or a wrong one.",
                content: errorContent,
              },
            }
          : {}),
      },
      ...(stream.public && options.bearerAuth ? { security: [] } : {}),
    });
  }

  const tags = [...new Set([...routes, ...streams].map((route) => route.tag))];
  return {
    openapi: "3.1.0",
    info: { title: options.title, version: options.version, description: options.description },
    servers: [{ url: options.serverUrl ?? "/" }],
    tags: tags.map((name) => ({ name })),
    ...(options.bearerAuth ? { security: [{ bearerAuth: [] }] } : {}),
    paths,
    components: {
      schemas: components,
      ...(options.bearerAuth ? { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } } : {}),
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
function objectParameters(schema: JsonSchema | undefined, location: "path" | "query"): OpenApiParameter[] {
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
