import { createPlatform, type Platform } from "@privnet/core";
import { createTcpProxy } from "@privnet/devnet/faults";
import { useDevnet } from "@privnet/devnet/vitest";
import { type AdminServer, createAdminServer } from "@privnet/express-adapter";
import { postgresStorage } from "@privnet/storage-postgres";
import { createPublicClient, http } from "viem";
import { afterEach, expect, test } from "vitest";
import { describeWithPostgres } from "../../packages/storage-postgres/src/fixtures/describeWithPostgres.js";
import { checkLedger, cleanLedger } from "./fixtures/checkLedger.js";
import { repeatFault } from "./fixtures/repeatFault.js";
import { startSendLoad } from "./fixtures/sendLoad.js";
import { LOAD } from "./reliabilityScale.js";

// PostgreSQL under load: restarted (through a TCP proxy in front of 127.0.0.1:5432, never the
// machine's shared server), and shared by two servers sending from one wallet.

const devnet = useDevnet();
const client = createPublicClient({ transport: http(devnet.rpcUrl) });
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function serve(
  connectionString: string,
  schema: string,
): Promise<{ platform: Platform; admin: AdminServer }> {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: postgresStorage({ connectionString, schema }),
  });
  stops.push(() => platform.close());
  const admin = await createAdminServer(platform, { port: 0, logger: false });
  stops.push(() => admin.close());
  return { platform, admin };
}

describeWithPostgres("reliability: PostgreSQL", (databaseUrl) => {
  // Write-ahead records (issue 12): the record is written before the submission, so a storage
  // failure answers 503 STORAGE_UNREACHABLE before anything reaches the node, and the watcher
  // keeps outcomes it could not write until PostgreSQL is back.
  test("PostgreSQL restarted under load: STORAGE_UNREACHABLE while down, nothing lost, tracking resumes", async () => {
    const target = new URL(databaseUrl());
    const proxy = await createTcpProxy({
      target: { host: target.hostname, port: Number(target.port || 5432) },
    });
    stops.push(() => proxy.close());
    const proxied = new URL(target);
    proxied.port = String(proxy.port);
    const { platform, admin } = await serve(proxied.toString(), "restart");
    const wallet = await platform.wallets.get(2);
    const startNonce = await client.getTransactionCount({ address: wallet.address, blockTag: "pending" });

    const load = startSendLoad({ urls: [admin.url], fromWalletId: 2, clients: LOAD.clients });
    const downtimeAnswers = await repeatFault(load, { fail: () => proxy.cut(), heal: () => proxy.restore() });
    const outcome = await load.stop();

    // Read through a connection of its own, not the proxy.
    const reader = postgresStorage({ connectionString: databaseUrl(), schema: "restart" });
    stops.push(() => reader.close());
    const ledger = await checkLedger({
      storage: reader,
      client,
      address: wallet.address,
      startNonce,
      outcome,
    });
    console.info(
      `[postgres restart] ${JSON.stringify({ ...ledger, ...outcome, acked: outcome.acked.length })}`,
    );
    expect(ledger).toMatchObject(cleanLedger);
    // The chain was up the whole time: a storage fault is never reported as the chain's.
    expect(Object.keys(downtimeAnswers)).toEqual(["503 STORAGE_UNREACHABLE"]);
    // Records left pending by the outage are tracked again once PostgreSQL is back.
    await expect
      .poll(
        async () =>
          (await reader.transactions.list({ limit: 1, status: "pending", address: wallet.address })).length,
        {
          timeout: 60_000,
        },
      )
      .toBe(0);
  });

  test("two servers on one database sending from one wallet: no nonce shared, nothing lost", async () => {
    const first = await serve(databaseUrl(), "shared");
    const second = await serve(databaseUrl(), "shared");
    const wallet = await first.platform.wallets.get(2);
    const startNonce = await client.getTransactionCount({ address: wallet.address, blockTag: "pending" });
    const load = startSendLoad({
      urls: [first.admin.url, second.admin.url],
      fromWalletId: 2,
      clients: LOAD.clients,
    });
    await load.waitFor("acked", LOAD.beforeFault * LOAD.faults);
    const outcome = await load.stop();
    const ledger = await checkLedger({
      storage: first.platform.storage,
      client,
      address: wallet.address,
      startNonce,
      outcome,
    });
    console.info(`[two servers] ${JSON.stringify({ ...ledger, ...outcome, acked: outcome.acked.length })}`);
    expect(ledger).toMatchObject(cleanLedger);
    expect(outcome.refused).toEqual({});
    // Every acknowledged send took a nonce of its own.
    expect(ledger.sentOnChain).toBe(outcome.acked.length);
  });
});
