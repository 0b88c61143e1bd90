import { useDevnet } from "@privnet/devnet/vitest";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { call, callJson, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();
const isoMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const checksummed = /^0x[0-9a-fA-F]{40}$/;

async function setup() {
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform);
  return { platform, url };
}

describe("GET /wallets", () => {
  test("lists every wallet, oldest first, with balance and created_at and no key", async () => {
    const { url } = await setup();
    const { status, body } = await call(`${url}/wallets`);
    expect(status).toBe(200);
    const wallets = body as Record<string, unknown>[];
    expect(wallets).toHaveLength(21);
    for (const wallet of wallets) {
      expect(Object.keys(wallet).sort()).toEqual(["address", "balance", "created_at", "id", "name"]);
      expect(wallet.id).toEqual(expect.any(Number));
      expect(wallet.address).toMatch(checksummed);
      expect(wallet.created_at).toMatch(isoMs);
    }
    expect(wallets[0]).toMatchObject({ id: 1, address: devnet.accounts[0]?.address, balance: "1000000000" });
  });
});

describe("POST /wallets", () => {
  test("creates a wallet: 201 with key, zero balance and a 12-word mnemonic shown once", async () => {
    const { url } = await setup();
    const { status, body } = await callJson(`${url}/wallets`, { name: "alice ✓" });
    expect(status).toBe(201);
    const created = body as Record<string, unknown>;
    expect(Object.keys(created).sort()).toEqual([
      "address",
      "balance",
      "id",
      "mnemonic",
      "name",
      "private_key",
    ]);
    expect(created).toMatchObject({ id: 22, name: "alice ✓", balance: "0" });
    expect(String(created.mnemonic).split(" ")).toHaveLength(12);
    expect(privateKeyToAddress(created.private_key as `0x${string}`)).toBe(created.address);
    const listed = (await call(`${url}/wallets`)).body as Record<string, unknown>[];
    expect(listed.at(-1)).toEqual({
      id: 22,
      name: "alice ✓",
      address: created.address,
      balance: "0",
      created_at: expect.stringMatching(isoMs),
    });
    expect(JSON.stringify(listed)).not.toContain("mnemonic");
  });

  test("an empty or missing body gives the default name", async () => {
    const { url } = await setup();
    const empty = await call(`${url}/wallets`, { method: "POST" });
    expect(empty.status).toBe(201);
    expect((empty.body as { name: string }).name).toMatch(/^Wallet 0x/);
    const object = await callJson(`${url}/wallets`, {});
    expect(object.status).toBe(201);
  });

  test("a name that is not a short string is a 400 and stores nothing", async () => {
    const { url, platform } = await setup();
    for (const name of [42, "x".repeat(101), null, ["a"]]) {
      const { status, body } = await callJson(`${url}/wallets`, { name });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", error: expect.stringMatching(/^name: /) });
    }
    expect(await platform.storage.wallets.list()).toHaveLength(21);
  });
});

describe("POST /wallets/import", () => {
  test("imports a key: 201 with the balance and no key", async () => {
    const { url } = await setup();
    const privateKey = generatePrivateKey();
    const { status, body } = await callJson(`${url}/wallets/import`, {
      name: "ops",
      privateKey: privateKey.slice(2),
    });
    expect(status).toBe(201);
    expect(body).toEqual({ id: 22, name: "ops", address: privateKeyToAddress(privateKey), balance: "0" });
    const details = await call(`${url}/wallets/22`);
    expect((details.body as { private_key: string }).private_key).toBe(privateKey);
  });

  test("an address already stored is a 409", async () => {
    const { url } = await setup();
    const { status, body } = await callJson(`${url}/wallets/import`, {
      privateKey: devnet.accounts[3]?.privateKey,
    });
    expect(status).toBe(409);
    expect(body).toEqual({
      error: `A wallet with address ${devnet.accounts[3]?.address} is already stored.`,
      code: "WALLET_EXISTS",
    });
  });

  test("a malformed key is a 400 INVALID_PRIVATE_KEY with core's message", async () => {
    const { url } = await setup();
    const short = await callJson(`${url}/wallets/import`, { privateKey: "0x1234" });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      error: "The private key is not valid: expected 64 hex digits (32 bytes), got 4.",
      code: "INVALID_PRIVATE_KEY",
    });
    const outOfRange = await callJson(`${url}/wallets/import`, { privateKey: `0x${"f".repeat(64)}` });
    expect(outOfRange.body).toEqual({
      error: "The private key is not valid: it is outside the secp256k1 key range.",
      code: "INVALID_PRIVATE_KEY",
    });
    const missing = await callJson(`${url}/wallets/import`, { name: "x" });
    expect(missing.body).toEqual({ error: "privateKey: is required", code: "VALIDATION_FAILED" });
  });
});

describe("GET /wallets/:id", () => {
  test("answers the wallet with its private key and balance", async () => {
    const { url } = await setup();
    const { status, body } = await call(`${url}/wallets/2`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 2,
      name: expect.any(String),
      address: devnet.accounts[1]?.address,
      private_key: devnet.accounts[1]?.privateKey,
      balance: "1000000000",
      created_at: expect.stringMatching(isoMs),
    });
  });

  test("an unknown id is a 404, a malformed one a 400", async () => {
    const { url } = await setup();
    expect(await call(`${url}/wallets/999`)).toMatchObject({
      status: 404,
      body: { error: "Wallet 999 not found.", code: "WALLET_NOT_FOUND" },
    });
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const { status, body } = await call(`${url}/wallets/${id}`);
      expect(status).toBe(400);
      expect(body).toEqual({
        error: "id: must be a wallet id (a positive integer)",
        code: "VALIDATION_FAILED",
      });
    }
  });
});

describe("DELETE /wallets/:id", () => {
  test("deletes once; the second time is a 404", async () => {
    const { url } = await setup();
    const created = (await callJson(`${url}/wallets`, {})).body as { id: number };
    expect(await call(`${url}/wallets/${created.id}`, { method: "DELETE" })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await call(`${url}/wallets/${created.id}`, { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { code: "WALLET_NOT_FOUND" },
    });
    expect((await call(`${url}/wallets/${created.id}`)).status).toBe(404);
  });
});

describe("GET /balance/:address", () => {
  test("answers ETH and wei for any address, checksummed", async () => {
    const { url } = await setup();
    const address = devnet.accounts[4]?.address as string;
    const { status, body } = await call(`${url}/balance/${address.toLowerCase()}`);
    expect(status).toBe(200);
    expect(body).toEqual({ address, balance: "1000000000", wei: "1000000000000000000000000000" });
    const unused = await call(`${url}/balance/0x000000000000000000000000000000000000dEaD`);
    expect(unused.body).toEqual({
      address: "0x000000000000000000000000000000000000dEaD",
      balance: "0",
      wei: "0",
    });
  });

  test("a malformed address or a wrong checksum is a 400 INVALID_ADDRESS", async () => {
    const { url } = await setup();
    const bad = await call(`${url}/balance/0x1234`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_ADDRESS", error: expect.stringContaining("`address`") });
    const checksum = await call(`${url}/balance/0x000000000000000000000000000000000000DeaD`);
    expect(checksum.body).toMatchObject({
      code: "INVALID_ADDRESS",
      error: expect.stringContaining("checksum (EIP-55) does not match"),
    });
  });
});
