import { createPlatform, type ForkInfo, type Platform } from "@privnet/core";
import { createForkPool, type ForkPool } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import { curlRequest, httpRequest, type RawAnswer } from "@privnet/http/testing";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { errorBody } from "../schemas/errors.js";
import { type AdminServer, createAdminServer } from "../server/createAdminServer.js";

// The fork routes on a real fork pool of a real devnet (two forks at most), and on a server
// without one (as `privnet up --rpc-url` without forks would be). One pool and two servers for the file.

const devnet = useDevnet();
let platform: Platform;
let pool: ForkPool;
let server: AdminServer;
let bare: AdminServer;
beforeAll(async () => {
  platform = await createPlatform({ transport: http(devnet.rpcUrl), explorer: false });
  pool = createForkPool({ parentUrl: devnet.rpcUrl, limit: 2 });
  await pool.start();
  server = await createAdminServer(platform, { port: 0, logger: false, forks: pool });
  bare = await createAdminServer(platform, { port: 0, logger: false });
});
afterAll(async () => {
  await Promise.all([server?.close(), bare?.close()]);
  await pool?.stop();
  await platform?.close();
});

const json = { "content-type": "application/json" };
const post = (body: unknown, url = server.url) =>
  httpRequest(`${url}/forks`, { method: "POST", headers: json, body: JSON.stringify(body) });
const get = (path: string, url = server.url) => httpRequest(`${url}${path}`, { method: "GET" });
const del = (path: string) => httpRequest(`${server.url}${path}`, { method: "DELETE" });

function expectError(answer: RawAnswer, status: number, code: string, what: string) {
  expect(answer.status, `${what}: ${answer.text}`).toBe(status);
  expect(errorBody.safeParse(answer.body).success, what).toBe(true);
  expect((answer.body as { code: string }).code, what).toBe(code);
  expect((answer.body as { error: string }).error.length, what).toBeLessThan(400);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("fork routes", () => {
  test("curl's POST without a body and fetch's Content-Length: 0 each start a fork at the head that answers on its own URL; one more is a 409; a delete stops it", async () => {
    const curl = await curlRequest(`${server.url}/forks`, { method: "POST" });
    expect(curl.status, curl.text).toBe(201);
    const empty = await httpRequest(`${server.url}/forks`, { method: "POST" });
    expect(empty.status, empty.text).toBe(201);
    const first = curl.body as ForkInfo & { block: number };
    expect(first).toMatchObject({ id: expect.stringMatching(/^fork-[0-9a-f]{8}$/), chainId: 3151908 });
    const client = createPublicClient({ transport: http(first.rpcUrl) });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(BigInt(first.block));
    expect(await client.getChainId()).toBe(3151908);

    expectError(await post({}), 409, "FORK_LIMIT_REACHED", "a third fork");
    const listed = await get("/forks");
    expect(listed.body).toMatchObject({ available: true, limit: 2 });
    expect((listed.body as { forks: ForkInfo[] }).forks.map((fork) => fork.id)).toEqual([
      first.id,
      (empty.body as ForkInfo).id,
    ]);
    expect((await get(`/forks/${first.id}`)).body).toEqual(first);

    for (const fork of [first, empty.body as ForkInfo]) {
      const deleted = await del(`/forks/${fork.id}`);
      expect(deleted.status, deleted.text).toBe(200);
      expect(isRunning(fork.pid)).toBe(false);
    }
    expectError(await get(`/forks/${first.id}`), 404, "FORK_NOT_FOUND", "a deleted fork");
    expectError(await del(`/forks/${first.id}`), 404, "FORK_NOT_FOUND", "deleted twice");
  });

  test("a fork expires at its time to live and leaves the list", async () => {
    const stopped = new Promise<string>((resolve) =>
      pool.on("stopped", (fork, reason) => resolve(`${fork.id} ${reason}`)),
    );
    const created = await post({ ttlSeconds: 1, name: "short-lived" });
    expect(created.status, created.text).toBe(201);
    const fork = created.body as ForkInfo;
    expect(Date.parse(fork.expiresAt) - Date.parse(fork.createdAt)).toBe(1_000);
    expect(await stopped).toBe(`${fork.id} expired`);
    expectError(await get(`/forks/${fork.id}`), 404, "FORK_NOT_FOUND", "an expired fork");
    expect((await get("/forks")).body).toMatchObject({ forks: [] });
    expect(isRunning(fork.pid)).toBe(false);
  });

  test("bad input is a 400 with { error }, never echoing a long value; nothing starts", async () => {
    const bad: [body: unknown, code: string][] = [
      [{ block: "abc" }, "VALIDATION_FAILED"],
      [{ block: -1 }, "VALIDATION_FAILED"],
      [{ block: 1.5 }, "VALIDATION_FAILED"],
      [{ block: 1_000_000_000 }, "FORK_INVALID"],
      [{ ttlSeconds: 0 }, "VALIDATION_FAILED"],
      [{ ttlSeconds: 86_401 }, "VALIDATION_FAILED"],
      [{ ttlSeconds: "60" }, "VALIDATION_FAILED"],
      [{ name: "x".repeat(5_000) }, "VALIDATION_FAILED"],
      [{ colour: "red" }, "VALIDATION_FAILED"],
      [[1, 2], "VALIDATION_FAILED"],
    ];
    for (const [body, code] of bad) {
      const answer = await post(body);
      expectError(answer, 400, code, JSON.stringify(body).slice(0, 40));
      expect(answer.text).not.toContain("x".repeat(100));
    }
    expectError(
      await httpRequest(`${server.url}/forks`, { method: "POST", headers: json, body: "{" }),
      400,
      "INVALID_JSON",
      "bad JSON",
    );
    expectError(await get("/forks/not-a-fork"), 400, "VALIDATION_FAILED", "a malformed id");
    expect(pool.list()).toEqual([]);
  });

  test("a server without a fork pool lists none and refuses to start one with 409 FORKS_UNAVAILABLE", async () => {
    expect((await get("/forks", bare.url)).body).toEqual({ available: false, limit: 0, forks: [] });
    expectError(await post({}, bare.url), 409, "FORKS_UNAVAILABLE", "POST /forks");
    expectError(await get("/forks/fork-00000000", bare.url), 409, "FORKS_UNAVAILABLE", "GET /forks/:id");
  });
});
