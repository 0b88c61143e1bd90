import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@privnet/devnet/vitest";
import { afterEach, describe, expect, test } from "vitest";
import { resolveSettings } from "../config/resolveSettings.js";
import type { StackService } from "./StackService.js";
import { startStack } from "./startStack.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-stack-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Listens on 127.0.0.1 (a free port unless one is given); resolves with the server and its port. */
async function listen(port = 0): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { server, port: (server.address() as AddressInfo).port };
}

describe("startStack with a taken port", () => {
  test("fails before the chain starts or anything is written, and frees the ports it had bound", async () => {
    const cwd = tempDir();
    // A port known to be free: taken, then given back, for the admin API to bind first.
    const probe = await listen();
    await new Promise((resolve) => probe.server.close(resolve));
    const taken = await listen();
    const settings = resolveSettings({
      config: {},
      env: {},
      flags: { port: String(probe.port), "oracle-port": String(taken.port), "chain-port": "0" },
      cwd,
    });
    const steps: string[] = [];
    await expect(startStack(settings, { onProgress: ({ step }) => steps.push(step) })).rejects.toMatchObject({
      code: "PORT_IN_USE",
      host: "127.0.0.1",
      port: taken.port,
      service: "oracle API",
    });
    expect(steps).toEqual([]);
    expect(existsSync(join(cwd, ".privnet"))).toBe(false);
    // The admin API's port, bound before the oracle's was found taken, is free again.
    await expect(listen(probe.port)).resolves.toMatchObject({ port: probe.port });
  });

  test("the embedded chain's port is checked before the chain starts or its state folder is made", async () => {
    const cwd = tempDir();
    const taken = await listen();
    const settings = resolveSettings({
      config: {},
      env: {},
      flags: { port: "0", "oracle-port": "0", "chain-port": String(taken.port) },
      cwd,
    });
    const steps: string[] = [];
    await expect(startStack(settings, { onProgress: ({ step }) => steps.push(step) })).rejects.toMatchObject({
      code: "PORT_IN_USE",
      port: taken.port,
      service: "embedded chain",
      message: `port ${taken.port} on 127.0.0.1 is in use (embedded chain); stop what listens there or choose another with --chain-port (or PRIVNET_CHAIN_PORT).`,
    });
    expect(steps).toEqual(["ports"]);
    expect(existsSync(join(cwd, ".privnet"))).toBe(false);
  });
});

describe("startStack's parts", () => {
  const devnet = useDevnet();
  /** On the worker's devnet (--rpc-url), nothing kept, no contracts: the quickest stack. */
  const onDevnet = () =>
    resolveSettings({
      config: { contracts: { deploy: false } },
      env: {},
      flags: { "rpc-url": devnet.rpcUrl, storage: "memory", port: "0" },
      cwd: tempDir(),
    });
  const service = (name: string, calls: string[], failStop = false): StackService => ({
    name,
    async start() {
      calls.push(`start ${name}`);
      return {
        urls: [{ label: name, url: `http://${name}.invalid` }],
        async stop() {
          calls.push(`stop ${name}`);
          if (failStop) throw new Error(`${name} did not stop`);
        },
      };
    },
  });

  test("its status is an instance's; every part stops, and several failed stops are one AggregateError naming each", async () => {
    const calls: string[] = [];
    const stack = await startStack(onDevnet(), {
      services: [service("first", calls, true), service("second", calls), service("third", calls, true)],
    });
    expect(stack).toMatchObject({ name: "the stack", status: "started" });
    expect(stack.urls.map((url) => url.label)).toEqual(["first", "second", "third", "Chain RPC"]);
    const error = await stack.stop().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).message).toBe(
      "2 parts failed to stop (third: third did not stop; first: first did not stop).",
    );
    expect(calls.slice(3)).toEqual(["stop third", "stop second", "stop first"]);
    expect(stack.status).toBe("stopped");
    // The platform, stopped after the services, is closed.
    await expect(stack.platform.wallets.list()).rejects.toMatchObject({ code: "PLATFORM_CLOSED" });
  });

  test("one failed stop is thrown as it is", async () => {
    const calls: string[] = [];
    const stack = await startStack(onDevnet(), { services: [service("only", calls, true)] });
    await expect(stack.stop()).rejects.toThrowError(new Error("only did not stop"));
  });

  test("an aborted signal stops the start after the step under way and stops what started", async () => {
    const calls: string[] = [];
    const controller = new AbortController();
    const steps: string[] = [];
    const started = startStack(onDevnet(), {
      services: [service("server", calls)],
      signal: controller.signal,
      onProgress: ({ step }) => {
        steps.push(step);
        if (step === "storage") controller.abort(new Error("Ctrl-C"));
      },
    });
    await expect(started).rejects.toThrowError(new Error("Ctrl-C"));
    expect(steps).toEqual(["chain", "storage"]);
    expect(calls).toEqual([]);
  });
});
