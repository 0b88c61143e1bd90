import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/exports/index.ts", "src/exports/testing.ts"],
  external: ["vitest"],
  outDir: "dist/exports",
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node22",
});
