import { priceOracleAbi, priceOracleBytecode } from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { createWalletClient, http, parseEther, publicActions, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";

const devnet = useDevnet();
const token = "0x000000000000000000000000000000000000aaaa";

function walletFor(index: number) {
  return createWalletClient({
    account: privateKeyToAccount(devnet.accounts[index]!.privateKey),
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
}

describe("PriceOracle (pipeline: Solidity → Hardhat build → @wagmi/cli bindings → anvil)", () => {
  const owner = () => walletFor(1);
  let oracle: `0x${string}`;

  beforeAll(async () => {
    const hash = await owner().deployContract({ abi: priceOracleAbi, bytecode: priceOracleBytecode });
    const receipt = await owner().waitForTransactionReceipt({ hash });
    oracle = receipt.contractAddress!;
  });

  test("the owner stores a price and getPrice reads it back", async () => {
    const hash = await owner().writeContract({
      address: oracle,
      abi: priceOracleAbi,
      functionName: "updatePrice",
      args: [token, parseEther("2000")],
    });
    await owner().waitForTransactionReceipt({ hash });
    const price = await owner().readContract({
      address: oracle,
      abi: priceOracleAbi,
      functionName: "getPrice",
      args: [token],
    });
    expect(price).toBe(parseEther("2000"));
  });

  test("a price never set reverts with 'Price not available'", async () => {
    await expect(
      owner().readContract({
        address: oracle,
        abi: priceOracleAbi,
        functionName: "getPrice",
        args: [zeroAddress],
      }),
    ).rejects.toThrow("Price not available");
  });
});
