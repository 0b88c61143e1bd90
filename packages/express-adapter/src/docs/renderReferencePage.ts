import type { OpenApiDocument } from "@privnet/http";

// The API reference page, rendered on the server from the OpenAPI document: plain HTML and CSS, no
// script, no font or stylesheet from elsewhere, nothing installed for it. Reference UIs on npm were
// set aside because each reaches out: swagger-ui-dist installs @scarf/scarf (install-time
// telemetry), redoc 3 depends on an OpenTelemetry exporter, and Scalar's bundle loads its fonts from
// a CDN by default. Links are relative, so the page works under any mount prefix.

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: unknown };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/**
 * The HTML of the reference page for an OpenAPI document: every operation (grouped by tag, with
 * its parameters, body and answers) and every schema, linked to each other.
 *
 * @example
 * response.type("html").send(renderReferencePage(buildAdminOpenApi()));
 */
export function renderReferencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method] as Operation | undefined;
      return operation ? [{ path, method, operation }] : [];
    }),
  );
  const tags = [
    ...new Set([
      ...document.tags.map((tag) => tag.name),
      ...operations.flatMap((o) => o.operation.tags ?? []),
    ]),
  ];
  const byTag = (tag: string) => operations.filter((o) => (o.operation.tags?.[0] ?? "other") === tag);
  const untagged = operations.filter((o) => !o.operation.tags?.length);
  const groups = [...tags.map((tag) => [tag, byTag(tag)] as const), ["other", untagged] as const].filter(
    ([, list]) => list.length > 0,
  );
  const needsToken = (document.security?.length ?? 0) > 0;

  const contents = groups
    .map(
      ([tag, list]) =>
        `<li>${escapeHtml(tag)}<ul>${list
          .map(
            ({ path, method, operation }) =>
              `<li><a href="#${anchor(operation, method, path)}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a></li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");

  const sections = groups
    .map(
      ([tag, list]) =>
        `<h2>${escapeHtml(tag)}</h2>\n${list.map(({ path, method, operation }) => renderOperation(path, method, operation, needsToken)).join("\n")}`,
    )
    .join("\n");

  const schemas = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<section class="schema" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${renderSchema(schema)}</section>`,
    )
    .join("\n");

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(document.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${inline(document.info.description)}</p>
<p>OpenAPI ${escapeHtml(document.openapi)} document: <a href="openapi.json">openapi.json</a>${
    needsToken
      ? ' · this server needs <code>Authorization: Bearer &lt;token&gt;</code> on every route marked <span class="auth">token</span>'
      : ""
  }</p>
</header>
<nav><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>
<main>
${sections}
<h2 id="schemas">Schemas</h2>
${schemas}
</main>
</body>
</html>
`;
}

function renderOperation(
  path: string,
  method: string,
  operation: Operation,
  serverNeedsToken: boolean,
): string {
  const locked = serverNeedsToken && !(Array.isArray(operation.security) && operation.security.length === 0);
  const parameters = operation.parameters?.length
    ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>schema</th><th>description</th></tr></thead><tbody>${operation.parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(parameter.name)}</code>${parameter.required ? " <em>required</em>" : ""}</td><td>${escapeHtml(parameter.in)}</td><td>${renderSchema(stripDescription(parameter.schema))}</td><td>${inline(parameter.description ?? "")}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const body = operation.requestBody?.content
    ? `<h4>Body${operation.requestBody.required ? "" : " (optional)"}</h4>${Object.entries(
        operation.requestBody.content,
      )
        .map(([type, media]) => `<p><code>${escapeHtml(type)}</code></p>${renderSchema(media.schema)}`)
        .join("")}`
    : "";
  const responses = operation.responses
    ? `<h4>Answers</h4><table><tbody>${Object.entries(operation.responses)
        .map(
          ([status, response]) =>
            `<tr><td class="status s${escapeHtml(status.charAt(0))}">${escapeHtml(status)}</td><td>${inline(response.description ?? "")}${Object.entries(
              response.content ?? {},
            )
              .map(
                ([type, media]) =>
                  `<div><code>${escapeHtml(type)}</code> ${renderSchema(media.schema)}</div>`,
              )
              .join("")}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  return `<section class="operation" id="${anchor(operation, method, path)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${locked ? ' <span class="auth" title="needs Authorization: Bearer &lt;token&gt;">token</span>' : ""}</h3>
<p class="summary">${inline(operation.summary ?? "")}</p>
${operation.description ? `<p>${inline(operation.description)}</p>` : ""}
${parameters}${body}${responses}
</section>`;
}

/** A `$ref` as a link to its schema; any other schema as its JSON, with nested `$ref`s linked. */
function renderSchema(schema: unknown): string {
  if (schema === undefined) return "";
  const ref = refName(schema);
  if (ref !== undefined) return `<a href="#schema-${escapeHtml(ref)}">${escapeHtml(ref)}</a>`;
  const json = escapeHtml(JSON.stringify(schema, null, 2)).replace(
    /&quot;\$ref&quot;: &quot;#\/components\/schemas\/([^&]+)&quot;/g,
    (_match, name: string) => `&quot;$ref&quot;: <a href="#schema-${name}">${name}</a>`,
  );
  return `<pre>${json}</pre>`;
}

function refName(schema: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const ref = (schema as { $ref?: unknown }).$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/")
    ? ref.slice("#/components/schemas/".length)
    : undefined;
}

function stripDescription(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null) return schema;
  const { description: _description, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function anchor(operation: Operation, method: string, path: string): string {
  return escapeHtml(operation.operationId ?? `${method}-${path.replace(/[^A-Za-z0-9]+/g, "-")}`);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The descriptions' only markup: `code`. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

const STYLE = `
:root { color-scheme: light dark; --line: #8884; --muted: #888; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; display: grid; grid-template-columns: 18rem 1fr; }
header { grid-column: 1 / -1; padding: 1rem 2rem; border-bottom: 1px solid var(--line); }
header small { color: var(--muted); font-weight: normal; font-size: 0.6em; }
nav { padding: 1rem; border-right: 1px solid var(--line); font-size: 0.9em; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; }
nav ul { list-style: none; padding-left: 0.5rem; margin: 0.25rem 0; }
nav a { text-decoration: none; color: inherit; }
main { padding: 0 2rem 4rem; min-width: 0; }
h2 { text-transform: capitalize; border-bottom: 1px solid var(--line); margin-top: 2.5rem; }
section { margin: 1.5rem 0; }
.method { display: inline-block; min-width: 4.2em; text-align: center; border-radius: 4px; padding: 0 0.3em; font: bold 0.8em ui-monospace, monospace; color: #fff; background: #666; }
.method.get { background: #2b6cb0; } .method.post { background: #2f855a; } .method.delete { background: #c53030; } .method.put, .method.patch { background: #b7791f; }
.summary { font-weight: 600; }
.auth { font: 0.7em ui-monospace, monospace; border: 1px solid currentColor; border-radius: 4px; padding: 0 0.3em; vertical-align: middle; color: #b7791f; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
td, th { border: 1px solid var(--line); padding: 0.3rem 0.5rem; vertical-align: top; text-align: left; }
td.status { font-family: ui-monospace, monospace; width: 3.5em; } td.s2 { color: #2f855a; } td.s4, td.s5 { color: #c53030; }
pre { overflow: auto; background: #8881; padding: 0.5rem; border-radius: 4px; margin: 0.25rem 0; font-size: 0.85em; }
code { font-family: ui-monospace, monospace; }
@media (max-width: 50rem) { body { display: block; } nav { position: static; border-right: 0; max-height: none; } }
`;
