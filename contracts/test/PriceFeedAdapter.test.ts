import {
  priceFeedAdapterAbi,
  priceFeedAdapterBytecode,
  priceOracleAbi,
  priceOracleBytecode,
} from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, getAddress, parseEther } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { blockTimestamp, deploy, expectRevert, mineAt, mined, walletFor } from "./chain.js";

const devnet = useDevnet();
const eth = getAddress("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");

describe("PriceFeedAdapter (AggregatorV3Interface read side)", () => {
  const owner = () => walletFor(devnet, 1);
  let oracle: Address;
  let feed: Address;

  beforeAll(async () => {
    oracle = await deploy(owner(), { abi: priceOracleAbi, bytecode: priceOracleBytecode });
    feed = await deploy(owner(), {
      abi: priceFeedAdapterAbi,
      bytecode: priceFeedAdapterBytecode,
      args: [oracle, eth, "ETH / USD"],
    });
  });

  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    owner().readContract({
      address: feed,
      abi: priceFeedAdapterAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  const setPrice = (price: bigint) =>
    mined(
      owner(),
      owner().writeContract({
        address: oracle,
        abi: priceOracleAbi,
        functionName: "updatePrice",
        args: [eth, price],
      }),
    );

  test("describes itself like a Chainlink USD feed: 8 decimals, a description, a version", async () => {
    expect(await read("decimals")).toBe(8);
    expect(await read("description")).toBe("ETH / USD");
    expect(await read("version")).toBe(1n);
    expect(await read("oracle")).toBe(oracle);
    expect(await read("token")).toBe(eth);
  });

  test("latestRoundData answers the oracle's price in 8 decimals, with its round and time", async () => {
    await setPrice(parseEther("2000"));
    const receipt = await setPrice(parseEther("1999.123456789"));
    const updatedAt = await blockTimestamp(owner(), receipt);
    // 1999.123456789 USD in 8 decimals, rounded down.
    expect(await read("latestRoundData")).toEqual([2n, 199_912_345_678n, updatedAt, updatedAt, 2n]);
    expect(await read("getRoundData", [2n])).toEqual([2n, 199_912_345_678n, updatedAt, updatedAt, 2n]);
  });

  test("getRoundData answers every round since deployment, each as it was written", async () => {
    const written: [bigint, bigint][] = [];
    for (const price of ["2000", "2001.5", "1999.99999999"]) {
      const receipt = await setPrice(parseEther(price));
      const updatedAt = await blockTimestamp(owner(), receipt);
      written.push([parseEther(price) / 10n ** 10n, updatedAt]);
      // Later rounds in later seconds, so each round's time is its own.
      await mineAt(devnet, updatedAt + 60n);
    }
    for (const [index, [answer, updatedAt]] of written.entries()) {
      const round = BigInt(index + 1);
      expect(await read("getRoundData", [round])).toEqual([round, answer, updatedAt, updatedAt, round]);
    }
    const [latestAnswer, latestAt] = written[2] as [bigint, bigint];
    expect(await read("latestRoundData")).toEqual([3n, latestAnswer, latestAt, latestAt, 3n]);
  });

  test("a round not written yet, round 0 and ids beyond the oracle's counter revert 'No data present'", async () => {
    await setPrice(parseEther("2000"));
    await setPrice(parseEther("2001"));
    await expectRevert(read("getRoundData", [3n]), "No data present");
    await expectRevert(read("getRoundData", [0n]), "No data present");
    // The oracle counts rounds in 64 bits; a larger uint80 must not wrap onto round 1.
    await expectRevert(read("getRoundData", [2n ** 64n + 1n]), "No data present");
  });

  test("a price never set reverts 'No data present'", async () => {
    await expectRevert(read("latestRoundData"), "No data present");
    await expectRevert(read("getRoundData", [0n]), "No data present");
  });

  test("a stale price is still answered, with its old updatedAt, for the consumer to judge", async () => {
    const receipt = await setPrice(parseEther("2000"));
    const updatedAt = await blockTimestamp(owner(), receipt);
    await mineAt(devnet, updatedAt + 7200n);
    const [, answer, , reportedAt] = await read<[bigint, bigint, bigint, bigint, bigint]>("latestRoundData");
    expect(answer).toBe(200_000_000_000n);
    expect(reportedAt).toBe(updatedAt);
  });
});
