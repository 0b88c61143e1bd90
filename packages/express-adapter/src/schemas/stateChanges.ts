import type { ChainStateChanges } from "@privnet/core";
import { formatEther } from "viem";
import { z } from "zod";
import { addressLabel } from "./explorer.js";
import { addressOutput } from "./fields.js";

// What a transaction changed: wei and raw token units as decimal strings (signed for a change),
// storage words as 32-byte hex, decoded variables as text by type.

const label = addressLabel.nullable();
const word = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/)
  .describe("32 bytes, 0x and 64 hex digits.");
const unsigned = (what: string) => z.string().regex(/^\d+$/).describe(`${what}, a decimal string.`);
const signed = (what: string) =>
  z
    .string()
    .regex(/^-?\d+$/)
    .describe(`${what}, a signed decimal string.`);

export const stateChanges = z
  .object({
    balances: z.array(
      z
        .object({
          address: addressOutput,
          label,
          before: unsigned("Wei before"),
          after: unsigned("Wei after"),
          delta: signed("after - before, wei"),
          formattedDelta: z.string().describe('Decimal ETH, signed ("-2.000042").'),
        })
        .meta({ id: "BalanceChange" }),
    ),
    tokens: z.array(
      z
        .object({
          standard: z.enum(["erc20", "erc721", "erc1155"]),
          token: addressOutput,
          tokenLabel: label,
          symbol: z.string().nullable(),
          decimals: z.number().int().nullable(),
          holder: addressOutput,
          holderLabel: label,
          tokenId: unsigned("The ERC-721/1155 token id").nullable(),
          delta: signed("Raw units gained or lost (±1 for an ERC-721 token)"),
        })
        .meta({ id: "TokenBalanceChange" }),
    ),
    storage: z.array(
      z
        .object({
          address: addressOutput,
          addressLabel: label,
          contract: z.string().nullable().describe("The matched contract's name; null when none matched."),
          slot: word,
          before: word,
          after: word,
          variables: z
            .array(
              z
                .object({
                  name: z.string().describe("`owner`, `balances[0xAb…]`, `positions[7].debt`."),
                  type: z.string().describe("The Solidity type, as the storage layout names it."),
                  before: z
                    .string()
                    .describe("Decoded by type: decimal, checksummed address, true/false, hex."),
                  after: z.string(),
                })
                .meta({ id: "StorageVariable" }),
            )
            .describe("What the slot holds, from the artifact's storage layout; empty for a raw slot."),
          frames: z
            .array(z.array(z.number().int().nonnegative()))
            .describe(
              "The call frames that ran with this storage and did not revert, as paths in `trace` (`[]` the top frame, `[1, 0]` the first call of its second call).",
            ),
        })
        .meta({ id: "StorageChange" }),
    ),
  })
  .meta({ id: "StateChanges" })
  .describe(
    "What the transaction changed: ETH balances and storage (the node's prestateTracer diff), token balances (from its transfers). Null while pending or when the node has no prestateTracer.",
  );

export function toStateChangesBody(changes: ChainStateChanges): z.infer<typeof stateChanges> {
  return {
    balances: changes.balances.map((change) => ({
      ...change,
      before: change.before.toString(),
      after: change.after.toString(),
      delta: change.delta.toString(),
      formattedDelta: formatEther(change.delta),
    })),
    tokens: changes.tokens.map((change) => ({
      ...change,
      tokenId: change.tokenId === null ? null : change.tokenId.toString(),
      delta: change.delta.toString(),
    })),
    storage: changes.storage,
  };
}
