import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { StackSettings } from "../config/resolveSettings.js";
import { type CertificateTrust, trustCertificate } from "../tls/trustCertificate.js";

/** How a command reaches a running stack: see {@link stackClient}. */
export type StackClient = {
  /** The admin API's base URL, without a trailing slash. */
  adminUrl: string;
  /** The chain's JSON-RPC URL. */
  rpcUrl: string;
  /** The admin token's header, when the settings have one. */
  headers: Record<string, string>;
  /** `fetch`, trusting the stack's certificate when it serves TLS (its file is read if it is there). */
  fetch: typeof fetch;
  /** The same trust as options, for viem's `http(url, { fetchOptions })`. */
  fetchOptions: RequestInit;
};

/**
 * Where `privnet status`, `tx` and `traffic` ask a running stack — `--url` / `--rpc-url`, else the
 * address `privnet up` binds with the same config and environment, `https://` with `tls` — and
 * a `fetch` that trusts the stack's certificate (`<dataDir>/tls/cert.pem`, or `tls.cert`).
 *
 * @example
 * const { adminUrl, fetch } = stackClient(settings, { url: undefined });
 * await fetch(`${adminUrl}/health`);
 */
export function stackClient(
  settings: StackSettings,
  flags: { url?: string | undefined; "rpc-url"?: string | undefined },
): StackClient {
  const scheme = settings.tls ? "https" : "http";
  const adminUrl = (
    flags.url ?? `${scheme}://${urlHost(settings.admin.host)}:${settings.admin.port}`
  ).replace(/\/+$/, "");
  const rpcUrl =
    flags["rpc-url"] ??
    settings.chain.rpcUrl ??
    `${scheme}://${urlHost(settings.chain.host)}:${settings.chain.port}`;
  const headers: Record<string, string> = settings.admin.token
    ? { authorization: `Bearer ${settings.admin.token}` }
    : {};
  return { adminUrl, rpcUrl, headers, ...trusting(settings) };
}

function trusting(settings: StackSettings): CertificateTrust {
  const { tls } = settings;
  const plain = { fetch, fetchOptions: {} };
  if (!tls) return plain;
  const certPath = tls.kind === "files" ? tls.cert : join(tls.dir, "cert.pem");
  try {
    return trustCertificate(readFileSync(certPath, "utf8"));
  } catch {
    // No certificate there (yet): the request says why it failed.
    return plain;
  }
}

function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
