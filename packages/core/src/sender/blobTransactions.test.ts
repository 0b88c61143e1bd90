import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveAnvilBinary, startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import {
  bytesToHex,
  commitmentsToVersionedHashes,
  getAddress,
  type Hash,
  type Hex,
  http,
  keccak256,
  parseGwei,
  stringToHex,
  toBlobs,
} from "viem";
import { describe, expect, test } from "vitest";
import { loadKzg } from "../blobs/loadKzg.js";
import { GAS_PER_BLOB } from "../fees/feePolicy.js";
import { createPlatform } from "../platform/createPlatform.js";
import { transactionHash } from "./transactionRequest.js";

// EIP-4844 on the devnet's anvil (hardfork latest: past Cancun). The versioned hashes expected are
// computed here with the pure-JavaScript KZG, independently of the native one the pipeline uses.

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000cc");
/** Random data (getRandomValues fills at most 65,536 bytes a call). */
function random(bytes: number): Hex {
  const data = new Uint8Array(bytes);
  for (let at = 0; at < bytes; at += 65_536) crypto.getRandomValues(data.subarray(at, at + 65_536));
  return bytesToHex(data);
}

async function expectedVersionedHashes(blobs: readonly Hex[]): Promise<readonly Hex[]> {
  const js = await loadKzg({ prefer: "js" });
  const commitments = blobs.map((blob) =>
    bytesToHex(js.blobToKzgCommitment(Buffer.from(blob.slice(2), "hex"))),
  );
  return commitmentsToVersionedHashes({ commitments });
}

