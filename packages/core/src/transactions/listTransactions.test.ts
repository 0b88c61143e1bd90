import { useDevnet } from "@privnet/devnet/vitest";
import { encodeDeployData, encodeFunctionData, getAddress, http, parseEther, toFunctionSelector } from "viem";
import { describe, expect, test } from "vitest";
import { testTokenAbi, testTokenBytecode } from "../contracts/generated.js";
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
          "kind",
          "selector",
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
        [{ kind: "swap" as never }, "INVALID_QUERY"],
        [{ kind: "Transfer" as never }, "INVALID_QUERY"],
      ];
      for (const [params, code] of cases) {
        const error = await platform.transactions.list(params).catch((caught: unknown) => caught);
        expect(isPrivnetError(error, code as never), JSON.stringify(params)).toBe(true);
      }
    } finally {
      await platform.close();
    }
  });

  test("each entry says what it does: transfer, call with its selector, deploy; filterable by kind", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const deployed = await platform.sender.sendTransaction({
        fromWalletId: 4,
        data: encodeDeployData({
          abi: testTokenAbi,
          bytecode: testTokenBytecode,
          args: ["Kinds", "KND", 18, parseEther("10")],
        }),
      });
      const token = deployed.contractAddress as `0x${string}`;
      await deployed.wait();
      const called = await platform.sender.sendTransaction({
        fromWalletId: 4,
        to: token,
        data: encodeFunctionData({ abi: testTokenAbi, functionName: "transfer", args: [bob, 1n] }),
      });
      const transfer = await platform.sender.sendFromWallet({ fromWalletId: 4, to: alice, amount: "0.001" });
      // Data shorter than a selector reaches no function: as far as the history can tell, a transfer.
      const short = await platform.sender.sendTransaction({ fromWalletId: 4, to: alice, data: "0x01" });
      await called.wait();
      await short.wait();

      const history = await platform.transactions.list();
      const byId = new Map(history.map((entry) => [entry.id, entry]));
      expect(byId.get(deployed.record.id)).toMatchObject({ kind: "deploy", selector: null, to: token });
      expect(byId.get(called.record.id)).toMatchObject({
        kind: "call",
        selector: toFunctionSelector("transfer(address,uint256)"),
        to: token,
      });
      expect(byId.get(transfer.id)).toMatchObject({ kind: "transfer", selector: null });
      expect(byId.get(short.record.id)).toMatchObject({ kind: "transfer", selector: null });

      expect((await platform.transactions.list({ kind: "deploy" })).map((entry) => entry.id)).toEqual([
        deployed.record.id,
      ]);
      expect((await platform.transactions.list({ kind: "call" })).map((entry) => entry.id)).toEqual([
        called.record.id,
      ]);
      expect((await platform.transactions.list({ kind: "transfer" })).map((entry) => entry.id)).toEqual([
        short.record.id,
        transfer.id,
      ]);
      expect(await platform.transactions.list({ kind: "blob" })).toEqual([]);
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
