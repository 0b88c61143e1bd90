import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/exports/index.ts",
    "src/exports/contracts.ts",
    "src/exports/testing.ts",
    "src/exports/internal.ts",
  ],
  // The Uniswap V2 build files are read at run time from their packages, as published.
  external: ["vitest", /^@uniswap\//],
  outDir: "dist/exports",
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node22",
});
