import type { ChainTransactionDetails } from "@privnet/core";
import { z } from "zod";
import {
  callFrame,
  chainLog,
  chainTransaction,
  toCallFrameBody,
  toLogBody,
  toTransactionBody,
} from "./explorer.js";
import { addressOutput } from "./fields.js";
import { revertLocation } from "./revertLocation.js";
import { stateChanges, toStateChangesBody } from "./stateChanges.js";

const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

/** `GET /chain/transactions/{hash}`: a transaction with its logs, revert, trace and state changes. */
export const chainTransactionDetails = z
  .object({
    transaction: chainTransaction,
    logs: z.array(chainLog),
    revertReason: z
      .string()
      .nullable()
      .describe(
        'The reason string or the decoded custom error ("Price is stale", "OwnableUnauthorizedAccount(account: 0x…)").',
      ),
    trace: callFrame.nullable(),
    revertLocation: revertLocation.nullable(),
    consoleLogs: z
      .array(z.string())
      .describe(
        "The `console.log` lines its contracts printed (Hardhat's and forge-std's console), in order.",
      ),
    blobVersionedHashes: z.array(hash).nullable(),
    authorizationList: z
      .array(
        z.object({
          chainId: z.number().int(),
          address: addressOutput,
          nonce: z.number().int(),
          authority: addressOutput.nullable().describe("The signer, recovered from the signature."),
        }),
      )
      .nullable(),
    nonce: z.number().int(),
    gasLimit: z.string().regex(/^\d+$/),
    input: z.string().regex(/^0x[0-9a-fA-F]*$/),
    type: z.string().describe('"legacy", "eip2930", "eip1559", "eip4844", "eip7702".'),
    stateChanges: stateChanges.nullable(),
  })
  .meta({ id: "ChainTransactionDetails" });

export function toTransactionDetailsBody(
  details: ChainTransactionDetails,
): z.input<typeof chainTransactionDetails> {
  return {
    ...details,
    transaction: toTransactionBody(details.transaction),
    logs: details.logs.map(toLogBody),
    trace: details.trace && toCallFrameBody(details.trace),
    gasLimit: details.gasLimit.toString(),
    stateChanges: details.stateChanges && toStateChangesBody(details.stateChanges),
  };
}
