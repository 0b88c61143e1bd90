import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { idempotent } from "../idempotency/idempotent.js";
import { addressInput, amountInput, privateKeyInput } from "../schemas/fields.js";
import { confirmedSend, toConfirmedSendBody } from "../schemas/transactions.js";

export const sendDirectBody = z
  .strictObject({
    privateKey: privateKeyInput,
    toAddress: addressInput("toAddress"),
    amount: amountInput("amount"),
  })
  .meta({ id: "SendDirectBody" });

export const sendDirect = idempotent(
  defineRoute({
    method: "post",
    path: "/send-direct",
    operationId: "sendDirect",
    summary: "Send ETH signed with a private key that is not stored, and wait for its block",
    description:
      "The key is used for this one send and never stored or logged. Answers once the transaction is mined. `Idempotency-Key` works as on POST /send.",
    tag: "sending",
    body: { schema: sendDirectBody, required: true },
    response: confirmedSend,
    errors: {
      400: "Bad `privateKey` (INVALID_PRIVATE_KEY), `toAddress` (INVALID_ADDRESS) or `amount` (INVALID_AMOUNT); the key's account cannot pay amount plus fee (INSUFFICIENT_FUNDS); the node refused it (TRANSACTION_REJECTED); it was mined but reverted, or dropped (TRANSACTION_FAILED); a malformed Idempotency-Key.",
      409: "Something outside privnet kept taking the account's nonces (NONCE_CONFLICT).",
      422: "The Idempotency-Key was used before with another body or route (IDEMPOTENCY_KEY_REUSED).",
      503: "The chain or the database does not answer, or the server is shutting down (PLATFORM_CLOSED).",
    },
    handler: async ({ platform, body }) =>
      toConfirmedSendBody(
        await platform.sender.sendWithKey({
          privateKey: body.privateKey,
          to: body.toAddress,
          amount: body.amount,
          source: "api",
        }),
      ),
  }),
);
