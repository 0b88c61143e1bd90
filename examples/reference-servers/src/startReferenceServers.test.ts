import { randomBytes } from "node:crypto";
import { useDevnet } from "@privnet/devnet/vitest";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startReferenceServers } from "./startReferenceServers.js";

const devnet = useDevnet({ isolateTests: false });
const connectionString = process.env.PRIVNET_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// A schema of this run's own on the shared database, dropped afterwards.
const schema = `example_${randomBytes(4).toString("hex")}`;
let servers: Awaited<ReturnType<typeof startReferenceServers>>;

beforeAll(async () => {
  servers = await startReferenceServers({
    rpcUrl: devnet.rpcUrl,
    connectionString,
    schema,
    adminPort: 0,
    oraclePort: 0,
    logger: false,
  });
}, 60_000);

afterAll(async () => {
  await servers?.close();
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
});

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("the admin and oracle APIs over HTTP, on PostgreSQL", () => {
  test("admin: a wallet is created, funded by a send, and the send is in the history", async () => {
    const created = await json(`${servers.adminUrl}/wallets`, post({ name: "alice" }));
    expect(created.status).toBe(201);
    const sent = await json(
      `${servers.adminUrl}/send`,
      post({ fromWalletId: 2, toAddress: created.body.address, amount: "0.5" }),
    );
    expect(sent).toMatchObject({ status: 200, body: { status: "pending", amount: "0.5" } });
    await servers.platform.transactions.wait(
      (await servers.platform.transactions.list()).find((entry) => entry.hash === sent.body.hash)?.id ?? -1,
    );
    const history = await json(`${servers.adminUrl}/transactions`);
    expect(JSON.stringify(history.body)).toContain(String(sent.body.hash));
    const balance = await json(`${servers.adminUrl}/balance/${created.body.address}`);
    expect(balance.body).toMatchObject({ balance: "0.5" });
  });

  test("admin: bad input is a 400 with { error, code }", async () => {
    const bad = await json(
      `${servers.adminUrl}/send`,
      post({ fromWalletId: 2, toAddress: "0x123", amount: "1" }),
    );
    expect(bad).toMatchObject({ status: 400, body: { code: "INVALID_ADDRESS" } });
    expect(typeof bad.body.error).toBe("string");
  });

  test("oracle: set a price, read it back from the chain", async () => {
    const set = await json(`${servers.oracleUrl}/set-price`, post({ symbol: "ETH", price: "1800" }));
    expect(set).toMatchObject({ status: 200, body: { success: true, symbol: "ETH", price: "1800" } });
    const read = await json(`${servers.oracleUrl}/price/ETH`);
    expect(read).toMatchObject({ status: 200, body: { price: "1800", isStale: false } });
  });

  test("what the platform stored is in PostgreSQL, in the run's schema", async () => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM ${schema}.wallets WHERE name = 'alice'`,
      );
      expect(rows[0]).toEqual({ n: 1 });
    } finally {
      await client.end();
    }
  });
});
