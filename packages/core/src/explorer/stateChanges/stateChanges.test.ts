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
  parseEther,
} from "viem";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { deriveAccounts } from "../../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../../chain/systemAccounts.js";
import { createPlatform, type Platform } from "../../platform/createPlatform.js";
import { buildFixtureArtifacts } from "../artifacts/fixtures/buildFixtureArtifacts.js";
import { buildLedgerArtifacts, type LedgerArtifacts } from "./fixtures/buildLedgerArtifacts.js";

const devnet = useDevnet();
const [senderAccount] = deriveAccounts(SYSTEM_MNEMONIC, [5]);
const from = (senderAccount as { address: Address }).address;
const newOwner = getAddress("0x00000000000000000000000000000000000000aa");
const receiver = getAddress("0x00000000000000000000000000000000000000bb");

let fixture: LedgerArtifacts;
beforeAll(async () => {
  fixture = await buildLedgerArtifacts();
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

/** Sends from an unlocked anvil account, outside privnet, and waits until the index has its block. */
async function send(platform: Platform, tx: { to?: Address; data: Hex; value?: bigint }) {
  const wallet = createWalletClient({ account: from, chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const hash: Hash = await wallet.sendTransaction({ account: from, chain: devnet.chain, ...tx });
  const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await platform.explorer.waitForBlock(receipt.blockNumber);
  return { hash, receipt };
}

/** Deploys a Ledger (and its Token) and sends one `borrow` with 2 ETH: owner, deposits, positions[7], a token transfer. */
async function borrow(platform: Platform) {
  const deployed = await send(platform, { data: fixture.contract("Ledger").bytecode });
  const ledger = getAddress(deployed.receipt.contractAddress as Address);
  const token = getAddress(`0x${(deployed.receipt.logs[0]?.address ?? "").slice(2)}`);
  const { hash, receipt } = await send(platform, {
    to: ledger,
    value: parseEther("2"),
    data: encodeFunctionData({
      abi: fixture.contract("Ledger").abi,
      functionName: "borrow",
      args: [7n, 1_500n, newOwner, receiver, parseEther("25")],
    }),
  });
  return { hash, receipt, ledger, token };
}

describe("state changes", () => {
  test("storage changes are named by variable and decoded by type, tied to the frame that ran there", async () => {
    const platform = await start();
    await platform.contracts.loadArtifacts(fixture.folder);
    const { hash, ledger, token } = await borrow(platform);
    const { stateChanges } = await platform.explorer.transaction(hash);
    const storage = stateChanges?.storage ?? [];
    const variables = (address: Address) =>
      storage.filter((change) => change.address === address).flatMap((change) => change.variables);

    expect(variables(ledger)).toEqual(
      expect.arrayContaining([
        { name: "owner", type: "address", before: from, after: newOwner },
        { name: "open", type: "bool", before: "false", after: "true" },
        { name: `deposits[${from}]`, type: "uint256", before: "0", after: parseEther("2").toString() },
        { name: "positions[7].debt", type: "uint128", before: "0", after: "1500" },
        {
          name: "positions[7].holder",
          type: "address",
          before: getAddress(`0x${"0".repeat(40)}`),
          after: from,
        },
      ]),
    );
    // positions[7].collateral shares debt's slot and did not change: it is not listed.
    expect(variables(ledger)).toHaveLength(5);
    expect(variables(token)).toEqual(
      expect.arrayContaining([
        {
          name: `balanceOf[${ledger}]`,
          type: "uint256",
          before: parseEther("1000000").toString(),
          after: parseEther("999975").toString(),
        },
        { name: `balanceOf[${receiver}]`, type: "uint256", before: "0", after: parseEther("25").toString() },
      ]),
    );
    // The Ledger's slots were written by the top frame, the Token's by its call into the token.
    const ledgerChanges = storage.filter((change) => change.address === ledger);
    expect(ledgerChanges.every((change) => change.contract === "Ledger")).toBe(true);
    expect(new Set(ledgerChanges.map((change) => JSON.stringify(change.frames)))).toEqual(new Set(["[[]]"]));
    expect(storage.filter((change) => change.address === token).map((change) => change.frames)).toEqual([
      [[0]],
      [[0]],
    ]);
  });

  test("ETH and ERC-20 balance changes", async () => {
    const platform = await start();
    const { hash, receipt, ledger, token } = await borrow(platform);
    const { stateChanges, transaction } = await platform.explorer.transaction(hash);
    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(stateChanges?.balances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ address: from, delta: -(parseEther("2") + fee) }),
        expect.objectContaining({
          address: ledger,
          before: 0n,
          after: parseEther("2"),
          delta: parseEther("2"),
        }),
      ]),
    );
    expect(transaction.fee).toBe(fee);
    expect(stateChanges?.tokens).toEqual([
      expect.objectContaining({
        standard: "erc20",
        token,
        holder: ledger,
        tokenId: null,
        delta: -parseEther("25"),
      }),
      expect.objectContaining({
        standard: "erc20",
        token,
        holder: receiver,
        tokenId: null,
        delta: parseEther("25"),
      }),
    ]);
  });

  test("an EIP-1967 proxy's slots are named with its implementation's layout; both its frames are listed", async () => {
    // The artifacts' own fixture (Counter behind Proxy1967), compiled once for both files.
    const built = await buildFixtureArtifacts();
    const compiled = (name: string) => {
      const contract = built.output.contracts["contracts/Fixture.sol"]?.[name];
      if (!contract) throw new Error(`${name} is not in the fixture`);
      return { abi: contract.abi as Abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex };
    };
    const platform = await start();
    await platform.contracts.loadArtifacts(built.foundry);
    const counter = (await send(platform, { data: compiled("Counter").bytecode })).receipt
      .contractAddress as Address;
    const deployed = await send(platform, {
      data: concat([compiled("Proxy1967").bytecode, encodeAbiParameters([{ type: "address" }], [counter])]),
    });
    const proxy = getAddress(deployed.receipt.contractAddress as Address);
    const { hash } = await send(platform, {
      to: proxy,
      data: encodeFunctionData({ abi: compiled("Counter").abi, functionName: "increment", args: [7n] }),
    });
    const { stateChanges } = await platform.explorer.transaction(hash);
    const changes = stateChanges?.storage.filter((change) => change.address === proxy) ?? [];
    expect(changes.flatMap((change) => change.variables)).toEqual(
      expect.arrayContaining([
        { name: "count", type: "uint256", before: "0", after: "7" },
        { name: `byAccount[${from}]`, type: "uint256", before: "0", after: "7" },
      ]),
    );
    expect(changes.every((change) => change.contract === "Counter proxy")).toBe(true);
    // The call to the proxy and its delegatecall both ran over the proxy's storage (the console's
    // static calls did not).
    expect(changes.map((change) => change.frames)).toEqual([
      [[], [0]],
      [[], [0]],
    ]);
  });

  test("a contract with no artifact shows raw slots", async () => {
    const platform = await start();
    const { hash, ledger } = await borrow(platform);
    const { stateChanges } = await platform.explorer.transaction(hash);
    const ledgerChanges = stateChanges?.storage.filter((change) => change.address === ledger) ?? [];
    // owner+open, deposits[sender], positions[7] (collateral+debt), positions[7].holder.
    expect(ledgerChanges).toHaveLength(4);
    expect(ledgerChanges.every((change) => change.variables.length === 0 && change.contract === null)).toBe(
      true,
    );
    expect(ledgerChanges.find((change) => BigInt(change.slot) === 0n)).toMatchObject({
      before: `0x${"0".repeat(24)}${from.slice(2).toLowerCase()}`,
      after: `0x${"0".repeat(22)}01${newOwner.slice(2).toLowerCase()}`,
    });
  });
});
