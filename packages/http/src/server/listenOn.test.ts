import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { listenOn } from "./listenOn.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  }
});

describe("listenOn", () => {
  test("resolves with the server once it listens", async () => {
    const server = createServer();
    servers.push(server);
    expect(await listenOn(server, { port: 0, host: "127.0.0.1" })).toBe(server);
    expect(server.listening).toBe(true);
  });

  test("a taken port is PORT_IN_USE, naming the service, and the flag only when there is one", async () => {
    const holder = createServer();
    servers.push(holder);
    await listenOn(holder, { port: 0, host: "127.0.0.1" });
    const { port } = holder.address() as AddressInfo;
    const attempt = (where: { service?: string; changeWith?: string }) => {
      const server = createServer();
      servers.push(server);
      return listenOn(server, { port, host: "127.0.0.1", ...where });
    };
    await expect(attempt({ service: "oracle API" })).rejects.toMatchObject({
      code: "PORT_IN_USE",
      port,
      host: "127.0.0.1",
      service: "oracle API",
      message: `port ${port} on 127.0.0.1 is in use (oracle API); stop what listens there or choose another port.`,
    });
    await expect(attempt({ service: "oracle API", changeWith: "--oracle-port" })).rejects.toMatchObject({
      message: `port ${port} on 127.0.0.1 is in use (oracle API); stop what listens there or choose another with --oracle-port.`,
      changeWith: "--oracle-port",
    });
    await expect(attempt({})).rejects.toMatchObject({
      shortMessage: `Port ${port} on 127.0.0.1 is already in use.`,
      details: "Stop what listens there, or choose another port (0 picks a free one).",
    });
  });
});
