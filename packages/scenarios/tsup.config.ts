import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/exports/index.ts"],
  // The Uniswap V2 build files are read at run time from their packages, as published.
  external: [/^@uniswap\//],
  outDir: "dist/exports",
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node22",
});
