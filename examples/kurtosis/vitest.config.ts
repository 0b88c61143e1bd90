import { defineConfig } from "vitest/config";

// No chain needed: the test reads network_params.yaml.
export default defineConfig({ test: { include: ["src/**/*.test.ts"] } });
