import { createServer } from "node:net";
import { useDevnet } from "@privnet/devnet/vitest";
import { defineChain, http } from "viem";
import { describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createPlatform } from "./createPlatform.js";

const devnet = useDevnet();

describe("createPlatform", () => {
  test("connects to the devnet and reports the network as decimal strings", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      await devnet.request("evm_mine");
      await devnet.request("evm_mine");
      const info = await platform.network.info();
      expect(info.chainId).toBe("3151908");
      expect(info.blockNumber).toBe("2");
      expect(info.gasPrice).toMatch(/^[1-9]\d*$/);
      expect(platform.chain.id).toBe(3151908);
    } finally {
      await platform.close();
    }
  });

  test("refuses a node that runs another chain: CHAIN_ID_MISMATCH", async () => {
    const mainnetLike = defineChain({
      id: 1,
      name: "other",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [devnet.rpcUrl] } },
    });
    const error = await createPlatform({ transport: http(devnet.rpcUrl), chain: mainnetLike }).catch(
      (caught: unknown) => caught,
    );
    expect(isPrivnetError(error, "CHAIN_ID_MISMATCH")).toBe(true);
  });

  test("a node that does not answer is CHAIN_UNREACHABLE", async () => {
    // A port that was free a moment ago and has nothing listening on it now.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const error = await createPlatform({
      transport: http(`http://127.0.0.1:${port}`, { retryCount: 0 }),
    }).catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "CHAIN_UNREACHABLE")).toBe(true);
  });

  test("close() is idempotent and removes event listeners", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    platform.events.on("transaction", () => {});
    expect(platform.events.listenerCount("transaction")).toBe(1);
    await Promise.all([platform.close(), platform.close()]);
    expect(platform.events.listenerCount("transaction")).toBe(0);
  });
});
