/**
 * The admin API's cost over the SDK, on one anvil in one run.
 *
 * 1. `http_send_vs_inprocess`: `POST /send` throughput over HTTP (fetch, whose undici agent keeps
 *    connections alive, in this same process, C requests in flight) as a ratio to
 *    `platform.sender.sendFromWallet` called in process with the same concurrency (memory
 *    storage, so that the HTTP layer's own cost shows). Each side sends from its own system
 *    wallet; rounds alternate; medians are compared. The client shares the server's event loop.
 * 2. `http_send_vs_inprocess_external`: the same `POST /send` load from a process of its own
 *    (autocannon: C keep-alive connections, one request in flight on each, N requests), as a user's
 *    load generator sends it, against the same in-process sender rounds.
 * 3. `http_send_vs_bare_node_http`: that external `POST /send` rate against the same generator
 *    posting the same body to a bare `node:http` server in this process that parses it and answers
 *    `POST /send`'s JSON shape without sending: the floor any HTTP server on node pays here.
 *
 * Beside them it prints the node's ceilings measured in the same run: pre-signed transfers one per
 * request (C in flight) and in JSON-RPC batches of 100 (4 in flight).
 *
 * 4. `wallets_list_vs_balance`: `GET /wallets` latency with 1,000 stored wallets as a ratio to one
 *    `GET /balance/:address` (the list reads every balance in one JSON-RPC round trip, so it
 *    should cost a small multiple of one balance read, not a thousand).
 *
 *   pnpm bench:admin                                  # N=1000 sends, C=64, 5 rounds, 50 latency samples
 *   pnpm bench:admin --sends 2000 --concurrency 32 --rounds 5 --samples 100
 *   pnpm bench:admin --cpu-profile /tmp/prof   # then one more round of each side under the profiler
 *
 * With `--cpu-profile DIR` it writes `post-send-external.cpuprofile` (this process — server,
 * platform, sender — during one more external `POST /send` round) and
 * `send-in-process.cpuprofile` (one more in-process round) into DIR; `bench/profileSummary.ts`
 * turns each into the table of where the time went.
 */
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createAdminServer } from "@privnet/express-adapter";
import { createPublicClient, type Hex, http } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import {
  figure,
  loadFromOutside,
  median,
  rawBaselines,
  recordFigures,
  runConcurrently,
  withCpuProfile,
} from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    sends: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "64" },
    rounds: { type: "string", default: "5" },
    samples: { type: "string", default: "50" },
    wallets: { type: "string", default: "1000" },
    "cpu-profile": { type: "string" },
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

    /** `POST /send` from autocannon in a process of its own; every answer must be a 200. */
    const externalRound = async (url: string) => {
      const result = await loadFromOutside({
        url,
        method: "POST",
        body,
        requests: sends,
        connections: concurrency,
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(
          `${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors of ${result.total}`,
        );
      return result.rate;
    };
    const bare = await startBareServer();
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/send`;
    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    const raw = rawBaselines({
      client,
      chain: devnet.chain,
      rpcUrl: devnet.rpcUrl,
      privateKey: devnet.accounts[1]?.privateKey as Hex,
      recipient,
      transfers: sends,
      concurrency,
    });

    const sides = {
      inProcess: inProcessRound,
      overHttp: httpRound,
      external: () => externalRound(`${admin.url}/send`),
      bareNodeHttp: () => externalRound(bareUrl),
      preSigned: () => raw.preSigned(),
      preSignedBatches: () => raw.preSignedBatches(),
    };
    const labels: Record<keyof typeof sides, string> = {
      inProcess: "platform.sender.sendFromWallet (in process):",
      overHttp: "POST /send, fetch in this process:",
      external: "POST /send, autocannon in its own process:",
      bareNodeHttp: "bare node:http, autocannon in its own process:",
      preSigned: "node: pre-signed, one per request:",
      preSignedBatches: "node: pre-signed, batches of 100:",
    };
    const measured = Object.fromEntries(Object.keys(sides).map((name) => [name, [] as number[]])) as Record<
      keyof typeof sides,
      number[]
    >;
    // Warm-up: JIT, connections, nonce managers.
    for (const run of Object.values(sides)) await run();
    for (let index = 0; index < rounds; index++) {
      for (const [name, run] of Object.entries(sides)) measured[name as keyof typeof sides].push(await run());
    }
    await new Promise((resolve) => bare.close(resolve));
    const rate = (value: number) => `${value.toFixed(0)} tx/s`;
    const profileDir = args["cpu-profile"];
    if (profileDir !== undefined) {
      mkdirSync(profileDir, { recursive: true });
      const external = join(profileDir, "post-send-external.cpuprofile");
      const inProcess = join(profileDir, "send-in-process.cpuprofile");
      console.log(`profiled: ${rate(await withCpuProfile(external, sides.external))} → ${external}`);
      console.log(`profiled: ${rate(await withCpuProfile(inProcess, sides.inProcess))} → ${inProcess}`);
    }
    console.log(`sends per round: ${sends}, in flight: ${concurrency}, rounds: ${rounds}, 1 s blocks`);
    for (const [name, values] of Object.entries(measured)) {
      console.log(
        `${labels[name as keyof typeof sides].padEnd(48)} ${values.map(rate).join(", ")} → median ${rate(median(values))}`,
      );
    }
    const m = Object.fromEntries(
      Object.entries(measured).map(([name, values]) => [name, median(values)]),
    ) as Record<keyof typeof sides, number>;
    const ceiling = `the node's ceiling in the same run: ${m.preSigned.toFixed(0)} tx/s pre-signed one per request, ${m.preSignedBatches.toFixed(0)} tx/s in batches of 100`;

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
        m.overHttp,
        m.inProcess,
        "tx/s",
        `POST /send over HTTP (fetch in the server's process, keep-alive, ${concurrency} in flight) vs platform.sender.sendFromWallet in process, memory storage; median of ${rounds} rounds of ${sends}; ${ceiling}`,
      ),
      http_send_vs_inprocess_external: figure(
        m.external,
        m.inProcess,
        "tx/s",
        `POST /send from autocannon in its own process (${concurrency} keep-alive connections, one request in flight each) vs platform.sender.sendFromWallet in process, memory storage; median of ${rounds} rounds of ${sends}; ${ceiling}`,
      ),
      http_send_vs_bare_node_http: figure(
        m.external,
        m.bareNodeHttp,
        "req/s",
        `POST /send (privnet's admin API, sending) vs a bare node:http server parsing the same body and answering the same JSON shape without sending, both loaded by autocannon in its own process (${concurrency} connections); median of ${rounds} rounds of ${sends}`,
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

/**
 * The framework floor: node's own HTTP server reading a JSON body and answering `POST /send`'s
 * shape (a fixed pending send), with no routing, validation or sending.
 */
function startBareServer(): Promise<Server> {
  const answer = {
    hash: `0x${"ab".repeat(32)}`,
    from: "0x8943545177806ED17B9F23F0a21ee5948eCaa776",
    to: recipient,
    amount: "0.000001",
    status: "pending",
  };
  const server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => {
      const parsed = JSON.parse(text) as { toAddress: string; amount: string };
      const json = JSON.stringify({ ...answer, to: parsed.toAddress, amount: parsed.amount });
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(json);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
