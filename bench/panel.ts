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
 *
 * Both are printed as value, baseline and ratio, and merged into bench/results/latest.json under
 * `figures`.
 *
 *   pnpm bench:panel                        # 1,000 wallets, 10 samples
 *   pnpm bench:panel --wallets 2000 --samples 20
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { startDevnet } from "@privnet/devnet";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { launchChromium } from "../packages/panel/e2e/fixtures/chromium.js";
import { startPanelStack } from "../packages/panel/e2e/fixtures/startPanelStack.js";
import { buildApp } from "../packages/panel/scripts/buildApp.js";
import { type Figure, figure, median, recordFigures } from "./harness/index.js";

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

const root = dirname(fileURLToPath(import.meta.url));
const figures: Record<string, Figure> = {};

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
  } finally {
    await browser.close();
    await stack.close();
  }
} finally {
  await devnet.stop();
}

// Merged, not overwritten: other benchmarks write their own figures into the same file.
recordFigures(figures);
