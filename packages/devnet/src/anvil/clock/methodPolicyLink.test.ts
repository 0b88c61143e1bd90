import { describe, expect, test } from "vitest";
import type { AdminCallAudit } from "./chainPolicy.js";
import { DEFAULT_CHAIN_LIMITS, isPublicMethod } from "./chainPolicy.js";
import { fakeAnvil, headOf, requestOf } from "./fixtures/relayRequests.js";
import { methodPolicyLink, UNAUTHORIZED } from "./methodPolicyLink.js";

const tokens = { admin: "admin-secret", privnet: "service-secret" };

function policy() {
  const audited: AdminCallAudit[] = [];
  const link = methodPolicyLink({ tokens, serviceToken: "privnet", audit: (entry) => audited.push(entry) });
  return { link, audited };
}

describe("the method policy link", () => {
  test("public methods pass without a token; admin methods and unknown ones are admin", () => {
    for (const method of [
      "eth_call",
      "eth_estimateGas",
      "eth_sendRawTransaction",
      "eth_getLogs",
      "eth_subscribe",
      "net_version",
      "web3_clientVersion",
      "eth_chainId",
    ])
      expect(isPublicMethod(method), method).toBe(true);
    for (const method of [
      "anvil_setBalance",
      "evm_snapshot",
      "hardhat_mine",
      "debug_traceTransaction",
      "trace_block",
      "txpool_content",
      "eth_sendTransaction",
      "eth_sign",
      "eth_signTypedData_v4",
      "personal_sign",
      "privnet_faults_reorg",
      "eth_madeUp",
      "ots_getApiLevel",
    ])
      expect(isPublicMethod(method), method).toBe(false);
    expect(DEFAULT_CHAIN_LIMITS.maxBatch).toBe(100);
  });

  test("an admin call without a token never reaches anvil: the error names the method, why, and how to authorise", async () => {
    const { link, audited } = policy();
    const anvil = fakeAnvil({ immediate: true });
    const answer = await link.handle(
      requestOf([{ method: "anvil_setBalance", id: 4, params: ["0x1", "0x2"] }]),
      anvil.next,
    );
    expect(anvil.received).toEqual([]);
    expect(audited).toEqual([]);
    expect(answer).toMatchObject({
      from: "relay",
      body: {
        jsonrpc: "2.0",
        id: 4,
        error: { code: UNAUTHORIZED, data: { method: "anvil_setBalance", reason: "no token" } },
      },
    });
    const { message } = (answer as { body: { error: { message: string } } }).body.error;
    expect(message).toMatch(/anvil_setBalance is an admin method/);
    expect(message).toMatch(/Authorization: Bearer <token>/);
    expect(message).toMatch(/last path segment/);
  });

  test("a wrong token is told apart from none", async () => {
    const { link } = policy();
    const answer = await link.handle(
      requestOf([{ method: "evm_snapshot" }], { head: headOf({ authorization: "Bearer nope" }) }),
      fakeAnvil({ immediate: true }).next,
    );
    expect(answer).toMatchObject({ body: { error: { data: { reason: "wrong token" } } } });
  });

  test("with the token as a bearer header or as the URL's last segment, admin calls pass and are audited by the token's name", async () => {
    const { link, audited } = policy();
    const anvil = fakeAnvil({ immediate: true });
    await link.handle(
      requestOf([{ method: "anvil_setBalance" }], { head: headOf({ authorization: "Bearer admin-secret" }) }),
      anvil.next,
    );
    const viaPath = requestOf([{ method: "anvil_reset" }], { head: headOf({}, "/admin-secret") });
    await link.handle(viaPath, anvil.next);
    expect(anvil.received).toHaveLength(2);
    // anvil answers `/` only, and never sees the token in the path.
    const forwarded = anvil.received[1]?.bytes.toString("latin1") ?? "";
    expect(forwarded.startsWith("POST / HTTP/1.1\r\n")).toBe(true);
    expect(forwarded).not.toContain("admin-secret");
    expect(audited).toEqual([
      { method: "anvil_setBalance", client: "127.0.0.1", token: "admin" },
      { method: "anvil_reset", client: "127.0.0.1", token: "admin" },
    ]);
  });

  test("privnet's own services' token passes admin calls without an audit entry", async () => {
    const { link, audited } = policy();
    const anvil = fakeAnvil({ immediate: true });
    await link.handle(
      requestOf([{ method: "txpool_content" }], { head: headOf({ authorization: "Bearer service-secret" }) }),
      anvil.next,
    );
    expect(anvil.received).toHaveLength(1);
    expect(audited).toEqual([]);
  });

  test("a batch with an admin call and no token is refused whole: each entry its own error", async () => {
    const { link } = policy();
    const anvil = fakeAnvil({ immediate: true });
    const answer = await link.handle(
      requestOf([{ method: "eth_chainId" }, { method: "anvil_mine" }, { method: "eth_blockNumber" }]),
      anvil.next,
    );
    expect(anvil.received).toEqual([]);
    const body = (answer as { body: { id: number; error: { data: { reason: string } } }[] }).body;
    expect(body.map((entry) => [entry.id, entry.error.data.reason])).toEqual([
      [1, "batch with an admin call"],
      [2, "no token"],
      [3, "batch with an admin call"],
    ]);
  });

  test("without an admin token every method is open; a token segment still comes off the path", async () => {
    const link = methodPolicyLink({
      tokens: { privnet: "service-secret" },
      serviceToken: "privnet",
      audit: () => undefined,
    });
    const anvil = fakeAnvil({ immediate: true });
    await link.handle(
      requestOf([{ method: "anvil_setBalance" }], { head: headOf({}, "/service-secret") }),
      anvil.next,
    );
    expect(anvil.received[0]?.bytes.toString("latin1").startsWith("POST / HTTP/1.1\r\n")).toBe(true);
  });

  test("over a WebSocket, the handshake's token counts for every message", async () => {
    const { link } = policy();
    const anvil = fakeAnvil({ immediate: true });
    const head = `GET /admin-secret HTTP/1.1\r\nhost: 127.0.0.1:8545\r\nupgrade: websocket`;
    const message = requestOf([{ method: "evm_mine" }], { transport: "websocket", head });
    await link.handle(message, anvil.next);
    expect(anvil.received).toEqual([message]); // frames go as they came
  });
});
