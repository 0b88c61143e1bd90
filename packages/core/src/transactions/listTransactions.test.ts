import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http } from "viem";
import { describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createPlatform } from "../platform/createPlatform.js";

const devnet = useDevnet();
const alice = getAddress("0x00000000000000000000000000000000000a11ce");
const bob = getAddress("0x0000000000000000000000000000000000000b0b");
// 120 sends on a machine whose two cores the whole suite shares (the 2-minute bot soak included):
// a wider safety net than the default 30 s, as for the sender's other many-send tests. Not a
// timing assertion; the test waits on the history's events.
const heavyTestTimeout = 120_000;

describe("platform.transactions.list", () => {
  test(
    "newest first, 100 by default, with limit, cursor and address filter",
    async () => {
      const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
      try {
        const sent = await Promise.all(
          Array.from({ length: 120 }, (_, index) =>
            platform.sender.sendFromWallet({
              fromWalletId: 2,
              to: index % 3 === 0 ? alice : bob,
              amount: "0.001",
            }),
          ),
        );
        await Promise.all(sent.map((entry) => platform.transactions.wait(entry.id)));
        const ids = sent.map((entry) => entry.id).sort((a, b) => b - a);

        const page = await platform.transactions.list();
        expect(page).toHaveLength(100);
        expect(page.map((entry) => entry.id)).toEqual(ids.slice(0, 100));
        expect(Object.keys(page[0] ?? {}).sort()).toEqual([
          "blockNumber",
          "createdAt",
          "from",
          "hash",
          "id",
          "source",
          "status",
          "to",
          "value",
        ]);

        const first = await platform.transactions.list({ limit: 50 });
        const second = await platform.transactions.list({ limit: 50, before: first.at(-1)?.id });
        expect([...first, ...second].map((entry) => entry.id)).toEqual(ids.slice(0, 100));

        const toAlice = await platform.transactions.list({ address: alice.toLowerCase(), limit: 1000 });
        expect(toAlice).toHaveLength(40);
        expect(toAlice.every((entry) => entry.to === alice)).toBe(true);
      } finally {
        await platform.close();
      }
    },
    heavyTestTimeout,
  );

  test("bad parameters are INVALID_QUERY or INVALID_ADDRESS", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const cases: [Parameters<typeof platform.transactions.list>[0], string][] = [
        [{ limit: 0 }, "INVALID_QUERY"],
        [{ limit: 1001 }, "INVALID_QUERY"],
        [{ limit: 2.5 }, "INVALID_QUERY"],
        [{ before: -1 }, "INVALID_QUERY"],
        [{ address: "0xnope" }, "INVALID_ADDRESS"],
        [{ source: "" }, "INVALID_QUERY"],
        [{ source: "x".repeat(101) }, "INVALID_QUERY"],
        [{ source: 7 as unknown as string }, "INVALID_QUERY"],
      ];
      for (const [params, code] of cases) {
        const error = await platform.transactions.list(params).catch((caught: unknown) => caught);
        expect(isPrivnetError(error, code as never), JSON.stringify(params)).toBe(true);
      }
    } finally {
      await platform.close();
    }
  });

  test("the source filter: only what one kind of sender sent, exactly matched", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const [mine, sdk] = await Promise.all([
        platform.sender.sendFromWallet({ fromWalletId: 3, to: alice, amount: "0.001", source: "my-app" }),
        platform.sender.sendFromWallet({ fromWalletId: 3, to: bob, amount: "0.001" }),
      ]);
      expect((await platform.transactions.list({ source: "my-app" })).map((entry) => entry.id)).toEqual([
        mine.id,
      ]);
      expect((await platform.transactions.list({ source: "sdk" })).map((entry) => entry.id)).toEqual([
        sdk.id,
      ]);
      expect(await platform.transactions.list({ source: "my-ap" })).toEqual([]);
      expect(await platform.transactions.list({ source: "oracle" })).toEqual([]);
    } finally {
      await platform.close();
    }
  });
});
