import { defineConfig } from "tsup";

// Only the small Node entry that tells servers where the built app is; `vite build` makes the app.
export default defineConfig({
  entry: ["src/exports/index.ts"],
  outDir: "dist/exports",
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node22",
});
