import { bytesToHex, toBlobs } from "viem";
import { describe, expect, test } from "vitest";
import { type KzgBackend, loadJsKzg, loadKzg, selectKzg } from "./loadKzg.js";

// The two backends must agree byte for byte: a commitment decides the blob's versioned hash, which
// the transaction signs. The pure-JavaScript one is the fallback wherever the native binary is not.

const random = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes));

describe("loadKzg", () => {
  test("the native backend loads here, and the pure-JavaScript fallback computes the same commitment and proof", async () => {
    const native = await loadKzg({ prefer: "native" });
    expect(native.name).toBe("native");
    const js = await loadKzg({ prefer: "js" });
    expect(js.name).toBe("js");
    const [blob] = toBlobs({ data: bytesToHex(random(40_000)), to: "bytes" });
    if (!blob) throw new Error("no blob");
    const commitment = native.blobToKzgCommitment(blob);
    expect(bytesToHex(js.blobToKzgCommitment(blob))).toBe(bytesToHex(commitment));
    expect(commitment).toHaveLength(48);
    const proof = native.computeBlobKzgProof(blob, commitment);
    expect(bytesToHex(js.computeBlobKzgProof(blob, commitment))).toBe(bytesToHex(proof));
    expect(proof).toHaveLength(48);
  });

  test("a native backend that does not load falls back to JavaScript; none at all is a clear error", async () => {
    const missing = async (): Promise<KzgBackend> => {
      throw new Error("Cannot find module '@crate-crypto/node-eth-kzg-linux-x64-musl'");
    };
    const chosen = await selectKzg("native", { native: missing, js: loadJsKzg });
    expect(chosen.name).toBe("js");
    await expect(selectKzg("native", { native: missing, js: missing })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
      message: expect.stringContaining("@crate-crypto/node-eth-kzg"),
    });
    await expect(loadKzg({ prefer: "fast" as never })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
  });
});
