// The Host and Origin rules every privnet server applies (the HTTP APIs through @privnet/http,
// the chain port on the relay's thread). Pure functions with no imports, so that the relay's
// thread loads them (through @privnet/core/internal/workers) without the rest of the SDK.

/** Host names every server accepts: they only ever name this machine. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** `example.com:3000` → `example.com`, `[::1]:3000` → `[::1]`, lowercased. */
export function hostNameOf(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  const colon = lower.lastIndexOf(":");
  return colon === -1 ? lower : lower.slice(0, colon);
}

/** A socket's local address written as a Host names it (`[::1]`, `192.168.1.5`). */
export function addressAsHost(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return v4.includes(":") ? `[${v4}]` : v4;
}

/**
 * Whether a server answers a request whose `Host` is `host` (DNS rebinding: a page that rebinds
 * its own name to this machine names that name in `Host`). Accepted: {@link LOOPBACK_HOSTS}, the
 * address the connection arrived at (an IP address cannot be rebound), and `allowed` (`"*"`: any).
 *
 * @example
 * hostAllowed("devbox.lan:8545", ["devbox.lan"], "10.0.0.5"); // true
 */
export function hostAllowed(host: string, allowed: readonly string[], localAddress?: string): boolean {
  if (allowed.includes("*")) return true;
  const name = hostNameOf(host);
  if ((LOOPBACK_HOSTS as readonly string[]).includes(name)) return true;
  if (name === addressAsHost(localAddress)) return true;
  return allowed.some((entry) => entry.toLowerCase() === name);
}

/** Whether `origin` names the server the request reached (its `Host`), over http or https. */
export function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const parsed = new URL(origin);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
    // Through URL too, so that a default port reads the same on both sides (`:80` or none).
    return parsed.host === new URL(`${parsed.protocol}//${host}`).host;
  } catch {
    return false; // "null" (a sandboxed page, a file:) or garbage
  }
}

/**
 * Whether a page on `origin` may send a state-changing request: listed in `corsOrigins` (`"*"`:
 * any), or the server's own origin.
 */
export function originAllowed(
  origin: string,
  corsOrigins: readonly string[],
  host: string | undefined,
): boolean {
  return corsOrigins.includes("*") || corsOrigins.includes(origin) || isSameOrigin(origin, host);
}
