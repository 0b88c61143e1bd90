import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, http } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

test("a failed poll of the node is counted in watcherStatus and retried: the transaction still confirms", async () => {
  // The node behind a transport that fails the watcher's next two reads of a block's receipts.
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let failures = 0;
  const transport = custom(
    {
      async request({ method, params }) {
        if (method === "eth_getBlockReceipts" && failures > 0) {
          failures--;
          throw new Error("node briefly away");
        }
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  const platform = await createPlatform({ transport, pollingInterval: 100, replaceAfter: 1_000 });
  try {
    expect(platform.transactions.watcherStatus()).toEqual({ following: 0, errors: 0, lastError: null });
    failures = 2;
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");
    expect(failures).toBe(0);
    expect(platform.transactions.watcherStatus()).toMatchObject({
      following: 0,
      errors: 2,
      lastError: { code: null, message: expect.stringContaining("node briefly away") },
    });
  } finally {
    await platform.close();
  }
});
