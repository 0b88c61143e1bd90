import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deriveAccounts, SYSTEM_MNEMONIC } from "@privnet/core";
import { gasBurnerAbi, gasBurnerBytecode } from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, getAddress, type Hash, type Hex } from "viem";
import { afterAll, describe, expect, test } from "vitest";
import { call, callJson, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";

const devnet = useDevnet();
const from = (deriveAccounts(SYSTEM_MNEMONIC, [5])[0] as { address: Address }).address;

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe("POST /contracts/artifacts", () => {
  test("loads a folder, lists each bad file, and names a contract deployed outside privnet by its code", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);

    // A contract deployed as cast would, then a standard-JSON output holding its runtime code.
    const hash = await devnet.request<Hash>("eth_sendTransaction", [{ from, data: gasBurnerBytecode }]);
    const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const burner = getAddress(receipt.contractAddress as Address);
    const code = await devnet.request<Hex>("eth_getCode", [burner, "latest"]);
    const folder = await mkdtemp(join(tmpdir(), "privnet-artifacts-"));
    folders.push(folder);
    await mkdir(join(folder, "build"));
    await writeFile(
      join(folder, "build", "output.json"),
      JSON.stringify({
        contracts: {
          "src/GasBurner.sol": {
            Burner: { abi: gasBurnerAbi, evm: { deployedBytecode: { object: code.slice(2) } } },
          },
        },
      }),
    );
    await writeFile(join(folder, "notes.json"), "{ nope");

    const loaded = await callJson(`${url}/contracts/artifacts`, { dir: folder });
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({
      source: folder,
      contracts: [
        {
          name: "Burner",
          sourceName: "src/GasBurner.sol",
          file: "build/output.json",
          hasStorageLayout: false,
        },
      ],
      errors: [{ file: "notes.json", message: expect.stringMatching(/^not valid JSON/) }],
    });
    const known = await call(`${url}/contracts/${burner}`);
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ name: "Burner", address: burner, source: "artifact" });
    const listed = await call(`${url}/contracts/artifacts`);
    expect(listed.body).toMatchObject({ builds: [{ source: folder, contracts: [{ name: "Burner" }] }] });

    const missing = await callJson(`${url}/contracts/artifacts`, { dir: join(folder, "nowhere") });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: "ARTIFACTS_UNREADABLE",
      error: expect.stringContaining("no such folder"),
    });
    const notText = await callJson(`${url}/contracts/artifacts`, { dir: 5 });
    expect(notText.status).toBe(400);
    expect(notText.body).toMatchObject({ error: expect.any(String) });
  });
});
