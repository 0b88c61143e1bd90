/** A server's TLS key and certificate (with its chain, if any), as PEM text. */
export type TlsMaterial = {
  cert: string;
  key: string;
};
