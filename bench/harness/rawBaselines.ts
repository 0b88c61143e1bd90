/**
 * The raw viem baselines the sender and the bots are compared with, on one account of the devnet:
 *
 * - `preSigned()`: N transfers signed beforehand, then sent with `eth_sendRawTransaction`, C in
 *   flight; only the sending is timed.
 * - `signThenSend()`: the same, but each transfer is signed right before it is sent, as any
 *   sender must.
 * - `preSignedBatches()`: the same pre-signed transfers sent as JSON-RPC batch requests of 100
 *   (viem's http batching), 4 batches in flight: what anvil takes at most, the bound of a sender
 *   that batches its submissions.
 * - `viemNonceManager()`: what a user writes by hand: a wallet client whose account has viem's
 *   `nonceManager`, `walletClient.sendTransaction({ to, value })` C at a time (viem fills in
 *   gas, fees and nonce).
 *
 * Each returns transactions per second, measured until the node accepted the last one.
 */
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseGwei,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createNonceManager, jsonRpc } from "viem/nonce";
import { runConcurrently } from "./runConcurrently.js";

export type RawBaselinesOptions = {
  client: PublicClient;
  chain: Chain;
  rpcUrl: string;
  privateKey: Hex;
  recipient: Hex;
  transfers: number;
  concurrency: number;
};

export function rawBaselines(options: RawBaselinesOptions) {
  const { client, chain, recipient, transfers, concurrency } = options;
  const account = privateKeyToAccount(options.privateKey);

  /** The account's next nonce and a max fee that the next blocks accept. */
  async function prepare() {
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    const block = await client.getBlock();
    const maxPriorityFeePerGas = parseGwei("1");
    const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 2n + maxPriorityFeePerGas;
    return (index: number) =>
      account.signTransaction({
        chainId: chain.id,
        type: "eip1559",
        nonce: nonce + index,
        to: recipient,
        value: 1n,
        gas: 21_000n,
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
  }

  /** Sends `serialized(index)` for every index, `concurrency` requests in flight; tx/s. */
  function send(serialized: (index: number) => Promise<Hex> | Hex) {
    return runConcurrently(transfers, concurrency, async (index) => {
      const serializedTransaction = await serialized(index);
      await client.sendRawTransaction({ serializedTransaction });
    });
  }

  return {
    async preSigned() {
      const sign = await prepare();
      const signed = await Promise.all(Array.from({ length: transfers }, (_, index) => sign(index)));
      return send((index) => signed[index] as Hex);
    },
    async preSignedBatches() {
      const sign = await prepare();
      const signed = await Promise.all(Array.from({ length: transfers }, (_, index) => sign(index)));
      const batching = createPublicClient({
        chain,
        transport: http(options.rpcUrl, { batch: { batchSize: 100, wait: 0 } }),
      });
      // 4 batches of 100 in flight: 400 calls at once, grouped by viem into requests of 100.
      return runConcurrently(transfers, 400, async (index) => {
        await batching.sendRawTransaction({ serializedTransaction: signed[index] as Hex });
      });
    },
    async signThenSend() {
      return send(await prepare());
    },
    async viemNonceManager() {
      // A fresh client and nonce manager per round, as a script written by hand would have.
      const walletClient = createWalletClient({
        account: privateKeyToAccount(options.privateKey, {
          nonceManager: createNonceManager({ source: jsonRpc() }),
        }),
        chain,
        transport: http(options.rpcUrl),
      });
      return runConcurrently(transfers, concurrency, () =>
        walletClient.sendTransaction({ to: recipient, value: 1n }),
      );
    },
  };
}
