import { createRequire } from "node:module";
import { rootCertificates } from "node:tls";
import type * as Undici from "undici";

/** What {@link trustCertificate} answers. */
export type CertificateTrust = {
  /** `fetch` with the trusting dispatcher. */
  fetch: typeof fetch;
  /**
   * The same as options for `fetch` and for viem's `http(url, { fetchOptions })` (which keeps them
   * when privnet's core makes its batching copies of the transport).
   */
  fetchOptions: RequestInit;
};

/**
 * Trusts `cert` (PEM) besides the usual public roots, for privnet's own clients of a stack served
 * with a self-signed certificate: the platform's transport to the chain, `privnet status`, `tx`
 * and `traffic`. Only the requests given these options trust it; nothing else in the process does,
 * and no check is turned off. An undici `Agent` with `connect.ca`, as the `dispatcher` of Node's
 * `fetch`.
 *
 * @example
 * const { fetchOptions } = trustCertificate(tls.cert);
 * const client = createPublicClient({ transport: http(devnet.rpcUrl, { fetchOptions }) });
 */
export function trustCertificate(cert: string): CertificateTrust {
  // undici is loaded here, when a certificate is trusted, not when @privnet/cli is: a
  // privnet.config.ts in a CommonJS project imports @privnet/cli again through tsx's loader, and a
  // second copy of undici in one process throws "Illegal constructor" as it loads.
  const { Agent } = createRequire(import.meta.url)("undici") as typeof Undici;
  const dispatcher = new Agent({ connect: { ca: [...rootCertificates, cert] } });
  // `dispatcher` is Node's extension of RequestInit, which the DOM type does not name.
  const fetchOptions = { dispatcher } as unknown as RequestInit;
  return {
    fetch: (input, init) => fetch(input, { ...init, ...fetchOptions }),
    fetchOptions,
  };
}
