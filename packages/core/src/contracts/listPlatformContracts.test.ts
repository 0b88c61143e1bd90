import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { PLATFORM_CONTRACTS_STATE_KEY, type StoredPlatformContracts } from "./ensurePlatformContracts.js";
import { devNftAbi, lendingPoolAbi, priceFeedAdapterAbi, priceOracleAbi, testTokenAbi } from "./generated.js";

const devnet = useDevnet();

test("platform.contracts.list(): nothing before the deployment, then every contract with the block that deployed it and its ABI", async () => {
  const storage = memoryStorage();
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), storage });
  try {
    // Listing deploys nothing.
    expect(await platform.contracts.list()).toEqual([]);
    expect(await storage.state.get(PLATFORM_CONTRACTS_STATE_KEY)).toBeUndefined();

    const { addresses } = await platform.contracts.get();
    const listed = await platform.contracts.list();
    expect(listed.map(({ name, contract, address }) => [name, contract, address])).toEqual([
      ["PriceOracle", "PriceOracle", addresses.priceOracle],
      ["PRIV", "TestToken", addresses.platformToken],
      ["USDC", "TestToken", addresses.usdc],
      ["DAI", "TestToken", addresses.dai],
      ["DevNFT", "DevNFT", addresses.devNft],
      ["LendingPool", "LendingPool", addresses.lendingPool],
      ["ETH / USD", "PriceFeedAdapter", addresses.priceFeeds.eth],
      ["PRIV / USD", "PriceFeedAdapter", addresses.priceFeeds.platformToken],
      ["USDC / USD", "PriceFeedAdapter", addresses.priceFeeds.usdc],
      ["DAI / USD", "PriceFeedAdapter", addresses.priceFeeds.dai],
    ]);
    const abis = {
      PriceOracle: priceOracleAbi,
      LendingPool: lendingPoolAbi,
      TestToken: testTokenAbi,
      DevNFT: devNftAbi,
      PriceFeedAdapter: priceFeedAdapterAbi,
    };
    for (const { name, contract, address, blockNumber, abi } of listed) {
      expect(abi, name).toBe(abis[contract]);
      // Deployed in that very block: no code just before it, code at it.
      expect(await platform.client.getCode({ address, blockNumber: blockNumber - 1n }), name).toBeUndefined();
      expect(await platform.client.getCode({ address, blockNumber }), name).toMatch(/^0x[0-9a-f]+$/);
    }

    // A deployment stored by a privnet that kept only its last block: listed at that block.
    const stored = (await storage.state.get(PLATFORM_CONTRACTS_STATE_KEY)) as StoredPlatformContracts;
    const { blockNumbers: _, ...older } = stored;
    await storage.state.set(PLATFORM_CONTRACTS_STATE_KEY, older);
    const fallback = await platform.contracts.list();
    expect(new Set(fallback.map((contract) => contract.blockNumber))).toEqual(
      new Set([BigInt(stored.blockNumber)]),
    );

    // The chain lost them: listed no more, until they are deployed again.
    await devnet.reset();
    expect(await platform.contracts.list()).toEqual([]);
  } finally {
    await platform.close();
  }
});
