import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@privnet/devnet/vitest";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { createPublicClient, http } from "viem";
import { afterEach, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../../packages/cli/src/testing/runPrivnet.js";
import { checkLedger, cleanLedger } from "./fixtures/checkLedger.js";
import { startSendLoad } from "./fixtures/sendLoad.js";
import { LOAD } from "./reliabilityScale.js";

// `privnet up` with sqlite, killed with SIGKILL while clients send from one wallet, then started
// again on the same database (LOAD.faults times): every acknowledged send is in the history, every transaction the
// chain took is too, and no client was told "not sent" for one that was sent.

const devnet = useDevnet();
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function up(cwd: string, database: string) {
  const run = runPrivnet(
    ["up", "--port", "0", "--rpc-url", devnet.rpcUrl, "--storage", database, "--oracle-port", "0"],
    { cwd, env: { PRIVNET_LOG_FORMAT: "json" } },
  );
  await run.waitFor(/^Press Ctrl-C to stop/m);
  return { run, admin: printedUrls(run.output())["Admin API"] as string };
}

// Write-ahead records (issue 12): a send's record, with its signed bytes, is durable before the
// node sees it; the restart re-submits what the node never got.
test("kill -9 under load with sqlite: nothing acknowledged lost, nothing on chain missing", async () => {
  const cwd = await mkdtemp(join(tmpdir(), "privnet-kill-"));
  dirs.push(cwd);
  const database = join(cwd, "privnet.db");
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  const first = await up(cwd, database);
  const storage0 = sqliteStorage({ path: database });
  const wallet = await storage0.wallets.get(2);
  await storage0.close();
  if (!wallet) throw new Error("wallet 2 is missing");
  const startNonce = await client.getTransactionCount({ address: wallet.address, blockTag: "pending" });

  let current = first;
  const load = startSendLoad({ urls: [first.admin], fromWalletId: 2, clients: LOAD.clients });
  for (let kill = 0; kill < LOAD.faults; kill++) {
    await load.waitFor("acked", LOAD.beforeFault);
    current.run.child.kill("SIGKILL");
    await current.run.exited;
    // Every client finds it gone (refused at connect) and waits for it to come back.
    await load.allParked();
    current = await up(cwd, database);
    load.retarget([current.admin]);
  }
  // Sends go through again: the first does not wait out the dead process's lock lease (section 5).
  await load.waitFor("acked", LOAD.clients);
  const outcome = await load.stop();

  const storage = sqliteStorage({ path: database });
  try {
    const ledger = await checkLedger({ storage, client, address: wallet.address, startNonce, outcome });
    console.info(`[kill -9] ${JSON.stringify({ ...ledger, ...outcome, acked: outcome.acked.length })}`);
    expect(ledger).toMatchObject(cleanLedger);
  } finally {
    await storage.close();
    current.run.child.kill("SIGINT");
    await current.run.exited;
  }
});
