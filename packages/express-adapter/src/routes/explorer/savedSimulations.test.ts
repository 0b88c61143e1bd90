import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StorageAdapter } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { postgresStorage } from "@privnet/storage-postgres";
import { sqliteStorage } from "@privnet/storage-sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, callJson, onCleanup, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";

// A saved simulation is kept by the storage adapter: opened again by its link after the server and
// its platform restarted, on SQLite and on PostgreSQL, exactly as it was answered.

const devnet = useDevnet();
const keyless = "0x00000000000000000000000000000000000a11ce";
const serverUrl = process.env.PRIVNET_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `privnet_sims_${process.pid}_${randomBytes(4).toString("hex")}`;
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

async function saveThenReopen(storage: () => StorageAdapter) {
  const before = await startPlatform(devnet.rpcUrl, { storage: storage() });
  const first = await serveAdmin(before);
  const saved = await callJson(`${first.url}/chain/simulate`, {
    overrides: { [keyless]: { balance: "5" } },
    calls: [
      { from: keyless, to: "0x0000000000000000000000000000000000000b0b", value: "1.25" },
      { from: keyless, to: "0x0000000000000000000000000000000000000ca1", value: "2" },
    ],
    save: true,
  });
  expect(saved.status).toBe(200);
  const { id } = saved.body as { id: string };
  await first.close();
  await before.close();

  const after = await startPlatform(devnet.rpcUrl, { storage: storage() });
  const second = await serveAdmin(after);
  const opened = await call(`${second.url}/chain/simulations/${id}`);
  expect(opened).toMatchObject({ status: 200, body: saved.body });
  expect(opened.body).toMatchObject({
    calls: [
      {
        stateChanges: {
          balances: expect.arrayContaining([expect.objectContaining({ delta: "-1250000000000000000" })]),
        },
      },
      {
        stateChanges: {
          balances: expect.arrayContaining([expect.objectContaining({ delta: "-2000000000000000000" })]),
        },
      },
    ],
  });
}

describe("saved simulations survive a restart", () => {
  test("on SQLite", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-simulations-"));
    onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
    await saveThenReopen(() => sqliteStorage({ path: join(dir, "privnet.db") }));
  });

  test("on PostgreSQL", async () => {
    await saveThenReopen(() => postgresStorage({ connectionString: databaseUrl, schema: "simulations" }));
  });
});
