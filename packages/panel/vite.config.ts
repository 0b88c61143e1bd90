import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The admin server serves the build at /panel/ (see src/exports/index.ts). Workspace packages
// (@privnet/core's input parsers) are read from their TypeScript source, so the panel builds on a
// fresh clone without building them first.
export default defineConfig({
  base: "/panel/",
  plugins: [react()],
  resolve: { conditions: ["source", "browser", "module", "import", "default"] },
  build: {
    outDir: "dist/app",
    emptyOutDir: true,
    // Everything the panel needs is in the build: no CDN, no web fonts.
    assetsInlineLimit: 0,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
