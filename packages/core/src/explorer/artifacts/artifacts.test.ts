import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Abi,
  type Address,
  concat,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  http,
  keccak256,
  toHex,
} from "viem";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { deriveAccounts } from "../../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../../chain/systemAccounts.js";
import { createPlatform, type Platform } from "../../platform/createPlatform.js";
import { buildFixtureArtifacts, type FixtureArtifacts } from "./fixtures/buildFixtureArtifacts.js";
import { parseArtifactFiles } from "./parseArtifactFiles.js";
import { readArtifactFolder } from "./readArtifactFolder.js";

const devnet = useDevnet();
const [deployerAccount] = deriveAccounts(SYSTEM_MNEMONIC, [4]);
const from = (deployerAccount as { address: Address }).address;

let fixture: FixtureArtifacts;
beforeAll(async () => {
  fixture = await buildFixtureArtifacts();
}, 120_000);

const platforms: Platform[] = [];
afterEach(async () => {
  await Promise.all(platforms.splice(0).map((platform) => platform.close()));
});

async function start() {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
  platforms.push(platform);
  return platform;
}

function compiled(name: string) {
  const contract = fixture.output.contracts["contracts/Fixture.sol"]?.[name];
  if (!contract) throw new Error(`${name} is not in the fixture`);
  return { abi: contract.abi as Abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex };
}

