import { useDevnet } from "@privnet/devnet/vitest";
import { RawJsonNumber, sweepMalformedInput } from "@privnet/http/testing";
import { generatePrivateKey } from "viem/accounts";
import { expect, test } from "vitest";
import { errorBody } from "../schemas/errors.js";
import { call, serveAdmin, startPlatform } from "../testing/adminTestServer.js";
import { adminRoutes } from "./index.js";

// Fires malformed input at every route (the sweep of @privnet/http/testing, which the oracle API
// runs too): the API must answer every one with a 4xx and the `{ error, code }` body, never a 5xx
// or HTML, and write nothing (no wallet, no history entry, no transaction on the chain).

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";
const huge = (text: string) => new RawJsonNumber(text);

/** Values no field of any route accepts in place of a string or id. */
const wrongTypes: unknown[] = [null, true, {}, [], ["0.5"], { $gt: 0 }];

/** Per field: bad values, each tried alone in an otherwise valid body. */
const badFieldValues: Record<string, unknown[]> = {
  name: [42, "x".repeat(101), ...wrongTypes.filter((value) => value !== null)],
  privateKey: [
    "",
    "0x",
    `0x${"g".repeat(64)}`,
    `0x${"f".repeat(64)}`,
    `0x${"0".repeat(64)}`,
    `0x${"ab".repeat(33)}`,
    "０x".padEnd(66, "１"),
    huge("1e400"),
    huge("12345678901234567890"),
    ...wrongTypes,
  ],
  toAddress: [
    "",
    "0x1234",
    "0x000000000000000000000000000000000000BeeF",
    `0x${"g".repeat(40)}`,
    " 0x000000000000000000000000000000000000beef",
    "0x000000000000000000000000000000000000ｂｅｅｆ",
    "vitalik.eth",
    0xbeef,
    ...wrongTypes,
  ],
  amount: [
    "",
    "-1",
    "-0.5",
    "0",
    "0.0",
    "1.0000000000000000001",
    "1e18",
    "0x10",
    " 1",
    "1 ",
    "1,5",
    "１",
    "NaN",
    "Infinity",
    "💸",
    0.5,
    1,
    huge("1e400"),
    huge("100000000000000000000000000000000000000000000000000000000000000000000000000000000"),
    -1,
    ...wrongTypes,
  ],
  interval: [-1, 1.5, "1000", huge("1e400"), ...wrongTypes.filter((value) => value !== null), null],
  depth: [0, 65, 1.5, "2", huge("1e400"), ...wrongTypes],
  ms: [0, -1, 600_001, 1.5, "1000", huge("1e400"), ...wrongTypes],
  baseFee: ["", "0", "-1", "1.5", "0x10", "18446744073709551616", 100, huge("1e400"), ...wrongTypes],
  blocks: [0, 1_001, 1.5, "2", ...wrongTypes],
  fromWalletId: [
    0,
    -1,
    1.5,
    "2",
    huge("1e400"),
    huge("9007199254740993"),
    huge("1e21"),
    huge("-0"),
    "💩",
    ...wrongTypes,
  ],
};

const validBodies: Record<string, () => Record<string, unknown>> = {
  "post /wallets": () => ({ name: "fine" }),
  "post /wallets/import": () => ({ name: "fine", privateKey: generatePrivateKey() }),
  "post /send": () => ({ fromWalletId: 2, toAddress: recipient, amount: "1" }),
  // The literal path names no bot, so even a valid body ends in a 404 and nothing starts.
  "post /bots/:name/start": () => ({ interval: 1000 }),
  // Bad values of the controls' bodies never create, start or change anything.
  "post /bots/instances": () => ({ scenario: "transfer", name: "fine" }),
  "post /bots/groups/:group": () => ({ txPerBlock: 10 }),
  "post /traffic/import": () => ({ version: 1, bots: [] }),
  "post /traffic/validate": () => ({ version: 1, bots: [] }),
  // No code at the address: refused (NO_CONTRACT_CODE), nothing registered.
  "post /contracts": () => ({ name: "fine", address: recipient, abi: [] }),
  // The literal paths name no address: 400 whatever the body.
  "post /contracts/:address/read": () => ({ function: "symbol", args: [] }),
  // A folder that is not there: refused (ARTIFACTS_UNREADABLE), nothing loaded.
  "post /contracts/artifacts": () => ({ dir: "/nonexistent/privnet-artifacts" }),
  "put /labels/:address": () => ({ label: "fine" }),
  // Simulations write nothing on the chain nor in the store (unless saved).
  "post /chain/simulate": () => ({ calls: [{ from: recipient, to: recipient, value: "0" }] }),
  // The literal path names no transaction: 400 whatever the body.
  "post /chain/transactions/:hash/rerun": () => ({ value: "1" }),
  // The platform here has no faults: a valid fault is refused (FAULTS_UNAVAILABLE), nothing happens.
  "post /chain/faults/reorg": () => ({ depth: 2 }),
  "post /forks": () => ({ ttlSeconds: 60 }),
  "post /chain/faults/restart": () => ({ keepPool: false }),
  "post /chain/faults/stall": () => ({ ms: 1000 }),
  "post /chain/faults/unreachable": () => ({ ms: 1000 }),
  "post /chain/faults/fee-spike": () => ({ baseFee: "100000000000", blocks: 2 }),
  "post /send-direct": () => ({
    privateKey: devnet.accounts[9]?.privateKey,
    toAddress: recipient,
    amount: "1",
  }),
};

