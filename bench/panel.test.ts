import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, test } from "vitest";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("bench:panel without chromium records the JavaScript figure and skips the browser ones with the panel tests' reason", () => {
  const dir = mkdtempSync(join(tmpdir(), "privnet-bench-"));
  dirs.push(dir);
  const missing = join(dir, "no-chromium");
  const results = join(dir, "latest.json");
  const run = spawnSync(
    process.execPath,
    ["--conditions=source", "--import", "tsx", join(repo, "bench/panel.ts")],
    {
      cwd: repo,
      encoding: "utf8",
      env: { ...process.env, PRIVNET_CHROMIUM: missing, PRIVNET_BENCH_RESULTS: results },
    },
  );
  expect(run.stderr).toContain(
    `SKIPPING the browser figures (panel_wallets_render_ms, explorer_tx_page_ms): no chromium at ${missing} (install it with \`apt-get install -y chromium\`, or set PRIVNET_CHROMIUM).`,
  );
  expect(run.status).toBe(0);
  const { figures } = JSON.parse(readFileSync(results, "utf8")) as { figures: Record<string, unknown> };
  expect(Object.keys(figures)).toEqual(["panel_js_gzip_kb"]);
});
