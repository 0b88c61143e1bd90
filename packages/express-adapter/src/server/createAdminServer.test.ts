import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createPlatform, type Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createAdminServer } from "./createAdminServer.js";

const devnet = useDevnet();
let platform: Platform;
const cleanups: (() => Promise<void>)[] = [];
beforeEach(async () => {
  platform = await createPlatform({ transport: http(devnet.rpcUrl) });
  cleanups.push(() => platform.close());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listeningServer(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return server;
}

describe("createAdminServer", () => {
  test("serves on an already-listening server it is given, and close() closes it", async () => {
    const given = await listeningServer();
    const { port } = given.address() as AddressInfo;
    const admin = await createAdminServer(platform, { server: given, port: 1, logger: false });
    expect(admin).toMatchObject({ url: `http://127.0.0.1:${port}`, port, server: given });
    const health = await fetch(`${admin.url}/health`);
    expect({ status: health.status, body: await health.json() }).toMatchObject({
      status: 200,
      body: { status: "ok" },
    });
    await admin.close();
    expect(given.listening).toBe(false);
  });

  test("a server that is not listening yet is refused", async () => {
    await expect(
      createAdminServer(platform, { server: createServer(), logger: false }),
    ).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
      message: "options.server is not listening.",
    });
  });

  test("a taken port is an error naming the port and the host", async () => {
    const { port } = (await listeningServer()).address() as AddressInfo;
    await expect(createAdminServer(platform, { port, logger: false })).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use`,
    );
  });
});
