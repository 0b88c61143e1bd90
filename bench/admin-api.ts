/**
 * The admin API's cost over the SDK, on one anvil in one run.
 *
 * 1. `http_send_vs_inprocess`: `POST /send` throughput over HTTP (fetch, whose undici agent keeps
 *    connections alive, in this same process, C requests in flight) as a ratio to
 *    `platform.sender.sendFromWallet` called in process with the same concurrency (memory
 *    storage, so that the HTTP layer's own cost shows). Each side sends from its own system
 *    wallet; rounds alternate; medians are compared.
 * 2. `wallets_list_vs_balance`: `GET /wallets` latency with 1,000 stored wallets as a ratio to one
 *    `GET /balance/:address` (the list reads every balance in one JSON-RPC round trip, so it
 *    should cost a small multiple of one balance read, not a thousand).
 *
 *   pnpm bench:admin                                  # N=1000 sends, C=64, 3 rounds, 50 latency samples
 *   pnpm bench:admin --sends 2000 --concurrency 32 --rounds 5 --samples 100
 */
import { parseArgs } from "node:util";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createAdminServer } from "@privnet/express-adapter";
import { http } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { figure, median, recordFigures, runConcurrently } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    sends: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "64" },
    rounds: { type: "string", default: "3" },
    samples: { type: "string", default: "50" },
    wallets: { type: "string", default: "1000" },
  },
});
const sends = Number(args.sends);
const concurrency = Number(args.concurrency);
const rounds = Number(args.rounds);
const samples = Number(args.samples);
const walletCount = Number(args.wallets);
const recipient = "0x000000000000000000000000000000000000bE0c";

// Interval mining: transactions pool up between blocks, as on the 2 s chain, without the 2 s wait.
const devnet = await startDevnet({ port: 0, blockTime: 1 });
try {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), maxInFlight: concurrency });
  const admin = await createAdminServer(platform, { port: 0, logger: false });
  try {
    const inProcessWalletId = 3;
    const httpWalletId = 5;

    /** Runs `send` `sends` times with `concurrency` in flight; answers sends per second. */
    const round = (send: () => Promise<void>) => runConcurrently(sends, concurrency, send);
    const inProcessRound = () =>
      round(async () => {
        await platform.sender.sendFromWallet({
          fromWalletId: inProcessWalletId,
          to: recipient,
          amount: "0.000001",
        });
      });
    const body = JSON.stringify({ fromWalletId: httpWalletId, toAddress: recipient, amount: "0.000001" });
    const httpRound = () =>
      round(async () => {
        const response = await fetch(`${admin.url}/send`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        if (response.status !== 200)
          throw new Error(`POST /send answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
      });

    // Warm-up: JIT, connections, nonce managers.
    await inProcessRound();
    await httpRound();
    const inProcess: number[] = [];
    const overHttp: number[] = [];
    for (let index = 0; index < rounds; index++) {
      inProcess.push(await inProcessRound());
      overHttp.push(await httpRound());
    }
    const rate = (value: number) => `${value.toFixed(0)} tx/s`;
    console.log(`sends per round: ${sends}, in flight: ${concurrency}, rounds: ${rounds}`);
    console.log(
      `${"platform.sender.sendFromWallet (in process):".padEnd(46)} ${inProcess.map(rate).join(", ")} → median ${rate(median(inProcess))}`,
    );
    console.log(
      `${"POST /send over HTTP:".padEnd(46)} ${overHttp.map(rate).join(", ")} → median ${rate(median(overHttp))}`,
    );

    // 1,000 stored wallets (written straight to the storage: creating them is not what is measured).
    const existing = (await platform.storage.wallets.list()).length;
    for (let index = existing; index < walletCount; index++) {
      const privateKey = generatePrivateKey();
      await platform.storage.wallets.insert({
        name: `bench ${index}`,
        address: privateKeyToAddress(privateKey),
        privateKey,
        system: false,
        createdAt: new Date().toISOString(),
      });
    }
    async function latency(url: string) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      return performance.now() - started;
    }
    const balanceUrl = `${admin.url}/balance/${devnet.accounts[1]?.address}`;
    const listUrl = `${admin.url}/wallets`;
    const listed = (await (await fetch(listUrl)).json()) as unknown[];
    for (let index = 0; index < 5; index++) {
      await latency(balanceUrl);
      await latency(listUrl);
    }
    const balance: number[] = [];
    const list: number[] = [];
    for (let index = 0; index < samples; index++) {
      balance.push(await latency(balanceUrl));
      list.push(await latency(listUrl));
    }
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`\nwallets stored: ${listed.length}, samples: ${samples}`);
    console.log(`${"GET /balance/:address median latency:".padEnd(46)} ${ms(median(balance))}`);
    console.log(
      `${`GET /wallets (${listed.length} wallets) median latency:`.padEnd(46)} ${ms(median(list))}`,
    );
    recordFigures({
      http_send_vs_inprocess: figure(
        median(overHttp),
        median(inProcess),
        "tx/s",
        `POST /send over HTTP (keep-alive, ${concurrency} in flight) vs platform.sender.sendFromWallet in process, memory storage; median of ${rounds} rounds of ${sends}`,
      ),
      wallets_list_vs_balance: figure(
        median(list),
        median(balance),
        "ms",
        `GET /wallets latency with ${listed.length} stored wallets vs one GET /balance/:address; median of ${samples} samples`,
      ),
    });
  } finally {
    await admin.close();
    await platform.close();
  }
} finally {
  await devnet.stop();
}
