import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { AnvilRpc } from "../anvil/clock/createDevnetClock.js";
import { fakeAnvil, requestOf } from "../anvil/clock/fixtures/relayRequests.js";
import { archiveLink } from "./archiveLink.js";
import { type ArchivedBlock, encodeBlock, openChainArchive } from "./chainArchive.js";

const hash = (tag: string) => `0x${tag.padStart(64, "0")}`;
const topic = hash("42");
const logger = "0x00000000000000000000000000000000000000aa";

/** Block `number` with one transaction, which logs once. */
function blockAt(number: number, parent: string): ArchivedBlock {
  const blockHash = hash(`b${number}`);
  const transactionHash = hash(`e${number}`);
  const at = { blockHash, blockNumber: `0x${number.toString(16)}`, transactionIndex: "0x0" };
  const log = {
    address: logger,
    topics: [topic],
    data: "0x",
    ...at,
    transactionHash,
    logIndex: "0x0",
    removed: false,
  };
  return {
    block: {
      number: at.blockNumber,
      hash: blockHash,
      parentHash: parent,
      gasUsed: "0x5208",
      size: "0x300",
      transactions: [{ hash: transactionHash, ...at, nonce: `0x${number.toString(16)}` }],
    },
    receipts: [{ transactionHash, ...at, status: "0x1", logs: [log] }],
  };
}

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-archive-link-"));
  path = join(dir, "chain-state.archive.db");
  const archive = openChainArchive(path);
  const blocks: ArchivedBlock[] = [];
  for (let number = 0; number <= 4; number++)
    blocks.push(blockAt(number, number === 0 ? hash("0") : hash(`b${number - 1}`)));
  archive.put(await Promise.all(blocks.map((block) => encodeBlock(block))));
  archive.close();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** anvil as the link asks it: the chain's block hashes (`onChain`), and logs above the archive. */
function anvilRpc(onChain: (number: number) => string) {
  const asked: string[] = [];
  const rpc: AnvilRpc = async <T>(method: string, params: unknown[]) => {
    asked.push(method);
    if (method === "eth_getBlockByNumber") return { hash: onChain(Number(params[0])) } as T;
    if (method === "eth_getLogs") return [{ blockNumber: "0x5", logIndex: "0x0" }] as T;
    if (method === "eth_chainId") return "0x301824" as T;
    throw new Error(`unexpected ${method}`);
  };
  return { rpc, asked };
}

const bodyOf = (answer: unknown) => (answer as { body: unknown }).body;

describe("the archive link", () => {
  test("answers archived transactions, receipts and blocks itself, as anvil answered them", async () => {
    const anvil = fakeAnvil({ immediate: true });
    const link = archiveLink({ path, rpc: anvilRpc((number) => hash(`b${number}`)).rpc });
    const receipt = await link.handle(
      requestOf([{ method: "eth_getTransactionReceipt", params: [hash("e2")] }]),
      anvil.next,
    );
    expect(bodyOf(receipt)).toEqual({ jsonrpc: "2.0", id: 1, result: blockAt(2, hash("b1")).receipts[0] });
    const block = await link.handle(
      requestOf([{ method: "eth_getBlockByNumber", params: ["0x3", false] }]),
      anvil.next,
    );
    expect(bodyOf(block)).toMatchObject({ result: { hash: hash("b3"), transactions: [hash("e3")] } });
    expect(anvil.received).toEqual([]);
  });

  test("a batch mixing archived and other calls is answered whole, in order, asking anvil for the others", async () => {
    const anvil = fakeAnvil({ immediate: true });
    const { rpc, asked } = anvilRpc((number) => hash(`b${number}`));
    const link = archiveLink({ path, rpc });
    const answer = await link.handle(
      requestOf([
        { method: "eth_chainId" },
        { method: "eth_getTransactionByHash", params: [hash("e1")] },
        { method: "eth_getLogs", params: [{ fromBlock: "0x3", toBlock: "latest", topics: [topic] }] },
      ]),
      anvil.next,
    );
    expect(bodyOf(answer)).toEqual([
      { jsonrpc: "2.0", id: 1, result: "0x301824" },
      { jsonrpc: "2.0", id: 2, result: blockAt(1, hash("b0")).block.transactions[0] },
      {
        jsonrpc: "2.0",
        id: 3,
        result: [
          blockAt(3, hash("b2")).receipts[0]?.logs[0],
          blockAt(4, hash("b3")).receipts[0]?.logs[0],
          { blockNumber: "0x5", logIndex: "0x0" },
        ],
      },
    ]);
    // One check of the archive's top for the whole batch.
    expect(asked.sort()).toEqual(["eth_chainId", "eth_getBlockByNumber", "eth_getLogs"]);
    expect(anvil.received).toEqual([]);
  });

  test("what the archive does not hold, and an archive whose top is no longer on anvil's chain, go to anvil", async () => {
    const anvil = fakeAnvil({ immediate: true });
    const link = archiveLink({ path, rpc: anvilRpc((number) => hash(`b${number}`)).rpc });
    for (const call of [
      { method: "eth_getTransactionReceipt", params: [hash("e9")] },
      { method: "eth_getBlockByNumber", params: ["0x5", true] },
      { method: "eth_getBlockByNumber", params: ["latest", true] },
      { method: "eth_getLogs", params: [{ fromBlock: "0x5" }] },
      { method: "eth_getTransactionReceipt", params: ["not a hash"] },
      { method: "eth_blockNumber" },
    ])
      await link.handle(requestOf([call]), anvil.next);
    expect(anvil.received).toHaveLength(6);

    // A rollback the archive has not caught up with: block 4 is another one now.
    const rolledBack = archiveLink({ path, rpc: anvilRpc((number) => hash(`c${number}`)).rpc });
    const stale = fakeAnvil({ immediate: true });
    await rolledBack.handle(
      requestOf([{ method: "eth_getTransactionReceipt", params: [hash("e2")] }]),
      stale.next,
    );
    expect(stale.received).toHaveLength(1);
  });
});
