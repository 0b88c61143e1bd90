import { Writable } from "node:stream";
import { createPlatform, PrivnetError } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { createAdminServer } from "@privnet/express-adapter";
import { http } from "viem";
import { describe, expect, test } from "vitest";
import { createRequestLogger } from "./createRequestLogger.js";

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";

function sink() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, destination };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, string>;
}

describe.each(["json", "pretty"] as const)("createRequestLogger(%s)", (format) => {
  test("one line per request, never a body, a header, a private key or a mnemonic", async () => {
    const { lines, destination } = sink();
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    const admin = await createAdminServer(platform, {
      port: 0,
      logger: createRequestLogger(format, { destination }),
    });
    const key = devnet.accounts[11]?.privateKey as string;
    try {
      await post(`${admin.url}/send-direct`, { privateKey: key, toAddress: recipient, amount: "0.1" });
      await post(
        `${admin.url}/wallets/import`,
        { privateKey: key },
        { authorization: "Bearer header-secret" },
      );
      const created = await post(`${admin.url}/wallets`, { name: "logged" });
      await fetch(`${admin.url}/wallets/999`);
      // Closing waits for every response to finish, and so for its log line.
      await admin.close();

      const text = lines.join("\n");
      for (const secret of [key, key.slice(2), created.private_key, created.mnemonic, "header-secret"]) {
        expect(secret).toBeTruthy();
        expect(text).not.toContain((secret as string).replace(/^0x/, ""));
      }
      const requests = [
        ["POST", "/send-direct", 200],
        // An account the platform already holds: a 409, its key in the body all the same.
        ["POST", "/wallets/import", 409],
        ["POST", "/wallets", 201],
        ["GET", "/wallets/999", 404],
      ] as const;
      if (format === "json") {
        expect(lines.map((line) => JSON.parse(line))).toEqual(
          requests.map(([method, path, status]) =>
            expect.objectContaining({ level: 30, msg: "request", method, path, status }),
          ),
        );
      } else {
        expect(lines).toEqual(
          requests.map(([method, path, status]) =>
            expect.stringMatching(
              new RegExp(
                `^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: ${method} ${path} ${status} [\\d.]+ ms$`,
              ),
            ),
          ),
        );
      }
    } finally {
      await admin.close();
      await platform.close();
    }
  });
});

test("pretty: a failed request's line names the error's code, and its stack follows", () => {
  const { lines, destination } = sink();
  const logger = createRequestLogger("pretty", { destination });
  const error = new PrivnetError("CHAIN_UNREACHABLE", "The chain's JSON-RPC endpoint did not answer.");
  logger.error(
    { id: "1", method: "GET", path: "/network", status: 503, ms: 1.5, err: error },
    "request failed",
  );
  expect(lines[0]).toMatch(
    /^\[[\d:.]+\] ERROR: GET \/network 503 1\.5 ms CHAIN_UNREACHABLE: The chain's JSON-RPC endpoint did not answer\.$/,
  );
  expect(lines.slice(1).join("\n")).toContain("at ");
});
