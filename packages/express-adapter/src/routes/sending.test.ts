import { useDevnet } from "@privnet/devnet/vitest";
import { describe, expect, test } from "vitest";
import { call, callJson, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";
const hash = /^0x[0-9a-f]{64}$/;

async function setup() {
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform);
  return { platform, url };
}

describe("POST /send", () => {
  test("sends from a stored wallet: pending answer, then confirmed in the history", async () => {
    const { url, platform } = await setup();
    const { status, body } = await callJson(`${url}/send`, {
      fromWalletId: 2,
      toAddress: recipient,
      amount: "1.5",
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      hash: expect.stringMatching(hash),
      from: devnet.accounts[1]?.address,
      to: recipient,
      amount: "1.5",
      status: "pending",
    });
    const [entry] = (await call(`${url}/transactions?limit=1`)).body as { id: number; tx_hash: string }[];
    expect(entry?.tx_hash).toBe((body as { hash: string }).hash);
    expect(await platform.transactions.wait(entry?.id ?? 0)).toMatchObject({ status: "confirmed" });
    expect((await call(`${url}/balance/${recipient}`)).body).toMatchObject({ balance: "1.5" });
  });

  test("an unknown wallet is a 404, an empty one a 400 INSUFFICIENT_FUNDS; nothing is recorded", async () => {
    const { url, platform } = await setup();
    expect(
      await callJson(`${url}/send`, { fromWalletId: 999, toAddress: recipient, amount: "1" }),
    ).toMatchObject({
      status: 404,
      body: { error: "Wallet 999 not found.", code: "WALLET_NOT_FOUND" },
    });
    const empty = (await callJson(`${url}/wallets`, {})).body as { id: number };
    const poor = await callJson(`${url}/send`, { fromWalletId: empty.id, toAddress: recipient, amount: "1" });
    expect(poor.status).toBe(400);
    expect(poor.body).toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      error: expect.stringContaining("has 0 ETH"),
    });
    expect(await platform.transactions.list()).toEqual([]);
  });

  test("bad amounts and addresses answer with core's code and message", async () => {
    const { url } = await setup();
    const cases: [unknown, unknown, string, string][] = [
      [recipient, "-1", "INVALID_AMOUNT", 'The amount "-1" is not valid: it is negative.'],
      [recipient, "0.0000000000000000001", "INVALID_AMOUNT", "ETH has 18 decimals"],
      [recipient, 1, "INVALID_AMOUNT", "numbers lose precision"],
      [recipient, "0", "INVALID_AMOUNT", "it is zero"],
      [recipient, "1e3", "INVALID_AMOUNT", "exponent notation"],
      ["0x000000000000000000000000000000000000BeeF", "1", "INVALID_ADDRESS", "`toAddress`"],
      ["0x12", "1", "INVALID_ADDRESS", "40 hex digits"],
    ];
    for (const [toAddress, amount, code, message] of cases) {
      const { status, body } = await callJson(`${url}/send`, { fromWalletId: 2, toAddress, amount });
      expect(status, `${toAddress} ${amount}`).toBe(400);
      expect(body).toEqual({ code, error: expect.stringContaining(message) });
    }
    const several = await callJson(`${url}/send`, { toAddress: "0x12", amount: "-1" });
    expect(several.body).toEqual({
      code: "VALIDATION_FAILED",
      error: expect.stringMatching(
        /^fromWalletId: is required; `toAddress` is not a valid address .*; The amount "-1"/,
      ),
    });
  });
});

