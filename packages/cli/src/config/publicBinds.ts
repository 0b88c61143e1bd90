import { isIPv4, isIPv6 } from "node:net";
import { UsageError } from "./UsageError.js";

/** Whether `host` names this machine only: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost") return true;
  if (isIPv4(bare)) return bare.startsWith("127.");
  if (isIPv6(bare)) return bare === "::1" || /^::ffff:127\./.test(bare);
  return false;
}

/** What {@link refusePublicBindsWithoutTokens} looks at: each server's interface and token. */
export type BindSettings = {
  admin: { host: string; token: string | undefined };
  oracle: { enabled: boolean; host: string; token: string | undefined };
  chain: { rpcUrl: string | undefined; host: string };
};

/**
 * The admin API hands out private keys, and the oracle API sets the prices the lending pool
 * trusts: bound to an interface other machines reach, each must have its token, or `privnet up`
 * does not start (a {@link UsageError} saying how to set one). The embedded chain's port bound
 * beyond loopback needs the admin token too.
 */
export function refusePublicBindsWithoutTokens(settings: BindSettings): void {
  const { admin, oracle, chain } = settings;
  const publicAdmin = !isLoopbackHost(admin.host);
  const publicChain = chain.rpcUrl === undefined && !isLoopbackHost(chain.host);
  if ((publicAdmin || publicChain) && !admin.token) {
    const what = publicAdmin
      ? `the admin API (it hands out private keys) on ${admin.host}`
      : `the chain's port on ${chain.host}`;
    throw new UsageError(
      `Refusing to serve ${what} without an admin token: other machines could reach it. ` +
        "Set one with PRIVNET_ADMIN_TOKEN=<a long random string> (or admin.token in privnet.config.ts), " +
        "or bind 127.0.0.1 (--host 127.0.0.1). Make one with: openssl rand -hex 32",
    );
  }
  if (oracle.enabled && !isLoopbackHost(oracle.host) && !oracle.token) {
    throw new UsageError(
      `Refusing to serve the oracle API (it sets the prices the lending pool trusts) on ${oracle.host} ` +
        "without a token: other machines could reach it. Set one with PRIVNET_ORACLE_TOKEN=<a long random string> " +
        "(or oracle.token in privnet.config.ts), or bind it to 127.0.0.1 (oracle.host).",
    );
  }
}
