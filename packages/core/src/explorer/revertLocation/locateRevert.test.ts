import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Address,
  createWalletClient,
  custom,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  http,
  toHex,
} from "viem";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { deriveAccounts } from "../../chain/deriveAccounts.js";
import { createNodeClient } from "../../chain/nodeClient.js";
import { SYSTEM_MNEMONIC } from "../../chain/systemAccounts.js";
import { traceCallSteps } from "../../chain/traceTransaction.js";
import { createPlatform, type Platform } from "../../platform/createPlatform.js";
import { compileRevertFixture, type RevertFixture } from "./fixtures/compileRevertFixture.js";
import { decodeSourceMap, instructionIndex, positionOf } from "./sourceMap.js";

const devnet = useDevnet();
const [deployerAccount] = deriveAccounts(SYSTEM_MNEMONIC, [4]);
const from = (deployerAccount as { address: Address }).address;
let fixture: RevertFixture;
// One compile for the file: solc from npm takes seconds.
beforeAll(async () => {
  fixture = await compileRevertFixture();
}, 120_000);

const platforms: Platform[] = [];
afterEach(async () => {
  await Promise.all(platforms.splice(0).map((platform) => platform.close()));
});

/** A platform with the build loaded as solc's standard-JSON input and output files. */
async function start() {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
  platforms.push(platform);
  await platform.contracts.loadArtifacts({
    source: "reverts",
    files: fixture.files,
  });
  return platform;
}

const contract = (file: string, name: string) => fixture.contract(file, name);
const lineOf = (file: string, text: string) => fixture.lineOf(file, text);

/** Sends from an unlocked anvil account, outside privnet, and waits for the explorer to index it. */
async function send(platform: Platform, tx: { to?: Address; data: Hex }) {
  const wallet = createWalletClient({ account: from, chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const hash: Hash = await wallet.sendTransaction({
    account: from,
    chain: devnet.chain,
    data: tx.data,
    // Fixed: an estimate would fail for the calls meant to revert.
    gas: 500_000n,
    ...(tx.to ? { to: tx.to } : {}),
  });
  const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await platform.explorer.waitForBlock(receipt.blockNumber);
  return { hash, created: receipt.contractAddress ? getAddress(receipt.contractAddress) : undefined };
}

async function deployVault(platform: Platform) {
  const token = contract("Token.sol", "Token");
  const tokenAddress = (await send(platform, { data: token.bytecode })).created as Address;
  const vault = contract("Vault.sol", "Vault");
  const vaultAddress = (
    await send(platform, {
      data: encodeDeployData({ abi: vault.abi, bytecode: vault.bytecode, args: [tokenAddress] }),
    })
  ).created as Address;
  const withdraw = (to: Address, amount: bigint) =>
    send(platform, {
      to: vaultAddress,
      data: encodeFunctionData({ abi: vault.abi, functionName: "withdraw", args: [to, amount] }),
    });
  return { token, tokenAddress, vault, vaultAddress, withdraw };
}

describe("revert location", () => {
  test("a require with a message in Token.transfer, called by Vault.withdraw: file, line and call path", async () => {
    const platform = await start();
    const { vaultAddress, tokenAddress, withdraw } = await deployVault(platform);
    const { hash } = await withdraw(from, 5n);

    const shown = await platform.explorer.transaction(hash);
    expect(shown.transaction.status).toBe("reverted");
    expect(shown.revertReason).toBe("Token: balance too low");
    expect(shown.consoleLogs).toEqual(["withdraw 5"]);
    expect(shown.revertLocation).toEqual({
      file: "contracts/Token.sol",
      line: lineOf("Token.sol", "require(balanceOf[msg.sender] >= amount"),
      column: expect.any(Number),
      text: 'require(balanceOf[msg.sender] >= amount, "Token: balance too low");',
      callPath: [
        {
          name: "Vault.withdraw",
          address: vaultAddress,
          file: "contracts/Vault.sol",
          line: lineOf("Vault.sol", "token.transfer(to, amount);"),
        },
        {
          name: "Token.transfer",
          address: tokenAddress,
          file: "contracts/Token.sol",
          line: lineOf("Token.sol", "require(balanceOf[msg.sender] >= amount"),
        },
      ],
    });
  });

  test("a custom error: the line of its revert statement", async () => {
    const platform = await start();
    const { token, tokenAddress, vaultAddress, withdraw } = await deployVault(platform);
    await send(platform, {
      to: tokenAddress,
      data: encodeFunctionData({ abi: token.abi, functionName: "mint", args: [vaultAddress, 10n] }),
    });
    const { hash } = await withdraw("0x000000000000000000000000000000000000dEaD", 5n);

    const shown = await platform.explorer.transaction(hash);
    expect(shown.revertReason).toBe("Frozen(account: 0x000000000000000000000000000000000000dEaD)");
    expect(shown.revertLocation).toMatchObject({
      file: "contracts/Token.sol",
      line: lineOf("Token.sol", "revert Frozen(to);"),
      text: "if (to == address(0xdead)) revert Frozen(to);",
      callPath: [{ name: "Vault.withdraw" }, { name: "Token.transfer" }],
    });
    // A withdrawal that succeeds has no location.
    const paid = await platform.explorer.transaction((await withdraw(from, 5n)).hash);
    expect(paid.transaction.status).toBe("success");
    expect(paid.revertLocation).toBeNull();
  });

  test("a revert in code without an artifact: no location and no error, called directly or from Vault", async () => {
    const platform = await start();
    // Runtime code PUSH1 0 PUSH1 0 REVERT, behind creation code that returns it.
    const reverter = (await send(platform, { data: "0x6005600c60003960056000f360006000fd" }))
      .created as Address;
    const direct = await platform.explorer.transaction(
      (await send(platform, { to: reverter, data: "0x" })).hash,
    );
    expect(direct.transaction.status).toBe("reverted");
    expect(direct.revertLocation).toBeNull();

    const vault = contract("Vault.sol", "Vault");
    const vaultAddress = (
      await send(platform, {
        data: encodeDeployData({ abi: vault.abi, bytecode: vault.bytecode, args: [reverter] }),
      })
    ).created as Address;
    const { hash } = await send(platform, {
      to: vaultAddress,
      data: encodeFunctionData({ abi: vault.abi, functionName: "withdraw", args: [from, 1n] }),
    });
    const shown = await platform.explorer.transaction(hash);
    expect(shown.transaction.status).toBe("reverted");
    expect(shown.consoleLogs).toEqual(["withdraw 1"]);
    expect(shown.revertLocation).toBeNull();
  });
});

describe("revert location from the node's own steps", () => {
  test("a node that keeps a transaction's steps (anvil --steps-tracing, geth): they are used, nothing is replayed", async () => {
    const node = createNodeClient({ transport: http(devnet.rpcUrl) });
    const passThrough = http(devnet.rpcUrl)({});
    const asked: string[] = [];
    // The devnet's anvil keeps no steps: this node answers the struct logger with the steps of the
    // same call on the block before (the transaction is the first of its block), and refuses a replay.
    const transport = custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        const args = (params ?? []) as unknown[];
        if (method === "debug_traceCall") throw new Error("the method debug_traceCall does not exist");
        if (method === "debug_traceTransaction" && !(args[1] as { tracer?: string }).tracer) {
          asked.push(method);
          const sent = await node.getTransaction({ hash: args[0] as Hash });
          return traceCallSteps(
            node,
            {
              from: sent.from,
              ...(sent.to ? { to: sent.to } : {}),
              data: sent.input,
              value: toHex(sent.value),
              gas: toHex(sent.gas),
            },
            (sent.blockNumber ?? 1n) - 1n,
          );
        }
        return passThrough.request({ method, params: args });
      },
    });
    const platform = await createPlatform({ transport, pollingInterval: 50 });
    platforms.push(platform);
    await platform.contracts.loadArtifacts({ source: "reverts", files: fixture.files });
    const { withdraw } = await deployVault(platform);
    const shown = await platform.explorer.transaction((await withdraw(from, 5n)).hash);
    expect(asked).toEqual(["debug_traceTransaction"]);
    expect(shown.revertLocation).toMatchObject({
      file: "contracts/Token.sol",
      line: lineOf("Token.sol", "require(balanceOf[msg.sender] >= amount"),
    });
  });
});

