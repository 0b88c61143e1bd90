import { describe, expect, test } from "vitest";
import { composeRelay } from "./composeRelay.js";
import { fakeAnvil, requestOf, settle } from "./fixtures/relayRequests.js";
import { createHoldGate } from "./holdGate.js";

/** A chain of the gate's two links, ending in a fake anvil. */
function gated() {
  const gate = createHoldGate();
  const anvil = fakeAnvil();
  const handle = composeRelay([gate.wait, gate.count]).to(anvil.next);
  return { gate, anvil, handle };
}

describe("the hold gate", () => {
  test("while held no request reaches anvil; on release they go in the order they came", async () => {
    const { gate, anvil, handle } = gated();
    await gate.hold();
    for (const method of ["eth_chainId", "evm_mine", "eth_blockNumber"]) void handle(requestOf([{ method }]));
    await settle();
    expect(anvil.received).toEqual([]);
    gate.release();
    await settle();
    expect(anvil.received.map((request) => request.calls[0]?.method)).toEqual([
      "eth_chainId",
      "evm_mine",
      "eth_blockNumber",
    ]);
  });

  test("hold() resolves once the requests already at anvil have their answers", async () => {
    const { gate, anvil, handle } = gated();
    const answered = handle(requestOf([{ method: "evm_mine" }]));
    let held = false;
    const holding = gate.hold().then(() => {
      held = true;
    });
    await settle();
    expect(held).toBe(false);
    anvil.answerAll();
    await answered;
    await holding;
    expect(held).toBe(true);
    gate.release();
  });

  test("release with nothing held is harmless, and a second hold waits like the first", async () => {
    const { gate, anvil, handle } = gated();
    gate.release();
    void handle(requestOf([{ method: "eth_chainId" }]));
    const first = gate.hold();
    const second = gate.hold();
    anvil.answerAll();
    await Promise.all([first, second]);
    gate.release();
  });
});
