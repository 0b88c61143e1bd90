/**
 * Block timestamps on an automining chain, privnet's devnet against anvil's own options, each on
 * a fresh chain in the same run: transfers sent one after the other, each waited for.
 *
 * - `timestamps_repeated`: blocks whose timestamp is not later than their parent's. Baseline:
 *   anvil as it starts (automine, wall clock), where blocks of the same second share one.
 * - `timestamps_ahead_s`: how far the last of the 200 blocks is ahead of the wall clock (the
 *   price of one second per block). Baseline: anvil with `anvil_setBlockTimestampInterval 1`.
 * - `timestamps_behind_after_idle_s`: on a chain at the wall clock, the next block after 3 s
 *   without blocks, behind the wall clock by. Baseline: the same anvil with the timestamp
 *   interval, which never catches up.
 * - `devnet_rpc_tx_per_s`: `eth_sendTransaction` (unlocked accounts, 16 sending at once) through
 *   the devnet's clock. Baseline: the same on anvil's own port.
 *
 *   pnpm bench:timestamps
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { PRIVNET_GAS_LIMIT, privnet } from "@privnet/core";
import { resolveAnvilBinary, startDevnet } from "@privnet/devnet";
import { type Figure, figure, recordFigures } from "./harness/index.js";

const blocks = 200;
const idleMs = 3_000;
const transfers = 2_000;
const recipient = "0x000000000000000000000000000000000000bE0c";

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>;
const rpcAt =
  (url: string): Rpc =>
  async <T>(method: string, params: unknown[] = []) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await response.json()) as { result: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One transfer, 3 s idle and one more; then 200 transfers one after the other. */
async function timeline(rpc: Rpc) {
  const [from] = await rpc<string[]>("eth_accounts");
  const send = async () => {
    const hash = await rpc<string>("eth_sendTransaction", [{ from, to: recipient, value: "0x1" }]);
    let receipt: { blockNumber: string } | null = null;
    while (!receipt) receipt = await rpc("eth_getTransactionReceipt", [hash]);
    const block = await rpc<{ timestamp: string }>("eth_getBlockByNumber", [receipt.blockNumber, false]);
    return Number(BigInt(block.timestamp));
  };
  await send();
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const behind = nowSeconds() - (await send());
  const stamps = [await send()];
  for (let index = 0; index < blocks; index++) stamps.push(await send());
  const ahead = (stamps.at(-1) as number) - nowSeconds();
  const repeated = stamps.slice(1).filter((stamp, index) => stamp <= (stamps[index] as number)).length;
  return { repeated, ahead, behind };
}

/** Transfers per second, 16 accounts sending at once (anvil numbers each account's sends). */
async function throughput(rpc: Rpc) {
  const accounts = (await rpc<string[]>("eth_accounts")).slice(1, 17);
  const started = performance.now();
  await Promise.all(
    accounts.map(async (from) => {
      for (let index = 0; index < transfers / accounts.length; index++) {
        await rpc("eth_sendTransaction", [{ from, to: recipient, value: "0x1" }]);
      }
    }),
  );
  return transfers / ((performance.now() - started) / 1000);
}

async function startAnvil(): Promise<{ rpc: Rpc; stop(): void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    resolveAnvilBinary(),
    [
      "--port",
      String(port),
      "--chain-id",
      String(privnet.id),
      "--gas-limit",
      String(PRIVNET_GAS_LIMIT),
      "--silent",
    ],
    { stdio: "ignore" },
  );
  const rpc = rpcAt(`http://127.0.0.1:${port}`);
  for (let attempt = 0; ; attempt++) {
    try {
      await rpc("eth_chainId");
      break;
    } catch (error) {
      if (attempt > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { rpc, stop: () => child.kill("SIGINT") };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const figures: Record<string, Figure> = {};
const plain = await startAnvil();
const spaced = await startAnvil();
const devnet = await startDevnet({ port: 0, blockTime: 0 });
try {
  await spaced.rpc("anvil_setBlockTimestampInterval", [1]);
  const anvilDefault = await timeline(plain.rpc);
  const anvilInterval = await timeline(spaced.rpc);
  const privnetClock = await timeline(rpcAt(devnet.rpcUrl));
  console.log({ anvilDefault, anvilInterval, privnetClock });
  figures.timestamps_repeated = figure(
    privnetClock.repeated,
    anvilDefault.repeated,
    "blocks",
    `blocks of ${blocks} automined transfers not later than their parent — privnet's devnet vs anvil's default`,
  );
  figures.timestamps_ahead_s = figure(
    privnetClock.ahead,
    anvilInterval.ahead,
    "s",
    `last of ${blocks} automined transfers ahead of the wall clock — privnet's devnet vs anvil with a 1 s timestamp interval`,
  );
  figures.timestamps_behind_after_idle_s = figure(
    privnetClock.behind,
    anvilInterval.behind,
    "s",
    `the next block after ${idleMs / 1000} s idle, behind the wall clock — privnet's devnet vs anvil with a 1 s timestamp interval`,
  );
  const direct = await throughput(plain.rpc);
  const proxied = await throughput(rpcAt(devnet.rpcUrl));
  figures.devnet_rpc_tx_per_s = figure(
    proxied,
    direct,
    "tx/s",
    `eth_sendTransaction, ${transfers} from 16 accounts at once, through the devnet's clock — vs anvil's own port`,
  );
  recordFigures(figures);
} finally {
  plain.stop();
  spaced.stop();
  await devnet.stop();
}
