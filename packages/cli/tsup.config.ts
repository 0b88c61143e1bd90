import { defineConfig } from "tsup";

export default defineConfig({
  entry: { "exports/index": "src/exports/index.ts", "bin/privnet": "src/bin/privnet.ts" },
  outDir: "dist",
  format: ["esm"],
  dts: { entry: { "exports/index": "src/exports/index.ts" } },
  sourcemap: true,
  clean: true,
  target: "node22",
});
