import { createRequire } from "node:module";
import { defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);

// solc comes from the npm package (solc@0.8.28): Hardhat cannot download compilers on these machines.
export default defineConfig({
  solidity: {
    version: "0.8.28",
    path: require.resolve("solc/soljson.js"),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      // Each contract's storage layout, for the explorer to name the slots a transaction changed
      // (carried into the bindings by wagmi.config.ts). Hardhat adds the outputs it needs itself.
      outputSelection: { "*": { "*": ["storageLayout"] } },
    },
  },
  paths: {
    sources: "./contracts",
  },
});
