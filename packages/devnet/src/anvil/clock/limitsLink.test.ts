import { describe, expect, test } from "vitest";
import { type ChainPolicySettings, DEFAULT_CHAIN_LIMITS } from "./chainPolicy.js";
import { fakeAnvil, fakeConnection, headOf, requestOf } from "./fixtures/relayRequests.js";
import { LIMIT_EXCEEDED, limitsLink } from "./limitsLink.js";
import { rateLimiter } from "./rateLimiter.js";

function settings(overrides: Partial<ChainPolicySettings> = {}): ChainPolicySettings {
  return {
    tokens: { admin: "admin-secret", privnet: "service-secret" },
    serviceToken: "privnet",
    allowedHosts: [],
    corsOrigins: [],
    limits: {
      ...DEFAULT_CHAIN_LIMITS,
      maxBatch: 3,
      maxLogsRange: 100,
      maxSubscriptions: 2,
      rateBurst: 2,
      ratePerSecond: 1,
    },
    ...overrides,
  };
}

const errorOf = (answer: unknown) =>
  (answer as { body: { error: { code: number; message: string } } }).body.error;

describe("the limits link", () => {
  test("a batch over the limit is refused whole with -32005; one at the limit passes", async () => {
    const link = limitsLink(settings({ limits: { ...settings().limits, rateBurst: 100 } }));
    const anvil = fakeAnvil({ immediate: true });
    const calls = (count: number) => Array.from({ length: count }, () => ({ method: "eth_chainId" }));
    const refused = await link.handle(requestOf(calls(4)), anvil.next);
    expect(refused).toMatchObject({ from: "relay", body: { id: null, error: { code: LIMIT_EXCEEDED } } });
    expect(errorOf(refused).message).toMatch(/batch of 4 calls is over the limit of 3/);
    await link.handle(requestOf(calls(3)), anvil.next);
    expect(anvil.received).toHaveLength(1);
  });

  test("eth_getLogs over the range limit is refused; within it, or with tags, it passes", async () => {
    const link = limitsLink(settings({ limits: { ...settings().limits, rateBurst: 100 } }));
    const anvil = fakeAnvil({ immediate: true });
    const logs = (fromBlock: string, toBlock: string) =>
      requestOf([{ method: "eth_getLogs", id: 9, params: [{ fromBlock, toBlock }] }]);
    const refused = await link.handle(logs("0x0", "0x64"), anvil.next);
    expect(refused).toMatchObject({ body: { id: 9, error: { code: LIMIT_EXCEEDED } } });
    expect(errorOf(refused).message).toMatch(/spans 101 blocks, over the limit of 100/);
    await link.handle(logs("0x1", "0x64"), anvil.next);
    await link.handle(logs("earliest", "latest"), anvil.next);
    expect(anvil.received).toHaveLength(2);
  });

  test("one client address over its rate gets 429, Retry-After and -32005; another address and the services' token are served", async () => {
    const link = limitsLink(settings());
    const anvil = fakeAnvil({ immediate: true });
    const flooder = fakeConnection({ remoteAddress: "127.0.0.2" }).connection;
    const call = [{ method: "eth_blockNumber" }];
    await link.handle(requestOf(call, { connection: flooder }), anvil.next);
    await link.handle(requestOf(call, { connection: flooder }), anvil.next);
    const limited = await link.handle(requestOf(call, { connection: flooder }), anvil.next);
    expect(limited).toMatchObject({
      from: "relay",
      status: 429,
      headers: { "retry-after": "1" },
      body: { error: { code: LIMIT_EXCEEDED } },
    });
    expect(anvil.received).toHaveLength(2);
    await link.handle(requestOf(call), anvil.next); // 127.0.0.1
    const service = headOf({ authorization: "Bearer service-secret" });
    for (let index = 0; index < 5; index++)
      await link.handle(requestOf(call, { connection: flooder, head: service }), anvil.next);
    expect(anvil.received).toHaveLength(8);
  });

  test("without an admin token (one developer's loopback chain) no address is rate limited", async () => {
    const link = limitsLink(settings({ tokens: { privnet: "service-secret" } }));
    const anvil = fakeAnvil({ immediate: true });
    const call = [{ method: "eth_blockNumber" }];
    for (let index = 0; index < 10; index++) await link.handle(requestOf(call), anvil.next);
    expect(anvil.received).toHaveLength(10);
  });

  test("the token bucket refills at its rate", () => {
    let now = 0;
    const limiter = rateLimiter({ perSecond: 10, burst: 2, now: () => now });
    expect([limiter.take("a"), limiter.take("a")]).toEqual([0, 0]);
    expect(limiter.take("a")).toBeCloseTo(0.1);
    now = 100;
    expect(limiter.take("a")).toBe(0);
  });

  test("a foreign Host is refused (403); loopback names, the connection's address and allowedHosts pass", async () => {
    const link = limitsLink(
      settings({ allowedHosts: ["devbox.lan"], limits: { ...settings().limits, rateBurst: 100 } }),
    );
    const anvil = fakeAnvil({ immediate: true });
    const call = [{ method: "eth_chainId" }];
    const refused = await link.handle(
      requestOf(call, { head: headOf({ host: "evil.example:8545" }) }),
      anvil.next,
    );
    expect(refused).toMatchObject({ from: "relay", status: 403 });
    expect(errorOf(refused).message).toMatch(/does not answer to the Host "evil.example:8545".*allowedHosts/);
    for (const host of ["localhost:8545", "127.0.0.1:8545", "devbox.lan:8545"])
      await link.handle(requestOf(call, { head: headOf({ host }) }), anvil.next);
    expect(anvil.received).toHaveLength(3);
  });

  test("with corsOrigins, pages of other origins are refused; listed ones and wallet extensions pass; without, any", async () => {
    const call = [{ method: "eth_chainId" }];
    const limits = { ...settings().limits, rateBurst: 100 };
    const listed = limitsLink(settings({ corsOrigins: ["http://localhost:5173"], limits }));
    const anvil = fakeAnvil({ immediate: true });
    const from = (origin: string) => requestOf(call, { head: headOf({ origin }) });
    expect(await listed.handle(from("http://evil.example"), anvil.next)).toMatchObject({ status: 403 });
    await listed.handle(from("http://localhost:5173"), anvil.next);
    await listed.handle(from("chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn"), anvil.next);
    await limitsLink(settings({ limits })).handle(from("http://evil.example"), anvil.next);
    expect(anvil.received).toHaveLength(3);
  });

  test("a body over the limit is refused with 413", async () => {
    const link = limitsLink(settings({ limits: { ...settings().limits, maxBodyBytes: 64 } }));
    const answer = await link.handle(
      requestOf([{ method: "eth_call", params: [{ data: `0x${"00".repeat(64)}` }] }]),
      fakeAnvil({ immediate: true }).next,
    );
    expect(answer).toMatchObject({ status: 413, body: { error: { code: LIMIT_EXCEEDED } } });
  });

  test("a WebSocket connection holds at most maxSubscriptions; unsubscribing frees one", async () => {
    const link = limitsLink(settings({ limits: { ...settings().limits, rateBurst: 100 } }));
    const anvil = fakeAnvil({ immediate: true });
    const { connection } = fakeConnection();
    const ws = (method: string) =>
      requestOf([{ method, params: ["newHeads"] }], { transport: "websocket", connection });
    await link.handle(ws("eth_subscribe"), anvil.next);
    await link.handle(ws("eth_subscribe"), anvil.next);
    const refused = await link.handle(ws("eth_subscribe"), anvil.next);
    expect(errorOf(refused).message).toMatch(/has 2 subscriptions, the limit is 2/);
    await link.handle(ws("eth_unsubscribe"), anvil.next);
    await link.handle(ws("eth_subscribe"), anvil.next);
    expect(anvil.received).toHaveLength(4);
  });
});
