import { createRequire } from "node:module";
import hardhatIgnition from "@nomicfoundation/hardhat-ignition";
import { configVariable, defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [hardhatIgnition],
  solidity: {
    version: "0.8.28",
    // solc from the npm package: Hardhat's compiler download is not needed (nor reachable offline).
    path: require.resolve("solc/soljson.js"),
  },
  networks: {
    privnet: {
      type: "http",
      chainType: "l1",
      url: process.env.PRIVNET_RPC_URL ?? "http://127.0.0.1:8545",
      chainId: 3151908,
      // A system wallet's key from privnet's admin API (GET /wallets/:id), read from the environment.
      accounts: [configVariable("PRIVNET_PRIVATE_KEY")],
    },
  },
  ignition: {
    // privnet's chain is one node that never reorganises: one confirmation is final. Ignition's
    // default, 5, waits about 25 s per transaction batch at privnet's 2 s blocks.
    requiredConfirmations: 1,
  },
});
