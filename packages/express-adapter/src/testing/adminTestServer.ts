import { type BotCatalogue, type CreatePlatformOptions, createPlatform, type Platform } from "@privnet/core";
import { builtinScenarios } from "@privnet/scenarios";
import { http } from "viem";
import { afterEach } from "vitest";
import { type AdminServer, type AdminServerOptions, createAdminServer } from "../server/createAdminServer.js";

// Test fixtures shared by the route tests: a platform on the worker's devnet, an admin server on a
// free loopback port, and `call()` that reads any answer as JSON. Everything started is stopped
// after each test.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `cleanup` after the current test, in reverse order of registration. */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** A platform on `rpcUrl` running the sixteen built-in scenarios, as the admin API serves them. */
export async function startPlatform(
  rpcUrl: string,
  options: Omit<CreatePlatformOptions<readonly BotCatalogue[]>, "transport"> = {},
): Promise<Platform> {
  const platform = await createPlatform({
    transport: http(rpcUrl),
    ...options,
    bots: { catalogues: [builtinScenarios], ...options.bots },
  });
  onCleanup(() => platform.close());
  return platform;
}

export async function serveAdmin(platform: Platform, options: AdminServerOptions = {}): Promise<AdminServer> {
  const server = await createAdminServer(platform, { port: 0, logger: false, ...options });
  onCleanup(() => server.close());
  return server;
}

export type Answer = { status: number; headers: Headers; body: unknown; text: string };

/** fetch, with the body read as JSON when it is JSON. */
export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** POST (or another method) with a JSON body. */
export function callJson(url: string, body: unknown, init: RequestInit = {}): Promise<Answer> {
  return call(url, {
    method: "POST",
    ...init,
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
    body: JSON.stringify(body),
  });
}
