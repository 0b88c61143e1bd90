import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPlatform, type Platform } from "../platform/createPlatform.js";

// The shape users meet first: `useDevnet()` snapshots before each test and reverts after it, and
// one platform, created once, knows nothing of it. After each revert the next transaction is mined
// at a block number the watcher has already seen.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");
const requests: { method: string; params: unknown }[] = [];
let platform: Platform;

beforeAll(async () => {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  const transport = custom(
    {
      async request({ method, params }) {
        requests.push({ method, params });
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  // The check of stuck transactions would look at one after 120 s, beyond the test's timeout: a
  // confirmation the watcher missed fails the test instead of arriving late.
  platform = await createPlatform({ transport, replaceAfter: 120_000 });
});
afterAll(() => platform.close());

describe("one platform across tests the chain reverts between", () => {
  for (const amount of ["1", "2", "3"]) {
    test(`send ${amount} ETH and wait: confirmed from the chain's head, at the nonce the revert freed`, async () => {
      requests.length = 0;
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount });
      const settled = await platform.transactions.wait(sent.id);
      expect(settled.status).toBe("confirmed");
      // Each test starts from the same chain: the same nonce, the same block.
      expect((await platform.storage.transactions.get(sent.id))?.nonce).toBe(0);
      expect(settled.blockNumber).toBe(1n);
      // Confirmed as sent: never replaced (a replacement would carry another hash and a raw
      // transaction of its own).
      expect(settled.hash).toBe(sent.hash);
      const submissions = requests.filter(({ method }) => method === "eth_sendRawTransaction");
      expect(submissions).toHaveLength(1);

      // The history holds only what the chain holds: earlier tests' transfers are gone with the
      // revert and none of them is still called confirmed.
      const history = await platform.transactions.list();
      for (const entry of history) {
        const receipt = await platform.client
          .getTransactionReceipt({ hash: entry.hash })
          .catch(() => undefined);
        if (entry.status === "confirmed") expect(receipt?.blockNumber).toBe(entry.blockNumber);
        else expect(entry).toMatchObject({ status: "failed", blockNumber: null });
        if (entry.id !== sent.id) expect(receipt).toBeUndefined();
      }
      expect(history.filter((entry) => entry.status === "confirmed").map((entry) => entry.id)).toEqual([
        sent.id,
      ]);
      expect((await platform.transactions.verify()).mismatches).toEqual([]);
    });
  }
});
