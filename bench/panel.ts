/// <reference lib="dom" />
// (DOM types: some of this code runs in the browser page.)
/**
 * The admin panel's two figures, in one run:
 *
 * 1. `panel_js_gzip_kb`: the built JavaScript, gzipped, against the 250 kB target (ratio ≤ 1: met).
 * 2. `panel_wallets_render_ms`: from navigation to the wallet list rendered with 1,000 stored
 *    wallets, in the real browser (Debian's chromium, a fresh context per sample so nothing is
 *    cached), as a ratio to the same browser fetching `GET /wallets` with those wallets. Target:
 *    at most 1 s absolute.
 * 3. `explorer_tx_page_ms`: from navigation to a transaction page rendered with its decoded call,
 *    5 decoded logs, its call trace and its state changes (the sender's balance, the five prices'
 *    storage slots; an oracle update of five tokens, sent to the node directly),
 *    as a ratio to the same browser fetching `GET /chain/transactions/:hash`. Target: at most
 *    300 ms absolute.
 *
 * Each is printed as value, baseline and ratio, and merged into bench/results/latest.json under
 * `figures` as soon as it is measured. Without chromium (see PRIVNET_CHROMIUM) the browser figures
 * are skipped with the reason, and the first is still recorded.
 *
 *   pnpm bench:panel                        # 1,000 wallets, 10 samples
 *   pnpm bench:panel --wallets 2000 --samples 20
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { deriveAccounts, KEY_INDEXES, SYSTEM_MNEMONIC } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { encodeFunctionData, type Hex, parseAbi, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { chromiumMissing, launchChromium } from "../packages/panel/e2e/fixtures/chromium.js";
import { sendRaw } from "../packages/panel/e2e/fixtures/sendRaw.js";
import { startPanelStack } from "../packages/panel/e2e/fixtures/startPanelStack.js";
import { buildApp } from "../packages/panel/scripts/buildApp.js";
import { figure, median, recordAsMeasured } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    wallets: { type: "string", default: "1000" },
    samples: { type: "string", default: "10" },
  },
});
const walletCount = Number(args.wallets);
const samples = Number(args.samples);

const JS_TARGET_KB = 250;
const RENDER_TARGET_MS = 1_000;
const TX_PAGE_TARGET_MS = 300;

const root = dirname(fileURLToPath(import.meta.url));
// Each figure is written as soon as it is measured: a later part that fails loses none.
const figures = recordAsMeasured();

// 1. The JavaScript the browser downloads, gzipped (zlib's default level, as a server would send it).
await buildApp({ ifStale: true, log: (line) => console.log(line) });
const assets = join(root, "../packages/panel/dist/app/assets");
const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
const gzipBytes = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file))).length, 0);
const gzipKb = gzipBytes / 1000;
figures.panel_js_gzip_kb = figure(
  gzipKb,
  JS_TARGET_KB,
  "kB",
  `the panel's built JavaScript (${scripts.length} file${scripts.length === 1 ? "" : "s"}), gzipped; baseline: the 250 kB target`,
);
console.log(
  `panel JavaScript gzipped: ${gzipKb.toFixed(1)} kB; baseline (target) ${JS_TARGET_KB} kB; ratio ${(gzipKb / JS_TARGET_KB).toFixed(2)} (≤ 1: ${gzipKb <= JS_TARGET_KB ? "met" : "NOT met"})`,
);

// Without chromium the browser figures are skipped, with the reason the panel's tests give.
const missing = chromiumMissing();
if (missing) {
  console.warn(
    `[privnet] SKIPPING the browser figures (panel_wallets_render_ms, explorer_tx_page_ms): ${missing}.`,
  );
  process.exit(0);
}

// 2. Navigation to the rendered wallet list, against fetching the list in the same browser.
const devnet = await startDevnet({ port: 0, blockTime: 0 });
try {
  const stack = await startPanelStack({ rpcUrl: devnet.rpcUrl });
  const browser = await launchChromium();
  try {
    // Written straight to the storage: creating them is not what is measured.
    const existing = (await stack.platform.storage.wallets.list()).length;
    for (let index = existing; index < walletCount; index++) {
      const privateKey = generatePrivateKey();
      await stack.platform.storage.wallets.insert({
        name: `bench ${index}`,
        address: privateKeyToAddress(privateKey),
        privateKey,
        system: false,
        createdAt: new Date().toISOString(),
      });
    }
    const stored = (await stack.platform.storage.wallets.list()).length;

    /** One cold navigation: ms from its start to the frame in which every row is rendered. */
    async function renderSample(): Promise<{ render: number; fetch: number }> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(`${stack.panelUrl}wallets`);
        const rendered = await page.waitForFunction(
          (count) =>
            document.querySelectorAll('table[aria-labelledby="wallet-list-title"] tbody tr').length >= count
              ? performance.now()
              : false,
          stored,
          { polling: "raf", timeout: 60_000 },
        );
        const render = (await rendered.jsonValue()) as number;
        const fetched = await page.evaluate(async () => {
          const started = performance.now();
          const response = await fetch("/wallets");
          await response.json();
          return performance.now() - started;
        });
        return { render, fetch: fetched };
      } finally {
        await context.close();
      }
    }

    await renderSample(); // warm-up: the server's JIT and the node's balance reads
    const render: number[] = [];
    const fetched: number[] = [];
    for (let index = 0; index < samples; index++) {
      const sample = await renderSample();
      render.push(sample.render);
      fetched.push(sample.fetch);
    }
    const renderMs = median(render);
    const fetchMs = median(fetched);
    figures.panel_wallets_render_ms = figure(
      renderMs,
      fetchMs,
      "ms",
      `navigation to the wallet list rendered with ${stored} wallets, median of ${samples} cold loads in chromium; baseline: the same browser fetching GET /wallets`,
    );
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`\nwallets stored: ${stored}, samples: ${samples}`);
    console.log(`navigation → wallet list rendered: ${render.map(ms).join(", ")} → median ${ms(renderMs)}`);
    console.log(`GET /wallets from the same browser: median ${ms(fetchMs)}`);
    console.log(
      `rendered / fetched ratio: ${(renderMs / fetchMs).toFixed(2)}; target ≤ ${RENDER_TARGET_MS} ms: ${renderMs <= RENDER_TARGET_MS ? "met" : "NOT met"}`,
    );

    // 3. A transaction page: an oracle update of five tokens by the contracts' owner (who may
    // update), signed here and sent to the node, so the page decodes a call, five logs and a trace.
    const contracts = (await (await fetch(`${stack.adminUrl}/contracts`)).json()) as {
      contracts: { name: string; address: `0x${string}` }[];
    };
    const oracle = contracts.contracts.find((contract) => contract.name === "PriceOracle");
    if (!oracle) throw new Error("the stack has no PriceOracle");
    const [owner] = deriveAccounts(SYSTEM_MNEMONIC, [KEY_INDEXES.contractsOwner]);
    if (!owner) throw new Error("no contracts owner key");
    const tokens = [1, 2, 3, 4, 5].map((index) => `0x${index.toString(16).padStart(40, "0")}` as const);
    const hash = await sendRaw(devnet, owner.privateKey as Hex, {
      to: oracle.address,
      data: encodeFunctionData({
        abi: parseAbi(["function updatePrices(address[] tokens, uint256[] prices)"]),
        functionName: "updatePrices",
        args: [tokens, tokens.map((_, index) => parseEther(String(1000 + index)))],
      }),
    });

    /** One cold navigation to the transaction page: ms to the frame with its call, 5 logs, the trace and the state changes. */
    async function txPageSample(): Promise<{ render: number; fetch: number }> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(`${stack.panelUrl}tx/${hash}`);
        const rendered = await page.waitForFunction(
          () =>
            document.querySelectorAll("ol.logs > li table").length >= 5 &&
            document.querySelector(".trace details.call") !== null &&
            document.querySelectorAll('table[aria-label="Storage changes"] tbody tr').length >= 5 &&
            document.querySelector('table[aria-label="Balance changes"] tbody tr') !== null &&
            document.querySelector('table[aria-label="Arguments"]') !== null
              ? performance.now()
              : false,
          undefined,
          { polling: "raf", timeout: 60_000 },
        );
        const render = (await rendered.jsonValue()) as number;
        const fetched = await page.evaluate(async (path) => {
          const started = performance.now();
          const response = await fetch(path);
          await response.json();
          return performance.now() - started;
        }, `/chain/transactions/${hash}`);
        return { render, fetch: fetched };
      } finally {
        await context.close();
      }
    }

    await txPageSample(); // warm-up (and the index catching up with the block)
    const txRender: number[] = [];
    const txFetched: number[] = [];
    for (let index = 0; index < samples; index++) {
      const sample = await txPageSample();
      txRender.push(sample.render);
      txFetched.push(sample.fetch);
    }
    const txRenderMs = median(txRender);
    const txFetchMs = median(txFetched);
    figures.explorer_tx_page_ms = figure(
      txRenderMs,
      txFetchMs,
      "ms",
      `navigation to a transaction page rendered with its decoded call, 5 decoded logs, the call trace and its state changes (balances, 5+ storage slots), median of ${samples} cold loads in chromium; baseline: the same browser fetching GET /chain/transactions/:hash`,
    );
    console.log(
      `\nnavigation → transaction page rendered: ${txRender.map(ms).join(", ")} → median ${ms(txRenderMs)}`,
    );
    console.log(`GET /chain/transactions/:hash from the same browser: median ${ms(txFetchMs)}`);
    console.log(
      `rendered / fetched ratio: ${(txRenderMs / txFetchMs).toFixed(2)}; target ≤ ${TX_PAGE_TARGET_MS} ms: ${txRenderMs <= TX_PAGE_TARGET_MS ? "met" : "NOT met"}`,
    );
  } finally {
    await browser.close();
    await stack.close();
  }
} finally {
  await devnet.stop();
}
