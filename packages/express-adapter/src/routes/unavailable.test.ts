import { createPlatform, memoryStorage } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { expect, test } from "vitest";
import { call, callJson, onCleanup, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

// What the API answers when what it stands on is gone: 503 with the JSON error shape, never a 500.

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";

test("a chain that stopped answering is a 503 CHAIN_UNREACHABLE on every route that reads it", async () => {
  const own = await startDevnet({ port: 0, blockTime: 0 });
  onCleanup(() => own.stop());
  const platform = await createPlatform({ transport: http(own.rpcUrl, { retryCount: 0 }) });
  onCleanup(() => platform.close());
  const { url } = await serveAdmin(platform);
  await own.stop();
  const answers = [
    await call(`${url}/wallets`),
    await call(`${url}/wallets/1`),
    await call(`${url}/balance/${recipient}`),
    await call(`${url}/network`),
    await callJson(`${url}/wallets/import`, { privateKey: `0x${"12".repeat(32)}` }),
    await callJson(`${url}/send`, { fromWalletId: 2, toAddress: recipient, amount: "1" }),
    await callJson(`${url}/send-direct`, {
      privateKey: own.accounts[4]?.privateKey,
      toAddress: recipient,
      amount: "1",
    }),
  ];
  for (const answer of answers) {
    expect(answer.status, answer.text).toBe(503);
    expect(answer.body).toEqual({
      error: "The chain's JSON-RPC endpoint did not answer.",
      code: "CHAIN_UNREACHABLE",
    });
  }
  // Nothing was half-written: the import did not store a wallet without its balance.
  expect(await platform.storage.wallets.list()).toHaveLength(21);
});

test("a closed database is a 503, and so is a closed platform", async () => {
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform);
  await platform.storage.close();
  expect(await call(`${url}/transactions`)).toMatchObject({ status: 503, body: { code: "STORAGE_CLOSED" } });
  await platform.close();
  expect(await call(`${url}/wallets`)).toMatchObject({
    status: 503,
    body: { error: "The platform is closed.", code: "PLATFORM_CLOSED" },
  });
});

test("an encrypted key without the passphrase is a 503 WALLET_LOCKED, not the client's fault", async () => {
  const storage = memoryStorage();
  const sealed = await startPlatform(devnet.rpcUrl, { storage, encryptionPassphrase: "correct horse" });
  const created = await sealed.wallets.create({ name: "sealed" });
  const unsealed = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage,
    registerSystemWallets: false,
  });
  const { url } = await serveAdmin(unsealed);
  const { status, body } = await call(`${url}/wallets/${created.id}`);
  expect(status).toBe(503);
  expect(body).toMatchObject({ code: "WALLET_LOCKED" });
  expect(JSON.stringify(body)).not.toContain(created.privateKey.slice(2));
});

test("a body over the limit is a 413 and writes nothing", async () => {
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform, { bodyLimit: 200 });
  const { status, body } = await callJson(`${url}/wallets`, { name: "x".repeat(300) });
  expect(status).toBe(413);
  expect(body).toEqual({ error: "The request body is too large.", code: "BODY_TOO_LARGE" });
  expect(await platform.storage.wallets.list()).toHaveLength(21);
});