describe("POST /send-direct", () => {
  test("sends with a key that is not stored and answers once mined", async () => {
    const { url, platform } = await setup();
    const from = devnet.accounts[5];
    const { status, body } = await callJson(`${url}/send-direct`, {
      privateKey: from?.privateKey,
      toAddress: recipient,
      amount: "0.25",
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      hash: expect.stringMatching(hash),
      from: from?.address,
      to: recipient,
      amount: "0.25",
      status: "confirmed",
      blockNumber: 1,
    });
    const [entry] = await platform.transactions.list({ limit: 1 });
    expect(entry).toMatchObject({
      hash: (body as { hash: string }).hash,
      status: "confirmed",
      blockNumber: 1n,
    });
  });

  test("a key without funds is a 400, a malformed key a 400 INVALID_PRIVATE_KEY", async () => {
    const { url, platform } = await setup();
    const poor = await callJson(`${url}/send-direct`, {
      privateKey: `0x${"11".repeat(32)}`,
      toAddress: recipient,
      amount: "1",
    });
    expect(poor).toMatchObject({ status: 400, body: { code: "INSUFFICIENT_FUNDS" } });
    const malformed = await callJson(`${url}/send-direct`, {
      privateKey: "0xzz",
      toAddress: recipient,
      amount: "1",
    });
    expect(malformed).toMatchObject({ status: 400, body: { code: "INVALID_PRIVATE_KEY" } });
    expect(await platform.transactions.list()).toEqual([]);
  });
});

test("private keys from bodies and answers never reach the request log", async () => {
  const { Writable } = await import("node:stream");
  const { pino } = await import("pino");
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform, { logger: pino(sink) });
  const key = devnet.accounts[11]?.privateKey as string;
  await callJson(`${url}/send-direct`, { privateKey: key, toAddress: recipient, amount: "0.1" });
  await callJson(`${url}/send-direct`, { privateKey: key, toAddress: "0x12", amount: "0.1" });
  await callJson(`${url}/wallets/import`, { privateKey: key });
  await call(`${url}/wallets/12`);
  const created = (await callJson(`${url}/wallets`, {})).body as { private_key: string; mnemonic: string };
  expect(lines).toHaveLength(5);
  const text = lines.join("");
  for (const secret of [key, key.slice(2), created.private_key.slice(2), created.mnemonic]) {
    expect(text).not.toContain(secret);
  }
});

describe("GET /transactions", () => {
  test("newest first, with limit, before and address", async () => {
    const { url, platform } = await setup();
    for (const amount of ["1", "2", "3"]) {
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount });
      await platform.transactions.wait(sent.id);
    }
    await platform.sender.sendFromWallet({
      fromWalletId: 3,
      to: devnet.accounts[6]?.address as string,
      amount: "4",
    });
    const all = (await call(`${url}/transactions`)).body as Record<string, unknown>[];
    expect(all.map((entry) => entry.amount)).toEqual(["4", "3", "2", "1"]);
    expect(all[1]).toEqual({
      id: 3,
      tx_hash: expect.stringMatching(hash),
      from_address: devnet.accounts[1]?.address,
      to_address: recipient,
      amount: "3",
      status: "confirmed",
      block_number: 3,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      kind: "transfer",
      selector: null,
    });
    const page = (await call(`${url}/transactions?limit=2&before=3`)).body as { amount: string }[];
    expect(page.map((entry) => entry.amount)).toEqual(["2", "1"]);
    const mine = (await call(`${url}/transactions?address=${devnet.accounts[6]?.address.toLowerCase()}`))
      .body as { amount: string }[];
    expect(mine.map((entry) => entry.amount)).toEqual(["4"]);
  });

  test("answers at most 100 entries; bad parameters are 400", async () => {
    const { url } = await setup();
    for (const query of ["limit=0", "limit=101", "limit=abc", "limit=1.5", "before=0", "before=-3"]) {
      const { status, body } = await call(`${url}/transactions?${query}`);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({
        code: "VALIDATION_FAILED",
        error: expect.stringMatching(/^(limit|before): must be/),
      });
    }
    expect(await call(`${url}/transactions?address=0xabc`)).toMatchObject({
      status: 400,
      body: { code: "INVALID_ADDRESS" },
    });
    expect(await call(`${url}/transactions?limit=100`)).toMatchObject({ status: 200, body: [] });
  });
});

describe("GET /server-status", () => {
  test("answers disks, memory, containers, uptime and timestamp", async () => {
    const { url } = await setup();
    const { status, body } = await call(`${url}/server-status`);
    expect(status).toBe(200);
    expect(body).toEqual({
      disks: expect.any(Array),
      memory: {
        total: expect.any(String),
        used: expect.any(String),
        free: expect.any(String),
        available: expect.any(String),
      },
      runtimeContainers: expect.any(Number),
      uptime: expect.stringMatching(/^\d+d \d+h \d+m$/),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });
});
