import { loadConfigFile } from "../config/loadConfigFile.js";
import { resolveSettings } from "../config/resolveSettings.js";

/** Where a command finds a running stack's admin API, and the headers it sends there. */
export type AdminEndpoint = { url: string; headers: Record<string, string> };

/**
 * The admin API a command talks to: `--url`, else the address `privnet up` binds by the config and
 * the environment (a wildcard bind asked on loopback), with the config's admin token as a bearer
 * header.
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
  const host = settings.admin.host === "0.0.0.0" ? "127.0.0.1" : settings.admin.host;
  const url = (
    options.flags.url ?? `http://${host.includes(":") ? `[${host}]` : host}:${settings.admin.port}`
  ).replace(/\/+$/, "");
  const headers: Record<string, string> = settings.admin.token
    ? { authorization: `Bearer ${settings.admin.token}` }
    : {};
  return { url, headers };
}
