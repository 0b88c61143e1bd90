/**
 * The sender's window against the node's batched ceiling, on one anvil in one run (1 s interval
 * mining): for each window W, a platform with the sqlite storage (a fresh file) and
 * `maxInFlight: W` sends N transfers from its own wallet, queued at once — against N pre-signed
 * transfers in JSON-RPC batches of 100, 4 in flight (`sender_vs_presigned_batches`'s baseline).
 * Rounds alternate; medians are compared: `sender_window_<W>_vs_presigned_batches`, and
 * `sender_window_adaptive_vs_presigned_batches` for a platform with `adaptiveWindow: true` (the
 * opt-in window that follows the node's latency, between 16 and 512; it keeps what it learned
 * from the warm-up round on).
 *
 *   pnpm bench:sender-window                          # windows 64,128,256,400 and the adaptive one; N=2000; 3 rounds
 *   pnpm bench:sender-window --windows 64,256 --rounds 5
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPlatform, type Platform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { createPublicClient, type Hex, http } from "viem";
import { type Figure, figure, median, rawBaselines, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    windows: { type: "string", default: "64,128,256,400" },
    transfers: { type: "string", default: "2000" },
    rounds: { type: "string", default: "3" },
  },
});
/** The fixed windows asked for, then the adaptive one. */
const windows: (number | "adaptive")[] = [...args.windows.split(",").map(Number), "adaptive"];
const transfers = Number(args.transfers);
const rounds = Number(args.rounds);
const recipient: Hex = "0x000000000000000000000000000000000000bE0c";

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-window-"));
const devnet = await startDevnet({ port: 0, blockTime: 1 });
const platforms: { window: number | "adaptive"; platform: Platform; walletId: number }[] = [];
try {
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const raw = rawBaselines({
    client,
    chain: devnet.chain,
    rpcUrl: devnet.rpcUrl,
    privateKey: devnet.accounts[1]?.privateKey as Hex,
    recipient,
    transfers,
    concurrency: 64,
  });
  for (const [index, window] of windows.entries()) {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      storage: sqliteStorage({ path: join(dataDir, `window-${window}.db`) }),
      ...(window === "adaptive" ? { adaptiveWindow: true } : { maxInFlight: window }),
    });
    const address = devnet.accounts[2 + index]?.address;
    const wallet = (await platform.wallets.list()).find((stored) => stored.address === address);
    if (!wallet) throw new Error(`system wallet ${2 + index} is missing`);
    platforms.push({ window, platform, walletId: wallet.id });
  }
  /** N sends queued at once; the sender keeps its window of them at the node. */
  async function senderRound(platform: Platform, walletId: number) {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: transfers }, () =>
        platform.sender.sendFromWallet({ fromWalletId: walletId, to: recipient, amount: "0.000001" }),
      ),
    );
    return transfers / ((performance.now() - started) / 1000);
  }
  // Warm-up: JIT, connections, nonce managers, the signer's backend.
  await raw.preSignedBatches();
  for (const { platform, walletId } of platforms) await senderRound(platform, walletId);
  const batches: number[] = [];
  const byWindow = new Map<number | "adaptive", number[]>(windows.map((window) => [window, []]));
  for (let round = 0; round < rounds; round++) {
    batches.push(await raw.preSignedBatches());
    for (const { window, platform, walletId } of platforms) {
      byWindow.get(window)?.push(await senderRound(platform, walletId));
    }
  }
  const rate = (value: number) => `${value.toFixed(0)} tx/s`;
  console.log(`transfers per round: ${transfers}, rounds: ${rounds}, 1 s blocks, sqlite`);
  console.log(
    `${"pre-signed, batches of 100".padEnd(36)} ${batches.map(rate).join(", ")} → median ${rate(median(batches))}`,
  );
  const figures: Record<string, Figure> = {};
  for (const [window, values] of byWindow) {
    const side = window === "adaptive" ? "adaptiveWindow (16–512)" : `maxInFlight ${window}`;
    console.log(
      `${`sender, ${side}`.padEnd(36)} ${values.map(rate).join(", ")} → median ${rate(median(values))}`,
    );
    figures[`sender_window_${window}_vs_presigned_batches`] = figure(
      median(values),
      median(batches),
      "tx/s",
      `sendFromWallet (sqlite, fresh file) with ${side}, ${transfers} queued at once, vs raw viem pre-signed in JSON-RPC batches of 100, 4 in flight; median of ${rounds} rounds, 1 s blocks`,
    );
  }
  recordFigures(figures);
} finally {
  for (const { platform } of platforms) await platform.close();
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
