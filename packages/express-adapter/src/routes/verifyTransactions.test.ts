import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress } from "viem";
import { expect, test } from "vitest";
import { call, callJson, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";

test("GET /transactions/verify: a clean history, a confirmed entry with no receipt, paging and bad queries", async () => {
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform);
  const sent = await callJson(`${url}/send`, { fromWalletId: 2, toAddress: recipient, amount: "0.1" });
  expect(sent.status).toBe(200);
  const record = (await platform.storage.transactions.list({ limit: 1 }))[0];
  await platform.transactions.wait(record?.id as number);
  expect(await call(`${url}/transactions/verify`)).toMatchObject({
    status: 200,
    body: { checked: 1, mismatches: [], next_cursor: null },
  });

  // A history that says more than the chain holds.
  const ghost = await platform.storage.transactions.insert({
    hash: `0x${"ab".repeat(32)}`,
    from: getAddress("0x00000000000000000000000000000000000000aa"),
    to: getAddress(recipient),
    value: 1n,
    nonce: 3,
    status: "confirmed",
    blockNumber: 1n,
    source: "sdk",
    createdAt: new Date().toISOString(),
    kind: "transfer",
    selector: null,
  });
  const report = await call(`${url}/transactions/verify?limit=1`);
  expect(report.status).toBe(200);
  const body = report.body as { mismatches: { id: number }[]; next_cursor: number | null };
  expect(body.mismatches.map(({ id }) => id)).toEqual([ghost.id]);
  expect(body.next_cursor).toBe(ghost.id);
  expect({
    ...body,
    mismatches: body.mismatches.map((mismatch) => ({ ...mismatch, id: "<ghost>" })),
    next_cursor: "<ghost>",
  }).toMatchInlineSnapshot(`
    {
      "checked": 1,
      "mismatches": [
        {
          "block_number": 1,
          "detail": "the chain has no receipt for this hash",
          "from_address": "0x00000000000000000000000000000000000000AA",
          "id": "<ghost>",
          "kind": "no-receipt",
          "nonce": 3,
          "status": "confirmed",
          "tx_hash": "0xabababababababababababababababababababababababababababababababab",
        },
      ],
      "next_cursor": "<ghost>",
    }
  `);
  expect(await call(`${url}/transactions/verify?limit=1&before=${ghost.id}`)).toMatchObject({
    status: 200,
    body: { checked: 1, mismatches: [], next_cursor: null },
  });

  for (const query of ["limit=0", "limit=5001", "limit=abc", "before=-1"]) {
    const bad = await call(`${url}/transactions/verify?${query}`);
    expect(bad.status, query).toBe(400);
    expect(bad.body, query).toMatchObject({ error: expect.stringMatching(/limit|before/) });
  }
});
