import { createPlatform, type Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { curlRequest, httpRequest } from "@privnet/http/testing";
import { type Hash, http, parseGwei } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminServer, createAdminServer } from "../../server/createAdminServer.js";

// The fault routes on the worker's real embedded devnet, called the way clients call them: JSON
// bodies with fetch, curl's POST without -d, and the chain event stream read as a browser would.
// One platform and server for the file; the tests run in order on one chain.

const devnet = useDevnet({ isolateTests: false });
const token = "s3cret";
const auth = { authorization: `Bearer ${token}` };

let platform: Platform;
let server: AdminServer;
let events: ChainEventStream;
beforeAll(async () => {
  platform = await createPlatform({ transport: http(devnet.rpcUrl), faults: devnet.faults, explorer: false });
  server = await createAdminServer(platform, { port: 0, logger: false, token });
  events = await ChainEventStream.open(`${server.url}/chain/events`);
});
afterAll(async () => {
  events?.close();
  await server?.close();
  await platform?.close();
});

/** GET /chain/events, read as it arrives: each event by name, in order. */
class ChainEventStream {
  readonly #controller = new AbortController();
  readonly #received: { event: string; data: unknown }[] = [];
  readonly #waiters = new Set<() => void>();

  static async open(url: string) {
    const stream = new ChainEventStream();
    const response = await fetch(url, { headers: auth, signal: stream.#controller.signal });
    expect(response.status).toBe(200);
    void stream.#read(response.body as ReadableStream<Uint8Array>);
    return stream;
  }

  async #read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let text = "";
    try {
      for await (const chunk of body) {
        text += decoder.decode(chunk, { stream: true });
        let end = text.indexOf("\n\n");
        while (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) this.#received.push({ event: name, data: JSON.parse(data) });
          end = text.indexOf("\n\n");
        }
        for (const wake of this.#waiters) wake();
      }
    } catch {
      // Aborted by close().
    }
  }

  /** The first event named `name` after the `skip` first ones of that name. */
  async next(name: string, skip = 0): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.#received.filter((entry) => entry.event === name)[skip];
      if (found) return found.data as Record<string, unknown>;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          resolve();
        };
        this.#waiters.add(wake);
      });
    }
  }

  names() {
    return this.#received.map((entry) => entry.event);
  }

  close() {
    this.#controller.abort();
  }
}

const post = (path: string, body: unknown) =>
  httpRequest(`${server.url}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...auth },
  });
const curlPost = (path: string) =>
  curlRequest(`${server.url}${path}`, { method: "POST", headers: [["Authorization", `Bearer ${token}`]] });

describe("fault routes on the embedded devnet", () => {
  test("POST /chain/faults/reorg replaces the blocks; the stream sends chain.reorged and GET /chain/faults lists it", async () => {
    const sent = await platform.sender.sendFromWallet({
      fromWalletId: 2,
      to: "0x00000000000000000000000000000000000000fb",
      amount: "1",
    });
    const mined = await platform.transactions.wait(sent.id);
    await devnet.request("evm_mine");
    const before = await platform.client.getBlock({ blockNumber: mined.blockNumber ?? 0n });

    const answer = await post("/chain/faults/reorg", { depth: 2, extraBlocks: 1 });
    expect(answer.status, answer.text).toBe(200);
    const result = answer.body as {
      depth: number;
      oldHead: { number: number; hash: string };
      newHead: { number: number; hash: string };
      replaced: { number: number; oldHash: string; newHash: string }[];
      orphaned: string[];
      remined: string[];
      dropped: string[];
    };
    expect(result).toMatchObject({ depth: 2, orphaned: [sent.hash], remined: [sent.hash], dropped: [] });
    // Block numbers are JSON integers; the new branch is one block longer.
    expect(result.newHead.number).toBe(result.oldHead.number + 1);
    expect(result.replaced.map((block) => block.number)).toEqual([
      result.oldHead.number - 1,
      result.oldHead.number,
    ]);
    const replaced = result.replaced.find((block) => block.number === Number(before.number));
    expect(replaced).toMatchObject({ oldHash: before.hash });
    const after = await platform.client.getBlock({ blockNumber: before.number });
    expect(after.hash).toBe(replaced?.newHash);
    expect(after.hash).not.toBe(before.hash);

    const streamed = await events.next("chain.reorged");
    expect(streamed).toEqual({ type: "reorged", at: expect.any(String), ...result });
    const history = await httpRequest(`${server.url}/chain/faults?limit=1`, { method: "GET", headers: auth });
    expect(history.body).toEqual({ available: true, events: [streamed] });
  });

  test("POST /chain/faults/drop-pool without a body (curl) answers the pending transactions dropped", async () => {
    await devnet.request("evm_setAutomine", [false]);
    let pending: Hash;
    try {
      const from = devnet.accounts[5]?.address as string;
      pending = await devnet.request<Hash>("eth_sendTransaction", [
        { from, to: "0x00000000000000000000000000000000000000fc", value: "0x1" },
      ]);
      const answer = await curlPost("/chain/faults/drop-pool");
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ dropped: [pending] });
    } finally {
      await devnet.request("evm_setAutomine", [true]);
    }
    expect(await events.next("chain.poolDropped")).toMatchObject({ type: "poolDropped", dropped: [pending] });
    expect(await devnet.request("eth_getTransactionByHash", [pending])).toBeNull();
  });

  test("POST /chain/faults/stall holds the blocks until POST /chain/faults/recover (curl, no body); another fault meanwhile is 409", async () => {
    const answer = await post("/chain/faults/stall", { ms: 600_000 });
    expect(answer.status, answer.text).toBe(200);
    expect(Date.parse((answer.body as { endsAt: string }).endsAt)).toBeGreaterThan(Date.now());
    expect(await events.next("chain.stalled")).toMatchObject({
      type: "stalled",
      ms: 600_000,
      head: expect.any(Number),
    });
    const refused = await post("/chain/faults/reorg", { depth: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "FAULT_IN_PROGRESS", error: expect.any(String) });
    const recovered = await curlPost("/chain/faults/recover");
    expect(recovered.status, recovered.text).toBe(200);
    expect(recovered.body).toEqual({ success: true });
    expect(await events.next("chain.recovered")).toMatchObject({ type: "recovered", fault: "stall" });
  });

  test("POST /chain/faults/fee-spike gives the next blocks its base fee (wei, a decimal string)", async () => {
    const baseFee = parseGwei("321");
    const answer = await post("/chain/faults/fee-spike", { baseFee: baseFee.toString(), blocks: 2 });
    expect(answer.status, answer.text).toBe(200);
    const { fromBlock } = answer.body as { fromBlock: number };
    expect(Number.isInteger(fromBlock)).toBe(true);
    expect(await events.next("chain.feeSpiked")).toMatchObject({
      type: "feeSpiked",
      baseFee: baseFee.toString(),
      blocks: 2,
      fromBlock,
    });
    await devnet.request("evm_mine");
    const block = await platform.client.getBlock({ blockNumber: BigInt(fromBlock) });
    expect(block.baseFeePerGas).toBe(baseFee);
    // The fee spike lasts its blocks; nothing else under way is left for the next file.
    await curlPost("/chain/faults/recover");
    expect(events.names()).toEqual([
      "chain.reorged",
      "chain.poolDropped",
      "chain.stalled",
      "chain.recovered",
      "chain.feeSpiked",
      ...events.names().slice(5),
    ]);
  });
});
