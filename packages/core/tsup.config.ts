import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/exports/index.ts",
    "src/exports/bots.ts",
    "src/exports/contracts.ts",
    "src/exports/testing.ts",
    "src/exports/internal.ts",
    "src/exports/internal/workers.ts",
  ],
  external: ["vitest"],
  outDir: "dist/exports",
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node22",
});
