import { priceOracleAbi, priceOracleBytecode } from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, getAddress, parseEther, parseEventLogs, zeroAddress } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { blockTimestamp, deploy, expectRevert, mineAt, mined, walletFor } from "./chain.js";

const devnet = useDevnet();
const eth = getAddress("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
const dai = getAddress("0x000000000000000000000000000000000000da10");

describe("PriceOracle", () => {
  const owner = () => walletFor(devnet, 1);
  const updater = () => walletFor(devnet, 2);
  const stranger = () => walletFor(devnet, 3);
  let oracle: Address;

  beforeAll(async () => {
    oracle = await deploy(owner(), { abi: priceOracleAbi, bytecode: priceOracleBytecode });
  });

  const write = (client: ReturnType<typeof walletFor>, functionName: string, args: readonly unknown[]) =>
    client.writeContract({ address: oracle, abi: priceOracleAbi, functionName, args } as never);
  const read = <T>(functionName: string, args: readonly unknown[]) =>
    owner().readContract({ address: oracle, abi: priceOracleAbi, functionName, args } as never) as Promise<T>;

  describe("writes", () => {
    test("updatePrice stores the price with the block's timestamp and emits PriceUpdated", async () => {
      const receipt = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      const timestamp = await blockTimestamp(owner(), receipt);
      const [event] = parseEventLogs({ abi: priceOracleAbi, logs: receipt.logs, eventName: "PriceUpdated" });
      expect(event?.args).toEqual({ token: eth, price: parseEther("2000"), timestamp });
      expect(await read("getPrice", [eth])).toBe(parseEther("2000"));
      expect(await read("getPriceInfo", [eth])).toEqual([parseEther("2000"), timestamp, false]);
    });

    test("updatePrices stores every pair in one transaction, one event each", async () => {
      const receipt = await mined(
        owner(),
        write(owner(), "updatePrices", [
          [eth, dai],
          [parseEther("1990.5"), parseEther("0.999")],
        ]),
      );
      const timestamp = await blockTimestamp(owner(), receipt);
      const events = parseEventLogs({ abi: priceOracleAbi, logs: receipt.logs, eventName: "PriceUpdated" });
      expect(events.map((event) => event.args)).toEqual([
        { token: eth, price: parseEther("1990.5"), timestamp },
        { token: dai, price: parseEther("0.999"), timestamp },
      ]);
      expect(await read("getPrices", [[eth, dai]])).toEqual([parseEther("1990.5"), parseEther("0.999")]);
    });

    test("a zero price reverts, alone or in a batch, and nothing is written", async () => {
      await expectRevert(write(owner(), "updatePrice", [eth, 0n]), "Price must be positive");
      await expectRevert(
        write(owner(), "updatePrices", [
          [eth, dai],
          [parseEther("1"), 0n],
        ]),
        "Price must be positive",
      );
      expect(await read("getPriceInfo", [eth])).toEqual([0n, 0n, true]);
    });

    test("a price beyond uint128 is refused", async () => {
      const max = 2n ** 128n - 1n;
      await mined(owner(), write(owner(), "updatePrice", [eth, max]));
      expect(await read("getPrice", [eth])).toBe(max);
      await expectRevert(write(owner(), "updatePrice", [eth, max + 1n]), "Price too large");
    });

    test("a repeated update in the same second costs the same gas: the latest slot rewritten, a new slot for the round", async () => {
      const first = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      const second = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2001")]));
      const updatedAt = await blockTimestamp(owner(), second);
      await devnet.request("evm_setNextBlockTimestamp", [Number(updatedAt)]);
      const sameSecond = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2002")]));
      expect(await blockTimestamp(owner(), sameSecond)).toBe(updatedAt);
      expect(sameSecond.gasUsed).toBe(second.gasUsed);
      expect(first.gasUsed).toBeGreaterThan(second.gasUsed);
    });

    test("the zero address cannot be priced", async () => {
      await expectRevert(write(owner(), "updatePrice", [zeroAddress, 1n]), "Token is the zero address");
    });

    test("mismatched array lengths revert", async () => {
      await expectRevert(
        write(owner(), "updatePrices", [[eth, dai], [parseEther("1")]]),
        "Array lengths mismatch",
      );
      await expectRevert(write(owner(), "updatePrices", [[eth], []]), "Array lengths mismatch");
    });

    test("a stranger cannot update prices", async () => {
      await expectRevert(write(stranger(), "updatePrice", [eth, 1n]), "Caller is not an updater");
      await expectRevert(write(stranger(), "updatePrices", [[eth], [1n]]), "Caller is not an updater");
    });
  });

  describe("updaters", () => {
    test("the owner grants an updater, who may then write prices", async () => {
      const receipt = await mined(owner(), write(owner(), "grantUpdater", [updater().account.address]));
      const [event] = parseEventLogs({
        abi: priceOracleAbi,
        logs: receipt.logs,
        eventName: "UpdaterGranted",
      });
      expect(event?.args).toEqual({ account: updater().account.address });
      expect(await read("isUpdater", [updater().account.address])).toBe(true);

      await mined(updater(), write(updater(), "updatePrice", [eth, parseEther("2100")]));
      await mined(updater(), write(updater(), "updatePrices", [[dai], [parseEther("1")]]));
      expect(await read("getPrices", [[eth, dai]])).toEqual([parseEther("2100"), parseEther("1")]);
    });

    test("a revoked updater can no longer write prices", async () => {
      await mined(owner(), write(owner(), "grantUpdater", [updater().account.address]));
      const receipt = await mined(owner(), write(owner(), "revokeUpdater", [updater().account.address]));
      const [event] = parseEventLogs({
        abi: priceOracleAbi,
        logs: receipt.logs,
        eventName: "UpdaterRevoked",
      });
      expect(event?.args).toEqual({ account: updater().account.address });
      expect(await read("isUpdater", [updater().account.address])).toBe(false);
      await expectRevert(write(updater(), "updatePrice", [eth, 1n]), "Caller is not an updater");
    });

    test("granting twice or revoking a non-updater changes nothing and emits nothing", async () => {
      await mined(owner(), write(owner(), "grantUpdater", [updater().account.address]));
      const again = await mined(owner(), write(owner(), "grantUpdater", [updater().account.address]));
      expect(again.logs).toEqual([]);
      const revokeStranger = await mined(
        owner(),
        write(owner(), "revokeUpdater", [stranger().account.address]),
      );
      expect(revokeStranger.logs).toEqual([]);
    });

    test("the zero address cannot be an updater", async () => {
      await expectRevert(write(owner(), "grantUpdater", [zeroAddress]), "Updater is the zero address");
    });

    test("only the owner grants and revokes updaters or sets heartbeats — an updater cannot", async () => {
      await mined(owner(), write(owner(), "grantUpdater", [updater().account.address]));
      for (const client of [updater(), stranger()]) {
        await expectRevert(
          write(client, "grantUpdater", [client.account.address]),
          "OwnableUnauthorizedAccount",
        );
        await expectRevert(
          write(client, "revokeUpdater", [updater().account.address]),
          "OwnableUnauthorizedAccount",
        );
        await expectRevert(write(client, "setHeartbeat", [eth, 60n]), "OwnableUnauthorizedAccount");
      }
    });
  });

  describe("reads", () => {
    test("a price never set reverts 'Price not available'; getPriceInfo reads (0, 0, stale)", async () => {
      await expectRevert(read("getPrice", [dai]), "Price not available");
      await expectRevert(read("getPrices", [[dai]]), "Price not available");
      expect(await read("getPriceInfo", [dai])).toEqual([0n, 0n, true]);
      expect(await read("latestRound", [dai])).toEqual([0n, 0n, 0n]);
    });

    test("getPrices reverts on the first missing price, even after good ones", async () => {
      await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      await expectRevert(read("getPrices", [[eth, dai]]), "Price not available");
      expect(await read("getPrices", [[]])).toEqual([]);
    });

    test("latestRound counts updates per token", async () => {
      await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      const receipt = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2001")]));
      const timestamp = await blockTimestamp(owner(), receipt);
      expect(await read("latestRound", [eth])).toEqual([2n, parseEther("2001"), timestamp]);
    });
    test("getRound keeps every update of a token, as written; other rounds and tokens read (0, 0)", async () => {
      const first = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      const firstAt = await blockTimestamp(owner(), first);
      await mineAt(devnet, firstAt + 60n);
      const second = await mined(
        owner(),
        write(owner(), "updatePrices", [
          [eth, dai],
          [parseEther("2001"), parseEther("1")],
        ]),
      );
      const secondAt = await blockTimestamp(owner(), second);
      expect(await read("getRound", [eth, 1n])).toEqual([parseEther("2000"), firstAt]);
      expect(await read("getRound", [eth, 2n])).toEqual([parseEther("2001"), secondAt]);
      expect(await read("getRound", [dai, 1n])).toEqual([parseEther("1"), secondAt]);
      expect(await read("getRound", [eth, 0n])).toEqual([0n, 0n]);
      expect(await read("getRound", [eth, 3n])).toEqual([0n, 0n]);
      expect(await read("getRound", [dai, 2n])).toEqual([0n, 0n]);
    });
  });

  describe("staleness (stale when block.timestamp - updatedAt > heartbeat)", () => {
    test("the default heartbeat is 3600 s", async () => {
      expect(await read("DEFAULT_HEARTBEAT", [])).toBe(3600n);
      expect(await read("heartbeatOf", [eth])).toBe(3600n);
    });

    test.each([
      { age: 3599n, stale: false },
      { age: 3600n, stale: false },
      { age: 3601n, stale: true },
    ])("at age $age s with the default heartbeat, stale is $stale", async ({ age, stale }) => {
      const receipt = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      const updatedAt = await blockTimestamp(owner(), receipt);
      await mineAt(devnet, updatedAt + age);
      expect(await read("getPriceInfo", [eth])).toEqual([parseEther("2000"), updatedAt, stale]);
      if (stale) {
        await expectRevert(read("getPrice", [eth]), "Price is stale");
        await expectRevert(read("getPrices", [[eth]]), "Price is stale");
      } else {
        expect(await read("getPrice", [eth])).toBe(parseEther("2000"));
      }
    });

    test.each([
      { age: 59n, stale: false },
      { age: 60n, stale: false },
      { age: 61n, stale: true },
    ])("at age $age s with a 60 s per-token heartbeat, stale is $stale", async ({ age, stale }) => {
      const set = await mined(owner(), write(owner(), "setHeartbeat", [eth, 60n]));
      const [event] = parseEventLogs({ abi: priceOracleAbi, logs: set.logs, eventName: "HeartbeatUpdated" });
      expect(event?.args).toEqual({ token: eth, heartbeat: 60n });
      expect(await read("heartbeatOf", [eth])).toBe(60n);
      expect(await read("heartbeatOf", [dai])).toBe(3600n);

      const receipt = await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      const updatedAt = await blockTimestamp(owner(), receipt);
      await mineAt(devnet, updatedAt + age);
      expect((await read<[bigint, bigint, boolean]>("getPriceInfo", [eth]))[2]).toBe(stale);
      if (stale) await expectRevert(read("getPrice", [eth]), "Price is stale");
      else expect(await read("getPrice", [eth])).toBe(parseEther("2000"));
    });

    test("time travel with evm_increaseTime makes a price stale; a new update makes it fresh", async () => {
      await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("2000")]));
      await devnet.request("evm_increaseTime", [3601]);
      await devnet.request("evm_mine");
      await expectRevert(read("getPrice", [eth]), "Price is stale");
      await mined(owner(), write(owner(), "updatePrice", [eth, parseEther("1500")]));
      expect(await read("getPrice", [eth])).toBe(parseEther("1500"));
    });

    test("a zero heartbeat is refused", async () => {
      await expectRevert(write(owner(), "setHeartbeat", [eth, 0n]), "Heartbeat must be positive");
    });
  });
});
