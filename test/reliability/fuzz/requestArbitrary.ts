import fc from "fast-check";

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type OpenApiOperation = {
  parameters?: { name: string; in: "path" | "query" | "header"; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};

/** One generated request, written as the fuzzer sends it. */
export type FuzzRequest = {
  /** The operation it was generated from (`post /send`). */
  operation: string;
  method: string;
  /** Path and query, escaped or deliberately not. */
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
  framing: "content-length" | "chunked";
  /** The operation answers an event stream when it succeeds. */
  stream: boolean;
};

/** Strings that break parsers, paths and logs. */
const hostileStrings = [
  "",
  " ",
  "%FF",
  "%zz",
  "%",
  "%E0%A4%A",
  "..",
  "../../etc/passwd",
  "\u0000",
  "\u202e",
  "💸",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "1e400",
  "-1",
  "0",
  "NaN",
  "0x",
  "0x000000000000000000000000000000000000bEEF",
  "0x000000000000000000000000000000000000BeeF",
  "__proto__",
  "constructor",
  "a".repeat(5_000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);

/** Any JSON value, occasionally deep. */
const anyJson = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 60, max: 3_000 })
      .map((levels) => JSON.parse(`${"[".repeat(levels)}${"]".repeat(levels)}`) as unknown),
  },
);

/** Valid-looking values of a JSON schema, with wrong ones mixed in. */
function schemaValue(schema: JsonSchema, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, document);
  const valid = validSchemaValue(resolved, document, depth);
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: hostileString },
  );
}

function validSchemaValue(
  schema: JsonSchema,
  document: OpenApiDocument,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => schemaValue(choice, document, depth + 1)));
  const examples = schema.examples?.length ? [fc.constantFrom(...schema.examples)] : [];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      const base = schema.pattern
        ? fc
            .stringMatching(new RegExp(schema.pattern.replace(/\\d/g, "[0-9]")))
            .filter((text) => text.length < 200)
        : fc.string({ maxLength: 20 });
      return examples.length ? fc.oneof(examples[0] as fc.Arbitrary<unknown>, base) : base;
    }
    case "integer":
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -2, max: Math.min(schema.maximum ?? 40, 1_000_000) }),
        fc.constantFrom(0, -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER + 2),
      );
    case "number":
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: -5, max: 100_000 }),
      );
    case "boolean":
      return fc.boolean();
    case "array":
      return depth > 3
        ? fc.constant([])
        : fc.array(schemaValue(schema.items ?? {}, document, depth + 1), { maxLength: 3 });
    case "object": {
      if (depth > 3 || !schema.properties)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties).map(([name, field]) => {
        // A required field is left out one time in sixteen; an optional one half the time.
        const present = required.has(name) ? fc.nat(15).map((draw) => draw > 0) : fc.boolean();
        return fc.tuple(fc.constant(name), schemaValue(field, document, depth + 1), present);
      });
      return fc
        .tuple(
          fc.tuple(...fields),
          fc.option(fc.tuple(fc.constantFrom("unexpected", "__proto__", "x"), anyJson), { freq: 8 }),
        )
        .map(([entries, extra]) => {
          const object: Record<string, unknown> = {};
          for (const [name, value, present] of entries) if (present) object[name] = value;
          if (extra) Object.defineProperty(object, extra[0], { value: extra[1], enumerable: true });
          return object;
        });
    }
    default:
      return examples[0] ?? anyJson;
  }
}

function resolve(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return document.components?.schemas?.[name] ?? {};
}

/**
 * A generated value as text: strings as they are, objects as JSON (`String()` throws on an object
 * whose `toString` key holds no function, which the generator makes).
 */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/** A path segment: the schema's value escaped, or raw hostile text (malformed escapes included). */
function pathSegment(schema: JsonSchema | undefined, document: OpenApiDocument): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: schemaValue(schema ?? { type: "string" }, document).map((value) =>
        encodeURIComponent(asText(value)),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("%FF", "%zz", "%", "%E0%A4%A", "%00", "..", "%2F..%2F", "a%20b"),
    },
  );
}

/**
 * A request to one operation of `document`, or to it with another method, with valid and invalid
 * path parameters, queries, headers and bodies: what a client, a broken client or a hostile web
 * page sends. `host` is the server's own `Host`.
 *
 * @example
 * fc.assert(fc.asyncProperty(requestArbitrary(document, "127.0.0.1:3000"), async (request) => { … }));
 */
