// The CommonJS project's config (npm's default "type"): ES module syntax and types, loaded by
// `npx privnet up` from the installed @privnet/cli. Port 0 everywhere: free ports, nothing shared.
import { defineConfig } from "@privnet/cli";

const freePort: number = 0;

export default defineConfig({
  storage: "memory",
  chain: { port: freePort, blockTime: 0 },
  admin: { port: freePort },
  oracle: { port: freePort },
});
