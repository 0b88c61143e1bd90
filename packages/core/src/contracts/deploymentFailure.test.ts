import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolveAnvilBinary } from "@privnet/devnet";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { privnet } from "../chain/privnet.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { PLATFORM_CONTRACTS_EVM_VERSION } from "./deploymentFailure.js";
import { deployPlatformContracts } from "./deployPlatformContracts.js";

// A node at a fork before Cancun: anvil at Shanghai refuses MCOPY ("EVM error NotActivated") as
// ganache 7.9.2 does ("VM Exception while processing transaction: invalid opcode").
let anvil: ChildProcess;
let rpcUrl: string;
beforeAll(async () => {
  anvil = spawn(
    resolveAnvilBinary(),
    [
      "--port",
      "0",
      "--chain-id",
      String(privnet.id),
      "--hardfork",
      "shanghai",
      "--mnemonic",
      SYSTEM_MNEMONIC,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = "";
    anvil.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on ([\d.]+:\d+)/.exec(output);
      if (listening) resolve(`http://${listening[1]}`);
    });
    anvil.once("exit", (code) => reject(new Error(`anvil exited (${code}): ${output}`)));
  });
}, 30_000);
afterAll(async () => {
  if (anvil.exitCode !== null) return;
  const exited = new Promise((resolve) => anvil.once("exit", resolve));
  anvil.kill("SIGINT");
  await exited;
});

describe("deploying privnet's contracts on a node before Cancun", () => {
  test("fails with the node's own words, the fork privnet needs and what to do", async () => {
    const [deployer] = deriveAccounts(SYSTEM_MNEMONIC, [1]);
    const wallet = createWalletClient({
      account: privateKeyToAccount(deployer?.privateKey ?? "0x"),
      chain: privnet,
      transport: http(rpcUrl, { retryCount: 0 }),
    });
    const error = await deployPlatformContracts(wallet).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "CONTRACT_DEPLOYMENT_FAILED",
      nodeError: "EVM error NotActivated",
      details: expect.stringContaining('The node refused the transaction: "EVM error NotActivated".'),
    });
    const { details } = error as { details: string };
    expect(details).toMatch(/compiled for the Cancun fork .*MCOPY/);
    expect(details).toMatch(/Use a node at Cancun or later: leave out --rpc-url .* anvil, Hardhat 3's node/);
    expect(details).not.toMatch(/is the account funded/i);
  });

  test("the fork named is the one the contracts are compiled for", () => {
    const config = readFileSync(new URL("../../../../contracts/hardhat.config.ts", import.meta.url), "utf8");
    expect(config).toContain(`evmVersion: "${PLATFORM_CONTRACTS_EVM_VERSION}"`);
  });
});