/** Bad path and query values, for the routes that take them. */
const badPaths: Record<string, string[]> = {
  "get /wallets/:id": [
    "/wallets/0",
    "/wallets/-1",
    "/wallets/1.5",
    "/wallets/abc",
    "/wallets/%F0%9F%92%A9",
    "/wallets/1e3",
    "/wallets/99999999999999999999",
    "/wallets/%00",
  ],
  "delete /wallets/:id": [
    "/wallets/0",
    "/wallets/abc",
    "/wallets/%E2%80%AE1",
    "/wallets/123456789012345678901234567890",
  ],
  "get /balance/:address": [
    "/balance/0x12",
    "/balance/%F0%9F%92%A9",
    "/balance/0x000000000000000000000000000000000000BeeF",
    `/balance/0x${"0".repeat(400)}`,
  ],
  "get /transactions": [
    "/transactions?limit=0",
    "/transactions?limit=-5",
    "/transactions?limit=1e2",
    "/transactions?limit=101",
    "/transactions?limit=99999999999999999999",
    "/transactions?limit=1&limit=2",
    "/transactions?before=%F0%9F%92%A9",
    "/transactions?before=0",
    "/transactions?address=0xabc",
    "/transactions?address=",
    "/transactions?source=",
    "/transactions?source=nope",
    "/transactions?source=ORACLE",
    `/transactions?source=${"a".repeat(101)}`,
    "/transactions?source=oracle&source=lending",
  ],
  "get /bots/:name/logs": ["/bots/transfer/logs?limit=0", "/bots/transfer/logs?limit=501"],
  "get /chain/blocks": [
    "/chain/blocks?limit=0",
    "/chain/blocks?limit=101",
    "/chain/blocks?cursor=abc",
    "/chain/blocks?cursor=-1",
    `/chain/blocks?cursor=${"9".repeat(65)}`,
  ],
  "get /chain/block-gas": [
    "/chain/block-gas?blocks=0",
    "/chain/block-gas?blocks=121",
    "/chain/block-gas?blocks=x",
  ],
  "get /chain/blocks/:numberOrHash": [
    "/chain/blocks/latest",
    "/chain/blocks/-1",
    "/chain/blocks/0x12",
    "/chain/blocks/1e3",
  ],
  "get /chain/transactions/:hash": ["/chain/transactions/0x12", `/chain/transactions/0x${"g".repeat(64)}`],
  "get /chain/simulations/:id": ["/chain/simulations/x", `/chain/simulations/${"a".repeat(65)}`],
  "get /chain/addresses/:address": [
    "/chain/addresses/0x12",
    "/chain/addresses/0x000000000000000000000000000000000000beef?cursor=x:y",
    "/chain/addresses/0x000000000000000000000000000000000000beef?limit=0",
  ],
  "get /chain/faults": ["/chain/faults?limit=0", "/chain/faults?limit=201", "/chain/faults?limit=x"],
  "get /chain/search": ["/chain/search", "/chain/search?q=", `/chain/search?q=${"a".repeat(201)}`],
  "get /contracts/:address": ["/contracts/0x12", "/contracts/0x000000000000000000000000000000000000BeeF"],
  "delete /labels/:address": ["/labels/0x12", "/labels/%F0%9F%92%A9"],
};

test("malformed input at every route: a 4xx with the JSON error shape, and nothing written", async () => {
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform);
  const sender = devnet.accounts[1]?.address as `0x${string}`;
  const before = {
    wallets: await platform.storage.wallets.list(),
    transactions: await platform.storage.transactions.list({ limit: 1000 }),
    block: await platform.client.getBlockNumber({ cacheTime: 0 }),
    nonce: await platform.client.getTransactionCount({ address: sender }),
    bots: (await call(`${url}/bots/status`)).body,
    labels: await platform.storage.explorer?.labels.list(),
    registered: await platform.storage.explorer?.contracts.list(),
    artifacts: await platform.contracts.artifacts(),
  };

  const requests = await sweepMalformedInput({
    url,
    routes: adminRoutes,
    errorSchema: errorBody,
    validBodies,
    badFieldValues,
    badPaths,
  });

  expect(requests).toBeGreaterThan(300);
  expect(await platform.storage.wallets.list()).toEqual(before.wallets);
  expect(await platform.storage.transactions.list({ limit: 1000 })).toEqual(before.transactions);
  expect(await platform.client.getBlockNumber({ cacheTime: 0 })).toBe(before.block);
  expect(await platform.client.getTransactionCount({ address: sender })).toBe(before.nonce);
  expect((await call(`${url}/bots/status`)).body).toEqual(before.bots);
  expect(await platform.storage.explorer?.labels.list()).toEqual(before.labels);
  expect(await platform.storage.explorer?.contracts.list()).toEqual(before.registered);
  expect(await platform.contracts.artifacts()).toEqual(before.artifacts);
});
