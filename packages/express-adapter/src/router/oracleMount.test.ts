import { useDevnet } from "@privnet/devnet/vitest";
import { createOracleRouter } from "@privnet/oracle-http";
import { pino } from "pino";
import { expect, test } from "vitest";
import { call, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();

/** A real pino logger whose lines the test reads, and a way to wait until `count` have arrived. */
function recordedLogger() {
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  const logger = pino(
    {
      level: "info",
    },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
        for (const wake of waiters.splice(0)) wake();
      },
    },
  );
  // Lines are written when each response closes, which may come after the client has read it.
  const linesAtLeast = async (count: number) => {
    while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return lines;
  };
  return { logger, linesAtLeast };
}

test("the oracle API mounted at /oracle: each request has one id, one log line and one count, under /oracle", async () => {
  const platform = await startPlatform(devnet.rpcUrl, { contracts: true });
  const { logger, linesAtLeast } = recordedLogger();
  const { url } = await serveAdmin(platform, {
    token: "s3cret",
    logger,
    // The oracle router left with its default logger: mounted, it must not log (nor count) itself.
    mounts: [{ path: "/oracle", router: createOracleRouter(platform) }],
  });
  const authorized = { headers: { authorization: "Bearer s3cret" } };

  const prices = await call(`${url}/oracle/prices`, authorized);
  expect(prices).toMatchObject({ status: 200, body: { success: true } });
  const price = await call(`${url}/oracle/price/ETH`, authorized);
  expect(price).toMatchObject({ status: 200, body: { success: true, symbol: "ETH" } });
  // The oracle's own answers, errors included, keep its envelope.
  expect(await call(`${url}/oracle/price/NOPE`, authorized)).toMatchObject({
    status: 404,
    body: { success: false, code: "UNKNOWN_SYMBOL" },
  });
  // Behind the admin API's token, refused in the admin API's envelope.
  expect(await call(`${url}/oracle/prices`)).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });

  const lines = await linesAtLeast(4);
  const ids = [prices, price].map((answer) => answer.headers.get("x-request-id"));
  expect(lines.map(({ id, method, path, status, msg }) => ({ id, method, path, status, msg }))).toEqual([
    { id: ids[0], method: "GET", path: "/oracle/prices", status: 200, msg: "request" },
    { id: ids[1], method: "GET", path: "/oracle/price/ETH", status: 200, msg: "request" },
    { id: expect.any(String), method: "GET", path: "/oracle/price/NOPE", status: 404, msg: "request" },
    { id: expect.any(String), method: "GET", path: "/oracle/prices", status: 401, msg: "request" },
  ]);

  const metrics = (await call(`${url}/metrics`, authorized)).text;
  const count = (status: number) =>
    new RegExp(
      `privnet_http_requests_total\\{method="GET",route="/oracle",status="${status}"\\} (\\d+)`,
    ).exec(metrics)?.[1];
  expect(count(200)).toBe("2");
  expect(count(404)).toBe("1");
  expect(metrics).not.toMatch(/route="\/(prices|price\/:symbol)"/);
});
