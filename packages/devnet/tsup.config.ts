import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: {
      index: "src/exports/index.ts",
      vitest: "src/exports/vitest.ts",
      faults: "src/exports/faults.ts",
      // The thread the devnet's clock runs on (startClockWorker finds it next to the bundle).
      clockWorker: "src/anvil/clock/clockWorker.ts",
    },
    outDir: "dist/exports",
    format: ["esm"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node22",
    external: ["vitest", "vitest/node"],
  },
  {
    entry: { "privnet-devnet": "src/bin/privnet-devnet.ts" },
    outDir: "dist/bin",
    format: ["esm"],
    sourcemap: true,
    clean: true,
    target: "node22",
  },
]);
