import { rootCertificates } from "node:tls";
import { Agent } from "undici";

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
  const dispatcher = new Agent({ connect: { ca: [...rootCertificates, cert] } });
  // `dispatcher` is Node's extension of RequestInit, which the DOM type does not name.
  const fetchOptions = { dispatcher } as unknown as RequestInit;
  return {
    fetch: (input, init) => fetch(input, { ...init, ...fetchOptions }),
    fetchOptions,
  };
}
