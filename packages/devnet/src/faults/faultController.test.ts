import {
  type ChainFaultEvent,
  FaultError,
  FaultInProgressError,
  FaultUnsupportedError,
  InvalidFaultError,
  isPrivnetError,
} from "@privnet/core";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { faultsUrlOf } from "../anvil/faultsUrls.js";
import { type Devnet, startDevnet } from "../anvil/startDevnet.js";
import { createDevnetFaults } from "./createDevnetFaults.js";

// The devnet's fault controller, in the relay: one fault at a time, the timed faults' ends pushed
// to every client as they happen, and core's fault errors, one class per code.

let devnet: Devnet;
let faultsUrl: string;
/** A JSON-RPC call to the relay's faults port, as any client makes it. */
const relayCall = async <T>(method: string, params: unknown[] = []) => {
  const response = await fetch(faultsUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
};

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 0 });
  faultsUrl = faultsUrlOf(devnet) as string;
});
afterAll(() => devnet?.stop());
afterEach(async () => {
  vi.restoreAllMocks();
  await devnet.faults.recover();
});

describe("one fault schema, one error family", () => {
  test("a base fee of 0 is refused by the devnet itself: FAULT_INVALID naming baseFee and its rule", async () => {
    const refused = await devnet.faults.feeSpike({ baseFee: 0n, blocks: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidFaultError);
    expect(refused).toMatchObject({
      code: "FAULT_INVALID",
      field: "baseFee",
      rule: expect.stringContaining("wei from 1 to 18446744073709551615"),
    });
    // Nothing was under way: the next fault is not refused as in progress.
    await devnet.faults.feeSpike({ baseFee: 1n, blocks: 1 });
  });

  test("each refusal is its code's class, built on FaultError, so instanceof and isPrivnetError narrow it", async () => {
    const invalid = await devnet.faults.stall({ ms: 0 }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(InvalidFaultError);
    expect(invalid).toBeInstanceOf(FaultError);
    expect(isPrivnetError(invalid, "FAULT_INVALID") && invalid.field).toBe("ms");

    await devnet.faults.stall({ ms: 600_000 });
    // Refused by the controller in the relay's thread, and still core's class on this side.
    const busy = await devnet.faults.dropPool().catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(FaultInProgressError);
    expect(busy).toMatchObject({ code: "FAULT_IN_PROGRESS", running: "stall" });
    await devnet.faults.recover();

    await using plain = await startDevnet({ port: 0, blockTime: 0, clock: false });
    const unsupported = await plain.faults.unreachable({ ms: 10 }).catch((error: unknown) => error);
    expect(unsupported).toBeInstanceOf(FaultUnsupportedError);
    expect(unsupported).toMatchObject({ code: "FAULT_UNSUPPORTED", fault: "unreachable" });
  });
});

describe("events pushed by the controller", () => {
  test("a fee spike's end reaches subscribers without the client asking the relay anything more", async () => {
    const askedOfFaults: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (String(input).startsWith(faultsUrl) && typeof init?.body === "string")
        askedOfFaults.push((JSON.parse(init.body) as { method: string }).method);
      return realFetch(input, init);
    });
    const events: ChainFaultEvent["type"][] = [];
    const recovered = new Promise<void>((resolve) => {
      const stop = devnet.faults.subscribe((event) => {
        events.push(event.type);
        if (event.type !== "recovered") return;
        stop();
        resolve();
      });
    });
    await devnet.faults.feeSpike({ baseFee: 10n ** 12n, blocks: 1 });
    await realFetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
    });
    await recovered;
    expect(events).toEqual(["feeSpiked", "recovered"]);
    // One call asked for the spike; its end came by the pushed feed: no status was read.
    expect(askedOfFaults).toEqual(["privnet_faults_feeSpike"]);
  });

  test("privnet_faults_events answers a waiting reader the moment a timed fault ends, with every client's events", async () => {
    const { last } = await relayCall<{ last: number }>("privnet_faults_events", [null]);
    // Another client of the same devnet (a test worker, the CLI) asks the faults.
    const other = createDevnetFaults({ url: faultsUrl, relay: true });
    const { endsAt } = await other.stall({ ms: 600_000 });
    const started = await relayCall<{ events: { seq: number; event: ChainFaultEvent }[]; last: number }>(
      "privnet_faults_events",
      [last, 25_000],
    );
    expect(started.events.map(({ event }) => event)).toEqual([
      expect.objectContaining({ type: "stalled", ms: 600_000, endsAt }),
    ]);
    // Waiting now: nothing to answer until the stall ends, then at once.
    const waiting = relayCall<{ events: { event: ChainFaultEvent }[] }>("privnet_faults_events", [
      started.last,
      25_000,
    ]);
    await other.recover();
    expect((await waiting).events.map(({ event }) => event)).toEqual([
      expect.objectContaining({ type: "recovered", fault: "stall" }),
    ]);
    expect(await relayCall("privnet_faults_status")).toMatchObject({ fault: null });
  });
});
