import { sign } from "viem/accounts";
import type { SignerBackend } from "./SignerBackend.js";

/**
 * viem's own signer (`@noble/curves`, pure JavaScript): always there, the slowest, and the
 * reference the other backends must match byte for byte.
 *
 * @example
 * const { r, s, yParity } = await nobleSigner.sign(digest, { hex: key, bytes: hexToBytes(key) });
 */
export const nobleSigner: SignerBackend = {
  name: "noble",
  async sign(digest, key) {
    const { r, s, yParity } = await sign({ hash: digest, privateKey: key.hex });
    return { r, s, yParity: yParity === 1 ? 1 : 0 };
  },
};
