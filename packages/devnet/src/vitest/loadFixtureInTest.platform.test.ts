import { parseEther } from "viem";
import { expect } from "vitest";
import { type FixtureContext, loadFixture } from "../exports/index.js";
import { test } from "../exports/vitest.js";
import { funded, payee, runs } from "./fixtures/funded.js";

// The second file of the pair (see loadFixtureInTest.test.ts): the same fixture module, loaded
// on another worker's devnet, and a fixture that takes the platform from the test's context.

let walletRuns = 0;
async function withWallet({ platform, devnet }: FixtureContext) {
  walletRuns++;
  const base = await loadFixture(funded);
  const wallet = await platform.wallets.create({ name: "from the fixture" });
  const sent = await platform.sender.sendWithKey({
    privateKey: devnet.accounts[2]!.privateKey,
    to: wallet.address,
    amount: "2",
  });
  return { ...base, wallet, sent };
}

test("the shared fixture, on this worker's devnet", async ({ testClient }) => {
  await loadFixture(funded);
  expect(runs.funded).toBe(1);
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("1"));
  await testClient.setBalance({ address: payee, value: 0n });
});

test("a fixture given the platform: chain and platform state come back together", async ({
  platform,
  devnet,
}) => {
  const { wallet, sent } = await loadFixture(withWallet);
  expect(walletRuns).toBe(1);
  expect(runs.funded).toBe(1);
  expect(sent.status).toBe("confirmed");
  expect(await platform.client.getBalance({ address: wallet.address })).toBe(parseEther("2"));
  expect(await platform.client.getBalance({ address: payee })).toBe(parseEther("1"));
  await platform.wallets.create({ name: "made by the test" });
  await platform.sender.sendWithKey({
    privateKey: devnet.accounts[3]!.privateKey,
    to: payee,
    amount: "1",
  });
});

test("the next load: the test's wallet and transfer are gone, the fixture's are there", async ({
  platform,
}) => {
  const { wallet, sent } = await loadFixture(withWallet);
  expect(walletRuns).toBe(1);
  const names = (await platform.wallets.list()).map((entry) => entry.name);
  expect(names).toContain("from the fixture");
  expect(names).not.toContain("made by the test");
  expect(await platform.client.getBalance({ address: wallet.address })).toBe(parseEther("2"));
  expect(await platform.client.getBalance({ address: payee })).toBe(parseEther("1"));
  expect((await platform.transactions.list()).map((record) => record.hash)).toContain(sent.hash);
});
