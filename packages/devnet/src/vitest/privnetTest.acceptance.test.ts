import { getAddress, parseEther } from "viem";
import { expect } from "vitest";
import { createPrivnetTest } from "../exports/vitest.js";

// Issue 14's acceptance case in fixture style: one platform for the worker, each test isolated
// by the fixtures, each test sends and waits for its confirmation. A watcher that missed the
// block after a revert would only notice through the replacement timer: set beyond the test
// timeout here, so such a test fails instead of passing slowly.
const test = createPrivnetTest({ platform: { contracts: true, replaceAfter: 120_000 } });
const recipient = getAddress("0x00000000000000000000000000000000000000cc");

for (const amount of ["1", "2", "3"]) {
  test(`send ${amount} ETH and wait: confirmed; the history holds only what the chain holds`, async ({
    platform,
  }) => {
    // What the fixture's set-up sent (the contracts' deployment and funding), the same for every test.
    const setUp = await platform.transactions.list();
    const wallets = (await platform.wallets.list()).length;
    const wallet = await platform.wallets.create({ name: `wallet for ${amount}` });
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: wallet.address, amount });
    const settled = await platform.transactions.wait(sent.id);
    expect(settled).toMatchObject({ status: "confirmed", hash: sent.hash });

    const history = await platform.transactions.list();
    expect(history).toEqual([settled, ...setUp]);
    for (const entry of history) {
      const receipt = await platform.client.getTransactionReceipt({ hash: entry.hash });
      expect(receipt.status).toBe("success");
    }
    expect(await platform.client.getBalance({ address: wallet.address })).toBe(parseEther(amount));
    expect(await platform.client.getBalance({ address: recipient })).toBe(0n);
    expect((await platform.wallets.list()).length).toBe(wallets + 1);
  });
}
