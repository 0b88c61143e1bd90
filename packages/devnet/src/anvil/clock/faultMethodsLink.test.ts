import { describe, expect, test, vi } from "vitest";
import { faultMethodsLink } from "./faultMethodsLink.js";
import { fakeAnvil, fakeConnection, requestOf, settle } from "./fixtures/relayRequests.js";
import { createRelayFaults } from "./relayFaults.js";
import type { ClockRelay, RelayFaultHooks } from "./relayTypes.js";

const relay = { port: 1 } as ClockRelay;
const mines = (call: { method: string }) => call.method === "evm_mine";

function link(hooks: RelayFaultHooks) {
  return faultMethodsLink({ hooks, relay: () => relay, mines, miningMethods: ["evm_mine"] });
}

describe("the fault methods link", () => {
  test("answers a privnet_faults_ call itself (the devnet's own fault controller), never reaching anvil", async () => {
    const faults = createRelayFaults({
      rpc: () => Promise.reject(new Error("no anvil here")),
      restart: () => Promise.reject(new Error("no restarts here")),
    });
    const anvil = fakeAnvil({ immediate: true });
    const answer = await link(faults).handle(
      requestOf([{ method: "privnet_faults_status", id: 7 }]),
      anvil.next,
    );
    expect(answer).toEqual({
      from: "relay",
      body: {
        jsonrpc: "2.0",
        id: 7,
        result: { fault: null, endsAt: null, unreachable: null, feeSpike: null },
      },
    });
    expect(anvil.received).toEqual([]);
    faults.close();
  });

  test("a fault that fails is a JSON-RPC error with its code, and the call is the one asked for", async () => {
    const handle = vi.fn(async () => {
      throw Object.assign(new Error("a base fee spike is under way"), { code: "FAULT_IN_PROGRESS" });
    });
    const answer = await link({ handle, beforeMining: () => undefined }).handle(
      requestOf([{ method: "privnet_faults_feeSpike", id: 3, params: ["0x1", 2] }]),
      fakeAnvil().next,
    );
    expect(handle).toHaveBeenCalledWith(
      { method: "privnet_faults_feeSpike", id: 3, params: ["0x1", 2] },
      relay,
    );
    expect(answer).toEqual({
      from: "relay",
      body: {
        jsonrpc: "2.0",
        id: 3,
        error: {
          code: -32000,
          message: "a base fee spike is under way",
          data: { code: "FAULT_IN_PROGRESS" },
        },
      },
    });
  });

  test("the fault runs once anvil answered the requests before it on the connection", async () => {
    const handle = vi.fn(async () => true);
    const connection = fakeConnection();
    connection.busy();
    const answer = link({ handle, beforeMining: () => undefined }).handle(
      requestOf([{ method: "privnet_faults_release" }], { connection: connection.connection }),
      fakeAnvil().next,
    );
    await settle();
    expect(handle).not.toHaveBeenCalled();
    connection.drain();
    expect(await answer).toMatchObject({ from: "relay", body: { result: true } });
  });

  test("over a WebSocket, or inside a batch, a fault call goes on to anvil as anvil's own", async () => {
    const handle = vi.fn(async () => true);
    const faults = link({ handle, beforeMining: () => undefined });
    const anvil = fakeAnvil({ immediate: true });
    await faults.handle(
      requestOf([{ method: "privnet_faults_status" }], { transport: "websocket" }),
      anvil.next,
    );
    await faults.handle(
      requestOf([{ method: "privnet_faults_status" }, { method: "eth_chainId" }]),
      anvil.next,
    );
    expect(handle).not.toHaveBeenCalled();
    expect(anvil.received).toHaveLength(2);
  });

  test("a request that mines waits for the faults' work first; one that does not, never", async () => {
    let done: (() => void) | undefined;
    const beforeMining = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    const faults = link({ handle: async () => true, beforeMining });
    const anvil = fakeAnvil({ immediate: true });
    void faults.handle(requestOf([{ method: "eth_chainId" }]), anvil.next);
    expect(beforeMining).not.toHaveBeenCalled();
    expect(anvil.received).toHaveLength(1);
    const mined = faults.handle(requestOf([{ method: "eth_chainId" }, { method: "evm_mine" }]), anvil.next);
    await settle();
    expect(anvil.received).toHaveLength(1);
    done?.();
    await mined;
    expect(anvil.received).toHaveLength(2);
  });
});
