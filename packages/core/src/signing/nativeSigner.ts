import { hexToBytes } from "viem";
import { fromCompactSignature } from "./fromCompactSignature.js";
import type { SignerBackend } from "./SignerBackend.js";

/** The part of the `secp256k1` package's binding used here. */
type Secp256k1Binding = {
  ecdsaSign(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
};

// A variable, not a literal: bundlers for browsers must not try to resolve a Node addon, and a
// missing optional dependency is found out here, at run time, not at build time.
const bindingModule = "secp256k1/bindings.js";

/**
 * libsecp256k1 through N-API, from the `secp256k1` package's prebuilt binary (loaded by
 * `node-gyp-build`; linux-x64, darwin-arm64 and win32-x64 ship with it). Only the binding is
 * loaded: the package's own entry would fall back to the slow `elliptic` without a word where the
 * binary is missing, and here that must fail so that the next backend is chosen. Rejects where the
 * package or a binary for this platform is missing.
 *
 * @example
 * const native = await loadNativeSigner(); // throws where there is no binary
 */
export async function loadNativeSigner(): Promise<SignerBackend> {
  const loaded = (await import(/* @vite-ignore */ bindingModule)) as {
    default?: Secp256k1Binding;
  } & Secp256k1Binding;
  const binding = loaded.default ?? loaded;
  if (typeof binding.ecdsaSign !== "function") throw new Error("secp256k1/bindings has no ecdsaSign");
  return {
    name: "native",
    sign(digest, key) {
      const { signature, recid } = binding.ecdsaSign(hexToBytes(digest), key.bytes);
      return fromCompactSignature(signature, recid);
    },
  };
}
