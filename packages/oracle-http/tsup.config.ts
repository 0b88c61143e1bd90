import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/exports/index.ts"],
  outDir: "dist/exports",
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node22",
});
