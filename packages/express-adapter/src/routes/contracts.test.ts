import { createPlatform, type Platform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Abi, createPublicClient, http } from "viem";
import { expect, test } from "vitest";
import { call, onCleanup, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();
const NATIVE_ETH = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

type Listed = {
  name: string;
  contract: string;
  address: `0x${string}`;
  blockNumber: number | null;
  abi: Abi;
};
type ContractsAnswer = { contracts: Listed[]; bots: Record<string, Listed | null> };

/** Resolves with the address the bot deployed (its `deployed` event). */
function deployedBy(platform: Platform, bot: string) {
  return new Promise<`0x${string}`>((resolve) => {
    platform.events.on("bot", (event) => {
      if (event.bot === bot && event.type === "deployed" && event.address) resolve(event.address);
    });
  });
}

test("GET /contracts: empty before the deployment; then every platform contract, with an ABI viem reads it with", async () => {
  const platform = await startPlatform(devnet.rpcUrl, { bots: { env: {} } });
  const { url } = await serveAdmin(platform);

  // Contract deployment off (no `contracts` option): nothing yet, and asking deploys nothing.
  expect(await call(`${url}/contracts`)).toMatchObject({
    status: 200,
    body: { contracts: [], bots: { erc20: null, nft: null } },
  });
  expect(await platform.storage.state.get("contracts.platform")).toBeUndefined();

  const { addresses } = await platform.contracts.get();
  const answer = await call(`${url}/contracts`);
  expect(answer.status).toBe(200);
  // The list takes no query parameters: one given is ignored, with or without a trailing slash.
  expect(await call(`${url}/contracts/?limit=%201`)).toMatchObject({ status: 200, body: answer.body });
  const { contracts } = answer.body as ContractsAnswer;
  // The SDK's list (its content is core's test), in the wire format: integer blocks, JSON ABIs.
  const listed = await platform.contracts.list();
  expect(contracts).toEqual(
    listed.map((contract) => ({
      ...contract,
      blockNumber: Number(contract.blockNumber),
      abi: JSON.parse(JSON.stringify(contract.abi)),
    })),
  );
  expect(contracts.map((contract) => contract.name)).toContain("LendingPool");
  expect(contracts.every((contract) => Number.isInteger(contract.blockNumber))).toBe(true);

  // A tool that is not privnet's reads the contracts with the ABIs it fetched.
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  const read = (name: string, functionName: string, args: unknown[] = []) => {
    const contract = contracts.find((entry) => entry.name === name) as Listed;
    return client.readContract({ address: contract.address, abi: contract.abi, functionName, args });
  };
  expect(await read("PriceOracle", "getPrice", [NATIVE_ETH])).toBe(2000n * 10n ** 18n);
  expect(await read("USDC", "decimals")).toBe(6);
  expect(await read("ETH / USD", "description")).toBe("ETH / USD");
  expect(await read("LendingPool", "oracle")).toBe(addresses.priceOracle);
});

test("GET /contracts and GET /bots/status: the bots' contracts appear once the bots deployed them", async () => {
  const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 100, bots: { env: {} } });
  const { url } = await serveAdmin(platform);
  const before = (await call(`${url}/bots/status`)).body as Record<string, { contract: string | null }>;
  expect([before.transfer?.contract, before.erc20?.contract, before.nft?.contract]).toEqual([
    null,
    null,
    null,
  ]);

  const deployed = Promise.all([deployedBy(platform, "erc20"), deployedBy(platform, "nft")]);
  await platform.bots.start("erc20", { interval: 1000 });
  await platform.bots.start("nft", { interval: 1000 });
  const [token, collection] = await deployed;

  const status = (await call(`${url}/bots/status`)).body as Record<string, { contract: string | null }>;
  expect([status.transfer?.contract, status.erc20?.contract, status.nft?.contract]).toEqual([
    null,
    token,
    collection,
  ]);
  const { bots } = (await call(`${url}/contracts`)).body as ContractsAnswer;
  // The scenarios with a contract are listed too, null until they deploy it.
  expect(Object.keys(bots)).toEqual([
    "erc20",
    "nft",
    "erc1155",
    "gas-burner",
    "storage-spam",
    "set-code",
    "uniswap-v2",
  ]);
  expect([
    bots.erc1155,
    bots["gas-burner"],
    bots["storage-spam"],
    bots["set-code"],
    bots["uniswap-v2"],
  ]).toEqual([null, null, null, null, null]);
  expect(bots.erc20).toMatchObject({ name: "BOT", contract: "TestToken", address: token });
  expect(bots.nft).toMatchObject({ name: "DevNFT", contract: "DevNFT", address: collection });
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  for (const contract of [bots.erc20, bots.nft] as Listed[]) {
    expect(Number.isInteger(contract.blockNumber)).toBe(true);
    const code = await client.getCode({
      address: contract.address,
      blockNumber: BigInt(contract.blockNumber ?? 0),
    });
    expect(code).toMatch(/^0x[0-9a-f]+$/);
  }
  const read = (contract: Listed, functionName: string) =>
    client.readContract({ address: contract.address, abi: contract.abi, functionName });
  expect(await read(bots.erc20 as Listed, "symbol")).toBe("BOT");
  expect(await read(bots.nft as Listed, "name")).toBe("privnet DevNFT");
});

test("GET /contracts on a chain that stopped answering is a 503 CHAIN_UNREACHABLE", async () => {
  const own = await startDevnet({ port: 0, blockTime: 0 });
  onCleanup(() => own.stop());
  const platform = await createPlatform({ transport: http(own.rpcUrl, { retryCount: 0 }), contracts: true });
  onCleanup(() => platform.close());
  const { url } = await serveAdmin(platform);
  await own.stop();
  expect(await call(`${url}/contracts`)).toMatchObject({
    status: 503,
    body: { code: "CHAIN_UNREACHABLE" },
  });
});
