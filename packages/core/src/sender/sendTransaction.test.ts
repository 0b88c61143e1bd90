import { useDevnet } from "@privnet/devnet/vitest";
import {
  custom,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hash,
  http,
  parseEther,
  parseGwei,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { testTokenAbi, testTokenBytecode } from "../contracts/generated.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { DEFAULT_PRIORITY_FEE_PER_GAS } from "../fees/feePolicy.js";
import { readBaseFee } from "../fees/readBaseFee.js";
import { createPlatform } from "../platform/createPlatform.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000cc");
const tokenDeployData = encodeDeployData({
  abi: testTokenAbi,
  bytecode: testTokenBytecode,
  args: ["Send Test", "SND", 18, parseEther("1000")],
});
const transferTokens = (amount: bigint) =>
  encodeFunctionData({ abi: testTokenAbi, functionName: "transfer", args: [recipient, amount] });

describe("sender.sendTransaction", () => {
  test("deploys a contract with an estimated gas limit; the record's `to` is the new contract", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        data: tokenDeployData,
        source: "deploy-test",
      });
      expect(sent.contractAddress).not.toBeNull();
      expect(sent.record.to).toBe(sent.contractAddress);
      const { record, reason } = await sent.wait();
      expect(reason).toBe("confirmed");
      expect(record).toMatchObject({ status: "confirmed", source: "deploy-test", value: 0n });
      const supply = await platform.client.readContract({
        address: sent.contractAddress as `0x${string}`,
        abi: testTokenAbi,
        functionName: "totalSupply",
      });
      expect(supply).toBe(parseEther("1000"));
      const tx = await platform.client.getTransaction({ hash: record.hash });
      expect(tx.to).toBeNull();
      // Estimate + 20 %: above what it used, well below the block limit.
      const receipt = await platform.client.getTransactionReceipt({ hash: record.hash });
      expect(tx.gas).toBeGreaterThan(receipt.gasUsed);
    } finally {
      await platform.close();
    }
  });

  test("calls a contract with data; concurrent calls and transfers from one key get consecutive nonces", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const account = privateKeyToAccount(devnet.accounts[4]?.privateKey ?? "0x");
      const deployed = await platform.sender.sendTransaction({ account, data: tokenDeployData });
      await deployed.wait();
      const token = deployed.contractAddress as `0x${string}`;
      const sends = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          index % 2 === 0
            ? platform.sender.sendTransaction({ account, to: token, data: transferTokens(1n) })
            : platform.sender.sendTransaction({ account, to: recipient, value: 1n }),
        ),
      );
      const settled = await Promise.all(sends.map((sent) => sent.wait()));
      expect(settled.map((s) => s.record.status)).toEqual(Array(24).fill("confirmed"));
      const nonces = sends.map((sent) => sent.record.nonce).sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: 24 }, (_, i) => deployed.record.nonce + 1 + i));
      const balance = await platform.client.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: "balanceOf",
        args: [recipient],
      });
      expect(balance).toBe(12n);
      // A plain transfer without data needs no margin: exactly 21,000.
      const plain = sends[1]?.record.hash as Hash;
      expect((await platform.client.getTransaction({ hash: plain })).gas).toBe(21_000n);
    } finally {
      await platform.close();
    }
  });

  test("an access list is signed in as given, counted in the estimate, and refused when malformed", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const deployed = await platform.sender.sendTransaction({ fromWalletId: 2, data: tokenDeployData });
      await deployed.wait();
      const token = deployed.contractAddress as `0x${string}`;
      const slot = `0x${"00".repeat(31)}02` as const;
      const accessList = [{ address: token, storageKeys: [slot] }];
      // The list is paid for up front (2,400 per address, 1,900 per slot): the estimate sees it.
      const wallet = await platform.wallets.get(2);
      const estimated = await platform.client.estimateGas({
        account: wallet.address,
        to: token,
        data: transferTokens(1n),
        accessList,
      });
      const withList = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: token,
        data: transferTokens(1n),
        accessList,
      });
      expect((await withList.wait()).record.status).toBe("confirmed");
      const onChain = await platform.client.getTransaction({ hash: withList.record.hash });
      expect(onChain.type).toBe("eip1559");
      // The node answers addresses in lower case.
      expect(onChain.accessList?.map((entry) => ({ ...entry, address: getAddress(entry.address) }))).toEqual(
        accessList,
      );
      expect(onChain.gas).toBe(estimated + (estimated * 20n + 99n) / 100n);

      for (const bad of [
        "not a list",
        [{ address: "0x12", storageKeys: [] }],
        [{ address: token, storageKeys: ["0x01"] }],
        [{ address: token }],
      ]) {
        await expect(
          platform.sender.sendTransaction({ fromWalletId: 2, to: token, accessList: bad as never }),
          JSON.stringify(bad),
        ).rejects.toMatchObject({ code: expect.stringMatching(/^INVALID_(TRANSACTION|ADDRESS)$/) });
      }
    } finally {
      await platform.close();
    }
  });

  test("types 0 and 1: one gas price (the policy's max fee), EIP-155 signed, access list kept, and a stuck one repriced", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      replaceAfter: 200,
      priorityFeePerGas: parseGwei("2"),
    });
    try {
      // The base fee a send covers: the higher of the latest block's and the next one's.
      const baseFee = (await readBaseFee(platform.client)) ?? 0n;
      const deployed = await platform.sender.sendTransaction({
        fromWalletId: 2,
        data: tokenDeployData,
        type: "legacy",
      });
      const { record: deployment } = await deployed.wait();
      expect(deployment).toMatchObject({ status: "confirmed", kind: "deploy", to: deployed.contractAddress });
      const deployTx = await platform.client.getTransaction({ hash: deployment.hash });
      expect(deployTx.type).toBe("legacy");
      // EIP-155: v carries the chain id (35 + 2 × chainId, + 1).
      expect(deployTx.chainId).toBe(platform.chain.id);
      // The fee policy's max fee for a type-2 send: twice that base fee plus the tip.
      expect(deployTx.gasPrice).toBe(2n * baseFee + parseGwei("2"));

      const token = deployed.contractAddress as `0x${string}`;
      const accessList = [{ address: token, storageKeys: [`0x${"00".repeat(31)}02` as const] }];
      const withList = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: token,
        data: transferTokens(1n),
        accessList,
        type: "eip2930",
      });
      expect((await withList.wait()).record).toMatchObject({
        status: "confirmed",
        kind: "call",
        selector: "0xa9059cbb",
      });
      const listed = await platform.client.getTransaction({ hash: withList.record.hash });
      expect(listed.type).toBe("eip2930");
      expect(listed.accessList?.map((entry) => ({ ...entry, address: getAddress(entry.address) }))).toEqual(
        accessList,
      );

      // Stuck in the pool: replaced by the same transaction at a higher gas price, still type 0.
      await devnet.request("evm_setAutomine", [false]);
      const stuck = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: recipient,
        value: 1n,
        type: "legacy",
      });
      const original = await platform.client.getTransaction({ hash: stuck.record.hash });
      const replaced = await new Promise<Hash>((resolve) => {
        const listener = (record: { id: number; hash: Hash }) => {
          if (record.id !== stuck.record.id || record.hash === stuck.record.hash) return;
          platform.events.off("transaction", listener);
          resolve(record.hash);
        };
        platform.events.on("transaction", listener);
      });
      const replacement = await platform.client.getTransaction({ hash: replaced });
      expect(replacement.type).toBe("legacy");
      expect(replacement.nonce).toBe(original.nonce);
      // Nodes take a replacement 10 % above; the policy raises by 12.5 %.
      expect(replacement.gasPrice).toBeGreaterThanOrEqual(((original.gasPrice ?? 0n) * 1125n) / 1000n);
      await devnet.request("evm_mine");
      expect((await stuck.wait()).record).toMatchObject({ status: "confirmed", hash: replaced });

      for (const [bad, message] of [
        [{ type: "legacy", accessList }, /legacy transaction \(type 0\) has no access list/],
        [{ type: "eip2930", blobs: ["0x00"] }, /blob transaction has its own type/],
        [{ type: "eip4844" }, /`type` must be/],
      ] as const) {
        await expect(
          platform.sender.sendTransaction({ fromWalletId: 2, to: recipient, ...(bad as object) }),
          JSON.stringify(bad),
        ).rejects.toMatchObject({ code: "INVALID_TRANSACTION", message: expect.stringMatching(message) });
      }
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("a call that would revert is refused before a nonce is taken, and nothing is recorded", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const deployed = await platform.sender.sendTransaction({ fromWalletId: 2, data: tokenDeployData });
      await deployed.wait();
      const before = await platform.transactions.list();
      const error = await platform.sender
        .sendTransaction({
          fromWalletId: 2,
          to: deployed.contractAddress as string,
          data: transferTokens(parseEther("1000000")),
        })
        .catch((e: unknown) => e);
      expect(isPrivnetError(error, "TRANSACTION_REJECTED")).toBe(true);
      expect(String((error as Error).message)).toMatch(/revert/i);
      expect(await platform.transactions.list()).toEqual(before);
    } finally {
      await platform.close();
    }
  });

  test("a call given too little gas is sent and recorded as failed (reverted on chain)", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const deployed = await platform.sender.sendTransaction({ fromWalletId: 2, data: tokenDeployData });
      await deployed.wait();
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: deployed.contractAddress as string,
        data: transferTokens(1n),
        gas: 22_000n,
      });
      const { record, reason } = await sent.wait();
      expect(record.status).toBe("failed");
      expect(reason).toBe("reverted");
      expect(record.blockNumber).not.toBeNull();
    } finally {
      await platform.close();
    }
  });

  test("bad input is refused with INVALID_TRANSACTION or INVALID_ADDRESS and nothing is sent", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const key = devnet.accounts[4]?.privateKey ?? "0x";
      const cases = [
        [{ to: recipient, value: 1n }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2, privateKey: key, to: recipient }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2, to: recipient, value: -1n }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2, to: recipient, data: "0x123" }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2, to: recipient, data: "hello" }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2, to: recipient, gas: 0n }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2, to: recipient, maxFeePerGasCap: 0n }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2 }, "INVALID_TRANSACTION"],
        [{ fromWalletId: 2, to: "0x12" }, "INVALID_ADDRESS"],
        [{ fromWalletId: 999, to: recipient }, "WALLET_NOT_FOUND"],
        [{ privateKey: "0x12", to: recipient }, "INVALID_PRIVATE_KEY"],
      ] as const;
      for (const [params, code] of cases) {
        const error = await platform.sender.sendTransaction(params as never).catch((e: unknown) => e);
        expect(isPrivnetError(error, code), `${JSON.stringify(params, (_, v) => String(v))}`).toBe(true);
      }
      expect(await platform.transactions.list()).toEqual([]);
    } finally {
      await platform.close();
    }
  });

  test("maxFeePerGasCap: the max fee comes down to the cap; below the base fee and tip the send is refused before a nonce is taken", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const baseFee = (await readBaseFee(platform.client)) ?? 0n;
      const tip = DEFAULT_PRIORITY_FEE_PER_GAS;
      const before = await platform.client.getTransactionCount({
        address: devnet.accounts[2]?.address as `0x${string}`,
        blockTag: "pending",
      });
      const refused = await platform.sender
        .sendTransaction({ fromWalletId: 2, to: recipient, value: 1n, maxFeePerGasCap: baseFee + tip - 1n })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: "FEE_ABOVE_CAP" });
      expect(await platform.transactions.list()).toEqual([]);

      // Between base fee + tip and twice the base fee + tip: priced at the cap, and it lands.
      const cap = baseFee + tip + 1n;
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: recipient,
        value: 1n,
        maxFeePerGasCap: cap,
      });
      expect(sent.record.nonce).toBe(before);
      const tx = await platform.client.getTransaction({ hash: sent.record.hash });
      expect(tx.maxFeePerGas).toBe(cap);
      expect((await sent.wait()).record.status).toBe("confirmed");
    } finally {
      await platform.close();
    }
  });

  test("a stuck contract call is replaced with a higher fee and keeps its data", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      replaceAfter: 200,
    });
    try {
      const deployed = await platform.sender.sendTransaction({ fromWalletId: 2, data: tokenDeployData });
      await deployed.wait();
      await devnet.request("evm_setAutomine", [false]);
      const data = transferTokens(5n);
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: deployed.contractAddress as string,
        data,
      });
      const replaced = await new Promise<Hash>((resolve) => {
        const listener = (record: { id: number; hash: Hash }) => {
          if (record.id !== sent.record.id || record.hash === sent.record.hash) return;
          platform.events.off("transaction", listener);
          resolve(record.hash);
        };
        platform.events.on("transaction", listener);
      });
      const replacement = await platform.client.getTransaction({ hash: replaced });
      expect(replacement.input).toBe(data);
      expect(replacement.nonce).toBe(sent.record.nonce);
      expect(replacement.maxPriorityFeePerGas).toBeGreaterThan(parseGwei("1.1"));
      await devnet.request("evm_mine");
      const { record } = await sent.wait();
      expect(record.status).toBe("confirmed");
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("a refused contract call below accepted ones is filled, so later calls still land", async () => {
    const setup = await createPlatform({ transport: http(devnet.rpcUrl) });
    const deployed = await setup.sender.sendTransaction({ fromWalletId: 2, data: tokenDeployData });
    await deployed.wait();
    await setup.close();
    // The node behind a transport that refuses the third call once (a node's own reasons).
    let sends = 0;
    const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
    const transport = custom({
      async request({ method, params }) {
        if (method === "eth_sendRawTransaction" && ++sends === 3) throw new Error("txpool is full");
        return inner.request({ method, params });
      },
    });
    const platform = await createPlatform({ transport, pollingInterval: 100 });
    try {
      const token = deployed.contractAddress as string;
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          platform.sender.sendTransaction({
            fromWalletId: 2,
            to: token,
            data: transferTokens(1n),
            gas: 80_000n,
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual([
        "fulfilled",
        "fulfilled",
        "rejected",
        "fulfilled",
        "fulfilled",
      ]);
      expect(isPrivnetError((results[2] as PromiseRejectedResult).reason, "TRANSACTION_REJECTED")).toBe(true);
      const records = await platform.storage.transactions.list({ limit: 100 });
      expect(records.filter((record) => record.source === "nonce-gap-filler")).toHaveLength(1);
      const settled = await Promise.all(records.map((record) => platform.transactions.wait(record.id)));
      expect(settled.map((entry) => entry.status)).toEqual(Array(5).fill("confirmed"));
      const balance = await platform.client.readContract({
        address: token as `0x${string}`,
        abi: testTokenAbi,
        functionName: "balanceOf",
        args: [recipient],
      });
      expect(balance).toBe(4n);
    } finally {
      await platform.close();
    }
  });
});
