import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http, parseEther } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createPlatform } from "../platform/createPlatform.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000cc");

test("sendWithKey waits for the receipt, returns the confirmed transfer and records it", async () => {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
  try {
    const key = devnet.accounts[4]?.privateKey ?? "0x";
    // Without the 0x prefix, as many wallets export keys.
    const result = await platform.sender.sendWithKey({
      privateKey: key.slice(2),
      to: recipient,
      amount: "0.75",
    });
    const receipt = await platform.client.getTransactionReceipt({ hash: result.hash });
    const [entry] = await platform.transactions.list();
    expect(result).toEqual({
      id: entry?.id,
      hash: receipt.transactionHash,
      from: devnet.accounts[4]?.address,
      to: recipient,
      value: parseEther("0.75"),
      status: "confirmed",
      blockNumber: receipt.blockNumber,
      source: "sdk",
      kind: "transfer",
      selector: null,
      createdAt: entry?.createdAt,
    });
    expect(entry).toMatchObject({ hash: result.hash, status: "confirmed", value: parseEther("0.75") });
  } finally {
    await platform.close();
  }
});

test("a transfer that reverts fails with TRANSACTION_FAILED and is recorded as failed", async () => {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
  try {
    // A recipient whose code always reverts (PUSH1 0 PUSH1 0 REVERT).
    const reverter = getAddress("0x00000000000000000000000000000000000fd0fd");
    await devnet.request("anvil_setCode", [reverter, "0x60006000fd"]);
    const error = await platform.sender
      .sendWithKey({ privateKey: devnet.accounts[4]?.privateKey ?? "0x", to: reverter, amount: "1" })
      .catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "TRANSACTION_FAILED")).toBe(true);
    expect(String(error)).toContain("reverted");
    const [entry] = await platform.transactions.list();
    expect(entry?.status).toBe("failed");
    expect(entry?.blockNumber).toBeTypeOf("bigint");
  } finally {
    await platform.close();
  }
});

test("a key without funds is refused with INSUFFICIENT_FUNDS before anything is sent", async () => {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
  try {
    const error = await platform.sender
      .sendWithKey({ privateKey: generatePrivateKey(), to: recipient, amount: "1" })
      .catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "INSUFFICIENT_FUNDS")).toBe(true);
    expect(await platform.transactions.list()).toEqual([]);
  } finally {
    await platform.close();
  }
});

test("malformed and out-of-range keys are INVALID_PRIVATE_KEY", async () => {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
  try {
    for (const privateKey of [
      "",
      "0x12",
      `0x${"z".repeat(64)}`,
      `0x${"0".repeat(64)}`,
      `0x${"f".repeat(64)}`,
    ]) {
      const error = await platform.sender
        .sendWithKey({ privateKey, to: recipient, amount: "1" })
        .catch((caught: unknown) => caught);
      expect(isPrivnetError(error, "INVALID_PRIVATE_KEY"), privateKey).toBe(true);
    }
  } finally {
    await platform.close();
  }
});
