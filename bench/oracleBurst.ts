/**
 * A burst of price writes against a chain at its 2 s block time, as `privnet up` runs it:
 * `oracle_burst_blocks` is the number of blocks from the burst — 40 concurrent `POST /set-price`
 * over ETH, PRIV, USDC and DAI, through real HTTP — to its last answer (the highest block an
 * answer names). Baseline, in the same run: one `POST /set-price` alone, the same count. Requests
 * that wait behind the push in flight go out together in the next push, so the burst should cost
 * one block more than a lone request, not one block per request. Counted in blocks, not time.
 *
 *   pnpm bench:oracle-burst               # 40 requests
 *   pnpm bench:oracle-burst --requests 100
 */
import { parseArgs } from "node:util";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createOracleServer } from "@privnet/oracle-http";
import { http } from "viem";
import { figure, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({ options: { requests: { type: "string", default: "40" } } });
const requests = Number(args.requests);
const symbols = ["ETH", "PRIV", "USDC", "DAI"];

const devnet = await startDevnet({ port: 0, blockTime: 2, automineFirst: true });
try {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
  try {
    await platform.oracle.tokens();
    await devnet.useBlockTime();
    const server = await createOracleServer(platform, { port: 0, startLoop: false, logger: false });
    try {
      /** Waits for the next block, so that every measurement starts at the same point of one. */
      const nextBlock = async () => {
        const now = await platform.client.getBlockNumber({ cacheTime: 0 });
        return new Promise<bigint>((resolve) => {
          const unwatch = platform.client.watchBlockNumber({
            poll: true,
            pollingInterval: 100,
            onBlockNumber: (number) => {
              if (number <= now) return;
              unwatch();
              resolve(number);
            },
          });
        });
      };
      /** Blocks from the block the burst began in to the highest block an answer names. */
      const blocksFor = async (count: number) => {
        const fired = await nextBlock();
        const answers = await Promise.all(
          Array.from({ length: count }, async (_, index) => {
            const response = await fetch(`${server.url}/set-price`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ symbol: symbols[index % symbols.length], price: String(1000 + index) }),
            });
            const body = (await response.json()) as { blockNumber?: number; error?: string };
            if (response.status !== 200 || body.blockNumber === undefined)
              throw new Error(`set-price answered ${response.status}: ${body.error}`);
            return body.blockNumber;
          }),
        );
        return Math.max(...answers) - Number(fired);
      };
      const baseline = await blocksFor(1);
      const value = await blocksFor(requests);
      recordFigures({
        oracle_burst_blocks: figure(
          value,
          baseline,
          "blocks",
          `${requests} concurrent POST /set-price over four symbols at 2 s blocks, blocks to the last answer — vs one request alone`,
        ),
      });
    } finally {
      await server.close();
    }
  } finally {
    await platform.close();
  }
} finally {
  await devnet.stop();
}