export function requestArbitrary(document: OpenApiDocument, host: string): fc.Arbitrary<FuzzRequest> {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return fc.oneof(
    ...operations.map(({ path, method, operation }) => {
      const parameters = operation.parameters ?? [];
      const pathParts = parameters
        .filter((parameter) => parameter.in === "path")
        .map((parameter) => fc.tuple(fc.constant(parameter.name), pathSegment(parameter.schema, document)));
      const queryParts = parameters
        .filter((parameter) => parameter.in === "query")
        .map((parameter) =>
          fc.option(
            fc.tuple(
              fc.constant(parameter.name),
              fc.oneof(schemaValue(parameter.schema ?? {}, document).map(String), hostileString),
            ),
            { freq: 2 },
          ),
        );
      const bodySchema = operation.requestBody?.content["application/json"]?.schema;
      const body = fc.oneof(
        {
          weight: 6,
          arbitrary: (bodySchema ? schemaValue(bodySchema, document) : fc.constant({})).map(
            (value) => JSON.stringify(value) as string | undefined,
          ),
        },
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileString },
        { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value)) },
      );
      const stream = Object.values(operation.responses).some(
        (response) => response.content?.["text/event-stream"],
      );
      return fc
        .record({
          method: fc.oneof(
            { weight: 12, arbitrary: fc.constant(method.toUpperCase()) },
            {
              weight: 1,
              arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"),
            },
          ),
          pathParams: fc.tuple(...pathParts),
          query: fc.tuple(
            ...queryParts,
            fc.option(fc.tuple(fc.constantFrom("unknown", "limit", "__proto__"), hostileString), {
              freq: 10,
            }),
          ),
          body,
          contentType: fc.oneof(
            { weight: 14, arbitrary: fc.constant<string | undefined>("application/json") },
            {
              weight: 4,
              arbitrary: fc.constantFrom<string | undefined>(
                undefined,
                "text/plain",
                "text/plain;charset=UTF-8",
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
                "application/json; charset=latin1",
                "application/json; charset=klingon",
                "application/vnd.api+json",
                "",
              ),
            },
          ),
          contentEncoding: fc.oneof(
            { weight: 16, arbitrary: fc.constant<string | undefined>(undefined) },
            {
              weight: 1,
              arbitrary: fc.constantFrom("gzip", "deflate", "br", "identity", "x-unknown", "gzip, gzip"),
            },
          ),
          origin: fc.oneof(
            { weight: 10, arbitrary: fc.constant<string | undefined>(undefined) },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                `http://${host}`,
                "https://evil.example",
                "null",
                "http://localhost:1",
              ),
            },
          ),
          fetchSite: fc.oneof(
            { weight: 10, arbitrary: fc.constant<string | undefined>(undefined) },
            { weight: 1, arbitrary: fc.constantFrom("cross-site", "same-site", "same-origin", "none") },
          ),
          host: fc.oneof(
            { weight: 14, arbitrary: fc.constant(host) },
            {
              weight: 1,
              arbitrary: fc.constantFrom("evil.example", "localhost", "[::1]", `${host}.evil.example`),
            },
          ),
          authorization: fc.option(fc.constantFrom("Bearer nope", "Basic Zm9vOmJhcg==", "Bearer "), {
            freq: 12,
          }),
          idempotencyKey: fc.option(
            fc.oneof(
              fc.uuid(),
              hostileString.filter((text) => /^[\x21-\x7e]*$/.test(text)),
            ),
            { freq: 8 },
          ),
          framing: fc.constantFrom<"content-length" | "chunked">(
            "content-length",
            "content-length",
            "chunked",
          ),
        })
        .map((parts): FuzzRequest => {
          let target = path;
          for (const [name, value] of parts.pathParams) target = target.replace(`{${name}}`, value);
          const query = parts.query
            .filter((entry): entry is [string, string] => entry !== null)
            .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
          if (query.length) target += `?${query.join("&")}`;
          const headers: Record<string, string> = { host: parts.host };
          if (parts.body !== undefined && parts.contentType !== undefined)
            headers["content-type"] = parts.contentType;
          if (parts.contentEncoding) headers["content-encoding"] = parts.contentEncoding;
          if (parts.origin) headers.origin = parts.origin;
          if (parts.fetchSite) headers["sec-fetch-site"] = parts.fetchSite;
          if (parts.authorization) headers.authorization = parts.authorization;
          if (parts.idempotencyKey) headers["idempotency-key"] = parts.idempotencyKey;
          // GET and HEAD bodies are left to the framing test (node:http will not send one on HEAD).
          const body = parts.method === "HEAD" ? undefined : parts.body;
          return {
            operation: `${method} ${path}`,
            method: parts.method,
            target,
            headers,
            body,
            framing: parts.framing,
            stream,
          };
        });
    }),
  );
}
