import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";

// `privnet up --storage postgres://…` against the machine's real PostgreSQL, in a database created
// for this file and dropped after it.

const serverUrl = process.env.PRIVNET_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `privnet_cli_${process.pid}_${randomBytes(4).toString("hex")}`;
let databaseUrl = "";
let cwd = "";

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
  cwd = mkdtempSync(join(tmpdir(), "privnet-cli-pg-"));
});
afterAll(async () => {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

test("privnet up keeps wallets and the contract deployment in PostgreSQL across restarts", async () => {
  const args = [
    "up",
    "--port",
    "0",
    "--oracle-port",
    "0",
    "--chain-port",
    "0",
    "--block-time",
    "0",
    "--storage",
    databaseUrl,
  ];
  const first = runPrivnet(args, { cwd });
  await first.waitFor(/^Press Ctrl-C to stop/m);
  expect(first.output()).toMatch(/✓ storage +postgres postgres:\/\/postgres@127\.0\.0\.1:5432\//);
  expect(first.output()).toMatch(/✓ contracts +deployed/);
  const admin1 = printedUrls(first.output())["Admin API"] as string;
  await fetch(`${admin1}/wallets`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "in postgres" }),
  });
  first.child.kill("SIGINT");
  expect(await first.exited).toBe(0);
  expect(existsSync(join(cwd, ".privnet/privnet.db"))).toBe(false);

  const second = runPrivnet(args, { cwd });
  await second.waitFor(/^Press Ctrl-C to stop/m);
  expect(second.output()).toMatch(/✓ contracts +reused/);
  const admin2 = printedUrls(second.output())["Admin API"] as string;
  const wallets = (await (await fetch(`${admin2}/wallets`)).json()) as { name: string }[];
  expect(wallets.at(-1)?.name).toBe("in postgres");
  second.child.kill("SIGINT");
  expect(await second.exited).toBe(0);
});
