import { defineConfig } from "hardhat/config";

// Hardhat 3's own node as privnet's chain (docs/hardhat.md, "Hardhat's node as privnet's chain"):
// `hardhat --config hardhat.node.config.ts node` serves privnet's chain id and prefunded accounts,
// and `privnet up --rpc-url http://127.0.0.1:8545` runs everything else on it.
export default defineConfig({
  networks: {
    node: {
      type: "edr-simulated",
      chainType: "l1",
      chainId: 3151908,
      accounts: {
        // privnet's system wallets: the Kurtosis default mnemonic, 21 keys of 1,000,000,000 ETH.
        mnemonic:
          "giant issue aisle success illegal bike spike question tent bar rely arctic volcano long crawl hungry vocal artwork sniff fantasy very lucky have athlete",
        count: 21,
        accountsBalance: 10n ** 27n,
      },
    },
  },
});
