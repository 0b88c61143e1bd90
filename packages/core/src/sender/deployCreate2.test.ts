import { useDevnet } from "@privnet/devnet/vitest";
import {
  concat,
  encodeDeployData,
  getContractAddress,
  http,
  keccak256,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  toHex,
} from "viem";
import { describe, expect, test } from "vitest";
import { testTokenAbi, testTokenBytecode } from "../contracts/generated.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import {
  CREATE2_FACTORY_ADDRESS,
  CREATE2_FACTORY_DEPLOYER,
  CREATE2_FACTORY_DEPLOYER_FUNDING,
  CREATE2_FACTORY_DEPLOYMENT,
} from "./create2Factory.js";

const devnet = useDevnet();
const initCode = encodeDeployData({
  abi: testTokenAbi,
  bytecode: testTokenBytecode,
  args: ["Create2", "C2", 18, parseEther("1000")],
});
const salt = keccak256(toHex("privnet create2 test"));
// The proxy's runtime code as its published deployment leaves it (and as anvil predeploys it).
const factoryRuntime =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

async function withPlatform<T>(fn: (platform: Platform) => Promise<T>): Promise<T> {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
  try {
    return await fn(platform);
  } finally {
    await platform.close();
  }
}

describe("sender.deployCreate2", () => {
  test("the published deployment is a chain-id-less legacy transaction from the deployer that creates the factory", async () => {
    const parsed = parseTransaction(CREATE2_FACTORY_DEPLOYMENT);
    expect(parsed).toMatchObject({ type: "legacy", nonce: 0, gas: 100_000n, gasPrice: 100_000_000_000n });
    expect(parsed.chainId).toBeUndefined();
    expect((parsed.gas ?? 0n) * (parsed.gasPrice ?? 0n)).toBe(CREATE2_FACTORY_DEPLOYER_FUNDING);
    const from = await recoverTransactionAddress({ serializedTransaction: CREATE2_FACTORY_DEPLOYMENT });
    expect(from).toBe(CREATE2_FACTORY_DEPLOYER);
    expect(getContractAddress({ from, nonce: 0n })).toBe(CREATE2_FACTORY_ADDRESS);
  });

  test("with the factory on chain: the contract lands at the predicted address and the record says so", async () => {
    // As a freshly started anvil has it (the worker's devnet was anvil_reset, which drops it).
    await devnet.request("anvil_setCode", [CREATE2_FACTORY_ADDRESS, factoryRuntime]);
    await withPlatform(async (platform) => {
      const predicted = getContractAddress({
        opcode: "CREATE2",
        from: CREATE2_FACTORY_ADDRESS,
        salt,
        bytecode: initCode,
      });
      const sent = await platform.sender.deployCreate2({
        fromWalletId: 2,
        salt,
        initCode,
        source: "c2-test",
      });
      expect(sent.contractAddress).toBe(predicted);
      expect(sent.factoryDeployment).toBeNull();
      const { record, reason } = await sent.wait();
      expect(reason).toBe("confirmed");
      expect(record).toMatchObject({
        to: predicted,
        kind: "deploy",
        selector: null,
        status: "confirmed",
        source: "c2-test",
        value: 0n,
      });
      // On chain: a call of the factory with salt ++ init code, which created the token.
      const tx = await platform.client.getTransaction({ hash: record.hash });
      expect(tx.to).toBe(CREATE2_FACTORY_ADDRESS.toLowerCase());
      expect(tx.input).toBe(concat([salt, initCode]));
      expect(
        await platform.client.readContract({
          address: predicted,
          abi: testTokenAbi,
          functionName: "totalSupply",
        }),
      ).toBe(parseEther("1000"));
      expect(
        await platform.client.readContract({ address: predicted, abi: testTokenAbi, functionName: "symbol" }),
      ).toBe("C2");
      expect((await platform.transactions.list({ kind: "deploy" })).map((entry) => entry.id)).toEqual([
        record.id,
      ]);
    });
  });

  test("the same salt and code twice is refused before sending; another salt deploys again", async () => {
    await withPlatform(async (platform) => {
      const first = await platform.sender.deployCreate2({ fromWalletId: 2, salt, initCode });
      await first.wait();
      const sender = first.record.from;
      const nonce = await platform.client.getTransactionCount({ address: sender });
      const before = await platform.transactions.list();
      const error = await platform.sender
        .deployCreate2({ fromWalletId: 2, salt, initCode })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "CONTRACT_EXISTS", address: first.contractAddress });
      expect((error as Error).message).toContain(first.contractAddress);
      expect(await platform.client.getTransactionCount({ address: sender })).toBe(nonce);
      expect(await platform.transactions.list()).toEqual(before);

      const other = await platform.sender.deployCreate2({
        fromWalletId: 2,
        salt: keccak256(toHex("another salt")),
        initCode,
      });
      expect(other.contractAddress).not.toBe(first.contractAddress);
      expect((await other.wait()).record.status).toBe("confirmed");
    });
  });

  test("bad salt or init code is INVALID_TRANSACTION, nothing sent", async () => {
    await withPlatform(async (platform) => {
      for (const params of [
        { salt: "0x1234" as const, initCode },
        { salt: "nope" as `0x${string}`, initCode },
        { salt, initCode: "0x" as const },
        { salt, initCode: "0x123" as const },
      ]) {
        await expect(platform.sender.deployCreate2({ fromWalletId: 2, ...params })).rejects.toMatchObject({
          code: "INVALID_TRANSACTION",
        });
      }
      expect(await platform.transactions.list()).toEqual([]);
    });
  });

  test("a chain without the factory gets it from its published deployment, once, funded by the sender", async () => {
    // What anvil 1.7.1 has after anvil_reset, or when started with
    // --disable-default-create2-deployer: no code at the factory's address, the deployer's nonce 0
    // unused. Set explicitly, so the test does not depend on how the devnet was started.
    await devnet.request("anvil_setCode", [CREATE2_FACTORY_ADDRESS, "0x"]);
    await withPlatform(async (platform) => {
      expect(await platform.client.getCode({ address: CREATE2_FACTORY_ADDRESS })).toBeUndefined();
      const sent = await platform.sender.deployCreate2({ fromWalletId: 3, salt, initCode });
      expect(sent.factoryDeployment).toMatchObject({
        hash: keccak256(CREATE2_FACTORY_DEPLOYMENT),
        from: CREATE2_FACTORY_DEPLOYER,
        to: CREATE2_FACTORY_ADDRESS,
        nonce: 0,
        kind: "deploy",
        status: "confirmed",
      });
      expect(await platform.client.getCode({ address: CREATE2_FACTORY_ADDRESS })).toBe(factoryRuntime);
      const { record } = await sent.wait();
      expect(record).toMatchObject({ to: sent.contractAddress, kind: "deploy", status: "confirmed" });
      expect(
        await platform.client.readContract({
          address: sent.contractAddress,
          abi: testTokenAbi,
          functionName: "totalSupply",
        }),
      ).toBe(parseEther("1000"));

      // History, newest first: the deployment, the factory's deployment, the deployer's funding.
      const history = await platform.transactions.list();
      expect(history.map((entry) => [entry.kind, entry.from, entry.to])).toEqual([
        ["deploy", record.from, sent.contractAddress],
        ["deploy", CREATE2_FACTORY_DEPLOYER, CREATE2_FACTORY_ADDRESS],
        ["transfer", record.from, CREATE2_FACTORY_DEPLOYER],
      ]);
      expect(history[2]?.value).toBe(CREATE2_FACTORY_DEPLOYER_FUNDING);

      // Once there, the next deployment uses it as it is.
      const again = await platform.sender.deployCreate2({
        fromWalletId: 3,
        salt: keccak256(toHex("second")),
        initCode,
      });
      expect(again.factoryDeployment).toBeNull();
      await again.wait();
      expect(await platform.transactions.list()).toHaveLength(4);
    });
  });
});
