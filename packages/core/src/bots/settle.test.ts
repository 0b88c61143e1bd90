import { useDevnet } from "@privnet/devnet/vitest";
import { encodeFunctionData, getAddress, http } from "viem";
import { describe, expect, test } from "vitest";
import { gasBurnerAbi, gasBurnerBytecode } from "../contracts/generated.js";
import { createPlatform } from "../platform/createPlatform.js";
import { sendAll, settle } from "./settle.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000b7");

describe("the kit's sendAll and settle", () => {
  test("sendAll sends every transaction, skips the undefined ones and answers the confirmed records in order", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
    try {
      const sender = {
        send: (transaction: { to?: `0x${string}` | undefined; value?: bigint | undefined }) =>
          platform.sender.sendTransaction({ fromWalletId: 2, ...transaction, source: "kit-test" }),
      };
      const records = await sendAll(
        sender,
        [{ to: recipient, value: 1n }, undefined, { to: recipient, value: 2n }],
        "paying",
      );
      expect(records.map(({ status, value }) => ({ status, value }))).toEqual([
        { status: "confirmed", value: 1n },
        { status: "confirmed", value: 2n },
      ]);
      expect(await platform.client.getBalance({ address: recipient })).toBe(3n);
    } finally {
      await platform.close();
    }
  });

  test("settle fails with TRANSACTION_FAILED, saying what was under way, when one send did not confirm", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
    try {
      const deployed = await platform.sender.sendTransaction({ fromWalletId: 2, data: gasBurnerBytecode });
      const [record] = await settle([deployed], "deploying");
      const burner = record?.to as `0x${string}`;
      // A burn of 1,000,000 gas with a limit of 30,000 runs out of gas: mined, and failed.
      const outOfGas = platform.sender.sendTransaction({
        fromWalletId: 2,
        to: burner,
        data: encodeFunctionData({ abi: gasBurnerAbi, functionName: "burn", args: [1_000_000n] }),
        gas: 30_000n,
      });
      const paid = platform.sender.sendTransaction({ fromWalletId: 2, to: recipient, value: 1n });
      await expect(settle([paid, undefined, outOfGas], "burning")).rejects.toMatchObject({
        code: "TRANSACTION_FAILED",
        message: expect.stringContaining("burning: "),
      });
      // The other send still went through.
      expect((await (await paid).wait()).record.status).toBe("confirmed");
    } finally {
      await platform.close();
    }
  });
});
