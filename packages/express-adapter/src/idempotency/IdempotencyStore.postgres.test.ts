import { randomBytes } from "node:crypto";
import { useDevnet } from "@privnet/devnet/vitest";
import { postgresStorage } from "@privnet/storage-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { callJson, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

// Idempotency on PostgreSQL, the store several servers share: keys hold across servers, and keyed
// sends do not hold the database's lock connections while they run (the sender needs them).

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";
const serverUrl = process.env.PRIVNET_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `privnet_idem_${process.pid}_${randomBytes(4).toString("hex")}`;
let databaseUrl = "";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
});
afterAll(() => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

describe("Idempotency-Key on PostgreSQL", () => {
  test("more keyed sends at once than the store has lock connections all complete", async () => {
    const storage = postgresStorage({
      connectionString: databaseUrl,
      schema: "many_keys",
      maxLockConnections: 2,
    });
    const platform = await startPlatform(devnet.rpcUrl, { storage });
    const { url } = await serveAdmin(platform);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        callJson(
          `${url}/send`,
          { fromWalletId: 2, toAddress: recipient, amount: "0.1" },
          { headers: { "idempotency-key": `many-${index}` } },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await platform.transactions.list()).toHaveLength(6);
  });

  test("two servers sharing one database send a duplicated request once", async () => {
    const schema = "two_servers";
    const one = await startPlatform(devnet.rpcUrl, {
      storage: postgresStorage({ connectionString: databaseUrl, schema }),
    });
    const two = await startPlatform(devnet.rpcUrl, {
      storage: postgresStorage({ connectionString: databaseUrl, schema }),
      registerSystemWallets: false,
    });
    const [first, second] = await Promise.all([serveAdmin(one), serveAdmin(two)]);
    const body = { privateKey: devnet.accounts[10]?.privateKey, toAddress: recipient, amount: "1" };
    const headers = { "idempotency-key": "shared" };
    const answers = await Promise.all([
      callJson(`${first?.url}/send-direct`, body, { headers }),
      callJson(`${second?.url}/send-direct`, body, { headers }),
      callJson(`${first?.url}/send-direct`, body, { headers }),
      callJson(`${second?.url}/send-direct`, body, { headers }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(3);
    expect(await one.transactions.list()).toHaveLength(1);
  });
});
