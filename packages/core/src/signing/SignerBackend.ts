import type { Hex } from "viem";

/** The secp256k1 implementations the fast signer can use, fastest first. */
export const signerBackendNames = ["native", "wasm", "noble"] as const;

/**
 * `native`: libsecp256k1 through N-API (the `secp256k1` package's prebuilt binding); `wasm`:
 * libsecp256k1 compiled to WebAssembly (`tiny-secp256k1`); `noble`: viem's own pure-JS signer
 * (`@noble/curves`).
 */
export type SignerBackendName = (typeof signerBackendNames)[number];

/** A private key in the two forms the backends take, converted once per account. */
export type SigningKey = { readonly hex: Hex; readonly bytes: Uint8Array };

/** A recoverable ECDSA signature of a 32-byte digest: RFC 6979 nonce, low `s`. */
export type DigestSignature = { r: Hex; s: Hex; yParity: 0 | 1 };

/** One secp256k1 implementation, loaded. */
export type SignerBackend = {
  readonly name: SignerBackendName;
  /** Signs a 32-byte digest deterministically (RFC 6979, no extra entropy), `s` in the lower half. */
  sign(digest: Hex, key: SigningKey): DigestSignature | Promise<DigestSignature>;
};
