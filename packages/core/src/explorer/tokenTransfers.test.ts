import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  type Hex,
  toHex,
} from "viem";
import { describe, expect, test } from "vitest";
import { type RawLog, tokenTransfers } from "./tokenTransfers.js";

const token = "0x00000000000000000000000000000000000000Aa" as Address;
const alice = "0x1111111111111111111111111111111111111111" as Address;
const bob = "0x2222222222222222222222222222222222222222" as Address;

function log(topics: Hex[], data: Hex, logIndex = 0): RawLog {
  return { address: token, topics, data, logIndex: toHex(logIndex) };
}

describe("tokenTransfers", () => {
  test("ERC-20 Transfer: the amount from the data", () => {
    const topics = encodeEventTopics({
      abi: erc20Abi,
      eventName: "Transfer",
      args: { from: alice, to: bob },
    });
    const [transfer] = tokenTransfers([
      log(topics as Hex[], encodeAbiParameters([{ type: "uint256" }], [10n ** 30n]), 3),
    ]);
    expect(transfer).toEqual({
      standard: "erc20",
      token: "0x00000000000000000000000000000000000000AA",
      from: alice,
      to: bob,
      amount: 10n ** 30n,
      tokenId: null,
      logIndex: 3,
      position: 0,
    });
  });

  test("ERC-721 Transfer: the token id from the fourth topic, amount 1", () => {
    const topics = encodeEventTopics({
      abi: erc721Abi,
      eventName: "Transfer",
      args: { from: alice, to: bob, tokenId: 2n ** 255n },
    });
    expect(tokenTransfers([log(topics as Hex[], "0x")])).toMatchObject([
      { standard: "erc721", from: alice, to: bob, amount: 1n, tokenId: 2n ** 255n },
    ]);
  });

  test("ERC-1155 TransferSingle and TransferBatch: one transfer per id, in order", () => {
    const single = encodeEventTopics({
      abi: erc1155Abi,
      eventName: "TransferSingle",
      args: { operator: alice, from: alice, to: bob },
    });
    const batch = encodeEventTopics({
      abi: erc1155Abi,
      eventName: "TransferBatch",
      args: { operator: alice, from: bob, to: alice },
    });
    const transfers = tokenTransfers([
      log(single as Hex[], encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [7n, 5n]), 1),
      log(
        batch as Hex[],
        encodeAbiParameters(
          [{ type: "uint256[]" }, { type: "uint256[]" }],
          [
            [1n, 2n],
            [10n, 20n],
          ],
        ),
        2,
      ),
    ]);
    expect(
      transfers.map(({ standard, from, to, tokenId, amount, logIndex, position }) => ({
        standard,
        from,
        to,
        tokenId,
        amount,
        logIndex,
        position,
      })),
    ).toEqual([
      { standard: "erc1155", from: alice, to: bob, tokenId: 7n, amount: 5n, logIndex: 1, position: 0 },
      { standard: "erc1155", from: bob, to: alice, tokenId: 1n, amount: 10n, logIndex: 2, position: 0 },
      { standard: "erc1155", from: bob, to: alice, tokenId: 2n, amount: 20n, logIndex: 2, position: 1 },
    ]);
  });

  test("logs of another shape that share a topic are skipped, not failures", () => {
    const topics = encodeEventTopics({
      abi: erc20Abi,
      eventName: "Transfer",
      args: { from: alice, to: bob },
    });
    const approval = encodeEventTopics({
      abi: erc20Abi,
      eventName: "Approval",
      args: { owner: alice, spender: bob },
    });
    expect(
      tokenTransfers([
        log(topics as Hex[], "0x1234"),
        log([(topics as Hex[])[0] as Hex], "0x"),
        log(approval as Hex[], encodeAbiParameters([{ type: "uint256" }], [1n])),
        log([], "0x"),
      ]),
    ).toEqual([]);
  });
});
