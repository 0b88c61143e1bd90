import { describe, expect, test } from "vitest";
import { composeRelay } from "./composeRelay.js";
import { fakeAnvil, requestOf } from "./fixtures/relayRequests.js";
import { ANSWERED_BY_ANVIL, type RelayLink } from "./relayTypes.js";

/** A link that notes its name on the way in and out. */
const noting = (name: string, trail: string[]): RelayLink => ({
  name,
  reads: [],
  async handle(request, next) {
    trail.push(`${name} in`);
    const answer = await next(request);
    trail.push(`${name} out`);
    return answer;
  },
});

describe("a relay chain", () => {
  test("runs its links in the order listed, each one's next the one after it, the last one's anvil", async () => {
    const trail: string[] = [];
    const anvil = fakeAnvil({ immediate: true });
    const handle = composeRelay([noting("a", trail), noting("b", trail)]).to(async (request) => {
      trail.push("anvil");
      return anvil.next(request);
    });
    expect(await handle(requestOf([{ method: "eth_chainId" }]))).toBe(ANSWERED_BY_ANVIL);
    expect(trail).toEqual(["a in", "b in", "anvil", "b out", "a out"]);
  });

  test("a link that answers itself keeps the request from anvil and the links after it", async () => {
    const trail: string[] = [];
    const anvil = fakeAnvil({ immediate: true });
    const refusing: RelayLink = {
      name: "refusing",
      reads: [],
      handle: async () => ({ from: "relay", status: 429, body: { error: "slow down" } }),
    };
    const handle = composeRelay([noting("a", trail), refusing, noting("b", trail)]).to(anvil.next);
    expect(await handle(requestOf([{ method: "eth_chainId" }]))).toEqual({
      from: "relay",
      status: 429,
      body: { error: "slow down" },
    });
    expect(anvil.received).toEqual([]);
    expect(trail).toEqual(["a in", "a out"]);
  });

  test("a request no link waits for reaches anvil in the turn it was handed over", () => {
    const anvil = fakeAnvil();
    const passing: RelayLink = { name: "passing", reads: ["evm_"], handle: (request, next) => next(request) };
    const handle = composeRelay([passing, passing, passing]).to(anvil.next);
    void handle(requestOf([{ method: "evm_mine" }]));
    expect(anvil.received).toHaveLength(1);
  });
});

describe("which bodies a chain parses", () => {
  const chain = composeRelay([
    { name: "time", reads: ["evm_"], handle: (request, next) => next(request) },
    { name: "faults", reads: ["privnet_faults_"], handle: (request, next) => next(request) },
  ]);
  const body = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value));

  test("a body that names no method a link reads is not parsed: no calls", () => {
    expect(
      chain.readCalls(body({ jsonrpc: "2.0", id: 1, method: "eth_getBalance", params: ["0x1"] })),
    ).toEqual([]);
  });

  test("one that does is read whole: every call of a batch, in order, with its id and params", () => {
    const batch = [
      { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
      { jsonrpc: "2.0", id: "b", method: "evm_increaseTime", params: [60] },
      { jsonrpc: "2.0", method: "privnet_faults_status", params: [] },
    ];
    expect(chain.readCalls(body(batch))).toEqual([
      { id: 1, method: "eth_chainId", params: [] },
      { id: "b", method: "evm_increaseTime", params: [60] },
      { method: "privnet_faults_status", params: [] },
    ]);
  });

  test("what is not JSON-RPC has no calls (anvil answers it)", () => {
    expect(chain.readCalls(body('{ "method": "evm_mine", oops'))).toEqual([]);
    expect(chain.readCalls(body('["evm_mine", 1]'))).toEqual([]);
    expect(chain.readCalls(Buffer.alloc(0))).toEqual([]);
  });

  test("a chain whose links read nothing parses nothing", () => {
    const blind = composeRelay([{ name: "gate", reads: [], handle: (request, next) => next(request) }]);
    expect(blind.readCalls(body({ jsonrpc: "2.0", id: 1, method: "evm_mine" }))).toEqual([]);
  });
});
