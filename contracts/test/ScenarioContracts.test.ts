// The contracts the traffic scenarios deploy: one file, one devnet, since each is small.
import {
  deployTargetAbi,
  deployTargetBytecode,
  devMultiTokenAbi,
  devMultiTokenBytecode,
  gasBurnerAbi,
  gasBurnerBytecode,
  setCodeDelegateAbi,
  setCodeDelegateBytecode,
  storageSpamAbi,
  storageSpamBytecode,
} from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, concat, encodeAbiParameters, hexToBigInt, keccak256, parseEventLogs } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { deploy, expectRevert, mined, walletFor } from "./chain.js";

const devnet = useDevnet();
const owner = () => walletFor(devnet, 1);
const other = () => walletFor(devnet, 2);

describe("DevMultiToken (ERC1155)", () => {
  test("the owner mints batches; holders transfer single ids and batches; supplies follow", async () => {
    const token = await deploy(owner(), { abi: devMultiTokenAbi, bytecode: devMultiTokenBytecode });
    const me = owner().account.address;
    const them = other().account.address;
    const minted = await mined(
      owner(),
      owner().writeContract({
        address: token,
        abi: devMultiTokenAbi,
        functionName: "mintBatch",
        args: [me, [1n, 2n, 3n], [100n, 200n, 300n]],
      }),
    );
    const [batch] = parseEventLogs({ abi: devMultiTokenAbi, logs: minted.logs, eventName: "TransferBatch" });
    expect(batch?.args).toMatchObject({ to: me, ids: [1n, 2n, 3n], values: [100n, 200n, 300n] });
    await mined(
      owner(),
      owner().writeContract({
        address: token,
        abi: devMultiTokenAbi,
        functionName: "safeTransferFrom",
        args: [me, them, 1n, 10n, "0x"],
      }),
    );
    await mined(
      owner(),
      owner().writeContract({
        address: token,
        abi: devMultiTokenAbi,
        functionName: "safeBatchTransferFrom",
        args: [me, them, [2n, 3n], [20n, 30n], "0x"],
      }),
    );
    const balances = await owner().readContract({
      address: token,
      abi: devMultiTokenAbi,
      functionName: "balanceOfBatch",
      args: [
        [me, me, me, them, them, them],
        [1n, 2n, 3n, 1n, 2n, 3n],
      ],
    });
    expect(balances).toEqual([90n, 180n, 270n, 10n, 20n, 30n]);
    const supply = (id: bigint) =>
      owner().readContract({
        address: token,
        abi: devMultiTokenAbi,
        functionName: "totalSupply",
        args: [id],
      });
    expect([await supply(1n), await supply(2n), await supply(3n)]).toEqual([100n, 200n, 300n]);
    expect(
      await owner().readContract({ address: token, abi: devMultiTokenAbi, functionName: "uri", args: [7n] }),
    ).toBe('data:application/json;utf8,{"name":"DevMultiToken #7"}');
  });

  test("only the owner mints", async () => {
    const token = await deploy(owner(), { abi: devMultiTokenAbi, bytecode: devMultiTokenBytecode });
    await expectRevert(
      other().simulateContract({
        address: token,
        abi: devMultiTokenAbi,
        functionName: "mintBatch",
        args: [other().account.address, [1n], [1n]],
      }),
      "OwnableUnauthorizedAccount",
    );
  });
});

describe("GasBurner", () => {
  test("a call uses the gas asked for, within one loop round, beyond the transaction's base cost", async () => {
    const burner = await deploy(owner(), { abi: gasBurnerAbi, bytecode: gasBurnerBytecode });
    const used: bigint[] = [];
    for (const amount of [10_000n, 100_000n, 1_000_000n]) {
      const receipt = await mined(
        owner(),
        owner().writeContract({
          address: burner,
          abi: gasBurnerAbi,
          functionName: "burn",
          args: [amount],
          gas: amount + 100_000n,
        }),
      );
      used.push(receipt.gasUsed);
      // 21,000 + the call data and dispatch (under 2,000) + the amount + at most one round.
      expect(receipt.gasUsed).toBeGreaterThanOrEqual(21_000n + amount);
      expect(receipt.gasUsed).toBeLessThan(21_000n + amount + 2_500n);
    }
    // The overhead is the same for every amount: the differences are the amounts', give or take
    // one loop round and a byte of call data.
    const difference = (used[2] ?? 0n) - (used[1] ?? 0n);
    expect(difference).toBeGreaterThan(900_000n - 150n);
    expect(difference).toBeLessThan(900_000n + 150n);
  });

  test("given less gas than the amount, the call runs out of gas", async () => {
    const burner = await deploy(owner(), { abi: gasBurnerAbi, bytecode: gasBurnerBytecode });
    const hash = await owner().writeContract({
      address: burner,
      abi: gasBurnerAbi,
      functionName: "burn",
      args: [500_000n],
      gas: 200_000n,
    });
    const receipt = await owner().waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("reverted");
    expect(receipt.gasUsed).toBe(200_000n);
  });
});

