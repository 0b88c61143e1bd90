import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createAdminServer } from "@privnet/express-adapter";
import { createOracleServer } from "@privnet/oracle-http";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { createPublicClient, http } from "viem";
import { expect, test } from "vitest";
import { checkLedger, cleanLedger } from "./fixtures/checkLedger.js";
import { repeatFault } from "./fixtures/repeatFault.js";
import { startSendLoad } from "./fixtures/sendLoad.js";
import { settleAcknowledged } from "./fixtures/settleAcknowledged.js";
import { LOAD } from "./reliabilityScale.js";

// The chain (anvil, with its state file) stopped and started again under running servers: while
// it is down every send is a 503 CHAIN_UNREACHABLE in JSON and the health checks say so; once it
// is back the servers recover by themselves, and the ledger holds.

test("chain stopped and restarted under the servers: 503 JSON while down, recovery by itself", async () => {
  const dir = await mkdtemp(join(tmpdir(), "privnet-chain-restart-"));
  const statePath = join(dir, "chain-state.json");
  let chain = await startDevnet({ port: 0, blockTime: 1, statePath });
  const port = chain.port;
  const storage = sqliteStorage({ path: join(dir, "privnet.db") });
  const platform = await createPlatform({
    transport: http(chain.rpcUrl, { retryCount: 1 }),
    storage,
    contracts: true,
    oracle: { maxAttempts: 1 },
  });
  const admin = await createAdminServer(platform, { port: 0, logger: false });
  const oracle = await createOracleServer(platform, { port: 0, logger: false, startLoop: false });
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  try {
    const wallet = await platform.wallets.get(2);
    const startNonce = await client.getTransactionCount({ address: wallet.address, blockTag: "pending" });
    const load = startSendLoad({ urls: [admin.url], fromWalletId: 2, clients: LOAD.clients });
    const downtimeAnswers = await repeatFault(load, {
      fail: () => chain.stop(),
      async whileDown() {
        // The health checks tell, in JSON.
        for (const url of [`${admin.url}/health`, `${oracle.url}/health`]) {
          const health = await fetch(url);
          expect(health.status, url).toBe(503);
          expect(health.headers.get("content-type"), url).toMatch(/^application\/json/);
        }
      },
      async heal() {
        // Nothing restarts but the chain: sends go through again by themselves.
        chain = await startDevnet({ port, blockTime: 1, statePath });
      },
    });
    for (const url of [`${admin.url}/health`, `${oracle.url}/health`])
      expect((await fetch(url)).status).toBe(200);
    const outcome = await load.stop();
    // While the chain was down, the only answer was "the chain does not answer" (and never a 500).
    expect(Object.keys(downtimeAnswers)).toEqual(["503 CHAIN_UNREACHABLE"]);
    // The node came back with its blocks but maybe not its pool: every acknowledged send is
    // rebroadcast from its stored bytes and ends confirmed, none failed, none confirmed twice.
    const settled = await settleAcknowledged({ platform, storage, address: wallet.address }, outcome.acked);
    expect(settled.failed.map((record) => `${record.hash} (nonce ${record.nonce})`)).toEqual([]);
    expect(settled.confirmed).toHaveLength(outcome.acked.length);
    const ledger = await checkLedger({ storage, client, address: wallet.address, startNonce, outcome });
    console.info(`[chain restart] ${JSON.stringify({ ...ledger, ...outcome, acked: outcome.acked.length })}`);
    expect(ledger).toMatchObject(cleanLedger);
  } finally {
    await oracle.close();
    await admin.close();
    await platform.close();
    await chain.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
