import { loadConfigFile } from "../config/loadConfigFile.js";
import { resolveSettings } from "../config/resolveSettings.js";

export type StatusOptions = {
  flags: { url?: string | undefined; "rpc-url"?: string | undefined; config?: string | undefined };
  cwd: string;
  env: NodeJS.ProcessEnv;
  write?: (line: string) => void;
};

/**
 * `privnet status`: asks a running stack's admin API (`/health`) and its chain (`eth_chainId`,
 * `eth_blockNumber`) whether they answer. Where to ask comes from `--url` / `--rpc-url`, else
 * from the same config and environment `privnet up` reads. Resolves with 0 when both answer.
 *
 * @example
 * process.exitCode = await status({ flags: { url: "http://127.0.0.1:3000" }, cwd: process.cwd(), env: process.env });
 */
export async function status(options: StatusOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { config } = await loadConfigFile(options.cwd, options.flags.config);
  const settings = resolveSettings({ config, env: options.env, flags: {}, cwd: options.cwd });
  const adminUrl = (
    options.flags.url ?? `http://${urlHost(settings.admin.host)}:${settings.admin.port}`
  ).replace(/\/+$/, "");
  const rpcUrl =
    options.flags["rpc-url"] ??
    settings.chain.rpcUrl ??
    `http://${urlHost(settings.chain.host)}:${settings.chain.port}`;

  let healthy = true;
  try {
    const response = await fetch(`${adminUrl}/health`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { status?: string; blockNumber?: number; error?: string };
    if (response.ok) write(`admin API  ${adminUrl}  up, block ${body.blockNumber}`);
    else {
      healthy = false;
      write(`admin API  ${adminUrl}  answers ${response.status}: ${body.error ?? "?"}`);
    }
  } catch (error) {
    healthy = false;
    write(`admin API  ${adminUrl}  down (${reasonOf(error)})`);
  }
  try {
    const [chainId, blockNumber] = await Promise.all([
      rpc(rpcUrl, "eth_chainId"),
      rpc(rpcUrl, "eth_blockNumber"),
    ]);
    write(`chain      ${rpcUrl}  up, chain id ${BigInt(chainId)}, block ${BigInt(blockNumber)}`);
  } catch (error) {
    healthy = false;
    write(`chain      ${rpcUrl}  down (${reasonOf(error)})`);
  }
  return healthy ? 0 : 1;
}

async function rpc(url: string, method: string): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (typeof body.result !== "string") throw new Error(body.error?.message ?? `no result for ${method}`);
  return body.result;
}

function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/** fetch says "fetch failed"; the socket error under it says why (ECONNREFUSED, …). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return (error as Error).message;
}