describe("revert location without the node's own steps", () => {
  test("an earlier transaction of the same block changed what the call did: no location rather than a wrong one", async () => {
    const platform = await start();
    const { token, tokenAddress, vaultAddress, vault } = await deployVault(platform);
    const wallet = createWalletClient({ account: from, chain: devnet.chain, transport: http(devnet.rpcUrl) });
    // One block: a mint to the Vault, then a withdrawal to 0xdead that its balance lets through to
    // `revert Frozen`. Replayed on the block before (no balance yet) it fails at the require instead.
    await devnet.request("evm_setAutomine", [false]);
    let withdrawn: Hash;
    try {
      await wallet.sendTransaction({
        account: from,
        chain: devnet.chain,
        to: tokenAddress,
        data: encodeFunctionData({ abi: token.abi, functionName: "mint", args: [vaultAddress, 10n] }),
        gas: 100_000n,
      });
      withdrawn = await wallet.sendTransaction({
        account: from,
        chain: devnet.chain,
        to: vaultAddress,
        data: encodeFunctionData({
          abi: vault.abi,
          functionName: "withdraw",
          args: ["0x000000000000000000000000000000000000dEaD", 5n],
        }),
        gas: 300_000n,
      });
      await devnet.request("evm_mine");
    } finally {
      await devnet.request("evm_setAutomine", [true]);
    }
    const receipt = await platform.client.waitForTransactionReceipt({ hash: withdrawn, pollingInterval: 50 });
    await platform.explorer.waitForBlock(receipt.blockNumber);

    const shown = await platform.explorer.transaction(withdrawn);
    expect(shown.transaction.index).toBe(1);
    expect(shown.revertReason).toBe("Frozen(account: 0x000000000000000000000000000000000000dEaD)");
    expect(shown.revertLocation).toBeNull();
  });
});

describe("source maps", () => {
  test("compressed entries repeat the fields they leave out; PUSH data is not an instruction", () => {
    expect(decodeSourceMap("10:5:0:-:0;;20:3;:1:-1")).toEqual([
      { start: 10, length: 5, source: 0 },
      { start: 10, length: 5, source: 0 },
      { start: 20, length: 3, source: 0 },
      { start: 20, length: 1, source: -1 },
    ]);
    // PUSH2 0x0102, PUSH1 0x03, ADD
    expect([0, 3, 5].map((pc) => instructionIndex("0x610102600301", pc))).toEqual([0, 1, 2]);
    expect(instructionIndex("0x610102600301", 1)).toBeUndefined();
    // Offsets count bytes: "é" is two.
    expect(positionOf("// é\n  x = 1;\n", 8)).toEqual({ line: 2, column: 3, text: "x = 1;" });
  });
});
