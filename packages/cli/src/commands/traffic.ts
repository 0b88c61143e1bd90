import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseTrafficText, stringifyTrafficDocument, type TrafficDocument } from "@privnet/core";
import { UsageError } from "../config/UsageError.js";
import { adminEndpoint } from "./adminEndpoint.js";

export type TrafficOptions = {
  /** `export` or `import`. */
  action: string | undefined;
  /** import: the document's file. */
  file: string | undefined;
  flags: {
    url?: string | undefined;
    format?: string | undefined;
    out?: string | undefined;
    config?: string | undefined;
  };
  cwd: string;
  env: NodeJS.ProcessEnv;
  write?: (line: string) => void;
};

/**
 * `privnet traffic export|import`: a running stack's traffic document through its admin API
 * (`GET /traffic`, `POST /traffic/import`). Export writes YAML (or `--format json`) to stdout or
 * `--out`; import reads YAML or JSON. Where to ask comes from `--url`, else the config and
 * environment `privnet up` reads (its admin token included). Resolves with the exit code.
 *
 * @example
 * process.exitCode = await traffic({ action: "export", file: undefined, flags: {}, cwd, env: process.env });
 */
export async function traffic(options: TrafficOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { url, headers, fetch } = await adminEndpoint(options);
  const format = options.flags.format ?? "yaml";
  if (format !== "yaml" && format !== "json")
    throw new UsageError(`--format is yaml or json, got "${format}".`);

  if (options.action === "export") {
    const response = await fetch(`${url}/traffic`, { headers });
    const body = (await response.json()) as TrafficDocument & { error?: string };
    if (!response.ok) {
      write(`privnet: ${url}/traffic answered ${response.status}: ${body.error ?? "?"}`);
      return 1;
    }
    const text = format === "json" ? `${JSON.stringify(body, null, 2)}\n` : stringifyTrafficDocument(body);
    if (options.flags.out) await writeFile(resolve(options.cwd, options.flags.out), text);
    else write(text.trimEnd());
    return 0;
  }
  if (options.action === "import") {
    if (!options.file) throw new UsageError("privnet traffic import <file>: name the document's file.");
    const path = resolve(options.cwd, options.file);
    const parsed = parseTrafficText(await readFile(path, "utf8"));
    if (parsed.issues.length > 0) {
      write(`privnet: ${path} is not YAML or JSON: ${parsed.issues[0]?.message}`);
      return 1;
    }
    const response = await fetch(`${url}/traffic/import`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(parsed.value),
    });
    const body = (await response.json()) as {
      error?: string;
      code?: string;
      created?: string[];
      started?: string[];
      stopped?: string[];
    };
    if (!response.ok) {
      write(`privnet: not imported (${body.code ?? response.status}): ${body.error ?? "?"}`);
      return 1;
    }
    write(
      `privnet: imported ${path}: started ${body.started?.join(", ") || "none"}; created ${body.created?.join(", ") || "none"}; stopped ${body.stopped?.join(", ") || "none"}`,
    );
    return 0;
  }
  throw new UsageError(`privnet traffic: "export" or "import", got "${options.action ?? ""}".`);
}
