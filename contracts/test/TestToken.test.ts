import { testTokenAbi, testTokenBytecode } from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, parseEventLogs, parseUnits, zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import { deploy, expectRevert, mined, walletFor } from "./chain.js";

const devnet = useDevnet();

describe("TestToken", () => {
  const owner = () => walletFor(devnet, 1);
  const holder = () => walletFor(devnet, 2);

  const deployToken = (name: string, symbol: string, decimals: number, supply: bigint) =>
    deploy(owner(), {
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: [name, symbol, decimals, supply],
    });
  const read = <T>(token: Address, functionName: string, args: readonly unknown[] = []) =>
    owner().readContract({ address: token, abi: testTokenAbi, functionName, args } as never) as Promise<T>;

  test("the ERC20 bot's token: 1,000,000 tokens with 18 decimals, all held by the deployer", async () => {
    const supply = parseUnits("1000000", 18);
    const token = await deployToken("Bot Token", "BOT", 18, supply);
    expect(await read(token, "name")).toBe("Bot Token");
    expect(await read(token, "symbol")).toBe("BOT");
    expect(await read(token, "decimals")).toBe(18);
    expect(await read(token, "totalSupply")).toBe(supply);
    expect(await read(token, "balanceOf", [owner().account.address])).toBe(supply);
    expect(await read(token, "owner")).toBe(owner().account.address);
  });

  test("USDC with 6 decimals, no initial supply; the owner mints, with a Transfer from zero", async () => {
    const usdc = await deployToken("USD Coin", "USDC", 6, 0n);
    expect(await read(usdc, "decimals")).toBe(6);
    expect(await read(usdc, "totalSupply")).toBe(0n);
    const amount = parseUnits("250.5", 6);
    const receipt = await mined(
      owner(),
      owner().writeContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: "mint",
        args: [holder().account.address, amount],
      }),
    );
    const [transfer] = parseEventLogs({ abi: testTokenAbi, logs: receipt.logs, eventName: "Transfer" });
    expect(transfer?.args).toEqual({ from: zeroAddress, to: holder().account.address, value: amount });
    expect(await read(usdc, "balanceOf", [holder().account.address])).toBe(amount);
  });

  test("only the owner mints", async () => {
    const dai = await deployToken("Dai Stablecoin", "DAI", 18, 0n);
    await expectRevert(
      holder().writeContract({
        address: dai,
        abi: testTokenAbi,
        functionName: "mint",
        args: [holder().account.address, 1n],
      }),
      "OwnableUnauthorizedAccount",
    );
  });
});
