import { testTokenAbi, testTokenBytecode } from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { encodeDeployData, encodeFunctionData, parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { call, callJson, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";

describe("GET /transactions?source=", () => {
  test("filters the history by what sent it; a bot's name is a source; an unknown one is a 400", async () => {
    const platform = await startPlatform(devnet.rpcUrl);
    const { url } = await serveAdmin(platform);
    const viaApi = await callJson(`${url}/send`, { fromWalletId: 2, toAddress: recipient, amount: "0.1" });
    expect(viaApi.status).toBe(200);
    const viaSdk = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "0.2" });

    const api = await call(`${url}/transactions?source=api`);
    expect(api.status).toBe(200);
    expect((api.body as { tx_hash: string }[]).map((entry) => entry.tx_hash)).toEqual([
      (viaApi.body as { hash: string }).hash,
    ]);
    const sdk = await call(`${url}/transactions?source=sdk&limit=5`);
    expect((sdk.body as { id: number }[]).map((entry) => entry.id)).toEqual([viaSdk.id]);
    expect(await call(`${url}/transactions?source=oracle`)).toMatchObject({ status: 200, body: [] });
    expect(await call(`${url}/transactions?source=transfer`)).toMatchObject({ status: 200, body: [] });

    const unknown = await call(`${url}/transactions?source=my-app`);
    expect(unknown).toMatchObject({ status: 400, body: { code: "INVALID_QUERY" } });
    expect((unknown.body as { error: string }).error).toContain("oracle");
  });
});

describe("GET /transactions?kind=", () => {
  test("entries say what they do; the history filters by kind; an unknown kind is a 400", async () => {
    const platform = await startPlatform(devnet.rpcUrl);
    const { url } = await serveAdmin(platform);
    const deployed = await platform.sender.sendTransaction({
      fromWalletId: 2,
      data: encodeDeployData({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ["Kinds", "KND", 18, parseEther("10")],
      }),
    });
    await deployed.wait();
    const called = await platform.sender.sendTransaction({
      fromWalletId: 2,
      to: deployed.contractAddress as `0x${string}`,
      data: encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [recipient, 5n] }),
    });
    const viaApi = await callJson(`${url}/send`, { fromWalletId: 2, toAddress: recipient, amount: "0.1" });
    expect(viaApi.status).toBe(200);

    const all = (await call(`${url}/transactions`)).body as Record<string, unknown>[];
    expect(all.map((entry) => [entry.id, entry.kind, entry.selector])).toEqual([
      [called.record.id + 1, "transfer", null],
      [called.record.id, "call", "0x095ea7b3"],
      [deployed.record.id, "deploy", null],
    ]);
    const calls = await call(`${url}/transactions?kind=call`);
    expect(calls.status).toBe(200);
    expect((calls.body as { id: number }[]).map((entry) => entry.id)).toEqual([called.record.id]);
    const apiTransfers = await call(`${url}/transactions?kind=transfer&source=api`);
    expect((apiTransfers.body as { tx_hash: string }[]).map((entry) => entry.tx_hash)).toEqual([
      (viaApi.body as { hash: string }).hash,
    ]);
    expect(await call(`${url}/transactions?kind=set-code`)).toMatchObject({ status: 200, body: [] });

    const unknown = await call(`${url}/transactions?kind=swap`);
    expect(unknown).toMatchObject({ status: 400, body: { code: "INVALID_QUERY" } });
    expect((unknown.body as { error: string }).error).toContain("deploy");
    expect(await call(`${url}/transactions?kind=call&kind=deploy`)).toMatchObject({ status: 400 });
    // The caller's text is quoted cut short, never echoed whole (a fuzzed 5,000-character kind).
    const long = await call(`${url}/transactions?kind=${"a".repeat(5_000)}`);
    expect(long).toMatchObject({ status: 400, body: { code: "INVALID_QUERY" } });
    const { error } = long.body as { error: string };
    expect(error).toContain(`"${"a".repeat(39)}…"`);
    expect(error.length).toBeLessThan(400);
  });
});
