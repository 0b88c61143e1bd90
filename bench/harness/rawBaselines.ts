/**
 * The raw viem baselines every benchmark compares against, on one account of the devnet:
 *
 * - `preSigned()`: N transfers signed beforehand, then sent with `eth_sendRawTransaction`, C in
 *   flight; only the sending is timed.
 * - `signThenSend()`: the same, but each transfer is signed right before it is sent, as any
 *   sender must.
 *
 * Both return transactions per second, measured until the node accepted the last one.
 */
import { type Chain, type Hex, type PublicClient, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export function rawBaselines(options: {
  client: PublicClient;
  chain: Chain;
  privateKey: Hex;
  recipient: Hex;
  transfers: number;
  concurrency: number;
}) {
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
  async function send(serialized: (index: number) => Promise<Hex> | Hex) {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < transfers) {
          const serializedTransaction = await serialized(next++);
          await client.sendRawTransaction({ serializedTransaction });
        }
      }),
    );
    return transfers / ((performance.now() - started) / 1000);
  }

  return {
    async preSigned() {
      const sign = await prepare();
      const signed = await Promise.all(Array.from({ length: transfers }, (_, index) => sign(index)));
      return send((index) => signed[index] as Hex);
    },
    async signThenSend() {
      return send(await prepare());
    },
  };
}
