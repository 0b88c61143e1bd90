import { loadConfigFile } from "../config/loadConfigFile.js";
import { resolveSettings } from "../config/resolveSettings.js";
import { stackClient } from "./stackClient.js";

/**
 * Where a command finds a running stack's admin API, the headers it sends there, and the `fetch`
 * to send with (trusting the stack's certificate when it serves TLS).
 */
export type AdminEndpoint = { url: string; headers: Record<string, string>; fetch: typeof fetch };

/**
 * The admin API a command talks to: `--url`, else the address `privnet up` binds by the config and
 * the environment (a wildcard bind asked on loopback; `https://` with its TLS setting), with the
 * config's admin token as a bearer header (see `stackClient`).
 *
 * @example
 * const { url, headers } = await adminEndpoint({ flags: { url: undefined }, cwd, env: process.env });
 */
export async function adminEndpoint(options: {
  flags: { url?: string | undefined; config?: string | undefined };
  cwd: string;
  env: NodeJS.ProcessEnv;
}): Promise<AdminEndpoint> {
  const { config } = await loadConfigFile(options.cwd, options.flags.config);
  const settings = resolveSettings({ config, env: options.env, flags: {}, cwd: options.cwd });
  const { adminUrl, headers, fetch } = stackClient(settings, options.flags);
  return { url: adminUrl, headers, fetch };
}