/** Sends from an unlocked anvil account, outside privnet, and waits for the receipt. */
async function send(platform: Platform, tx: { to?: Address; data: Hex; gas?: bigint }) {
  const wallet = createWalletClient({ account: from, chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const hash: Hash = await wallet.sendTransaction({
    account: from,
    chain: devnet.chain,
    data: tx.data,
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.gas ? { gas: tx.gas } : {}),
  });
  const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await platform.explorer.waitForBlock(receipt.blockNumber);
  const created = receipt.contractAddress
    ? getAddress(receipt.contractAddress)
    : (null as unknown as Address);
  return { hash, receipt, created };
}

const increment = (by: bigint) =>
  encodeFunctionData({ abi: compiled("Counter").abi, functionName: "increment", args: [by] });

describe("build artifacts", () => {
  test("a Hardhat 3 tree and a Foundry out/ tree load the same contracts, with storage layouts", async () => {
    for (const folder of [fixture.hardhat, fixture.foundry]) {
      const { artifacts, errors } = parseArtifactFiles(await readArtifactFolder(folder));
      expect(errors).toEqual([]);
      expect(artifacts.map((artifact) => artifact.name).sort()).toEqual([
        "Counter",
        "CounterFactory",
        "Proxy1967",
        "console",
      ]);
      const counter = artifacts.find((artifact) => artifact.name === "Counter");
      // Counter's one immutable (creator) is a range each deployment fills in.
      expect(counter?.variableRanges.length).toBeGreaterThan(0);
      expect(counter?.storageLayout).toMatchObject({
        storage: [{ label: "count" }, { label: "byAccount" }],
      });
      expect(counter?.deployedSourceMap).toEqual(expect.any(String));
    }
    // Hardhat 3's build info holds the sources' text; Foundry's out/ names the file by its id only.
    const [hardhat, foundry] = await Promise.all(
      [fixture.hardhat, fixture.foundry].map(async (folder) =>
        parseArtifactFiles(await readArtifactFolder(folder)).artifacts.find(
          (artifact) => artifact.name === "Counter",
        ),
      ),
    );
    expect(hardhat?.sources).toEqual([
      { id: 0, name: "contracts/Fixture.sol", content: expect.stringContaining("contract Counter {") },
    ]);
    expect(foundry?.sources).toEqual([{ id: 0, name: "contracts/Fixture.sol", content: null }]);
  });

  test("a bad folder: each bad file is its own error and the rest still loads", async () => {
    const platform = await start();
    const loaded = await platform.contracts.loadArtifacts(fixture.broken);
    expect(loaded.contracts.map((contract) => contract.name)).toEqual(["Counter"]);
    expect(loaded.errors).toEqual([
      {
        file: "build-info/truncated.output.json",
        message: expect.stringMatching(/^not valid JSON: /),
      },
      { file: "package.json", message: expect.stringMatching(/^not a build artifact: /) },
      {
        file: "contracts/Fixture.sol/Counter.json",
        message: expect.stringMatching(
          /^its build info is missing \(build-info\/solc-0_8_28-fixture\.output\.json\)/,
        ),
      },
    ]);
    await expect(platform.contracts.loadArtifacts(`${fixture.broken}/nowhere`)).rejects.toMatchObject({
      code: "ARTIFACTS_UNREADABLE",
    });
  });

  test("contracts deployed outside privnet are named and decoded: direct, CREATE2 child, EIP-1167 clone, EIP-1967 proxy", async () => {
    const platform = await start();
    await platform.contracts.loadArtifacts(fixture.hardhat);

    const counter = (await send(platform, { data: compiled("Counter").bytecode })).created;
    const factory = (await send(platform, { data: compiled("CounterFactory").bytecode })).created;
    const salt = keccak256(toHex("salt"));
    const created = await send(platform, {
      to: factory,
      data: encodeFunctionData({ abi: compiled("CounterFactory").abi, functionName: "deploy", args: [salt] }),
    });
    const child = getAddress(`0x${(created.receipt.logs.at(-1)?.data ?? "").slice(-40)}`);
    // EIP-1167's creation code around the runtime that delegates to `counter`.
    const clone = (
      await send(platform, {
        data: concat([
          "0x3d602d80600a3d3981f3363d3d373d3d3d363d73",
          counter,
          "0x5af43d82803e903d91602b57fd5bf3",
        ]),
      })
    ).created;
    const proxy = (
      await send(platform, {
        data: concat([compiled("Proxy1967").bytecode, encodeAbiParameters([{ type: "address" }], [counter])]),
      })
    ).created;

    await expect(platform.contracts.lookup(counter)).resolves.toMatchObject({
      name: "Counter",
      source: "artifact",
    });
    // Its immutable `creator` is the factory, not the deployer: the same code with other bytes in the slot.
    await expect(platform.contracts.lookup(child)).resolves.toMatchObject({
      name: "Counter",
      source: "artifact",
    });
    await expect(platform.contracts.lookup(factory)).resolves.toMatchObject({ name: "CounterFactory" });
    await expect(platform.contracts.lookup(clone)).resolves.toMatchObject({
      name: "Counter proxy",
      proxy: { standard: "eip1167", implementation: counter },
    });
    await expect(platform.contracts.lookup(proxy)).resolves.toMatchObject({
      name: "Counter proxy",
      proxy: { standard: "eip1967", implementation: counter },
    });

    for (const [address, name] of [
      [child, "Counter"],
      [clone, "Counter proxy"],
      [proxy, "Counter proxy"],
    ] as const) {
      const { hash } = await send(platform, { to: address, data: increment(7n) });
      const shown = await platform.explorer.transaction(hash);
      expect(shown.transaction.toLabel).toEqual({ name, source: "contract" });
      expect(shown.transaction.method).toMatchObject({
        contract: name,
        name: "increment",
        args: [{ name: "by", type: "uint256", value: 7n }],
      });
      expect(shown.logs.map((log) => log.event?.name)).toEqual(["Incremented"]);
      expect(shown.consoleLogs).toEqual(["increment by 7", `caller ${from}`]);
    }

    const reverted = await send(platform, { to: child, data: increment(101n), gas: 100_000n });
    const failed = await platform.explorer.transaction(reverted.hash);
    expect(failed.transaction.status).toBe("reverted");
    expect(failed.revertReason).toBe("TooMuch(asked: 101, limit: 100)");
    // What it printed before it reverted is kept.
    expect(failed.consoleLogs).toEqual(["increment by 101", `caller ${from}`]);

    // The created contract is named on the deploy's page, in search and on its address page.
    await expect(platform.explorer.search(child)).resolves.toEqual([
      { type: "address", value: child, label: "Counter" },
    ]);
    const page = await platform.explorer.address(child);
    expect(page.contract).toEqual({ name: "Counter", source: "artifact" });
    expect(page.label).toEqual({ name: "Counter", source: "contract" });

    // A registered ABI still wins.
    await platform.contracts.register({ name: "MyCounter", address: child, abi: compiled("Counter").abi });
    await expect(platform.contracts.lookup(child)).resolves.toMatchObject({
      name: "MyCounter",
      source: "user",
    });
  });

  test("a Foundry out/ tree matches too, and unloading it forgets the names", async () => {
    const platform = await start();
    const counter = (await send(platform, { data: compiled("Counter").bytecode })).created;
    await expect(platform.contracts.lookup(counter)).rejects.toMatchObject({ code: "CONTRACT_NOT_FOUND" });
    const loaded = await platform.contracts.loadArtifacts(fixture.foundry);
    expect(loaded.contracts.every((contract) => contract.hasStorageLayout)).toBe(true);
    await expect(platform.contracts.lookup(counter)).resolves.toMatchObject({
      name: "Counter",
      source: "artifact",
    });
    await expect(platform.contracts.artifacts()).resolves.toMatchObject([{ source: fixture.foundry }]);
    await expect(platform.contracts.unloadArtifacts(fixture.foundry)).resolves.toBe(true);
    await expect(platform.contracts.lookup(counter)).rejects.toMatchObject({ code: "CONTRACT_NOT_FOUND" });
  });
});
