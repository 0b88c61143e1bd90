import { hexToBytes } from "viem";
import { fromCompactSignature } from "./fromCompactSignature.js";
import type { SignerBackend } from "./SignerBackend.js";

/** The part of `tiny-secp256k1` used here. */
type TinySecp256k1 = {
  signRecoverable(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recoveryId: number };
};

// A variable, not a literal: a missing optional dependency is found out at run time.
const wasmModule = "tiny-secp256k1";

/**
 * libsecp256k1 compiled to WebAssembly (`tiny-secp256k1`): no binary per platform, about a third
 * of the native speed. Rejects where the package is missing or cannot instantiate its module.
 *
 * @example
 * const wasm = await loadWasmSigner();
 */
export async function loadWasmSigner(): Promise<SignerBackend> {
  const secp = (await import(/* @vite-ignore */ wasmModule)) as TinySecp256k1;
  if (typeof secp.signRecoverable !== "function") throw new Error("tiny-secp256k1 has no signRecoverable");
  return {
    name: "wasm",
    sign(digest, key) {
      const { signature, recoveryId } = secp.signRecoverable(hexToBytes(digest), key.bytes);
      return fromCompactSignature(signature, recoveryId);
    },
  };
}
