import { describe, expect, test, vi } from "vitest";
import { clockGateLink } from "./clockGateLink.js";
import { type AnvilRpc, createDevnetClock } from "./createDevnetClock.js";
import { fakeAnvil, requestOf, settle } from "./fixtures/relayRequests.js";
import type { RelayNext } from "./relayTypes.js";

const wallMs = 1_900_000_000_000;
const wall = wallMs / 1000;

/**
 * A clock on a wall clock that stands still and a chain whose head is at `head` seconds; `trail`
 * lists the clock's calls to anvil and the requests reaching anvil, in order.
 */
function clockOn(head: number, options: { answerHead?: Promise<void> } = {}) {
  const trail: string[] = [];
  const rpc: AnvilRpc = async <T>(method: string, params: unknown[]) => {
    trail.push([method, ...params.map((param) => JSON.stringify(param))].join(" "));
    if (method === "eth_getBlockByNumber") {
      await options.answerHead;
      return { timestamp: `0x${head.toString(16)}` } as T;
    }
    return null as T;
  };
  const clock = createDevnetClock({ rpc, interval: 1, automine: true, now: () => wallMs });
  const anvil = fakeAnvil();
  const next: RelayNext = (request) => {
    trail.push(`anvil ${request.calls.map((call) => call.method).join(",")}`);
    return anvil.next(request);
  };
  return { clock, link: clockGateLink(clock, rpc), trail, anvil, next };
}

describe("the clock gate link", () => {
  test("a request with no call the clock reads reaches anvil at once, and the clock is not asked", () => {
    const { link, trail, next } = clockOn(wall);
    void link.handle(requestOf([]), next);
    expect(trail).toEqual(["anvil "]);
  });

  test("calls are told to the clock in order; a block that must catch up gets its timestamp before it goes", async () => {
    const { link, trail, anvil, next } = clockOn(wall);
    const mined = link.handle(
      requestOf([{ method: "evm_increaseTime", params: [60] }, { method: "evm_mine" }]),
      next,
    );
    await settle();
    expect(trail).toEqual([
      'eth_getBlockByNumber "latest" false',
      `evm_setNextBlockTimestamp ${wall + 60}`,
      "anvil evm_increaseTime,evm_mine",
    ]);
    anvil.answerAll();
    await mined;
  });

  test("a call that mines waits for the clock's check; while the chain cannot be behind the next goes at once", async () => {
    let answerHead: (() => void) | undefined;
    const { link, trail, next } = clockOn(wall + 30, {
      answerHead: new Promise((resolve) => (answerHead = resolve)),
    });
    void link.handle(requestOf([{ method: "eth_sendRawTransaction", params: ["0x02"] }]), next);
    await settle();
    expect(trail).toEqual(['eth_getBlockByNumber "latest" false']);
    answerHead?.();
    await settle();
    expect(trail.at(-1)).toBe("anvil eth_sendRawTransaction");
    void link.handle(requestOf([{ method: "eth_estimateGas", params: [{}] }]), next);
    expect(trail.at(-1)).toBe("anvil eth_estimateGas");
  });

  test("the blocks a request may mine are counted from when it goes until its answer", async () => {
    const { clock, link, anvil, next } = clockOn(wall);
    const sent = vi.spyOn(clock, "sent");
    const settled = vi.spyOn(clock, "settled");
    const answered = link.handle(requestOf([{ method: "anvil_mine", params: ["0x3"] }]), next);
    await settle();
    expect(sent).toHaveBeenCalledWith(3);
    expect(settled).not.toHaveBeenCalled();
    anvil.answerAll();
    await answered;
    expect(settled).toHaveBeenCalledWith(3);
  });

  test("a lone anvil_mine(blocks, interval) over HTTP: that interval for the call, the clock's after its answer", async () => {
    const { link, trail, anvil, next } = clockOn(wall);
    const mined = link.handle(requestOf([{ method: "anvil_mine", params: ["0x2", "0xc"] }]), next);
    await settle();
    expect(trail.slice(-4)).toEqual([
      'eth_getBlockByNumber "latest" false',
      `anvil_setTime ${wall}`,
      "anvil_setBlockTimestampInterval 12",
      "anvil anvil_mine",
    ]);
    anvil.answerAll();
    await mined;
    expect(trail.at(-1)).toBe("anvil_setBlockTimestampInterval 1");
  });

  test("parameters anvil will refuse pass on to anvil, which says so", async () => {
    const { link, trail, anvil, next } = clockOn(wall);
    const refused = link.handle(requestOf([{ method: "evm_increaseTime", params: ["nope"] }]), next);
    await settle();
    expect(trail.at(-1)).toBe("anvil evm_increaseTime");
    anvil.answerAll();
    await refused;
  });
});
