import type { Server } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { createPlatform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { createAdminServer } from "@privnet/express-adapter";
import { http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { bindPort } from "./bindPort.js";

const devnet = useDevnet();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const admin = { host: "127.0.0.1", port: 0, changeWith: "--port (or PORT)" };

async function bound(): Promise<{ server: Server; url: string }> {
  const server = await bindPort(admin, "admin API");
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("bindPort", () => {
  test("while the stack is busy (loading the chain state), the 503 says with what, as of each request", async () => {
    let busy: string | undefined = "loading the chain state (12 MB, 3 s)";
    const server = await bindPort(admin, "admin API", undefined, () => busy);
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await fetch(`${url}/health`);
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 503,
      body: {
        error: "The admin API is starting: loading the chain state (12 MB, 3 s); try again in a moment.",
        starting: "loading the chain state (12 MB, 3 s)",
      },
    });
    busy = undefined;
    expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ starting: "starting" });
  });

  test("answers 503 in JSON until the service attaches, then the service answers alone", async () => {
    const { server, url } = await bound();
    const early = await fetch(`${url}/health`);
    expect(early.status).toBe(503);
    expect(early.headers.get("retry-after")).toBe("1");
    expect(await early.json()).toEqual({
      error: "The admin API is starting; try again in a moment.",
      starting: "starting",
    });

    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    cleanups.push(() => platform.close());
    const served = await createAdminServer(platform, { server, logger: false });
    cleanups.push(() => served.close());
    expect(served.url).toBe(url);
    const ready = await fetch(`${url}/health`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({
      status: 200,
      body: { status: "ok" },
    });
  });

  test("a taken port is a PortInUseError naming the port, the host, the service and the flag", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
    const { port } = holder.address() as AddressInfo;
    await expect(bindPort({ ...admin, port }, "admin API")).rejects.toMatchObject({
      code: "PORT_IN_USE",
      host: "127.0.0.1",
      port,
      service: "admin API",
      message: `port ${port} on 127.0.0.1 is in use (admin API); stop what listens there or choose another with --port (or PORT).`,
    });
  });
});
