import { type SendWithKeyReturnType, TRANSACTION_KINDS, type TransactionEntry } from "@privnet/core";
import { formatEther } from "viem";
import { z } from "zod";
import { addressOutput, ethOutput, isoTimestamp } from "./fields.js";

const transactionHash = z.string().regex(/^0x[0-9a-f]{64}$/);

export const transactionEntry = z
  .object({
    id: z.int().positive(),
    tx_hash: transactionHash,
    from_address: addressOutput,
    to_address: addressOutput,
    amount: ethOutput,
    status: z.enum(["pending", "confirmed", "failed"]),
    block_number: z.int().nonnegative().nullable().describe("Null until the transaction is in a block."),
    created_at: isoTimestamp,
    kind: z
      .enum(TRANSACTION_KINDS)
      .nullable()
      .describe(
        "What it does: `transfer`, `call`, `deploy` (CREATE or CREATE2), `blob`, `set-code`. Null for an entry recorded before kinds were kept whose source sends several kinds.",
      ),
    selector: z
      .string()
      .regex(/^0x[0-9a-f]{8}$/)
      .nullable()
      .describe(
        "A call's 4-byte function selector; null for other kinds (and for calls recorded before kinds were kept).",
      ),
  })
  .meta({ id: "TransactionEntry" });

/**
 * The SDK's history entry (camelCase, wei and blocks as `bigint`) as the admin API documents it:
 * snake_case, `amount` in decimal ETH, `block_number` a JSON integer.
 */
export function toTransactionEntryBody(entry: TransactionEntry): z.input<typeof transactionEntry> {
  return {
    id: entry.id,
    tx_hash: entry.hash,
    from_address: entry.from,
    to_address: entry.to,
    amount: formatEther(entry.value),
    status: entry.status,
    block_number: entry.blockNumber === null ? null : Number(entry.blockNumber),
    created_at: entry.createdAt,
    kind: entry.kind,
    selector: entry.selector,
  };
}

export const pendingSend = z
  .object({
    hash: transactionHash,
    from: addressOutput,
    to: addressOutput,
    amount: ethOutput,
    status: z.literal("pending"),
  })
  .meta({ id: "PendingSend" });

/** POST /send's answer: the pending entry's hash, addresses and amount in decimal ETH. */
export function toPendingSendBody(entry: TransactionEntry): z.input<typeof pendingSend> {
  return {
    hash: entry.hash,
    from: entry.from,
    to: entry.to,
    amount: formatEther(entry.value),
    status: "pending",
  };
}

export const confirmedSend = z
  .object({
    hash: transactionHash,
    from: addressOutput,
    to: addressOutput,
    amount: ethOutput,
    status: z.literal("confirmed"),
    blockNumber: z.int().nonnegative(),
  })
  .meta({ id: "ConfirmedSend" });

/** POST /send-direct's answer: the confirmed entry, amount in decimal ETH, its block a JSON integer. */
export function toConfirmedSendBody(entry: SendWithKeyReturnType): z.input<typeof confirmedSend> {
  return {
    hash: entry.hash,
    from: entry.from,
    to: entry.to,
    amount: formatEther(entry.value),
    status: "confirmed",
    blockNumber: Number(entry.blockNumber),
  };
}
