// Run by scripts/pack-check.sh in a fresh project: a devnet from the installed @privnet/devnet and
// a platform from @privnet/core send 1.5 ETH, as a user's test would.
import { createPlatform } from "@privnet/core";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { formatEther, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";

// Vitest's default 5 s per test is too short on a loaded 2-core machine for a devnet start or a
// platform's first send: a minute each, as the workspace's own tests allow.
const slow = 60_000;

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 0 });
}, slow);
afterAll(async () => {
  await devnet?.stop();
}, slow);

test(
  "a platform on the installed packages sends ETH on a devnet",
  async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const sender = devnet.accounts[1];
      if (!sender) throw new Error("the devnet has no second account");
      const to = privateKeyToAccount(generatePrivateKey()).address;
      const sent = await platform.sender.sendWithKey({ privateKey: sender.privateKey, to, amount: "1.5" });
      expect(sent.status).toBe("confirmed");
      const balance = await platform.client.getBalance({ address: to });
      expect(formatEther(balance)).toBe("1.5");
      expect(balance).toBe(parseEther("1.5"));
    } finally {
      await platform.close();
    }
  },
  slow,
);
