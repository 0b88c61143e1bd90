import { parseEther } from "viem";
import { expect } from "vitest";
import { type FixtureContext, loadFixture } from "../exports/index.js";
import { test } from "../exports/vitest.js";
import { funded, payee, runs, stocked } from "./fixtures/funded.js";

// Hardhat's pattern inside the default `test`: deploy once with loadFixture, each test isolated.
// The fixture module is shared with loadFixtureInTest.platform.test.ts, which runs on another
// worker with a devnet of its own.

test("the first load runs the fixture: its transfer is on chain", async ({ testClient }) => {
  const { hash } = await loadFixture(funded);
  expect(runs.funded).toBe(1);
  expect((await testClient.getTransactionReceipt({ hash })).status).toBe("success");
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("1"));
  await testClient.setBalance({ address: payee, value: 0n });
  await testClient.mine({ blocks: 3 });
});

test("the next test loads the fixture's state again, without the previous test's changes", async ({
  testClient,
}) => {
  const { hash, block } = await loadFixture(funded);
  expect(runs.funded).toBe(1);
  expect(await testClient.getBlockNumber()).toBe(block);
  expect((await testClient.getTransactionReceipt({ hash })).blockNumber).toBe(block);
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("1"));
  await testClient.setBalance({ address: payee, value: 5n });
});

test("what a test did before loading is undone by the load", async ({ testClient }) => {
  await testClient.setBalance({ address: payee, value: 7n });
  await testClient.mine({ blocks: 1 });
  const { block } = await loadFixture(funded);
  expect(await testClient.getBlockNumber()).toBe(block);
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("1"));
});

test("a test that loads nothing starts where the loaded fixture left the chain", async ({ testClient }) => {
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("1"));
  await testClient.setBalance({ address: payee, value: 9n });
});

test("a fixture that loads another: the inner one is not run again", async ({ testClient }) => {
  const { balance } = await loadFixture(stocked);
  expect(runs).toEqual({ funded: 1, stocked: 1 });
  expect(await testClient.getBalance({ address: payee })).toBe(balance);
  await testClient.setBalance({ address: payee, value: 0n });
});

test("the outer fixture loads again from its own snapshot", async ({ testClient }) => {
  await loadFixture(stocked);
  expect(runs).toEqual({ funded: 1, stocked: 1 });
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("3"));
});

test("going back to the inner fixture, then to the outer one, which runs again on it", async ({
  testClient,
}) => {
  await loadFixture(funded);
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("1"));
  await loadFixture(stocked);
  expect(runs).toEqual({ funded: 1, stocked: 2 });
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("3"));
});

let attempts = 0;
async function failsOnce({ testClient }: FixtureContext) {
  attempts++;
  await testClient.setBalance({ address: payee, value: 42n });
  await testClient.mine({ blocks: 1 });
  if (attempts === 1) throw new Error("the deployment failed");
  return { attempts };
}

test("a fixture that fails leaves the chain where the test started, and runs again on the next load", async ({
  testClient,
}) => {
  await expect(loadFixture(failsOnce)).rejects.toThrow("the deployment failed");
  expect(await testClient.getBalance({ address: payee })).toBe(parseEther("3"));
  expect(await loadFixture(failsOnce)).toEqual({ attempts: 2 });
  expect(await testClient.getBalance({ address: payee })).toBe(42n);
});