describe("blob transactions (EIP-4844)", () => {
  test("a type-3 transaction with 2 blobs lands; the block's transaction carries the versioned hashes of its blobs", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      // 150,000 bytes of data: two blobs.
      const blobs = toBlobs({ data: random(150_000) });
      expect(blobs).toHaveLength(2);
      const blobBaseFee = await platform.client.getBlobBaseFee();
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: recipient,
        blobs,
        source: "blob-test",
      });
      const { record, reason } = await sent.wait();
      expect(reason).toBe("confirmed");
      expect(record).toMatchObject({
        status: "confirmed",
        to: recipient,
        value: 0n,
        source: "blob-test",
        kind: "blob",
        selector: null,
      });

      // The record's hash is the chain's: the body's, not the wrapper's with the sidecars.
      const block = await platform.client.getBlock({
        blockNumber: record.blockNumber ?? -1n,
        includeTransactions: true,
      });
      const tx = block.transactions.find((t) => t.hash === record.hash);
      expect(tx?.type).toBe("eip4844");
      expect(tx?.blobVersionedHashes).toEqual(await expectedVersionedHashes(blobs));
      expect(tx?.maxFeePerBlobGas).toBe(2n * blobBaseFee);
      const receipt = await platform.client.getTransactionReceipt({ hash: record.hash });
      expect(receipt.blobGasUsed).toBe(2n * GAS_PER_BLOB);
    } finally {
      await platform.close();
    }
  });

  test("blobs given as bytes, with a max fee per blob gas of the caller's", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const blobs = toBlobs({ data: stringToHex("privnet ".repeat(100)), to: "bytes" });
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 3,
        to: recipient,
        blobs,
        maxFeePerBlobGas: parseGwei("3"),
      });
      const { record } = await sent.wait();
      expect(record.status).toBe("confirmed");
      const tx = await platform.client.getTransaction({ hash: record.hash });
      expect(tx.maxFeePerBlobGas).toBe(parseGwei("3"));
      expect(tx.blobVersionedHashes).toEqual(
        await expectedVersionedHashes(blobs.map((blob) => bytesToHex(blob))),
      );
    } finally {
      await platform.close();
    }
  });

  test("a stuck blob transaction is replaced with all three fees doubled and the same blobs", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      replaceAfter: 200,
    });
    try {
      await devnet.request("evm_setAutomine", [false]);
      const blobs = toBlobs({ data: random(1_000) });
      const sent = await platform.sender.sendTransaction({ fromWalletId: 2, to: recipient, blobs });
      const original = await platform.client.getTransaction({ hash: sent.record.hash });
      const replaced = await new Promise<Hash>((resolve) => {
        const listener = (record: { id: number; hash: Hash }) => {
          if (record.id !== sent.record.id || record.hash === sent.record.hash) return;
          platform.events.off("transaction", listener);
          resolve(record.hash);
        };
        platform.events.on("transaction", listener);
      });
      const replacement = await platform.client.getTransaction({ hash: replaced });
      expect(replacement.type).toBe("eip4844");
      expect(replacement.nonce).toBe(original.nonce);
      expect(replacement.blobVersionedHashes).toEqual(original.blobVersionedHashes);
      expect(replacement.maxFeePerBlobGas).toBe(2n * (original.maxFeePerBlobGas ?? 0n));
      expect(replacement.maxPriorityFeePerGas).toBe(2n * (original.maxPriorityFeePerGas ?? 0n));
      await devnet.request("evm_mine");
      const { record } = await sent.wait();
      expect(record).toMatchObject({ status: "confirmed", hash: replaced });
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("malformed blobs are refused before anything is sent", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const [blob] = toBlobs({ data: "0x01" });
      const send = (params: Record<string, unknown>) =>
        platform.sender.sendTransaction({ fromWalletId: 2, ...params } as never);
      const refused = [
        send({ blobs: [blob] }), // no recipient
        send({ to: recipient, blobs: [] }),
        send({ to: recipient, blobs: ["0x1234"] }),
        send({ to: recipient, blobs: Array(7).fill(blob) }),
        send({ to: recipient, maxFeePerBlobGas: 1n }),
        send({ to: recipient, blobs: [blob], maxFeePerBlobGas: 0n }),
      ];
      for (const attempt of refused)
        await expect(attempt).rejects.toMatchObject({ code: "INVALID_TRANSACTION" });
      expect(await platform.transactions.list({ limit: 10 })).toHaveLength(0);
    } finally {
      await platform.close();
    }
  });

  test("a node before Cancun: refused with TRANSACTION_REJECTED before a nonce is taken", async () => {
    // The same anvil on Shanghai, the fork before blobs (the devnet's own options have no hardfork).
    const dir = await mkdtemp(join(tmpdir(), "privnet-shanghai-"));
    const binary = join(dir, "anvil");
    await writeFile(binary, `#!/bin/sh\nexec "${resolveAnvilBinary()}" --hardfork shanghai "$@"\n`);
    await chmod(binary, 0o755);
    const shanghai = await startDevnet({ port: 0, binary, blockTime: 0 });
    const platform = await createPlatform({ transport: http(shanghai.rpcUrl) });
    try {
      const sender = (await platform.wallets.get(2)).address;
      await expect(
        platform.sender.sendTransaction({ fromWalletId: 2, to: recipient, blobs: toBlobs({ data: "0x01" }) }),
      ).rejects.toMatchObject({ code: "TRANSACTION_REJECTED", message: expect.stringContaining("Cancun") });
      expect(await platform.transactions.list({ limit: 10 })).toHaveLength(0);
      // Its nonce was not taken: the next transaction of the sender gets the first one.
      const next = await platform.sender.sendTransaction({ fromWalletId: 2, to: recipient, value: 1n });
      expect(next.record.nonce).toBe(0);
      expect((await next.wait()).record.status).toBe("confirmed");
      expect(await platform.client.getTransactionCount({ address: sender })).toBe(1);
    } finally {
      await platform.close();
      await shanghai.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("the hash of a blob transaction covers its body, not the sidecars it is sent with", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: recipient,
        blobs: toBlobs({ data: random(100) }),
      });
      await sent.wait();
      const raw = (await platform.client.request({
        method: "eth_getRawTransactionByHash",
        params: [sent.record.hash],
      })) as Hex;
      // The node answers the network form, sidecars included: hashing it whole gives another hash.
      expect(raw.length).toBeGreaterThan(2 * 131_072);
      expect(keccak256(raw)).not.toBe(sent.record.hash);
      expect(transactionHash(raw)).toBe(sent.record.hash);
    } finally {
      await platform.close();
    }
  });
});