describe("StorageSpam", () => {
  test("each write fills the next fresh slots at keccak256(abi.encode(index, 1))", async () => {
    const spam = await deploy(owner(), { abi: storageSpamAbi, bytecode: storageSpamBytecode });
    const slot = (index: bigint) =>
      keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [index, 1n]));
    const first = await mined(
      owner(),
      owner().writeContract({ address: spam, abi: storageSpamAbi, functionName: "write", args: [3n] }),
    );
    const second = await mined(
      owner(),
      owner().writeContract({ address: spam, abi: storageSpamAbi, functionName: "write", args: [2n] }),
    );
    expect(parseEventLogs({ abi: storageSpamAbi, logs: second.logs })[0]?.args).toEqual({
      first: 3n,
      count: 2n,
    });
    for (let index = 0n; index < 5n; index++) {
      const stored = await owner().getStorageAt({ address: spam, slot: slot(index) });
      expect(hexToBigInt(stored ?? "0x0")).not.toBe(0n);
    }
    expect(hexToBigInt((await owner().getStorageAt({ address: spam, slot: slot(5n) })) ?? "0x0")).toBe(0n);
    expect(hexToBigInt((await owner().getStorageAt({ address: spam, slot: "0x0" })) ?? "0x0")).toBe(5n);
    // Fresh slots are the costly kind: 22,100 gas each (zero to nonzero, cold).
    expect(first.gasUsed - second.gasUsed).toBeGreaterThan(20_000n);
  });
});

describe("DeployTarget", () => {
  test("remembers its deployer; asked to, it destroys itself in its constructor and leaves no code", async () => {
    const kept = await deploy(owner(), {
      abi: deployTargetAbi,
      bytecode: deployTargetBytecode,
      args: [false],
    });
    expect(
      await owner().readContract({ address: kept, abi: deployTargetAbi, functionName: "deployer" }),
    ).toBe(owner().account.address);
    const hash = await owner().deployContract({
      abi: deployTargetAbi,
      bytecode: deployTargetBytecode,
      args: [true],
      value: 5n,
    });
    const receipt = await mined(owner(), hash);
    const gone = receipt.contractAddress as Address;
    expect(await owner().getCode({ address: gone })).toBeUndefined();
    expect(await owner().getBalance({ address: gone })).toBe(0n);
  });
});

describe("SetCodeDelegate (EIP-7702)", () => {
  test("called at a delegated account, it counts pings in that account's own storage", async () => {
    const delegate = await deploy(owner(), { abi: setCodeDelegateAbi, bytecode: setCodeDelegateBytecode });
    const eoa = privateKeyToAccount(generatePrivateKey());
    const authorization = await owner().signAuthorization({ account: eoa, contractAddress: delegate });
    const receipt = await mined(
      owner(),
      owner().writeContract({
        address: eoa.address,
        abi: setCodeDelegateAbi,
        functionName: "ping",
        authorizationList: [authorization],
      }),
    );
    expect(await owner().getCode({ address: eoa.address })).toBe(
      concat(["0xef0100", delegate]).toLowerCase(),
    );
    const [pinged] = parseEventLogs({ abi: setCodeDelegateAbi, logs: receipt.logs, eventName: "Pinged" });
    expect(pinged?.args).toEqual({ account: eoa.address, pings: 1n });
    expect(
      await owner().readContract({ address: eoa.address, abi: setCodeDelegateAbi, functionName: "pings" }),
    ).toBe(1n);
    // The delegate's own storage is untouched.
    expect(
      await owner().readContract({ address: delegate, abi: setCodeDelegateAbi, functionName: "pings" }),
    ).toBe(0n);
  });
});
