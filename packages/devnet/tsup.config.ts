import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: ["src/exports/index.ts", "src/exports/vitest.ts", "src/exports/faults.ts"],
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
