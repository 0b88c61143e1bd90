import { connect, createServer } from "node:net";
import { expect, test } from "vitest";
import { createTcpProxy } from "./createTcpProxy.js";

test("forwards, cuts (reset, then refused) and comes back on the same port", async () => {
  // The proxy resets its upstream side on cut: the echo end sees ECONNRESET.
  const echo = createServer((socket) => socket.on("error", () => {}).pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  const target = { host: "127.0.0.1", port: (echo.address() as { port: number }).port };
  const proxy = await createTcpProxy({ target });
  try {
    const roundTrip = () =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(proxy.port, "127.0.0.1", () => socket.write("ping"));
        socket.once("data", (data) => {
          resolve(data.toString());
          socket.end();
        });
        socket.once("error", reject);
      });
    expect(await roundTrip()).toBe("ping");

    const held = connect(proxy.port, "127.0.0.1");
    await new Promise((resolve) => held.once("connect", resolve));
    const reset = new Promise<unknown>((resolve) => held.on("error", resolve).once("close", resolve));
    await expect.poll(() => proxy.connections).toBe(1);
    await proxy.cut();
    await reset;
    await expect(roundTrip()).rejects.toMatchObject({ code: "ECONNREFUSED" });

    await proxy.restore();
    expect(await roundTrip()).toBe("ping");
  } finally {
    await proxy.close();
    echo.close();
  }
});
