import { createPrivnetTest } from "@privnet/devnet/vitest";
import { deployGauge } from "./deployGauge.js";

/**
 * The dApp's `test`: privnet's fixtures (`devnet`, `platform`, `testClient`) plus its own
 * contract, deployed inside each test's snapshot (so gone after it, like everything else).
 */
export const test = createPrivnetTest().extend("gauge", async ({ platform, devnet }) => {
  const [deployer] = devnet.accounts;
  if (!deployer) throw new Error("no prefunded account");
  return deployGauge(platform, devnet.rpcUrl, deployer.privateKey);
});
