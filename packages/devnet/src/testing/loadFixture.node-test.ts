// node:test, without Vitest: loadFixture and `await using`. Run by loadFixture.test.ts
// (`node --import tsx --test`), or alone: node --import tsx --conditions=source --test <this file>
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createPlatform, type Platform } from "@privnet/core";
import { http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startDevnet } from "../anvil/startDevnet.js";
import { loadFixture } from "./loadFixture.js";

const stranger = privateKeyToAccount(`0x${"51".repeat(32)}`).address;
let runs = 0;
const made: { stop(): Promise<void> }[] = [];

async function deployed() {
  runs++;
  const devnet = await startDevnet({ port: 0, blockTime: 0 });
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
  made.push({
    async stop() {
      await platform.close();
      await devnet.stop();
    },
  });
  return { devnet, platform };
}

after(async () => {
  for (const entry of made) await entry.stop();
});

test("the first load runs the fixture", async () => {
  const { platform, devnet } = await loadFixture(deployed);
  assert.equal(runs, 1);
  const [, sender] = devnet.accounts;
  assert.ok(sender);
  await platform.sender.sendWithKey({
    privateKey: sender.privateKey,
    to: stranger,
    amount: "3",
  });
  assert.equal(await platform.client.getBalance({ address: stranger }), parseEther("3"));
});

test("a later load reverts to the fixture's snapshot and returns the same objects", async () => {
  const first = await loadFixture(deployed);
  const again = await loadFixture(deployed);
  assert.equal(runs, 1);
  assert.equal(again.platform, first.platform);
  assert.equal(await again.platform.client.getBalance({ address: stranger }), 0n);
  const { addresses } = await again.platform.contracts.get();
  assert.notEqual(await again.platform.client.getCode({ address: addresses.lendingPool }), undefined);
});

test("`await using` stops the devnet and closes the platform at the end of the block", async () => {
  let pid: number;
  let platformOutside: Platform;
  {
    await using devnet = await startDevnet({ port: 0, blockTime: 0 });
    await using platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    pid = devnet.pid;
    platformOutside = platform;
    assert.equal((await platform.network.info()).chainId, 3151908);
  }
  assert.throws(() => process.kill(pid, 0), { code: "ESRCH" });
  await assert.rejects(platformOutside.network.info(), { code: "PLATFORM_CLOSED" });
});
