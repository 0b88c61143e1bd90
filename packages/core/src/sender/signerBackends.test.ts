import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, type Hex, http, keccak256, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { afterEach, expect, test } from "vitest";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { createPlatform } from "../platform/createPlatform.js";
import { loadSigner, SIGNER_ENV } from "../signing/loadSigner.js";
import type { SignerBackendName } from "../signing/SignerBackend.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000ef");
const original = process.env[SIGNER_ENV];
afterEach(() => {
  if (original === undefined) delete process.env[SIGNER_ENV];
  else process.env[SIGNER_ENV] = original;
});

/**
 * Sends a wallet transfer, a transfer signed with a key and a contract call through the sender
 * with `PRIVNET_SIGNER=backend`, and answers the bytes handed to eth_sendRawTransaction. The node
 * never receives them (they are answered with their hash here), so every run signs at the same
 * nonces and fees.
 */
async function signedBytes(backend: SignerBackendName): Promise<Hex[]> {
  process.env[SIGNER_ENV] = backend;
  const node = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  const submitted: Hex[] = [];
  const transport = custom({
    async request(args: { method: string; params?: unknown }) {
      if (args.method === "eth_sendRawTransaction") {
        const [raw] = args.params as [Hex];
        // The node never holds them, so the watcher puts them back (the same bytes): once each.
        if (!submitted.includes(raw)) submitted.push(raw);
        return keccak256(raw);
      }
      return node.request(args as never);
    },
  });
  const platform = await createPlatform({ transport, pollingInterval: 100 });
  try {
    await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1.5" });
    await platform.sender.sendTransaction({
      fromWalletId: 3,
      to: recipient,
      data: "0x12345678",
      gas: 50_000n,
    });
    const key = toHex(
      mnemonicToAccount(SYSTEM_MNEMONIC, { addressIndex: 18 }).getHdKey().privateKey as Uint8Array,
    );
    await platform.sender.sendTransaction({ privateKey: key, to: recipient, value: 7n });
  } finally {
    await platform.close();
  }
  return submitted;
}

test("the sender's signed bytes are identical under every signer backend", async () => {
  const used: Record<string, string> = {};
  const results: Record<string, Hex[]> = {};
  for (const backend of ["native", "wasm", "noble"] as const) {
    results[backend] = await signedBytes(backend);
    used[backend] = (await loadSigner({ prefer: backend })).name;
  }
  expect(results.noble).toHaveLength(3);
  expect(results.wasm, `backends used: ${JSON.stringify(used)}`).toEqual(results.noble);
  expect(results.native, `backends used: ${JSON.stringify(used)}`).toEqual(results.noble);
  // noble is always what it says; the others fall back only when their library does not load.
  expect(used.noble).toBe("noble");
});
